"""Restless Spirits variants: Promo Spirits, the B side, Knockgour's abilities and the Achievements (Game Variants;
Promo Spirits; Achievements; Spirit Ability Clarifications: Knockgour)."""
from collections import Counter

import pytest

import tutor
from rs_helpers import act, clauses_fired, rs_session
from tutor.conformance import play_checked


def _deck_types(s):
    st = s.state
    ids = st.spirit_deck + [x for x in st.lost_spirits if x]
    return Counter(s.game.cards.by_id[x].type for x in ids)


def test_promos_replace_their_numbered_spirit_and_keep_five_of_each_type():
    s = tutor.new_game("restless-spirits", players=2, seed=3, first_game=True, guides=["okada-mitsuo", "hana"],
                       promos=["knockgour-dark", "knockgour-light"])
    ids = set(s.state.spirit_deck) | {x for x in s.state.lost_spirits if x}
    assert {"knockgour-dark", "knockgour-light"} <= ids
    assert "twizel" not in ids and "abbari" not in ids
    assert sorted(s.state.out_of_game) == ["abbari", "twizel"]
    assert len(ids) == 30 and set(_deck_types(s).values()) == {5}
    assert any(e.clause == "rs.promo.swap" for e in s.setup_events)


def test_without_promos_both_knockgours_are_out_of_the_game():
    s = tutor.new_game("restless-spirits", players=2, seed=3, first_game=True, guides=["okada-mitsuo", "hana"])
    assert sorted(s.state.out_of_game) == ["knockgour-dark", "knockgour-light"]


@pytest.mark.parametrize("bad", [["twizel"], ["knockgour-dark", "knockgour-dark"], "knockgour-dark"])
def test_bad_promo_option_is_named(bad):
    with pytest.raises(ValueError, match="promos must be a list of different promo Spirit ids"):
        tutor.new_game("restless-spirits", players=2, promos=bad)


def test_side_option_is_checked():
    with pytest.raises(ValueError, match="side must be 'A' or 'B'"):
        tutor.new_game("restless-spirits", players=2, side="C")


def test_knockgour_light_takes_the_wild_from_the_deck_and_shuffles():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["t01"],
                                               "board": [{"card": "knockgour-light"}, None, None]}],
                    "deck_tops": {"totem": ["t20", "t61"]}}, promos=["knockgour-light"])
    size = len(s.state.totem_deck)
    act(s, "activate-ability", space=1)
    step = act(s, "choose-wild-type", type="guardian")
    assert "rs.effect.retrieve-wild" in clauses_fired(step)
    assert s.state.players[0].hand == ["t01", "t61"]
    assert len(s.state.totem_deck) == size - 1 and "t61" not in s.state.totem_deck
    assert "shuffled" in [e.text for e in step.events if e.clause == "rs.effect.retrieve-wild"][0]


def test_knockgour_light_at_the_hand_limit_takes_nothing():
    hand = ["t01", "t02", "t03", "t04", "t05", "t06", "t07"]
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": hand,
                                               "board": [{"card": "knockgour-light"}, None, None]}]})
    step = act(s, "activate-ability", space=1)
    assert "rs.ruling.hand-limit-draw" in clauses_fired(step) and s.state.players[0].hand == hand


def test_knockgour_dark_is_stopped_by_onotas_protect_token():
    s = rs_session({"current": 2, "players": [{"seat": 1, "ap": 0, "hand": ["t01"],
                                               "board": [{"card": "knockgour-dark"}, None, None]},
                                              {"seat": 2, "ap": 1, "hand": ["t02", "t03"],
                                               "board": [{"card": "onota"}, None, None]}]},
                   promos=["knockgour-dark"])
    act(s, "activate-ability", space=1)
    act(s, "end-turn")
    assert s.current_player == 0
    step = act(s, "activate-ability", space=1, target=2)
    assert "rs.effect.protect-token" in clauses_fired(step) and "rs.effect.swap-hands" not in clauses_fired(step)
    assert s.state.players[0].hand == ["t01"] and s.state.players[1].hand == ["t02", "t03"]


def test_b_side_bonus_per_space_is_provisional_data():
    s = tutor.new_game("restless-spirits", players=2, seed=1, first_game=True, guides=["okada-mitsuo", "hana"],
                       side="B")
    assert s.game.cards.b_side.bonuses == ("draw-totem", "gain-ap", "take-market")
    assert "bonuses" in s.game.cards.b_side.provisional
    assert s.game.facts(s.state)["bonuses"] == ["draw-totem", "gain-ap", "take-market"]
    assert any(e.clause == "rs.variant.b-side" for e in s.setup_events)
    a = tutor.new_game("restless-spirits", players=2, seed=1, first_game=True, guides=["okada-mitsuo", "hana"])
    assert a.game.facts(a.state)["bonuses"] == [None, None, None]


def test_b_side_market_bonus_at_the_hand_limit_takes_nothing():
    hand = ["t01", "t02", "t03", "t04", "t05", "t06", "t07"]
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": hand,
                                               "board": [{"card": "paringa"}, None, None]}],
                    "deck_tops": {"spirit": ["gonga", "miki", "muko"]}}, side="B")
    act(s, "activate-ability", space=1)
    act(s, "choose-drawn-spirit", spirit="gonga")
    step = act(s, "choose-drawn-space", space=3)
    assert "rs.variant.b-side" in clauses_fired(step) and "rs.ruling.hand-limit-draw" in clauses_fired(step)
    assert s.state.players[0].hand == hand and s.state.pending[-1].kind == "choose-drawn-spirit"


def test_true_specialist_is_announced_once_and_kept():
    guardians = ["barachu", "nordheim", "onota", "virley", "wanwada"]
    # (5 released Spirits trigger the endgame in a 2-player game: the table says Player 1 did)
    s = rs_session({"current": 1, "first_player": 1, "endgame_by": 1, "players": [{"seat": 1, "ap": 2, "released": guardians}]})
    step = act(s, "end-turn")
    assert clauses_fired(step).count("rs.achievement.true-specialist") == 1
    assert s.game.facts(s.state)["p1.achievements"] == ["true-specialist"]
    step = act(s, "end-turn")
    assert "rs.achievement.true-specialist" not in clauses_fired(step)


def test_nothing_to_see_here_at_the_end_of_the_game():
    s = rs_session({"current": 2, "first_player": 1, "endgame_by": 1,
                    "players": [{"seat": 1, "hand": [], "released": ["abbari", "gonga", "miki", "muko", "rinca"]},
                                {"seat": 2, "ap": 1, "hand": ["t01"]}]})
    step = act(s, "end-turn")
    assert s.is_over and "rs.achievement.nothing-to-see" in clauses_fired(step)
    facts = s.game.facts(s.state)
    assert facts["p1.achievements"] == ["nothing-to-see"] and facts["p2.achievements"] == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(2))
def test_random_b_side_games_with_promos_are_sound(players, seed):
    rep = play_checked("restless-spirits", players, seed, json_every=60, side="B",
                       promos=["knockgour-light", "knockgour-dark"])
    assert rep.problems == []
    assert rep.over and rep.winners and rep.steps > 50
