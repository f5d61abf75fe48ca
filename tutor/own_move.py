"""Which steps make up one move of a player's, for "What just happened" (issue #16, newuser30: Restless Spirits
lesson 2's Attract -> Offer -> Place showed "Step 3 · Place Wanwada" only; the free Attract and the Offer were only in
the History). The engine's account of a move (a view keeps one :class:`MoveSteps` per strip:
:class:`widgets.step_log.LastStep`).

A move taken in several clicks is an action and the decisions it asks of the same player: the engine keeps a
decision it waits for on its state's ``pending`` list (every game: an Attract asks for its offering, then its space;
Spirited's Scout for its Rally; Spirit Duels' Meditate for the dice to mark). A step belongs to the move of the step
before it when that step left a decision pending and both are the same player's; a move is one step when nothing was
pending (a move of one click keeps its one step).
"""
from __future__ import annotations

from .core.model import Step
from .core.session import Session

#: The most steps shown as one move (Spirit Duels' Splash asks four decisions after its card: five steps); a longer
#: chain shows its newest steps (the others are in the History).
MAX_MOVE_STEPS = 6
#: The most steps whose "a decision was left pending" is kept (a memo per session; cleared when it is full).
MEMO_LIMIT = 400


def _pending(state) -> bool:
    """Whether ``state`` waits for a decision (its game's ``pending`` list is not empty)."""
    return bool(getattr(state, "pending", None))


class MoveSteps:
    """The steps of the move that ends at a step (:meth:`move`), for one view: it remembers, per step, whether the
    state after it left a decision pending (read from the session's current state when the step is the last one, else
    worked out once again from the undo record, :meth:`tutor.Session.state_before`)."""

    def __init__(self) -> None:
        self._for: Session | None = None
        self._left: dict[Step, bool] = {}

    def _left_pending(self, s: Session, hist: list[Step], i: int) -> bool:
        """Whether the state after step ``i`` of ``hist`` (the session's history) waited for a decision."""
        st = hist[i]
        if i == len(hist) - 1:
            self._left[st] = _pending(s.state)
        elif st not in self._left:
            if len(self._left) >= MEMO_LIMIT:
                self._left.clear()
            self._left[st] = _pending(s.state_before(i + 1))
        return self._left[st]

    def move(self, s: Session, hist: list[Step], end: int) -> list[Step]:
        """The steps of the move that ends at step ``end`` of ``hist`` (``s.history``), oldest first: step ``end``
        and, while the step before was the same player's and left a decision pending, that step too (at most
        :data:`MAX_MOVE_STEPS`)."""
        if s is not self._for:
            self._for, self._left = s, {}
        if hist:
            self._left_pending(s, hist, len(hist) - 1)  # (noted at every render: a later click needs it)
        first = end
        while (first > 0 and end - first + 1 < MAX_MOVE_STEPS
               and hist[first - 1].action.actor == hist[first].action.actor
               and self._left_pending(s, hist, first - 1)):
            first -= 1
        return hist[first:end + 1]
