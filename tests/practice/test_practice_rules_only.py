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


def test_the_map_shows_rules_only_and_names_a_lesson_that_shows_the_rule():
    """Trial 39: the mastery map listed "Placeholder Lines and cards for the draft" (a note on our provisional card
    values, not a rule), and on the draft's order (no question, no lesson) said "meet it in a lesson". The map
    leaves provisional notes out, as practice does; the note names a lesson only when one shows the rule."""
    from tutor.practice.mastery import lessons_showing, mastery, sections
    from widgets.mastery import no_question
    shown = mastery("spirit-duels", {}, set())
    assert "sd.provisional.draft-cards" not in shown and "sd.draft.order" in shown
    assert all("sd.provisional.draft-cards" not in ids for _sec, ids in sections("spirit-duels"))
    assert lessons_showing("spirit-duels", "sd.draft.order") == []
    assert "lesson" not in no_question("spirit-duels", "sd.draft.order")
    titles = lessons_showing("spirit-duels", "sd.evolve")
    assert titles and f"meet it in the lesson “{titles[0]}”" in no_question("spirit-duels", "sd.evolve")
