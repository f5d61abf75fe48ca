"""Spirited partial state: ``players[].wonders`` (Wonders a player has already built) and its errors."""
import pytest

import tutor
from tutor import ContentError

CLANS = ["aztecs", "babylonians", "chinese", "egyptians", "greeks", "japanese", "norse"]


def prepared(state):
    s = tutor.new_game("spirited", players=2, seed=1, clans=CLANS)
    return s.game.scenario_state(s.state, state, "test")


def test_built_wonders_leave_the_deck():
    st = prepared({"players": [{"seat": 2, "wonders": ["w04", "w05"]}], "wonder_display": ["w01", "w02", "w03"]})
    assert st.players[1].wonders == ["w04", "w05"]
    assert "w04" not in st.wonder_deck and len(st.wonder_deck) == 7
    assert st.wonder_display == ["w01", "w02", "w03"]


@pytest.mark.parametrize("wonders,needle", [
    (["w99"], "players[0].wonders[0]: unknown Wonder id 'w99'"),
    (["w01"], "players[0].wonders[0]: 'w01' is on the Wonder display"),
])
def test_bad_built_wonders_are_named(wonders, needle):
    with pytest.raises(ContentError) as e:
        prepared({"players": [{"seat": 1, "wonders": wonders}], "wonder_display": ["w01", "w02", "w03"]})
    assert needle in str(e.value)
