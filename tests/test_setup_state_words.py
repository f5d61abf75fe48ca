"""Attack 37 (medium): a walkthrough whose ``setup.state`` is wrong was refused on the Record tab with "The field
“players”: required, but missing" three times over: no player, no field. The problems of a set-up's state are now
placed in the whole file and said as "The set-up's state: player 1's seat"."""
from __future__ import annotations

import pytest

from tutor.core.errors import ContentError, place_words
from tutor.scenario import load_scenario, start
from tutor.walkthrough import field_words
from widgets.record_tab import not_saved_html

BAD = """meta: {id: s, title: S, question: Q?, answer: A., source: {file: restless-spirits.txt, section: General FAQs}}
setup:
  game: restless-spirits
  players: 2
  seed: 21
  options: {first_game: true}
  state:
    players:
    - ap: -5
    - ap: 1
"""


def test_a_set_up_state_problem_names_the_player_and_the_field(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        start(load_scenario(path), str(path))
    assert [loc for loc, _why in err.value.problems] == [("setup", "state", "players", 0, "seat"),
                                                         ("setup", "state", "players", 0, "ap"),
                                                         ("setup", "state", "players", 1, "seat")]
    assert err.value.problem_count == 3
    html = not_saved_html(err.value)
    assert "The set-up&#x27;s state: player 1&#x27;s ap: must be at least 0" in html
    assert html.count("The set-up&#x27;s state: player 2&#x27;s seat: required, but missing") == 1
    assert "The field “players”" not in html


@pytest.mark.parametrize("loc, said", [
    (("setup", "state"), "The set-up's state"),
    (("setup", "state", 0, 0), "The set-up's state"),  # nesting too deep: no place inside to name
    (("setup", "state", "markets", 1, 0), "The set-up's state: market 2's item 1"),
    (("setup", "state", "totem_discard"), "The set-up's state: totem discard"),
    (("setup", "state", *("a", 0) * 8), "The set-up's state: a 1's a 1's a 1's a 1's a 1's a 1…"),
])
def test_places_inside_a_set_up_field_in_words(loc, said):
    assert field_words(loc) == said
    assert place_words(loc, whole="x", names={}, listed={}) == said
