"""The FAQ explorer's "My questions": a learner's saved question files are untrusted (trial 23). A file naming a card
the game does not have, or a state check the game does not have, is refused when the folder is read: listed among the
files not loaded by its file name (never a server folder) with the field in words (session 33: "In the set-up, Player
1's AP", not "players[0].ap") and a plain reason; two questions of one
title are told apart by their file names shown beside them."""
from __future__ import annotations

import os

import ipywidgets as w
import pytest
import yaml

from tutor import faq
from tutor.core.content import content_root
from widgets import FaqExplorer
from widgets.panels import _walk

SRC = content_root() / "restless-spirits" / "scenarios" / "faq-buy-at-hand-limit.yaml"


@pytest.fixture(scope="module")
def index() -> faq.Index:
    return faq.build_index("restless-spirits")


def saved(folder, name: str, edit=None, **meta) -> None:
    """``<folder>/<name>.yaml``: the shipped hand-limit question as a saved one (``my-<name>``), ``edit``-ed."""
    data = yaml.safe_load(SRC.read_text(encoding="utf-8"))
    data["meta"].update({"id": f"my-{name}", "title": f"My question: {name}", **meta})
    if edit:
        edit(data)
    (folder / f"{name}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def with_class(root: w.Widget, cls: str) -> list[w.Widget]:
    return [x for x in _walk(root) if cls in getattr(x, "_dom_classes", ())]


def test_a_saved_question_naming_a_card_the_game_lacks_is_refused_by_file_name_and_field(index, tmp_path):
    """Trial 23: such a question was listed; clicking it said "/root/rules-tutor-questions/trial23-badcard.yaml:
    setup.state: …". Now it is never listed, and the box of files not loaded names the file, the field and the card."""
    def bad_card(d):
        d["setup"]["state"]["players"][0]["hand"][1] = "nonexistentcard"
    saved(tmp_path, "trial23-badcard", bad_card)
    saved(tmp_path, "fine")
    page = FaqExplorer(index=index, questions_folder=tmp_path)
    assert page.mine_ids == {"my-fine"}
    assert "my-trial23-badcard" not in [e.id for e in page.index.entries]
    box = page.open_error.value
    assert ("<b>trial23-badcard.yaml</b>: In the set-up, Player 1&#x27;s hand (card 2): no card called "
            "&#x27;nonexistentcard&#x27; in Restless Spirits</li>") in box, box
    assert str(tmp_path) not in box and "pytest-of" not in box
    page._click("my-fine")  # the others open as before; the refused file stays named
    assert page.entry.id == "my-fine" and page.open_error.value == box


def test_the_files_not_loaded_name_their_fields_in_words(index, tmp_path):
    """Session 33: the box of files not loaded named fields by path, "setup.state: players[0].ap: must be at least
    0"; a learner reads "In the set-up, Player 1's AP", the file still named; two problems of one file each so."""
    def below_zero(d):
        d["setup"]["state"]["players"][0].update({"ap": -1, "activation_tokens": -2})
    saved(tmp_path, "negative", below_zero)
    saved(tmp_path, "row", lambda d: d["setup"]["state"]["markets"][1].__setitem__(0, "zz"))
    box = FaqExplorer(index=index, questions_folder=tmp_path).open_error.value
    assert ("<li><b>negative.yaml</b>: In the set-up, Player 1&#x27;s AP: must be at least 0; in the set-up, Player "
            "1&#x27;s activation tokens: must be at least 0</li>") in box, box
    assert ("<li><b>row.yaml</b>: In the set-up, market row 2, card 1: no card called &#x27;zz&#x27; in Restless "
            "Spirits</li>") in box, box
    assert "players[" not in box and "setup.state" not in box and "markets[" not in box


@pytest.mark.parametrize("name", ["__class__", "p1.__dict__", "p9.ap"])
def test_a_saved_question_checking_a_state_the_game_lacks_is_refused_naming_the_field(index, tmp_path, name):
    """Trial 23: ``expect.state`` took ``__class__`` and ``p1.__dict__`` and the page showed "class : 1". The names
    are the game's state facts, checked by the scenario runner's own check; the file is refused at read."""
    saved(tmp_path, "odd", lambda d: d["expect"][0]["state"].update({name: 1}))
    page = FaqExplorer(index=index, questions_folder=tmp_path)
    assert page.mine_ids == set()
    box = page.open_error.value
    assert f"<b>odd.yaml</b>: Check 1&#x27;s state: unknown state fact &#x27;{name}&#x27;</li>" in box, box  # said once
    assert "the game&#x27;s facts" not in box and "chance_left" not in box  # never the game's own names
    assert str(tmp_path) not in box
    assert "class :" not in "".join(x.value for x in _walk(page.widget) if isinstance(x, w.HTML))


def test_an_unreached_check_is_named_where_the_script_stops(tmp_path):
    """A check after a step that no longer plays is still read: its names are checked on the position where the
    script stopped."""
    def stop_early(d):
        d["script"].append({"kind": "buy-totem", "totem": "t10"})  # bought already: the script stops before it
        d["expect"].append({"state": {"__dict__": 1}})
    saved(tmp_path, "late", stop_early)
    saved(tmp_path, "late-fine", lambda d: d["script"].append({"kind": "buy-totem", "totem": "t10"}))
    index = faq.read_my_questions(sorted(tmp_path.glob("*.yaml")))
    assert [e.id for e in index.entries] == ["my-late-fine"]
    assert not index.entries[0].ok and "script[2]" in index.entries[0].checked.failures[0]  # listed, failing
    assert len(index.problems) == 1
    assert index.problems[0].startswith(f"{tmp_path / 'late.yaml'}: expect[1].state.__dict__: unknown state fact "
                                        "'__dict__'; the game's facts: "), index.problems


def test_a_question_that_cannot_open_is_named_by_its_file_name_only(index, tmp_path, monkeypatch):
    """Whatever else makes a listed question fail to open, the page says its file's name, never the folder."""
    saved(tmp_path, "opens-not")
    page = FaqExplorer(index=index, questions_folder=tmp_path)
    where = str(tmp_path / "opens-not.yaml")
    monkeypatch.setattr(page, "open", lambda _sid: (_ for _ in ()).throw(ValueError(f"{where}: setup: no such thing")))
    page._click("my-opens-not")
    said = page.open_error.value
    assert "Cannot open “My question: opens-not”: opens-not.yaml: setup: no such thing" in said, said
    assert str(tmp_path) not in said


def test_two_saved_questions_of_one_title_show_their_file_names_beside_it(index, tmp_path):
    """Trial 23: three items read "trial23-q1" alike. Each shows its file's name quietly beside the title."""
    for stem in ("copy-a", "copy-b"):
        saved(tmp_path, stem, title="My question: trial23-q1")
    page = FaqExplorer(index=index, questions_folder=tmp_path)
    heads = [with_class(page.item(sid), "rt-faq-mine-head")[0] for sid in ("my-copy-a", "my-copy-b")]
    assert [h.children[0].description for h in heads] == ["trial23-q1", "trial23-q1"]
    assert [h.children[1].value for h in heads] == ['<span class="rt-faq-mine-file">· copy-a.yaml</span>',
                                                    '<span class="rt-faq-mine-file">· copy-b.yaml</span>']
    shipped = page.item("faq-buy-at-hand-limit")
    assert not with_class(shipped, "rt-faq-mine-head") and not with_class(shipped, "rt-faq-mine-file")
    assert "rt-faq-mine-file" not in "".join(x.value for x in _walk(shipped) if isinstance(x, w.HTML))


def test_a_saved_question_with_a_shipped_questions_id_is_listed_as_ones_own_and_said(index, tmp_path):
    """Trial 32: a saved file carrying the id of the rulebook's question was listed under another id without a word
    (which one opens?). Both are listed, and the problems box says which file had whose id, by file name and title,
    never the id."""
    saved(tmp_path, "html-title", id="faq-buy-at-hand-limit")
    saved(tmp_path, "copy-a")
    saved(tmp_path, "copy-b", id="my-copy-a")  # two saved files of one id: the second is refused, as before
    page = FaqExplorer(index=index, questions_folder=tmp_path)
    assert page.mine_ids == {"faq-buy-at-hand-limit-mine", "my-copy-a"}
    box = page.open_error.value
    assert ("<b>html-title.yaml</b>: it has the id of the question “Buying a Totem with a full hand”, so it is listed "
            "under My questions as your own, and that question is unchanged</li>") in box, box
    assert ("<b>copy-b.yaml</b>: The id: &#x27;my-copy-a&#x27; is already the id of your own question "
            "copy-a.yaml</li>") in box
    assert "Some of your questions have another question&#x27;s id (1 file;" in box and "faq-buy-at" not in box
    page._click("faq-buy-at-hand-limit")  # the rulebook's question opens as it was; the saved one under its own
    assert page.entry.path.name == "faq-buy-at-hand-limit.yaml" and "rt-faq-clash" in page.open_error.value
    page._click("faq-buy-at-hand-limit-mine")
    assert page.entry.path == tmp_path / "html-title.yaml"


def test_a_dropped_file_with_the_id_of_a_learners_own_question_never_shadows_it(index, tmp_path):
    """Issue 14 (attack trial): a file dropped into the questions folder that reuses the id of the learner's own saved
    question (``my-casetest``, saved as ``casetest.yaml``) came first by name and won silently: the learner's own
    question was "already the id of a-dropped.yaml". The learner's own question wins whatever the names' order, and
    the other file is listed as not loaded, naming the clash and both files."""
    saved(tmp_path, "casetest", question="My very own question?")
    saved(tmp_path, "a-dropped", id="my-casetest", question="Somebody else's question?")
    saved(tmp_path, "z-dropped", id="my-casetest", question="A third file's question?")
    page = FaqExplorer(index=index, questions_folder=tmp_path)
    assert page.mine_ids == {"my-casetest"}
    mine = next(e for e in page.index.entries if e.id == "my-casetest")
    assert mine.path == tmp_path / "casetest.yaml" and mine.question == "My very own question?"
    box = page.open_error.value
    assert ("<b>a-dropped.yaml</b>: The id: &#x27;my-casetest&#x27; is the id of your own question casetest.yaml, so "
            "a-dropped.yaml is not loaded (your question is kept); rename or remove a-dropped.yaml</li>") in box, box
    assert ("<b>z-dropped.yaml</b>: The id: &#x27;my-casetest&#x27; is already the id of your own question "
            "casetest.yaml</li>") in box, box
    # the engine's own reading says the same, the file left out named with its field
    read = faq.read_my_questions(sorted(tmp_path.glob("*.yaml")))
    assert [e.path.name for e in read.entries] == ["casetest.yaml"]
    assert [p.split(": ")[0].rsplit("/", 1)[-1] for p in read.problems] == ["a-dropped.yaml", "z-dropped.yaml"]


def test_the_note_of_a_saved_what_if_keeps_its_line_breaks_shown_as_text(tmp_path):
    """Issue 14: "Your note" typed on several lines was saved and shown as one line. Its line breaks are kept (the
    spaces within each line and blank lines beyond one tidied), and the answer box shows them (CSS white-space:
    pre-line) as text, never as HTML."""
    from widgets.faq_css import CSS as FAQ_CSS

    ex = FaqExplorer("faq-buy-at-hand-limit", questions_folder=tmp_path)
    ex.move_from.value = faq.Zone("hand", 1)
    ex.move_card.value = "t01"
    ex.move_to.value = faq.Zone("deck")
    ex.apply_move.click()
    ex.save_name.value = "lines"
    ex.save_note.value = "First:   the  Totem goes.\r\n\n\n\nSecond: <b>no</b> buy.\n  Third line  \n"
    path = ex.save_mine()
    assert path == tmp_path / "lines.yaml"
    note = "First: the Totem goes.\n\nSecond: <b>no</b> buy.\nThird line"
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["meta"]["answer"] == note
    ex._click("my-lines")
    ex.toggle_answer()
    assert ('<div class="rt-faq-atext">First: the Totem goes.\n\nSecond: &lt;b&gt;no&lt;/b&gt; buy.\nThird line</div>'
            in ex.answer_html.value), ex.answer_html.value
    assert ".rt-faq-atext { font-size: 15px; line-height: 1.45; margin: 4px 0 8px 0; white-space: pre-line; }" in FAQ_CSS



def test_a_note_whose_file_would_be_too_large_to_read_is_refused_at_save(tmp_path, faq_after_a_move):
    """Attack 40, F1: 4,900 emoji in the note (within its 5,000 characters) made a file of about 20 KB; Save said it
    was saved and listed, and the list then left it out (read only up to 16 KB). Save now counts the file's bytes:
    it refuses, saying why and what to shorten, and nothing is written."""
    ex = faq_after_a_move
    ex.save_name.value = "emoji"
    ex.save_note.value = "😀" * 4900
    assert ex.save_mine() is None
    said = ex.save_status.value
    assert "Not saved: the question and note make a file of" in said and "read only up to 16 KB (16,384 bytes)" in said
    assert "shorten the note" in said and "an emoji or a Chinese character takes 2 to 4 bytes" in said
    assert list(tmp_path.iterdir()) == []
    ex.save_note.value = "😀" * 3000  # about 12 KB: saved, and listed
    path = ex.save_mine()
    assert path == tmp_path / "emoji.yaml" and 8 * 1024 < path.stat().st_size <= 16 * 1024
    assert "my-emoji" in ex.mine_ids and "listed under <b>My questions</b>" in ex.save_status.value


def test_a_save_that_crowds_older_questions_out_of_the_folder_says_which(tmp_path, faq_after_a_move):
    """Attack 40, F4: the page reads the newest 128 KB of saved questions; a save past it was confirmed with no word
    while an older question went unlisted (only the problems box named it). The confirmation names it now."""
    ex = faq_after_a_move
    ex.save_name.value = "base"
    ex.save_note.value = "x" * 4900
    base = ex.save_mine()
    size = base.stat().st_size
    for i in range(faq.QUESTIONS_BYTES // size):  # older copies, just under the folder's budget with the first one
        text = base.read_text(encoding="utf-8").replace("my-base", f"my-old{i:02d}")
        (tmp_path / f"old{i:02d}.yaml").write_text(text, encoding="utf-8")
        os.utime(tmp_path / f"old{i:02d}.yaml", (1_000_000 + i, 1_000_000 + i))
    os.utime(base, (999_999, 999_999))
    ex._load_mine()
    ex.save_name.value = "newest"
    path = ex.save_mine()
    assert path == tmp_path / "newest.yaml"
    said = ex.save_status.value
    assert "✓ Saved as <b>newest.yaml</b>" in said, said
    assert "Your questions folder is full, so" in said and "no longer listed (" in said, said
    # the oldest that no longer fits
    assert "the page reads the newest 128 KB." in said and "(old00.yaml)" in said, said


def test_a_saved_step_that_cannot_be_played_blames_no_change_when_none_was_made(tmp_path):
    """Attack 40, F5: a saved file whose own third step is not legal said "Step 3 cannot be played after your change"
    with nothing changed. It says only that the step cannot be played; after a change, "after your change"."""
    saved(tmp_path, "late-fine", lambda d: d["script"].append({"kind": "buy-totem", "totem": "t10"}))
    ex = FaqExplorer("faq-buy-at-hand-limit", questions_folder=tmp_path)
    ex._click("my-late-fine")
    for _ in range(3):
        ex.step()
    info = ex.script_info.value
    assert "Step 3 cannot be played (" in info and "after your change" not in info, info


def test_a_saved_question_naming_a_move_or_card_the_game_lacks_is_refused_in_the_list(index, tmp_path):
    """Attack 41, F1: files naming a Totem t99 or a move fly-away were listed as if good. Now the box of files not
    loaded names each file and its step in words, and the list holds only the good one."""
    saved(tmp_path, "badcard", lambda d: d["script"].__setitem__(0, {"kind": "buy-totem", "totem": "t99"}))
    saved(tmp_path, "badkind", lambda d: d["script"].__setitem__(0, {"kind": "fly-away"}))
    saved(tmp_path, "fine")
    page = FaqExplorer(index=index, questions_folder=tmp_path)
    assert page.mine_ids == {"my-fine"}
    box = page.open_error.value
    assert ("<li><b>badcard.yaml</b>: Step 1 of the script: no card called &#x27;t99&#x27; in Restless "
            "Spirits</li>") in box, box
    assert ("<li><b>badkind.yaml</b>: Step 1 of the script: Restless Spirits has no move called "
            "&#x27;fly-away&#x27;</li>") in box, box
    assert "script[" not in box and str(tmp_path) not in box


def test_a_saved_questions_header_shows_its_own_title_not_its_file_name_in_capitals(index, tmp_path):
    """Trial 42: an opened saved question's header read "MY QUESTION: NU42-HAND-SIX", its file's name in capitals.
    The header says "My question" (the question itself is the heading below it); a name its author gave that is more
    than the file's name is shown as typed, outside the capitals."""
    saved(tmp_path, "nu42-hand-six")
    saved(tmp_path, "swap-at-six", title="My question: Do I swap at Six?")
    page = FaqExplorer(index=index, questions_folder=tmp_path)
    page.open("my-nu42-hand-six")
    kicker = page.card.value.split('<div class="rt-faq-kicker">')[1].split("<span class=\"rt-faq-src\">")[0]
    assert kicker == "Restless Spirits · My question "
    assert "nu42-hand-six" not in page.card.value
    page.open("my-swap-at-six")
    kicker = page.card.value.split('<div class="rt-faq-kicker">')[1].split("<span class=\"rt-faq-src\">")[0]
    assert kicker == 'Restless Spirits · My question <span class="rt-faq-own">“Do I swap at Six?”</span> '
    assert '<span class="rt-faq-src">· Based on: Restless Spirits rulebook ›' in page.card.value  # (verify 43)
    page.open("faq-buy-at-hand-limit")
    assert 'rt-faq-kicker">Restless Spirits · ' + index.get("faq-buy-at-hand-limit").title in page.card.value
    assert '<span class="rt-faq-src">· Source: Restless Spirits rulebook ›' in page.card.value
