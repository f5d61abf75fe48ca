"""Trial 18 in a real browser (`rules-tutor serve`, progress in a throw-away SQLite file): which tab plays a learn page.

* A browser closed at once says nothing: its page hears no ``pagehide`` or ``beforeunload`` (no goodbye over the
  websocket, no shutdown beacon: its kernel lives on). The server sees the page's websocket close and tells the
  kernel (``tutor/pagegone.py``), which gives the page up within a second or two: the page reopened at once from a
  new browser plays, with no "open in another tab" over it.
* A second tab open at the same time as the first is still told ("This page is open in another tab or window"), and
  Play here takes the page over, the first tab being told in turn.
Screenshots (1366x768 and 1024x768) go to test-artifacts/screenshots/."""
from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, served_with_progress, store_read

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 90_000
PAGE = "learn-restless-spirits.ipynb"
TAB_KEY = "learn:restless-spirits:tab"
COVER = ".rt-other-tab:not(.rt-hidden)"
#: what a browser closed at once (or killed) does not run: the page's goodbye and its kernel's shutdown beacon
SAYS_NOTHING = """(function () { var add = window.addEventListener;
  window.addEventListener = function (type) {
    if (type === 'pagehide' || type === 'beforeunload') { return; }
    return add.apply(this, arguments); }; })();"""


@pytest.fixture(scope="module")
def learn_server(tmp_path_factory):
    with served_with_progress(tmp_path_factory, "learn-tabs", page_pool=0, stop_later=True) as served:
        yield served


def _mark(db: str) -> dict:
    return json.loads(store_read(db, TAB_KEY) or "{}")


def _open(browser, server: str, width: int = 1366, silent: bool = False, covered: bool = False):
    """A new browser context (its own tab id) with the learn page open and its actions shown; ``covered``: a page
    another tab plays, whose actions are drawn under the cover ("open in another tab", which hides the rest of the
    page: visibility hidden), so they are waited for drawn, not visible (session 39: the cover may come before the
    actions are drawn on a slow machine, and the wait for visible actions then never ended)."""
    context = browser.new_context(viewport={"width": width, "height": 768})
    if silent:
        context.add_init_script(SAYS_NOTHING)
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    page.goto(f"{server}/voila/render/{PAGE}")
    if covered:
        expect(page.locator(".tutor-action").first).to_be_attached(timeout=RENDER_MS)
    else:
        expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
    return context, page


def test_a_browser_closed_at_once_and_reopened_at_once_plays(learn_server, chromium_browser):
    server, db = learn_server
    first, page = _open(chromium_browser, server, silent=True)
    try:
        page.wait_for_timeout(6_000)  # a beat: the mark names this tab, renewed just now
        mark = _mark(db)
        assert mark.get("tab") and mark.get("beat", 0) > 0, mark
        assert page.locator(COVER).count() == 0
    finally:
        first.close()
    closed = time.monotonic()
    after = _mark(db)
    while after.get("beat") and time.monotonic() - closed < 60:  # (a deadline: a loaded machine is slow to tell)
        time.sleep(0.25)
        after = _mark(db)
    # given up by the server's word (its beat 0.0: a mark gone stale after STALE_S = 20 s keeps its last beat)
    assert after == {**mark, "beat": 0.0}, after
    again, page = _open(chromium_browser, server)
    try:
        page.wait_for_timeout(4_000)  # the page decides once its tab's id is known
        assert page.locator(COVER).count() == 0
        assert _mark(db)["tab"] not in (None, mark["tab"]) and _mark(db)["beat"] > 0
        page.screenshot(path=str(SCREENSHOTS / "learn-tabs-reopened-1366x768.png"))
    finally:
        again.close()


def test_a_second_tab_open_at_the_same_time_is_told_and_can_take_over(learn_server, chromium_browser):
    server, db = learn_server
    first, page_a = _open(chromium_browser, server)
    second = None
    try:
        page_a.wait_for_timeout(6_000)
        # (CI 39: a tab of the test before, closed just now, may still hold the mark on a loaded machine: the page
        # then plays by itself once that mark goes stale, STALE_S = 20 s)
        expect(page_a.locator(COVER)).to_have_count(0, timeout=30_000)
        tab_a = _mark(db)["tab"]
        second, page_b = _open(chromium_browser, server, width=1024, covered=True)
        cover = page_b.locator(COVER)
        expect(cover).to_contain_text("This page is open in another tab or window, and your game goes on there.",
                                      timeout=20_000)
        page_b.screenshot(path=str(SCREENSHOTS / "learn-tabs-second-1024x768.png"))
        play_here = cover.get_by_role("button", name="Play here")
        box = play_here.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 768
        assert _mark(db)["tab"] == tab_a and page_a.locator(COVER).count() == 0
        play_here.click()
        expect(page_b.locator(COVER)).to_have_count(0, timeout=20_000)
        expect(page_a.locator(COVER)).to_contain_text("Your game is now played in another tab or window",
                                                      timeout=20_000)  # at the first tab's next beat
        assert _mark(db)["tab"] not in (None, tab_a)
        page_a.set_viewport_size({"width": 1366, "height": 768})
        page_a.screenshot(path=str(SCREENSHOTS / "learn-tabs-taken-over-1366x768.png"))
    finally:
        first.close()
        if second is not None:
            second.close()
