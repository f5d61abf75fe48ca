"""Moving cards between Restless Spirits zones, with the automatic events the rules attach to each move.

Decks are lists whose last element is the top. The functions mutate the given state (the session's private copy)
and append :class:`~tutor.core.model.Event` items to ``events``.
"""
from __future__ import annotations

from dataclasses import replace

from ...core import chance
from ...core.context import Context
from .state import Player, RSState

HAND_LIMIT = 7


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 card"`` / ``"3 cards"``; ``many`` for an irregular plural ."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


class Ctx(Context):
    """One apply step of Restless Spirits (:class:`tutor.core.context.Context`: game, state copy, events;
    ``c.ask`` goes through the game's flow, :data:`.decisions.FLOW`)."""

    #: the main-turn actions of the state as the step left it, when :func:`~.resolve.after_step` worked them out
    turn_actions: list | None = None
    #: the Spirits copied so far in a chain of copies being resolved in this step (:mod:`.effects_copy`)
    copy_chain: list | None = None

    def name(self, card_id: str) -> str:
        """Display name of a card."""
        return self.cards.by_id[card_id].name


def hand_room(p: Player) -> int:
    """How many more cards ``p`` may hold (Hand Limit: 7 cards of any kind; Obayashi lifts it)."""
    return 10 ** 6 if p.no_hand_limit else HAND_LIMIT - len(p.hand)


def _draw(c: Ctx, deck: str, discard: str, reshuffle: bool, clause: str, word: str) -> str | None:
    s = c.state
    if reshuffle and not getattr(s, deck) and getattr(s, discard):
        setattr(s, deck, getattr(s, discard))
        setattr(s, discard, [])
        chance.shuffle(s, getattr(s, deck))
        c.ev(clause, f"The {word} deck ran out: the {word} discard pile is shuffled into a new {word} deck.", auto=True)
    return _take(c, getattr(s, deck), word)


def _take(c: Ctx, pile: list[str], word: str) -> str | None:
    """The top card of ``pile`` (the ``word`` deck), or the card a scenario fixed for this draw
    (:func:`tutor.core.chance.draw`, ruling ``rs.ruling.fixed-chance``); ``None`` when the pile is empty."""
    kind = word.lower()
    card, fixed = chance.draw(c.state, pile, lambda v: c.game.card_kind(v) == kind, f"the {word} deck")
    if fixed:
        c.ev("rs.ruling.fixed-chance", f"The lesson fixed this draw in advance: {c.name(card)} is the card taken "
             f"from the {word} deck.", auto=True, cards=(card,))
    return card


def draw_spirit(c: Ctx) -> str | None:
    """Top card of the Spirit deck; when empty, the Spirit discard pile is shuffled to form a new deck (ruling
    ``rs.ruling.spirit-deck-empty``; never in solo mode). ``None`` when both are empty."""
    return _draw(c, "spirit_deck", "spirit_discard", not c.game.solo, "rs.ruling.spirit-deck-empty", "Spirit")


def draw_totem(c: Ctx) -> str | None:
    """Top card of the Totem deck; when empty, the Totem discard pile is shuffled to form a new deck (ruling
    ``rs.ruling.totem-deck-empty``). ``None`` when both are empty."""
    return _draw(c, "totem_deck", "totem_discard", True, "rs.ruling.totem-deck-empty", "Totem")


def _refill_row(c: Ctx, row: list, draw, empty_clause: str, empty_text: str, clause: str, into: str,
                after=None) -> bool:
    """Fill every empty space of ``row`` (a Lost Spirits or Totem Market row, 3 spaces) with ``draw(c)``, each card
    with an event citing ``clause`` ("<card> is dealt into <into>.") and then ``after(c)`` when given. When the deck
    runs out the space stays empty, with an event citing ``empty_clause`` (``empty_text``); returns ``False`` then."""
    for i in range(3):
        if row[i] is None:
            card = draw(c)
            if card is None:
                c.ev(empty_clause, empty_text, auto=True)
                return False
            row[i] = card
            c.ev(clause, f"{c.name(card)} is dealt into {into}.", auto=True, cards=(card,))
            if after is not None:
                after(c)
    return True


def refill_lost_spirits(c: Ctx, clause: str = "rs.attract.refill") -> None:
    """Fill every empty space of the Lost Spirits row from the Spirit deck (rs.attract.refill)."""
    _refill_row(c, c.state.lost_spirits, draw_spirit, "rs.ruling.spirit-deck-empty", "No Spirit is left to refill "
                "the Lost Spirits row; the space stays empty.", clause, "the Lost Spirits row",
                note_last_spirit if c.game.solo else None)


def note_last_spirit(c: Ctx) -> None:
    """Solo Mode, after a Spirit is dealt into the Lost Spirits row: if it was the deck's last card, the game ends at the end of
    this turn (rs.solo.end)."""
    s = c.state
    if not s.spirit_deck and s.endgame_by is None:
        s.endgame_by = 0
        c.ev("rs.solo.end", "The last card of the Spirit deck has been dealt as a Lost Spirit: the game ends when "
             "this turn is over.", auto=True, actor=0)


def refill_markets(c: Ctx, clause: str = "rs.buy.refill") -> None:
    """Fill every empty Totem Market space from the Totem deck (rs.buy.refill)."""
    for r, row in enumerate(c.state.markets):
        if None not in row:  # (a full row, the other one after a buy, is passed over at once)
            continue
        if not _refill_row(c, row, draw_totem, "rs.ruling.totem-deck-empty", "No Totem is left to refill the Totem "
                           "Market; the space stays empty.", clause, f"Totem Market row {r + 1}"):
            return


def draw_reward(c: Ctx, seat: int, deck: str, clause: str) -> str | None:
    """Draw the top Blessing (``deck="blessing"``) or Curse into ``seat``'s hand, honouring the hand limit
    (ruling ``rs.ruling.hand-limit-draw``) and an empty deck (ruling ``rs.ruling.reward-deck-empty``)."""
    s = c.state
    p = s.players[seat]
    pile = s.blessing_deck if deck == "blessing" else s.curse_deck
    word = "Blessing" if deck == "blessing" else "Curse"
    if hand_room(p) <= 0:
        c.ev("rs.ruling.hand-limit-draw", f"{c.who(seat)} is at the hand limit of 7, so no {word} is drawn.",
             auto=True, actor=seat)
        return None
    if not pile:
        c.ev("rs.ruling.reward-deck-empty", f"The {word} deck is empty, so no {word} is drawn.", auto=True,
             actor=seat)
        return None
    card = _take(c, pile, word)
    p.hand.append(card)
    c.ev(clause, f"{c.who(seat)} draws the {word} {c.name(card)}.", auto=True, cards=(card,), actor=seat,
         public=f"{c.who(seat)} draws a {word}.")
    return card


def draw_totems_to_hand(c: Ctx, seat: int, n: int, clause: str) -> int:
    """Draw up to ``n`` Totems into ``seat``'s hand, stopping at the hand limit; returns how many were drawn."""
    p = c.state.players[seat]
    got = 0
    for _ in range(n):
        if hand_room(p) <= 0:
            c.ev("rs.ruling.hand-limit-draw", f"{c.who(seat)} is at the hand limit of 7; no more Totems are drawn.",
                 auto=True, actor=seat)
            break
        card = draw_totem(c)
        if card is None:
            c.ev("rs.ruling.totem-deck-empty", "No Totem is left to draw.", auto=True)
            break
        p.hand.append(card)
        got += 1
        c.ev(clause, f"{c.who(seat)} draws the Totem {c.name(card)}.", auto=True, cards=(card,), actor=seat,
             public=f"{c.who(seat)} draws a Totem.")
    return got


def discard_card(c: Ctx, card: str) -> None:
    """Put a card on its discard place: Totems to the Totem discard pile, Spirits to the Spirit discard pile,
    Blessings and Curses to the bottom of their decks (Glossary: Discard; Play a Blessing or Curse)."""
    kind = c.game.card_kind(card)
    s = c.state
    if kind == "totem":
        s.totem_discard.append(card)
    elif kind == "spirit":
        s.spirit_discard.append(card)
    elif kind == "blessing":
        s.blessing_deck.insert(0, card)
    else:
        s.curse_deck.insert(0, card)


def discard_one_of(c: Ctx, d, card: str, clause: str, text: str) -> None:
    """Answer of a decision ``d`` to discard ``d.count`` cards from its actor's hand, one at a time: ``card`` leaves
    the hand for its discard place (:func:`discard_card`), with an event citing ``clause`` (``text``), and ``d`` is
    asked again for the rest while more are to go."""
    c.state.players[d.actor].hand.remove(card)
    discard_card(c, card)
    c.ev(clause, text, cards=(card,), actor=d.actor)
    if d.count > 1:
        c.ask(replace(d, count=d.count - 1))


def take_from_market(c: Ctx, seat: int, card: str) -> None:
    """Move ``card`` from its market space to ``seat``'s hand, then refill the market (Buy a Totem)."""
    s = c.state
    for r, row in enumerate(s.markets):
        if card in row:
            row[row.index(card)] = None
            break
    s.players[seat].hand.append(card)
    c.ev("rs.buy", f"{c.who(seat)} takes {c.game.totem_label(card)} into their hand.", cards=(card,), actor=seat)
    refill_markets(c)
