"""Attack 20, L4: a kept place on the learn page that cannot be resumed (not readable, a lesson no longer there, a
step that no longer replays, a free game that does not load) was dropped without a word. The page now says so once,
calmly, sets what was kept aside in the store (under ``learn:<game>:set-aside``, never deleted) and logs why."""
from __future__ import annotations

import json
import logging

import pytest

from widgets import LearnApp
from widgets.learn_place import SET_ASIDE

KEY = "learn:restless-spirits"


@pytest.fixture(autouse=True)
def _every_page_a_later_visit(monkeypatch):
    """A page made after another on the same store is a later visit (the tab that played before is gone)."""
    from widgets import learn_tabs
    monkeypatch.setattr(learn_tabs, "STALE_S", -1.0)


def _store(tmp_path):
    from tutor.progress import ProgressStore
    return ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="ada")


def _notes(app) -> list[str]:
    return [x for x in app.notices() if "rt-quiet" not in x]


def _played(tmp_path, steps: int) -> dict:
    """The place kept after ``steps`` steps of the first lesson."""
    app = LearnApp("restless-spirits", store=_store(tmp_path))
    for _ in range(steps):
        runner = app.lessons.app
        runner.actions.button_for(runner.session.legal_actions()[0].id).click()
    assert len(app.lessons.app.session.history) == steps
    return json.loads(_store(tmp_path).place(KEY))


@pytest.mark.parametrize("edit,says,steps", [
    (lambda p: "{not json", "could not be resumed (it is not readable), so the page starts afresh", 0),
    (lambda p: json.dumps([1, 2]), "could not be resumed (it is not readable), so the page starts afresh", 0),
    (lambda p: json.dumps({**p, "lesson": "gone-lesson"}),
     "(its lesson is not in this tutor any more), so the first lesson is open", 0),
    (lambda p: json.dumps({**p, "actions": p["actions"][:1] + ["release:spirit=everything"]}),
     "(step 2 of your lesson is not a legal move with this tutor&#x27;s rules), so the lesson goes on from step 2",
     1),
], ids=["not-json", "not-a-mapping", "lesson-gone", "step-not-legal"])
def test_a_kept_place_that_cannot_be_resumed_is_said_once_set_aside_and_logged(tmp_path, caplog, edit, says, steps):
    place = _played(tmp_path, 2)
    bad = edit(place)
    _store(tmp_path).save_place(KEY, bad)
    with caplog.at_level(logging.WARNING, logger="rules_tutor.learn"):
        app = LearnApp("restless-spirits", store=_store(tmp_path))
    notes = _notes(app)
    assert len(notes) == 1 and "Where you were on this page could not be resumed" in notes[0], notes
    assert says in notes[0] and "What was kept is set aside, not deleted." in notes[0], notes[0]
    assert len(app.lessons.app.session.history) == steps and not app.errors.output.outputs
    assert _store(tmp_path).place(KEY + SET_ASIDE) == bad  # kept aside whole, not deleted
    assert "could not be resumed" in caplog.text and KEY + SET_ASIDE in caplog.text
    again = LearnApp("restless-spirits", store=_store(tmp_path))  # the new place is kept: said once only
    assert not _notes(again)


def test_a_free_game_that_does_not_load_is_set_aside_and_logged(tmp_path, caplog):
    app = LearnApp("restless-spirits", store=_store(tmp_path))
    app.tabs.selected_index = 1
    app.free.seats.seats[1].value = "you"
    app.free.actions.button_for(app.free.session.legal_actions()[0].id).click()
    place = json.loads(_store(tmp_path).place(KEY))
    game = json.loads(place["free"])
    game["actions"].append("release:spirit=everything")
    bad = json.dumps({**place, "free": json.dumps(game)})
    _store(tmp_path).save_place(KEY, bad)
    with caplog.at_level(logging.WARNING, logger="rules_tutor.learn"):
        back = LearnApp("restless-spirits", store=_store(tmp_path))
    notes = _notes(back)
    assert len(notes) == 1 and "could not be restored" in notes[0] and "kept aside, not deleted" in notes[0], notes
    assert _store(tmp_path).place(KEY + SET_ASIDE) == bad
    assert "its free game: its step 2 is not a legal move" in caplog.text


@pytest.mark.parametrize("free", [12345, ["a"], "", {"game": "restless-spirits"}], ids=["number", "list", "empty",
                                                                                       "mapping"])
def test_a_kept_free_game_that_is_no_saved_game_at_all_is_said_and_set_aside(tmp_path, free):
    """Attack 36, M5: ``free`` edited to a number, a list or an empty text started a new game without a word (every
    other damaged row was said and set aside)."""
    bad = json.dumps({"tab": "free", "lesson": None, "actions": [], "free": free, "seats": ["you", "you"]})
    _store(tmp_path).save_place(KEY, bad)
    back = LearnApp("restless-spirits", store=_store(tmp_path))
    notes = _notes(back)
    assert len(notes) == 1 and "The free game kept from your last visit could not be restored" in notes[0], notes
    assert "it is not a saved game this tutor can read" in notes[0] and "kept aside, not deleted" in notes[0]
    assert back.tabs.selected_index == 1 and back.free is not None and len(back.free.session.history) == 0
    assert _store(tmp_path).place(KEY + SET_ASIDE) == bad  # kept aside whole
