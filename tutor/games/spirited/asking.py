"""When a Spirited decision is not asked at all: it offers nothing real to choose (only skipping or finishing), so
the step passes with an event (ruling ``sp.ruling.nothing-to-choose``). The game's flow asks this hook first
(:class:`tutor.core.flow.Flow`, ``passes``); a decision with exactly one option is then made at once by the flow
(ruling ``sp.ruling.single-option``).
"""
from __future__ import annotations

from ...core.model import Action
from .state import Decision
from .zones import Ctx

#: Options that choose nothing: a decision offering only these passes.
NOT_A_CHOICE = ("skip", "done", "finish-march")


def passes(c: Ctx, d: Decision, options: list[Action]) -> bool:
    """True when decision ``d`` offers nothing real to choose: the step passes, said by an event (not for a March
    that already used a Camp: it just ends)."""
    if any(a.kind not in NOT_A_CHOICE for a in options):
        return False
    if not (d.kind == "march" and d.used):
        c.ev("sp.ruling.nothing-to-choose", f"{c.who(d.actor)}: {_NOTHING.get(d.kind, 'nothing can be chosen')}, so "
             "this step passes.", auto=True, actor=d.actor)
    return True


_NOTHING = {
    "scout-play": "no card in hand to play",
    "scout-take": "no face-up card on the Road to Rally or Recruit",
    "effect-rally": "no face-up card on the Road to Rally",
    "effect-recruit": "no face-up card on the Road can be Recruited",
    "raid": "no opponent has an unshielded face-up card to discard",
    "battle-discard": "the Hand holds 5 cards or fewer",
    "battle-medal": "no medal to score or replace",
    "bonus-recruit": "no face-up card on the Road can be Recruited face down",
    "bonus-rally": "no face-up card on the Road to Rally",
    "bonus-manoeuvre": "no swap between Road and Hand is possible",
    "final-recruit": "no card in hand can legally be Recruited",
    "march": "no Camp can forge or steal an Allegiance",
}
