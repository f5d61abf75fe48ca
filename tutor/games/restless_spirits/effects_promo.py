"""Effects of the Promo Spirits (Spirit Ability Clarifications: Knockgour (Light Form), Knockgour (Dark Form)).

``retrieve-wild``: the user chooses a Spirit type and takes that type's Wild Totem from wherever it is: the Totem
deck (then shuffled), the Totem discard pile, the Shrine, a Totem Market row (refilled; ruling), another player's
hand, or under a Spirit on a board (the requirement it met is unmet again; ruling). ``swap-hands``: the user and the
target trade their whole hands; a player left above the hand limit discards down to it (ruling).
"""
from __future__ import annotations

from ...core import chance
from .cards import SPIRIT_TYPES
from .effect_registry import REGISTRY, Use, _P
from .ongoing import NoParams
from .state import ChooseLimitDiscard, ChooseWildType, Decision
from .zones import HAND_LIMIT, Ctx, discard_one_of, hand_room, plural, refill_markets


def _ask(c: Ctx, d: Decision) -> None:
    c.ask(d)


def wild_of(g, t: str) -> str | None:
    """The id of the Wild Totem whose type is ``t``."""
    return next((x.id for x in g.cards.totems if x.kind == "wild" and x.wild_type == t), None)


def locate(s, card: str) -> tuple[str, int | None, int | None]:
    """Where ``card`` is: ``(zone, seat, space)`` with zone one of deck, discard, shrine, market, hand, board."""
    for zone, pile in (("deck", s.totem_deck), ("discard", s.totem_discard), ("shrine", s.shrine)):
        if card in pile:
            return zone, None, None
    if any(card in row for row in s.markets):
        return "market", None, None
    for p in s.players:
        if card in p.hand:
            return "hand", p.seat, None
        for i, ps in enumerate(p.board):
            if ps is not None and card in ps.totems:
                return "board", p.seat, i
    return "elsewhere", None, None


def where_words(c: Ctx, seat: int, place: tuple[str, int | None, int | None]) -> str:
    zone, who, space = place
    if zone == "hand":
        return "your own hand" if who == seat else f"{c.who(who)}'s hand"
    if zone == "board":
        return f"under {c.name(c.state.players[who].board[space].card)} on {c.who(who)}'s board"
    return {"deck": "the Totem deck", "discard": "the Totem discard pile", "shrine": "the Shrine",
            "market": "a Totem Market row", "elsewhere": "out of reach"}[zone]


def _retrieve_wild(c: Ctx, u: Use, p: NoParams) -> None:
    if hand_room(c.state.players[u.seat]) <= 0:
        c.ev("rs.ruling.hand-limit-draw", f"{c.who(u.seat)} is at the hand limit, so no Wild Totem can be taken.",
             actor=u.seat)
        return
    _ask(c, ChooseWildType(actor=u.seat, purpose="retrieve-wild", source=u.source_card))


def _wild_actions(g, s, d, a) -> None:
    for t in SPIRIT_TYPES:
        w = wild_of(g, t)
        if w is None:
            continue
        place = locate(s, w)
        a("choose-wild-type", f"Choose {t.capitalize()}: take {g.totem_label(w)}",
          f"It is now in {where_words(_View(g, s), d.actor, place)}; it comes to your hand from wherever it is.",
          ("rs.effect.retrieve-wild",), type=t)


class _View:
    """The few Ctx helpers :func:`where_words` needs, over a state being listed (no events)."""

    def __init__(self, g, s) -> None:
        self.game, self.cards, self.state = g, g.cards, s

    def name(self, card: str) -> str:
        return self.cards.by_id[card].name

    def who(self, seat: int) -> str:
        return f"Player {seat + 1}"


def _wild_resolve(c: Ctx, d: Decision, action) -> None:
    s = c.state
    w = wild_of(c.game, action.param("type"))
    place = locate(s, w)
    zone, who, space = place
    words = where_words(c, d.actor, place)
    if zone == "hand" and who == d.actor or zone == "elsewhere":
        c.ev("rs.effect.retrieve-wild", f"{c.game.totem_label(w)} is already in {words}; nothing moves.", actor=d.actor)
        return
    if zone == "deck":
        s.totem_deck.remove(w)
        chance.shuffle(s, s.totem_deck)
    elif zone == "discard":
        s.totem_discard.remove(w)
    elif zone == "shrine":
        s.shrine.remove(w)
    elif zone == "market":
        for row in s.markets:
            if w in row:
                row[row.index(w)] = None
    elif zone == "hand":
        s.players[who].hand.remove(w)
    else:
        ps = s.players[who].board[space]
        ps.totems.remove(w)
        ps.slots = [None if x == w else x for x in ps.slots]
    s.players[d.actor].hand.append(w)
    c.ev("rs.effect.retrieve-wild", f"{c.who(d.actor)} takes {c.game.totem_label(w)} from {words} into their hand"
         + ("; the Totem deck is shuffled." if zone == "deck" else "."), cards=(w,), actor=d.actor)
    if zone == "board":
        c.ev("rs.ruling.wild-anywhere", f"The requirement it met on {c.name(s.players[who].board[space].card)} is "
             "unmet again.", auto=True, actor=who)
    if zone == "market":
        c.ev("rs.ruling.wild-anywhere", "A Wild taken from a market row leaves a gap that is refilled at once.",
             auto=True, actor=d.actor)
        refill_markets(c)


def _swap_hands(c: Ctx, u: Use, p: NoParams) -> None:
    s = c.state
    me, them = s.players[u.seat], s.players[u.target]
    me.hand, them.hand = them.hand, me.hand
    c.ev("rs.effect.swap-hands", f"{c.who(u.seat)} and {c.who(u.target)} trade hands: {c.who(u.seat)} now holds "
         f"{plural(len(me.hand), 'card')}, {c.who(u.target)} {len(them.hand)}.", actor=u.seat)
    for q in (me, them):
        over = len(q.hand) - HAND_LIMIT
        if over > 0 and not q.no_hand_limit:
            c.ev("rs.ruling.swap-over-limit", f"{c.who(q.seat)} is above the hand limit and discards {plural(over, 'card')} "
                 "of their choice.", actor=q.seat)
            _ask(c, ChooseLimitDiscard(actor=q.seat, purpose="limit", count=over))


def _limit_actions(g, s, d, a) -> None:
    for x in sorted(set(s.players[d.actor].hand)):
        a("choose-limit-discard", f"Discard {g.cards.by_id[x].name}", f"Discard {plural(d.count, 'more card', 'more cards')} to come back "
          "to the hand limit of 7.", ("rs.ruling.swap-over-limit",), card=x)


def _limit_resolve(c: Ctx, d: Decision, action) -> None:
    x = action.param("card")
    discard_one_of(c, d, x, "rs.ruling.swap-over-limit", f"{c.who(d.actor)} discards {c.name(x)}.")


REGISTRY.register("retrieve-wild", NoParams, _retrieve_wild, False, ("use",))
REGISTRY.register("swap-hands", NoParams, _swap_hands, True, ("use",))

HANDLERS = {
    "choose-wild-type": (_wild_actions, _wild_resolve),
    "choose-limit-discard": (_limit_actions, _limit_resolve),
}
