"""A practice session varies (session 45: a new user met "Meditate" with nothing to reroll 4 times in 15 Spirit Duels
questions): no question shares its rule or situation with one of the last RECENT asked, unless the learner missed
its rule; then it comes back on purpose, testing the rule missed, and says so (``coach.again``)."""
from __future__ import annotations

from datetime import timedelta

import pytest

import tutor.practice.coach as coach_mod
import tutor.practice.schedule as schedule
import tutor.progress.store as store_mod
from tutor.practice import QuestionPool
from tutor.practice.coach import SEED, Coach, read_place
from tutor.practice.variety import RECENT, fresh, marks, most_alike, move
from tutor.progress import ProgressStore

GAMES = ("restless-spirits", "spirited", "spirit-duels")


@pytest.fixture(scope="module")
def pools():
    """One question pool per game (the page's seed and size), shared by the tests (a coach only reads it)."""
    return {}


def pool(pools, game):
    if game not in pools:
        pools[game] = QuestionPool(game, SEED, warm=60)
    return pools[game]


@pytest.fixture
def clock(monkeypatch):
    """One clock for the schedule, the coach and the store; ``clock[0] += ...`` moves it on."""
    now = [schedule.now()]
    for mod in (schedule, coach_mod, store_mod):
        monkeypatch.setattr(mod, "now", lambda: now[0])
    return now


def _pick(q, correct):
    return next(i for i, o in enumerate(q.options) if o.correct == correct)


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_session_asks_nothing_alike_to_the_last_questions(game, pools, clock, tmp_path):
    store = ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite'}", learner="ann")
    coach = Coach(game, store, pool=pool(pools, game))
    asked = []
    for _ in range(2 * RECENT):
        q = coach.next_question()
        assert not coach.again  # every answer right: nothing is asked again on purpose
        assert fresh([marks(x) for x in asked], q), (len(asked), q.key)
        asked.append(q)
        coach.answer(_pick(q, True))
        clock[0] += timedelta(seconds=45)
    first = asked[:15]
    assert len({q.clause for q in first}) >= 13  # a rule of its own for (nearly) every question
    assert most_alike(first) <= 2 and most_alike(first[:RECENT]) == 1  # before: up to 5 of one in the first 15
    if game == "spirit-duels":  # the new user's complaint: "Meditate" once at most
        assert sum(move(q) == ("move", "meditate", "") for q in first) <= 1
    store.close()


@pytest.mark.parametrize("game", ["spirit-duels", "restless-spirits"])
def test_a_missed_rule_comes_back_soon_on_purpose_and_says_so(game, pools, clock, tmp_path):
    store = ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite'}", learner="ann")
    coach = Coach(game, store, pool=pool(pools, game))
    asked = [coach.next_question()]
    while asked[-1].kind not in ("why-not", "which-rule"):  # a question on one rule: that rule alone is missed
        coach.answer(_pick(asked[-1], True))
        clock[0] += timedelta(seconds=45)
        asked.append(coach.next_question())
    missed_q = asked[-1]
    coach.answer(_pick(missed_q, False))
    assert {c for c, ok in store.last_results(game).items() if not ok} == {missed_q.clause}
    for _ in range(3):
        clock[0] += timedelta(seconds=45)  # (a missed rule is due again a minute later: fsrs)
        q = coach.next_question()
        assert read_place(store)["again"] is coach.again
        if coach.again:
            break
        asked.append(q)
        coach.answer(_pick(q, True))
    else:
        pytest.fail("the missed rule did not come back within 3 questions")
    assert q.clause == missed_q.clause and q.key != missed_q.key  # never as it was
    # alike to a question asked just before (its very rule): asked all the same, on purpose
    assert not fresh([marks(x) for x in asked], q)
    # a page opened again says so too (the place keeps it)
    again = Coach(game, ProgressStore(store.url, learner="ann"), pool=pool(pools, game))
    assert again.resume().key == q.key and again.again
    # answered right, the next questions vary again
    coach.answer(_pick(q, True))
    clock[0] += timedelta(seconds=45)
    nxt = coach.next_question()
    assert not coach.again and fresh([marks(x) for x in asked + [q]], nxt)
    store.close()
