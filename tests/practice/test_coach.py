"""The coach: questions go first to rules not met yet, a missed rule comes back once FSRS says it is due, every answer
is kept with the rules it tested, and the page's place is kept (checked as untrusted text when read back)."""
from __future__ import annotations

from datetime import timedelta

import pytest

import tutor.practice.schedule as schedule
from tutor.practice.coach import Coach, read_place, rules_tested
from tutor.progress import ProgressStore


@pytest.fixture
def store(sqlite_url):
    s = ProgressStore(sqlite_url, learner="ann")
    yield s
    s.close()


def _pick(q, correct):
    return next(i for i, o in enumerate(q.options) if o.correct == correct)


def test_unseen_rules_first_then_a_missed_rule_when_due(store, monkeypatch):
    coach = Coach("spirit-duels", store, warm=40)
    seen: set[str] = set()
    for _ in range(4):
        q = coach.next_question()
        assert set(q.clauses) - seen, "a question on rules already practised came before the rules not met yet"
        coach.answer(_pick(q, True))
        seen |= set(q.clauses)
    missed_q = coach.next_question()
    coach.answer(_pick(missed_q, False))
    missed_now = {c for c, ok in store.last_results("spirit-duels").items() if not ok}
    assert missed_q.clause in missed_now  # (with the rules of its chain left out, for a what-happens)
    assert coach.next_question().clause not in missed_now  # not due yet (FSRS: a minute); its chain may share one
    later = schedule.now() + timedelta(minutes=2)
    monkeypatch.setattr(schedule, "now", lambda: later)
    assert coach.next_question().clause in missed_now  # due: a missed rule comes back first


def test_answers_are_kept_once_with_the_rules_tested(store):
    coach = Coach("restless-spirits", store, warm=40)
    q = coach.next_question()
    with pytest.raises(ValueError, match="options 0 to"):
        coach.answer(len(q.options))
    right = coach.answer(_pick(q, True))
    coach.answer(_pick(q, False))  # a second answer to the same question is not kept
    assert right.correct and len(store.answers("restless-spirits")) == 1
    assert set(store.cards("restless-spirits")) == set(q.clauses)
    assert rules_tested(q, right) == {c: True for c in q.clauses}
    assert coach.score() == (1, 1)
    with pytest.raises(ValueError, match="valid game ids"):
        Coach("chess", store)


def test_what_happens_wrong_answer_misses_the_rules_left_out(store):
    coach = Coach("spirit-duels", store, warm=60)
    q = next(x for x in coach.pool.made if x.kind == "what-happens"
             and any(not o.correct and set(x.answer.outcome) - set(o.outcome) for o in x.options))
    wrong = next(o for o in q.options if not o.correct and set(q.answer.outcome) - set(o.outcome))
    marks = rules_tested(q, wrong)
    assert marks and not any(marks.values())
    assert set(marks) == set(q.answer.outcome) - set(wrong.outcome)


def test_the_place_is_kept_and_a_bad_one_is_ignored(store):
    coach = Coach("spirited", store, warm=20)
    q = coach.next_question()
    assert read_place(store) == {"game": "spirited", "question": q.key, "clause": q.clause, "answered": None,
                                 "again": False}
    again = Coach("spirited", ProgressStore(store.url, learner="ann"), warm=20)
    assert again.resume().key == q.key and again.answered is None
    again.answer(2)  # the place keeps the option chosen: the question comes back answered with it, counted once
    assert read_place(store)["answered"] == 2
    back = Coach("spirited", ProgressStore(store.url, learner="ann"), warm=20)
    assert back.resume().key == q.key and (back.answered, back.answered_index) == (q.options[2], 2)
    assert back.answer(0) == q.options[2] and len(store.answers("spirited")) == 1
    store.save_place("practice", "{not json")
    assert read_place(store) == {} and Coach("spirited", store, warm=5).resume() is None
    store.save_place("practice", "[1, 2]")
    assert read_place(store) == {}


def _layout(q):
    return (q.key, q.prompt, tuple(o.text for o in q.options))


@pytest.mark.parametrize("game_id", ["restless-spirits", "spirited", "spirit-duels"])
def test_a_missed_question_never_comes_back_identically(store, monkeypatch, game_id):
    """Missed, a question comes back (when its rule is due again, or asked for from the mastery map) from another
    position, or with other options, or with its options in another order: never as it was."""
    coach = Coach(game_id, store, warm=40)
    kinds_varied = set()
    for q0 in list(coach.pool.made)[:12]:
        coach.question, coach.answered = q0, None
        coach.answer(_pick(q0, False))
        later = schedule.now() + timedelta(minutes=30)
        monkeypatch.setattr(schedule, "now", lambda later=later: later)
        again = coach.next_question(q0.clause)
        assert again is not None and again.clause == q0.clause
        assert _layout(again) != _layout(q0), q0.key
        # missed again: the third time differs from the second
        coach.answer(_pick(again, False))
        third = coach.next_question(q0.clause)
        assert _layout(third) != _layout(again), again.key
        if again.key.startswith(q0.key):
            kinds_varied.add(q0.kind)
        # and every question still answers by the engine: exactly one right option
        assert sum(o.correct for o in third.options) == 1
    # a question answered rightly comes back as it was (nothing to vary)
    q1 = coach.pool.made[20]
    coach.question, coach.answered = q1, None
    coach.answer(_pick(q1, True))
    assert coach.unlike_last_miss(q1) is q1


def test_variants_are_the_same_rule_with_other_options_and_resume():
    from tutor.practice import generate
    from tutor.practice.coach import base_key, variants
    for q in generate("restless-spirits", seed=3, count=15):
        vs = variants(q)
        assert len(vs) >= 2 and vs[0] is q
        assert len({tuple(o.text for o in v.options) for v in vs}) == len(vs)
        for i, v in enumerate(vs[1:], 1):
            assert v.key == f"{q.key}|v{i}" and base_key(v.key) == q.key and v.clause == q.clause
            assert v.kind == q.kind and sum(o.correct for o in v.options) == 1
        assert [x.key for x in variants(q)] == [v.key for v in vs]  # deterministic


def test_a_variant_is_resumed(store):
    coach = Coach("spirited", store, warm=20)
    q = coach.next_question()
    coach.answer(_pick(q, False))
    v = coach.next_question(q.clause)
    again = Coach("spirited", ProgressStore(store.url, learner="ann"), warm=20).resume()
    assert again is not None and _layout(again) == _layout(v)


def test_a_question_answered_in_another_tab_is_counted_once(store):
    """Session 20: the practice page open in two tabs resumed the same question in both, and each tab's answer was
    counted ("2 answered" for one question). At answer time the coach asks the progress database: an answer to this
    question given since it was asked here (another tab's) means this one is shown but not counted again."""
    import json
    a = Coach("restless-spirits", store, warm=40)
    q = a.next_question()
    b = Coach("restless-spirits", ProgressStore(store.url, learner="ann"), pool=a.pool)  # the second tab
    assert b.resume().key == q.key and b.answered is None
    wrong, right = _pick(q, False), _pick(q, True)
    a.answer(wrong)
    assert not a.answered_elsewhere and a.score() == (1, 0)
    chosen = b.answer(right)  # B's memory says unanswered; the database says A answered it since B asked it
    assert chosen.correct and b.answered_elsewhere and b.answered_index == right
    assert [(x.question, x.correct) for x in store.answers("restless-spirits")] == [(q.key, False)]
    assert b.score() == (1, 0)
    assert json.loads(store.place("practice"))["answered"] == wrong  # A's place is left as it is
    assert b.answer(wrong) is chosen and len(store.answers("restless-spirits")) == 1  # (answered here now)
    q2 = b.next_question()  # B's next question is counted as usual
    b.answer(_pick(q2, True))
    assert not b.answered_elsewhere and b.score() == (2, 1)
    # a question asked again later in the same tab: an answer given before it was asked is no other tab's: counted
    a._asking(q)
    a.answer(right)
    assert not a.answered_elsewhere and b.score() == (3, 2)


def _skipping(store, game_id: str, n: int) -> list[tuple[str, str]]:
    """``(key, rule)`` of the first ``n`` questions of a coach when each is skipped (Next question without
    answering)."""
    coach = Coach(game_id, store, warm=60)
    return [(q.key, q.clause) for q in (coach.next_question() for _ in range(n))]


@pytest.mark.parametrize("game_id", ["restless-spirits", "spirit-duels", "spirited"])
def test_a_skipped_question_comes_back_later_not_next(sqlite_url, game_id):
    """Issue 16: "Next question" without answering alternated between the same two questions; trial 39: a skipped
    question came back after only 3 others, the very same question. A skipped rule comes back only after SKIP_GAP
    others (more each further skip), as another question on it (never a key asked before), the stream never
    ping-pongs, and it is the same for the same seed and the same presses (replayable)."""
    from tutor.practice.coach import SKIP_GAP

    asked = _skipping(ProgressStore(sqlite_url, learner="ann"), game_id, 24)
    keys, rules = [k for k, _c in asked], [c for _k, c in asked]
    assert len(set(keys)) == len(keys), keys  # a skipped question never comes back the same
    for i, c in enumerate(rules):  # no rule again within SKIP_GAP others
        assert c not in rules[i + 1:i + 1 + SKIP_GAP], (i, rules)
    assert len(set(rules)) >= SKIP_GAP + 1, rules
    assert rules[0] in rules[1:], "a skipped rule never came back"
    again = [i for i, c in enumerate(rules) if c == rules[0]]
    assert again[1] - again[0] == SKIP_GAP + 1 and (len(again) < 3 or again[2] - again[1] > 2 * SKIP_GAP), again
    assert _skipping(ProgressStore(sqlite_url, learner="bob"), game_id, 24) == asked  # the same presses, the same


def test_a_skipped_question_comes_back_after_a_few_answered_ones(store):
    """Skip the first question, answer the next ones: it comes back after SKIP_GAP others (Spirit Duels: the
    answers between test other rules), then rests no more once answered."""
    from tutor.practice.coach import SKIP_GAP

    coach = Coach("spirit-duels", store, warm=60)
    skipped = coach.next_question()
    seen = []
    for _ in range(SKIP_GAP + 1):
        q = coach.next_question()
        seen.append(q.clause)
        if q.clause != skipped.clause:
            coach.answer(_pick(q, True))
    assert skipped.clause not in seen[:SKIP_GAP] and seen[SKIP_GAP] == skipped.clause, seen
    assert coach.question.key != skipped.key  # another question on the rule, not the one skipped
    coach.answer(_pick(coach.question, True))
    assert coach._skipped == {} and coach._skipped_keys == {}
