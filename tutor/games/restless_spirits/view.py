"""A read-only view of a Restless Spirits state for the pages (``tutor.view(session)``): what the board shows that
the rules decide (how many releases end the game, the hand limit, whether a Spirit type is Light or Dark), so the
views never restate a rule nor import the engine's internals.

Rulebook sections: "Endgame" (releases that trigger it), "Solo Mode" (the solo goal), "Hand Limit", "Spirit Types".
"""
from __future__ import annotations

import re

from .achievements import BY_ID as ACHIEVEMENTS
from .cards import LIGHT_TYPES
from .resolve import RELEASES_TO_TRIGGER
from .solo import TYPE_TEXT, WIN_RELEASED
from .state import RSState
from .zones import HAND_LIMIT


class RestlessSpiritsView:
    """Answers about one Restless Spirits state; nothing here changes the state."""

    #: Most cards a hand may hold at the end of a turn (Hand Limit), unless an ability lifts it.
    hand_limit_printed: int = HAND_LIMIT

    def __init__(self, game, state: RSState) -> None:
        self._game = game
        self._state = state

    def release_goal(self) -> str:
        """The released Spirits a player works towards, as the board shows it: the number that triggers the endgame
        for this player count (``"5"`` with 2 players), or ``"6+"`` in Solo Mode (6 or more, one of every type)."""
        if len(self._state.players) == 1:
            return f"{WIN_RELEASED}+"
        return str(RELEASES_TO_TRIGGER.get(len(self._state.players), ""))

    def solo_ability(self, spirit_type: str) -> str | None:
        """In Solo Mode, the Spirit Type ability that acts instead of a Spirit's printed one (``"draw a Totem from the
        Totem deck"`` for a Fortune Spirit); ``None`` with two or more players, where the printed ability is used
        (Solo Mode > Spirit Type Abilities, clause ``rs.solo.type-abilities``)."""
        return TYPE_TEXT.get(spirit_type) if len(self._state.players) == 1 else None

    def hand_limit(self, seat: int) -> int | None:
        """The hand limit of ``seat`` (0-based) now: :attr:`hand_limit_printed`, or ``None`` when an ability has
        lifted it for that player."""
        return None if self._state.players[seat].no_hand_limit else HAND_LIMIT

    @staticmethod
    def key_event(event) -> bool:
        """True for an event a learner must not miss: a Spirit released (the score), an achievement unlocked, the
        endgame triggered, a winner named (Releasing Spirits; Endgame; Achievements); in Solo Mode also the Fortune
        draw and the Lost Spirits row's shift at a turn's end, with the Spirit it deals (Solo Mode). ``event`` is a
        :class:`tutor.Event`; the pages show such lines of a step even when they fold its other lines away."""
        return event.clause in KEY_CLAUSES

    @staticmethod
    def public_label(action) -> str | None:
        """What the other players may know of ``action`` (a :class:`tutor.Action`) when its label names cards of a
        hand hidden from them, else ``None``: a Totem kept in the draft goes into a hidden hand (Setup: Totem draft;
        the players keep their picks at the same time), so the others learn only that one was kept, and in which
        round (read from the start of the pick's ``why``, written by :func:`.moves.setup_picks.draft_pick`):
        ``"Keep a Totem (draft round 2)"``."""
        if action.kind != "draft-pick":
            return None
        m = _DRAFT_ROUND.match(action.why)
        return "Keep a Totem" + (f" (draft round {m.group(1)})" if m else "")

    @staticmethod
    def is_light(spirit_type: str) -> bool:
        """True for the Light types (Guardian, Sacred, Fortune), False for the Dark ones (Spirit Types)."""
        return spirit_type in LIGHT_TYPES

    def type_words(self, spirit_type: str) -> str:
        """``"Guardian · Light"``: a Spirit type with its side."""
        return f"{spirit_type.capitalize()} · {'Light' if self.is_light(spirit_type) else 'Dark'}"


#: The start of a draft pick's why (:func:`.moves.setup_picks.draft_pick`): its round.
_DRAFT_ROUND = re.compile(r"Draft round (\d+):")

#: The clauses of the events :meth:`RestlessSpiritsView.key_event` answers True for.
KEY_CLAUSES = frozenset({"rs.release", "rs.end.trigger", "rs.end.winner", "rs.end.tiebreak-mastery",
                         "rs.end.tiebreak-trigger", "rs.end.shared", "rs.solo.win", "rs.solo.shift", "rs.solo.fortune",
                         *(f"rs.achievement.{a}" for a in ACHIEVEMENTS)})
