"""Trial 23: once a lesson's game is over, the action list said "Undo, restart, or start a new game", but a lesson has
no New game button. The words name what the page offers: a lesson its Restart and its list of lessons, free play
its New game, a recorded walkthrough or a question's game Undo and Restart."""
from __future__ import annotations

from tutor.scenario import find
from widgets.actions_panel import OVER_WORDS
from widgets.app import TutorApp
from widgets.lesson_runner import LessonRunner
from widgets.panels import _walk
from tutor.sessions import new_game


def buttons(root) -> set[str]:
    return {getattr(x, "description", "") for x in _walk(root)}


def test_a_lesson_whose_game_is_over_names_restart_and_the_lessons_not_a_new_game():
    r = LessonRunner("restless-spirits")
    r.picker.value = next(i for i, x in enumerate(r.lessons) if x.id == "rs-07-end")
    for ref in r.lesson.solution:
        r.app.model.apply(find(r.app.session, ref).id)
    acts = r.app.actions
    assert r.app.session.is_over and "rt-show-over" in acts.widget._dom_classes
    assert acts._over.value == ('<div class="rt-prompt">The game is over. Undo a step or Restart the lesson to try '
                                "again, or pick another lesson.</div>")
    # what it names is there: Undo and Restart, the list of lessons; no New game
    assert {"Undo", "Restart"} <= buttons(r.widget) and "New game" not in buttons(r.widget)
    assert r.picker.description == "Lesson" and len(r.picker.options) > 1


def test_free_play_and_a_replayed_game_say_what_they_offer():
    free = TutorApp(new_game("restless-spirits", players=2, seed=1), new_game=True)
    assert free.actions._over.value == f'<div class="rt-prompt">{OVER_WORDS["free"]}</div>'
    assert "New game" in buttons(free.widget) and "start a new game" in OVER_WORDS["free"]
    replay = TutorApp(new_game("restless-spirits", players=2, seed=1))
    assert replay.actions._over.value == ('<div class="rt-prompt">The game is over. Undo a step, or Restart from the '
                                          "beginning.</div>")
    assert "New game" not in buttons(replay.widget) and "Restart" in buttons(replay.widget)
