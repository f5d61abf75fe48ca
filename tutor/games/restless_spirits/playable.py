"""What a Restless Spirits card file must hold before a game is played with it (issue: impossible card files).

Counts come from the rulebook's set-up and end (Setup; Winning the Game: Triggering the Endgame; Solo Mode: Solo
Mode Setup, Endgame & Scoring) and from what the set-up code deals:

- Spirit Guides: one different board per player (Setup step 1; Solo: one).
- Totems: the draft deals 6 to each player (Setup: "a hand of 6 Totem cards"), the first-game set-up 5 each and 3 to
  the Shrine, Solo Mode 5; then the two Totem Market rows take 3 each. A file with fewer Totems than that cannot be
  dealt. In a multiplayer game one Totem more than the players can hold at once (a hand of 7, two under each of
  three Spirits) must exist, so one is always left to buy, draw or retrieve.
- Every Spirit's ability has effects: the tutor plays each ability it shows (an ability it could not play would
  teach a wrong rule).
- Spirits are unique: no two share a card number or a combination of Totem Requirements (Totem Requirements;
  Promo Spirits): :func:`check_unique_spirits`.
- Every Spirit can be released: its three Totem Requirements can be met by Totems of the file (single, double or
  wild, as played), else a Spirit on a board blocks its space for ever.
- Spirits in the deck (the main Spirits, with any chosen promos swapped in): the Lost Spirits row takes 3, and the
  endgame needs one player with 5 / 4 / 3 released Spirits (2 / 3 / 4 players). Released Spirits never come back,
  so with fewer than ``players x (needed - 1) + 1`` Spirits every Spirit could end up released with nobody at the
  needed count, and the game would never end. Solo Mode is won with a released Spirit of each of the six types, so
  its deck holds at least one of each.

:func:`check_file` runs the checks that do not depend on the player count once per file; :func:`check_game` those
that do, when a game is set up. Both raise :class:`~tutor.core.errors.ContentError` naming the file and the field.
"""
from __future__ import annotations

from itertools import chain
from types import SimpleNamespace

from ...core.cardcheck import check_ids, check_numbers, refuse
from .cards import SPIRIT_TYPES, CardSet
from .requirements import _fill_options
from .resolve import RELEASES_TO_TRIGGER
from .setup import DRAFT_HAND, KEEP
from .solo import SOLO_HAND
from .zones import HAND_LIMIT

#: Totems in the two Totem Market rows (Setup: "two rows of 3 Totem cards").
MARKET_TOTEMS = 6
#: Totems the first-game set-up puts on the Shrine (Setup: "deal 3 Totems face-up to the Shrine").
FIRST_GAME_SHRINE = 3
#: Spaces of the Lost Spirits row (Setup: "Deal out 3 Spirit cards").
LOST_ROW = 3


def check_file(cards: CardSet, path: str) -> None:
    """Checks of a card file that hold for every game: ids unique once normalised (cards, guides and Totem icons),
    and the names of guides, Spirits, Blessings, Curses and Totem icons (Totems come in copies of one name),
    Spirit numbers 1 to 999, effect parameters small (:func:`~tutor.core.cardcheck.check_numbers`), and every
    Spirit releasable with the file's Totems.

    Raises:
        ContentError: ``"<path>: <field>: <what is wrong>"``.
    """
    groups = ("guides", "spirits", "totems", "blessings", "curses")
    check_ids(path, chain.from_iterable(((f"{grp}[{i}].id", c.id) for i, c in enumerate(getattr(cards, grp)))
                                        for grp in groups), "card id")
    check_ids(path, ((f"totem_icons[{i}].id", t.id) for i, t in enumerate(cards.totem_icons)), "Totem icon id")
    # names too: learners see names, never ids (attack 42: every Spirit called "Gonga", two actions read alike)
    check_ids(path, chain.from_iterable(((f"{grp}[{i}].name", c.name) for i, c in enumerate(getattr(cards, grp)))
                                        for grp in ("guides", "spirits", "blessings", "curses")), "card name")
    check_ids(path, ((f"totem_icons[{i}].name", t.name) for i, t in enumerate(cards.totem_icons)), "Totem icon name")
    for i, s in enumerate(cards.spirits):
        for j, e in enumerate(s.ability.effects):
            check_numbers(path, f"spirits[{i}].ability.effects[{j}].params", e.params)
    for grp in ("blessings", "curses"):
        for i, card in enumerate(getattr(cards, grp)):
            for j, e in enumerate(card.effects):
                check_numbers(path, f"{grp}[{i}].effects[{j}].params", e.params)
    for i, s in enumerate(cards.spirits):
        if not s.ability.effects:
            raise refuse(path, f"spirits[{i}].ability.effects",
                         f"{s.id}: its ability has no effects, so the tutor could only show its text and play it as "
                         "no ability at all, which would teach a wrong rule; give it at least one effect")
    for i, s in enumerate(cards.spirits):
        if not 1 <= s.number <= 999:
            raise refuse(path, f"spirits[{i}].number", f"{s.id}: a Spirit's card number is 1 to 999, got {s.number}")
    check_unique_spirits(cards, path)
    for i, s in enumerate(cards.spirits):
        if not releasable(cards, s.id):
            names = ", ".join(cards.icon_names.get(r, r) for r in s.requirements)
            raise refuse(path, f"spirits[{i}].requirements",
                         f"{s.id} needs {names}, but no Totems in this file can meet all three (add Totems with "
                         "these icons, or a Wild Totem), so it could never be released")


def check_unique_spirits(cards: CardSet, path: str) -> None:
    """No two Spirits share a card number (the number names a Spirit: a Promo Spirit replaces the Spirit of a given
    number, Promo Spirits) or the same combination of Totem Requirements (Totem Requirements: "every Spirit is
    unique and requires a different combination of 3 Totems"). One icon named more than once is a combination the
    rulebook allows: each icon then meets one requirement (:func:`.requirements.fill_options`). Attack 42.

    Raises:
        ContentError: naming ``spirits[i].number`` or ``spirits[i].requirements`` of the second such Spirit.
    """
    numbers: dict[int, int] = {}
    combos: dict[tuple[str, ...], int] = {}
    for i, s in enumerate(cards.spirits):
        j = numbers.setdefault(s.number, i)
        if j != i:
            raise refuse(path, f"spirits[{i}].number", f"{s.name[:40]} has card number {s.number}, the same as "
                                                       f"{cards.spirits[j].name[:40]} (spirits[{j}]); a Spirit's number "
                                                       "names it (a Promo Spirit replaces the Spirit of a given "
                                                       "number), so every Spirit's number must be different")
        key = tuple(sorted(s.requirements))
        j = combos.setdefault(key, i)
        if j != i:
            names = ", ".join(cards.icon_names.get(r, r)[:30] for r in s.requirements)
            raise refuse(path, f"spirits[{i}].requirements", f"{s.name[:40]} requires {names}, the same combination "
                                                             f"as {cards.spirits[j].name[:40]} (spirits[{j}]); every "
                                                             "Spirit requires a different combination of 3 Totems")


def _totem_kinds(cards: CardSet) -> list[tuple[str, int]]:
    """One Totem id per kind of Totem (same kind, icons and wild type) with how many Totems have it."""
    kinds: dict[tuple, list] = {}
    for t in cards.totems:
        key = (t.kind, tuple(sorted(t.icons)), t.wild_type)
        kinds.setdefault(key, [t.id, 0])[1] += 1
    return [(tid, n) for tid, n in kinds.values()]


def releasable(cards: CardSet, spirit: str) -> bool:
    """True when some different Totems of ``cards``, played one after another as the rules allow (see
    :func:`.requirements.fill_options`), meet all three requirements of Spirit ``spirit``."""
    shim = SimpleNamespace(cards=cards)
    kinds = [(tid, n) for tid, n in _totem_kinds(cards) if _fill_options(shim, spirit, tid, (0, 1, 2))]

    def search(free: tuple[int, ...], used: dict[str, int]) -> bool:
        if not free:
            return True
        for tid, n in kinds:
            if used.get(tid, 0) >= n:
                continue
            for filled in _fill_options(shim, spirit, tid, free):
                used[tid] = used.get(tid, 0) + 1
                ok = search(tuple(i for i in free if i not in filled), used)
                used[tid] -= 1
                if ok:
                    return True
        return False

    return search((0, 1, 2), {})


def totems_dealt(players: int, first_game: bool) -> int:
    """Totems the set-up deals: hands (draft, first game or Solo Mode) and the two Totem Market rows."""
    if players == 1:
        return SOLO_HAND + MARKET_TOTEMS
    if first_game:
        return KEEP * players + FIRST_GAME_SHRINE + MARKET_TOTEMS
    return DRAFT_HAND * players + MARKET_TOTEMS


def totems_held(players: int) -> int:
    """The most Totems the players can hold at once in a multiplayer game: a full hand of 7 and two under each of
    the three Spirits on a board (the third releases it), per player."""
    return players * (HAND_LIMIT + 2 * 3)


def totems_needed(players: int, first_game: bool) -> int:
    """Totems a game needs: those the set-up deals, and in a multiplayer game one more than the players can hold,
    so that a Totem is always left to buy, draw or retrieve (else, with every Totem held and no Requirement met, no
    Spirit could be released and the game would never end). Solo Mode ends when the Spirit deck runs out."""
    if players == 1:
        return totems_dealt(players, first_game)
    return max(totems_dealt(players, first_game), totems_held(players) + 1)


def spirits_needed(players: int) -> int:
    """Spirits the deck needs so that the game can end (module doc)."""
    if players == 1:
        return len(SPIRIT_TYPES)
    return max(LOST_ROW, players * (RELEASES_TO_TRIGGER[players] - 1) + 1)


def check_game(cards: CardSet, path: str, players: int, options: dict, deck: list) -> None:
    """Checks that depend on the player count and options: guides, Totems and Spirits enough for this game.
    ``deck``: the Spirits of this game's deck (promos swapped in).

    Raises:
        ContentError: naming the file and field, the count found and the count needed.
    """
    who = "Solo Mode" if players == 1 else f"a {players}-player game"
    if len(cards.guides) < players:
        need = "a Spirit Guide board" if players == 1 else f"{players} different Spirit Guide boards, one per player"
        raise refuse(path, "guides", f"{who} needs {need}; the file has {len(cards.guides)}")
    dealt = totems_dealt(players, bool(options.get("first_game")))
    if len(cards.totems) < dealt:
        how = ("5 dealt to your hand" if players == 1 else
               "5 dealt to each player and 3 to the Shrine" if options.get("first_game") else
               "6 dealt to each player for the draft")
        raise refuse(path, "totems", f"{who} deals {dealt} Totems at set-up ({how}, and 3 to each of the two Totem "
                                     f"Market rows); the file has {len(cards.totems)}")
    need = totems_needed(players, bool(options.get("first_game")))
    if len(cards.totems) < need:
        raise refuse(path, "totems", f"{who} needs at least {need} Totems: the players can hold "
                                     f"{totems_held(players)} at once (a hand of 7 and two under each of 3 Spirits "
                                     "each), and one more must be left to buy, draw or retrieve, else no Spirit might "
                                     f"ever be released and the game would never end; the file has {len(cards.totems)}")
    need = spirits_needed(players)
    if len(deck) < need:
        why = ("Solo Mode is won with a released Spirit of each of the six types" if players == 1 else
               f"the endgame needs a player with {RELEASES_TO_TRIGGER[players]} released Spirits, and released "
               "Spirits never come back, so with fewer the game might never end")
        raise refuse(path, "spirits", f"{who} needs at least {need} Spirits in the Spirit deck ({why}); this "
                                      f"game's deck has {len(deck)}")
    if players == 1:
        missing = [t for t in SPIRIT_TYPES if not any(s.type == t for s in deck)]
        if missing:
            raise refuse(path, "spirits", f"Solo Mode is won with a released Spirit of each of the six types, but "
                                          f"this game's deck has no {', '.join(missing)} Spirit")
