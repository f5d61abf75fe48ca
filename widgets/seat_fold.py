"""Free play's seat menus folded behind one button on a table of many players (issue #16, session 35).

On the one-screen table the seat menus (who plays each seat) and "Show all hands" sit on the head line of the last-step
strip. With five or six players (Spirited) they took two rows and more at 1366x768: the strip's History and Search
buttons were cut and its lines had no room. With :data:`MANY` seats or more they fold behind one button that says who
plays ("You: P1 · 5 computers ▸"); clicking it opens them above the strip (CSS class ``rt-open``; fixed in the window,
as the strip clips what leaves its box), and again closes them. With fewer seats they show as before and the button is hidden.
"""
from __future__ import annotations

import ipywidgets as w

from .style import button

#: From this many seats the menus fold behind the button.
MANY = 5

#: The fold's CSS (in the seats' hidden ``<style>`` widget, after :data:`widgets.opponent_style.SEATS_CSS`).
FOLD_CSS = """
.rt-seats-setup:not(.rt-seats-many) > .rt-seats-fold { display: none; }
.rt-seats-pop { flex-flow: row wrap; align-items: center; gap: 0 4px; }
.rt-seats-many { position: relative; }
.rt-seats-many:not(.rt-open) > .rt-seats-pop { display: none; }
.rt-seats-many.rt-open > .rt-seats-pop { position: fixed; bottom: calc(var(--rt-strip-h, 160px) + 12px); right: 16px;
  z-index: 30;
  width: max-content; max-width: min(820px, 90vw); padding: 6px 8px; background: #fff; border: 1px solid #b9a6d6;
  border-radius: 8px; box-shadow: 0 4px 14px rgba(40, 20, 70, .22); overflow: visible !important; }
.rt-seats-many > .rt-seats-fold { height: 24px; font-size: 12.5px; font-weight: 600; }
"""


def summary(values: list[str]) -> str:
    """The button's words for the seats' values (``"you"``, ``"easy"``, ``"normal"``): who plays, in short."""
    you = [f"P{i + 1}" for i, v in enumerate(values) if v == "you"]
    bots = len(values) - len(you)
    parts = [f"You: {', '.join(you)}"] if you else []
    if bots:
        parts.append(f"{bots} computer{'s' if bots != 1 else ''}")
    return " · ".join(parts) or "Seats"


class SeatFold:
    """The seat menus ``seat_box`` and ``show_all`` in one box (:attr:`box`, CSS class ``rt-seats-setup``), folded
    behind :attr:`toggle` while the seats are :data:`MANY` or more. Call :meth:`update` when the seats change."""

    def __init__(self, css: w.Widget, seat_box: w.Box, show_all: w.Widget) -> None:
        self.seat_box = seat_box
        self.toggle = button("Seats", "Who plays each seat: open to choose", classes=("rt-seats-fold",))
        self.toggle.on_click(lambda _b: self.open(not self.is_open))
        self.pop = w.HBox([seat_box, show_all], _dom_classes=("rt-seats-pop",))
        #: who plays each seat and Show all hands, folded behind the button on a table of many players
        self.box = w.HBox([css, self.toggle, self.pop], _dom_classes=("tutor-seats", "rt-seats-setup"))
        self.update()

    @property
    def is_open(self) -> bool:
        """True while the folded menus are open."""
        return "rt-open" in self.box._dom_classes

    def open(self, on: bool) -> None:
        """Open (``on``) or close the folded menus."""
        if on and not self.is_open:
            self.box.add_class("rt-open")
        elif not on and self.is_open:
            self.box.remove_class("rt-open")
        self.update()

    def update(self) -> None:
        """Fold the menus when the seats are many, and say on the button who plays."""
        seats = [d for d in self.seat_box.children if isinstance(d, w.Dropdown)]
        many = len(seats) >= MANY
        if many and "rt-seats-many" not in self.box._dom_classes:
            self.box.add_class("rt-seats-many")
        elif not many and "rt-seats-many" in self.box._dom_classes:
            self.box.remove_class("rt-seats-many")
            self.open(False)
        words = summary([str(d.value) for d in seats]) + (" ▾" if self.is_open else " ▸")
        if self.toggle.description != words:
            self.toggle.description = words
