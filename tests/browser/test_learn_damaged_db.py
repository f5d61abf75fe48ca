"""The learn page with a progress database it cannot use (attack 18, M1): a file of random bytes, or a
``RULES_TUTOR_DB`` that is no URL at all. Every load shows the page whole, with no JavaScript error, and says in one
plain line that progress cannot be saved (the file's name, never the server's folders); the file is left as it was.

The race this holds: the page's kernel opens the database just after the page's cell has run, and makes the notice
line then. A browser that has connected but not yet loaded the kernel's widgets (its ``request_states`` not answered
yet) was sent the new line's widgets before the shared layout and style they refer to, and showed two "Click to show
javascript error" boxes (HTMLModel: widget model not found) instead of the notice, in 1 of 2-3 loads on a busy
machine. Each load here holds the browser's ``request_states`` back for a few seconds, so the notice is always made in
that window (the old page failed every such load)."""
from __future__ import annotations

import hashlib
import os
import random
import time

import pytest
from playwright.sync_api import expect

from conftest import CheckedPage, served_with_progress

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 90_000
PAGE = "learn-restless-spirits.ipynb"
#: Seconds the browser's request for the widgets' states is held back (the database is opened and found damaged
#: well within it).
HOLD_S = 4.0
LOADS = 3
#: A file to write what the kernel sends the page into (for looking into a failure), else None.
FRAMES = open(os.environ["RT_FRAMES"], "w") if os.environ.get("RT_FRAMES") else None


@pytest.fixture(scope="module")
def damaged_file(tmp_path_factory):
    """A progress file of 64 KiB of random bytes (seeded): no SQLite database at all."""
    path = tmp_path_factory.mktemp("damaged") / "progress.sqlite"
    path.write_bytes(random.Random(18).randbytes(64 * 1024))
    return path


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _load_held(browser, server: str, name: str) -> CheckedPage:
    """Open the learn page in a fresh context, holding the browser's ``request_states`` (and what follows it) back
    for :data:`HOLD_S` seconds; returns the page once its actions show."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    checked = CheckedPage(page, name)
    held: list = []
    state = {"holding": False, "server": None}

    def route(ws) -> None:
        upstream = ws.connect_to_server()
        state["server"] = upstream

        def to_server(message) -> None:
            raw = message if isinstance(message, bytes) else message.encode("utf-8", "replace")
            if b'"request_states"' in raw and not state["holding"] and not held:
                state["holding"] = True
            if state["holding"]:
                held.append(message)
            else:
                upstream.send(message)
        ws.on_message(to_server)
        if FRAMES is not None:
            def to_page(message) -> None:
                raw = message if isinstance(message, bytes) else message.encode("utf-8", "replace")
                FRAMES.write(f"{time.monotonic():.2f} {'H' if state['holding'] else '-'} " + raw[:600].decode("utf-8", "replace").replace("\n", " ") + "\n")
                ws.send(message)
            upstream.on_message(to_page)

    page.route_web_socket("**/api/kernels/**", route)
    page.goto(f"{server}/voila/render/{PAGE}", wait_until="domcontentloaded", timeout=RENDER_MS)
    deadline = time.monotonic() + RENDER_MS / 1000
    while not state["holding"] and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert state["holding"], "the page never asked for its widgets' states"
    page.wait_for_timeout(HOLD_S * 1000)  # the kernel opens the damaged database meanwhile
    state["holding"] = False
    for message in held:
        state["server"].send(message)
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
    return checked


def _check_load(checked: CheckedPage, file_name: str | None) -> None:
    page = checked.page
    notice = page.locator(".rt-learn-notice:visible", has_text="cannot be saved")
    expect(notice).to_have_count(1, timeout=30_000)
    text = notice.inner_text()
    assert "This page works as usual" in text, text
    assert "/" not in text.split("(", 1)[1].split(")", 1)[0], f"a server folder on the page: {text}"
    if file_name:
        assert "progress file" in text, text
    page.wait_for_timeout(1000)
    assert page.locator("text=Click to show javascript error").count() == 0
    assert page.locator("text=Error displaying widget").count() == 0
    # the page works: a legal action takes its step
    before = page.locator(".tutor-last-step").first.inner_text()
    page.locator(".tutor-action:visible:not([disabled])").first.click()
    expect(page.locator(".tutor-last-step").first).not_to_have_text(before, timeout=20_000)
    checked.screenshot("loaded")
    checked.assert_clean()


def test_a_damaged_progress_file_is_said_on_every_load_and_never_breaks_the_page(tmp_path_factory, damaged_file,
                                                                               chromium_browser):
    before = _digest(damaged_file)
    with served_with_progress(tmp_path_factory, "learn-damaged", db=f"sqlite:///{damaged_file}",
                              page_pool=0) as (server, _db):
        for i in range(LOADS):
            checked = _load_held(chromium_browser, server, f"learn-damaged-{i}")
            try:
                _check_load(checked, damaged_file.name)
            finally:
                checked.page.context.close()
    assert _digest(damaged_file) == before  # never "repaired", rewritten or deleted


def test_a_database_setting_that_is_no_url_is_said_and_never_breaks_the_page(tmp_path_factory, chromium_browser):
    with served_with_progress(tmp_path_factory, "learn-no-url", db="garbage-not-a-url", page_pool=0) as (server, _db):
        checked = _load_held(chromium_browser, server, "learn-no-url")
        try:
            _check_load(checked, None)
        finally:
            checked.page.context.close()
