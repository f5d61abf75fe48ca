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

from .model import Action, Blocked, make_blocked


class Check:
    """What the moves of one state said: ``legal`` (the :class:`Action` list, in the order offered) and, when made
    with ``blocked=True``, ``blocked`` (the :class:`Blocked` list, each naming its forbidding clause).

    ``wants_blocked`` tells a move whether refusals are wanted, so it may skip work done only to word one (a
    refusal's label or reason that costs a lookup); ``no`` ignores refusals when they are not wanted.

    ``ok(action)`` offers ``action`` as legal now (it is ``legal.append`` itself: called once per legal action of
    every step, it costs no Python call of its own).
    """

    __slots__ = ("legal", "blocked", "wants_blocked", "ok")

    def __init__(self, blocked: bool = False) -> None:
        self.legal: list[Action] = []
        self.blocked: list[Blocked] = []
        self.wants_blocked = blocked
        #: ``ok(action)``: offer ``action`` as legal now.
        self.ok: Callable[[Action], None] = self.legal.append

    def ok_all(self, actions: Iterable[Action]) -> None:
        """Offer each of ``actions`` as legal now."""
        self.legal.extend(actions)

    def no(self, kind: str, actor: int, label: str, clause: str, why: str, **params: Any) -> None:
        """Refuse the action ``kind`` (narrowed by ``params``, named as the legal actions' parameters) for seat
        ``actor``: ``label`` names it as a learner would try it, ``clause`` is the id of the clause that forbids
        it, ``why`` one plain reason (the entry reads ``"<label>: <why>"``). Nothing is built unless refusals are
        wanted."""
        if self.wants_blocked:
            self.blocked.append(make_blocked(kind, actor, label, clause, why, **params))


#: A move: ``move(game, state, check)`` offers its legal actions and refuses its tempting illegal ones.
Move = Callable[[Any, Any, Check], None]


def run_moves(moves: Iterable[Move], g: Any, s: Any, blocked: bool = False) -> Check:
    """Run every move of ``moves`` on state ``s`` of game ``g`` and return the :class:`Check` they filled (refusals
    too when ``blocked``). The moves run in the order given; a caller sorts the legal actions by id."""
    out = Check(blocked)
    for move in moves:
        move(g, s, out)
    return out


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


def built_once(build: Callable[..., Action]) -> Callable[..., Action]:
    """Decorate an action builder ``build(g, *args) -> Action`` so each action is built once per game set-up and then
    kept, keyed by ``args``: call the result as the builder (``b(g, *args)``), or, in a loop that offers many, take
    the :class:`Built` of ``g``'s set-up once (``acts = b.kept(g)``) and look actions up by their arguments
    (``acts[args]``, no Python call on a hit). The :class:`Built` lives in ``g.action_memo`` (an
    :class:`~.model.ActionMemo` shared by the games set up alike, see :meth:`~.game.Game.shared_caches`).

    The key is derived, never written by hand: ``build`` must read nothing but its arguments (positional, hashable)
    and the game's static cards and options (any game of the set-up serves), so its arguments are everything the
    action is made from. Actions are frozen, so one built for a key serves every later state that needs it.
    """
    key = ("built", build)

    def kept(g: Any) -> Built:
        memo = g.action_memo
        acts = memo.get(key)
        if acts is None:
            acts = memo.put(key, Built(build, g))
        return acts

    def built(g: Any, *args: Any) -> Action:
        memo = g.action_memo
        acts = memo.get(key)
        if acts is None:
            acts = memo.put(key, Built(build, g))
        return acts[args]

    update_wrapper(built, build)
    built.kept = kept  # type: ignore[attr-defined]
    return built
