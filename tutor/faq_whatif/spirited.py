"""Spirited what-if adapter: zones, counters and edits as changes of the partial state
(``tutor/games/spirited/partial.py``). Cards are named by clan (cards of a clan are interchangeable, ruling
``sp.ruling.same-clan-cards``): a card put in a zone comes from the draw pile (or the discard pile), a card taken out
goes to the bottom of the draw pile. Zones: hand, Road, Shields (a Shield put there protects the first unshielded
stack), the two Camps face up and face down, the draw pile. A player's zones are written out whole from the prepared state, so the rest
of the set-up stays as it was.
"""
from __future__ import annotations

from ..core.errors import short

from ..core.session import Session
from ..games.spirited.cards import clan_of, medal_kind
from ..games.spirited.zones import held
from .edits import move_ends, AddCard, Counter, DieSpec, Edit, FixDie, MoveCard, RemoveCard, SetAP, SetCounter, SetCurrent, Zone

PLAYER_ZONES = ("hand", "road", "shields", "camp1", "camp2", "camp1_down", "camp2_down", "wonders")
#: ``draw_pile``: anywhere in the draw pile (or its discard pile); ``deck_top``: the top of the draw pile, the next card
#: drawn (a clan or a Passing of Time card).
TABLE_ZONES = ("draw_pile", "deck_top", "wonder_deck")
MEDALS = ("bronze", "silver", "gold")
#: Spirit (victory points) a what-if may give.
SPIRIT_MAX = 99


#: A pending decision (the ``pending`` fact) in words: what the player is choosing.
DECISION_WORDS = {
    "reveal": "what to do with the card drawn to the Road", "scout-play": "Scout: a card to play from the Hand, or "
    "none", "scout-take": "Scout: a card to Rally or Recruit", "effect-rally": "a power's extra Rally, or none",
    "effect-recruit": "a power's extra Recruit, or none", "raid": "a card to discard from an opponent's Road, or none",
    "wonder-source": "where a card for the Wonder comes from", "take-wonder": "the Wonder to take",
    "march": "a Camp to forge or steal an Allegiance with, or the end of the March",
    "battle-discard": "Battle: a card to discard", "battle-medal": "Battle: a medal to score or replace, or neither",
    "bonus-recruit": "Battle bonus: a face-down Recruit, or none", "bonus-rally": "Battle bonus: a Rally, or none",
    "bonus-manoeuvre": "Battle bonus: a Manoeuvre, or none", "final-recruit": "Final Battle: cards to Recruit",
}


def names(s: Session) -> dict[str, str]:
    """``{card id: name}`` for the what-if's card lists and sentences (clans, Passing of Time, Wonders)."""
    out = {c.id: c.name for c in s.game.cards.clans}
    out["time"] = "Passing of Time"
    out.update({w.id: w.name for w in s.game.cards.wonders})
    return out


def zones(s: Session) -> list[Zone]:
    """Every zone of this game's table a card can be in (:func:`tutor.faq_whatif.zones`)."""
    seats = range(1, len(s.state.players) + 1)
    return [Zone(z, n) for n in seats for z in PLAYER_ZONES] + [Zone(z) for z in TABLE_ZONES]


def zone_labels(s: Session) -> dict[Zone, str]:
    """Words for the zones :attr:`Zone.label` says less well here (Spirited has one draw pile)."""
    return {Zone("deck_top"): "the top of the draw pile"}


def _check_zone(s: Session, zone: Zone) -> None:
    if zone not in zones(s):
        if zone.seat is not None and not 1 <= zone.seat <= len(s.state.players):
            raise ValueError(f"there is no Player {zone.seat} in this game (seats 1..{len(s.state.players)})")
        raise ValueError(f"Spirited has no {zone.label}")


def _player(s: Session, seat: int):
    return s.state.players[seat - 1]


def zone_cards(s: Session, zone: Zone) -> list[str]:
    """The clans of the cards in ``zone`` (each clan once: its cards are interchangeable)."""
    _check_zone(s, zone)
    if zone.name == "wonders":
        return list(_player(s, zone.seat).wonders)
    if zone.name == "wonder_deck":
        return list(s.state.wonder_deck)
    if zone.name == "deck_top":
        return [clan_of(s.state.deck[-1])] if s.state.deck else []
    if zone.name == "draw_pile":
        cards = [c for c in s.state.deck + s.state.discard]
    else:
        p = _player(s, zone.seat)
        if zone.name == "hand":
            cards = p.hand
        elif zone.name == "road":
            cards = [c for st in p.road for c in st.cards]
        elif zone.name == "shields":
            cards = [st.shield for st in p.road if st.shield]
        else:
            down = zone.name.endswith("_down")
            cards = [x.card for x in p.camps[int(zone.name[4]) - 1] if x.face_up != down]
    return sorted({clan_of(c) for c in cards} - {"time"})


def card_choices(s: Session, zone: Zone) -> list[str]:
    """Clans with a card left in the draw or discard pile (a card put in a zone comes from there; on top of the draw
    pile also a Passing of Time card); for built Wonders, the Wonders still in the Wonder deck."""
    if zone.name == "wonders":
        return list(s.state.wonder_deck)
    if zone.name in ("draw_pile", "wonder_deck"):
        return []
    clans = zone_cards(s, Zone("draw_pile"))
    time = zone.name == "deck_top" and any(clan_of(c) == "time" for c in s.state.deck + s.state.discard)
    return clans + (["time"] if time else [])


def _is_wonder(s: Session, card: str) -> bool:
    return card in s.game.cards.wonder


def targets(s: Session, card: str, source: Zone) -> list[Zone]:
    """The zones ``card`` may move to from ``source`` (:func:`tutor.faq_whatif.targets`): a Wonder to another
    player's built Wonders; a card anywhere but to built Wonders (a Passing of Time card only within the draw pile)."""
    if _is_wonder(s, card):
        return [z for z in zones(s) if z.name in ("wonders", "wonder_deck") and z != source]
    piles = ("draw_pile", "deck_top")
    return [z for z in zones(s) if z != source and z.name not in ("wonders", "wonder_deck")
            and (card != "time" or z.name in piles) and not (source.name in piles and z.name in piles)]


def counters(s: Session) -> list[Counter]:
    """The counters a what-if can set, with values and ranges (:func:`tutor.faq_whatif.counters`)."""
    st, n = s.state, len(s.state.players)
    out = [Counter(f"p{i}.spirit", f"Player {i}'s Spirit", p.spirit, 0, SPIRIT_MAX) for i, p in enumerate(st.players, 1)]
    out.append(Counter("hourglass", "the Hourglass", st.hourglass, 0, s.game.track.length - 1))
    seats = (("nobody", 0),) + tuple((f"Player {i}", i) for i in range(1, n + 1))
    clan = names(s)
    for a in st.allegiances:
        cl = clan.get(a.clan, a.clan)
        out.append(Counter(f"holder.{a.clan}", f"the {cl} Allegiance held by", 0 if a.holder is None else a.holder + 1,
                           choices=seats))
        if a.holder is not None:
            out.append(Counter(f"medal.{a.clan}", f"the {cl} medal", medal_kind(a.medal),
                               choices=tuple((m.capitalize(), m) for m in MEDALS)))
            out.append(Counter(f"side.{a.clan}", f"the {cl} medal's side", a.exhausted,
                               choices=(("refreshed (face up)", False), ("exhausted (flipped)", True))))
    return out


def dice(s: Session) -> list[DieSpec]:
    """The die faces a what-if can fix (:func:`tutor.faq_whatif.dice`)."""
    return []


def turn_seats(s: Session) -> list[int]:
    """The seats (1-based) whose turn a what-if can make it."""
    return list(range(1, len(s.state.players) + 1))


def _player_part(s: Session, partial: dict, seat: int) -> dict:
    """The partial state's part for ``seat``, with Road, Camps, hand, Spirit and Allegiances written out whole from
    the prepared state ``s`` (so changing one of them keeps the others)."""
    players = partial.setdefault("players", [])
    pp = next((x for x in players if isinstance(x, dict) and x.get("seat") == seat), None)
    if pp is None:
        pp = {"seat": seat}
        players.append(pp)
    p = _player(s, seat)
    pp["road"] = [{"clan": st.clan, "count": len(st.cards), **({"shield": clan_of(st.shield)} if st.shield else {})}
                  for st in p.road]
    pp["camps"] = [[clan_of(x.card) if x.face_up else f"down:{clan_of(x.card)}" for x in camp] for camp in p.camps]
    pp["hand"] = [clan_of(c) for c in p.hand]
    pp["spirit"] = p.spirit
    pp["allegiances"] = [{"clan": a.clan, "medal": medal_kind(a.medal), "exhausted": a.exhausted}
                         for a in held(s.state, p.seat)]
    return pp


def _take(s: Session, pp: dict, zone: Zone, clan: str, name: str) -> None:
    if zone.name == "hand":
        if clan not in pp["hand"]:
            raise ValueError(f"no {name} card is in {zone.label}")
        pp["hand"].remove(clan)
    elif zone.name == "road":
        st = next((x for x in pp["road"] if x["clan"] == clan), None)
        if st is None:
            raise ValueError(f"{zone.label} has no {name} stack")
        st["count"] -= 1
        if st["count"] == 0:
            if st.get("shield"):
                raise ValueError(f"the {name} stack is Shielded: move its Shield first, then its last card")
            pp["road"].remove(st)
    elif zone.name == "shields":
        st = next((x for x in pp["road"] if x.get("shield") == clan), None)
        if st is None:
            raise ValueError(f"no {name} card is a Shield on Player {zone.seat}'s Road")
        del st["shield"]
    else:
        camp = pp["camps"][int(zone.name[4]) - 1]
        entry = f"down:{clan}" if zone.name.endswith("_down") else clan
        if entry not in camp:
            raise ValueError(f"no {name} card is in {zone.label}")
        camp.remove(entry)


def _put(s: Session, pp: dict, zone: Zone, clan: str, name: str) -> None:
    if zone.name == "hand":
        pp["hand"].append(clan)
    elif zone.name == "road":
        st = next((x for x in pp["road"] if x["clan"] == clan), None)
        if st is None:
            pp["road"].append({"clan": clan, "count": 1})
        else:
            st["count"] += 1
    elif zone.name == "shields":  # a Shield protects the first stack of the Road that has none
        st = next((x for x in pp["road"] if not x.get("shield")), None)
        if st is None:
            raise ValueError(f"every stack on Player {zone.seat}'s Road has a Shield already, or the Road is empty "
                             "(sp.shield)")
        st["shield"] = clan
    else:
        camp = pp["camps"][int(zone.name[4]) - 1]
        if zone.name.endswith("_down"):
            camp.append(f"down:{clan}")
            return
        up = {c for c in camp if not c.startswith("down:")}
        if up and up != {clan}:
            other = names(s).get(next(iter(up)), next(iter(up)))
            raise ValueError(f"{zone.label} holds {other} cards face up; a Camp holds one clan face up")
        camp.append(clan)


def _move_wonder(s: Session, partial: dict, wonder: str, source: Zone, target: Zone) -> None:
    """A Wonder between players' built Wonders, or from / back to the Wonder deck; the whole Wonder set-up is written
    out (display and every player's Wonders), so nothing else changes."""
    name = names(s).get(wonder, wonder)
    if not _is_wonder(s, wonder):
        raise ValueError(f"{short(name, quote=False)} is not a Wonder: only Wonders are built")
    for z in (source, target):
        _check_zone(s, z)
        if z.name not in ("wonders", "wonder_deck"):
            raise ValueError(f"{name} is a Wonder: it goes to a player's built Wonders, not to {z.label}")
    if source == target:
        raise ValueError(f"{name} is already in {target.label}")
    st = s.state
    have = {n: list(p.wonders) for n, p in enumerate(st.players, 1)}
    if source.name == "wonder_deck":
        if wonder not in st.wonder_deck:
            where = "on the Wonder display" if wonder in st.wonder_display else "built already"
            raise ValueError(f"{name} is not in the Wonder deck ({where})")
    elif wonder not in have[source.seat]:
        raise ValueError(f"{name} is not among {source.label}")
    else:
        have[source.seat].remove(wonder)
    if target.name == "wonders":
        have[target.seat].append(wonder)
    partial["wonder_display"] = [w for w in st.wonder_display if w]
    for n, ws in have.items():
        _player_part(s, partial, n)["wonders"] = ws


def _move(s: Session, partial: dict, clan: str, source: Zone, target: Zone) -> None:
    name = names(s).get(clan, clan)
    if "wonders" in (source.name, target.name):
        raise ValueError(f"{short(name, quote=False)} is not a Wonder: only Wonders are built")
    if source.name == "deck_top" or target.name == "deck_top":
        return _top(s, partial, clan, source, target, name)
    if clan not in s.state.clans:
        raise ValueError(f"{short(name)} is not a clan of this game ({', '.join(names(s).get(c, c) for c in s.state.clans)})")
    if clan not in zone_cards(s, source):
        raise ValueError(f"no {name} card is in {source.label}")
    if source == target:
        raise ValueError(f"the {name} card is already in {target.label}")
    parts = {z.seat: _player_part(s, partial, z.seat) for z in (source, target) if z.seat is not None}
    if source.seat is not None:
        _take(s, parts[source.seat], source, clan, name)
    if target.seat is not None:
        _put(s, parts[target.seat], target, clan, name)


def _top(s: Session, partial: dict, clan: str, source: Zone, target: Zone, name: str) -> None:
    """A card put on top of the draw pile (the partial state's ``deck_tops``, first listed on top), or the card a
    what-if put there taken off again."""
    tops = list(partial.get("deck_tops") or [])
    if source.name == "deck_top":
        if not tops or tops[0] != clan:
            raise ValueError(f"the top card of the draw pile is as the set-up dealt it; put another card on top of it "
                             "instead")
        partial["deck_tops"] = tops[1:]
        if target.name != "draw_pile":
            _move(s, partial, clan, Zone("draw_pile"), target)
        return
    if clan != "time" and clan not in s.state.clans:
        raise ValueError(f"{short(name)} is not a clan of this game")
    if source.name == "draw_pile":
        if clan not in card_choices(s, target):
            raise ValueError(f"no {name} card is left in the draw pile or discard pile")
    else:
        _move(s, partial, clan, source, Zone("draw_pile"))
    partial["deck_tops"] = [clan] + tops


def apply(prepared: Session, partial: dict, edit: Edit) -> None:
    """Change ``partial`` (a copy of ``setup.state``) so that it also makes ``edit``.

    Raises:
        ValueError: the edit is not possible here, as a sentence.
    """
    s = prepared
    if isinstance(edit, (AddCard, RemoveCard, MoveCard)):
        wonder = _is_wonder(s, edit.card) or "wonders" in (getattr(edit, "zone", Zone("draw_pile")).name,)
        source, target = move_ends(edit, lambda z: Zone("wonder_deck") if wonder else Zone("draw_pile"))
        if wonder:
            return _move_wonder(s, partial, edit.card, source, target)
        _check_zone(s, source)
        _check_zone(s, target)
        _move(s, partial, edit.card, source, target)
    elif isinstance(edit, (SetCounter, SetAP)):
        if isinstance(edit, SetAP):
            raise ValueError("Spirited has no AP; set a player's Spirit, the Hourglass or an Allegiance")
        spec = {c.key: c for c in counters(s)}.get(edit.key)
        if spec is None:
            clan = edit.key.split(".", 1)[-1]
            if edit.key.split(".")[0] in ("medal", "side") and clan in s.state.clans:
                raise ValueError(f"nobody holds the {names(s).get(clan, clan)} Allegiance, so it has no medal: give "
                                 "it a holder first")
            raise ValueError(f"Spirited has no counter {short(edit.key)} in this set-up")
        spec.check(edit.value)
        key, value = edit.key, edit.value
        if key == "hourglass":
            partial["hourglass"] = value
        elif key.endswith(".spirit"):
            _player_part(s, partial, int(key[1:].split(".")[0]))["spirit"] = value
        else:
            _allegiance(s, partial, key, value)
    elif isinstance(edit, SetCurrent):
        partial["current"] = edit.seat
    elif isinstance(edit, FixDie):
        raise ValueError("Spirited has no dice")
    else:
        raise TypeError(f"not an edit: {short(edit)}")


def _allegiance(s: Session, partial: dict, key: str, value) -> None:
    what, clan = key.split(".", 1)
    st = s.state
    parts = {i: _player_part(s, partial, i) for i in range(1, len(st.players) + 1)}
    a = next(x for x in st.allegiances if x.clan == clan)
    old = None if a.holder is None else a.holder + 1
    entry = None if old is None else next(e for e in parts[old]["allegiances"] if e["clan"] == clan)
    name = names(s).get(clan, clan)
    if what == "holder":
        if value == (old or 0):
            return
        if entry is not None:
            parts[old]["allegiances"].remove(entry)
        if value:
            if len(parts[value]["allegiances"]) >= 3:
                raise ValueError(f"Player {value} already holds 3 Allegiances, the most a player may hold")
            entry = entry or {"clan": clan, "medal": _free_medal(st, parts), "exhausted": False}
            parts[value]["allegiances"].append(entry)
    elif what == "medal":
        entry["medal"] = value
    else:  # side
        entry["exhausted"] = value
    need = {m: sum(1 for pp in parts.values() for e in pp["allegiances"] if e["medal"] == m) for m in MEDALS}
    have = {m: sum(1 for x in st.medal_supply + [x.medal for x in st.allegiances if x.medal]
                   if medal_kind(x) == m) for m in MEDALS}
    for m in MEDALS:
        if need[m] > have[m]:
            raise ValueError(f"there are only {have[m]} {m} medals; the {name} Allegiance cannot have another")


def _free_medal(st, parts) -> str:
    """The lowest medal kind still in the supply once the set-up is written out (bronze first)."""
    for m in MEDALS:
        used = sum(1 for pp in parts.values() for e in pp["allegiances"] if e["medal"] == m)
        total = sum(1 for x in st.medal_supply + [x.medal for x in st.allegiances if x.medal] if medal_kind(x) == m)
        if used < total:
            return m
    raise ValueError("no medal is left in the supply")
