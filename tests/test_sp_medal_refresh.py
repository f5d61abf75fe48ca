"""New user 43 (medium): in a Spirited Battle the computer chose "Neither score nor replace a medal" while its only
medal was an exhausted Bronze (worth 1). The rulebook's medal step (Battles: score a refreshed medal, or else swap an
exhausted medal for a fresh Bronze, "sets you up for next time") makes the swap worth it: a later Battle can score the
fresh Bronze for 2 Spirit, refreshed medals break a tie first (Tiebreakers), and stealing the Allegiance takes one
card more than its medal's value (Marching: Stealing). The bot's ``medals`` feature counts refreshed medals held.

Over seeded games of ``normal`` bots, at every medal step with no medal to score and an exhausted Bronze or Silver
to swap, the computer swaps it, and says why in those terms."""
from __future__ import annotations

import tutor
from tutor.bots import bot
from tutor.games.spirited.cards import medal_kind
from tutor.games.spirited.zones import held


def test_the_computer_swaps_an_exhausted_medal_when_it_cannot_score():
    checked, final = 0, 0
    for seed in range(4):
        s = tutor.new_game("spirited", players=2, seed=seed)
        bots = [bot("spirited", "normal", seed * 10 + i) for i in range(2)]
        for _ in range(600):
            if s.is_over:
                break
            b = bots[s.current_player]
            kinds = {a.kind for a in s.legal_actions()}
            a = b.choose(s)
            if "replace-medal" in kinds and "score-medal" not in kinds:
                seat = s.current_player
                swappable = [al for al in held(s.state, seat) if al.exhausted and medal_kind(al.medal) != "gold"]
                if swappable:
                    checked += 1
                    assert a.kind == "replace-medal", (seed, len(s.history), a.label)
                    why = b.reason(s, a, voice="it")
                    assert why.startswith("it swaps an exhausted medal worth ") and "for a fresh Bronze worth 2" in why
                    assert "refreshed medals break a tie at the end [sp.end.tiebreak]" in why, why
                    if s.state.battle == "final":
                        final += 1
                        assert "no Battle comes after this one" in why and "next Battle" not in why, why
                    else:
                        assert "its next Battle can score it for 2 Spirit" in why, why
                        if medal_kind(next(al for al in swappable if al.clan == a.param("clan")).medal) == "bronze":
                            assert "stealing that Allegiance then takes 3 cards, not 2 [sp.march.steal]" in why
            s.apply(a)
    assert checked >= 2, checked
