"""A presentation clicker in the teacher's presenter, in a real browser: its keys (Right / Page Down = Next, Left /
Page Up = Back) step the Present tab, also while a drop-down just chosen from keeps the focus; typing in a text box
or editable text, keys with a modifier, and anything while the Record tab is shown are left alone (widgets/presenter.py, ``KEYS_JS``).

* The script on a small page of its own (no server): which keys click which button, when, and that it is installed
  once however often it runs.
* The teacher-walkthrough page under ``rules-tutor serve``: the keys step the walkthrough, and arrow keys still move
  the caret in the Record tab's text boxes without stepping it.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from widgets.presenter import KEYS_JS

pytestmark = [pytest.mark.browser]

RENDER_MS = 60_000  # a kernel start plus the notebook's cells
CLICK_MS = 20_000  # a click's round trip to the kernel and back

# The presenter's shape as far as the script is concerned: a root, its Present tab (rt-present) with Back and Next,
# a jump drop-down and (here, to try typing) text controls, and a Record tab (hidden until shown).
PAGE = """<!DOCTYPE html><html><body data-voila="voila" style="margin:0">
<div class="tutor-presenter">
  <div class="rt-present" id="present">
    <button class="tutor-presenter-back" id="back">Back</button>
    <button class="tutor-presenter-next" id="next">Next</button>
    <button id="other">Show teacher notes</button>
    <select id="jump"><option>0</option><option>1</option><option>2</option></select>
    <input id="text" value="ab"><textarea id="area">ab</textarea><div id="edit" contenteditable="true">ab</div>
  </div>
  <div class="rt-record" id="record" style="display: none">
    <input id="title" value="ab"><button id="act">Play a move</button>
  </div>
</div>
<div style="height: 4000px"></div>
<script>
  window.clicks = [];
  for (const b of document.querySelectorAll('button')) { b.addEventListener('click', () => clicks.push(b.id)); }
</script>
</body></html>"""


def _press(page, *keys: str) -> None:
    """Press ``keys`` one after the other."""
    for key in keys:
        page.keyboard.press(key)


def _clicks(page) -> list[str]:
    return page.evaluate("window.clicks.splice(0)")


def _blur(page) -> None:
    """Nothing focused: the key goes to the page's body."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    assert page.evaluate("document.activeElement === document.body")


def test_clicker_script_on_its_own(tutor_page):
    page = tutor_page.page
    page.set_content(PAGE)
    page.add_script_tag(content=KEYS_JS)
    page.add_script_tag(content=KEYS_JS)  # a second run (the output shown again) adds no second listener

    # the Present tab shown, nothing focused (the body): each key presses its button, once
    for key, button in (("ArrowRight", "next"), ("PageDown", "next"), ("ArrowLeft", "back"), ("PageUp", "back")):
        page.keyboard.press(key)
        assert _clicks(page) == [button], key
    assert page.evaluate("scrollY") == 0  # Page Down stepped the walkthrough, it did not scroll the page
    # a button of the presenter has the focus (Next after a mouse click, the notes toggle): the same
    page.focus("#other")
    page.keyboard.press("ArrowRight")
    assert _clicks(page) == ["next"]
    # outside Voila (JupyterLab: the notebook's own keys), only with the focus in the Present tab
    page.evaluate("document.body.removeAttribute('data-voila')")
    page.keyboard.press("ArrowLeft")
    _blur(page)
    page.keyboard.press("ArrowLeft")
    assert _clicks(page) == ["back"]
    page.evaluate("document.body.setAttribute('data-voila', 'voila')")
    # with a modifier key the browser's own shortcut stays (Alt+Left is Back in history, say)
    _blur(page)
    for key in ("Shift+ArrowRight", "Control+ArrowRight", "Alt+PageDown", "Meta+ArrowLeft"):
        page.keyboard.press(key)
    assert _clicks(page) == []

    # typing: the keys move the caret or change the choice, as always
    page.focus("#text")
    _press(page, "End", "ArrowLeft")
    page.keyboard.type("X")
    assert page.input_value("#text") == "aXb"
    page.focus("#area")
    _press(page, "PageDown", "PageUp", "ArrowRight")
    page.keyboard.type("X")
    assert page.input_value("#area") == "aXb"
    page.focus("#edit")
    _press(page, "ArrowRight", "ArrowLeft")
    assert _clicks(page) == []
    # a drop-down keeps the focus after a choice: the clicker steps the walkthrough, the choice stays
    page.select_option("#jump", "1")
    page.focus("#jump")
    _press(page, "ArrowRight", "PageDown", "ArrowLeft", "PageUp")
    assert _clicks(page) == ["next", "next", "back", "back"]
    assert page.input_value("#jump") == "1"
    # there Down and Up step too (trial 15: ArrowDown on the Walkthrough list chose another walkthrough)
    _press(page, "ArrowDown", "ArrowUp")
    assert _clicks(page) == ["next", "back"]
    assert page.input_value("#jump") == "1"

    # Next disabled (the last step): nothing is clicked, and the key still does not scroll the presenter away
    page.evaluate("document.getElementById('next').disabled = true")
    _blur(page)
    page.evaluate("scrollTo(0, 0)")
    page.keyboard.press("PageDown")
    assert _clicks(page) == [] and page.evaluate("scrollY") == 0
    page.evaluate("document.getElementById('next').disabled = false")

    # the Record tab shown (the Present tab hidden): keys are the page's own again, focus anywhere
    page.evaluate("present.style.display = 'none'; record.style.display = ''")
    page.focus("#title")
    _press(page, "End", "ArrowLeft")
    page.keyboard.type("X")
    assert page.input_value("#title") == "aXb"
    page.focus("#act")
    _press(page, "ArrowRight", "ArrowLeft")
    _blur(page)
    page.evaluate("scrollTo(0, 0)")
    page.keyboard.press("PageDown")
    assert _clicks(page) == []
    page.wait_for_function("scrollY > 0")  # Page Down scrolls the page again
    tutor_page.assert_clean()


@pytest.mark.slow
def test_clicker_steps_the_teacher_walkthrough_page(tutor_server, tutor_page):
    page = tutor_page.page
    page.goto(tutor_server + "/voila/render/teacher-walkthrough.ipynb")
    counter = page.locator(".rt-present .rt-counter")
    expect(counter).to_have_text(re.compile(r"Start · \d+ steps"), timeout=RENDER_MS)
    # the counter's words fit its box (210 px cut "Start · 12 st…")
    assert counter.evaluate("e => e.scrollWidth <= e.clientWidth"), counter.evaluate("e => [e.scrollWidth, e.clientWidth]")
    narration = page.locator(".rt-present .tutor-narration")
    expect(narration).to_contain_text("Introduction")
    for key, shown in (("ArrowRight", "Step 1 of"), ("PageDown", "Step 2 of"), ("ArrowLeft", "Step 1 of"),
                       ("PageUp", "Start ·")):
        page.keyboard.press(key)
        expect(counter).to_contain_text(shown, timeout=CLICK_MS)
    expect(narration).to_contain_text("Introduction")
    page.keyboard.press("ArrowRight")
    expect(counter).to_contain_text("Step 1 of", timeout=CLICK_MS)
    tutor_page.screenshot("present-step-1")
    # a step chosen in the Jump list: the list keeps the focus, and the clicker goes on from that step
    jump = page.locator(".tutor-presenter-jump select")
    jump.select_option(index=3)
    expect(counter).to_contain_text("Step 3 of", timeout=CLICK_MS)
    jump.focus()
    page.keyboard.press("ArrowRight")
    expect(counter).to_contain_text("Step 4 of", timeout=CLICK_MS)
    page.keyboard.press("PageUp")
    expect(counter).to_contain_text("Step 3 of", timeout=CLICK_MS)
    page.keyboard.press("ArrowLeft")
    expect(counter).to_contain_text("Step 2 of", timeout=CLICK_MS)
    page.keyboard.press("ArrowLeft")
    expect(counter).to_contain_text("Step 1 of", timeout=CLICK_MS)

    # the Record tab: arrow keys edit its text boxes and never step the Present tab
    page.get_by_role("tab", name="Record a walkthrough").click()
    # (the Title box is in the folded "more" part, under the form's line: issue #16)
    page.locator(".rt-record-more").get_by_text("Details: title, file name").click(timeout=RENDER_MS)
    title = page.locator(".rt-record .widget-text").filter(has_text="Title").locator("input")
    expect(title).to_be_visible(timeout=RENDER_MS)
    title.fill("ab")
    page.keyboard.press("ArrowLeft")
    page.keyboard.type("X")
    expect(title).to_have_value("aXb")
    page.locator(".rt-record .rt-record-step > .widget-html").click()  # the focus out of the text box, still in the Record tab
    for key in ("ArrowRight", "PageDown", "ArrowLeft", "PageUp"):
        page.keyboard.press(key)
    page.get_by_role("tab", name="Present").click()
    expect(counter).to_contain_text("Step 1 of")
    page.wait_for_timeout(1000)  # a key that had reached the kernel would have changed the step by now
    expect(counter).to_contain_text("Step 1 of")
    # back in the Present tab (the tab bar just clicked): the clicker works again
    page.keyboard.press("ArrowRight")
    expect(counter).to_contain_text("Step 2 of", timeout=CLICK_MS)
    tutor_page.screenshot("present-step-2")
    # a walkthrough chosen in the Walkthrough list: the list keeps the focus, and the keys step the new walkthrough
    # instead of choosing another one
    picker = page.locator(".tutor-presenter-picker select")
    chosen = picker.locator("option").nth(1).get_attribute("value")
    picker.select_option(index=1)
    expect(counter).to_contain_text("Start ·", timeout=CLICK_MS)
    picker.focus()
    for key, shown in (("ArrowRight", "Step 1 of"), ("PageDown", "Step 2 of"), ("ArrowLeft", "Step 1 of")):
        page.keyboard.press(key)
        expect(counter).to_contain_text(shown, timeout=CLICK_MS)
        assert picker.evaluate("e => document.activeElement === e"), "the Walkthrough list lost the focus"
    expect(picker).to_have_value(chosen)
    tutor_page.assert_clean()


# Each player's heading on the projected board: its words, and whether its guide's name is shown on the name's line.
HEADINGS = """() => [...document.querySelectorAll('.rt-present .rt-pboard .rt-player')].filter((p) => p.getClientRects().length)
  .map((p) => { const n = p.querySelector('.rt-pname'), g = p.querySelector('.rt-gname');
    const mid = (e) => { const b = e.getBoundingClientRect(); return (b.top + b.bottom) / 2; };
    return {text: p.querySelector('.rt-phead').innerText.split('\\n')[0],
            guide: !!g && g.getClientRects().length > 0 && Math.abs(mid(g) - mid(n)) < 6}; })"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)], ids=["1024x768", "1366x768"])
def test_the_projected_players_name_their_guide_on_one_line(tutor_server, tutor_page, size):
    """Session 30: on the projected board (Restless Spirits' walkthrough, step 3) a player's heading said
    "Player 1 · Guardian Mastery", without the guide the learn page names ("Player 1 · Okada Mitsuo · Guardian
    Mastery"). Each player's heading names the guide, on the name's line."""
    from test_presenter_board import open_presenter

    page = tutor_page.page
    counter = open_presenter(page, tutor_server, size)
    for k in range(1, 4):
        page.locator(".rt-present .tutor-presenter-next").click()
        expect(counter).to_contain_text(f"Step {k} of", timeout=CLICK_MS)
    page.wait_for_timeout(1000)
    heads = page.evaluate(HEADINGS)
    assert len(heads) == 2 and all(h["guide"] for h in heads), f"at {size}: {heads}"
    assert "Okada Mitsuo" in heads[0]["text"] and "Hana the Keeper" in heads[1]["text"], heads
    tutor_page.assert_clean()
