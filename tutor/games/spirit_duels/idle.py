"""Cards that are legal to play but would do nothing now (Play a Card; ruling ``sd.ruling.no-target``).

A Move whose every effect needs a Spirit or a die that is not there (Blitzrush with no exhausted ally, Invigorate
with no damaged ally, a reroll with no die in any pool) may still be played: it is paid and discarded, and does
nothing. The tutor keeps such an action and says so before it is taken, from the same option lists the effects
ask from (:func:`.effects.spirit_options`, :func:`.effects.die_options`).
"""
from __future__ import annotations

from ...core.moves import built
from .effects import effect_works
from .targets import Targets
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


def effects_of(g, owner: tuple):
    """The effect list of ``owner``: ``("card", card id)`` (a Move played), ``("ability", line, stage)`` (a Spirit's
    Action) or ``("item", card id)`` (an Item's ability)."""
    if owner[0] == "card":
        return g.cards.by_id[owner[1]].effects
    if owner[0] == "item":
        return g.cards.by_id[owner[1]].ability.effects
    return g.cards.line_by_id[owner[1]].spirits[owner[2] - 1].ability.effects


@built
def effect_needs(g, owner: tuple, spirit: int | None) -> tuple[tuple[str, str, str], ...] | None:
    """What each effect of ``owner`` (see :func:`effects_of`; ``spirit``: the slot of the Spirit whose ability it
    is) needs to choose, ``(what, side, filter)`` each; ``None`` when it has no effect or one that needs nothing (it
    never does nothing). A pure function of the cards, kept per set-up (:func:`tutor.core.moves.built`)."""
    works = effect_works(g, effects_of(g, owner), 0, "", spirit=spirit)
    needs = []
    for w in works:
        need = _need(w)
        if need is None:
            return None
        needs.append(need)
    return tuple(needs) or None


def idle_card(g, s: SDState, seat: int, owner: tuple, spirit: int | None = None,
              still: str = "it would still be paid for and discarded",
              targets: Targets | None = None) -> tuple[str, str] | None:
    """``(clause, sentence)`` when playing a card (or using an ability or Item) whose effects are ``owner``'s (see
    :func:`effects_of`) would do nothing now: each of its effects needs a Spirit or a die and none can be chosen;
    else ``None``. ``spirit``: the slot of the Spirit whose ability it is (its own target when the effect is on
    itself); ``still``: what the action costs anyway, said in brackets. Paying a die only removes options, so an
    action said to do nothing never does more. ``targets``: what can be chosen in ``s``, when the caller asks for
    several cards of one state (made here otherwise)."""
    needs = effect_needs(g, owner, spirit)
    if needs is None:
        return None
    if targets is None:
        targets = Targets(s)
    things = []
    for what, side, filt in needs:
        if targets.any(what, seat, side, filt):
            return None
        things.append("Spirit" if what == "spirit" else "die")
    thing = " or ".join(dict.fromkeys(things))
    return "sd.ruling.no-target", f"It would do nothing now: there is no {thing} it can be used on ({still})."
