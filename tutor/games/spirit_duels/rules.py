"""Which actions are legal now, why, and which tempting ones are not (Actions; Gameplay; What's Next? Drafting).

Both lists come from the same checks, the moves (:mod:`.moves`): in the Action Phase the legal actions are what the
turn's moves offer and the blocked actions what they refuse; in the draft, the same for the draft's picks. The
options of the other decisions are in :mod:`.decisions`. Pure functions of (game, state). Action ids are
``kind:param=value,...``, stable for the same state and never parsed back.
"""
from __future__ import annotations

from ...core.model import Action, Blocked, sort_actions
from ...core.moves import run_moves
from .decisions import decision_actions
from .moves import DRAFT, TURN
from .state import Decision, SDState


def legal_actions(g, s: SDState) -> list[Action]:
    """All legal actions in ``s``, sorted by id (empty once the game is over)."""
    if s.phase == "over":
        return []
    if s.pending:
        return sort_actions(decision_actions(g, s, s.pending[-1]))
    return sort_actions(run_moves(TURN, g, s).legal)


def draft_options(g, s: SDState, d: Decision) -> list[Action]:
    """The options (unsorted) of draft decision ``d`` (``draft-class`` or ``draft-line``; pending, or about to be
    asked)."""
    return run_moves(DRAFT, g, s, decision=d).legal


def blocked_actions(g, s: SDState) -> list[Blocked]:
    """Tempting actions the current player may not take now, each with the forbidding clause (in the Action Phase
    and during the draft)."""
    if s.phase == "draft" and s.pending:
        return run_moves(DRAFT, g, s, blocked=True, decision=s.pending[-1]).blocked
    if s.phase != "action" or s.pending:
        return []
    return run_moves(TURN, g, s, blocked=True).blocked
