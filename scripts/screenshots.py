"""Screenshots of every page at the sizes the tutor is made for, to look at them as a person would.

    .venv/bin/python scripts/screenshots.py [--out DIR] [--sizes 1366x768,1024x768,1920x1080] [--pages a.ipynb,...]

Starts `rules-tutor serve` on a free port, opens each page in Debian's chromium (the flags of tests/browser) at
each size, waits until the page is ready, takes a few steps where the page is a game (the first legal actions of
a learn page in its Lessons tab, or for ``learn-<game>.ipynb#free`` in Free play; Next in the presenter, a card in
the ability graph, a question in the FAQ explorer) and saves
``DIR/<page>-<size>.png`` (the window, not the whole page: what fits on the screen is the point). Prints, for
each shot, whether the page scrolls (its height beyond the window). Not a test.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scripts.bench_app import CHROMIUM, CHROMIUM_ARGS, HOST, free_port, start, stop, wait_up  # noqa: E402
from scripts.bench_app import PAGES as BENCH_PAGES  # noqa: E402

#: Every page the bench measures (and what shows it is ready), plus the teacher's notes window and the class page.
PAGES = {
    **BENCH_PAGES,
    "teacher-walkthrough.ipynb?notes=1": ".tutor-notes-window",
    "class-progress.ipynb": ".rt-root",
}
# a learn page is ready once its actions panel shows (a page that resumes a finished lesson has no action to click),
# in its Lessons tab or, as ``<page>#free``, in Free play
PAGES.update({f"{nb}{tab}": ".rt-learn .tutor-actions" for nb in BENCH_PAGES if nb.startswith("learn-")
              for tab in ("", "#free")})
WAIT_MS = 60_000


def learn_clicks(page, n: int) -> None:
    """``n`` steps on a learn page: the first legal action shown, the end-of-turn kind every third step; in free
    play the computer's move when its seat is to play."""
    title = ("() => { const t = [...document.querySelectorAll('.tutor-last-step .rt-step-now')]"
             ".filter(e => e.getClientRects().length); return t.length ? t[t.length - 1].textContent : ''; }")
    for k in range(n):
        before = page.evaluate(title)
        turn = page.locator(".tutor-actions .rt-apart-turn .tutor-action:visible:not([disabled])")
        mine = page.locator(".tutor-action:visible:not([disabled])")
        if mine.count():
            button = turn.first if k % 3 == 2 and turn.count() else mine.first
        else:
            button = page.locator(".tutor-seats button:visible:not([disabled])").filter(has_text="Computer's move")
            if not button.count():
                break
            button = button.first
        button.click()
        page.wait_for_function(f"(t) => ({title})() !== t", arg=before)
        page.wait_for_timeout(300)


def steps(page, notebook: str) -> None:
    """A few steps a person would take first on the page."""
    if notebook.startswith("learn-"):
        learn_clicks(page, 4 if "#free" in notebook else 3)
    elif notebook == "teacher-walkthrough.ipynb":
        for k in (1, 2):
            page.locator(".rt-present .tutor-presenter-next").click()
            page.locator(".rt-present .rt-counter").filter(has_text=f"Step {k} of").wait_for()
    elif notebook == "faq-explorer.ipynb":
        if not page.locator(".tutor-faq-search input").first.is_visible():  # the list opens over the board
            page.locator(".tutor-faq-questions").first.click()
            page.wait_for_timeout(800)
        item = page.locator(".rt-faq-list button:visible").first
        if item.count():
            item.click()
            page.wait_for_timeout(1500)
    page.wait_for_timeout(600)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(Path(tempfile.gettempdir()) / "rules-tutor-shots"))
    parser.add_argument("--sizes", default="1366x768,1024x768,1920x1080")
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--wait-s", type=float, default=WAIT_MS / 1000,
                        help="how long a page may take to be ready (a busy machine needs more)")
    args = parser.parse_args(argv)
    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(x) for x in s.split("x")) for s in args.sizes.split(",")]
    from playwright.sync_api import sync_playwright

    port = free_port()
    log = out / "serve.log"
    # a progress database of its own: each page opens as a new learner finds it (never at a place kept by another run)
    env = dict(os.environ, RULES_TUTOR_DB=f"sqlite:///{out / 'progress.sqlite'}")
    (out / "progress.sqlite").unlink(missing_ok=True)
    server = start([sys.executable, "-m", "tutor.serve", "--port", str(port), "--max-kernels", "4", "--page-pool", "0"], log, env)
    try:
        wait_up(port, server, log, time.monotonic() + 90)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                for nb in args.pages.split(","):
                    for w, h in sizes:
                        context = browser.new_context(viewport={"width": w, "height": h})
                        context.add_cookies([{"name": "_xsrf", "value": "shots", "domain": HOST, "path": "/"}])
                        page = context.new_page()
                        page.set_default_timeout(args.wait_s * 1000)
                        try:
                            page.goto(f"http://{HOST}:{port}/voila/render/{nb.split('#')[0]}")
                            page.locator(PAGES[nb]).first.wait_for(state="visible")
                            page.wait_for_timeout(800)
                            if nb.endswith("#free"):  # the Free play tab of a learn page
                                page.get_by_role("tab", name="Free play").click()
                                page.locator(".tutor-action:visible").first.wait_for(state="visible")
                            steps(page, nb)
                            name = nb.replace(".ipynb", "").replace("?notes=1", "-notes").replace("#free", "-free")
                            path = out / f"{name}-{w}x{h}.png"
                            page.screenshot(path=str(path))
                            sh = page.evaluate("Math.max(document.scrollingElement.scrollHeight, "
                                               "(document.querySelector('#rendered_cells') || {}).scrollHeight || 0)")
                            print(f"{path.name:50s} {'scrolls: ' + str(sh - h) + ' px below' if sh > h + 1 else 'fits'}",
                                  flush=True)
                            page.goto("about:blank")
                        except Exception as exc:  # noqa: BLE001 - one page's failure is reported, the rest go on
                            print(f"{nb} at {w}x{h}: {type(exc).__name__}: {str(exc).splitlines()[0]}", flush=True)
                        finally:
                            context.close()
            finally:
                browser.close()
    finally:
        stop(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
