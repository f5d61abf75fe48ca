"""What the main-turn moves read of the current player's hand and board (On Your Turn; Hand Limit)."""
from __future__ import annotations

from ..state import Player

#: The cost of a main action that costs AP (Action Points: each action costs 1 AP unless it is a Free Action).
AP_COST = 1

#: The refusal shared by the 1-AP moves when the player has no AP left.
NO_AP = "you have no AP left (it costs 1 AP)"


def totems_in_hand(g, p: Player) -> list[str]:
    """The Totems in ``p``'s hand, in hand order (a copy may appear twice)."""
    kind = g.card_kind
    return [c for c in p.hand if kind(c) == "totem"]


def blessings_curses_in_hand(g, p: Player) -> list[str]:
    """The Blessings and Curses in ``p``'s hand, in hand order."""
    kind = g.card_kind
    return [c for c in p.hand if kind(c) in ("blessing", "curse")]


def has_space(p: Player) -> bool:
    """True when ``p``'s board has an empty space (3 Spirits at most)."""
    return not all(p.board)  # (a placed Spirit is always true; ``None in board`` would call pydantic's ==)
