"""The practice page says when a question comes back because the learner missed its rule (session 45: questions
otherwise vary, so one asked again soon is on purpose, and the header says "Again: you missed this"), also after the
page is opened again."""
from __future__ import annotations

from datetime import timedelta

import tutor.practice.coach as coach_mod
import tutor.practice.schedule as schedule
import tutor.progress.store as store_mod
from tutor.progress import ProgressStore
from widgets.practice import PracticeApp

SAID = "Again: you missed this"


def _index(q, correct: bool) -> int:
    return next(i for i, o in enumerate(q.options) if o.correct == correct)


def test_a_question_asked_again_after_a_miss_says_so_in_its_header(tmp_path, monkeypatch):
    now = [schedule.now()]
    for mod in (schedule, coach_mod, store_mod):
        monkeypatch.setattr(mod, "now", lambda: now[0])
    store = ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="ann")
    app = PracticeApp("spirit-duels", store=store)
    view = app.view
    while view.question.kind not in ("why-not", "which-rule"):  # answered right: no question says "again"
        assert SAID not in view.kind.value
        view.options[_index(view.question, True)].click()
        now[0] += timedelta(seconds=45)
        view.next.click()
    missed = view.question
    view.options[_index(missed, False)].click()
    for _ in range(3):
        now[0] += timedelta(seconds=45)
        view.next.click()
        if view.question.clause == missed.clause:
            break
        assert SAID not in view.kind.value
        view.options[_index(view.question, True)].click()
    q = view.question
    assert q.clause == missed.clause and q.key != missed.key
    assert f'<span class="rt-pq-again">{SAID}</span>' in view.kind.value
    assert 'class="rt-pq-kind"' in view.kind.value and 'class="rt-pq-origin"' in view.kind.value
    # the page opened again shows the same question, still saying why it is asked
    back = PracticeApp("spirit-duels", store=ProgressStore(store.url, learner="ann"))
    assert back.view.question.key == q.key and SAID in back.view.kind.value
    view.options[_index(q, True)].click()
    assert SAID in view.kind.value  # (answered, it still says why it was asked)
    now[0] += timedelta(seconds=45)
    view.next.click()
    assert SAID not in view.kind.value
    assert not app.errors.output.outputs and not back.errors.output.outputs
    store.close()
