"""What a Spirited card file must hold before a game is played with it (issue: impossible card files).

The Spirited card file is ``content/spirited/cards.yaml`` (a replaced ``content/`` folder, ``$RULES_TUTOR_CONTENT``,
brings its own). Needs, from the rulebook summary and the set-up code:

- Clans: at least one clan in a game, each with at least one card (What is the Game?; the draw pile is made of the
  clans' cards and the Passing of Time cards); clan ids unique once normalised, and never ``time`` (the Passing of
  Time cards are ``time-1``...).
- Wonders: 3 on display at the start (Build a Wonder: "Take 1 of the 3 Wonder cards").
- Medals: every Allegiance of a game may hold a medal of any kind at once, so each kind's supply holds at least as
  many medals as there are clans in a game (else taking a medal finds none); medal values 1 or more, Bronze below
  Silver below Gold (Marching & Allegiances: 2, 3 and 4).
- The Time Track: one for every player count (2 to 6) a game can be set up with (Battles & the Time Track).
- Numbers in range: an Overrun Limit of 1 to 99, a Battle hand limit of 0 to :data:`MAX_HAND_LIMIT`, 1 to 99 cards
  per clan, 1 to 99 medals of each kind (attack 47: a supply of 1,000,000,000 Gold medals took 14 GB; an Overrun
  Limit of 10**39 meant no clan ever overran).

:func:`check_file` raises :class:`~tutor.core.errors.ContentError` naming the file and the field.
"""
from __future__ import annotations

from itertools import chain

from ...core.cardcheck import MAX_NUMBER, check_ids, check_numbers, refuse
from ...core.errors import short
from .cards import CardSet

#: Wonders on display (Turn Structure, Build a Wonder: "1 of the 3 Wonder cards").
WONDER_DISPLAY = 3
#: Player counts of Spirited ("a competitive card game for 2-6 players").
PLAYER_COUNTS = (2, 3, 4, 5, 6)
#: Highest Battle hand limit a file may give (the rulebook's is 5: "discard down to 5 during Battles").
MAX_HAND_LIMIT = 20


def check_file(cards: CardSet, path: str) -> None:
    """Every check of the module doc.

    Raises:
        ContentError: ``"<path>: <field>: <what is wrong>"``.
    """
    check_ids(path, chain(((f"clans[{i}].id", c.id) for i, c in enumerate(cards.clans)),
                          ((f"wonders[{i}].id", w.id) for i, w in enumerate(cards.wonders))), "clan or Wonder id")
    check_ids(path, chain(((f"clans[{i}].name", c.name) for i, c in enumerate(cards.clans)),  # (names: learners see
                          ((f"wonders[{i}].name", w.name) for i, w in enumerate(cards.wonders))),  # them, attack 42)
              "clan or Wonder name")
    for i, cl in enumerate(cards.clans):
        if cl.id.strip().casefold() == "time":
            raise refuse(path, f"clans[{i}].id", "'time' names the Passing of Time cards; give the clan another id")
        if not 1 <= cl.cards <= 99:
            raise refuse(path, f"clans[{i}].cards", f"a clan has 1 to 99 cards, got {cl.cards}")
    for i, cl in enumerate(cards.clans):
        for field, e in (("power", cl.power), ("allegiance.battle", cl.allegiance.battle),
                         ("allegiance.overrun", cl.allegiance.overrun)):
            check_numbers(path, f"clans[{i}].{field}.params", e.params)
    for i, w in enumerate(cards.wonders):
        check_numbers(path, f"wonders[{i}].effect.params", w.effect.params)
        check_numbers(path, f"wonders[{i}].spirit", w.spirit, 0, 99)
    if cards.clans_per_game < 1:
        raise refuse(path, "clans_per_game", f"a game needs at least 1 clan, got {cards.clans_per_game}")
    if not 1 <= cards.overrun_limit <= MAX_NUMBER:
        raise refuse(path, "overrun_limit", f"the Overrun Limit is 1 or more and at most {MAX_NUMBER} (the rulebook's "
                                            f"is 3), got {short(cards.overrun_limit)}")
    if not 0 <= cards.hand_limit_in_battle <= MAX_HAND_LIMIT:
        raise refuse(path, "hand_limit_in_battle", f"a hand limit is 0 or more and at most {MAX_HAND_LIMIT} (the "
                                                   f"rulebook's is 5), got {short(cards.hand_limit_in_battle)}")
    if len(cards.wonders) < WONDER_DISPLAY:
        raise refuse(path, "wonders", f"a game puts {WONDER_DISPLAY} Wonders on display at the start; the file has "
                                      f"{len(cards.wonders)}")
    for kind in ("bronze", "silver", "gold"):
        m = cards.medals[kind]
        if m.count > MAX_NUMBER:  # (before any medal is made: one id per medal of the supply)
            raise refuse(path, f"medals.{kind}.count", f"a supply holds at most {MAX_NUMBER} {kind} medals (each is "
                                                       f"a card of the box), got {short(m.count)}")
        if m.count < cards.clans_per_game:
            raise refuse(path, f"medals.{kind}.count",
                         f"each of the {cards.clans_per_game} Allegiances of a game may hold a {kind} medal at once, "
                         f"so the supply needs at least {cards.clans_per_game}; the file has {m.count}")
        if not 1 <= m.value <= 99:
            raise refuse(path, f"medals.{kind}.value", f"a medal is worth 1 to 99 Spirit, got {m.value}")
    values = [cards.medals[k].value for k in ("bronze", "silver", "gold")]
    if not values[0] < values[1] < values[2]:
        raise refuse(path, "medals", f"a Bronze medal is worth less than a Silver and a Silver less than a Gold, got "
                                     f"{values[0]}, {values[1]} and {values[2]}")
    missing = [n for n in PLAYER_COUNTS if n not in cards.time_track]
    if missing:
        raise refuse(path, "time_track", f"Spirited is played by 2 to 6 players and needs a Time Track for each; "
                                         f"none is given for {', '.join(map(str, missing))} players")
    extra = sorted(n for n in cards.time_track if n not in PLAYER_COUNTS)
    if extra:
        raise refuse(path, f"time_track[{extra[0]}]", "Spirited is played by 2 to 6 players; there is no Time Track "
                                                      f"for {extra[0]}")
