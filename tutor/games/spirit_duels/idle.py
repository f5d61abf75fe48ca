"""Cards that are legal to play but would do nothing now (Play a Card; ruling ``sd.ruling.no-target``).

A Move whose every effect needs a Spirit or a die that is not there (Blitzrush with no exhausted ally, Invigorate
with no damaged ally, a reroll with no die in any pool) may still be played: it is paid and discarded, and does
nothing. The tutor keeps such an action and says so before it is taken, from the same option lists the effects
ask from (:func:`.effects.spirit_options`, :func:`.effects.die_options`).
"""
from __future__ import annotations

from .ctx import Ctx
from .effects import effect_works
from .targets import die_options, spirit_options
from .state import SDState, Work

#: work kind -> (what it needs, side from its user, filter); works not listed always do something (or may)
_NEEDS = {"damage": ("spirit", "enemy", "spirit"), "heal": ("spirit", "ally", "damaged"),
          "exhaust": ("spirit", "enemy", "ready"), "ready": ("spirit", "ally", "exhausted"),
          "roll-into": ("spirit", "ally", "spirit"), "zap": ("spirit", "enemy", "damageable")}


def _need(w: Work) -> tuple[str, str, str] | None:
    if w.kind == "tokens":
        return None if w.target is not None else ("spirit", w.side or "enemy", "spirit")
    if w.kind == "die-kw":
        return "die", w.side or "ally", {"upgrade": "level1", "downgrade": "level2"}.get(w.ability, "any")
    return _NEEDS.get(w.kind)


def idle_card(g, s: SDState, seat: int, effects, source: str, spirit: int | None = None,
              still: str = "it would still be paid for and discarded") -> tuple[str, str] | None:
    """``(clause, sentence)`` when playing a card (or using an ability or Item) with ``effects`` would do nothing now:
    each of its effects needs a Spirit or a die and none can be chosen; else ``None``. ``spirit``: the slot of the
    Spirit whose ability it is (its own target when the effect is on itself); ``still``: what the action costs
    anyway, said in brackets. Paying a die only removes options, so an action said to do nothing never does more."""
    works = effect_works(g, effects, seat, source, spirit=spirit)
    if not works:
        return None
    c = Ctx(g, s)
    things = []
    for w in works:
        need = _need(w)
        if need is None:
            return None
        what, side, filt = need
        opts = spirit_options(c, seat, side, filt) if what == "spirit" else die_options(c, seat, side, filt)
        if opts:
            return None
        things.append("Spirit" if what == "spirit" else "die")
    thing = " or ".join(dict.fromkeys(things))
    return "sd.ruling.no-target", f"It would do nothing now: there is no {thing} it can be used on ({still})."
