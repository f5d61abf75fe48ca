"""Spirited: reasons and Hints say only what is true (truth 47, from a new user's free play against the normal computer,
2 players, seed 46): a choice inside an action is not said to spend the turn's one action (step 22's "Stack the
Scythians card face up: it spends your one action this turn"); a clan's risk that an opponent's Sao power took away as
it ended is not said as the move's ("it takes a clan on its Road away from its Overrun Limit" of a Wonder's spend from
the Hand); the Shields a cleared Road loses are named; a Sao card says what its power does. Positions: normal bots in
both seats of a 2-player game (steps 0-based)."""
from __future__ import annotations

from test_sp_spirit_source46 import _at, _moves

from tutor.games.spirited.zones import overrun_limit


def test_a_choice_inside_a_summon_does_not_spend_the_turns_action():
    s, b, a = _at(46, 18)
    assert (s.current_player, a.label) == (0, "Stack the Scythians card face up")
    assert "sp.turn.one-action" not in a.clauses
    hint = b.explain(s, a)
    assert hint == ("Stack the Scythians card face up: it is one of the choices inside your turn, not an action of "
                    "its own [sp.road.stack] [sp.summon]; but it leaves a clan one card short of an Overrun "
                    "[sp.overrun.limit]; then the next choice adds 1 card to your Hand, to play while Scouting or "
                    "spend on a Wonder [sp.road.stack] [sp.summon]."), hint
    turn = s.state.turn
    s.apply(a.id)  # the stack is a choice of the same turn (its action was taken before), not a new action
    assert s.state.turn == turn


def test_the_turns_action_still_says_it_spends_it():
    s, b, a = _at(15, 49)
    assert a.label == "Build a Wonder (spend 1 card of each clan)" and "sp.turn.one-action" in a.clauses
    assert b.reason(s, a).startswith("it spends its one action this turn on “Build a Wonder (spend 1 card of each "
                                     "clan)” [sp.wonder] [sp.turn.one-action]; but two of its Shields (Greeks, Olmecs) go")


def test_the_risk_a_sao_power_took_as_it_ended_is_not_the_moves():
    s, b, a = _at(12, 20)
    seat = s.current_player
    assert a.label == "Shield your Sao clan: place this card face down on top"
    said = b.reason(s, a)
    assert said == ("it shields a clan stack on its Road, which opponents then cannot touch [sp.shield.protect] "
                    "[sp.shield.place] [sp.shield]."), said
    assert "away from its Overrun Limit" not in said
    assert any(m.seat == seat for m in s.state.limit_mods)  # an opponent's Sao power lowers its limits now
    sao = next(st for st in s.state.players[seat].road if st.clan == "sao")
    lim = overrun_limit(s.game, s.state, seat, "sao")
    s.apply(a.id)  # the Shield ends the turn: the power ends as its player's turn comes round, not by the Shield
    assert not any(m.seat == seat for m in s.state.limit_mods)
    assert overrun_limit(s.game, s.state, seat, "sao") == lim + 1 and len(sao.cards) >= 1


def test_a_cleared_road_names_the_shields_it_loses():
    s, b, a = _at(1, 43)
    seat = s.current_player
    assert a.label == "Forge the Scythians Allegiance with Camp 1 (2 cards)"
    said = b.reason(s, a)
    assert said.endswith("; but two of its Shields (Greeks, Norse) go to the discard pile with it "
                         "[sp.shield.abandon]."), said
    assert sorted(st.clan for st in s.state.players[seat].road if st.shield is not None) == ["greeks", "norse"]
    for i in _moves(1)[43:46]:
        if s.current_player != seat:
            break
        s.apply(i)
    assert sum(st.shield is not None for st in s.state.players[seat].road) == 0


def test_a_sao_card_says_what_its_power_does():
    s, b, a = _at(1, 29)
    seat = s.current_player
    assert a.label.startswith("Play a Sao card")
    said = b.reason(s, a)
    assert said.startswith("it lowers every opponent's Overrun Limits by 1 until its next turn (our assumption: the "
                           "rulebook prints no clan power) [sp.overrun.lower], bringing three of their clan stacks to "
                           "one card short of an Overrun or to it [sp.overrun.limit] [sp.scout.play] "
                           "[sp.provisional.power];"), said
    assert "a safe move" not in said

    def near():
        return sum(len(st.cards) >= overrun_limit(s.game, s.state, p.seat, st.clan) - 1
                   for p in s.state.players if p.seat != seat for st in p.road)
    before = near()
    s.apply(a.id)
    assert near() - before == 3  # three of the opponent's stacks now one card short of an Overrun (or at it)
    s, b, a = _at(1, 28)  # the Scout that plays it says it as the Sao card's, not the card taken next's
    assert a.kind == "scout"
    said = b.reason(s, a)
    assert said.startswith("then the Sao card played from its Hand lowers every opponent's Overrun Limits by 1"), said
    assert "card taken next lowers" not in said
