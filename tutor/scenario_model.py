"""The scenario format (``content/<game>/scenarios/``, lessons and walkthroughs share it): the pydantic models of a
scenario file, ``extra="forbid"`` everywhere, with the bounds on every list and text. :mod:`tutor.scenario` loads and
runs them and re-exports these names; ``content/scenario.schema.json`` is their JSON Schema.
"""
from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator, model_validator

from .core.chance import check_partial
from .core.content import ShownLine, ShownText, normalise_refs
from .core.errors import said, short
from .core.model import Source
from .core.seeds import page_seed


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


#: What a scenario or lesson id may be: letters, digits, ``-`` and ``_``, starting with a letter or digit, at most
#: 120 characters (no spaces, dots or slashes: an id is shown, searched and put in a page's address).
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,119}")


def check_safe_id(value: str, most: int = 120) -> str:
    """``value`` when it is a :data:`SAFE_ID` of at most ``most`` characters, else ValueError saying what an id may
    hold (pydantic names the field: ``meta.id``)."""
    if not SAFE_ID.fullmatch(value) or len(value) > most:
        raise ValueError(f"the id {said(value, 40)} may hold only letters, digits, '-' and '_' (starting with a "
                         f"letter or digit, at most {most} characters)")
    return value


class Meta(_Strict):
    """What the scenario is about: ``question`` and ``answer`` in our words, the rulebook ``source``, and tags
    (``covers``: FAQ ids, Spirit or card names) used by the FAQ explorer's search."""

    id: str = Field(max_length=120)
    title: ShownLine = Field(default="", max_length=500)
    question: ShownText = Field(max_length=2_000)
    answer: ShownText = Field(max_length=5_000)
    source: Source
    covers: list[Annotated[ShownLine, Field(max_length=200)]] = Field(default_factory=list, max_length=100)

    @field_validator("id")
    @classmethod
    def id_is_safe(cls, value: str) -> str:
        """The id is a :data:`SAFE_ID` (ValueError otherwise)."""
        return check_safe_id(value)


#: Names that :func:`tutor.new_game` takes itself, never as a game option: ``setup.options`` may not use them.
RESERVED_OPTIONS = ("game_id", "players", "seed")


#: Most values (every mapping, list, key-less item and text counted once) a partial state (``setup.state``) may hold,
#: and most entries of any one list in it. A saved session keeps its origin's partial state besides two game states
#: (at most :data:`tutor.core.content.MAX_NODES` values in all), so a partial state within these bounds always
#: saves and loads again; lessons use a few dozen.
MAX_PARTIAL_VALUES = 10_000
MAX_PARTIAL_LIST = 1_000


def check_partial_size(state: Any) -> None:
    """Refuse a partial state larger than :data:`MAX_PARTIAL_VALUES` values or with a list of more than
    :data:`MAX_PARTIAL_LIST` entries (ValueError naming the field, e.g. ``players[0].wonders``), before any of it is
    used: anything that loads also round-trips through ``Session.to_json`` / ``load_session``."""
    count = 0
    stack: list[tuple[Any, str]] = [(state, "")]
    while stack:
        value, field = stack.pop()
        count += 1
        if count > MAX_PARTIAL_VALUES:
            raise ValueError(f"more than {MAX_PARTIAL_VALUES:,} values (a lesson's partial state needs a few dozen)")
        if isinstance(value, list):
            if len(value) > MAX_PARTIAL_LIST:
                raise ValueError(f"{field or 'the state'}: a list of {len(value):,} entries; at most "
                                 f"{MAX_PARTIAL_LIST:,}")
            stack.extend((v, f"{field}[{i}]") for i, v in enumerate(value))
        elif isinstance(value, dict):
            stack.extend((v, f"{field}.{short(str(k), 40, quote=False)}" if field else short(str(k), 40, quote=False))
                         for k, v in value.items())


class Setup(_Strict):
    """Start of the scenario: a new game (``game``, ``players``, ``seed``, ``options``) then ``state``, a partial
    state in the game's own shape: ``PartialState`` in ``tutor/games/<game>/partial.py`` (Restless Spirits,
    Spirited, Spirit Duels; described in ``docs/scenarios.md``). Fields that contradict each other are refused,
    naming both.

    ``options`` may not name ``game_id``, ``players`` or ``seed`` (:data:`RESERVED_OPTIONS`): those are set by
    ``game``, ``players`` and ``seed`` here; nor ``cards`` (a card file: a file received from someone must not make
    the tutor read another file); such a file is refused at load (ContentError naming ``setup.options``)."""

    game: str
    players: StrictInt = 2
    seed: int = 0
    options: dict[str, Any] = Field(default_factory=dict)
    state: dict[str, Any] = Field(default_factory=dict)

    @field_validator("seed", mode="before")
    @classmethod
    def _seed(cls, value: Any) -> int:
        """The command line's reading of a seed (:func:`~tutor.core.seeds.page_seed`: ASCII digits, from 0 to
        999,999,999, a seed a page can replay), with its words."""
        return page_seed(value)

    @field_validator("options", "state", mode="before")
    @classmethod
    def _references(cls, value: Any) -> Any:
        """Card references in the set-up compared as card ids are (:func:`~tutor.core.content.normalise_refs`)."""
        return normalise_refs(value)

    @field_validator("state")
    @classmethod
    def _chance_shape(cls, state: dict[str, Any]) -> dict[str, Any]:
        check_partial_size(state)
        check_partial(state)  # an unknown outcome is refused when the file is read, naming setup.state.chance[i]
        return state

    @field_validator("options")
    @classmethod
    def _not_reserved(cls, options: dict[str, Any]) -> dict[str, Any]:
        for name in RESERVED_OPTIONS:
            if name in options:
                where = {"game_id": "game"}.get(name, name)
                raise ValueError(f"{said(name)} is not a game option: it is set by setup.{where}, beside options")
        if "cards" in options:  # a file received from someone would make the tutor read whatever file it names
            raise ValueError("'cards' (a card file) cannot be named by a scenario, lesson, walkthrough or saved "
                             "question, since the file would be read wherever it points; a card file of your own "
                             "is given when a game is started from Python or the command line (README: Engine API)")
        return options


class ActionRef(BaseModel):
    """Selects a legal action by ``kind`` and any of its parameters, e.g. ``{kind: play-totem, totem: t31}``."""

    model_config = ConfigDict(extra="allow")
    kind: str

    @model_validator(mode="before")
    @classmethod
    def _references(cls, data: Any) -> Any:
        """Card references among the parameters compared as card ids are
        (:func:`~tutor.core.content.normalise_refs`)."""
        return normalise_refs(data) if isinstance(data, dict) else data

    def params(self) -> dict[str, Any]:
        """The parameters given besides ``kind``."""
        return dict(self.model_extra or {})

    def matches(self, a: Action) -> bool:
        """True when ``a`` has this kind and every given parameter value."""
        if a.kind != self.kind:
            return False
        have = dict(a.params)
        return all(k in have and have[k] == v for k, v in self.params().items())

    def describe(self) -> str:
        p = ", ".join(f"{short(k, 40, quote=False)}={short(v, 60, quote=False)}"
                      for k, v in list(self.params().items())[:12])
        return f"{short(self.kind, 60, quote=False)}({p})"


class BlockedRef(_Strict):
    """Expects a blocked action of ``kind`` (optionally with the forbidding ``clause`` and a ``label`` substring)."""

    kind: str
    clause: str | None = None
    label: str | None = None


class RefusedRef(_Strict):
    """Expects :meth:`tutor.Session.apply` to refuse ``action`` (an action selector: ``kind`` and parameters) with
    :class:`~tutor.core.errors.IllegalAction` naming ``clause`` as the forbidding clause, leaving the session
    exactly as it was (same state, same history)."""

    action: ActionRef
    clause: str


#: Bounds on what one file may ask to check, so that running it stays quick whatever it holds (a file within the
#: YAML bounds held 30,000 ``refused`` entries, 15 s of work; shipped files use at most 7 expectations of a few
#: entries each): entries per ``legal``, ``not_legal``, ``blocked`` and ``state``,
MAX_SELECTORS = 200
#: ``refused`` entries per expectation (each tries the action on the session, about half a millisecond),
MAX_REFUSED = 20
#: clause ids per ``fired``, ``not_fired``, ``in_order`` and ``rulings``,
MAX_CLAUSE_IDS = 1_000
#: expectations per file, and steps per script (a whole recorded game fits).
MAX_EXPECT = 100
MAX_STEPS = 5_000


class Expect(_Strict):
    """Expectations checked after ``after`` script steps (default: after the whole script).

    ``legal`` / ``not_legal``: action selectors that must / must not match a legal action. ``blocked``: blocked
    actions that must be listed. ``refused``: actions that ``Session.apply`` must refuse, naming the given clause,
    with the session left unchanged. ``fired`` / ``not_fired``: clause ids that must / must not appear among the
    events of the steps taken so far (or only step ``after`` when ``only_last`` is true). ``in_order``: clause ids
    that must fire in this order among the events of the last step taken (others may come between them).
    ``rulings``: clause ids of kind ``ruling`` that must be cited by the steps taken so far (their actions or
    events; only the last step with ``only_last``) or by a legal or blocked action now. ``state``: named facts about
    the state (see the game's ``facts``) and their exact expected values.
    """

    after: int | None = None
    only_last: bool = False
    legal: list[ActionRef] = Field(default_factory=list, max_length=MAX_SELECTORS)
    not_legal: list[ActionRef] = Field(default_factory=list, max_length=MAX_SELECTORS)
    blocked: list[BlockedRef] = Field(default_factory=list, max_length=MAX_SELECTORS)
    refused: list[RefusedRef] = Field(default_factory=list, max_length=MAX_REFUSED)
    fired: list[str] = Field(default_factory=list, max_length=MAX_CLAUSE_IDS)
    not_fired: list[str] = Field(default_factory=list, max_length=MAX_CLAUSE_IDS)
    in_order: list[str] = Field(default_factory=list, max_length=MAX_CLAUSE_IDS)
    rulings: list[str] = Field(default_factory=list, max_length=MAX_CLAUSE_IDS)
    state: dict[str, Any] = Field(default_factory=dict, max_length=MAX_SELECTORS)

    @field_validator("state", mode="before")
    @classmethod
    def _references(cls, value: Any) -> Any:
        """Card references in expected facts compared as card ids are (:func:`~tutor.core.content.normalise_refs`)."""
        return normalise_refs(value)


class Scenario(_Strict):
    """One scenario file: ``meta``, ``setup``, ``script`` (action selectors, applied in order), ``expect``."""

    meta: Meta
    setup: Setup
    script: list[ActionRef] = Field(default_factory=list, max_length=MAX_STEPS)
    expect: list[Expect] = Field(default_factory=list, max_length=MAX_EXPECT)

    @model_validator(mode="after")
    def _refs(self, info) -> "Scenario":
        clauses = (info.context or {}).get("clauses")
        if clauses is not None:
            for i, e in enumerate(self.expect):
                for name in ("fired", "not_fired", "in_order", "rulings"):
                    for cid in getattr(e, name):
                        if cid not in clauses:
                            raise ValueError(f"expect[{i}].{name}: unknown clause id {said(cid)}")
                for cid in e.rulings:
                    if clauses[cid].kind != "ruling":
                        raise ValueError(f"expect[{i}].rulings: {said(cid)} is a clause of kind "
                                         f"{said(clauses[cid].kind)}, not a ruling")
                for b in e.blocked:
                    if b.clause and b.clause not in clauses:
                        raise ValueError(f"expect[{i}].blocked: unknown clause id {said(b.clause)}")
                for r in e.refused:
                    if r.clause not in clauses:
                        raise ValueError(f"expect[{i}].refused: unknown clause id {said(r.clause)}")
        for i, e in enumerate(self.expect):
            if e.after is not None and not 0 <= e.after <= len(self.script):
                raise ValueError(f"expect[{i}].after: {e.after} is outside 0..{len(self.script)} (script length)")
        return self
