"""Restless Spirits what-if adapter: zones, counters and edits as changes of the partial state
(``tutor/games/restless_spirits/partial.py``: a card named in a zone is taken from wherever it was; cards pushed out
of a named zone go to the bottom of their deck)."""
from __future__ import annotations

from ..core.errors import short

from ..core.session import Session
from ..games.restless_spirits.requirements import fill_options
from .edits import AddCard, Counter, DieSpec, Edit, FixDie, MoveCard, RemoveCard, SetAP, SetCounter, SetCurrent, Zone

#: Zones a card can be put in, with the card kinds each takes (``deck``: the bottom of the card's own deck;
#: ``deck_top``: its top, the next card drawn or dealt from it).
ZONE_KINDS: dict[str, tuple[str, ...]] = {
    "hand": ("totem", "blessing", "curse"), "board": ("spirit",), "released": ("spirit",),
    "lost_spirits": ("spirit",), "markets": ("totem",), "shrine": ("totem",), "totem_discard": ("totem",),
    "spirit_discard": ("spirit",), "deck": ("spirit", "totem", "blessing", "curse"),
    "deck_top": ("spirit", "totem", "blessing", "curse"),
    "space1": ("totem",), "space2": ("totem",), "space3": ("totem",),
}
PLAYER_ZONES = ("hand", "board", "released")
DECKS = ("spirit_deck", "totem_deck", "blessing_deck", "curse_deck")
#: The Totems under the Spirit on board space 1, 2 or 3 (met requirements, as if played there).
SPACES = ("space1", "space2", "space3")
#: Cards a hand holds at most (rs.hand-limit).
HAND_LIMIT = 7
#: AP a what-if may give (the rulebook's turns give 2; effects add a few).
AP_MAX = 20


#: A pending decision (the ``pending`` fact) in words: what the player is choosing.
DECISION_WORDS = {
    "choose-offering": "the Totem to offer to the Shrine", "choose-space": "the board space for the Spirit",
    "choose-lost-spirit": "a refreshed Lost Spirit to attract, or none",
    "choose-market-totem": "a refreshed market Totem to take, or none",
    "choose-swap-out": "the Totem to give up at the hand limit", "choose-shrine-totem": "the Shrine Totem to keep",
    "choose-requirement": "the requirement a Totem meets", "choose-target": "the player an ability targets",
    "choose-destroy": "a Spirit to destroy", "choose-own-destroy": "one of your own Spirits to destroy",
    "choose-disable": "a Spirit to disable", "choose-copy": "the ability to copy",
    "choose-discard": "a card to discard", "choose-limit-discard": "cards to discard down to the hand limit",
    "choose-hand-card": "a card from a hand", "choose-card-use": "how to use the card taken",
    "choose-reduce": "the requirement to reduce", "choose-disregard": "the requirement to disregard",
    "choose-wild-type": "what the Wild Totem counts as", "choose-drawn-spirit": "a drawn Spirit",
    "choose-drawn-space": "the board space for the drawn Spirit", "choose-move-space": "the space to move to",
    "choose-zone-card": "a card to take", "choose-bonus-totem": "the free bonus Totem",
    "choose-reactivate": "an ability to use again", "choose-malicious": "how to meet the Malicious ability",
    "choose-solo-discard": "a card to discard",
}


def names(s: Session) -> dict[str, str]:
    """``{card id: name}`` for the what-if's card lists and sentences."""
    cards = getattr(s.game, "cards", None)
    out = {cid: c.name for cid, c in getattr(cards, "by_id", {}).items()} if cards is not None else {}
    return out


def zones(s: Session) -> list[Zone]:
    """Every zone of this game's table a card can be in (:func:`tutor.faq_whatif.zones`): each seat's hand, board,
    the Totems under each of its Spirits, released Spirits; then the table's zones and the decks."""
    out = []
    for n, p in enumerate(s.state.players, 1):
        out += [Zone("hand", n), Zone("board", n)]
        out += [Zone(f"space{k}", n) for k, ps in enumerate(p.board, 1) if ps is not None]
        out.append(Zone("released", n))
    return out + [Zone(z) for z in ZONE_KINDS if z not in PLAYER_ZONES + SPACES]


def _check_zone(s: Session, zone: Zone) -> None:
    if zone.name not in ZONE_KINDS:
        raise ValueError(f"Restless Spirits has no {zone.label}")
    if (zone.name in PLAYER_ZONES + SPACES) != (zone.seat is not None):
        raise ValueError(f"{zone.label} is not a zone of Restless Spirits")
    if zone.seat is not None and not 1 <= zone.seat <= len(s.state.players):
        raise ValueError(f"there is no Player {zone.seat} in this game (seats 1..{len(s.state.players)})")


def zone_cards(s: Session, zone: Zone) -> list[str]:
    """The cards in ``zone`` now (:func:`tutor.faq_whatif.zone_cards`). Raises ValueError: no such zone or seat."""
    _check_zone(s, zone)
    st = s.state
    if zone.seat is not None:
        p = st.players[zone.seat - 1]
        if zone.name == "board":
            return [ps.card for ps in p.board if ps is not None]
        if zone.name in SPACES:
            ps = p.board[int(zone.name[-1]) - 1]
            return list(ps.totems) if ps is not None else []
        return list(getattr(p, zone.name))
    if zone.name == "markets":
        return [c for row in st.markets for c in row if c]
    if zone.name == "deck":
        return [c for d in DECKS for c in getattr(st, d)]
    if zone.name == "deck_top":  # the top card of each deck (the last of its list)
        return [getattr(st, d)[-1] for d in DECKS if getattr(st, d)]
    return [c for c in getattr(st, zone.name) if c]


def card_choices(s: Session, zone: Zone) -> list[str]:
    """Cards that may be added to ``zone`` (:func:`tutor.faq_whatif.card_choices`)."""
    g, nm = s.game, names(s)
    have = set(zone_cards(s, zone))
    kinds = ZONE_KINDS[zone.name]
    ok = [cid for cid in nm if g.card_kind(cid) in kinds and cid not in have]
    return sorted(ok, key=lambda c: (nm[c].lower(), c))


def targets(s: Session, card: str, source: Zone) -> list[Zone]:
    """The zones ``card`` may move to from ``source`` (:func:`tutor.faq_whatif.targets`)."""
    kind = s.game.card_kind(card)
    same = ("deck", "deck_top") if source.name in ("deck", "deck_top") else ()  # a deck's top is in the deck
    return [z for z in zones(s) if z != source and z.name not in same and kind in ZONE_KINDS[z.name]]


def counters(s: Session) -> list[Counter]:
    """The counters a what-if can set, with values and ranges (:func:`tutor.faq_whatif.counters`): each player's AP,
    the first player, who triggered the endgame (rs.end.trigger), and whether each board Spirit's ability is used (its
    Activation Token spent)."""
    st = s.state
    seats = tuple((f"Player {n}", n) for n in range(1, len(st.players) + 1))
    out = [Counter(f"p{n}.ap", f"Player {n}'s AP", p.ap, 0, AP_MAX) for n, p in enumerate(st.players, 1)]
    out.append(Counter("first_player", "the first player", st.first_player + 1, choices=seats))
    out.append(Counter("endgame_by", "the endgame triggered by", None if st.endgame_by is None else st.endgame_by + 1,
                       choices=(("nobody yet", None),) + seats))
    nm = names(s)
    for n, p in enumerate(s.state.players, 1):
        for k, ps in enumerate(p.board, 1):
            if ps is not None:
                out.append(Counter(f"p{n}.space{k}.used", f"Player {n}'s {nm.get(ps.card, ps.card)}: ability used",
                                   ps.used, choices=(("no", False), ("yes", True))))
    return out


def dice(s: Session) -> list[DieSpec]:
    """The die faces a what-if can fix (:func:`tutor.faq_whatif.dice`)."""
    return []


def turn_seats(s: Session) -> list[int]:
    """The seats (1-based) whose turn a what-if can make it."""
    return list(range(1, len(s.state.players) + 1))


def _player_part(partial: dict, seat: int) -> dict:
    players = partial.setdefault("players", [])
    for pp in players:
        if isinstance(pp, dict) and pp.get("seat") == seat:
            return pp
    pp = {"seat": seat}
    players.append(pp)
    return pp


def _unname(partial: dict, card: str) -> None:
    """Remove ``card`` from every zone the partial state names, so that naming it again elsewhere moves it."""
    drop = lambda lst: [x for x in lst if x != card]
    for pp in partial.get("players") or []:
        for name in ("hand", "released"):
            if isinstance(pp.get(name), list):
                pp[name] = drop(pp[name])
        if isinstance(pp.get("board"), list):
            pp["board"] = [None if isinstance(b, dict) and b.get("card") == card else
                           ({**b, "totems": drop(b.get("totems") or [])} if isinstance(b, dict) else b)
                           for b in pp["board"]]
    if isinstance(partial.get("lost_spirits"), list):
        partial["lost_spirits"] = [None if x == card else x for x in partial["lost_spirits"]]
    if isinstance(partial.get("markets"), list):
        partial["markets"] = [[None if x == card else x for x in row] for row in partial["markets"]]
    for name in ("shrine", "totem_discard", "spirit_discard", "spirit_deck"):
        if isinstance(partial.get(name), list):
            partial[name] = drop(partial[name])
    tops = partial.get("deck_tops")
    if isinstance(tops, dict):
        for k, v in tops.items():
            if isinstance(v, list):
                tops[k] = drop(v)


def where_is(s: Session, card: str) -> Zone | None:
    """The zone of :func:`zones` holding ``card`` now (``None``: under a Spirit, out of the game, or unknown)."""
    for z in zones(s):
        if card in zone_cards(s, z):
            return z
    return None


def _place(prepared: Session, partial: dict, z: Zone, card: str, adding: bool) -> None:
    s, nm = prepared.state, names(prepared)
    name = nm.get(card, card)
    if card not in nm or prepared.game.card_kind(card) == "guide":
        raise ValueError(f"{short(card)} is not a card of Restless Spirits")
    if not adding and card not in zone_cards(prepared, z):
        raise ValueError(f"{name} is not in {z.label}")
    if adding and card in zone_cards(prepared, z):
        raise ValueError(f"{name} is already in {z.label}")
    kind = prepared.game.card_kind(card)
    if adding and kind not in ZONE_KINDS[z.name]:
        raise ValueError(f"{name} is a {kind} card: {z.label} takes only {' and '.join(ZONE_KINDS[z.name])} cards")
    if adding:
        if z.name == "deck":  # back to the bottom of its deck: take it out of the zone it is in
            src = where_is(prepared, card)
            if src is None:
                raise ValueError(f"{name} is under a Spirit or out of the game; move the Spirit instead")
            return _place(prepared, partial, src, card, False)
        _unname(partial, card)
    if z.name == "deck_top":
        if not adding:
            raise ValueError(f"{name} is on top of its deck: say where it goes (move it to a zone)")
        return _on_top(prepared, partial, card)
    if z.seat is not None:
        p = s.players[z.seat - 1]
        part = _player_part(partial, z.seat)
        if z.name in SPACES:
            return _under(prepared, part, p, int(z.name[-1]), card, adding, z)
        if z.name == "board":
            spaces = [None if ps is None or ps.card == card else
                      {"card": ps.card, "totems": list(ps.totems), "used": ps.used} for ps in p.board]
            if adding:
                if None not in spaces:
                    raise ValueError(f"{z.label} has no empty space (3 Spirits at most)")
                spaces[spaces.index(None)] = {"card": card, "totems": [], "used": False}
            part["board"] = spaces
        else:
            cards = [c for c in getattr(p, z.name) if c != card]
            if adding and z.name == "hand" and len(cards) >= HAND_LIMIT and not p.no_hand_limit:
                raise ValueError(f"{z.label} already holds {HAND_LIMIT} cards, the hand limit (rs.hand-limit); move "
                                 "a card out first")
            part[z.name] = cards + [card] if adding else cards
        return
    if z.name == "deck":
        raise ValueError(f"{name} is in its deck: say where it goes (move it to a zone)")
    if z.name in ("lost_spirits", "markets"):
        rows = [list(s.lost_spirits)] if z.name == "lost_spirits" else [list(r) for r in s.markets]
        rows = [[None if x == card else x for x in row] for row in rows]
        if adding:
            free = [(i, j) for i, row in enumerate(rows) for j, x in enumerate(row) if x is None]
            if not free:
                raise ValueError(f"{z.label} has no empty place; remove a card first")
            rows[free[0][0]][free[0][1]] = card
        partial[z.name] = rows[0] if z.name == "lost_spirits" else rows
        return
    cards = [c for c in getattr(s, z.name) if c != card]
    partial[z.name] = cards + [card] if adding else cards


def _on_top(prepared: Session, partial: dict, card: str) -> None:
    """Put ``card`` on top of its own deck (the partial state's ``deck_tops``; a whole ``spirit_deck`` gets it first)."""
    kind = prepared.game.card_kind(card)
    if kind == "spirit" and isinstance(partial.get("spirit_deck"), list):
        partial["spirit_deck"] = [card] + [x for x in partial["spirit_deck"] if x != card]
        return
    tops = partial.setdefault("deck_tops", {})
    tops[kind] = [card] + [x for x in tops.get(kind) or [] if x != card]


def _under(prepared: Session, part: dict, p, k: int, card: str, adding: bool, z: Zone) -> None:
    """Put ``card`` under (or take it from under) the Spirit on space ``k``, checking that it meets one of the
    Spirit's unmet requirements and that the Spirit is not then fully met (it would be released)."""
    nm = names(prepared)
    ps = p.board[k - 1]
    if ps is None:
        raise ValueError(f"there is no Spirit on Player {z.seat}'s space {k}")
    spaces = [None if x is None else {"card": x.card, "totems": [t for t in x.totems if t != card], "used": x.used}
              for x in p.board]
    if adding:
        trial = ps.model_copy(deep=True)
        opts = fill_options(prepared.game, trial, card)
        spirit = nm.get(ps.card, ps.card)
        if not opts:
            raise ValueError(f"{nm.get(card, card)} meets none of {spirit}'s unmet requirements (rs.play-totem)")
        if all(x is not None or i in opts[0] for i, x in enumerate(trial.slots)):
            raise ValueError(f"with {nm.get(card, card)}, every requirement of {spirit} would be met, so it would "
                             f"already be released: move {spirit} to the released Spirits instead (rs.release)")
        spaces[k - 1]["totems"].append(card)
    part["board"] = spaces


def apply(prepared: Session, partial: dict, edit: Edit) -> None:
    """Change ``partial`` (a copy of ``setup.state``) so that it also makes ``edit``.

    Raises:
        ValueError: the edit is not possible here, as a sentence.
    """
    if isinstance(edit, (AddCard, RemoveCard)):
        _check_zone(prepared, edit.zone)
        _place(prepared, partial, edit.zone, edit.card, isinstance(edit, AddCard))
    elif isinstance(edit, MoveCard):
        _check_zone(prepared, edit.source)
        _check_zone(prepared, edit.target)
        name = names(prepared).get(edit.card, edit.card)
        if edit.card not in zone_cards(prepared, edit.source):
            raise ValueError(f"{name} is not in {edit.source.label}")
        if edit.target == edit.source:
            raise ValueError(f"{name} is already in {edit.target.label}")
        if edit.target.name == "deck":
            _place(prepared, partial, edit.source, edit.card, False)
        else:
            _place(prepared, partial, edit.target, edit.card, True)
    elif isinstance(edit, (SetCounter, SetAP)):
        key, value = (f"p{edit.seat}.ap", edit.ap) if isinstance(edit, SetAP) else (edit.key, edit.value)
        spec = {c.key: c for c in counters(prepared)}.get(key)
        if spec is None:
            raise ValueError(f"Restless Spirits has no counter {short(key)} here (AP: p1.ap...)")
        spec.check(value)
        if key in ("first_player", "endgame_by"):
            partial[key] = value
            return
        seat = int(key[1:].split(".")[0])
        part = _player_part(partial, seat)
        if key.endswith(".used"):
            k = int(key.split(".")[1][5:])
            part["board"] = [None if ps is None else {"card": ps.card, "totems": list(ps.totems), "used": ps.used}
                             for ps in prepared.state.players[seat - 1].board]
            part["board"][k - 1]["used"] = value
            part.pop("activation_tokens", None)  # the tokens left follow: 3 less the abilities used
        else:
            part["ap"] = value
    elif isinstance(edit, SetCurrent):
        partial["current"] = edit.seat
    elif isinstance(edit, FixDie):
        raise ValueError("Restless Spirits has no dice")
    else:
        raise TypeError(f"not an edit: {short(edit)}")
