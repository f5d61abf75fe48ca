"""Every lesson goal fits the two lines of the goal box at 1366x768 (new-user trial 34: five goals took three lines
there, the third hidden; tests/browser/test_learn_goal_fit.py measures the longest in a browser). About 95 characters
make a line of the box at that width, "Goal: " included."""
from __future__ import annotations

from tutor.lessons import all_lessons

#: the most characters a goal may have (two lines of about 95, less "Goal: " and a margin for long words)
GOAL_MAX = 180


def test_every_lesson_goal_fits_two_lines_at_1366():
    long = {x.id: len(x.goal) for g in ("restless-spirits", "spirited", "spirit-duels") for x in all_lessons(g)
            if len(x.goal) > GOAL_MAX}
    assert long == {}, long
