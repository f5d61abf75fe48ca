"""Free play's seat menus fold behind one button from five seats (widgets.seat_fold, session 35)."""
from __future__ import annotations

import ipywidgets as w

from widgets.seat_fold import MANY, SeatFold, summary


def fold_of(n: int) -> SeatFold:
    seats = [w.Dropdown(options=[("You", "you"), ("Computer (normal)", "normal")], value="you" if i == 0 else "normal")
             for i in range(n)]
    return SeatFold(w.HTML(), w.HBox(seats), w.Checkbox())


def test_summary_says_who_plays():
    assert summary(["you", "normal", "easy", "normal", "normal", "normal"]) == "You: P1 · 5 computers"
    assert summary(["you", "normal", "you", "easy", "normal"]) == "You: P1, P3 · 3 computers"
    assert summary(["normal", "easy"]) == "2 computers"
    assert summary(["you", "easy"]) == "You: P1 · 1 computer"


def test_many_seats_fold_and_open():
    few, many = fold_of(MANY - 1), fold_of(6)
    assert "rt-seats-many" not in few.box._dom_classes and "rt-seats-many" in many.box._dom_classes
    assert many.toggle.description == "You: P1 · 5 computers ▸" and not many.is_open
    many.toggle.click()
    assert many.is_open and many.toggle.description == "You: P1 · 5 computers ▾"
    many.seat_box.children[1].value = "you"
    many.update()
    assert many.toggle.description == "You: P1, P2 · 4 computers ▾"
    many.toggle.click()
    assert not many.is_open and "rt-open" not in many.box._dom_classes
    many.seat_box.children = many.seat_box.children[:2]  # a new game of two players: the menus unfold
    many.update()
    assert "rt-seats-many" not in many.box._dom_classes
