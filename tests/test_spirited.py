"""Spirited on the engine: random full games (2-6 players) under every invariant check, the shipped scenarios, and
rules checked with real values.

Until ``tutor/registry.py`` lists Spirited, the ``_registry`` fixture adds it for these tests.
"""
import pytest

import tutor
import tutor.registry as registry
from tutor.conformance import play_checked
from tutor.core.rng import Rng
from tutor.games.spirited import Spirited
from tutor.games.spirited.zones import medal_for
from tutor.scenario import all_scenarios, load_scenario, run

CLANS = ["aztecs", "babylonians", "chinese", "egyptians", "greeks", "japanese", "norse"]


@pytest.fixture(autouse=True, scope="module")
def _registry():
    with pytest.MonkeyPatch.context() as mp:
        orig = registry.game_classes
        mp.setattr(registry, "game_classes", lambda: {**orig(), "spirited": Spirited})
        yield


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(2))
def test_random_game_is_sound(players, seed):
    rep = play_checked("spirited", players, seed, json_every=30)
    assert rep.problems == []
    assert rep.over and rep.winners and rep.steps > 20


@pytest.mark.parametrize("players", [2, 4, 6])
def test_hourglass_monotone_and_battles_happen(players):
    s = tutor.new_game("spirited", players=players, seed=11)
    rng = Rng.from_seed(5)
    last, fired = s.state.hourglass, set()
    while not s.is_over:
        acts = s.legal_actions()
        step = s.apply(acts[rng.below(len(acts))])
        fired |= {e.clause for e in step.events}
        assert s.state.hourglass >= last
        last = s.state.hourglass
    assert last == 3
    assert {"sp.time.pass", "sp.battle", "sp.final", "sp.final.camps"} <= fired
    assert s.game.check_invariants(s.state) == []


SCENARIOS = all_scenarios("spirited")


def test_enough_scenarios_with_the_shield_faqs():
    ids = {load_scenario(p).meta.id for p in SCENARIOS}
    assert len(ids) >= 25
    assert {"faq-shield-no-rally", "faq-shield-no-overrun", "faq-shield-no-retro", "faq-shield-public"} <= ids


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_passes(path):
    assert run(load_scenario(path), str(path)).failures == []


def test_clauses_are_ours_and_cite_the_summary():
    cl = tutor.clauses("spirited")
    assert all(c.source.file == "spirited.txt" for c in cl.values())
    assert all(c.reason for c in cl.values() if c.kind != "rule")
    assert cl["sp.shield.place"].kind == "provisional" and cl["sp.provisional.time-track"].kind == "provisional"
    assert "victory points" in cl["sp.goal"].text


def test_card_data_public_facts():
    s = tutor.new_game("spirited", players=3, seed=2)
    cards = s.game.cards
    assert len(cards.clans) == 12 and all(c.cards == 10 for c in cards.clans) and len(cards.wonders) == 12
    assert {m: cards.medals[m].value for m in cards.medals} == {"bronze": 2, "silver": 3, "gold": 4}
    assert all(c.provisional.get("power") for c in cards.clans)
    assert len(s.state.clans) == 7 and len(s.state.deck) + sum(len(st.cards) + bool(st.shield)
                                                               for p in s.state.players for st in p.road) \
        + len(s.state.limbo) + len(s.state.time_pile) + len(s.state.discard) == 73


def test_medal_by_card_count():
    assert [medal_for(n) for n in range(1, 7)] == [None, "bronze", "silver", "gold", "gold", "gold"]


def test_options_and_player_counts_are_checked():
    with pytest.raises(ValueError, match="players must be 2 to 6"):
        tutor.new_game("spirited", players=7)
    with pytest.raises(ValueError, match="clans must list 7"):
        tutor.new_game("spirited", players=2, clans=["aztecs"])
    with pytest.raises(ValueError, match="unknown option"):
        tutor.new_game("spirited", players=2, colour="red")
    s = tutor.new_game("spirited", players=2, seed=3, clans=CLANS)
    assert s.state.clans == CLANS


def test_first_turn_starts_after_a_road_check():
    s = tutor.new_game("spirited", players=4, seed=1)
    first = s.state.players[s.state.first_player]
    assert sum(len(st.cards) for st in first.road) == 2 or s.state.pending
    assert all(not p.road for p in s.state.players if p.seat != s.state.first_player)
    assert s.setup_events[0].clause == "sp.setup.clans"


def test_battle_decisions_are_never_auto_picked():
    """Battle choices with a real option and a skip are always left to the player."""
    for seed in range(3):
        s = tutor.new_game("spirited", players=3, seed=seed)
        rng = Rng.from_seed(seed)
        while not s.is_over:
            acts = s.legal_actions()
            if s.state.battle and s.state.pending and s.state.pending[-1].kind == "battle-medal":
                assert any(a.kind == "skip" for a in acts)
            step = s.apply(acts[rng.below(len(acts))])
            for e in step.events:
                if e.clause == "sp.ruling.single-option":
                    assert "skip" not in e.text.lower()


def test_round_trip_exact():
    s = tutor.new_game("spirited", players=5, seed=4)
    rng = Rng.from_seed(1)
    for _ in range(60):
        if s.is_over:
            break
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    text = s.to_json()
    assert tutor.load_session(text).to_json() == text
