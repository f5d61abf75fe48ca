"""A learn page at 1920x1080 is one table (issue #16, session 29), measured in a real browser (element geometry):

* the board is drawn larger there (zoom 1.3 and more), and so are the legal actions and the lines of the last step
  ("What just happened"): an action's caption in type of 15 px or more (13 px before, a 1366 px window's), an event
  line's in 14 px or more (12 px before), in an actions column of 540 px or more (460 before: the window's right side
  sat empty beside small print);
* so is the page's top bar (session 31): its tabs' labels and the lesson or game line's buttons as large as an
  action's caption, its title 20 px or more (17 before);
* the page does not scroll (``document.scrollingElement`` and Voila's own scroller hold no more than the window) in
  lessons 1, 8 and 16 of each game and in free play after five moves.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, choose_lesson, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"

#: How far the page scrolls (px past the window), the drawn size of an action's caption and of an event line's text
#: (font size times the zoom it is drawn at) and the actions column's width.
MEASURE = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const first = (sel) => [...document.querySelectorAll(sel)].find(shown) || null;
  const drawn = (e) => e ? parseFloat(getComputedStyle(e).fontSize) * (e.currentCSSZoom || 1) : 0;
  const voila = document.querySelector('#rendered_cells');
  const panel = first('.rt-onescreen .tutor-actions');
  return {scroll: Math.max(document.scrollingElement.scrollHeight, voila ? voila.scrollHeight : 0) - innerHeight,
          action: drawn(first('.rt-onescreen .tutor-actions .tutor-action')),
          event: drawn(first('.rt-onescreen .tutor-last-step .tutor-event .rt-ev')),
          column: panel ? panel.getBoundingClientRect().width : 0,
          // the page's top bar: the current tab's label, the page's title, the lesson or game line's first button
          top: [first('.rt-learn .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel'), first('.rt-learn-name'),
                first('.rt-onescreen .rt-topline .jupyter-button')].map(drawn),
          list: panel ? panel.scrollHeight - panel.clientHeight : null};
}"""


def steps(page, n: int) -> None:
    """``n`` steps of the learner: the first legal action shown (in free play the computer replies by itself)."""
    for _ in range(n):
        titles = page.locator(".tutor-last-step .rt-step-now:visible")
        before = titles.last.inner_text() if titles.count() else ""
        mine = page.locator(".tutor-action:visible:not([disabled])")
        # (free play's Auto, ticked from the start: the computer's seat plays by itself, then the learner's again)
        expect(mine.first).to_be_visible(timeout=CLICK_MS)
        mine.first.click()
        expect(titles.last).not_to_have_text(before or "\u0000", timeout=CLICK_MS)
        page.wait_for_timeout(400)


def check(page, where: str, events: bool = True) -> dict:
    """The page at ``where`` is one table: no scrolling, the actions and the last step's lines drawn large."""
    # (free play: the learner's turn again once the computer has played, Auto)
    expect(page.locator(".rt-onescreen .tutor-actions .tutor-action:visible").first).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(600)  # (the page's scripts fit the strip and the board a frame or two after a step)
    g = page.evaluate(MEASURE)
    print(where, g)
    assert g["scroll"] <= 1, f"{where}: the page scrolls: {g}"
    assert g["action"] >= 15 and g["column"] >= 540, f"{where}: the actions are drawn small: {g}"
    # (session 31: the top bar kept the laptop's 13 px beside actions of 15.6: it read as another page's)
    tab, title, button = g["top"]
    assert tab >= g["action"] - 0.5 and button >= g["action"] - 0.5 and title >= 20, \
        f"{where}: the page's top bar is not drawn at the table's size: {g}"
    if events:
        assert g["event"] >= 14, f"{where}: the last step's lines are drawn small: {g}"
    return g


@pytest.mark.parametrize("game", ["restless-spirits", "spirited", "spirit-duels"])
def test_a_large_window_is_one_table(tutor_server, tutor_page, game):
    """Lessons 1, 8 and 16 (at their start and after a step) and free play after five moves, at 1920x1080."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, f"learn-{game}.ipynb", (1920, 1080))
    page.get_by_role("tab", name="Lessons").click()
    for number in (1, 8, 16):
        choose_lesson(page, number, settle_ms=1500)
        check(page, f"{game} lesson {number} at its start", events=False)
        if page.locator(".tutor-action:visible:not([disabled])").count():
            steps(page, 1)
            check(page, f"{game} lesson {number} after a step")
        page.screenshot(path=str(SHOTS / f"large-table-{game}-lesson-{number}.png"))
    page.get_by_role("tab", name="Free play").click()
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=CLICK_MS)
    steps(page, 5)
    check(page, f"{game} free play after 5 moves")
    page.screenshot(path=str(SHOTS / f"large-table-{game}-free.png"))
    tutor_page.assert_clean()
