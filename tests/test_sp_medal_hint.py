"""Spirited: a hint to score a medal says the medal's own value and what the Allegiances' Battle bonuses add.

Trial 42: "Score the Sao medal (2 Spirit, then exhaust it): it scores 3 Spirit": the third came from an Allegiance's
Battle bonus (provisional values: the rulebook does not print Allegiance effects), unsaid, so a learner could think a
Bronze medal scores 3 (sp.battle.medal.score)."""
from __future__ import annotations

import tutor
from tutor.bots import bot


def test_medal_hint_splits_the_medal_from_the_bonus():
    s = tutor.new_game("spirited", players=2, seed=0)
    b = bot("spirited", "normal", 0)
    for _ in range(400):
        medals = [a for a in s.legal_actions() if a.kind == "score-medal"]
        if medals:
            break
        s.apply(b.choose(s))
    said = b.explain(s, medals[0])
    assert said.startswith("Score the Babylonians medal (3 Spirit, then exhaust it): it scores the medal's 3 Spirit, "
                           "and your Allegiances' Battle bonuses (our assumption: the rulebook does not print them) "
                           "then add 1 more (4 in all) [sp.provisional.allegiance]; the most Spirit wins"), said
