"""Which Spirits and which dice a choice may pick (Keywords and Terms: ally, enemy; Class Abilities), for the
decisions that ask it (:mod:`.decisions`) and the effects that need it (:mod:`.effects`).
"""
from __future__ import annotations

from .ctx import Ctx, can_receive, is_spirit
from .dice import level
from .state import SDState


#: ``need`` of :func:`spirit_options` -> whether a Spirit meets it (``None``: every Spirit does)
_SPIRIT_NEEDS = {"spirit": None, "damageable": can_receive, "damaged": lambda sl: sl.damage > 0,
                 "ready": lambda sl: not sl.exhausted, "exhausted": lambda sl: sl.exhausted}


def seats_of(seat: int, side: str) -> tuple[int, ...]:
    """The seats on ``side`` (``ally``, ``enemy`` or ``any``) seen from ``seat``, ``seat`` first."""
    if side == "ally":
        return (seat,)
    if side == "enemy":
        return (1 - seat,)
    if side == "any":
        return (seat, 1 - seat)
    raise KeyError(side)


def spirit_options(c: Ctx, seat: int, side: str, need: str) -> list[tuple[int, int]]:
    """``(seat, slot)`` pairs a choice of Spirit may pick: ``side`` relative to ``seat``; ``need`` filters:
    ``spirit`` (any Spirit, Presence included), ``damageable``, ``damaged``, ``ready``, ``exhausted``."""
    return spirits_in(c.state, seat, side, need)


def spirits_in(s: SDState, seat: int, side: str, need: str) -> list[tuple[int, int]]:
    """:func:`spirit_options` read from the state ``s`` itself (no step context needed)."""
    seats = seats_of(seat, side)
    ok = _SPIRIT_NEEDS[need]
    players = s.players
    if ok is None:
        return [(t, i) for t in seats for i, sl in enumerate(players[t].spirits) if is_spirit(sl)]
    return [(t, i) for t in seats for i, sl in enumerate(players[t].spirits) if is_spirit(sl) and ok(sl)]


def die_options(c: Ctx, seat: int, side: str, need: str) -> list[tuple[int, int, int]]:
    """``(seat, slot, die)`` triples a choice of die may pick (identical dice in one pool listed once).
    ``need``: ``any``, ``level1`` / ``level2`` (typed dice of that level; never the Advantage Die)."""
    return dice_in(c.state, seat, side, need)


def dice_in(s: SDState, seat: int, side: str, need: str) -> list[tuple[int, int, int]]:
    """:func:`die_options` read from the state ``s`` itself (no step context needed)."""
    want = int(need[-1]) if need in ("level1", "level2") else None
    out = []
    for t in seats_of(seat, side):
        for i, sl in enumerate(s.players[t].spirits):
            if not sl.pool:
                continue
            seen = set()
            for k, d in enumerate(sl.pool):
                if want is not None and level(d.kind) != want:
                    continue
                if (d.kind, d.face) in seen:
                    continue
                seen.add((d.kind, d.face))
                out.append((t, i, k))
    return out


class Targets:
    """What can be chosen in one state, worked out once for that state: for each ``(what, seat, side, filter)``
    asked (``what`` ``"spirit"`` or ``"die"``; the others as :func:`spirit_options` and :func:`die_options` take
    them), whether anything can. The moves make one for the state they check, so the cards of a Hand that need the
    same kind of target (most of them) ask the state once (:func:`.idle.idle_card`)."""

    __slots__ = ("state", "_found")

    def __init__(self, s: SDState) -> None:
        self.state = s
        self._found: dict[tuple[str, int, str, str], bool] = {}

    def any(self, what: str, seat: int, side: str, filt: str) -> bool:
        """Whether a ``what`` on ``side`` of ``seat`` meeting ``filt`` can be chosen now."""
        key = (what, seat, side, filt)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = bool(spirits_in(self.state, seat, side, filt) if what == "spirit"
                                            else dice_in(self.state, seat, side, filt))
        return found
