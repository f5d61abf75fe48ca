"""Session 32's new-user trial (issues #16 and #14, the teacher page): a saved walkthrough that does not start or
stops before its end is counted with the others from the start (the count said "1 file" while 3 were bad), and a
walkthrough chosen that does not load, or stops, is said on the Present tab whole, under the bar, without squeezing
the picker, with which step stops it and why in a teacher's words."""
from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from tutor.scenario import Setup
from tutor.walkthrough import Walkthrough, begin, record
from widgets import PresenterApp

SHIPPED = Path(__file__).resolve().parents[2] / "content" / "restless-spirits" / "walkthroughs" / "first-turn-cycle.yaml"


@pytest.fixture()
def folder(tmp_path, monkeypatch) -> Path:
    """The saved walkthroughs folder with the trial's three bad files: bad YAML, a step naming a Spirit that does
    not exist (at its first step), and "players: -3"."""
    f = tmp_path / "saved"
    f.mkdir()
    text = SHIPPED.read_text(encoding="utf-8")
    (f / "malformed.yaml").write_text("id: m\ntitle: [\n", encoding="utf-8")
    (f / "bad-action.yaml").write_text(text.replace("spirit: jiangsu", "spirit: nosuchspirit", 1)
                                       .replace("rs-first-turn-cycle", "bad-action")
                                       .replace('title: "Restless', 'title: "Illegal step'), encoding="utf-8")
    (f / "neg-players.yaml").write_text(text.replace("players: 2", "players: -3")
                                        .replace("rs-first-turn-cycle", "neg-players"), encoding="utf-8")
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(f))
    return f


def feed(app: PresenterApp) -> dict:
    """The state the notes window is sent."""
    value = app.present.feed.value
    return json.loads(html.unescape(value.split('data-notes="', 1)[1].rsplit('"', 1)[0]))


def test_every_bad_saved_file_is_counted_from_the_start(folder):
    app = PresenterApp(game_id="restless-spirits")
    p = app.present
    assert "(3 files;" in p.problems.value, p.problems.value
    assert feed(app)["files"].startswith("3 walkthrough files do not load or stop before their end")
    assert "<b>neg-players.yaml</b>: The set-up" in p.problems.value and "got -3" in p.problems.value
    assert ("<b>bad-action.yaml</b>: can be shown up to step 0 of 12, so Next stops before step 1: the move names a "
            "Spirit that does not exist: nosuchspirit") in p.problems.value
    offered = [v for _, v in p.picker.options]
    assert str(folder / "neg-players.yaml") not in offered  # (it does not start: never offered, trial 26)
    assert str(folder / "bad-action.yaml") in offered  # (shown from its start)
    p.picker.value = str(folder / "bad-action.yaml")  # chosen: still the same three
    assert "(3 files;" in p.problems.value and feed(app)["files"].startswith("3 walkthrough files")


def test_a_walkthrough_that_stops_says_which_step_and_why_on_the_present_tab(folder):
    p = PresenterApp(game_id="restless-spirits").present
    p.picker.value = str(folder / "bad-action.yaml")
    assert p.stops.layout.display == "" and p.stops_why.layout.display == ""
    assert '⚠ Stops at its start</span>' in p.stops.value
    assert p.stops_why.value == ('<div class="rt-pstops-why">This walkthrough stops at its start: step 1 cannot be '
                                 'played (the move names a Spirit that does not exist: nosuchspirit).</div>')
    assert p.next.disabled and "nosuchspirit" not in p.narration.value  # (the projected narration stays clean)


def test_a_file_that_does_not_load_is_said_whole_under_the_bar_until_the_teacher_steps(folder):
    p = PresenterApp(game_id="restless-spirits").present
    shown = p.picker.value
    p.open(folder / "neg-players.yaml")  # (a file that turned bad after the page started)
    assert p.picker.value == shown
    assert '⚠ Not loaded</span>' in p.stops.value and 'role="alert"' in p.stops.value
    why = p.stops_why.value
    assert why.startswith('<div class="rt-pstops-why">Not loaded: neg-players.yaml: The set-up') and "…" not in why
    assert why.endswith("got -3. Still showing: Restless Spirits: a first round, turn by turn.</div>"), why
    assert p.stops_why in _bar(p).children
    p.go(1)  # the teacher steps on: the line goes, the mark stays (its sentence on hover)
    assert p.stops_why.layout.display == "none" and p.stops.layout.display == ""
    assert "got -3" in p.stops.value.split('title="', 1)[1]


def _bar(p):
    """The presenter's Back / Next bar."""
    return next(x for x in p.widget.children if "rt-pbar" in getattr(x, "_dom_classes", ()))


def test_a_recorded_steps_default_narration_says_no_provisional_marker():
    setup = Setup(game="restless-spirits", players=2, seed=1)
    s = begin(Walkthrough(id="x", title="X", setup=setup))
    choose = next(a for a in s.legal_actions() if "[provisional]" in a.label)
    s.apply(choose.id)
    wt = record(s, id="x", title="X", setup=setup)
    assert wt.steps[0].narration == choose.label.replace(" [provisional]", "") and "†" not in wt.steps[0].narration
    assert wt.steps[0].narration.startswith("Choose ") and "provisional" not in wt.steps[0].narration


def test_at_the_step_where_a_walkthrough_stops_the_reason_is_text_and_the_notes_window_next_is_off(folder):
    """Attack 33: stepping to where a walkthrough stops, Next went grey and the reason was only in the mark's
    tooltip (a projector or a touch screen shows none); trial 33: the notes window's Next stayed on there."""
    text = SHIPPED.read_text(encoding="utf-8").replace("{kind: end-turn}", "{kind: play-totem, totem: t99, space: 3}", 1)
    (folder / "late.yaml").write_text(text.replace("rs-first-turn-cycle", "late"), encoding="utf-8")
    app = PresenterApp(game_id="restless-spirits")
    p = app.present
    p.picker.value = str(folder / "late.yaml")
    assert p.playable == 3 and feed(app)["playable"] == 3 and feed(app)["total"] == 12
    p.go(1)
    assert p.stops_why.layout.display == "none"  # (between: the mark's tooltip says it)
    p.go(3)
    assert p.next.disabled and p.stops_why.layout.display == ""
    assert "step 4 cannot be played" in p.stops_why.value and "t99" in p.stops_why.value
    assert feed(app)["position"] == 3 and feed(app)["playable"] == 3
