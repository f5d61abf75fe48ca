"""A play session: one game's state, its history, undo/redo, and save/load.

The session is the one stateful object that views observe (:meth:`Session.observe`). Every change goes through
:meth:`Session.apply`, :meth:`Session.undo`, :meth:`Session.redo` or :meth:`Session.reset`; each validates first
and only then replaces the state whole, so an illegal action or a bad file leaves the session exactly as it was.
"""
from __future__ import annotations

import json
import math
from typing import Any, Callable

from pydantic import BaseModel

from .errors import ContentError, IllegalAction, short
from .game import Game
from .model import (_NEW, _SET_DICT, _SET_EXTRA, _SET_FIELDS, _SET_PRIVATE, _STEP_FIELDS, Action, Blocked, Clause,
                    Event, Step)

#: Format tag and version written by :meth:`Session.to_json`.
SESSION_FORMAT = "rules-tutor-session"
SESSION_VERSION = 1
#: Undo keeps the state before every ``SNAPSHOT_EVERY``-th step of play (as JSON); the states in between are rebuilt
#: by re-applying the steps since the last kept one (the engine is deterministic: loading a session relies on it too).
#: Play pays one serialisation per ``SNAPSHOT_EVERY`` steps (a fourth of what it paid every 16 steps, issue #17);
#: undo pays the replay instead, and keeps finer snapshots as it goes (:data:`REBUILT_EVERY`).
SNAPSHOT_EVERY = 64
#: While rebuilding a state for undo (or :meth:`Session.state_before`), the state before every ``REBUILT_EVERY``-th
#: step re-applied is kept too, so a run of undos (the usual case: back a few steps, or all the way) replays at most
#: ``REBUILT_EVERY - 1`` steps each after the first.
REBUILT_EVERY = 16

Observer = Callable[["Session", str], None]


class Session:
    """One game in progress.

    Create it with :func:`tutor.new_game` or :func:`tutor.load_session`, not directly.

    Attributes:
        game: the static :class:`~tutor.core.game.Game` (rules, clauses, cards, options).
        state: the current state, a pydantic model. :meth:`apply` changes it in place (every
            :data:`SNAPSHOT_EVERY`-th step after keeping its JSON for undo); :meth:`undo`, :meth:`reset` and
            loading replace it whole. Read it after each change; don't keep
            it to compare with later.
        setup_events: events that explain the automatic part of set-up.
        history: the steps applied so far, oldest first (undone steps are removed; see :meth:`redo`).
    """

    def __init__(self, game: Game, state: BaseModel, setup_events: list[Event] | tuple[Event, ...] = (),
                 *, initial_state: BaseModel | None = None, partial: dict | None = None) -> None:
        self.game = game
        #: The partial state (a scenario's or lesson's ``setup.state``, plain JSON data) that prepared the start
        #: state from the dealt one, or ``None`` for a game dealt from its seed alone. Saved with the session, so
        #: loading rebuilds the start state from the seed, the options and this partial state.
        self.partial = partial
        self.state = state
        self.setup_events: tuple[Event, ...] = tuple(setup_events)
        self._initial = copy_state(initial_state or state)
        #: (the state before the step as JSON, or None between snapshots (see SNAPSHOT_EVERY, REBUILT_EVERY), the
        #: step), oldest first; the first entry always has its JSON.
        self._undo: list[tuple[str | None, Step]] = []
        self._redo: list[Action] = []
        self._legal_cache: list[Action] | None = None
        self._blocked_cache: list[Blocked] | None = None
        self._observers: list[Observer] = []

    # -- reading -----------------------------------------------------------------------------------------------
    @property
    def prepared(self) -> bool:
        """True when the start state was prepared (scenario, lesson: :attr:`partial`) rather than dealt from the
        seed alone."""
        return self.partial is not None

    @property
    def game_id(self) -> str:
        """The game's id, e.g. ``"restless-spirits"``."""
        return self.game.game_id

    @property
    def history(self) -> list[Step]:
        """Applied steps, oldest first (a new list)."""
        return [s for _, s in self._undo]

    @property
    def current_player(self) -> int | None:
        """Seat (0-based) whose decision it is now; ``None`` once the game is over."""
        return self.game.current_player(self.state)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.game.is_over(self.state)

    @property
    def winners(self) -> list[int]:
        """Winning seats (several on a shared victory); empty while the game goes on."""
        return self.game.winners(self.state)

    @property
    def can_undo(self) -> bool:
        """True when there is a step to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when an undone step can be re-applied."""
        return bool(self._redo)

    @property
    def redo_ids(self) -> list[str]:
        """The ids of the undone actions :meth:`redo` would re-apply, the next one last (empty when none): a page
        that keeps a game keeps them too, and rebuilds them by applying them in reverse order and undoing."""
        return [a.id for a in self._redo]

    def clauses(self) -> dict[str, Clause]:
        """All clauses of this session's game, ``{id: Clause}``."""
        return self.game.clauses

    def clause(self, clause_id: str) -> Clause:
        """The clause with id ``clause_id``; KeyError naming the id when unknown."""
        try:
            return self.game.clauses[clause_id]
        except KeyError:
            raise KeyError(f"unknown clause id {short(clause_id)} in game {self.game_id}") from None

    def legal_actions(self) -> list[Action]:
        """Every legal action now, sorted by id, ids unique (a new list; empty only when the game is over)."""
        if self._legal_cache is None:
            self._legal_cache = self.game.legal_actions(self.state)
        return list(self._legal_cache)

    def blocked_actions(self) -> list[Blocked]:
        """Actions a learner might try now but may not, each with the forbidding clause and why."""
        if self._blocked_cache is None:
            self._blocked_cache = self.game.blocked_actions(self.state)
        return list(self._blocked_cache)

    def find_action(self, action_or_id: Action | str) -> Action:
        """The legal action matching ``action_or_id`` (an :class:`Action` or its id).

        Raises:
            IllegalAction: ``code="unknown-action"`` when no legal action has that id now (the message lists what
                is legal); when a blocked action covers it (a tempting action the rules forbid, see :meth:`refusal`;
                an id is read as ``kind:name=value,...``), ``clause`` is the forbidding clause id and the message
                says why, else ``clause`` is ``None``. ``code="game-over"`` after the end.
        """
        aid = action_or_id.id if isinstance(action_or_id, Action) else action_or_id
        if isinstance(aid, str) and len(aid) > 200:
            raise IllegalAction(f"action {short(aid[:60])}... ({len(aid)} characters) is not a legal action now",
                                code="unknown-action", action=aid[:200])
        if not isinstance(aid, str):
            raise IllegalAction(f"an action must be an Action or its id (str), got {type(aid).__name__}",
                                code="bad-type", action=repr(aid))
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self.game.legal_actions(self.state)
        for a in legal:
            if a.id == aid:
                if action_or_id is not a and isinstance(action_or_id, Action) and action_or_id != a:
                    raise IllegalAction(f"action {short(aid)} was listed for another state (actor, label or clauses "
                                        "differ); take it from legal_actions() now", code="stale-action", action=aid)
                return a
        if self.is_over:
            raise IllegalAction(f"action {short(aid)}: the game is over", code="game-over", action=aid)
        if isinstance(action_or_id, Action):
            kind, params = action_or_id.kind, dict(action_or_id.params)
        else:
            kind, params = split_action_id(aid)
        b = self.refusal(kind, params)
        sample = ", ".join(a.id for a in legal[:8]) + (f" ... ({len(legal) - 8} more)" if len(legal) > 8 else "")
        if b is not None:
            raise IllegalAction(f"action {short(aid)} is not a legal action now: {b.why} [{b.clause}]; legal actions: "
                                f"{sample}", code="unknown-action", clause=b.clause, action=aid)
        raise IllegalAction(f"action {short(aid)} is not a legal action now; legal actions: {sample}",
                            code="unknown-action", action=aid)

    def refusal(self, kind: str, params: dict[str, Any] | None = None) -> Blocked | None:
        """The blocked action that forbids action ``kind`` with ``params`` now, or ``None`` when none does.

        ``params`` maps parameter names to values (as text or as the action's own values). The most specific
        blocked entry that covers the action wins (see :meth:`Blocked.covers`); when none covers it but blocked
        entries of the same kind exist (they name parameters the request leaves out), the first of them.
        """
        params = params or {}
        same = [b for b in self.blocked_actions() if b.kind == kind]
        covering = [b for b in same if b.covers(kind, params)]
        if covering:
            return max(covering, key=lambda b: len(b.params))  # max keeps the first of equals
        return same[0] if same else None

    # -- changing ----------------------------------------------------------------------------------------------
    def apply(self, action_or_id: Action | str) -> Step:
        """Apply one legal action and return the :class:`Step` with its ordered events.

        Raises:
            IllegalAction: when the action is not legal now (see :meth:`find_action`: a tempting action the rules
                forbid carries the forbidding clause id in ``clause``); the session is unchanged.
        """
        # the very object of the legal actions listed now (the common case of a click, a bot or a benchmark), else
        # looked up by id (find_action)
        legal = self._legal_cache
        if legal is not None:
            for action in legal:
                if action is action_or_id:
                    break
            else:
                action = self.find_action(action_or_id)
        else:
            action = self.find_action(action_or_id)
        step = self._apply(action)
        if self._redo:
            self._redo.clear()
        if self._observers:
            self._notify("apply")
        return step

    def _apply(self, action: Action) -> Step:
        # Every SNAPSHOT_EVERY-th step the state before it is kept as JSON text (for undo), and the step changes the
        # state in place: one serialisation per few steps instead of a full copy per step. Should a step fail
        # half-way (an engine bug), the state before it is rebuilt (see _state_before), so the session is unchanged.
        n = len(self._undo)
        before = self.state.model_dump_json() if n % SNAPSHOT_EVERY == 0 else None
        self._legal_cache = self._blocked_cache = None
        try:
            result = self.game.apply(self.state, action)
        except BaseException:
            self.state = self._state_before(n, before)
            raise
        # the legal actions of the new state, when the step worked them out already (else None: built on demand)
        self._legal_cache = result.legal
        # _trusted(Step, ...) inlined (every step)
        step = _NEW(Step)
        _SET_DICT(step, "__dict__", {"index": n, "action": action, "events": tuple(result.events)})
        _SET_FIELDS(step, _STEP_FIELDS)
        _SET_EXTRA(step, None)
        _SET_PRIVATE(step, None)
        self._undo.append((before, step))
        return step

    def _state_before(self, n: int, snapshot: str | None) -> BaseModel:
        """A new state equal to the one before step ``n`` (after the first ``n`` steps of ``_undo``): read from
        ``snapshot`` (that step's JSON) when given, else from the last earlier snapshot with the steps since
        re-applied to it, keeping the state before every :data:`REBUILT_EVERY`-th of them on the way."""
        i = n
        while snapshot is None:
            i -= 1
            snapshot = self._undo[i][0]
        state = type(self.state).model_validate_json(snapshot)
        undo = self._undo
        for j in range(i, n):
            kept, step = undo[j]
            if j > i and kept is None and j % REBUILT_EVERY == 0:
                undo[j] = (state.model_dump_json(), step)
            self.game.apply(state, step.action)
        return state

    def state_before(self, n: int) -> BaseModel:
        """A new state equal to the one before step ``n`` of :attr:`history` (0-based; ``n == len(history)`` is the
        current state), re-built from the undo record, the session unchanged (a page that shows why a step was
        chosen after the game was loaded from its actions works it out again at that position).

        Raises:
            IndexError: ``n`` is not between 0 and the number of steps.
        """
        if not 0 <= n <= len(self._undo):
            raise IndexError(f"no step {n}: the game has {len(self._undo)} steps")
        if n == len(self._undo):
            return copy_state(self.state)
        return self._state_before(n, self._undo[n][0])

    def undo(self) -> Step:
        """Undo the last step, restoring the exact earlier state; returns the undone step.

        Raises:
            IllegalAction: ``code="nothing-to-undo"`` at the start of the game (session unchanged).
        """
        if not self._undo:
            raise IllegalAction("nothing to undo: no step has been taken", code="nothing-to-undo")
        prev, step = self._undo.pop()
        self.state = self._state_before(len(self._undo), prev)
        self._redo.append(step.action)
        self._legal_cache = self._blocked_cache = None
        self._notify("undo")
        return step

    def redo(self) -> Step:
        """Re-apply the last undone step; returns it.

        Raises:
            IllegalAction: ``code="nothing-to-redo"`` when no step was undone (session unchanged).
        """
        if not self._redo:
            raise IllegalAction("nothing to redo", code="nothing-to-redo")
        action = self._redo[-1]
        step = self._apply(self.find_action(action.id))
        self._redo.pop()
        self._notify("redo")
        return step

    def reset(self) -> None:
        """Go back to the state at the start of the session (undo everything; redo is cleared)."""
        self.state = copy_state(self._initial)
        self._undo.clear()
        self._redo.clear()
        self._legal_cache = self._blocked_cache = None
        self._notify("reset")

    def restarted(self) -> "Session":
        """A new session at this one's start (its start state, set-up events and partial state; the same game), no
        step taken: a scratch copy to replay or search on, made without dealing again (about 0.2 ms)."""
        return Session(self.game, copy_state(self._initial), self.setup_events, initial_state=self._initial,
                       partial=self.partial)

    # -- observing ---------------------------------------------------------------------------------------------
    def observe(self, callback: Observer) -> Callable[[], None]:
        """Call ``callback(session, change)`` after every change (``change`` is "apply", "undo", "redo" or
        "reset"). Returns a function that removes the observer."""
        self._observers.append(callback)
        return lambda: self._observers.remove(callback) if callback in self._observers else None

    def _notify(self, change: str) -> None:
        for cb in list(self._observers):
            cb(self, change)

    # -- saving ------------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The session as plain JSON-ready data: format, version, game, players, seed, options, whether it was
        prepared and the partial state that prepared it (``partial_state``, ``None`` when dealt from the seed), the
        initial state, the action ids applied, and the current state (both rebuilt and compared on load)."""
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": self.game_id,
            "players": self.game.players,
            "seed": self.game.seed,
            "options": self.game.options,
            "prepared": self.prepared,
            "partial_state": self.partial,
            "initial_state": self._initial.model_dump(mode="json"),
            "actions": [s.action.id for _, s in self._undo],
            "state": self.state.model_dump(mode="json"),
        }

    def to_json(self) -> str:
        """The session as JSON text (see :meth:`to_dict`); :func:`tutor.load_session` reads it back exactly."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))


def split_action_id(aid: str) -> tuple[str, dict[str, str]]:
    """Read an action id built by :func:`~tutor.core.model.make_action` back into ``(kind, {name: value})``; the
    values stay text. An id that is not in that shape gives its whole text as the kind and no parameters."""
    kind, _, rest = aid.partition(":")
    params: dict[str, str] = {}
    for part in rest.split(",") if rest else ():
        name, eq, value = part.partition("=")
        if not eq:
            return aid, {}
        params[name] = value
    return kind, params


def copy_state(state: BaseModel) -> BaseModel:
    """An independent deep copy of a state (through pydantic-core's JSON, about 3x faster than ``deepcopy``)."""
    return type(state).model_validate_json(state.model_dump_json())


def replay(game: Game, initial_state: BaseModel, action_ids: list[str], *, where: str = "<session>",
           partial: dict | None = None, setup_events: tuple[Event, ...] = ()) -> Session:
    """Build a session from a game, an initial state and action ids applied in order.

    Raises:
        ContentError: naming the position and id of the first action that is not legal when its turn comes.
    """
    session = Session(game, copy_state(initial_state), setup_events, initial_state=initial_state,
                      partial=partial)
    for i, aid in enumerate(action_ids):
        try:
            session._apply(session.find_action(aid))
        except IllegalAction as exc:
            raise ContentError(f"{where}: actions[{i}]: {exc}", path=where, field=f"actions[{i}]") from None
    return session


def plain_data(value: Any, where: str) -> Any:
    """A copy of ``value`` made of JSON data only (mappings with text keys, lists, text, numbers, true/false,
    null), as a saved session holds it; a partial state is kept in this form so that what is saved is exactly what
    prepared the game.

    Raises:
        ContentError: naming ``where`` when ``value`` holds anything else (a date, a number that is not finite...).
    """
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (ValueError, TypeError) as exc:  # said in words, where it is (attack 26: a float not finite; trial 26: a
        found = _not_plain(value)           # date ended "Object of type date is not JSON serializable")
        if found is None:
            raise ContentError(f"{where}: only text, numbers, true/false, lists and mappings may appear here ({exc})",
                               path=where.split(":")[0], field=where.split(": ", 1)[-1]) from None
        field, odd = found
        at = f"{where}{'.' + field if field else ''}"
        if isinstance(odd, float):
            what = "is not a number" if math.isnan(odd) else "is not a finite number"
            message = f"{at}: {odd} {what}: give a whole or decimal number"
        else:
            message = (f"{at}: {short(str(odd), 60)} is {_ODD_KINDS.get(type(odd).__name__, 'a value of another kind')}"
                       ": only text, numbers, true/false, lists and mappings may appear here")
        raise ContentError(message, path=where.split(":")[0], field=where.split(": ", 1)[-1]) from None
    except RecursionError:
        raise ContentError(f"{where}: nested too deeply", path=where.split(":")[0]) from None


#: What a YAML value that JSON cannot hold is, in words (a safe YAML loader builds these from ``2024-01-01``,
#: ``!!binary`` and ``!!set``).
_ODD_KINDS = {"date": "a date", "datetime": "a date and time", "bytes": "binary data", "set": "a set"}


def _not_plain(value: Any) -> tuple[str, Any] | None:
    """The place (``"players[0].ap"``; ``""`` for ``value`` itself) and value of the first value in ``value`` that
    JSON cannot hold (a float that is not finite, a date, binary data, a set...), or ``None``."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        x, place = stack.pop()
        if isinstance(x, float) and not math.isfinite(x):
            return place, x
        if isinstance(x, dict):
            stack.extend((v, f"{place}.{str(k)[:40]}".lstrip(".")) for k, v in reversed(x.items()))
        elif isinstance(x, (list, tuple)):
            stack.extend((v, f"{place}[{i}]") for i, v in reversed(list(enumerate(x))))
        elif not isinstance(x, (str, int, float, bool)) and x is not None:
            return place, x
    return None


def _kind(x: Any) -> str:
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "int"
    if isinstance(x, float):
        return "float"
    if isinstance(x, str):
        return "text"
    if isinstance(x, list):
        return "list"
    if isinstance(x, dict):
        return "mapping"
    return type(x).__name__


#: Stands for a value that is not there (a missing key, an item past the end of a list) in :func:`first_difference`.
MISSING = object()


def first_difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place where JSON data ``a`` and ``b`` differ, as ``(field path, a's value, b's value)``, else
    ``None``. Types count (``true`` is not ``1``, ``1.0`` is not ``1``); mapping keys are visited in sorted order;
    a value that is absent on one side is :data:`MISSING`. Field paths read like ``state.players[0].ap``."""
    stack = [(a, b, path)]
    while stack:
        x, y, p = stack.pop()
        kx, ky = _kind(x), _kind(y)
        if kx != ky:
            return p, x, y
        if kx == "mapping":
            keys = sorted(set(x) | set(y), key=str)
            for k in reversed(keys):
                stack.append((x.get(k, MISSING), y.get(k, MISSING), f"{p}.{k}"))
        elif kx == "list":
            for i in reversed(range(max(len(x), len(y)))):
                stack.append((x[i] if i < len(x) else MISSING, y[i] if i < len(y) else MISSING, f"{p}[{i}]"))
        elif x != y:
            return p, x, y
    return None


def short(value: Any, limit: int = 60) -> str:
    """``value`` as a short text for an error message (JSON, cut at ``limit`` characters; "nothing" when absent)."""
    if value is MISSING:
        return "nothing"
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"
