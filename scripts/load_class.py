"""A class at once: N learners (default 30) open the learn page of one `rules-tutor serve` and click through it.

    .venv/bin/python scripts/load_class.py [--learners 30] [--clicks 10] [--ramp SECONDS] [--timeout 600]
                                           [--url URL [--pid PID]] [--pool N] [--page-pool N] [--seed S]
                                           [--json [FILE]]
                                           [--load-timeout S] [--action-timeout S] [--settle S] [--quiet]

Starts its own `rules-tutor serve` on a free port of 127.0.0.1 (log: ``test-artifacts/load-class-serve.log``) and
waits until it answers and its pre-heated learn kernel is ready, or uses the running server at ``--url`` (its
memory is then measured only if ``--pid`` names its process, or if its listening port can be traced to a process).
``--pool N`` is passed on to ``rules-tutor serve --pool N`` (pre-heated kernels for the learn page), ``--page-pool N``
to ``--page-pool N`` (for the Spirited and Spirit Duels learn pages and the FAQ, graph, practice and presenter pages:
0 keeps their kernels from heating while the learners load the learn page; the tests' tiny run uses it). The server it
starts keeps progress in an in-memory database per kernel (``RULES_TUTOR_DB=sqlite://``), so each learner is a person
of their own, as on a class hub: one server's learner opening a second tab would be told the page is open elsewhere.

The learners are driven by Playwright (async API) in ONE headless chromium (``/usr/bin/chromium``, the flags of
tests/browser) with one browser context per learner: contexts share no cookies or storage, so each is a separate
visitor with its own Voila kernel, while one browser process costs far less than 30 (the server, not the browser,
is what is measured). All learners start at once, or spread evenly over ``--ramp`` seconds. On one machine the
browser competes with the server for the CPUs (in a class the browsers run on the learners' machines): the CPU
split and the "HTML" part of the time to interactive below show the server's share. Each learner:

1. opens ``/voila/render/learn-restless-spirits.ipynb``; **time to interactive** = from the navigation until the
   first legal-action button (``.tutor-action``) is visible and enabled; and, as part of it, until the page's HTML
   is fully received (Voila streams it while it runs the notebook: the server's share of the wait; the rest is the
   browser building the widgets and fetching their state from the kernel);
2. clicks ``--clicks`` legal actions, each time the first enabled ``.tutor-action`` shown (or, with ``--seed``, a
   seeded random one). On the learn page every click, a pending-decision choice included, adds a step to the step
   log ("Step N · ..." in ``.rt-step``, newest on top) with at least one event line (``.tutor-event``), so
   **click latency** = from the click (taken in the page, by a capturing click listener) until the page shows a
   step numbered higher than any before, with its event lines (timed in the page, at the first animation frame
   that shows them). **click to next actions** also waits until the list of legal actions shown (their tooltips,
   which carry the action ids) differs from the one before the click and one of them is enabled, timed at the
   list's last change once it has held for ``--settle`` seconds (the page adds the new rows one at a time, and under
   load a half-built list can still show buttons of the previous state). The next click waits for that too (up to
   ``--action-timeout``; the settling is not counted in any figure), so it never hits a button drawn for the
   previous state (the app ignores such a click: widgets/model.py). A click after which the list stays the very
   same is counted as "unchanged" instead of timed (none on the learn page's first-action path). Only what is
   shown counts: the page's hidden "Free play" tab has actions and events of its own;
3. leaves the page (about:blank, which makes Voila shut its kernel down) and closes its context.

Errors (target 0; each learner's are reported): uncaught page errors, console errors, HTTP responses >= 400, failed
requests, timeouts (``--load-timeout`` for the page, ``--action-timeout`` per click), text in the app's error panel
(``.tutor-errors``, widgets/model.py) and Voila cell errors (stderr outputs, "There was an error when executing
cell"). Only events while the learn page is open count.

Memory: every 0.5 s, the resident memory (RSS) of the server process and of every process under it (the kernels:
``ipykernel_launcher``), read with psutil when installed, else from /proc; reported at the peak of the total, with
the kernel count and the average per kernel then; also each kernel's own highest RSS (mean and max over the kernels
seen), and the kernels still running after every learner left. RSS counts shared pages (libraries) once per
process, so the sum overstates the real use: the proportional set size (PSS, /proc/PID/smaps_rollup, shared pages
split between their users) of the same processes at the same moment is given too. The browser's processes (this
script's other children: the Playwright driver and chromium) are sampled the same way (RSS; it overstates a lot).
CPU: the CPU seconds used during the run by the server process, by its kernels and by the browser (the latest
reading of each process, so a kernel that ends keeps what it used up to the last sample), beside what the machine
had (wall time x CPUs). Also the 1-minute load average (/proc/loadavg) at the start, its maximum and at the end
(other work on the machine counts too), and the wall time.

If the script starts the server it waits, before any learner starts, until the learn page's pre-heated kernels
are ready (the server log says the pool is filled), as a server started before a class would be.

Bounded: ``--timeout`` (default 600 s) covers everything, starting the server included; the server it started
(SIGTERM, on which Voila shuts its kernels down; then SIGKILL to its process group and SIGTERM to any kernel seen
still running), the browser and every page are closed on the way out, Ctrl-C and SIGTERM included. Exit code: 0
when every learner finished every click without an error, 1 otherwise (errors, unfinished learners or time out), 2
when the run could not start (no chromium, the server did not come up).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_app import CHROMIUM, CHROMIUM_ARGS, free_port, start, stop  # noqa: E402
from tutor.serve import HOST, LEARN_NOTEBOOK, LEARN_POOL, PAGE_POOL, preheated_kernels  # noqa: E402

LEARN = LEARN_NOTEBOOK
ARTIFACTS = REPO / "test-artifacts"
SERVE_LOG = ARTIFACTS / "load-class-serve.log"
ERRORS_SHOWN = 5  # first error messages printed

ACTION = ".tutor-action:not([disabled]):visible"

# Only what is shown counts: the learn page also holds a "Free play" tab, hidden, with its own actions and events.
_SHOWN = """
  const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0);
  let step = 0, newest = null;  // the highest step number shown: the last-step strip's title ("Step N · ...",
  // .rt-step-now) on the one-screen table, else the step log's titles (.rt-step, newest on top)
  for (const el of shown('.rt-step-now, .rt-step')) {
    const m = /^\\s*Step (\\d+)/.exec(el.textContent);
    if (m && Number(m[1]) > step) { step = Number(m[1]); newest = el; }
  }
  // The event lines of that step: the step log's box holds each step's title, then its event lines (text and chip),
  // in reverse (CSS shows them upside down): its events are the siblings before its title, back to the previous title.
  let newestEvents = 0;
  if (newest && newest.classList.contains('rt-step-now')) {  // the strip shows the step just taken, and only it
    newestEvents = shown('.tutor-last-step .tutor-event').length;
  }
  for (let el = newest && !newestEvents && newest.closest('.widget-html'); el && (el = el.previousElementSibling);) {
    if (el.querySelector('.rt-step')) break;
    if (el.classList.contains('tutor-event')) newestEvents++;
  }
  const events = shown('.tutor-event').length;
  const buttons = shown('.tutor-action');  // tooltips end with the action id
  const actions = buttons.map((b) => b.getAttribute('title') || b.textContent).join('\\n');
  const clickable = buttons.some((b) => !b.disabled);
  const now = performance.now();  // when the list of actions last changed (the page widgets add rows one by one)
  if (window.__loadActs !== actions) { window.__loadActs = actions; window.__loadActsAt = now; }
  const stable = now - window.__loadActsAt;
"""

# What the page shows now: the step number, event lines and legal actions above, and the text of the error panel
# and of any Voila cell error.
SNAPSHOT_JS = """() => {""" + _SHOWN + """
  const panel = [...document.querySelectorAll('.tutor-errors')].map((e) => e.innerText.trim()).join('\\n').trim();
  const stderr = [...document.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]')]
    .map((e) => e.innerText.trim()).join('\\n').trim();
  const cell = document.body && document.body.innerText.includes('There was an error when executing cell');
  return {step, events, newestEvents, actions, panel, stderr, cell};
}"""

# Installed before the page's own scripts: the time of the last click, taken when the click event starts.
CLICK_CLOCK_JS = """window.addEventListener('click', () => { window.__loadClickAt = performance.now(); }, true);"""

# The ms since the click once a step numbered higher than before is shown with its event lines (else false).
STEP_SHOWN_JS = """(before) => {""" + _SHOWN + """
  return step > before.step && newestEvents > 0 ? performance.now() - window.__loadClickAt : false;
}"""

# Once the shown legal actions differ from those before the click, one of them can be clicked and the list has not
# changed for ``settle`` ms: the ms from the click to the list's last change (else false).
ACTIONS_CHANGED_JS = """([before, settle]) => {""" + _SHOWN + """
  return actions !== before.actions && clickable && stable >= settle ? window.__loadActsAt - window.__loadClickAt
    : false;
}"""

# True once an action can be clicked and the list of actions has not changed for ``settle`` ms.
ACTIONS_SETTLED_JS = """(settle) => {""" + _SHOWN + """
  return clickable && stable >= settle;
}"""


# --------------------------------------------------------------------------------------------------------------
# Memory


class Proc(NamedTuple):
    pid: int
    rss: int  # bytes
    cpu: float  # seconds of CPU used so far (user + system)
    cmd: str


def _proc_table() -> dict[int, tuple[int, Proc]]:
    """pid -> (parent pid, Proc) of every process, from /proc."""
    page = os.sysconf("SC_PAGE_SIZE")
    tick = os.sysconf("SC_CLK_TCK")
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
            fields = stat[stat.rindex(")") + 2:].split()
            ppid, utime, stime, rss_pages = int(fields[1]), int(fields[11]), int(fields[12]), int(fields[21])
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
        table[int(name)] = (ppid, Proc(int(name), rss_pages * page, (utime + stime) / tick, cmd))
    return table


def process_tree(root: int) -> list[Proc]:
    """``root`` and every process under it (psutil if installed, else /proc)."""
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        out = []
        try:
            top = psutil.Process(root)
            procs = [top] + top.children(recursive=True)
        except psutil.Error:
            return []
        for p in procs:
            try:
                with p.oneshot():
                    t = p.cpu_times()
                    out.append(Proc(p.pid, p.memory_info().rss, t.user + t.system, " ".join(p.cmdline())))
            except psutil.Error:
                continue
        return out
    table = _proc_table()
    if root not in table:
        return []
    kids: dict[int, list[int]] = {}
    for pid, (ppid, _proc) in table.items():
        kids.setdefault(ppid, []).append(pid)
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        if pid in table:
            out.append(table[pid][1])
            todo += kids.get(pid, [])
    return out


def pss(pid: int) -> int:
    """Proportional set size of ``pid`` in bytes (shared pages split between their users), 0 if unreadable."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def is_kernel(cmd: str) -> bool:
    return "ipykernel_launcher" in cmd or "ipykernel" in cmd.split(" -f ")[0]


def loadavg() -> float | None:
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


class Sampler(threading.Thread):
    """Samples the server tree's and the browser's memory, and the load average, every ``every`` seconds."""

    def __init__(self, server_pid: int | None, every: float = 0.5) -> None:
        super().__init__(daemon=True, name="memory-sampler")
        self.server_pid, self.every = server_pid, every
        self.stopping = threading.Event()
        self.samples = 0
        self.peak_total = 0  # server + kernels, bytes
        self.peak: dict = {}
        self.max_kernels = 0
        self.peak_browser = 0
        self.kernel_max: dict[int, int] = {}  # kernel pid -> its highest RSS seen
        self.kernel_cmd: dict[int, str] = {}  # kernel pid -> its command line (with its unique connection file)
        self.cpu_server: dict[int, float] = {}  # pid -> CPU seconds, server and kernels
        self.cpu_browser: dict[int, float] = {}  # pid -> CPU seconds, Playwright driver and chromium
        self.cpu_base: tuple[float, float] | None = None  # the totals when the learners started
        self.load_start = loadavg()
        self.load_max = self.load_start
        self.last: dict = {}

    def sample(self) -> dict:
        server = process_tree(self.server_pid) if self.server_pid else []
        kernels = [p for p in server if is_kernel(p.cmd)]
        for p in kernels:
            self.kernel_max[p.pid] = max(self.kernel_max.get(p.pid, 0), p.rss)
            self.kernel_cmd[p.pid] = p.cmd
        skip = {p.pid for p in server} | {os.getpid()}
        browser = [p for p in process_tree(os.getpid()) if p.pid not in skip]
        # CPU time used: the latest reading of every process seen (one that ended keeps its last reading).
        for p in server:
            self.cpu_server[p.pid] = p.cpu
        for p in browser:
            self.cpu_browser[p.pid] = p.cpu
        return {"total": sum(p.rss for p in server), "total_pss": sum(pss(p.pid) for p in server),
                "server": next((p.rss for p in server if p.pid == self.server_pid), 0),
                "kernels": len(kernels), "kernels_rss": sum(p.rss for p in kernels),
                "browser": sum(p.rss for p in browser)}

    def cpu_totals(self) -> dict:
        """CPU seconds so far: the server process, its kernels (and any other child), the browser."""
        top = self.cpu_server.get(self.server_pid, 0.0)
        return {"server": top, "kernels": sum(self.cpu_server.values()) - top,
                "browser": sum(self.cpu_browser.values())}

    def take(self) -> dict:
        s = self.sample()
        self.samples += 1
        self.last = s
        if s["total"] > self.peak_total:
            self.peak_total, self.peak = s["total"], s
        self.max_kernels = max(self.max_kernels, s["kernels"])
        self.peak_browser = max(self.peak_browser, s["browser"])
        la = loadavg()
        if la is not None:
            self.load_max = max(self.load_max or 0.0, la)
        return s

    def run(self) -> None:
        while not self.stopping.wait(self.every):
            try:
                self.take()
            except Exception:  # noqa: BLE001 - a process vanished mid-read: next sample
                continue


def stop_leftover_kernels(kernels: dict[int, str]) -> None:
    """SIGTERM any kernel (pid -> command line) of the server we started that outlived it (kernels run in sessions
    of their own, so killing the server's process group misses them; Voila normally shuts them down on SIGTERM)."""
    for pid, cmd in kernels.items():
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if f.read().replace(b"\0", b" ").decode(errors="replace").strip() != cmd.strip():
                    continue  # gone (the pid may be another process's now)
            os.kill(pid, signal.SIGTERM)
        except (OSError, ProcessLookupError):
            continue


def find_listener(port: int) -> int | None:
    """The pid listening on 127.0.0.1:``port`` (psutil only; None when it cannot be told)."""
    try:
        import psutil

        for c in psutil.net_connections(kind="tcp"):
            if c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == port and c.pid:
                return c.pid
    except Exception:  # noqa: BLE001 - no psutil, or not allowed
        return None
    return None


# --------------------------------------------------------------------------------------------------------------
# Learners


@dataclass
class Learner:
    n: int
    tti: float | None = None  # seconds
    html: float | None = None  # seconds, navigation -> the page's HTML fully received
    clicks: list[float] = field(default_factory=list)  # seconds, click -> new step and events shown
    ready: list[float] = field(default_factory=list)  # seconds, click -> next legal actions shown
    labels: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finished: bool = False
    unchanged: int = 0  # clicks after which the legal actions stayed the same for --action-timeout


class Failure(Exception):
    """A learner cannot go on (the reason is already in its errors)."""


async def run_learner(browser, url: str, me: Learner, args, delay: float) -> None:
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    await asyncio.sleep(delay)
    rng = random.Random(None if args.seed is None else args.seed * 1000 + me.n)
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    watching = True

    def err(text: str) -> None:
        if watching:
            me.errors.append(text)

    recent: list[str] = []  # the page's last console messages of any kind, for a timeout's report

    def on_console(msg) -> None:
        recent.append(f"{msg.type}: {msg.text[:160]}")
        del recent[:-3]
        if msg.type == "error":
            where = (msg.location or {}).get("url", "")
            err(f"console error: {msg.text}" + (f" ({where})" if where else ""))

    def on_failed(request) -> None:
        failure = request.failure or ""
        err(f"request failed: {request.url} ({failure})")

    page = None
    try:
        page = await context.new_page()
        await page.add_init_script(CLICK_CLOCK_JS)
        page.on("pageerror", lambda exc: err(f"page error: {exc}"))
        page.on("console", on_console)
        page.on("requestfailed", on_failed)
        page.on("response", lambda r: r.status >= 400 and err(f"HTTP {r.status}: {r.url}"))

        async def check_page(where: str) -> dict:
            snap = await page.evaluate(SNAPSHOT_JS)
            if snap["panel"]:
                err(f"error panel {where}: {snap['panel'][:300]}")
            if snap["stderr"] or snap["cell"]:
                err(f"cell error {where}: {(snap['stderr'] or 'There was an error when executing cell')[:300]}")
            return snap

        async def stuck(what: str, before: dict | None, label: str | None = None) -> None:
            """Report a timeout with what the page shows, and keep a screenshot."""
            detail = ""
            try:
                snap = await page.evaluate(SNAPSHOT_JS)
                if before is not None:
                    detail = f"; the page shows step {snap['step']} (was {before['step']})"
                if label is not None:
                    shown = await page.locator(ACTION).all_inner_texts()
                    detail += ("; the clicked button is still shown" if label in [t.strip() for t in shown]
                               else "; the clicked button is no longer shown")
                ARTIFACTS.mkdir(exist_ok=True)
                await page.screenshot(path=str(ARTIFACTS / f"load-class-learner-{me.n}.png"), timeout=10_000)
            except Exception:  # noqa: BLE001 - the page may be gone
                pass
            if recent:
                detail += "; last console messages: " + " | ".join(recent)
            err(f"timeout: {what}{detail}")

        t0 = time.perf_counter()
        try:
            response = await page.goto(url, wait_until="commit", timeout=args.load_timeout * 1000)

            async def served() -> None:  # the page's HTML fully received: the server ran the notebook
                if response is not None and await response.finished() is None:
                    me.html = time.perf_counter() - t0

            html = asyncio.ensure_future(served())
            await page.locator(ACTION).first.wait_for(state="visible", timeout=args.load_timeout * 1000)
        except PlaywrightTimeout:
            await stuck(f"no enabled .tutor-action within {args.load_timeout:.0f} s of opening the page", None)
            raise Failure from None
        me.tti = time.perf_counter() - t0
        await asyncio.wait([html], timeout=args.action_timeout)

        for k in range(args.clicks):
            before = await check_page(f"before click {k + 1}")
            buttons = page.locator(ACTION)
            try:
                if k == 0:  # later clicks waited for this after the click before
                    await page.wait_for_function(ACTIONS_SETTLED_JS, arg=args.settle * 1000, polling="raf",
                                                 timeout=args.action_timeout * 1000)
                await buttons.first.wait_for(state="visible", timeout=args.action_timeout * 1000)
            except PlaywrightTimeout:
                await stuck(f"no enabled .tutor-action shown before click {k + 1}", None)
                raise Failure from None
            count = await buttons.count()
            button = buttons.nth(rng.randrange(count) if args.seed is not None else 0)
            label = (await button.inner_text()).strip()
            try:
                await button.click(timeout=args.action_timeout * 1000)
                ms = await (await page.wait_for_function(STEP_SHOWN_JS, arg=before, polling="raf",
                                                         timeout=args.action_timeout * 1000)).json_value()
            except PlaywrightTimeout:
                await stuck(f"click {k + 1} ({label!r}) showed no new step within {args.action_timeout:.0f} s",
                            before, label)
                raise Failure from None
            me.clicks.append(ms / 1000)
            me.labels.append(label)
            try:
                ready = await (await page.wait_for_function(ACTIONS_CHANGED_JS, arg=[before, args.settle * 1000],
                                                            polling="raf",
                                                            timeout=args.action_timeout * 1000)).json_value()
                me.ready.append(max(ready, ms) / 1000)
            except PlaywrightTimeout:  # the very same actions are legal after the step (or never updated)
                me.unchanged += 1
        await check_page("after the last click")
        me.finished = True
        watching = False
        # Leaving the page makes Voila shut its kernel down (closing the context would not).
        await page.goto("about:blank", timeout=args.action_timeout * 1000)
        await page.wait_for_timeout(200)
    except Failure:
        pass
    except PlaywrightError as exc:
        if watching:
            err(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
    finally:
        watching = False
        try:
            if page is not None and not me.finished:  # leave the page all the same: Voila shuts its kernel down
                await page.goto("about:blank", timeout=10_000)
        except Exception:  # noqa: BLE001 - the page or browser may be gone already
            pass
        try:
            await context.close()
        except Exception:  # noqa: BLE001 - the browser may be gone already
            pass
    if args.progress:
        state = "ok" if me.finished and not me.errors else f"{len(me.errors)} error(s)"
        print(f"  learner {me.n:2d}: tti {me.tti if me.tti is None else round(me.tti, 1)} s, "
              f"{len(me.clicks)} click(s), {state}", file=sys.stderr, flush=True)


async def run_class(url: str, learners: list[Learner], args, budget: float) -> bool:
    """Run every learner in one chromium; False when the time budget ran out first."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            n = len(learners)
            tasks = [asyncio.ensure_future(run_learner(browser, url, me, args,
                                                       args.ramp * i / (n - 1) if n > 1 else 0.0))
                     for i, me in enumerate(learners)]
            done, pending = await asyncio.wait(tasks, timeout=max(budget, 1.0))
            for t in pending:
                t.cancel()
            if pending:
                await asyncio.wait(pending, timeout=30)
            for t in done:
                if t.exception() is not None:
                    raise t.exception()
            return not pending
        finally:
            await browser.close()


# --------------------------------------------------------------------------------------------------------------
# Server


def wait_server(port: int, proc, deadline: float, pool_line: str | None) -> None:
    """Wait until the server answers (and, if ``pool_line``, until it has logged that line). RuntimeError if it
    exits or the deadline passes."""
    import http.client

    answered = False
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"rules-tutor serve exited ({proc.returncode}); log: {SERVE_LOG}")
        if not answered:
            conn = http.client.HTTPConnection(HOST, port, timeout=5)
            try:
                conn.request("GET", "/voila/tree")
                answered = conn.getresponse().status < 500
            except OSError:
                pass
            finally:
                conn.close()
        if answered and (pool_line is None or pool_line in SERVE_LOG.read_text(errors="replace")):
            return
        time.sleep(0.25)
    raise RuntimeError(f"rules-tutor serve on port {port} was not ready in time; log: {SERVE_LOG}")


# --------------------------------------------------------------------------------------------------------------
# Report


def pct(xs: list[float], p: float) -> float:
    """The p-th percentile (0-100), linear between the closest ranks."""
    xs = sorted(xs)
    if len(xs) == 1:
        return xs[0]
    k = (len(xs) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summary(xs: list[float]) -> dict | None:
    if not xs:
        return None
    return {"n": len(xs), "median": statistics.median(xs), "p95": pct(xs, 95), "max": max(xs), "min": min(xs)}


def mib(b: int | float | None) -> float | None:
    return None if b is None else round(b / 2**20, 1)


def build_report(args, url: str, learners: list[Learner], sampler: Sampler | None, wall: float,
                 timed_out: bool, kernels_after: int | None, setup_s: float) -> dict:
    errors = [f"learner {me.n}: {e}" for me in learners for e in me.errors]
    ttis = [me.tti for me in learners if me.tti is not None]
    clicks = [c for me in learners for c in me.clicks]
    ready = [c for me in learners for c in me.ready]
    memory = cpu = None
    if sampler is not None and sampler.samples:
        now, base = sampler.cpu_totals(), sampler.cpu_base or {}
        cpu = {k: round(v - base.get(k, 0.0), 1) for k, v in now.items()}
        cpu["available"] = round(wall * (os.cpu_count() or 1), 1)
        peak = sampler.peak
        memory = {
            "samples": sampler.samples,
            "peak_total_mib": mib(sampler.peak_total),
            "pss_at_peak_mib": mib(peak.get("total_pss")),
            "peak_server_mib": mib(peak.get("server")),
            "kernels_at_peak": peak.get("kernels"),
            "kernels_rss_at_peak_mib": mib(peak.get("kernels_rss")),
            "per_kernel_at_peak_mib": mib(peak["kernels_rss"] / peak["kernels"]) if peak.get("kernels") else None,
            "max_kernels": sampler.max_kernels,
            "kernels_seen": len(sampler.kernel_max),
            "per_kernel_own_peak_mean_mib": mib(statistics.mean(sampler.kernel_max.values()))
            if sampler.kernel_max else None,
            "per_kernel_own_peak_max_mib": mib(max(sampler.kernel_max.values())) if sampler.kernel_max else None,
            "kernels_after_learners_left": kernels_after,
            "peak_browser_mib": mib(sampler.peak_browser),
        }
    return {
        "url": url,
        "learners": len(learners),
        "clicks_per_learner": args.clicks,
        "ramp_s": args.ramp,
        "choice": "first enabled action" if args.seed is None else f"random (seed {args.seed})",
        "pool": args.pool,
        "page_pool": args.page_pool,
        "learners_finished": sum(me.finished for me in learners),
        "clicks_done": len(clicks),
        "clicks_wanted": len(learners) * args.clicks,
        "time_to_interactive_s": summary(ttis),
        "html_served_s": summary([me.html for me in learners if me.html is not None]),
        "click_latency_s": summary(clicks),
        "click_to_next_actions_s": summary(ready),
        "clicks_with_unchanged_actions": sum(me.unchanged for me in learners),
        "errors": len(errors),
        "error_messages": errors[:ERRORS_SHOWN],
        "memory": memory,
        "cpu_s": cpu,
        "loadavg_1min": {"start": sampler.load_start if sampler else None,
                         "max": sampler.load_max if sampler else None, "end": loadavg()},
        "cpus": os.cpu_count(),
        "server_setup_s": round(setup_s, 1),
        "wall_s": round(wall, 1),
        "timed_out": timed_out,
        "ok": not errors and not timed_out and all(me.finished for me in learners),
        "per_learner": [{"n": me.n, "tti_s": me.tti, "html_s": me.html, "clicks_s": me.clicks,
                         "next_actions_s": me.ready,
                         "clicked": me.labels, "errors": me.errors, "finished": me.finished} for me in learners],
    }


def text_report(r: dict) -> str:
    def ms(s: float) -> str:
        return f"{s * 1000:.0f} ms"

    def line(label: str, text: str) -> None:
        out.append(f"  {label:<22s}{text}")

    out = [f"Class load: {r['learners']} learners x {r['clicks_per_learner']} clicks, {r['choice']}, "
           f"ramp {r['ramp_s']:g} s, one chromium with a context per learner",
           f"  server: {r['url']}" + (f" (learn pool {r['pool']})" if r["pool"] is not None else "")]
    line("learners finished", f"{r['learners_finished']}/{r['learners']};  clicks done "
                              f"{r['clicks_done']}/{r['clicks_wanted']}")
    t = r["time_to_interactive_s"]
    line("time to interactive", f"median {t['median']:.1f} s, max {t['max']:.1f} s (min {t['min']:.1f} s, n={t['n']})"
         if t else "none")
    h = r["html_served_s"]
    line("  of which HTML", f"median {h['median']:.1f} s, max {h['max']:.1f} s (navigation -> page HTML fully "
                            "received: the server ran the notebook)" if h else "none")
    for key, label in (("click_latency_s", "click -> new events"),
                       ("click_to_next_actions_s", "click -> next actions")):
        c = r[key]
        line(label, f"median {ms(c['median'])}, p95 {ms(c['p95'])}, max {ms(c['max'])} (n={c['n']})" if c else "none")
    if r["clicks_with_unchanged_actions"]:
        line("actions unchanged", f"{r['clicks_with_unchanged_actions']} click(s) left the same legal actions")
    line("errors", str(r["errors"]))
    for e in r["error_messages"]:
        out.append(f"    - {e}")
    m = r["memory"]
    if m:
        kernels = (f", {m['kernels_at_peak']} kernels {m['kernels_rss_at_peak_mib']:.0f} MiB "
                   f"({m['per_kernel_at_peak_mib']:.0f} MiB per kernel)" if m["kernels_at_peak"] else "")
        line("memory peak (RSS)", f"{m['peak_total_mib']:.0f} MiB server + kernels (PSS then "
                                  f"{m['pss_at_peak_mib']:.0f} MiB): server {m['peak_server_mib']:.0f} MiB{kernels}")
        if m["kernels_seen"]:
            line("", f"each kernel's own peak: mean {m['per_kernel_own_peak_mean_mib']:.0f} MiB, max "
                     f"{m['per_kernel_own_peak_max_mib']:.0f} MiB ({m['kernels_seen']} kernels seen)")
        line("", f"most kernels at once {m['max_kernels']}; left after the learners left: "
                 f"{m['kernels_after_learners_left']}")
        line("", f"browser (chromium + driver): peak {m['peak_browser_mib']:.0f} MiB RSS")
    else:
        line("memory", "not measured (server process unknown: pass --pid)")
    c = r["cpu_s"]
    if c:
        line("CPU used (seconds)", f"server {c['server']:.0f}, kernels {c['kernels']:.0f}, browser {c['browser']:.0f};"
                                   f" the machine had {c['available']:.0f} ({r['cpus']} CPUs x wall time)")
    la = r["loadavg_1min"]
    line("load average (1 min)", f"start {la['start']}, max {la['max']}, end {la['end']} on {r['cpus']} CPU(s)")
    line("wall time", f"{r['wall_s']:.0f} s (plus {r['server_setup_s']:.0f} s starting the server)"
         + ("  -- TIMED OUT" if r["timed_out"] else ""))
    line("result", "OK" if r["ok"] else "FAILED")
    return "\n".join(out)


# --------------------------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--learners", type=int, default=30, help="concurrent learners (default 30)")
    p.add_argument("--clicks", type=int, default=10, help="actions each learner clicks (default 10)")
    p.add_argument("--ramp", type=float, default=0.0,
                   help="spread the learners' starts evenly over this many seconds (default 0: all at once)")
    p.add_argument("--timeout", type=float, default=600.0, help="limit for the whole run in seconds (default 600)")
    p.add_argument("--load-timeout", type=float, default=240.0,
                   help="seconds for a page to become interactive (default 240)")
    p.add_argument("--action-timeout", type=float, default=60.0,
                   help="seconds for a click to show its step (default 60)")
    p.add_argument("--settle", type=float, default=1.0,
                   help="seconds the list of actions must stay the same before a click (default 1; the page adds "
                   "rows one at a time; not counted in the latencies)")
    p.add_argument("--url", help="base URL of a running rules-tutor serve (default: start one)")
    p.add_argument("--pid", type=int, help="with --url: the server's process id, for its memory")
    p.add_argument("--pool", type=int, default=None,
                   help="pre-heated kernels for the learn page, passed to rules-tutor serve --pool (default: its own)")
    p.add_argument("--page-pool", type=int, default=None,
                   help="pre-heated kernels for each of the FAQ, graph, practice and presenter pages, passed to "
                   "rules-tutor serve --page-pool (default: its own)")
    p.add_argument("--seed", type=int, default=None,
                   help="click seeded random legal actions (default: always the first enabled one)")
    p.add_argument("--json", nargs="?", const="-", metavar="FILE",
                   help="write the figures as JSON to FILE (or, without FILE, print JSON instead of the text)")
    p.add_argument("--quiet", dest="progress", action="store_false", help="no progress lines on stderr")
    args = p.parse_args(argv)
    if args.learners < 1 or args.clicks < 0 or args.timeout <= 0 or args.ramp < 0:
        p.error("--learners must be >= 1, --clicks >= 0, --timeout > 0, --ramp >= 0")
    if args.pid and not args.url:
        p.error("--pid goes with --url")
    if args.url and (args.pool is not None or args.page_pool is not None):
        p.error("--pool and --page-pool configure the server this script starts; not with --url")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    t_start = time.monotonic()
    deadline = t_start + args.timeout
    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2

    def on_term(_sig, _frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_term)
    server = None
    sampler: Sampler | None = None
    learners = [Learner(n=i + 1) for i in range(args.learners)]
    timed_out = interrupted = False
    kernels_after = None
    setup_s = 0.0
    t_run = time.monotonic()
    try:
        if args.url:
            base = args.url.rstrip("/")
            parts = urlsplit(base)
            pid = args.pid or (find_listener(parts.port) if parts.port else None)
        else:
            ARTIFACTS.mkdir(exist_ok=True)
            port = free_port()
            cmd = [sys.executable, "-m", "tutor.serve", "--port", str(port)]
            if args.pool is not None:
                cmd += ["--pool", str(args.pool)]
            if args.page_pool is not None:
                cmd += ["--page-pool", str(args.page_pool)]
            # Room for every learner's kernel besides the pre-heated ones (the server's default cap is for one person).
            preheated = preheated_kernels(LEARN_POOL if args.pool is None else args.pool,
                                          PAGE_POOL if args.page_pool is None else args.page_pool)
            cmd += ["--max-kernels", str(args.learners + 1 + preheated)]
            # Each learner a person of their own, as on a class hub where each has their own server and progress:
            # one `rules-tutor serve` is one person, whose second tab of a page is told the page is open elsewhere
            # (widgets/learn_tabs.py). An in-memory progress database per kernel keeps each learner's page its own
            # (and never touches the real progress file of whoever runs this script).
            server = start(cmd, SERVE_LOG, env={**os.environ, "RULES_TUTOR_DB": "sqlite://"})
            base, pid = f"http://{HOST}:{port}", server.pid
            if args.progress:
                print(f"starting rules-tutor serve on port {port} (log: {SERVE_LOG})", file=sys.stderr, flush=True)
            try:
                # Ready = answering, with the learn page's pre-heated kernel(s) started (as before a class).
                pool = LEARN_POOL if args.pool is None else args.pool
                wait_server(port, server, deadline,
                            f"Kernel pool of {LEARN} is filled with {pool} kernel(s)" if pool else None)
            except RuntimeError as exc:
                print(str(exc), file=sys.stderr)
                return 2
        setup_s = time.monotonic() - t_start
        url = f"{base}/voila/render/{LEARN}"
        sampler = Sampler(pid)
        sampler.take()
        sampler.cpu_base = sampler.cpu_totals()
        sampler.start()
        if args.progress:
            print(f"{args.learners} learner(s) x {args.clicks} click(s) on {url}", file=sys.stderr, flush=True)
        t_run = time.monotonic()
        try:
            finished = asyncio.run(run_class(url, learners, args, deadline - time.monotonic()))
        except KeyboardInterrupt:
            interrupted = True
            finished = False
        timed_out = not finished and not interrupted
        wall = time.monotonic() - t_run
        if pid and not interrupted:
            # The last pages' kernels are being shut down: wait until the count holds for 5 s (at most 30 s, and
            # within --timeout when there is time left).
            counts: list[int] = []
            end = time.monotonic() + min(30.0, max(3.0, deadline - time.monotonic()))
            while time.monotonic() < end and not (len(counts) >= 11 and len(set(counts[-11:])) == 1):
                time.sleep(0.5)
                counts.append(sampler.take()["kernels"])
            kernels_after = counts[-1] if counts else None
    except KeyboardInterrupt:
        interrupted = True
        wall = time.monotonic() - t_run
    finally:
        if sampler is not None:
            sampler.stopping.set()
        if server is not None:
            stop(server)
            if sampler is not None:
                stop_leftover_kernels(sampler.kernel_cmd)
        signal.signal(signal.SIGTERM, previous)

    report = build_report(args, url if sampler else args.url or "", learners, sampler, wall, timed_out,
                          kernels_after, setup_s)
    if interrupted:
        report["ok"] = False
        report["interrupted"] = True
    if args.json == "-":
        print(json.dumps(report, indent=2))
    else:
        print(text_report(report) + ("\n  INTERRUPTED" if interrupted else ""))
        if args.json:
            Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
