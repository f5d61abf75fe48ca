"""Presenter mode in-process: Next / Back / Jump follow the walkthrough (compared with ``play_to``), narration and
notes show, a recorded walkthrough saves, loads back and plays; refusals and bad paths land in the error panel."""
from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as w
import pytest

from tutor.walkthrough import Walkthrough, all_walkthroughs, begin, dump, load_walkthrough, play_to, record, spoken
from widgets import PresenterApp
from widgets.panels import _walk
from widgets.style import plain_label


def with_class(root: w.Widget, cls: str) -> list[w.Widget]:
    return [x for x in _walk(root) if cls in getattr(x, "_dom_classes", ())]


def errors_text(app: PresenterApp) -> str:
    """What the Present tab's error panel and the recorder's (when made) say."""
    panels = [app.errors] + ([app.recorder.errors] if app.recorder is not None else [])
    return "".join(o.get("text", "") for p in panels for o in p.output.outputs)


@pytest.fixture(autouse=True)
def folder(tmp_path, monkeypatch) -> Path:
    """The walkthroughs folder the page saves into (never the real home folder in tests)."""
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path / "saved"))
    return tmp_path / "saved"


@pytest.fixture
def walk_file(tmp_path) -> Path:
    """A six-step walkthrough from the shipped walkthrough's start (first legal action each time), narration
    "Say N" per step and notes on steps 2 and 4: it does not depend on which moves the shipped file makes."""
    shipped = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    s = begin(shipped)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    wt = record(s, id="six", title="Six steps", setup=shipped.setup, intro="Welcome, room.",
                narration=[f"Say {i}" for i in range(1, 7)], notes=["", "note 2", "", "note 4"])
    path = tmp_path / "six.yaml"
    path.write_text(dump(wt), encoding="utf-8")
    return path


def test_lists_every_shipped_walkthrough_with_stable_classes():
    app = PresenterApp()
    p = app.present
    assert [v for _, v in p.picker.options] == [str(x) for x in all_walkthroughs()]
    assert {"rt-root", "tutor-presenter"} <= set(app.widget._dom_classes)
    assert "tutor-presenter-next" in p.next._dom_classes and "tutor-presenter-back" in p.back._dom_classes
    assert "tutor-narration" in p.narration._dom_classes
    assert p.position == 0 and p.back.disabled and not p.next.disabled
    assert "Introduction" in p.narration.value
    assert not app.errors.output.outputs


def test_large_type_is_the_present_tab_only():
    """The presenter's large type (CSS class ``tutor-large-type``) is on the Present tab; the Record tab is a form for
    the teacher, in the tutor's normal type: neither it nor anything in it carries the class, and the page's CSS
    sets no font size on the root (``.tutor-presenter``) that the Record tab would inherit."""
    from widgets.presenter import CSS, LARGE_TYPE

    app = PresenterApp()
    assert LARGE_TYPE in app.present.widget._dom_classes
    assert LARGE_TYPE not in app.widget._dom_classes and LARGE_TYPE not in app.tabs._dom_classes
    rec = app.open_recorder()
    assert app.tabs.children[1] is app._record_box and "rt-record" in app._record_box._dom_classes
    assert not with_class(app._record_box, LARGE_TYPE) and not with_class(rec.widget, LARGE_TYPE)
    root_rules = [line for line in CSS.splitlines() if line.startswith(".tutor-presenter {")]
    assert root_rules and not any("font-size" in line for line in root_rules)
    large = [line for line in CSS.splitlines() if line.startswith(f".{LARGE_TYPE} {{")]
    assert large and "--jp-widgets-font-size" in large[0]
    # every rule that enlarges the board, the events or the chips is scoped to the large type
    for line in CSS.splitlines():
        if line.startswith(".tutor-presenter .") and ("rt-board" in line or "rt-current-step" in line):
            assert line.startswith(f".tutor-presenter .{LARGE_TYPE} "), line


def test_bar_widths_do_not_follow_the_step_number(walk_file):
    """Back, the step counter and Next have fixed widths (Next does not shift from "Step 9" to "Step 10"); the jump
    list is sized to its labels, never cut to a fixed width; the step panel is not 100% wide plus a margin (which
    cut off its right border)."""
    from widgets.presenter import BUTTON_WIDTH, COUNTER_WIDTH

    app = PresenterApp(paths=[walk_file])
    p = app.present
    bar = next(x for x in with_class(p.widget, "rt-pbar"))
    assert bar.children[:3] == (p.back, p.counter, p.next)
    fixed = (p.back.layout.width, p.counter.layout.width, p.next.layout.width)
    assert fixed == (BUTTON_WIDTH, COUNTER_WIDTH, BUTTON_WIDTH) and all(v.endswith("px") for v in fixed)
    counters = set()
    for k in range(len(p.walkthrough.steps) + 1):
        p.jump.value = k
        assert (p.back.layout.width, p.counter.layout.width, p.next.layout.width) == fixed
        counters.add(p.counter.value)
    assert len(counters) == len(p.walkthrough.steps) + 1 and all("rt-counter" in c for c in counters)
    assert p.jump.layout.width == "auto" and p.jump.layout.max_width == "100%"
    # the teacher's controls are the page's, on the tab bar's line (not a row of the Present tab)
    assert p.notes_toggle not in bar.children and with_class(app.widget, "rt-phead-tools")[0].children == (
        p.picker, p.stops, p.notes_link, p.notes_toggle)
    assert p.head in app.widget.children and "rt-present-tools" in p.head._dom_classes
    assert not with_class(p.widget, "rt-phead-tools")
    assert p.step.widget.layout.width in (None, "", "auto")


def test_next_back_jump_follow_play_to(walk_file):
    app = PresenterApp(paths=[walk_file])
    p, wt = app.present, load_walkthrough(walk_file)
    assert "Welcome, room." in p.narration.value
    p.next.click()
    p.next.click()
    assert p.position == 2 and p.session.state == play_to(wt, 2).state
    assert "Say 2" in p.narration.value and p.jump.value == 2
    p.back.click()
    assert p.position == 1 and p.session.state == play_to(wt, 1).state and "Say 1" in p.narration.value
    p.jump.value = 5
    assert p.position == 5 and p.session.state == play_to(wt, 5).state and "Say 5" in p.narration.value
    p.jump.value = 6
    assert p.next.disabled and "last step" in p.narration.value
    p.next.click()  # disabled in the page; clicking in-process stays at the end
    assert p.position == 6
    p.jump.value = 0
    assert p.position == 0 and p.back.disabled and p.session.state == play_to(wt, 0).state
    assert [label.split(" · ")[0] for label, _ in p.jump.options] == [str(i) for i in range(7)]
    assert not app.errors.output.outputs


def test_current_step_reuses_its_heading_and_step_boxes(walk_file):
    from ipywidgets.widgets.widget import _instances

    app = PresenterApp(paths=[walk_file])
    p = app.present
    p.next.click()
    p.next.click()
    heading, *step2 = p.step.widget.children
    p.back.click()
    head1, *step1 = p.step.widget.children
    assert head1 is heading and step1 != step2 and "Step 1 ·" in step1[0].value
    p.next.click()
    assert p.step.widget.children == (heading, *step2)  # the same widgets again, nothing rebuilt
    before = set(_instances)
    for _ in range(3):
        p.back.click()
        p.next.click()
    assert set(_instances) <= before  # Back / Next over seen steps builds no widget
    p.jump.value = 0
    before_first, *setup = p.step.widget.children
    assert "Before the first step" in before_first.value and "Set-up" in setup[0].value
    # the column: the list and the rule card scroll together, then (outside what scrolls) the "more below" line
    # (trial 16, U5: pinned over the list it covered a chip's words) and the key of the provisional mark
    scroll, more, key = p.widget.children[-1].children[1].children
    assert "rt-pside-scroll" in scroll._dom_classes and scroll.children == (p.step.widget, p.clause_card.widget)
    assert "rt-more-below" in more._dom_classes and "more below" in more.value
    assert "rt-pkey" in key._dom_classes and "the rulebook does not print" in key.value
    # then each event's text (tutor-event) and its clause chip (tutor-clause), side by side
    assert all("tutor-event" in x._dom_classes for x in setup[1::2]) and setup[1::2]
    assert all("tutor-clause" in x._dom_classes for x in setup[2::2])
    p.jump.value = 2
    assert p.step.widget.children[0] is heading
    assert not p.clause_card.pop_out  # beside the step's chips: the presenter's card stays in place
    assert not app.errors.output.outputs


def test_step_events_have_clause_chips(walk_file):
    app = PresenterApp(paths=[walk_file])
    p = app.present
    p.jump.value = 3
    events = with_class(p.step.widget, "tutor-event")
    assert len(events) == len(p.session.history[-1].events) >= 1
    chips = with_class(p.step.widget, "tutor-clause")
    assert chips and len(chips) == len(events)
    chips[0].click()
    assert p.model.clause_id == p.session.history[-1].events[0].clause
    assert p.model.clause_id in p.clause_card.html.value
    assert "rt-board" in p.board.html.value


def test_teacher_notes_toggle(walk_file):
    app = PresenterApp(paths=[walk_file])
    p = app.present
    p.jump.value = 2
    assert p.notes_box.layout.display == "none" and "tutor-teacher-notes" in p.notes_box._dom_classes
    assert "note 2" in p.notes.value and "note 2" not in p.narration.value
    p.notes_toggle.value = True
    assert p.notes_box.layout.display == "" and p.notes_toggle.description == "Hide teacher notes"
    p.next.click()
    assert "No teacher notes" in p.notes.value
    p.notes_toggle.value = False
    assert p.notes_box.layout.display == "none"


def test_step_that_no_longer_plays_is_reported(walk_file, tmp_path):
    wt = load_walkthrough(walk_file)
    # (an Id of its own: a later file with a listed Id is refused, issue 14)
    bad = wt.model_copy(update={"id": "six-bad", "steps": [wt.steps[0], wt.steps[0]] + wt.steps[2:]})
    path = tmp_path / "bad.yaml"
    path.write_text(dump(bad), encoding="utf-8")
    app = PresenterApp(paths=[walk_file, path])
    p = app.present
    p.picker.value = str(path)
    assert p.walkthrough.id == "six-bad" and p.position == 0
    # said as soon as it is chosen, not when Next reaches the step in front of the room, in the page's numbering, to
    # the teacher only (the Record tab's list of files, a line in the notes window): never on the projected page
    said = p.problems.value
    assert "<b>bad.yaml</b>: can be shown up to step 1 of 6: its step 2" in said
    assert "steps[" not in said and "counted from 0" not in said  # (trial 26: the file's own numbering)
    assert errors_text(app) == "" and p.problems not in list(_walk(p.widget))
    assert p.jump.options[-1][1] == 1  # the Jump list offers the steps that play
    p.next.click()
    assert p.position == 1 and p.next.disabled  # Next stops before the step that does not play
    p.next.click()
    p.go(4)  # (a jump past it: stopped there too)
    assert p.position == 1 and p.jump.value == 1 and p.problems.value == said  # nothing piles up
    assert "(1 file;" in said and errors_text(app) == ""
    p.picker.value = str(walk_file)  # another walkthrough: the file's problem stays in the teacher's list
    assert errors_text(app) == "" and p.position == 0 and p.problems.value == said


def play_and_narrate(rec, n: int) -> None:
    for i in range(n):
        rec.app.actions.action_buttons[0].click()
        rec.narration.value = f"Recorded {i + 1}"
        if i == 1:
            rec.notes.value = "ask the room"


def test_record_save_load_and_present(walk_file, folder):
    app = PresenterApp(paths=[walk_file])
    rec = app.open_recorder()
    assert app.tabs.selected_index == 1
    rec.start_from.value = f"start:{walk_file}"
    rec.begin_button.click()
    assert not rec.session.history and rec.narration.disabled
    assert rec.intro.value == "Welcome, room."
    assert rec.wid.value == "my-six" and rec.path.value == "my-six"
    play_and_narrate(rec, 4)
    assert not rec.narration.disabled and rec.narration.value == "Recorded 4"
    rec.app.controls.undo.click()
    assert rec.narration.value == "Recorded 3"
    rec.app.controls.redo.click()
    assert rec.narration.value == "Recorded 4"
    rec.app.controls.undo.click()
    rec.app.controls.undo.click()
    assert rec.notes.value == "ask the room"
    rec.app.controls.redo.click()
    rec.app.controls.redo.click()
    rec.wid.value = "my-four"
    rec.title.value = "Four recorded steps"
    target = folder / "my-four.yaml"
    assert rec.path.value == "my-four" and f"in the saved walkthroughs ({folder.name})" in rec.folder.value
    assert str(folder.parent) not in rec.folder.value  # the server's folders are never shown (attack 20)
    rec.save.click()
    assert errors_text(app) == ""
    assert target.exists() and rec.yaml.value == target.read_text(encoding="utf-8")
    assert "Saved 4 steps as my-four.yaml" in rec.status.value
    assert str(folder) not in rec.status.value  # the file's name, never the server's folders (attack 18, L1)
    back = load_walkthrough(target)
    assert back.id == "my-four" and back.title == "Four recorded steps" and back.intro == "Welcome, room."
    assert [s.narration for s in back.steps] == [f"Recorded {i}" for i in range(1, 5)]
    assert [s.notes for s in back.steps] == ["", "ask the room", "", ""]
    assert play_to(back, len(back.steps)).state == rec.session.state
    p = app.present
    assert str(target) in [v for _, v in p.picker.options]
    assert f"edit:{target}" in [v for _, v in rec.start_from.options]
    p.picker.value = str(target)
    for _ in back.steps:
        p.next.click()
    assert p.position == 4 and p.session.state == rec.session.state and "Recorded 4" in p.narration.value


def test_edit_mode_fills_in_narration(walk_file):
    app = PresenterApp(paths=[walk_file])
    rec = app.open_recorder()
    rec.start(f"edit:{walk_file}")
    assert len(rec.session.history) == 6 and rec.narration.value == "Say 6"
    rec.app.controls.undo.click()
    rec.app.controls.undo.click()
    assert rec.narration.value == "Say 4" and rec.notes.value == "note 4"
    assert rec.walkthrough().steps[1].notes == "note 2"


def test_recorder_seed_box_keeps_seeds_it_can_show(folder):
    """The recorder's seed box is the free-play one: a seed past SEED_MAX, below 0 or not a whole number is put
    back, with a note, and the recording starts from the seed kept."""
    rec = PresenterApp().open_recorder()
    rec.seed.value = "9"
    rec.seed.set_state({"value": "1" + "0" * 23})  # a 24-digit seed
    assert rec.seed.value == "9" and rec.seed_box.note.layout.display is None
    assert "is too large. The seed stays 9." in rec.seed_box.note.value
    rec.seed.value = "-4"
    assert rec.seed.value == "9" and "-4 is below 0" in rec.seed_box.note.value
    rec.start("free")  # the press that comes with a refused seed starts nothing (attack 26), the next one does
    assert "Nothing was started: press Start recording again to play seed 9." in rec.seed_box.note.value
    rec.start("free")
    assert rec.session.game.seed == 9 and rec.seed_box.note.layout.display == "none"  # it started: the note goes


def test_a_refused_seed_keeps_the_recording_as_it_was(folder):
    """Attack 26 (data loss): two moves played, notes typed, then "-1" or "abc" in Seed and Start recording: the
    note said "The seed stays 1" but a new game started, the moves and notes gone and Undo greyed out. A refused
    seed changes nothing: moves, notes and Undo stay, only the note shows."""
    rec = PresenterApp().open_recorder()
    rec.start("free")
    for _ in range(2):
        rec.app.actions.action_buttons[0].click()
    rec.notes.value = "my precious notes"
    old, moves = rec.session, [st.action.id for st in rec.session.history]
    for typed in ("-1", "abc"):
        rec.seed.value = typed
        rec.begin_button.click()
        assert rec.session is old and [st.action.id for st in rec.session.history] == moves
        assert rec.notes.value == "my precious notes" and rec.walkthrough().steps[1].notes == "my precious notes"
        assert not rec.app.controls.undo.disabled and rec.seed.value == "1"
        assert "The seed stays 1. Nothing was started: press Start recording again" in rec.seed_box.note.value
    assert len(moves) == 2 and not rec.errors.output.outputs


def test_free_game_recording_and_default_narration(folder):
    app = PresenterApp()
    rec = app.open_recorder()
    rec.players.value, rec.seed.value = 3, "5"
    rec.start("free")
    assert rec.session.game.players == 3 and rec.session.game.seed == 5
    assert rec.path.value == "my-walkthrough"
    rec.wid.value = "Room 12: guides!"
    assert rec.path.value == "room-12--guides"
    rec.app.actions.action_buttons[0].click()
    label = rec.session.history[0].action.label
    assert plain_label(label) in rec.narration.placeholder and "[provisional]" not in rec.narration.placeholder
    rec.path.value = "free"
    rec.save.click()
    back = load_walkthrough(folder / "free.yaml")
    assert back.id == "room-12--guides"  # the id is kept to a plain name, like the file's
    assert back.steps[0].narration == spoken(label) and back.setup.players == 3  # (no "[provisional]", session 32)
    assert play_to(back, 1).state == rec.session.state


def test_the_record_form_folds_its_long_boxes_and_the_board_is_compact(folder):
    """Trial 27: after Start recording the board and the actions were far below the fold (intro, intro notes and the
    YAML box open above them, narration and notes one under the other) and the board had lines twice as high. Now
    the intro, its notes and the YAML fold under one line (opened by Show YAML), narration and notes sit side by
    side, and the board has the learn pages' compact look."""
    rec = PresenterApp().open_recorder()
    assert "rt-compact" in rec.app.widget._dom_classes
    assert rec.more.selected_index is None and rec.intro in rec.more.children[0].children
    assert rec.yaml in rec.more.children[0].children
    assert any(getattr(x, "children", ()) == (rec.narration, rec.notes) for x in _walk(rec.app.widget))  # side by side
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.show_yaml.click()
    assert rec.more.selected_index == 0 and "steps:" in rec.yaml.value


@pytest.mark.parametrize("game", ["spirited", "spirit-duels"])
def test_a_walkthrough_is_recorded_from_a_fresh_game_of_any_game(folder, game):
    """The Restless Spirits page's recorder starts a fresh game of the other games too (a player count the game
    does not offer becomes one it does), and what it saves plays back to the same state."""
    rec = PresenterApp(game_id="restless-spirits").open_recorder()
    assert f"free:{game}" in [v for _, v in rec.start_from.options]
    rec.players.value = 4  # Spirit Duels is for 2 players only
    rec.start(f"free:{game}")
    assert rec.session.game_id == game and not rec.session.history
    assert rec.session.game.players in type(rec.session.game).player_counts
    for _ in range(2):
        rec.app.actions.action_buttons[0].click()
    rec.path.value = f"fresh-{game}"
    rec.save.click()
    back = load_walkthrough(folder / f"fresh-{game}.yaml")
    assert back.setup.game == game and len(back.steps) == 2
    assert play_to(back, 2).state == rec.session.state


def test_refuses_to_overwrite_unless_ticked(walk_file, folder):
    app = PresenterApp(paths=[walk_file])
    rec = app.open_recorder()
    rec.start(f"start:{walk_file}")
    play_and_narrate(rec, 2)
    folder.mkdir()
    target = folder / "again.yaml"
    target.write_text("keep me", encoding="utf-8")
    rec.path.value = "again.yaml"
    rec.save.click()
    assert target.read_text(encoding="utf-8") == "keep me"
    assert "already exists" in rec.status.value and "Not saved" in rec.status.value
    assert errors_text(app) == ""  # a reason for the user, not an error of the page
    rec.overwrite.value = True
    rec.save.click()
    assert load_walkthrough(target).steps[1].narration == "Recorded 2"
    assert "Saved 2 steps" in rec.status.value


def test_the_page_cannot_write_outside_the_walkthroughs_folder(folder):
    app = PresenterApp()
    rec = app.open_recorder()
    shipped = all_walkthroughs()[0]
    before = shipped.read_text(encoding="utf-8")
    rec.start(f"edit:{shipped}")
    rec.overwrite.value = True
    for where in (str(shipped), "../content/x.yaml", "sub/dir/x.yaml", "bad:id"):
        rec.path.value = where
        assert rec.save_file() is None
        assert "a to z, A to Z, 0 to 9, - and _" in rec.status.value and "Not saved" in rec.status.value
    assert shipped.read_text(encoding="utf-8") == before and not folder.exists()
    assert errors_text(app) == ""


@pytest.mark.parametrize("name,message", [
    ("notes.txt", "a to z, A to Z, 0 to 9, - and _"),
    ("   ", "a to z, A to Z, 0 to 9, - and _"),
    ("x.yaml", "is a file, not a folder"),  # the walkthroughs folder is a file here
])
def test_bad_name_or_folder_shows_next_to_the_button(walk_file, folder, monkeypatch, name, message):
    if name == "x.yaml":
        folder.write_text("a file, not a folder", encoding="utf-8")
    app = PresenterApp(paths=[walk_file])
    rec = app.open_recorder()
    rec.start(f"start:{walk_file}")
    play_and_narrate(rec, 1)
    rec.path.value = name
    rec.save.click()
    assert message in rec.status.value and "Not saved" in rec.status.value
    assert errors_text(app) == ""


def test_saving_nothing_is_refused(walk_file, folder):
    app = PresenterApp(paths=[walk_file])
    rec = app.open_recorder()
    rec.path.value = "empty.yaml"
    rec.save.click()
    assert "at least one move" in rec.status.value and not (folder / "empty.yaml").exists()


def test_record_helper_builds_the_same_walkthrough(walk_file):
    """The recorder's walkthrough equals tutor.walkthrough.record over the same session and texts."""
    app = PresenterApp(paths=[walk_file])
    rec = app.open_recorder()
    rec.start(f"edit:{walk_file}")
    wt = load_walkthrough(walk_file)
    assert rec.walkthrough() == Walkthrough(**{**wt.model_dump(), "id": "six", "title": "Six steps"})


@pytest.mark.parametrize("game_id", ["spirit-duels", "spirited"])
def test_recording_another_games_walkthrough_shows_that_games_board(game_id):
    from tutor.core.content import content_root
    path = content_root() / game_id / "walkthroughs" / "first-round.yaml"
    app = PresenterApp()
    rec = app.open_recorder()
    rec.start(f"start:{path}")
    assert rec.session.game_id == game_id
    rec.app.actions.action_buttons[0].click()
    rec.app.actions.action_buttons[0].click()
    assert errors_text(app) == ""
    from widgets.boards import board_for
    assert rec.app.board.board is board_for(game_id) and rec.app.actions.board is board_for(game_id)
    # the actions are grouped as that game's board groups them, its groups first
    order = list(board_for(game_id).GROUP_ORDER)
    assert list(rec.app.actions._groups)[:len(order)] == order
    rec.start("free")  # back to the page's own game
    assert rec.session.game_id == "restless-spirits" and errors_text(app) == ""
    assert rec.app.board.board is board_for("restless-spirits")


def test_saved_walkthroughs_are_listed_again_after_a_reload(folder):
    app = PresenterApp()
    rec = app.open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    rec.wid.value, rec.title.value = "room-12", "Room 12 opener"
    rec.save.click()
    assert (folder / "room-12.yaml").exists()
    again = PresenterApp()  # a reload builds the page anew
    labels = [label for label, _ in again.present.picker.options]
    assert "Room 12 opener (saved: room-12.yaml)" in labels
    assert labels[0] == "Restless Spirits: a first round, turn by turn"  # the shipped ones first
    (folder / "broken.yaml").write_text("meta: [", encoding="utf-8")
    third = PresenterApp()
    assert not any("broken" in label for label, _ in third.present.picker.options)  # never offered (trial 26)
    # named by its file name, with its reason, in one folded box under the title: never raw lines or a server path
    assert errors_text(third) == "" and not third.errors.output.outputs
    box = third.present.problems.value
    assert box.startswith("<details") and "<b>broken.yaml</b>: " in box and "(1 file;" in box
    assert str(folder) not in box and "Traceback" not in box
    # in the Record tab (the teacher's), never on the projected Present tab (trial 23)
    assert third._record_box.children[0] is third.present.problems
    assert third.present.problems not in list(_walk(third.present.widget))
    only_duels = PresenterApp("spirit-duels")  # another game's saved walkthrough is not offered
    assert not any("Room 12" in label for label, _ in only_duels.present.picker.options)


def test_clicker_keys_press_next_and_back_in_the_present_tab_only(walk_file):
    """A presentation clicker's keys (Right / Page Down = Next, Left / Page Up = Back) are handled by a small script
    in a hidden Output of the Present tab, which clicks the shown button carrying the key's CSS class: here each key
    is simulated as that click (the script itself is checked in a browser: tests/browser/test_presenter_keys.py).
    The script loads nothing, and the Record tab (with its text boxes) holds none."""
    from widgets.presenter import CLICKER_KEYS, KEYS_JS

    assert CLICKER_KEYS == {"ArrowRight": "tutor-presenter-next", "PageDown": "tutor-presenter-next",
                            "ArrowLeft": "tutor-presenter-back", "PageUp": "tutor-presenter-back"}
    app = PresenterApp(paths=[walk_file])
    p = app.present
    [keys] = with_class(app.widget, "tutor-presenter-keys")
    assert keys is p.keys and keys in p.widget.children and keys.layout.display == "none"
    [out] = keys.outputs
    assert out["output_type"] == "display_data" and out["data"]["application/javascript"] == KEYS_JS
    assert out["data"]["text/plain"] == ""  # where notebook JavaScript does not run, nothing shows
    for word in ("http", "//", "import", "fetch", "src", "eval"):
        assert word not in KEYS_JS, word
    # typing in a text box is left alone; a drop-down that keeps the focus after a choice is not typing
    assert "'input:not([type=checkbox])" in KEYS_JS and "textarea, [contenteditable]" in KEYS_JS
    assert "select" not in KEYS_JS
    for key, cls in CLICKER_KEYS.items():
        assert f'"{key}": "{cls}"' in KEYS_JS

    def press(key: str) -> None:
        [button] = with_class(p.widget, CLICKER_KEYS[key])
        assert isinstance(button, w.Button) and not button.disabled
        button.click()

    for key, moves in (("ArrowRight", 1), ("PageDown", 2), ("ArrowLeft", 1), ("PageUp", 0), ("PageDown", 1)):
        press(key)
        assert p.position == moves
        assert (f"Say {moves}" if moves else "Welcome, room.") in p.narration.value
    assert "Page Down" in p.next.tooltip and "Page Up" in p.back.tooltip
    rec = app.open_recorder()
    assert not with_class(rec.widget, "tutor-presenter-keys")
    assert not any(with_class(rec.widget, cls) for cls in CLICKER_KEYS.values())
    assert errors_text(app) == ""


def test_large_saved_walkthroughs_are_listed_by_name_not_read(tmp_path, monkeypatch):
    """A folder of large walkthroughs someone else made: the page lists them by file name at once and reads one only
    when it is chosen."""
    from widgets import present_tab as presenter  # where the catalog reads the files
    from widgets.model import ErrorPanel
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path))
    big = tmp_path / "big.yaml"
    big.write_text("# padding\n" * 10_000)
    calls = []
    monkeypatch.setattr(presenter, "load_walkthrough", lambda p: calls.append(p))
    out = presenter.catalog([big], ErrorPanel())
    assert out == [(f"big (saved, {big.stat().st_size // 1024} KB: loads when chosen)", str(big))] and not calls


def test_a_folder_of_many_saved_walkthroughs_is_read_only_up_to_a_budget(tmp_path, monkeypatch):
    """The fresh attack's folder: 200 walkthroughs of 64 KB each, all read when the page opened (200 s). Each saved
    file over 16 KB, and every one after 128 KB of saved files read, is listed by name and read only when chosen."""
    from widgets import present_tab as presenter
    from widgets.model import ErrorPanel
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path))
    files = []
    for i in range(20):  # 12 KB each: under the per-file bound, 240 KB together
        f = tmp_path / f"w{i:02}.yaml"
        f.write_text("# padding\n" * 1_200)
        files.append(f)
    assert presenter.LIST_PARSE_BYTES == 16 * 1024 and presenter.LIST_PARSE_TOTAL == 128 * 1024
    calls = []
    monkeypatch.setattr(presenter, "load_walkthrough", lambda p: calls.append(p) or (_ for _ in ()).throw(
        presenter.ContentError(f"{p}: not a walkthrough", path=str(p))))
    refused: list[str] = []
    out = presenter.catalog(files, ErrorPanel(), refused=refused)
    assert [str(f) for f in calls] == [str(f) for f in files[:10]]  # 10 x 12 KB = 120 KB read
    # the 10 read do not load: named in ``refused``, not offered; the rest are offered by name
    assert len(refused) == 10 and refused[0].endswith("w00.yaml: not a walkthrough")
    assert [label for label, _ in out] == [f"w{i:02} (saved, 11 KB: loads when chosen)" for i in range(10, 20)]


def test_presenter_feeds_the_notes_window(walk_file, monkeypatch):
    """The hidden feed the notes window follows: the step counter, the notes and the next step for the step shown,
    as JSON in an escaped attribute (text, never markup); the page with ?notes=1 is the notes window itself."""
    import html
    import json
    import re

    from widgets.notes_window import NOTEBOOK
    from widgets.presenter import presenter_app

    app = PresenterApp(paths=[walk_file])
    p = app.present
    assert p.feed.layout.display == "none" and "tutor-notes-feed" in p.feed._dom_classes
    assert f'href="{NOTEBOOK}"' in p.notes_link.value and "Notes window" in p.notes_link.value

    def state():
        return json.loads(html.unescape(re.search(r'data-notes="([^"]*)"', p.feed.value).group(1)))

    wt = p.walkthrough
    s = state()
    assert (s["position"], s["total"], s["counter"]) == (0, len(wt.steps), f"Start · {len(wt.steps)} steps")
    assert s["notes"] == "" and s["next"].startswith("Step 1: ")
    p.next.click()
    s = state()
    assert s["counter"] == f"Step 1 of {len(wt.steps)}" and s["notes"] == wt.steps[0].notes
    assert s["now"] == (wt.steps[0].narration or p.session.history[0].action.label).replace("[provisional]", "†")
    p.jump.value = len(wt.steps)
    assert state()["next"] == "The end of the walkthrough."
    monkeypatch.setenv("QUERY_STRING", "notes=1")
    page = presenter_app()
    assert "tutor-notes-window" in page.children[2].value
    monkeypatch.setenv("QUERY_STRING", "")
    assert "tutor-presenter" in presenter_app()._dom_classes


def test_notes_window_takes_the_presenters_clicker_keys():
    from widgets import notes_window, presenter

    assert notes_window.CLICKER_KEYS == presenter.CLICKER_KEYS


def test_record_tab_boxes_have_real_placeholders_and_the_title_its_limit(folder):
    from widgets.record_tab import TITLE_LIMIT
    app = PresenterApp()
    rec = app.open_recorder()
    for box in (rec.wid, rec.title, rec.path):
        assert box.placeholder.startswith("e.g. ") and "\u200b" not in box.placeholder
    assert TITLE_LIMIT == 500
    rec.title.value = "x" * 600
    assert len(rec.title.value) == 500
    assert "A title has at most 500 characters" in rec.status.value
    assert "validation" not in rec.status.value.lower() and "pydantic" not in rec.status.value.lower()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    assert rec.save_file() is not None  # the title kept (500 characters) saves


def test_first_step_has_teacher_notes_and_they_round_trip(folder):
    """Trial 10, item 5: the first step (the walkthrough's start) said "No teacher notes for this step.". Every shipped
    walkthrough has notes for its start (``intro_notes``), shown in the notes box and sent to the notes window; the
    recorder keeps them (an "Intro notes" box) through save and load."""
    import html

    app = PresenterApp()
    p = app.present
    for _label, path in p.picker.options:
        p.open(path)
        wt = p.walkthrough
        assert wt.intro_notes.strip(), f"{path} has no teacher notes for its start"
        assert p.position == 0 and wt.intro_notes in html.unescape(p.notes.value)
        assert "No teacher notes" not in p.notes.value
        assert json_text(wt.intro_notes) in html.unescape(p.feed.value)
    rec = app.open_recorder()
    rec.start(f"edit:{p.picker.options[0][1]}")
    assert rec.intro_notes.value == load_walkthrough(p.picker.options[0][1]).intro_notes
    rec.intro_notes.value = "Show the room the Shrine first."
    saved = rec.walkthrough()
    assert saved.intro_notes == "Show the room the Shrine first."
    assert load_walkthrough(text=dump(saved)).intro_notes == "Show the room the Shrine first."


def json_text(text: str) -> str:
    import json
    return json.dumps(text, ensure_ascii=False)[1:-1]


def test_board_fit_script_and_tools_on_the_tab_line():
    """Trial 10, item 5: the presenter's board is scaled to its box by a small script (a hidden Output in the Present
    tab, nothing from the internet), between readable bounds; the teacher's controls are the page's line above the
    tabs (on the tab bar's line while presenting, shown with the Present tab only)."""
    from widgets.presenter_style import CSS, FIT_JS, FIT_MAX, FIT_MIN

    app = PresenterApp()
    p = app.present
    [fit] = with_class(p.widget, "tutor-board-fit")
    assert fit is p.fit and fit.layout.display == "none"
    assert fit.outputs[0]["data"]["application/javascript"] == FIT_JS
    assert "http" not in FIT_JS and ".rt-present .rt-pboard" in FIT_JS and "data-voila" in FIT_JS
    assert 0.7 <= FIT_MIN < 1 < FIT_MAX
    assert app.widget.children.index(p.head) < app.widget.children.index(app.tabs)
    assert ".rt-present.lm-mod-hidden) > .rt-present-tools { display: none" in CSS
    assert not with_class(app._record_box, "tutor-board-fit")


def test_record_tab_shows_a_busy_sign_until_the_recorder_is_made():
    """Trial 10, item 10: the Record tab said a bare "Loading the recorder…"; it is a busy sign (a turning ring and what
    is being made, ``role="status"``) until the recorder replaces it."""
    app = PresenterApp()
    files, sign = app._record_box.children  # (the teacher's list of files that do not load: none here, hidden)
    assert files is app.present.problems and files.value == "" and files.layout.display == "none"
    assert "rt-busy" in sign.value and 'role="status"' in sign.value and "recorder" in sign.value
    rec = app.open_recorder()
    assert app._record_box.children == (files, rec.widget)


def test_a_pre_heated_presenter_is_made_before_the_visit_and_follows_it(folder, walk_file, monkeypatch):
    """In a kernel Voila pre-heats (rules-tutor serve's --page-pool), presenter_app makes the presenter before it waits
    for the page's request (kernel_timing.wait_until_page_asked); at the visit, an address asking for the notes window
    gets it, and a walkthrough saved in the meantime is listed (the presenter is made again)."""
    import widgets.kernel_timing as kt
    import widgets.presenter as presenter
    from ipywidgets.widgets.widget import _instances

    made = presenter.PresenterApp
    order: list[str] = []
    monkeypatch.setattr(presenter, "PresenterApp", lambda *a, **k: order.append("made") or made(*a, **k))
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")

    def visit(query: str = "", then=lambda: None):
        def asked():
            order.append("asked")
            then()
            monkeypatch.setenv("QUERY_STRING", query)  # Voila sets the request's query at the visit
            kt._asked = True
            return True
        order.clear()
        monkeypatch.setattr(kt, "_asked", False)
        monkeypatch.setattr(kt, "wait_until_page_asked", asked)
        return presenter.presenter_app()

    page = visit()
    assert order == ["made", "asked"] and "tutor-presenter" in page._dom_classes  # made before the visit, kept
    # a notes window asked of a pre-heated kernel: the presenter made before is closed, the notes window shown
    before = set(_instances)
    page = visit("notes=1")
    assert order == ["made", "asked"] and "tutor-notes-window" in page.children[2].value
    assert not [m for m in set(_instances) - before if "tutor-presenter" in getattr(_instances[m], "_dom_classes", ())]
    # a walkthrough saved (in another tab) after the kernel was pre-heated: listed at the visit
    folder.mkdir(parents=True, exist_ok=True)
    page = visit(then=lambda: (folder / "room-7.yaml").write_text(walk_file.read_text(encoding="utf-8"),
                                                                   encoding="utf-8"))
    assert order == ["made", "asked", "made"]
    [picker] = with_class(page, "tutor-presenter-picker")
    assert "Six steps (saved: room-7.yaml)" in [label for label, _ in picker.options]
    page = visit()  # nothing changed since: made once
    assert order == ["made", "asked"]
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # a page's own kernel: no waiting
    order.clear()
    assert "tutor-presenter" in presenter.presenter_app()._dom_classes and order == ["made"]


def test_a_walkthrough_that_does_not_open_leaves_the_page_as_it_was(folder):
    """Choosing a saved walkthrough that cannot be read (here a large file of comments only, listed "loads when
    chosen"): the picker goes back to the walkthrough shown, the board and Next stay with it, and the message names
    the file by its name only, in a sentence (never the server's folder or a class name: fresh attack F4, session
    11)."""
    from widgets.present_tab import LIST_PARSE_BYTES

    folder.mkdir(parents=True, exist_ok=True)
    big = folder / "big.yaml"
    big.write_text("#" * (LIST_PARSE_BYTES + 10), encoding="utf-8")
    app = PresenterApp()
    p = app.present
    shown, title = p.picker.value, p.walkthrough.title
    p.next.click()
    assert p.position == 1
    assert any(v == str(big) for _label, v in p.picker.options)  # (not read yet: "loads when chosen")
    p.picker.value = str(big)
    assert p.picker.value == shown and p.where == shown and p.walkthrough.title == title
    assert p.position == 1  # not restarted: the walkthrough shown is left as it was
    p.next.click()
    assert p.position == 2
    assert errors_text(app) == ""  # nothing on the projected page: the teacher's list names it (trial 23)
    text = p.problems.value
    assert "<li><b>big.yaml</b>: " in text, text
    assert str(folder) not in text and "ContentError" not in text and "Traceback" not in text
    assert str(big) not in dict((v, label) for label, v in p.picker.options)  # no longer offered (trial 26)


def test_a_saved_walkthrough_over_the_size_limit_is_named_as_too_big_in_kb(folder):
    """Trial 22: a 3 MB saved walkthrough was listed "big (saved, 2930 KB: loads when chosen)" though it is over the
    2 MB limit of every file read, and choosing it said "file is 3001032 bytes; the limit is 2097152". It is not
    offered (trial 26), and the teacher's list names it as too big, both sizes in KB or MB, never in bytes."""
    from tutor.core.content import MAX_FILE_BYTES

    folder.mkdir(parents=True, exist_ok=True)
    big = folder / "bomb.yaml"
    big.write_text("#" * 3001032, encoding="utf-8")
    near = folder / "near.yaml"
    near.write_text("#" * (MAX_FILE_BYTES - 10), encoding="utf-8")  # under the limit: read when chosen, as before
    app = PresenterApp()
    p = app.present
    labels = {v: label for label, v in p.picker.options}
    assert str(big) not in labels  # never offered (trial 26): the Record tab's list names it, too big
    assert labels[str(near)] == "near (saved, 2047 KB: loads when chosen)", labels[str(near)]
    text = p.problems.value
    assert "<li><b>bomb.yaml</b>: the file is 2931 KB, over the limit of 2 MB</li>" in text, text
    assert "bytes" not in text and "3001032" not in text and "2097152" not in text, text


def test_jump_labels_are_whole_words_short_enough_for_a_projector():
    """Trial 13, item P1: the Jump list's labels were a step's narration cut at 70 characters, wider than the list's
    box at 1024x768 (cut mid-word there). Each label is now the step number and at most JUMP_WORDS characters of its
    narration: its first sentence when that fits, else whole words and "…" (measured to fit in
    tests/browser/test_presenter_board.py)."""
    from widgets.present_tab import JUMP_WORDS, jump_words

    assert jump_words("They Recruit the Babylonians card into Camp 1: the first step towards a March.") == (
        "They Recruit the Babylonians card into…")
    assert jump_words("The second bonus action is a Rally. The Greek goes into Player 1's Hand.") == (
        "The second bonus action is a Rally")
    assert jump_words("Player 1 passes.") == "Player 1 passes."
    app = PresenterApp(paths=[str(p) for p in all_walkthroughs(None)])
    p = app.present
    for path in [v for _, v in p.picker.options]:
        p.picker.value = path
        wt = load_walkthrough(path)
        labels = [label for label, _ in p.jump.options]
        assert len(labels) == len(wt.steps) + 1
        for i, label in enumerate(labels):
            number, words = label.split(" · ", 1)
            assert number == str(i) and len(words) <= JUMP_WORDS, label
            narration = " ".join((wt.steps[i - 1].narration if i else "Start: " + wt.intro).split())
            assert narration.startswith(words.rstrip("…").replace("[provisional]", "")) or words.endswith("…") and \
                narration.startswith(words[:-1]), (label, narration)
    assert not app.errors.output.outputs


def test_a_projected_walkthrough_names_whose_turn_it_is_and_a_recording_says_your_turn():
    """Trial 20: "YOUR TURN" showed on the projected page, which has no "you". Every built-in walkthrough, at its
    start, after a step, after Back and after a jump, shows one badge, "TO PLAY" (or the game's CHOOSING/DECIDING)
    after the name of the player whose turn it is; the recorder (a teacher playing the moves) keeps "YOUR TURN"."""
    import re

    app = PresenterApp()
    p = app.present
    for _label, path in p.picker.options:
        p.open(path)
        for k in (0, 1, 0, min(3, len(p.walkthrough.steps))):
            p.go(k)
            html = p.board.html.value
            badges = re.findall(r'<span class="rt-turn[^"]*">([^<]*)</span>', html)
            assert len(badges) == 1 and badges[0] in ("TO PLAY", "CHOOSING", "DECIDING"), (path, k, badges)
            assert "YOUR TURN" not in html
    rec = app.open_recorder()
    rec.start("free")
    assert "YOUR TURN" in rec.app.board.html.value


@pytest.mark.parametrize("start", ["free", "start", "edit"])
def test_what_the_teacher_typed_is_kept_through_start_recording(walk_file, folder, start):
    """Trial 21: Id, Title, Intro and notes typed before Start recording were put back to "my-walkthrough" / "My
    walkthrough" / empty, and the saved file had them empty. A box the teacher typed in keeps its text through
    Start recording (of any kind) and into the saved file; a box left alone follows the start chosen."""
    app = PresenterApp(paths=[walk_file])
    rec = app.open_recorder()
    rec.wid.value, rec.title.value = "room-7", "Room 7: the first round"
    rec.intro.value, rec.intro_notes.value = "Today we play a round.", "Ask who has played before."
    rec.start("free" if start == "free" else f"{start}:{walk_file}")
    assert (rec.wid.value, rec.title.value, rec.intro.value, rec.intro_notes.value) == (
        "room-7", "Room 7: the first round", "Today we play a round.", "Ask who has played before.")
    # editing names the edited file (trial 36: a name left in the box replaced another file); the Id typed stays
    assert rec.path.value == ("six" if start == "edit" else "room-7")
    rec.path.value = "room-7"
    if start != "edit":
        rec.app.actions.action_buttons[0].click()
    path = rec.save_file()
    assert path == (folder / "room-7.yaml").resolve(), rec.status.value
    back = load_walkthrough(path)
    assert (back.id, back.title, back.intro, back.intro_notes) == (
        "room-7", "Room 7: the first round", "Today we play a round.", "Ask who has played before.")
    # a later start keeps what was typed again; a box left as the recorder filled it follows the new start
    rec2 = PresenterApp(paths=[walk_file]).open_recorder()
    rec2.title.value = "Typed title"
    rec2.start(f"start:{walk_file}")
    assert (rec2.wid.value, rec2.title.value, rec2.intro.value) == ("my-six", "Typed title", "Welcome, room.")
    rec2.start("free")
    assert (rec2.wid.value, rec2.title.value, rec2.intro.value) == ("my-walkthrough", "Typed title", "")


def test_teacher_notes_keep_their_line_breaks(tmp_path):
    """Attack 39: notes written on several lines ("line1\\nline2\\n- item") ran together on one line on the presenter
    (the notes window kept them). The notes' text keeps its line breaks and the presenter's CSS shows them
    (white-space: pre-line); HTML in them stays text."""
    from widgets.presenter_style import CSS as PRESENTER_CSS
    shipped = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    s = begin(shipped)
    s.apply(s.legal_actions()[0])
    wt = record(s, id="lines", title="Lines", setup=shipped.setup, narration=["Say A\nSay B"],
                notes=["line1\nline2\n- item <b>x</b>"])
    path = tmp_path / "lines.yaml"
    path.write_text(dump(wt), encoding="utf-8")
    p = PresenterApp(paths=[path]).present
    p.jump.value = 1
    assert "line1\nline2\n- item &lt;b&gt;x&lt;/b&gt;" in p.notes.value
    rules = re.findall(r"\.tutor-teacher-notes \.rt-notes \{[^}]*\}", PRESENTER_CSS)
    assert any("white-space: pre-line" in r for r in rules), rules
    # verify 39: the narration too ("Say A\nSay B" showed as "Say A Say B")
    assert "Say A\nSay B" in p.narration.value
    rules = re.findall(r"\.tutor-narration \.rt-ntext \{[^}]*\}", PRESENTER_CSS)
    assert any("white-space: pre-line" in r for r in rules), rules
