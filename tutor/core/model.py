"""The engine's public value types: clauses, actions, blocked actions, events and steps.

All are frozen pydantic models, so views can hold them without copying and observers fire once per change.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, model_validator

from .reads import plain_reads


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Source(_Frozen):
    """Where a clause comes from: a rulebook file under ``shared/rulebooks/`` and a section heading in it."""

    file: str
    section: str = Field(description="The rulebook's section heading; a heading under another is written after it "
                         "with ' > ' (a '>' with a space on each side), e.g. 'Actions > Evolve a Spirit'. A '>' without "
                         "those spaces is part of a name ('Cost>3' is one heading).")


class Clause(_Frozen):
    """One rule of a game, written in our own words.

    Fields:
        id: stable id, e.g. ``"rs.attract.offering"``; cited by actions, events, scenarios and the graph.
        title: a few words.
        text: the rule in plain words (never pasted rulebook text).
        source: rulebook file and section it restates (for a ruling: the section that is silent or ambiguous).
        kind: ``"rule"`` (the rulebook says so), ``"ruling"`` (the rulebook is silent or ambiguous and we chose;
            ``reason`` says why), ``"provisional"`` (a card value the rulebook does not print; ``reason`` says
            what we assumed) or ``"glossary"`` (a word definition: what a term or zone means, not something that
            happens; the engine never cites it on an action or event, and it needs no scenario).
        related: ids of clauses worth reading next.
        teach: ``False`` for a clause about the tutor itself rather than the game (e.g. "a lesson can fix a draw"):
            the engine still cites it where it applies, but practice never asks about it and the mastery map leaves
            it out. Only a ruling may be ``teach: false`` (a rule or a glossary word is part of the game).
    """

    id: str = Field(max_length=120)
    title: str = Field(max_length=500)
    text: str = Field(max_length=5_000)
    source: Source
    kind: Literal["rule", "ruling", "provisional", "glossary"] = "rule"
    reason: str | None = Field(default=None, max_length=5_000)
    related: tuple[str, ...] = Field(default=(), max_length=50)
    teach: StrictBool = True

    @model_validator(mode="after")
    def _reason_for_rulings(self) -> "Clause":
        if self.kind in ("ruling", "provisional") and not self.reason:
            raise ValueError(f"clause {self.id}: a {self.kind} needs a 'reason'")
        if not self.teach and self.kind != "ruling":
            raise ValueError(f"clause {self.id}: only a ruling about the tutor itself may be 'teach: false'; a "
                             f"{self.kind} is part of the game a learner must know")
        return self

    @property
    def taught(self) -> bool:
        """True when practice may ask about this clause and the mastery map shows it: a rule of the game (not a
        provisional-value note, not a clause about the tutor itself, ``teach: false``)."""
        return self.teach and self.kind != "provisional"


class Action(_Frozen):
    """A legal action in the current state.

    Fields:
        id: unique among the current legal actions and stable for the same state (built from kind + params).
        kind: the game's action name, e.g. ``"attract"``, ``"play-totem"``, ``"end-turn"``, or a decision such as
            ``"choose-offering"``.
        actor: seat (0-based) of the player who takes it.
        label: plain words naming the cards involved.
        cost: what it costs in the game's unit (``Game.cost_unit``: AP, Essence), else ``None``.
        clauses: ids of the clauses that make it legal, most specific first.
        why: one plain sentence saying why it is legal now.
        params: the action's parameters as a sorted tuple of ``(name, value)`` pairs (card ids, seats, spaces);
            scenario scripts select actions by kind + params.
        idle: ``None``, or, for an action that is legal but would do nothing now (Meditate with no dice to reroll,
            Gonga with no Sacred Spirit beside it), one plain sentence saying so and why; see :func:`mark_idle`.
        idle_clause: the clause that says why it would do nothing (with ``idle``), else ``None``.
    """

    id: str
    kind: str
    actor: int
    label: str
    cost: int | None = None
    clauses: tuple[str, ...]
    why: str
    params: tuple[tuple[str, str | int | bool | None], ...] = ()
    idle: str | None = None
    idle_clause: str | None = None

    def param(self, name: str, default=None):
        """Value of parameter ``name`` (or ``default``)."""
        for k, v in self.params:
            if k == name:
                return v
        return default


class Blocked(_Frozen):
    """An action a learner might try now but may not, with the clause that forbids it.

    Fields: ``kind`` and ``label`` as for :class:`Action`; ``actor`` seat; ``clause`` the forbidding clause id;
    ``why`` one plain sentence, e.g. "Attract a Lost Spirit: your board has no empty space"; ``params`` the
    parameters that narrow it to some actions of its kind, as ``(name, value)`` pairs named as the legal actions'
    (e.g. ``(("space", 2),)`` for one Spirit's activation; empty: every action of the kind).
    """

    kind: str
    actor: int
    label: str
    clause: str
    why: str
    params: tuple[tuple[str, str | int | bool | None], ...] = ()

    def covers(self, kind: str, params: dict[str, object]) -> bool:
        """True when this blocked entry forbids the action ``kind`` with ``params``: same kind, and every parameter
        of this entry is given in ``params`` with the same value (compared as text, so the values of an action id
        such as ``activate-ability:space=2`` match)."""
        if kind != self.kind:
            return False
        return all(k in params and str(params[k]) == str(v) for k, v in self.params)


class Event(_Frozen):
    """One thing that happened while a step resolved, in order.

    Fields:
        clause: id of the clause that made it happen.
        text: plain words naming cards and players.
        automatic: True for what the rules do on their own (refills, release, reward draw, endgame trigger,
            turn passing); False for the direct effect of the player's choice.
        cards: ids of the cards involved (views link them to the card and graph).
        actor: seat concerned, if any.
        public: when ``text`` names cards only ``actor`` may see (cards drawn into a hidden hand, set aside face
            down), what every other player is told instead (``"Player 2 draws 5 cards (25 left in the deck)."``),
            naming no such card; ``None`` when ``text`` shows nothing hidden. A view that hides ``actor``'s hand (a
            computer's) shows ``public`` and no card links. Left out of dumps (saves and fingerprints replay events;
            the rules' words are ``text``).
    """

    clause: str
    text: str
    automatic: bool = False
    cards: tuple[str, ...] = ()
    actor: int | None = None
    public: str | None = Field(default=None, exclude=True)


class Step(_Frozen):
    """The result of :meth:`tutor.Session.apply`: the action taken and the ordered events it caused.

    ``index`` is the 0-based position of this step in the session history.
    """

    index: int
    action: Action
    events: tuple[Event, ...] = Field(default_factory=tuple)


_FIELDS_SET: dict[type, set[str]] = {}
# The slots every pydantic model has, set through their descriptors (cheaper than ``object.__setattr__`` by name).
_SET_DICT = object.__setattr__
_SET_FIELDS = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__
_NEW = object.__new__


def _trusted(cls, values: dict) -> BaseModel:
    """Build a frozen model from ``values`` the engine made itself, skipping validation: about 5 times faster than
    ``cls(**values)``, which matters for the tens of actions and events built each step. ``values`` must hold every
    field, with the right types. Content and user input are always validated (see :mod:`tutor.core.content`)."""
    obj = _NEW(cls)
    _SET_DICT(obj, "__dict__", values)
    # One shared set per class: frozen models never change it (model_copy copies it before an update).
    fields = _FIELDS_SET.get(cls)
    if fields is None:
        fields = _FIELDS_SET[cls] = set(cls.model_fields)
    _SET_FIELDS(obj, fields)
    _SET_EXTRA(obj, None)
    _SET_PRIVATE(obj, None)
    return obj


_ACTION_FIELDS = _FIELDS_SET[Action] = set(Action.model_fields)
_EVENT_FIELDS = _FIELDS_SET[Event] = set(Event.model_fields)
_STEP_FIELDS = _FIELDS_SET[Step] = set(Step.model_fields)


def and_list(items: list[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (``""`` for none): a list in a sentence, never Python's brackets."""
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]


def mark_before_stop(text: str, mark: str) -> str:
    """``text`` with ``mark`` (e.g. ``" [provisional]"``, or ``""``) on its last words: before a closing full stop
    (``"Gain 1 Essence [provisional]."``), so the mark sits on the value, not after the sentence."""
    return text[:-1] + mark + "." if mark and text.endswith(".") else text + mark


def make_action(kind: str, actor: int, label: str, why: str, clauses: tuple[str, ...], cost: int | None = None,
                **params) -> Action:
    """Build an :class:`Action` whose id is ``kind`` or ``kind:name=value,...`` (params sorted by name, ``None``
    values left out), so ids are stable for the same state and never need parsing back.

    Parameter values must be ``str``, ``int`` or ``bool`` (the engine's own values; not validated here).
    """
    if not params:
        items = ()
        aid = kind
    elif len(params) == 1:  # the common case, without the sort
        ((k, v),) = params.items()
        items = () if v is None else ((k, v),)
        aid = kind if v is None else f"{kind}:{k}={v}"
    elif len(params) == 2 and None not in params.values():  # (two: ordered by one comparison, not sorted)
        (k, v), (k2, v2) = items = tuple(params.items())
        if k2 < k:
            k, v, k2, v2 = k2, v2, k, v
            items = ((k, v), (k2, v2))
        aid = f"{kind}:{k}={v},{k2}={v2}"
    else:
        items = tuple(sorted(params.items()))  # names are unique, so this sorts by name
        if None in params.values():
            items = tuple(kv for kv in items if kv[1] is not None)
        aid = kind + ":" + ",".join([f"{k}={v}" for k, v in items]) if items else kind
    # _trusted inlined (this runs for every legal action of every step)
    obj = _NEW(Action)
    _SET_DICT(obj, "__dict__", {"id": aid, "kind": kind, "actor": actor, "label": label, "cost": cost,
                                "clauses": clauses if type(clauses) is tuple else tuple(clauses), "why": why,
                                "params": items, "idle": None, "idle_clause": None})
    _SET_FIELDS(obj, _ACTION_FIELDS)
    _SET_EXTRA(obj, None)
    _SET_PRIVATE(obj, None)
    return obj


def relabel(action: Action, label: str) -> Action:
    """``action`` (same id, why, clauses and cost) named ``label``: for the options of one decision that share all but
    a word of their label, built from one kept action each rather than kept once per label (Restless Spirits'
    hand-limit swap names the Totem taken: kept per Totem taken, the kept actions grew by the square of the
    Totems)."""
    obj = _NEW(Action)
    _SET_DICT(obj, "__dict__", {**action.__dict__, "label": label})
    _SET_FIELDS(obj, _ACTION_FIELDS)
    _SET_EXTRA(obj, None)
    _SET_PRIVATE(obj, None)
    return obj


def mark_idle(action: Action, clause: str, why: str) -> Action:
    """``action`` (still legal, same id) marked as doing nothing now: ``why`` is one plain sentence ("It would do
    nothing now: no Sacred Spirit is next to Gonga."), ``clause`` the clause that says why. A view shows it with the
    action, so a learner may still take it knowing it is empty (issue: legal but pointless actions)."""
    return action.model_copy(update={"idle": why, "idle_clause": clause})


class ActionMemo:
    """Built actions kept for every game set up alike (see :meth:`tutor.core.game.Game.shared_caches`), by a key
    holding every value their id, label, why, clauses and cost are made from: actions are frozen, so one built for a
    key serves every later step that needs it (the games' legal-action lists are rebuilt each step from many equal
    actions). Bounded: cleared once it holds ``limit``.

    Only :func:`tutor.core.moves.built_once` (alias ``built``) reads and writes it: one
    :class:`~tutor.core.moves.Built` per builder; rules code never keys it by hand.
    """

    def __init__(self, limit: int = 20000) -> None:
        self.limit = limit
        self._acts: dict[tuple, Action] = {}
        #: ``get(key)``: the kept action of ``key``, or ``None`` (the dict's own ``get``).
        self.get: Callable[[tuple], Action | None] = self._acts.get

    def put(self, key: tuple, action: Action) -> Action:
        """Keep ``action`` for ``key`` and return it."""
        if len(self._acts) >= self.limit:
            self._acts.clear()
        self._acts[key] = action
        return action

    def clear(self) -> None:
        """Forget every kept action."""
        self._acts.clear()

    def __len__(self) -> int:
        return len(self._acts)


#: ``ACTION_ID(action)``: the action's id, the key the legal actions are sorted by (a list of its own may be sorted in
#: place with it: ``acts.sort(key=ACTION_ID)``, as :func:`sort_actions` orders a new one).
ACTION_ID = attrgetter("id")


def sort_actions(actions: list[Action]) -> list[Action]:
    """``actions`` sorted by id (a new list): the order of every game's legal actions."""
    return sorted(actions, key=ACTION_ID)


def make_blocked(kind: str, actor: int, label: str, clause: str, why: str, **params) -> Blocked:
    """Build a :class:`Blocked` whose ``why`` reads ``"<label>: <why>"``; ``params`` (named as the parameters of
    the legal actions of ``kind``, ``None`` values left out) narrow it to the actions it forbids."""
    items = tuple(sorted((k, v) for k, v in params.items() if v is not None))
    return _trusted(Blocked, {"kind": kind, "actor": actor, "label": label, "clause": clause,
                              "why": f"{label}: {why}", "params": items})


def make_event(clause: str, text: str, automatic: bool = False, cards: tuple[str, ...] | list[str] = (),
               actor: int | None = None, public: str | None = None) -> Event:
    """Build an :class:`Event` (the engine's own values; ``cards`` becomes a tuple)."""
    obj = _NEW(Event)  # _trusted inlined
    _SET_DICT(obj, "__dict__", {"clause": clause, "text": text, "automatic": automatic,
                                "cards": cards if type(cards) is tuple else tuple(cards), "actor": actor,
                                "public": public})
    _SET_FIELDS(obj, _EVENT_FIELDS)
    _SET_EXTRA(obj, None)
    _SET_PRIVATE(obj, None)
    return obj


# The engine's value types are read on every step: Python's plain attribute reads for them (see .reads).
plain_reads(Clause, Action, Blocked, Event, Step)
