"""scripts/load_class.py at a tiny size: 2 learners x 2 clicks against its own `rules-tutor serve`.

Checks that the run is clean (no page, console, HTTP or app errors, no timeout) and that every figure of the
report is there and real (counts add up, times positive and ordered, memory measured, kernels shut down when
the learners leave). No timing thresholds: the figures depend on the machine.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = REPO_ROOT / "scripts" / "load_class.py"
CHROMIUM = "/usr/bin/chromium"
LEARNERS, CLICKS = 2, 2


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    if not os.access(CHROMIUM, os.X_OK):
        message = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    out = tmp_path_factory.mktemp("load") / "report.json"
    proc = subprocess.run(
        # --page-pool 0: the server heats no kernels for pages the learners never open (on 2 cores they slowed the run)
        [sys.executable, str(SCRIPT), "--learners", str(LEARNERS), "--clicks", str(CLICKS), "--timeout", "300",
         "--page-pool", "0", "--quiet", "--json", str(out)],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=400,
    )
    assert out.is_file(), f"no report (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    data = json.loads(out.read_text())
    data["_exit"], data["_text"] = proc.returncode, proc.stdout
    return data


def test_class_run_is_clean(report):
    assert report["errors"] == 0, report["error_messages"]
    assert report["ok"] and not report["timed_out"], report["_text"]
    assert report["_exit"] == 0, report["_text"]
    assert report["learners"] == report["learners_finished"] == LEARNERS
    assert report["clicks_done"] == report["clicks_wanted"] == LEARNERS * CLICKS


def test_figures_are_present_and_sane(report):
    tti = report["time_to_interactive_s"]
    assert tti["n"] == LEARNERS
    assert 0 < tti["min"] <= tti["median"] <= tti["max"]
    html = report["html_served_s"]  # part of the time to interactive
    assert html["n"] == LEARNERS and 0 < html["max"] <= tti["max"]
    for key in ("click_latency_s", "click_to_next_actions_s"):
        c = report[key]
        assert c["n"] == LEARNERS * CLICKS, key
        assert 0 < c["min"] <= c["median"] <= c["p95"] <= c["max"], (key, c)
    # The next actions come with or after the step's events.
    assert report["click_to_next_actions_s"]["median"] >= report["click_latency_s"]["median"]

    m = report["memory"]
    assert m is not None and m["samples"] >= 2
    # At least the learners' kernels ran at once; each is a real Python process.
    assert m["max_kernels"] >= LEARNERS
    assert m["kernels_at_peak"] >= 1 and 20 < m["per_kernel_at_peak_mib"] < 4096
    assert m["peak_total_mib"] > m["peak_server_mib"] > 20
    assert 0 < m["pss_at_peak_mib"] <= m["peak_total_mib"]
    # Leaving the page shuts its kernel down: only the pre-heated ones are left.
    assert m["kernels_after_learners_left"] is not None
    assert m["kernels_after_learners_left"] <= m["max_kernels"] - LEARNERS
    assert m["peak_browser_mib"] > 0

    cpu = report["cpu_s"]
    assert cpu["kernels"] > 0 and cpu["browser"] > 0 and cpu["server"] >= 0 and cpu["available"] > 0
    assert report["wall_s"] > 0 and report["cpus"] >= 1
    assert report["loadavg_1min"]["max"] is not None
    for words in ("time to interactive", "click -> new events", "errors", "memory peak (RSS)", "CPU used",
                  "load average"):
        assert words in report["_text"]
