"""Restless Spirits Solo Mode: set-up, the shifting Lost Spirits row, Spirit Type abilities, the end, the win and
the Spirit Guide Ranking (Solo Mode)."""
import pytest

import tutor
from rs_helpers import act, clauses_fired, rs_session
from tutor.conformance import play_checked
from tutor.games.restless_spirits.solo import solo_rank


def solo(state, **options):
    return rs_session(state, players=1, guides=["okada-mitsuo"], **options)


def test_solo_setup_uses_only_solo_icon_cards_and_two_ap():
    s = tutor.new_game("restless-spirits", players=1, seed=4, first_game=True, guides=["okada-mitsuo"])
    st = s.state
    cards = s.game.cards.by_id
    assert len(st.blessing_deck) == 7 and len(st.curse_deck) == 3
    assert all(cards[x].solo for x in st.blessing_deck + st.curse_deck)
    assert len(st.players[0].hand) == 4 and len(st.shrine) == 1
    assert st.phase == "play" and st.players[0].ap == 2
    assert not any(a.kind == "activate-ability" for a in s.legal_actions())


@pytest.mark.parametrize("released,variant,rank", [
    (5, False, None), (6, False, "Spirit Caller"), (7, False, "Totem Bearer"), (8, False, "Lorekeeper"),
    (9, False, "Realm Walker"), (10, False, "Spirit Master"), (14, False, "Spirit Master"),
    (6, True, "Spirit Caller"), (7, True, "Spirit Caller"), (8, True, "Totem Bearer"), (9, True, "Lorekeeper"),
    (10, True, "Realm Walker"), (11, True, "Spirit Master")])
def test_ranking_table(released, variant, rank):
    assert solo_rank(released, variant) == rank


def test_guardian_protection_is_lost_when_the_guardian_is_released():
    s = solo({"players": [{"seat": 1, "ap": 3, "hand": ["t01", "t06", "t09", "t02", "t03"],
                           "board": [None, None, None]}],
              "lost_spirits": ["barachu", "kafrat", "miki"]})
    act(s, "attract", spirit="barachu")          # Guardian Mastery: a Free Action
    act(s, "choose-offering", totem="t02")
    act(s, "choose-space", space=1)
    assert s.state.players[0].board[0].tokens == ["guard"]
    act(s, "play-totem", totem="t01", space=1)
    act(s, "play-totem", totem="t06", space=1)
    step = act(s, "play-totem", totem="t09", space=1)
    assert "rs.release" in clauses_fired(step) and "rs.release.spirit-tokens" in clauses_fired(step)
    assert s.state.players[0].released == ["barachu"]
    # the next type ability is no longer cancelled: Kafrat's Malicious choice is asked
    s2 = solo({"players": [{"seat": 1, "ap": 1, "hand": ["t03", "t04", "t05"], "board": [None, None, None],
                            "released": ["barachu"]}], "lost_spirits": ["kafrat", "gonga", "miki"]})
    act(s2, "attract", spirit="kafrat")
    act(s2, "choose-offering", totem="t03")
    act(s2, "choose-space", space=1)
    assert s2.state.pending[-1].kind == "choose-malicious"


def test_sacred_reduction_ends_when_the_sacred_spirit_is_released():
    s = solo({"players": [{"seat": 1, "ap": 3, "hand": ["t01", "t02", "t06", "t10"],
                           "board": [{"card": "miki", "totems": ["t12"]}, None, None]}],
              "lost_spirits": ["seone", "kafrat", "abbari"]})
    act(s, "attract", spirit="seone")
    act(s, "choose-offering", totem="t01")
    act(s, "choose-space", space=2)
    act(s, "choose-disregard", slot=2)
    assert s.game.facts(s.state)["p1.unmet.1"] == ["bowl"]
    act(s, "play-totem", totem="t02", space=2)       # Seone needs thread, mirror and key
    step = act(s, "play-totem", totem="t06", space=2)
    assert "rs.solo.shift" in clauses_fired(step) and s.state.players[0].ap == 2   # the turn passed
    step = act(s, "play-totem", totem="t10", space=2)
    assert "rs.release" in clauses_fired(step) and "rs.effect.requirement-reduction" in clauses_fired(step)
    assert s.game.facts(s.state)["p1.unmet.1"] == ["bell", "bowl"]


def test_solo_end_during_the_end_of_turn_shift():
    s = solo({"players": [{"seat": 1, "ap": 2}], "lost_spirits": ["muko", "kafrat", "seone"],
              "spirit_deck": ["rinca"]})
    step = act(s, "end-turn")
    fired = clauses_fired(step)
    assert fired.index("rs.solo.shift") < fired.index("rs.solo.end") < fired.index("rs.solo.win")
    assert s.is_over and s.winners == [] and s.state.lost_spirits == ["rinca", "muko", "kafrat"]


def test_spirit_deck_is_not_reshuffled_in_solo():
    s = solo({"players": [{"seat": 1, "ap": 2, "hand": ["t01", "t02"]}], "lost_spirits": ["miki", "kafrat", "gonga"],
              "spirit_deck": []})
    assert s.state.spirit_deck == [] and len(s.state.spirit_discard) > 0
    act(s, "attract", spirit="miki")
    act(s, "choose-offering", totem="t01")
    step = act(s, "choose-space", space=1)
    assert "rs.ruling.spirit-deck-empty" in clauses_fired(step)
    assert s.state.lost_spirits == [None, "kafrat", "gonga"]


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("seed", range(5))
def test_random_solo_games_are_sound(side, seed):
    rep = play_checked("restless-spirits", 1, seed, json_every=30, side=side)
    assert rep.problems == []
    assert rep.over and rep.steps > 20


def test_random_solo_first_game_with_promos_is_sound():
    for seed in range(3):
        rep = play_checked("restless-spirits", 1, seed, json_every=40, first_game=True, guides=["yoru"],
                           promos=["knockgour-dark"])
        assert rep.problems == [] and rep.over
