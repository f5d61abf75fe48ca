"""Rules Tutor: a stepwise rules engine that explains every legal action and every rule clause that fires.

Public contract (see README "Engine API"):

- :func:`new_game` ``(game_id, players=N, seed=S, **options) -> Session``
- :class:`Session`: ``legal_actions()``, ``blocked_actions()``, ``apply(action_or_id) -> Step``, ``undo()``,
  ``redo()``, ``reset()``, ``history``, ``state``, ``current_player``, ``is_over``, ``winners``, ``to_json()``
- :func:`load_session` ``(text) -> Session``
- :func:`clauses` ``(game_id) -> dict[str, Clause]``
- :func:`graph` ``(game_id) -> networkx.MultiDiGraph``: the ability-interaction graph (queries in
  :mod:`tutor.interactions`)
- :class:`IllegalAction` (a ``ValueError`` with ``.code``, ``.clause``), :class:`ContentError`
- :func:`bot` ``(game_id, level, seed) -> Bot`` (``choose``, ``explain``, ``hint``) and :func:`observation`
  ``(session, seat) -> dict``: computer players and what one seat may see (:mod:`tutor.bots`)
- :func:`view` ``(session)``: a read-only view of the state for the pages (stats, die values, limits)
- value types :class:`Action`, :class:`Blocked`, :class:`Event`, :class:`Step`, :class:`Clause`
"""
from __future__ import annotations

import json
from typing import Any

from .core.content import fold_text  # noqa: F401 - the pages' search boxes fold typed text (widgets.style.typed)
from .core.errors import ContentError, IllegalAction, short, trouble_words, visible
from .core.model import Action, Blocked, Clause, Event, Source, Step
from .core.seeds import SEED_MAX, typed_seed  # noqa: F401 - the pages' seed boxes take what the command line plays
from .core.session import SESSION_FORMAT, SESSION_VERSION, Session, replay
from .registry import KNOWN_GAMES, clauses_for, game_class
from .sessions import _SESSION_KEYS, _OPTIONAL_KEYS, _make_game, clauses, load_session, new_game  # noqa: F401
from .bots import bot, observation
from .views import view

__all__ = ["new_game", "load_session", "clauses", "graph", "Session", "IllegalAction", "ContentError", "Action", "Blocked",
           "Event", "Step", "Clause", "Source", "GAMES", "bot", "observation", "view", "short",
           "trouble_words", "visible"]

#: The game ids: ``"restless-spirits"``, ``"spirited"``, ``"spirit-duels"``.
GAMES = KNOWN_GAMES


def graph(game_id: str | None = None, **options: Any):
    """The ability-interaction graph of a game (``None`` or ``"all"``: the three games together).

    Returns a ``networkx.MultiDiGraph`` whose edges carry ``kind`` (blocks, copies, modifies, counts, triggers,
    disables, removes, targets), ``clauses``, ``why`` and ``scenarios``; built from the same content the engine plays
    (``cards=PATH`` uses a user card file). Queries and exports: :mod:`tutor.interactions`.

    Raises:
        ValueError: unknown game id. ContentError: a bad card or graph data file, naming file and field.
    """
    from . import interactions
    return interactions.build(game_id, **options)
