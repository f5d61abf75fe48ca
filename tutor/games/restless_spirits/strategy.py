"""What a computer player of Restless Spirits sees, and how it judges a position (used by :mod:`tutor.bots`).

Observation (Setup; Jiangsu's clarification: an opponent's hand may be counted, never looked at): the seat's own
hand and draft packet (and a target's hand while an ability of the seat's has it look through it to take a card);
the other seats' hands and packets as counts; the Spirit, Totem, Blessing and Curse decks as counts; everything on
the table (boards, Lost Spirits row, Totem Markets, Shrine, discards) as it is.

Judging a position follows the rulebook's goal (Winning the Game: release Spirits by meeting all three Totem
Requirements): Spirits released, requirements met on one's board, Spirits one step from release, and Totems in
hand that fit an unmet requirement. Activation Tokens kept count a little (Activated abilities: each use spends one),
so an ability that would change nothing now is kept for later rather than spent.

Reasons are written to the seat that moves, with ``{you}``/``{your}`` marks that :meth:`tutor.bots.Bot.explain`
fills ("you"/"your" for a hint, "it"/"its" for the computer's own move).
"""
from __future__ import annotations

from typing import Any

from .reason_facts import true_to_position
from .requirements import fill_options
from .state import PlacedSpirit, RSState

#: Feature weights (a released Spirit is the goal; a met requirement is a third of the way to one).
#: ``reach``: what a fitting Totem does beyond meeting one requirement of one Spirit (a Double meeting two, a Wild
#: fitting several Spirits: :func:`totem_worth`), so that the Totem taken for it is the one kept when an offering
#: must go (hints35: a hint took a Wild Totem, and the next offered it, every fitting Totem counting the same).
WEIGHTS = {"released": 25.0, "met": 3.0, "near": 2.0, "on_board": 2.0, "fitting": 1.5, "reach": 0.4, "hand": 0.3,
           "cards": 0.6, "tokens": 0.5}
#: The features only the seat's hidden hand tells (which of its Totems fit, and how much): left out of a reason
#: said for a page that hides the seat's hand (:meth:`tutor.bots.Bot.reason`'s ``public``).
HIDDEN_FEATURES = ("fitting", "reach")


#: How a reason names what the decisions after an action do (:meth:`tutor.bots.Bot.reasons`), by the action's
#: kind: a refresh's or retrieve's pick, a buy's swap at the hand limit. An attract's offering and space are the
#: attract itself (its Spirit comes to the board): said as the action's own (``""``; trial 20: "once the Spirit is
#: placed, it brings a Spirit to your board").
FOLLOW = {"attract": "", "choose-offering": "", "refresh-and-attract": "",
          "refresh-market-and-buy": "with the Totem taken next, it", "retrieve-from-shrine": "with the Totem taken "
          "next, it", "buy-totem": "with the Totem given up, it", "activate-ability": "with the ability's choices, it"}


def observation(g, s: RSState, seat: int) -> dict[str, Any]:
    """The state as ``seat`` may see it (see the module docstring); JSON-like."""
    d = s.model_dump(mode="json")
    d.pop("rng", None)
    for key in ("spirit_deck", "totem_deck", "blessing_deck", "curse_deck"):
        d[key] = {"hidden": len(d[key])}
    shown = _hands_shown_to(s, seat)
    for p in d["players"]:
        if p["seat"] != seat and p["seat"] not in shown:
            p["hand"] = {"hidden": len(p["hand"])}
    if d.get("draft"):
        d["draft"]["packets"] = [pk if i == seat else {"hidden": len(pk)}
                                 for i, pk in enumerate(d["draft"]["packets"])]
    for dec in d["pending"]:
        if dec["actor"] != seat:
            for key in ("cards", "options", "held"):
                if key in dec:  # the kinds that have them
                    dec[key] = {"hidden": len(dec[key])}
    return d


def hidden_groups(g, s: RSState, seat: int) -> list[list[tuple[Any, Any]]]:
    """Places whose cards ``seat`` cannot see, as ``(list, index)`` slots in one group (cards are dealt again
    within their kind: Totems, Blessings, Curses, Spirits)."""
    lists = [s.spirit_deck, s.totem_deck, s.blessing_deck, s.curse_deck]
    shown = _hands_shown_to(s, seat)
    lists += [p.hand for p in s.players if p.seat != seat and p.seat not in shown]
    if s.draft is not None:
        lists += [pk for i, pk in enumerate(s.draft.packets) if i != seat]
    return [[(lst, i) for lst in lists for i in range(len(lst))]]


def _hands_shown_to(s: RSState, seat: int) -> set[int]:
    """The other seats whose hand ``seat`` is looking through now: the target of its own pending "choose a card
    from their hand" decision (an ability that plays a card from a target's hand)."""
    return {d.target for d in s.pending if d.actor == seat and d.kind == "choose-hand-card" and d.target is not None}


def category(g, card: str) -> str:
    """The kind of a card (``totem``, ``blessing``, ``curse``, ``spirit``)."""
    return g.card_kind(card)


def mid_move(g, s: RSState, seat: int) -> bool:
    """True while ``seat`` is answering a decision inside a move (which Totem, which space...)."""
    return bool(s.pending) and s.pending[-1].actor == seat


def features(g, s: RSState, seat: int) -> dict[str, float]:
    """Named counts of ``seat``'s progress toward releasing Spirits (see :data:`WEIGHTS`)."""
    p = s.players[seat]
    met = near = on_board = 0
    spirits = [ps for ps in p.board if ps is not None]
    for ps in spirits:
        n = sum(x is not None for x in ps.slots)
        met += n
        near += n == 2
        on_board += 1
    fitting = reach = hand = cards = 0
    for c in p.hand:
        if g.card_kind(c) == "totem":
            hand += 1
            most, fits = totem_worth(g, spirits, c)
            if fits:
                fitting += 1
                reach += most - 1 + fits - 1
        else:
            cards += 1
    return {"released": float(len(p.released)), "met": float(met), "near": float(near),
            "on_board": float(on_board), "fitting": float(fitting), "reach": float(reach), "hand": float(hand),
            "cards": float(cards), "tokens": float(p.activation_tokens)}


def totem_worth(g, spirits, totem: str) -> tuple[int, int]:
    """What Totem ``totem`` can do for ``spirits`` (placed Spirits): ``(the most unmet requirements it meets at once
    on one of them, how many of them it fits)``; ``(0, 0)`` when it fits none. A Single meets one requirement, a
    Double up to two of its items, a Wild any one on every Spirit with an unmet requirement and any two on a Spirit
    of its type (rs.totem.single, rs.totem.double, rs.totem.wild, rs.totem.double-wild)."""
    opts = [fill_options(g, ps, totem) for ps in spirits]
    return max((len(o) for os in opts for o in os), default=0), sum(1 for os in opts if os)


#: Why each set-up decision is taken, by action kind (the progress counts of :func:`features` do not explain them).
SETUP_REASONS = {
    # the guide's own Mastery; no guide is ahead of another before the Spirits are dealt (the bot ranks them as equal
    # and picks one at random), so no reason claims that this one is better
    "choose-guide": "{guide}'s Mastery makes attracting {mastery} Spirits a Free Action (0 AP) for the whole game, and "
                    "before any Spirit is dealt no guide is better than another, so any one will do {cite}",
    "draft-pick": "each Totem kept in the draft starts the game in {your} hand, ready to meet Totem Requirements "
                  "(a double Totem can meet two) {cite}",
}


#: Moves that take a Totem into the hand, and why taking it first is worth it when a fitting Totem is already in
#: hand (the bot buys first: holding fitting Totems wins as often; a Totem in hand stays there, rs.hand-limit aside).
_BUYS = {"buy-totem": "the market's Totem may not wait", "refresh-market-and-buy": "the market's Totem may not wait",
         "retrieve-from-shrine": "the Shrine's Totems may not wait"}


def reasons(g, s: RSState, mine) -> list[str]:
    """Why ``mine`` (a :class:`tutor.bots.Scored`) is sensible: phrases citing clauses, for
    :meth:`tutor.bots.Bot.explain` to join."""
    a, ch = mine.action, mine.changes
    cite = " ".join(f"[{c}]" for c in a.clauses[:2])
    if a.kind in SETUP_REASONS:  # a set-up decision: the look-ahead's counts say nothing about why
        guide = g.cards.by_id.get(a.param("guide") or "")
        return [SETUP_REASONS[a.kind].format(cite=cite, you="{you}", your="{your}",
                                             guide=getattr(guide, "name", "this guide"),
                                             mastery=str(getattr(guide, "mastery", "")).capitalize())]
    if a.kind == "choose-offering":  # its own reason: which Totem goes, not what the attract does (hints35)
        return [offering_reason(g, s, a, getattr(mine, "public", False))]
    reasons = []
    if ch.get("released", 0) > 0:
        reasons.append(f"it releases a Spirit, and released Spirits win the game [rs.goal] {cite}")
    else:
        if ch.get("on_board", 0) > 0:
            reasons.append(f"it brings a Spirit to {{your}} board to work toward releasing it {cite}")
        if ch.get("met", 0) > 0:
            n = int(ch["met"])
            reasons.append(f"it meets {n} more Totem Requirement{'s' if n != 1 else ''} on {{your}} board "
                           f"(all three release the Spirit) {cite}")
        if ch.get("fitting", 0) > 0:
            if ch.get("hand", 0) > 0 and ch.get("on_board", 0) <= 0:  # a Totem came to the hand (bought, drawn...)
                said = f"it brings {{your}} hand a Totem that fits an unmet requirement of a Spirit on {{your}} board"
                if a.kind in _BUYS and not getattr(mine, "public", False) and features(g, s, a.actor)["fitting"]:
                    said += (f", and a fitting Totem already in {{your}} hand can still be played with a later AP, "
                             f"while {_BUYS[a.kind]}")  # (trial 40: why buy before playing the one in hand)
                reasons.append(f"{said} {cite}")
            else:  # the hand's Totems did not grow: a Spirit came (attract) whose requirements they fit
                n = int(ch["fitting"])
                reasons.append(f"then {n} Totem{'s' if n != 1 else ''} already in {{your}} hand fit"
                               f"{'' if n != 1 else 's'} an unmet requirement of a Spirit on {{your}} board {cite}")
        if ch.get("cards", 0) > 0 and not reasons:
            n = int(ch["cards"])
            reasons.append(f"it puts {n} more Blessing or Curse card{'s' if n != 1 else ''} in {{your}} hand, to play "
                           f"on a turn of {{your}} own {cite}")
        if ch.get("hand", 0) > 0 and not reasons:
            n = int(ch["hand"])
            reasons.append(f"it adds {n} Totem{'s' if n != 1 else ''} to {{your}} hand; none fits a Spirit on {{your}} "
                           f"board yet, but each can meet a requirement of a Spirit attracted later {cite}")
    if not reasons:
        if a.kind == "end-turn":
            reasons.append(f"nothing left this turn brings a Spirit closer to release, so ending it wastes nothing "
                           f"{cite}")
        else:  # what the move does now (trial 42: a stock phrase said nothing, e.g. for Takayama)
            reasons.append(f"no move now brings a Spirit closer to release; {_what_it_does(g, s, a)} {cite}")
    # (chance said as chance, public words, a later AP: new user 44; the Totem the computer takes next: new user 45)
    return true_to_position(g, s, mine, reasons, worth)


def worth(g, s: RSState, seat: int) -> float:
    """``seat``'s weighted counts in ``s`` (:data:`WEIGHTS` by :func:`features`): how the bot weighs its own answers
    to the decisions inside a move."""
    return sum(WEIGHTS.get(k, 0.0) * v for k, v in features(g, s, seat).items())


#: What an ability that changes none of the seat's own counts gains it, by effect (trial 42: Takayama's destroy).
_ABILITY_GAINS = {
    "destroy-trade": "the targeted opponent loses one of their Spirits, with the Totems met on it",
    "steal-random": "a card goes from an opponent's hand to {your} own",
    "discard-random": "an opponent loses a card from their hand",
    "discard-half": "opponents lose cards from their hands",
    "gain-ap": "the ability gains AP to spend this turn",
    "next-turn-ap": "{your} next turn starts with more AP",
}


def _what_it_does(g, s: RSState, a) -> str:
    """What ``a`` does now, said of the seat ({your}): a Blessing or Curse played or an activated ability by its text
    in our words and, where its effect hurts an opponent or gains AP, what that gains (:data:`_ABILITY_GAINS`);
    another move by its label."""
    card = None
    played = g.cards.by_id.get(a.param("card") or "") if a.kind in ("play-blessing", "play-curse") else None
    if played is not None and getattr(played, "text", ""):  # a Blessing or Curse: its text in our words
        gains = [_ABILITY_GAINS[e.effect] for e in played.effects if e.effect in _ABILITY_GAINS]
        said = f"this one plays {played.name} (“{played.text.rstrip('.')}”)"
        return said + (f": {gains[0]}" if gains else "")
    if a.kind == "activate-ability":
        space = a.param("space")
        board = s.players[a.actor].board
        ps = board[space - 1] if isinstance(space, int) and 0 < space <= len(board) else None
        card = g.cards.by_id.get(ps.card) if ps is not None else None
    if card is None or card.ability is None:
        return f"so this one takes “{a.label}”"
    gains = [_ABILITY_GAINS[e.effect] for e in card.ability.effects if e.effect in _ABILITY_GAINS]
    said = f"this one uses {card.name}'s ability now (“{card.ability.text.rstrip('.')}”)"
    return said + (f": {gains[0]}" if gains else "")


def offering_reason(g, s: RSState, action, public: bool = False) -> str:
    """Why ``action`` (a ``choose-offering``) gives up this Totem: what it does for the Spirits on the seat's board,
    the Spirit being attracted counted in (:func:`totem_worth`), against the Totems kept, which the bot ranks by the
    same measure (its features ``fitting`` and ``reach``). ``public``: said of a seat whose hand is hidden, only what
    the table shows (the offered Totem goes face-up to the Shrine; the board is open), not the Totems kept."""
    seat, totem = action.actor, action.param("totem")
    d = s.pending[-1] if s.pending else None
    spirits = [ps for ps in s.players[seat].board if ps is not None]
    coming = list(getattr(d, "cards", None) or []) if getattr(d, "kind", "") == "choose-offering" else []
    spirits += [PlacedSpirit(card=c) for c in coming[:1]]
    where = "a Spirit on {your} board" + (", the one being attracted included" if coming else "")
    cite = "[rs.attract.offering]"
    most, fits = totem_worth(g, spirits, totem)
    if not fits:
        return f"this Totem meets no unmet Totem Requirement of {where}, so the offering gives up nothing needed " \
               f"for a release {cite}"
    on = f"{fits} Spirit{'s' if fits > 1 else ''}"
    does = f"it can meet one requirement, on {on}" if most == 1 else \
        f"it can meet up to {most} requirements at once, and fits {on}"
    if public:
        return f"an offering is one Totem from {{your}} hand; this one fits {where} ({does}), and the Totems kept " \
               f"stay hidden {cite}"
    others = {c: totem_worth(g, spirits, c) for c in set(s.players[seat].hand) if g.is_totem(c) and c != totem}
    if not others:
        return f"it is the only kind of Totem in {{your}} hand, and attracting starts with an offering of one, " \
               f"though it fits {where} ({does}) {cite}"
    if all(w[1] and sum(w) >= most + fits for w in others.values()):  # (the bot's measure: reach)
        return f"every Totem in {{your}} hand fits {where}, and this one does no more than any other ({does}), so " \
               f"the Totems that do as much or more are kept {cite}"
    return f"this Totem fits {where} ({does}) {cite}"


#: Action kinds whose ``spirit`` parameter is the Spirit whose ability the learner may want to know.
_SPIRIT_KINDS = ("attract", "choose-lost-spirit", "choose-drawn-spirit", "choose-copy")


def card_text(g, s: RSState, action) -> tuple[str, str] | None:
    """The card ``action`` brings, plays or activates and its text in our words: a Spirit's ability (attracted,
    drawn, copied or activated on a space of the acting player's board), a Blessing's or Curse's text; None
    otherwise."""
    by = g.cards.by_id
    card = None
    if action.kind in _SPIRIT_KINDS:
        card = by.get(action.param("spirit") or "")
    elif action.kind in ("play-blessing", "play-curse"):
        card = by.get(action.param("card") or "")
    elif action.kind == "activate-ability" and s.current is not None:
        board = s.players[s.current].board
        space = action.param("space")
        ps = board[space - 1] if isinstance(space, int) and 0 < space <= len(board) else None
        card = by.get(ps.card) if ps is not None else None
    if card is None:
        return None
    text = getattr(card, "text", None) or getattr(getattr(card, "ability", None), "text", None)
    return (card.name, text) if text else None
