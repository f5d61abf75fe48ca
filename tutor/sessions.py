"""Starting and loading sessions: :func:`new_game`, :func:`load_session` and :func:`clauses` (re-exported by
:mod:`tutor`, the public engine; modules of the engine import them from here, never from the package itself, so the
package's ``__init__`` imports nothing that imports it back).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from .core.content import MAX_DIGITS, check_data_bounds, normalise_refs
from .core.errors import ContentError, IllegalAction, said, short, trouble_words
from .core.model import Clause
from .core.options import FILE_OPTIONS
from .core.seeds import seed_problem
from .core.session import SESSION_FORMAT, SESSION_VERSION, Session, copy_state, first_difference
from .core.session import short as json_text
from .registry import clauses_for, game_class


def _make_game(game_id: str, players: Any, seed: Any, options: dict[str, Any]):
    cls = game_class(game_id)
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError(f"{game_id}: players must be a whole number, got {said(players)}")
    problem = seed_problem(seed)
    if problem:
        raise ValueError(f"{game_id}: seed: {problem}")
    return cls(players, seed, clauses_for(game_id), dict(options))


def new_game(game_id: str, players: int = 2, seed: int = 0, **options: Any) -> Session:
    """Start a new game and run its automatic set-up.

    Args:
        game_id: ``"restless-spirits"`` (``"spirited"`` and ``"spirit-duels"`` come with their own rules).
        players: number of seats (Restless Spirits: 2 to 4).
        seed: a whole number from 0 to 999,999,999 (:data:`tutor.core.seeds.SEED_MAX`, what a page's seed box takes);
            with the same actions, the same seed replays the same game exactly.
        **options: game options, e.g. ``first_game=True``, ``guides=[...]``, ``cards=PATH`` (Restless Spirits).

    Returns:
        A :class:`Session` whose ``setup_events`` explain the set-up so far.

    Raises:
        ValueError: unknown game id or option, bad player count (the message names the valid ones), a seed that is
            not a whole number from 0 to 999,999,999 (``"<game>: seed: a seed is a whole number from 0 to ..."``).
        ContentError: a bad card file (naming file and field).
    """
    game = _make_game(game_id, players, seed, options)
    state, events = game.initial_state()
    return Session(game, state, events)


_SESSION_KEYS = {"format", "version", "game", "players", "seed", "options", "prepared", "partial_state",
                 "initial_state", "actions", "state"}
#: Keys a saved session may leave out (files saved before prepared sessions carried their partial state).
_OPTIONAL_KEYS = {"partial_state"}


#: The keys of a saved session that say where its game comes from (everything but its actions and their result).
_ORIGIN_KEYS = ("game", "players", "seed", "options", "prepared", "partial_state", "initial_state")


def steps_added(older: str, newer: str) -> list | None:
    """The steps (:class:`~tutor.core.model.Step`, oldest first) by which the saved session ``newer`` (JSON text,
    as :meth:`Session.to_json` writes it) goes on from ``older``: the same origin (game, players, seed, options,
    partial and initial state), ``older``'s actions first, then at least one more. ``None`` when it does not: either
    text not readable, another game, a different or a shorter history, or ``newer`` not loadable
    (:func:`load_session` with ``files=False``: a saved session naming a card file is not loaded)."""
    if not isinstance(older, str) or not isinstance(newer, str) or older == newer:
        return None
    try:
        mine, theirs = json.loads(older), json.loads(newer)
    except (ValueError, RecursionError):
        return None
    if not isinstance(mine, dict) or not isinstance(theirs, dict):
        return None
    if any(mine.get(k) != theirs.get(k) for k in _ORIGIN_KEYS):
        return None
    done, now = mine.get("actions"), theirs.get("actions")
    if not isinstance(done, list) or not isinstance(now, list) or now[:len(done)] != done or len(now) <= len(done):
        return None
    try:  # (texts a page keeps in storage: one naming a file to read is refused, nothing read)
        return list(load_session(newer, files=False).history[len(done):])
    except ValueError:
        return None


def _unreadable_json(text: str | bytes, where: str, exc: ValueError) -> str:
    """Why JSON text that parses as JSON could not be read, in plain words: a number too long names its line."""
    plain = text if isinstance(text, str) else text.decode("utf-8", "replace")
    number = re.search(r"\d{%d,}" % (MAX_DIGITS + 1), plain)
    if number is not None:
        return (f"{where}: line {plain.count(chr(10), 0, number.start()) + 1}: a whole number of "
                f"{number.end() - number.start():,} digits; a saved session holds numbers of at most {MAX_DIGITS} "
                "digits")
    return f"{where}: not readable JSON ({short(str(exc), 120, quote=False)})"


class _KeyTwice(ValueError):
    """A JSON object of a saved session with one key written twice (:func:`_once`)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``' ``object_pairs_hook`` for saved sessions: the object as a dict, refusing a key written twice
    (attack 42: ``json.loads`` kept the last of two ``"seed"`` keys silently, so an edited save read as another).

    Raises:
        _KeyTwice: naming the key.
    """
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _KeyTwice(key)
        out[key] = value
    return out


def load_session(text: str, *, files: bool = True, game: str | None = None) -> Session:
    """Rebuild a session saved with :meth:`Session.to_json` from its origin, and check it against the file.

    ``files=False`` for a saved session read from storage others could write (the progress database a page keeps
    its place in): one whose options name a file to read (:data:`~tutor.core.options.FILE_OPTIONS`, a card file)
    is refused before anything is read or built (field ``options.cards``), since whoever edits the stored text
    would otherwise make the page read any file the server can. ``game``: the game id the session must be of;
    another is refused (field ``game``) before anything is built.

    The origin is the game, player count, seed and options, plus for a prepared session (scenario, lesson:
    ``"prepared": true``) the partial state that prepared it (``partial_state``, read by the same loader as a
    scenario's ``setup.state``). The start state is dealt from the origin again and must equal the file's
    ``initial_state``; the actions are replayed from it and the result must equal the file's ``state``. Nothing in
    the file's states is taken on trust: the session loaded is always exactly its origin plus its actions.

    Raises:
        ContentError: not JSON, wrong format or version, a missing or unknown field, unknown game or option, a bad
            partial state, an action that is not legal on replay, a saved state that differs from the one its origin
            and actions give (naming the first differing field, e.g. ``state.players[0].ap``), or a rebuilt game the
            engine cannot go on with; the message starts with ``<saved session>`` and names the field.
    """
    where = "<saved session>"
    if not isinstance(text, (str, bytes)):
        raise ContentError(f"{where}: expected JSON text, got {said(text, 40)}")
    if len(text) > 16 * 1024 * 1024:
        raise ContentError(f"{where}: larger than 16 MiB")
    try:
        data = json.loads(text, object_pairs_hook=_once)
    except _KeyTwice as exc:
        raise ContentError(f"{where}: {said(exc.key, 40)}: this key is written twice in one object; a saved session "
                           "writes each key once, so which value counts cannot be told", field=exc.key[:80]) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ContentError(f"{where}: not valid JSON ({exc})") from None
    except ValueError as exc:  # e.g. an integer longer than Python converts (its message tells a programmer to call
        # sys.set_int_max_str_digits(): the learner is told where the number is instead)
        raise ContentError(_unreadable_json(text, where, exc)) from None
    except RecursionError:
        raise ContentError(f"{where}: the JSON is nested too deeply") from None
    check_data_bounds(data, where)  # as many values and as deep as a content file may hold, no more
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise ContentError(f"{where}: format: not a Rules Tutor session (expected format {SESSION_FORMAT!r})",
                           field="format")
    if type(data.get("version")) is not int or data.get("version") != SESSION_VERSION:
        raise ContentError(f"{where}: version: unsupported version {said(data.get('version'))} (this tutor reads "
                           f"{SESSION_VERSION})", field="version")
    for key in sorted(_SESSION_KEYS - _OPTIONAL_KEYS):
        if key not in data:
            raise ContentError(f"{where}: {key}: missing", field=key)
    extra = sorted(set(data) - _SESSION_KEYS, key=str)
    if extra:
        raise ContentError(f"{where}: {short(extra[0])[1:-1]}: unknown field", field=extra[0][:200])
    if not isinstance(data["options"], dict):
        raise ContentError(f"{where}: options: must be a mapping", field="options")
    if game is not None and data["game"] != game:
        raise ContentError(f"{where}: game: a game of {json_text(data['game'])}, not of {said(game)}", field="game")
    named = [k for k in FILE_OPTIONS if data["options"].get(k) is not None]
    if named and not files:  # nothing is read: the file's name is not even looked at
        raise ContentError(f"{where}: options.{named[0]}: names a file to read, which a saved session kept in "
                           "storage may not do (only the person starting a game names a card file)",
                           field=f"options.{named[0]}")
    seed = data["seed"]
    problem = seed_problem(seed)
    if problem:
        raise ContentError(f"{where}: seed: {problem}", field="seed")
    if not isinstance(data["prepared"], bool):
        raise ContentError(f"{where}: prepared: must be true or false", field="prepared")
    partial = normalise_refs(data.get("partial_state"))  # card references compared as card ids are
    if data["prepared"] and not isinstance(partial, dict):
        raise ContentError(f"{where}: partial_state: a prepared session must carry the partial state that prepared "
                           "it (a mapping, the scenario's or lesson's setup.state)"
                           + ("; this file has none, so its start cannot be checked" if partial is None else
                              f", got {said(partial)}"), field="partial_state")
    if not data["prepared"] and partial is not None:
        raise ContentError(f"{where}: partial_state: only a prepared session has one (prepared is false)",
                           field="partial_state")
    if not isinstance(data["game"], str):
        raise ContentError(f"{where}: game: must be a game's name (restless-spirits, spirited or spirit-duels), got "
                           f"{json_text(data['game'])}", field="game")
    players = data["players"]
    if not isinstance(players, int) or isinstance(players, bool):  # (named here, not as one of the options)
        raise ContentError(f"{where}: players: must be a whole number (the number of seats), got {said(players, 60)}",
                           field="players")
    try:
        game = _make_game(data["game"], players, data["seed"], data["options"])
    except ContentError as exc:  # the card file named by the options
        cards = data["options"].get("cards")
        if cards is None:
            raise ContentError(f"{where}: options: {exc}", path=exc.path, field="options") from None
        # The file is named by the saved session, not by the person loading it: the same few words whatever is wrong
        # with it (no line, key or value of it, nor whether it exists, can reach the message), naming the file only.
        name = Path(str(cards)).name if isinstance(cards, (str, os.PathLike)) else ""
        raise ContentError(f"{where}: options.cards: the card file this game was played with"
                           f"{f' ({short(name, 60, quote=False)})' if name else ''} cannot be used here (missing, changed, or not "
                           "a card file); start a new game, or open it where that card file is",
                           field="options.cards") from None
    except ValueError as exc:
        raise ContentError(f"{where}: options: {exc}", field="options") from None
    except TypeError:  # e.g. "unhashable type: 'dict'": said in plain words (attack 19 L3)
        raise ContentError(f"{where}: options: a value is of the wrong kind (a list or mapping where one value "
                           "belongs, or the reverse)", field="options") from None
    seats = data["initial_state"].get("players") if isinstance(data["initial_state"], dict) else None
    if isinstance(seats, list) and len(seats) != data["players"]:
        raise ContentError(f"{where}: players: says {said(data['players'])} but initial_state has {len(seats)} seats",
                           field="players")
    origin = f"seed {said(data['seed'], 40)} and the options" + (" and partial_state" if data["prepared"] else "")
    # 1. the start state, dealt again from the origin
    try:
        initial, events = game.initial_state()
        if data["prepared"]:
            initial = game.scenario_state(initial, partial, f"{where}: partial_state")
            problems = game.check_invariants(initial)
            if problems:
                raise ContentError(f"{where}: partial_state: does not make a sound state ({'; '.join(problems[:3])})",
                                   field="partial_state")
    except ContentError as exc:
        if not data["prepared"]:
            raise
        msg = str(exc) if str(exc).startswith(f"{where}: partial_state") else f"{where}: partial_state: {exc}"
        inner = exc.field if exc.field and exc.field != "partial_state" and not exc.field.startswith("<") else None
        if inner:  # "<saved session>: partial_state: players[0].ap: ..." -> "... partial_state.players[0].ap: ..."
            msg = msg.replace(f"{where}: partial_state: {inner}", f"{where}: partial_state.{inner}", 1)
            inner = inner if f"partial_state.{inner}" in msg else None
        raise ContentError(msg, field=f"partial_state.{inner}" if inner else "partial_state") from None
    except Exception as exc:  # noqa: BLE001 - a hostile partial state must never escape as an engine error
        field = "partial_state" if data["prepared"] else "options"
        raise ContentError(f"{where}: {field}: the game cannot be set up from it: {trouble_words(exc)}",
                           field=field) from None
    # states saved by an older tutor in today's shape (Spirit Duels' forced_rolls, Restless Spirits' paused abilities)
    data["initial_state"] = game.upgrade_saved_state(data["initial_state"])
    data["state"] = game.upgrade_saved_state(data["state"])
    diff = first_difference(data["initial_state"], initial.model_dump(mode="json"), "initial_state")
    if diff is not None:
        path, mine, theirs = diff
        raise ContentError(f"{where}: {path[:200]}: the file says {json_text(mine)} but {origin} deal {json_text(theirs)} "
                           "(was the file edited?)", field=path[:200])
    # 2. the actions, replayed
    actions = data["actions"]
    if not isinstance(actions, list):
        raise ContentError(f"{where}: actions: must be a list of action ids, got {said(actions, 60)}", field="actions")
    odd = next((i for i, a in enumerate(actions) if not isinstance(a, str)), None)
    if odd is not None:
        raise ContentError(f"{where}: actions[{odd}]: must be an action's id (a text such as 'end-turn'), got "
                           f"{said(actions[odd], 60)}", field=f"actions[{odd}]")
    if data["prepared"]:  # a prepared table's log says so (as tutor.scenario.start does), not the seeded deal's
        events = game.prepared_events(initial)
    session = Session(game, copy_state(initial), tuple(events), initial_state=initial,
                      partial=partial if data["prepared"] else None)
    for i, aid in enumerate(actions):
        try:
            session._apply(session.find_action(aid))
        except IllegalAction as exc:
            raise ContentError(f"{where}: actions[{i}]: {exc}", field=f"actions[{i}]") from None
        except Exception as exc:  # noqa: BLE001 - see above
            raise ContentError(f"{where}: actions[{i}]: {said(aid, 60)} cannot be played at that point of the "
                               f"game: {trouble_words(exc)}", field=f"actions[{i}]") from None
    diff = first_difference(data["state"], session.state.model_dump(mode="json"), "state")
    if diff is not None:
        path, mine, theirs = diff
        raise ContentError(f"{where}: {path[:200]}: the file says {json_text(mine)} but replaying its {len(actions)} "
                           f"action{'' if len(actions) == 1 else 's'} from {origin} gives {json_text(theirs)} (was the file edited?)",
                           field=path[:200])
    # 3. the game can go on: legal actions until it is over
    field = f"actions[{len(actions) - 1}]" if actions else ("partial_state" if data["prepared"] else "options")
    try:
        legal = session.legal_actions()
        over = session.is_over
    except Exception as exc:  # noqa: BLE001 - see above
        raise ContentError(f"{where}: {field}: the game cannot go on from the state it leads to: "
                           f"{trouble_words(exc)}", field=field) from None
    if not legal and not over:
        raise ContentError(f"{where}: {field}: leads to a state with no legal action though the game is not over",
                           field=field)
    return session


def clauses(game_id: str) -> dict[str, Clause]:
    """Every clause of a game: ``{id: Clause}`` (rules, rulings and provisional-value notes).

    Raises:
        ValueError: unknown game id (naming the valid ones).
    """
    return dict(clauses_for(game_id))
