"""Moves: each move of a game checked once, giving its legal actions and its refusals from the same conditions.

A game's legality used to be written twice, in opposite directions: one function built the legal actions, another
re-derived the same conditions to list the tempting actions that are not legal (and the two drifted). Here a *move*
is one function ``move(g, s, out)`` that walks its candidates and, at each condition, either offers the action
(``out.ok(action)``) or refuses it naming the forbidding clause (``out.no(kind, actor, label, clause, why,
**params)``). The legal-action list, the blocked list, ``IllegalAction.clause`` and the scenario runner all read what
the moves said.

Refusals are only built when asked for (``Check(blocked=True)``): the legal-action list of every step (the hot path
of play, bots and benchmarks) pays one attribute test per refusal and builds nothing.

Example (a move module)::

    def attract(g, s, out: Check) -> None:
        seat = s.current
        if not has_space(s, seat):
            out.no("attract", seat, "Attract a Lost Spirit", "rs.attract.empty-space", "your board is full")
            return
        for spirit in s.lost_spirits:
            out.ok(make_action("attract", seat, f"Attract {spirit}", "...", ("rs.attract",), 1, spirit=spirit))

    MOVES = (attract, buy_totem, ...)
    legal = sort_actions(run_moves(MOVES, g, s).legal)
    blocked = run_moves(MOVES, g, s, blocked=True).blocked
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import update_wrapper
from typing import Any

from .lookups import plain_lookups
from .model import Action, Blocked, make_blocked


class Check:
    """What the moves of one state said: ``legal`` (the :class:`Action` list, in the order offered) and, when made
    with ``blocked=True``, ``blocked`` (the :class:`Blocked` list, each naming its forbidding clause).

    ``wants_blocked`` tells a move whether refusals are wanted, so it may skip work done only to word one (a
    refusal's label or reason that costs a lookup); ``no`` ignores refusals when they are not wanted.

    ``decision`` is the pending decision the moves answer (``None``: the main turn, or a game that does not say), for
    the moves of a game whose legal actions are a decision's options: a game asks a decision's options before the
    decision is pending (to resolve a one-option decision at once), so a move reads it here, not from the state.
    """

    __slots__ = ("legal", "blocked", "wants_blocked", "decision", "ok", "ok_all")

    def __init__(self, blocked: bool = False, decision: Any = None) -> None:
        self.legal: list[Action] = []
        self.blocked: list[Blocked] = []
        self.wants_blocked = blocked
        self.decision = decision
        #: ``ok(action)``: offer ``action`` as legal now (the legal list's own ``append``: called for every legal
        #: action of every step, so no Python frame of its own)
        self.ok: Callable[[Action], None] = self.legal.append
        #: ``ok_all(actions)``: offer each of ``actions`` as legal now
        self.ok_all: Callable[[Iterable[Action]], None] = self.legal.extend

    def no(self, kind: str, actor: int, label: str, clause: str, why: str, **params: Any) -> None:
        """Refuse the action ``kind`` (narrowed by ``params``, named as the legal actions' parameters) for seat
        ``actor``: ``label`` names it as a learner would try it, ``clause`` is the id of the clause that forbids
        it, ``why`` one plain reason (the entry reads ``"<label>: <why>"``). Nothing is built unless refusals are
        wanted."""
        if self.wants_blocked:
            self.blocked.append(make_blocked(kind, actor, label, clause, why, **params))


#: A move: ``move(game, state, check)`` offers its legal actions and refuses its tempting illegal ones.
Move = Callable[[Any, Any, Check], None]


def run_moves(moves: Iterable[Move], g: Any, s: Any, blocked: bool = False, decision: Any = None) -> Check:
    """Run every move of ``moves`` on state ``s`` of game ``g`` and return the :class:`Check` they filled (refusals
    too when ``blocked``; ``decision``: the decision they answer, see :class:`Check`). The moves run in the order
    given; a caller sorts the legal actions by id."""
    out = Check(blocked, decision)
    for move in moves:
        move(g, s, out)
    return out


#: When True, every kept action handed out by a :func:`built_once` builder (called, or looked up in its
#: :class:`Built`) is also built afresh and checked equal to the kept one (a test switches it on over random games:
#: a builder that reads an input missing from its arguments fails it).
VERIFY_BUILT = False

#: How many actions one :class:`Built` keeps (cleared once it holds more).
BUILT_LIMIT = 20000


class Built(dict):
    """The actions one builder made for the games of one set-up, kept by their arguments: ``acts[args]`` (``args``
    the builder's arguments after ``g``, always a tuple) returns the kept action and builds it only on a miss
    (``__missing__``), so a hit is one dict lookup and no Python call. Bounded: cleared once it holds
    :data:`BUILT_LIMIT`. Made by :func:`built_once`."""

    __slots__ = ("build", "g")

    def __init__(self, build: Callable[..., Action], g: Any) -> None:
        super().__init__()
        self.build = build
        self.g = g

    def __missing__(self, args: tuple) -> Action:
        if len(self) >= BUILT_LIMIT:
            self.clear()
        act = self[args] = self.build(self.g, *args)
        return act


class _VerifiedBuilt(Built):
    """A :class:`Built` that checks every hit against an action built afresh (:data:`VERIFY_BUILT`)."""

    __slots__ = ()

    def __getitem__(self, args: tuple) -> Action:
        if args in self:
            kept = dict.__getitem__(self, args)
            if self.build(self.g, *args) != kept:
                raise AssertionError(f"{self.build.__qualname__}{args}: the kept action differs from one built now "
                                     "(the builder reads an input that is not among its arguments)")
            return kept
        return self.__missing__(args)


class KeptTable(dict):
    """A mapping kept by a :func:`built_once` builder: ``table[key]`` is ``fill(key)``, worked out the first time it
    is asked and kept (``__missing__``), so a move that offers one action per card looks its table up once (by the
    values every entry shares) and each card once, with no Python call on a hit. ``fill`` must be a pure function of
    the cards and of the values the builder was given, as a builder is.

    Two tables are equal when they give equal values for every key either has worked out (so
    :data:`VERIFY_BUILT` compares a kept table with one built afresh entry by entry)."""

    __slots__ = ("fill",)

    def __init__(self, fill: Callable[[Any], Any]) -> None:
        super().__init__()
        self.fill = fill

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.fill(key)
        return value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KeptTable):
            return NotImplemented
        keys = set(self) | set(other)
        return all(self[k] == other[k] for k in keys)

    def __ne__(self, other: object) -> bool:  # (dict's own != would compare the entries worked out so far)
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]


def built_once(build: Callable[..., Action]) -> Callable[..., Action]:
    """Decorate an action builder ``build(g, *args) -> Action`` so each action is built once per game set-up and then
    kept, keyed by ``args``: call the result as the builder (``b(g, *args)``), or, in a loop that offers many, take
    the :class:`Built` of ``g``'s set-up once (``acts = b.kept(g)``) and look actions up by their arguments
    (``acts[args]``, no Python call on a hit). The :class:`Built` lives in ``g.action_memo`` (an
    :class:`~.model.ActionMemo` shared by the games set up alike, see :meth:`~.game.Game.shared_caches`). This is
    the one place the moves' actions are cached (:func:`built` is the same decorator); a move just calls its
    builders. Any other immutable value that is a pure function of the cards and ``args`` may be kept the same way
    (e.g. what a card's effects need to choose, or ``None``).

    The key is derived, never written by hand: ``build`` must read nothing but its arguments (positional, hashable:
    str, int, bool, None, tuples of them) and the game's static cards and options (any game of the set-up serves),
    so its arguments are everything the action is made from. Actions are frozen, so one built for a key serves every
    later state that needs it.
    """
    key = ("built", build)

    def kept(g: Any) -> Built:
        memo = g.action_memo
        acts = memo.get(key)
        if acts is None or (VERIFY_BUILT and type(acts) is Built):
            acts = memo.put(key, (_VerifiedBuilt if VERIFY_BUILT else Built)(build, g))
        return acts

    def built(g: Any, *args: Any) -> Action:
        acts = g.action_memo.get(key)
        if acts is None or VERIFY_BUILT:
            acts = kept(g)
        return acts[args]

    update_wrapper(built, build)
    built.kept = kept  # type: ignore[attr-defined]
    return built


# (a lookup in a kept table is ``dict``'s own: see .lookups)
plain_lookups(Built, KeptTable)

#: The same decorator as :func:`built_once` (one caching mechanism for built actions), under the name the moves of
#: Spirited and Spirit Duels use.
built = built_once
