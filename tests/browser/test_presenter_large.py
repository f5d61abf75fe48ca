"""The presenter on a 1920x1080 projector (newuser32: it was drawn as at 1366x768, small on a large screen): the
narration and "What the rules did" are drawn larger, the board grows into its box, and the page
is still one screen; at 1024x768 the narration keeps its size."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_presenter_board import BOARD, CLICK_MS, open_presenter

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Sizes as drawn (font size times the zoom of the element's boxes): the narration and a rule that fired.
SIZES = """() => {
  const shown = (sel) => [...document.querySelectorAll(sel)].find(e => e.getClientRects().length);
  const drawn = (e) => { let z = 1; for (let a = e; a; a = a.parentElement) z *= parseFloat(getComputedStyle(a).zoom) || 1;
                         return parseFloat(getComputedStyle(e).fontSize) * z; };
  const ev = shown('.rt-present .rt-pside .rt-ev');
  return {narration: drawn(shown('.rt-present .tutor-narration .rt-ntext')), rule: ev ? drawn(ev) : 0};
}"""


def test_the_presenter_at_1920_is_larger_and_one_screen(tutor_server, tutor_page):
    page = tutor_page.page
    counter = open_presenter(page, tutor_server, (1024, 768))
    page.locator(".rt-present .tutor-presenter-next").click()
    expect(counter).to_contain_text("Step 1 of", timeout=CLICK_MS)
    page.wait_for_timeout(800)
    small = page.evaluate(SIZES)
    assert small["narration"] <= 34, small  # 1024x768: as before (the projector layout's own size)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(1500)
    large, board = page.evaluate(SIZES), page.evaluate(BOARD)
    tutor_page.screenshot("presenter-1920")
    assert large["narration"] >= 42 and large["rule"] >= 24, large
    assert board["fit"] >= 1.3, board  # the board grows into its box
    assert board["page"][0] <= 1080 and board["page"][1] <= 1920, board  # one screen
    assert board["box"][3] <= 1080 + 1 and board["inner"][0] <= board["inner"][1] + 1, board
    tutor_page.assert_clean()
