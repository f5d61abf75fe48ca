"""Where the ability graph's nodes are drawn: the whole graph grouped in boxes (a block per game, a box per kind of
card or rule word, :func:`grouped_layout`) and the focus drawing of one node between what affects it and what it
affects (:func:`focus_layout`). Positions are cytoscape model units; used by :mod:`widgets.graph`."""
from __future__ import annotations

import math

from tutor import interactions as tg

from .graph_style import KIND_COLOURS, LANE_STEP, LANES, NODE_H, NODE_W, WORD_KINDS

#: The kinds of cards, in the order their boxes are drawn (rule words follow, :data:`WORD_KINDS`).
CARD_KINDS = ("spirit", "blessing", "curse", "clan", "allegiance", "wonder", "class", "move", "item", "trait")
CELL_W, CELL_H, GAP = 148, 58, 60
#: Model units from the drawn nodes' centres to the drawing's left and top edges (the half node, the group boxes'
#: padding and their labels above them).
EDGE_LEFT, EDGE_TOP = NODE_W / 2 + 26, NODE_H / 2 + 64
#: Most nodes in one column of a focus drawing while two columns a side hold them (more make the columns taller).
FOCUS_ROWS = 7
#: The least extent (model units, width and height) of a focus drawing: the view is fitted to it, so a card with
#: few neighbours is not blown up to the largest zoom (about 1.1 on a 1366x768 window).
FOCUS_MIN_W, FOCUS_MIN_H = 760.0, 470.0
#: Model units from the selected node's centre to the first column on each side, and between further columns (a
#: compact drawing is fitted at a larger zoom: its labels are read at about their own size on a laptop).
FOCUS_GAP, FOCUS_STEP = 230.0, NODE_W + 34.0


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



def focus_layout(selected: str, edges: list[tuple]) -> tuple[dict[str, tuple[float, float]], list]:
    """Positions for a focus drawing of ``selected``: what affects it (the sources of ``edges`` into it) in columns on
    the left, what it affects on the right, it in the middle; no boxes (``[]``)."""
    s = selected
    left = sorted({u for u, v, _k in edges if v == s and u != s})
    right = sorted({v for u, v, _k in edges if u == s and v != s} - set(left))
    # at most FOCUS_ROWS a column while two columns a side hold them: a card with many neighbours gets a second
    # column (outwards, staggered by half a row so that the arrows to it pass between the cards of the first)
    most = max(len(left), len(right), 1)
    # never a third column: taller columns instead (an arrow to a third column would run straight, through the cards
    # of the two before it, see focus_route; Spirit Duels' Freeze, 20 cards, drew three columns, session 33)
    rows = max(min(FOCUS_ROWS, most), math.ceil(most / 2))
    pos = {s: (FOCUS_GAP, (rows - 1) * 30.0)}

    def side(ids: list[str], x0: float, step: float) -> None:
        cols = [ids[i:i + rows] for i in range(0, len(ids), rows)]
        for c, col in enumerate(cols):
            # (a column after the first is half a row off the one before it whatever its length: an arrow runs level
            # into each of its cards between two cards of the column before)
            k = rows - len(col) - ((rows - len(col)) % 2 if c else 0)
            top = k * 30.0 + (30.0 if c % 2 else 0.0)
            pos.update({n: (x0 + c * step, top + i * 60.0) for i, n in enumerate(col)})
    side(left, 0.0, -FOCUS_STEP)
    side(right, 2 * FOCUS_GAP, FOCUS_STEP)
    return pos, []



def focus_route(pos: dict[str, tuple[float, float]], selected: str | None, source: str, target: str) -> str:
    """The class of the edge ``source`` -> ``target`` in a focus drawing of ``selected`` (``None``: another drawing)
    at positions ``pos``: ``" out"`` from the selected card, ``" in"`` into it, routed (the style's ``taxi``: out of
    its card sideways, along the lane beside the selected card, then level into the other card, which
    :func:`focus_layout` puts between two cards of the column before it); ``""`` in other drawings and for a card
    beyond the second column of its side (its level run would cross a card of every column before it). Newuser32: a
    straight arrow to a card of the outer column ran through the cards of the inner one."""
    if selected is None:
        return ""
    other = target if source == selected else source
    if abs(pos[other][0] - pos[selected][0]) > FOCUS_GAP + FOCUS_STEP + 1:
        return ""
    return " out" if source == selected else " in"


def path_route(pos: dict[str, tuple[float, float]], source: str, target: str) -> str:
    """The class of the edge ``source`` -> ``target`` in a path drawing at positions ``pos`` (drawn straight, such
    arrows ran through cards, session 33): ``" down"`` or ``" up"`` when both stand in one column with a card between
    them (the style's ``segments``: out of the card sideways, along the lane beside the column, right of it going down
    and left of it going up, level into the other card); ``" step"`` between two cards of next columns at different
    heights (``taxi``: level out of the card, upright in the middle of the gap between the columns, level into the
    other: a steep straight arrow passed through the card above or below its end); else ``""``."""
    (x1, y1), (x2, y2) = pos[source], pos[target]
    if abs(y1 - y2) <= 1:
        return ""
    if abs(abs(x1 - x2) - PATH_STEP_X) <= 1:
        return " step"
    if abs(x1 - x2) > 1 or not any(abs(x - x1) <= 1 and min(y1, y2) < y < max(y1, y2) for x, y in pos.values()):
        return ""
    return " down" if y2 > y1 else " up"


def edge_routes(pos: dict[str, tuple[float, float]], selected: str | None, path: bool, edges: list[tuple],
                G=None) -> dict:
    """The route class of each edge ``(u, v, key)`` of ``edges``: :func:`path_route` in a path drawing (``path``),
    with its lane (:func:`side_lanes`), else :func:`focus_route`, with its kind's lane (:func:`kind_lane`, the kinds
    read from the graph ``G``'s edge data, e.g. ``"blocks"``; without ``G``, none)."""
    if not path:
        routes = {e: focus_route(pos, selected, e[0], e[1]) for e in edges}
        if G is None:
            return routes
        kinds = {e: G.edges[e]["kind"] for e in edges}
        shared: dict[str, set[str]] = {}
        for e, r in routes.items():
            shared.setdefault(r, set()).add(kinds[e])
        return {e: r + kind_lane(r, kinds[e], shared[r]) for e, r in routes.items()}
    routes = {e: path_route(pos, e[0], e[1]) for e in edges}
    lanes = side_lanes(pos, [e for e, r in routes.items() if r in (" up", " down")], routes)
    return {e: r + (f" lane-{lanes[e]}" if e in lanes else "") for e, r in routes.items()}


def kind_lane(route: str, kind: str, kinds: set[str]) -> str:
    """The lane class of an arrow routed ``route`` (``" in"``/``" out"`` of a focus drawing) of interaction ``kind``
    when arrows of ``kinds`` share that route: ``" in-k"``/``" out-k"``, k the kind's place among them in the order
    of :data:`~widgets.graph_style.KIND_COLOURS`; ``""`` for another route or a single kind (the one lane)."""
    if route not in (" in", " out") or len(kinds) < 2:
        return ""
    order = [k for k in KIND_COLOURS if k in kinds]
    return f"{route}-{order.index(kind)}" if kind in order else ""


def side_lanes(pos: dict[str, tuple[float, float]], edges: list[tuple], routes: dict) -> dict:
    """A lane for each arrow between two cards of one column (``edges``, routed ``" up"``/``" down"`` in
    ``routes``): arrows along one side of one column whose spans meet (even at one card) get different lanes, the
    shorter span nearer the cards, so each can be followed from its own card (newuser43: three "blocks" arrows
    shared one line beside Nozawa, Takayama, Nordheim and Onota, and one could not tell where each came from).
    Returns edge -> lane index ``0..LANES-1`` (beyond that, the outermost lane is shared)."""
    taken: dict[tuple, list[tuple[float, float, int]]] = {}
    out = {}
    span = {e: tuple(sorted((pos[e[0]][1], pos[e[1]][1]))) for e in edges}
    for e in sorted(edges, key=lambda e: (span[e][1] - span[e][0], span[e], str(e))):
        lo, hi = span[e]
        side = taken.setdefault((round(pos[e[0]][0]), routes[e]), [])
        used = {k for a, b, k in side if a <= hi and lo <= b}
        out[e] = next((k for k in range(LANES) if k not in used), LANES - 1)
        side.append((lo, hi, out[e]))
    return out


#: Model units between the columns and between the rows of a path drawing (:func:`path_layout`).
PATH_STEP_X, PATH_STEP_Y = NODE_W + 60.0, 76.0
#: Most columns in one row of a path drawing: a longer chain turns back under itself (a snake), so a path of four
#: steps is drawn in a compact block, not a thin line across the whole canvas fitted to a small zoom.
PATH_ROW_COLS = 3
#: Model units between two rows of columns of a path drawing (the turn of the snake).
PATH_ROW_GAP = 40.0


def path_layout(a: str, b: str, paths: list[list[tuple]]) -> tuple[dict[str, tuple[float, float]], list]:
    """Positions for the answer to "how can ``a`` affect ``b``?": ``a`` first, ``b`` last, each node of ``paths``
    (lists of edges ``(u, v, key)``) in the column of its first step from ``a``, a column's nodes one under the other,
    centred (half a row lower when an arrow runs straight from ``a`` to ``b``, so that it passes between them); no
    boxes (``[]``). A long chain turns back under itself (:func:`_snake_rows`): the next row right to left, each
    step's arrow short, the drawing compact. With no path, ``a`` and ``b`` side by side."""
    col: dict[str, int] = {a: 0}
    for p in paths:
        for i, (_u, v, _k) in enumerate(p, 1):
            if v != b:
                col[v] = min(col.get(v, i), i)
    last = max(col.values()) + 1  # b just right of the furthest column (no empty column before it)
    col[b] = last
    columns: dict[int, list[str]] = {}
    for n, c in col.items():
        columns.setdefault(c, []).append(n)
    direct = any(len(p) == 1 for p in paths)  # an arrow straight from a to b: the columns between stand off it
    rows = _snake_rows(columns, last, turn=not direct)
    pos = {}
    y0 = 0.0
    for r, row in enumerate(rows):
        tall = max(len(columns.get(c, [])) for c in row)
        for i, c in enumerate(row):
            ns = columns.get(c, [])
            x = i if r % 2 == 0 else len(rows[r - 1]) - 1 - i  # a snake: every other row backwards, under the turn
            top = y0 + (tall - len(ns)) * PATH_STEP_Y / 2 + (PATH_STEP_Y / 2 if direct and 0 < c < last and len(ns) % 2
                                                            else 0)
            pos.update({n: (x * PATH_STEP_X, top + k * PATH_STEP_Y) for k, n in enumerate(ns)})
        y0 += tall * PATH_STEP_Y + PATH_ROW_GAP
    return pos, []


def _snake_rows(columns: dict[int, list[str]], last: int, turn: bool = True) -> list[list[int]]:
    """The columns ``0..last`` of a path drawing in rows: a row ends after :data:`PATH_ROW_COLS` columns when the
    chain can turn there cleanly, i.e. the column before the turn and the one after it hold one node each (the arrow
    of the turn then runs straight down between two nodes; under a column of several nodes the arrows would run
    through them). Without ``turn`` (an arrow straight from A to B crosses the drawing), one row."""
    rows: list[list[int]] = [[]]
    for c in range(last + 1):
        row = rows[-1]
        if (turn and len(row) >= PATH_ROW_COLS and len(columns.get(row[-1], [])) == 1
                and len(columns.get(c, [])) == 1):
            rows.append([])
        rows[-1].append(c)
    return rows
