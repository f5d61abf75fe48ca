"""Partial states (``setup.state``) are bounded when a file is read, so that anything that loads also round-trips
through ``Session.to_json`` / ``load_session`` (attack 14b, item 2: 50,000 ``forced_rolls`` loaded and ran, and its
saved session could not be loaded again: "more than 100,000 values")."""
from __future__ import annotations

import pytest
import yaml

import tutor
from tutor.core.errors import ContentError
from tutor.scenario import MAX_PARTIAL_LIST, load_scenario, start


def _file(tmp_path, game: str, state: dict):
    doc = {"meta": {"id": "x-bounds", "title": "t", "question": "q", "answer": "a",
                    "source": {"file": "x.txt", "section": "s"}, "covers": ["x"]},
           "setup": {"game": game, "seed": 1, "state": state}, "script": [], "expect": [{"fired": []}]}
    path = tmp_path / "x-bounds.yaml"
    path.write_text(yaml.safe_dump(doc))
    return str(path)


@pytest.mark.parametrize("game, state, field", [
    ("spirit-duels", {"forced_rolls": ["attack"] * 50_000}, "forced_rolls"),
    ("spirit-duels", {"chance": [{"roll": "attack"}] * 5_000}, "chance"),
    ("spirit-duels", {"players": [{"seat": 1, "spirits": [{"pool": ["attack-1/attack"] * 5_000}]}]},
     "players[0].spirits[0].pool"),
    ("spirited", {"players": [{"seat": 1, "wonders": ["w01"] * 5_000}]}, "players[0].wonders"),
    ("restless-spirits", {"shrine": ["t21"] * 5_000}, "shrine"),
])
def test_an_oversized_partial_state_is_refused_naming_file_and_field(tmp_path, game, state, field):
    path = _file(tmp_path, game, state)
    with pytest.raises(ContentError) as refused:
        load_scenario(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: setup.state:") and field in message
    assert len(message) < 400


def test_at_most_this_many_values_in_all(tmp_path):
    state = {"players": [{"seat": 1, "wonders": ["w01"] * 900}, {"seat": 2, "wonders": ["w02"] * 900}]} | {
        f"x{i}": list(range(900)) for i in range(12)}
    with pytest.raises(ContentError, match="setup.state: .*more than 10,000 values"):
        load_scenario(_file(tmp_path, "spirited", state))


@pytest.mark.parametrize("game, state", [
    # the largest fixed outcomes and dice pools a file may give: the saved session loads again
    ("spirit-duels", {"chance": [{"roll": "attack"}] * 200,
                      "players": [{"seat": s, "spirits": [{"pool": ["attack-1/attack"] * 200}] * 3} for s in (1, 2)]}),
    ("spirited", {"players": [{"seat": 1, "wonders": ["w01"] * MAX_PARTIAL_LIST}]}),
])
def test_what_loads_round_trips(tmp_path, game, state):
    path = _file(tmp_path, game, state)
    session = start(load_scenario(path), path)
    again = tutor.load_session(session.to_json())
    assert again.to_json() == session.to_json()
