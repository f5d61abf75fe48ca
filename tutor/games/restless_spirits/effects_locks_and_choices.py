"""Locks and effects with choices: protection tokens, turn locks, no hand limit, and effects with choices inside them
(Spirit Ability Clarifications: Onota, Baikeng, Obayashi, Kafrat, Kielderlings, Sanabo, Nozawa, Barachu, Seone).

Choices are pending decisions (:mod:`.decisions`); the engine never picks for a player unless only one answer is
possible. Each decision kind here has an ``*_actions`` function (its options) and a ``*_resolve`` function (carry out
the answer), registered in :data:`HANDLERS`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Literal

from .effect_registry import REGISTRY, Condition, Count, Use, _P, condition_holds, count_value, not_ahead
from .ongoing import PROTECT, NoParams, ask_disregard, clear_markers
from .resolve import check_releases
from .state import ChooseDisable, ChooseDiscard, ChooseReduce, ChooseZoneCard, Decision, TurnLock
from .zones import Ctx, discard_card, hand_room, plural

SLOT_WORDS = ("first", "second", "third")


class TurnLockP(_P):
    """``action``: what target opponents may not do until the user's next turn."""

    action: Literal["play-totem"]


class DiscardHalf(_P):
    """The target discards half their hand, rounded down (in their favour), if ``condition`` holds."""

    condition: Condition | None = None


class DiscardCurse(_P):
    """The target discards ``count`` Curses of their choice."""

    count: Count


class ChooseFromZone(_P):
    """The user chooses ``count`` cards from ``zone`` into their hand (up to the hand limit); ``optional``: they may
    stop early ("up to")."""

    zone: Literal["shrine", "totem-discard"]
    count: Count
    optional: bool = False


class Reduce(_P):
    """The user chooses a Spirit of ``types`` next to the source on their own board; it needs one requirement
    fewer (the user chooses which)."""

    types: Literal["light", "any"] = "light"


# -------------------------------------------------------------------------------------------- simple effects
def _protect_token(c: Ctx, u: Use, p: NoParams) -> None:
    ps = c.state.players[u.seat].board[u.space]
    if PROTECT not in ps.tokens:
        ps.tokens.append(PROTECT)
    c.ev("rs.effect.protect-token", f"{c.who(u.seat)} puts the Protect token on {u.source_name}: the next Dark "
         "Spirit ability or Curse that targets them will have no effect.", actor=u.seat)


def _turn_lock(c: Ctx, u: Use, p: TurnLockP) -> None:
    them = c.state.players[u.target]
    if not any(x.source == u.source_card for x in them.locks):
        them.locks.append(TurnLock(source=u.source_card, by=u.seat, action=p.action))
    c.ev("rs.effect.turn-lock", f"Until {c.who(u.seat)}'s next turn, {c.who(u.target)} cannot play Totems to their "
         "Spirits.", actor=u.seat)


def _no_hand_limit(c: Ctx, u: Use, p: NoParams) -> None:
    c.state.players[u.seat].no_hand_limit = True
    c.ev("rs.effect.no-hand-limit", f"{c.who(u.seat)} has no hand limit for the rest of the game.", actor=u.seat)


# -------------------------------------------------------------------------------------------- effects with choices
def _discard_half(c: Ctx, u: Use, p: DiscardHalf) -> None:
    if not condition_holds(c, u, p.condition):
        not_ahead(c, u, "nothing happens")
        return
    n = len(c.state.players[u.target].hand) // 2
    c.ev("rs.effect.discard-half", f"{c.who(u.target)} holds {plural(len(c.state.players[u.target].hand), 'card')} and must "
         f"discard {n} of their choice (half, rounded in their favour).", actor=u.seat)
    if n:
        c.ask(ChooseDiscard(actor=u.target, purpose="any", count=n))


def _discard_curse(c: Ctx, u: Use, p: DiscardCurse) -> None:
    n = count_value(c, u, p.count)
    them = c.state.players[u.target]
    have = sum(c.game.card_kind(x) == "curse" for x in them.hand)
    n = min(n, have)
    if not n:
        c.ev("rs.effect.discard-curse", f"{c.who(u.target)} holds no Curse to discard.", actor=u.seat)
        return
    c.ev("rs.effect.discard-curse", f"{c.who(u.target)} must discard {plural(n, 'Curse')} of their choice.",
         actor=u.seat)
    c.ask(ChooseDiscard(actor=u.target, purpose="curse", count=n))


def _zone(c: Ctx, zone: str) -> list[str]:
    return c.state.shrine if zone == "shrine" else c.state.totem_discard


ZONE_NAMES = {"shrine": "the Shrine", "totem-discard": "the Totem discard pile"}


def _choose_from_zone(c: Ctx, u: Use, p: ChooseFromZone) -> None:
    n = count_value(c, u, p.count)
    if n <= 0 and p.count.released_lead:
        not_ahead(c, u, "no card is chosen")
        return
    if n <= 0:
        c.ev("rs.effect.condition", f"{u.source_name} counts 0, so no card is chosen.", actor=u.seat)
        return
    _ask_zone(c, u.seat, p.zone, n, p.optional)


def _ask_zone(c: Ctx, seat: int, zone: str, n: int, optional: bool) -> None:
    if not _zone(c, zone):
        c.ev("rs.effect.choose-from-zone", f"{ZONE_NAMES[zone].capitalize()} is empty; nothing more is chosen.",
             actor=seat)
        return
    if hand_room(c.state.players[seat]) <= 0:
        c.ev("rs.ruling.hand-limit-draw", f"{c.who(seat)} is at the hand limit; nothing more is taken.", actor=seat)
        return
    c.ask(ChooseZoneCard(actor=seat, purpose=zone, count=n, allow_decline=optional))


def _disable(c: Ctx, u: Use, p: NoParams) -> None:
    opts = disable_options(c.game, c.state, u.target)
    if not opts:
        c.ev("rs.ruling.disable-unmarked", f"{c.who(u.target)} has no Light Spirit without an Activation Token (or "
             "no token left to place), so nothing is disabled.", actor=u.seat)
        return
    c.ask(ChooseDisable(actor=u.seat, purpose="disable", target=u.target,
                    source=u.source_card))


def disable_options(g, s, target: int) -> list[int]:
    """Spaces of ``target``'s Light Spirits that carry no Activation Token (their ability can still be disabled);
    none when ``target`` has no Activation Token left on their board to place (ruling ``rs.ruling.disable-unmarked``)."""
    if s.players[target].activation_tokens <= 0:
        return []
    return [i for i, ps in enumerate(s.players[target].board)
            if ps is not None and g.cards.by_id[ps.card].light and not ps.used]


def _reduce(c: Ctx, u: Use, p: Reduce) -> None:
    board = c.state.players[u.seat].board
    opts = [j for j in (u.space - 1, u.space + 1) if 0 <= j < 3 and board[j] is not None
            and (p.types == "any" or c.cards.by_id[board[j].card].light)]
    if not opts:
        c.ev("rs.effect.condition", f"{u.source_name}: no Light Spirit is next to it, so nothing happens.",
             actor=u.seat)
        return
    c.ask(ChooseReduce(actor=u.seat, purpose="reduce", source=u.source_card,
                    options=[str(j + 1) for j in opts]))


REGISTRY.register("protect-token", NoParams, _protect_token, False, ("use",))
REGISTRY.register("turn-lock", TurnLockP, _turn_lock, True, ("use",))
REGISTRY.register("no-hand-limit", NoParams, _no_hand_limit, False, ("on-release",))
REGISTRY.register("discard-half", DiscardHalf, _discard_half, True, ("use",))
REGISTRY.register("discard-curse", DiscardCurse, _discard_curse, True, ("use",))
REGISTRY.register("choose-from-zone", ChooseFromZone, _choose_from_zone, False, ("use",))
REGISTRY.register("disable-light", NoParams, _disable, True, ("use",))
REGISTRY.register("reduce-adjacent", Reduce, _reduce, False, ("use",))


# -------------------------------------------------------------------------------------------- decision handlers
def _discard_pool(g, s, d: Decision) -> list[str]:
    hand = s.players[d.actor].hand
    return sorted(set(x for x in hand if d.purpose == "any" or g.card_kind(x) == "curse"))


def _discard_actions(g, s, d, a) -> None:
    word = "Curse" if d.purpose == "curse" else "card"
    for card in _discard_pool(g, s, d):
        a("choose-discard", f"Discard {g.cards.by_id[card].name}",
          f"You must discard {plural(d.count, 'more ' + word, 'more ' + word + 's')} and you choose which.", ("rs.effect.discard-curse", "rs.ruling.discard-half-chooser")
          if d.purpose == "curse" else ("rs.effect.discard-half", "rs.ruling.discard-half-chooser"), card=card)


def _discard_resolve(c: Ctx, d: Decision, action) -> None:
    card = action.param("card")
    c.state.players[d.actor].hand.remove(card)
    discard_card(c, card)
    kind = c.game.card_kind(card)  # (trial 27: "the bottom of its deck" left the learner to guess which deck)
    where = "the Totem discard pile" if kind == "totem" else f"the bottom of the {kind.capitalize()} deck"
    c.ev("rs.effect.discard-curse" if d.purpose == "curse" else "rs.effect.discard-half",
         f"{c.who(d.actor)} discards {c.name(card)} to {where}.", cards=(card,), actor=d.actor)
    if d.count > 1 and _discard_pool(c.game, c.state, d):
        c.ask(replace(d, count=d.count - 1))


def _zone_actions(g, s, d, a) -> None:
    pool = s.shrine if d.purpose == "shrine" else s.totem_discard
    for card in sorted(set(pool)):
        a("choose-zone-card", f"Take {g.totem_label(card)} from {ZONE_NAMES[d.purpose]}",
          f"You may choose {plural(d.count, 'more card', 'more cards')} from {ZONE_NAMES[d.purpose]}.", ("rs.effect.choose-from-zone",),
          card=card)
    if d.allow_decline:
        a("decline", f"Take no more from {ZONE_NAMES[d.purpose]}",
          "The ability lets you take up to that many; you may stop.", ("rs.effect.choose-from-zone",))


def _zone_resolve(c: Ctx, d: Decision, action) -> None:
    if action.kind == "decline":
        c.ev("rs.effect.choose-from-zone", f"{c.who(d.actor)} takes no more cards.", actor=d.actor)
        return
    card = action.param("card")
    _zone(c, d.purpose).remove(card)
    c.state.players[d.actor].hand.append(card)
    c.ev("rs.effect.choose-from-zone", f"{c.who(d.actor)} takes {c.game.totem_label(card)} from "
         f"{ZONE_NAMES[d.purpose]}.", cards=(card,), actor=d.actor)
    if d.count > 1:
        _ask_zone(c, d.actor, d.purpose, d.count - 1, d.allow_decline)


def _disable_actions(g, s, d, a) -> None:
    for i in disable_options(g, s, d.target):
        ps = s.players[d.target].board[i]
        a("choose-disable", f"Disable {g.spirit_label(ps.card)} (Player {d.target + 1}, space {i + 1})",
          "You choose which of the target's Light Spirits loses its ability; this one has no Activation Token on it "
          "yet (our ruling: only such a Spirit can be disabled).", ("rs.effect.disable", "rs.ruling.disable-unmarked"),
          space=i + 1)


def _disable_resolve(c: Ctx, d: Decision, action) -> None:
    i = action.param("space") - 1
    them = c.state.players[d.target]
    ps = them.board[i]
    them.activation_tokens -= 1
    ps.used = True
    c.ev("rs.effect.disable", f"{c.who(d.target)} places one of their Activation Tokens on {c.name(ps.card)} "
         f"({them.activation_tokens} left): its ability can no longer be used.", cards=(ps.card,), actor=d.target)
    clear_markers(c, ps.card, "is disabled")


def _reduce_actions(g, s, d, a) -> None:
    board = s.players[d.actor].board
    for j in d.options:
        ps = board[int(j) - 1]
        a("choose-reduce", f"Give {g.spirit_label(ps.card)} (space {j}) one requirement fewer",
          "Choose which adjacent Light Spirit gets the reduction.", ("rs.effect.requirement-reduction", "rs.adjacent"),
          space=int(j))


def _reduce_resolve(c: Ctx, d: Decision, action) -> None:
    i = action.param("space") - 1
    card = c.state.players[d.actor].board[i].card
    c.ev("rs.effect.requirement-reduction", f"{c.name(d.source)} gives {c.name(card)} (space {i + 1}) one Totem "
         "Requirement fewer.", cards=(card,), actor=d.actor)
    ask_disregard(c, d.actor, i, d.source)


def _disregard_actions(g, s, d, a) -> None:
    ps = s.players[d.actor].board[d.space]
    req = g.cards.by_id[ps.card].requirements
    for i, x in enumerate(ps.slots):
        if x is None:
            a("choose-disregard", f"{g.spirit_label(ps.card)} no longer needs {g.icon_label(req[i])}",
              f"{g.cards.by_id[d.source].name} removes one requirement; you choose which.",
              ("rs.effect.requirement-reduction", "rs.ruling.reduction-choice"), slot=i + 1)


def _disregard_resolve(c: Ctx, d: Decision, action) -> None:
    i = action.param("slot") - 1
    ps = c.state.players[d.actor].board[d.space]
    ps.slots[i] = d.source
    req = c.cards.by_id[ps.card].requirements
    c.ev("rs.effect.requirement-reduction", f"{c.name(ps.card)}'s {c.game.icon_label(req[i])} requirement is "
         f"disregarded thanks to {c.name(d.source)} ({sum(x is None for x in ps.slots)} still unmet).",
         cards=(ps.card,), actor=d.actor)
    check_releases(c)


#: decision kind -> (options builder, resolver)
HANDLERS = {
    "choose-discard": (_discard_actions, _discard_resolve),
    "choose-zone-card": (_zone_actions, _zone_resolve),
    "choose-disable": (_disable_actions, _disable_resolve),
    "choose-reduce": (_reduce_actions, _reduce_resolve),
    "choose-disregard": (_disregard_actions, _disregard_resolve),
}
