"""Trial 36: the walkthrough recorder never loses a teacher's work. Editing a saved walkthrough names its own file
(an earlier save's name, with overwrite ticked, replaced another file); Start recording and Restart ask before
discarding unsaved steps; the status says the true shortened length and strips a typed ".YAML"; a box's text sent
past its limit is refused in words."""
from __future__ import annotations

import uuid
from pathlib import Path

import ipywidgets as w
import pytest

from tutor.walkthrough import all_walkthroughs, begin, dump, load_walkthrough, record
from widgets import PresenterApp
from widgets.comm_guard import TEXTAREA_MAX_CHARS
from widgets.present_tab import LABEL_TITLE_MAX, saved_label



def update(widget: w.Widget, **state) -> None:
    """A browser's update of ``widget`` (as in test_comm_forgery), through the kernel's comm guard."""
    comm_id = widget.comm.comm_id if widget.comm is not None else uuid.uuid4().hex
    widget._handle_msg({"content": {"comm_id": comm_id, "data": {"method": "update", "state": state,
                                                                  "buffer_paths": []}},
                        "buffers": [], "header": {"msg_type": "comm_msg"}, "parent_header": {}, "metadata": {}})


@pytest.fixture(autouse=True)
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path / "saved"))
    return tmp_path / "saved"


def saved(folder: Path, stem: str, n: int, seed: int | None = None) -> Path:
    """A walkthrough of ``n`` first-legal steps saved as ``folder/stem.yaml`` (narration "stem N")."""
    shipped = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    setup = shipped.setup if seed is None else shipped.setup.model_copy(update={"seed": seed})
    s = begin(shipped.model_copy(update={"setup": setup}))
    for _ in range(n):
        s.apply(s.legal_actions()[0])
    wt = record(s, id=stem, title=stem, setup=setup, narration=[f"{stem} {i}" for i in range(1, n + 1)])
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.yaml"
    path.write_text(dump(wt), encoding="utf-8")
    return path


def test_editing_a_walkthrough_names_its_own_file_and_never_replaces_another(folder):
    """Trial 36: a name typed for an earlier save stayed in the File name box through "Edit: ..." and Start
    recording; with overwrite still ticked, Save replaced that file with the edited walkthrough."""
    small = saved(folder, "small", 2)
    rec = PresenterApp(paths=[small]).open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.path.value = "edited-bigseed"
    rec.overwrite.value = True
    big = rec.save_file()
    assert big == (folder / "edited-bigseed.yaml").resolve(), rec.status.value
    rec.start_from.value = f"edit:{small}"
    rec.begin_button.click()
    assert rec.path.value == "small"  # its own file name, not the one left in the box by the save before
    assert rec.overwrite.value is False and "as small.yaml" in rec.save_as.value
    rec.narration.value = "small changed"
    assert rec.save_file() is None  # its own file exists: overwrite is needed again
    assert "small.yaml already exists" in rec.status.value
    assert len(load_walkthrough(big).steps) == 1
    rec.path.value = "edited-bigseed"  # another existing name: needs overwrite, and says which file it replaces
    assert rec.save_file() is None and "edited-bigseed.yaml already exists" in rec.status.value
    rec.overwrite.value = True
    assert rec.save_file() == big
    assert "It replaced the walkthrough saved before as" in rec.status.value
    assert "edited-bigseed.yaml" in rec.status.value
    assert [s.narration for s in load_walkthrough(big).steps] == ["small 1", "small changed"]
    assert [s.narration for s in load_walkthrough(small).steps] == ["small 1", "small 2"]


def test_start_recording_and_restart_ask_before_discarding_unsaved_steps(folder):
    """Trial 36: Start recording (or Restart) threw unsaved steps and typed narration away without a word. The first
    press says how many steps it would discard; only a second press with nothing changed in between discards."""
    rec = PresenterApp(paths=all_walkthroughs("restless-spirits")[:1]).open_recorder()
    rec.start("free")
    for _ in range(3):
        rec.app.actions.action_buttons[0].click()
    assert rec.unsaved() == 3
    rec.begin_button.click()
    assert "discard 3 unsaved steps" in rec.status.value
    rec.app.actions.action_buttons[0].click()  # recording on: the question goes, and is asked again
    assert rec.status.value == "" and rec.unsaved() == 4
    rec.app.controls.undo.click()  # a step taken back is still one Start recording would discard (session 37)
    rec.begin_button.click()
    assert len(rec.session.history) == 3
    assert "Press Start recording again to discard 4 unsaved steps" in rec.status.value
    rec.app.controls.restart.click()  # another button asks again, its own way
    assert len(rec.session.history) == 3 and "Press Restart again to discard 4 unsaved steps" in rec.status.value
    rec.app.controls.restart.click()
    assert len(rec.session.history) == 0 and rec.status.value == ""  # the question answered, it goes
    # typed narration alone counts; a change between the two presses asks again
    rec.app.actions.action_buttons[0].click()
    rec.path.value = "one"
    assert rec.save_file() is not None and rec.unsaved() == 0
    rec.narration.value = "typed"
    rec.begin_button.click()
    assert "discard 1 unsaved step " in rec.status.value and rec.narration.value == "typed"
    rec.notes.value = "more"
    rec.begin_button.click()
    assert rec.narration.value == "typed" and len(rec.session.history) == 1
    rec.begin_button.click()
    assert len(rec.session.history) == 0 and rec.status.value == ""
    rec.app.actions.action_buttons[0].click()  # nothing typed for a saved recording: no question
    rec.path.value = "one-b"
    rec.save_file()
    rec.begin_button.click()
    assert len(rec.session.history) == 0


def test_status_words_name_length_yaml_suffix_and_seed(folder):
    """Trial 36: "shortened to 80" for a name saved with 79 characters; "as MY-WALKTHROUGH.YAML.yaml" beside Save;
    the Seed box showed 1 when editing a walkthrough of another seed."""
    rec = PresenterApp(paths=all_walkthroughs("restless-spirits")[:1]).open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.path.value = "MY-WALKTHROUGH.YAML"
    assert "as MY-WALKTHROUGH.yaml" in rec.save_as.value
    rec.path.value = "a" * 79 + " " + "b" * 31  # 111 characters: its first 80 end in a space, saved as 79
    path = rec.save_file()
    assert path is not None and len(path.stem) == 79, rec.status.value
    assert "Your name had 111 characters: it was shortened to 79." in rec.status.value
    walk = saved(folder, "seeded", 2, seed=4242)
    rec2 = PresenterApp(paths=[walk]).open_recorder()
    rec2.start(f"edit:{walk}")
    assert rec2.seed.value == "4242"


@pytest.mark.parametrize("name, size, limit", [("title", 600, 500), ("narration", 5_005, 5_000),
                                               ("narration", TEXTAREA_MAX_CHARS + 5, 5_000)])
def test_a_text_sent_past_a_boxs_limit_is_refused_in_words(folder, name, size, limit):
    """Trial 36: a Title or Narration typed past the browser's maxlength by a script went back to its old text
    without a word: the status says it was refused, and the box's limit."""
    rec = PresenterApp(paths=all_walkthroughs("restless-spirits")[:1]).open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    box = getattr(rec, name)
    before = box.value
    update(box, value="x" * size)
    assert box.value == before
    label = {"title": "Title", "narration": "Narration"}[name]
    assert (f"The {label} box takes at most {limit:,} characters: the {size:,} sent were refused"
            in rec.status.value), rec.status.value


def test_start_after_undo_asks_and_editing_sets_the_players_box(folder):
    """Session 36's leftovers: steps taken back by Undo were thrown away by Start recording without a question (they
    were no longer "played"); editing a walkthrough of 3 players left the Players box at 2."""
    rec = PresenterApp(paths=all_walkthroughs("restless-spirits")[:1]).open_recorder()
    rec.start("free")
    for _ in range(2):
        rec.app.actions.action_buttons[0].click()
    rec.app.controls.undo.click()
    rec.app.controls.undo.click()
    assert not rec.session.history and rec.unsaved() == 2
    rec.begin_button.click()
    assert "Press Start recording again to discard 2 unsaved steps" in rec.status.value
    assert rec.session.can_redo  # nothing was discarded
    rec.app.controls.redo.click()
    rec.path.value = "half"  # one step saved, one still taken back: that one is unsaved
    assert rec.save_file() is not None and rec.unsaved() == 1
    shipped = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    options = {k: v for k, v in shipped.setup.options.items() if k != "guides"}
    setup = shipped.setup.model_copy(update={"players": 3, "options": options})
    three = shipped.model_copy(update={"setup": setup, "steps": []})
    path = folder / "three.yaml"
    path.write_text(dump(three), encoding="utf-8")
    rec.start(f"edit:{path}")
    assert rec.players.value == 3 and rec.session.game.players == 3


def test_a_new_move_after_undo_asks_before_dropping_the_steps_taken_back(folder):
    """Attack 38: after Undo, playing a different move threw away the step taken back and the narration typed for
    it without a word (Start recording and Restart asked). The first click says so and plays nothing; a second click
    of the same move plays it; Redo is still there in between."""
    rec = PresenterApp(paths=all_walkthroughs("restless-spirits")[:1]).open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.app.actions.action_buttons[0].click()
    rec.narration.value = "IMPORTANT NARRATION step 2"
    rec.app.controls.undo.click()
    assert len(rec.session.history) == 1 and rec.session.can_redo
    other = rec.app.actions.action_buttons[-1]
    other.click()
    assert len(rec.session.history) == 1 and rec.session.can_redo  # nothing played, nothing dropped
    assert ("This move discards 1 step taken back by Undo (the moves and what was typed for them): click it again "
            "to play it, or press Redo to bring them back, or Save first. Nothing was discarded.") in rec.status.value
    rec.app.controls.redo.click()  # Redo brings the step back with its narration
    assert len(rec.session.history) == 2 and rec.narration.value == "IMPORTANT NARRATION step 2"
    rec.app.controls.undo.click()
    other = rec.app.actions.action_buttons[-1]
    other.click()
    other.click()  # asked, and confirmed
    assert len(rec.session.history) == 2 and not rec.session.can_redo and rec.status.value == ""
    rec.path.value = "kept"  # once saved, Undo and another move drop nothing unsaved: no question
    assert rec.save_file() is not None
    rec.app.controls.undo.click()
    rec.app.actions.action_buttons[0].click()
    assert "discards" not in rec.status.value and len(rec.session.history) == 2


def test_an_id_saved_otherwise_than_typed_is_said(folder):
    """Attack 38: an Id typed as "../../x" was saved as "x" without a word."""
    rec = PresenterApp(paths=all_walkthroughs("restless-spirits")[:1]).open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.wid.value = "../../x"
    rec.path.value = "idcase"
    assert rec.save_file() is not None
    assert "Its Id is x (an Id keeps only a to z, 0 to 9, - and _)." in rec.status.value
    rec.wid.value = "plain-id"
    rec.overwrite.value = True
    assert rec.save_file() is not None and "Its Id is" not in rec.status.value
    rec.wid.value = "  "  # attack 39: an empty Id box was said to have lost characters; verify 39: every such file
    rec.path.value = "Monday class"  # had the Id "walkthrough": it takes the file's name
    assert rec.save_file() is not None
    assert "Its Id is monday-class, from the file&#x27;s name, as the Id box was empty." in rec.status.value
    assert "keeps only" not in rec.status.value
    assert load_walkthrough(folder / "Monday-class.yaml").id == "monday-class"


def test_a_long_title_is_cut_in_the_walkthrough_lists(folder):
    """Attack 38: a 500-character title filled both drop-downs (Walkthrough and Start from)."""
    walk = saved(folder, "longtitle", 1)
    wt = load_walkthrough(walk)
    label = saved_label(wt.model_copy(update={"title": "T" * 500}), walk)
    assert label == "T" * (LABEL_TITLE_MAX - 1) + "… (saved: longtitle.yaml)"
    assert saved_label(wt, walk) == "longtitle (saved: longtitle.yaml)"
