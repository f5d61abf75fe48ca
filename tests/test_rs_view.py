"""The read-only Restless Spirits view for the pages (tutor.view): the release goal and the Hand Limit."""
import pytest

import tutor


@pytest.mark.parametrize("players,goal", [(1, "6+"), (2, "5"), (3, "4"), (4, "3")])
def test_release_goal_follows_the_player_count(players, goal):
    s = tutor.new_game("restless-spirits", players=players, seed=1)
    v = tutor.view(s)
    assert v.release_goal() == goal and v.hand_limit(0) == 7 and v.hand_limit_printed == 7


def test_the_board_reads_the_goal_and_limit_from_the_view():
    from widgets.boards import restless_spirits as board
    s = tutor.new_game("restless-spirits", players=3, seed=2, first_game=True)
    html = board.render(s)
    assert html.count('Released <b>0</b>/4<span class="rt-handn"> · hand 0/7</span>') == 3
