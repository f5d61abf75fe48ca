"""Practice questions made by the engine: at least 200 per game, every one checked against the engine (can-do:
correct exactly when the action is legal; why-not: correct exactly when it is the forbidding clause; what-happens:
correct exactly when the chain of rules is what applying the action to a copy gives; which-rule: correct exactly
when the engine cites the rule for the move, as a reason or in its events), no internal ids in any text,
and the same seed gives the same questions."""
from __future__ import annotations

import re

import pytest

import tutor
from tutor.practice import QuestionPool, generate, outcome
from tutor.core.model import Event
from tutor.core.rng import Rng
from tutor.practice.questions import gives_away, wrong_order

GAMES = list(tutor.GAMES)
COUNT = 210


def _texts(q):
    return [q.prompt, q.explanation] + [o.text for o in q.options]


@pytest.fixture(scope="module", params=GAMES)
def made(request):
    return request.param, generate(request.param, seed=11, count=COUNT)


def test_every_question_agrees_with_the_engine(made):
    game_id, qs = made
    assert len(qs) >= 200
    kinds = {q.kind for q in qs}
    assert kinds == {"can-do", "why-not", "what-happens", "which-rule"}, kinds
    clauses = tutor.clauses(game_id)
    ids = set(clauses)
    wrong = []
    for q in qs:
        s = q.session
        before = s.state.model_dump_json()
        assert sum(o.correct for o in q.options) == 1, q.prompt
        assert 3 <= len(q.options) <= 4, q.prompt
        assert len({o.text for o in q.options}) == len(q.options), q.prompt
        assert q.clause in ids and all(c in ids for c in q.clauses) and q.clauses[0] == q.clause
        legal = {a.id: a for a in s.legal_actions()}
        blocked = s.blocked_actions()
        if q.kind == "can-do":
            for o in q.options:
                if o.action_id is not None:
                    ok = o.action_id in legal and legal[o.action_id].actor == q.actor
                else:  # a blocked action of the player: not legal, forbidden by the clause it names
                    assert any(b.label == o.text and b.clause == o.clause and b.actor == q.actor for b in blocked)
                    ok = all(a.label != o.text for a in legal.values())
                    assert ok, f"{o.text} is blocked and also legal"
                    ok = False
                if ok != o.correct:
                    wrong.append((q.prompt, o.text))
            assert q.action_id == q.answer.action_id
        elif q.kind == "why-not":
            forbidding = {b.clause for b in blocked if b.label == q.subject and b.actor == q.actor}
            assert len(forbidding) == 1, (q.subject, forbidding)
            assert q.subject not in {a.label for a in legal.values()}
            for o in q.options:
                assert o.clause in ids and o.text == clauses[o.clause].title
                if (o.clause in forbidding) != o.correct:
                    wrong.append((q.prompt, o.text))
            assert not gives_away(q.subject, q.answer.text)
        elif q.kind == "which-rule":  # the right rule is a reason the move is legal or a rule of its events; no other
            copy = tutor.Session(s.game, type(s.state).model_validate_json(s.state.model_dump_json()), partial={})
            cited = set(legal[q.action_id].clauses) | {e.clause for e in copy.apply(q.action_id).events}
            assert legal[q.action_id].actor == q.actor and q.clauses == (q.clause,) == (q.answer.clause,)
            for o in q.options:
                assert o.text == clauses[o.clause].title
                if (o.clause in cited) != o.correct:
                    wrong.append((q.prompt, o.text))
        else:
            # applied on a copy made through the state's JSON (independent of the practice code's own copy)
            copy = tutor.Session(s.game, type(s.state).model_validate_json(s.state.model_dump_json()), partial={})
            events = copy.apply(q.action_id).events
            chain = tuple(c for c in dict.fromkeys(e.clause for e in events) if clauses[c].kind != "provisional")
            assert chain == outcome(s, q.action_id)[0]
            assert legal[q.action_id].actor == q.actor
            for o in q.options:
                assert all(c in ids for c in o.outcome)
                if (o.outcome == chain) != o.correct:
                    wrong.append((q.prompt, o.text))
            for cid in chain:  # the explanation says what each rule of the chain did
                assert next(e.text for e in events if e.clause == cid) in q.explanation
        assert s.state.model_dump_json() == before, "checking a question changed its session"
        # plain words only: no clause id, no action id
        for text in _texts(q):
            for cid in re.findall(r"\b[a-z]{2}\.[a-z0-9.-]+", text):
                assert cid not in ids, f"clause id {cid} shown in {text!r}"
            for aid in legal:
                assert ":" not in aid or aid not in text, f"action id {aid} shown in {text!r}"
    assert wrong == []


def test_same_seed_same_questions_other_seed_others(made):
    game_id, qs = made

    def sig(q):
        return (q.kind, q.key, q.prompt, tuple((o.text, o.correct) for o in q.options), q.explanation)

    again = generate(game_id, seed=11, count=COUNT)
    assert [sig(q) for q in again] == [sig(q) for q in qs]
    other = generate(game_id, seed=12, count=COUNT)
    assert [sig(q) for q in other] != [sig(q) for q in qs]


def test_questions_come_from_lessons_scenarios_and_random_play(made):
    _, qs = made
    origins = {q.origin.split(":")[0].split(" ")[0] for q in qs}
    assert {"lesson", "scenario", "random"} <= origins


def test_pool_finds_a_question_for_a_clause():
    pool = QuestionPool("spirit-duels", seed=3, warm=30)
    cid = pool.made[5].clause
    q = pool.for_clause(cid)
    assert q is not None and q.clause == cid
    assert pool.for_clause("sd.no-such-clause", search=10) is None


@pytest.mark.parametrize("game", ["restless-spirits", "spirited", "spirit-duels"])
def test_a_new_pool_finds_every_question_by_its_key(game):
    """Trial 22: a question kept by the practice page is found again by a new pool (a new kernel's, holding only its
    first questions) from its key alone, every one a page's pool and the mastery map's searches make: the pool makes
    more until it has it (before, a question on a rule an earlier question cited was never made again)."""
    made = QuestionPool(game, seed=1, warm=90).made
    assert len({q.key for q in made}) == len(made)  # a key names one question
    fresh = QuestionPool(game, seed=1, warm=12)
    for q in reversed(made):  # the last one first: the fresh pool has to make them all to find it
        again = fresh.find(q.key)
        assert again is not None and again.key == q.key, q.key
        assert [o.text for o in again.options] == [o.text for o in q.options] and again.prompt == q.prompt
    assert len(fresh.made) <= len(made) + 20  # no more made than it took (and a batch)


def test_a_key_the_pool_never_makes_is_not_searched_for_to_the_end():
    """A kept question no longer made (at a position the pool has passed, or at none it visits) is not found, and
    the pool stops making questions once it is past that position."""
    pool = QuestionPool("restless-spirits", seed=1, warm=12)
    q = pool.made[5]
    assert pool.find(q.key + "-no-longer-made") is None and len(pool.made) <= 12 + 20
    for gone in ("why-not|scenario: No such scenario|Attract a Lost Spirit",  # no such scenario (any more)
                 "why-not|lesson: No such lesson, step 2|Attract a Lost Spirit",
                 f"why-not|{pool.made[0].origin}, step 99|Attract a Lost Spirit"):  # a step its script has not
        assert pool.find(gone) is None
    assert len(pool.made) <= 12 + 20 * 4 and not pool._ended  # none of them made the pool play every scenario
    assert pool.find("can-do|random game 2 (2 players, seed 1), step 3|end-turn") is None
    assert pool.find("what-happens|no such place|end-turn") is None and not pool._done


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="valid game ids"):
        generate("chess", count=1)
    with pytest.raises(ValueError, match="count"):
        generate("spirited", count=-1)


def test_what_happens_answers_read_as_sentences(made):
    """Trial 12 item 10: a what-happens answer is a sentence a person would say ("First “A”, then “B”."), never a
    chain of rule titles joined by arrows; the explanation says what happened, in order."""
    game_id, qs = made
    clauses = tutor.clauses(game_id)
    asked = [q for q in qs if q.kind == "what-happens"]
    assert asked
    for q in asked:
        for o in q.options:
            titles = [clauses[c].title for c in o.outcome]
            assert "→" not in o.text
            want = (f"Only “{titles[0]}”." if len(titles) == 1 else
                    f"First “{titles[0]}”, then “{titles[1]}”." if len(titles) == 2 else
                    f"First “{titles[0]}”, then " + ", then ".join(f"“{t}”" for t in titles[1:-1])
                    + f", and last “{titles[-1]}”.")
            assert o.text == want, o.text
        assert "this happens, in order:" in q.explanation.split("\n")[0] and "engine" not in q.explanation


def _swapped_pair(chain, swapped):
    i = next(k for k in range(len(chain)) if chain[k] != swapped[k])
    assert swapped[i:i + 2] == (chain[i + 1], chain[i]) and swapped[i + 2:] == chain[i + 2:]
    return chain[i], chain[i + 1]


def test_wrong_order_is_never_asked_of_two_parts_of_one_move():
    """Session 33: a what-happens distractor "right rules, wrong order" swapped "Buy a Totem (1 AP)" and the swap of
    a full-hand buy, an order a learner cannot know. Two direct parts of one move are never swapped; a consequence
    after the choice that caused it (a refill after a buy) is."""
    one_move = [Event(clause="rs.buy", text="Player 1 spends 1 AP to buy Bell.", actor=0),
                Event(clause="rs.hand-limit.swap", text="Player 1's hand is at the limit.", actor=0)]
    chain = ("rs.ability.activate", "rs.buy", "rs.hand-limit.swap")
    events = [Event(clause="rs.ability.activate", text="Player 1 uses an ability.", actor=0)] + one_move
    assert all(wrong_order(chain, events, Rng.from_seed(n)) is None for n in range(20))
    refill = Event(clause="rs.buy.refill", text="The market refills.", automatic=True)
    chain = ("rs.ability.activate", "rs.buy", "rs.buy.refill")
    events = [events[0], one_move[0], refill]
    assert {wrong_order(chain, events, Rng.from_seed(n)) for n in range(20)} == {
        ("rs.ability.activate", "rs.buy.refill", "rs.buy")}
    chain = ("rs.ability.activate", "rs.buy", "rs.hand-limit.swap", "rs.buy.refill")  # only the pair a learner can tell
    assert {wrong_order(chain, [events[0], *one_move, refill], Rng.from_seed(n)) for n in range(20)} == {
        ("rs.ability.activate", "rs.buy", "rs.buy.refill", "rs.hand-limit.swap")}
    assert wrong_order(chain[:2], one_move, Rng.from_seed(1)) is None  # (two rules: nothing after the first to swap)


@pytest.mark.parametrize("game", GAMES)
def test_wrong_order_swaps_only_orders_a_learner_sees(game):
    """Over the real chains of a game's what-happens questions: every swap is of a direct effect and a consequence
    after it, or of two rules about different players (the turn passed between them); two parts of one move (Spirit
    Duels' "What carries over when evolving" and "Dice stay when evolving") never."""
    pool = QuestionPool(game, 1, warm=0)
    pool.fill(300)
    swaps = 0
    for q in pool.made:
        if q.kind != "what-happens":
            continue
        chain, events = outcome(q.session, q.action_id)
        first = {}
        for e in events:
            first.setdefault(e.clause, e)
        swapped = wrong_order(chain, events, Rng.from_seed(len(pool.made)))
        if swapped is None:
            continue
        swaps += 1
        a, b = (first[c] for c in _swapped_pair(chain, swapped))
        assert (not a.automatic and b.automatic) or (None not in (a.actor, b.actor) and a.actor != b.actor), (
            q.prompt, chain, swapped)
        assert {a.clause, b.clause} != {"sd.evolve.carry", "sd.ruling.evolve-pool"}
    assert swaps >= 3, swaps
