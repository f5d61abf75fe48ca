"""The ability-interaction graph: a ``networkx.MultiDiGraph`` built from the games' content, with plain-words answers
to "what affects X?", "what does X affect?" and "how can A affect B?".

- Nodes: cards and their abilities (read by :mod:`tutor.interactions_cards` from the card file the engine plays) and the
  rules' words (keywords, statuses, tokens, resources, limits, actions, events: ``content/graph/<game>.yaml``).
  Attributes: ``game``, ``kind``, ``label``, ``group`` (Light / Dark, a Class or a clan), ``provisional``,
  ``clauses``, ``text``.
- Edges: ``kind`` from one vocabulary (``content/graph/vocabulary.yaml``: blocks, copies, modifies, counts, triggers,
  disables, removes, targets), ``clauses`` (ids that exist), ``why`` (plain words), ``scenarios`` (ids of the FAQ
  scenarios that exercise it), ``source`` (the effect name, ``target``, a slot, or ``rule``), ``provisional`` and
  ``provisional_why`` (only where a provisional value makes the arrow: :func:`tutor.interactions_cards.provisional_why`),
  ``on_target_board``/``on_own_board`` (on a card of a target opponent's/its owner's board). Card nodes carry
  ``shields``/``hits_as`` (:func:`paths` drops ways a protection forbids); a word that stands for cards
  (``stands_for``: "A Spirit on an opponent's board") lists them, each card acting on it has an arrow to each too.
- Edges come from data: each card's effect names and parameters go through the table in ``content/graph/<game>.yaml``
  (``effects``, ``params``, ``targets``, ``slots``); ``rules`` lists the rules' own interactions with their clauses. A
  new card, or a user's card file (``build(game, cards=PATH)``), changes the graph with no code change.

Use ``build("restless-spirits")`` (or ``build(None)`` / ``build("all")`` for the three games together), then
:func:`affects`, :func:`affected_by`, :func:`paths`, :func:`to_graphml`, :func:`to_node_link`."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import networkx as nx

from .core.content import content_root
from .core.errors import ContentError, short
from .graph_files import (END_FIELDS, MAX_ITEMS, MAX_TEXT, WHY_FIELDS, EdgeTemplate, GameGraph, GraphNode,  # noqa: F401
                          MissingEdge, Selector, Vocabulary, check_graph_table, from_node_link, load_vocabulary,
                          to_graphml, to_node_link)
from .interactions_cards import READERS, CardRec, board_allows, outside_graph, provisional_why
from .faq import build_index
from .graph_ways import way_words
from .registry import game_title
from .sessions import clauses as game_clauses

GAMES = tuple(READERS)
GAME_TITLES = {g: game_title(g) for g in GAMES}  # display names (tutor.registry.game_title)


# -- data -----------------------------------------------------------------------------------------------------------
def graph_dir() -> Path:
    """``content/graph/``: the vocabulary and one effect-to-edge table per game."""
    return content_root() / "graph"


def load_graph_table(path: str | Path, game: str, vocab: dict[str, dict[str, str]] | None = None,
                     clauses: set[str] | None = None) -> dict[str, Any]:
    """Read and check a game's graph file (:func:`tutor.graph_files.check_graph_table`) against the vocabulary
    ``vocab`` (default :func:`vocabulary`) and the clause ids ``clauses`` (default the game's clauses).

    Raises:
        ContentError: naming the file and the field, e.g. ``effects.gain-ap[0].why``.
    """
    return check_graph_table(path, game, vocab if vocab is not None else vocabulary(),
                             clauses if clauses is not None else set(game_clauses(game)))


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, dict[str, str]]:
    """``{"edge_kinds": {kind: meaning}, "node_kinds": {kind: meaning}}`` (``content/graph/vocabulary.yaml``, checked by
    :func:`load_vocabulary`)."""
    return load_vocabulary(graph_dir() / "vocabulary.yaml")


def _table(game: str) -> dict[str, Any]:
    return load_graph_table(graph_dir() / f"{game}.yaml", game)


def node_id(game: str, local: str) -> str:
    """The graph id of a game's card or word: ``"restless-spirits:nordheim"``."""
    return f"{game}:{local}"


class _Params:
    """``{p.NAME}`` in a template: an effect parameter (empty when absent)."""

    def __init__(self, params: dict[str, Any]) -> None:
        self._p = params

    def __getattr__(self, name: str) -> str:
        v = self._p.get(name, "")
        return "-".join(str(x) for x in v) if isinstance(v, (list, tuple)) else str(v)


#: "{p.amount} damage token(s)" once filled: a count, the words after it, then "(s)"
_PLURAL_MARK = re.compile(r"\b(\d+)\b([^()\d]*?)\(s\)")


def _fill(text: str, **kw: Any) -> str:
    """``text`` with its ``{...}`` filled; a ``(s)`` after a count becomes the right singular or plural ("1 card",
    "2 cards"), so a learner never reads "card(s)"."""
    out = " ".join(text.format_map(kw).split())
    out = _PLURAL_MARK.sub(lambda m: m.group(1) + m.group(2) + ("" if m.group(1) == "1" else "s"), out)
    return out.replace("(s)", "s")


def _flat(params: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in params.items():
        if isinstance(v, dict):
            out.update(_flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def _matches(value: Any, want: Any) -> bool:
    if isinstance(want, list):
        return any(_matches(value, w) for w in want)
    return value == want


def _selected(rec: CardRec, sel: dict[str, Any]) -> bool:
    for k, want in sel.items():
        have = rec.group if k == "group" else rec.attrs.get(k)
        if not _matches(have, want):
            return False
    return True


# -- building -------------------------------------------------------------------------------------------------------
def _add_card(G: nx.MultiDiGraph, game: str, rec: CardRec) -> None:
    a = rec.attrs
    prov = a.get("provisional_fields", [])
    group = a.get("side") or ", ".join(c.title() for c in a.get("classes", [])) or a.get("clan", "")
    G.add_node(node_id(game, rec.id), game=game, kind=rec.kind, label=rec.label, group=group,
               card=rec.id, provisional=bool(prov), provisional_fields=list(prov), clauses=[],
               text=a.get("text", ""), type=a.get("type", ""), timing=a.get("timing", ""),
               classes=list(a.get("classes", [])), pending=not a.get("has_effects", True), stands_for=[],
               shields=list(a.get("shields", ())), hits_as=list(a.get("hits_as", ())))


def _shielded(rec: CardRec | None, other: CardRec) -> bool:
    """True when ``other``, on its owner's board, stops ``rec``'s effect from targeting that owner: ``other``'s
    Ongoing protection (``shields``) is against what ``rec`` is (``hits_as``: a Dark Spirit ability, a Curse), the
    same test the engine makes (``restless_spirits.ongoing.shield``). A template marked ``on_target_board`` (its
    ``to`` card sits on the target opponent's board) draws no edge to such a card."""
    return rec is not None and bool(set(other.attrs.get("shields", ())) & set(rec.attrs.get("hits_as", ())))


def _emit(G: nx.MultiDiGraph, game: str, recs: dict[str, CardRec], rec: CardRec | None, tpl: dict[str, Any],
          source: str, params: dict[str, Any], value: Any, where: str) -> None:
    """Add the edges of one template ``tpl`` for card ``rec`` (``None`` for a rule)."""
    p = _Params(params)
    card = rec.id if rec else ""
    chosen: dict[str, tuple[CardRec, dict[str, Any]]] = {}  # an end picked by a selector: its card, the selector

    def ends(spec: Any, default: str | None) -> list[str]:
        if spec is None:
            spec = default
        if isinstance(spec, dict):
            picked = {node_id(game, r.id): (r, spec["select"]) for r in recs.values() if _selected(r, spec["select"])
                      and r is not rec and not (tpl.get("on_target_board") and _shielded(rec, r))}
            chosen.update(picked)
            return list(picked)
        local = str(spec).format_map({"card": card, "value": value, "p": p})
        nid = node_id(game, local)
        if nid not in G:
            raise ContentError(f"{where}: no node {short(local)} in {game} (from {short(spec)})", field=where)
        return [nid]

    clauses = list(tpl.get("clauses", []))
    kind = tpl["kind"]
    if kind not in vocabulary()["edge_kinds"]:
        raise ContentError(f"{where}: kind {short(kind)} is not in the vocabulary", field=where)
    for u in ends(tpl.get("from"), "{card}"):
        for v in ends(tpl.get("to"), None):
            if u == v:
                continue
            why = _fill(tpl["why"], **{"from": G.nodes[u]["label"], "to": G.nodes[v]["label"], "value": value,
                                        "p": p, "card": rec.label if rec else ""})
            prov = provisional_why(rec, {n: chosen[n] for n in (u, v) if n in chosen})
            if not any(d["kind"] == kind and d["why"] == why for d in (G.get_edge_data(u, v) or {}).values()):
                G.add_edge(u, v, kind=kind, clauses=clauses, why=why, scenarios=[], source=source,
                           provisional=bool(prov), provisional_why=prov, on_target_board=bool(tpl.get("on_target_board")),
                           on_own_board=bool(tpl.get("on_own_board")))  # one relation, one edge (verify 44)


def _build_game(game: str, cards: str | Path | None, table: dict[str, Any] | None = None) -> nx.MultiDiGraph:
    """The graph of one game from its card file (``cards``, default the shipped one) and its checked graph table
    (``table`` from :func:`load_graph_table`, default the content folder's)."""
    table = table if table is not None else _table(game)
    where = table.get("where", f"content/graph/{game}.yaml")
    G = nx.MultiDiGraph()
    for n in table.get("nodes", []):
        G.add_node(node_id(game, n["id"]), game=game, kind=n["kind"], label=n["label"], group="", card="",
                   provisional=False, provisional_fields=[], clauses=list(n.get("clauses", [])), text="", type="",
                   timing="", classes=[], pending=False, stands_for=[])
    recs = {r.id: r for r in READERS[game](cards)}
    for r in recs.values():
        if node_id(game, r.id) in G:
            raise ContentError(f"{where}: card id {short(r.id)} is also the id of a word of the rules", field="nodes")
        _add_card(G, game, r)
    for n in (n for n in table.get("nodes", []) if n.get("stands_for")):  # a generic target: the cards it stands for
        G.nodes[node_id(game, n["id"])]["stands_for"] = sorted(
            node_id(game, r.id) for r in recs.values() if _selected(r, n["stands_for"]["select"]))
    effects, params = table.get("effects", {}), table.get("params", {})
    unmapped: dict[str, list[str]] = {}
    for r in recs.values():
        for tpl in table.get("targets", {}).get(r.attrs.get("target") or "none", []):
            _emit(G, game, recs, r, tpl, "target", {}, r.attrs.get("target"), f"{where}: targets")
        for slot in dict.fromkeys(s for s, _e, _p in r.uses):
            for tpl in table.get("slots", {}).get(slot, []):
                _emit(G, game, recs, r, tpl, slot, {}, slot, f"{where}: slots.{slot}")
        for slot, name, prm in r.uses:
            if name not in effects:
                unmapped.setdefault(name, []).append(r.id)
                continue
            flat = _flat(prm)
            for i, tpl in enumerate(effects[name]):
                if all(_matches(flat.get(k), v) for k, v in tpl.get("when", {}).items()):
                    _emit(G, game, recs, r, tpl, name, prm, None, f"{where}: effects.{name}[{i}]")
            for path, value in flat.items():
                if value not in (None, False, "") and path in params:
                    for tpl in params[path]:
                        _emit(G, game, recs, r, tpl, name, prm, value, f"{where}: params.{path}")
    for i, tpl in enumerate(table.get("rules", [])):
        _emit(G, game, recs, None, tpl, "rule", {}, None, f"{where}: rules[{i}]")
    G.graph["unmapped"] = {game: {k: sorted(v) for k, v in sorted(unmapped.items())}}
    pending = sorted(r.label for r in recs.values() if not r.attrs.get("has_effects", True))
    G.graph["missing"] = [{"game": game, **m} for m in table.get("missing", [])] + [
        {"game": game, "interaction": f"{name}'s ability", "needs": "effects in the card file: the tutor does not "
         "play this ability yet, so the graph has no edge for it"} for name in pending]
    return G


def _merge_dicts(Gs: Iterable[nx.MultiDiGraph]) -> dict[str, Any]:
    out: dict[str, Any] = {"unmapped": {}, "missing": []}
    for g in Gs:
        out["unmapped"].update(g.graph.get("unmapped", {}))
        out["missing"] += g.graph.get("missing", [])
    return out


def build(game_id: str | None = None, cards: str | Path | dict[str, str | Path] | None = None,
          scenarios: bool = True, refused: list[str] | None = None) -> nx.MultiDiGraph:
    """The interaction graph of one game, or of the three together (``None`` or ``"all"``).

    Args:
        game_id: ``"restless-spirits"``, ``"spirited"``, ``"spirit-duels"``, ``"all"`` or ``None``.
        cards: a card file to read instead of the shipped one (one game), or ``{game: path}``.
        scenarios: link each edge to the FAQ scenarios that exercise it (runs them once; cached).
        refused: when a list, a game whose card, clauses or graph file does not load is left out of the graph and
            its :class:`ContentError` message (``"<file>: <field>: <what is wrong>"``) appended here; the graph's
            ``games`` lists the games kept. Without it the first such error is raised.

    Raises:
        ValueError: unknown game id (naming the valid ones). ContentError: a bad card or graph file (with
        ``refused``: only when no game loads, or the vocabulary does not).
    """
    games = GAMES if game_id in (None, "all") else (game_id,)
    if any(g not in GAMES for g in games):
        raise ValueError(f"unknown game {short(game_id)}; valid: {', '.join(GAMES)} or 'all'")
    files = cards if isinstance(cards, dict) else ({games[0]: cards} if cards else {})
    parts, first = {}, None
    if refused is not None:
        vocabulary()  # (shared by every game: refused whole)
    for g in games:
        try:
            parts[g] = _build_game(g, files.get(g))
        except ContentError as exc:
            if refused is None:
                raise
            refused.append(str(exc))
            first = first or exc
    if not parts:
        raise first
    G = nx.compose_all(list(parts.values())) if len(parts) > 1 else next(iter(parts.values()))
    G.graph.update(_merge_dicts(parts.values()))
    G.graph["games"] = list(parts)
    if scenarios:
        link_scenarios(G)
    return G


# -- scenarios ------------------------------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def scenario_entries(game: str) -> tuple:
    """``game``'s FAQ scenarios as :class:`tutor.faq.Entry` records (read once per game, none run)."""
    return tuple(build_index(game).entries)


def _mentions(entry) -> set[str]:
    words = {c.lower() for c in entry.covers}
    for cid, name, _k in entry.cards:
        words |= {cid.lower(), name.lower()}
    return words


def _named(G: nx.MultiDiGraph, n: str, words: set[str]) -> bool:
    d = G.nodes[n]
    if d["card"]:
        return d["card"].lower() in words or d["label"].lower() in words
    local = n.split(":", 1)[1].replace("-", " ")
    first = d["label"].lower().split(" (")[0]
    return any(w in (local, first) or (len(w) > 3 and w in first) for w in words)


def link_scenarios(G: nx.MultiDiGraph) -> None:
    """Fill each edge's ``scenarios``: FAQ scenarios of its game that name both ends, or name one end (or, for an
    edge between two words of the rules, none) and check or fire the edge's first clause."""
    for game in G.graph.get("games", GAMES):
        entries = [(e, _mentions(e), set(e.clauses)) for e in scenario_entries(game)]
        for u, v, k, d in G.edges(keys=True, data=True):
            if G.nodes[u]["game"] != game:
                continue
            found = []
            for e, words, cl in entries:
                nu, nv = _named(G, u, words), _named(G, v, words)
                first = d["clauses"][0] if d["clauses"] else None
                cards = G.nodes[u]["card"] or G.nodes[v]["card"]
                if (nu and nv) or (first in cl and (nu or nv or not cards)):
                    found.append(e.id)
            G.edges[u, v, k]["scenarios"] = found


# -- questions ------------------------------------------------------------------------------------------------------
def matches(G: nx.MultiDiGraph, name: str, game: str | None = None) -> list[str]:
    """The nodes ``name`` may mean, best first: the node id itself; else every card or word id (``"nordheim"``) or
    label equal to it, case-insensitive; else every label containing it. Only ``game``'s nodes when it is given.
    Empty when nothing matches."""
    if name in G and (game is None or G.nodes[name]["game"] == game):
        return [name]
    want = name.strip().lower()
    hits = [n for n, d in G.nodes(data=True) if (game is None or d["game"] == game)
            and (n.split(":", 1)[1] == want or d["label"].lower() == want)]
    if not hits:
        hits = [n for n, d in G.nodes(data=True) if (game is None or d["game"] == game) and want
                and want in d["label"].lower()]
    return sorted(hits, key=lambda n: (G.nodes[n]["card"] == "", len(G.nodes[n]["label"])))


def find(G: nx.MultiDiGraph, name: str, game: str | None = None) -> str:
    """The node id for ``name``: the first of :func:`matches` (cards before words, then the shortest label).

    Raises:
        KeyError: no such node.
    """
    if name in G:
        return name
    hits = matches(G, name, game)
    if not hits:
        raise KeyError(f"no node named {short(name)}")
    return hits[0]


def label(G: nx.MultiDiGraph, n: str) -> str:
    return G.nodes[n]["label"]


def entry(G: nx.MultiDiGraph, n: str) -> str:
    """The node's entry in a list of every game's names: ``"Nordheim · Restless Spirits"``."""
    return f"{label(G, n)} · {GAME_TITLES[G.nodes[n]['game']]}"


def candidates(G: nx.MultiDiGraph, text: str, game: str | None = None) -> list[str]:
    """The nodes ``text`` may name, best first: an :func:`entry` (any case), else :func:`matches` (a node or card
    id, a name, part of a name) among ``game``'s nodes first, then every game's."""
    want = text.strip().lower()
    hit = next((n for n in G if entry(G, n).lower() == want), None) if " · " in want else None
    if hit is not None:
        return [hit]
    for g in ([game] if game not in (None, "all") else []) + [None]:
        hits = matches(G, text, g)
        if hits:
            return hits
    return []


def resolve(G: nx.MultiDiGraph, text: str, game: str | None = None) -> tuple[str | None, str]:
    """The one node ``text`` names (see :func:`candidates`), or ``None`` and why not in plain words (no such name,
    or a name several nodes share, listing up to 6 of them)."""
    text = (text or "").strip()
    hits = candidates(G, text, game) if text else []
    if len(hits) == 1:
        return hits[0], ""
    said = short(text, 60, quote=False)  # typed: any length
    if not hits:
        return None, not_found(text, game)
    shown = "; ".join(entry(G, n) for n in hits[:6]) + (f"; and {len(hits) - 6} more" if len(hits) > 6 else "")
    return None, f"“{said}” matches {len(hits)} names ({shown}). Type more of the name, or pick one from the list."


def not_found(text: str, game: str | None = None) -> str:
    """Why ``text`` names no node, in plain words: a card the graph does not hold (a Spirit Guide or a Totem, see
    :func:`tutor.interactions_cards.outside_graph`; ``game``'s first, then every game's) is named with what it is,
    else "no card or rule word is called …"."""
    want = (text or "").strip().lower()
    said = short(text.strip(), 60, quote=False)
    if want:
        for g in ([game] if game in GAMES else []) + [g for g in GAMES if g != game]:
            try:
                absent = outside_graph(g)
            except ContentError:
                continue
            hits = [(n, what) for n, what in absent if n.lower() == want] or \
                [(n, what) for n, what in absent if want in n.lower()]
            if hits:
                name, what = hits[0]
                kinds = sorted({w for _n, w in absent})
                return (f"{name} is a {GAME_TITLES[g]} {what}. {' and '.join(k + 's' for k in kinds)} are not in the "
                        "ability graph: it holds the cards whose abilities act on other cards, and rule words. "
                        "Type another card's name, or pick one from the list.")
    return f"No card or rule word is called “{said}”. Type part of a name, or pick one from the list."


def apart(G: nx.MultiDiGraph, u: str, v: str) -> str:
    """Why ``u`` cannot affect ``v`` when they belong to different games, in plain words (else ``""``)."""
    gu, gv = G.nodes[u]["game"], G.nodes[v]["game"]
    if gu == gv:
        return ""
    cards = [bool(G.nodes[n]["card"]) for n in (u, v)]
    what = ["card" if c else "rule word" for c in cards]
    return (f"{label(G, u)} is a {GAME_TITLES[gu]} {what[0]} and {label(G, v)} a {GAME_TITLES[gv]} {what[1]}: "
            f"{'cards' if all(cards) else 'cards and rules'} of different games never meet.")


def explain(G: nx.MultiDiGraph, u: str, v: str, k: Any) -> str:
    """One edge in plain words: ``"Nordheim blocks Baikeng: <why>"``."""
    d = G.edges[u, v, k]
    return f"{label(G, u)} {d['kind']} {label(G, v)}: {d['why']}"


def affects(G: nx.MultiDiGraph, x: str) -> list[str]:
    """What affects ``x``: one sentence per incoming edge."""
    n = find(G, x)
    return [explain(G, u, v, k) for u, v, k in sorted(G.in_edges(n, keys=True), key=lambda e: (e[0], e[2]))]


def affected_by(G: nx.MultiDiGraph, x: str) -> list[str]:
    """What ``x`` affects: one sentence per outgoing edge."""
    n = find(G, x)
    return [explain(G, u, v, k) for u, v, k in sorted(G.out_edges(n, keys=True), key=lambda e: (e[1], e[2]))]


def paths(G: nx.MultiDiGraph, a: str, b: str, cutoff: int = 4, limit: int = 8) -> list[list[tuple[str, str, Any]]]:
    """Up to ``limit`` shortest ways ``a`` can affect ``b`` (edge paths of at most ``cutoff`` hops)."""
    if (u := find(G, a)) == (v := find(G, b)):
        return []
    # "X copies Y" means X uses Y's ability; Y itself is not affected. So a chain may go on after a copy (X copies
    # Y, and Y's ability acts on Z: X can act on Z) but never ends with one after other hops.
    found = [p for p in nx.all_simple_edge_paths(G, u, v, cutoff=cutoff)
             if (len(p) == 1 or G.edges[p[-1]]["kind"] != "copies") and board_allows(G, p, v)]
    found.sort(key=lambda p: (len(p), [G.edges[e]["kind"] for e in p], p))
    # the same cards by the same kinds of arrow are one way; a single arrow keeps each reason (Takayama removes Nozawa)
    seen: set[tuple] = set()
    keys = [(i,) if len(p) == 1 else tuple((a, b, G.edges[a, b, k]["kind"]) for a, b, k in p)
            for i, p in enumerate(found)]
    return [p for p, key in zip(found, keys) if key not in seen and not seen.add(key)][:limit]


def stopped(G: nx.MultiDiGraph, u: str, v: str) -> str:
    """``v``'s defence against ``u`` in plain words when ``v`` blocks ``u``, else ``""``. With no edge ``u`` to ``v`` it
    always holds: ``"Nozawa cannot act on Nordheim directly: Nordheim blocks Nozawa: ..."``; with one acting on ``v``
    on its owner's board (``on_target_board``) it can stop ``u`` (Onota's Protect token, once): ``"Takayama can act on
    Onota, but Onota's defence can block it: Onota blocks..."``."""
    stops = [explain(G, v, u, k) for k, d in sorted(G.get_edge_data(v, u, default={}).items()) if d["kind"] == "blocks"]
    if not stops or G.has_edge(u, v) and not any(d["on_target_board"] for d in G[u][v].values()):
        return ""  # (no defence, or u acts on v elsewhere: Grindavik copies a released Nordheim, which protects no one)
    if G.has_edge(u, v):
        return f"{label(G, u)} can act on {label(G, v)}, but {label(G, v)}'s defence can block it: " + " ".join(stops)
    return f"{label(G, u)} cannot act on {label(G, v)} directly: " + " ".join(stops)


def how(G: nx.MultiDiGraph, a: str, b: str, cutoff: int = 4) -> str:
    """"How can A affect B?" in plain words: each path, each hop explained."""
    u, v = find(G, a), find(G, b)
    ps = paths(G, u, v, cutoff)
    head = stopped(G, u, v)
    if not ps:
        return head or f"{label(G, u)} cannot affect {label(G, v)} in {cutoff} steps or fewer (no chain of interactions)."
    out = ([head, "Only through other cards:"] if not G.has_edge(u, v) else [head]) if head else []
    for i, p in enumerate(ps, 1):  # (a block further along says what it does: unblocks, protects against)
        chain, hops = way_words(G, p)
        out += [f"{i}. {chain}", *(f"   - {h}" for h in hops)]
    return "\n".join(out)


# -- export ---------------------------------------------------------------------------------------------------------
def check(G: nx.MultiDiGraph) -> list[str]:
    """Problems: an edge kind outside the vocabulary, or a clause id that does not exist (empty when sound)."""
    known = {g: set(game_clauses(g)) for g in G.graph.get("games", GAMES)}
    kinds = set(vocabulary()["edge_kinds"])
    out = []
    for u, v, d in G.edges(data=True):
        g = G.nodes[u]["game"]
        if d["kind"] not in kinds:
            out.append(f"{u} -> {v}: unknown kind {short(d['kind'])}")
        if not d["clauses"]:
            out.append(f"{u} -> {v}: no clause")
        out += [f"{u} -> {v}: unknown clause {short(c)}" for c in d["clauses"] if c not in known[g]]
    for n, d in G.nodes(data=True):
        out += [f"{n}: unknown clause {short(c)}" for c in d["clauses"] if c not in known[d["game"]]]
    return out
