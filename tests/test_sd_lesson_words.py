"""Spirit Duels lessons name their Spirits as the board does (trial 27).

- Lesson 16's goal called the target Binx "(frozen)", but the frozen Spirit was the attacker Tychomp: a learner
  could think freezing the target lowers the damage it takes (sd.freeze.reduce: the Frozen Spirit's own dice lose
  value). Every "<Name> (frozen)" in a lesson names a Spirit that starts the lesson with freeze tokens.
- Lesson 16's hints said "target Spirit 1 of Player 2" and "against Spirit 2", and lesson 22's goal "activates
  Spirits 1 and 2": learners see the Spirits' names (Binx, Pruni), so a lesson never calls one by its number alone
  (a number in brackets after a name, "Pawnite (Spirit 2)", is fine).
"""
from __future__ import annotations

import re

import pytest

from tutor.lessons import all_lessons, start_lesson

LESSONS = all_lessons("spirit-duels")


def _texts(lesson) -> list[str]:
    return [lesson.intro, lesson.goal, *lesson.hints]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_a_spirit_called_frozen_starts_frozen(lesson):
    frozen = {s.line for p in start_lesson(lesson).state.players for s in p.spirits if s is not None and s.freeze}
    for text in _texts(lesson):
        for name in re.findall(r"(\w+) \(frozen\)", text):
            assert name.lower() in frozen, (lesson.id, name, text)


def test_lesson_16_says_the_attacker_is_frozen():
    lesson = next(x for x in LESSONS if x.id == "sd-16-freeze")
    assert "Tychomp (frozen)" in lesson.goal and "Binx (frozen)" not in lesson.goal


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_no_spirit_is_called_by_its_number_alone(lesson):
    for text in _texts(lesson):
        bare = re.sub(r"\([^)]*\)", "", text)  # "Pawnite (Spirit 2)": the name is given
        assert not re.search(r"\bSpirits? \d", bare), (lesson.id, text)
