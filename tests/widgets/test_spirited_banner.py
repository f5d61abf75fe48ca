"""The Spirited banner counts rounds, one turn each (trial 27: free play called Player 1's second turn "turn 3",
counting both players' turns)."""
from __future__ import annotations

import tutor
from tutor.core.rng import Rng
from widgets.boards import spirited as board


def _end_turn(s) -> None:
    """Play the seat to act's turn to its end: the first legal action each time, until another seat is to act."""
    seat = s.current_player
    while s.current_player == seat and s.state.phase != "over":
        s.apply(s.legal_actions()[0].id)


def test_the_banner_says_round_2_at_each_players_second_turn():
    s = tutor.new_game("spirited", players=2, seed=1)
    assert "· round 1 ·" in board.banner(s)
    _end_turn(s)
    assert "· round 1 ·" in board.banner(s)  # the second player's first turn
    _end_turn(s)
    assert s.state.turn == 3 and "· round 2 ·" in board.banner(s)
    assert "turn 3" not in board.banner(s)


def test_the_game_over_banner_gives_the_reason_as_a_phrase_with_the_scores():
    """Trial 41: the banner read "Game over: Player 2 (computer) wins! most Spirit"; now the reason starts its own
    phrase and the Spirit each player ended with follows (the event line's figures)."""
    s, rng = tutor.new_game("spirited", players=2, seed=3), Rng.from_seed(3)
    while not s.is_over:  # seed 3's random play: 125 steps, Player 1 ends with 12 Spirit, Player 2 with 8
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert board.banner(s) == ('<div class="rt-banner rt-over">Game over: Player 1 wins! <small>Most Spirit '
                               '(Player 1 12, Player 2 8 Spirit)</small></div>')
