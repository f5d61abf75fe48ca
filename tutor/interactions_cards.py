"""Cards as the interaction graph sees them: one :class:`CardRec` per card (and per ability-carrying part), read
with each game's own loader from the same card file the engine plays (``content/<game>/cards.yaml`` or a user's
file), so the graph changes with the data and never with code.

A record says what the card is (``kind``, ``group``, Light/Dark side, Class, provisional fields) and which effects it
uses (``uses``: ``(slot, effect name, params)``; the slot is an ability timing or a card part such as ``battle``).
This module reads schemas only: nothing here knows a card by name. The effect-to-edge table is data
(``content/graph/<game>.yaml``, applied by :mod:`tutor.interactions`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class CardRec:
    """One card node: ``id`` (the card id), ``label``, ``kind`` (spirit, blessing, curse, clan, allegiance, wonder,
    class, move, item, trait), ``group`` (the card file's list it comes from, for selectors), ``attrs`` (side,
    type, timing, target, classes, text, provisional fields...) and ``uses`` (slot, effect, params)."""

    id: str
    label: str
    kind: str
    group: str
    attrs: dict[str, Any] = field(default_factory=dict)
    uses: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)


def _prov(card) -> list[str]:
    return sorted(getattr(card, "provisional", {}) or {})


def restless_spirits(path: str | Path | None = None) -> list[CardRec]:
    """Spirits (with their ability), Blessings and Curses of a Restless Spirits card file."""
    from .games.restless_spirits.cards import LIGHT_TYPES
    from .games.restless_spirits.game import load_cards
    from .games.restless_spirits.ongoing import kinds_of
    cards, _ = load_cards(path)
    out: list[CardRec] = []
    for s in cards.spirits:
        ab = s.ability
        # ``shields``: what this Spirit's Ongoing protection stops from targeting its owner; ``hits_as``: what such
        # a protection sees in this Spirit's ability (the engine's own test, ongoing.kinds_of).
        shields = sorted({e.params.get("against") for e in ab.effects if e.effect == "protection"}
                         if ab.timing == "ongoing" else set())
        out.append(CardRec(
            s.id, s.name, "spirit", "spirits",
            {"side": "Light" if s.type in LIGHT_TYPES else "Dark", "type": s.type, "timing": ab.timing,
             "target": ab.target, "text": ab.text, "has_effects": bool(ab.effects), "promo": s.promo,
             "provisional_fields": _prov(s), "shields": shields, "hits_as": sorted(kinds_of("spirit", s.light))},
            [(ab.timing, e.effect, dict(e.params)) for e in ab.effects]))
    for group, kind in (("blessings", "blessing"), ("curses", "curse")):
        for c in getattr(cards, group):
            out.append(CardRec(
                c.id, c.name, kind, group,
                {"timing": "use", "target": c.target, "text": c.text, "has_effects": bool(c.effects),
                 "cost": c.cost, "provisional_fields": _prov(c), "shields": [],
                 "hits_as": sorted(kinds_of(kind, False))},
                [("use", e.effect, dict(e.params)) for e in c.effects]))
    return out


def spirited(path: str | Path | None = None) -> list[CardRec]:
    """Clan cards (their power), Allegiances (Battle and Overrun effects) and Wonders of a Spirited card file."""
    from .games.spirited.game import load_cards
    cards, _ = load_cards(path)
    out: list[CardRec] = []
    for cl in cards.clans:
        prov = _prov(cl)
        out.append(CardRec(cl.id, cl.name, "clan", "clans",
                           {"clan": cl.name, "text": cl.power.text, "has_effects": True, "provisional_fields": prov},
                           [("power", cl.power.effect, dict(cl.power.params))]))
        al = cl.allegiance
        out.append(CardRec(
            f"allegiance-{cl.id}", f"{cl.name} Allegiance", "allegiance", "allegiances",
            {"clan": cl.name, "text": f"Battle: {al.battle.text} Overrun: {al.overrun.text}", "has_effects": True,
             "provisional_fields": _prov(al)},
            [("battle", al.battle.effect, dict(al.battle.params)), ("overrun", al.overrun.effect,
                                                                   dict(al.overrun.params))]))
    for wd in cards.wonders:
        out.append(CardRec(wd.id, wd.name, "wonder", "wonders",
                           {"text": wd.effect.text, "spirit": wd.spirit, "has_effects": True,
                            "provisional_fields": _prov(wd)},
                           [("wonder", wd.effect.effect, dict(wd.effect.params))]))
    return out


def spirit_duels(path: str | Path | None = None) -> list[CardRec]:
    """Classes, Spirits (their Classes' abilities and their own ability) and Move / Item / Trait cards of a Spirit
    Duels card file. A Class's ability comes from the engine's Class table (Class Abilities)."""
    from .games.spirit_duels.cards import CLASS_ABILITY
    from .games.spirit_duels.loading import load_cards
    cards, _ = load_cards(path)
    out: list[CardRec] = []
    for cls, ability in CLASS_ABILITY.items():
        out.append(CardRec(f"class-{cls}", cls.title(), "class", "classes",
                           {"classes": [cls], "text": f"Magic dice of {cls.title()} Spirits resolve {ability.title()}.",
                            "has_effects": True, "provisional_fields": []},
                           [("magic", "class-ability", {"ability": ability, "amount": "X"})]))
    for ln in cards.lines:
        for sp in ln.spirits:
            uses = [("magic", "class-ability", {"ability": CLASS_ABILITY[c], "amount": "X"}) for c in sp.classes]
            text = ""
            if sp.ability:
                text = sp.ability.text
                uses += [(sp.ability.timing, e.effect, dict(e.params)) for e in sp.ability.effects]
            out.append(CardRec(sp.id, sp.name, "spirit", "spirits",
                               {"classes": list(sp.classes), "stage": sp.stage, "line": ln.id, "text": text,
                                "has_effects": sp.ability is None or bool(sp.ability.effects), "presence": sp.presence is not None,
                                "provisional_fields": _prov(sp)}, uses))
    for c in cards.cards:
        uses = [("play", e.effect, dict(e.params)) for e in c.effects]
        uses += [("play", "bonus", {"stat": b.stat, "amount": b.amount}) for b in c.bonuses]
        if c.ability:
            uses += [(c.ability.timing, e.effect, dict(e.params)) for e in c.ability.effects]
        out.append(CardRec(c.id, c.name, c.kind, "cards",
                           {"classes": [c.cls], "text": c.text, "cost": c.cost, "has_effects": bool(uses),
                            "provisional_fields": _prov(c)}, uses))
    return out


def outside_graph(game: str, path: str | Path | None = None) -> list[tuple[str, str]]:
    """The cards of ``game``'s card file that are no node of the graph, as ``(name, what it is)``, e.g.
    ``("Okada Mitsuo", "Spirit Guide")``: in Restless Spirits the Spirit Guides (a Mastery, no ability acting on
    another card) and the Totems (items to offer). Empty for a game whose every card kind is in the graph."""
    if game != "restless-spirits":
        return []
    from .games.restless_spirits.game import load_cards
    cards, _ = load_cards(path)
    return ([(g.name, "Spirit Guide") for g in cards.guides]
            + [(t.name, "Totem") for t in cards.totems])


#: The card fields whose value makes what a card does (its ability or power text and effects, its Classes): when one
#: is provisional, every arrow the card draws is provisional. Other provisional values (a name, a cost, health,
#: dice...) make no arrow: the arrows they are on are not marked.
EFFECT_FIELDS = {"text": "card text", "ability": "ability", "power": "power", "effect": "effect",
                 "battle": "Battle effect", "overrun": "Overrun effect", "penalty": "penalty", "replaces": "replacement",
                 "classes": "Classes", "type": "type"}
#: A selector's key (an edge template's ``select``) and the card field whose value it reads.
_SELECT_FIELDS = {"side": "type", "type": "type", "classes": "classes", "clan": "name", "presence": "ability"}


def provisional_why(acting: CardRec | None, chosen: dict[str, tuple[CardRec, dict[str, Any]]]) -> list[str]:
    """Why an arrow is provisional, in words (``[]``: it is not): the provisional values it depends on. ``acting``:
    the card whose effect draws it (``None`` for a rule); only its :data:`EFFECT_FIELDS` count. ``chosen``: the
    arrow's ends picked by a selector, ``{node id: (card, selector)}``; a provisional value a selector reads (Light or
    Dark, a Class...) counts. E.g. ``["Nordheim's card text"]``."""
    out = []
    if acting is not None:
        out += [f"{acting.label}'s {EFFECT_FIELDS[f]}" for f in acting.attrs.get("provisional_fields", [])
                if f in EFFECT_FIELDS and f != "type"]
    for rec, sel in chosen.values():
        fields = {_SELECT_FIELDS.get(k, k) for k in sel} & set(rec.attrs.get("provisional_fields", []))
        out += [f"{rec.label}'s {EFFECT_FIELDS.get(f, f)}" for f in sorted(fields)]
    return list(dict.fromkeys(out))


#: game id -> reader of its card file
READERS = {"restless-spirits": restless_spirits, "spirited": spirited, "spirit-duels": spirit_duels}


def board_allows(G, p: list[tuple[str, str, Any]], v: str) -> bool:
    """False when path ``p`` (edges ``(u, v, key)`` of the ability graph ``G``, a networkx MultiDiGraph) to ``v``
    needs a card that ``v``'s Ongoing protection (node ``shields``, as the engine reads it) shields against to
    target ``v``'s owner. Walked back from ``v``: a card an ``on_own_board`` edge reaches ``v`` from sits on ``v``'s
    owner's board, as does a card copying the ability of one that does (it uses it from its own place); an
    ``on_target_board`` edge into such a card targets ``v``'s owner. Nordheim: no Dark Spirit ability may target its
    owner, so "Nozawa disables Seone, which modifies Nordheim" cannot happen (Seone would sit beside Nordheim;
    trial 35)."""
    shields = set(G.nodes[v].get("shields", ()))  # what v's owner cannot be targeted by, always (not Onota's once)
    if not shields:
        return True
    home = v  # the card last known to sit on v's owner's board
    for a, b, k in reversed(p):
        d = G.edges[a, b, k]
        if b != home:
            return True
        if d["kind"] == "copies" or d["on_own_board"]:
            home = a
        elif d["on_target_board"]:
            return not shields & set(G.nodes[a].get("hits_as", ()))
        else:
            return True
    return True
