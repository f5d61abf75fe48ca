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
- value types :class:`Action`, :class:`Blocked`, :class:`Event`, :class:`Step`, :class:`Clause`
"""
from __future__ import annotations

import json
from typing import Any

from .core.errors import ContentError, IllegalAction
from .core.model import Action, Blocked, Clause, Event, Source, Step
from .core.session import SESSION_FORMAT, SESSION_VERSION, Session, replay
from .registry import KNOWN_GAMES, clauses_for, game_class
from .bots import bot, observation

__all__ = ["new_game", "load_session", "clauses", "graph", "Session", "IllegalAction", "ContentError", "Action", "Blocked",
           "Event", "Step", "Clause", "Source", "GAMES", "bot", "observation"]

#: The game ids: ``"restless-spirits"``, ``"spirited"``, ``"spirit-duels"``.
GAMES = KNOWN_GAMES


def _make_game(game_id: str, players: Any, seed: Any, options: dict[str, Any]):
    cls = game_class(game_id)
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError(f"{game_id}: players must be a whole number, got {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"{game_id}: seed must be a whole number, got {seed!r}")
    return cls(players, seed, clauses_for(game_id), dict(options))


def new_game(game_id: str, players: int = 2, seed: int = 0, **options: Any) -> Session:
    """Start a new game and run its automatic set-up.

    Args:
        game_id: ``"restless-spirits"`` (``"spirited"`` and ``"spirit-duels"`` come with their own rules).
        players: number of seats (Restless Spirits: 2 to 4).
        seed: any integer; with the same actions, the same seed replays the same game exactly.
        **options: game options, e.g. ``first_game=True``, ``guides=[...]``, ``cards=PATH`` (Restless Spirits).

    Returns:
        A :class:`Session` whose ``setup_events`` explain the set-up so far.

    Raises:
        ValueError: unknown game id or option, bad player count (the message names the valid ones).
        ContentError: a bad card file (naming file and field).
    """
    game = _make_game(game_id, players, seed, options)
    state, events = game.initial_state()
    return Session(game, state, events)


_SESSION_KEYS = {"format", "version", "game", "players", "seed", "options", "prepared", "initial_state", "actions",
                 "state"}


def load_session(text: str) -> Session:
    """Rebuild a session saved with :meth:`Session.to_json`, replaying its actions from its initial state.

    A session dealt from a seed must start from exactly the state that seed and options deal; a prepared one
    (scenario, lesson) says so with ``"prepared": true``.

    Raises:
        ContentError: not JSON, wrong format or version, unknown field, unknown game, a header that contradicts the
            state, an action that is not legal on replay, or a saved state that differs from the replayed one (an
            edited file); the message names the field.
    """
    where = "<saved session>"
    if not isinstance(text, (str, bytes)):
        raise ContentError(f"{where}: expected JSON text, got {type(text).__name__}")
    if len(text) > 16 * 1024 * 1024:
        raise ContentError(f"{where}: larger than 16 MiB")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ContentError(f"{where}: not valid JSON ({exc})") from None
    except ValueError as exc:  # e.g. an integer longer than Python converts
        raise ContentError(f"{where}: not readable JSON ({str(exc)[:120]})") from None
    except RecursionError:
        raise ContentError(f"{where}: the JSON is nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise ContentError(f"{where}: format: not a Rules Tutor session (expected format {SESSION_FORMAT!r})",
                           field="format")
    if type(data.get("version")) is not int or data.get("version") != SESSION_VERSION:
        raise ContentError(f"{where}: version: unsupported version {data.get('version')!r} (this tutor reads "
                           f"{SESSION_VERSION})", field="version")
    for key in sorted(_SESSION_KEYS):
        if key not in data:
            raise ContentError(f"{where}: {key}: missing", field=key)
    extra = sorted(set(data) - _SESSION_KEYS)
    if extra:
        raise ContentError(f"{where}: {extra[0]}: unknown field", field=extra[0])
    if not isinstance(data["options"], dict):
        raise ContentError(f"{where}: options: must be a mapping", field="options")
    if not isinstance(data["prepared"], bool):
        raise ContentError(f"{where}: prepared: must be true or false", field="prepared")
    try:
        game = _make_game(data["game"], data["players"], data["seed"], data["options"])
    except ContentError:
        raise
    except (ValueError, TypeError) as exc:
        raise ContentError(f"{where}: game/options: {exc}", field="options") from None
    from .core.content import validate
    initial = validate(game.state_model, data["initial_state"], f"{where}: initial_state")
    seats = getattr(initial, "players", None)
    if seats is not None and len(seats) != data["players"]:
        raise ContentError(f"{where}: players: says {data['players']} but initial_state has {len(seats)} seats",
                           field="players")
    problems = game.check_invariants(initial)
    if problems:
        raise ContentError(f"{where}: initial_state: not a sound state ({'; '.join(problems[:3])})",
                           field="initial_state")
    events: tuple = ()
    if not data["prepared"]:
        dealt, dealt_events = game.initial_state()
        if dealt.model_dump(mode="json") != data["initial_state"]:
            raise ContentError(f"{where}: initial_state: differs from what seed {data['seed']} and the options deal "
                               "(was the file edited?)", field="initial_state")
        events = tuple(dealt_events)
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ContentError(f"{where}: actions: must be a list of action ids", field="actions")
    session = replay(game, initial, actions, where=where, prepared=data["prepared"], setup_events=events)
    if session.state.model_dump(mode="json") != data["state"]:
        raise ContentError(f"{where}: state: the saved state differs from the state its actions produce (was the "
                           "file edited?)", field="state")
    return session


def clauses(game_id: str) -> dict[str, Clause]:
    """Every clause of a game: ``{id: Clause}`` (rules, rulings and provisional-value notes).

    Raises:
        ValueError: unknown game id (naming the valid ones).
    """
    return dict(clauses_for(game_id))


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
