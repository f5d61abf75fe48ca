"""Meditate (Actions: Meditate): discard a card from the Hand to reroll any of the player's dice, declared before
rolling (decision ``meditate-pick``). Always legal with a card in hand; with no die in any active pool it only
discards the card, and says so.
"""
from __future__ import annotations

from operator import attrgetter

from ....core.model import Action, make_action, mark_idle
from ....core.moves import Check, built
from ..state import SDState


#: a Spirit's active pool (its dice), read for each Spirit of the player
_POOL = attrgetter("pool")


@built
def meditate_action(g, seat: int, cid: str, no_dice: bool) -> Action:
    a = make_action("meditate", seat, f"Meditate: discard {g.card_label(cid)} and reroll dice you declare",
                    "Meditate lets you discard a card to reroll any of your dice.", ("sd.meditate",), None, card=cid)
    if not no_dice:
        return a
    return mark_idle(a, "sd.meditate", "It would do nothing now: none of your Spirits has a die in its active pool, "
                                       "so there is nothing to reroll (the card would still be discarded).")


def meditate(g, s: SDState, out: Check) -> None:
    """Each card in the Hand (once per card id): Meditate discarding it."""
    seat = s.current
    p = s.players[seat]
    no_dice = not any(map(_POOL, p.spirits))
    acts = meditate_action.kept(g)  # (looked up by their arguments: every card of the Hand, most steps)
    out.ok_all([acts[seat, cid, no_dice] for cid in sorted(set(p.hand))])


def marked_dice(s: SDState, seat: int) -> frozenset[tuple[int, int]]:
    """The dice of ``seat`` (0-based) declared for a Meditate reroll not rolled yet, as ``(spirit, die)`` pairs
    (0-based indexes of the seat's Spirits and of the dice in that Spirit's active pool); empty when no Meditate of
    that seat is under way (Actions > Meditate). Read by the view and by the computer's judge."""
    return frozenset((m.spirit, m.die) for d in s.pending
                     if d.kind == "meditate-pick" and d.actor == seat for m in d.work.marked)
