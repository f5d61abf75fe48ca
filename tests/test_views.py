"""``tutor.view(session)``: the read-only view the pages read instead of the engine's internals."""
import pytest

import tutor


def test_duel_view_answers_from_the_rules():
    s = tutor.new_game("spirit-duels", seed=1, setup="draft", lines="competitive")
    v = tutor.view(s)
    assert v.pick_order == (False, True, True, False, False, True)
    first, holder = 1 - s.state.advantage, s.state.advantage
    assert v.pick_seats() == [first, holder, holder, first, first, holder] and v.line_mode == "competitive"
    assert v.line_order() == [1 - s.state.advantage, s.state.advantage] * 3
    assert v.class_ability("fire") == "burn" and v.kind_label("attack-2") == "Level 2 Attack die"
    assert v.face_label("attack+1") == "Attack +1 (Boost)" and v.symbol("magic+1") == "magic" and v.boosted("magic+1")
    s = tutor.new_game("spirit-duels", seed=1)
    v = tutor.view(s)
    sl = s.state.players[0].spirits[0]
    assert v.is_spirit(sl) and not v.is_presence(sl)
    assert v.stat(sl, "attack") == v.spirit_card(sl).attack and v.printed_dice(sl) == v.spirit_card(sl).dice
    value, parts = v.die_value(0, 0, "attack+1")
    assert value == v.stat(sl, "attack") + 1 and parts
    assert v.evolve_cost(sl) == 2  # a Stage 1 Spirit: stage + 1
    assert v.next_stage(sl).stage == 2 and v.next_stage(sl).name != v.spirit_card(sl).name
    assert v.next_stage(sl.model_copy(update={"stage": 3})) is None
    assert v.next_stage(sl.model_copy(update={"stage": 2, "defeated": True})) is None  # a Presence never evolves


def test_spirited_view_answers_from_the_rules():
    s = tutor.new_game("spirited", players=3, seed=1)
    v = tutor.view(s)
    assert v.clan_of("aztecs-03") == "aztecs" and v.medal_kind("gold-2") == "gold"
    assert v.held(0) == [a for a in s.state.allegiances if a.holder == 0]
    assert v.overrun_limit(0, "aztecs") == 3  # no Gold medal, nothing lowered at the start


def test_a_game_without_a_view_says_so():
    s = tutor.new_game("restless-spirits", players=2, seed=1)
    s.game.view = None  # (this instance only) a game that offers no view
    with pytest.raises(ValueError, match="restless-spirits: this game has no read-only view"):
        tutor.view(s)


def test_the_restless_spirits_view_answers_goals_and_limits():
    """Restless Spirits ("Endgame", "Solo Mode", "Hand Limit", "Spirit Types"): what its board shows."""
    two = tutor.view(tutor.new_game("restless-spirits", players=2, seed=1))
    assert two.release_goal() == "5" and two.hand_limit(0) == 7 and two.hand_limit_printed == 7
    assert tutor.view(tutor.new_game("restless-spirits", players=3, seed=1)).release_goal() == "4"
    assert tutor.view(tutor.new_game("restless-spirits", players=4, seed=1)).release_goal() == "3"
    assert tutor.view(tutor.new_game("restless-spirits", players=1, seed=1)).release_goal() == "6+"
    assert two.is_light("sacred") and not two.is_light("shrouded") and two.type_words("fortune") == "Fortune · Light"
    s = tutor.new_game("restless-spirits", players=2, seed=1)
    s.state.players[1].no_hand_limit = True
    assert tutor.view(s).hand_limit(1) is None and tutor.view(s).hand_limit(0) == 7
