"""Meditate (Actions: Meditate): discard a card from the Hand to reroll any of the player's dice, declared before
rolling (decision ``meditate-pick``). Always legal with a card in hand; with no die in any active pool it only
discards the card, and says so.
"""
from __future__ import annotations

from ....core.model import Action, make_action, mark_idle
from ....core.moves import Check, built
from ..state import SDState


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
    no_dice = not any(sl.pool for sl in p.spirits)
    for cid in sorted(set(p.hand)):
        out.ok(meditate_action(g, seat, cid, no_dice))
