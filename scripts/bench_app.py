"""How fast every page and a click are in a real browser, next to a bare one-button Voila notebook.

    .venv/bin/python scripts/bench_app.py [--runs N] [--timeout SECONDS] [--pages NAMES] [--no-click] [--split]

Starts `rules-tutor serve` (the real app) and, on another port, a plain Voila over a temporary folder holding
``bare.ipynb`` (one Button and one Output), with the same ``tutor`` page template and the same kernel. Then, in
Debian's chromium (the flags of tests/browser), run after run, each pair side by side in alternating order:

(a) load: for every page (:data:`PAGES`), navigation to its notebook until what shows it ready is visible, against
    navigation to ``bare.ipynb`` until its button is visible;
(b) click: on ``learn-restless-spirits.ipynb`` loaded afresh, a click on its first enabled ``.tutor-action`` until an
    event line (``.tutor-event``) that was not on the page before is drawn, against a click on the bare button until
    its printed text is drawn; each once the servers are quiet again after the load (the app heats its next
    pre-heated kernel right after serving a page, which takes a CPU for a few seconds).

It prints each figure as it is measured, then per page and for the click the medians (and min/max), the ratio of the
medians page/bare or learn/bare (goal: at most 1.3) and the spread of the runs' own ratios, with the load average of
the machine (the figures move with it: run it a few times); for (b) also the part spent in the page: from the
``pointerdown`` Playwright's click dispatches until the new event (or text) is in the DOM, measured in the page;
the rest of (b) is Playwright's own work (actionability checks before the click, polling after it).

Then (not with ``--pages``) an in-process profile of the learn page: how long ``learn_app()`` takes, how many widgets
it creates and how much widget state the browser has to receive; for each of its first three clicks, the time in the
engine (the game's apply / legal / blocked actions and the goal check) and in the views, and the comm messages the
kernel sends (count and bytes, recorded in-process). Not a test: it prints figures. Bounded by --timeout.
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
# Before a click: wait up to SETTLE_S seconds for the servers and their kernels to use under SETTLE_BUSY of one CPU
# (see settle()).
SETTLE_S = 20.0
SETTLE_BUSY = 0.25
# In the page: the time of the click's pointerdown, and of the first DOM change after which the click's predicate
# holds (a MutationObserver set up just before the click).
INIT_JS = "document.addEventListener('pointerdown', () => { window.__down = performance.now(); }, true);"
WATCH_JS = """(js) => { window.__seen = null; const pred = eval(js);
  new MutationObserver((_m, obs) => { if (window.__seen === null && pred()) { window.__seen = performance.now();
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


def tree_busy(procs: list[subprocess.Popen], interval: float = 0.5) -> float:
    """CPU seconds per second (1.0 = one CPU) that the process trees of ``procs`` (a server and its kernels) use over
    ``interval`` seconds."""
    import psutil  # installed with ipykernel

    tree = []
    for proc in procs:
        with contextlib.suppress(psutil.Error):
            root = psutil.Process(proc.pid)
            tree += [root, *root.children(recursive=True)]

    def cpu() -> float:
        total = 0.0
        for p in tree:
            with contextlib.suppress(psutil.Error):
                t = p.cpu_times()
                total += t.user + t.system
        return total

    before = cpu()
    time.sleep(interval)
    return (cpu() - before) / interval


def settle(procs: list[subprocess.Popen], limit: float = SETTLE_S) -> None:
    """Wait (at most ``limit`` seconds) until the servers ``procs`` and their kernels are quiet: under
    ``SETTLE_BUSY`` of one CPU over half a second. After a page is served, ``rules-tutor serve`` starts and heats the
    next pre-heated kernel (it runs the whole notebook), which takes a CPU for a few seconds; the bare Voila has no
    pool. A load or click measured during that would time the pool, not the page. (Only the servers' own processes
    are watched: the machine may be busy with other work, which the side-by-side bare figures share.)"""
    end = time.monotonic() + limit
    while time.monotonic() < end and tree_busy(procs) > SETTLE_BUSY:
        pass


def open_page(browser, url: str, ready: str):
    """A new browser context and page at ``url``, and the seconds from navigation until ``ready`` is visible."""
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
        return context, page, time.perf_counter() - t0, errors
    except BaseException:
        context.close()
        raise


def leave(context, page) -> None:
    """Leave the page, so that Voila shuts its kernel down (closing the context sends no beacon), and close it."""
    try:
        page.goto("about:blank")
        page.wait_for_timeout(200)
    finally:
        context.close()


def measure_load(browser, url: str, ready: str) -> float:
    """Seconds from navigation to ``url`` until ``ready`` is visible (then the page is left, so that its kernel
    is shut down)."""
    context, page, load, _errors = open_page(browser, url, ready)
    leave(context, page)
    return load


def measure_click(browser, case: "ClickCase", procs: list[subprocess.Popen]) -> tuple[float, float]:
    """A click's round trip on a page loaded afresh: seconds from a click on ``case.click`` until ``case.done`` (a JS
    predicate) holds, and, within that, from the click's pointerdown until the DOM change after which it holds
    (measured in the page). Timed once the servers are quiet (:func:`settle`)."""
    context, page, _load, errors = open_page(browser, case.url, case.ready)
    try:
        settle(procs)  # the same for both pages: the click is timed with the servers quiet
        page.evaluate(case.before) if case.before else None
        page.evaluate(WATCH_JS, case.done)
        t0 = time.perf_counter()
        page.locator(case.click).first.click()
        page.wait_for_function(case.done, polling="raf")
        clicked = time.perf_counter() - t0
        down, seen = page.evaluate("[window.__down, window.__seen]")
        in_page = (seen - down) / 1000 if down is not None and seen is not None else float("nan")
    finally:
        leave(context, page)
    if errors:
        raise RuntimeError(f"page error on {case.url}: {errors[0]}")
    return clicked, in_page


class ClickCase:
    """A page whose click is timed: its ``url``, what shows it ready (``ready``), what is clicked (``click``), a
    script run just before the click (``before``, or None) and a JS predicate that holds once the click's answer is
    drawn (``done``)."""

    def __init__(self, url: str, ready: str, click: str, before: str | None, done: str) -> None:
        self.url, self.ready, self.click, self.before, self.done = url, ready, click, before, done


# The learn page's click: its first enabled legal action; done when an event line that was not on the page before the
# click is drawn, or one that was shows other words (the events shown before it are marked with their text first: a
# page resumed at a later step may show as many events before the click as after it, so counting them is not enough;
# and the strip fills the new step into its own line widgets, widgets.step_log.LastStep._one_step).
LEARN_BEFORE = "document.querySelectorAll('.tutor-event').forEach(e => e.setAttribute('data-bench-old', e.textContent))"
LEARN_DONE = ("() => [...document.querySelectorAll('.tutor-event')]"
              ".some(e => e.getAttribute('data-bench-old') !== e.textContent)")
BARE_DONE = "() => ((document.querySelector('.bare-output') || {}).innerText || '').includes('clicked')"


def fmt(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:7.0f} ms  (min {min(xs) * 1000:.0f}, max {max(xs) * 1000:.0f})"


def ratio_line(xs: list[float], bare: list[float], pairs: list[float]) -> str:
    """The ratio of the medians, the verdict against the 1.3 goal and the spread of the runs' own ratios."""
    ratio = statistics.median(xs) / statistics.median(bare)
    verdict = "ok" if ratio <= 1.3 else "ABOVE the 1.3 goal"
    spread = f"; runs {min(pairs):.2f}-{max(pairs):.2f}" if len(pairs) > 1 else ""
    return f"ratio {ratio:4.2f} ({verdict}{spread})"


def browser_bench(runs: int, deadline: float, logs: Path, only: list[str] | None = None, click: bool = True,
                  split: bool = False) -> None:
    """Run after run, each page's load next to a bare load, and a click on the learn page next to a click on the
    bare button (each pair in alternating order); prints each figure as measured, then the ratios (medians, and the
    spread of the runs' own ratios) with the load average. A pair that times out is left out of that run. Rounds
    stop when the next one would not end before ``deadline`` (what was measured is printed)."""
    from playwright.sync_api import sync_playwright

    port_app, port_bare = free_port(), free_port()
    app_log, bare_log = logs / "bench-serve.log", logs / "bench-bare-voila.log"
    env = dict(os.environ, JUPYTER_PATH=os.pathsep.join([str(SHARE_DIR)] + (
        [os.environ["JUPYTER_PATH"]] if os.environ.get("JUPYTER_PATH") else [])))
    pages_now = [(nb, ready) for nb, ready in PAGES.items() if not only or nb.removesuffix(".ipynb") in only]
    with tempfile.TemporaryDirectory(prefix="bench-bare-") as tmp:
        write_bare(Path(tmp))
        # A new learner's pages: a throw-away progress database (the learn pages resume where the learner was, and
        # the default database is whatever this machine's user last did, e.g. a learn page left in free play).
        app_env = dict(os.environ, RULES_TUTOR_DB=f"sqlite:///{Path(tmp) / 'progress.sqlite'}", JUPYTERHUB_USER="")
        app = start([sys.executable, "-m", "tutor.serve", "--port", str(port_app)], app_log, env=app_env)
        bare = start([sys.executable, "-m", "voila", "--no-browser", f"--port={port_bare}", f"--Voila.ip={HOST}",
                      "--Voila.port_retries=0", f"--template={TEMPLATE}", tmp], bare_log, env=env)
        procs = [app, bare]
        loads: dict[str, list[float]] = {}  # page -> loads; "bare:" + page -> the bare loads beside them
        load_pairs: dict[str, list[float]] = {}  # page -> each run's page / bare
        clicks: dict[str, list[float]] = {"learn": [], "bare": [], "learn in page": [], "bare in page": []}
        click_pairs: list[float] = []
        loadavg = [os.getloadavg()[0]]
        split_loads: dict[str, list[float]] = {"+ import tutor, widgets": [], "+ build learn_app (not shown)": []}
        try:
            wait_up(port_app, app, app_log, deadline)
            wait_up(port_bare, bare, bare_log, deadline)
            bare_url = f"http://{HOST}:{port_bare}/voila/render/{BARE}"
            cases = {"learn": ClickCase(f"http://{HOST}:{port_app}/voila/render/{LEARN}", ".tutor-action",
                                        ".tutor-action:enabled", LEARN_BEFORE, LEARN_DONE),
                     "bare": ClickCase(bare_url, ".bare-button", ".bare-button", None, BARE_DONE)}
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                try:
                    # One warm-up each (first kernel start, first import of the app from disk), not counted.
                    for case in cases.values():
                        measure_click(browser, case, procs)
                    if split:  # where the learn page's extra load time goes: bare notebooks doing part of its work
                        for _ in range(runs):
                            for key, nb in zip(split_loads, ("bare-imports.ipynb", "bare-built.ipynb")):
                                split_loads[key].append(measure_load(browser, bare_url.replace(BARE, nb),
                                                                     ".bare-button"))
                    last = 0.0  # how long the last complete run took
                    for i in range(runs):
                        if time.monotonic() + last > deadline:
                            print(f"  (time is up after {i} run(s))", flush=True)
                            break
                        t_run = time.monotonic()
                        order = (lambda xs: xs) if i % 2 == 0 else (lambda xs: xs[::-1])
                        if click:
                            try:
                                got = {name: measure_click(browser, cases[name], procs)
                                       for name in order(["learn", "bare"])}
                            except Exception as exc:  # noqa: BLE001 - a click that timed out: this pair left out
                                print(f"  (run {i + 1}: the click pair not measured: {str(exc)[:160]})", flush=True)
                            else:
                                for name, (rt, in_page) in got.items():
                                    clicks[name].append(rt)
                                    clicks[f"{name} in page"].append(in_page)
                                click_pairs.append(got["learn"][0] / got["bare"][0])
                                print(f"  run {i + 1}: click learn {got['learn'][0] * 1000:6.0f} ms, bare "
                                      f"{got['bare'][0] * 1000:6.0f} ms (in the page {got['learn'][1] * 1000:.0f} / "
                                      f"{got['bare'][1] * 1000:.0f} ms)", flush=True)
                            loadavg.append(os.getloadavg()[0])
                        # Every page's load, each next to a load of the bare notebook (the machine's load moves).
                        for nb, ready in pages_now:
                            pair = [(nb, f"http://{HOST}:{port_app}/voila/render/{nb}", ready),
                                    ("bare", bare_url, ".bare-button")]
                            got_l = {}
                            try:
                                for key, url, sel in order(pair):
                                    settle(procs, 5)
                                    got_l[key] = measure_load(browser, url, sel)
                            except Exception as exc:  # noqa: BLE001 - a page that timed out: this pair left out
                                print(f"  (run {i + 1}: {nb} or its bare load not measured: {str(exc)[:120]})",
                                      flush=True)
                                continue
                            loads.setdefault(nb, []).append(got_l[nb])
                            loads.setdefault(f"bare:{nb}", []).append(got_l["bare"])
                            load_pairs.setdefault(nb, []).append(got_l[nb] / got_l["bare"])
                            print(f"  run {i + 1}: {nb:30s} {got_l[nb] * 1000:6.0f} ms, bare "
                                  f"{got_l['bare'] * 1000:6.0f} ms", flush=True)
                            loadavg.append(os.getloadavg()[0])
                        last = time.monotonic() - t_run
                finally:
                    browser.close()
        finally:
            stop(app)
            stop(bare)
    n_load = min((len(v) for v in load_pairs.values()), default=0)
    print(f"\nBrowser (chromium headless, 1280x800), every pair side by side in alternating order; load average "
          f"(1 min) during the runs: min {min(loadavg):.2f}, median {statistics.median(loadavg):.2f}, max "
          f"{max(loadavg):.2f} ({os.cpu_count()} CPUs)")
    if not load_pairs and not click_pairs:
        sys.exit("nothing measured within the time limit")
    if load_pairs:
        print(f"  every page's load ({n_load}+ run(s); median page / median bare beside it; goal at most 1.3):")
        for nb, _ready in pages_now:
            if nb in load_pairs:
                print(f"    {nb:30s} {fmt(loads[nb])}  bare {statistics.median(loads['bare:' + nb]) * 1000:6.0f} ms  "
                      f"{ratio_line(loads[nb], loads['bare:' + nb], load_pairs[nb])}")
            else:
                print(f"    {nb:30s} not measured")
    if click:
        if click_pairs:
            print(f"  click ({len(click_pairs)} run(s)): the learn page's first action until its new event is drawn, "
                  "against the bare button until its text is drawn; goal at most 1.3:")
            for name in ("learn", "bare"):
                print(f"    {name:6s} {fmt(clicks[name])}  (in the page: {fmt(clicks[name + ' in page'])})")
            print(f"    ratio learn/bare click: {ratio_line(clicks['learn'], clicks['bare'], click_pairs)}")
        else:
            print("  click: not measured (every click pair timed out or time was up)")
    if all(split_loads.values()):
        print("  load of the bare notebook doing part of the learn page's work:")
        for key, xs in split_loads.items():
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

    import widgets.lesson_runner as lessons
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
    parser.add_argument("--runs", type=int, default=3, help="measured runs (default 3): each run times every "
                        "page's load beside a bare load, and a click beside a bare click")
    parser.add_argument("--timeout", type=float, default=1500, help="overall time limit in seconds (default 1500; "
                        "runs stop early, printing what was measured, when the next would not end in time)")
    parser.add_argument("--no-browser", action="store_true", help="only the in-process profile")
    parser.add_argument("--pages", metavar="NAMES", help="only these pages' loads (notebook names without .ipynb, "
                        "comma-separated, e.g. faq-explorer,practice) besides the click, and no in-process profile; "
                        "default every page")
    parser.add_argument("--no-click", action="store_true", help="leave out the click pair")
    parser.add_argument("--split", action="store_true", help="also load bare notebooks doing part of the learn "
                        "page's work (importing the tutor; building the page without showing it)")
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
        print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)", flush=True)
        browser_bench(args.runs, deadline, logs, only, click=not args.no_click, split=args.split)
    if not only:
        profile(args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
