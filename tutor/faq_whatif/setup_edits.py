"""Set-up edits of a what-if, the same for every game: which zones, cards, counters, dice and seats a what-if can
change (through each game's adapter: :mod:`.rs`, :mod:`.spirited`, :mod:`.duels`), and :func:`edit_setup`, which
applies one :data:`~.edits.Edit` to a scenario's partial state and returns a new, validated scenario.
"""
from __future__ import annotations

import copy
import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

from ..core.errors import ContentError, short
from ..core.session import Session
from ..scenario import Scenario, start
from .edits import (Counter, DieSpec, Edit, FixDie, MoveCard, SetCounter, SetTurn, AddCard, RemoveCard,  # noqa: F401
                    SetAP, SetCurrent, SetDecision, Zone, supersedes, zone_key)

#: Each game's what-if adapter module (in this package).
_ADAPTER_MODULES = {"restless-spirits": "rs", "spirited": "spirited", "spirit-duels": "duels"}


class _Adapters(Mapping):
    """``{game_id: adapter module}`` that imports an adapter (and so its game's engine) only when it is first asked
    for: a page showing a Restless Spirits question never imports the other games' engines (seconds of a page's
    load); listing the ids imports nothing."""

    def __getitem__(self, game_id: str) -> ModuleType:
        return importlib.import_module(f"{__package__}.{_ADAPTER_MODULES[game_id]}")

    def __iter__(self) -> Iterator[str]:
        return iter(_ADAPTER_MODULES)

    def __len__(self) -> int:
        return len(_ADAPTER_MODULES)


_ADAPTERS = _Adapters()
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
    ``{"face=<face>": words}``), and ``{"pending=<decision kind>": words}`` for a pending decision; a game without a
    what-if gives its cards' names, or ``{}``."""
    if session.game_id in _ADAPTERS:
        ad = _ADAPTERS[session.game_id]
        return {**ad.names(session), **{f"pending={k}": w for k, w in ad.DECISION_WORDS.items()}}
    return _ADAPTERS["restless-spirits"].names(session)


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
        out.update({zone_key(z): zone_label(session, z) for z in zones(session)})
    return out


def zone_label(session: Session, zone: Zone) -> str:
    """``zone`` in words for this table: the game's own words when it has them (Spirit Duels: "Player 1's Traits under
    Tychomp"), else :attr:`Zone.label`."""
    own = getattr(adapter(session.game_id), "zone_labels", None) if session.game_id in _ADAPTERS else None
    return (own(session) if own else {}).get(zone, zone.label)


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


def setup_decision(sc: Scenario) -> dict | None:
    """The decision the set-up of ``sc`` ends on (``setup.state.decision``: ``{seat, action}``), else ``None``."""
    d = sc.setup.state.get("decision")
    return d if isinstance(d, dict) else None


def prepared_for_edits(sc: Scenario, where: str = "what if") -> Session:
    """The set-up the edits of ``sc`` change, started: its prepared state, or, when the set-up ends inside an action
    (:func:`setup_decision`), the state just before that action, in its player's turn (edits change what the action
    then meets; the action is taken again after them).

    Raises:
        ContentError: an invalid set-up (naming ``where``).
    """
    d = setup_decision(sc)
    if d is None:
        return start(sc, where)
    partial = {k: v for k, v in sc.setup.state.items() if k != "decision"}
    partial["current"] = d.get("seat")
    return start(sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": partial})}), where)


def turn_choice(sc: Scenario, session: Session) -> tuple[str, list[int]]:
    """What "whose turn" means for ``sc`` (prepared as ``session``) and the seats it can be given to:
    ``("decision", seats)`` when the set-up ends inside an action (a :class:`SetDecision` edit), else
    ``("turn", seats)`` (a :class:`SetCurrent` edit)."""
    return ("decision" if setup_decision(sc) else "turn"), turn_seats(session)


def turn_edit(sc: Scenario, seat: int) -> Edit:
    """The edit that gives the turn (or, in a set-up ending inside an action, the decision) to ``seat``."""
    return SetDecision(seat) if setup_decision(sc) else SetCurrent(seat)


def _set_decision(sc: Scenario, partial: dict, edit: Edit, n: int) -> None:
    """Whose turn or decision: every game the same way (the game's loader checks the result by its rules)."""
    d = setup_decision(sc)
    if isinstance(edit, SetDecision):
        if d is None:
            raise ValueError("this question does not start inside an action, so no decision is pending in its "
                             "set-up: choose whose turn it is instead")
        if not 1 <= edit.seat <= n:
            raise ValueError(f"there is no Player {edit.seat} in this game (seats 1..{n})")
        partial["decision"] = {**d, "seat": edit.seat}
        partial.pop("current", None)  # the turn follows the decision (tutor.core.opening)
    elif d is not None:
        raise ValueError(f"this question starts inside Player {d.get('seat')}'s action, with a decision pending: "
                         "choose whose decision it is instead")


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
    prepared = prepared_for_edits(sc, where)
    reason = why_not_editable(prepared)
    if reason:
        raise ContentError(f"{where}: {reason}", field="edit")
    partial = copy.deepcopy(sc.setup.state)
    seat = edit.zone.seat if isinstance(edit, (AddCard, RemoveCard)) else getattr(edit, "seat", None)
    n = len(prepared.state.players)
    try:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= n):
            raise ValueError(f"there is no Player {short(seat, 40)} in this game (a seat is a number 1..{n})")
        if isinstance(edit, (SetCurrent, SetDecision)):
            _set_decision(sc, partial, edit, n)
        if not isinstance(edit, SetDecision):
            ad.apply(prepared, partial, edit)
    except ValueError as exc:
        raise ContentError(f"{where}: {exc}", field="edit") from None
    new = sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": partial})})
    try:
        start(new, where)
    except ContentError as exc:
        said = str(exc).removeprefix(f"{where}: ").removeprefix("setup.state: ").removeprefix("<state>: ")
        if (exc.field or "").startswith("decision"):  # the rules' reason about the action, not the field
            for field in ("decision.action: ", "decision.seat: "):
                said = said.removeprefix(field)
            raise ContentError(f"{where}: {said}", field=exc.field) from None
        raise ContentError(f"{where}: this set-up is not possible: {said}", field=exc.field) from None
    return new
