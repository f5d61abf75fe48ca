"""Partial states for Spirited scenarios and lessons (``setup.state`` of a scenario file), and the named facts
scenario expectations compare.

Cards are named by clan (cards of a clan are interchangeable, ruling ``sp.ruling.same-clan-cards``); the tutor takes
a card of that clan from the draw pile. Only the zones named change; the cards they held go to the bottom of the draw
pile, so every card keeps exactly one place (checked). Any pending decision of the dealt state is dropped;
``decision`` sets one up by the rules (an action just taken, :mod:`tutor.core.opening`); ``chance`` fixes the next
cards drawn in advance (:mod:`tutor.core.chance`).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ...core.chance import ChanceEntries
from ...core.errors import said
from ...core.opening import Opening
from ...core.partial import MAX_COUNTER, check_turn, finish_partial, start_partial
from .cards import clan_of, medal_kind
from .state import CampCard, SPState, Stack
from .zones import held, is_wonder, medal_value, overrun_limit


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StackPart(_P):
    """A Road stack: ``count`` face-up cards of ``clan`` and, optionally, a Shield (a card of clan ``shield``)."""

    clan: str
    count: int = Field(ge=1, le=10)
    shield: str | None = None


class AllegiancePart(_P):
    """An Allegiance the player holds, with its medal."""

    clan: str
    medal: Literal["bronze", "silver", "gold"]
    exhausted: bool = False


class PlayerPart(_P):
    """Fields of one player to set (others stay as dealt). Camps: 2 lists of clan ids, ``down:<clan>`` for a
    face-down card."""

    seat: StrictInt
    road: list[StackPart] | None = None
    camps: list[list[str]] | None = None
    hand: list[str] | None = None
    spirit: int | None = Field(default=None, ge=0, le=MAX_COUNTER)
    allegiances: list[AllegiancePart] | None = None
    wonders: list[str] | None = Field(default=None, description="Wonder ids this player has built (taken from "
                                      "the Wonder deck; never one on the display)")


class PartialState(_P):
    """The Spirited ``setup.state`` shape."""

    players: list[PlayerPart] = Field(default_factory=list)
    current: int | None = Field(default=None, ge=1, description="seat (1-based) whose turn it is")
    hourglass: int | None = Field(default=None, ge=0, le=MAX_COUNTER)
    deck_tops: list[str] = Field(default_factory=list, description="clan ids or 'time'; first listed is the top")
    wonder_display: list[str] | None = Field(default=None, description="the 3 Wonder ids on display")
    decision: Opening | None = Field(default=None, description="the set-up ends inside an action: Player `seat` "
                                     "has just taken `action` (as a script step), so its choice is pending "
                                     "(tutor/core/opening.py); it is then their turn")
    chance: ChanceEntries


def chance_values(g, s: SPState) -> dict:
    """The outcomes of chance a Spirited scenario can fix (:func:`tutor.core.chance.fix`): ``draw`` a clan id of
    this game or ``time`` (the next card drawn from the draw pile is of that clan, or a Passing of Time card), or a
    Wonder id (the next Wonder drawn to refill the display)."""
    def check(v: str) -> str | None:
        if v in s.clans or v == "time" or is_wonder(g, v):
            return None
        return f"{said(v)} is neither a clan of this game ({', '.join(s.clans)}), time, nor a Wonder id"
    return {"draw": check}


def apply_partial(g, state: SPState, data: dict, where: str) -> SPState:
    """Return a copy of ``state`` with the partial state ``data`` applied (module doc).

    Raises:
        ContentError: unknown field, clan not in this game, not enough cards of a clan, bad seat; naming the field.
    """
    part, s, bad = start_partial(PartialState, data, where, state)
    n = len(s.players)

    def check_clan(clan: str, field: str) -> None:
        if clan not in s.clans:
            raise bad(field, f"{said(clan)} is not a clan of this game ({', '.join(s.clans)}); set options.clans")

    # 0. drop the dealt decision and anything in limbo
    s.deck[:0] = s.limbo
    s.limbo, s.pending, s.work, s.battles_due, s.battle = [], [], [], [], None
    # 1. empty the named zones
    for i, pp in enumerate(part.players):
        if not 1 <= pp.seat <= n:
            raise bad(f"players[{i}].seat", f"seat must be 1..{n}")
        p = s.players[pp.seat - 1]
        if pp.road is not None:
            for st in p.road:
                s.deck[:0] = st.cards + ([st.shield] if st.shield else [])
            p.road = []
        if pp.camps is not None:
            if len(pp.camps) != 2:
                raise bad(f"players[{i}].camps", "give exactly 2 Camps (use [] for an empty one)")
            for camp in p.camps:
                s.deck[:0] = [x.card for x in camp]
            p.camps = [[], []]
        if pp.hand is not None:
            s.deck[:0] = p.hand
            p.hand = []
        if pp.allegiances is not None:
            for a in held(s, p.seat):
                s.medal_supply.append(a.medal)
                a.holder, a.medal, a.exhausted = None, None, False
            s.medal_supply.sort()
    # 2. the Hourglass: it has moved `hourglass` spaces, so that many Passing of Time cards were drawn and discarded
    if part.hourglass is not None:
        if part.hourglass >= g.track.length:
            raise bad("hourglass", f"must be below the last space ({g.track.length})")
        times = [x for x in s.discard if clan_of(x) == "time"]
        s.discard = [x for x in s.discard if clan_of(x) != "time"]
        s.deck[:0] = times
        for _ in range(part.hourglass):
            card = next(x for x in s.deck if clan_of(x) == "time")
            s.deck.remove(card)
            s.discard.append(card)
        s.hourglass = part.hourglass

    def pull(clan: str, field: str) -> str:
        if clan != "time":
            check_clan(clan, field)
        for pile in (s.deck, s.discard):
            for card in pile:
                if clan_of(card) == clan:
                    pile.remove(card)
                    return card
        raise bad(field, f"no {clan} card is left in the draw pile or discard pile")

    # 3. place
    for i, pp in enumerate(part.players):
        p = s.players[pp.seat - 1]
        f = f"players[{i}]"
        for j, sp in enumerate(pp.road or []):
            if any(st.clan == sp.clan for st in p.road):
                raise bad(f"{f}.road[{j}]", f"a second {sp.clan} stack; one stack per clan")
            st = Stack(clan=sp.clan, cards=[pull(sp.clan, f"{f}.road[{j}].clan") for _ in range(sp.count)])
            if sp.shield:
                st.shield = pull(sp.shield, f"{f}.road[{j}].shield")
            p.road.append(st)
        p.road.sort(key=lambda x: x.clan)
        for ci, camp in enumerate(pp.camps or []):
            for j, entry in enumerate(camp):
                down = entry.startswith("down:")
                clan = entry[5:] if down else entry
                p.camps[ci].append(CampCard(card=pull(clan, f"{f}.camps[{ci}][{j}]"), face_up=not down))
            if len({clan_of(x.card) for x in p.camps[ci] if x.face_up}) > 1:
                raise bad(f"{f}.camps[{ci}]", "a Camp holds one clan face up")
        for j, clan in enumerate(pp.hand or []):
            p.hand.append(pull(clan, f"{f}.hand[{j}]"))
        if pp.spirit is not None:
            p.spirit = pp.spirit
        for j, ap in enumerate(pp.allegiances or []):
            check_clan(ap.clan, f"{f}.allegiances[{j}].clan")
            a = next(x for x in s.allegiances if x.clan == ap.clan)
            if a.holder is not None:
                raise bad(f"{f}.allegiances[{j}]", f"the {ap.clan} Allegiance is already held")
            m = next(x for x in s.medal_supply if medal_kind(x) == ap.medal)
            s.medal_supply.remove(m)
            a.holder, a.medal, a.exhausted = p.seat, m, ap.exhausted
        if len(held(s, p.seat)) > 3:
            raise bad(f"{f}.allegiances", "at most 3 Allegiances")
    tops = [pull(clan, f"deck_tops[{j}]") for j, clan in enumerate(part.deck_tops)]
    s.deck.extend(reversed(tops))
    if part.wonder_display is not None:
        if len(part.wonder_display) != 3 or len(set(part.wonder_display)) != 3 or any(
                w not in g.cards.wonder for w in part.wonder_display):
            raise bad("wonder_display", "give 3 different Wonder ids")
        pool = sorted([w for w in s.wonder_display if w] + s.wonder_deck
                      + [w for p in s.players for w in p.wonders])
        for p in s.players:
            p.wonders = []
        s.wonder_display = list(part.wonder_display)
        s.wonder_deck = [w for w in pool if w not in part.wonder_display]
    for i, pp in enumerate(part.players):
        for j, w in enumerate(pp.wonders or []):
            where_w = f"players[{i}].wonders[{j}]"
            if w not in g.cards.wonder:
                raise bad(where_w, f"unknown Wonder id {said(w)}")
            if w in s.wonder_display:
                raise bad(where_w, f"{said(w)} is on the Wonder display; list the display without it (wonder_display)")
            for p in s.players:
                if w in p.wonders:
                    p.wonders.remove(w)
            if w in s.wonder_deck:
                s.wonder_deck.remove(w)
            s.players[pp.seat - 1].wonders.append(w)
    if part.current is not None:
        if part.current > n:
            raise bad("current", f"seat must be 1..{n}")
        s.current = part.current - 1
    check_turn(part, bad)
    check_road_checked(g, s, part, bad)
    return finish_partial(g, s, part, where, bad, chance_values(g, s))


def check_road_checked(g, s: SPState, part: PartialState, bad) -> None:
    """With no decision set up, the partial state is the start of a turn once its Road Check is made: the player
    whose turn it is has just Rallied every clan on their Road below its Overrun Limit (sp.road-check.rally), so a
    stack of theirs at or over its limit then is refused (attack 43, M1: a Road of 6 Sao loaded and played on).
    Named: the stack given (``players[i].road[j]``), else ``current``. Another player's Road may be at its limit
    (their Road Check comes at the start of their own turn, as lesson sp-01-goal shows).

    Raises:
        ContentError: naming the stack or ``current``.
    """
    if part.decision is not None or s.phase != "play":
        return
    seat = s.current
    for st in s.players[seat].road:
        limit = overrun_limit(g, s, seat, st.clan)
        if len(st.cards) < limit:
            continue
        field = next((f"players[{i}].road[{j}]" for i, pp in enumerate(part.players) if pp.seat == seat + 1
                      for j, sp in enumerate(pp.road or []) if sp.clan == st.clan), "current")
        # sp.road-check.rally (the clause is cited here, not in the words: content authors and learners read them)
        raise bad(field, f"{g.cards.clan[st.clan].name} x{len(st.cards)} is at or over its Overrun Limit ({limit}) at "
                  f"the start of Player {seat + 1}'s turn, whose Road Check leaves every clan below its limit: "
                  f"give at most {limit - 1}, or set the decision taken after it")


def facts(g, s: SPState) -> dict:
    """Named facts: ``pN.spirit``, ``pN.hand`` (sorted clans), ``pN.hand_size``, ``pN.road`` ({clan: face-up
    count}), ``pN.shields`` ({clan: the Shield card's clan}, public), ``pN.camps`` (2 lists of clans, ``down`` for
    face-down), ``pN.allegiances`` ({clan: "gold", "gold exhausted"...}), ``pN.wonders``, ``pN.overrun_limit.<clan>``,
    ``hourglass``, ``current``, ``phase``, ``battle``, ``pending``, ``winners``, ``deck_size``, ``discard_size``,
    ``medal_supply`` ({bronze: n, ...}), ``wonder_display``, ``allegiance.<clan>`` (holder seat or None),
    ``medal_value.<clan>``, ``chance_left`` (outcomes of chance fixed in advance and not used yet)."""
    out: dict = {}
    for p in s.players:
        k = f"p{p.seat + 1}"
        out[f"{k}.spirit"] = p.spirit
        out[f"{k}.hand"] = sorted(clan_of(x) for x in p.hand)
        out[f"{k}.hand_size"] = len(p.hand)
        out[f"{k}.road"] = {st.clan: len(st.cards) for st in p.road}
        out[f"{k}.shields"] = {st.clan: clan_of(st.shield) for st in p.road if st.shield}
        out[f"{k}.camps"] = [[clan_of(x.card) if x.face_up else "down" for x in camp] for camp in p.camps]
        out[f"{k}.allegiances"] = {a.clan: medal_kind(a.medal) + (" exhausted" if a.exhausted else "")
                                   for a in held(s, p.seat)}
        out[f"{k}.wonders"] = len(p.wonders)
        for clan in s.clans:
            out[f"{k}.overrun_limit.{clan}"] = overrun_limit(g, s, p.seat, clan)
    for a in s.allegiances:
        out[f"allegiance.{a.clan}"] = None if a.holder is None else a.holder + 1
        out[f"medal_value.{a.clan}"] = medal_value(g, a)
    out["hourglass"] = s.hourglass
    out["current"] = s.current + 1
    out["phase"] = s.phase
    out["battle"] = s.battle
    out["pending"] = s.pending[-1].kind if s.pending else None
    out["winners"] = [w + 1 for w in s.winners]
    out["deck_size"] = len(s.deck)
    out["discard_size"] = len(s.discard)
    out["medal_supply"] = {m: sum(1 for x in s.medal_supply if medal_kind(x) == m) for m in ("bronze", "silver", "gold")}
    out["wonder_display"] = list(s.wonder_display)
    out["chance_left"] = len(s.chance)
    return out
