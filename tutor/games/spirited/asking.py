"""Asking a decision in Spirited: pending when it offers a real choice, passed with an event when it offers none,
made at once when exactly one option exists (ruling ``sp.ruling.single-option``).

The one-option case resolves the decision through the game (``Spirited.resolve_decision``, i.e.
:func:`.resolve.resolve_decision`), which may ask again: asking and resolving recurse into each other through the game
object, not by importing each other.
"""
from __future__ import annotations

from .decisions import decision_actions
from .state import Decision
from .zones import Ctx


def ask(c: Ctx, d: Decision) -> None:
    """Ask decision ``d``: pushed when it has a real choice; passed (event) when it has none; resolved at once when
    exactly one option exists and it may not be skipped (ruling ``sp.ruling.single-option``)."""
    options = decision_actions(c.game, c.state, d)
    real = [a for a in options if a.kind not in ("skip", "done", "finish-march")]
    if not real:
        if d.kind == "march" and d.used:
            return
        c.ev("sp.ruling.nothing-to-choose", f"{c.who(d.actor)}: {_NOTHING.get(d.kind, 'nothing can be chosen')}, so "
             "this step passes.", auto=True, actor=d.actor)
        return
    if len(options) == 1:
        c.ev("sp.ruling.single-option", f"{c.who(d.actor)}: only one choice is possible, so it is made at once: "
             f"{options[0].label}.", auto=True, actor=d.actor)
        c.game.resolve_decision(c, d, options[0])
        return
    c.state.pending.append(d)
    c.asked = (d, options, len(c.events))


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
