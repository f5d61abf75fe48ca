"""Trial 21, Spirit Duels lesson 1: a step off the lesson's way. Gaining the advantage ends the learner's actions for
the round, so the goal is out of reach and the lesson says so at once (the page's short search gave up: "not sure").
Playing Mystic Mirror rerolls Tychomp's Attack die (to Blank with the lesson's seed) and passes the turn, but the
goal is NOT out of reach: the learner plays every seat, and Player 2's Shark 1 can Splash the die back to Attack, so
saying it lost would be false (the line is pinned here)."""
from __future__ import annotations

from tutor.lessons import all_lessons, goal_failures, goal_out_of_reach, start_lesson
from tutor.scenario import find


def _lesson():
    return next(x for x in all_lessons("spirit-duels") if x.id == "sd-01-goal")


def test_gaining_the_advantage_in_lesson_1_is_said_lost():
    lesson = _lesson()
    s = start_lesson(lesson)
    s.apply("gain-advantage")
    said = goal_out_of_reach(lesson, s)
    assert said is not None and said.startswith("You gained the advantage, so you take no more actions this round")
    # and it is true: whatever Player 2 then does (two steps deep), Player 1 never acts again while Tychomp's die
    # is in play (the full search to the page's depth agrees, in about 20 s: not run here)
    for a in s.legal_actions():
        s.apply(a.id)
        for b in (s.legal_actions() if s.current_player == 1 and not s.is_over else []):
            s.apply(b.id)
            assert s.current_player != 0 or s.game.facts(s.state)["p1.s1.pool"] == [], (a.id, b.id)
            s.undo()
        assert s.current_player != 0 or s.game.facts(s.state)["p1.s1.pool"] == [], a.id
        s.undo()


def test_after_mystic_mirror_the_goal_is_still_reachable_so_it_is_not_said_lost():
    lesson = _lesson()
    s = start_lesson(lesson)
    s.apply("play-card:card=mystic-mirror")
    assert s.game.facts(s.state)["p1.s1.pool"] == ["attack-1/blank"] and s.current_player == 1  # Player 2 (seat 1)
    assert goal_out_of_reach(lesson, s) is None
    for step in ["activate:spirit=3", "evolve:spirit=2", "resolve-dice:symbol=magic", "choose-face:face=attack",
                 "resolve-dice:symbol=attack"]:
        s.apply(step)
    assert not goal_failures(lesson, s)



def test_restless_spirits_lesson_3_says_lost_once_its_ap_is_spent():
    """Trial 31: Restless Spirits lesson 3 ("this turn") said "Undo, or play on" with its AP spent and the goal
    missed; now it says at once that the goal is out of reach, and never along the lesson's own solution."""
    lesson = next(x for x in all_lessons("restless-spirits") if x.id == "rs-03-buying")
    s = start_lesson(lesson)
    for ref in lesson.solution:  # along the solution: never said lost
        assert goal_out_of_reach(lesson, s) is None
        s.apply(find(s, ref))
    assert goal_out_of_reach(lesson, s) is None and goal_failures(lesson, s) == []
    s = start_lesson(lesson)
    s.apply("buy-totem:totem=t06")
    assert goal_out_of_reach(lesson, s) is None  # 1 AP left: a refresh and buy still reaches it
    s.apply("buy-totem:totem=t07")  # two Totems, but no refresh, and no AP left
    assert goal_out_of_reach(lesson, s).startswith("Your AP is spent, so you cannot take another Totem this turn")
    s.apply("end-turn")
    assert goal_out_of_reach(lesson, s).startswith("Your turn has ended before the goal was reached")
