"""What a lesson's goal asks and what the learner's step did instead (trial 18: a wrong Rally in Spirited lesson 1
was met by "the goal can no longer be reached" alone). :func:`tutor.lesson_words.goal_gap` says it from the goal's
own check, for every game; the learn page shows it (tests/widgets/test_widget_lessons.py)."""
from __future__ import annotations

import pytest

from tutor.lesson_words import goal_gap, goal_parts
from tutor.lessons import all_lessons, play_solution, start_lesson
from tutor.scenario import ActionRef, find
from tutor.step_words import you_past


def _lesson(game_id: str, lesson_id: str):
    return next(x for x in all_lessons(game_id) if x.id == lesson_id)


def _play(lesson, steps):
    s = start_lesson(lesson)
    for ref in steps:
        s.apply(find(s, ref if isinstance(ref, ActionRef) else ActionRef(**ref)))
    return s


@pytest.mark.parametrize(("game_id", "lesson_id", "steps", "said"), [
    ("spirited", "sp-01-goal", [{"kind": "scout"}, {"kind": "rally", "clan": "chinese"}],
     "You rallied a Chinese card into your Hand, but the goal asks for Player 2's hand to hold the Aztecs card (it "
     "holds the Chinese card)."),
    ("restless-spirits", "rs-20-mastery-lock", None,
     "You placed Gonga (Sacred) on space 2 (centre), but the goal asks for Player 1's board to hold Gonga, empty, "
     "empty (it holds empty, Gonga, empty)."),
    ("spirit-duels", "sd-12-zap", None,
     "You chose “Zap 2: put 1 Zap damage on Player 1's Tychomp (no tokens)”, but the goal asks for Player 1's "
     "Pawnite's damage to be 2 (it is 1)."),
])
def test_the_gap_names_the_step_and_what_the_goal_asks(game_id, lesson_id, steps, said):
    lesson = _lesson(game_id, lesson_id)
    if steps is None:  # the lesson's own way, with another choice at its last step
        s = _play(lesson, lesson.solution[:-1])
        right = find(s, lesson.solution[-1]).id
        other = next(a for a in s.legal_actions() if a.kind == lesson.solution[-1].kind and a.id != right)
        s.apply(other.id)
    else:
        s = _play(lesson, steps)
    assert goal_gap(lesson, s) == said
    for bad in ("..", ".:", " :", " ,", "[rs.", "[sp.", "[sd.", "None"):
        assert bad not in said


def test_no_gap_before_a_step_nor_once_the_goal_is_reached():
    for game_id in ("restless-spirits", "spirited", "spirit-duels"):
        lesson = all_lessons(game_id)[0]
        assert goal_gap(lesson, start_lesson(lesson)) is None
        assert goal_gap(lesson, play_solution(lesson)) is None and goal_parts(lesson, play_solution(lesson)) == []


def test_the_parts_the_last_step_changed_come_first_and_rules_by_title():
    """Spirited lesson 1 after the Scout alone: the turn has not passed and Player 1's Road still holds 3 Greeks (not
    changed by the Scout), and the Road Check's Rally has not happened: named by the rule's title, never its id."""
    lesson = _lesson("spirited", "sp-01-goal")
    s = _play(lesson, [{"kind": "scout"}])
    parts = goal_parts(lesson, s)
    assert parts[0] == "the goal asks for Player 1 to be playing (it is Player 2)"
    assert "the goal asks for Player 1's road to be Greeks 2 (it is Greeks 3)" in parts
    assert any(p.startswith("the goal asks for the rule “") and p.endswith("” to apply (it has not)")
               for p in parts)
    assert not any("sp." in p for p in parts)


@pytest.mark.parametrize(("label", "said"), [
    ("Rally a Chinese card into your Hand", "You rallied a Chinese card into your Hand"),
    ("End your turn", "You ended your turn"),
    ("Buy Key (single) from market row 1", "You bought Key (single) from market row 1"),
    ("Arcjaw's Attack: deal 3 damage to Player 1's Tychomp", "You chose “Arcjaw's Attack: deal 3 damage to Player "
                                                             "1's Tychomp”"),
    ("Shield your Greeks clan: place this card face down on top",
     "You chose “Shield your Greeks clan: place this card face down on top”"),
])
def test_you_past(label, said):
    assert you_past(label) == said


def test_winning_and_the_game_over_are_said_as_a_person_would():
    """Spirit Duels lesson 1 (defeat Shark 1 to win), after activating Pawnite instead: "the goal asks for Player 1
    to win (no one has won yet)", not "the winners to hold Player 1 (it holds nothing)"."""
    lesson = _lesson("spirit-duels", "sd-01-goal")
    s = _play(lesson, [{"kind": "activate", "spirit": 2}])
    assert goal_gap(lesson, s) == "You activated Pawnite, but the goal asks for Player 1 to win (no one has won yet)."
    rs7 = _lesson("restless-spirits", "rs-07-end")
    s = _play(rs7, rs7.solution[:-1])
    parts = goal_parts(rs7, s)
    assert "the goal asks for the game to be over (it is not)" in parts or "the goal asks for Player 1 to win " \
        "(no one has won yet)" in parts, parts


def test_a_goal_part_reads_as_a_person_would_say_it():
    """Trial 20: "the goal asks for “exhausted” to be true of Player 2's Binx", "Player 1's released to hold Gonga"
    and "Player 1's camps to hold 2 Chinese cards, nothing (it holds nothing, nothing)". A state of a thing is said
    of it, a plural place is "they", one of two Camps is named by its ordinal, and what the learner did loses its
    recipe bracket ("You marched")."""
    from tutor.lesson_words import _state_part

    names = {"p2.s1": "Player 2's Binx", "gonga": "Gonga", "chinese": "Chinese"}
    assert _state_part("spirit-duels", "p2.s1.exhausted", True, False, names) == \
        "the goal asks for Player 2's Binx to be exhausted (it is not)"
    assert _state_part("restless-spirits", "p1.released", ["gonga"], [], names) == \
        "the goal asks for Player 1's released Spirits to hold Gonga (they hold nothing)"
    assert _state_part("spirited", "p1.camps", [["chinese", "chinese"], []], [[], []], names) == \
        "the goal asks for Player 1's first Camp to hold 2 Chinese cards (it holds nothing)"
    assert _state_part("spirited", "p1.camps", [[], ["chinese"]], [[], []], names) == \
        "the goal asks for Player 1's second Camp to hold the Chinese card (it holds nothing)"
    assert you_past("March (forge or steal Allegiances with your Camps, then Regroup)") == "You marched"
