"""End your turn (On Your Turn: a turn ends when you choose or when your AP and Free Actions run out; unused AP is
not carried over; ruling ``rs.ruling.end-turn-early``).

Always legal in a main turn, never refused. Resolution: :func:`..resolve.main_action` (``end-turn``), then
:func:`..resolve.end_turn` (the automatic pass is :func:`..resolve.after_step`).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built_once
from ..state import RSState


def end_turn(g, s: RSState, out: Check) -> None:
    """End the current player's turn."""
    out.ok(end_turn_action(g, s.current, s.players[s.current].ap))


@built_once
def end_turn_action(g, seat: int, ap: int) -> Action:
    """End ``seat``'s turn with ``ap`` AP unused."""
    lost = f"; your {ap} unused AP {'is' if ap == 1 else 'are'} lost" if ap else ""
    return make_action("end-turn", seat, "End your turn", f"You may end your turn at any time{lost}.",
                       ("rs.turn.end", "rs.turn.no-carry") + (("rs.ruling.end-turn-early",) if ap else ()))
