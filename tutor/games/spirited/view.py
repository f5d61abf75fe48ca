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

    @staticmethod
    def key_event(event) -> bool:
        """True for an event a learner must not miss: Spirit (the score) gained, a medal or an Allegiance claimed or
        stolen, a Wonder taken, a winner named (Allegiances; Battles & the Time Track; Turn Structure).
        ``event`` is a :class:`tutor.Event`; the pages show such lines of a step even when they fold its other lines
        away. A card's, an Allegiance's or a Wonder's own effect is a key event when it gains Spirit (the words
        :func:`.effects._gain_spirit` writes)."""
        return event.clause in KEY_CLAUSES or (event.clause in EFFECT_CLAUSES and " Spirit [provisional] (" in event.text
                                               and " gains " in event.text)

    def held(self, seat: int) -> list[Allegiance]:
        """The Allegiances ``seat`` (0-based) holds."""
        return held(self._state, seat)

    def medal_value(self, allegiance: Allegiance) -> int:
        """The current value of an Allegiance's medal (printed value, one lower when exhausted; 0 without one)."""
        return medal_value(self._game, allegiance)

    def overrun_limit(self, seat: int, clan: str) -> int:
        """The Overrun Limit of ``clan`` for ``seat`` now, with the Gold medal and any lowering applied."""
        return overrun_limit(self._game, self._state, seat, clan)


#: The clauses of the events :meth:`SpiritedView.key_event` answers True for.
KEY_CLAUSES = frozenset({"sp.march.forge", "sp.march.steal", "sp.wonder.take", "sp.battle.medal.score",
                         "sp.battle.medal.replace", "sp.final.camps", "sp.end.winner", "sp.end.tiebreak"})
#: The clauses an effect of a card, an Allegiance or a Wonder cites (:class:`.effects.Use`): key when Spirit is gained.
EFFECT_CLAUSES = frozenset({"sp.provisional.allegiance", "sp.provisional.power", "sp.provisional.wonder"})
