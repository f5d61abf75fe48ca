"""Set-up edits of a what-if, the same for every game: which zones, cards, counters, dice and seats a what-if can
change (through each game's adapter: :mod:`.rs`, :mod:`.spirited`, :mod:`.duels`), and :func:`edit_setup`, which
applies one :data:`~.edits.Edit` to a scenario's partial state and returns a new, validated scenario.
"""
from __future__ import annotations

import copy
from types import ModuleType

from ..core.errors import ContentError
from ..core.session import Session
from ..scenario import Scenario, start
from . import duels, rs, spirited
from .edits import (Counter, DieSpec, Edit, FixDie, MoveCard, SetCounter, SetTurn, AddCard, RemoveCard,  # noqa: F401
                    SetAP, SetCurrent, Zone, supersedes)

_ADAPTERS: dict[str, ModuleType] = {"restless-spirits": rs, "spirited": spirited, "spirit-duels": duels}
#: Games whose set-up a what-if can edit.
EDITABLE_GAMES = tuple(_ADAPTERS)


def adapter(game_id: str) -> ModuleType:
    """The what-if adapter of ``game_id``.

    Raises:
        ValueError: no what-if for that game.
    """
    try:
        return _ADAPTERS[game_id]
    except KeyError:
        raise ValueError(f"set-up edits exist for {', '.join(EDITABLE_GAMES)} only") from None


def why_not_editable(session: Session) -> str | None:
    """Why the set-up of ``session`` (a scenario's prepared state) cannot be edited, as a sentence; ``None`` when
    it can (a game without a what-if, or a Spirit Duels draft, cannot)."""
    ad = _ADAPTERS.get(session.game_id)
    if ad is None:
        return f"set-up changes exist for {', '.join(EDITABLE_GAMES)} only"
    check = getattr(ad, "why_not_editable", None)
    return check(session) if check else None


def card_names(session: Session) -> dict[str, str]:
    """``{card id: name}`` of the session's game (Spirited: ``{clan id: clan name}``; Spirit Duels also
    ``{"face=<face>": words}``); a game without a what-if gives its cards' names, or ``{}``."""
    if session.game_id in _ADAPTERS:
        return _ADAPTERS[session.game_id].names(session)
    return rs.names(session)


def edit_names(session: Session) -> dict[str, str]:
    """Words for everything an edit names: cards, counters (``key`` and ``key=value``) and dice, for
    ``edit.describe(names)``."""
    out = card_names(session)
    if session.game_id in _ADAPTERS:
        for c in counters(session):
            out[c.key] = c.label
            out.update({f"{c.key}={v}": w for w, v in c.choices})
        for d in dice(session):
            out[d.key] = d.label
            out.update({f"face={f}": w for w, f in d.faces})
    return out


def choice_labels(ids: list[str], names: dict[str, str]) -> list[str]:
    """A label per card id for a what-if card list: its name, and for a second card of one name
    ``"Spirit Cloak, copy 2"`` (the ids stay out of sight)."""
    labels, seen = [], {}
    for cid in ids:
        name = names.get(cid, cid)
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}, copy {seen[name]}")
    return labels


def zones(session: Session) -> list[Zone]:
    """Every zone of the session's table a card can be in (each seat's, then the table's)."""
    return adapter(session.game_id).zones(session)


def zone_cards(session: Session, zone: Zone) -> list[str]:
    """The cards now in ``zone`` (Spirited: the clans, each once; a deck: each card once).

    Raises:
        ValueError: the game has no such zone or seat.
    """
    return adapter(session.game_id).zone_cards(session, zone)


def card_choices(session: Session, zone: Zone) -> list[str]:
    """Cards that may be added to ``zone`` (of a kind it takes, not already there)."""
    return adapter(session.game_id).card_choices(session, zone)


def targets(session: Session, card: str, source: Zone) -> list[Zone]:
    """The zones ``card`` may be moved to from ``source``."""
    return adapter(session.game_id).targets(session, card, source)


def counters(session: Session) -> list[Counter]:
    """The counters of the prepared set-up a what-if can set, with their values and ranges."""
    return adapter(session.game_id).counters(session)


def dice(session: Session) -> list[DieSpec]:
    """The die faces a what-if can fix (empty for a game without dice)."""
    return adapter(session.game_id).dice(session)


def turn_seats(session: Session) -> list[int]:
    """The seats (1-based) whose turn a what-if can make it."""
    return adapter(session.game_id).turn_seats(session)


def edit_setup(sc: Scenario, edit: Edit, where: str = "what if") -> Scenario:
    """A copy of ``sc`` whose ``setup.state`` also makes ``edit``; the result is started once, so the game's
    partial-state loader validates it (every card keeps exactly one place).

    Only the zones the edit touches are named (with their cards as ``sc`` prepares them), so the rest of the set-up
    stays as it was. ``sc`` is never changed.

    Raises:
        ContentError: the edit is impossible (a card not in the zone, no empty place, a card of the wrong kind, a
            counter out of range, a bad seat), as a sentence a learner understands (``field``: ``"edit"``); or the
            changed set-up is refused by the game's loader (its message names the field).
    """
    try:
        ad = adapter(sc.setup.game)
    except ValueError as exc:
        raise ContentError(f"{where}: {exc}", field="setup.game") from None
    prepared = start(sc, where)
    reason = why_not_editable(prepared)
    if reason:
        raise ContentError(f"{where}: {reason}", field="edit")
    partial = copy.deepcopy(sc.setup.state)
    seat = edit.zone.seat if isinstance(edit, (AddCard, RemoveCard)) else getattr(edit, "seat", None)
    n = len(prepared.state.players)
    try:
        if seat is not None and not 1 <= seat <= n:
            raise ValueError(f"there is no Player {seat} in this game (seats 1..{n})")
        ad.apply(prepared, partial, edit)
    except ValueError as exc:
        raise ContentError(f"{where}: {exc}", field="edit") from None
    new = sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": partial})})
    try:
        start(new, where)
    except ContentError as exc:
        said = str(exc).removeprefix(f"{where}: ").removeprefix("setup.state: ").removeprefix("<state>: ")
        raise ContentError(f"{where}: this set-up is not possible: {said}", field=exc.field) from None
    return new
