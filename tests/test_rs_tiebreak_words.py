"""Restless Spirits game-over words say how a tie was broken (trial 42: the banner read "Player 2 wins with 5
released Spirits." when both players had 5 and the endgame's trigger decided; the tiebreak line read "Player 1,
Player 2 tie with 5 released; most released of their Mastery type: 3 (Player 1, Player 2).").

The page's game-over banner shows the last event of the step that ended the game (widgets.boards.end_words), so the
winner line carries the tiebreak (Winning the Game > Tiebreaker)."""
from __future__ import annotations

from tutor.scenario import find, load_scenario, start
from tutor.core.content import content_root


def _end(name: str) -> list[str]:
    sc = load_scenario(content_root() / "restless-spirits" / "scenarios" / f"{name}.yaml")
    s = start(sc, name)
    texts = []
    for ref in sc.script:
        texts += [e.text for e in s.apply(find(s, ref)).events]
    assert s.is_over
    return texts


def test_shared_victory_says_the_tie_stands():
    texts = _end("rule-endgame-shared-victory")
    assert "Player 1, Player 2 and Player 3 tie with 4 released Spirits each. The tiebreak is the most released " \
           "Spirits of one's own Mastery type: 1, for Player 2 and Player 3." in texts, texts[-6:]
    assert texts[-1] == "Player 2 and Player 3 win with 4 released Spirits, still tied after the tiebreaks.", texts[-3:]
