"""The game-agnostic interface every game implements (static rules apart from changing state).

A :class:`Game` holds what does not change during play: its id, clauses, cards and options. The changing facts
live in a pydantic *state* model owned by a :class:`~tutor.core.session.Session`. The session can always get back
the state before an action (kept as JSON every few steps, rebuilt by re-applying the steps in between), so a game's
``apply`` may mutate the state freely and raise to abandon it; ``apply`` must depend only on the state and the
action (randomness comes from the state's seeded generator), as undo and loading replay steps.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections import OrderedDict
from typing import Any, ClassVar, NamedTuple

from pydantic import BaseModel

from .errors import ContentError
from .model import Action, Blocked, Clause, Event, sort_actions
from .reads import plain_reads


#: How many game set-ups (class, cards, players, options) keep shared memos (see :meth:`Game.shared_caches`).
SHARED_SETUPS = 16
_SHARED: OrderedDict[tuple, dict[str, Any]] = OrderedDict()


class StepResult(NamedTuple):
    """What :meth:`Game.apply` returns.

    Attributes:
        events: the step's events, in order, each citing its clause.
        legal: the legal actions of the state the step leaves, sorted by id and equal to
            ``Game.legal_actions(state)``, when the step worked them out on the way (the options of the decision it
            ends on, Restless Spirits' turn actions after its automatic turn-pass check); ``None`` when it did not
            (the session then asks ``legal_actions`` when they are wanted).
    """

    events: list[Event]
    legal: list[Action] | None = None


def asked_options(state: BaseModel, asked: tuple | None, events: list, playing: bool = True) -> list[Action] | None:
    """For a game's :meth:`Game.apply`, at its end: the options of the decision the step asked last, sorted by id,
    as the legal actions of ``state`` (:attr:`StepResult.legal`) when the step ends on it: ``asked`` is
    ``(decision, its options, number of events then)``, the decision is still on top of ``state.pending`` and nothing
    was logged since (so nothing changed since); else ``None``. ``playing``: False where the game's legal actions
    are not the pending decision's options (the game is over, a set-up phase)."""
    if (playing and asked is not None and state.pending and state.pending[-1] is asked[0]
            and len(events) == asked[2]):
        return sort_actions(asked[1])
    return None


class Game(ABC):
    """Static rules of one game with chosen options.

    Subclasses set ``game_id``, ``title`` and ``state_model`` and implement the abstract methods. ``clauses`` maps
    clause id to :class:`Clause`.
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    state_model: ClassVar[type[BaseModel]]
    #: The player counts the game supports, e.g. ``(2, 3, 4)``.
    player_counts: ClassVar[tuple[int, ...]]
    #: The unit of ``Action.cost`` in this game ("AP" in Restless Spirits, "Essence" in Spirit Duels).
    cost_unit: ClassVar[str] = "AP"
    #: Options that teaching pages (free play, recorded walkthroughs) start a new game with.
    teaching_options: ClassVar[dict[str, Any]] = {}
    #: The first part of this game's clause ids (``"rs"`` for ``rs.setup.guides``).
    clause_prefix: ClassVar[str]
    #: Every kind of action the game makes (a move's legal or refused action, a decision's answer): what a saved
    #: question may name. Each game sets it from its moves package's ``MOVE_KINDS``.
    move_kinds: ClassVar[frozenset[str]] = frozenset()
    #: Options a free-play page offers as choices: ``{option: ((label, value), ...)}``, the first the default.
    option_choices: ClassVar[dict[str, tuple[tuple[str, Any], ...]]] = {}

    def __init__(self, players: int, seed: int, clauses: dict[str, Clause], options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.clauses = clauses
        self.options = options

    def shared_caches(self, cards: object) -> dict[str, Any]:
        """A dict for memos shared by every game of this class set up alike: the same ``cards`` object (a loaded
        card file), player count and options, whatever the seed.

        Only memos of pure functions of those belong here (card labels, built actions keyed by every value they are
        made from, how a Totem fits a Spirit), so a new game of the same set-up starts with them warm. The dict keeps
        ``cards`` itself under ``"cards"``, so the object's id cannot be reused by another while the entry lives.
        At most :data:`SHARED_SETUPS` set-ups are kept, the least recently used dropped first. The model classes of
        a new set-up's state and cards get plain attribute reads (:func:`.reads.plain_reads`).
        """
        key = (type(self), id(cards), self.players, repr(sorted(self.options.items())))
        entry = _SHARED.get(key)
        if entry is None:
            if len(_SHARED) >= SHARED_SETUPS:
                _SHARED.popitem(last=False)
            entry = _SHARED[key] = {"cards": cards}
            # a new set-up: its state's and cards' models get Python's plain attribute reads (a speed measure that
            # changes no behaviour, see .reads; each class is looked at once)
            plain_reads(self.state_model, *([type(cards)] if isinstance(cards, BaseModel) else []))
        else:
            _SHARED.move_to_end(key)
        return entry

    # -- setup -------------------------------------------------------------------------------------------------
    @abstractmethod
    def initial_state(self) -> tuple[BaseModel, list[Event]]:
        """Build the state after the automatic part of setup, and the events that explain it."""

    # -- play --------------------------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, state: BaseModel) -> list[Action]:
        """Every legal action in ``state``, sorted by id, ids unique; empty only when the game is over."""

    @abstractmethod
    def blocked_actions(self, state: BaseModel) -> list[Blocked]:
        """Tempting actions that are not legal in ``state``, each with its forbidding clause."""

    @abstractmethod
    def apply(self, state: BaseModel, action: Action) -> "StepResult":
        """Apply a legal ``action`` to ``state`` in place (the session can restore the state before); return the
        step's events and, when the step worked them out on the way, the new state's legal actions
        (:class:`StepResult`)."""

    @abstractmethod
    def current_player(self, state: BaseModel) -> int | None:
        """Seat whose decision it is, or ``None`` when the game is over."""

    @abstractmethod
    def is_over(self, state: BaseModel) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def winners(self, state: BaseModel) -> list[int]:
        """Winning seats once over (several on a shared victory); empty before."""

    # -- scenarios --------------------------------------------------------------------------------------------------
    def scenario_state(self, state: BaseModel, partial: dict, where: str) -> BaseModel:
        """Return ``state`` changed by a scenario's partial state (``setup.state``), conserving cards.

        Raises:
            ContentError: naming ``where`` and the field when ``partial`` is invalid for this game.
        """
        raise ContentError(f"{where}: game {self.game_id} does not accept a partial state", path=where)

    def prepared_events(self, state: BaseModel) -> list[Event]:
        """The set-up log of a prepared table: a lesson, question or walkthrough whose partial state (``setup.state``)
        placed cards and counters over the seeded deal. The seeded deal's own events would tell a set-up the partial
        state may contradict (another first player, other AP, other cards dealt), so they are replaced by one event
        citing the game's ruling ``<prefix>.ruling.prepared-table`` that says the table is prepared and whose turn it
        is (:meth:`prepared_turn`).

        Returns:
            A one-event list (``automatic=True``, no actor).
        """
        text = ("This table is prepared for the lesson or question: what it names is placed as it says, and the "
                "rest comes from a shuffled deal, so the game starts part-way through. " + self.prepared_turn(state))
        return [Event(clause=f"{self.clause_prefix}.ruling.prepared-table", text=text, automatic=True)]

    def prepared_turn(self, state: BaseModel) -> str:
        """One sentence saying whose turn it is on a prepared table, e.g. ``"Player 1 is to play, with 2 AP."``
        (games say more: AP, round, phase). Default: the player to act, from :meth:`current_player` (0-based)."""
        seat = self.current_player(state)
        return "The game is over." if seat is None else f"Player {seat + 1} is to act."

    def facts(self, state: BaseModel) -> dict[str, Any]:
        """Named facts about ``state`` that scenario expectations compare, e.g. ``{"p1.ap": 2}``."""
        return {}

    def value_names(self) -> dict[str, str]:
        """Words for fact values that are neither card ids nor plain numbers, for showing expectations to a
        learner, e.g. ``{"attack-1/attack": "Level 1 Attack die showing Attack"}`` (empty by default)."""
        return {}

    def upgrade_saved_state(self, data: Any) -> Any:
        """A state saved by an older tutor (the JSON data of a saved session's ``initial_state`` or ``state``,
        untrusted) in today's shape, for the session loader to compare with the state it replays; data it does not
        recognise is returned as it is (the comparison then names what differs). Never changes ``data``. Default:
        ``data`` as it is."""
        return data

    # -- checks used by tests and ``rules-tutor check`` --------------------------------------------------------
    def check_invariants(self, state: BaseModel) -> list[str]:
        """Problems found in ``state`` (cards not conserved, counters out of range...); empty when sound."""
        return []

    def describe(self, state: BaseModel) -> str:
        """A short multi-line text picture of the state for terminal transcripts."""
        return ""


def conservation_problem(places: list[str], cards: list[str]) -> str:
    """Say how the cards found in a state's zones (``places``, one entry per place a card is found) differ from the
    game's cards (``cards``, one entry per copy), naming the cards: ``"cards not conserved: duplicated ['t01'],
    missing ['t07'], not cards of this game ['x9']"`` (at most 5 named per kind, the count when there are more)."""
    from collections import Counter
    have, want = Counter(places), Counter(cards)
    parts = []
    for label, ids in (("duplicated", [k for k in have if k in want and have[k] > want[k]]),
                       ("missing", [k for k in want if have[k] < want[k]]),
                       ("not cards of this game", [k for k in have if k not in want])):
        if ids:
            more = f" and {len(ids) - 5} more" if len(ids) > 5 else ""
            parts.append(f"{label} {[str(k)[:40] for k in ids[:5]]}{more}")
    return "cards not conserved: " + (", ".join(parts) or "the same cards in another count")
