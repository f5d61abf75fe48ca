"""Attack 41 (findings 1 and 2): a Restless Spirits scenario's partial state could give a player the released
Spirits that trigger the endgame with no endgame begun (a 6th Spirit was then released and the game went on), or
give two players one Spirit Guide (the command line's ``guides`` option refuses that). Such a table is refused,
naming the file and the field, in ``scenario run`` (exit 2) and when a page starts it."""
from __future__ import annotations

import pytest
import yaml

from tutor import ContentError
from tutor.scenario import all_scenarios, load_scenario, run_paths, start

FIVE = ["abbari", "aluak", "arrazola", "gonga", "seone"]


def _scenario(tmp_path, state: dict):
    data = yaml.safe_load(all_scenarios("restless-spirits")[0].read_text(encoding="utf-8"))
    data["setup"]["state"] = state
    p = tmp_path / "table.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return p


@pytest.mark.parametrize("state,field,words", [
    ({"players": [{"seat": 1, "released": FIVE}]}, "players[0].released",
     "Player 1 has 5 released Spirits, which triggers the endgame with 2 players (5 needed): give endgame_by (the "
     "seat that triggered it) or list fewer"),
    ({"players": [{"seat": 1, "guide": "hana"}, {"seat": 2, "guide": "hana"}]}, "players[1].guide",
     "'hana' is already Player 1's guide: each player has a guide of their own"),
])
def test_a_table_the_rules_cannot_reach_is_refused_naming_the_field(tmp_path, capsys, state, field, words):
    p = _scenario(tmp_path, state)
    with pytest.raises(ContentError) as ei:
        start(load_scenario(p), str(p))
    assert ei.value.field == field
    assert str(ei.value) == f"{p}: setup.state: {field}: {words}"
    assert run_paths([str(p)]) == 2
    assert field in capsys.readouterr().out


def test_five_released_with_the_endgame_begun_by_that_player_loads(tmp_path):
    p = _scenario(tmp_path, {"players": [{"seat": 1, "released": FIVE}], "endgame_by": 1})
    s = start(load_scenario(p), str(p))
    assert s.state.endgame_by == 0 and len(s.state.players[0].released) == 5
