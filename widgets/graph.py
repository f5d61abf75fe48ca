"""The ability-graph page: the interaction graph of :mod:`tutor.interactions` drawn with ipycytoscape, filters (game, edge
kind, Light/Dark or Class), a details panel for the clicked node (its clauses, its neighbours with each edge's why,
links that open its FAQ scenarios in the FAQ explorer) and a path query ("how can A affect B?", A and B typed as
for Find; a name that matches several nodes or none, or two games' nodes, is answered in a sentence).

Views only: the graph, its answers and its words come from :mod:`tutor.interactions`. Layout: each game is a column; inside
it the cards (grouped by kind) are on the left and the rules' words (grouped by kind) on the right, each group a
labelled box, so edges run from cards to the words they act on instead of a hairball. "Focus" draws only the
selected node with what affects it on the left and what it affects on the right.

View: the page opens on one card (or rule word) of the game (:data:`START`) in Focus: that node in the middle, what affects it on the
left, what it affects on the right, its details in the side panel. With ``?node=ID`` (or Focus unticked) every node is
drawn at a readable zoom, on that node (or the drawing's top-left corner); "Show whole graph" fits everything,
"Readable size" goes back. Choosing another game in the Game filter starts that game afresh: its own start card, the
side panel and the Find, A and B boxes cleared of the other game's names. "Find" selects a node, outlines it (class
``found``, cleared by the next search or click) and centres the view on it: two invisible ``halo`` nodes are moved
around it and the view is fitted to them.

Stable CSS classes: ``tutor-graph`` (the root), ``tutor-graph-details`` (the details panel), ``tutor-graph-path``
(the path answer), ``tutor-graph-scenario`` (a link to the FAQ explorer), ``tutor-graph-how`` (the path button),
``tutor-graph-all`` / ``tutor-graph-read`` (the view buttons). On the canvas (cytoscape classes): ``focus`` (the
selected node), ``found`` (the node Find found).
"""
from __future__ import annotations

import math
import os
import threading
from urllib.parse import parse_qs, quote

import ipycytoscape
import ipywidgets as w

import tutor
from tutor import interactions as tg

from .model import ErrorPanel
from .style import echo, esc, style_widget, typed

KIND_COLOURS = {"blocks": "#c62828", "copies": "#00838f", "modifies": "#ef6c00", "counts": "#1565c0",
                "triggers": "#6a1b9a", "disables": "#37474f", "removes": "#8d6e63", "targets": "#9e9e9e"}
CARD_KINDS = ("spirit", "blessing", "curse", "clan", "allegiance", "wonder", "class", "move", "item", "trait")
WORD_KINDS = ("keyword", "status", "token", "resource", "limit", "action", "event")
CELL_W, CELL_H, GAP = 148, 58, 60
NODE_W, NODE_H = 132, 46
#: The zoom of the first view: the nodes' 14 px labels drawn at about 12.5 px.
READ_ZOOM = 0.9
#: Half the width and height (model units) of the box fitted to the view around a found node: about READ_ZOOM on
#: the 660 px high canvas (less when the canvas is narrower than 600 px).
HALO_X, HALO_Y = 300.0, 360.0
#: Model units from the drawn nodes' centres to the drawing's left and top edges (the half node, the group boxes'
#: padding and their labels above them).
EDGE_LEFT, EDGE_TOP = NODE_W / 2 + 26, NODE_H / 2 + 64
#: The node each game's page opens on (a well-linked card, or a rule word where the game's cards have few links),
#: drawn with what affects it and what it affects (Focus): a readable first picture, not the whole graph. Unticking
#: Focus draws every node.
START = {"restless-spirits": "restless-spirits:nordheim", "spirited": "spirited:battle",
         "spirit-duels": "spirit-duels:freeze"}
#: Most neighbours a start card may have when :data:`START` names none for a game (the best-linked card below it).
START_MAX_DEGREE = 12
#: Seconds after the page is built before the FAQ scenarios are linked to the edges in the background (it runs every
#: scenario once: seconds of work that would otherwise delay the page's first picture).
LINK_DELAY_S = 1.5
#: Most nodes in one column of a focus drawing (more go in further columns).
FOCUS_ROWS = 7
#: The least extent (model units, width and height) of a focus drawing: the view is fitted to it, so a card with
#: few neighbours is not blown up to the largest zoom.
FOCUS_MIN_W, FOCUS_MIN_H = 980.0, 620.0

CSS = """
.tutor-graph .custom-widget { height: 660px; width: 100%; resize: none; }
/* under Voila the page's own title names the graph (the banner would say it twice), and the canvas and the side
   panel are as tall as the window leaves them (the filters above), so the picture is seen without scrolling */
body[data-voila] .tutor-graph .rt-g-banner { display: none; }
body[data-voila] .tutor-graph .custom-widget, body[data-voila] .tutor-graph .rt-g-canvas {
  height: clamp(360px, calc(100vh - 330px), 760px) !important; }
body[data-voila] .tutor-graph-details { max-height: clamp(360px, calc(100vh - 296px), 800px); }
.tutor-graph .rt-g-legend span { display: inline-block; margin: 0 10px 0 0; font-size: 12px; }
.tutor-graph .rt-g-legend i { display: inline-block; width: 18px; height: 4px; vertical-align: middle;
  margin-right: 4px; border-radius: 2px; }
.tutor-graph-details { background: #fff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 8px 12px;
  margin: 4px; font-size: 13px; line-height: 1.4; max-height: 640px; overflow-y: auto; }
.tutor-graph-details h3 { margin: 0 0 2px 0; font-size: 18px; color: #2b1650; }
.tutor-graph-details h4 { margin: 10px 0 3px 0; font-size: 12px; text-transform: uppercase; letter-spacing: .05em;
  color: #6a6484; }
.tutor-graph-details ul { margin: 0; padding-left: 16px; }
.tutor-graph-details li { margin: 3px 0; }
.rt-g-kind { display: inline-block; font-size: 11px; font-weight: 700; border-radius: 6px; padding: 0 6px;
  color: #fff; margin: 0 3px; }
.tutor-graph .rt-g-view { align-items: center; flex-flow: row wrap; }
.tutor-graph .rt-g-view .widget-html { flex: 1 1 260px; }
.tutor-graph .rt-g-view .jupyter-button { height: 26px; line-height: 24px; font-size: 12.5px; margin: 2px 0 2px 6px;
  background: #f4f0fb; color: #3b2456; border: 1px solid #ddd6ee; border-radius: 6px; }
.tutor-graph .rt-g-view .jupyter-button:hover { background: #e8e0f7; }
.rt-g-cl { display: inline-block; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 10.5px;
  line-height: 15px; color: #6a6484; background: #f3f0f9; border: 1px solid #e4def0; border-radius: 4px;
  padding: 0 5px; margin: 0 0 0 4px; white-space: nowrap; vertical-align: 1px; }
.tutor-graph-details li .rt-g-ctext { display: block; margin-top: 1px; }
a.tutor-graph-scenario { display: inline-block; background: #2e7d32; color: #fff; border-radius: 8px;
  padding: 2px 8px; margin: 2px 3px 2px 0; font-size: 12px; text-decoration: none; }
a.tutor-graph-scenario:hover { background: #1b5e20; }
.tutor-graph-path { background: #f4f0fb; border: 1px solid #ddd6ee; border-radius: 10px; padding: 6px 10px;
  margin: 4px; font-size: 13px; }
.tutor-graph-path ol { margin: 2px 0; padding-left: 20px; }
.tutor-graph-how.jupyter-button { background: #5b2d90; color: #fff; }
"""


def _style() -> list[dict]:
    s = [
        {"selector": "node", "style": {
            "label": "data(label)", "font-size": 14, "text-wrap": "wrap", "text-max-width": NODE_W - 6,
            "text-valign": "center", "text-halign": "center", "shape": "round-rectangle", "width": NODE_W,
            "height": NODE_H, "background-color": "#fff",
            "border-width": 1.5, "border-color": "#7c4dbc", "color": "#1f1d2b"}},
        {"selector": "node.light", "style": {"background-color": "#f1eafc", "border-color": "#7c4dbc"}},
        {"selector": "node.dark", "style": {"background-color": "#3b2456", "color": "#fff"}},
        {"selector": "node.blessing", "style": {"background-color": "#fff3c4", "border-color": "#b8900c"}},
        {"selector": "node.curse", "style": {"background-color": "#fde3e3", "border-color": "#c62828"}},
        {"selector": "node.word", "style": {"shape": "ellipse", "background-color": "#eef5ff", "border-color": "#1565c0",
                                            "border-style": "dashed", "underlay-shape": "ellipse"}},
        {"selector": "node.pending", "style": {"opacity": 0.55}},
        {"selector": "node.group", "style": {
            "shape": "round-rectangle", "background-color": "#faf8ff", "background-opacity": 1, "border-color": "#ddd6ee",
            "border-style": "solid", "label": "data(label)", "text-valign": "top", "text-halign": "center",
            "font-size": 13, "font-weight": "bold", "color": "#5b2d90", "padding": 12}},
        {"selector": "node.game", "style": {"background-color": "#fff", "border-width": 2, "font-size": 18,
                                            "border-color": "#5b2d90"}},
        {"selector": "node:selected", "style": {"border-width": 4, "border-color": "#ff8f00"}},
        {"selector": "node.focus", "style": {"border-width": 4, "border-color": "#ff8f00"}},
        {"selector": "node.found", "style": {
            "border-width": 5, "border-color": "#e65100", "border-style": "solid", "font-weight": "bold",
            "underlay-color": "#ffb300", "underlay-padding": 9, "underlay-opacity": 0.55,
            "z-index": 20}},
        {"selector": "node.halo", "style": {"width": 1, "height": 1, "opacity": 0, "label": "", "events": "no",
                                            "border-width": 0}},
        {"selector": "edge", "style": {"width": 1.6, "curve-style": "bezier", "target-arrow-shape": "triangle",
                                       "arrow-scale": 0.9, "opacity": 0.45}},
        {"selector": "edge.path", "style": {"width": 5, "opacity": 1}},
        {"selector": "edge.labelled", "style": {"label": "data(kind)", "font-size": 10, "text-rotation": "autorotate",
                                                "text-background-color": "#fff", "text-background-opacity": 0.9,
                                                "opacity": 0.9}},
    ]
    for k, c in KIND_COLOURS.items():
        s.append({"selector": f"edge.{k}", "style": {"line-color": c, "target-arrow-color": c}})
    return s


def _node_classes(d: dict) -> str:
    out = [d["kind"]]
    if d["kind"] in WORD_KINDS:
        out.append("word")
    if d["group"] in ("Light", "Dark"):
        out.append(d["group"].lower())
    if d.get("pending"):
        out.append("pending")
    return " ".join(out)


def _clause_tags(clauses, known: dict) -> str:
    """The rules behind a line, each by its title in a small muted tag (``rt-g-cl``) after the text it backs (a
    learner never sees a clause id; ``known``: clause id -> Clause)."""
    return "".join(f'<span class="rt-g-cl" title="rule">{esc(known[c].title)}</span>' for c in clauses if c in known)


def _grid(ids: list[str], x0: float, y0: float, rows: int) -> tuple[dict[str, tuple[float, float]], float, float]:
    cols = max(1, math.ceil(len(ids) / rows))
    rows = math.ceil(len(ids) / cols)
    pos = {n: (x0 + (i % cols) * CELL_W, y0 + (i // cols) * CELL_H) for i, n in enumerate(ids)}
    return pos, cols * CELL_W, rows * CELL_H


def grouped_layout(G, nodes: list[str], aspect: float = 1.3):
    """Positions for ``nodes`` and the compound boxes ``(id, label, parent)``: a block per game; inside it the cards
    (one box per kind) then the rules' words (one box per kind), packed in columns about as high as the drawing
    area's ``aspect`` asks, so the whole graph fits the view."""
    pos: dict[str, tuple[float, float]] = {}
    boxes: list[tuple[str, str, str | None]] = []
    height = max(5 * CELL_H, math.sqrt(len(nodes) * CELL_W * CELL_H * 1.6 / aspect))
    rows = max(3, int(height // CELL_H) - 1)
    x = 0.0
    for game in tg.GAMES:
        mine = [n for n in nodes if G.nodes[n]["game"] == game]
        if not mine:
            continue
        gbox = f"box:{game}"
        boxes.append((gbox, tg.GAME_TITLES[game], None))
        col_x, y, col_w = x, 0.0, 0.0
        for kind in CARD_KINDS + WORD_KINDS:
            ids = sorted((n for n in mine if G.nodes[n]["kind"] == kind),
                         key=lambda n: (G.nodes[n]["group"], G.nodes[n]["label"]))
            if not ids:
                continue
            need = math.ceil(len(ids) / max(1, math.ceil(len(ids) / rows))) * CELL_H
            if y and y + need > height:
                col_x, y, col_w = col_x + col_w + GAP, 0.0, 0.0
            box = f"box:{game}:{kind}"
            boxes.append((box, kind.title() + ("" if kind.endswith("s") else "s"), gbox))
            p, gw, gh = _grid(ids, col_x, y + 40, rows)
            pos.update(p)
            y += gh + GAP
            col_w = max(col_w, gw)
        x = col_x + col_w + 2 * GAP
    return pos, boxes


def _query_node() -> str | None:
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("node")
    return values[0] if values else None


class GraphView:
    """The page: filters, the drawn graph, the details of the selected node, the path query.

    Methods for callbacks (and tests): :meth:`set_game`, :meth:`redraw`, :meth:`select` (a node id),
    :meth:`on_node_click` (ipycytoscape's click payload), :meth:`find_node`, :meth:`show_all`, :meth:`show_readable`,
    :meth:`ask_path`.
    """

    def __init__(self, game: str = "restless-spirits", node: str | None = None, G=None, focus: bool = True) -> None:
        # The page's own graph is drawn first and its edges are linked to the FAQ scenarios afterwards, in the
        # background (see link_scenarios): the details panel shows a node's scenarios once they are known.
        self._linked = threading.Event()
        if G is None:
            G = tg.build(None, scenarios=False)
            self._linker: threading.Thread | None = threading.Timer(LINK_DELAY_S, self._link_scenarios)
            self._linker.daemon = True
        else:
            self._linker = None
            self._linked.set()
        self.G = G
        self.errors = ErrorPanel()
        self.selected: str | None = None
        self.found: str | None = None  # the node the last search found (outlined until the next search or click)
        self.view = "read"  # the view after a redraw: "read" (readable zoom, top-left) or "all" (the whole drawing)
        self._gen = 0
        self._views = 0  # counts the views asked for, so that asking the same view again still reaches the browser
        self._hold = 0  # > 0 while several filters change at once: redraw() waits for the last
        self._switching = False  # the Game filter is being set by Find or the path query (which keep their boxes)
        self._els: dict[str, ipycytoscape.Node] = {}  # node id -> its drawn element (also "halo:a", "halo:b")
        self._topleft = (0.0, 0.0)
        self.path_edges: set[tuple] = set()
        self._names = {tg.entry(self.G, n): n for n in self.G}  # the list entries ("Nordheim · Restless Spirits")
        self._titles = {e.id: e.title for g in tg.GAMES for e in tg._index(g)}
        self.game = w.Dropdown(options=[("All three games", "all")] + [(tg.GAME_TITLES[g], g) for g in tg.GAMES],
                               value=game, description="Game", layout=w.Layout(width="250px"))
        self.group = w.Dropdown(description="Side/Class", layout=w.Layout(width="260px"))
        self.kinds = {k: w.Checkbox(value=True, description=k, indent=False, layout=w.Layout(width="92px"))
                      for k in tg.vocabulary()["edge_kinds"]}
        self.focus = w.Checkbox(value=False, description="Focus on the selected card", indent=False,
                                layout=w.Layout(width="230px"))
        self.labels = w.Checkbox(value=False, description="Edge names", indent=False, layout=w.Layout(width="120px"))
        # Any part of a name works (Enter): "gonga" finds "Gonga · Restless Spirits" (see find_node).
        self.find = w.Combobox(placeholder="Find a card or a rule word…", options=sorted(self._names),
                               ensure_option=False, continuous_update=False, layout=w.Layout(width="340px"))
        # A and B take what Find takes (see ask_path); a name that matches several nodes is answered with them.
        # Enter in A or B (or leaving the box) asks as soon as both are filled in, like the button.
        self.src = w.Combobox(placeholder="A (e.g. Nordheim)", options=sorted(self._names), ensure_option=False,
                              continuous_update=False, layout=w.Layout(width="300px"))
        self.dst = w.Combobox(placeholder="B (e.g. Baikeng)", options=sorted(self._names), ensure_option=False,
                              continuous_update=False, layout=w.Layout(width="300px"))
        self.how = w.Button(description="How can A affect B?", layout=w.Layout(width="auto"))
        self.how.add_class("tutor-graph-how")
        self.path = w.HTML("")
        self.path.add_class("tutor-graph-path")
        self.details = w.HTML(self._intro())
        self.details.add_class("tutor-graph-details")
        self.count = w.HTML()
        self.all_btn = w.Button(description="Show whole graph", tooltip="Fit every drawn node in the view",
                                layout=w.Layout(width="auto"))
        self.all_btn.add_class("tutor-graph-all")
        self.read_btn = w.Button(description="Readable size", tooltip="Back to the readable zoom, top-left corner",
                                 layout=w.Layout(width="auto"))
        self.read_btn.add_class("tutor-graph-read")
        self.cy = ipycytoscape.CytoscapeWidget(layout=w.Layout(height="660px", width="100%",
                                                               border="1px solid #ddd6ee"))
        self.cy.add_class("rt-g-canvas")
        self.cy.min_zoom, self.cy.max_zoom = 0.1, 3.0
        self.cy.set_style(_style())
        self.cy.on("node", "click", self.errors.guard(self.on_node_click))
        start = node or _query_node()
        if start and start in self.G and self.G.nodes[start]["game"] != game and game != "all":
            self.game.value = self.G.nodes[start]["game"]
        if start and start in self.G:
            self.selected = self.found = start
        elif focus:  # no node asked for: the game's start card and its neighbours
            self.selected = self.start_node(self.game.value)
            self.focus.value = self.selected is not None
        self._groups()
        self.redraw()
        g = self.errors.guard
        self.game.observe(g(lambda _c: self.set_game(self.game.value, clear=not self._switching)), names="value")
        for cb in (self.group, self.focus, self.labels, *self.kinds.values()):
            cb.observe(g(lambda _c: self.redraw()), names="value")
        self.find.observe(g(lambda c: self.find_node(c["new"])), names="value")
        self.all_btn.on_click(g(lambda _b: self.show_all()))
        self.read_btn.on_click(g(lambda _b: self.show_readable()))
        self.how.on_click(g(lambda _b: self.ask_path(self.src.value, self.dst.value)))
        for box in (self.src, self.dst):
            box.observe(g(lambda _c: self.src.value.strip() and self.dst.value.strip()
                          and self.ask_path(self.src.value, self.dst.value)), names="value")
        if self.selected is not None:
            self.details.value = self._details(self.selected, wait=False)
        if self._linker is not None:
            self._linker.start()
        legend = "".join(f'<span><i style="background:{c}"></i>{k}</span>' for k, c in KIND_COLOURS.items())
        banner = w.HTML(_dom_classes=("rt-g-banner",), value='<div class="rt-banner">Ability graph <small>what stops, copies, changes or counts what, '
                        'from the games\' own card data — click a node</small></div>')
        filters = w.HBox([self.game, self.group, self.find], layout=w.Layout(flex_flow="row wrap"))
        kinds = w.HBox([w.HTML("<b>Edges:</b>&nbsp;", layout=w.Layout(width="60px")), *self.kinds.values(),
                        self.labels, self.focus], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        query = w.HBox([self.src, self.dst, self.how], layout=w.Layout(flex_flow="row wrap"))
        view = w.HBox([self.count, self.all_btn, self.read_btn])
        view.add_class("rt-g-view")
        main = w.HBox([w.VBox([view, self.cy], layout=w.Layout(flex="3 1 560px", min_width="0")),
                       w.VBox([self.details], layout=w.Layout(flex="2 1 300px", min_width="0"))],
                      layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget = w.VBox([style_widget(), w.HTML(f"<style>{CSS}</style>"), banner, filters, kinds,
                              w.HTML(f'<div class="rt-g-legend">{legend}</div>'), main,
                              w.HTML("<h3>How can A affect B?</h3>"), query, self.path, self.errors.output])
        self.widget.add_class("rt-root")
        self.widget.add_class("tutor-graph")

    # -- filters --------------------------------------------------------------------------------------------------
    def _game_nodes(self) -> list[str]:
        g = self.game.value
        return [n for n, d in self.G.nodes(data=True) if g == "all" or d["game"] == g]

    def _groups(self) -> None:
        groups = set()
        for n in self._game_nodes():
            groups |= {x.strip() for x in self.G.nodes[n]["group"].split(",") if x.strip()}
        self.group.options = [("Any", "")] + [(x, x) for x in sorted(groups)]
        self.group.value = ""

    def start_node(self, game: str) -> str | None:
        """The card a page of ``game`` (``"all"``: Restless Spirits') opens on: :data:`START`'s, else the card with the
        most interactions up to :data:`START_MAX_DEGREE`; ``None`` when the game has no card with any."""
        game = tg.GAMES[0] if game == "all" else game
        if START.get(game) in self.G:
            return START[game]
        cards = [(min(self.G.degree(n), START_MAX_DEGREE + 1), self.G.nodes[n]["label"], n)
                 for n, d in self.G.nodes(data=True) if d["game"] == game and d["card"] and self.G.degree(n)]
        cards = [c for c in cards if c[0] <= START_MAX_DEGREE] or cards
        return max(cards, key=lambda c: (c[0], c[1]))[2] if cards else None

    def set_game(self, game: str, clear: bool = True) -> None:
        """Show one game (or ``"all"``). With ``clear`` (the learner chose it in the Game filter) the page starts that
        game afresh: no search mark, path or highlighted path left, the Find, A and B boxes emptied, and the side
        panel shows the game's start node (:meth:`start_node`), drawn with its neighbours (Focus), as when the page
        opens. Find and the path query switch games with ``clear=False``: they keep their boxes."""
        if self.game.value != game:
            self._switching = not clear
            try:
                self.game.value = game  # observer comes back here
            finally:
                self._switching = False
            return
        self._hold += 1  # one drawing at the end, not one per box changed
        try:
            if clear:
                self.found, self.path_edges = None, set()
                for box in (self.find, self.src, self.dst):
                    box.value = ""
                self.path.value = ""
                self.selected = self.start_node(game)
                self.focus.value = self.selected is not None
                self.details.value = self._details(self.selected) if self.selected else self._intro()
            self._groups()
        finally:
            self._hold -= 1
        self.redraw()

    def visible(self) -> tuple[list[str], list[tuple]]:
        """The nodes and edges (u, v, key) the current filters keep."""
        grp = self.group.value
        kinds = {k for k, cb in self.kinds.items() if cb.value}
        nodes = [n for n in self._game_nodes()
                 if not grp or not self.G.nodes[n]["card"] or grp in self.G.nodes[n]["group"]]
        keep = set(nodes)
        edges = [(u, v, k) for u, v, k, d in self.G.edges(keys=True, data=True)
                 if u in keep and v in keep and d["kind"] in kinds]
        if self.focus.value and self.selected in keep:
            edges = [e for e in edges if self.selected in e[:2]]
            keep = {self.selected} | {x for e in edges for x in e[:2]}
            nodes = [n for n in nodes if n in keep]
        elif grp:  # a Side/Class filter: keep the words its cards reach
            linked = {x for e in edges for x in e[:2]}
            nodes = [n for n in nodes if self.G.nodes[n]["card"] or n in linked]
        return nodes, edges

    def _focus_layout(self, nodes: list[str], edges: list[tuple]):
        s = self.selected
        left = sorted({u for u, v, _k in edges if v == s and u != s})
        right = sorted({v for u, v, _k in edges if u == s and v != s} - set(left))
        # at most FOCUS_ROWS a column: a card with many neighbours gets more columns (outwards, each staggered by
        # half a row so that the arrows to the outer ones pass between the inner ones), not a column too tall to read
        rows = min(FOCUS_ROWS, max(len(left), len(right), 1))
        pos = {s: (330.0, (rows - 1) * 30.0)}

        def side(ids: list[str], x0: float, step: float) -> None:
            cols = [ids[i:i + rows] for i in range(0, len(ids), rows)]
            for c, col in enumerate(cols):
                top = (rows - len(col)) * 30.0 + (30.0 if c % 2 else 0.0)
                pos.update({n: (x0 + c * step, top + i * 60.0) for i, n in enumerate(col)})
        side(left, 0.0, -(NODE_W + 40.0))
        side(right, 660.0, NODE_W + 40.0)
        return pos, []

    def redraw(self) -> None:
        """Draw the filtered graph again (once :meth:`set_game` has changed all it changes)."""
        if self._hold:
            return
        nodes, edges = self.visible()
        focus = self.focus.value and self.selected in nodes
        pos, boxes = self._focus_layout(nodes, edges) if focus else grouped_layout(self.G, nodes)
        parent = {n: f"box:{self.G.nodes[n]['game']}:{self.G.nodes[n]['kind']}" for n in nodes} if boxes else {}
        data = {"nodes": [{"data": {"id": b, "label": lab, **({"parent": p} if p else {})},
                           "classes": "group" + (" game" if p is None else "")} for b, lab, p in boxes],
                "edges": []}
        for n in nodes:
            d = self.G.nodes[n]
            entry = {"data": {"id": n, "label": d["label"], **({"parent": parent[n]} if parent else {})},
                     "classes": self._classes(n), "position": {"x": pos[n][0], "y": pos[n][1]}}
            data["nodes"].append(entry)
        if nodes and not focus:
            # Two invisible nodes in no box: find_node moves them around the found node and fits the view to them.
            # Until then they sit at the drawing's middle, where they change no fitted view.
            xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
            mid = {"x": (min(xs) + max(xs)) / 2, "y": (min(ys) + max(ys)) / 2}
            data["nodes"] += [{"data": {"id": h, "halo": 1}, "classes": "halo", "position": dict(mid)}
                              for h in ("halo:a", "halo:b")]
        elif focus:
            # Two invisible nodes at the corners of the least extent around the selected card: the fitted view
            # never blows a card with few neighbours up to the largest zoom.
            cx, cy = pos[self.selected]
            data["nodes"] += [{"data": {"id": h, "halo": 1}, "classes": "halo",
                               "position": {"x": cx + sx * FOCUS_MIN_W / 2, "y": cy + sy * FOCUS_MIN_H / 2}}
                              for h, sx, sy in (("halo:a", -1, -1), ("halo:b", 1, 1))]
        self._topleft = (min((p[0] for p in pos.values()), default=0.0) - EDGE_LEFT,
                         min((p[1] for p in pos.values()), default=0.0) - (EDGE_TOP if boxes else NODE_H / 2))
        for u, v, k in edges:
            d = self.G.edges[u, v, k]
            cls = d["kind"] + (" path" if (u, v, k) in self.path_edges else "") + (" labelled" if self.labels.value else "")
            data["edges"].append({"data": {"id": f"{u}>{v}#{k}", "source": u, "target": v, "kind": d["kind"]},
                                  "classes": cls})
        self._draw(data)
        self._set_view({"fit": True, "padding": 16} if focus else self._fit_all() if self.view == "all"
                       else self._readable(self.found))
        self.count.value = (f'<span class="rt-muted">{len(nodes)} nodes, {len(edges)} edges shown. Scroll to zoom, '
                            "drag to pan.</span>")

    # -- the view (cytoscape's "preset" layout: the positions are ours, the options set the zoom and pan) ---------
    def _set_view(self, options: dict) -> None:
        """Ask the browser for a view. The whole options dict is replaced (``set_layout`` would keep old keys) and
        carries a counter, so that the same view asked twice is still sent (a dict equal to the last one is not)."""
        self._views += 1
        self.cy.cytoscape_layout = {"name": "preset", "animate": False, **options, "rt_view": self._views}

    @staticmethod
    def _fit_all() -> dict:
        # Every node but the halos (the browser fits every element anyway when the drawing itself changes; the
        # halos then sit inside the drawing).
        return {"fit": True, "padding": 20, "eles": "node[^halo]"}

    def _readable(self, anchor: str | None = None) -> dict:
        """A fixed zoom (READ_ZOOM) showing the drawing's top-left corner, or the drawn node ``anchor`` (the page
        opened on it, or Find found it) about 320 px from the left and in the middle of the height: this needs no
        width of the canvas, which Python does not know."""
        z = READ_ZOOM
        x0, y0 = self._topleft
        pan = {"x": 12 - z * x0, "y": 12 - z * y0}
        el = self._els.get(anchor or "")
        if el is not None:
            x, y = el.position["x"], el.position["y"]
            pan = {"x": min(pan["x"], 320 - z * x), "y": min(pan["y"], 330 - z * y)}
        return {"fit": False, "zoom": z, "pan": pan}

    def show_all(self) -> None:
        """The "Show whole graph" button: fit every drawn node in the view (and keep doing so after filtering)."""
        self.view = "all"
        self._set_view(self._fit_all())

    def show_readable(self) -> None:
        """The "Readable size" button: back to the readable zoom on the drawing's top-left corner."""
        self.view = "read"
        self._set_view(self._readable())

    def _centre(self, nid: str) -> bool:
        """Centre the view on the drawn node ``nid`` at about the readable zoom: the halos go to the corners of a
        box around it and the view is fitted to them. False when ``nid`` is not drawn (or in Focus mode)."""
        el, a, b = self._els.get(nid), self._els.get("halo:a"), self._els.get("halo:b")
        if el is None or a is None or b is None:
            return False
        x, y = el.position["x"], el.position["y"]
        a.position = {"x": x - HALO_X, "y": y - HALO_Y}
        b.position = {"x": x + HALO_X, "y": y + HALO_Y}
        self._set_view({"fit": True, "padding": 0, "eles": ".halo"})
        return True

    def _classes(self, n: str) -> str:
        return (_node_classes(self.G.nodes[n]) + (" focus" if n == self.selected else "")
                + (" found" if n == self.found else ""))

    def _restyle(self, *nids: str | None) -> None:
        """Give the drawn nodes ``nids`` their classes again (selection and search marks) without redrawing."""
        for n in dict.fromkeys(nids):
            el = self._els.get(n) if n else None
            if el is not None:
                cls = self._classes(n)
                if el.classes != cls:
                    el.classes = cls

    def _draw(self, data: dict) -> None:
        """Replace the drawn elements in one go (ipycytoscape's add_* methods sync once per element)."""
        graph = self.cy.graph
        old = [*graph.nodes, *graph.edges]
        self._gen += 1
        tag = f"@{self._gen}"  # fresh element ids: the browser adds the new elements before removing the old

        def ids(d: dict) -> dict:
            return {k: (f"{x}{tag}" if k in ("id", "parent", "source", "target") else x) for k, x in d.items()}
        nodes = [ipycytoscape.Node(data=ids(n["data"]), classes=n["classes"], position=n.get("position", {}))
                 for n in data["nodes"]]
        edges = [ipycytoscape.Edge(data=ids(e["data"]), classes=e["classes"] + " directed multiple_edges")
                 for e in data["edges"]]
        graph.edges = []
        graph.nodes = nodes
        graph.edges = edges
        self._els = {n["data"]["id"]: el for n, el in zip(data["nodes"], nodes)}
        for el in old:
            el.close()

    # -- selection ------------------------------------------------------------------------------------------------
    def on_node_click(self, node: dict) -> None:
        """ipycytoscape's click callback: ``node["data"]["id"]`` is the node id (group boxes are ignored)."""
        nid = node.get("data", {}).get("id", "").rsplit("@", 1)[0]
        if nid in self.G:
            found, self.found = self.found, None  # a click ends the search's mark
            self._restyle(found)
            self.select(nid)

    def select(self, nid: str) -> None:
        """Show ``nid``'s details and outline its node (and draw its neighbourhood when focusing)."""
        before, self.selected = self.selected, nid
        self.details.value = self._details(nid)
        if self.focus.value:
            self.redraw()
        else:
            self._restyle(before, nid)

    def _edge_line(self, u: str, v: str, k, other: str) -> str:
        d = self.G.edges[u, v, k]
        chip = f'<span class="rt-g-kind" style="background:{KIND_COLOURS[d["kind"]]}">{esc(d["kind"])}</span>'
        lhs = f"<b>{esc(tg.label(self.G, u))}</b>" if other == u else esc(tg.label(self.G, u))
        rhs = f"<b>{esc(tg.label(self.G, v))}</b>" if other == v else esc(tg.label(self.G, v))
        prov = ' <span class="rt-prov" title="depends on a provisional card value">provisional</span>' \
            if d.get("provisional") else ""
        known = tutor.clauses(self.G.nodes[u]["game"])
        return f'<li>{lhs} {chip} {rhs}{prov}: {esc(d["why"])}{_clause_tags(d["clauses"], known)}</li>'

    def _link_scenarios(self) -> None:
        """Link the edges to the FAQ scenarios (:func:`tutor.interactions.link_scenarios`; in the background), then
        show the selected node's scenarios."""
        try:
            tg.link_scenarios(self.G)
        except Exception as exc:  # noqa: BLE001 - the graph stays usable without its scenario links
            self.errors.output.append_stderr(f"The FAQ scenarios could not be linked: {type(exc).__name__}: {exc}\n")
        finally:
            self._linked.set()
        nid = self.selected
        if nid is not None:
            self.details.value = self._details(nid)

    def _details(self, nid: str, wait: bool = True) -> str:
        """The details panel's HTML for ``nid``. With ``wait``, first waits (a few seconds at most, once) for the
        background linking of the FAQ scenarios; without, a node shown before it ends says its scenarios follow."""
        if wait and not self._linked.is_set():
            self._linked.wait(timeout=120)
        G, d = self.G, self.G.nodes[nid]
        game = d["game"]
        known = tutor.clauses(game)
        head = [f"<h3>{esc(d['label'])}</h3>",
                f'<div class="rt-muted">{esc(tg.GAME_TITLES[game])} · {esc(d["kind"])}'
                + (f" · {esc(d['group'])}" if d["group"] else "") + "</div>"]
        if d.get("provisional"):
            head.append(f'<div><span class="rt-prov">provisional</span> <span class="rt-muted">values we assumed: '
                        f'{esc(", ".join(d["provisional_fields"]))}</span></div>')
        if d.get("text"):
            head.append(f"<p>{esc(d['text'])}</p>")
        if d.get("pending"):
            head.append('<p class="rt-muted">The tutor does not play this ability yet, so it has no edges.</p>')
        parts = head
        ins = sorted(G.in_edges(nid, keys=True), key=lambda e: (G.edges[e]["kind"], tg.label(G, e[0])))
        outs = sorted(G.out_edges(nid, keys=True), key=lambda e: (G.edges[e]["kind"], tg.label(G, e[1])))
        if ins:
            parts.append("<h4>What affects it</h4><ul>" + "".join(self._edge_line(u, v, k, u) for u, v, k in ins)
                         + "</ul>")
        if outs:
            parts.append("<h4>What it affects</h4><ul>" + "".join(self._edge_line(u, v, k, v) for u, v, k in outs)
                         + "</ul>")
        if not ins and not outs:
            parts.append('<p class="rt-muted">No interaction in the current data.</p>')
        scen = list(dict.fromkeys(s for e in [*ins, *outs] for s in G.edges[e]["scenarios"]))
        if not self._linked.is_set():
            parts.append('<h4>FAQ scenarios</h4><p class="rt-muted">Finding the FAQ scenarios that play these '
                         "interactions…</p>")
        scen.sort(key=lambda s: not (d["card"] and d["card"] in s))  # its own scenarios first
        if scen:
            parts.append("<h4>FAQ scenarios</h4>" + "".join(
                f'<a class="tutor-graph-scenario" href="faq-explorer.ipynb?scenario={quote(s)}" target="_blank" '
                f'title="{esc(s)}">{esc(self._titles.get(s, s))}</a>' for s in scen[:12]))
        clauses = list(dict.fromkeys(d["clauses"] + [c for *_e, x in G.in_edges(nid, data=True) for c in x["clauses"]]
                                     + [c for *_e, x in G.out_edges(nid, data=True) for c in x["clauses"]]))
        if clauses:
            parts.append("<h4>Rules</h4><ul>" + "".join(
                f'<li><b>{esc(known[c].title)}</b>'
                f'<span class="rt-g-ctext">{esc(known[c].text)}</span></li>' for c in clauses if c in known) + "</ul>")
        return "".join(parts)

    def _intro(self) -> str:
        return ("<h3>Click a node</h3><p>Its rules, what affects it and what it affects appear here, each with the "
                "reason in plain words and the rules behind it, and links that open its FAQ scenarios.</p>"
                '<p class="rt-muted">Cards are boxes (Light Spirits pale, Dark Spirits dark); the rules\' words are '
                "dashed ovals. Arrows point from what acts to what it acts on.</p>")

    # -- paths ----------------------------------------------------------------------------------------------------
    def find_node(self, text: str) -> str | None:
        """Select the node named ``text`` (a list entry, a card or word id, or part of a name, any case; the shown
        game's nodes first), outline it (class ``found``) and centre the view on it, switching the game or dropping
        the Side/Class filter when it is not drawn. The previous search's outline goes first. When none matches,
        say so in the details panel. Returns the node id, or None."""
        before, self.found = self.found, None
        self._restyle(before)
        text = typed(text).strip()
        if not text:
            return None
        hits = tg.candidates(self.G, text, self.game.value)
        node = hits[0] if hits else None
        if node is None:
            self.details.value = (f'<p class="tutor-graph-none">No card or rule word is called “{echo(text)}”. '
                                  "Type part of a name, or pick one from the list.</p>")
            return None
        game = self.G.nodes[node]["game"]
        redrawn = self.game.value not in ("all", game)
        if redrawn:
            self.set_game(game, clear=False)  # draws that game (and resets Side/Class)
        self.found = node
        self.select(node)
        if node not in self._els and self.group.value:
            self.group.value = ""  # its Side/Class filter hid it: the observer draws again
            redrawn = True
        if self.focus.value:
            return node  # the focus view is fitted to the node and its neighbours (and its halos)
        if redrawn:
            # The browser adds the new drawing after it has applied the view: a view that needs no element.
            self._set_view(self._readable(node))
        else:
            self._centre(node)
        return node

    def _no_path(self, message: str) -> str:
        """Show ``message`` as the answer, with no path highlighted; return it."""
        self.path.value = f"<p>{esc(message)}</p>"
        if self.path_edges:
            self.path_edges = set()
            self.redraw()
        return message

    def ask_path(self, a: str, b: str) -> str:
        """Answer "how can ``a`` affect ``b``?" and highlight the paths; return the answer text. ``a`` and ``b`` are
        read as Find reads its text (a list entry, a node id, a name or part of one, any case; the shown game's
        nodes first); a name that matches several nodes or none, two nodes of different games, or the same node
        twice get a plain sentence instead."""
        G = self.G
        a, b = typed(a), typed(b)
        if not a.strip() or not b.strip():
            return self._no_path("Choose A and B first.")
        (u, why_a), (v, why_b) = tg.resolve(G, a, self.game.value), tg.resolve(G, b, self.game.value)
        if u is None or v is None:
            return self._no_path(" ".join(f"{side}: {why}" for side, why in (("A", why_a), ("B", why_b)) if why))
        if u == v:
            return self._no_path(f"A and B are both {tg.label(G, u)}: choose two different ones.")
        if apart := tg.apart(G, u, v):
            return self._no_path(apart)
        ps = tg.paths(G, u, v)
        self.path_edges = {e for p in ps for e in p}
        if ps and self.focus.value:
            self.focus.value = False  # a path runs through other nodes: the whole drawing, the path highlighted
        stopped = tg.stopped(G, u, v)  # B blocks A (a protection): said first, as the engine refuses the move
        head = f"<p>{esc(stopped)}</p>" if stopped else ""
        if not ps:
            self.path.value = head or (f"<p><b>{esc(tg.label(G, u))}</b> cannot affect <b>{esc(tg.label(G, v))}</b> "
                                       "in 4 steps or fewer.</p>")
        else:
            items = []
            for p in ps:
                hops = "".join(f"<li>{esc(tg.explain(G, *e))}</li>" for e in p)
                chain = " → ".join([tg.label(G, p[0][0])] + [f"{G.edges[e]['kind']} {tg.label(G, e[1])}" for e in p])
                items.append(f"<li><b>{esc(chain)}</b><ol type='a'>{hops}</ol></li>")
            self.path.value = head + ("<p>Only through other cards:</p>" if head else "") + f"<ol>{''.join(items)}</ol>"
        if self.game.value not in ("all", G.nodes[u]["game"]):
            self.set_game(G.nodes[u]["game"], clear=False)
        else:
            self.redraw()
        return tg.how(G, u, v)


def graph_view(game: str = "restless-spirits", node: str | None = None) -> w.Widget:
    """The ability-graph page for ``game`` (``"all"`` for the three), opened on ``node`` (else the page address's
    ``?node=ID``). Returns the widget to display."""
    return GraphView(game, node).widget
