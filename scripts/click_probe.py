"""Where a click's time goes, in a real browser: the learn page's first legal action next to the bare button.

    .venv/bin/python scripts/click_probe.py [--runs N] [--timeout SECONDS]

Starts the same two servers as ``scripts/bench_app.py`` (the app, and a plain Voila over the bare one-button
notebook) and, for each run, loads each page afresh, waits until the servers are quiet, and clicks (the learn page's
first enabled ``.tutor-action``; the bare button) exactly as bench_app does. A script in the page records every
websocket frame (time, size, channel, message type, the kernel's own timestamp) and the click's ``pointerdown``;
a MutationObserver records when the click's answer is in the DOM; Chrome's performance metrics (script, style,
layout) are read before and after. It prints, per page, the median of each phase of the click, on one clock (the
page's ``performance.timeOrigin + now``, the kernel's message dates and the script's ``time.time()`` are all this
machine's wall clock):

- ``before pointerdown``: from Playwright's ``click()`` until the page sees ``pointerdown`` (Playwright's
  actionability checks: visible, stable over two animation frames, enabled, hit target);
- ``to kernel``: pointerdown until the kernel says busy (the click's comm message sent, through the server);
- ``kernel``: the kernel's busy to idle (Python: the engine step and every view update);
- ``last frame``: pointerdown until the last frame of the click's answer reached the page (its ``idle``);
- ``drawn``: pointerdown until the DOM holds the answer (bench_app's "in the page");
- ``after drawn``: from the answer in the DOM until Playwright's ``wait_for_function`` returned (its polling);
- frames in and bytes in (the kernel's messages for the click), comm messages among them; the page's DOM size
  (elements); Chrome's script, style-recalc and layout time during the click (``Performance.getMetrics``).

Not a test: it prints figures. Run it with the machine as quiet as it gets (``nice -n 10``; it is side by side,
like bench_app, but its phases are absolute times).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_app as bench  # noqa: E402  (the servers, pages and click cases of bench_app)

# Records every websocket frame of the page (Jupyter's kernel websocket: JSON text, or the binary
# v1.kernel.websocket.jupyter.org framing) with the page's clock; the listener is added when the socket is made, so
# it runs before the page's own handler (the time a frame is handed to the page, before the widgets process it).
WS_JS = r"""
(() => {
  window.__ws = [];
  const dec = new TextDecoder();
  function parse(data) {
    try {
      let ch, header, content;
      if (typeof data === 'string') {
        const m = JSON.parse(data); ch = m.channel; header = m.header || {}; content = m.content || {};
      } else {
        const dv = new DataView(data);
        const n = Number(dv.getBigUint64(0, true));
        const offs = [];
        for (let i = 1; i <= n; i++) offs.push(Number(dv.getBigUint64(8 * i, true)));
        const part = i => dec.decode(new Uint8Array(data, offs[i], (i + 1 < offs.length ? offs[i + 1] : data.byteLength) - offs[i]));
        ch = part(0); header = JSON.parse(part(1)); content = JSON.parse(part(4));
      }
      const d = content.data || {};
      return {ch, type: header.msg_type, date: header.date ? Date.parse(header.date) : null,
              state: content.execution_state || null, method: d.method || null};
    } catch (e) { return {err: String(e)}; }
  }
  const size = d => typeof d === 'string' ? d.length : (d.byteLength || d.size || 0);
  const Orig = window.WebSocket;
  class Hooked extends Orig {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ev => window.__ws.push(
        {dir: 'in', t: performance.timeOrigin + performance.now(), size: size(ev.data), ...parse(ev.data)}));
    }
    send(d) {
      window.__ws.push({dir: 'out', t: performance.timeOrigin + performance.now(), size: size(d), ...parse(d)});
      return super.send(d);
    }
  }
  window.WebSocket = Hooked;
})();
document.addEventListener('pointerdown', () => { window.__downEpoch = performance.timeOrigin + performance.now(); }, true);
"""
WATCH_JS = """(js) => { window.__seenEpoch = null; const pred = eval(js);
  new MutationObserver((_m, obs) => { if (window.__seenEpoch === null && pred()) {
    window.__seenEpoch = performance.timeOrigin + performance.now(); obs.disconnect(); } })
  .observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true}); }"""
METRICS = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration")


def metrics(cdp) -> dict[str, float]:
    got = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {k: got.get(k, 0.0) for k in METRICS}


def probe_click(browser, case, procs) -> dict[str, float]:
    """One click on ``case`` (a :class:`bench_app.ClickCase`) loaded afresh, split into phases (ms)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(WS_JS)
    context.add_cookies([{"name": "_xsrf", "value": "bench", "domain": bench.HOST, "path": "/"}])
    page = context.new_page()
    page.set_default_timeout(3 * bench.WAIT_MS)  # the app's server heats its pool of kernels when it starts
    try:
        page.goto(case.url, wait_until="commit")
        page.locator(case.ready).first.wait_for(state="visible")
        bench.settle(procs)
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        if case.before:
            page.evaluate(case.before)
        page.evaluate(WATCH_JS, case.done)
        n_before = page.evaluate("window.__ws.length")
        m0 = metrics(cdp)
        t0 = time.time() * 1000
        page.locator(case.click).first.click()
        page.wait_for_function(case.done, polling="raf")
        t1 = time.time() * 1000
        page.wait_for_timeout(1500)  # the rest of the click's frames (after the answer is drawn)
        m1 = metrics(cdp)
        frames, down, seen, dom = page.evaluate(
            "[window.__ws, window.__downEpoch, window.__seenEpoch, document.getElementsByTagName('*').length]")
    finally:
        bench.leave(context, page)
    frames = [f for f in frames[n_before:] if f.get("t", 0) >= down - 5]
    ins = [f for f in frames if f["dir"] == "in" and f.get("ch") == "iopub"]
    busy = next((f["date"] for f in ins if f.get("state") == "busy"), float("nan"))
    idle_frame = next((f for f in ins if f.get("state") == "idle"), None)
    idle = idle_frame["date"] if idle_frame else float("nan")
    last_in = idle_frame["t"] if idle_frame else float("nan")
    answer = [f for f in ins if f.get("type") not in ("status",)]
    first_in = answer[0]["t"] if answer else float("nan")
    return {
        "before pointerdown": down - t0,
        "to kernel": busy - down,
        "kernel": idle - busy,
        "first frame": first_in - down,
        "last frame": last_in - down,
        "drawn": seen - down,
        "after drawn": t1 - seen,
        "whole click": t1 - t0,
        "frames in": float(len(answer)),
        "comm_open": float(sum(f.get("type") == "comm_open" for f in answer)),
        "KiB in": sum(f["size"] for f in answer) / 1024,
        "DOM elements": float(dom),
        **{f"chrome {k.removesuffix('Duration').lower()}": (m1[k] - m0[k]) * 1000 for k in METRICS},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.timeout
    from playwright.sync_api import sync_playwright

    logs = bench.REPO / "test-artifacts"
    logs.mkdir(exist_ok=True)
    port_app, port_bare = bench.free_port(), bench.free_port()
    env = dict(os.environ, JUPYTER_PATH=os.pathsep.join([str(bench.SHARE_DIR)] + (
        [os.environ["JUPYTER_PATH"]] if os.environ.get("JUPYTER_PATH") else [])))
    results: dict[str, list[dict[str, float]]] = {"learn": [], "bare": []}
    print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    with tempfile.TemporaryDirectory(prefix="probe-bare-") as tmp:
        bench.write_bare(Path(tmp))
        app_env = dict(os.environ, RULES_TUTOR_DB=f"sqlite:///{Path(tmp) / 'progress.sqlite'}", JUPYTERHUB_USER="")
        app = bench.start([sys.executable, "-m", "tutor.serve", "--port", str(port_app)], logs / "probe-serve.log",
                          env=app_env)
        bare = bench.start([sys.executable, "-m", "voila", "--no-browser", f"--port={port_bare}",
                            f"--Voila.ip={bench.HOST}", "--Voila.port_retries=0", f"--template={bench.TEMPLATE}", tmp],
                           logs / "probe-bare.log", env=env)
        procs = [app, bare]
        try:
            bench.wait_up(port_app, app, logs / "probe-serve.log", deadline)
            bench.wait_up(port_bare, bare, logs / "probe-bare.log", deadline)
            cases = {"learn": bench.ClickCase(f"http://{bench.HOST}:{port_app}/voila/render/{bench.LEARN}",
                                              ".tutor-action", ".tutor-action:enabled", bench.LEARN_BEFORE,
                                              bench.LEARN_DONE),
                     "bare": bench.ClickCase(f"http://{bench.HOST}:{port_bare}/voila/render/{bench.BARE}",
                                             ".bare-button", ".bare-button", None, bench.BARE_DONE)}
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=bench.CHROMIUM, args=bench.CHROMIUM_ARGS, headless=True)
                try:
                    for case in cases.values():  # warm-up, not counted
                        probe_click(browser, case, procs)
                    for i in range(args.runs):
                        if time.monotonic() > deadline:
                            break
                        for name in (["learn", "bare"] if i % 2 == 0 else ["bare", "learn"]):
                            got = probe_click(browser, cases[name], procs)
                            results[name].append(got)
                            print(f"  run {i + 1} {name:5s} " + ", ".join(
                                f"{k} {v:.0f}" for k, v in got.items()), flush=True)
                finally:
                    browser.close()
        finally:
            bench.stop(app)
            bench.stop(bare)
    print(f"\nClick phases, median over runs (ms unless named); load average now "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}:")
    keys = list(results["learn"][0]) if results["learn"] else []
    print(f"  {'':22s} {'learn':>9s} {'bare':>9s}")
    for k in keys:
        med = {n: statistics.median(r[k] for r in results[n]) if results[n] else float("nan") for n in results}
        print(f"  {k:22s} {med['learn']:9.1f} {med['bare']:9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
