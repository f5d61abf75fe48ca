"""The ability graph's look: the page's CSS, the cytoscape style sheet (node shapes and colours by kind, Light/Dark,
edge colours by interaction kind, the ``focus``/``found``/``path`` marks) and the small HTML tags of the details
panel. Used by :mod:`widgets.graph`."""
from __future__ import annotations

from .style import esc

#: The colour of each interaction kind (edges, the legend and the details panel's chips): each at least 4.5:1 against
#: the chip's white words (axe-core; "modifies" was #ef6c00, 3.1:1, and "targets" #9e9e9e, 2.7:1).
KIND_COLOURS = {"blocks": "#c62828", "copies": "#00838f", "modifies": "#b85200", "counts": "#1565c0",
                "triggers": "#6a1b9a", "disables": "#37474f", "removes": "#8d6e63", "targets": "#757575"}
#: The kinds of rule words (drawn as dashed ovals; cards are boxes).
WORD_KINDS = ("keyword", "status", "token", "resource", "limit", "action", "event")
NODE_W, NODE_H = 132, 46
#: Model units from the selected node's edge to the turn of an arrow it draws (``out``) or that comes into it (``in``)
#: in a focus drawing: both inside the empty lane between it and its first column, apart, so an arrow pair both ways
#: shows as two lines (cytoscape's ``taxi-turn``, from the source's edge; negative, from the target's edge).
TAXI_TURN = {"out": 70.0, "in": -40.0}
#: With arrows of several kinds into (out of) the selected card, each kind runs along its own lane (graph_layout.
#: edge_routes: ``in-k``/``out-k``, k in the order of :data:`KIND_COLOURS`): model units from the card's edge to the
#: first lane, and between lanes (newuser44: Presence's red "blocks" arrow into the Burn token ran under 18 purple
#: "triggers" arrows along one lane and could not be followed).
KIND_LANE_FIRST, KIND_LANE_STEP = 24.0, 14.0
#: Model units from a column's centre line to the lane an arrow between two of its cards runs along in a path drawing
#: (cytoscape's ``segment-distances``, perpendicular to the arrow: for an arrow going down, a negative one is on the
#: right; going up, on the left). Between the card's edge (NODE_W / 2, 66) and the middle of the gap to the next column
#: (96), where the arrows between next columns turn (``edge.step``), apart from them.
SIDE_LANE = {"down": -78.0, "up": -78.0}
#: Lanes beside a column of a path drawing (graph_layout.side_lanes): the most, and the model units between two (the
#: first 68 from the column's centre line, the last 89: all between the cards' edge and the turn of ``edge.step``).
LANES, LANE_STEP = 4, 7.0
#: The nodes' label size (model units: drawn at this times the zoom; the focus drawing is fitted at about 1).
NODE_FONT = 16

#: The words of the notebook's Markdown cell (folded away under Voila), under "How it works" on the title line.
HOW = ("Which cards and rules stop, copy, change, count or trigger which? Every arrow comes from the games' own card "
       "data (the effects the engine plays) or from a rule, with its reason in plain words and the rules behind it. "
       "Filter by game, edge kind, Light/Dark or Class; find a card (its neighbours are drawn around it) or click a "
       "node to see its rules, its neighbours and its FAQ scenarios; ask <b>how can A affect B?</b> in the panel "
       "beside the graph. Cards are boxes (Light Spirits pale, Dark Spirits dark); the rules' words are dashed ovals; "
       "arrows point from what acts to what it acts on.")

#: The page's title line, as on the other pages: its name, the link to all pages, "How it works" folded.
TITLE = ('<div class="rt-g-title"><span class="rt-g-name">Ability graph</span>'
         '<a class="rt-g-home" href="index.ipynb">← All pages</a>'
         f'<details class="rt-g-how"><summary>How it works</summary>{HOW}</details></div>')

CSS = """
.tutor-graph .custom-widget { height: 660px; width: 100%; resize: none; }
/* under Voila the notebook's Markdown cell folds away (the title line names the page, its words are under "How it
   works"), and the canvas and the side panel are as tall as the window leaves them (the filters above), so the
   picture is seen without scrolling */
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div .tutor-graph) { display: none; }
body[data-voila] #rendered_cells:has(.tutor-graph) { padding-top: 4px !important; }
body[data-voila] .tutor-graph .custom-widget, body[data-voila] .tutor-graph .rt-g-canvas,
body[data-voila] .tutor-graph .rt-g-canvas-box {
  height: clamp(360px, calc(100vh - 175px), 880px) !important; }
body[data-voila] .tutor-graph-details { max-height: clamp(200px, calc(100vh - 225px), 840px); }
/* narrower (a projector's 1024x768): the filters take two lines and the count over the canvas may take two (a path
   answer's "The answer alone: … draws the others too"): the count's line is two short lines high whatever it says,
   and the canvas as tall as the window leaves under them, so it never runs past the window's foot (trial 13, item
   G1: it ran 30 px past it once the count took two lines) */
@media (max-width: 1180px) {
  .tutor-graph .rt-g-view { min-height: 34px; align-items: center; }
  .tutor-graph .rt-g-view > .widget-html, .tutor-graph .rt-g-view > .widget-html > .widget-html-content {
    line-height: 16px; height: auto; align-self: center; }
  body[data-voila] .tutor-graph .custom-widget, body[data-voila] .tutor-graph .rt-g-canvas,
  body[data-voila] .tutor-graph .rt-g-canvas-box { height: clamp(360px, calc(100vh - 172px), 880px) !important; }
}
.tutor-graph .rt-g-top { align-items: center; gap: 0 10px; flex-flow: row nowrap; }
.rt-g-title { display: flex; align-items: baseline; gap: 12px; margin-right: 6px; position: relative; }
.rt-g-name { font-size: 17px; font-weight: 800; color: #3d1f66; letter-spacing: .01em; white-space: nowrap; }
.tutor-graph a.rt-g-home { font-size: 12.5px; color: #5b2d90; text-decoration: none; border: 1px solid #d9cdee;
  border-radius: 8px; padding: 1px 8px; white-space: nowrap; }
.tutor-graph a.rt-g-home:hover { background: #f1eafb; }
.rt-g-how { font-size: 12.5px; color: #3d3850; }
.rt-g-how summary { cursor: pointer; color: #5b2d90; font-weight: 600; white-space: nowrap; }
.rt-g-how[open] { position: absolute; left: 0; top: 100%; z-index: 5; width: min(640px, 90vw); background: #fff;
  border: 1px solid #ddd6ee; border-radius: 10px; padding: 6px 12px 8px 12px; box-shadow: 0 4px 16px rgba(40,20,80,.15);
  line-height: 1.45; }
/* the side panel: the path query (A, B, the button on one line) and its answer, then the selected card's details */
.tutor-graph .rt-g-top > .widget-dropdown { flex: 0 1 auto; min-width: 150px; }
/* the Game filter keeps its width: a game's name is read whole at 1024x768 (newuser32: "Restless S"); Side/Class and
   the Find box give way (its words are whole at 1024x768 too: 160px, session 34; the labels as wide as their words) */
.tutor-graph .rt-g-top > .widget-dropdown:nth-child(2) { flex-shrink: 0; min-width: 210px; }
.tutor-graph .rt-g-top > .widget-text { flex: 1 1 180px; min-width: 160px; max-width: 340px; }
.tutor-graph .rt-g-side > .widget-html:first-child h3 { margin: 0 4px 2px 4px; font-size: 14px; color: #3d1f66; }
.tutor-graph .rt-g-query { flex-flow: row nowrap !important; align-items: center; margin: 0 0 0 4px; }
.tutor-graph .rt-g-query > .widget-text { flex: 1 1 0; min-width: 0; width: auto; }
.tutor-graph .rt-g-query > .jupyter-button { flex: 0 0 auto; }
.tutor-graph-path:not(:has(p, ol)) { display: none; }
.tutor-graph-path { max-height: 34vh; overflow-y: auto; }
/* with an answer shown, the details below it keep to the rest of the window */
body[data-voila] .rt-g-side:has(.tutor-graph-path :is(p, ol)) .tutor-graph-details {
  max-height: clamp(120px, calc(66vh - 250px), 720px); }
/* the edge kinds' boxes, each kind's name underlined in its colour (the legend of the arrows) */
.tutor-graph .rt-g-kinds { gap: 0 12px; }
.tutor-graph .rt-g-kinds > .widget-checkbox { width: auto !important; margin: 0; }
.tutor-graph .rt-g-kinds > .widget-checkbox span { padding-bottom: 1px; border-bottom: 4px solid transparent; }
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
/* the rules behind a line: § chips as on the other pages (the rule's words on hover; a click goes to the rule in the
   panel's Rules list) */
.tutor-graph a.rt-g-cl { display: inline-block; font-size: 11.5px; line-height: 18px; color: #2f3a8f;
  background: #eef0fb; border: 1px solid #b9c0ea; border-radius: 10px; padding: 0 8px; margin: 1px 0 1px 4px;
  white-space: nowrap; vertical-align: 1px; text-decoration: none; }
.tutor-graph a.rt-g-cl:hover { background: #dfe3fa; }
.tutor-graph-details li:target { background: #fff6d6; border-radius: 6px; }
.tutor-graph-details li .rt-g-ctext { display: block; margin-top: 1px; }
a.tutor-graph-scenario { display: inline-block; background: #2e7d32; color: #fff; border-radius: 8px;
  padding: 2px 8px; margin: 2px 3px 2px 0; font-size: 12px; text-decoration: none; }
a.tutor-graph-scenario:hover { background: #1b5e20; }
.tutor-graph-path { background: #f4f0fb; border: 1px solid #ddd6ee; border-radius: 10px; padding: 6px 10px;
  margin: 4px; font-size: 13px; }
.tutor-graph-path ol { margin: 2px 0; padding-left: 20px; }
.tutor-graph-how.jupyter-button { background: #5b2d90; color: #fff; }
""" + "".join(f".tutor-graph .rt-g-kinds > .rt-g-k-{k} span {{ border-bottom-color: {c}; }}\n" for k, c in KIND_COLOURS.items())



def cytoscape_style() -> list[dict]:
    """The cytoscape style sheet (a list of ``{"selector", "style"}``) of the graph's canvas."""
    s = [
        {"selector": "node", "style": {
            "label": "data(label)", "font-size": NODE_FONT, "text-wrap": "wrap", "text-max-width": NODE_W - 8,
            "text-valign": "center", "text-halign": "center", "shape": "round-rectangle", "width": NODE_W,
            "height": NODE_H, "background-color": "#fff",
            "border-width": 1.5, "border-color": "#7c4dbc", "color": "#1f1d2b"}},
        {"selector": "node.light", "style": {"background-color": "#f1eafc", "border-color": "#7c4dbc"}},
        {"selector": "node.dark", "style": {"background-color": "#3b2456", "color": "#fff"}},
        {"selector": "node.blessing", "style": {"background-color": "#fff3c4", "border-color": "#b8900c"}},
        {"selector": "node.curse", "style": {"background-color": "#fde3e3", "border-color": "#c62828"}},
        # (rule words are longer: a size less keeps them to two lines inside their ovals)
        {"selector": "node.word", "style": {"shape": "ellipse", "background-color": "#eef5ff", "border-color": "#1565c0",
                                            "font-size": NODE_FONT - 2,
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
        # a focus drawing's arrows routed sideways along the lane beside the selected card (graph_layout.focus_route)
        *({"selector": f"edge.{way}", "style": {"curve-style": "taxi", "taxi-direction": "horizontal",
                                                "taxi-turn": f"{turn:g}px", "taxi-turn-min-distance": 4}}
          for way, turn in TAXI_TURN.items()),
        *({"selector": f"edge.{way}-{k}", "style": {"taxi-turn": f"{sign * (KIND_LANE_FIRST + KIND_LANE_STEP * k):g}px"}}
          for way, sign in (("out", 1), ("in", -1)) for k in range(len(KIND_COLOURS))),
        # a path drawing's arrow between two cards of one column, along the lane beside it (graph_layout.path_route)
        *({"selector": f"edge.{way}", "style": {"curve-style": "segments", "segment-weights": "0 1",
                                                "segment-distances": f"{d:g} {d:g}", "edge-distances": "node-position"}}
          for way, d in SIDE_LANE.items()),
        # arrows beside one column whose spans meet each take their own lane (graph_layout.side_lanes): nearest the
        # cards first, all between the cards' edge (66) and the turn of the arrows between columns (96)
        *({"selector": f"edge.lane-{k}", "style": {"segment-distances": f"{-(68 + LANE_STEP * k):g} "
                                                                          f"{-(68 + LANE_STEP * k):g}"}}
          for k in range(LANES)),
        {"selector": "edge.step", "style": {"curve-style": "taxi", "taxi-direction": "horizontal", "taxi-turn": "50%",
                                            "taxi-turn-min-distance": 4}},
        {"selector": "edge.labelled", "style": {"label": "data(kind)", "font-size": 10, "text-rotation": "autorotate",
                                                "text-background-color": "#fff", "text-background-opacity": 0.9,
                                                "opacity": 0.9}},
    ]
    for k, c in KIND_COLOURS.items():
        s.append({"selector": f"edge.{k}", "style": {"line-color": c, "target-arrow-color": c}})
    return s


def node_classes(d: dict) -> str:
    """The cytoscape classes of a node from its data ``d``: its kind, ``word``, ``light``/``dark``, ``pending``."""
    out = [d["kind"]]
    if d["kind"] in WORD_KINDS:
        out.append("word")
    if d["group"] in ("Light", "Dark"):
        out.append(d["group"].lower())
    if d.get("pending"):
        out.append("pending")
    return " ".join(out)


def rule_anchor(n: int) -> str:
    """The HTML id of the ``n``-th rule of the details panel's Rules list (never a clause id)."""
    return f"rt-g-rule-{n}"


def clause_tags(clauses, known: dict, order: dict[str, int] | None = None) -> str:
    """The rules behind a line, each a § chip with its title (``rt-g-cl``, as the other pages' rule chips) after the
    text it backs: its words on hover, and a link to the rule in the panel's Rules list (``order``: clause id -> its
    place there). A learner never sees a clause id (``known``: clause id -> Clause)."""
    order = order or {}
    return "".join(f'<a class="rt-g-cl" href="#{rule_anchor(order.get(c, 0))}" '
                   f'title="{esc(known[c].title)}: {esc(known[c].text)}">§ {esc(known[c].title)}</a>'
                   for c in clauses if c in known)

