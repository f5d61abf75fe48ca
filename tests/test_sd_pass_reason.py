"""Verify 43: a computer Pass was explained "after a Pass it may still act later in the round, unless its opponent
passes next" while the page said "Player 1 gained the advantage earlier this round, so the Action Phase ends". A Pass
after the opponent gained the advantage (sd.advantage.locked) or passed just before (sd.pass.consecutive) ends the
Action Phase, and its reason says so."""
from __future__ import annotations

from tutor import new_game
from tutor.bots import bot

LATER = "may still act later in the round"
ENDS = "so this Pass ends the Action Phase"


def test_a_pass_reason_says_when_the_pass_ends_the_action_phase():
    ends = later = 0
    for seed in range(4):
        s = new_game("spirit-duels", players=2, seed=seed)
        bots = [bot("spirit-duels", "normal", seed * 2 + i) for i in range(2)]
        for _ in range(400):
            if s.is_over:
                break
            me = bots[s.current_player]
            passing = next((a for a in s.legal_actions() if a.kind == "pass"), None)
            if passing is not None:
                st = s.state
                locked = st.gained_by is not None and st.gained_by != passing.actor or st.last_was_pass
                said = me.reason(s, passing)
                if locked:
                    assert LATER not in said, said
                    ends += ENDS in said
                else:
                    assert ENDS not in said, said
                    later += LATER in said
            s.apply(me.choose(s))
    assert ends >= 3 and later >= 3, (ends, later)
