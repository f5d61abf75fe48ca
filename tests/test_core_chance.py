"""Chance is one mechanism (issue 17): every game's random outcomes go through ``tutor.core.chance``, which draws from
the seeded generator exactly as the games did before unless a scenario fixed the next outcomes (``setup.state.chance``,
the same field in every game), validated when the file is read and when the game is set up."""
from __future__ import annotations

import json

import pytest

import tutor
from tutor.core import chance
from tutor.core.errors import ContentError, IllegalAction
from tutor.core.rng import Rng
from tutor.scenario import load_scenario, run, start

RS_SETUP = """
setup:
  game: restless-spirits
  players: 2
  seed: 7
  options: {first_game: true, guides: [okada-mitsuo, hana]}
  state:
    current: 1
    players:
      - {seat: 1, ap: 2, hand: [t01]}
    lost_spirits: [gonga, miki, muko]
    CHANCE
script:
  - {kind: attract, spirit: gonga}
  - {kind: choose-space, space: 1}
expect: []
"""
META = "meta: {id: t, question: q, answer: a, source: {file: restless-spirits.txt, section: Setup}}\n"


def rs_scenario(chance_yaml: str):
    return load_scenario(text=META + RS_SETUP.replace("CHANCE", chance_yaml))


class _S:
    """A bare state: a generator and the fixed outcomes."""

    def __init__(self, seed: int, fixed=()):
        self.rng = Rng.from_seed(seed)
        self.chance = list(fixed)


def test_unfixed_outcomes_draw_from_the_generator_as_before():
    a, b = _S(5), Rng.from_seed(5)
    faces = ("attack", "attack", "magic", "essence", "blank", "blank")
    for _ in range(50):
        assert chance.roll(a, faces, "die") == (faces[b.below(6)], False)
    pile, old = list("abcdefg"), list("abcdefg")
    assert chance.draw(a, pile, lambda v: True, "deck") == (old.pop(), False) and pile == old
    items = list("wxyz")
    assert chance.pick(a, items, "hand") == (b.below(4), False)
    order = list(range(4))
    b.shuffle(order)
    assert chance.reveal(a, items, 2, "hand") == (sorted(order[:2]), False)
    assert a.rng == b


def test_fixed_outcomes_are_used_in_order_of_their_kind_without_the_generator():
    fixed = [chance.Fixed(kind="draw", value="c"), chance.Fixed(kind="roll", value="magic"),
             chance.Fixed(kind="roll", value="blank"), chance.Fixed(kind="pick", value="y")]
    s = _S(5, fixed)
    faces = ("attack", "attack", "magic", "essence", "blank", "blank")
    assert chance.roll(s, faces, "die") == ("magic", True)
    pile = list("abcde")
    assert chance.draw(s, pile, lambda v: True, "deck") == ("c", True) and pile == list("abde")
    assert chance.roll(s, faces, "die") == ("blank", True)
    assert chance.pick(s, list("xyz"), "hand") == (1, True)
    assert s.chance == [] and s.rng == Rng.from_seed(5)  # nothing was drawn from the generator


def test_a_fixed_draw_waits_for_its_own_deck_and_a_missing_card_refuses():
    s = _S(1, [chance.Fixed(kind="draw", value="spirit-x")])
    is_spirit = lambda v: v.startswith("spirit")  # noqa: E731
    assert chance.draw(s, ["totem-1", "totem-2"], lambda v: not is_spirit(v), "the Totem deck") == ("totem-2", False)
    assert len(s.chance) == 1
    with pytest.raises(IllegalAction, match="not in the Spirit deck") as e:
        chance.draw(s, ["spirit-a", "spirit-b"], is_spirit, "the Spirit deck")
    assert e.value.code == "bad-fixed-draw" and len(s.chance) == 1
    assert chance.draw(s, [], is_spirit, "the Spirit deck") == (None, False)


def test_rs_fixed_draw_deals_the_named_spirit_and_cites_the_ruling():
    res = run(rs_scenario("chance: [{draw: baikeng}]"))
    steps = res.session.history
    assert res.session.state.lost_spirits[0] == "baikeng"
    assert "rs.ruling.fixed-chance" in [e.clause for e in steps[-1].events]
    assert res.session.game.facts(res.session.state)["chance_left"] == 0


def test_a_fixed_card_not_in_its_deck_refuses_the_step_and_leaves_the_session():
    s = start(rs_scenario("chance: [{draw: gonga}]"))  # gonga is in the Lost Spirits row, not the deck
    s.apply([a for a in s.legal_actions() if a.kind == "attract"][0])
    before, n = s.state.model_dump_json(), len(s.history)
    with pytest.raises(IllegalAction, match="fixed draw 'gonga'.*not in the Spirit deck"):
        s.apply([a for a in s.legal_actions() if a.kind == "choose-space"][0])
    assert s.state.model_dump_json() == before and len(s.history) == n


@pytest.mark.parametrize("entry, field, words", [
    ("{rol: gonga}", "setup.state.chance[0]", "unknown outcome 'rol'"),
    ("{draw: gonga, pick: t01}", "setup.state.chance[0]", "exactly one outcome"),
    ("{draw: 3}", "setup.state.chance[0].draw", "must be text"),
])
def test_an_unknown_outcome_is_refused_when_the_file_is_read(entry, field, words):
    with pytest.raises(ContentError) as e:
        rs_scenario(f"chance: [{{draw: miki}}, {entry}]".replace("[{draw: miki}, ", "["))
    assert e.value.field == field and words in str(e.value) and str(e.value).startswith("<text>: ")


@pytest.mark.parametrize("entry, words", [
    ("{roll: attack}", "this game has no roll outcome to fix (its outcomes: draw, pick)"),
    ("{draw: nosuch}", "no card called 'nosuch' in Restless Spirits"),
    ("{pick: gonga}", "'gonga' is a spirit; this outcome takes totem cards"),
])
def test_a_value_the_game_does_not_know_is_refused_naming_the_field(entry, words):
    sc = rs_scenario(f"chance: [{entry}]")
    with pytest.raises(ContentError, match="chance\\[0\\]") as e:
        start(sc, "f.yaml")
    assert words in str(e.value) and "f.yaml: setup.state" in str(e.value)


def test_spirited_and_spirit_duels_values_are_checked():
    sp = tutor.new_game("spirited", players=2, seed=1, clans=["aztecs", "babylonians", "chinese", "egyptians",
                                                              "greeks", "japanese", "norse"])
    with pytest.raises(ContentError, match="neither a clan of this game"):
        sp.game.scenario_state(sp.state, {"chance": [{"draw": "romans"}]}, "w")
    state = sp.game.scenario_state(sp.state, {"chance": [{"draw": "time"}, {"draw": "w03"}]}, "w")
    assert [f.entry() for f in state.chance] == [{"draw": "time"}, {"draw": "w03"}]
    sd = tutor.new_game("spirit-duels", seed=1)
    with pytest.raises(ContentError, match="unknown face 'attack\\+2'"):
        sd.game.scenario_state(sd.state, {"chance": [{"roll": "attack+2"}]}, "w")


def test_spirit_duels_forced_rolls_is_the_older_spelling_of_roll_entries():
    sd = tutor.new_game("spirit-duels", seed=1)
    old = sd.game.scenario_state(sd.state, {"forced_rolls": ["magic", "blank"]}, "w")
    new = sd.game.scenario_state(sd.state, {"chance": [{"roll": "magic"}, {"roll": "blank"}]}, "w")
    assert old.model_dump_json() == new.model_dump_json() and old.forced_rolls == ["magic", "blank"]
    with pytest.raises(ContentError, match="forced_rolls and chance") as e:
        sd.game.scenario_state(sd.state, {"forced_rolls": ["magic"], "chance": [{"draw": "fortify"}]}, "w")
    assert e.value.field == "forced_rolls"


def test_a_draft_scenario_may_fix_chance_alone():
    sd = tutor.new_game("spirit-duels", seed=2, setup="draft")
    state = sd.game.scenario_state(sd.state, {"chance": [{"roll": "magic"}]}, "w")
    assert state.forced_rolls == ["magic"] and state.phase == "draft"
    with pytest.raises(ContentError, match="only chance may be given"):
        sd.game.scenario_state(sd.state, {"chance": [], "round": 2}, "w")


def test_an_empty_chance_field_leaves_the_state_json_as_before():
    for game in ("restless-spirits", "spirited", "spirit-duels"):
        s = tutor.new_game(game, players=2, seed=3)
        assert "chance" not in s.state.model_dump_json() and "forced_rolls" not in s.state.model_dump_json()


def test_fixed_outcomes_survive_undo_and_a_saved_session():
    s = start(rs_scenario("chance: [{draw: baikeng}]"))
    s.apply([a for a in s.legal_actions() if a.kind == "attract"][0])
    assert chance.left(s.state) == 1
    again = tutor.load_session(s.to_json())
    assert again.state.model_dump_json() == s.state.model_dump_json()
    s.apply([a for a in s.legal_actions() if a.kind == "choose-space"][0])
    assert chance.left(s.state) == 0
    s.undo()
    assert [f.entry() for f in s.state.chance] == [{"draw": "baikeng"}]


def test_a_spirit_duels_session_saved_with_meditate_marks_as_texts_and_one_decision_model_still_loads():
    sc = load_scenario("content/spirit-duels/scenarios/rule-meditate.yaml")
    s = start(sc)
    s.apply(next(a for a in s.legal_actions() if a.kind == "meditate"))
    s.apply(next(a for a in s.legal_actions() if a.kind == "mark-die"))
    data = json.loads(s.to_json())
    work = data["state"]["pending"][-1]["work"]
    assert work["kind"] == "meditate-pick" and work["marked"] == [{"spirit": 0, "die": 0}]
    work["cards"] = ["0.0"]  # as saved when the declared dice were "spirit.die" texts
    del work["marked"]
    data["state"]["pending"][-1].update(side="enemy", need="spirit")  # and one Decision model had them for every kind
    loaded = tutor.load_session(json.dumps(data))
    assert loaded.to_json() == s.to_json()
    work["cards"] = ["0.1"]  # another die than the replay marks: caught, named
    with pytest.raises(ContentError, match=r"state\.pending\[0\]\.work\.marked\[0\]\.die"):
        tutor.load_session(json.dumps(data))
    work["cards"] = ["x.0"]  # not a reference the tutor wrote
    with pytest.raises(ContentError, match=r"state\.pending\[0\]\.work"):
        tutor.load_session(json.dumps(data))


def test_a_spirit_duels_session_saved_with_forced_rolls_still_loads():
    sc = load_scenario("content/spirit-duels/scenarios/rule-meditate.yaml")
    s = start(sc)
    data = json.loads(s.to_json())
    rolls = s.state.forced_rolls
    assert rolls
    for key in ("initial_state", "state"):  # as a session saved before the chance field
        data[key].pop("chance")
        data[key]["forced_rolls"] = rolls
    data["partial_state"]["forced_rolls"] = data["partial_state"].pop("chance") and rolls
    loaded = tutor.load_session(json.dumps(data))
    assert loaded.state.forced_rolls == rolls
    data["state"]["forced_rolls"] = rolls[:-1]  # and an edited file is still caught
    with pytest.raises(ContentError, match="was the file edited"):
        tutor.load_session(json.dumps(data))
