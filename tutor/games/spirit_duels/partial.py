"""Partial states for Spirit Duels scenarios and lessons (``setup.state`` of a scenario file), and the named facts
their expectations compare.

A scenario starts from the dealt set-up with the mulligan skipped (pre-built teams only: a draft scenario starts at
the first Class pick, with no partial state, and scripts the draft): round 1, Action Phase, 2 Essence each, Player 1
holding the Advantage Token unless the partial state says otherwise; ``last_was_pass: true`` says the other player
has just passed (so a pass by the player to act ends the Action Phase; refused together with ``gained_by``). Only
what is named changes, and every card keeps exactly one place: a player's named cards come out of that player's own
30 cards (loose cards first, then the deck, then unnamed zones); cards pushed out of a replaced zone go to the bottom
of the deck. ``chance`` fixes outcomes of chance in advance, in order (:mod:`tutor.core.chance`: the faces of the
next dice rolled, ``sd.roll.forced``; the next cards drawn or revealed at random, ``sd.ruling.fixed-chance``), and
``forced_rolls`` is its older spelling for die faces; ``decision`` sets up a pending decision by the rules (an action
just taken, :mod:`tutor.core.opening`). A draft scenario may give ``chance`` alone.
"""
from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator

from ...core.chance import MAX_FIXED, ChanceEntries, fix, roll_entries
from ...core.errors import said
from ...core.opening import Opening
from ...core.partial import MAX_COUNTER, check_turn, finish_partial, start_partial
from .ctx import STATUS_TOKENS, TOKEN_CAP, is_presence, spirit_name, stat
from .dice import DIE_FACES, FACE_NAMES
from .state import Die, ItemInPlay, SDState


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SpiritPart(_P):
    """One Spirit slot (its line is fixed by the team); fields left out stay as dealt."""

    stage: int | None = Field(default=None, ge=1, le=3)
    damage: int | None = Field(default=None, ge=0, le=MAX_COUNTER)
    armor: int | None = Field(default=None, ge=0, le=TOKEN_CAP)
    burn: int | None = Field(default=None, ge=0, le=TOKEN_CAP)
    freeze: int | None = Field(default=None, ge=0, le=TOKEN_CAP)
    poison: int | None = Field(default=None, ge=0, le=TOKEN_CAP)
    exhausted: bool | None = None
    defeated: bool | None = None
    traits: list[str] | None = None
    pool: list[str] | None = Field(default=None, max_length=MAX_FIXED,
                                   description="dice as KIND/FACE, e.g. attack-1/attack, magic-2/magic+1, "
                                               "advantage/blank (at most 200: bounded at load, so that the saved "
                                               "session of any scenario that loads can be loaded again)")
    advantage_die: bool | None = None
    limited_used: bool | None = None


class ItemPart(_P):
    card: str
    charges: int | None = Field(default=None, ge=1, le=MAX_COUNTER)
    exhausted: bool = False
    limited_used: bool = False


class PlayerPart(_P):
    seat: StrictInt
    essence: int | None = Field(default=None, ge=0, le=MAX_COUNTER)
    hand: list[str] | None = None
    discard: list[str] | None = None
    deck_top: list[str] = Field(default_factory=list, description="first listed = top card")
    deck_size: int | None = Field(default=None, ge=0, le=MAX_COUNTER, description="cards beyond this many are moved from the "
                                                                   "deck to the discard pile")
    items: list[ItemPart] | None = None
    spirits: list[SpiritPart | None] | None = None


class PartialState(_P):
    """The Spirit Duels ``setup.state`` shape."""

    players: list[PlayerPart] = Field(default_factory=list)
    current: int | None = Field(default=None, ge=1, le=2)
    advantage: int | None = Field(default=None, ge=1, le=2)
    gained_by: int | None = Field(default=None, ge=1, le=2)
    round: int | None = Field(default=None, ge=1, le=MAX_COUNTER)
    last_was_pass: bool | None = Field(default=None, description="true: the other player's last action was a pass, "
                                       "so a pass by the player to act now ends the Action Phase")
    forced_rolls: list[str] = Field(default_factory=list, max_length=MAX_FIXED,
                                    description="older spelling of chance roll entries: the faces of the next dice "
                                                "rolled, in order")
    chance: ChanceEntries
    decision: Opening | None = Field(default=None, description="the set-up ends inside an action: Player `seat` "
                                     "has just taken `action` (as a script step), so its choice is pending "
                                     "(tutor/core/opening.py); it was their action")

    @field_validator("last_was_pass", mode="before")
    @classmethod
    def _strict_bool(cls, v):
        if v is not None and not isinstance(v, bool):
            raise ValueError(f"must be true or false, got {said(v)}")
        return v


def chance_values(g, s: SDState) -> dict:
    """The outcomes of chance a Spirit Duels scenario can fix (:func:`tutor.core.chance.fix`): ``roll`` a die face
    (:data:`.dice.FACE_NAMES`), ``draw`` a card of either player's 30 (the next draw from the owner's deck),
    ``pick`` a card (the next card Drain reveals at random)."""
    def face(v: str) -> str | None:
        return None if v in FACE_NAMES else f"unknown face {said(v)}; faces: {', '.join(FACE_NAMES)}"

    def card(v: str) -> str | None:
        known = v in g.cards.by_id and v in {x.id for x in g.cards.cards}
        return None if known else f"no card called {said(v)} in {g.title}"
    return {"roll": face, "draw": card, "pick": card}


def apply_partial(g, state: SDState, data: dict, where: str) -> SDState:
    """Return a copy of ``state`` with the partial state ``data`` applied (module doc).

    Raises:
        ContentError: unknown field or card, more copies than the team owns, a bad die or token count; naming
            ``where`` and the field.
    """
    part, s, bad = start_partial(PartialState, data, where, state)

    if part.forced_rolls and part.chance:
        raise bad("forced_rolls", "forced_rolls and chance both fix outcomes of chance: forced_rolls is the older "
                  "spelling of chance's roll entries, and the order between the two lists would be a guess; give "
                  "chance alone ({roll: FACE} entries)")
    for i, f in enumerate(part.forced_rolls):
        if f not in FACE_NAMES:
            raise bad(f"forced_rolls[{i}]", f"unknown face {said(f)}; faces: {', '.join(FACE_NAMES)}")
    if s.phase == "draft":
        if set(data) - {"chance"}:
            raise bad("<state>", "a partial state needs dealt teams; with setup='draft' a scenario starts at the "
                      "first Class pick and its script makes the draft choices (only chance may be given)")
        fix(s, part.chance, chance_values(g, s), where)
        return s

    # finish the set-up without the mulligan
    for p in s.players:
        p.deck.extend(p.aside)
        p.aside = []
        p.essence = 2
    s.pending, s.work = [], []
    s.phase, s.round = "action", part.round or 1
    s.advantage = (part.advantage or 1) - 1
    s.current = (part.current - 1) if part.current else s.advantage
    s.gained_by = None if part.gained_by is None else part.gained_by - 1
    if part.last_was_pass:
        if s.gained_by is not None:
            raise bad("last_was_pass", "cannot be true when gained_by is set: once a player has gained the "
                      "advantage, the other player's pass ends the Action Phase (sd.advantage.locked)")
    s.last_was_pass = bool(part.last_was_pass)
    fix(s, part.chance or roll_entries(part.forced_rolls), chance_values(g, s), where,
        "chance" if part.chance else "forced_rolls")
    for n, pp in enumerate(part.players):
        f = f"players[{n}]"
        if pp.seat not in (1, 2):
            raise bad(f + ".seat", "seat must be 1 or 2")
        if pp.deck_size is not None and pp.discard is not None:
            raise bad(f + ".deck_size", f"{f}.deck_size and {f}.discard contradict each other: deck_size moves the "
                      "cards beyond it to the discard pile, which would override the discard list; give one")
        p = s.players[pp.seat - 1]
        owned = g.owned_cards(p)
        named: list[tuple[str, str]] = []
        for zone in ("hand", "discard", "deck_top"):
            named += [(c, f"{f}.{zone}[{j}]") for j, c in enumerate(getattr(pp, zone) or [])]
        named += [(it.card, f"{f}.items[{j}].card") for j, it in enumerate(pp.items or [])]
        if pp.spirits is not None and len(pp.spirits) > 3:
            raise bad(f + ".spirits", "a team has exactly 3 Spirits (use null to leave one as dealt)")
        for j, sp in enumerate(pp.spirits or []):
            named += [(c, f"{f}.spirits[{j}].traits[{k}]") for k, c in enumerate((sp.traits or []) if sp else [])]
        count: Counter = Counter()
        for c, field in named:
            if c not in g.cards.by_id or c not in {x.id for x in g.cards.cards}:
                raise bad(field, f"no card called {said(c)} in {g.title}")
            count[c] += 1
            if count[c] > owned[c]:
                team = f"the {p.team} team" if p.team else f"Player {p.seat + 1}'s drafted team"
                raise bad(field, f"{said(c)}: {team} owns {owned[c]} cop{'y' if owned[c] == 1 else 'ies'}")
        for j, it in enumerate(pp.items or []):
            if g.cards.by_id[it.card].kind != "item":
                raise bad(f"{f}.items[{j}].card", f"{said(it.card)} is not an Item")
        loose: list[str] = []
        if pp.hand is not None:
            loose += p.hand
            p.hand = []
        if pp.discard is not None:
            loose += p.discard
            p.discard = []
        if pp.items is not None:
            loose += [it.card for it in p.items]
            p.items = []
        for j, sp in enumerate(pp.spirits or []):
            if sp is not None and sp.traits is not None:
                loose += p.spirits[j].traits
                p.spirits[j].traits = []
        for c, field in named:
            for zone in (loose, p.deck, p.hand, p.discard):
                if c in zone:
                    zone.remove(c)
                    break
            else:
                raise bad(field, f"{said(c)}: no free copy left (it is already named or in play elsewhere)")
        if pp.hand is not None:
            p.hand = list(pp.hand)
        if pp.discard is not None:
            p.discard = list(pp.discard)
        if pp.items is not None:
            p.items = [ItemInPlay(card=it.card, exhausted=it.exhausted, limited_used=it.limited_used,
                                  charges=it.charges if it.charges is not None else g.cards.by_id[it.card].charged)
                       for it in pp.items]
        p.deck[0:0] = loose
        p.deck.extend(reversed(pp.deck_top))
        if pp.deck_size is not None:
            if pp.deck_size < len(pp.deck_top):
                raise bad(f + ".deck_size", "smaller than the deck_top list")
            extra = len(p.deck) - pp.deck_size
            if extra > 0:
                p.discard.extend(p.deck[:extra])
                del p.deck[:extra]
        if pp.essence is not None:
            p.essence = pp.essence
        for j, sp in enumerate(pp.spirits or []):
            if sp is None:
                continue
            sl = p.spirits[j]
            for name in ("stage", "damage", "exhausted", "defeated", "advantage_die", "limited_used") + STATUS_TOKENS:
                v = getattr(sp, name)
                if v is not None:
                    setattr(sl, name, v)
            if sp.traits is not None:
                sl.traits = list(sp.traits)
            if sp.pool is not None:
                sl.pool = []
                for k, txt in enumerate(sp.pool):
                    kind, _, face = txt.partition("/")
                    if kind not in DIE_FACES or face not in DIE_FACES[kind]:
                        raise bad(f"{f}.spirits[{j}].pool[{k}]", f"{said(txt)} is not KIND/FACE of a real die (kinds: "
                                  f"{', '.join(DIE_FACES)})")
                    sl.pool.append(Die(kind=kind, face=face))
    check_turn(part, bad, "the decision follows its player's own action")
    return finish_partial(g, s, part, where, bad)


def facts(g, s: SDState) -> dict:
    """Named facts: ``pN.essence``, ``pN.hand`` (sorted), ``pN.hand_size``, ``pN.deck_size``, ``pN.discard``
    (sorted), ``pN.items`` (card ids), ``pN.item_charges``; per Spirit ``pN.sK.name`` / ``stage`` / ``health`` /
    ``attack`` / ``magic`` / ``essence`` / ``damage`` / ``armor`` / ``burn`` / ``freeze`` / ``poison`` /
    ``exhausted`` / ``defeated`` / ``presence`` / ``traits`` / ``pool`` (KIND/FACE) / ``advantage_die``;
    ``current`` (the seat to act now, a decision's chooser included), ``advantage``, ``gained_by`` (1-based seats),
    ``last_was_pass``, ``phase``, ``round``, ``winners``, ``win_reason``,
    ``pending`` (kind of the pending decision), ``forced_rolls_left`` (die rolls fixed in advance and not
    used yet), ``chance_left`` (every outcome of chance fixed in advance and not used yet). The draft adds ``pN.classes`` (drafted, in
    pick order), ``pN.lines`` (chosen Spirit Line ids, in choice order), ``pN.cards`` (``{card id: copies}`` over
    all of the player's zones) and ``pN.card_count``, ``classes_left`` (Class cards still on the table) and
    ``lines_revealed``."""
    out: dict = {}
    for p in s.players:
        k = f"p{p.seat + 1}"
        out[f"{k}.classes"] = list(p.classes)
        out[f"{k}.lines"] = [sl.line for sl in p.spirits]
        owned = p.deck + p.hand + p.discard + p.aside + p.resolving + [it.card for it in p.items]
        owned += [t for sl in p.spirits for t in sl.traits]
        out[f"{k}.cards"] = dict(sorted(Counter(owned).items()))
        out[f"{k}.card_count"] = len(owned)
        out[f"{k}.essence"] = p.essence
        out[f"{k}.hand"] = sorted(p.hand)
        out[f"{k}.hand_size"] = len(p.hand)
        out[f"{k}.deck_size"] = len(p.deck)
        out[f"{k}.discard"] = sorted(p.discard)
        out[f"{k}.items"] = [it.card for it in p.items]
        out[f"{k}.item_charges"] = [it.charges for it in p.items]
        for j, sl in enumerate(p.spirits):
            q = f"{k}.s{j + 1}"
            out[f"{q}.name"] = spirit_name(g, sl)
            out[f"{q}.stage"] = sl.stage
            for st in ("health", "attack", "magic", "essence"):
                out[f"{q}.{st}"] = stat(g, sl, st)
            for t in ("damage",) + STATUS_TOKENS:
                out[f"{q}.{t}"] = getattr(sl, t)
            out[f"{q}.exhausted"] = sl.exhausted
            out[f"{q}.defeated"] = sl.defeated
            out[f"{q}.presence"] = is_presence(sl)
            out[f"{q}.traits"] = list(sl.traits)
            out[f"{q}.pool"] = [f"{d.kind}/{d.face}" for d in sl.pool]
            out[f"{q}.advantage_die"] = sl.advantage_die
    who = g.current_player(s)
    out["current"] = None if who is None else who + 1
    out["advantage"] = s.advantage + 1
    out["gained_by"] = None if s.gained_by is None else s.gained_by + 1
    out["last_was_pass"] = s.last_was_pass
    out["phase"] = s.phase
    out["round"] = s.round
    out["winners"] = [w + 1 for w in s.winners]
    out["win_reason"] = s.win_reason
    out["pending"] = s.pending[-1].kind if s.pending else None
    out["forced_rolls_left"] = len(s.forced_rolls)
    out["chance_left"] = len(s.chance)
    out["classes_left"] = list(s.draft.left) if s.draft is not None else []
    out["lines_revealed"] = s.draft.revealed if s.draft is not None else True
    return out
