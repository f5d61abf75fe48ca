"""Trial 23 (issue #16, teacher page): walkthrough files that do not load are the teacher's only (the Record tab's
folded list and a line in the notes window), never on the projected Present tab; a refused save, and a refused file,
say each problem on its own line in words a teacher would say, a few of them and how many more."""
from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from tutor import ContentError
from tutor.walkthrough import Walkthrough, begin, field_words, load_walkthrough, record
from tutor.scenario import Setup
from widgets import PresenterApp
from widgets.panels import _walk
from widgets.problems import problem_lines
from widgets.present_tab import _guard
from widgets.problems import problem_lines
from widgets.record_tab import not_saved_html


@pytest.fixture(autouse=True)
def folder(tmp_path, monkeypatch) -> Path:
    """The saved walkthroughs folder, holding three files that do not load (as the trial's): bad YAML, lists nested
    too deeply, and 6,000 steps (158 KB: listed "loads when chosen", refused when chosen)."""
    f = tmp_path / "saved"
    f.mkdir()
    (f / "broken.yaml").write_text("meta: [", encoding="utf-8")
    (f / "deep.yaml").write_text("id: d\ntitle: D\nsetup:\n  game: restless-spirits\n  state: " + "[" * 45 + "]" * 45
                                 + "\n", encoding="utf-8")
    steps = "".join("- action: {kind: end-turn}\n" for _ in range(6000))
    (f / "many.yaml").write_text("id: m\ntitle: M\nsetup:\n  game: restless-spirits\n  players: 2\n  seed: 1\n"
                                 "steps:\n" + steps, encoding="utf-8")
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(f))
    return f


def feed(app: PresenterApp) -> dict:
    """The state the notes window is sent (the presenter's hidden feed)."""
    value = app.present.feed.value
    return json.loads(html.unescape(value.split('data-notes="', 1)[1].rsplit('"', 1)[0]))


def test_files_that_do_not_load_are_listed_for_the_teacher_never_on_the_projected_page(folder):
    app = PresenterApp()
    p = app.present
    projected = list(_walk(p.widget))
    assert p.problems not in projected
    texts = [x.value for x in projected if isinstance(getattr(x, "value", None), str)]
    assert not [t for t in texts if "rt-refused" in t or "Not loaded" in t or "deep.yaml" in t]
    # the Record tab (the teacher's own) opens with the folded list, each problem in words
    assert app._record_box.children[0] is p.problems and p.problems.layout.display == ""
    box = p.problems.value
    assert box.startswith('<details class="rt-faq-problem rt-refused"')
    assert ("<summary>Some walkthrough files do not load or stop before their end (2 files; open to see which and "
            "why)</summary>") in box
    assert ("<li><b>deep.yaml</b>: The set-up&#x27;s state (line 5): lists and mappings are nested too deeply (more "
            "than 40 levels)</li>") in box
    assert "[0][0]" not in box and str(folder) not in box
    # the notes window (the teacher's screen) gets one quiet line
    assert feed(app)["files"] == ("2 walkthrough files do not load or stop before their end: the Record a walkthrough "
                                  "tab names them, with the reasons.")
    # trial 26: the files that do not load are not offered, neither to present nor to record from
    rec = app.open_recorder()
    offered = [v for _, v in p.picker.options] + [v.split(":", 1)[-1] for _, v in rec.start_from.options]
    assert not [v for v in offered if v.endswith(("broken.yaml", "deep.yaml"))], offered
    assert str(folder / "many.yaml") in offered  # (158 KB: "loads when chosen")
    # choosing a file that turns out not to load: the page stays as it was, the file leaves both lists, named
    shown = p.picker.value
    p.picker.value = str(folder / "many.yaml")
    assert p.picker.value == shown and p.where == shown and not app.errors.output.outputs
    assert str(folder / "many.yaml") not in [v for _, v in p.picker.options]
    assert not [v for _, v in rec.start_from.options if v.endswith("many.yaml")]
    assert "<li><b>many.yaml</b>: The steps: too many: 6,000, at most 5,000</li>" in p.problems.value
    # attack 28: said at the picker too, where the teacher chose it (before: only in the folded list)
    assert p.stops.layout.display == "" and ("Not loaded: many.yaml: The steps: too many: 6,000, at most 5,000."
                                             in p.stops.value) and 'role="alert"' in p.stops.value
    assert "(3 files;" in p.problems.value and feed(app)["files"].startswith("3 walkthrough files do not load")
    p.open(folder / "many.yaml")  # opened again (a forged choice): named once
    assert p.problems.value.count("many.yaml") == 1 and not app.errors.output.outputs
    assert not rec.errors.output.outputs and app._record_box.children == (p.problems, rec.widget)


def test_no_problem_no_line_in_the_notes_window(folder):
    for f in folder.iterdir():
        f.unlink()
    app = PresenterApp()
    assert app.present.problems.value == "" and app.present.problems.layout.display == "none"
    assert feed(app)["files"] == ""


def _played(n: int):
    setup = Setup(game="restless-spirits", players=2, seed=1)
    s = begin(Walkthrough(id="x", title="X", setup=setup))
    for _ in range(n):
        s.apply(s.legal_actions()[0].id)
    return s, setup


def test_a_refused_save_says_each_problem_on_a_line_in_a_teachers_words():
    s, setup = _played(1)
    with pytest.raises(ContentError) as ei:
        record(s, id="x", title="Title \u202e", setup=setup, narration=["Narration \u200b zero width"])
    assert problem_lines(ei.value, field_words) == [
        "The title: holds a bidirectional control character (U+202E) at character 7; write the text without it",
        "Step 1's narration: holds an invisible character (U+200B ZERO WIDTH SPACE) at character 11; write the text "
        "without it"]
    said = not_saved_html(ei.value)
    assert said == ('<div class="rt-notsaved">Not saved:<ul class="rt-notsaved-list">'
                    "<li>The title: holds a bidirectional control character (U+202E) at character 7; write the text "
                    "without it</li><li>Step 1&#x27;s narration: holds an invisible character (U+200B ZERO WIDTH SPACE) "
                    "at character 11; write the text without it</li></ul></div>")
    assert "steps[0]" not in said and "recorded walkthrough" not in said


def test_many_problems_are_bounded_five_and_a_count():
    s, setup = _played(8)
    with pytest.raises(ContentError) as ei:
        record(s, id="x", title="T\u202e", setup=setup, narration=["n\u200b"] * 8)
    lines = problem_lines(ei.value, field_words)
    assert lines == ["The title: holds a bidirectional control character (U+202E) at character 2; write the text "
                     "without it"] + [f"Step {i}'s narration: holds an invisible character (U+200B ZERO WIDTH SPACE) "
                                      "at character 2; write the text without it" for i in range(1, 5)] + [
                     "and 4 more problems"]
    assert not_saved_html(ei.value).count("<li>") == 6


def test_a_text_too_long_says_both_numbers():
    s, setup = _played(2)
    with pytest.raises(ContentError) as ei:
        record(s, id="x", title="X", setup=setup, narration=["a", "N" * 5001])
    assert problem_lines(ei.value, field_words) == ["Step 2's narration: too long: 5,001 characters, at most 5,000"]
    assert not_saved_html(ei.value) == ('<div class="rt-notsaved">Not saved: Step 2&#x27;s narration: too long: 5,001 '
                                        "characters, at most 5,000</div>")


def test_a_file_error_without_fields_keeps_its_words_without_the_files_name(folder):
    with pytest.raises(ContentError) as ei:
        load_walkthrough(folder / "broken.yaml")
    assert problem_lines(ei.value, field_words) == [
        "YAML syntax error (line 2, column 1): did not find expected node content"]
    assert problem_lines(ContentError("a.yaml: x[0][0][0][0][0]: deep\na.yaml: … and 7 more problems",
                                      path="a.yaml")) == ["x[0][0][0]…: deep", "and 7 more problems"]


def test_what_goes_wrong_while_recording_stays_in_the_record_tab(folder):
    """The recorder has its own error panel: starting from a walkthrough that does not load says so in the Record
    tab only (the Present tab's panel, shown on the projector, stays empty)."""
    app = PresenterApp()
    rec = app.open_recorder()
    assert f"start:{folder / 'broken.yaml'}" not in [v for _, v in rec.start_from.options]  # never offered
    _guard(rec.errors, rec.start)("start:" + str(folder / "broken.yaml"))  # (as a forged choice would)
    said = "".join(o.get("text", "") for o in rec.errors.output.outputs)
    assert said.startswith("Not loaded: broken.yaml: YAML syntax error (line 2, column 1)"), said
    assert not app.errors.output.outputs and rec.errors is not app.errors
    assert rec.errors.output not in list(_walk(app.present.widget)) and rec.errors.output in list(_walk(rec.widget))


def test_a_walkthrough_without_a_title_says_the_title_is_missing(tmp_path):
    """Trial 31: a walkthrough with no title was reported as "missing.yaml: The title: Field required"."""
    f = tmp_path / "missing.yaml"
    f.write_text("game: restless-spirits\nsteps: []\n")
    with pytest.raises(ContentError) as e:
        load_walkthrough(f)
    assert "The title: required, but missing" in problem_lines(e.value, field_words)
