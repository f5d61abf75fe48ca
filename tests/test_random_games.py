"""Random full games reach a winner with every invariant checked at every step (a script runs thousands:
``rules-tutor check --games 1000``)."""
import pytest

from tutor.conformance import play_checked


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_random_game_is_sound(players, seed):
    rep = play_checked("restless-spirits", players, seed, json_every=40)
    assert rep.problems == []
    assert rep.over and rep.winners and rep.steps > 50


def test_first_game_option_games_are_sound():
    for seed in range(3):
        rep = play_checked("restless-spirits", 3, seed, json_every=60, first_game=True,
                           guides=["kit", "yoru", "mara"])
        assert rep.problems == [] and rep.over
