"""Session 20: a learn page opened over another page's fresh tab mark decides on evidence that the other tab lives.

In the fresh-clone CI run (2 cores, load about 3) a new page was covered by "This page is open in another tab" with
no other tab open: the closed page's goodbye (its ``bye``, its kernel's end, the server's "page left") had not reached
the store yet when the new page looked. Now the new page covers itself only when the other mark is renewed by a beat
after it opened (a closed tab never beats again); otherwise it plays once ``DECIDE_S`` seconds pass, and a step the
learner took meanwhile is kept then. Here two LearnApps share one progress store, as two kernels do, each "in a
kernel" (it waits for its browser tab's id), with a clock the test moves; the browser's words are typed into each
page's hidden tab-id box as its script does."""
from __future__ import annotations

import json

import pytest

from widgets import LearnApp
from widgets.learn_tabs import DECIDE_S, OTHER_TAB_OPEN, TAKEN_OVER
from widgets.style import esc


@pytest.fixture
def clock(monkeypatch):
    """Pages as in a kernel, with a clock the test moves, the real time-outs and no exit hooks."""
    from widgets import learn_place, learn_tabs, page_life
    now = [1000.0]
    monkeypatch.setattr(learn_tabs, "now", lambda: now[0])
    monkeypatch.setattr(learn_tabs, "STALE_S", 20.0)
    monkeypatch.setattr(learn_tabs, "DECIDE_S", 10.0)
    monkeypatch.setattr(learn_place, "_in_kernel", lambda: True)
    monkeypatch.setattr(learn_tabs.atexit, "register", lambda fn: None)
    monkeypatch.setattr(page_life, "_listeners", [])
    return now


def _store(tmp_path):
    from tutor.progress import ProgressStore
    return ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="learner")


def _opened(tmp_path, tab: str) -> LearnApp:
    """A learn page whose browser tab has the id ``tab`` (given before the store, as a quick browser does)."""
    app = LearnApp("restless-spirits")
    app._tab_id.value = tab
    app.keep_place(_store(tmp_path))
    return app


def _covered(app) -> str | None:
    return None if app.cover is None or "rt-hidden" in app.cover._dom_classes else app._cover_text.value


def _mark(app) -> dict:
    return json.loads(app.store.place(app.place_key + ":tab"))


def _kept_actions(app) -> int:
    return len(json.loads(app.store.place(app.place_key) or "{}").get("actions", []))


def _end_turn(app) -> None:
    next(b for b in app.lessons.app.actions.action_buttons if "End your turn" in b.description).click()


def test_decide_s_is_one_beat_and_a_margin():
    from widgets import learn_tabs
    assert learn_tabs.BEAT_S < DECIDE_S < learn_tabs.STALE_S
    assert learn_tabs.QUICK_BEATS >= DECIDE_S  # the deciding page hears its own tab every second meanwhile
    assert "1000" in learn_tabs.TAB_JS and str(int(learn_tabs.BEAT_S * 1000)) in learn_tabs.TAB_JS


def test_a_tab_closed_without_a_goodbye_gives_way_after_the_wait_and_no_step_is_lost(tmp_path, clock):
    a = _opened(tmp_path, "tab-a")
    a._tab_id.value = "tab-a 1"
    assert a.hold.playing and _mark(a)["beat"] == 1000.0
    # A's browser closes at 1002: no "bye", no kernel end, no "page left" reaches the store (a busy machine)
    clock[0] += 3
    b = _opened(tmp_path, "tab-b")  # A's mark is 3 s old: fresh
    assert b.hold.deciding and not b.hold.playing and not b.hold.stopped and _covered(b) is None
    for n in range(1, 6):  # B's own beats (every second at first): A's mark is not renewed, B waits, uncovered
        clock[0] += 1
        b._tab_id.value = f"tab-b {n}"
        assert b.hold.deciding and _covered(b) is None
    before = _kept_actions(b)
    _end_turn(b)  # the learner plays meanwhile: the step is held back, not lost
    assert len(b.lessons.app.session.history) == 1 and _kept_actions(b) == before
    assert _mark(b)["page"] == a.page_token
    clock[0] += DECIDE_S - 5  # the wait is over (10 s after B opened) with no beat from A: B plays
    b._tab_id.value = "tab-b 6"
    assert b.hold.playing and not b.hold.deciding and _covered(b) is None
    assert _mark(b) == {"page": b.page_token, "tab": "tab-b", "beat": clock[0]}
    assert _kept_actions(b) == 1  # the step taken while B waited is kept now
    _end_turn(b)
    assert _kept_actions(b) == 2
    assert all("another tab" not in x for x in b.notices())
    assert not a.errors.output.outputs and not b.errors.output.outputs


def test_a_step_after_the_wait_decides_without_a_beat(tmp_path, clock):
    """The learner's step decides too (a browser whose beats are late): once the wait is over it plays and keeps it."""
    a = _opened(tmp_path, "tab-a")
    a._tab_id.value = "tab-a 1"
    clock[0] += 2
    b = _opened(tmp_path, "tab-b")
    clock[0] += DECIDE_S
    _end_turn(b)
    assert b.hold.playing and _kept_actions(b) == 1 and _covered(b) is None


def test_a_live_other_tab_that_beats_covers_the_new_page(tmp_path, clock):
    a = _opened(tmp_path, "tab-a")
    a._tab_id.value = "tab-a 1"
    clock[0] += 3
    b = _opened(tmp_path, "tab-b")
    clock[0] += 1
    b._tab_id.value = "tab-b 1"
    assert b.hold.deciding and _covered(b) is None  # nothing heard from A since B opened
    _end_turn(b)  # a step taken before the evidence is held back...
    clock[0] += 1
    a._tab_id.value = "tab-a 2"  # A's browser beats: A lives
    assert _mark(a)["beat"] == 1005.0
    clock[0] += 1
    b._tab_id.value = "tab-b 2"  # B's next word: covered, "open in another tab", and its held step is dropped
    assert b.hold.stopped and not b.hold.playing and esc(OTHER_TAB_OPEN) in _covered(b)
    assert _mark(b)["page"] == a.page_token and _kept_actions(a) == 0
    clock[0] += DECIDE_S  # the wait being over changes nothing: a covered page stays covered while A beats
    a._tab_id.value = "tab-a 3"
    b._tab_id.value = "tab-b 3"
    assert b.hold.stopped and esc(OTHER_TAB_OPEN) in _covered(b)
    _end_turn(a)  # A plays on and keeps its steps
    assert a.hold.playing and _kept_actions(a) == 1 and _covered(a) is None


def test_a_live_other_tab_is_told_from_a_reload_of_the_same_tab(tmp_path, clock):
    """A beat of the old page of the same browser tab (its kernel had messages queued) is not another tab: the new
    page's tab id is the mark's, so it plays; a page whose id is not known yet waits for it."""
    a = _opened(tmp_path, "tab-a")
    a._tab_id.value = "tab-a 1"
    clock[0] += 1
    again = LearnApp("restless-spirits")  # a reload: the browser gives the id a moment later
    again.keep_place(_store(tmp_path))
    assert again.hold.deciding
    a._tab_id.value = "tab-a 2"  # the old page's late beat renews the mark
    _end_turn(again)  # no id yet: held back, not covered
    assert again.hold.deciding and _covered(again) is None
    again._tab_id.value = "tab-a"  # the same tab: it plays, and keeps the held step
    assert again.hold.playing and _covered(again) is None and _kept_actions(again) == 1
    a._tab_id.value = "tab-a 3"  # (the old page, were it still there, is told at its beat)
    assert esc(TAKEN_OVER) in _covered(a)


def test_a_covered_page_plays_by_itself_once_the_other_tab_closes(tmp_path, clock):
    """A second tab covered while the first lived plays by itself when the first gives the page up (its "bye") or
    goes stale, showing the place the first tab kept last."""
    a = _opened(tmp_path, "tab-a")
    a._tab_id.value = "tab-a 1"
    clock[0] += 1
    b = _opened(tmp_path, "tab-b")
    a._tab_id.value = "tab-a 2"
    b._tab_id.value = "tab-b 1"
    assert b.hold.stopped and esc(OTHER_TAB_OPEN) in _covered(b)
    _end_turn(a)  # A's step, kept
    assert _kept_actions(a) == 1 and len(b.lessons.app.session.history) == 0
    clock[0] += 1
    b._tab_id.value = "tab-b 2"  # A still plays: B stays covered
    assert b.hold.stopped
    a._tab_id.value = "tab-a bye"  # A closes (its goodbye reached the store)
    clock[0] += 1
    b._tab_id.value = "tab-b 3"  # B's next beat: it plays, with A's newest place
    assert b.hold.playing and _covered(b) is None and len(b.lessons.app.session.history) == 1
    assert _mark(b)["page"] == b.page_token
    # a page stopped because another tab took the page over ("Play here" there) does not take it back by itself
    c = _opened(tmp_path, "tab-c")
    clock[0] += 1
    b._tab_id.value = "tab-b 4"
    c._tab_id.value = "tab-c 1"
    assert esc(OTHER_TAB_OPEN) in _covered(c)
    c.play_here.click()
    b._tab_id.value = "tab-b 5"
    assert esc(TAKEN_OVER) in _covered(b)
    c._tab_id.value = "tab-c bye"
    b._tab_id.value = "tab-b 6"
    assert b.hold.stopped and esc(TAKEN_OVER) in _covered(b)
    assert not a.errors.output.outputs and not b.errors.output.outputs and not c.errors.output.outputs
