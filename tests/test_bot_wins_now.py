"""Trial 43: the Hint spent a Level 1 Attack die on a Spirit showing its Presence side (which takes no damage) when
the same die on Galvadon won the game, and hinted the same for the next die: both lines won within the bot's look
ahead, and a win found later counted the same as a win now. A win sooner is now worth more (:meth:`Bot._look`), so
where a move wins at once the normal bot (and so the Hint) takes it."""
from __future__ import annotations

import pytest

from tutor import new_game
from tutor.bots import bot
from tutor.core.session import copy_state


def _winning(s) -> set[str]:
    """The ids of the legal actions that end the game with the current player among its winners."""
    seat, out = s.current_player, set()
    for a in s.legal_actions():
        st = copy_state(s.state)
        s.game.apply(st, a)
        if s.game.is_over(st) and seat in s.game.winners(st):
            out.add(a.id)
    return out


# (the steps moved from 116 and 115 for seeds 9 and 18 when the bot came to count a Zap's damage: verify 44)
@pytest.mark.parametrize("seed, at", [(9, 149), (14, 130), (18, 82)])
def test_a_win_now_is_taken_before_a_win_later(seed, at):
    """Normal bots against each other, Spirit Duels seeds where the old look-ahead put damage on a Presence side
    (14, 18) or resolved another die first (9) with the winning move on the table."""
    s = new_game("spirit-duels", players=2, seed=seed)
    bots = [bot("spirit-duels", "normal", seed * 2 + i) for i in range(2)]
    for _ in range(at):
        s.apply(bots[s.current_player].choose(s))
    wins = _winning(s)
    assert wins, "the seed no longer reaches a position with a winning move here"
    seat = s.current_player
    chosen = bots[seat].choose(s)
    assert chosen.id in wins, (chosen.label, sorted(wins))
    s.apply(chosen)
    assert s.is_over and seat in s.game.winners(s.state)
