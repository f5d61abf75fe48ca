"""Resolve Dice (Actions: Resolve Dice): declare a symbol showing on at least one die in the player's active pools;
its dice are then resolved one at a time (decision ``resolve-die``). One check per symbol showing: Attack, Magic and
Essence are offered; Blank cannot be declared (``sd.resolve-dice``).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built
from ..dice import SYMBOLS, symbol
from ..state import SDState


@built
def resolve_dice_action(g, seat: int, sym: str, n: int) -> Action:
    return make_action("resolve-dice", seat, f"Resolve dice: declare {sym.capitalize()} ({n} showing)", f"You have "
                       f"{n} {'die' if n == 1 else 'dice'} showing {sym.capitalize()}.",
                       ("sd.resolve-dice", "sd.resolve." + sym, "sd.ruling.resolve-first-die"), None, symbol=sym)


def resolve_dice(g, s: SDState, out: Check) -> None:
    """Each symbol showing on the player's dice: declared (with how many show it), Blank refused."""
    seat = s.current
    showing = [symbol(d.face) for sl in s.players[seat].spirits for d in sl.pool]
    if not showing:
        return
    for sym in SYMBOLS:
        if sym in showing:
            out.ok(resolve_dice_action(g, seat, sym, showing.count(sym)))
    if out.wants_blocked and "blank" in showing:
        out.no("resolve-dice", seat, "Resolve dice: declare Blank", "sd.resolve-dice", "Blank cannot be declared",
               symbol="blank")
