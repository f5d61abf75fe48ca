"""At game end the learner's own hand stays face up (issue 16 trial: after winning Spirit Duels lesson 1 the hand
turned into "5 cards, hidden"): no one acts once the game is over, and the one-screen board used to show only the
acting player's hand. The engine keeps the cards; the view now shows every hand once the game is over."""
from __future__ import annotations

from tutor.lessons import all_lessons, play_solution
from widgets.boards import hand_shown
from widgets.boards.spirit_duels import render


def test_spirit_duels_lesson_1_hand_visible_after_winning():
    x = next(x for x in all_lessons("spirit-duels") if x.order == 1)
    s = play_solution(x)
    assert s.is_over
    learner = s.history[-1].action.actor  # the seat that just won
    hand = s.state.players[learner].hand
    assert hand  # the engine still has the cards
    assert hand_shown(s, learner, acting=False)
    html = render(s)
    assert f"{len(hand)} cards, hidden" not in html and "card, hidden" not in html
    import html as h
    for cid in hand:
        assert h.escape(s.game.card_label(cid).split(" (")[0]) in html, cid


def test_while_playing_only_the_acting_players_hand_is_shown():
    x = next(x for x in all_lessons("spirit-duels") if x.order == 1)
    from tutor.lessons import start_lesson
    s = start_lesson(x)
    other = 1 - s.current_player
    assert not s.is_over and not hand_shown(s, other, acting=False) and hand_shown(s, s.current_player, acting=True)
