"""Partial states for Restless Spirits scenarios and lessons (``setup.state`` of a scenario file).

Only the zones named are changed; every card keeps exactly one place: a card named in a zone is taken from
wherever it was, and cards pushed out of a named zone go to the bottom of their own deck. Totems listed under a
board Spirit meet its requirements in the order given, as if played.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ...core.chance import ChanceEntries
from ...core.errors import short
from ...core.opening import Opening
from ...core.partial import check_turn, finish_partial, start_partial
from .requirements import fill_options
from .resolve import RELEASES_TO_TRIGGER
from .state import PlacedSpirit, RSState
from .variants import space_bonus


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BoardSpirit(_P):
    """A Spirit on a board space with the Totems already under it and whether its ability is used."""

    card: str
    totems: list[str] = Field(default_factory=list)
    used: bool = False


#: Most AP a partial state may give a player: a turn starts with 1 to 3 AP (rulebook "Action Points"), and abilities
#: and Blessings add a few; 20 is beyond any turn the game can reach.
MAX_AP = 20


class PlayerPart(_P):
    """Fields of one player to set; any left out stay as dealt."""

    seat: StrictInt
    guide: str | None = None
    hand: list[str] | None = None
    board: list[BoardSpirit | None] | None = None
    released: list[str] | None = None
    ap: int | None = Field(default=None, ge=0, le=MAX_AP)
    activation_tokens: int | None = Field(default=None, ge=0, le=3)


class DeckTops(_P):
    """Cards to put on top of each deck, first listed = top card."""

    spirit: list[str] = Field(default_factory=list)
    totem: list[str] = Field(default_factory=list)
    blessing: list[str] = Field(default_factory=list)
    curse: list[str] = Field(default_factory=list)


class PartialState(_P):
    """The Restless Spirits ``setup.state`` shape."""

    players: list[PlayerPart] = Field(default_factory=list)
    current: int | None = Field(default=None, ge=1, description="seat number (1-based) whose turn it is")
    first_player: int | None = Field(default=None, ge=1)
    lost_spirits: list[str | None] | None = None
    markets: list[list[str | None]] | None = None
    shrine: list[str] | None = Field(default=None, description="bottom first; the last is the Shrine's top")
    totem_discard: list[str] | None = None
    spirit_discard: list[str] | None = None
    deck_tops: DeckTops | None = None
    spirit_deck: list[str] | None = Field(default=None, description="the whole Spirit deck, top first; every "
                                          "Spirit it leaves out of the deck goes to the Spirit discard pile")
    endgame_by: int | None = Field(default=None, ge=1)
    phase: Literal["play"] | None = None
    decision: Opening | None = Field(default=None, description="the set-up ends inside an action: Player `seat` "
                                     "has just taken `action` (as a script step), so its choice is pending "
                                     "(tutor/core/opening.py); it is then their turn")
    chance: ChanceEntries


#: The places of a partial state as a person names them (:func:`place_said`), by field name; ``{}``: its positions,
#: counted from 1.
_PLACES = {"players": "Player {}", "hand": "hand (card {})", "board": "board (space {})", "totems": "Totem {} under it",
           "released": "released Spirits (card {})", "lost_spirits": "Lost Spirits row (place {})",
           "markets": "market row {}, card {}", "shrine": "Shrine (card {})",
           "totem_discard": "Totem discard pile (card {})",
           "spirit_discard": "Spirit discard pile (card {})", "spirit_deck": "Spirit deck (card {})",
           "spirit": "top of the Spirit deck (card {})", "totem": "top of the Totem deck (card {})",
           "blessing": "top of the Blessing deck (card {})", "curse": "top of the Curse deck (card {})"}


def place_said(field: str) -> str:
    """A place of a partial state (``"players[0].hand[1]"``, ``"markets[0][2]"``) in words, as the pages name a field
    of a set-up (:func:`tutor.scenario_words.state_field_words`): ``"Player 1's hand (card 2)"``, ``"market row 1,
    card 3"``."""
    out = []
    for name, at in re.findall(r"([A-Za-z_]+)((?:\[\d+\])*)", field):
        if name in ("card", "deck_tops"):
            continue
        nums = [int(x) + 1 for x in re.findall(r"\d+", at)]
        words = _PLACES.get(name, name.replace("_", " ") + " {}" * len(nums))
        out.append(words.format(*nums) if words.count("{}") == len(nums) else name.replace("_", " "))
    return re.sub(r"^(Player \d+), ", r"\1's ", ", ".join(out))


def card_said(g, card: str) -> str:
    """A card by its kind and name, as the pages name it (``"the Totem Key (single)"``, ``"the Spirit Gonga
    (Sacred)"``), never its id."""
    kind = g.card_kind(card)
    label = (g.totem_label(card) if kind == "totem" else g.spirit_label(card) if kind == "spirit"
             else g.cards.by_id[card].name)
    return f"the {kind.capitalize()} {label.replace(' [provisional]', '')}"


def chance_values(g) -> dict:
    """The outcomes of chance a Restless Spirits scenario can fix (:func:`tutor.core.chance.fix`): ``draw`` a Spirit,
    Totem, Blessing or Curse (the next draw from that card's deck: a Lost Spirits or market refill, a reward, a draw
    into the hand), ``pick`` a Totem (the next Totem taken at random from a hand)."""
    def card(kinds: tuple[str, ...]):
        def check(v: str) -> str | None:
            if v not in g.cards.by_id or g.card_kind(v) == "guide":
                return f"no card called {short(v)} in {g.title}"
            if g.card_kind(v) not in kinds:
                return f"{short(v)} is a {g.card_kind(v)}; this outcome takes {' or '.join(kinds)} cards"
            return None
        return check
    return {"draw": card(("spirit", "totem", "blessing", "curse")), "pick": card(("totem",))}


def apply_partial(g, state: RSState, data: dict, where: str) -> RSState:
    """Return a copy of ``state`` with the partial state ``data`` applied (module doc).

    Raises:
        ContentError: unknown field, unknown card, wrong card kind for a zone, a card named twice, a Spirit whose
            listed Totems do not fit it, or two fields that contradict each other (``spirit_deck`` with
            ``spirit_discard`` or ``deck_tops.spirit``); naming ``where`` and the field(s).
    """
    part, s, bad = start_partial(PartialState, data, where, state)
    n = len(s.players)
    named: dict[str, str] = {}

    # fields that would silently override each other are refused, naming both
    if part.spirit_deck is not None and part.spirit_discard is not None:
        raise bad("spirit_deck", "spirit_deck and spirit_discard contradict each other: spirit_deck sends every "
                  "Spirit it leaves out to the Spirit discard pile, which would override spirit_discard; give one")
    if part.spirit_deck is not None and part.deck_tops is not None and part.deck_tops.spirit:
        raise bad("spirit_deck", "spirit_deck and deck_tops.spirit contradict each other: spirit_deck names the "
                  "whole Spirit deck, top first, which would override deck_tops.spirit; give one")

    def claim(card: str, field: str, kinds: tuple[str, ...]) -> str:
        if card not in g.cards.by_id or g.card_kind(card) == "guide":
            raise bad(field, f"no card called {short(card)} in {g.title}")
        if g.card_kind(card) not in kinds:
            raise bad(field, f"{short(card)} is a {g.card_kind(card)}; this zone takes {' or '.join(kinds)} cards")
        if card in named:  # (attack 43: "'t01' is already placed at Player 1.hand[0]": the card and place in words)
            raise bad(field, f"{card_said(g, card)} is named twice (a card has one place); it is already in "
                             f"{place_said(named[card])}")
        named[card] = field
        return card

    # 1. validate everything and note which zones are replaced
    for i, pp in enumerate(part.players):
        f = f"players[{i}]"
        if not 1 <= pp.seat <= n:
            raise bad(f + ".seat", f"seat must be 1..{n}")
        if pp.guide is not None and pp.guide not in {x.id for x in g.cards.guides}:
            raise bad(f + ".guide", f"unknown guide {short(pp.guide)}")
        for j, c in enumerate(pp.hand or []):
            claim(c, f"{f}.hand[{j}]", ("totem", "blessing", "curse"))
        if pp.board is not None and len(pp.board) != 3:
            raise bad(f + ".board", "a board has exactly 3 spaces (use null for an empty one)")
        for j, bs in enumerate(pp.board or []):
            if bs is not None:
                claim(bs.card, f"{f}.board[{j}].card", ("spirit",))
                for k, t in enumerate(bs.totems):
                    claim(t, f"{f}.board[{j}].totems[{k}]", ("totem",))
        for j, c in enumerate(pp.released or []):
            claim(c, f"{f}.released[{j}]", ("spirit",))
    for j, c in enumerate(part.lost_spirits or []):
        if c is not None:
            claim(c, f"lost_spirits[{j}]", ("spirit",))
    if part.lost_spirits is not None and len(part.lost_spirits) != 3:
        raise bad("lost_spirits", "the Lost Spirits row has exactly 3 places")
    if part.markets is not None and (len(part.markets) != 2 or any(len(r) != 3 for r in part.markets)):
        raise bad("markets", "two market rows of exactly 3 places each")
    for r, row in enumerate(part.markets or []):
        for j, c in enumerate(row):
            if c is not None:
                claim(c, f"markets[{r}][{j}]", ("totem",))
    for name in ("shrine", "totem_discard"):
        for j, c in enumerate(getattr(part, name) or []):
            claim(c, f"{name}[{j}]", ("totem",))
    for j, c in enumerate(part.spirit_discard or []):
        claim(c, f"spirit_discard[{j}]", ("spirit",))
    for j, c in enumerate(part.spirit_deck or []):
        claim(c, f"spirit_deck[{j}]", ("spirit",))
    tops = part.deck_tops or DeckTops()
    for deck in ("spirit", "totem", "blessing", "curse"):
        for j, c in enumerate(getattr(tops, deck)):
            claim(c, f"deck_tops.{deck}[{j}]", (deck,))
    check_turn(part, bad)
    for name, v in (("current", part.current), ("first_player", part.first_player), ("endgame_by", part.endgame_by)):
        if v is not None and v > n:
            raise bad(name, f"seat must be 1..{n}")

    # 2. take every named card out of wherever it is; empty the replaced zones (their cards become loose)
    loose: list[str] = []
    for pp in part.players:
        p = s.players[pp.seat - 1]
        if pp.hand is not None:
            loose += p.hand
            p.hand = []
        if pp.board is not None:
            for ps in p.board:
                if ps is not None:
                    loose += [ps.card] + ps.totems
            p.board = [None, None, None]
        if pp.released is not None:
            loose += p.released
            p.released = []
    if part.lost_spirits is not None:
        loose += [x for x in s.lost_spirits if x]
        s.lost_spirits = [None] * 3
    if part.markets is not None:
        loose += [x for row in s.markets for x in row if x]
        s.markets = [[None] * 3, [None] * 3]
    for name in ("shrine", "totem_discard", "spirit_discard"):
        if getattr(part, name) is not None:
            loose += getattr(s, name)
            setattr(s, name, [])
    _remove_everywhere(s, set(named))
    loose = [x for x in loose if x not in named]

    # 3. place
    for i, pp in enumerate(part.players):
        p = s.players[pp.seat - 1]
        if pp.guide is not None:
            p.guide = pp.guide
        if pp.hand is not None:
            p.hand = list(pp.hand)
        if pp.released is not None:
            p.released = list(pp.released)
        if pp.ap is not None:
            p.ap = pp.ap
        if pp.board is not None:
            for j, bs in enumerate(pp.board):
                if bs is None:
                    continue
                ps = PlacedSpirit(card=bs.card, used=bs.used)
                for k, t in enumerate(bs.totems):
                    opts = fill_options(g, ps, t)
                    if not opts:
                        raise bad(f"players[{i}].board[{j}].totems[{k}]",
                                  f"{t} meets none of {bs.card}'s unmet requirements")
                    ps.totems.append(t)
                    for slot in opts[0]:
                        ps.slots[slot] = t
                if all(x is not None for x in ps.slots):
                    raise bad(f"players[{i}].board[{j}].totems", "these Totems meet every requirement: the Spirit "
                              "would already be released; list it under released instead")
                p.board[j] = ps
        used = sum(1 for ps in p.board if ps is not None and ps.used)
        p.activation_tokens = pp.activation_tokens if pp.activation_tokens is not None else 3 - used
        if p.activation_tokens + used != 3:
            raise bad(f"players[{i}].activation_tokens", f"tokens on the board ({p.activation_tokens}) plus used "
                      f"abilities ({used}) must be 3")
    if part.lost_spirits is not None:
        s.lost_spirits = list(part.lost_spirits)
    if part.markets is not None:
        s.markets = [list(r) for r in part.markets]
    for name in ("shrine", "totem_discard", "spirit_discard"):
        if getattr(part, name) is not None:
            setattr(s, name, list(getattr(part, name)))
    for c in loose:
        kind = g.card_kind(c)
        {"spirit": s.spirit_deck, "totem": s.totem_deck, "blessing": s.blessing_deck,
         "curse": s.curse_deck}[kind].insert(0, c)
    for deck in ("spirit", "totem", "blessing", "curse"):
        pile = getattr(s, f"{deck}_deck")
        for c in reversed(getattr(tops, deck)):
            pile.append(c)
    if part.spirit_deck is not None:
        s.spirit_discard += [x for x in s.spirit_deck if x not in part.spirit_deck]
        s.spirit_deck = list(reversed(part.spirit_deck))
    if part.current is not None:
        s.current = part.current - 1
    if part.first_player is not None:
        s.first_player = part.first_player - 1
    if part.endgame_by is not None:
        s.endgame_by = part.endgame_by - 1
    _check_table(s, part, bad)
    s.pending = []
    return finish_partial(g, s, part, where, bad, chance_values(g))


def _check_table(s: RSState, part: PartialState, bad) -> None:
    """Refuse a table the rules cannot reach (attack 41): two players with one Spirit Guide (Setup: each takes a
    guide of their own), or a player with the released Spirits that trigger the endgame (rs.end.trigger) while the
    file sets no ``endgame_by`` (a 6th Spirit was then released and the endgame never began). An ``endgame_by`` seat
    with fewer is left to the file (a what-if may move the trigger to another seat to compare the tiebreakers).
    Fields are named as the file gives them."""
    field = {pp.seat - 1: f"players[{i}]" for i, pp in enumerate(part.players)}
    owner: dict[str, int] = {}
    for seat, p in enumerate(s.players):
        if p.guide is not None and p.guide in owner:
            raise bad(field.get(seat, field.get(owner[p.guide], "players")) + ".guide",
                      f"{short(p.guide)} is already Player {owner[p.guide] + 1}'s guide: each player has a guide of "
                      "their own")
        if p.guide is not None:
            owner[p.guide] = seat
    need = RELEASES_TO_TRIGGER.get(len(s.players))
    if need is None:
        return
    for seat, p in enumerate(s.players):
        if len(p.released) >= need and s.endgame_by is None:
            raise bad(field.get(seat, "players") + ".released",
                      f"Player {seat + 1} has {len(p.released)} released Spirits, which triggers the endgame with "
                      f"{len(s.players)} players ({need} needed): give endgame_by (the seat that triggered it) or "
                      "list fewer")


def _remove_everywhere(s: RSState, cards: set[str]) -> None:
    if not cards:
        return
    keep = lambda lst: [x for x in lst if x not in cards]
    for name in ("spirit_deck", "spirit_discard", "totem_deck", "totem_discard", "shrine", "blessing_deck",
                 "curse_deck", "out_of_game"):
        setattr(s, name, keep(getattr(s, name)))
    s.lost_spirits = [None if x in cards else x for x in s.lost_spirits]
    s.markets = [[None if x in cards else x for x in row] for row in s.markets]
    for p in s.players:
        p.hand = keep(p.hand)
        p.released = keep(p.released)
        for j, ps in enumerate(p.board):
            if ps is None:
                continue
            if ps.card in cards:
                p.board[j] = None
                # its Totems stay loose: put them back to the Totem deck bottom unless named elsewhere
                s.totem_deck[:0] = [t for t in ps.totems if t not in cards]
                if ps.used:
                    p.activation_tokens += 1
            else:
                removed = [t for t in ps.totems if t in cards]
                if removed:
                    ps.totems = keep(ps.totems)
                    ps.slots = [None if x in cards else x for x in ps.slots]


def facts(g, s: RSState) -> dict:
    """Named facts for scenario expectations: ``pN.ap``, ``pN.hand``, ``pN.hand_size``, ``pN.released``,
    ``pN.released_count``, ``pN.board`` (card ids or None), ``pN.activation_tokens``, ``pN.unmet.<space>``
    (requirement icons still unmet on a space; ``None`` for an empty space), ``current`` (seat, 1-based), ``phase``,
    ``shrine_top``, ``shrine_size``, ``shrine``, ``lost_spirits``, ``markets``, ``totem_discard_size``, ``endgame_by``,
    ``winners`` (1-based seats), ``pending`` (kind of the pending decision or None); for the variants:
    ``pN.achievements`` (ids earned), ``pN.tokens`` (Spirit Tokens on each space), ``pN.copies`` (the Spirit
    the Copy token of each space's Spirit lies on, or None), ``side``, ``bonuses`` (B-side
    bonus per space, None on the A side), ``spirit_deck_size``, ``spirit_discard``, ``out_of_game``, ``solo_rank``; ``chance_left`` (outcomes of chance
    fixed in advance and not used yet)."""
    out: dict = {}
    for p in s.players:
        k = f"p{p.seat + 1}"
        out[f"{k}.ap"] = p.ap
        out[f"{k}.hand"] = list(p.hand)
        out[f"{k}.hand_size"] = len(p.hand)
        out[f"{k}.released"] = list(p.released)
        out[f"{k}.released_count"] = len(p.released)
        out[f"{k}.board"] = [ps.card if ps else None for ps in p.board]
        out[f"{k}.activation_tokens"] = p.activation_tokens
        out[f"{k}.guide"] = p.guide
        for j, ps in enumerate(p.board):
            if ps is None:
                out[f"{k}.unmet.{j + 1}"] = None  # an empty space: no Spirit, so nothing to meet
            else:
                req = g.cards.by_id[ps.card].requirements
                out[f"{k}.unmet.{j + 1}"] = [req[i] for i, x in enumerate(ps.slots) if x is None]
    out["current"] = s.current + 1
    out["phase"] = s.phase
    out["shrine"] = list(s.shrine)
    out["shrine_top"] = s.shrine[-1] if s.shrine else None
    out["shrine_size"] = len(s.shrine)
    out["lost_spirits"] = list(s.lost_spirits)
    out["markets"] = [list(r) for r in s.markets]
    out["totem_discard_size"] = len(s.totem_discard)
    out["endgame_by"] = None if s.endgame_by is None else s.endgame_by + 1
    out["winners"] = [w + 1 for w in s.winners]
    out["pending"] = s.pending[-1].kind if s.pending else None
    for p in s.players:
        k = f"p{p.seat + 1}"
        out[f"{k}.achievements"] = list(p.achievements)
        out[f"{k}.tokens"] = [list(ps.tokens) if ps else None for ps in p.board]
        out[f"{k}.copies"] = [ps.copied if ps else None for ps in p.board]
    out["side"] = s.side
    out["bonuses"] = [space_bonus(g, i) for i in range(3)]
    out["spirit_deck_size"] = len(s.spirit_deck)
    out["spirit_discard"] = list(s.spirit_discard)
    out["out_of_game"] = sorted(s.out_of_game)
    out["solo_rank"] = s.solo_rank
    out["chance_left"] = len(s.chance)
    return out
