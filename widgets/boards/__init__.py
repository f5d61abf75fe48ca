"""Board views, one module per game, chosen by game id (a new game only adds its module here).

A board module provides ``render(session) -> str`` (HTML), ``decision_prompt(session) -> str | None``,
``group_of(kind) -> str``, ``GROUP_TITLES`` and ``GROUP_ORDER``.
"""
from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

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
