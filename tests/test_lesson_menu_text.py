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


def test_a_lesson_with_an_id_or_order_taken_names_the_other_file_by_its_name_only(content_copy):
    """A second lesson with an id (or an order) already taken is left out, and the message names the lesson that has
    it by its file name only (it reaches the learn page: no server folder), as the FAQ's duplicate ids do."""
    import shutil
    from tutor.lessons import readable_lessons
    folder = content_copy / "restless-spirits" / "lessons"
    first = sorted(folder.glob("*.yaml"))[0]
    shutil.copy(first, folder / "99-copy.yaml")
    lessons, left = readable_lessons("restless-spirits")
    assert left == [f"{folder / '99-copy.yaml'}: id: {lessons[0].id!r} is already the id of {first.name}"], left
