"""Spirit Duels on the engine: set-up, dice as chance, rules with real values, scenarios and random full games.

Until ``tutor/registry.py`` lists Spirit Duels, the ``sd`` fixture registers it for each test (monkeypatch).
"""
from __future__ import annotations

from collections import Counter

import pytest

import tutor
import tutor.registry as registry
from tutor.core.content import content_root
from tutor.games.spirit_duels import SpiritDuels
from tutor.games.spirit_duels.dice import DIE_FACES, odds

SCENARIOS = sorted((content_root() / "spirit-duels" / "scenarios").glob("*.yaml"))


@pytest.fixture(autouse=True)
def sd(monkeypatch):
    orig = registry.game_classes
    monkeypatch.setattr(registry, "game_classes", lambda: {**orig(), SpiritDuels.game_id: SpiritDuels})


def new(seed=1, **kw):
    return tutor.new_game("spirit-duels", players=2, seed=seed, **kw)


def act(s, kind, **params):
    hits = [a for a in s.legal_actions() if a.kind == kind and all(a.param(k) == v for k, v in params.items())]
    assert len(hits) == 1, f"{kind} {params}: {[a.id for a in s.legal_actions()]}"
    return s.apply(hits[0])


def scenario_session(state, seed=1):
    from tutor.scenario import Scenario, start
    sc = Scenario.model_validate({"meta": {"id": "t", "question": "q", "answer": "a",
                                           "source": {"file": "f", "section": "s"}},
                                  "setup": {"game": "spirit-duels", "seed": seed, "state": state}})
    return start(sc)


def test_dice_have_exactly_the_listed_faces():
    assert DIE_FACES["attack-1"] == ("attack", "attack", "magic", "essence", "blank", "blank")
    assert DIE_FACES["attack-2"] == ("attack+1", "attack", "attack", "magic", "essence", "blank")
    assert DIE_FACES["magic-2"] == ("magic+1", "magic", "magic", "attack", "essence", "blank")
    assert DIE_FACES["essence-1"] == ("essence", "essence", "attack", "magic", "blank", "blank")
    assert DIE_FACES["advantage"] == ("attack", "magic", "essence", "blank", "blank", "blank")
    assert len(DIE_FACES) == 7
    for kind, faces in DIE_FACES.items():
        if kind != "advantage":
            assert faces.count("blank") == (2 if kind.endswith("1") else 1)
    assert odds("advantage") == "Attack 1/6, Magic 1/6, Essence 1/6, Blank 3/6"


def test_prebuilt_setup():
    s = new(seed=5)
    st = s.state
    assert [p.team for p in st.players] == ["fire", "electric"]
    assert [sl.line for sl in st.players[0].spirits] == ["tychomp", "pawnite", "zuja"]
    assert all(sl.stage == 1 for p in st.players for sl in p.spirits)
    for p in st.players:
        assert len(p.hand) == 5 and len(p.deck) == 25
        assert Counter(p.hand + p.deck) == s.game.team_cards(p.team)
        assert set(Counter(p.hand + p.deck).values()) == {2}
    assert st.pending[-1].kind == "mulligan" and s.current_player == 0
    act(s, "set-aside", card=st.players[0].hand[0])
    act(s, "keep-hand")
    assert s.state.players[0].aside == [] and len(s.state.players[0].hand) == 5
    step = act(s, "keep-hand")
    fired = [e.clause for e in step.events]
    assert "sd.setup.essence" in fired and "sd.setup.advantage" in fired
    assert [p.essence for p in s.state.players] == [2, 2]
    assert s.state.phase == "action" and s.current_player == s.state.advantage


def test_the_mulligan_keeps_all_5_cards_until_one_is_set_aside():
    """Trial 27: before any card was set aside, the mulligan's keep action read "Keep the other 5 cards"."""
    s = new(seed=5)
    keep = next(a for a in s.legal_actions() if a.kind == "keep-hand")
    assert keep.label == "Keep all 5 cards"
    act(s, "set-aside", card=s.state.players[0].hand[0])
    assert next(a for a in s.legal_actions() if a.kind == "keep-hand").label == "Keep the other 4 cards"


def test_every_roll_is_a_chance_event_with_odds():
    s = scenario_session({"round": 1})
    step = act(s, "activate", spirit=1)
    rolls = [e for e in step.events if e.clause == "sd.roll.chance"]
    assert len(rolls) == 2
    assert "this die: Attack 2/6, Magic 1/6, Essence 1/6, Blank 2/6" in rolls[0].text


def test_forced_roll_must_be_a_face_of_the_die():
    s = scenario_session({"forced_rolls": ["attack+1"]})
    before = s.state.model_dump()
    with pytest.raises(tutor.IllegalAction, match="not a face"):
        s.apply([a for a in s.legal_actions() if a.id == "activate:spirit=1"][0])
    assert s.state.model_dump() == before


def test_tychomp_attack_power_is_the_printed_two():
    g = new().game
    tychomp = g.cards.by_id["tychomp"]
    assert tychomp.attack == 2 and "attack" not in tychomp.provisional
    assert "health" in tychomp.provisional


def test_evolve_costs_stage_plus_one():
    s = scenario_session({"players": [{"seat": 1, "essence": 5}]})
    a = [x for x in s.legal_actions() if x.kind == "evolve" and x.param("spirit") == 1][0]
    assert a.cost == 2
    s.apply(a)
    assert s.state.players[0].essence == 3 and s.state.players[0].spirits[0].stage == 2
    s2 = scenario_session({"players": [{"seat": 1, "essence": 3, "spirits": [{"stage": 2}]}]})
    assert [x.cost for x in s2.legal_actions() if x.kind == "evolve" and x.param("spirit") == 1] == [3]


def test_armor_then_damage_then_defeat_and_win():
    s = scenario_session({"players": [{"seat": 1, "spirits": [{"pool": ["attack-2/attack+1"]}]},
                                      {"seat": 2, "spirits": [{"defeated": True}, {"defeated": True},
                                                              {"armor": 1, "damage": 2}]}]})
    act(s, "resolve-dice", symbol="attack")  # single die, single target: both forced
    sl = s.state.players[1].spirits[2]
    assert sl.defeated and sl.armor == 0 and sl.damage == 0  # tokens return to the supply on defeat
    assert s.is_over and s.winners == [0]


def test_blocked_actions_name_their_clause():
    s = scenario_session({"players": [{"seat": 1, "essence": 0, "hand": ["bolder-toss"],
                                       "spirits": [{"exhausted": True}]}], "gained_by": 2})
    blocked = {(b.kind, b.clause) for b in s.blocked_actions()}
    assert ("play-card", "sd.play-card") in blocked
    assert ("activate", "sd.activate") in blocked
    assert ("gain-advantage", "sd.advantage.gain") in blocked


def test_legal_actions_sorted_unique_and_stable():
    s = new(seed=9)
    ids = [a.id for a in s.legal_actions()]
    assert ids == sorted(ids) and len(ids) == len(set(ids))
    assert ids == [a.id for a in new(seed=9).legal_actions()]


def test_setup_options_are_validated():
    with pytest.raises(ValueError, match="setup must be one of 'prebuilt', 'draft'; got 'full'"):
        new(setup="full")
    with pytest.raises(ValueError, match="players must be 2"):
        tutor.new_game("spirit-duels", players=3)
    assert new(setup="draft").state.phase == "draft"  # the draft itself: tests/test_spirit_duels_draft.py


def test_user_card_file_with_unknown_effect_fails_at_load(tmp_path):
    text = (content_root() / "spirit-duels" / "cards.yaml").read_text()
    bad = tmp_path / "cards.yaml"
    bad.write_text(text.replace("{effect: damage, params: {amount: 2}}", "{effect: fireball, params: {amount: 2}}", 1))
    with pytest.raises(tutor.ContentError) as e:
        new(cards=str(bad))
    assert "unknown effect 'fireball'" in str(e.value) and "cards[0].effects[0]" in str(e.value)
    good = tmp_path / "mine.yaml"
    good.write_text(text.replace("health: 4\n    dice: [attack-1, magic-1]\n    attack: 2", "health: 9\n    dice: "
                                 "[attack-1, magic-1]\n    attack: 2", 1))
    assert new(cards=str(good)).game.cards.by_id["tychomp"].health == 9


def test_every_clause_has_source_and_rulings_have_reasons():
    cl = tutor.clauses("spirit-duels")
    assert len(cl) > 80
    for c in cl.values():
        assert c.source.file == "spirit-duels.txt"
        assert c.kind in ("rule", "glossary") or c.reason


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_passes(path):
    from tutor.scenario import load_scenario, run
    res = run(load_scenario(path), str(path))
    assert res.failures == []


def test_enough_scenarios():
    assert len(SCENARIOS) >= 30


@pytest.mark.parametrize("seed", range(6))
def test_random_full_game_reaches_a_winner(seed):
    from tutor.conformance import play_checked
    rep = play_checked("spirit-duels", 2, seed, json_every=30)
    assert rep.problems == []
    assert rep.over and len(rep.winners) == 1 and rep.steps > 30


def test_json_round_trip_and_undo_mid_decision():
    s = new(seed=4)
    act(s, "keep-hand")
    text = s.to_json()
    assert tutor.load_session(text).to_json() == text
    before = s.state.model_dump()
    act(s, "keep-hand")
    s.undo()
    assert s.state.model_dump() == before


# -- event wording (reported bugs) and the last_was_pass partial state, checked with real values -------------------
def _scenario(stem):
    from tutor.scenario import load_scenario, run
    res = run(load_scenario(next(p for p in SCENARIOS if p.stem == stem)))
    assert res.failures == []
    return res


def test_every_end_phase_step_event_is_numbered():
    res = _scenario("rule-end-phase-order")
    end = [(e.clause, e.text) for st in res.steps for e in st.events if e.clause.startswith("sd.end.")]
    assert end == [
        ("sd.end.return-dice", "End Phase step 1: all dice return to the supply (1 in play)."),
        ("sd.end.ready", "End Phase step 2: every exhausted card in play is readied (1 card)."),
        ("sd.end.discard", "End Phase step 3: Player 1 keeps 1 card in hand."),
        ("sd.end.discard", "End Phase step 3: Player 2 discards Fair Trade."),
        ("sd.end.discard", "End Phase step 3: Player 2 keeps 1 card in hand."),
        ("sd.end.draw", "End Phase step 4: Player 1 draws Spell of Binding, Flicker Flame, Earthy Brew, "
                        "Searing Strike (25 left in the deck)."),
        ("sd.end.draw", "End Phase step 4: Player 2 draws Stunning Strike, Harsh Tide, Blitzrush, Salty Bite "
                        "(24 left in the deck)."),
        ("sd.end.essence", "End Phase step 5: each player gains 2 Essence (Player 1 now has 2, Player 2 now has 3)."),
        ("sd.end.advantage-die", "End Phase step 6: Player 1 places the Advantage Die on Zuja."),
    ]
    steps = [int(t.split(":")[0].split()[-1]) for _, t in end]
    assert steps == sorted(steps)


def test_end_phase_draw_with_a_full_hand_is_numbered_too():
    s = scenario_session({"last_was_pass": True})  # both players hold their dealt 5 cards
    act(s, "pass")
    assert act(s, "keep-hand").events[0].text == "End Phase step 3: Player 1 keeps 5 cards in hand."
    ev = [(e.clause, e.text) for e in act(s, "keep-hand").events]
    assert ev[:3] == [("sd.end.discard", "End Phase step 3: Player 2 keeps 5 cards in hand."),
                      ("sd.end.draw", "End Phase step 4: Player 1 already holds 5 cards and draws none."),
                      ("sd.end.draw", "End Phase step 4: Player 2 already holds 5 cards and draws none.")]


def test_partial_state_last_was_pass():
    s = scenario_session({"last_was_pass": True})
    assert s.state.last_was_pass is True and s.game.facts(s.state)["last_was_pass"] is True
    pas = next(a for a in s.legal_actions() if a.kind == "pass")
    assert pas.why == "Your opponent just passed: if you pass too, the Action Phase ends."
    assert pas.clauses == ("sd.pass", "sd.pass.consecutive")
    ev = act(s, "pass").events
    assert ev[0].clause == "sd.pass.consecutive"
    assert ev[0].text == "Player 1 passes too: both players passed one after the other, so the Action Phase ends."
    assert s.state.phase == "end"
    # default: nobody has just passed
    s = scenario_session({"round": 1})
    assert s.state.last_was_pass is False
    assert next(a for a in s.legal_actions() if a.kind == "pass").why == ("You may pass instead of acting; your "
                                                                          "opponent then acts.")
    act(s, "pass")
    assert s.state.phase == "action" and s.state.current == 1


def test_partial_state_last_was_pass_is_validated():
    with pytest.raises(tutor.ContentError) as e:
        scenario_session({"last_was_pass": "yes"})
    assert "last_was_pass" in str(e.value)
    with pytest.raises(tutor.ContentError) as e:
        scenario_session({"last_was_pass": True, "gained_by": 2})
    assert e.value.field == "last_was_pass" and "gained_by" in str(e.value)
    assert _scenario("rule-pass-after-opponent-pass").session.state.phase == "end"


def test_other_wording_fixes():
    zap = _scenario("rule-zap-opponent-spreads")
    first = zap.steps[1]
    assert first.action.why == ("Zap 2 is your opponent's effect, but you choose which of your own Spirits it hits; "
                                "this one can be chosen.")
    assert [e.text for e in first.events] == ["Player 1 chooses Player 1's Pawnite (no tokens) for Zap 2.",
                                              "Zap 2 deals 1 damage to Player 1's Pawnite (now 1 damage, Health 5)."]
    med = _scenario("rule-meditate")
    assert med.steps[1].events[0].text == ("Player 1 declares a reroll of their Tychomp's Level 1 Attack die showing "
                                           "Blank.")
    assert med.steps[2].action.label == "Reroll the 1 marked die"
    frz = _scenario("rule-freeze-attack-die")
    texts = [e.text for st in frz.steps for e in st.events]
    assert "Tychomp's Attack deals 1 damage to an enemy Spirit of Player 1's choice." in texts
    # one die resolved is a few lines that name the die once (its value), then "Tychomp's Attack"
    assert sum("die showing Attack" in t for t in texts) == 3  # the forced choice and each die's value
    assert [e.text for e in frz.steps[1].events] == [
        "Player 1 chooses Player 2's Binx (no tokens) for Tychomp's Attack.",
        "Tychomp's Attack deals 1 damage to Player 2's Binx (now 1 damage, Health 4)."]
    assert "Tychomp is Frozen: the value drops by 1 and its 1 freeze token is removed." in texts
    assert ("Player 1: only one choice is possible, so it is made at once: Resolve Player 1's Tychomp: Level 1 "
            "Attack die showing Attack.") in texts
    assert not any("(s)" in t for t in texts)
    # an Activate ability is not announced as "Activate: Activate: ..."
    s = new(seed=1)
    while s.state.phase == "setup":
        act(s, "keep-hand")
    binx = next(i for i, sl in enumerate(s.state.players[1].spirits) if sl.line == "binx") + 1
    if s.state.current == 0:
        act(s, "pass")
    ev = [e.text for e in act(s, "activate", spirit=binx).events if e.clause == "sd.kw.activate"]
    assert ev == ["Binx has an Activate ability, which resolves now: gain 1 Essence."]


def test_item_and_ability_labels_mark_their_provisional_text():
    s = scenario_session({"players": [{"seat": 1, "items": [{"card": "inferno-brew"}],
                                       "spirits": [None, None, {"pool": ["essence-1/essence"]}]}]})
    labels = {a.kind: a.label for a in s.legal_actions() if a.kind in ("use-item", "use-ability")}
    assert labels["use-item"] == "Use Inferno Brew (2 charges): Place 1 burn token on an enemy Spirit [provisional]."
    # (trial 20: was "Use Zuja: Action (Essence): draw 1 card [provisional]. (remove its Level 1 Essence die ...)")
    assert labels["use-ability"] == ("Use Zuja's Action, paying with its Level 1 Essence die showing Essence: draw 1 "
                                     "card [provisional].")
