"""Which Spirits and which dice a choice may pick (Keywords and Terms: ally, enemy; Class Abilities), for the
decisions that ask it (:mod:`.decisions`) and the effects that need it (:mod:`.effects`).
"""
from __future__ import annotations

from .ctx import Ctx, can_receive, is_spirit
from .dice import level


#: ``need`` of :func:`spirit_options` -> whether a Spirit meets it
_SPIRIT_NEEDS = {"spirit": lambda sl: True, "damageable": can_receive, "damaged": lambda sl: sl.damage > 0,
                 "ready": lambda sl: not sl.exhausted, "exhausted": lambda sl: sl.exhausted}


def spirit_options(c: Ctx, seat: int, side: str, need: str) -> list[tuple[int, int]]:
    """``(seat, slot)`` pairs a choice of Spirit may pick: ``side`` relative to ``seat``; ``need`` filters:
    ``spirit`` (any Spirit, Presence included), ``damageable``, ``damaged``, ``ready``, ``exhausted``."""
    seats = {"ally": [seat], "enemy": [1 - seat], "any": [seat, 1 - seat]}[side]
    ok = _SPIRIT_NEEDS[need]
    players = c.state.players
    return [(t, i) for t in seats for i, sl in enumerate(players[t].spirits) if is_spirit(sl) and ok(sl)]


def die_options(c: Ctx, seat: int, side: str, need: str) -> list[tuple[int, int, int]]:
    """``(seat, slot, die)`` triples a choice of die may pick (identical dice in one pool listed once).
    ``need``: ``any``, ``level1`` / ``level2`` (typed dice of that level; never the Advantage Die)."""
    seats = {"ally": [seat], "enemy": [1 - seat], "any": [seat, 1 - seat]}[side]
    out = []
    for t in seats:
        for i, sl in enumerate(c.state.players[t].spirits):
            seen = set()
            for k, d in enumerate(sl.pool):
                if need in ("level1", "level2") and level(d.kind) != int(need[-1]):
                    continue
                if (d.kind, d.face) in seen:
                    continue
                seen.add((d.kind, d.face))
                out.append((t, i, k))
    return out
