"""Spirit Duels what-if adapter: zones, counters, dice and edits as changes of the partial state
(``tutor/games/spirit_duels/partial.py``). Each player plays with their own 30 cards, so a card moves between one
player's hand, deck, discard pile and Items in play; a card put in a zone comes from the deck, one taken out goes to
the bottom of the deck. The zones a move touches are written out whole from the prepared state. Dice: the next
rolls (``chance`` roll entries, ``sd.roll.forced``) and the faces of the dice in a Spirit's active pool.
"""
from __future__ import annotations

from ..core.errors import short

from ..core.session import Session
from ..games.spirit_duels.ctx import STATUS_TOKENS, TOKEN_CAP, ability_of, spirit_name, stat
from ..games.spirit_duels.dice import DIE_FACES, FACE_NAMES, face_label, kind_label
from .edits import move_ends, AddCard, Counter, DieSpec, Edit, FixDie, MoveCard, RemoveCard, SetAP, SetCounter, SetCurrent, Zone

PLAYER_ZONES = ("hand", "deck", "deck_top", "discard", "items", "traits1", "traits2", "traits3")
TRAITS = ("traits1", "traits2", "traits3")
#: Essence a what-if may give; damage stays below the Spirit's Health (more would defeat it).
ESSENCE_MAX = 20
#: Rounds a what-if may say have begun.
ROUND_MAX = 30
_TOKEN_WORDS = {"damage": "damage", "armor": "Armor tokens", "burn": "Burn tokens", "freeze": "Freeze tokens",
                "poison": "Poison tokens"}


def why_not_editable(s: Session) -> str | None:
    """Why this set-up cannot be edited (a draft: the teams are chosen in the script), else ``None``."""
    if s.state.phase == "draft":
        return ("this question starts with the draft: the teams are chosen in its script, so there is no set-up to "
                "change yet")
    return None


#: A pending decision (the ``pending`` fact) in words: what the player is choosing.
DECISION_WORDS = {
    "draft-class": "a Class card to draft", "draft-line": "a Spirit Line", "mulligan": "opening cards to set aside",
    "end-discard": "End Phase: cards to discard", "resolve-die": "a die showing the declared symbol to resolve",
    "meditate-pick": "Meditate: the dice to reroll", "place-advantage-die": "the Spirit for the Advantage Die",
    "order-effects": "which effect happening at the same time resolves first",
    "choose-spirit": "a Spirit for an effect", "choose-die": "a die for an effect",
    "choose-face": "the side to turn a die to", "choose-die-kind": "the die to roll instead",
    "choose-class": "the Class Ability a Magic die resolves", "choose-card": "a card for an effect",
}


def names(s: Session) -> dict[str, str]:
    """``{card id: name}`` for the what-if's card lists and sentences, and ``{"face=<face>": words}``."""
    out = {cid: c.name for cid, c in s.game.cards.by_id.items()}
    out.update({f"face={f}": face_label(f) for f in FACE_NAMES})
    return out


def zones(s: Session) -> list[Zone]:
    """Every zone of this game's table a card can be in (:func:`tutor.faq_whatif.zones`): each player's hand, deck
    (its bottom, and its top card), discard pile, Items in play and the Traits under each Spirit."""
    return [Zone(z, n) for n in (1, 2) for z in PLAYER_ZONES if z not in TRAITS or int(z[-1]) <= len(
        s.state.players[n - 1].spirits)]


def zone_labels(s: Session) -> dict[Zone, str]:
    """Words for the zones :attr:`Zone.label` says less well: the Traits under a Spirit name it, the top card of a
    deck says whose."""
    out = {}
    for n, p in enumerate(s.state.players, 1):
        out[Zone("deck_top", n)] = f"the top of Player {n}'s deck"
        out[Zone("deck", n)] = f"the bottom of Player {n}'s deck"
        for k, sl in enumerate(p.spirits, 1):
            out[Zone(f"traits{k}", n)] = f"Player {n}'s Traits under {spirit_name(s.game, sl)}"
    return out


def _kind(s: Session, card: str) -> str:
    c = s.game.cards.by_id.get(card)
    return getattr(c, "kind", "spirit") if c is not None else ""  # a Spirit card has no kind field: it is a Spirit


def _takes(s: Session, zone: Zone, card: str) -> bool:
    """Whether ``card`` may be put in ``zone`` (only Items stay in play; only Traits go under a Spirit)."""
    kind = _kind(s, card)
    return (zone.name != "items" or kind == "item") and (zone.name not in TRAITS or kind == "trait")


def _check_zone(s: Session, zone: Zone) -> None:
    if zone not in zones(s):
        if zone.seat is not None and zone.seat not in (1, 2):
            raise ValueError(f"there is no Player {zone.seat} in this game (seats 1..2)")
        raise ValueError(f"Spirit Duels has no {zone.label}")


def zone_cards(s: Session, zone: Zone) -> list[str]:
    """The cards in ``zone`` now (:func:`tutor.faq_whatif.zone_cards`). Raises ValueError: no such zone or seat."""
    _check_zone(s, zone)
    p = s.state.players[zone.seat - 1]
    if zone.name == "items":
        return [it.card for it in p.items]
    if zone.name == "deck":
        return sorted(set(p.deck))
    if zone.name == "deck_top":
        return p.deck[-1:]
    if zone.name in TRAITS:
        return list(p.spirits[int(zone.name[-1]) - 1].traits)
    return list(getattr(p, zone.name))


def card_choices(s: Session, zone: Zone) -> list[str]:
    """Cards of the player's deck that may go to ``zone`` (only Items go into play, only Traits under a Spirit)."""
    if zone.name == "deck":
        return []
    return [c for c in zone_cards(s, Zone("deck", zone.seat)) if _takes(s, zone, c)]


def targets(s: Session, card: str, source: Zone) -> list[Zone]:
    """The zones ``card`` may move to from ``source`` (:func:`tutor.faq_whatif.targets`); the top card of a deck
    goes to another zone (under it, it is already in the deck)."""
    same = ("deck", "deck_top") if source.name in ("deck", "deck_top") else (source.name,)
    return [z for z in zones(s) if z.seat == source.seat and z.name not in same and _takes(s, z, card)]


def _live(s: Session):
    for n, p in enumerate(s.state.players, 1):
        for k, sl in enumerate(p.spirits, 1):
            yield n, k, sl


def counters(s: Session) -> list[Counter]:
    """The counters a what-if can set, with values and ranges (:func:`tutor.faq_whatif.counters`)."""
    st = s.state
    out = [Counter(f"p{n}.essence", f"Player {n}'s Essence", p.essence, 0, ESSENCE_MAX)
           for n, p in enumerate(st.players, 1)]
    for n, k, sl in _live(s):
        if sl.defeated:
            continue
        who = f"Player {n}'s {spirit_name(s.game, sl)}"
        out.append(Counter(f"p{n}.s{k}.stage", f"{who}: Stage", sl.stage, 1, 3))
        out.append(Counter(f"p{n}.s{k}.damage", f"{who}: damage", sl.damage, 0, max(0, stat(s.game, sl, "health") - 1)))
        out += [Counter(f"p{n}.s{k}.{t}", f"{who}: {_TOKEN_WORDS[t]}", getattr(sl, t), 0, TOKEN_CAP)
                for t in STATUS_TOKENS]
        out.append(Counter(f"p{n}.s{k}.exhausted", f"{who}: exhausted", sl.exhausted,
                           choices=(("no", False), ("yes", True))))
        ab = ability_of(s.game, sl)
        if ab is not None and ab.timing == "limited-action":
            out.append(Counter(f"p{n}.s{k}.limited_used", f"{who}: Limited Action used this round", sl.limited_used,
                               choices=(("no", False), ("yes", True))))
    for n, p in enumerate(st.players, 1):
        for j, it in enumerate(p.items, 1):
            card = s.game.cards.by_id[it.card]
            most = card.charged
            if most:
                out.append(Counter(f"p{n}.item{j}.charges", f"Player {n}'s {card.name}: charges", it.charges or 1, 1,
                                   max(most, it.charges or 1)))
            out.append(Counter(f"p{n}.item{j}.exhausted", f"Player {n}'s {card.name}: exhausted", it.exhausted,
                               choices=(("no", False), ("yes", True))))
            if card.ability is not None and card.ability.timing == "limited-action":
                out.append(Counter(f"p{n}.item{j}.limited_used", f"Player {n}'s {card.name}: Limited Action used "
                                   "this round", it.limited_used, choices=(("no", False), ("yes", True))))
    where = [(f"on Player {n}'s {spirit_name(s.game, sl)}", f"p{n}.s{k}") for n, k, sl in _live(s)
             if not sl.defeated]
    now = next((f"p{n}.s{k}" for n, k, sl in _live(s) if sl.advantage_die), None)
    out.append(Counter("advantage_die", "the Advantage Die", now, choices=(("not placed", None), *where)))
    out.append(Counter("round", "the round", st.round, 1, max(ROUND_MAX, st.round)))
    out.append(Counter("advantage", "the Advantage Token holder", st.advantage + 1,
                       choices=(("Player 1", 1), ("Player 2", 2))))
    out.append(Counter("gained_by", "the advantage gained this round by",
                       None if st.gained_by is None else st.gained_by + 1,
                       choices=(("nobody", None), ("Player 1", 1), ("Player 2", 2))))
    out.append(Counter("last_was_pass", "the other player has just passed", st.last_was_pass,
                       choices=(("no", False), ("yes", True))))
    return out


def dice(s: Session) -> list[DieSpec]:
    """The die faces a what-if can fix (:func:`tutor.faq_whatif.dice`)."""
    faces = tuple((face_label(f), f) for f in FACE_NAMES)
    forced = list(s.state.forced_rolls)
    out = [DieSpec(f"roll.{i}", f"die roll {i} from now", f, faces, True) for i, f in enumerate(forced, 1)]
    out.append(DieSpec(f"roll.{len(forced) + 1}", f"die roll {len(forced) + 1} from now", None, faces, True))
    for n, k, sl in _live(s):
        for j, d in enumerate(sl.pool, 1):
            out.append(DieSpec(f"p{n}.s{k}.die.{j}", f"Player {n}'s {spirit_name(s.game, sl)}: {kind_label(d.kind)} "
                               f"{j}", d.face, tuple(dict.fromkeys((face_label(f), f) for f in DIE_FACES[d.kind]))))
    return out


def turn_seats(s: Session) -> list[int]:
    """The seats (1-based) whose turn a what-if can make it."""
    return [1, 2]


def _player_part(s: Session, partial: dict, seat: int) -> dict:
    players = partial.setdefault("players", [])
    pp = next((x for x in players if isinstance(x, dict) and x.get("seat") == seat), None)
    if pp is None:
        pp = {"seat": seat}
        players.append(pp)
    return pp


def _write_zones(s: Session, pp: dict, seat: int) -> None:
    p = s.state.players[seat - 1]
    pp["hand"] = list(p.hand)
    pp["discard"] = list(p.discard)
    pp["items"] = [{"card": it.card, **({"charges": it.charges} if it.charges else {}), "exhausted": it.exhausted,
                    "limited_used": it.limited_used} for it in p.items]
    pp.pop("deck_size", None)  # the deck's size now follows from the moves
    pp["deck_top"] = [c for c in pp.get("deck_top") or [] if c in p.deck]
    sp = list(pp.get("spirits") or [])
    sp += [None] * (len(p.spirits) - len(sp))
    pp["spirits"] = [{**(x or {}), "traits": list(sl.traits)} for x, sl in zip(sp, p.spirits)]


def _spirit_part(s: Session, partial: dict, seat: int, slot: int) -> dict:
    pp = _player_part(s, partial, seat)
    sp = list(pp.get("spirits") or [])
    sp += [None] * (slot - len(sp))
    if sp[slot - 1] is None:
        sp[slot - 1] = {}
    pp["spirits"] = sp
    return sp[slot - 1]


def apply(prepared: Session, partial: dict, edit: Edit) -> None:
    """Change ``partial`` (a copy of ``setup.state``) so that it also makes ``edit``.

    Raises:
        ValueError: the edit is not possible here, as a sentence.
    """
    s = prepared
    if isinstance(edit, (AddCard, RemoveCard, MoveCard)):
        source, target = move_ends(edit, lambda z: Zone("deck", z.seat))
        _check_zone(s, source)
        _check_zone(s, target)
        card = edit.card
        name = names(s).get(card, card)
        if target.name in TRAITS and card in s.game.cards.by_id and _kind(s, card) != "trait":
            raise ValueError(f"{name} is not a Trait: only Traits are attached under a Spirit")
        if target.name in TRAITS:
            sl = s.state.players[target.seat - 1].spirits[int(target.name[-1]) - 1]
            if sl.defeated and sl.stage == 1:
                raise ValueError(f"{spirit_name(s.game, sl)} is a card back, no longer a Spirit: nothing is attached "
                                 "to it (sd.ruling.stage1-not-a-spirit)")
        if source.seat != target.seat:
            raise ValueError(f"each player plays with their own 30 cards: {name} cannot go from {source.label} to "
                             f"{target.label}")
        if card not in zone_cards(s, source):
            raise ValueError(f"{name} is not in {source.label}")
        if source == target:
            raise ValueError(f"{name} is already in {target.label}")
        if target.name == "items" and _kind(s, card) != "item":
            raise ValueError(f"{name} is not an Item: only Items stay in play")
        if source.name in ("deck", "deck_top") and target.name in ("deck", "deck_top"):
            raise ValueError(f"{name} is in {source.label} already: move it to another zone")
        pp = _player_part(s, partial, source.seat)
        _write_zones(s, pp, source.seat)
        if source.name == "items":
            pp["items"].remove(next(x for x in pp["items"] if x["card"] == card))
        elif source.name in TRAITS:
            pp["spirits"][int(source.name[-1]) - 1]["traits"].remove(card)
        elif source.name == "deck_top":
            if card in pp["deck_top"]:
                pp["deck_top"].remove(card)
        elif source.name != "deck":
            pp[source.name].remove(card)
        if target.name == "items":
            pp["items"].append({"card": card})
        elif target.name in TRAITS:
            pp["spirits"][int(target.name[-1]) - 1]["traits"].append(card)
        elif target.name == "deck_top":
            pp["deck_top"].insert(0, card)
        elif target.name != "deck":
            pp[target.name].append(card)
    elif isinstance(edit, (SetCounter, SetAP)):
        if isinstance(edit, SetAP):
            raise ValueError("Spirit Duels has no AP; set a player's Essence instead")
        spec = {c.key: c for c in counters(s)}.get(edit.key)
        if spec is None:
            raise ValueError(f"Spirit Duels has no counter {short(edit.key)} in this set-up")
        spec.check(edit.value)
        parts = edit.key.split(".")
        if edit.key == "advantage_die":  # on one Spirit at most (sd.end.advantage-die)
            for n, k, sl in _live(s):
                if sl.advantage_die or edit.value == f"p{n}.s{k}":
                    _spirit_part(s, partial, n, k)["advantage_die"] = edit.value == f"p{n}.s{k}"
        elif edit.key == "round":
            partial["round"] = edit.value
        elif edit.key in ("advantage", "last_was_pass", "gained_by"):
            if edit.key == "last_was_pass" and edit.value and partial.get("gained_by"):
                raise ValueError("once a player has gained the advantage this round, a pass ends the Action Phase "
                                 "anyway: 'the other player has just passed' cannot be set (sd.advantage.locked)")
            if edit.key == "gained_by" and edit.value and partial.get("last_was_pass"):
                raise ValueError("the other player has just passed: take that back before saying who gained the "
                                 "advantage (sd.advantage.locked)")
            partial[edit.key] = edit.value
        elif ".item" in edit.key:
            n, j = int(parts[0][1:]), int(parts[1][4:])
            pp = _player_part(s, partial, n)
            _write_zones(s, pp, n)
            pp["items"][j - 1][parts[2]] = edit.value
        elif len(parts) == 2:
            _player_part(s, partial, int(parts[0][1:]))["essence"] = edit.value
        else:
            _spirit_part(s, partial, int(parts[0][1:]), int(parts[1][1:]))[parts[2]] = edit.value
    elif isinstance(edit, SetCurrent):
        if edit.seat not in (1, 2):
            raise ValueError(f"there is no Player {edit.seat} in this game (seats 1..2)")
        partial["current"] = edit.seat
    elif isinstance(edit, FixDie):
        _fix_die(s, partial, edit)
    else:
        raise TypeError(f"not an edit: {short(edit)}")


def _fix_die(s: Session, partial: dict, edit: FixDie) -> None:
    spec = {d.key: d for d in dice(s)}.get(edit.key)
    if spec is None:
        raise ValueError(f"there is no die {short(edit.key)} to fix here (the next roll is roll."
                         f"{len(s.state.forced_rolls) + 1})")
    if edit.face is not None and edit.face not in [f for _w, f in spec.faces]:
        raise ValueError(f"{spec.label} has no face {short(edit.face)}; its faces: {', '.join(w for w, _f in spec.faces)}")
    parts = edit.key.split(".")
    if parts[0] == "roll":
        rolls = list(s.state.forced_rolls)
        i = int(parts[1]) - 1
        if edit.face is None:
            del rolls[i:]
        elif i == len(rolls):
            rolls.append(edit.face)
        else:
            rolls[i] = edit.face
        # written as chance's roll entries (tutor.core.chance), replacing the older spelling forced_rolls; the draws
        # and picks fixed beside them stay as they were
        partial.pop("forced_rolls", None)
        others = [e for e in partial.get("chance") or [] if not (isinstance(e, dict) and "roll" in e)]
        partial["chance"] = [{"roll": f} for f in rolls] + others
        if not partial["chance"]:
            del partial["chance"]
        return
    if edit.face is None:
        raise ValueError(f"{spec.label} is in an active pool: it shows a face")
    n, k, j = int(parts[0][1:]), int(parts[1][1:]), int(parts[3])
    sl = s.state.players[n - 1].spirits[k - 1]
    pool = [f"{d.kind}/{d.face}" for d in sl.pool]
    pool[j - 1] = f"{sl.pool[j - 1].kind}/{edit.face}"
    _spirit_part(s, partial, n, k)["pool"] = pool
