"""Playing a card taken from an opponent's hand (Spirit Ability Clarifications: Zhaku).

The user looks through the target's hand and chooses a card. If it can be played now, it is played as a Free Action:
a Totem to one of the user's Spirits, a Blessing or Curse with its usual effects. If it cannot, the user may add it
to their hand (up to the hand limit); otherwise it goes back (ruling ``rs.ruling.unplayable-card``). While the choice
is made the card waits in the decision (``held``), in no hand.
"""
from __future__ import annotations

from .abilities import start
from .effect_registry import REGISTRY, Condition, Use, _P, condition_holds, not_ahead
from .requirements import fill_options
from .resolve import attach_totem
from .state import ChooseCardUse, ChooseHandCard, Decision
from .zones import Ctx, hand_room


class PlayFromHand(_P):
    """Choose a card from the target's hand and play it for free, if ``condition`` holds."""

    condition: Condition | None = None


def _ask(c: Ctx, d: Decision) -> None:
    c.ask(d)


def _play_from_hand(c: Ctx, u: Use, p: PlayFromHand) -> None:
    if not condition_holds(c, u, p.condition):
        not_ahead(c, u, "nothing happens")
        return
    if not c.state.players[u.target].hand:
        c.ev("rs.effect.play-from-hand", f"{c.who(u.target)} has no card in hand.", actor=u.seat)
        return
    c.ev("rs.effect.play-from-hand", f"{c.who(u.seat)} looks through {c.who(u.target)}'s hand.", actor=u.seat)
    _ask(c, ChooseHandCard(actor=u.seat, purpose="play", target=u.target))


def _hand_actions(g, s, d, a) -> None:
    for x in sorted(set(s.players[d.target].hand)):
        a("choose-hand-card", f"Take {g.cards.by_id[x].name} from Player {d.target + 1}'s hand",
          "You choose any card of the target's hand to play for free.", ("rs.effect.play-from-hand",), card=x)


def _hand_resolve(c: Ctx, d: Decision, action) -> None:
    x = action.param("card")
    c.state.players[d.target].hand.remove(x)
    c.ev("rs.effect.play-from-hand", f"{c.who(d.actor)} takes {c.name(x)} from {c.who(d.target)}'s hand.",
         cards=(x,), actor=d.actor)
    _ask(c, ChooseCardUse(actor=d.actor, purpose="play", target=d.target, held=[x]))


def _play_options(g, s, seat: int, x: str) -> list[dict]:
    """The ways ``seat`` can play card ``x`` now for free: each a dict of action parameters."""
    kind = g.card_kind(x)
    out: list[dict] = []
    if kind == "totem":
        if g.turn_locked(s, seat, "play-totem"):
            return []
        for i, ps in enumerate(s.players[seat].board):
            if ps is not None:
                for slots in fill_options(g, ps, x):
                    out.append({"space": i + 1, "slot1": slots[0] + 1,
                                "slot2": slots[1] + 1 if len(slots) == 2 else None})
        return out
    rc = g.cards.by_id[x]
    if not rc.effects:
        return []
    if rc.target == "one-opponent":
        return [{"target": t + 1} for t in g.targets(s, seat, x)]
    return [{}]


def _use_actions(g, s, d, a) -> None:
    x = d.held[0]
    opts = _play_options(g, s, d.actor, x)
    for o in opts:
        where = (f" to space {o['space']}" if "space" in o else "") + (f" on Player {o['target']}" if "target" in o
                                                                         else "")
        a("play-taken-card", f"Play {g.cards.by_id[x].name}{where} (free)", "The card can be played now, as a Free "
          "Action.", ("rs.effect.play-from-hand",), card=x, **o)
    if not opts:
        if hand_room(s.players[d.actor]) > 0:
            a("take-card", f"Add {g.cards.by_id[x].name} to your hand", "It cannot be played now, so you may keep "
              "it and play it on a later turn as usual.", ("rs.effect.play-from-hand",), card=x)
        a("decline", f"Give {g.cards.by_id[x].name} back", "You need not keep a card you cannot play.",
          ("rs.ruling.unplayable-card",))


def _use_resolve(c: Ctx, d: Decision, action) -> None:
    g, s = c.game, c.state
    x = d.held[0]
    me = s.players[d.actor]
    if action.kind == "decline":
        s.players[d.target].hand.append(x)
        c.ev("rs.ruling.unplayable-card", f"{c.name(x)} cannot be played now and goes back to {c.who(d.target)}'s "
             "hand.", cards=(x,), actor=d.actor)
    elif action.kind == "take-card":
        me.hand.append(x)
        c.ev("rs.effect.play-from-hand", f"{c.name(x)} cannot be played now; {c.who(d.actor)} adds it to their hand.",
             cards=(x,), actor=d.actor)
    elif g.card_kind(x) == "totem":
        me.hand.append(x)
        c.ev("rs.effect.play-from-hand", f"{c.who(d.actor)} plays {g.totem_label(x)} as a Free Action.", cards=(x,),
             actor=d.actor)
        slots = tuple(v - 1 for v in (action.param("slot1"), action.param("slot2")) if v is not None)
        attach_totem(c, d.actor, action.param("space") - 1, x, slots)
    else:
        c.ev("rs.effect.play-from-hand", f"{c.who(d.actor)} plays {c.name(x)} as a Free Action.", cards=(x,),
             actor=d.actor)
        t = action.param("target")
        start(c, d.actor, None, x, g.cards.by_id[x].target, None if t is None else t - 1, then_discard=x)


REGISTRY.register("play-from-hand", PlayFromHand, _play_from_hand, True, ("use",))

HANDLERS = {
    "choose-hand-card": (_hand_actions, _hand_resolve),
    "choose-card-use": (_use_actions, _use_resolve),
}
