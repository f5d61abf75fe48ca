"""Trial 24, L: a walkthrough step that does not play was explained to the teacher with action ids and raw
"[provisional]" marks ("Details: attract(spirit=gonga) is not legal now; legal attract actions: Attract Jiangsu
(Trickster [provisional]) (attract:spirit=jiangsu); ..."), and the Record tab's narration box offered the label with
"[provisional]" too. The moves are said as a person says them and marked "†", as the rest of the page marks a value
the rulebook does not print. (Each changed copy of the shipped walkthrough has an Id of its own: a later file with
a listed Id is refused, issue 14, tests/widgets/test_walk_same_id.py.)"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tutor.scenario_model import ActionRef
from tutor.walkthrough import all_walkthroughs, dump, load_walkthrough
from widgets import PresenterApp
from widgets.style import PROV

ID_LIKE = re.compile(r"\w+:\w+=|\w+\(\w+=")  # "attract:spirit=jiangsu", "attract(spirit=gonga)"


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """The walkthroughs folder the page saves into (never the real home folder in tests)."""
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path / "saved"))
    return tmp_path / "saved"


def _illegal_first_step(tmp_path, narration: str) -> Path:
    """The shipped first walkthrough with its first step attracting Gonga, who is not among the Lost Spirits (trial
    24's w05-illegal-step.yaml), its narration ``narration``."""
    wt = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    first = wt.steps[0].model_copy(update={"action": ActionRef(kind="attract", spirit="gonga"),
                                                "narration": narration})
    bad = wt.model_copy(update={"id": "w05-illegal-step", "steps": [first, *wt.steps[1:]]})  # (an Id of its own)
    path = tmp_path / "w05-illegal-step.yaml"
    path.write_text(dump(bad), encoding="utf-8")
    return path


def _said(p) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", p.problems.value))


@pytest.mark.parametrize("narration", ["", "Player 2 attracts Gonga"], ids=["no-narration", "narrated"])
def test_a_step_that_does_not_play_is_explained_without_ids(tmp_path, narration):
    path = _illegal_first_step(tmp_path, narration)
    app = PresenterApp(paths=[all_walkthroughs("restless-spirits")[0], path])
    p = app.present
    p.picker.value = str(path)
    said = _said(p)
    step = narration or "attract, spirit gonga"
    assert f"w05-illegal-step.yaml: can be shown up to step 0 of 12: its step 1 ({step}) is not a legal move" in said
    assert ("Details: the move it names (attract, spirit gonga) is not legal there; the moves of that kind there: "
            f"Attract Jiangsu (Trickster{PROV}); Attract Nalpa (Malicious{PROV}); Attract Nozawa (Malicious{PROV})."
            ) in said, said
    assert "[provisional]" not in said and not ID_LIKE.search(said), said
    assert p.position == 0 and p.next.disabled


def test_jump_list_and_notes_feed_say_a_step_without_narration_in_words(tmp_path):
    """A step the file gives no narration is offered in the Jump list and the notes window's "next" line by its move
    in words, never as ``kind(param=value)``."""
    wt = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    plain = [st.model_copy(update={"narration": ""}) for st in wt.steps]
    path = tmp_path / "plain.yaml"
    path.write_text(dump(wt.model_copy(update={"id": "plain", "steps": plain})), encoding="utf-8")
    p = PresenterApp(paths=[all_walkthroughs("restless-spirits")[0], path]).present
    p.picker.value = str(path)
    labels = [label for label, _ in p.jump.options]
    assert labels[1].startswith("1 · attract, spirit jiangsu"), labels[:3]
    assert not any(ID_LIKE.search(x) for x in labels), labels
    assert "attract, spirit jiangsu" in p.feed.value and not ID_LIKE.search(p.feed.value)


def test_record_tabs_narration_placeholder_marks_provisional_values_as_the_page_does(folder):
    rec = PresenterApp().open_recorder()
    rec.start("free")
    rec.app.actions.action_buttons[0].click()
    label = rec.session.history[0].action.label
    assert "[provisional]" in label  # (a value the rulebook does not print: Hana the Keeper's name)
    assert rec.narration.placeholder == f"What to say (left empty: “{label.replace(' [provisional]', PROV)}”)"


def test_a_step_naming_a_card_that_does_not_exist_is_said_as_a_teacher_would(tmp_path):
    """Trial 26: "(attract, spirit __class__)… see steps[0] (counted from 0)". The step is counted from 1 and its
    move said in words; "steps[0]" and "counted from 0" are never shown."""
    wt = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    first = wt.steps[0].model_copy(update={"action": ActionRef(kind="attract", spirit="__class__"), "narration": ""})
    path = tmp_path / "ghost.yaml"
    path.write_text(dump(wt.model_copy(update={"id": "ghost", "steps": [first, *wt.steps[1:]]})), encoding="utf-8")
    p = PresenterApp(paths=[all_walkthroughs("restless-spirits")[0], path]).present
    p.picker.value = str(path)
    said = _said(p)
    assert ("ghost.yaml: can be shown up to step 0 of 12, so Next stops before step 1: the move names a Spirit that "
            "does not exist: __class__; the moves of that kind there: Attract Jiangsu") in said, said
    assert "steps[" not in said and "counted from 0" not in said and "spirit __class__" not in said, said


def test_the_present_tab_says_where_a_walkthrough_stops_and_why_to_the_teacher(tmp_path):
    """Trial 26: a walkthrough that stops early said nothing on the Present tab (only the Record tab's list). A quiet
    line in the presenter's controls says where it stops (why on hover), the teacher notes and the notes window say
    why, in words without ids; the projected narration and board say nothing of it."""
    path = _illegal_first_step(tmp_path, "Player 2 attracts Gonga")
    p = PresenterApp(paths=[all_walkthroughs("restless-spirits")[0], path]).present
    assert p.stops.layout.display == "none" and p.stops.value == ""  # the shipped one plays to its end
    p.picker.value = str(path)
    why = "This walkthrough stops at its start: step 1 cannot be played (its move is not a legal move at that point)."
    assert p.stops.layout.display == "" and ">⚠ Stops at its start</span>" in p.stops.value
    assert f'title="{why}"' in p.stops.value
    assert p.stops in p.head.children[1].children  # the presenter's controls (on the tab bar's line)
    assert html.escape(why, quote=False) in p.notes.value  # the teacher notes (hidden while projecting)
    assert why in html.unescape(p.feed.value)  # the notes window's next-step line
    assert "stops" not in p.narration.value and not ID_LIKE.search(p.notes.value + p.stops.value)
    p.picker.value = str(all_walkthroughs("restless-spirits")[0])  # a walkthrough that plays: the line goes
    assert p.stops.layout.display == "none" and "stops at" not in p.notes.value


def test_the_quiet_line_counts_the_steps_that_play(tmp_path):
    """A walkthrough whose third step does not play stops at step 2 (of 12), the line and the notes say so."""
    wt = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    steps = [*wt.steps[:2], wt.steps[0], *wt.steps[3:]]
    path = tmp_path / "again.yaml"
    path.write_text(dump(wt.model_copy(update={"id": "again", "steps": steps})), encoding="utf-8")
    p = PresenterApp(paths=[all_walkthroughs("restless-spirits")[0], path]).present
    p.picker.value = str(path)
    assert ">⚠ Stops at step 2 of 12</span>" in p.stops.value
    assert "This walkthrough stops at step 2 of 12: step 3 cannot be played (" in html.unescape(p.notes.value)
