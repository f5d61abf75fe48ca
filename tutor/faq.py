"""The FAQ explorer's logic: an index of every scenario, search, the learner's place in a scenario's script, live
expectation checks, and "what if" edits of a scenario's set-up.

The views (``widgets/faq.py``) only show what this module says:

- :func:`build_index` loads and runs every shipped scenario once and returns :class:`Entry` records (question,
  answer, tags, the cards its set-up names, the clauses it checks or fires); :func:`search` filters them.
- :func:`script_status` says how far a session follows a scenario's script and what the next scripted action is;
  :func:`next_action` finds it. :func:`expectation_status` checks every expectation at its own point of the script.
- :func:`edit_setup` applies one :data:`Edit` (:class:`AddCard`, :class:`RemoveCard`, :class:`SetAP`,
  :class:`SetCurrent`) to a scenario's partial state (``setup.state``, Restless Spirits shape, see
  ``tutor/games/restless_spirits/partial.py``) and returns a new, validated :class:`~tutor.scenario.Scenario`.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Union

from .core.errors import ContentError, IllegalAction
from .core.model import Action
from .core.session import Session
from .scenario import ActionRef, Expect, Scenario, all_scenarios, check, find, load_scenario, run, start


def game_title(game_id: str) -> str:
    """A game's display name: ``"restless-spirits"`` -> ``"Restless Spirits"``."""
    return game_id.replace("-", " ").title()


def card_names(session: Session) -> dict[str, str]:
    """``{card id: name}`` for every card (and guide) of the session's game (empty for a game without cards)."""
    cards = getattr(session.game, "cards", None)
    return {cid: c.name for cid, c in getattr(cards, "by_id", {}).items()} if cards is not None else {}


# -- the index ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One scenario as the explorer lists it.

    Attributes:
        id, game, title, question, answer: from the scenario's ``meta`` and ``setup``.
        path: the scenario file.
        scenario: the validated :class:`~tutor.scenario.Scenario`.
        covers: the scenario's own search tags (``meta.covers``).
        cards: ``(card id, name, kind)`` of every card named in the set-up (options and partial state) or the script.
        clauses: clause ids its expectations name or its script fires, in first-seen order.
        ok: whether every expectation held when the index was built.
    """

    id: str
    game: str
    title: str
    question: str
    answer: str
    path: Path
    scenario: Scenario
    covers: tuple[str, ...] = ()
    cards: tuple[tuple[str, str, str], ...] = ()
    clauses: tuple[str, ...] = ()
    ok: bool = True
    _text: str = field(default="", repr=False, compare=False)

    @property
    def tags(self) -> tuple[str, ...]:
        """``covers`` then the names of the Spirits, then of the other cards (guides left out) named in the set-up
        and not already among them (case-insensitive), for display."""
        seen = {c.lower() for c in self.covers}
        out = list(self.covers)
        ranked = sorted(self.cards, key=lambda c: c[2] != "spirit")
        for _cid, name, kind in ranked:
            if kind != "guide" and name.lower() not in seen:
                seen.add(name.lower())
                out.append(name)
        return tuple(out)

    def matches(self, words: list[str]) -> bool:
        """True when every (lower-case) word occurs in the entry's searchable text."""
        return all(x in self._text for x in words)


@dataclass(frozen=True)
class Index:
    """Every scenario that loaded (``entries``, by game then file name), one line per file that did not
    (``problems``: invalid file, duplicate id), and ``waiting``: ``(game id, number of scenarios)`` for known games
    whose rules are not in the engine yet (their scenarios cannot run, so they are counted, not listed)."""

    entries: tuple[Entry, ...]
    problems: tuple[str, ...] = ()
    waiting: tuple[tuple[str, int], ...] = ()

    def get(self, scenario_id: str) -> Entry:
        """The entry with id ``scenario_id``.

        Raises:
            KeyError: naming the id and the known ids.
        """
        for e in self.entries:
            if e.id == scenario_id:
                return e
        raise KeyError(f"no scenario with id {scenario_id!r}; known ids: {', '.join(e.id for e in self.entries)}")

    @property
    def games(self) -> tuple[str, ...]:
        """The game ids that have at least one scenario, in index order."""
        return tuple(dict.fromkeys(e.game for e in self.entries))


def _strings(value: Any):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def make_entry(sc: Scenario, path: Path | str) -> Entry:
    """Run ``sc`` once and build its :class:`Entry` (cards named, clauses checked or fired, search text).

    Raises:
        ContentError: the scenario's set-up or script is invalid (naming the file and field).
    """
    where = str(path)
    res = run(sc, where)
    prepared = start(sc, where)
    names = card_names(prepared)
    named = [v for v in _strings([sc.setup.options, sc.setup.state, [r.params() for r in sc.script]]) if v in names]
    kind = getattr(prepared.game, "card_kind", lambda _c: "card")
    cards = tuple((cid, names[cid], kind(cid)) for cid in dict.fromkeys(named))
    cl: list[str] = []
    for e in sc.expect:
        cl += e.fired + e.not_fired + [b.clause for b in e.blocked if b.clause]
    cl += [ev.clause for st in res.steps for ev in st.events]
    clauses = tuple(dict.fromkeys(cl))
    from . import clauses as game_clauses
    titles = game_clauses(sc.setup.game)
    m = sc.meta
    text = " ".join([m.id, m.title, m.question, sc.setup.game, game_title(sc.setup.game), *m.covers,
                     *(f"{cid} {n}" for cid, n, _k in cards),
                     *(f"{c} {titles[c].title if c in titles else ''}" for c in clauses)]).lower()
    return Entry(id=m.id, game=sc.setup.game, title=m.title or m.question, question=m.question, answer=m.answer,
                 path=Path(path), scenario=sc, covers=tuple(m.covers), cards=cards, clauses=clauses, ok=res.ok,
                 _text=text)


def build_index(game_id: str | None = None, paths: list[Path | str] | None = None) -> Index:
    """Load and run every scenario (of one game, of all games, or the files ``paths``) into an :class:`Index`.

    A file that fails to load or run is left out and named in ``problems``; so is a second file with an id
    already taken. Files of a known game that is not playable yet are counted in ``waiting``.
    """
    from .registry import KNOWN_GAMES, game_classes
    files = [Path(p) for p in paths] if paths is not None else all_scenarios(game_id)
    entries: list[Entry] = []
    problems: list[str] = []
    waiting: dict[str, int] = {}
    seen: dict[str, Path] = {}
    playable = set(game_classes())
    for f in files:
        folder = f.parent.parent.name if f.parent.name == "scenarios" else None
        if folder in KNOWN_GAMES and folder not in playable:  # content/<game>/scenarios/: no need to read it
            waiting[folder] = waiting.get(folder, 0) + 1
            continue
        try:
            sc = load_scenario(f)
            if sc.meta.id in seen:
                raise ContentError(f"{f}: meta.id: {sc.meta.id!r} is already the id of {seen[sc.meta.id]}",
                                   path=str(f), field="meta.id")
            entries.append(make_entry(sc, f))
            seen[sc.meta.id] = f
        except ContentError as exc:
            game = _game_of(f)
            if exc.field == "setup.game" and game in KNOWN_GAMES and game not in playable:
                waiting[game] = waiting.get(game, 0) + 1
            else:
                problems.append(str(exc))
    return Index(tuple(entries), tuple(problems), tuple(waiting.items()))


def _game_of(path: Path) -> str | None:
    from .core.content import parse_yaml, read_text
    try:
        data = parse_yaml(read_text(path), str(path))
    except ContentError:
        return None
    setup = data.get("setup") if isinstance(data, dict) else None
    return setup.get("game") if isinstance(setup, dict) else None


def search(entries: tuple[Entry, ...] | list[Entry], query: str = "", game: str | None = None) -> list[Entry]:
    """The entries of ``game`` (or of every game) whose text contains every word of ``query`` (case-insensitive).

    Searched: id, title, question, game, ``covers``, the ids and names of the cards in the set-up and script, the
    ids and titles of the clauses the scenario checks or fires. An empty query keeps every entry.
    """
    words = query.lower().split()
    return [e for e in entries if (game is None or e.game == game) and e.matches(words)]


# -- following the script ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScriptStatus:
    """Where a session stands against a scenario's script.

    Attributes:
        done: leading steps of the history that follow the script.
        total: length of the script.
        off_script: True when the history has a step the script does not have there (the learner's own move).
        next_ref: the next scripted action selector (``None`` at the end or off script).
        problem: why the next scripted action cannot be taken now (e.g. after a "what if" edit), else ``None``.
    """

    done: int
    total: int
    off_script: bool
    next_ref: ActionRef | None
    problem: str | None = None

    @property
    def finished(self) -> bool:
        """True when every scripted step has been taken and nothing else."""
        return not self.off_script and self.done == self.total


def _followed(sc: Scenario, session: Session) -> int:
    n = 0
    for st, ref in zip(session.history, sc.script):
        if not ref.matches(st.action):
            break
        n += 1
    return n


def script_status(sc: Scenario, session: Session) -> ScriptStatus:
    """How far ``session`` follows ``sc.script`` and whether its next step can be taken (see :class:`ScriptStatus`)."""
    done = _followed(sc, session)
    off = len(session.history) > done
    ref = sc.script[done] if not off and done < len(sc.script) else None
    problem = None
    if ref is not None:
        try:
            find(session, ref)
        except (IllegalAction, ContentError) as exc:
            problem = str(exc)
    return ScriptStatus(done, len(sc.script), off, ref, problem)


def next_action(sc: Scenario, session: Session) -> Action:
    """The legal action the script takes next.

    Raises:
        IllegalAction: the script is finished, the session left the script, or the scripted action is not legal
            now (naming it and why).
    """
    st = script_status(sc, session)
    if st.off_script:
        raise IllegalAction(f"you left the script after step {st.done}: go back to follow it again",
                            code="off-script")
    if st.next_ref is None:
        raise IllegalAction("the script is finished", code="script-done")
    return find(session, st.next_ref)


def describe_ref(ref: ActionRef, names: dict[str, str] | None = None) -> str:
    """``"play-totem (totem: Spirit Cloak, space: 1)"``: an action selector with card ids shown by name."""
    names = names or {}
    params = ", ".join(f"{k}: {names.get(v, v) if isinstance(v, str) else v}" for k, v in ref.params().items())
    return f"{ref.kind} ({params})" if params else ref.kind


# -- expectations, checked live -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ExpectStatus:
    """One expectation of a scenario and its result now.

    Attributes:
        index: position in ``scenario.expect``.
        after: the number of script steps after which it is checked.
        lines: what it expects, one readable line per part.
        state: ``"pass"``, ``"fail"``, ``"waiting"`` (its step is not reached yet) or ``"off-script"`` (the
            learner left the script before its step).
        failures: the failed parts (only for ``"fail"``).
    """

    index: int
    after: int
    lines: tuple[str, ...]
    state: Literal["pass", "fail", "waiting", "off-script"]
    failures: tuple[str, ...] = ()


def describe_expect(e: Expect, names: dict[str, str] | None = None, titles: dict[str, str] | None = None) -> list[str]:
    """Readable lines for expectation ``e``: card ids shown by ``names``, clause ids with their ``titles``."""
    names, titles = names or {}, titles or {}
    rule = lambda c: f"{titles[c]} ({c})" if c in titles else c

    def show(v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(show(x) for x in v) + "]"
        return names.get(v, v) if isinstance(v, str) else str(v)

    last = " in the last step" if e.only_last else ""
    out = [f"legal: {describe_ref(r, names)}" for r in e.legal]
    out += [f"not legal: {describe_ref(r, names)}" for r in e.not_legal]
    out += [f"blocked: {b.kind}" + (f" by {b.clause}" if b.clause else "") + (f" ({b.label})" if b.label else "")
            for b in e.blocked]
    out += [f"rule fires{last}: {rule(c)}" for c in e.fired]
    out += [f"rule does not fire{last}: {rule(c)}" for c in e.not_fired]
    out += [f"{k} = {show(v)}" for k, v in e.state.items()]
    return out


def expectation_status(sc: Scenario, session: Session) -> list[ExpectStatus]:
    """Every expectation of ``sc`` checked against ``session`` at its own point of the script.

    An expectation for step ``n`` is checked once the session has followed the script for ``n`` steps: on the
    session itself when it stands exactly there, else on a replay of its first ``n`` steps from ``start(sc)``.
    ``sc`` must be the scenario the session was started from (after any "what if" edits).
    """
    names = card_names(session)
    titles = {cid: c.title for cid, c in session.game.clauses.items()}
    hist = session.history
    done = _followed(sc, session)
    replays: dict[int, Session] = {}
    out: list[ExpectStatus] = []
    for i, e in enumerate(sc.expect):
        after = len(sc.script) if e.after is None else e.after
        lines = tuple(describe_expect(e, names, titles))
        if after > done:
            state = "off-script" if len(hist) > done else "waiting"
            out.append(ExpectStatus(i, after, lines, state))
            continue
        if after == len(hist):
            at, steps = session, hist
        else:
            if after not in replays:
                again = start(sc)
                for st in hist[:after]:
                    again.apply(st.action.id)
                replays[after] = again
            at, steps = replays[after], replays[after].history
        try:
            failed = check(at, steps, e)
        except ContentError as exc:
            failed = [str(exc)]
        out.append(ExpectStatus(i, after, lines, "fail" if failed else "pass", tuple(failed)))
    return out


# -- what if: editing the set-up ---------------------------------------------------------------------------------------
#: Zones a card can be added to or removed from (Restless Spirits), with the card kinds each takes.
ZONE_KINDS: dict[str, tuple[str, ...]] = {
    "hand": ("totem", "blessing", "curse"), "board": ("spirit",), "released": ("spirit",),
    "lost_spirits": ("spirit",), "markets": ("totem",), "shrine": ("totem",), "totem_discard": ("totem",),
    "spirit_discard": ("spirit",),
}
PLAYER_ZONES = ("hand", "board", "released")
_ZONE_TITLES = {"lost_spirits": "the Lost Spirits row", "markets": "the Totem markets", "shrine": "the Shrine",
                "totem_discard": "the Totem discard pile", "spirit_discard": "the Spirit discard pile"}
_PLAYER_TITLES = {"hand": "hand", "board": "board", "released": "released Spirits"}
EDITABLE_GAMES = ("restless-spirits",)


@dataclass(frozen=True)
class Zone:
    """A place for cards: a player zone (``hand``, ``board``, ``released``, with a 1-based ``seat``) or a table
    zone (``lost_spirits``, ``markets``, ``shrine``, ``totem_discard``, ``spirit_discard``)."""

    name: str
    seat: int | None = None

    def __post_init__(self) -> None:
        if self.name not in ZONE_KINDS:
            raise ValueError(f"unknown zone {self.name!r}; zones: {', '.join(ZONE_KINDS)}")
        if (self.name in PLAYER_ZONES) != (self.seat is not None):
            raise ValueError(f"zone {self.name!r}: a seat is needed for {', '.join(PLAYER_ZONES)} and only for them")

    @property
    def label(self) -> str:
        """``"Player 1's hand"``, ``"the Shrine"``."""
        if self.seat is not None:
            return f"Player {self.seat}'s {_PLAYER_TITLES[self.name]}"
        return _ZONE_TITLES[self.name]


@dataclass(frozen=True)
class AddCard:
    """Put ``card`` into ``zone`` (taken from wherever it was; a board or row takes its first empty place; the
    Shrine takes it on top)."""

    zone: Zone
    card: str

    def describe(self, names: dict[str, str] | None = None) -> str:
        return f"added {(names or {}).get(self.card, self.card)} to {self.zone.label}"


@dataclass(frozen=True)
class RemoveCard:
    """Take ``card`` out of ``zone`` (it goes to the bottom of its deck)."""

    zone: Zone
    card: str

    def describe(self, names: dict[str, str] | None = None) -> str:
        return f"removed {(names or {}).get(self.card, self.card)} from {self.zone.label}"


@dataclass(frozen=True)
class SetAP:
    """Give player ``seat`` (1-based) ``ap`` Action Points."""

    seat: int
    ap: int

    def describe(self, names: dict[str, str] | None = None) -> str:
        return f"Player {self.seat} has {self.ap} AP"


@dataclass(frozen=True)
class SetCurrent:
    """Make it player ``seat``'s (1-based) turn."""

    seat: int

    def describe(self, names: dict[str, str] | None = None) -> str:
        return f"it is Player {self.seat}'s turn"


Edit = Union[AddCard, RemoveCard, SetAP, SetCurrent]


def zones(session: Session) -> list[Zone]:
    """Every zone of the session's table: each seat's hand, board and released Spirits, then the table zones."""
    seats = range(1, len(session.state.players) + 1)
    return [Zone(z, n) for n in seats for z in PLAYER_ZONES] + [Zone(z) for z in ZONE_KINDS if z not in PLAYER_ZONES]


def zone_cards(session: Session, zone: Zone) -> list[str]:
    """The cards now in ``zone`` of the session's state (a board: its Spirits; markets: both rows)."""
    s = session.state
    if zone.seat is not None:
        if not 1 <= zone.seat <= len(s.players):
            raise ValueError(f"seat must be 1..{len(s.players)}, got {zone.seat}")
        p = s.players[zone.seat - 1]
        if zone.name == "board":
            return [ps.card for ps in p.board if ps is not None]
        return list(getattr(p, zone.name))
    if zone.name == "markets":
        return [c for row in s.markets for c in row if c]
    return [c for c in getattr(s, zone.name) if c]


def card_choices(session: Session, zone: Zone) -> list[str]:
    """Card ids that may be added to ``zone``: every card of a kind the zone takes, not already in it, by name."""
    g = session.game
    names = card_names(session)
    have = set(zone_cards(session, zone))
    kinds = ZONE_KINDS[zone.name]
    ok = [cid for cid in names if g.card_kind(cid) in kinds and cid not in have]
    return sorted(ok, key=lambda c: (names[c].lower(), c))


def _player_part(partial: dict, seat: int) -> dict:
    players = partial.setdefault("players", [])
    for pp in players:
        if isinstance(pp, dict) and pp.get("seat") == seat:
            return pp
    pp = {"seat": seat}
    players.append(pp)
    return pp


def _unname(partial: dict, card: str) -> None:
    """Remove ``card`` from every zone the partial state names, so that naming it again elsewhere moves it."""
    drop = lambda lst: [x for x in lst if x != card]
    for pp in partial.get("players") or []:
        for name in ("hand", "released"):
            if isinstance(pp.get(name), list):
                pp[name] = drop(pp[name])
        if isinstance(pp.get("board"), list):
            pp["board"] = [None if isinstance(b, dict) and b.get("card") == card else
                           ({**b, "totems": drop(b.get("totems") or [])} if isinstance(b, dict) else b)
                           for b in pp["board"]]
    if isinstance(partial.get("lost_spirits"), list):
        partial["lost_spirits"] = [None if x == card else x for x in partial["lost_spirits"]]
    if isinstance(partial.get("markets"), list):
        partial["markets"] = [[None if x == card else x for x in row] for row in partial["markets"]]
    for name in ("shrine", "totem_discard", "spirit_discard"):
        if isinstance(partial.get(name), list):
            partial[name] = drop(partial[name])
    tops = partial.get("deck_tops")
    if isinstance(tops, dict):
        for k, v in tops.items():
            if isinstance(v, list):
                tops[k] = drop(v)


def _place(prepared: Session, partial: dict, edit: AddCard | RemoveCard) -> None:
    z, card, adding = edit.zone, edit.card, isinstance(edit, AddCard)
    s = prepared.state
    if not adding and card not in zone_cards(prepared, z):
        raise ContentError(f"what if: {card!r} is not in {z.label}", field=z.name)
    if adding and card in zone_cards(prepared, z):
        raise ContentError(f"what if: {card!r} is already in {z.label}", field=z.name)
    if adding:
        _unname(partial, card)
    if z.seat is not None:
        p = s.players[z.seat - 1]
        part = _player_part(partial, z.seat)
        if z.name == "board":
            spaces = [None if ps is None or ps.card == card else
                      {"card": ps.card, "totems": list(ps.totems), "used": ps.used} for ps in p.board]
            if adding:
                if None not in spaces:
                    raise ContentError(f"what if: {z.label} has no empty space (3 Spirits at most)", field="board")
                spaces[spaces.index(None)] = {"card": card, "totems": [], "used": False}
            part["board"] = spaces
        else:
            cards = [c for c in getattr(p, z.name) if c != card]
            part[z.name] = cards + [card] if adding else cards
        return
    if z.name in ("lost_spirits", "markets"):
        rows = [list(s.lost_spirits)] if z.name == "lost_spirits" else [list(r) for r in s.markets]
        rows = [[None if x == card else x for x in row] for row in rows]
        if adding:
            free = [(i, j) for i, row in enumerate(rows) for j, x in enumerate(row) if x is None]
            if not free:
                raise ContentError(f"what if: {z.label} has no empty place; remove a card first", field=z.name)
            rows[free[0][0]][free[0][1]] = card
        partial[z.name] = rows[0] if z.name == "lost_spirits" else rows
        return
    cards = [c for c in getattr(s, z.name) if c != card]
    partial[z.name] = cards + [card] if adding else cards


def edit_setup(sc: Scenario, edit: Edit, where: str = "what if") -> Scenario:
    """A copy of ``sc`` whose ``setup.state`` also makes ``edit``; the result is started once to validate it.

    Only the zone the edit touches is named (with its cards as prepared by ``sc``), so the rest of the set-up stays
    as it was. Cards taken out of a zone go to the bottom of their deck; a card added is taken from wherever it was.

    Raises:
        ContentError: the edit is impossible (card not in the zone, no empty place, a card of the wrong kind, a bad
            seat or AP), naming what is wrong; ``sc`` is unchanged.
    """
    if sc.setup.game not in EDITABLE_GAMES:
        raise ContentError(f"{where}: set-up edits exist for {', '.join(EDITABLE_GAMES)} only", field="setup.game")
    prepared = start(sc, where)
    partial = copy.deepcopy(sc.setup.state)
    n = len(prepared.state.players)
    seat = edit.zone.seat if isinstance(edit, (AddCard, RemoveCard)) else edit.seat
    if seat is not None and not 1 <= seat <= n:
        raise ContentError(f"{where}: seat must be 1..{n}, got {seat}", field="seat")
    if isinstance(edit, (AddCard, RemoveCard)):
        _place(prepared, partial, edit)
    elif isinstance(edit, SetAP):
        _player_part(partial, edit.seat)["ap"] = edit.ap
    elif isinstance(edit, SetCurrent):
        partial["current"] = edit.seat
    else:
        raise TypeError(f"not an edit: {edit!r}")
    new = sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": partial})})
    start(new, where)  # ContentError when the edited set-up is invalid
    return new
