"""Lesson titles fit the lesson menu (``"12. Title"`` in a 250 px drop-down: at most 28 characters, the trial of
issue 16 saw "1. The goal (Spirit) and the Ro" cut), and Spirited lesson 1 names the seats as its set-up has them."""
from __future__ import annotations

import pytest

from tutor.lessons import all_lessons, start_lesson

GAMES = ("restless-spirits", "spirited", "spirit-duels")
#: Characters of ``"<order>. <title>"`` that the lesson menu shows whole (widgets/lessons.py, 250 px).
MENU_CHARS = 28


@pytest.mark.parametrize("game_id", GAMES)
def test_lesson_titles_fit_the_menu(game_id):
    long = [f"{x.order}. {x.title}" for x in all_lessons(game_id) if len(f"{x.order}. {x.title}") > MENU_CHARS]
    assert not long


def test_spirited_lesson_1_says_which_seat_is_playing():
    x = next(x for x in all_lessons("spirited") if x.order == 1)
    s = start_lesson(x)
    assert s.current_player == 1  # Player 2 starts (seat index 1): the page marks Player 2 "YOUR TURN"
    assert "your Road (Player 1)" not in x.intro and "your turn" not in x.goal
    assert "as **Player 2**" in x.intro
    assert "Player 1's" in x.goal
