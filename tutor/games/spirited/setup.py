"""Spirited set-up: 7 clans at random, the draw pile with 3 Passing of Time cards, the Allegiance cards, the
medal supply, 3 Wonders on display, the Time Track, a random first player, then the first Road Check.

Rulebook sections: "What is the Game?", "Your Play Area", "Battles & the Time Track". The summary gives no set-up
procedure; the rulings ``sp.ruling.start-empty`` and ``sp.ruling.allegiance-per-clan`` say what the tutor assumes.
"""
from __future__ import annotations

from ...core import chance
from ...core.rng import Rng
from .flow import road_check
from .state import Allegiance, Player, SPState
from .zones import Ctx


def initial_state(g) -> tuple[SPState, list]:
    """Deal a new game from the seed and run the first player's Road Check."""
    s = SPState(players=[Player(seat=i) for i in range(g.players)], rng=Rng.from_seed(g.seed))
    c = Ctx(g, s)
    c.ev("sp.players", f"{g.players} players take part (Spirited is for 2 to 6).", auto=True)
    chosen = g.options.get("clans")
    if chosen:
        s.clans = sorted(chosen)
        how = "chosen by the options"
    else:
        pool = [cl.id for cl in g.cards.clans]
        chance.shuffle(s, pool)
        s.clans = sorted(pool[:g.cards.clans_per_game])
        how = "drawn at random"
    c.ev("sp.setup.clans", f"{len(s.clans)} of the {len(g.cards.clans)} clans are {how}: "
         f"{', '.join(c.clan(x) for x in s.clans)}.", auto=True)
    s.deck = [x for cl in s.clans for x in g.cards.clan_cards(cl)] + g.cards.time_cards()
    chance.shuffle(s, s.deck)
    c.ev("sp.setup.deck", f"Their {len(s.deck) - g.cards.passing_of_time} cards and {g.cards.passing_of_time} Passing "
         "of Time cards are shuffled into the draw pile.", auto=True)
    s.allegiances = [Allegiance(clan=cl) for cl in s.clans]
    c.ev("sp.ruling.allegiance-per-clan", "One Allegiance card per clan in the game goes on the Main Board, "
         "unclaimed.", auto=True)
    s.medal_supply = sorted(g.cards.medal_ids())
    c.ev("sp.setup.medals", "The medal supply holds " + ", ".join(
        f"{m.count} {k.capitalize()} (worth {m.value})" for k, m in g.cards.medals.items()) + " [provisional counts].",
        auto=True)
    s.wonder_deck = [w.id for w in g.cards.wonders]
    chance.shuffle(s, s.wonder_deck)
    s.wonder_display = [s.wonder_deck.pop() for _ in range(3)]
    c.ev("sp.setup.wonders", "The Wonders are shuffled and 3 go on display: "
         f"{', '.join(g.wonder_label(w) for w in s.wonder_display)}.", auto=True, cards=tuple(s.wonder_display))
    t = g.track
    c.ev("sp.provisional.time-track", f"The Hourglass starts at space 0 of {t.length}; Battles on spaces "
         f"{', '.join(map(str, t.battles)) or 'none'} and the Final Battle on space {t.length} [provisional].",
         auto=True)
    c.ev("sp.ruling.start-empty", "Every player starts with an empty Road, Camps and Hand and 0 Spirit.", auto=True)
    s.first_player = s.current = chance.below(s, len(s.players))
    c.ev("sp.setup.first-player", f"{c.who(s.current)} is chosen at random to go first; play goes clockwise.",
         auto=True, actor=s.current)
    c.push(*road_check(s.current))
    g.flow.run(c)
    c.flush()
    return s, c.events
