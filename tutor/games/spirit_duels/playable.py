"""What a Spirit Duels card file must hold before a game is played with it (issue: impossible card files).

From the rulebook (Setup; Pre-built Teams; What's Next? Drafting, Forming Your Team, Building Your Deck) and the
set-up code; the schema itself (``cards.py``) already checks a 30-card deck per team and the draft's nine Classes:

- Ids unique once normalised (Spirits, cards, Spirit Lines, teams).
- A team has three different Spirit Lines (Setup: "each of their Stage 1 Spirit cards in a horizontal line"), of three
  different Classes, and its deck is the six Basic cards of each of those Classes and the four Special cards of
  each Line (Forming Your Team; Building Your Deck): :func:`check_deck`.
- The pre-built set-up needs the teams it seats: the ones chosen, or by default the first match's Fire and Electric
  teams (Setup: "One player takes the Fire team, and the other player takes the Electric team").
- The draft needs the ``classes`` section.
- Every team that can be seated (or drafted) can deal damage, so that the game can end (:mod:`.ending`).
- Numbers in range: effect parameters, Trait bonuses and Item charges are small (a Trait never lowers Health:
  defeat is checked when damage is dealt, so a Spirit whose Health drops under its damage would stay in play),
  Health at most 99; a Spirit rolls 1 to :data:`MAX_DICE` dice, and so does its Presence side (Activate: "gather each
  die printed on their card"; a Presence side "has lost some of its dice", never all: the shipped Spirits show 2 or 3,
  their Presence sides 1 or 2; attack 47: a Spirit of 5,000 dice or of none was played).

:func:`check_file` runs the checks that hold for every game once per file; :func:`check_game` those of a set-up.
Both raise :class:`~tutor.core.errors.ContentError` naming the file and the field.
"""
from __future__ import annotations

from itertools import chain

from ...core.cardcheck import MAX_NUMBER, check_ids, check_numbers, refuse
from ...core.errors import said
from ...core.options import id_list
from .cards import BASIC_PER_CLASS, SPECIAL_PER_LINE, CardSet
from .ending import check_draft, check_teams

#: The teams of the first match (Setup), seated when no ``teams`` option is given.
DEFAULT_TEAMS = ("fire", "electric")
#: Most dice a Spirit card (or its Presence side) may print: the shipped ones print at most 3; with the Advantage
#: Die one more is rolled.
MAX_DICE = 5


def check_file(cards: CardSet, path: str) -> None:
    """File-wide checks (module doc).

    Raises:
        ContentError: ``"<path>: <field>: <what is wrong>"``.
    """
    spirits = ((f"lines[{i}].spirits[{j}].id", sp.id) for i, ln in enumerate(cards.lines)
               for j, sp in enumerate(ln.spirits))
    check_ids(path, chain(spirits, ((f"cards[{i}].id", c.id) for i, c in enumerate(cards.cards))), "Spirit or card id")
    check_ids(path, ((f"lines[{i}].id", ln.id) for i, ln in enumerate(cards.lines)), "Spirit Line id")
    check_ids(path, ((f"teams[{i}].id", t.id) for i, t in enumerate(cards.teams)), "team id")
    # names too: learners see names, never ids (attack 42: two choices read alike)
    names = ((f"lines[{i}].spirits[{j}].name", sp.name) for i, ln in enumerate(cards.lines)
             for j, sp in enumerate(ln.spirits))
    check_ids(path, chain(names, ((f"cards[{i}].name", c.name) for i, c in enumerate(cards.cards))),
              "Spirit or card name")
    check_ids(path, ((f"lines[{i}].name", ln.name) for i, ln in enumerate(cards.lines)), "Spirit Line name")
    check_ids(path, ((f"teams[{i}].name", t.name) for i, t in enumerate(cards.teams)), "team name")
    for i, t in enumerate(cards.teams):
        if len(set(t.lines)) != len(t.lines):
            raise refuse(path, f"teams[{i}].lines", f"team {said(t.id, 40)} must have three different Spirit Lines, got "
                                                    f"{', '.join(t.lines)}")
        check_deck(cards, path, i)
    for i, ln in enumerate(cards.lines):
        for j, sp in enumerate(ln.spirits):
            at = f"lines[{i}].spirits[{j}]"
            for where, dice in ((f"{at}.dice", sp.dice), (f"{at}.presence.dice", sp.presence.dice if sp.presence
                                                          else None)):
                if dice is not None and not 1 <= len(dice) <= MAX_DICE:
                    raise refuse(path, where, f"{sp.id}: a Spirit card shows 1 to {MAX_DICE} dice, rolled when it is "
                                              f"activated (the shipped Spirits show 2 or 3), got {len(dice):,}")
            check_numbers(path, f"{at}.health", sp.health, 1, MAX_NUMBER)
            for stat in ("attack", "magic", "essence"):
                check_numbers(path, f"{at}.{stat}", getattr(sp, stat), 0, MAX_NUMBER)
            if sp.ability:
                for k, e in enumerate(sp.ability.effects):
                    check_numbers(path, f"{at}.ability.effects[{k}].params", e.params)
    for i, c in enumerate(cards.cards):
        check_numbers(path, f"cards[{i}].cost", c.cost, 0, MAX_NUMBER)
        for k, e in enumerate(c.effects):
            check_numbers(path, f"cards[{i}].effects[{k}].params", e.params)
        if c.ability:
            for k, e in enumerate(c.ability.effects):
                check_numbers(path, f"cards[{i}].ability.effects[{k}].params", e.params)
        if c.charged is not None:
            check_numbers(path, f"cards[{i}].charged", c.charged, 1, MAX_NUMBER)
        for k, b in enumerate(c.bonuses):
            low = 0 if b.stat == "health" else -MAX_NUMBER
            if b.stat == "health" and b.amount < 0:
                raise refuse(path, f"cards[{i}].bonuses[{k}].amount",
                             f"{c.id}: a Trait may not lower Health (the tutor checks defeat when damage is dealt, "
                             f"so such a Spirit would stay in play), got {b.amount}")
            check_numbers(path, f"cards[{i}].bonuses[{k}].amount", b.amount, low, MAX_NUMBER)


def check_deck(cards: CardSet, path: str, i: int) -> None:
    """Team ``i`` is made as the rulebook makes a team and its deck (Forming Your Team: one Spirit Line from each
    of three Classes; Building Your Deck: the six Basic cards of each of those Classes and the four Special cards of
    each Line, 30 cards; the pre-built teams are made so too, two copies of each of 15 cards). Attack 42: a deck of
    30 copies of one card loaded.

    Raises:
        ContentError: naming ``teams[i].lines`` (two Lines of one Class) or ``teams[i].deck`` (the first Class or
        Line whose cards are not as the rules make them; with those counts right, the schema's 30 cards leave no
        room for a card of another Class or Line).
    """
    t = cards.teams[i]
    classes = [cards.line_by_id[ln].cls for ln in t.lines]
    if len(set(classes)) != len(classes):
        raise refuse(path, f"teams[{i}].lines", f"team {said(t.id, 40)} has two Spirit Lines of one Class "
                                                f"({', '.join(classes)}); a team has one Line from each of three "
                                                "different Classes (rulebook: Forming Your Team)")
    rule = (f"a deck holds the {BASIC_PER_CLASS} Basic cards of each of its Lines' Classes and the "
            f"{SPECIAL_PER_LINE} Special cards of each of its Lines, 30 in all (rulebook: Building Your Deck; the "
            "pre-built teams hold two copies of each of 15 cards)")
    deck = [cards.by_id[c] for c in t.deck for _ in range(t.copies)]
    for cl in classes:
        n = sum(1 for c in deck if c.rarity == "basic" and c.cls == cl)
        if n != BASIC_PER_CLASS:
            raise refuse(path, f"teams[{i}].deck", f"team {said(t.id, 40)} has {n} {cl.capitalize()} Basic cards "
                                                   f"({_copies(deck, 'basic', cl)}); {rule}")
    for ln in t.lines:
        n = sum(1 for c in deck if c.line == ln)
        if n != SPECIAL_PER_LINE:
            raise refuse(path, f"teams[{i}].deck", f"team {said(t.id, 40)} has {n} Special cards of the "
                                                   f"{cards.line_by_id[ln].name[:40]} Line; {rule}")


def _copies(deck: list, rarity: str, cls: str) -> str:
    """``"30 x Searing Strike"``: the cards of one rarity and Class in ``deck``, with their copies."""
    counts: dict[str, int] = {}
    for c in deck:
        if c.rarity == rarity and c.cls == cls:
            counts[c.name] = counts.get(c.name, 0) + 1
    return ", ".join(f"{n} x {name[:40]}" for name, n in list(counts.items())[:6]) or "none"


def check_game(cards: CardSet, path: str, options: dict) -> None:
    """Checks of one set-up: the draft needs ``classes``; the pre-built set-up needs its teams; every team that
    can play must be able to deal damage, else the game might never end (:mod:`.ending`).

    Raises:
        ContentError: naming the file and the field (``classes`` or ``teams``).
        ValueError: the ``teams`` option does not name two different teams of the file (:func:`~tutor.core.options.
            id_list`'s words).
    """
    if options["setup"] == "draft":
        if not cards.classes:
            raise refuse(path, "classes", "the draft set-up needs the nine Classes (a 'classes' section: each Class's "
                                          "three Spirit Lines and Basic cards); this file has none")
        check_draft(cards, path)
        return
    valid = [t.id for t in cards.teams]
    if not valid:
        raise refuse(path, "teams", "the pre-built set-up seats two teams from the 'teams' section, but it is empty "
                                    "(add a team, or play the draft set-up)")
    teams = options["teams"]
    if teams is None:
        missing = [t for t in DEFAULT_TEAMS if t not in valid]
        if missing:
            raise refuse(path, "teams", f"the pre-built set-up seats the first match's teams "
                                        f"{' and '.join(DEFAULT_TEAMS)} unless the 'teams' option names others, but "
                                        f"this file has no team {', '.join(repr(m) for m in missing)} (its teams: "
                                        f"{', '.join(v[:40] for v in valid[:10])})")
        check_teams(cards, path, DEFAULT_TEAMS)
        return
    # the option is at fault, not the file (attack 43: teams=["fire","fire"] was blamed on cards.yaml); two different
    # teams, as the box holds one deck of each team (rule sd.setup.teams)
    teams = id_list("spirit-duels", "teams", teams, valid, 2, "team", per_seat=True)
    check_teams(cards, path, teams)
