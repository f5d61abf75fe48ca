"""A page whose kernel never answers as it starts says so (attack 39: once a page kept Voila's spinner up about 180 s
with no word, its kernel dead at start: "Address already in use", a port race between servers starting kernels).

The page template's ``rt-start-watch`` script (``tutor/share/jupyter/voila/templates/tutor/index.html.j2``) counts the
seconds since Voila last started a cell (``voila_process``) while its spinner (``#loading``) is up. The script is
taken from the template and run in a blank page under Playwright's fake clock, so the 45 s are not waited for.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import expect

TEMPLATE = (Path(__file__).resolve().parents[2] / "tutor" / "share" / "jupyter" / "voila" / "templates" / "tutor"
            / "index.html.j2")


def _watch_script() -> str:
    found = re.search(r'<script id="rt-start-watch">(.*?)</script>', TEMPLATE.read_text(encoding="utf-8"), re.S)
    assert found, "the template has no rt-start-watch script"
    return found.group(1)


@contextmanager
def _page_with_watch(browser, voila: str):
    """A blank 1366x768 page under Playwright's fake clock holding ``voila`` (what Voila's page has before the
    template's script) and the watch script."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.clock.install()
        page.set_content(f"{voila}<script>{_watch_script()}</script>")
        yield page
    finally:
        context.close()


def test_a_page_that_never_starts_says_so_and_goes_quiet_once_drawn(chromium_browser):
    # Voila's spinner and its per-cell call
    with _page_with_watch(chromium_browser, '<div id="loading">Executing 1 of 2</div><script>window.cells = []; '
                          'window.voila_process = function (i, n) { cells.push(i); };</script>') as page:
        page.evaluate("voila_process(1, 2)")
        notice = page.locator(".rt-page-stalled")
        page.clock.run_for(44_000)
        expect(notice).to_have_count(0)  # a slow cell is not a stalled page
        page.evaluate("voila_process(2, 2)")  # the next cell starts: the count starts again
        page.clock.run_for(44_000)
        expect(notice).to_have_count(0)
        page.clock.run_for(2_000)  # 46 s with no cell started: the kernel is not answering
        expect(notice).to_have_count(1)
        expect(notice).to_have_attribute("role", "alert")
        expect(notice).to_contain_text("taking far longer than usual to open")
        expect(notice.get_by_role("button", name="Reload the page")).to_be_visible()
        assert page.evaluate("cells") == [1, 2]  # Voila's own call still runs under the wrapper
        page.evaluate("document.getElementById('loading').remove()")  # the page came after all: the notice goes
        page.clock.run_for(2_000)
        expect(notice).to_have_count(0)
        page.clock.run_for(120_000)  # and never comes back on a drawn page
        expect(notice).to_have_count(0)


def test_a_page_drawn_at_once_never_shows_the_notice(chromium_browser):
    with _page_with_watch(chromium_browser, '<div id="loading"></div>'
                          '<script>window.voila_process = function () {};</script>') as page:
        page.evaluate("document.getElementById('loading').remove()")  # a pre-heated page: drawn before any cell ran
        page.clock.run_for(120_000)
        expect(page.locator(".rt-page-stalled")).to_have_count(0)
