"""Practice's askable rules (tutor.practice.askable): computed once per game over the whole question stream, then
looked up per click (session 30, issue #16: the per-click search cost 0.2-0.6 s; a cheaper one that looked at the
first 260 questions only offered "Ask me" on fewer rules, and was reverted)."""
from __future__ import annotations

import json

import pytest

from tutor.practice import QuestionPool, questions
from tutor.practice import askable as askable_mod
from tutor.practice.askable import askable
from tutor.practice.coach import SEED, Coach
from tutor.progress import ProgressStore
from tutor.registry import clauses_for

#: (game, questions in the whole stream of seed 1, rules of the game some question tests; engine40: the two Copy
#: token scenarios and their ruling rs.ruling.copy-token added 13 Restless Spirits questions and 1 rule; session 41:
#: the placement's reasons and which-rule's look-ahead changed the streams, Spirited reaching 58; session 42: the new
#: ruling rs.ruling.copy-chain moved the Restless Spirits stream, 2977 -> 2984, and its seed-1 stream no longer asks
#: the achievement "Perfectly Planned" (a variant's rule; other seeds still make it): 132 -> 131; session 43: the
#: scenario rule-presence-chosen-no-burn and the Presence targets' clauses moved Spirit Duels', 2605 -> 2613, 90 -> 92,
#: and with the round-limit ruling's scenario, the Meditate choice for identical dice and the explanations' words
#: merged, 2613 -> 2623; session 45: a why-not question offers no rule that also forbids its action as a wrong answer
#: (new user 45), Spirited 3318 -> 3306 and 58 -> 56, Spirit Duels 2623 -> 2601 and 92 -> 94; fairsp46: the dealt
#: copies of what a learner cannot see put the draw pile's Passing of Time cards anywhere in it, so a move's Hourglass
#: reaching its end (sp.ruling.hourglass-end) or the draw pile running out (sp.ruling.reshuffle, a Passing of Time
#: card drawn and replaced takes one card more) is chance, not asked: Spirited 3306 -> 3298 and 56 -> 54; token48: the
#: rule rs.effect.copy-token-off now cited where the Copy token's notes print the case is asked: 131 -> 132 rules, the
#: 2984 questions unchanged)
FULL = [("restless-spirits", 2984, 132), ("spirited", 3298, 54), ("spirit-duels", 2601, 94)]


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty cache folder and no askable rules kept in the process."""
    monkeypatch.setenv("RULES_TUTOR_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(askable_mod, "_memo", {})
    return tmp_path / "cache"


@pytest.mark.parametrize("game, total, rules", FULL)
def test_askable_is_the_whole_stream(game, total, rules, fresh_cache):
    every: set[str] = set()
    n = 0
    for q in questions(game, SEED):
        every.update(q.clauses)
        n += 1
    assert n == total
    got = askable(game, SEED)
    assert set(got) == every
    assert len(set(got) & set(clauses_for(game))) == rules
    files = list(fresh_cache.glob(f"askable-{game}-1-*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text()) == got  # kept on disk ...
    askable_mod._memo.clear()
    files[0].write_text(json.dumps({**got, "made.up": 0}))
    assert "made.up" in askable(game, SEED)  # ... and read from there by a new process


def test_a_damaged_cache_file_is_computed_again(fresh_cache):
    want = askable("spirit-duels", SEED)
    (path,) = fresh_cache.glob("askable-spirit-duels-*.json")
    for bad in ("not json", json.dumps({"sd.x": -1}), json.dumps(["sd.x"]), json.dumps({"sd.x": True})):
        path.write_text(bad)
        askable_mod._memo.clear()
        assert askable("spirit-duels", SEED) == want


def test_a_click_walks_no_question_stream(fresh_cache, monkeypatch, sqlite_url):
    game = "restless-spirits"
    table = askable(game, SEED)
    coach = Coach(game, ProgressStore(sqlite_url, learner="ann"), pool=QuestionPool(game, SEED, warm=12))
    made = []
    monkeypatch.setattr(QuestionPool, "fill", lambda self, count: made.append(count) or 0)
    deep = max((c for c in table if c in clauses_for(game)), key=table.get)  # its first question is far in
    assert table[deep] > 1000
    assert coach.has_question(deep) and not coach.has_question("rs.no-such-rule")
    assert not coach.has_question("rs.setup.sides")
    assert made == []  # looked up: no question made
    monkeypatch.undo()
    monkeypatch.setenv("RULES_TUTOR_CACHE", str(fresh_cache))
    q = coach.next_question(deep)  # and asking about it finds a question on it (made as far as its first one)
    assert q is not None and deep in q.clauses
