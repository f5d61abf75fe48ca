"""The ability graph's focus drawing (its opening picture): no arrow runs through a card it does not join
(newuser32: a straight arrow from Nordheim to a card of the outer column ran through the cards of the inner one).
Arrows to the first two columns of a side are routed as cytoscape draws ``curve-style: taxi`` edges (sideways out of
the card, along the lane beside the selected card, level into the other card); checked here from the layout's
positions, segment by segment, against every other card's box."""
from __future__ import annotations

import pytest

from tutor import interactions as tg
from widgets.graph import START, GraphView
from widgets.graph_layout import focus_layout, focus_route, path_layout, path_route
from widgets.graph_style import NODE_H, NODE_W, SIDE_LANE, TAXI_TURN, cytoscape_style


def _route(pos, s, u, v, way):
    """The polyline cytoscape draws for the edge ``u`` -> ``v`` of the focus drawing of ``s`` (centre to centre)."""
    (x1, y1), (x2, y2) = pos[u], pos[v]
    if not way:
        return [(x1, y1), (x2, y2)]
    sign = 1 if x2 > x1 else -1
    turn = TAXI_TURN[way.strip()]
    x = x1 + sign * (NODE_W / 2 + turn) if turn > 0 else x2 - sign * (NODE_W / 2 - turn)
    return [(x1, y1), (x, y1), (x, y2), (x2, y2)]


def _crosses(seg, box) -> bool:
    """Whether the level or upright (or straight) segment ``seg`` passes inside ``box`` (x0, y0, x1, y1)."""
    (ax, ay), (bx, by) = seg
    for i in range(201):  # sampled: the boxes are 46 model units high, the steps a few units
        x, y = ax + (bx - ax) * i / 200, ay + (by - ay) * i / 200
        if box[0] < x < box[2] and box[1] < y < box[3]:
            return True
    return False


def _crossings(G, s, routed_only: bool):
    edges = [(u, v, k) for u, v, k in G.edges(keys=True) if s in (u, v) and u != v]
    pos, _boxes = focus_layout(s, edges)
    boxes = {n: (x - NODE_W / 2 - 2, y - NODE_H / 2 - 2, x + NODE_W / 2 + 2, y + NODE_H / 2 + 2)
             for n, (x, y) in pos.items()}
    out = []
    for u, v, _k in edges:
        way = focus_route(pos, s, u, v)
        if routed_only and not way:
            continue
        pts = _route(pos, s, u, v, way)
        for a, b in zip(pts, pts[1:]):
            out += [(u, v, n) for n, box in boxes.items() if n not in (u, v) and _crosses((a, b), box)]
    return out


@pytest.mark.parametrize("game", ["restless-spirits", "spirited", "spirit-duels"])
def test_the_opening_picture_has_no_arrow_through_a_card_it_does_not_join(G, game):
    """(Spirit Duels opens on Freeze: 20 cards affect it; they were drawn in three columns and an arrow from the third
    ran straight, through the cards of the two before it, session 33.)"""
    assert _crossings(G, START[game], routed_only=False) == []


def test_no_arrow_runs_through_a_card_in_any_focus_drawing(G):
    """Every card's drawing has at most two columns a side (29 cards affect Yotei: two columns of 15), so every arrow
    is routed and none crosses a card."""
    crossings = {s: c for s in G for c in [_crossings(G, s, routed_only=False)] if c}
    assert crossings == {}, list(crossings.items())[:5]
    columns = max(len({round(x) for x, _y in focus_layout(s, [e for e in G.edges(keys=True) if s in e[:2]])[0].values()})
                  for s in G)
    assert columns <= 5  # at most two columns a side and the card itself


def test_freeze_stands_in_the_middle_of_its_two_columns(G):
    s = START["spirit-duels"]
    pos, _ = focus_layout(s, [(u, v, k) for u, v, k in G.edges(keys=True) if s in (u, v) and u != v])
    xs = sorted({round(x) for x, _y in pos.values()})
    assert len([x for x in xs if x < pos[s][0]]) == 2, xs  # two columns on the left, not three
    ys = [y for n, (x, y) in pos.items() if x < pos[s][0]]
    assert min(ys) < pos[s][1] < max(ys) and abs((min(ys) + max(ys)) / 2 - pos[s][1]) <= 30, (pos[s], min(ys), max(ys))


def test_the_page_routes_the_focus_drawings_arrows(G):
    v = GraphView("restless-spirits", G=G)
    classes = [e.classes.split() for e in v.cy.graph.edges]
    assert classes and all(("out" in c) != ("in" in c) for c in classes), classes
    styles = {r["selector"]: r["style"] for r in cytoscape_style()}
    assert styles["edge.out"]["curve-style"] == styles["edge.in"]["curve-style"] == "taxi"
    assert styles["edge.out"]["taxi-turn"] == "70px" and styles["edge.in"]["taxi-turn"] == "-40px"


def test_a_path_answers_arrows_between_cards_of_one_column_run_beside_it(G):
    """"How can Uji affect The Shrine?" (session 33: arrows between two cards of one column ran straight through the
    cards between them): six arrows go along the lane beside their column, the ones between next columns at other
    heights turn in the middle of the gap, and no arrow crosses a card."""
    a, b = "restless-spirits:uji", "restless-spirits:shrine"
    ps = tg.paths(G, a, b)
    pos, _ = path_layout(a, b, ps)
    edges = sorted({e for p in ps for e in p}, key=str)
    ways = {e: path_route(pos, e[0], e[1]).strip() for e in edges}
    assert sorted(ways.values()).count("up") + sorted(ways.values()).count("down") == 6, ways
    boxes = {n: (x - NODE_W / 2 - 2, y - NODE_H / 2 - 2, x + NODE_W / 2 + 2, y + NODE_H / 2 + 2)
             for n, (x, y) in pos.items()}
    hits = []
    for (u, v, _k), way in ways.items():
        (x1, y1), (x2, y2) = pos[u], pos[v]
        lane = {"up": x1 + SIDE_LANE["up"], "down": x1 - SIDE_LANE["down"], "step": (x1 + x2) / 2}.get(way)
        pts = [(x1, y1), (x2, y2)] if lane is None else [(x1, y1), (lane, y1), (lane, y2), (x2, y2)]
        hits += [(u, v, n) for a_, b_ in zip(pts, pts[1:]) for n, box in boxes.items()
                 if n not in (u, v) and _crosses((a_, b_), box)]
    assert hits == []
    styles = {r["selector"]: r["style"] for r in cytoscape_style()}
    assert styles["edge.down"]["curve-style"] == "segments" and styles["edge.step"]["curve-style"] == "taxi"
