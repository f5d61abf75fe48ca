"""Endgame trigger, equal turns, winner and both tiebreakers (rulebook: Winning the Game)."""
from rs_helpers import act, clauses_fired, rs_session


def _one_short(seat_state):
    """A board whose Gonga needs only Mirror (t06 in hand)."""
    return {**seat_state, "hand": ["t06"], "board": [{"card": "gonga", "totems": ["t03", "t04"]}, None, None]}


def test_trigger_then_play_until_turns_equal_first_player_triggers():
    # 2 players, first player is seat 1; seat 1 releases its 5th Spirit -> seat 2 still plays, then game over
    s = rs_session({"current": 1, "first_player": 1,
                    "players": [_one_short({"seat": 1, "ap": 1, "released": ["miki", "muko", "abbari", "onota"]}),
                                {"seat": 2, "released": ["seone", "uji", "paringa", "obayashi"]}]})
    step = act(s, "play-totem", totem="t06")
    fired = clauses_fired(step)
    assert "rs.end.trigger" in fired and s.state.endgame_by == 0
    assert not s.is_over and s.current_player == 1  # auto-pass to seat 2 (0 AP, nothing free)
    act(s, "end-turn")
    assert s.is_over and s.winners == [0]
    assert s.legal_actions() == []


def test_last_player_trigger_ends_game_at_end_of_that_turn():
    s = rs_session({"current": 2, "first_player": 1,
                    "players": [{"seat": 1, "released": ["miki"]},
                                _one_short({"seat": 2, "ap": 1, "released": ["muko", "abbari", "onota", "seone"]})]})
    act(s, "play-totem", totem="t06")
    assert s.is_over and s.winners == [1]


def test_tiebreak_mastery_type():
    # 3 players need 4 releases. Seat 1 (Okada, Guardian) and seat 2 (Hana, Sacred) both end with 4.
    s = rs_session({"current": 3, "first_player": 1, "endgame_by": 2,
                    "players": [{"seat": 1, "released": ["nordheim", "onota", "miki", "muko"]},
                                {"seat": 2, "released": ["gonga", "abbari", "arrazola", "rinca"]},
                                {"seat": 3, "ap": 1, "released": ["kafrat"]}]}, players=3)
    step = act(s, "end-turn")
    assert s.is_over and s.winners == [0]  # 2 Guardians vs 1 Sacred
    assert "rs.end.tiebreak-mastery" in clauses_fired(step)


def test_tiebreak_trigger_then_shared():
    base = [{"seat": 1, "released": ["nordheim", "miki", "muko", "abbari"]},
            {"seat": 2, "released": ["gonga", "arrazola", "rinca", "aluak"]},
            {"seat": 3, "ap": 1, "released": ["kafrat"]}]
    s = rs_session({"current": 3, "first_player": 1, "endgame_by": 2, "players": base}, players=3)
    step = act(s, "end-turn")
    assert s.winners == [1] and "rs.end.tiebreak-trigger" in clauses_fired(step)
    s = rs_session({"current": 3, "first_player": 1, "endgame_by": 3, "players": base}, players=3)
    step = act(s, "end-turn")
    assert s.winners == [0, 1] and "rs.end.shared" in clauses_fired(step)
