""""Show me" says what the step did (new user 45: after "Activate Gonga" the practice board moved to Player 2's turn
with no line saying the ability gave 0 AP and the turn passed)."""
from __future__ import annotations

import html as html_text
import itertools

import pytest

from tutor.practice import copy_session, questions
from tutor.progress import ProgressStore
from widgets.practice import PracticeApp, shown_result


@pytest.fixture
def store(tmp_path):
    s = ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="ann")
    yield s
    s.close()


def test_show_me_on_activate_gonga_says_the_0_ap_and_the_turn_passing():
    q = next(q for q in itertools.islice(questions("restless-spirits", 1), 40)
             if q.action_id == "activate-ability:space=1" and q.origin == "lesson: Goal and first Spirit, step 3")
    s = copy_session(q.session)
    before = s.current_player
    step = s.apply(q.action_id)
    html = html_text.unescape(shown_result(s, step, before))
    assert html.startswith('<div class="rt-pq-result" role="status"><b>On the board:</b><ul>')
    for line in ("Gonga counts the Sacred Spirits on the spaces directly beside it: 0.",
                 "Player 1 gains 0 AP from Gonga (to use this turn only).",
                 "Player 1 has no AP and no Free Action left, so the turn passes.",
                 "Player 2's turn begins with 2 AP."):
        assert f"<li>{line}</li>" in html
    assert "Now it is" not in html  # (the step's own line says whose turn it is)


def test_show_me_puts_the_result_under_the_answer(store):
    app = PracticeApp("restless-spirits", store=store)
    view = app.view
    for _ in range(12):
        if view.question.action_id is not None:
            break
        view.options[0].click()
        view.next.click()
    assert view.question.action_id is not None
    view.options[0].click()
    assert "On the board:" not in view.feedback.value
    view.show.click()
    step = view.model.session.history[-1]
    assert "<b>On the board:</b>" in view.feedback.value
    assert step.events and step.events[-1].text.split(" (")[0] in view.feedback.value
