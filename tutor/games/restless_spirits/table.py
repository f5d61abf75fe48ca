"""The last step of set-up (Setup): dealing the table (the Lost Spirits row, the two Totem Market rows) and choosing
the first player, whose very first turn has 1 AP (Solo Mode: 2 AP every turn). Used by the set-up of every variant,
Solo Mode's included.
"""
from __future__ import annotations

from ...core import chance
from .zones import Ctx, refill_lost_spirits, refill_markets


def deal_table(c: Ctx) -> None:
    """Lost Spirits row, two Totem Market rows, random first player with 1 AP on the very first turn."""
    s = c.state
    refill_lost_spirits(c, "rs.setup.lost-row")
    refill_markets(c, "rs.setup.markets")
    s.first_player = chance.below(s, len(s.players)) if len(s.players) > 1 else 0
    s.current = s.first_player
    s.phase = "play"
    s.turn = 1
    if c.game.solo:
        s.players[0].ap = 2
        c.ev("rs.solo.turn", "Solo Mode: every turn, the first included, begins with 2 AP.", auto=True, actor=0)
        return
    s.players[s.current].ap = 1
    c.ev("rs.setup.first-player", f"{c.who(s.current)} is chosen at random as first player and takes the First "
         "Turn Marker.", auto=True, actor=s.current)
    c.ev("rs.setup.first-turn-ap", f"{c.who(s.current)}'s very first turn has 1 AP instead of 2.", auto=True,
         actor=s.current)
