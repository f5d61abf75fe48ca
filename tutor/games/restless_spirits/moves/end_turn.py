"""End your turn (On Your Turn: a turn ends when you choose or when your AP and Free Actions run out; unused AP is
not carried over; ruling ``rs.ruling.end-turn-early``).

Always legal in a main turn, never refused (so it is no check, only its action, which
:func:`.legal_turn_actions` adds to the turn's moves). Resolution: :func:`..resolve.main_action` (``end-turn``), then
:func:`..resolve.end_turn` (the automatic pass is :func:`..resolve.after_step`).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import built_once


@built_once
def end_turn_action(g, seat: int, ap: int) -> Action:
    """End ``seat``'s turn with ``ap`` AP unused."""
    lost = f"; your {ap} unused AP {'is' if ap == 1 else 'are'} lost" if ap else ""
    return make_action("end-turn", seat, "End your turn", f"You may end your turn at any time{lost}.",
                       ("rs.turn.end", "rs.turn.no-carry") + (("rs.ruling.end-turn-early",) if ap else ()))
