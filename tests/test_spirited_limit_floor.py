"""Regression: an Overrun Limit lowered below 1 is held at 1 (ruling sp.ruling.limit-floor).

Before the ruling, three Sao powers on one player's limits took them to 0 and the Road Check's safe Rally looped
until the clan's stack was gone, then crashed in ``take_from_road`` (``rules-tutor check``: Spirited, 6 players,
seed 28).
"""
from __future__ import annotations

from tutor.conformance import play_checked
from tutor.games.spirited.zones import LIMIT_FLOOR, lowered_limit, overrun_limit
from tutor.core.content import content_root
from tutor.scenario import load_scenario, run

SCENARIO = content_root() / "spirited" / "scenarios" / "ruling-overrun-limit-floor.yaml"


def test_seed_28_six_players_plays_to_the_end_without_problems():
    rep = play_checked("spirited", 6, 28, json_every=100)
    assert rep.problems == []
    assert rep.over
    assert rep.steps == 106


def test_scenario_limit_held_at_one_and_every_card_rallied():
    res = run(load_scenario(SCENARIO), str(SCENARIO))
    assert res.failures == []
    floors = [e for e in res.steps[-1].events if e.clause == "sp.ruling.limit-floor"]
    assert len(floors) == 1
    assert floors[0].text.startswith("Together these would take Player 3's Scythians Overrun Limit to 0,")
    s = res.session
    g, st, seat = s.game, s.state, 2  # Player 3, holding the Scythians Allegiance
    assert lowered_limit(g, st, seat, "scythians") == 0
    assert overrun_limit(g, st, seat, "scythians") == LIMIT_FLOOR == 1
    assert lowered_limit(g, st, seat, "chinese") == overrun_limit(g, st, seat, "chinese") == 1
    assert st.players[seat].road == []
    assert sorted(x.split("-")[0] for x in st.players[seat].hand) == ["chinese", "scythians"]
