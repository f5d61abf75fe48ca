"""Trial 24's lesson files on the pages (issue #14): a lesson whose goal names a state fact the game lacks
(``check.state: {p1.__class__.__mro__: 1}``) was listed on the learn page, then refused when chosen with a raw dump
of the game's internal fact names; the page named the files left out by name only; the practice page counted 11 bad
files where the learn page counted 10 for the same folder. Now both pages read lessons with one reader
(:func:`tutor.lessons.playable_lessons`): a lesson that cannot start is never listed, and the learn page's notice
lists each file by its name, field and reason in a teacher's words (the first 5, then "and N more files")."""
from __future__ import annotations

import html
import re

import pytest
import yaml

from tutor.lessons import field_words, playable_lessons, readable_lessons
from tutor.progress import ProgressStore
from widgets.lessons import LearnApp
from widgets.practice import PracticeApp
from widgets.problems import NOTICE_FILES, left_out_lines, plain_problem, split_problem

#: a lesson that loads, asking for a state fact no game has (trial 24's 47-dunder-state.yaml)
DUNDER = "p1.__class__.__mro__"


def _lessons(root):
    return root / "restless-spirits" / "lessons"


def _copy_lesson(root, name: str, edit) -> None:
    folder = _lessons(root)
    data = yaml.safe_load(sorted(folder.glob("*.yaml"))[0].read_text(encoding="utf-8"))
    data.update(id=f"zz-{name}", order=900 + len(list(folder.glob("zz-*.yaml"))))
    edit(data)
    (folder / f"zz-{name}.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                                            encoding="utf-8")


def _state(name):
    return lambda d: d["check"].setdefault("state", {}).__setitem__(name, 1)


def _notice_text(app: LearnApp) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", " ".join(app.notices())))


def test_a_lesson_naming_a_dunder_fact_is_refused_when_read_and_said_in_a_teachers_words(content_copy):
    _copy_lesson(content_copy, "dunder", _state(DUNDER))
    assert "zz-dunder" in [x.id for x in readable_lessons("restless-spirits")[0]]  # the file itself is well formed
    lessons, left = playable_lessons("restless-spirits")
    assert "zz-dunder" not in [x.id for x in lessons] and len(left) == 1, left
    app = LearnApp("restless-spirits")
    assert "zz-dunder" not in [x.id for x in app.lessons.lessons]  # never listed, so never refused when chosen
    said = _notice_text(app)
    assert "A lesson file could not be read and is left out" in said, said
    assert f"zz-dunder.yaml: The goal's check: unknown state fact '{DUNDER}'" in said, said
    # no server folder, no field path, no list of the game's own facts
    for raw in (str(content_copy), "check.state", "the game's facts", "chance_left", "p1.activation_tokens"):
        assert raw not in said, (raw, said)
    assert not app.errors.output.outputs
    # folded under "Which and why" at the end of the notice line, each file's name in bold
    assert ('<details class="rt-notice-more"><summary>Which and why</summary><ul><li><b>zz-dunder.yaml</b>: '
            "The goal&#x27;s check: unknown state fact") in app.notices()[0], app.notices()


@pytest.mark.parametrize("name,shown", [
    ("x" * 5000, "unknown state fact '" + "x" * 29 + "…'"),
    ("\u202eevil\u200b", "unknown state fact (its name holds characters that cannot be shown)"),
    ("__dict__", "unknown state fact '__dict__'"),
])
def test_an_unknown_fact_is_quoted_only_when_short_and_printable(content_copy, name, shown):
    _copy_lesson(content_copy, "odd", _state(name))
    _, left = playable_lessons("restless-spirits")
    assert left_out_lines(left, field_words) == [f"zz-odd.yaml: The goal's check: {shown}"]
    assert plain_problem(left[0]) == f"zz-odd.yaml: check.state: {shown}"  # the error panel's words


def test_many_files_left_out_are_all_named_in_the_notice(content_copy):
    edits = {"dunder": _state("__class__"), "fact": _state("no.such.fact"),
             "step": lambda d: d.__setitem__("solution", [{"kind": "no-such-kind"}]),
             "hints": lambda d: d.__setitem__("hints", ["h"] * 60),
             "deep": lambda d: d.__setitem__("x_deep", [[[[[[[[1]]]]]]]]),
             "order": lambda d: d.__setitem__("order", "first"),
             "reach": lambda d: d.__setitem__("out_of_reach", [{"when": {"state": {"__init__": 1}}, "say": "Undo."}])}
    for name, edit in edits.items():
        _copy_lesson(content_copy, name, edit)
    app = LearnApp("restless-spirits")
    said = _notice_text(app)
    assert "7 lesson files could not be read and are left out" in said, said
    lines = left_out_lines(app.lessons.left_out, field_words)
    assert len(lines) == 6 and lines[-1] == "and 2 more files", lines  # a teacher's list stops at five files
    every = left_out_lines(app.lessons.left_out, field_words, limit=NOTICE_FILES)
    assert len(every) == 7 and "more file" not in said  # the learn page's fold names all seven (trial 26)
    assert all(line in said for line in every)
    words = dict(split_problem(x) for x in left_out_lines(app.lessons.left_out, field_words, limit=10))
    assert words == {
        "zz-deep.yaml": "The field “x_deep”: not a field this file can have (a misspelt name?)",
        "zz-dunder.yaml": "The goal's check: unknown state fact '__class__'",
        "zz-fact.yaml": "The goal's check: unknown state fact 'no.such.fact'",
        "zz-hints.yaml": "The hints: too many: 60, at most 50",
        "zz-order.yaml": "The order: must be a whole number",
        "zz-reach.yaml": "Out-of-reach condition 1: unknown state fact '__init__'",
        "zz-step.yaml": "Step 1 of the solution: this step cannot be played there",
    }, words
    assert str(content_copy) not in said and "no-such-kind" not in said and "solution[" not in said


def test_the_learn_and_practice_pages_count_the_same_files_left_out(content_copy, tmp_path):
    """Trial 24: the practice page said 11 lesson files could not be read where the learn page said 10 (the learn
    page checked only the lesson it opened first). Both read the folder with one reader now."""
    _copy_lesson(content_copy, "dunder", _state(DUNDER))
    _copy_lesson(content_copy, "step", lambda d: d.__setitem__("solution", [{"kind": "no-such-kind"}]))
    (_lessons(content_copy) / "zz-bad.yaml").write_text("id: [", encoding="utf-8")
    learn = LearnApp("restless-spirits")
    store = ProgressStore(f"sqlite:///{tmp_path / 'progress.sqlite'}", learner="ann")
    try:
        practice = PracticeApp("restless-spirits", store=store)
        practice_said = " ".join(practice._told)
    finally:
        store.close()
    names = sorted(split_problem(x)[0] for x in learn.lessons.left_out)
    assert names == ["zz-bad.yaml", "zz-dunder.yaml", "zz-step.yaml"], names
    assert "3 lesson files could not be read and are left out" in _notice_text(learn)
    assert "Restless Spirits: 3 lesson files could not be read" in practice_said, practice_said
    assert all(n in practice_said for n in names)


@pytest.mark.parametrize("value,said", [(True, "true"), (1.0, "1.0"), ("1", "'1'")])
def test_a_goal_count_of_the_wrong_kind_is_refused_when_read(content_copy, value, said):
    """Attack 32 (low): ``check.state: {p1.released_count: true}`` was accepted (in Python ``True == 1``, so the
    solution "reached" it) and said "the goal asks that “number of released Spirits” holds"; ``1.0`` read "to be
    1.0". A fact's expected value is of the fact's own kind, or the lesson is left out, naming file and field."""
    _copy_lesson(content_copy, "kind", lambda d: d["check"].setdefault("state", {}).__setitem__("p1.released_count",
                                                                                                  value))
    lessons, left = playable_lessons("restless-spirits")
    assert "zz-kind" not in [x.id for x in lessons]
    assert plain_problem(left[0]) == f"zz-kind.yaml: check.state.p1.released_count: must be a whole number, not {said}"
