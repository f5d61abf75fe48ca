"""Numbers in a partial state (``setup.state`` of a scenario, lesson or saved question; a saved session's
``partial_state``) are as strict as in card files, in all three games (attack 43, M2: ``ap: '5'`` and ``ap: 5.0``
loaded as 5, ``ap: true`` as 1 AP, Spirited ``spirit: '7'`` / ``true`` as Spirit). Each is refused naming the field,
in the card files' words (:func:`tutor.core.cardcheck.check_parsed`)."""
from __future__ import annotations

import json

import pytest
import yaml

import tutor
from tutor.core.errors import ContentError
from tutor.scenario import load_scenario, start

CASES = [
    ("restless-spirits", "ap", "5", "a whole number is needed, not a text ('5'): write it without quotes"),
    ("restless-spirits", "ap", 5.0, "a whole number is needed, not 5.0: write it without a decimal point"),
    ("restless-spirits", "ap", True, "true is not a number here: write a whole number"),
    ("spirited", "spirit", "7", "a whole number is needed, not a text ('7'): write it without quotes"),
    ("spirited", "spirit", True, "true is not a number here: write a whole number"),
    ("spirited", "spirit", 7.0, "a whole number is needed, not 7.0: write it without a decimal point"),
    ("spirit-duels", "essence", "3", "a whole number is needed, not a text ('3'): write it without quotes"),
    ("spirit-duels", "essence", False, "false is not a number here: write a whole number"),
]


def _scenario(tmp_path, game: str, state: dict) -> str:
    doc = {"meta": {"id": "x-strict", "title": "t", "question": "q", "answer": "a",
                    "source": {"file": "x.txt", "section": "s"}, "covers": ["x"]},
           "setup": {"game": game, "seed": 1, "state": state}, "script": [], "expect": [{"fired": []}]}
    path = tmp_path / "x-strict.yaml"
    path.write_text(yaml.safe_dump(doc))
    return str(path)


@pytest.mark.parametrize("game, field, value, words", CASES)
def test_a_number_not_written_whole_is_refused_in_a_setup_state(tmp_path, game, field, value, words):
    path = _scenario(tmp_path, game, {"players": [{"seat": 1, field: value}]})
    with pytest.raises(ContentError) as refused:
        start(load_scenario(path), path)
    message = str(refused.value)
    assert f"players[0].{field}: {words}" in message
    assert message.startswith(path)


@pytest.mark.parametrize("game, field, value, words", CASES)
def test_a_number_not_written_whole_is_refused_in_a_saved_sessions_partial_state(tmp_path, game, field, value,
                                                                                 words):
    path = _scenario(tmp_path, game, {"players": [{"seat": 1, field: 2}]})
    data = json.loads(start(load_scenario(path), path).to_json())
    assert data["prepared"] is True and data["partial_state"]["players"][0][field] == 2
    data["partial_state"]["players"][0][field] = value
    with pytest.raises(ContentError) as refused:
        tutor.load_session(json.dumps(data), files=False, game=game)
    assert str(refused.value) == f"<saved session>: partial_state.players[0].{field}: {words}"
    assert refused.value.field == f"partial_state.players[0].{field}"


@pytest.mark.parametrize("game, field", [("restless-spirits", "ap"), ("spirited", "spirit"),
                                         ("spirit-duels", "essence")])
def test_a_whole_number_still_loads(tmp_path, game, field):
    path = _scenario(tmp_path, game, {"players": [{"seat": 1, field: 2}]})
    session = start(load_scenario(path), path)
    assert getattr(session.state.players[0], field) == 2
    assert tutor.load_session(session.to_json()).to_json() == session.to_json()
