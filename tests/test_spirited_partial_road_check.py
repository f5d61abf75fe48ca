"""A Spirited partial state is the start of a turn after its Road Check (no decision set up): the player whose turn
it is cannot have a clan at or over its Overrun Limit on their Road (clause sp.road-check.rally). Attack 43, M1: a
saved session with ``"prepared": true`` and a Road of 6 Sao for the player to move loaded and played on."""
from __future__ import annotations

import json

import pytest

import tutor
from tutor.core.errors import ContentError
from tutor.sessions import _make_game

OPTIONS = {"clans": None}


def _prepared(partial: dict) -> str:
    """A prepared saved session of ``partial`` as a tampering hand would write it (its states built without the
    partial state's checks)."""
    game = _make_game("spirited", 2, 1, OPTIONS)
    state = game.initial_state()[0].model_dump(mode="json")
    return json.dumps({"format": "rules-tutor-session", "version": 1, "game": "spirited", "players": 2, "seed": 1,
                       "options": OPTIONS, "prepared": True, "partial_state": partial, "initial_state": state,
                       "state": state, "actions": []})


def test_the_attackers_session_is_refused_naming_the_stack():
    partial = {"current": 1, "players": [{"seat": 2, "spirit": 99}, {"seat": 1, "road": [{"clan": "sao", "count": 6}]}]}
    with pytest.raises(ContentError) as refused:
        tutor.load_session(_prepared(partial), files=False, game="spirited")
    assert str(refused.value) == (
        "<saved session>: partial_state.players[1].road[0]: Sao x6 is at or over its Overrun Limit (3) at the start of "
        "Player 1's turn, whose Road Check leaves every clan below its limit: give at most 2, or set the decision "
        "taken after it")
    assert refused.value.field == "partial_state.players[1].road[0]"


@pytest.mark.parametrize("count, loads", [(2, True), (3, False)])
def test_at_the_limit_is_refused_below_it_loads(count, loads):
    game = _make_game("spirited", 2, 1, OPTIONS)
    partial = {"current": 1, "players": [{"seat": 1, "road": [{"clan": "sao", "count": count}]}]}
    if loads:
        state = game.scenario_state(game.initial_state()[0], partial, "<x>")
        assert [len(st.cards) for st in state.players[0].road] == [2]
    else:
        with pytest.raises(ContentError, match=r"^<x>: players\[0\]\.road\[0\]: Sao x3 is at or over its Overrun "
                                               r"Limit \(3\)"):
            game.scenario_state(game.initial_state()[0], partial, "<x>")


def test_another_players_road_may_be_at_its_limit():
    """Their Road Check comes at the start of their own turn (lesson sp-01-goal shows it)."""
    game = _make_game("spirited", 2, 1, OPTIONS)
    partial = {"current": 2, "players": [{"seat": 1, "road": [{"clan": "sao", "count": 4}]}]}
    state = game.scenario_state(game.initial_state()[0], partial, "<x>")
    assert state.current == 1 and len(state.players[0].road[0].cards) == 4
