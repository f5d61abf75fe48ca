"""A read-only view of a Spirited state for the pages (``tutor.view(session)``): what the board shows that the
rules decide (a card's clan, the Allegiances a seat holds, a medal's value now, an Overrun Limit now), so the views
never restate a rule nor import the engine's internals.

Rulebook sections: "Overrun", "Allegiances", "Battles & the Time Track".
"""
from __future__ import annotations

from .cards import clan_of, medal_kind
from .state import Allegiance, SPState
from .zones import held, medal_value, overrun_limit


class SpiritedView:
    """Answers about one Spirited state; nothing here changes the state."""

    clan_of = staticmethod(clan_of)
    medal_kind = staticmethod(medal_kind)

    def __init__(self, game, state: SPState) -> None:
        self._game = game
        self._state = state

    def held(self, seat: int) -> list[Allegiance]:
        """The Allegiances ``seat`` (0-based) holds."""
        return held(self._state, seat)

    def medal_value(self, allegiance: Allegiance) -> int:
        """The current value of an Allegiance's medal (printed value, one lower when exhausted; 0 without one)."""
        return medal_value(self._game, allegiance)

    def overrun_limit(self, seat: int, clan: str) -> int:
        """The Overrun Limit of ``clan`` for ``seat`` now, with the Gold medal and any lowering applied."""
        return overrun_limit(self._game, self._state, seat, clan)
