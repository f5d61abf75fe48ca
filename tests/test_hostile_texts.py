"""Texts from files that hide or reorder what a page shows (attack 18, L2), and what a refusal says (L1, L5).

L2: a bidi override (U+202E) makes "evil" show as "live"; a zero-width space makes two words look the same. Card names
refused them; lesson texts (title, intro, goal, hints), a question's meta (title, question, answer, tags) and a
walkthrough's texts took them. Every loader of texts now refuses them with one shared check
(:func:`tutor.core.content.plain_text`), as a ContentError naming the file and the field, and nothing is loaded."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor import ContentError
from tutor.lessons import lesson_files, load_lesson
from tutor.scenario import all_scenarios, load_scenario
from tutor.walkthrough import all_walkthroughs, load_walkthrough

RS_SCENARIO = all_scenarios("restless-spirits")[0]
RS_LESSON = lesson_files("restless-spirits")[0]
RS_WALK = all_walkthroughs("restless-spirits")[0]
#: the characters of the finding: bidi embeddings and overrides, isolates, zero-width space, joiners and marks, the
#: byte-order mark, the word joiner, a soft hyphen, a line separator
HIDDEN = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200b",
          "\u200c", "\u200d", "\u200e", "\u200f", "\ufeff", "\u2060", "\u00ad", "\u2028"]


def _data(path: Path) -> dict:
    return yaml.safe_load(path.read_text("utf-8"))


def _write(tmp_path: Path, data: dict, name: str) -> Path:
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10_000), encoding="utf-8")
    return p


def _refused(load, path: Path, field: str, ch: str) -> str:
    before = path.read_bytes()
    with pytest.raises(ContentError) as ei:
        load(path)
    msg = str(ei.value)
    assert msg.startswith(str(path)), msg  # the file named
    assert field in msg and f"U+{ord(ch):04X}" in msg and "write the text without it" in msg, msg
    assert ch not in msg  # the character itself is never shown: it would reorder the message
    assert "Value error" not in msg and "Assertion failed" not in msg, msg  # pydantic's prefix (trial 22)
    assert path.read_bytes() == before  # nothing changed
    return msg


@pytest.mark.parametrize("ch", HIDDEN)
def test_a_lesson_text_with_a_hidden_character_is_refused_naming_file_and_field(tmp_path, ch):
    for field, set_it in [("title", lambda d: d.update(title="ev" + ch + "il")),
                          ("intro", lambda d: d.update(intro=d["intro"] + " ev" + ch + "il")),
                          ("goal", lambda d: d.update(goal="Play the ev" + ch + "il card")),
                          ("hints[0]", lambda d: d.update(hints=["Try ev" + ch + "il", *d.get("hints", [])]))]:
        data = _data(RS_LESSON)
        set_it(data)
        _refused(load_lesson, _write(tmp_path, data, f"lesson-{field[:5]}.yaml"), field, ch)


@pytest.mark.parametrize("ch", ["\u202e", "\u200b", "\ufeff", "\u2066"])
def test_a_question_meta_with_a_hidden_character_is_refused_naming_file_and_field(tmp_path, ch):
    for field in ("title", "question", "answer", "covers"):
        data = _data(RS_SCENARIO)
        data["meta"][field] = ["ev" + ch + "il"] if field == "covers" else "Is the ev" + ch + "il card played?"
        _refused(load_scenario, _write(tmp_path, data, f"q-{field}.yaml"), f"meta.{field}", ch)


@pytest.mark.parametrize("ch", ["\u202e", "\u200b", "\u200d", "\u2069"])
def test_a_walkthrough_text_with_a_hidden_character_is_refused_naming_file_and_field(tmp_path, ch):
    for field in ("title", "intro", "steps[0].narration", "steps[0].notes"):
        data = _data(RS_WALK)
        if field.startswith("steps"):
            data["steps"][0][field.split(".")[1]] = "The ev" + ch + "il move"
        else:
            data[field] = "The ev" + ch + "il walkthrough"
        _refused(load_walkthrough, _write(tmp_path, data, f"w-{field[:8]}.yaml"), field, ch)


def test_shipped_texts_load_and_plain_texts_with_accents_and_symbols_stay_allowed(tmp_path):
    """The check refuses only what hides or reorders: accents, dashes, arrows and emoji a writer uses stay."""
    for path in lesson_files("restless-spirits"):
        load_lesson(path)
    data = _data(RS_LESSON)
    data.update(title="Café — a → b ⚠ 🙂", intro="Noël's «spirits»\n\tand ½ AP")
    assert load_lesson(_write(tmp_path, data, "fine.yaml")).title == "Café — a → b ⚠ 🙂"


def test_a_file_refused_on_a_page_is_named_by_its_name_without_folders_or_clause_ids(caplog):
    """Attack 18, L1: "Not loaded: /home/…/content/…/lesson03.yaml: … (rs.action.attract)" showed the server's folders
    and a clause id to a learner. The page says the file's name and plain words; the whole message goes to the
    server's log (logger ``rules_tutor.page_faults``), never to the page."""
    from widgets.model import ErrorPanel
    from widgets.problems import plain_problem
    path = "/srv/tutor/content/restless-spirits/lessons/lesson03.yaml"
    exc = ContentError(f"{path}: solution[1]: not legal now (rs.action.attract): linked to /proc/self/pagemap",
                       path=path, field="solution[1]")
    panel = ErrorPanel()
    try:
        with caplog.at_level("INFO", logger="rules_tutor.page_faults"):
            panel.report(exc)
        shown = "".join(o.get("text", "") for o in panel.output.outputs)
        assert shown == "Not loaded: lesson03.yaml: solution[1]: not legal now: linked to pagemap\n", shown
        assert path in caplog.text  # the full path: the server's log only
    finally:
        panel.close()
    assert plain_problem("/a/b/x.yaml: cites rs.rule.fake and (sd.ruling.y)") == "x.yaml: cites a rule and"


def test_pydantic_s_value_error_prefix_never_reaches_a_page():
    """Trial 22: a refusal made from pydantic's error read "Value error, …" on the FAQ page. A message made elsewhere
    that still holds the prefix loses it where a page shows it (split_problem, plain_problem)."""
    from widgets.problems import plain_problem, refused_html, split_problem
    assert split_problem("/srv/q/rtl.yaml: meta.title: Value error, it holds U+202E") == (
        "rtl.yaml", "meta.title: it holds U+202E")
    assert plain_problem("Value error, the id must be text") == "the id must be text"
    assert "Value error" not in refused_html("Not loaded", ["/srv/q/a.yaml: Assertion failed, no steps"])


def test_yaml_and_json_refusals_say_what_is_wrong_in_plain_words(tmp_path):
    """Attack 18, L5: a merge key gave "could not determine a constructor for the tag 'tag:yaml.org,2002:merge'", a
    NUL 'in "<unicode string>", position 5', and a saved session's 5,000-digit number "use
    sys.set_int_max_str_digits()". Each now names the file (or the saved session), the line, and what to do."""
    from tutor.sessions import load_session
    merge = tmp_path / "merge.yaml"
    merge.write_text("a: &a {k1: 1, k2: 2}\nb: {<<: [*a, *a]}\n", encoding="utf-8")
    ctrl = tmp_path / "ctrl.yaml"
    ctrl.write_text("x: 1\n\x00\x01\x1b[31m\n", encoding="utf-8")
    for path, says in [(merge, "(line 2, column 5): a merge key ('<<') is not taken: write the keys it would copy out"),
                       (ctrl, "line 2: holds a control character (U+0000), which a YAML file may not hold")]:
        with pytest.raises(ContentError) as ei:
            load_scenario(path)
        msg = str(ei.value)
        assert msg.startswith(str(path)) and says in msg, msg
        assert "constructor" not in msg and "unicode string" not in msg and "position" not in msg, msg
    with pytest.raises(ContentError) as ei:
        load_session('{"format": "rules-tutor-session",\n "seed": ' + "9" * 5000 + "}")
    msg = str(ei.value)
    assert msg == "<saved session>: line 2: a whole number of 5,000 digits; a saved session holds numbers of at most " \
                  "40 digits", msg


def _odd_entries(folder: Path) -> None:
    """A pipe, a folder and a link named like saved files in ``folder`` (a device needs root: a pipe stands for it)."""
    import os
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.yaml")
    (folder / "sub.yaml").mkdir()
    (folder / "link.yaml").symlink_to("/etc/hostname")


def test_a_pipe_a_folder_or_a_link_among_saved_questions_is_named_not_read_and_never_opened(tmp_path, monkeypatch):
    """Attack 18, L3: a FIFO or a folder in the questions folder was skipped without a word (and a FIFO, if opened,
    waits for a writer for ever). The FAQ explorer names each as not read, with what it is; nothing hangs."""
    import threading

    from widgets.faq import FaqExplorer
    folder = tmp_path / "q"
    _odd_entries(folder)
    monkeypatch.setenv("RULES_TUTOR_QUESTIONS", str(folder))
    done: list = []
    t = threading.Thread(target=lambda: done.append(FaqExplorer(game_id="restless-spirits")), daemon=True)
    t.start()
    t.join(120)
    assert done, "the FAQ explorer hung on a pipe in the questions folder"
    box = done[0].open_error.value
    assert "<b>pipe.yaml</b>: a pipe, not a file, not read" in box, box
    assert "<b>sub.yaml</b>: a folder, not a file, not read" in box, box
    assert "<b>link.yaml</b>: a link to another file, not read" in box, box
    assert str(folder) not in box and not done[0].errors.output.outputs


def test_a_pipe_a_folder_or_a_link_among_saved_walkthroughs_is_named_on_the_teacher_page(tmp_path, monkeypatch):
    """Attack 18, L3: a link in the walkthroughs folder was left out silently on the teacher page (the FAQ explorer
    named links). The teacher page now names links, pipes and folders as not read."""
    from tutor.walkthrough import saved_not_read
    from widgets import PresenterApp
    folder = tmp_path / "w"
    _odd_entries(folder)
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(folder))
    said = saved_not_read()
    assert said == ["link.yaml: a link to another file, not read (a saved walkthrough is a file of the folder itself)",
                    "pipe.yaml: a pipe, not a file, not read (a saved walkthrough is a file of the folder itself)",
                    "sub.yaml: a folder, not a file, not read (a saved walkthrough is a file of the folder itself)"]
    app = PresenterApp()
    box = app.present.problems.value
    for name in ("link.yaml", "pipe.yaml", "sub.yaml"):
        assert f"<b>{name}</b>" in box, box
    assert str(folder) not in box and not app.errors.output.outputs
