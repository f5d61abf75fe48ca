"""Multiplayer Spirit abilities: protections, locks, reductions and choices inside abilities (Spirit Ability
Clarifications). Scenario files under content/restless-spirits/scenarios/spirit-*.yaml hold the FAQ answers; these
tests cover the interactions between abilities."""

import json

import pytest
import yaml

import tutor
from tutor.core.errors import ContentError
from rs_helpers import act, clauses_fired, rs_session

THREE = ["okada-mitsuo", "hana", "riku"]


def test_all_opponents_ability_leaves_out_a_nordheim_owner():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "baikeng"}, None, None]},
        {"seat": 2, "hand": ["t03"], "board": [{"card": "gonga"}, None, None]},
        {"seat": 3, "hand": ["t13"], "board": [{"card": "nordheim"}, None, None]}]}, players=3, guides=THREE)
    step = act(s, "activate-ability", space=1)
    assert "rs.effect.protection" in clauses_fired(step)
    assert [len(p.locks) for p in s.state.players] == [0, 1, 0]


def test_onota_token_is_spent_by_a_dark_ability_even_when_it_would_do_nothing():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "kafrat"}, None, None], "released": ["miki"]},
        {"seat": 2, "hand": ["t01", "t02"], "board": [{"card": "onota", "used": False}, None, None]}]})
    s.state.players[1].board[0].tokens.append("protect")
    step = act(s, "activate-ability", space=1, target=2)
    assert "rs.effect.protect-token" in clauses_fired(step)
    assert s.state.players[1].board[0].tokens == []
    assert s.state.players[1].hand == ["t01", "t02"]


def test_light_ability_does_not_spend_the_protect_token():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "wanwada"}, None, None]},
        {"seat": 2, "board": [{"card": "onota"}, {"card": "muko"}, None]}]})
    s.state.players[1].board[0].tokens.append("protect")
    step = act(s, "activate-ability", space=1, target=2)
    assert "rs.effect.protect-token" not in clauses_fired(step)
    assert s.state.players[0].ap == 3 and s.state.players[1].board[0].tokens == ["protect"]


def test_aluak_lock_also_applies_after_refreshing():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": ["t01", "t02"]},
        {"seat": 2, "board": [{"card": "aluak"}, None, None]}],
        "deck_tops": {"spirit": ["barachu", "gonga", "miki"]}})
    act(s, "refresh-and-attract")
    act(s, "choose-offering", totem="t01")
    spirits = [a.param("spirit") for a in s.legal_actions() if a.kind == "choose-lost-spirit"]
    assert "barachu" not in spirits and "gonga" in spirits


def test_nordheim_shields_its_owner_from_aluak():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": ["t01"], "board": [{"card": "nordheim"}, None, None]},
        {"seat": 2, "board": [{"card": "aluak"}, None, None]}], "lost_spirits": ["barachu", "gonga", "miki"]})
    assert any(a.kind == "attract" and a.param("spirit") == "barachu" for a in s.legal_actions())


def test_baikeng_lock_ends_when_baikeng_leaves_play():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": ["t09"], "board": [{"card": "baikeng", "totems": ["t06", "t07"]}, None, None]},
        {"seat": 2, "hand": ["t03"], "board": [{"card": "gonga"}, None, None]}]})
    act(s, "activate-ability", space=1)
    assert s.state.players[1].locks
    step = act(s, "play-totem", totem="t09", space=1)
    assert "rs.release.ends-ability" in clauses_fired(step)
    assert s.state.players[1].locks == []


def test_seone_reduction_ends_when_seone_is_released():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": ["t10"],
         "board": [{"card": "seone", "totems": ["t02", "t06"]}, {"card": "gonga", "totems": ["t03"]}, None]}]})
    act(s, "activate-ability", space=1)
    act(s, "choose-disregard", slot=3)
    assert s.game.facts(s.state)["p1.unmet.2"] == ["bell"]
    step = act(s, "play-totem", totem="t10", space=1)
    assert "rs.effect.requirement-reduction" in clauses_fired(step)
    assert s.game.facts(s.state)["p1.unmet.2"] == ["bell", "mirror"]


def test_nozawa_disabling_barachu_ends_its_reduction():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "nozawa"}, None, None]},
        {"seat": 2, "board": [{"card": "barachu"}, None, None]}]})
    s.state.players[1].board[0].slots[2] = "barachu"
    act(s, "activate-ability", space=1, target=2)
    assert s.state.players[1].board[0].slots == [None, None, None]
    assert s.state.players[1].board[0].used and s.state.players[1].activation_tokens == 2
    assert s.game.check_invariants(s.state) == []


def test_kafrat_target_chooses_and_is_the_deciding_player():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "kafrat"}, None, None]},
        {"seat": 2, "hand": ["t01", "t02", "t03"], "released": ["gonga"]}]})
    act(s, "activate-ability", space=1, target=2)
    assert s.current_player == 1
    act(s, "choose-discard", card="t03")
    assert s.state.players[1].hand == ["t01", "t02"] and s.current_player == 0


def test_kafrat_says_which_deck_a_discarded_blessing_goes_under():
    """Trial 27: "discards Morning Light to the bottom of its deck": the deck is named, as the rulebook does
    (Blessings and Curses go back under their own decks, Totems to the Totem discard pile)."""
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "kafrat"}, None, None]},
        {"seat": 2, "hand": ["t01", "b09"], "released": ["gonga"]}]})
    act(s, "activate-ability", space=1, target=2)
    step = act(s, "choose-discard", card="b09")
    assert "Player 2 discards Morning Light to the bottom of the Blessing deck." in [e.text for e in step.events]


def test_split_ability_with_one_opponent_resolves_the_target_pick_itself():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": [], "board": [{"card": "jiangsu"}, {"card": "twizel"}, None]},
        {"seat": 2, "hand": ["t01", "t02"]}]})
    step = act(s, "activate-ability", space=1)
    assert "rs.ruling.single-option" in clauses_fired(step)
    assert sorted(s.state.players[0].hand) == ["t01", "t02"]


def test_obayashi_lifts_the_limit_only_when_released():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": ["t01", "t02", "t03", "t04", "t05", "t08", "t09"],
         "board": [{"card": "obayashi"}, None, None]}]})
    assert not s.state.players[0].no_hand_limit


def _cards_with(mutate, tmp_path):
    path = tutor.__file__.rsplit("/", 2)[0] + "/content/restless-spirits/cards.yaml"
    data = yaml.safe_load(open(path))
    mutate(data)
    out = tmp_path / "cards.yaml"
    out.write_text(yaml.safe_dump(data))
    return str(out)


def test_an_ongoing_effect_in_an_activated_ability_fails_at_load(tmp_path):
    def m(d):
        sp = next(x for x in d["spirits"] if x["id"] == "gonga")
        sp["ability"]["effects"] = [{"effect": "protection", "params": {"against": "curses"}}]
    with pytest.raises(ContentError, match=r"spirits\[5\]\.ability\.effects\[0\].*protection"):
        tutor.new_game("restless-spirits", players=2, seed=1, cards=_cards_with(m, tmp_path))


def test_a_targeted_effect_without_a_target_fails_at_load(tmp_path):
    def m(d):
        sp = next(x for x in d["spirits"] if x["id"] == "gonga")
        sp["ability"]["effects"] = [{"effect": "turn-lock", "params": {"action": "play-totem"}}]
    with pytest.raises(ContentError, match="needs a target opponent"):
        tutor.new_game("restless-spirits", players=2, seed=1, cards=_cards_with(m, tmp_path))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_abilities_stay_sound(players):
    from tutor.conformance import play_checked
    for seed in (101, 202):
        rep = play_checked("restless-spirits", players, seed, json_every=50, check_undo=False)
        assert rep.problems == [] and rep.over


def test_yotei_is_a_dark_ability_that_nordheim_keeps_away():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "yotei"}, None, None]},
        {"seat": 2, "board": [{"card": "nordheim"}, {"card": "gonga"}, None]}]})
    assert not any(a.kind == "activate-ability" for a in s.legal_actions())
    assert any(b.clause == "rs.effect.protection" for b in s.blocked_actions())


def test_zhaku_card_that_cannot_be_played_may_be_kept_or_given_back():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": [], "board": [{"card": "zhaku"}, None, None]},
        {"seat": 2, "hand": ["t07"], "released": ["miki"]}]})
    act(s, "activate-ability", space=1, target=2)
    kinds = sorted(a.kind for a in s.legal_actions())
    assert kinds == ["decline", "take-card"]
    act(s, "decline")
    assert s.state.players[1].hand == ["t07"] and s.game.check_invariants(s.state) == []


def test_destroyed_obayashi_gives_nothing():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "takayama"}, None, None]},
        {"seat": 2, "hand": [], "board": [{"card": "obayashi", "totems": ["t06"]}, None, None]}]})
    act(s, "activate-ability", space=1, target=2)
    step = act(s, "choose-own-destroy", space=1)
    assert "rs.effect.on-release" not in clauses_fired(step)
    assert s.state.players[1].hand == [] and not s.state.players[1].no_hand_limit
    assert s.state.players[1].board == [None, None, None]


def test_moved_twizel_returns_its_token_to_the_player_who_used_it():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "twizel"}, None, None]},
        {"seat": 2, "board": [None, {"card": "gonga"}, {"card": "muko"}]}]})
    act(s, "activate-ability", space=1, target=2)
    tw = s.state.players[1].board[0]
    assert tw.card == "twizel" and tw.token_owner == 0
    from tutor.games.restless_spirits.ongoing import destroy
    from tutor.games.restless_spirits.zones import Ctx
    c = Ctx(s.game, s.state)
    destroy(c, 1, 0)
    assert s.state.players[0].activation_tokens == 3 and s.state.players[1].activation_tokens == 3
    assert s.game.check_invariants(s.state) == []


def test_spirit_placed_by_paringa_asks_its_own_choice_first():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "board": [{"card": "paringa"}, None, None]}],
                    "deck_tops": {"spirit": ["barachu", "miki", "muko"]}})
    act(s, "activate-ability", space=1)
    act(s, "choose-drawn-spirit", spirit="barachu")
    act(s, "choose-drawn-space", space=2)
    # Barachu's own choice first, then the next drawn Spirit; the rest of Paringa's ability waits under both as work
    assert [d.kind for d in s.state.pending] == ["choose-drawn-spirit", "choose-disregard"]
    assert [(w.kind, w.under, w.run.name) for w in s.state.work] == [("resume-effects", 0, "Paringa")]
    assert s.game.check_invariants(s.state) == []
    act(s, "choose-disregard", slot=1)
    act(s, "decline")
    assert s.state.pending == [] and "miki" in s.state.spirit_discard and "muko" in s.state.spirit_discard


def _as_saved_before_the_work_stack(state: dict) -> dict:
    """A state dumped today, as a session saved before the work stack kept it: each paused ability a
    ``resume-effects`` marker among the pending decisions, under the decisions it waits for, and every decision
    with all the fields one Decision model had for every kind."""
    state = dict(state)
    old = {"cards": [], "options": [], "space": None, "target": None, "source": None, "count": 0, "run": None,
           "held": []}  # and each decision with every field of the one Decision model of then
    pending = [{**old, **d} for d in state["pending"]]
    for w in reversed(state.pop("work", [])):
        run = w["run"]
        pending.insert(w["under"], {"kind": "resume-effects", "actor": run["seat"], "purpose": "resume", "cards": [],
                                    "options": [], "space": None, "target": None, "source": None,
                                    "allow_decline": False, "count": 0, "run": run,
                                    "held": [run["then_discard"]] if run["then_discard"] else []})
    state["pending"] = pending
    return state


def test_a_session_saved_with_a_paused_ability_among_its_decisions_still_loads():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "board": [{"card": "paringa"}, None, None]}],
                    "deck_tops": {"spirit": ["barachu", "miki", "muko"]}})
    act(s, "activate-ability", space=1)
    data = s.to_dict()
    assert data["state"]["work"] == [{"kind": "resume-effects", "under": 0, "run": data["state"]["work"][0]["run"]}]
    data["state"] = _as_saved_before_the_work_stack(data["state"])
    assert [d["kind"] for d in data["state"]["pending"]] == ["resume-effects", "choose-drawn-spirit"]
    loaded = tutor.load_session(json.dumps(data))
    assert loaded.state.model_dump_json() == s.state.model_dump_json()
    act(loaded, "decline")  # the rest of Paringa's ability runs on, as in the session that saved it
    assert loaded.state.pending == [] and loaded.state.work == []
    # an edited marker is refused, naming the field
    data["state"]["pending"][0]["run"]["step"] = 5
    with pytest.raises(ContentError, match=r"state\.work\[0\]\.run\.step: the file says 5"):
        tutor.load_session(json.dumps(data))
    data["state"]["pending"][0] = {"kind": "resume-solo", "cards": "not a list"}
    with pytest.raises(ContentError, match=r"state\.pending\[0\]"):
        tutor.load_session(json.dumps(data))


def test_markers_saved_among_the_decisions_become_work_under_the_decisions_below_them():
    from tutor.games.restless_spirits.state import upgrade_saved_state
    d = lambda kind, **kw: {"kind": kind, "actor": 0, **kw}
    old = {"pending": [d("choose-target"), d("resume-effects", run={"seat": 0}), d("choose-space"),
                       d("resume-solo", space=1, cards=["gonga"]), d("choose-offering")], "current": 0}
    new = upgrade_saved_state(old)
    assert new == {"current": 0, "pending": [d("choose-target"), d("choose-space"), d("choose-offering")],
                   "work": [{"kind": "resume-effects", "run": {"seat": 0}, "under": 1},
                            {"kind": "resume-solo", "seat": 0, "space": 1, "card": "gonga", "under": 2}]}
    assert [x["kind"] for x in old["pending"]][1] == "resume-effects"  # the argument is left as it was
    for odd in (None, [], {"pending": "x"}, {"pending": [None, 3, "x"]}, {"pending": [], "work": []}):
        assert upgrade_saved_state(odd) is odd


def test_yotei_copy_of_an_ongoing_protection_ends_when_the_copied_spirit_leaves():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "yotei"}, None, None]},
        {"seat": 2, "hand": ["t02"], "board": [{"card": "virley", "totems": ["t01", "t05"]}, None, None]}]})
    act(s, "activate-ability", space=1, target=2)
    assert s.state.players[0].board[0].copied == "virley"
    assert s.game.targets(s.state, 1, "c01") == []          # a Curse cannot target the Yotei owner
    act(s, "end-turn")
    act(s, "play-totem", totem="t02", space=1)             # Player 2 releases Virley
    assert s.game.targets(s.state, 1, "c01") == [0]


def test_uji_copy_of_aluak_lasts_while_aluak_stays_in_the_lost_row():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "uji"}, None, None]},
        {"seat": 2, "hand": ["t01"]}], "lost_spirits": ["aluak", "gonga", "barachu"]})
    act(s, "activate-ability", space=1)
    act(s, "choose-copy", spirit="aluak")
    assert s.game.attract_locked(s.state, 1, "gonga")       # Player 2 (Hana) has Sacred Mastery
    s.state.lost_spirits[0] = None
    s.state.spirit_discard.append("aluak")
    assert not s.game.attract_locked(s.state, 1, "gonga")
