"""Spirit Duels lesson 22 ("A whole round") cites every End Phase step that fires (issue 16, item 3): its rule chips
lacked steps 3 and 4, and step 3 (optional discards) passed unseen when a hand was empty. Each of the six steps
now says what it did, in order, and the lesson's chips list each step's clause."""
from __future__ import annotations

from tutor.lessons import all_lessons, play_solution

STEPS = ["sd.end.return-dice", "sd.end.ready", "sd.end.discard", "sd.end.draw", "sd.end.essence",
         "sd.end.advantage-die"]


def _lesson():
    return next(x for x in all_lessons("spirit-duels") if x.order == 22)


def test_every_end_phase_step_fires_in_order_with_its_number():
    s = play_solution(_lesson())
    ends = [e for st in s.history for e in st.events if e.clause in STEPS]
    assert list(dict.fromkeys(e.clause for e in ends)) == STEPS
    for e in ends:
        assert e.text.startswith(f"End Phase step {STEPS.index(e.clause) + 1}: "), e.text
    discards = [e.text for e in ends if e.clause == "sd.end.discard"]
    assert discards == ["End Phase step 3: Player 2 has no card in hand, so there is nothing to discard.",
                        "End Phase step 3: Player 1 has no card in hand, so there is nothing to discard."]


def test_the_lesson_cites_each_end_phase_step_clause_that_fires():
    lesson = _lesson()
    s = play_solution(lesson)
    fired = {e.clause for st in s.history for e in st.events}
    end_fired = {c for c in fired if c.startswith("sd.end") or c == "sd.ruling.end-order"}
    assert end_fired == {*STEPS, "sd.end-phase", "sd.ruling.end-order"}
    assert end_fired <= set(lesson.clauses), sorted(end_fired - set(lesson.clauses))
    # the chips follow the End Phase's own order
    shown = [c for c in lesson.clauses if c in STEPS]
    assert shown == STEPS


def test_a_player_with_cards_is_asked_about_step_3_as_before():
    """A hand with cards still gets the optional discard choice (no line said for it before the choice)."""
    import tutor
    from tutor.conformance import random_policy
    from tutor.core.rng import Rng
    s, rng = tutor.new_game("spirit-duels", players=2, seed=4), Rng.from_seed(2)
    for _ in range(400):
        acts = s.legal_actions()
        if any("sd.end.discard" in a.clauses for a in acts):
            break
        s.apply(random_policy(acts, rng).id)
    else:
        raise AssertionError("no End Phase discard choice reached")
    assert s.state.players[s.current_player].hand
    assert not any(e.clause == "sd.end.discard" and "nothing to discard" in e.text for e in s.history[-1].events
                   if e.actor == s.current_player)
