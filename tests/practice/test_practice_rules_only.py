"""Practice offers only rules of the game (trial 27): "A prepared table", the tutor's own device for starting a
lesson or question from a table laid out mid-game, was in the Mastery map and given as a wrong answer choice. It is
a ruling about the tutor itself (``teach: false``, like "A lesson can fix a draw"), so neither shows it."""
from __future__ import annotations

import pytest

import tutor
from tutor.practice.mastery import sections
from tutor.registry import clauses_for


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_a_prepared_table_is_not_a_rule_to_practise(game_id):
    clauses = clauses_for(game_id)
    table = next(c for c in clauses.values() if c.id.endswith(".ruling.prepared-table"))
    assert table.title == "A prepared table" and not table.taught
    assert table.id not in {cid for _, ids in sections(game_id) for cid in ids}
