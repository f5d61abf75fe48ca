"""Every text box of the teacher, FAQ and practice pages stops at the very limit the saved file allows (trial 20: the
recorder's Intro box took 20,000 characters that Save refused at 5,000 in pydantic's words; its Title took 1,000 and
was cut to 500; the FAQ's file-name box took 1,000 characters for an 80-character rule). The limit is read here from
the saved models themselves (their ``max_length``, the id and file-name patterns), and a text over it is refused in
the page's words, naming the box."""
from __future__ import annotations

import tempfile
from pathlib import Path

import ipywidgets as w
import pytest

from tutor import faq
from tutor.progress import ProgressStore
from tutor.safefile import plain_stem
from tutor.scenario_model import Meta
from tutor.walkthrough import Walkthrough, WalkStep
from widgets import PresenterApp
from widgets.comm_guard import TEXT_MAX_CHARS, TEXTAREA_MAX_CHARS, text_limit
from widgets.faq import FaqExplorer
from widgets.panels import _walk
from widgets.practice import PracticeApp


@pytest.fixture(autouse=True)
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path / "saved"))
    return tmp_path / "saved"


def max_length(model, field: str) -> int:
    return next(m.max_length for m in model.model_fields[field].metadata if getattr(m, "max_length", None))


def longest(accepts, make=lambda n: "a" * n) -> int:
    """The length of the longest text ``make(n)`` that ``accepts`` (a test of a text) takes, n from 1 to 10,000."""
    n = 1
    while n < 10_000 and accepts(make(n + 1)):
        n += 1
    return n


def named(n: int) -> str:
    """A file name of ``n`` characters, ending in ".yaml" when it is long enough (as the recorder's default)."""
    return "a" * (n - 5) + ".yaml" if n > 5 else "a" * n


def _id_ok(text: str) -> bool:
    """Whether a walkthrough file takes ``text`` as its id (its own check, ``Walkthrough.id``)."""
    try:
        Walkthrough.id_is_safe(text)
        return True
    except ValueError:
        return False


def _name_ok(text: str) -> bool:
    try:
        plain_stem(text, "here")
        return True
    except ValueError:
        return False


def boxes(root: w.Widget) -> list[w.Widget]:
    return [x for x in _walk(root) if isinstance(x, (w.Text, w.Textarea, w.Combobox))]


def assert_capped(box: w.Widget, limit: int) -> None:
    """The kernel takes at most ``limit`` characters from the browser, and the browser's maxlength is ``limit``
    (the page's text-caps script reads the box's rt-max-<n> class)."""
    assert text_limit(box) == limit, (box.description or box.placeholder, text_limit(box), limit)
    assert [c for c in box._dom_classes if c.startswith("rt-max-")] == [f"rt-max-{limit}"]


def test_every_text_box_of_the_recorder_stops_at_the_saved_walkthroughs_limit():
    app = PresenterApp()
    rec = app.open_recorder()
    saved = {rec.wid: longest(_id_ok), rec.title: max_length(Walkthrough, "title"),
             rec.intro: max_length(Walkthrough, "intro"), rec.intro_notes: max_length(Walkthrough, "intro_notes"),
             rec.narration: max_length(WalkStep, "narration"), rec.notes: max_length(WalkStep, "notes"),
             rec.path: TEXT_MAX_CHARS}
    # the file-name box takes a one-line box's bound, as the FAQ page's: a longer name reaches Save whole, is
    # shortened to 80 with a word and never replaces a file (attack 35: the browser cut it to 80 silently, and the
    # second of two long names replaced the first walkthrough)
    assert longest(_name_ok, named) == 80
    assert sorted(saved.values()) == [80, 500, 1000, 5000, 5000, 5000, 5000]
    for box, limit in saved.items():  # issue 14: the text areas stop at what Save keeps (they took 20,000)
        assert_capped(box, limit)
    # the boxes that fill no saved field: the seed (its own check says why it puts a value back), the YAML shown
    # after a save (the kernel writes it; nothing typed there is kept) and the rules' search (in the one-screen
    # table's drawer, issue #16: in the page once the drawer is opened)
    rec.app.open_drawer("rules")
    found = boxes(app.widget)
    others = [b for b in found if b not in saved]
    assert sorted((b.description or b.placeholder[:16], text_limit(b)) for b in others) == [
        ("Search the rules", TEXT_MAX_CHARS), ("Seed", TEXT_MAX_CHARS), ("The walkthrough'", TEXTAREA_MAX_CHARS)]
    assert set(saved) <= set(found)


def test_a_recorder_text_over_its_limit_is_refused_naming_the_box(folder):
    app = PresenterApp()
    rec = app.open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.app.actions.action_buttons[0].click()
    rec.intro.value = "x" * 20_000  # (the kernel may set it; the browser stops at 5,000)
    assert rec.save_file() is None
    assert rec.status.value == ('<div class="rt-notsaved">Not saved: the Intro box holds 20,000 characters; at most '
                                "5,000 are saved. Shorten it and save again</div>")
    assert "String should" not in rec.status.value and not folder.exists()
    rec.intro.value = "Welcome."
    rec.narration.value = "y" * 5_001
    assert rec.save_file() is None
    assert "Not saved: the Narration of step 2 holds 5,001 characters; at most 5,000 are saved." in rec.status.value
    rec.narration.value = "y" * 5_000  # the very limit saves
    path = rec.save_file()
    assert path is not None and path.exists()


def test_a_full_recorder_text_area_says_so_and_what_it_holds_saves(folder):
    """Issue 14: the recorder's text areas took 20,000 characters that Save refused at 5,000. They stop at 5,000 in
    the browser and the kernel, a box holding that much says it is full (a paste cut there is never silent), and
    what it holds saves."""
    rec = PresenterApp().open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    assert text_limit(rec.narration) == text_limit(rec.intro) == max_length(WalkStep, "narration") == 5_000
    rec.narration.value = "n" * 5_000
    assert rec.status.value == ('<div class="rt-notsaved rt-record-full" role="status">The Narration box is full: a '
                                "walkthrough keeps at most 5,000 characters there, so typing or pasting more stops at "
                                "that point.</div>")
    rec.narration.value = "n" * 4_999  # room again: the word goes
    assert rec.status.value == ""
    rec.intro.value = "i" * 5_000
    assert "The Intro box is full" in rec.status.value
    path = rec.save_file()
    assert path is not None and rec.walkthrough().intro == "i" * 5_000


def test_every_text_box_of_the_faq_page_stops_at_the_saved_questions_limit(tmp_path):
    """The question and note boxes take the kernel's text-area bound, more than a saved question keeps (2,000 and
    5,000), so a longer text reaches Save whole and is refused with both numbers (trial 24: the browser cut a
    10,000-character question to 2,000 without a word, and saved it). The file-name box takes a one-line box's bound,
    so a longer name reaches Save whole and is shortened to 80 with a word (trial 32: the browser cut it silently)."""
    ex = FaqExplorer("faq-buy-at-hand-limit", questions_folder=tmp_path)
    saved = {ex.save_name: TEXT_MAX_CHARS,
             ex.save_question_text: TEXTAREA_MAX_CHARS, ex.save_note: TEXTAREA_MAX_CHARS}
    assert list(saved.values()) == [1_000, 20_000, 20_000]
    assert max_length(Meta, "question") < TEXTAREA_MAX_CHARS and max_length(Meta, "answer") < TEXTAREA_MAX_CHARS
    for box, limit in saved.items():
        assert_capped(box, limit)
    others = [b for b in boxes(ex.widget) if b not in saved and b is not ex.counter_num]
    assert [(b.placeholder[:7], text_limit(b)) for b in others] == [("Search:", TEXT_MAX_CHARS)]  # saves nothing
    assert text_limit(ex.counter_num) == 12  # the what-if's number box (trial 26: text, read as a whole number)



def test_a_faq_question_or_note_over_its_limit_is_refused_in_words(tmp_path, faq_after_a_move):
    ex = faq_after_a_move
    ex.save_name.value = "long-note"
    ex.save_note.value = "z" * 5_001
    assert ex.save_mine() is None
    assert "Not saved: your note: too long: 5,001 characters, at most 5,000<" in ex.save_status.value
    ex.save_note.value = "z" * 5_000  # the very limit saves (it was refused at 2,000 though the file allows 5,000)
    ex.save_question_text.value = "q" * 2_000
    path = ex.save_mine()
    assert path is not None and path.name == "long-note.yaml"


@pytest.mark.parametrize("box,text,said", [
    ("save_question_text", "Q" * 10_000, "your question: too long: 10,000 characters, at most 2,000"),
    ("save_note", "N" * 200_000, "your note: too long: 200,000 characters, at most 5,000"),
])
def test_a_question_or_note_too_long_is_refused_kept_in_its_box_and_nothing_saved(tmp_path, box, text, said,
        faq_after_a_move):
    """Trial 24: "Save as my question" saved a 10,000-character question cut to 2,000 and a 200,000-character note
    cut to 5,000, without a word. Save refuses it in the shared words (tutor.core.content.too_long), the text stays
    in its box as typed, and no file is written."""
    ex = faq_after_a_move
    ex.save_name.value = "too-long"
    getattr(ex, box).value = text
    assert ex.save_mine() is None
    assert f"Not saved: {said}</div>" in ex.save_status.value, ex.save_status.value
    assert getattr(ex, box).value == text and list(tmp_path.iterdir()) == []
    assert "too-long" not in "".join(e.id for e in ex.index.entries)


@pytest.mark.parametrize("typed,stem", [("a" * 400, "a" * 80), ("b" * 81, "b" * 80),
                                        ("c" * 90 + ".yaml", "c" * 80), ("d" * 79 + " e" * 5, "d" * 79)])
def test_a_name_over_80_characters_is_saved_as_its_first_80_and_said(tmp_path, typed, stem, faq_after_a_move):
    """Trial 32: a 400-character name was cut to 80 by the browser without a word. The box takes it whole; Save keeps
    its first 80 characters and says so, the file name shown by its start and end (the whole on hover)."""
    ex = faq_after_a_move
    ex.save_name.value = typed
    path = ex.save_mine()
    assert path == tmp_path / f"{stem}.yaml" and path.exists()
    said = ex.save_status.value
    assert (f'<span class="rt-faq-shortened">Your name had {len(typed):,} characters: it was shortened to 80.</span>'
            in said), said
    assert f'title="{stem}.yaml: in your saved questions folder"' in said and f"<b>{stem}.yaml</b>" not in said
    assert "…" in said.split("<b>")[1] and len(said.split("<b>")[1].split("</b>")[0]) <= 36


def test_a_shortened_name_never_replaces_the_question_its_first_80_characters_name(tmp_path, faq_after_a_move):
    """Attack trial 33: an 81-character name whose first 80 characters named a question saved before offered "tick
    overwrite", and with overwrite ticked replaced that other question. A shortened name never replaces a file: Save
    says why in words and keeps the earlier question as it was."""
    ex = faq_after_a_move
    ex.save_name.value = "q" * 80
    first = ex.save_mine()
    before = first.read_bytes()
    ex.save_name.value = "q" * 81
    ex.save_overwrite.value = True
    assert ex.save_mine() is None
    said = ex.save_status.value
    assert "Not saved: your name had 81 characters and its first 80 name a question you saved before (" in said, said
    assert "give a name of at most 80 characters" in said and "tick overwrite" not in said
    assert first.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [first.name]
    ex.save_name.value = "q" * 80  # typed whole, the same name may still be replaced on purpose
    assert ex.save_mine() == first


@pytest.mark.parametrize("first,second", [("casetest", "CASETEST"), ("ABC", "abc"), ("x", "my-x"),
                                          ("q" * 80, "Q" * 81 + "extra")])
def test_a_name_that_differs_only_in_capitals_or_my_is_refused_and_the_first_question_stays(tmp_path, first, second,
        faq_after_a_move):
    """Attack trial 34: "CASETEST" saved after "casetest" made a second file of the same id (my-casetest), and one of
    the two vanished from My questions ("is already the id of CASETEST.yaml"); a shortened name got round the
    session-33 check the same way. Now the second save is refused, naming the first file, which stays listed."""
    ex = faq_after_a_move
    ex.save_name.value = first
    path = ex.save_mine()
    before = path.read_bytes()
    ex.save_name.value = second
    ex.save_overwrite.value = True
    assert ex.save_mine() is None
    said = ex.save_status.value
    assert "Not saved: your question " in said and "has this name already" in said, said
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name] and path.read_bytes() == before
    listed = [e for e in ex.index.entries if e.id == faq.question_id(path.stem)]
    assert len(listed) == 1 and not ex.index.problems, ex.index.problems


@pytest.mark.parametrize("typed,said", [("z" * 10 + "\u200b" + "z" * 80, "“\\u200b” cannot be in a file name"),
                                       ("z" * 85 + "\u202e" + "é", "“\\u202e” and “é” cannot be in a file name"),
                                       ("z" * 90 + "/etc", "“/” cannot be in a file name")])
def test_a_long_name_with_a_character_no_name_may_have_is_refused_wherever_it_is(tmp_path, typed, said,
        faq_after_a_move):
    """Attack trial 34 (low): a zero-width character in the first 80 characters was refused, but after the 80th it
    was cut away with the rest and the name saved. The whole name is checked; nothing is saved."""
    ex = faq_after_a_move
    ex.save_name.value = typed
    assert ex.save_mine() is None
    assert f"Not saved: {said}: use a to z, A to Z, 0 to 9, - and _ (a space becomes -)</div>" in ex.save_status.value
    assert list(tmp_path.iterdir()) == [] and ex.save_name.value == typed


def test_a_name_of_80_characters_or_fewer_is_saved_as_typed_without_a_note(tmp_path, faq_after_a_move):
    ex = faq_after_a_move
    ex.save_name.value = " " + "a" * 75 + ".yaml "
    assert ex.save_mine() == tmp_path / f"{'a' * 75}.yaml"
    assert "shortened" not in ex.save_status.value and "Saved as <b>" in ex.save_status.value


def test_the_practice_page_has_no_text_box():
    with tempfile.TemporaryDirectory() as d:
        store = ProgressStore(f"sqlite:///{d}/p.sqlite", learner="ann")
        app = PracticeApp("spirited", store=store)
        assert boxes(app.widget) == []
        store.close()


def test_a_file_name_check_has_one_limit_whatever_is_typed():
    """Trial 21: the name boxes took 85 characters and the check refused anything over 80 typed without ".yaml";
    the refusal said "letters" and "Müller café ß" was refused. Now the name as typed has one limit, 80, with or
    without its ending, and the refusal says exactly which characters a name may have."""
    assert longest(_name_ok) == longest(_name_ok, named) == 80
    assert plain_stem("a" * 80, "here") == "a" * 80 and plain_stem("a" * 75 + ".yaml", "here") == "a" * 75
    chars = "a to z, A to Z, 0 to 9, - and _"
    for bad, said in (("a" * 81, f"the name is 81 characters long; a file name has at most 80, of {chars}"),
                      ("Müller café ß", f"“ü”, “é” and “ß” cannot be in a file name: use {chars} (a space becomes -)"),
                      ("../x", f"“.” and “/” cannot be in a file name: use {chars} (a space becomes -)"),
                      ("-x", f"a file name starts with a letter or a digit, then has {chars}"),
                      ("", f"give a file name: 1 to 80 of {chars}")):
        with pytest.raises(ValueError) as ei:
            plain_stem(bad, "the questions folder")
        assert str(ei.value) == said


def test_the_recorder_names_a_file_the_box_can_hold(folder):
    """The recorder's file name follows the Id without ".yaml" (added on save), so an Id of 80 characters gives a
    name the 80-character box holds and the check takes; an accented Id loses its accents."""
    rec = PresenterApp().open_recorder()
    rec.wid.value = "b" * 80
    assert rec.path.value == "b" * 80 and _name_ok(rec.path.value)
    rec.wid.value = "Müller café ß"
    assert rec.path.value == "muller-cafe"
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    path = rec.save_file()
    assert path is not None and path.name == "muller-cafe.yaml" and rec.walkthrough().id == "muller-cafe"


def test_a_long_walkthrough_name_is_shortened_with_a_word_and_never_replaces_a_file(folder):
    """Attack 35 (high): the recorder's box cut a long name to 80 without a word; "...-monday" saved, then
    "...-tuesday" with overwrite ticked replaced Monday's walkthrough. Now the name reaches Save whole: the first save
    says it was shortened, the second is refused in words, overwrite or not, and Monday's file stays."""
    rec = PresenterApp().open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    stem = "lesson-plan-for-the-first-round-of-restless-spirits-with-the-year-nine-class-ab-"
    rec.path.value = stem + "monday"
    first = rec.save_file()
    assert first is not None and first.name == stem[:80] + ".yaml"
    assert "Your name had 86 characters: it was shortened to 80." in rec.status.value
    before = first.read_bytes()
    rec.path.value = stem + "tuesday"
    rec.overwrite.value = True
    assert rec.save_file() is None
    assert "Not saved: your name had 87 characters and its first 80 name a walkthrough saved before" in rec.status.value
    assert first.read_bytes() == before and [p.name for p in folder.iterdir()] == [first.name]


@pytest.mark.parametrize("second", ["REC-A", "Rec-a.yaml"])
def test_a_walkthrough_name_that_differs_only_in_capitals_is_refused(folder, second):
    """Attack 35 (low): with rec-a.yaml saved, "REC-A" made a second file beside it."""
    rec = PresenterApp().open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.path.value = "rec-a"
    first = rec.save_file()
    rec.path.value = second
    rec.overwrite.value = True
    assert rec.save_file() is None
    assert ("Not saved: the walkthrough rec-a.yaml has this name already (capitals do not make a different name); "
            "choose another name") in rec.status.value
    assert [p.name for p in folder.iterdir()] == [first.name]


def test_a_capitals_twin_put_there_by_hand_is_not_the_clash_of_its_own_name(folder):
    """Attack 36 (low): with rec-a.yaml and a twin REC-A.yaml already in the folder (copied there by hand), saving
    over rec-a.yaml named REC-A.yaml as the clash. The file's own name is the overwrite question; the twin stays."""
    rec = PresenterApp().open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.path.value = "rec-a"
    first = rec.save_file()
    twin = folder / "REC-A.yaml"
    twin.write_bytes(first.read_bytes())
    rec.app.actions.action_buttons[0].click()
    assert rec.save_file() is None and "rec-a.yaml already exists" in rec.status.value
    rec.overwrite.value = True
    assert rec.save_file() == first and "Saved 2 steps as rec-a.yaml" in rec.status.value
    assert sorted(p.name for p in folder.iterdir()) == ["REC-A.yaml", "rec-a.yaml"]
    rec.path.value = "Rec-A"  # a third spelling is still refused, naming one of them
    assert rec.save_file() is None and "capitals do not make a different name" in rec.status.value
