"""Trial 22: a question asked on the practice page must come back after a reload (a new kernel, a new page, the same
progress database), whichever question it is. The tester's "WHY NOT?" question from the scenario "A released Spirit's
effects end at once" did not: a new page's pool holds only its first questions, and the kept question (the 54th
made) was looked for only among questions on its rule already made (its rule was cited by an earlier one, so none
was made to find it): "your question is not one this tutor asks any more", and another question opened. The
tester's folder of saved questions (RULES_TUTOR_QUESTIONS, two files) played no part: practice asks about shipped
lessons, scenarios and random play only; the new page here runs with such a folder all the same."""
from __future__ import annotations

import json
import shutil

import pytest

from tutor.core.content import content_root
from tutor.practice import QuestionPool
from tutor.practice.coach import SEED
from tutor.progress import ProgressStore
from widgets.practice import FIRST_POOL, POOL, PracticeApp

GAME = "restless-spirits"
#: the tester's question (trial 22) was this scenario's why-not at step 2 on "Attract a Lost Spirit"; since lesson 1
#: became the game's first turn (1 AP, trial 27) the pool asks that rule's why-not earlier and no longer makes it:
#: this scenario's why-not at step 1, made as late (the 52nd; the 97th since session 35's which-rule questions, one
#: more at most positions), stands for it
TESTERS = "why-not|scenario: A released Spirit's effects end at once, step 1|Activate Baikeng"


def source(q) -> str:
    return q.origin.split(":")[0] if q.origin.startswith(("lesson:", "scenario:")) else "random"


def kept_questions() -> list:
    """The tester's question and, of every kind and every source of positions (lessons, scenarios, random play),
    the last one a page's whole pool (POOL questions) holds, and the first made after it (the mastery map asks for
    more on a chosen rule)."""
    pool = QuestionPool(GAME, SEED, warm=POOL + 30)
    tester = pool.find(TESTERS)  # made as far as it (past the pool's first POOL + 30 since session 35)
    picked = {q.key: q for q in [tester] if q is not None}
    for part in (pool.made[FIRST_POOL:POOL], pool.made[POOL:]):
        last = {}
        for q in part:
            last[(q.kind, source(q))] = q
        picked.update({q.key: q for q in last.values()})
    assert TESTERS in picked
    return list(picked.values())


QUESTIONS = kept_questions()


@pytest.mark.parametrize("n", range(len(QUESTIONS)), ids=[f"{q.kind}-{source(q)}" for q in QUESTIONS])
def test_a_kept_question_is_asked_again_by_a_new_page(tmp_path, monkeypatch, n):
    """Kept unanswered (every other one) or answered (the right option): the new page asks it again, as it was."""
    q = QUESTIONS[n]
    saved = tmp_path / "my-questions"  # as the tester's: two saved questions in the folder
    saved.mkdir()
    for name in ("faq-buy-at-hand-limit.yaml", "faq-double-totem.yaml"):
        shutil.copy(content_root() / GAME / "scenarios" / name, saved / f"mine-{name}")
    monkeypatch.setenv("RULES_TUTOR_QUESTIONS", str(saved))
    url = f"sqlite:///{tmp_path / 'progress.sqlite'}"
    store = ProgressStore(url, learner="ann")
    index = None if n % 2 == 0 else next(i for i, o in enumerate(q.options) if o.correct)
    store.save_place("practice", json.dumps({"game": GAME, "question": q.key, "clause": q.clause,
                                             "answered": index}))
    store.close()
    again = ProgressStore(url, learner="ann")  # another kernel: its own pool, made afresh
    app = PracticeApp(store=again)
    try:
        assert app.game.value == GAME
        assert app.view.question.key == q.key, app.notice.value
        assert [o.text for o in app.view.question.options] == [o.text for o in q.options]
        assert app.view.coach.answered_index == index
        assert app.notice.layout.display == "none" and again.place("practice:set-aside") is None
        assert not app.errors.output.outputs
    finally:
        again.close()
