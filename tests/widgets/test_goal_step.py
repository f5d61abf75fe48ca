"""A lesson's next step is kept in view when the actions list folds (widgets/goal_step.py, trial 30): Restless
Spirits lesson 2's "Attract Wanwada · free" sat under "Spirit actions 2 more ▸" while "Attract Gonga · 1 AP" showed.
The button of the step the lesson's solution takes next has class rt-goal-step (the fold keeps it, as a hinted one);
off the solution's path, or once the goal holds, no button has it."""
from __future__ import annotations

from tutor.scenario import ActionRef, find
from widgets import LessonRunner
from widgets.action_fold import FOLD_JS


def _open(game_id: str, lesson_id: str) -> LessonRunner:
    runner = LessonRunner(game_id)
    runner.open([x.id for x in runner.lessons].index(lesson_id))
    return runner


def _kept(runner: LessonRunner) -> list[str]:
    return [b.description for b in runner.app.actions.action_buttons if "rt-goal-step" in b._dom_classes]


def _click(runner: LessonRunner, **ref) -> None:
    runner.app.actions.button_for(find(runner.app.session, ActionRef(**ref)).id).click()


def test_the_lessons_next_step_is_kept_in_view_and_only_on_its_path():
    runner = _open("restless-spirits", "rs-02-mastery")
    kept = _kept(runner)
    assert len(kept) == 1 and kept[0].startswith("Attract Wanwada") and "free" in kept[0]
    _click(runner, kind="attract", spirit="wanwada")
    assert len(_kept(runner)) == 1 and "Charm" in _kept(runner)[0]  # the offering the solution makes (t18)
    runner.app.controls.undo.click()
    assert _kept(runner)[0].startswith("Attract Wanwada")
    _click(runner, kind="attract", spirit="gonga")  # off the lesson's path: nothing is claimed
    assert _kept(runner) == []
    runner.app.controls.undo.click()
    for ref in runner.lesson.solution:  # the goal reached: nothing left to keep
        runner.app.actions.button_for(find(runner.app.session, ref).id).click()
    assert runner._achieved and _kept(runner) == []


def test_the_fold_keeps_the_goal_step_as_it_keeps_a_hinted_action():
    assert "a.classList.contains('rt-goal-step')" in FOLD_JS
