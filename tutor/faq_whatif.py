"""The FAQ explorer's "what if": edit a scenario's set-up (one :data:`Edit` at a time) and get a new, validated
:class:`~tutor.scenario.Scenario` whose partial state (``setup.state``, Restless Spirits shape, see
``tutor/games/restless_spirits/partial.py``) makes the change.

Edits: :class:`AddCard`, :class:`RemoveCard` (in a :class:`Zone`), :class:`SetAP`, :class:`SetCurrent`;
:func:`edit_setup` applies one. :func:`zones`, :func:`zone_cards` and :func:`card_choices` say what can be edited.
Re-exported by :mod:`tutor.faq`.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Union

from .core.errors import ContentError, short
from .core.session import Session
from .scenario import Scenario, start


def card_names(session: Session) -> dict[str, str]:
    """``{card id: name}`` for every card (and guide) of the session's game (empty for a game without cards)."""
    cards = getattr(session.game, "cards", None)
    return {cid: c.name for cid, c in getattr(cards, "by_id", {}).items()} if cards is not None else {}


def choice_labels(ids: list[str], names: dict[str, str]) -> list[str]:
    """A label per card id for a what-if card list: its name, and for a second card of one name
    ``"Spirit Cloak, copy 2"`` (the ids stay out of sight)."""
    labels, seen = [], {}
    for cid in ids:
        name = names.get(cid, cid)
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}, copy {seen[name]}")
    return labels


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
            raise ValueError(f"unknown zone {short(self.name)}; zones: {', '.join(ZONE_KINDS)}")
        if (self.name in PLAYER_ZONES) != (self.seat is not None):
            raise ValueError(f"zone {short(self.name)}: a seat is needed for {', '.join(PLAYER_ZONES)} and only for "
                             "them")

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


def supersedes(new: Edit, old: Edit) -> bool:
    """True when ``new`` makes ``old`` pointless in a list of changes: a new AP for the same seat, or a new current
    player."""
    if isinstance(new, SetAP) and isinstance(old, SetAP):
        return new.seat == old.seat
    return isinstance(new, SetCurrent) and isinstance(old, SetCurrent)


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
        raise ContentError(f"what if: {short(card)} is not in {z.label}", field=z.name)
    if adding and card in zone_cards(prepared, z):
        raise ContentError(f"what if: {short(card)} is already in {z.label}", field=z.name)
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
        raise TypeError(f"not an edit: {short(edit)}")
    new = sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": partial})})
    start(new, where)  # ContentError when the edited set-up is invalid
    return new
