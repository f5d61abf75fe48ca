"""Moving Spirited cards and medals between zones, with the automatic events the rules attach to each move.

Rulebook sections: "Your Play Area", "Rally vs Recruit", "Overrun", "Shields", "Battles & the Time Track".
Cards of one clan are interchangeable in play (they share one power), so the tutor names a clan and moves the top
card of that clan's stack (ruling ``sp.ruling.same-clan-cards``).
"""
from __future__ import annotations

from ...core import chance
from ...core.context import Context
from ...core.model import Event
from .cards import clan_of, medal_kind
from .state import Allegiance, CampCard, Player, SPState, Stack


def article(name: str) -> str:
    """``"an Olmecs"`` / ``"a Sao"``: the indefinite article by the name's first sound (every clan, medal and zone
    name starting with a vowel letter starts with a vowel sound)."""
    return ("an " if name[:1].upper() in "AEIOU" else "a ") + name


def plural(n: int, word: str) -> str:
    """``"1 card"`` / ``"3 cards"``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


class Ctx(Context):
    """One apply step of Spirited (:class:`tutor.core.context.Context`: game, state copy, events; ``c.push`` and
    ``c.ask`` go through the game's flow).

    An event caused by a move whose own event is logged next (the Shield abandoned by a Rally) is held back
    (:meth:`~tutor.core.context.Context.hold`) and logged right after the next event, so a cause is always logged
    before its consequence; :meth:`~tutor.core.context.Context.flush` logs what is still held at the end of a step.
    """

    def clan(self, clan: str) -> str:
        """Display name of a clan."""
        return self.cards.clan[clan].name

    def card(self, card: str) -> str:
        """``"an Aztecs card"``: cards of a clan are alike, so the text names the clan only (the event's ``cards``
        keep the card's id)."""
        if clan_of(card) == "time":
            return "a Passing of Time card"
        return f"{article(self.clan(clan_of(card)))} card"

    def medal(self, medal_or_kind: str) -> str:
        """``"Silver"`` for ``silver`` or ``silver-3``: medal names are capitalised like the summary's."""
        return medal_kind(medal_or_kind).capitalize()


# -- Road ---------------------------------------------------------------------------------------------------------
def stack(p: Player, clan: str) -> Stack | None:
    """The stack of ``clan`` on ``p``'s Road, if any."""
    for st in p.road:
        if st.clan == clan:
            return st
    return None


def drop_stack(p: Player, st: Stack) -> None:
    """Take the stack ``st`` (found on ``p``'s Road) off the Road, by identity: ``list.remove`` would compare it
    with each stack before it through pydantic's field-by-field ``==``."""
    road = p.road
    for i, x in enumerate(road):
        if x is st:
            del road[i]
            return


def face_up(p: Player, clan: str | None = None) -> int:
    """Face-up cards on ``p``'s Road (of one clan, or all). Shields never count."""
    return sum(len(st.cards) for st in p.road if clan is None or st.clan == clan)


def road_clans(p: Player) -> list[str]:
    """Clans with at least one face-up card on the Road, sorted."""
    return sorted(st.clan for st in p.road if st.cards)


def hand_clans(p: Player) -> list[str]:
    """Distinct clans in ``p``'s Hand, sorted."""
    return sorted(set(clan_of(x) for x in p.hand))


def add_to_road(p: Player, card: str) -> None:
    """Put a face-up card on its clan's stack (a new stack if none); stacks stay sorted by clan."""
    st = stack(p, clan_of(card))
    if st is None:
        p.road.append(Stack(clan=clan_of(card), cards=[card]))
        p.road.sort(key=lambda x: x.clan)
    else:
        st.cards.append(card)


def take_from_road(c: Ctx, seat: int, clan: str) -> str:
    """Take the top face-up card of ``clan`` off ``seat``'s Road. When it was the last face-up card under a Shield,
    the Shield is abandoned to the discard pile (sp.shield.abandon); that event is held back (``c.hold``) so it is
    logged after the caller's event for the move (the Rally, Recruit, ...) that caused it."""
    p = c.state.players[seat]
    st = stack(p, clan)
    card = st.cards.pop()
    if not st.cards:
        if st.shield is not None:
            c.state.discard.append(st.shield)
            c.hold(Event(clause="sp.shield.abandon", text=f"The last face-up {c.clan(clan)} card left "
                         f"{c.who(seat)}'s Road, so the Shield on it is abandoned to the discard pile.",
                         automatic=True, cards=(st.shield,), actor=seat))
        drop_stack(p, st)
    return card


# -- Camps ----------------------------------------------------------------------------------------------------------
def camp_clan(camp: list[CampCard]) -> str | None:
    """The clan of a Camp's face-up cards (``None`` when it has none)."""
    for x in camp:
        if x.face_up:
            return clan_of(x.card)
    return None


def camp_accepts(p: Player, camp: int, clan: str) -> bool:
    """A Camp accepts a card of ``clan`` if it is empty, holds only face-down cards, or already holds that clan."""
    cc = camp_clan(p.camps[camp])
    return cc is None or cc == clan


def camp_count(p: Player, camp: int) -> int:
    """Face-up cards in a Camp (the ones that count for a March)."""
    return sum(1 for x in p.camps[camp] if x.face_up)


# -- the draw pile and the Time Track --------------------------------------------------------------------------------
def draw_card(c: Ctx) -> str | None:
    """Top card of the draw pile; when it is empty the discard pile is shuffled into a new one
    (ruling ``sp.ruling.reshuffle``). ``None`` when both are empty."""
    s = c.state
    if not s.deck and s.discard:
        s.deck = s.discard
        s.discard = []
        chance.shuffle(s, s.deck)
        c.ev("sp.ruling.reshuffle", f"The draw pile ran out: the discard pile ({len(s.deck)} cards) is shuffled "
             "into a new draw pile.", auto=True)
    card, fixed = chance.draw(s, s.deck, lambda v: not is_wonder(c.game, v), "the draw pile", same_clan)
    if fixed:
        c.ev("sp.ruling.fixed-chance", f"The lesson fixed this draw in advance: the card drawn is {c.card(card)}.",
             auto=True, cards=(card,))
    return card


def is_wonder(g, value: str) -> bool:
    """True when ``value`` (a fixed ``draw`` of ``setup.state.chance``) is a Wonder id, else it names a card of the
    draw pile (a clan id or ``time``)."""
    return any(w.id == value for w in g.cards.wonders)


def same_clan(card: str, value: str) -> bool:
    """A card of the draw pile matches a fixed draw naming its clan (cards of a clan are interchangeable)."""
    return clan_of(card) == value


def can_draw(s: SPState) -> bool:
    """True while the draw pile or the discard pile holds a card that a draw can keep (anything but Passing of Time,
    which is always discarded and replaced): ruling ``sp.ruling.deck-empty``."""
    return any(clan_of(x) != "time" for x in s.deck) or any(clan_of(x) != "time" for x in s.discard)


def draw_non_time(c: Ctx, seat: int) -> str | None:
    """Draw a card; every Passing of Time card drawn moves the Hourglass and is replaced (sp.time.pass)."""
    s = c.state
    while True:
        if not s.deck and not can_draw(s):
            return None  # only Passing of Time cards in the discard pile: no reshuffle to draw them again
        card = draw_card(c)
        if card is None or clan_of(card) != "time":
            return card
        pass_time(c, seat, card)
        # Only Passing of Time cards left in both piles: nothing can replace it (ruling sp.ruling.deck-empty); without
        # this stop the same card would be reshuffled and drawn for ever.
        if not can_draw(s):
            return None


def pass_time(c: Ctx, seat: int, card: str) -> None:
    """Discard a drawn Passing of Time card, move the Hourglass (its own counter, ``SPState.hourglass``) one space, and
    note a Battle due (sp.time.pass). On the last space the Hourglass moves no further (ruling
    ``sp.ruling.hourglass-end``): only a card reshuffled back into the draw pile can be drawn then."""
    s = c.state
    s.discard.append(card)
    track = c.game.track
    if s.hourglass >= track.length:
        c.ev("sp.ruling.hourglass-end", f"{c.who(seat)} draws a Passing of Time card: it is discarded and replaced, "
             "but the Hourglass is already on the last space and moves no further.", auto=True, cards=(card,),
             actor=seat)
        return
    s.hourglass += 1
    c.ev("sp.time.pass", f"{c.who(seat)} draws a Passing of Time card: it is discarded, the Hourglass moves to space "
         f"{s.hourglass} of {track.length}, and a replacement card is drawn.", auto=True, cards=(card,), actor=seat)
    if s.hourglass >= track.length:
        s.battles_due.append("final")
        c.ev("sp.final.trigger", "The Hourglass reached the last space: the Final Battle happens at the end of this "
             "turn.", auto=True)
    elif s.hourglass in track.battles:
        s.battles_due.append("battle")
        c.ev("sp.time.battle-space", f"Space {s.hourglass} is a Battle space{c.game.track_mark()}: a Battle happens at "
             "the end of this turn.", auto=True)


# -- Overrun ----------------------------------------------------------------------------------------------------------
def held(s: SPState, seat: int) -> list[Allegiance]:
    """The Allegiances ``seat`` holds."""
    return [a for a in s.allegiances if a.holder == seat]


def allegiance(s: SPState, clan: str) -> Allegiance:
    """The Allegiance card of ``clan``."""
    for a in s.allegiances:  # (a loop, not next() over a generator: asked several times a step)
        if a.clan == clan:
            return a
    raise StopIteration(clan)  # as next() did: every clan in play has its Allegiance


#: The lowest an Overrun Limit can be, however far effects lower it (ruling ``sp.ruling.limit-floor``).
LIMIT_FLOOR = 1


def lowered_limit(c_or_game, s: SPState, seat: int, clan: str) -> int:
    """The Overrun Limit of ``clan`` for ``seat`` before the floor of :data:`LIMIT_FLOOR`: 3, plus 1 while ``seat``
    holds that clan's Allegiance with a Gold medal (sp.overrun.gold), minus the Allegiance's penalty while ``seat``
    holds it (sp.overrun.lower; see :func:`limit_penalty`) and minus card effects still lowering ``seat``'s limits
    (``SPState.limit_mods``). May be 0 or negative when several effects stack."""
    # (not getattr(c_or_game, "game", c_or_game): on a Game that raises and catches an AttributeError every call)
    g = c_or_game.game if isinstance(c_or_game, Context) else c_or_game
    base = g.cards.overrun_limit
    if clan in s.clans:  # (the Allegiance looked up once: limit_penalty's part inlined, asked several times a step)
        a = allegiance(s, clan)
        if a.holder == seat:
            if a.medal and medal_kind(a.medal) == "gold":
                base += 1
            pen = g.cards.clan[clan].allegiance.penalty
            if pen is not None:
                base -= pen.amount
    mods = s.limit_mods
    return base - sum(m.amount for m in mods if m.seat == seat) if mods else base


def overrun_limit(c_or_game, s: SPState, seat: int, clan: str) -> int:
    """The Overrun Limit of ``clan`` for ``seat`` (an int, at least :data:`LIMIT_FLOOR`): :func:`lowered_limit`,
    held at 1 when effects would take it lower (ruling ``sp.ruling.limit-floor``: a limit of 0 could never be
    dropped below by the Road Check's safe Rally)."""
    return max(LIMIT_FLOOR, lowered_limit(c_or_game, s, seat, clan))


def limit_penalty(g, s: SPState, seat: int, clan: str) -> int:
    """How much lower ``seat``'s Overrun Limit of ``clan`` is because ``seat`` holds that clan's Allegiance and its
    card carries a penalty (card data, ``AllegianceData.penalty``); 0 otherwise."""
    if clan not in s.clans:
        return 0
    pen = g.cards.clan[clan].allegiance.penalty
    return pen.amount if pen is not None and allegiance(s, clan).holder == seat else 0


def overrunning(g, s: SPState, seat: int) -> list[str]:
    """Clans whose face-up cards on ``seat``'s Road are at or over their Overrun Limit."""
    p = s.players[seat]
    return [st.clan for st in p.road if len(st.cards) >= overrun_limit(g, s, seat, st.clan)]


# -- medals -----------------------------------------------------------------------------------------------------------
def medal_value(g, a: Allegiance) -> int:
    """Current value of an Allegiance's medal: printed value, one lower when exhausted."""
    if a.medal is None:
        return 0
    return g.cards.medals[medal_kind(a.medal)].value - (1 if a.exhausted else 0)


def medal_for(n: int) -> str | None:
    """The medal earned by ``n`` cards: 2 Bronze, 3 Silver, 4 or more Gold (sp.march.forge)."""
    return None if n < 2 else ("bronze" if n == 2 else "silver" if n == 3 else "gold")


def take_medal(c: Ctx, kind: str) -> str:
    """Take a refreshed medal of ``kind`` from the supply."""
    m = next(x for x in c.state.medal_supply if medal_kind(x) == kind)
    c.state.medal_supply.remove(m)
    return m


def return_medal(c: Ctx, a: Allegiance) -> None:
    """Return an Allegiance's medal to the supply, refreshed."""
    if a.medal is not None:
        c.state.medal_supply.append(a.medal)
        c.state.medal_supply.sort()
    a.medal, a.exhausted = None, False


def discard_road_and_camps(c: Ctx, seat: int) -> list[str]:
    """Discard every card (Shields included) from ``seat``'s Road and Camps; returns them."""
    p = c.state.players[seat]
    gone: list[str] = []
    for st in p.road:
        gone += st.cards + ([st.shield] if st.shield else [])
    for camp in p.camps:
        gone += [x.card for x in camp]
    p.road = []
    p.camps = [[], []]
    c.state.discard.extend(gone)
    return gone
