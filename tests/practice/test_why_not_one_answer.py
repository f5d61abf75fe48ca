"""A why-not question has one true answer: no wrong option is a rule that also forbids the action asked about (new
user 45: Player 3's Battle Recruit, face down as it holds no Allegiance, "Recruit a Greeks card into Camp 1"; the
answer "Which Camp takes the card", and "Face-down Recruits follow the Camp rule", as true, offered as wrong)."""
from __future__ import annotations

import itertools

import pytest

from tutor.core.rng import Rng
from tutor.practice import positions, questions
from tutor.practice.questions import forbidding, why_not

#: The first questions of each game's stream (practice seed 1) checked.
FIRST = 60
#: The practice position of the trial (the Spirited stream of seed 1): Player 3's Battle bonus, a face-down Recruit.
ORIGIN = "random game 2 (3 players, seed 970931438), step 10"


def _forbidders(q) -> set[str]:
    """The clauses that forbid the action ``q`` asks about, as the engine refuses it and as the legal actions cite."""
    b = next(x for x in q.session.blocked_actions() if x.label == q.subject and x.actor == q.actor)
    return forbidding(q.session, b)


def test_the_face_down_recruit_question_offers_one_true_rule():
    pos = next(p for p in positions("spirited", 1) if p.origin == ORIGIN)
    asked = [q for q in (why_not(pos, Rng.from_seed(i)) for i in range(12))
             if q is not None and q.subject == "Recruit a Greeks card into Camp 1"]
    assert asked
    for q in asked:
        assert q.prompt.endswith("Player 3 would like to: “Recruit a Greeks card into Camp 1”. Why is that not "
                                 "allowed now?")
        assert q.answer.text == "Which Camp takes the card"
        assert "Face-down Recruits follow the Camp rule" not in [o.text for o in q.options]
        assert {"sp.recruit.camp", "sp.ruling.facedown-camp"} <= _forbidders(q)


@pytest.mark.parametrize("game_id", ["restless-spirits", "spirit-duels", "spirited"])
def test_no_wrong_answer_also_forbids_the_action(game_id):
    asked = 0
    for q in itertools.islice(questions(game_id, 1), FIRST):
        if q.kind != "why-not":
            continue
        asked += 1
        wrong = {o.clause for o in q.options if not o.correct}
        assert not wrong & _forbidders(q), (q.prompt, wrong & _forbidders(q))
    assert asked > 0
