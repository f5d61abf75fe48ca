"""Trial 26: the FAQ explorer's what-if number box read "1e10" as 1 and "0.5" as 0 (the browser's number box keeps the
digits it can read). The box is text read by the kernel: anything but a whole number in the counter's range is
refused with a message naming the box, and the set-up stays as it was; every what-if number box is this one box."""
from __future__ import annotations

import json

import ipywidgets as w
import pytest

from tutor import faq
from widgets import FaqExplorer
from widgets.faq_whatif import whole_number
from widgets.panels import _walk


@pytest.fixture(scope="module")
def index() -> faq.Index:
    return faq.build_index()


@pytest.mark.parametrize("typed", ["1e10", "0.5", "", " ", "21", "-1", "5 AP", "0x5", "٣", "9" * 30])
def test_anything_but_a_whole_number_in_range_is_refused_and_changes_nothing(index, typed):
    ex = FaqExplorer("faq-double-totem", index=index)
    ex.counter.value = "p1.ap"
    before = json.dumps(ex.scenario.model_dump(mode="json"), sort_keys=True)
    ex.counter_num.value = typed
    ex.apply_counter.click()
    said = ex.edit_error.value
    assert "The New value box for Player 1&#x27;s AP takes a whole number from 0 to 20: " in said, said
    assert "Nothing was changed." in said and 'role="alert"' in said
    assert not ex.edits and json.dumps(ex.scenario.model_dump(mode="json"), sort_keys=True) == before
    assert ex.compare_html.value == ""


def test_a_whole_number_in_range_is_set_and_the_message_goes(index):
    ex = FaqExplorer("faq-double-totem", index=index)
    ex.counter.value = "p1.ap"
    ex.counter_num.value = "0.5"
    ex.apply_counter.click()
    assert "tutor-faq-error" in ex.edit_error.value
    ex.counter_num.value = " 7 "
    ex.apply_counter.click()
    assert ex.edits == [faq.SetCounter("p1.ap", 7)] and ex.edit_error.value == ""


def test_the_explorer_has_one_number_box_and_it_is_text():
    ex = FaqExplorer("faq-double-totem")
    boxes = [x for x in _walk(ex.widget) if isinstance(x, (w.IntText, w.FloatText, w.BoundedIntText,
                                                            w.BoundedFloatText))]
    assert boxes == [] and isinstance(ex.counter_num, w.Text)


def test_whole_number_words():
    assert whole_number("+3", 0, 5, "The box") == 3
    with pytest.raises(ValueError, match=r"^The box takes a whole number from 1 to 3: it is empty\. Nothing"):
        whole_number("", 1, 3, "The box")
    with pytest.raises(ValueError, match="“123456789ab…” is not one"):
        whole_number("123456789abcdef", 1, 3, "The box")
    # attack 28: a zero-width space before the digit was echoed as it is, and read on screen as "“2” is not one"
    with pytest.raises(ValueError, match=r"“\\u200b2” is not one"):
        whole_number("\u200b2", 0, 20, "The box")
    with pytest.raises(ValueError, match=r"“1\\x07” is not one"):
        whole_number("1\a", 0, 20, "The box")


def test_setting_a_counter_to_the_value_it_has_changes_nothing_and_says_so(index):
    """Trial 32: "Set" to the value a fact already had was listed as a change ("Your changes: Player 1's AP: 2") and
    compared as one. Now it is said to change nothing, and the list, the comparison and Save stay as they were."""
    ex = FaqExplorer("faq-buy-at-hand-limit", index=index)
    ex.counter.value = "p1.ap"
    assert ex.counter_num.value == "2"  # the value the question starts with
    ex.apply_counter.click()
    assert ex.edit_error.value == ('<div class="rt-muted rt-faq-same" role="status">Nothing changes: the set-up '
                                   "already has that (Player 1&#x27;s AP: 2).</div>")
    assert ex.edits == [] and ex.edit_list.value == "" and ex.compare_html.value == ""
    assert ex.save_bar.layout.display == "none"
    ex.counter_num.value = "3"  # a real change is made as before, and the note goes
    ex.apply_counter.click()
    assert ex.edits == [faq.SetCounter("p1.ap", 3)] and ex.edit_error.value == ""
    assert "Player 1&#x27;s AP: 3" in ex.edit_list.value
    ex.apply_counter.click()  # 3 again: nothing changes, the change made stays listed
    assert ex.edits == [faq.SetCounter("p1.ap", 3)] and "Nothing changes" in ex.edit_error.value
    ex.turn_seat.value = 1  # the turn it already is
    ex.apply_turn.click()
    assert ex.edits == [faq.SetCounter("p1.ap", 3)] and "Nothing changes" in ex.edit_error.value


def test_a_hidden_character_is_shown_escaped_as_the_seed_box_shows_it():
    """Attack 35 (low): a NUL read "[U+0000]" in the what-if's number box and "\\x00" in the Seed box."""
    import pytest
    with pytest.raises(ValueError) as exc:
        whole_number("\x002", 0, 20, "The New value box for AP")
    assert str(exc.value) == ("The New value box for AP takes a whole number from 0 to 20: “\\x002” is not one. "
                              "Nothing was changed.")
    with pytest.raises(ValueError) as exc:
        whole_number("\u200b2", 0, 20, "The New value box for AP")
    assert "“\\u200b2” is not one" in str(exc.value)
