"""Registered effects that move Spirits between boards, piles and the deck (Spirit Ability Clarifications:
Takayama, Twizel, Paringa; Glossary: Destroy).

Every choice is a pending decision with its options as legal actions; the decision kinds are registered in
:data:`HANDLERS`.
"""
from __future__ import annotations

from ...core.flow import Mark
from .cards import SpiritType
from .effect_registry import REGISTRY, Use, _P
from .ongoing import NoParams, destroy
from .resolve import place_spirit
from .state import ChooseDestroy, ChooseDrawnSpace, ChooseDrawnSpirit, ChooseMoveSpace, ChooseOwnDestroy, Decision
from .zones import Ctx, draw_spirit


class DestroyTrade(_P):
    """You may destroy one of your own Spirits of ``own_type`` to destroy a Spirit of the target."""

    own_type: SpiritType


class DrawPlace(_P):
    """Draw ``draw`` Spirits; place up to ``place`` of them on your empty spaces for free; discard the rest."""

    draw: int = 3
    place: int = 2


def _ask(c: Ctx, d: Decision) -> None:
    c.ask(d)


# ------------------------------------------------------------------------------------------------ Takayama
def _destroy_trade(c: Ctx, u: Use, p: DestroyTrade) -> None:
    them = c.state.players[u.target]
    if not any(them.board):
        c.ev("rs.effect.destroy", f"{c.who(u.target)} has no Spirit on their board, so nothing is destroyed.",
             actor=u.seat)
        return
    if not _own_options(c.game, c.state, u.seat, p.own_type):
        c.ev("rs.effect.destroy", f"{c.who(u.seat)} has no {p.own_type.capitalize()} Spirit to destroy, so nothing "
             "happens.", actor=u.seat)
        return
    _ask(c, ChooseOwnDestroy(actor=u.seat, purpose=p.own_type, target=u.target,
                     allow_decline=True))


def _own_options(g, s, seat: int, t: str) -> list[int]:
    return [i for i, ps in enumerate(s.players[seat].board) if ps is not None and g.cards.by_id[ps.card].type == t]


def _own_actions(g, s, d, a) -> None:
    for i in _own_options(g, s, d.actor, d.purpose):
        a("choose-own-destroy", f"Destroy your {g.spirit_label(s.players[d.actor].board[i].card)} (space {i + 1})",
          "Destroying one of your own Spirits of this type lets you destroy a Spirit of the target.",
          ("rs.effect.destroy",), space=i + 1)
    a("decline", "Destroy nothing", "The ability is optional (\u201cyou may\u201d).", ("rs.effect.destroy",))


def _own_resolve(c: Ctx, d: Decision, action) -> None:
    if action.kind == "decline":
        c.ev("rs.effect.destroy", f"{c.who(d.actor)} chooses not to destroy a Spirit.", actor=d.actor)
        return
    destroy(c, d.actor, action.param("space") - 1)
    _ask(c, ChooseDestroy(actor=d.actor, purpose="destroy", target=d.target))


def _destroy_actions(g, s, d, a) -> None:
    for i, ps in enumerate(s.players[d.target].board):
        if ps is not None:
            a("choose-destroy", f"Destroy Player {d.target + 1}'s {g.spirit_label(ps.card)} (space {i + 1})",
              "You destroyed one of your Spirits, so you destroy one of the target's.", ("rs.effect.destroy",),
              space=i + 1)


def _destroy_resolve(c: Ctx, d: Decision, action) -> None:
    destroy(c, d.target, action.param("space") - 1)


# ------------------------------------------------------------------------------------------------ Twizel
def _move_self(c: Ctx, u: Use, p: NoParams) -> None:
    if None not in c.state.players[u.target].board:
        c.ev("rs.ruling.twizel-full-board", f"{c.who(u.target)} has no empty space, so {u.source_name} stays where it "
             "is; the Activation Token stays spent.", actor=u.seat)
        return
    _ask(c, ChooseMoveSpace(actor=u.seat, purpose="move", target=u.target, space=u.space))


def _move_actions(g, s, d, a) -> None:
    for i, x in enumerate(s.players[d.target].board):
        if x is None:
            a("choose-move-space", f"Move to Player {d.target + 1}'s space {i + 1}", "Any empty space of the "
              "target's board may take it.", ("rs.effect.move",), space=i + 1)


def _move_resolve(c: Ctx, d: Decision, action) -> None:
    i = action.param("space") - 1
    mine = c.state.players[d.actor].board
    ps = mine[d.space]
    mine[d.space] = None
    if ps.used and ps.token_owner is None:
        ps.token_owner = d.actor
    c.state.players[d.target].board[i] = ps
    c.ev("rs.effect.move", f"{c.name(ps.card)} moves to {c.who(d.target)}'s space {i + 1}, keeping "
         f"{c.who(d.actor)}'s Activation Token: its ability cannot be used again.", cards=(ps.card,), actor=d.actor)
    c.ev("rs.ruling.moved-token", f"The token stays {c.who(d.actor)}'s: it returns to their board when "
         f"{c.name(ps.card)} is released or destroyed.", auto=True, actor=d.actor)


# ------------------------------------------------------------------------------------------------ drawn Spirits (Paringa)
def _draw_place(c: Ctx, u: Use, p: DrawPlace) -> None:
    held = []
    for _ in range(p.draw):
        x = draw_spirit(c)
        if x is None:
            break
        held.append(x)
    c.ev("rs.effect.draw-spirits", f"{c.who(u.seat)} draws {', '.join(c.game.spirit_label(x) for x in held) or 'no Spirit'} "
         "from the Spirit deck.", cards=tuple(held), actor=u.seat)
    _next_pick(c, u.seat, held, p.place)


def _next_pick(c: Ctx, seat: int, held: list[str], left: int, at: Mark | None = None) -> None:
    """Ask for the next drawn Spirit to place; ``at``: below what placing the last one asked and pushed since that
    mark (the placed Spirit's own choices come first)."""
    if held and left > 0 and None in c.state.players[seat].board:
        d = ChooseDrawnSpirit(actor=seat, purpose="place", held=held, count=left, allow_decline=True)
        if at is None:
            _ask(c, d)
        else:
            c.game.flow.ask_under(c.state, d, at)
        return
    _discard_rest(c, seat, held)


def _discard_rest(c: Ctx, seat: int, held: list[str]) -> None:
    if held:
        c.state.spirit_discard.extend(held)
        c.ev("rs.effect.draw-spirits", f"The Spirits not placed ({', '.join(c.name(x) for x in held)}) go to the "
             "Spirit discard pile.", cards=tuple(held), actor=seat)


def _pick_actions(g, s, d, a) -> None:
    for x in d.held:
        a("choose-drawn-spirit", f"Place {g.spirit_label(x)}", f"You may place {d.count} more of the drawn Spirits for "
          "free (no AP, no offering).", ("rs.effect.draw-spirits",), spirit=x)
    a("decline", "Place no more", "Placing is optional; the rest are discarded.", ("rs.effect.draw-spirits",))


def _pick_resolve(c: Ctx, d: Decision, action) -> None:
    if action.kind == "decline":
        _discard_rest(c, d.actor, d.held)
        return
    c.ev("rs.effect.draw-spirits", f"{c.who(d.actor)} chooses to place {c.game.spirit_label(action.param('spirit'))}.",
         cards=(action.param("spirit"),), actor=d.actor)
    _ask(c, ChooseDrawnSpace(actor=d.actor, purpose="place", held=list(d.held),
                     cards=[action.param("spirit")], count=d.count))


def _space_actions(g, s, d, a) -> None:
    for i, x in enumerate(s.players[d.actor].board):
        if x is None:
            a("choose-drawn-space", f"Place {g.spirit_label(d.cards[0])} on space {i + 1}", "It goes to an "
              "empty space of your board.", ("rs.effect.draw-spirits", "rs.attract.empty-space"), space=i + 1)


def _space_resolve(c: Ctx, d: Decision, action) -> None:
    at = c.game.flow.mark(c.state)
    place_spirit(c, d.actor, d.cards[0], action.param("space") - 1, "ability")
    _next_pick(c, d.actor, [x for x in d.held if x != d.cards[0]], d.count - 1, at)


REGISTRY.register("destroy-trade", DestroyTrade, _destroy_trade, True, ("use",))
REGISTRY.register("move-self", NoParams, _move_self, True, ("use",))
REGISTRY.register("draw-place-spirits", DrawPlace, _draw_place, False, ("use",))

HANDLERS = {
    "choose-own-destroy": (_own_actions, _own_resolve),
    "choose-destroy": (_destroy_actions, _destroy_resolve),
    "choose-move-space": (_move_actions, _move_resolve),
    "choose-drawn-spirit": (_pick_actions, _pick_resolve),
    "choose-drawn-space": (_space_actions, _space_resolve),
}
