"""Spirited effect registry: clan powers, Allegiance Battle/Overrun effects and Wonder effects name an effect from
:data:`REGISTRY` with parameters (cards as data; an unknown name fails at load).

Every effect in ``content/spirited/cards.yaml`` is provisional (the summary prints none); the events cite
``sp.provisional.*`` clauses so the app can say so. Effects that need a choice ask a pending decision.
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from ...core.effects import EffectRegistry
from .state import EffectRally, EffectRecruit, LimitMod, Raid
from .zones import Ctx, add_to_road, draw_non_time, stack, take_from_road


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class NoParams(_P):
    """An effect without parameters."""


class Amount(_P):
    """``amount`` Spirit to gain."""

    amount: int = Field(ge=1, le=10)


class Count(_P):
    """``count`` cards."""

    count: int = Field(ge=1, le=5)


@dataclass
class Use:
    """One use of an effect: who uses it, the source's name and clan (for Allegiances), the clause it cites."""

    seat: int
    source: str
    clause: str
    clan: str | None = None


def _gain_spirit(c: Ctx, u: Use, p: Amount) -> None:
    c.state.players[u.seat].spirit += p.amount
    c.ev(u.clause, f"{u.source}: {c.who(u.seat)} gains {p.amount} Spirit [provisional] "
         f"({c.state.players[u.seat].spirit} now).", actor=u.seat)


def _draw_to_hand(c: Ctx, u: Use, p: Count) -> None:
    for _ in range(p.count):
        card = draw_non_time(c, u.seat)
        if card is None:
            c.ev("sp.ruling.deck-empty", "No card is left to draw.", auto=True)
            return
        c.state.players[u.seat].hand.append(card)
        c.ev(u.clause, f"{u.source}: {c.who(u.seat)} draws a card into their Hand [provisional].", cards=(card,),
             actor=u.seat, public=f"{u.source}: {c.who(u.seat)} draws a card into their Hand [provisional].")


def _ask(c: Ctx, u: Use, decision: type[EffectRally | EffectRecruit | Raid]) -> None:
    c.ask(decision(actor=u.seat, source=u.source))


def _rally_own(c: Ctx, u: Use, p: NoParams) -> None:
    c.ev(u.clause, f"{u.source}: {c.who(u.seat)} may Rally 1 face-up card from their Road [provisional].",
         actor=u.seat)
    _ask(c, u, EffectRally)


def _recruit_own(c: Ctx, u: Use, p: NoParams) -> None:
    c.ev(u.clause, f"{u.source}: {c.who(u.seat)} may Recruit 1 face-up card from their Road [provisional].",
         actor=u.seat)
    _ask(c, u, EffectRecruit)


def _raid(c: Ctx, u: Use, p: NoParams) -> None:
    c.ev(u.clause, f"{u.source}: {c.who(u.seat)} may discard 1 face-up card from an opponent's Road, never from a "
         "Shielded clan [provisional].", actor=u.seat)
    _ask(c, u, Raid)


def _rally_clan(c: Ctx, u: Use, p: NoParams) -> None:
    pl = c.state.players[u.seat]
    st = stack(pl, u.clan)
    if st is None or not st.cards:
        c.ev(u.clause, f"{u.source}: no face-up {c.clan(u.clan)} card is on the Road, so nothing is Rallied "
             "[provisional].", auto=True, actor=u.seat)
        return
    card = take_from_road(c, u.seat, u.clan)
    pl.hand.append(card)
    c.ev(u.clause, f"{u.source}: {c.who(u.seat)} Rallies {c.card(card)} into their Hand before the Road is "
         "wiped [provisional].", auto=True, cards=(card,), actor=u.seat)


def _lower_limits(c: Ctx, u: Use, p: Amount) -> None:
    s = c.state
    for o in s.players:
        if o.seat != u.seat:
            s.limit_mods.append(LimitMod(seat=o.seat, amount=p.amount, by=u.seat, source=u.source))
    c.ev("sp.overrun.lower", f"{u.source}: until {c.who(u.seat)}'s next turn, every opponent's Overrun Limits are "
         f"{p.amount} lower [provisional].", actor=u.seat)


def _none(c: Ctx, u: Use, p: NoParams) -> None:
    c.ev(u.clause, f"{u.source} has no further effect [provisional].", auto=True, actor=u.seat)


#: Effect name -> :class:`~tutor.core.effects.EffectKind` (one registry per game, :mod:`tutor.core.effects`).
#: Content names effects only from this registry.
REGISTRY = EffectRegistry("spirited")
REGISTRY.register("gain-spirit", Amount, _gain_spirit)
REGISTRY.register("draw-to-hand", Count, _draw_to_hand)
REGISTRY.register("rally-own", NoParams, _rally_own)
REGISTRY.register("recruit-own", NoParams, _recruit_own)
REGISTRY.register("raid", NoParams, _raid)
REGISTRY.register("rally-clan", NoParams, _rally_clan)
REGISTRY.register("lower-opponents-limits", Amount, _lower_limits)
REGISTRY.register("none", NoParams, _none)


def validate_effect(name: str, params: dict) -> _P:
    """Parse ``params`` for effect ``name``; ValueError for an unknown name (listing the known ones) or bad params."""
    return REGISTRY.validate(name, params)


def run_effect(c: Ctx, u: Use, effect) -> None:
    """Run one card-data effect entry (:class:`~.cards.Effect`, parsed when its card file loaded) for use ``u``."""
    REGISTRY[effect.effect].run(c, u, c.game.effect_params(effect))


def add_card_to_road(c: Ctx, seat: int, card: str) -> None:
    """Put a card face up on a Road (used when a stolen-from player receives a card)."""
    add_to_road(c.state.players[seat], card)
