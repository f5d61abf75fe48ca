""""Save as my question" with a long name, and the script line's note of a step that cannot be played, in a real
browser. Trial 32 (faqsave-long.png: at 1366x768 a 400-character name was cut to 80 without a word, and the
confirmation, the whole name in bold, grew to four lines over the question and note boxes). The confirmation is bounded (three short lines at most), in the bar beside the button or under it,
inside the panel, never over the boxes above it, and says the name was shortened to 80 characters.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

# saved questions go to a folder of this test run (set before the session's server starts: collection comes first)
SERVER_QUESTIONS = Path(os.environ.setdefault("RULES_TUTOR_QUESTIONS", tempfile.mkdtemp(prefix="rt-questions-")))

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000
CLICK_MS = 20_000

#: where each box is and which element is drawn at its middle (whatever covers it is named)
_FORM = ".tutor-faq-save-name input, .tutor-faq-save, .rt-faq-save .widget-text input, .rt-faq-overwrite input, " \
        ".tutor-faq-save-note textarea"
_BOXES = """() => [...document.querySelectorAll('%s')].map(el => {
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const top = document.elementFromPoint(x, y);
  return {cls: el.className || el.tagName, top: !!top && (top === el || el.contains(top) || top.contains(el)),
          over: top ? (top.className || top.tagName) : null};
})""" % _FORM


def set_ap(server: str, page, size: tuple[int, int], ap: int) -> None:
    """Open the hand-limit question at window ``size``, its what-if panel, and set Player 1's AP to ``ap``."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{server}/voila/render/faq-explorer.ipynb?scenario=faq-buy-at-hand-limit")
    expect(page.locator(".tutor-faq-whatif-open")).to_be_visible(timeout=RENDER_MS)
    page.locator(".tutor-faq-whatif-open").click()
    expect(page.locator(".tutor-faq-counter")).to_be_visible(timeout=RENDER_MS)
    page.locator(".tutor-faq-number input").fill(str(ap))
    page.wait_for_timeout(400)
    page.locator(".tutor-faq-counter").click()


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_a_long_name_is_saved_shortened_and_said_without_covering_the_form(tutor_server, tutor_page, size):
    page = tutor_page.page
    set_ap(tutor_server, page, size, 3 + size[0] % 7)  # a real change (AP 2 -> 4 or 6)
    expect(page.locator(".tutor-faq-save")).to_be_visible(timeout=CLICK_MS)
    name = ("b" if size[0] == 1024 else "a") * 400
    page.locator(".tutor-faq-save-name input").fill(name)
    page.wait_for_timeout(400)
    page.locator(".tutor-faq-save").click()
    said = page.locator(".rt-faq-saved")
    expect(said).to_contain_text("Your name had 400 characters: it was shortened to 80.", timeout=CLICK_MS)
    saved = SERVER_QUESTIONS / f"{name[:80]}.yaml"
    assert saved.exists()
    saved.unlink()  # (the server's questions folder is the test run's: the next pages list it as it was)
    page.wait_for_timeout(400)
    tutor_page.screenshot(f"saved-{size[0]}")
    box, btn = said.bounding_box(), page.locator(".tutor-faq-save").bounding_box()
    panel = page.locator(".rt-faq-edit").bounding_box()
    assert box["height"] <= 3 * 19 + 4, box  # three short lines at most (it was four lines of bold name, 112 px)
    assert panel["x"] <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1, (box, panel)
    assert box["y"] + box["height"] <= size[1] and btn["y"] + btn["height"] <= size[1]
    beside = box["x"] >= btn["x"] + btn["width"]
    assert beside or box["y"] >= btn["y"] + btn["height"] - 1, (box, btn)  # beside the button, or under it
    bar = page.locator(".rt-faq-save-bar").bounding_box()
    assert bar["height"] <= 100, bar
    # the question, the "replace" tick and the note above the bar: each drawn where it is, nothing over it (the
    # panel is scrolled to its end, where the bar sits below them)
    for found in page.evaluate(_BOXES):
        assert found["top"], found


#: where the words "cannot be played" of the script line's note end, against the note's own box (its one line is cut
#: with "…" at 1024x768 while the what-if panel is open)
_CANNOT = """() => {
  const el = [...document.querySelectorAll('.rt-faq-script .tutor-faq-error')].find(e => e.getClientRects().length);
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const i = n.data.indexOf('cannot be played');
    if (i < 0) { continue; }
    const r = document.createRange();
    r.setStart(n, i); r.setEnd(n, i + 'cannot be played'.length);
    const t = r.getBoundingClientRect(), b = el.getBoundingClientRect();
    return {right: t.right, boxRight: b.right, top: t.top, boxTop: b.top, boxBottom: b.bottom, text: el.textContent};
  }
  return null;
}"""


def test_the_step_that_cannot_be_played_says_so_whole_on_its_line_at_1024(tutor_server, tutor_page):
    """Trial 32 (faq3-1024-whatif-playend.png): at 1024x768 the script line's note read "Step 1 (Buy Key (single)
    from market row 1) cannot be play…": the words that matter were cut. They come first now, whole on the line."""
    page = tutor_page.page
    set_ap(tutor_server, page, (1024, 768), 0)
    page.wait_for_timeout(1000)
    if page.locator(".tutor-faq-play").is_enabled():  # (the page may say it at once, Play to end off)
        page.locator(".tutor-faq-play").click()
    expect(page.locator(".rt-faq-script .tutor-faq-error")).to_contain_text("cannot be played", timeout=CLICK_MS)
    page.mouse.move(5, 760)  # (on hover the note shows whole over the board)
    page.wait_for_timeout(600)
    tutor_page.screenshot("cannot-1024")
    got = page.evaluate(_CANNOT)
    assert got is not None and got["right"] <= got["boxRight"] - 12, got  # whole, with the "…" after it
    assert got["boxTop"] <= got["top"] < got["boxBottom"], got  # on the note's (one) line
    assert got["text"].startswith("Step 1 cannot be played after your change"), got


#: every card's one-line text on the board (a Lost Spirit's type, a token's note, a bonus): cut or not, and its title
_CUT = """() => [...document.querySelectorAll('.rt-board-area :is(.rt-stype, .rt-bonus, .rt-ability)')]
  .filter(e => e.getClientRects().length)
  .map(e => { const r = document.createRange(); r.selectNodeContents(e);
    // (a fraction of a pixel is enough for the "…": the board is scaled to fit its box)
    const cut = r.getBoundingClientRect().right > e.getBoundingClientRect().right + 0.01
      || r.getBoundingClientRect().bottom > e.getBoundingClientRect().bottom + 0.5;
    return {text: e.textContent, cut: cut, title: e.getAttribute('title') || ''}; })"""


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768), (1024, 768)])
def test_card_texts_beside_the_what_if_panel_are_whole_where_there_is_room(tutor_server, tutor_page, size):
    """Trial 32 (faq-1920-whatif.png): at 1920x1080 the Lost Spirit Wanwada's type read "Guardian · Lig…" beside the
    open what-if panel, with room under its name. From 1201 px it goes under the name, whole; at 1024 a cut text
    carries its whole on hover (title)."""
    page = tutor_page.page
    set_ap(tutor_server, page, size, 3 + size[0] % 4)
    expect(page.locator(".rt-faq-panel .rt-cmp")).to_be_visible(timeout=CLICK_MS)
    page.mouse.move(5, size[1] - 5)
    page.wait_for_timeout(800)
    tutor_page.screenshot(f"cards-{size[0]}")
    texts = page.evaluate(_CUT)
    assert len([t for t in texts if "Guardian" in t["text"] or "Spirit" in t["text"]]) >= 3, texts
    if size[0] > 1200:
        assert [t for t in texts if t["cut"]] == [], texts
    assert all(t["title"] for t in texts if t["cut"]), texts
