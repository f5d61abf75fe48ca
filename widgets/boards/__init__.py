"""Board views, one module per game, chosen by game id (a new game only adds its module here).

A board module provides ``render(session) -> str`` (HTML), ``decision_prompt(session) -> str | None``,
``group_of(kind) -> str``, ``GROUP_TITLES`` and ``GROUP_ORDER``.
"""
from __future__ import annotations

import importlib
import importlib.util
import weakref
from types import ModuleType

#: session -> the seats whose hidden cards (hand, draft packet) the page must not show: the computer's seats when a
#: learner plays against it (their observation, see :func:`tutor.observation`), set by :class:`widgets.opponent.Seats`.
_HIDDEN: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def hide_hands(session, seats) -> bool:
    """Show ``session`` as the seats in ``seats`` may not see it: their hands as counts. Returns True when that
    changed (the board must be drawn again)."""
    new = frozenset(seats)
    if _HIDDEN.get(session, frozenset()) == new:
        return False
    _HIDDEN[session] = new
    return True


def hidden_hands(session) -> frozenset:
    """The seats of ``session`` whose hands the page shows only as a count (empty: every hand as the board shows
    it by default)."""
    return _HIDDEN.get(session, frozenset())

BOARDS = {"restless-spirits": "widgets.boards.restless_spirits", "spirited": "widgets.boards.spirited",
          "spirit-duels": "widgets.boards.spirit_duels"}


def board_for(game_id: str) -> ModuleType:
    """The board module of ``game_id``.

    Raises:
        ValueError: no board view for that game yet (naming the games that have one).
    """
    name = BOARDS.get(game_id)
    if name is None or importlib.util.find_spec(name) is None:
        have = [g for g, m in BOARDS.items() if importlib.util.find_spec(m) is not None]
        raise ValueError(f"no board view for game {game_id!r}; boards exist for: {', '.join(have)}")
    return importlib.import_module(name)
