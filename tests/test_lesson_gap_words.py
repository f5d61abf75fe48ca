"""Trial 21: Restless Spirits lesson 2's hint said "…but the goal asks for the pending choice to be none (it is
choose-offering)": an internal name. Every goal field any lesson of any game uses is said in words a person would say:
at each lesson's first position and after each legal first step, the gap, the goal's parts and the Undo hint name no
internal id."""
from __future__ import annotations

import re

import pytest

import tutor
from tutor.lesson_words import _state_part, goal_gap, goal_parts, undo_hint
from tutor.lessons import all_lessons, start_lesson

#: An internal id: lower-case words joined by "-" (``choose-offering``), a dotted clause id (``rs.attract``), a
#: state path (``p1.hand``), a ``key=value`` selector, or the engine's own name for a waiting decision.
_INTERNAL = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z0-9]+)+(?![\w-])|\b(?:rs|sd|sp)\.[a-z]|\bp\d\.[a-z]|\w=\w"
                       r"|pending choice|\bNone\b|\bTrue\b|\bFalse\b")


def _words(lesson, s) -> list[str]:
    """The gap, the Undo hint and the goal's parts, without what they quote (a rule's title, a button's label: the
    engine's words for people, where "swapped-out" is English)."""
    said = [w for w in [goal_gap(lesson, s), undo_hint(lesson, s), *goal_parts(lesson, s)] if w]
    return [re.sub(r"\u201c[^\u201d]*\u201d", "“…”", w) for w in said]


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_no_goal_words_name_an_internal_id(game_id):
    seen = 0
    for lesson in all_lessons(game_id):
        s = start_lesson(lesson)
        for words in [re.sub(r"\u201c[^\u201d]*\u201d", "“…”", w) for w in goal_parts(lesson, s)]:
            assert not _INTERNAL.search(words), (lesson.id, words)
        for a in s.legal_actions():
            s.apply(a.id)
            for words in _words(lesson, s):
                seen += 1
                assert not _INTERNAL.search(words), (lesson.id, a.id, words)
            s.undo()
    assert seen > 50, seen


def test_rs_lesson_2_a_waiting_offering_is_said_in_words():
    """The tester's line: Restless Spirits lesson 2, "Attract Gonga" (a mistake)."""
    lesson = next(x for x in all_lessons("restless-spirits") if x.id.startswith("rs-02"))
    s = start_lesson(lesson)
    s.apply(next(a.id for a in s.legal_actions() if a.label.startswith("Attract Gonga")))
    gap = goal_gap(lesson, s)
    assert gap is not None and "choose-offering" not in gap and "pending" not in gap, gap
    assert ", but the goal asks for the turn to be free, while a choice is still waiting: “" in gap, gap  # trial 23
    assert "(one is:" not in gap and "no choice to be waiting" not in gap, gap


def test_the_other_choice_and_yes_no_parts_of_the_goal_read_as_sentences():
    """Trial 23: the goal box's "pending" and yes/no parts are said as a person would, never "to be true"."""
    assert _state_part("restless-spirits", "pending", "choose-offering", None, {}) == \
        "the goal asks for a choice to be waiting (none is)"
    assert _state_part("restless-spirits", "pending", "choose-offering", "swap", {}) == \
        "the goal asks for a different choice to be waiting"
    assert _state_part("spirit-duels", "last_was_pass", True, False, {}) == \
        "the goal asks that “last action was a pass” holds (it does not)"
    assert _state_part("spirit-duels", "last_was_pass", False, True, {}) == \
        "the goal asks that “last action was a pass” does not hold (it does)"
    assert _state_part("spirit-duels", "p2.s1.exhausted", True, False, {"p2.s1": "Player 2's Binx"}) == \
        "the goal asks for Player 2's Binx to be exhausted (it is not)"


def test_a_count_in_the_goal_is_one_number():
    """Trial 22: "the goal asks for Player 1's number of released Spirits to be 1 (they are 0)": a count is said as
    one number; a list of things keeps "they". (Trial 31: as a sentence, tests/test_lesson_words_counts.py.)"""
    assert _state_part("restless-spirits", "p1.released_count", 1, 0, {}) == \
        "the goal asks for Player 1 to have released 1 Spirit (so far 0)"
    assert _state_part("restless-spirits", "p1.released", ["gonga"], [], {"gonga": "Gonga"}).endswith(
        "(they hold nothing)")
