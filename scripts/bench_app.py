"""How fast the learn page is in a real browser, next to a bare one-button Voila notebook.

    .venv/bin/python scripts/bench_app.py [--runs N] [--timeout SECONDS]

Starts `rules-tutor serve` (the real app) and, on another port, a plain Voila over a temporary folder holding
``bare.ipynb`` (one Button and one Output), with the same ``tutor`` page template and the same kernel. Then, in
Debian's chromium (the flags of tests/browser), alternating the two pages run after run, it measures every page's
load (each of :data:`PAGES` until what shows it ready is visible, next to a load of the bare notebook) and:

(a) load: navigation to ``learn-restless-spirits.ipynb`` until its first ``.tutor-action`` is visible, against
    navigation to ``bare.ipynb`` until its button is visible;
(b) click: a click on the first ``.tutor-action`` until a new ``.tutor-event`` is rendered, against a click on the
    bare button until its printed text is rendered; each once the machine is quiet again after the load (the app
    heats its next pre-heated kernel right after serving a page, which takes the CPUs for a few seconds).

It prints the median of each (and min/max) and the ratios learn/bare (goal: at most 1.3), with the load average
of the machine (the figures move with it: run it a few times), and for (b) the part spent in the page: from the
``pointerdown`` Playwright's click dispatches until the new event (or text) is in the DOM, measured in the page;
the rest of (b) is Playwright's own work (actionability checks before the click, polling after it).

Then an in-process profile of the learn page: how long ``learn_app()`` takes, how many widgets it creates and how
much widget state the browser has to receive; for each of its first three clicks, the time in the engine (the
game's apply / legal / blocked actions and the goal check) and in the views, and the comm messages the kernel sends
(count and bytes, recorded in-process). Not a test: it prints figures. Bounded by --timeout.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tutor.serve import HOST, SHARE_DIR, TEMPLATE  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [  # as in tests/browser/conftest.py
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LEARN = "learn-restless-spirits.ipynb"
#: Every page (its notebook) and what shows it is ready to use: its load is measured against the bare notebook's.
PAGES = {
    "index.ipynb": ".rt-landing a",
    "learn-restless-spirits.ipynb": ".tutor-action",
    "learn-spirited.ipynb": ".tutor-action",
    "learn-spirit-duels.ipynb": ".tutor-action",
    "faq-explorer.ipynb": ".tutor-faq-questions",  # the question list opens from it (over the board below 1600 px)
    "teacher-walkthrough.ipynb": ".rt-present .tutor-presenter-next",
    "ability-graph.ipynb": ".tutor-graph-details h3",
    "practice.ipynb": ".tutor-pq-prompt",
}
BARE = "bare.ipynb"
BARE_SOURCE = """import ipywidgets as widgets

button = widgets.Button(description="Click me")
button.add_class("bare-button")
output = widgets.Output()
output.add_class("bare-output")


def on_click(_button):
    with output:
        print("clicked")


button.on_click(on_click)
widgets.VBox([button, output])
"""
# The bare notebook plus part of the learn page's work, to split the learn page's load time: importing the
# tutor, then also building the learn page without showing it.
VARIANTS = {
    "bare.ipynb": "",
    "bare-imports.ipynb": "import tutor\nfrom widgets import learn_app\n\n",
    "bare-built.ipynb": "import tutor\nfrom widgets import learn_app\n\n_app = learn_app('restless-spirits')\n\n",
}
WAIT_MS = 60_000
# Before a click: wait up to SETTLE_S seconds for the CPUs to be under SETTLE_BUSY busy (see settle()).
SETTLE_S = 20.0
SETTLE_BUSY = 0.25
# In the page: the time of the click's pointerdown, and of the first DOM change after which the click's predicate
# holds (a MutationObserver set up just before the click).
INIT_JS = "document.addEventListener('pointerdown', () => { window.__down = performance.now(); }, true);"
WATCH_JS = """([js, n]) => { window.__seen = null; const pred = eval(js);
  new MutationObserver((_m, obs) => { if (window.__seen === null && pred(n)) { window.__seen = performance.now();
    obs.disconnect(); } }).observe(document.body, {childList: true, subtree: true, characterData: true}); }"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def start(argv: list[str], log: Path, env: dict | None = None) -> subprocess.Popen:
    with open(log, "wb") as out:
        return subprocess.Popen(argv, cwd=REPO, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                env=env, start_new_session=True)


def stop(proc: subprocess.Popen) -> None:
    for sig, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
        if proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=wait)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            continue


def wait_up(port: int, proc: subprocess.Popen, log: Path, deadline: float) -> None:
    import http.client

    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"server exited ({proc.returncode}); log: {log}")
        conn = http.client.HTTPConnection(HOST, port, timeout=5)
        try:
            conn.request("GET", "/voila/tree")
            if conn.getresponse().status < 500:
                return
        except OSError:
            pass
        finally:
            conn.close()
        time.sleep(0.25)
    sys.exit(f"server on port {port} did not answer in time; log: {log}")


def write_bare(folder: Path) -> None:
    import nbformat

    for name, prefix in VARIANTS.items():
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(prefix + BARE_SOURCE)]
        nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
        nbformat.write(nb, folder / name)


def settle(limit: float = SETTLE_S) -> None:
    """Wait (at most ``limit`` seconds) until the machine is quiet: under ``SETTLE_BUSY`` of its CPU time busy over
    half a second. After a learn page is served, ``rules-tutor serve`` starts and heats the next pre-heated kernel
    (it runs the whole notebook), which takes the CPUs for a few seconds; the bare Voila has no pool. A click
    measured during that would time the pool, not the page."""
    end = time.monotonic() + limit
    import psutil  # installed with ipykernel

    while time.monotonic() < end and psutil.cpu_percent(interval=0.5) > SETTLE_BUSY * 100:
        pass


def measure(browser, url: str, ready: str, click: str, new_count: str, new_js: str) -> tuple[float, float, float]:
    """Seconds from navigation to ``ready`` visible, from a click on ``click`` until ``new_js`` holds (a JS
    predicate over the count of ``new_count`` before the click), and, within the latter, from the click's
    pointerdown until the DOM change after which it holds (measured in the page)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INIT_JS)
    # Voila's kernel-shutdown beacon on leaving a page needs an _xsrf cookie, which Voila never sets
    # (voila-dashboards/voila#1458): without one every measured page would leave its kernel running.
    context.add_cookies([{"name": "_xsrf", "value": "bench", "domain": HOST, "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        t0 = time.perf_counter()
        page.goto(url)
        page.locator(ready).first.wait_for(state="visible")
        load = time.perf_counter() - t0
        settle()  # the same for both pages: the click is timed on a quiet machine
        before = page.locator(new_count).count()
        page.evaluate(WATCH_JS, [new_js, before])
        t0 = time.perf_counter()
        page.locator(click).first.click()
        page.wait_for_function(new_js, arg=before, polling="raf")
        clicked = time.perf_counter() - t0
        down, seen = page.evaluate("[window.__down, window.__seen]")
        in_page = (seen - down) / 1000 if down is not None and seen is not None else float("nan")
        # Leave the page so that Voila shuts its kernel down (closing the context sends no beacon).
        page.goto("about:blank")
        page.wait_for_timeout(200)
    finally:
        context.close()
    if errors:
        sys.exit(f"page error on {url}: {errors[0]}")
    return load, clicked, in_page


def measure_load(browser, url: str, ready: str) -> float:
    """Seconds from navigation to ``url`` until ``ready`` is visible (then the page is left, so that its kernel
    is shut down)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_cookies([{"name": "_xsrf", "value": "bench", "domain": HOST, "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        t0 = time.perf_counter()
        page.goto(url)
        page.locator(ready).first.wait_for(state="visible")
        load = time.perf_counter() - t0
        page.goto("about:blank")
        page.wait_for_timeout(200)
    finally:
        context.close()
    return load


def fmt(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:7.0f} ms  (min {min(xs) * 1000:.0f}, max {max(xs) * 1000:.0f})"


def browser_bench(runs: int, deadline: float, logs: Path, only: list[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    port_app, port_bare = free_port(), free_port()
    app_log, bare_log = logs / "bench-serve.log", logs / "bench-bare-voila.log"
    env = dict(os.environ, JUPYTER_PATH=os.pathsep.join([str(SHARE_DIR)] + (
        [os.environ["JUPYTER_PATH"]] if os.environ.get("JUPYTER_PATH") else [])))
    with tempfile.TemporaryDirectory(prefix="bench-bare-") as tmp:
        write_bare(Path(tmp))
        # A new learner's pages: a throw-away progress database (the learn pages resume where the learner was, and
        # the default database is whatever this machine's user last did, e.g. a learn page left in free play).
        app_env = dict(os.environ, RULES_TUTOR_DB=f"sqlite:///{Path(tmp) / 'progress.sqlite'}", JUPYTERHUB_USER="")
        app = start([sys.executable, "-m", "tutor.serve", "--port", str(port_app)], app_log, env=app_env)
        bare = start([sys.executable, "-m", "voila", "--no-browser", f"--port={port_bare}", f"--Voila.ip={HOST}",
                      "--Voila.port_retries=0", f"--template={TEMPLATE}", tmp], bare_log, env=env)
        try:
            wait_up(port_app, app, app_log, deadline)
            wait_up(port_bare, bare, bare_log, deadline)
            learn_url = f"http://{HOST}:{port_app}/voila/render/{LEARN}"
            bare_url = f"http://{HOST}:{port_bare}/voila/render/{BARE}"
            results: dict[str, list[float]] = {"learn load": [], "bare load": [], "learn click": [], "bare click": [],
                                               "learn click in page": [], "bare click in page": []}
            loadavg = [os.getloadavg()]
            split: dict[str, list[float]] = {"+ import tutor, widgets": [], "+ build learn_app (not shown)": []}
            pages: dict[str, list[float]] = {}
            bare_args = (".bare-button", ".bare-button", ".bare-output",
                         "(n) => (document.querySelector('.bare-output') || {}).innerText?.includes('clicked')")
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                try:
                    # One warm-up each (first kernel start, first import of the app from disk), not counted.
                    cases = [
                        ("learn", learn_url, ".tutor-action", ".tutor-action", ".tutor-event",
                         "(n) => document.querySelectorAll('.tutor-event').length > n"),
                        ("bare", bare_url, ".bare-button", ".bare-button", ".bare-output",
                         "(n) => (document.querySelector('.bare-output') || {}).innerText?.includes('clicked')"),
                    ]
                    for name, *args in cases:
                        measure(browser, *args)
                    # Where the learn page's extra load time goes: bare notebooks doing part of its work.
                    for i in range(0 if only else runs):
                        if time.monotonic() > deadline - 60:
                            break
                        for key, nb in zip(split, ("bare-imports.ipynb", "bare-built.ipynb")):
                            split[key].append(measure(browser, bare_url.replace(BARE, nb), *bare_args)[0])
                    # Every page's load, each run next to a load of the bare notebook (the machine's load moves).
                    for i in range(runs):
                        for nb, ready in PAGES.items():
                            if only and nb.removesuffix(".ipynb") not in only:
                                continue
                            if time.monotonic() > deadline - 120:
                                break
                            pair = [(nb, f"http://{HOST}:{port_app}/voila/render/{nb}", ready),
                                    ("bare", bare_url, ".bare-button")]
                            got = {}
                            try:
                                for key, url, sel in (pair if i % 2 == 0 else pair[::-1]):
                                    got[key] = measure_load(browser, url, sel)
                            except Exception as exc:  # noqa: BLE001 - a page that timed out: this pair is left out
                                print(f"  (run {i + 1}: {nb} or its bare load not measured: {str(exc)[:120]})",
                                      flush=True)
                                settle(5)
                                continue
                            pages.setdefault(nb, []).append(got[nb])
                            pages.setdefault(f"bare:{nb}", []).append(got["bare"])
                            print(f"  run {i + 1}: {nb:30s} {got[nb] * 1000:6.0f} ms, bare {got['bare'] * 1000:6.0f} ms",
                                  flush=True)
                            settle(5)
                    for i in range(0 if only else runs):
                        for name, *args in (cases if i % 2 == 0 else cases[::-1]):
                            if time.monotonic() > deadline:
                                print(f"(time is up after {i} complete run(s))")
                                break
                            load, click, in_page = measure(browser, *args)
                            results[f"{name} load"].append(load)
                            results[f"{name} click"].append(click)
                            results[f"{name} click in page"].append(in_page)
                            loadavg.append(os.getloadavg())
                        else:
                            continue
                        break
                finally:
                    browser.close()
        finally:
            stop(app)
            stop(bare)
    n = min(len(v) for v in results.values())
    if only:  # only some pages' loads
        results = {}
    elif n == 0:
        sys.exit("no complete run within the time limit")
    one = [x[0] for x in loadavg]
    print(f"\nBrowser, {n} run(s) each, alternating (chromium headless, 1280x800); load average (1 min) during the "
          f"runs: min {min(one):.2f}, median {statistics.median(one):.2f}, max {max(one):.2f} ({os.cpu_count()} CPUs)")
    for key, xs in results.items():
        print(f"  {key:19s} {fmt(xs)}")
    for what in ("load", "click") if results else ():
        ratio = statistics.median(results[f"learn {what}"]) / statistics.median(results[f"bare {what}"])
        verdict = "ok" if ratio <= 1.3 else "ABOVE the 1.3 goal"
        print(f"  ratio learn/bare {what:5s}: {ratio:5.2f}  ({verdict})")
    if any(k in pages for k in PAGES):
        print("  every page's load (each run next to a bare load), median page / median bare:")
        for nb in PAGES:
            if nb in pages:
                ratio = statistics.median(pages[nb]) / statistics.median(pages[f"bare:{nb}"])
                verdict = "ok" if ratio <= 1.3 else "ABOVE the 1.3 goal"
                print(f"    {nb:30s} {fmt(pages[nb])}  ratio {ratio:4.2f} ({verdict})")
    if all(split.values()):
        print("  load of the bare notebook doing part of the learn page's work:")
        for key, xs in split.items():
            print(f"    {key:30s} {fmt(xs)}")


def state_size(widgets) -> int:
    """Bytes of JSON widget state the front end receives for ``widgets``."""
    from ipywidgets.widgets.widget import _remove_buffers

    total = 0
    for wid in widgets:
        state, _paths, _buffers = _remove_buffers(wid.get_state())
        total += len(json.dumps(state, default=str))
    return total


def profile(runs: int) -> None:
    """In-process: time and widget counts of building the learn page, and what its first three clicks cost."""
    t0 = time.perf_counter()
    import widgets as tutor_widgets
    imports = time.perf_counter() - t0
    from ipywidgets.widgets.widget import _instances  # every live widget by model id

    from widgets.lessons import LearnApp

    builds, counts, sizes = [], [], []
    for _ in range(max(3, runs)):
        before = set(_instances)
        t0 = time.perf_counter()
        app = LearnApp("restless-spirits")
        builds.append(time.perf_counter() - t0)
        new = [_instances[k] for k in set(_instances) - before]
        counts.append(len(new))
        sizes.append(state_size(new))
    kinds: dict[str, int] = {}
    for wid in new:
        kinds[type(wid).__name__] = kinds.get(type(wid).__name__, 0) + 1
    print("\nIn-process profile of the learn page (no browser):")
    print(f"  import ipywidgets + widgets: {imports * 1000:.0f} ms (first import in this process)")
    print(f"  LearnApp('restless-spirits'): median {statistics.median(builds) * 1000:.0f} ms over {len(builds)} "
          f"builds; {counts[-1]} widgets, {sizes[-1] / 1024:.0f} KiB of widget state")
    print("  widgets by type: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))
    biggest = sorted(new, key=lambda x: -state_size([x]))[:3]
    print("  largest states: " + ", ".join(f"{type(x).__name__} {state_size([x]) / 1024:.0f} KiB" for x in biggest))
    if hasattr(app, "_warm"):  # a learner reaches the first goal after the page opened its progress store
        from widgets.lessons import warm_progress
        warm_progress(0).join(timeout=60)
    with recording() as (sent, engine):
        for i in range(3):
            button = app.lessons.app.actions.action_buttons[0]
            before = set(_instances)
            sent.clear()
            engine[0] = 0.0
            t0 = time.perf_counter()
            button.click()
            click = time.perf_counter() - t0
            made = [_instances[k] for k in set(_instances) - before]
            nbytes = sum(len(json.dumps(d, default=str)) for _t, d in sent)
            print(f"  click {i + 1} ({button.description!r}): {click * 1000:.1f} ms in Python (engine "
                  f"{engine[0] * 1000:.1f}, views {(click - engine[0]) * 1000:.1f}); {len(sent)} comm messages, "
                  f"{nbytes / 1024:.1f} KiB; {len(made)} new widgets")
    del tutor_widgets


@contextlib.contextmanager
def recording():
    """Record the comm messages the widgets send (``sent``: ``(msg_type, data)``) and add up the time spent in the
    engine (``engine[0]``: a step (``Session._apply``: the game's apply and the undo copy), the game's legal and
    blocked actions, and the lesson goal check)."""
    from comm import DummyComm

    import widgets.lessons as lessons
    from tutor import Session
    from tutor.registry import game_classes

    sent: list[tuple[str, dict]] = []
    engine = [0.0]

    def timed(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                engine[0] += time.perf_counter() - t0
        return wrapper

    real_publish = DummyComm.publish_msg

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        sent.append((msg_type, data or {}))
        return real_publish(self, msg_type, data, metadata, buffers, **keys)

    patched = [(DummyComm, "publish_msg", real_publish), (lessons, "goal_failures", lessons.goal_failures),
               (Session, "_apply", Session._apply)]
    patched += [(cls, name, getattr(cls, name)) for cls in game_classes().values()
                for name in ("legal_actions", "blocked_actions")]
    DummyComm.publish_msg = publish
    for owner, name, fn in patched[1:]:
        setattr(owner, name, timed(fn))
    try:
        yield sent, engine
    finally:
        for owner, name, fn in patched:
            setattr(owner, name, fn)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="measured runs per case (default 5)")
    parser.add_argument("--timeout", type=float, default=600, help="overall time limit in seconds (default 600)")
    parser.add_argument("--no-browser", action="store_true", help="only the in-process profile")
    parser.add_argument("--pages", metavar="NAMES", help="only these pages' loads (notebook names without .ipynb, "
                        "comma-separated, e.g. faq-explorer,practice), not the click nor the load split; default "
                        "every page and all of it")
    args = parser.parse_args(argv)
    only = [x.strip().removesuffix(".ipynb") for x in args.pages.split(",")] if args.pages else None
    if only:
        unknown = sorted(set(only) - {nb.removesuffix(".ipynb") for nb in PAGES})
        if unknown:
            parser.error(f"--pages: no page {', '.join(unknown)}; pages: "
                         + ", ".join(nb.removesuffix(".ipynb") for nb in PAGES))
    deadline = time.monotonic() + args.timeout
    logs = REPO / "test-artifacts"
    logs.mkdir(exist_ok=True)
    if not args.no_browser:
        if not os.access(CHROMIUM, os.X_OK):
            print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
            return 2
        browser_bench(args.runs, deadline, logs, only)
    if not only:
        profile(args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
