"""Choices inside an action (which Totem to offer, which space, which Totem to keep...), as pending decisions.

The engine never picks for a player: each choice is a :class:`~.state.Decision` whose options are the next legal
actions. A decision with exactly one option and no way to decline is forced; it resolves at once and the event says
so (ruling ``rs.ruling.single-option``), through the core flow (:class:`tutor.core.flow.Flow`, :data:`FLOW`).
"""
from __future__ import annotations

from functools import cache

from ...core.flow import Flow, OptionsByKind, SingleOption, merge
from ...core.model import Action, make_action, relabel
from ...core.moves import built_once
from .requirements import fill_options
from .state import ChooseLostSpirit, ChooseSpace, Decision, RSState, Work
from .zones import Ctx
from . import (abilities, effects_board, effects_copy, effects_hand, effects_locks_and_choices, effects_promo, resolve,
               solo, variants)


def _totems_in_hand(g, p) -> list[str]:
    """The distinct Totems in ``p``'s hand, sorted."""
    return sorted(set(filter(g.is_totem, p.hand)))


@built_once
def _offering_option(g, seat: int, card: str) -> Action:
    """Offer Totem ``card`` to the Shrine (decision ``choose-offering``)."""
    return make_action("choose-offering", seat, f"Offer {g.totem_label(card)} to the Shrine",
                       "Attracting starts with an offering: one Totem from your hand goes face-up onto the Shrine.",
                       ("rs.attract.offering",), totem=card)


@built_once
def _space_option(g, seat: int, sp: str, i: int) -> Action:
    """Place the attracted Spirit ``sp`` on empty space ``i`` (0-based; decision ``choose-space``)."""
    return make_action("choose-space", seat, f"Place {g.spirit_label(sp)} on space {i + 1} "
                       f"({('left', 'centre', 'right')[i]})", "An attracted Spirit goes to an empty space of your "
                       "board; where matters for abilities that count adjacent Spirits.",
                       # (adjacency is no reason the placement is allowed: issue 16, practice asked "Adjacent Spirits"
                       # as the rule a placement applies)
                       ("rs.attract.empty-space",), space=i + 1)


@built_once
def _lost_spirit_option(g, seat: int, sp: str) -> Action:
    """Attract the Lost Spirit ``sp`` after a refresh (decision ``choose-lost-spirit``)."""
    return make_action("choose-lost-spirit", seat, f"Attract {g.spirit_label(sp)}", "After refreshing you may "
                       "attract one of the 3 new Lost Spirits.", ("rs.refresh-attract",), spirit=sp)


@built_once
def _market_totem_option(g, seat: int, card: str, row: int) -> Action:
    """Take Totem ``card`` from the refreshed market row ``row`` (0-based; decision ``choose-market-totem``): the
    label says where from (trial 19: "The computer took Key" said not which row)."""
    return make_action("choose-market-totem", seat, f"Take {g.totem_label(card)} from market row {row + 1}",
                       "After refreshing a market row "
                       "you may buy one of its 3 new Totems.", ("rs.refresh-buy",), totem=card)


@built_once
def _swap_out_option(g, seat: int, card: str, retrieve: bool) -> Action:
    """Give up Totem ``card`` at the hand limit (decision ``choose-swap-out``) for a bought Totem, or (``retrieve``)
    the Shrine Totem just chosen (ruling ``rs.ruling.retrieve-at-limit``); labelled ``"Give up <card>"``, to which
    :func:`_swap_out_choices` adds the Totem taken, so the choice reads as the swap it is."""
    label = f"Give up {g.totem_label(card)}"
    if retrieve:
        return make_action("choose-swap-out", seat, label, "Your hand is at the limit of 7, so you give up a Totem "
                           "to make room for the Shrine Totem you chose.",
                           ("rs.ruling.retrieve-at-limit", "rs.hand-limit.swap", "rs.ruling.swap-discard"), totem=card)
    return make_action("choose-swap-out", seat, label, "Your hand is at the limit of 7, so buying means swapping a "
                       "Totem out to make room.", ("rs.hand-limit.swap", "rs.ruling.swap-discard"), totem=card)


@built_once
def _shrine_totem_option(g, seat: int, card: str, full: bool) -> Action:
    """Keep Totem ``card`` of those Retrieve shows (``full``: at least 3 were shown; decision
    ``choose-shrine-totem``)."""
    return make_action("choose-shrine-totem", seat, f"Keep {g.totem_label(card)}", "Retrieving shows you the top "
                       "Totems of the Shrine; you keep one and the others go to the Totem discard pile.",
                       ("rs.retrieve",) if full else ("rs.retrieve", "rs.ruling.retrieve-short-shrine"), totem=card)


def decision_actions(g, s: RSState, d: Decision) -> list[Action]:
    """The legal actions that answer decision ``d`` (its kind's options, :data:`OPTIONS`)."""
    return OPTIONS(g, s, d)


def _offering_choices(g, s: RSState, d: Decision) -> list[Action]:
    # options that depend only on the seat and a card are built once (the built_once builders above)
    seat = d.actor
    acts = _offering_option.kept(g)
    return [acts[seat, card] for card in _totems_in_hand(g, s.players[seat])]


def _space_choices(g, s: RSState, d: Decision) -> list[Action]:
    seat, sp = d.actor, d.cards[0]
    acts = _space_option.kept(g)
    return [acts[seat, sp, i] for i, x in enumerate(s.players[seat].board) if x is None]


def _lost_spirit_choices(g, s: RSState, d: Decision) -> list[Action]:
    seat = d.actor
    acts = _lost_spirit_option.kept(g)
    out = [acts[seat, sp] for sp in s.lost_spirits if sp is not None and not g.attract_locked(s, seat, sp)]
    out.append(make_action("decline", seat, "Attract none of them", "Refreshing lets you choose not to attract.",
                           ("rs.refresh-attract.decline",)))
    return out


def _market_totem_choices(g, s: RSState, d: Decision) -> list[Action]:
    seat = d.actor
    acts = _market_totem_option.kept(g)
    out = [acts[seat, card, d.space] for card in s.markets[d.space] if card is not None]
    out.append(make_action("decline", seat, "Buy none of them", "Refreshing a market row lets you choose not to buy.",
                           ("rs.refresh-buy.decline",)))
    return out


def _swap_out_choices(g, s: RSState, d: Decision) -> list[Action]:
    seat = d.actor
    acts = _swap_out_option.kept(g)
    retrieve = d.purpose == "retrieve"
    taking = f" for {g.totem_label(d.cards[0])}"  # ("Give up Feather (single) for Key (single)")
    out = []
    for card in _totems_in_hand(g, s.players[seat]):
        a = acts[seat, card, retrieve]
        out.append(relabel(a, a.label + taking))
    return out


def _shrine_totem_choices(g, s: RSState, d: Decision) -> list[Action]:
    acts = _shrine_totem_option.kept(g)
    full = len(d.options) >= 3
    return [acts[d.actor, card, full] for card in d.options]


def _requirement_choices(g, s: RSState, d: Decision) -> list[Action]:
    seat = d.actor
    ps = s.players[seat].board[d.space]
    req = g.cards.by_id[ps.card].requirements
    out = []
    for slots in fill_options(g, ps, d.cards[0]):
        names = " and ".join(g.icon_label(req[i]) for i in slots)
        out.append(make_action("choose-requirement", seat, f"Use {g.totem_label(d.cards[0])} as {names}",
                               "A Wild Totem meets whichever requirement you choose"
                               + (" (two of them on a Spirit of its type)." if len(slots) == 2 else "."),
                               ("rs.totem.wild", "rs.totem.double-wild") if len(slots) == 2 else ("rs.totem.wild",),
                               slot1=slots[0] + 1, slot2=slots[1] + 1 if len(slots) == 2 else None))
    return out


def _ability_choices(build):
    """The options function of a decision asked inside an ability, from its module's builder
    ``build(g, s, d, a)``, which offers each option with ``a(kind, label, why, clauses, **params)``."""
    def options(g, s: RSState, d: Decision) -> list[Action]:
        out: list[Action] = []
        seat = d.actor
        build(g, s, d, lambda kind, label, why, clauses, **kw: out.append(
            make_action(kind, seat, label, why, clauses, **kw)))
        return out
    return options


@cache
def ability_handlers() -> dict:
    """Decision kinds asked inside abilities: kind -> (options builder, resolver) (built once)."""
    return {**abilities.HANDLERS, **effects_locks_and_choices.HANDLERS, **effects_board.HANDLERS,
            **effects_copy.HANDLERS,
            **effects_hand.HANDLERS, **effects_promo.HANDLERS, **solo.HANDLERS, **variants.HANDLERS}


def ask(c: Ctx, d: Decision) -> None:
    """Ask decision ``d``: pending, or made at once when it has a single option and no way to decline (the core
    flow, ruling ``rs.ruling.single-option``)."""
    FLOW.ask(c, d)


def resolve_decision(c: Ctx, d: Decision, action: Action) -> None:
    """Carry out the chosen option of decision ``d`` and continue the action it belongs to (its answer in
    :data:`FLOW`)."""
    FLOW.answer(c, d, action)


def _totem_from_hand(c: Ctx, d: Decision, action: Action, pile: list[str], clause: str, text: str) -> None:
    """Move the Totem ``action`` names from the hand of ``d``'s actor onto ``pile`` (the Shrine, the Totem discard
    pile), with an event citing ``clause``; ``text`` has ``{who}`` and ``{totem}`` for the player and the Totem."""
    seat = d.actor
    card = action.param("totem")
    c.state.players[seat].hand.remove(card)
    pile.append(card)
    c.ev(clause, text.format(who=c.who(seat), totem=c.game.totem_label(card)), cards=(card,), actor=seat)


def _offering(c: Ctx, d: Decision, action: Action) -> None:
    s = c.state
    seat = d.actor
    p = s.players[seat]
    _totem_from_hand(c, d, action, s.shrine, "rs.attract.offering",
                     "{who} offers {totem} to the Shrine (it is now the Shrine's top card).")
    # (the AP was paid, and said, when the action was taken: resolve.main_action)
    if d.purpose == "attract":  # (a free attract, by Mastery, is placed citing the rule that made it free)
        ask(c, ChooseSpace(actor=seat, purpose="place", cards=list(d.cards), source="lost" if d.count else "lost-free"))
    else:
        resolve.refresh_lost_spirits(c, seat)
        if all(x is not None for x in p.board):
            c.ev("rs.ruling.refresh-full-board", f"{c.who(seat)}'s board is full, so none of the new Lost Spirits "
                 "can be attracted: declining is the only way to finish.", auto=True, actor=seat)
            c.ev("rs.refresh-attract.decline", f"{c.who(seat)} attracts no Spirit.", auto=True, actor=seat)
        else:
            ask(c, ChooseLostSpirit(actor=seat, purpose="refresh-attract", allow_decline=True))


def _space(c: Ctx, d: Decision, action: Action) -> None:
    seat = d.actor
    resolve.place_spirit(c, seat, d.cards[0], action.param("space") - 1, d.source or "lost")


def _lost_spirit(c: Ctx, d: Decision, action: Action) -> None:
    g = c.game
    seat = d.actor
    if action.kind == "decline":
        c.ev("rs.refresh-attract.decline", f"{c.who(seat)} chooses not to attract a Spirit.", actor=seat)
    else:
        sp = action.param("spirit")
        c.ev("rs.refresh-attract", f"{c.who(seat)} chooses to attract {g.spirit_label(sp)}.", cards=(sp,),
             actor=seat)
        ask(c, ChooseSpace(actor=seat, purpose="place", cards=[sp], source="lost"))


def _market_totem(c: Ctx, d: Decision, action: Action) -> None:
    g = c.game
    seat = d.actor
    if action.kind == "decline":
        c.ev("rs.refresh-buy.decline", f"{c.who(seat)} chooses not to buy a Totem.", actor=seat)
    else:
        card = action.param("totem")
        c.ev("rs.refresh-buy", f"{c.who(seat)} chooses {g.totem_label(card)} from the refreshed row.",
             cards=(card,), actor=seat)
        resolve.buy(c, seat, card, "rs.ruling.retrieve-at-limit")


def _swap_out(c: Ctx, d: Decision, action: Action) -> None:
    seat = d.actor
    _totem_from_hand(c, d, action, c.state.totem_discard, "rs.ruling.swap-discard",
                     "{who} is at the hand limit and gives up {totem} to the Totem discard pile.")
    if d.purpose != "buy":
        c.ev("rs.ruling.retrieve-at-limit", "Taking a Totem at the hand limit swaps one out, as buying does.",
             auto=True, actor=seat)
    if d.purpose == "buy":
        resolve.take_from_market(c, seat, d.cards[0])
    else:  # the Shrine Totem was chosen before the swap (resolve.retrieve_chosen); the shown ones are still on top
        resolve.retrieve_keep(c, seat, resolve.shrine_top(c.state), d.cards[0])


def _shrine_totem(c: Ctx, d: Decision, action: Action) -> None:
    seat = d.actor
    resolve.retrieve_chosen(c, seat, d.options, action.param("totem"))


def _requirement(c: Ctx, d: Decision, action: Action) -> None:
    seat = d.actor
    slots = tuple(x - 1 for x in (action.param("slot1"), action.param("slot2")) if x is not None)
    resolve.attach_totem(c, seat, d.space, d.cards[0], slots)


#: The options of each decision kind (:class:`tutor.core.flow.OptionsByKind`), registered once: the turn's choices
#: here, the abilities' from their modules' builders (:func:`ability_handlers`).
OPTIONS = OptionsByKind({"choose-offering": _offering_choices, "choose-space": _space_choices,
                         "choose-lost-spirit": _lost_spirit_choices, "choose-market-totem": _market_totem_choices,
                         "choose-swap-out": _swap_out_choices, "choose-shrine-totem": _shrine_totem_choices,
                         "choose-requirement": _requirement_choices},
                        {k: _ability_choices(h[0]) for k, h in ability_handlers().items()})

#: Restless Spirits' flow: each decision kind's answer, registered once (the turn's choices here, the abilities' in
#: their modules), and each work kind's handler (:data:`.abilities.WORK`: a paused ability run, or a Solo Mode
#: Spirit Type ability, waits as work pushed under the decisions it asked, ``nested``); a forced decision with one
#: option is made at once (ruling ``rs.ruling.single-option``).
FLOW = Flow(work=abilities.WORK, work_types=Work, nested=True,
            answers=merge({"choose-offering": _offering, "choose-space": _space, "choose-lost-spirit": _lost_spirit,
                           "choose-market-totem": _market_totem, "choose-swap-out": _swap_out,
                           "choose-shrine-totem": _shrine_totem, "choose-requirement": _requirement},
                          {k: h[1] for k, h in ability_handlers().items()}),
            options=OPTIONS, forced=lambda d: not d.allow_decline,
            single=SingleOption("rs.ruling.single-option", "Only one choice is possible: {label}."))
