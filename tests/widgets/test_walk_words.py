"""Trial 24, L: a walkthrough step that does not play was explained to the teacher with action ids and raw
"[provisional]" marks ("Details: attract(spirit=gonga) is not legal now; legal attract actions: Attract Jiangsu
(Trickster [provisional]) (attract:spirit=jiangsu); ..."), and the Record tab's narration box offered the label with
"[provisional]" too. The moves are said as a person says them and marked "†", as the rest of the page marks a value
the rulebook does not print."""
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
    bad = wt.model_copy(update={"steps": [first, *wt.steps[1:]]})
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
    path.write_text(dump(wt.model_copy(update={"steps": plain})), encoding="utf-8")
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
