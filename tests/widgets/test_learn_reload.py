"""A reload of a learn page during the computer's turn in free play (trial 17): the old page's kernel lives on for a
moment after the browser reloads and plays the computer's next step, saved after the new page read its place. The new
page resumed quietly only 1 time in 2: else it said "Your free-play game has moved on in another tab or window" (one
tab was open) or, when its own computer stepped before the browser gave the tab's id, covered itself with "open in
another tab". Here the two kernels are two LearnApps on one progress store, the computer's steps played by hand."""
from __future__ import annotations

import json

import pytest

from widgets import LearnApp
from widgets.learn_place import computer_moved_on
from widgets.lessons import FREE_MOVED_ON, OTHER_TAB_NOTICE
from widgets.style import esc


@pytest.fixture
def kernel(monkeypatch):
    """Pages as in a kernel (they wait for the browser's tab id), with a clock the test moves and no exit hooks."""
    from widgets import learn_place, learn_tabs
    clock = [1000.0]
    monkeypatch.setattr(learn_tabs, "now", lambda: clock[0])
    monkeypatch.setattr(learn_tabs, "STALE_S", 20.0)
    monkeypatch.setattr(learn_place, "_in_kernel", lambda: True)
    monkeypatch.setattr(learn_tabs.atexit, "register", lambda fn: None)
    return clock


def _store(tmp_path):
    from tutor.progress import ProgressStore
    return ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="learner")


def _notes(app) -> list[str]:
    return [x for x in app.notices() if "rt-quiet" not in x]


def _covered(app) -> bool:
    return app.cover is not None and "rt-hidden" not in app.cover._dom_classes


def _kept_free(app) -> dict:
    return json.loads(json.loads(app.store.place(app.place_key))["free"])


def _to_computers_turn(app) -> None:
    """Play the learner's first legal action until the computer (Player 2) is to move."""
    for _ in range(40):
        if app.free.seats.computer_to_move():
            return
        app.free.actions.button_for(app.free.session.legal_actions()[0].id).click()
    raise AssertionError("the computer never came to move")


def test_a_reload_during_the_computers_turn_resumes_quietly(tmp_path, kernel):
    old = LearnApp("restless-spirits")
    old._tab_id.value = "tab-1"
    old.keep_place(_store(tmp_path))
    old.tabs.selected_index = 1
    _to_computers_turn(old)
    assert old.free.seats.step()  # the computer's first step, kept
    kernel[0] += 1
    # the browser reloads: a new page (a pre-heated kernel) resumes at once, before the browser gives its tab's id
    new = LearnApp("restless-spirits")
    new.keep_place(_store(tmp_path))
    assert new.hold.deciding and new.tabs.selected_index == 1
    resumed = len(new.free.session.history)
    assert resumed == len(old.free.session.history)
    assert old.free.seats.step()  # the old kernel, not shut down yet, plays and keeps the computer's next step
    assert len(_kept_free(old)["actions"]) == resumed + 1
    assert new.free.seats.step()  # the new page's own computer plays the same step: held back, not "another tab"
    assert not _covered(new) and not _notes(new)
    new._tab_id.value = "tab-1"  # the browser gives the tab's id: the same tab, this page plays and keeps its step
    assert new.hold.playing and not _covered(new)
    assert not _notes(new), _notes(new)
    assert _kept_free(new)["actions"] == [st.action.id for st in new.free.session.history]
    assert old.free.seats.step() is not None  # the old kernel's next step is no longer kept
    while new.free.seats.step():
        pass
    mine = [st.action.id for st in new.free.session.history]
    assert len(mine) > resumed + 1 and _kept_free(new)["actions"] == mine
    assert not _notes(new) and not _covered(new)
    assert not new.errors.output.outputs


def test_only_steps_of_the_computers_seats_are_a_quiet_move_on(tmp_path):
    """:func:`computer_moved_on` is True for the known game played on by the computer's seats only; a person's step,
    another game, the same game or a place without seats are False (said as before: fresh attack 13's tests)."""
    import tutor
    a = LearnApp("restless-spirits", store=_store(tmp_path))
    a.tabs.selected_index = 1
    _to_computers_turn(a)
    known = a.free.session.to_json()
    a.free.seats.step()
    a.free.seats.step()
    place = json.loads(a.store.place(a.place_key))
    assert place["seats"] == ["you", "normal"] and len(json.loads(place["free"])["actions"]) == \
        len(json.loads(known)["actions"]) + 2
    assert computer_moved_on(place, known)
    assert not computer_moved_on(place, place["free"])  # nothing moved on
    assert not computer_moved_on({**place, "seats": ["you", "you"]}, known)  # a person played those steps
    assert not computer_moved_on({k: v for k, v in place.items() if k != "seats"}, known)
    assert not computer_moved_on(place, tutor.new_game("restless-spirits", players=2, seed=2).to_json())
    assert not computer_moved_on({**place, "free": "{not json"}, known)
    # the learner's own step after the computer's turn: a person's step
    while a.free.seats.step():
        pass
    a.free.actions.button_for(a.free.session.legal_actions()[0].id).click()
    assert not computer_moved_on(json.loads(a.store.place(a.place_key)), known)
    assert not a.errors.output.outputs


def _note(app) -> str:
    """The note under the last step's title in free play's strip ("" for none)."""
    notes = [x.value for x in app.free.last.lines() if "rt-step-note" in x._dom_classes]
    return notes[0] if notes else ""


@pytest.mark.parametrize("game_id", ["restless-spirits", "spirited", "spirit-duels"])
def test_a_resumed_free_game_shows_the_computers_reason_again(tmp_path, game_id):
    """ui22: a free game resumed from the progress database (a reload) is replayed from its actions, and the
    computer's last step lost its "Why the computer chose this" note. Now it is worked out again at the position
    before that step: the same note as before the reload (never read from stored text: the place keeps none)."""
    a = LearnApp(game_id, store=_store(tmp_path))
    a.tabs.selected_index = 1
    a.free.seats.auto.value = False
    _to_computers_turn(a)
    assert a.free.seats.step()
    a.free.seats.step()  # (a second step when the computer is still to move)
    before = _note(a)
    assert "Why the computer chose this:" in before and a.free.session.history[-1].action.actor == 1, before
    assert "Why the computer" not in a.store.place(a.place_key)
    b = LearnApp(game_id, store=_store(tmp_path))  # the reload
    assert b.tabs.selected_index == 1
    assert [st.action.id for st in b.free.session.history] == [st.action.id for st in a.free.session.history]
    assert _note(b) == before
    assert not a.errors.output.outputs and not b.errors.output.outputs
