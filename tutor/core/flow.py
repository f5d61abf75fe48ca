"""The flow of pending rules work and decisions, one machinery for every game.

A step of play is: the chosen action (or the answer to the pending decision) does its part and schedules the rest
as *work items* (typed classes with a ``kind``: pydantic models, or plain classes made by
:func:`tutor.core.items.flow_item`) on the state's ``work`` stack; the flow then runs the work, last pushed first,
until a *decision* is pending, the work runs out, or the game is over. A work item's handler may push more work or
ask a decision; a decision's options are the legal actions of the state, and answering one runs the handler
registered for it, after which the flow runs on.

Each game builds one :class:`Flow` (its ``flow`` attribute) from tables that name one handler per work kind and one
per answer (a decision kind, or the kind of the chosen action where options of several decisions share a meaning),
each registered once: a kind named twice is an error when the flow is built.

A decision with exactly one option is not asked: it is made at once, and an event citing the game's ruling clause
(``SingleOption.clause``, e.g. ``sd.ruling.single-option``) says so, naming the option.

State shape read by the flow: ``state.work`` (the stack: the last item runs first) and ``state.pending`` (the
decisions waiting for an answer, the last one asked on top).

Work waits for the decisions pending when it was pushed: pushed work runs once no decision is pending. Rules work
that pauses for decisions it asked itself (an ability whose effect asks a choice, the rest of it to run once that
choice is made, while choices asked before it still wait) is pushed *under* them instead: :meth:`Flow.mark` notes
where the stacks stand before the work that may ask, and :meth:`Flow.push_under` schedules the rest of the work to
run once what was asked and pushed since the mark is done, before the decisions that were pending at the mark
(:meth:`Flow.ask_under` leaves a decision pending in the same place). Such work items carry ``under``: how many
decisions stay pending below them (the flow is built with ``nested=True``).

Example::

    FLOW = Flow(work={"draw": h_draw, "end-turn": h_end_turn}, answers={"discard": answer_discard},
                options=decision_actions, single=SingleOption("xx.ruling.single-option",
                "{who}: only one choice is possible, so it is made at once: {label}."))
    FLOW.push(state, (Draw(seat=0), EndTurn(seat=0)))   # Draw runs first
    FLOW.run(c)
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple, Union, get_args, get_origin

from pydantic import BaseModel

from .items import item_fields
from .model import Action

#: A work handler: ``handler(c, work)`` does the work (may push work and ask decisions).
WorkHandler = Callable[[Any, Any], None]
#: An answer handler: ``handler(c, decision, action)`` carries out the chosen option of the decision.
AnswerHandler = Callable[[Any, Any, Action], None]
#: The options of a decision: ``options(game, state, decision)`` -> its legal actions.
Options = Callable[[Any, Any, Any], list[Action]]


class Mark(NamedTuple):
    """Where the flow's two stacks stand (:meth:`Flow.mark`): ``decisions`` pending, ``works`` scheduled."""

    decisions: int
    works: int


#: The marks that end a sentence of its own: one more full stop after any of them would be doubled.
SENTENCE_ENDS = (".", "!", "?", "\u2026")


class SingleOption(NamedTuple):
    """How a game words a decision made at once because it has one option: ``clause`` (the ruling's id in the
    game's clauses) and ``text`` (a format string with ``{who}``, the chooser as ``"Player 2"``, and ``{label}``,
    the option's label)."""

    clause: str
    text: str

    def words(self, who: str, label: str) -> str:
        """The event's text for the chooser ``who`` and the option's ``label``. A label that is a sentence of its
        own (a card's text, ending in a stop) keeps its own stop: the template's stop after ``{label}`` is not
        added to it (trial 35: "… one Totem Requirement fewer.."; an ellipsis "…" is a stop too)."""
        text = self.text
        if label.rstrip().endswith(SENTENCE_ENDS):
            text = text.replace("{label}.", "{label}")
        return text.format(who=who, label=label)


def kind_of(model: type) -> str:
    """The kind a typed work or decision model stands for: the default of its ``kind`` field (a ``Literal``).

    Raises:
        ValueError: the model has no ``kind`` field with a string default.
    """
    default = item_fields(model).get("kind")
    if not isinstance(default, str):
        raise ValueError(f"flow: {model.__name__} has no kind (a 'kind' field with a Literal default)")
    return default


def members(union: Any) -> tuple[type[BaseModel], ...]:
    """The models of a discriminated union (``Annotated[Union[A, B], Field(discriminator="kind")]``), or of a
    single model."""
    while get_origin(union) is not None and get_origin(union) is not Union:  # Annotated[...]
        union = get_args(union)[0]
    return get_args(union) if get_origin(union) is Union else (union,)


def by_kind(union: Any) -> dict[str, type[BaseModel]]:
    """The model of each kind of a discriminated union of typed work items or decisions (:func:`members`),
    ``{kind: model}``."""
    return {kind_of(m): m for m in members(union)}


def upgrade_item(item: Any, models: Mapping[str, type[BaseModel]], old_defaults: Mapping[str, Any]) -> Any:
    """A work item or decision saved (JSON data, untrusted) when it was one model with optional fields for every
    kind, in the shape of its kind's own model today: the fields its kind's model (``models[kind]``) does not have
    are left out where they hold their old default (``old_defaults``). Anything else (an unknown kind, a field
    with another value, data that is not a mapping) is kept, for the caller's checks to name; ``item`` is never
    changed."""
    model = models.get(item.get("kind")) if isinstance(item, dict) and isinstance(item.get("kind"), str) else None
    if model is None:
        return item
    fields = item_fields(model)
    out = {k: v for k, v in item.items() if k in fields or k not in old_defaults or v != old_defaults[k]}
    return item if len(out) == len(item) else out


def merge(*tables: Mapping[str | type[BaseModel], Callable]) -> dict[str, Callable]:
    """One handler table ``{kind: handler}`` from several, each kind registered once; a key may be a kind or a
    typed model (its kind, :func:`kind_of`).

    Raises:
        ValueError: naming a kind registered twice.
    """
    out: dict[str, Callable] = {}
    for t in tables:
        for key, handler in t.items():
            kind = key if isinstance(key, str) else kind_of(key)
            if kind in out:
                raise ValueError(f"flow: kind registered twice: {kind}")
            out[kind] = handler
    return out


class OptionsByKind:
    """The options of a decision, dispatched on its kind: one function ``options(game, state, decision)`` per
    decision kind, each kind registered once (:func:`merge`); calling the table calls the decision's kind's function.

    Raises:
        ValueError: when built, naming a kind registered twice; when called, naming a decision kind with no options.
    """

    __slots__ = ("_table",)

    def __init__(self, *tables: Mapping[str, Options]) -> None:
        self._table = merge(*tables)

    def __call__(self, game: Any, state: Any, d: Any) -> list[Action]:
        f = self._table.get(d.kind)
        if f is None:
            raise ValueError(f"unknown decision kind {d.kind!r}")
        return f(game, state, d)

    def kinds(self) -> frozenset[str]:
        """The decision kinds registered."""
        return frozenset(self._table)


class Flow:
    """One game's flow of pending work and decisions.

    Args:
        work: work kind (or typed work model, :func:`kind_of`) -> handler ``(c, work)``.
        answers: answer kind -> handler ``(c, decision, action)``; the kind is the decision's ``kind`` unless
            ``answer_by_action``, then the chosen action's ``kind``.
        options: ``options(game, state, decision)``: the decision's options (the legal actions while it is
            pending).
        single: the event of a decision made at once (:class:`SingleOption`).
        answer_by_action: dispatch answers on the action's kind (see ``answers``).
        passes: optional ``passes(c, decision, options) -> bool``, asked before a decision is made or left
            pending: True drops the decision (the hook logs why, e.g. nothing can be chosen).
        forced: optional ``forced(decision) -> bool``: whether a one-option decision is made at once (default:
            always; a decision a player may decline is asked even with one option).
        work_types: optional, the game's work items (a discriminated union of typed models): each must have a
            handler, and each handler a model.
        nested: the game's work items carry ``under`` (the decisions pending below them, see :meth:`push_under`):
            a work item runs once no more decisions than that are pending; without it, once none is.

    Raises:
        ValueError: a kind registered twice (see :func:`merge`), a work type without a handler or a handler for no
            work type.
    """

    __slots__ = ("_work", "_answers", "options", "single", "_by_action", "_passes", "_forced", "_nested")

    def __init__(self, *, work: Mapping[str | type[BaseModel], WorkHandler], answers: Mapping[str, AnswerHandler], options: Options,
                 single: SingleOption, answer_by_action: bool = False,
                 passes: Callable[[Any, Any, list[Action]], bool] | None = None,
                 forced: Callable[[Any], bool] | None = None, work_types: Any = None, nested: bool = False) -> None:
        self._work = merge(work)
        if work_types is not None:
            kinds = {kind_of(m) for m in members(work_types)}
            if kinds != set(self._work):
                raise ValueError(f"flow: work kinds without a handler: {sorted(kinds - set(self._work))}; handlers "
                                 f"for no work kind: {sorted(set(self._work) - kinds)}")
        self._answers = merge(answers)
        self.options = options
        self.single = single
        self._by_action = answer_by_action
        self._passes = passes
        self._forced = forced
        self._nested = nested

    # -- work ----------------------------------------------------------------------------------------------------
    @staticmethod
    def push(state: Any, works: Iterable[Any]) -> None:
        """Schedule ``works`` on ``state.work`` to run next, in the order given (the first given runs first)."""
        state.work.extend(reversed(tuple(works)))

    def run(self, c: Any) -> None:
        """Run the work of ``c.state`` (last pushed first) until a decision is pending (for a ``nested`` flow: a
        decision asked after the top work item was pushed, see :meth:`push_under`), the work runs out or the game is
        over (``state.phase == "over"``)."""
        s = c.state
        table = self._work
        if self._nested:
            while s.work and len(s.pending) <= s.work[-1].under and s.phase != "over":
                w = s.work.pop()
                table[w.kind](c, w)
            return
        while s.work and not s.pending and s.phase != "over":
            w = s.work.pop()
            table[w.kind](c, w)

    @staticmethod
    def mark(state: Any) -> Mark:
        """Where ``state``'s decisions and work stand now, for :meth:`push_under` and :meth:`ask_under`."""
        return Mark(len(state.pending), len(state.work))

    @staticmethod
    def push_under(state: Any, work: Any, mark: Mark) -> None:
        """Schedule ``work`` (an item of a ``nested`` flow, with an ``under`` field) to run once everything asked and
        pushed since ``mark`` is done: below the work pushed since, waiting only for the decisions asked since
        (those pending at ``mark`` are answered after it). Sets ``work.under``."""
        work.under = mark.decisions
        state.work.insert(mark.works, work)

    @staticmethod
    def ask_under(state: Any, d: Any, mark: Mark) -> None:
        """Leave decision ``d`` pending below everything asked and pushed since ``mark`` (of a ``nested`` flow):
        it is the one to answer once those are answered and that work has run. It is left pending as it is (never
        made at once: its options are worked out when it comes up)."""
        state.pending.insert(mark.decisions, d)
        for w in state.work[mark.works:]:
            w.under += 1

    def kinds(self) -> tuple[frozenset[str], frozenset[str]]:
        """The registered work kinds and answer kinds (for tests and documentation)."""
        return frozenset(self._work), frozenset(self._answers)

    # -- decisions -----------------------------------------------------------------------------------------------
    def settle(self, c: Any, d: Any, options: list[Action]) -> Action | None:
        """Leave decision ``d`` pending with its ``options`` (recorded in ``c.asked``) and return None; or, when it
        has exactly one option and is forced, log the single-option ruling and return that option for the caller
        to carry out."""
        if len(options) == 1 and (self._forced is None or self._forced(d)):
            only = options[0]
            c.ev(self.single.clause, self.single.words(c.who(d.actor), only.label), auto=True,
                 actor=d.actor)
            return only
        c.state.pending.append(d)
        c.asked = (d, options, len(c.events))
        return None

    def ask(self, c: Any, d: Any) -> None:
        """Ask decision ``d``: dropped when the game's ``passes`` hook says so, made at once when it has one forced
        option (:meth:`settle`), else left pending for its chooser."""
        options = self.options(c.game, c.state, d)
        if self._passes is not None and self._passes(c, d, options):
            return
        only = self.settle(c, d, options)
        if only is not None:
            self.answer(c, d, only)

    def answer(self, c: Any, d: Any, a: Action) -> None:
        """Carry out option ``a`` of decision ``d`` (its handler; the caller runs the flow on)."""
        self._answers[a.kind if self._by_action else d.kind](c, d, a)

    def step(self, c: Any, action: Action, main: Callable[[Any, Action], None]) -> None:
        """One apply step: answer the pending decision with ``action`` (popping it), or do the main action with
        ``main(c, action)`` when none is pending; then run the flow."""
        s = c.state
        if s.pending:
            self.answer(c, s.pending.pop(), action)
        else:
            main(c, action)
        self.run(c)
