"""A read-only view of a Restless Spirits state for the pages (``tutor.view(session)``): what the board shows that the
rules decide (how many released Spirits a player needs, the Hand Limit), so the views never restate a rule nor
import the engine's internals. (Whether a Spirit is Light or Dark is its card's ``light``.)

Rulebook sections: "Triggering the Endgame", "Hand Limit"; Solo Mode: "Winning".
"""
from __future__ import annotations

from .resolve import RELEASES_TO_TRIGGER
from .state import RSState
from .zones import HAND_LIMIT


class RSView:
    """Answers about one Restless Spirits state; nothing here changes the state."""

    #: The most cards a hand may hold (Hand Limit; Obayashi lifts it for its owner).
    hand_limit: int = HAND_LIMIT

    def __init__(self, game, state: RSState) -> None:
        self._game = game
        self._state = state

    @property
    def release_goal(self) -> str:
        """The released Spirits a player needs: ``"5"``, ``"4"`` or ``"3"`` to trigger the endgame with 2, 3 or 4
        players; ``"6+"`` in Solo Mode (6 or more, one of each type)."""
        n = len(self._state.players)
        return "6+" if n == 1 else str(RELEASES_TO_TRIGGER.get(n, 5))
