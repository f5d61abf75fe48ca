"""Trial 42: the computer's reason for Takayama's destroy and for a Splash was "this one keeps your options open",
which says nothing. When no move makes progress, the reason now says what the move does now in the game's terms:
the ability's or card's text in our words and, where it hurts an opponent, what that gains."""
from __future__ import annotations

import inspect

import tutor
from tutor.bots import Scored
from tutor.core.model import Action
from tutor.games.restless_spirits import strategy as rs_strategy
from tutor.games.spirit_duels import strategy as sd_strategy
from tutor.games.spirited import strategy as sp_strategy
from tutor.games.restless_spirits.state import PlacedSpirit


def _action(kind: str, label: str, clauses: tuple[str, ...], **params) -> Action:
    return Action(id=f"{kind}|x", kind=kind, actor=0, label=label, why="", clauses=clauses,
                  params=tuple(sorted(params.items())))


def test_no_reason_builder_says_options_open():
    for mod in (rs_strategy, sp_strategy, sd_strategy):
        assert "options open" not in inspect.getsource(mod), mod.__name__


def test_takayamas_destroy_says_what_the_opponent_loses():
    s = tutor.new_game("restless-spirits", seed=3)
    s.state.players[0].board[0] = PlacedSpirit(card="takayama")
    a = _action("activate-ability", "Activate Takayama targeting Player 2", ("rs.ability.activate", "rs.ability.once"),
                space=1, target=2)
    why = rs_strategy.reasons(s.game, s.state, Scored(a, 0.0, {}, {}))
    assert why == ["no move now brings a Spirit closer to release; this one uses Takayama's ability now (“You may "
                   "destroy a Malicious Spirit of your own; if you do, destroy one Spirit belonging to a target "
                   "opponent”): the targeted opponent loses one of their Spirits, with the Totems met on it "
                   "[rs.ability.activate] [rs.ability.once]"]


def test_a_splash_says_it_turns_the_opponents_dice():
    s = tutor.new_game("spirit-duels", seed=3)
    a = _action("play-card", "Play Tidal Wave", ("sd.play-card", "sd.play.move"), card="tidal-wave")
    why = sd_strategy.reasons(s.game, s.state, Scored(a, 0.0, {}, {}))
    assert why == ["no move now deals damage; Tidal Wave turns the opponent's dice to chosen faces (Splash 2 (turn 2 "
                   "enemy dice to any side)), so they can be made to resolve for less [sd.class.splash] "
                   "[sd.play-card] [sd.play.move]"]
