"""Spirited: which actions are legal now, why, and which tempting ones are not ("Turn Structure", "Rally vs
Recruit", "Marching & Allegiances", "Shields").

Both lists come from the same checks, the moves (:mod:`.moves`): the legal actions are what the moves of the main
turn or of the pending decision offer, the blocked actions what every move refuses. Pure functions of (game,
state). Action ids are ``kind`` or ``kind:name=value,...`` (params sorted), so they are stable for the same state and
never parsed back.
"""
from __future__ import annotations

from ...core.model import Action, Blocked, sort_actions
from ...core.moves import run_moves
from .moves import MOVES, answer_options
from .state import SPState


def legal_actions(g, s: SPState) -> list[Action]:
    """All legal actions in ``s``, sorted by id (empty once the game is over)."""
    if s.phase == "over":
        return []
    return sort_actions(answer_options(g, s, s.pending[-1] if s.pending else None))


def blocked_actions(g, s: SPState) -> list[Blocked]:
    """Tempting actions the player to act may not take now, each with the forbidding clause."""
    if s.phase == "over":
        return []
    return run_moves(MOVES, g, s, blocked=True, decision=s.pending[-1] if s.pending else None).blocked
