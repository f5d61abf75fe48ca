"""Trial 26: a lesson whose goal was reached, then played on a step (here the start of another attract, which leaves
a choice waiting), said "Not reached yet" when the page resumed it. A goal reached at any step of the kept place
shows as reached after the resume, as it did before the reload; one never reached is still said not reached."""
from __future__ import annotations

from tutor.lessons import play_solution
from widgets import LessonRunner


def _finished_then_one_more(runner: LessonRunner) -> list[str]:
    """Restless Spirits lesson 2's solution (a free attract: 2 AP are left), then the first step of one more attract.
    (Lesson 1 is the game's first turn since trial 27: its 1 AP is spent by its attract.)"""
    s = play_solution(runner.lessons[1])
    more = next(a.id for a in s.legal_actions() if a.kind == "attract")
    return [st.action.id for st in s.history] + [more]


def test_a_finished_lesson_resumed_shows_its_goal_reached():
    runner = LessonRunner("restless-spirits")
    steps = _finished_then_one_more(runner)
    assert runner.resume(runner.lessons[1].id, steps) == 4
    assert "✓ Goal reached" in runner.done.value and "Not reached yet" not in runner.hints.value
    assert "rt-hidden" in runner.goal._dom_classes  # the kept mark says it in place of the goal


def test_a_lesson_not_finished_is_resumed_not_reached():
    runner = LessonRunner("restless-spirits")
    steps = _finished_then_one_more(runner)
    assert runner.resume(runner.lessons[1].id, steps[3:]) == 1  # the other attract only: the goal was never reached
    assert runner.done.value == "" and "✓" not in runner.done.value
