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
``found``, cleared by the next search or click) and draws its neighbourhood (it ticks Focus).

Stable CSS classes: ``tutor-graph`` (the root), ``tutor-graph-details`` (the details panel), ``tutor-graph-path``
(the path answer), ``tutor-graph-scenario`` (a link to the FAQ explorer), ``tutor-graph-how`` (the path button),
``tutor-graph-all`` / ``tutor-graph-read`` (the view buttons). On the canvas (cytoscape classes): ``focus`` (the
selected node), ``found`` (the node Find found).
"""
from __future__ import annotations

import os
import threading
from urllib.parse import parse_qs

import ipycytoscape
import ipywidgets as w

from tutor import ContentError, visible
from tutor import interactions as tg

from .graph_canvas import Canvas
from .graph_details import DetailsPanel
from .graph_layout import (CARD_KINDS, EDGE_LEFT, EDGE_TOP, FOCUS_MIN_H, FOCUS_MIN_W, edge_routes, focus_layout,
                           grouped_layout, path_layout)
from .graph_search import Search, address_node
from .graph_style import CSS, KIND_COLOURS, NODE_H, TITLE, WORD_KINDS, cytoscape_style
from . import kernel_timing
from .model import ErrorPanel
from .graph_refused import refused_html as _refused_html, unopened_graph
from .style import busy_html, close_tree, echo, style_widget
from .text_caps import text_caps

__all__ = ["GraphView", "graph_view", "START", "grouped_layout", "KIND_COLOURS", "CARD_KINDS", "WORD_KINDS"]

#: The node each game's page opens on (a well-linked card, or a rule word where the game's cards have few links),
#: drawn with what affects it and what it affects (Focus): a readable first picture, not the whole graph. Unticking
#: Focus draws every node.
START = {"restless-spirits": "restless-spirits:nordheim", "spirited": "spirited:battle",
         "spirit-duels": "spirit-duels:freeze"}
#: Most neighbours a start card may have when :data:`START` names none for a game (the best-linked card below it).
START_MAX_DEGREE = 12
#: Seconds after the page is built (in a page's kernel: after its first view is drawn) before the FAQ scenarios are
#: linked to the edges in the background (it runs every scenario once: seconds of work that would otherwise delay the
#: page's first picture).
LINK_DELAY_S = 1.5
#: Seconds after the browser has drawn the page's first view (the filters, the start card's details, the legend) before,
#: in a page's kernel, the canvas is made and drawn: that first view does not wait for the cytoscape canvas and its
#: script (:func:`widgets.kernel_timing.after_view`).
CANVAS_AFTER_S = 0.1


def _query_node() -> str | None:
    return (parse_qs(os.environ.get("QUERY_STRING", "")).get("node") or [None])[0]


class GraphView(Canvas, DetailsPanel, Search):
    """The page: filters, the drawn graph, the details of the selected node, the path query.

    Methods for callbacks (and tests): :meth:`set_game`, :meth:`redraw`, :meth:`select` (a node id),
    :meth:`on_node_click` (ipycytoscape's click payload), :meth:`find_node`, :meth:`show_all`, :meth:`show_readable`,
    :meth:`ask_path`.
    """

    def __init__(self, game: str = "restless-spirits", node: str | None = None, G=None, focus: bool = True) -> None:
        # The page's own graph is drawn first and its edges are linked to the FAQ scenarios afterwards, in the
        # background (see link_scenarios): the details panel shows a node's scenarios once they are known.
        self._linked = threading.Event()
        self._start_notice = ""  # the address's unknown node, said until the learner chooses (attack 28)
        self._full = threading.Lock()
        #: True while G holds only the game the page opened on (in a page's kernel, the first render does not wait
        #: for the other games' cards); the three games' graph replaces it in the background (_link_scenarios), or
        #: at once when a search or the Game filter needs it (:meth:`whole_graph`)
        self._partial = False
        self._later = G is None and kernel_timing.in_page_kernel()  # the canvas is made after the first view
        #: the messages of the games left out because a file of theirs does not load (attack 20, M1: a broken graph
        #: file gave Voila's cell error; the other games' graphs are drawn, and the page names the file and field)
        self.refused: list[str] = []
        if G is None:
            one = (self._later and game in tg.GAMES and not node and not _query_node())
            try:
                G = tg.build(game if one else None, scenarios=False, refused=self.refused)
            except ContentError:
                if not one:
                    raise  # no game loads: the page says so (graph_view)
                one, self.refused = False, []  # the game asked for is refused: the others
                G = tg.build(None, scenarios=False, refused=self.refused)
            self._partial = one
            self._linker: threading.Thread | None = threading.Timer(LINK_DELAY_S, self._link_scenarios)
            self._linker.daemon = True
        else:
            self._linker = None
            self._linked.set()
        self.G = G
        if game != "all" and game not in G.graph.get("games", tg.GAMES):
            game = G.graph["games"][0]  # its files are refused (named above the graph): the first game that loads
        self.errors = ErrorPanel()
        self.refused_box = w.HTML(_refused_html(self.refused, self._left_out()),
                                  layout=w.Layout(display=None if self.refused else "none"))
        self.refused_box.add_class("tutor-graph-refused")
        self.selected: str | None = None
        self.found: str | None = None  # the node the last search found (outlined until the next search or click)
        self.view = "read"  # the view after a redraw: "read" (readable zoom, top-left) or "all" (the whole drawing)
        self._gen = 0
        self._views = 0  # counts the views asked for, so that asking the same view again still reaches the browser
        self._hold = 0  # > 0 while several filters change at once: redraw() waits for the last
        self._switching = False  # the Game filter is being set by Find or the path query (which keep their boxes)
        self._refilling = False  # the Game filter's choices are being replaced (a game whose files do not load)
        self._els: dict[str, ipycytoscape.Node] = {}  # node id -> its drawn element (focus: also "halo:a", "halo:b")
        self._topleft = (0.0, 0.0)
        self.path_edges: set[tuple] = set()
        #: the answer drawn alone: ``(a, b, paths)`` of the last "how can A affect B?" (its paths, or none), until the
        #: learner clicks a node, finds one, ticks Focus, shows the whole graph or chooses a game
        self.query: tuple[str, str, list] | None = None
        self._found_text: str | None = None  # the text Find last found a node for (the Find button skips it again)
        self._names = {tg.entry(self.G, n): n for n in self.G}  # the list entries ("Nordheim · Restless Spirits")
        self._titles: dict[str, tuple[str, str]] | None = None  # scenario id -> (title, question), read when needed
        self.game = w.Dropdown(options=self._game_options(), value=game, description="Game", layout=w.Layout(
            width="210px"), style={"description_width": "initial"})  # (labels as wide as their words: Find's room)
        self.group = w.Dropdown(description="Side/Class", layout=w.Layout(width="260px"), style=self.game.style)
        self.kinds = {k: w.Checkbox(value=True, description=k, indent=False, layout=w.Layout(width="auto"),
                                    _dom_classes=(f"rt-g-k-{k}",))  # (its colour under its name: the legend)
                      for k in tg.vocabulary()["edge_kinds"]}
        self.focus = w.Checkbox(value=False, description="Focus on the selected card", indent=False,
                                layout=w.Layout(width="230px"))
        self.labels = w.Checkbox(value=False, description="Edge names", indent=False, layout=w.Layout(width="120px"))
        # Any part of a name works (Enter, or the Find button): "gonga" finds "Gonga · Restless Spirits" (find_node).
        self.find = w.Combobox(placeholder="A card or rule word", options=sorted(self._names),
                               ensure_option=False, continuous_update=False, layout=w.Layout(width="300px"))
        self.find_btn = w.Button(description="Find", icon="search", tooltip="Find the card or rule word typed (or "
                                 "press Enter)", layout=w.Layout(width="auto", flex="0 0 auto"))
        self.find_btn.add_class("tutor-graph-find")
        # A and B take what Find takes (see ask_path); a name that matches several nodes is answered with them.
        # Enter in A or B (or leaving the box) asks as soon as both are filled in, like the button.
        self.src = w.Combobox(placeholder="A (e.g. Nordheim)", options=self._query_options(game), ensure_option=False,
                              continuous_update=False, layout=w.Layout(width="auto"))
        self.dst = w.Combobox(placeholder="B (e.g. Baikeng)", options=self._query_options(game), ensure_option=False,
                              continuous_update=False, layout=w.Layout(width="auto"))
        self.how = w.Button(description="Ask", tooltip="How can A affect B? (the paths are highlighted)",
                            layout=w.Layout(width="auto"))
        self.how.add_class("tutor-graph-how")
        self.path = w.HTML("")
        self.path.add_class("tutor-graph-path")
        self.details = w.HTML(self._intro())
        self.details.add_class("tutor-graph-details")
        self.details.tabbable = True  # it scrolls: keyboard users reach it too (axe: scrollable-region-focusable)
        self.count = w.HTML()
        self.all_btn = w.Button(description="Show whole graph", tooltip="Fit every drawn node in the view",
                                layout=w.Layout(width="auto"))
        self.all_btn.add_class("tutor-graph-all")
        self.read_btn = w.Button(description="Readable size", tooltip="Back to the readable zoom, top-left corner",
                                 layout=w.Layout(width="auto"))
        self.read_btn.add_class("tutor-graph-read")
        #: the canvas (an ipycytoscape widget); ``None`` until made: in a page's kernel after the first render
        #: (:meth:`_make_canvas`), else at once
        self.cy: ipycytoscape.CytoscapeWidget | None = None
        self.canvas_box = w.Box([w.HTML('<div class="rt-muted rt-g-drawing">Drawing the graph…</div>')],
                                layout=w.Layout(height="660px", width="100%", border="1px solid #ddd6ee"))
        self.canvas_box.add_class("rt-g-canvas-box")
        start = address_node(self.G, asked := node or _query_node(), game)  # (asked: as given, for the notice)
        if start and start in self.G and self.G.nodes[start]["game"] != game and game != "all":
            self.game.value = self.G.nodes[start]["game"]
        if start and start in self.G:
            self.selected = self.found = start
        elif focus:  # no node asked for: the game's start card and its neighbours
            self.selected = self.start_node(self.game.value)
            self.focus.value = self.selected is not None
        self._groups()
        if not (self._later and kernel_timing.after_view(self.details, self.errors.guard(self._after_first_view),
                                                          delay=CANVAS_AFTER_S)):
            self._later = False
            self._make_canvas()  # (draws)
        else:
            self.redraw()  # the count and the view's choices; the canvas draws once made
        g = self.errors.guard
        self.game.observe(g(lambda _c: self._refilling or self.set_game(self.game.value, clear=not self._switching)),
                          names="value")
        for cb in (self.group, self.labels, *self.kinds.values()):
            cb.observe(g(lambda _c: self.redraw()), names="value")
        self.focus.observe(g(lambda c: self._focus_changed(c["new"])), names="value")
        self.find.observe(g(lambda c: self.find_node(c["new"])), names="value")
        self.find_btn.on_click(g(lambda _b: self.find_pressed()))
        self.all_btn.on_click(g(lambda _b: self.show_all()))
        self.read_btn.on_click(g(lambda _b: self.show_readable()))
        self.how.on_click(g(lambda _b: self.ask_busy()))
        for box in (self.src, self.dst):
            box.observe(g(lambda _c: self.src.value.strip() and self.dst.value.strip()
                          and self.ask_path(self.src.value, self.dst.value)), names="value")
        if self.selected is not None:
            self.details.value = self._details(self.selected, wait=False)
        if start and start not in self.G:  # said, as the FAQ explorer says it of ?scenario= (attack 27: silent)
            self._start_notice = (f'<p class="tutor-graph-none" role="status">The page\'s address asks for a card or '
                                  f"rule called “{echo(visible(asked), 80)}”, and there is none here, so the page "
                                  f"opens on {'its start card' if self.selected is not None else 'the whole graph'}. "
                                  f"Find looks for any card or rule word.</p>")
            self.details.value = self._start_notice + self.details.value
        if self._linker is not None and not self._later:
            self._linker.start()  # (in a page's kernel: once the first view is drawn, see _after_first_view)
        # the title line, as on the other pages (name, "← All pages", "How it works"), with the filters beside it
        title = w.HTML(TITLE, layout=w.Layout(overflow="visible"))
        # (the page's script that caps its text boxes rides with the Find box: it shows nothing)
        filters = w.HBox([title, self.game, self.group, self.find, self.find_btn, text_caps()],
                         layout=w.Layout(overflow="visible"))
        filters.add_class("rt-g-top")
        kinds = w.HBox([w.HTML("<b>Edges:</b>&nbsp;", layout=w.Layout(width="60px")), *self.kinds.values(),
                        self.labels, self.focus], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        kinds.add_class("rt-g-kinds")
        query = w.HBox([self.src, self.dst, self.how], layout=w.Layout(flex_flow="row wrap"))
        view = w.HBox([self.count, self.all_btn, self.read_btn])
        view.add_class("rt-g-view")
        query.add_class("rt-g-query")
        # the path query and its answer sit in the side panel, above the selected card's details: the answer is
        # seen where it is asked, beside the highlighted paths, never below the fold
        side = w.VBox([w.HTML('<h3 class="rt-g-qhead">How can A affect B?</h3>'), query, self.path, self.details],
                      layout=w.Layout(flex="2 1 300px", min_width="0"))
        side.add_class("rt-g-side")
        main = w.HBox([w.VBox([view, self.canvas_box], layout=w.Layout(flex="3 1 560px", min_width="0")), side],
                      layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget = w.VBox([style_widget(), w.HTML(f"<style>{CSS}</style>"), filters, self.refused_box, kinds,
                              main, self.errors.output])
        self.widget.add_class("rt-root")
        self.widget.add_class("tutor-graph")

    def ask_busy(self) -> str:
        """"Ask" pressed: a busy sign in the answer's place (and the button off) while :meth:`ask_path` works (it may
        first build the three games' graph); returns the answer text."""
        self.path.value = busy_html("Looking for the ways A can affect B…")
        self.how.disabled = True
        try:
            return self.ask_path(self.src.value, self.dst.value)
        except Exception:
            self.path.value = ""  # the error panel says what went wrong
            raise
        finally:
            self.how.disabled = False

    def _make_canvas(self) -> None:
        """Make the canvas (once), put it in its place and draw the graph as the filters say now."""
        if self.cy is not None:
            return
        self.cy = ipycytoscape.CytoscapeWidget(layout=w.Layout(height="660px", width="100%",
                                                               border="1px solid #ddd6ee"))
        self.cy.add_class("rt-g-canvas")
        self.cy.min_zoom, self.cy.max_zoom = 0.1, 3.0
        self.cy.set_style(cytoscape_style())
        self.cy.on("node", "click", self.errors.guard(self.on_node_click))
        self.redraw()
        self.canvas_box.layout.border = "none"
        self.canvas_box.children = (self.cy,)

    def _after_first_view(self) -> None:
        """Once the browser has drawn the page's first view: make the canvas, and start the background work (the three
        games' graph, the FAQ scenarios' links: seconds of the kernel's time that would slow the browser's fetch of
        the page)."""
        self._make_canvas()
        if self._linker is not None:
            self._linker.start()

    def whole_graph(self) -> None:
        """Put the three games' graph in place of the first game's alone, if it is not there yet (built now when the
        background has not built it yet): the Find, A and B lists then name every game's nodes."""
        if not self._partial:
            return
        with self._full:
            if not self._partial:
                return
            refused: list[str] = []
            G = tg.build(None, scenarios=False, refused=refused)
            self.G, self._partial = G, False  # (below: the games now known to load)
            if refused:  # another game's files do not load: named, and left out of the Game filter
                self.refused = refused
                self.refused_box.value = _refused_html(refused, self._left_out())
                self.refused_box.layout.display = None
                keep, self._refilling = self.game.value, True  # the game shown stays (ipywidgets resets the value)
                try:
                    self.game.options = self._game_options()
                    self.game.value = keep if keep in {v for _l, v in self.game.options} else self.game.value
                finally:
                    self._refilling = False
            self._names = {tg.entry(G, n): n for n in G}
            self.find.options = sorted(self._names)
            for box in (self.src, self.dst):
                box.options = self._query_options(self.game.value)

    def _left_out(self) -> list[str]:
        """The games whose files do not load (left out of the graph), once the three games' graph is known."""
        return [] if self._partial else [g for g in tg.GAMES if g not in self.G.graph.get("games", tg.GAMES)]

    def _game_options(self) -> list[tuple[str, str]]:
        """The Game filter's choices: every game whose files load (all three until a refused one is known)."""
        games = [g for g in tg.GAMES if g in self.G.graph.get("games", tg.GAMES) or self._partial]
        return ([("All three games" if len(games) == 3 else "All games shown", "all")] if len(games) > 1 else []) + \
            [(tg.GAME_TITLES[g], g) for g in games]

    def _query_options(self, game: str) -> list[str]:
        """The list entries A and B offer: the shown game's nodes (every game's with ``"all"``); the path query
        stays in the game shown."""
        return sorted(e for e, n in self._names.items() if game == "all" or self.G.nodes[n]["game"] == game)

    def find_pressed(self) -> str | None:
        """The Find button: find what the box holds (nothing more when Enter or leaving the box found it already)."""
        if self.find.value == self._found_text and self.found is not None:
            return self.found
        return self.find_node(self.find.value)

    def _focus_changed(self, on: bool) -> None:
        if on:
            self.query = None  # the selected card's neighbourhood instead of the path answer
        self.redraw()

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
        self.whole_graph()
        if game != "all" and game not in self.G.graph.get("games", tg.GAMES):
            return  # its files do not load: named above the graph, and no longer a choice of the Game filter
        if self.game.value != game:
            self._switching = not clear
            try:
                self.game.value = game  # observer comes back here
            finally:
                self._switching = False
            return
        self._hold += 1  # one drawing at the end, not one per box changed
        try:
            for box in (self.src, self.dst):
                box.options = self._query_options(game)
            self.query = None
            if clear:
                self.found, self.path_edges = None, set()
                for box in (self.find, self.src, self.dst):
                    box.value = ""
                self.path.value = ""
                self.selected = self.start_node(game)
                self.focus.value = self.selected is not None
                self.details.value = self._details(self.selected, wait=False) if self.selected else self._intro()
            self._groups()
        finally:
            self._hold -= 1
        self.redraw()

    def visible(self) -> tuple[list[str], list[tuple]]:
        """The nodes and edges (u, v, key) the current filters keep."""
        if self.query is not None:  # the answer to "how can A affect B?" alone
            a, b, ps = self.query
            edges = sorted({e for p in ps for e in p} | {(x, y, k) for x, y, k in self.G.edges(keys=True)
                                                         if {x, y} == {a, b}}, key=str)
            keep = {a, b} | {x for e in edges for x in e[:2]}
            return [n for n in self.G if n in keep], edges
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

    def redraw(self) -> None:
        """Draw the filtered graph again (once :meth:`set_game` has changed all it changes)."""
        if self._hold:
            return
        nodes, edges = self.visible()
        if self.selected is not None and self.selected not in nodes:
            # a filter hides the card the side panel shows: it says so rather than keep a card no longer drawn
            # (trial 13, item G1)
            gone, self.selected = self.selected, None
            if self.found == gone:
                self.found = None
            self.details.value = self._hidden(gone)
        focus = self.query is None and self.focus.value and self.selected in nodes
        if self.query is not None:
            pos, boxes = path_layout(*self.query)
        else:
            pos, boxes = focus_layout(self.selected, edges) if focus else grouped_layout(self.G, nodes)
        parent = {n: f"box:{self.G.nodes[n]['game']}:{self.G.nodes[n]['kind']}" for n in nodes} if boxes else {}
        data = {"nodes": [{"data": {"id": b, "label": lab, **({"parent": p} if p else {})},
                           "classes": "group" + (" game" if p is None else "")} for b, lab, p in boxes],
                "edges": []}
        for n in nodes:
            d = self.G.nodes[n]
            entry = {"data": {"id": n, "label": d["label"], **({"parent": parent[n]} if parent else {})},
                     "classes": self._classes(n), "position": {"x": pos[n][0], "y": pos[n][1]}}
            data["nodes"].append(entry)
        if focus:
            # Two invisible nodes at the corners of the least extent around the drawing's middle (not the selected
            # card: a lopsided drawing is not widened, Freeze at 1024): a card with few neighbours is not blown up.
            (cx, cy), = [((min(p[i] for p in pos.values()) + max(p[i] for p in pos.values())) / 2 for i in (0, 1))]
            data["nodes"] += [{"data": {"id": h, "halo": 1}, "classes": "halo",
                               "position": {"x": cx + sx * FOCUS_MIN_W / 2, "y": cy + sy * FOCUS_MIN_H / 2}}
                              for h, sx, sy in (("halo:a", -1, -1), ("halo:b", 1, 1))]
        self._topleft = (min((p[0] for p in pos.values()), default=0.0) - EDGE_LEFT,
                         min((p[1] for p in pos.values()), default=0.0) - (EDGE_TOP if boxes else NODE_H / 2))
        routes = edge_routes(pos, self.selected if focus else None, self.query is not None, edges, self.G)
        for u, v, k, d in ((*e, self.G.edges[e]) for e in edges):
            cls = (d["kind"] + (" path" if (u, v, k) in self.path_edges else "") + (" labelled" if self.labels.value
                                                                                     else "") + routes[(u, v, k)])
            data["edges"].append({"data": {"id": f"{u}>{v}#{k}", "source": u, "target": v, "kind": d["kind"]},
                                  "classes": cls})
        if self.cy is not None:  # (else drawn once the canvas is made)
            self._draw(data)
            self._set_view({"fit": True, "padding": 16} if focus else {"fit": True, "padding": 40}
                           if self.query is not None else self._fit_all() if self.view == "all"
                           else self._readable(self.found))
        if self.query is not None:
            self.count.value = (f'<span class="rt-muted">The answer alone: {count(len(nodes), "node")}, '
                                f'{count(len(edges), "edge")}. “Show whole graph” draws the others too.</span>')
        else:
            self.count.value = (f'<span class="rt-muted">{count(len(nodes), "node")}, {count(len(edges), "edge")} '
                                "shown. Scroll to zoom, drag to pan.</span>")

    # -- selection ------------------------------------------------------------------------------------------------
    def on_node_click(self, node: dict) -> None:
        """ipycytoscape's click callback: ``node["data"]["id"]`` is the node id (group boxes are ignored)."""
        data = node.get("data") if isinstance(node, dict) else None
        nid = data.get("id") if isinstance(data, dict) else None
        if not isinstance(nid, str) or len(nid) > 500:  # a click the page forged: not a node of ours
            return
        nid = nid.rsplit("@", 1)[0]
        if nid in self.G:
            found, self.found = self.found, None  # a click ends the search's mark
            self._restyle(found)
            self.select(nid)

    def select(self, nid: str) -> None:
        """Show ``nid``'s details and outline its node (and draw its neighbourhood when focusing; a path answer
        drawn alone stays: a click reads a card of the answer)."""
        before, self.selected = self.selected, nid
        self._start_notice = ""  # (the address's notice gives way to the learner's own choice)
        self.details.value = self._details(nid, wait=False)  # (its scenarios follow once linked: _link_scenarios)
        if self.focus.value:
            self.redraw()
        else:
            self._restyle(before, nid)


def count(n: int, noun: str) -> str:
    """``"1 edge"``, ``"2 edges"``: a count with its noun, singular or plural."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def graph_view(game: str = "restless-spirits", node: str | None = None) -> w.Widget:
    """The ability-graph page for ``game`` (``"all"`` for the three), opened on ``node`` (else the page address's
    ``?node=ID``). Returns the widget to display. In a kernel Voila pre-heats, the page is made before the visit and
    the cell then waits for it (its address is known only then: :func:`widgets.kernel_timing.wait_until_page_asked`)."""
    try:
        page = GraphView(game, node)
        if kernel_timing.wait_until_page_asked() and not node and _query_node():
            # made before anyone asked (a pre-heated kernel), but this visit names a card: made again for it
            close_tree(page.widget)
            page = GraphView(game, _query_node())
    except ContentError as exc:  # the vocabulary, or every game's files: the page names the file (attack 20, M1)
        return unopened_graph(exc)
    return page.widget
