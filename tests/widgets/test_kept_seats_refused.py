"""Who plays each free-play seat, as a kept place holds it, is used only when it is one of the page's choices
(issue 14, attack 42 L3: ``seats: ['evil']`` in the progress database fell back to the defaults without a word).

A value that is none of the choices, or seats for another player count, is said once on the page naming the value
and the choices, the place is set aside whole (never deleted), and every seat is as a new game sets it.
"""
from __future__ import annotations

import json

import pytest

from widgets import LearnApp
from widgets.learn_place import SET_ASIDE
from widgets.learn_place import seats_problem
# the same learner's store, and every page a later visit (an autouse fixture, used here by being imported)
from test_learn_place_lost import _every_page_a_later_visit, _store  # noqa: F401

KEY = "learn:restless-spirits"


def _kept_free(tmp_path) -> dict:
    """The place kept after one step of free play, Player 2 the computer (normal)."""
    app = LearnApp("restless-spirits", store=_store(tmp_path))
    app.tabs.selected_index = 1
    app.free.seats.seats[1].value = "normal"
    app.free.seats.auto.value = False
    app.free.actions.button_for(app.free.session.legal_actions()[0].id).click()
    place = json.loads(_store(tmp_path).place(KEY))
    assert place["seats"] == ["you", "normal"] and place["tab"] == "free"
    return place


@pytest.mark.parametrize("seats,says", [
    (["evil", "you"], "Player 1&#x27;s seat was kept as &#x27;evil&#x27;, which is none of the choices You, "
                      "Computer (easy), Computer (normal)"),
    (["you", 7], "Player 2&#x27;s seat was kept as &#x27;7&#x27;, which is none of the choices You"),
    ("you", "who plays each seat was kept as &#x27;you&#x27;, not a list of 1 to 8 seats"),
    (["you", "normal", "easy"], "who plays each seat was kept for 3 players, and this game has 2"),
], ids=["evil", "number", "not-a-list", "three-for-two"])
def test_kept_seats_that_cannot_be_used_are_said_and_set_aside(tmp_path, seats, says):
    place = _kept_free(tmp_path)
    bad = json.dumps({**place, "seats": seats})
    _store(tmp_path).save_place(KEY, bad)
    back = LearnApp("restless-spirits", store=_store(tmp_path))
    notes = [x for x in back.notices() if "rt-quiet" not in x]
    assert len(notes) == 1 and says in notes[0], notes
    assert "so every seat is as a new game sets it. What was kept is set aside, not deleted." in notes[0]
    assert _store(tmp_path).place(KEY + SET_ASIDE) == bad  # kept aside whole, not deleted
    assert back.free is not None and len(back.free.session.history) == 1  # the game itself is back
    assert [d.value for d in back.free.seats.seats] == ["you", "normal"]  # as a new game sets them
    assert "evil" not in _store(tmp_path).place(KEY)


def test_kept_seats_of_the_choices_come_back_without_a_word(tmp_path):
    place = _kept_free(tmp_path)
    _store(tmp_path).save_place(KEY, json.dumps({**place, "seats": ["easy", "you"]}))
    back = LearnApp("restless-spirits", store=_store(tmp_path))
    assert not [x for x in back.notices() if "rt-quiet" not in x]
    assert [d.value for d in back.free.seats.seats] == ["easy", "you"]
    assert seats_problem(["you", "easy", "normal"]) is None and seats_problem([]) is not None
