"""The main turn as the Restless Spirits moves read it (On Your Turn; Action Points; Hand Limit).

The main-turn moves all start from the same facts of the current player: the AP left, the Totems and the Blessings
and Curses in hand, room in hand, an empty space on the board. :class:`Turn` works them out once per check and the
moves read them from it (``move(g, t, out)``, :func:`tutor.core.moves.run_moves` passing the turn as the state).
"""
from __future__ import annotations

from ..state import RSState
from ..zones import HAND_LIMIT

#: The cost of a main action that costs AP (Action Points: each action costs 1 AP unless it is a Free Action).
AP_COST = 1

#: The refusal shared by the 1-AP moves when the player has no AP left.
NO_AP = "you have no AP left (it costs 1 AP)"


class Turn:
    """The current player's main turn in state ``s``, worked out once for the moves that check it.

    Attributes: ``s`` (the :class:`RSState`), ``seat``, ``p`` (the :class:`Player`), ``ap`` (AP left), ``totems``
    (the Totems in hand, hand order; a copy may appear twice), ``bc`` (the Blessings and Curses in hand, hand
    order), ``room`` (the hand is below its limit of 7), ``space`` (the board has an empty space; 3 Spirits at most).
    """

    __slots__ = ("s", "seat", "p", "ap", "totems", "bc", "room", "space")

    def __init__(self, g, s: RSState) -> None:
        self.s = s
        self.seat = seat = s.current
        self.p = p = s.players[seat]
        self.ap = p.ap
        kinds = g.card_kinds
        totems: list[str] = []
        bc: list[str] = []
        for c in p.hand:  # (a Python loop: a filter per kind over a hand of a few cards executes more machine code)
            k = kinds[c]
            if k == "totem":
                totems.append(c)
            elif k == "blessing" or k == "curse":
                bc.append(c)
        self.totems = totems
        self.bc = bc
        self.room = p.no_hand_limit or len(p.hand) < HAND_LIMIT  # (zones.hand_room(p) > 0)
        self.space = not all(p.board)  # (a placed Spirit is always true; ``None in board`` would call pydantic's ==)


__all__ = ["AP_COST", "NO_AP", "Turn"]
