"""The effect registry's base: the parameter models, the basic effects (gain AP, draw, take the Shrine's top card,
next turn's AP, steal or discard at random), :data:`REGISTRY`, :func:`validate_effect` and :func:`run_effect`.

The other effect modules (:mod:`.ongoing`, :mod:`.effects_locks_and_choices`, :mod:`.effects_board`, :mod:`.effects_copy`,
:mod:`.effects_hand`, :mod:`.effects_promo`) import this one and add their effects to :data:`REGISTRY`;
:mod:`.effects` imports them all, so once it is imported the registry is complete.

Rulebook: Spirit Abilities; Blessings & Curses; Glossary (Draw, Discard).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core import chance
from ...core.effects import EffectRegistry

from .cards import LIGHT_TYPES, SpiritType
from .state import ApModifier
from .zones import Ctx, discard_card, draw_reward, draw_totems_to_hand, hand_room

#: The ruling cited when an ability that rewards a lead ("if a target opponent has released more Spirits than you")
#: targets an opponent who is not ahead: the Activation stands and the ability does nothing (Spirit Ability
#: Clarifications).
NOT_AHEAD = "rs.ruling.target-not-ahead"


def not_ahead(c: Ctx, u: Use, outcome: str) -> None:
    """Log that ``u``'s target has not released more Spirits than its user, so ``outcome`` (``"nothing happens"``,
    ``"no AP is gained"``...), citing our ruling :data:`NOT_AHEAD`."""
    c.ev(NOT_AHEAD, f"{u.source_name}: {c.who(u.target)} has not released more Spirits than {c.who(u.seat)}, so "
         f"{outcome}.", actor=u.seat)


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Count(_P):
    """How many: exactly one of ``fixed`` (a number), ``type_on_board`` (Spirits of that type on the user's board,
    the source included), ``adjacent_type`` (Spirits of that type next to the source's space), ``released_lead``
    (how many more Spirits the target has released than the user; 0 if not ahead), ``light_on_board`` /
    ``dark_on_board`` (Light / Dark Spirits on the user's board)."""

    fixed: int | None = Field(default=None, ge=0)
    type_on_board: SpiritType | None = None
    adjacent_type: SpiritType | None = None
    released_lead: bool = False
    light_on_board: bool = False
    dark_on_board: bool = False

    @model_validator(mode="after")
    def _one(self) -> "Count":
        n = sum(x not in (None, False) for x in (self.fixed, self.type_on_board, self.adjacent_type,
                                                 self.released_lead, self.light_on_board, self.dark_on_board))
        if n != 1:
            raise ValueError("a count needs exactly one of fixed, type_on_board, adjacent_type, released_lead, "
                             "light_on_board, dark_on_board")
        return self


class Condition(_P):
    """When the effect happens: ``target_ahead`` (the target has released more Spirits than the user),
    ``target_has_dark`` (the target has a Dark Spirit on their board),
    ``adjacent_dark`` (a Dark Spirit is next to the source's space) and/or
    ``board_light_dark: [L, D]`` (the user's board holds exactly L Light and D Dark Spirits)."""

    target_ahead: bool = False
    target_has_dark: bool = False
    board_light_dark: tuple[int, int] | None = None
    adjacent_dark: bool = False


class GainAP(_P):
    count: Count
    condition: Condition | None = None


class Draw(_P):
    deck: Literal["totem", "blessing", "curse"]
    count: Count
    condition: Condition | None = None


class NextTurnAP(_P):
    delta: int
    condition: Condition | None = None


class TakeShrineTop(_P):
    count: Count


class TargetCount(_P):
    count: Count


class Use:
    """One use of an effect: who uses it (``seat``), from which board space (``space``, for adjacency; ``None``
    for cards played from hand), against whom (``target``), and the clause to cite for its events."""

    def __init__(self, seat: int, space: int | None, target: int | None, clause: str, source_name: str,
                 source_card: str = "", count_override: int | None = None, run=None) -> None:
        self.seat, self.space, self.target, self.clause, self.source_name = seat, space, target, clause, source_name
        self.source_card = source_card
        #: a split ability (Jiangsu, Kielderlings) runs its effect once per target pick, with a count of 1
        self.count_override = count_override
        #: the :class:`~.state.EffectRun` this use belongs to (decisions inside an effect keep it)
        self.run = run


def _types_on_board(c: Ctx, seat: int) -> list[str]:
    return [c.cards.by_id[ps.card].type for ps in c.state.players[seat].board if ps is not None]


def count_value(c: Ctx, u: Use, n: Count) -> int:
    """Evaluate a :class:`Count` for use ``u`` (see its docstring for each kind)."""
    if u.count_override is not None:
        return u.count_override
    if n.fixed is not None:
        return n.fixed
    if n.type_on_board:
        return sum(t == n.type_on_board for t in _types_on_board(c, u.seat))
    if n.adjacent_type:
        board = c.state.players[u.seat].board
        if u.space is None:
            return 0
        return sum(1 for j in (u.space - 1, u.space + 1)
                   if 0 <= j < 3 and board[j] is not None and c.cards.by_id[board[j].card].type == n.adjacent_type)
    if n.released_lead:
        if u.target is None:
            return 0
        return max(0, len(c.state.players[u.target].released) - len(c.state.players[u.seat].released))
    types = _types_on_board(c, u.seat)
    if n.light_on_board:
        return sum(t in LIGHT_TYPES for t in types)
    return sum(t not in LIGHT_TYPES for t in types)


def condition_holds(c: Ctx, u: Use, cond: Condition | None) -> bool:
    """True when ``cond`` is absent or every part of it holds for use ``u``."""
    if cond is None:
        return True
    if cond.target_ahead and (u.target is None or len(c.state.players[u.target].released)
                              <= len(c.state.players[u.seat].released)):
        return False
    if cond.target_has_dark:
        if u.target is None:
            return False
        if not any(c.cards.by_id[ps.card].type not in LIGHT_TYPES
                   for ps in c.state.players[u.target].board if ps is not None):
            return False
    if cond.adjacent_dark:
        board = c.state.players[u.seat].board
        if u.space is None or not any(0 <= j < 3 and board[j] is not None
                                      and c.cards.by_id[board[j].card].type not in LIGHT_TYPES
                                      for j in (u.space - 1, u.space + 1)):
            return False
    if cond.board_light_dark is not None:
        types = _types_on_board(c, u.seat)
        light = sum(t in LIGHT_TYPES for t in types)
        if (light, len(types) - light) != tuple(cond.board_light_dark):
            return False
    return True


def _gain_ap(c: Ctx, u: Use, p: GainAP) -> None:
    if not condition_holds(c, u, p.condition):
        c.ev("rs.effect.condition", f"{u.source_name}: the condition is not met, so no AP is gained.", actor=u.seat)
        return
    n = count_value(c, u, p.count)
    if p.count.adjacent_type and u.count_override is None:
        c.ev("rs.adjacent", f"{u.source_name} counts the {p.count.adjacent_type.capitalize()} Spirits on the spaces "
             f"directly beside it: {n}.", actor=u.seat)
    elif n == 0 and p.count.released_lead:
        not_ahead(c, u, "no AP is gained")
        return
    c.state.players[u.seat].ap += n
    c.ev("rs.effect.gain-ap", f"{c.who(u.seat)} gains {n} AP from {u.source_name} (to use this turn only).",
         actor=u.seat)


def _draw(c: Ctx, u: Use, p: Draw) -> None:
    if not condition_holds(c, u, p.condition):
        c.ev("rs.effect.condition", f"{u.source_name}: the condition is not met, so nothing is drawn.", actor=u.seat)
        return
    n = count_value(c, u, p.count)
    if n == 0 and p.count.released_lead:
        not_ahead(c, u, "nothing is drawn")
        return
    if n == 0:
        c.ev("rs.effect.draw", f"{u.source_name} counts 0, so {c.who(u.seat)} draws nothing.", actor=u.seat)
        return
    if p.deck == "totem":
        draw_totems_to_hand(c, u.seat, n, "rs.effect.draw")
    else:
        for _ in range(n):
            if draw_reward(c, u.seat, p.deck, "rs.effect.draw") is None:
                break


def _take_shrine_top(c: Ctx, u: Use, p: TakeShrineTop) -> None:
    pl = c.state.players[u.seat]
    for _ in range(count_value(c, u, p.count)):
        if not c.state.shrine:
            c.ev("rs.effect.take-shrine", "The Shrine is empty; nothing more is taken.", actor=u.seat)
            return
        if hand_room(pl) <= 0:
            c.ev("rs.ruling.hand-limit-draw", f"{c.who(u.seat)} is at the hand limit; nothing more is taken.",
                 actor=u.seat)
            return
        card = c.state.shrine.pop()
        pl.hand.append(card)
        c.ev("rs.effect.take-shrine", f"{c.who(u.seat)} takes {c.name(card)} from the top of the Shrine.",
             cards=(card,), actor=u.seat)


def _next_turn_ap(c: Ctx, u: Use, p: NextTurnAP) -> None:
    if not condition_holds(c, u, p.condition):
        c.ev("rs.effect.condition", f"{u.source_name}: the condition is not met, so it has no effect.", actor=u.seat)
        return
    assert u.target is not None
    them = c.state.players[u.target]
    ability = u.run.effects_of if u.run is not None else u.source_card  # a copy is the same ability (one at a time)
    if any((m.ability or m.source) == ability for m in them.next_turn_ap):
        c.ev("rs.effect.next-turn-ap", f"{c.who(u.target)} is already under {c.name(ability)}'s ability; only one "
             "instance of it can be in use, so it does not stack.", actor=u.seat)
        return
    them.next_turn_ap.append(ApModifier(source=u.source_card, by=u.seat, delta=p.delta, ability=ability))
    c.ev("rs.effect.next-turn-ap", f"{c.who(u.target)} will start their next turn with {-p.delta} AP less "
         "(never below 1).", actor=u.seat)


def _random_totems(c: Ctx, seat: int, n: int) -> list[str]:
    hand = c.state.players[seat].hand
    totems = [x for x in hand if c.game.card_kind(x) == "totem"]
    picked = []
    for _ in range(min(n, len(totems))):
        i, fixed = chance.pick(c.state, totems, f"{c.who(seat)}'s hand")
        picked.append(totems.pop(i))
        if fixed:
            c.ev("rs.ruling.fixed-chance", f"The lesson fixed this random pick in advance: {c.name(picked[-1])} is "
                 f"the Totem taken from {c.who(seat)}'s hand.", auto=True, cards=(picked[-1],))
    return picked


def _steal_random(c: Ctx, u: Use, p: TargetCount) -> None:
    assert u.target is not None
    me, them = c.state.players[u.seat], c.state.players[u.target]
    n = count_value(c, u, p.count)
    for card in _random_totems(c, u.target, n):
        if hand_room(me) <= 0:
            c.ev("rs.ruling.hand-limit-draw", f"{c.who(u.seat)} is at the hand limit; no more Totems are stolen.",
                 actor=u.seat)
            return
        them.hand.remove(card)
        me.hand.append(card)
        c.ev("rs.effect.steal-random", f"{c.who(u.seat)} steals a random Totem ({c.name(card)}) from "
             f"{c.who(u.target)}.", cards=(card,), actor=u.seat)
    if not any(c.game.card_kind(x) == "totem" for x in them.hand) and n:
        c.ev("rs.effect.steal-random", f"{c.who(u.target)} has no Totem left to steal.", actor=u.seat)


def _discard_random(c: Ctx, u: Use, p: TargetCount) -> None:
    assert u.target is not None
    them = c.state.players[u.target]
    cards = _random_totems(c, u.target, count_value(c, u, p.count))
    if not cards:
        c.ev("rs.effect.discard-random", f"{c.who(u.target)} has no Totem to discard.", actor=u.target)
    for card in cards:
        them.hand.remove(card)
        discard_card(c, card)
        c.ev("rs.effect.discard-random", f"{c.who(u.target)} discards a random Totem: {c.name(card)}.",
             cards=(card,), actor=u.target)


#: Effect name -> :class:`~tutor.core.effects.EffectKind` (one registry per game, :mod:`tutor.core.effects`).
#: Content names effects only from this registry. Timings (where a card may use an effect): ``"use"`` (Activated
#: abilities, Blessings and Curses), ``"ongoing"``, ``"on-release"``; ``needs_target``: it needs a target opponent.
REGISTRY = EffectRegistry("restless-spirits", default_timings=("use", "on-release"))
REGISTRY.register("gain-ap", GainAP, _gain_ap, False)
REGISTRY.register("draw", Draw, _draw, False)
REGISTRY.register("take-shrine-top", TakeShrineTop, _take_shrine_top, False)
REGISTRY.register("next-turn-ap", NextTurnAP, _next_turn_ap, True)
REGISTRY.register("steal-random", TargetCount, _steal_random, True)
REGISTRY.register("discard-random", TargetCount, _discard_random, True)


def validate_effect(name: str, params: dict) -> _P:
    """Parse ``params`` for effect ``name``.

    Raises:
        ValueError: unknown effect name (listing the known ones) or invalid parameters (pydantic's message).
    """
    return REGISTRY.validate(name, params)


def run_effect(c: Ctx, u: Use, name: str, params: _P) -> None:
    """Run one registered effect for use ``u``."""
    REGISTRY[name].run(c, u, params)
