"""Spirited: a hint to score a medal says the medal's own value and what the Allegiances' Battle bonuses add.

Trial 42: "Score the Sao medal (2 Spirit, then exhaust it): it scores 3 Spirit": the third came from an Allegiance's
Battle bonus (provisional values: the rulebook does not print Allegiance effects), unsaid, so a learner could think a
Bronze medal scores 3 (sp.battle.medal.score)."""
from __future__ import annotations

import re

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
    # (the numbers of the first medal of seed 0's game: its value, the bonus and their sum; the game the bot plays
    # moves when its play changes, session 44)
    m = re.match(r"Score the (\w+) medal \((\d) Spirit, then exhaust it\): it scores the medal's (\d) Spirit, and "
                 r"your Allegiances' Battle bonuses \(our assumption: the rulebook does not print them\) then add "
                 r"(\d) more \((\d) in all\) \[sp\.provisional\.allegiance\]; the most Spirit wins", said)
    assert m, said
    assert m[2] == m[3] and int(m[3]) + int(m[4]) == int(m[5]), said
