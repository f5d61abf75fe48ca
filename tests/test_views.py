"""``tutor.view(session)``: the read-only view the pages read instead of the engine's internals."""
import pytest

import tutor


def test_duel_view_answers_from_the_rules():
    s = tutor.new_game("spirit-duels", seed=1, setup="draft", lines="competitive")
    v = tutor.view(s)
    assert v.pick_order == (False, True, True, False, False, True)
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


def test_spirited_view_answers_from_the_rules():
    s = tutor.new_game("spirited", players=3, seed=1)
    v = tutor.view(s)
    assert v.clan_of("aztecs-03") == "aztecs" and v.medal_kind("gold-2") == "gold"
    assert v.held(0) == [a for a in s.state.allegiances if a.holder == 0]
    assert v.overrun_limit(0, "aztecs") == 3  # no Gold medal, nothing lowered at the start


def test_a_game_without_a_view_says_so():
    from types import SimpleNamespace
    no_view = SimpleNamespace(game=object(), game_id="some-game", state=None)  # (every shipped game has a view)
    with pytest.raises(ValueError, match="some-game: this game has no read-only view"):
        tutor.view(no_view)
