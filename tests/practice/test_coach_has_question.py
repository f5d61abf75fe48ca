"""Whether a rule has a question is cheap and the same whatever was asked before (issue #16, session 29): on the
mastery map each click on a rule with no question made up to 200 more questions (:data:`tutor.practice.coach.SEARCH`),
as long as "Ask me" took, and the answer depended on the rules clicked before (each failed search grew the pool)."""
from __future__ import annotations

import pytest

from tutor.practice import QuestionPool, clauses_for
from tutor.practice.coach import REACH, SEED, Coach
from tutor.progress import ProgressStore


@pytest.fixture
def store(sqlite_url):
    s = ProgressStore(sqlite_url, learner="ann")
    yield s
    s.close()


def test_after_the_first_answer_no_question_is_made_to_answer(store):
    coach = Coach("restless-spirits", store, pool=QuestionPool("restless-spirits", SEED, warm=12))
    rules = list(clauses_for("restless-spirits"))
    first = coach.has_question(rules[-1])
    made = len(coach.pool.made)
    assert made == REACH == 260
    answers = {c: coach.has_question(c) for c in rules}
    assert len(coach.pool.made) == made  # (before: up to 200 more for each rule with no question)
    assert answers[rules[-1]] == first and 0 < sum(answers.values()) < len(rules)
    assert {c for c, yes in answers.items() if yes} == coach.pool.clauses_within(REACH) & set(rules)


@pytest.mark.parametrize("game_id", ["spirited", "spirit-duels"])
def test_the_answer_does_not_depend_on_what_was_asked_before(store, game_id):
    rules = list(clauses_for(game_id))
    forward = Coach(game_id, store, warm=60)
    backward = Coach(game_id, store, warm=60)
    assert {c: forward.has_question(c) for c in rules} == {c: backward.has_question(c) for c in reversed(rules)}


def test_a_rule_that_has_a_question_is_asked_about_even_from_a_small_pool(store):
    """:meth:`Coach.next_question` looks at least as far as :meth:`Coach.has_question` did (a pre-heated page's pool
    holds 12 questions)."""
    probe = Coach("spirit-duels", store, warm=0)
    rules = [c for c in clauses_for("spirit-duels") if probe.has_question(c)]
    late = [c for c in rules if c not in QuestionPool("spirit-duels", SEED, warm=60).clauses()]
    assert late  # (rules the first 60 questions do not reach, that the first REACH do)
    coach = Coach("spirit-duels", store, pool=QuestionPool("spirit-duels", SEED, warm=12))
    q = coach.next_question(late[-1])
    assert q is not None and late[-1] in q.clauses
