"""A lesson's next step stays in the list of legal actions when the list folds (trial 30).

The one-screen table folds a long list to the first action of each kind (:mod:`widgets.action_fold`): in Restless
Spirits lesson 2 (goal: attract a Guardian for free) "Attract Wanwada · free" sat under "Spirit actions 2 more ▸"
while "Attract Gonga · 1 AP" showed, and the learner had to open folds to find the step the goal asks for (Spirit
Duels lesson 23's "Play Flicker Flame" the same). The action the lesson's own solution takes next gets CSS class
``rt-goal-step``; the fold keeps it in view as it keeps a hinted action. The class has no look of its own: the list
reads as before, only nothing the goal needs is folded away. Only while the learner follows the lesson's solution
(no search on a click); off it, the hint ladder finds a way on and marks it (``rt-hint``).
"""
from __future__ import annotations

from tutor.scenario import find

#: the class the fold keeps in view (widgets/action_fold.py)
GOAL_STEP = "rt-goal-step"


def goal_step_id(runner) -> str | None:
    """The id of the legal action the lesson's solution takes next in ``runner`` (a :class:`LessonRunner`), or None
    once the goal was reached, past the solution's end, or off its path (a step it does not name)."""
    if getattr(runner, "_achieved", False):
        return None
    session, solution = runner.app.session, runner.lesson.solution
    k = len(session.history)
    if k >= len(solution) or (k and not runner._replayed()[1]):
        return None
    try:
        return find(session, solution[k]).id
    except Exception:  # noqa: BLE001 - the solution does not replay here: nothing to keep
        return None


def mark(buttons, action_id: str | None, cls: str) -> None:
    """Give CSS class ``cls`` to the button of legal action ``action_id`` among ``buttons`` (each with its
    ``_action_id``) and take it from every other one; ``None`` takes it from all. Sends only the classes that change."""
    for b in buttons:
        on = action_id is not None and getattr(b, "_action_id", None) == action_id
        if on and cls not in b._dom_classes:
            b.add_class(cls)
        elif not on and cls in b._dom_classes:
            b.remove_class(cls)


def mark_goal_step(runner) -> str | None:
    """Mark the lesson's next step among the runner's action buttons (:data:`GOAL_STEP`); returns its id or None."""
    action_id = goal_step_id(runner)
    mark(runner.app.actions.action_buttons, action_id, GOAL_STEP)
    return action_id
