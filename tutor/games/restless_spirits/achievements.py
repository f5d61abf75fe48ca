"""Achievements (Achievements: Multiplayer Achievements, Solo Achievements).

Each achievement is a row of :data:`ACHIEVEMENTS`: its id (the clause is ``rs.achievement.<id>``), name, the mode it
belongs to, when it is checked (``now``: after every step; ``end``: when the game ends; ``event``: earned by the
rule that notices it, e.g. a release without Totems) and its test over the player's state and
:class:`~.state.TurnStats`. An achievement is announced once, with its clause, and kept in ``Player.achievements``.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from .cards import LIGHT_TYPES
from .zones import Ctx

#: effects whose ability uses one of the Spirit's own Spirit Tokens (ruling ``rs.ruling.wombo-combo-tokens``)
TOKEN_EFFECTS = ("protect-token", "reduce-adjacent", "copy-ability")


class Achievement(NamedTuple):
    id: str
    name: str
    mode: str
    when: str
    test: Callable | None = None
    #: a ruling the test relies on, cited (with the cards concerned) just before the achievement is announced
    ruling: str | None = None


def _mastery_released(g, s, p) -> int:
    m = g.cards.by_id[p.guide].mastery if p.guide else None
    return sum(g.cards.by_id[x].type == m for x in p.released)


def _balanced(g, s, p) -> bool:
    light = sum(g.cards.by_id[x].type in LIGHT_TYPES for x in p.released)
    return light >= 1 and light * 2 == len(p.released)


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("speedrunner", "Speedrunner", "multi", "now", lambda g, s, p: p.stats.released >= 3),
    Achievement("options", "I Just Like Having Options", "multi", "now", lambda g, s, p: len(p.hand) >= 15),
    Achievement("nothing-to-see", "Nothing To See Here", "multi", "end", lambda g, s, p: not p.hand),
    Achievement("true-specialist", "True Specialist", "multi", "now", lambda g, s, p: len(p.released) >= 5 and _mastery_released(g, s, p) >= 5),
    Achievement("wombo-combo", "Wombo Combo", "multi", "now", lambda g, s, p: len(p.stats.token_spirits) >= 3,
                "rs.ruling.wombo-combo-tokens"),
    Achievement("faith-alone", "Faith Alone", "multi", "event"),
    Achievement("count-your-blessings", "Count Your Blessings", "multi", "now", lambda g, s, p: p.stats.blessings >= 3),
    Achievement("curse-you-all", "Curse You All!", "multi", "now", lambda g, s, p: p.stats.curses >= 3),
    Achievement("sacred-duty", "A Sacred Duty", "solo", "now", lambda g, s, p: p.stats.released >= 3),
    Achievement("perfectly-balanced", "Perfectly Balanced", "solo", "end", _balanced),
    Achievement("perfectly-planned", "Perfectly Planned", "solo", "end", lambda g, s, p: not p.hand),
    Achievement("favourites", "You're My Favourites", "solo", "now", lambda g, s, p: len(p.released) >= 5 and _mastery_released(g, s, p) >= 5),
    Achievement("no-help-needed", "No Help Needed", "solo", "end",
                lambda g, s, p: p.seat in s.winners and p.stats.cards_played_game == 0),
    Achievement("backstabber", "Backstabber", "solo", "event"),
    Achievement("good-vibes", "Good Vibes Only", "solo", "now", lambda g, s, p: p.stats.blessings >= 3),
    Achievement("curse-myself", "Curse...myself?!", "solo", "now", lambda g, s, p: p.stats.curses >= 3),
)
BY_ID = {a.id: a for a in ACHIEVEMENTS}
#: achievements whose text asks for a win; every other one counts without winning (``rs.achievement.no-win-needed``)
NEEDS_WIN = frozenset({"no-help-needed"})
#: The achievements :func:`check` tests, as (id, test) pairs by (solo, at the end of the game), in list order.
_TESTED = {(m == "solo", end): tuple((a.id, a.test) for a in ACHIEVEMENTS if a.mode == m and a.test is not None
                                     and (a.when == "now" or a.when == "end" and end))
           for m in ("solo", "multi") for end in (False, True)}


def mode(g) -> str:
    return "solo" if g.solo else "multi"


def earn(c: Ctx, seat: int, aid: str) -> None:
    """Announce achievement ``aid`` for ``seat`` once (only in the mode it belongs to)."""
    a = BY_ID[aid]
    p = c.state.players[seat]
    if a.mode != mode(c.game) or aid in p.achievements:
        return
    p.achievements.append(aid)
    if a.ruling == "rs.ruling.wombo-combo-tokens":
        names = ", ".join(c.name(x) for x in p.stats.token_spirits)
        c.ev(a.ruling, f"{c.who(seat)} used abilities with 3 different Spirit Tokens this turn ({names}): each of "
             "these Spirits has its own Spirit Token.", auto=True, cards=tuple(p.stats.token_spirits), actor=seat)
    c.ev(f"rs.achievement.{aid}", f"Achievement unlocked by {c.who(seat)}: {a.name}!", auto=True, actor=seat)
    if aid == "wombo-combo":
        c.ev("rs.ruling.wombo-combo-tokens", "Abilities count for it when their Spirit has its own Spirit Token: "
             "Onota, Seone, Yotei, Uji and Grindavik.", auto=True, actor=seat)
    if aid == "perfectly-balanced":
        c.ev("rs.ruling.perfectly-balanced", "Perfectly Balanced is checked as the game ends and needs at least one "
             "released Light and one released Dark Spirit.", auto=True, actor=seat)
    if aid not in NEEDS_WIN:
        c.ev("rs.achievement.no-win-needed", f"It counts for {c.who(seat)} whether or not they win the game.",
             auto=True, actor=seat)


def check(c: Ctx, at_end: bool = False) -> None:
    """Test every ``now`` achievement (and the ``end`` ones when the game ends) for every player."""
    g, s = c.game, c.state
    tests = _TESTED[(g.players == 1, at_end)]  # (Solo Mode is one player: see RestlessSpirits.solo)
    for p in s.players:
        # (the tests read the player's cards and counts, which earning changes not: each is earned as it is met)
        for aid, test in tests:
            if test(g, s, p) and aid not in p.achievements:
                earn(c, p.seat, aid)


def on_release(c: Ctx, seat: int, ps) -> None:
    """Count a release for this turn; a Spirit released with no Totem under it earns Faith Alone."""
    p = c.state.players[seat]
    p.stats.released += 1
    if not ps.totems:
        earn(c, seat, "faith-alone")


def on_card_played(c: Ctx, seat: int, card: str) -> None:
    """Count a Blessing or Curse played (this turn and this game)."""
    st = c.state.players[seat].stats
    if c.game.card_kind(card) == "blessing":
        st.blessings += 1
    else:
        st.curses += 1
    st.cards_played_game += 1


def on_activate(c: Ctx, seat: int, card: str) -> None:
    """Note a Spirit whose ability uses its own Spirit Token this turn (Wombo Combo)."""
    st = c.state.players[seat].stats
    if any(e.effect in TOKEN_EFFECTS for e in c.cards.by_id[card].ability.effects) and card not in st.token_spirits:
        st.token_spirits.append(card)
