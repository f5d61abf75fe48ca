"""Fixtures for real-browser tests: a running `rules-tutor serve` and a
Playwright page in Debian's chromium that records every page error.

* `tutor_server` (session): starts `python -m tutor.serve --port <free port>`
  in its own process group, waits until it answers, yields the base URL
  (``http://127.0.0.1:N``, no trailing slash) and stops it. Its log is kept
  in ``test-artifacts/serve.log``.
* `chromium_browser` (session): chromium at /usr/bin/chromium through
  `playwright.sync_api.sync_playwright` (no browser download; the
  pytest-playwright fixtures are not used).
* `tutor_page` (function): a fresh page in its own context, wrapped in a
  `CheckedPage` that collects uncaught page errors, console errors, HTTP
  errors and any request that leaves this machine (a CDN, say). The test
  fails if any were seen. A screenshot is saved in
  ``test-artifacts/screenshots/`` at the end of every test.

Without /usr/bin/chromium the browser tests are skipped, except under CI
(CI=true), where they fail.
"""

from __future__ import annotations

import http.client
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import tutor

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Voila starts a kernel per page and runs the notebook: be generous.
SERVER_START_TIMEOUT = 60.0
RENDER_TIMEOUT_MS = 60_000

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", "/voila/tree")
        return conn.getresponse().status < 500
    except OSError:
        return False
    finally:
        conn.close()


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server and anything in its process group: SIGTERM first (Voila
    then shuts its kernels down), SIGKILL if it lingers."""
    if proc.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


#: Servers being stopped in the background (`served_with_progress` with ``stop_later``), waited for at the session's end.
_STOPPING: list[threading.Thread] = []


def _stop_later(proc: subprocess.Popen) -> None:
    """Stop the server as :func:`_stop` does, in a thread: Voila takes seconds (8 s on 2 cores) to shut its kernels
    down, and the next test need not wait for that. Every such stop is waited for when the test session ends."""
    thread = threading.Thread(target=_stop, args=(proc,), name=f"stop-serve-{proc.pid}", daemon=True)
    thread.start()
    _STOPPING.append(thread)


def pytest_sessionfinish(session, exitstatus):
    """Wait for the servers stopped in the background: none outlives the test run."""
    for thread in _STOPPING:
        thread.join()



@contextlib.contextmanager
def served_with_progress(tmp_path_factory, name: str, db: str | None = None, env: dict | None = None,
                         pool: int | None = None, page_pool: int | None = None, stop_later: bool = False):
    """``(base URL, database URL)`` of a `rules-tutor serve` whose progress database is ``db`` (any
    ``RULES_TUTOR_DB`` value), by default a fresh SQLite file (its log in ``test-artifacts/serve-<name>.log``), with
    ``env`` added to its environment (e.g. ``RULES_TUTOR_CONTENT``); stopped when the ``with`` block ends.

    ``pool`` and ``page_pool`` (``--pool``, ``--page-pool``; None: the server's defaults) say which pages it pre-heats.
    A test file gives the pages it opens their usual pre-heating and 0 to the others: each pre-heated kernel runs its
    notebook when the server starts, on 2 cores while the test is already waiting for its first page (with the
    defaults, 8 kernels: landing, first learn page and 6 x ``HEAVY_NOTEBOOKS``; the landing page's is always there).
    ``stop_later``: the server is stopped in the background (see :func:`_stop_later`), for a caller that checks
    nothing once it is stopped (a module's server, say); otherwise the ``with`` block ends once it has exited."""
    db = db or f"sqlite:///{tmp_path_factory.mktemp('progress') / 'progress.sqlite'}"
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / f"serve-{name}.log"
    env = dict(os.environ, RULES_TUTOR_DB=db, JUPYTERHUB_USER="", **(env or {}))
    pools = [*(["--pool", str(pool)] if pool is not None else []),
             *(["--page-pool", str(page_pool)] if page_pool is not None else [])]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tutor.serve", "--port", str(port), "--no-browser", *pools],
                                cwd=REPO_ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while not _answers(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"rules-tutor serve did not start:\n{_tail(log_path)}")
            time.sleep(0.25)
        yield f"http://127.0.0.1:{port}", db
    finally:
        (_stop_later if stop_later else _stop)(proc)

def store_write(db: str, write, learner: str | None = None, wait: float = 60.0):
    """Run ``write(store)`` on a :class:`tutor.progress.ProgressStore` of ``db`` (a ``RULES_TUTOR_DB`` URL) that
    saves to the file, and return what it returns. A page's kernel may hold the SQLite file's lock for longer than the
    store's own 1.5 s wait on a slow machine (CI, stop 43: the test's place went to memory, so the page opened
    another one); then the store goes on in memory (``saving`` False) and the write is tried again, within ``wait``
    seconds. Raises ``AssertionError`` when the file stays locked that long."""
    from tutor.progress import ProgressStore

    deadline = time.monotonic() + wait
    while True:
        store = ProgressStore(db, learner=learner) if learner else ProgressStore(db)
        try:
            if store.saving:
                out = write(store)
                if store.saving:
                    return out
        finally:
            store.close()
        assert time.monotonic() < deadline, f"{db} stayed locked for {wait:.0f} s"
        time.sleep(0.5)


def store_read(db: str, key: str) -> str | None:
    """The place kept under ``key`` in ``db``, read from the file itself (see :func:`store_write`)."""
    return store_write(db, lambda store: store.place(key))


def keep_place(db: str, key: str, place: dict) -> None:
    """Keep ``place`` (the learn page's kept place: its tab, lesson and steps or free game...) under ``key`` (e.g.
    ``learn:spirited``) in the progress database ``db`` (a ``RULES_TUTOR_DB`` URL), as the learner's page saves it:
    the page opened next resumes there."""
    import json

    store_write(db, lambda store: store.save_place(key, json.dumps(place)))


def play_on_in_another_tab(db: str, key: str, rev: str) -> None:
    """Another tab's person plays on: the free game kept under ``key`` in the progress database ``db`` (a
    ``RULES_TUTOR_DB`` URL) gets one more step (its last legal action) and the revision ``rev``, with both seats a
    person's, as a second page of the same learner would save it. The page open in the test then finds a newer
    game than its own on its next step. Raises ``KeyError`` when no free game is kept under ``key``."""
    import json

    import tutor

    def play_on(store) -> None:
        place = json.loads(store.place(key))
        s = tutor.load_session(place["free"])
        s.apply(s.legal_actions()[-1].id)
        place.update(free=s.to_json(), rev=rev, seats=["you", "you"])
        store.save_place(key, json.dumps(place))

    store_write(db, play_on)


@pytest.fixture(scope="session")
def tutor_server():
    """Base URL (no trailing slash) of a `rules-tutor serve` started for the
    test session."""
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / "serve.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tutor.serve", "--port", str(port), "--no-browser"],
            cwd=REPO_ROOT,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group, killed as a whole
        )
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while not _answers(port):
            if proc.poll() is not None:
                pytest.fail(
                    f"rules-tutor serve exited with {proc.returncode}:\n"
                    + _tail(log_path)
                )
            if time.monotonic() > deadline:
                pytest.fail(
                    f"rules-tutor serve did not answer on port {port} within "
                    f"{SERVER_START_TIMEOUT:.0f} s:\n" + _tail(log_path)
                )
            time.sleep(0.25)
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def chromium_browser():
    if not os.access(CHROMIUM, os.X_OK):
        message = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


class CheckedPage:
    """A Playwright page plus the problems seen on it."""

    def __init__(self, page, name: str):
        self.page = page
        self.name = name
        self.errors: list[str] = []
        self.reported = 0  # errors already turned into a failure
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("console", self._on_console)
        page.on("request", self._on_request)
        page.on("response", self._on_response)

    def _on_console(self, msg) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            where = loc.get("url", "")
            self.errors.append(f"console error: {msg.text} ({where})")

    def _on_request(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and (
            parts.hostname not in LOCAL_HOSTS
        ):
            self.errors.append(f"request off this machine: {request.url}")

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def screenshot(self, label: str = "") -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", self.name + (f"-{label}" if label else ""))
        path = SCREENSHOTS / f"{stem}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def assert_clean(self, ignore: tuple[str, ...] = ()) -> None:
        """Fail on any page error, console error, HTTP error or outside request
        seen since the last check, except those matching a regex in `ignore`."""
        new = [
            e
            for e in self.errors[self.reported :]
            if not any(re.search(pattern, e) for pattern in ignore)
        ]
        self.reported = len(self.errors)
        if new:
            pytest.fail(
                f"{len(new)} problem(s) on the page:\n  " + "\n  ".join(new),
                pytrace=False,
            )


@pytest.fixture
def tutor_page(chromium_browser, request):
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(RENDER_TIMEOUT_MS)
    checked = CheckedPage(page, request.node.name)
    try:
        yield checked
        try:
            checked.screenshot("final")
        except Exception:  # the page may be gone; the test result says why
            pass
        checked.assert_clean()  # whatever the test did not check itself
    finally:
        context.close()


@pytest.fixture(autouse=True)
def _pages_open_afresh():
    """Each browser test opens the pages as a learner who has not been there: the places an earlier test left in the
    test run's progress database (``RULES_TUTOR_DB``; the learn pages resume where the learner was) are forgotten
    first. Tests of resuming use a database of their own."""
    url = os.environ.get("RULES_TUTOR_DB", "")
    if url.startswith("sqlite:///"):
        from sqlalchemy import create_engine, delete, inspect

        from tutor.progress.models import ResumePlace

        engine = create_engine(url)
        try:
            if inspect(engine).has_table(ResumePlace.__tablename__):
                with engine.begin() as conn:
                    conn.execute(delete(ResumePlace))
        finally:
            engine.dispose()
    yield


def open_learn_page(server: str, page, notebook: str, size: tuple[int, int]) -> None:
    """Open ``notebook`` of ``server`` in ``page`` at window ``size`` (width, height px) and wait (up to 120 s: a
    loaded machine, Voila runs the notebook before the page loads) until the learn page and its first legal action
    are shown."""
    from playwright.sync_api import expect

    render_ms = 120_000
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.set_default_timeout(render_ms)
    page.goto(f"{server}/voila/render/{notebook}")
    expect(page.locator(".rt-learn").first).to_be_visible(timeout=render_ms)
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=render_ms)


def choose_lesson(page, number: int, settle_ms: int = 1200, click_ms: int = 30_000) -> None:
    """Choose lesson ``number`` in the learn page's lesson picker and wait (up to ``click_ms``) for its introduction
    in the last-step strip, then ``settle_ms`` more (the lesson's table drawn and the strip's fitting)."""
    from playwright.sync_api import expect

    picker = next(s for s in page.locator("select:visible").all()
                  if any(t.startswith("1.") for t in s.evaluate("s => [...s.options].map(o => o.text)")))
    texts = picker.evaluate("s => [...s.options].map(o => o.text)")
    picker.select_option(index=next(i for i, t in enumerate(texts) if t.startswith(f"{number}.")))
    page.wait_for_function("n => [...document.querySelectorAll('select')].some(s => s.selectedOptions[0]"
                           " && s.selectedOptions[0].text.startsWith(n + '.'))", arg=number, timeout=click_ms)
    expect(page.locator(".tutor-last-step .rt-about:visible").first).to_be_visible(timeout=click_ms)
    page.wait_for_timeout(settle_ms)


def unfold_actions(page) -> None:
    """Open every folded group of the learn page's action list ("N more ▸": the list folds each group to the first
    action of each kind when the groups are more than it holds, trial 27), as a learner who looks for an action there
    would; groups already open stay open."""
    page.evaluate("() => document.querySelectorAll('.tutor-actions .rt-group-title[data-rt-more]')"
                  ".forEach((t) => { if (/▸$/.test(t.getAttribute('data-rt-more'))) { t.click(); } })")
    page.wait_for_timeout(300)


def legal_action(page, text: str):
    """The first shown, enabled legal action whose caption holds ``text`` (a Playwright locator), its folded group
    opened first when it is folded away (:func:`unfold_actions`)."""
    found = page.locator(".tutor-action:visible:not([disabled])", has_text=text)
    if not found.count():
        unfold_actions(page)
    return page.locator(".tutor-action:visible:not([disabled])", has_text=text).first


def opens_at_kept_lesson_2(browser, url: str) -> None:
    """Open the learn page at ``url`` in a new 1366x768 window of ``browser`` and check that it goes to the kept
    place: lesson 2 chosen in the picker, the page marked ``rt-kept``."""
    import re

    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        page.goto(url)
        expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=90_000)
        expect(page.locator(".rt-lesson-picker select option:checked")).to_contain_text("2. ", timeout=20_000)
        expect(page.locator(".rt-learn").first).to_have_class(re.compile(r"\brt-kept\b"), timeout=20_000)
    finally:
        context.close()


#: Kept positions of seeded games (``{"game", "players", "seed", "options", "actions"}``, actions by id).
POSITIONS = Path(__file__).parent / "positions"

#: JavaScript, given ``col`` (the reply column): ``c`` and ``foot`` (its box), ``seen(e)`` (an element drawn, not
#: hidden, inside the column's box) and ``flat`` (its lines, a reply part's children in its place).
REPLY_LINES_JS = """const c = col.getBoundingClientRect(), foot = c.top + col.clientTop + col.clientHeight;
  const seen = (e) => {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') return false;
    const r = e.getBoundingClientRect();
    return r.height >= 1 && r.top >= c.top - 1 && r.bottom <= foot + 1;
  };
  const flat = [...col.children].flatMap(k => k.matches('.rt-reply-part') ? [...k.children] : [k]);"""


def kept_position(name: str):
    """The :class:`tutor.Session` of ``positions/<name>.json``, its actions replayed from its seed."""
    kept = json.loads((POSITIONS / f"{name}.json").read_text())
    s = tutor.new_game(kept["game"], players=kept["players"], seed=kept["seed"], **kept["options"])
    for a in kept["actions"]:
        s.apply(a)
    return s
