"""The board panel: the game's board view (``widgets/boards/``) drawn into one or more HTML zones, redrawn after each
change of the session.
"""
from __future__ import annotations

from types import ModuleType

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from .boards import board_for
from .model import SessionModel
from .style import layout, shared_style


class BoardView:
    """The board of the current session (``widget``): one HTML widget per zone of the board (banner, table zones,
    each player, legend), so that after a step only the zones that changed are sent to the page.

    A board module that has ``parts(session)`` (a list of ``(key, html)``: the key names the zone and, before any
    ``:``, its kind, which sets its width: ``wide``, ``zone``, ``player``, ``style`` or full width) is shown zone by
    zone in a box with the module's ``BOARD_CLASSES``; one with only ``render(session)`` is one HTML widget."""

    def __init__(self, model: SessionModel, board: ModuleType) -> None:
        self.model, self.board = model, board
        self._board_game = model.session.game_id
        self._parts: dict[str, w.HTML] = {}
        #: CSS classes the board's box always has (the one-screen table's ``tutor-board``)
        self.classes: tuple[str, ...] = ()
        self.widget = w.Box(layout=w.Layout(width="100%"))
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    @property
    def html(self) -> "_WholeBoard":
        """The whole board's HTML as one string, in ``html.value`` (read only)."""
        return _WholeBoard(self)

    def parts(self) -> list[tuple[str, str]]:
        """``(key, html)`` of every zone of the board now (the board of the session's game: the recorder can switch
        to another game)."""
        s = self.model.session
        if s.game_id != self._board_game:
            self.board, self._board_game = board_for(s.game_id), s.game_id
        if hasattr(self.board, "parts"):
            return list(self.board.parts(s))
        return [("board", self.board.render(s))]

    def render(self) -> None:
        """Redraw the board from the session state: only zones whose HTML changed are sent."""
        parts = self.parts()
        kids = []
        for key, html in parts:
            part = self._parts.get(key)
            kind = key.split(":")[0]
            # (a player's area marked as the one to act, or the learner's: CSS classes the table's CSS reads, where
            # ":has()" made the browser restyle the whole board at every change of it)
            classes = ("rt-bpart", f"rt-bpart-{kind}") + tuple(
                c for c, mark in _PART_MARKS if kind == "player" and mark in html)
            if part is None:
                # the first zone takes the keyboard's focus: a board that scrolls inside its box scrolls by keys too
                part = self._parts[key] = w.HTML(html, layout=layout("plain"), style=shared_style(HTMLStyle),
                                                 _dom_classes=classes, tabbable=True if not kids else None)
            else:
                if part._dom_classes != classes:
                    part._dom_classes = classes
                part.value = html  # sent only when it differs
            kids.append(part)
        classes = ("rt-bparts",) + tuple(getattr(self.board, "BOARD_CLASSES", ())) + _box_marks(parts) \
            if len(parts) > 1 else ()
        if any(_SD_MARK in html for _key, html in parts):
            classes += ("rt-board-sd",)
        classes += self.classes
        if self.widget._dom_classes != classes:
            self.widget._dom_classes = classes
        self.widget.children = tuple(kids)
        gone = [k for k in self._parts if k not in dict(parts)]
        self.model.retire(*[self._parts.pop(k) for k in gone])


#: A player's zone's CSS classes by what its HTML holds: the player to act (``rt-current``, the boards'
#: ``<div class="rt-player rt-current">``) and the learner's own area (``rt-who-you``).
_PART_MARKS = (("rt-bpart-current", 'class="rt-player rt-current"'), ("rt-bpart-you", "rt-who-you"))
#: Spirit Duels' board (its one zone's root), which a large window draws larger.
_SD_MARK = 'class="rt-root rt-board sd-board"'


def _box_marks(parts: list[tuple[str, str]]) -> tuple[str, ...]:
    """The board box's CSS classes by its zones (for the table's CSS, in place of ":has()"): ``rt-bparts-markets``
    when one zone is the Totem Markets, ``rt-bparts-3p`` / ``rt-bparts-5p`` from three / five players' zones."""
    kinds = [key.split(":")[0] for key, _html in parts]
    players = kinds.count("player")
    return (("rt-bparts-markets",) if "markets" in kinds else ()) + (("rt-bparts-3p",) if players >= 3 else ()) + (
        ("rt-bparts-5p",) if players >= 5 else ())


class _WholeBoard:
    """The board's zones joined into one HTML string (``value``), for reading (tests, debugging)."""

    def __init__(self, view: BoardView) -> None:
        self._view = view

    @property
    def value(self) -> str:
        box = self._view.widget
        inner = "".join(x.value for x in box.children)
        return f'<div class="{" ".join(box._dom_classes)}">{inner}</div>' if box._dom_classes else inner
