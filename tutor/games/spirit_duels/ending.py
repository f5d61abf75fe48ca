"""Can a Spirit Duels game end? What a team needs, decided from the card data (issue 14, attack 42: a card file in
which no damage is possible loaded, and a game between computer players went on for ever).

The rulebook (Objective) gives two ways to win: defeat every enemy Spirit, or the opponent must draw and cannot. A
player who keeps five cards in hand never has to draw (End Phase: draw up to five), so only damage makes a game
end for sure: a Spirit is defeated only when its damage reaches its Health (Damage, Defeated Spirits and Presence).
A team can deal damage when one of these is true (a generous reading: any way at all counts):

- a Spirit of its Lines (any Stage, or a Presence side) has an Attack Power above 0 (every die, the Advantage Die
  too, has an Attack face, whose value is the Attack Power), or a Level 2 Attack die (its Boost face adds 1);
- a Spirit of the Electric, Fire or Toxic Class (Zap deals damage, Burn and Poison tokens deal it later) has a
  Class Power above 0 or a Level 2 Magic die;
- a card of its deck, or an ability of its Spirits, deals damage, places burn or poison tokens, uses Zap, Burn or
  Poison, rolls a Level 2 Attack die or replaces a die (a die of one's choice: a Level 2 Attack die), or is a
  Trait that raises Attack (or Class Power, on a team with an Electric, Fire or Toxic Spirit).

:func:`check_teams` refuses a seated team that can do none of these; :func:`check_draft` a draft in which such a
team can be drafted. Both raise :class:`~tutor.core.errors.ContentError` naming the file and the field. A bound in
play backs them up (ruling ``sd.ruling.round-limit``, :data:`.phases.ROUND_LIMIT`).
"""
from __future__ import annotations

from typing import Iterable

from ...core.cardcheck import refuse
from ...core.errors import said
from .cards import CardSet, Effect, Spirit

#: Classes whose Class Ability harms an enemy Spirit: Zap deals damage, Burn and Poison tokens deal it later.
HARMING_CLASSES = frozenset({"electric", "fire", "toxic"})
#: The Class Abilities (and status tokens) that deal damage.
HARMING = frozenset({"zap", "burn", "poison"})

#: What a team needs, in a card-file author's words (the refusals end with it).
NEEDS = ("a team needs a Spirit with an Attack Power above 0 (or a Level 2 Attack die), an Electric, Fire or Toxic "
         "Spirit with a Class Power above 0, or a card that deals damage, burns or poisons; a game is won by "
         "defeating every enemy Spirit, and a Spirit is defeated only by damage, so without it the game might "
         "never end")


def _sides(sp: Spirit):
    """A Spirit's two sides as (classes, attack, magic, dice): the card, and its Presence side if any."""
    yield sp.classes, sp.attack, sp.magic, sp.dice
    if sp.presence is not None:
        yield sp.classes, sp.presence.attack, sp.presence.magic, sp.presence.dice


def _effect_harms(e: Effect) -> bool:
    p = e.params
    amount = p.get("amount", 0)
    amount = amount if isinstance(amount, int) else 0
    return ((e.effect == "damage" and amount > 0)
            or (e.effect == "status" and p.get("token") in HARMING and amount > 0)
            or (e.effect == "class-ability" and p.get("ability") in HARMING and amount > 0)
            or (e.effect == "roll-die" and p.get("die") == "attack-2")
            or e.effect == "replace")


def can_deal_damage(cards: CardSet, lines: Iterable[str], deck: Iterable[str]) -> bool:
    """True when a team of Spirit Lines ``lines`` with the cards ``deck`` (card ids) can ever deal damage (module
    doc)."""
    spirits = [sp for ln in lines for sp in cards.line_by_id[ln].spirits]
    harming_class = any(HARMING_CLASSES & set(sp.classes) for sp in spirits)
    for sp in spirits:
        for classes, attack, magic, dice in _sides(sp):
            if attack > 0 or "attack-2" in dice:
                return True
            if HARMING_CLASSES & set(classes) and (magic > 0 or "magic-2" in dice):
                return True
        if sp.ability and any(_effect_harms(e) for e in sp.ability.effects):
            return True
    for cid in set(deck):
        c = cards.by_id[cid]
        effects = list(c.effects) + (list(c.ability.effects) if c.ability else [])
        if any(_effect_harms(e) for e in effects):
            return True
        if any(b.amount > 0 and (b.stat == "attack" or (b.stat == "magic" and harming_class)) for b in c.bonuses):
            return True
    return False


def check_teams(cards: CardSet, path: str, seated: Iterable[str]) -> None:
    """Refuse a seated pre-built team (by id) that can never deal damage.

    Raises:
        ContentError: ``"<path>: teams[i]: team 'X' can never deal damage: ..."``.
    """
    for tid in seated:
        i = next(k for k, t in enumerate(cards.teams) if t.id == tid)
        t = cards.teams[i]
        if not can_deal_damage(cards, t.lines, t.deck):
            raise refuse(path, f"teams[{i}]", f"team {said(t.id, 40)} can never deal damage: every Spirit of its Lines "
                                              f"has an Attack Power of 0 and no card of its deck harms a Spirit; "
                                              f"{NEEDS}")


def check_draft(cards: CardSet, path: str) -> None:
    """Refuse a draft in which a team that can never deal damage can be drafted: three Classes whose Basic cards
    harm no Spirit, each offering a Spirit Line that (with its Special cards) harms none either.

    Raises:
        ContentError: ``"<path>: classes: ..."`` naming the Classes and Lines of such a team.
    """
    harmless = []
    for cl in cards.classes:
        if can_deal_damage(cards, (), cl.basic):
            continue
        line = next((ln for ln in cl.lines if not can_deal_damage(cards, (ln,), cards.specials(ln))), None)
        if line is not None:
            harmless.append((cl.name, line))
    if len(harmless) >= 3:
        team = ", ".join(f"{ln} ({name})" for name, ln in harmless[:3])
        raise refuse(path, "classes", f"the draft can make a team that can never deal damage (the Lines {team}, "
                                      f"with their Classes' Basic cards and their Special cards); {NEEDS}")
