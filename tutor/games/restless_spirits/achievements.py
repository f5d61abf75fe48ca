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
    #: for a ``now`` achievement: ``(count, n)``, the count of :data:`COUNTS` that must reach ``n`` (its test also
    #: asks ``also``, when given); the test is made from them (:func:`_now`)
    at_least: tuple[str, int] | None = None


#: What the ``now`` achievements count on a player, in the order :func:`counts` gives them: Spirits released this
#: turn, cards in hand, Spirits released in the game, Spirits whose own Spirit Token was used this turn, Blessings
#: and Curses played this turn.
COUNTS = ("released-this-turn", "hand", "released", "token-spirits-this-turn", "blessings-this-turn",
          "curses-this-turn")


def counts(p) -> tuple[int, int, int, int, int, int]:
    """The :data:`COUNTS` of player ``p``, in that order."""
    st = p.stats
    return st.released, len(p.hand), len(p.released), len(st.token_spirits), st.blessings, st.curses


def _now(aid: str, name: str, mode: str, count: str, n: int, also: Callable | None = None,
         ruling: str | None = None) -> Achievement:
    """A ``now`` achievement earned once count ``count`` (one of :data:`COUNTS`) of the player reaches ``n`` and
    ``also(g, s, p)`` holds (when given)."""
    i = COUNTS.index(count)
    if also is None:
        def test(g, s, p) -> bool:
            return counts(p)[i] >= n
    else:
        def test(g, s, p) -> bool:
            return counts(p)[i] >= n and also(g, s, p)
    return Achievement(aid, name, mode, "now", test, ruling, (count, n))


def _mastery_released(g, s, p) -> int:
    m = g.cards.by_id[p.guide].mastery if p.guide else None
    return sum(g.cards.by_id[x].type == m for x in p.released)


def _specialist(g, s, p) -> bool:
    return _mastery_released(g, s, p) >= 5


def _balanced(g, s, p) -> bool:
    light = sum(g.cards.by_id[x].type in LIGHT_TYPES for x in p.released)
    return light >= 1 and light * 2 == len(p.released)


ACHIEVEMENTS: tuple[Achievement, ...] = (
    _now("speedrunner", "Speedrunner", "multi", "released-this-turn", 3),
    _now("options", "I Just Like Having Options", "multi", "hand", 15),
    Achievement("nothing-to-see", "Nothing To See Here", "multi", "end", lambda g, s, p: not p.hand),
    _now("true-specialist", "True Specialist", "multi", "released", 5, _specialist),
    _now("wombo-combo", "Wombo Combo", "multi", "token-spirits-this-turn", 3, ruling="rs.ruling.wombo-combo-tokens"),
    Achievement("faith-alone", "Faith Alone", "multi", "event"),
    _now("count-your-blessings", "Count Your Blessings", "multi", "blessings-this-turn", 3),
    _now("curse-you-all", "Curse You All!", "multi", "curses-this-turn", 3),
    _now("sacred-duty", "A Sacred Duty", "solo", "released-this-turn", 3),
    Achievement("perfectly-balanced", "Perfectly Balanced", "solo", "end", _balanced),
    Achievement("perfectly-planned", "Perfectly Planned", "solo", "end", lambda g, s, p: not p.hand),
    _now("favourites", "You're My Favourites", "solo", "released", 5, _specialist),
    Achievement("no-help-needed", "No Help Needed", "solo", "end",
                lambda g, s, p: p.seat in s.winners and p.stats.cards_played_game == 0),
    Achievement("backstabber", "Backstabber", "solo", "event"),
    _now("good-vibes", "Good Vibes Only", "solo", "blessings-this-turn", 3),
    _now("curse-myself", "Curse...myself?!", "solo", "curses-this-turn", 3),
)
BY_ID = {a.id: a for a in ACHIEVEMENTS}
#: achievements whose text asks for a win; every other one counts without winning (``rs.achievement.no-win-needed``)
NEEDS_WIN = frozenset({"no-help-needed"})
#: The achievements :func:`check` tests, as (id, test) pairs by (solo, at the end of the game), in list order.
_TESTED = {(m == "solo", end): tuple((a.id, a.test) for a in ACHIEVEMENTS if a.mode == m and a.test is not None
                                     and (a.when == "now" or a.when == "end" and end))
           for m in ("solo", "multi") for end in (False, True)}
#: Per mode (solo or not), the lowest ``n`` of its ``now`` achievements for each of :data:`COUNTS` (a count no
#: ``now`` achievement of the mode reads: a number never reached): no ``now`` achievement can be earned by a player
#: none of whose counts reaches its number, so :func:`check` tests them only for a player one of whose counts does.
_LOWEST = {solo: tuple(min([a.at_least[1] for a in ACHIEVEMENTS if a.mode == ("solo" if solo else "multi")
                            and a.at_least is not None and a.at_least[0] == count], default=1 << 62)
                       for count in COUNTS) for solo in (False, True)}


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
    """Test every ``now`` achievement (and the ``end`` ones when the game ends) for every player (the ``now`` ones,
    during the game, only for a player one of whose :data:`COUNTS` reaches a ``now`` achievement's number)."""
    g, s = c.game, c.state
    solo = g.players == 1  # (Solo Mode is one player: see RestlessSpirits.solo)
    tests = _TESTED[(solo, at_end)]
    lr, lh, lrel, ltok, lb, lc = _LOWEST[solo]
    for p in s.players:
        if not at_end:
            st = p.stats  # (counts(p) read in place: this runs for every player after every step)
            if (st.released < lr and len(p.hand) < lh and len(p.released) < lrel and len(st.token_spirits) < ltok
                    and st.blessings < lb and st.curses < lc):
                continue  # (no now achievement can be met: each needs one of these counts at its number)
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
