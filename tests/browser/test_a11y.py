"""Accessibility: axe-core (the npm package in tests/package.json, installed by ``make test`` through ``npm ci``; never
a CDN) is injected into every page of the tutor and finds no serious or critical violation of WCAG 2.1 A/AA.

Each page is checked as a learner first sees it (and the learn pages and the presenter once more after a step, the
ability graph after a click, so that what the kernel draws later is checked too). A screenshot of every page at
1366x768 is kept in ``test-artifacts/screenshots``.

Without axe-core (npm missing) the test is skipped, except under CI (CI=true), where it fails. Any uncaught page
error, console error, failed request or off-machine request fails the test too (conftest.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
# the first browser test: its server is still warming its 8 pre-heated kernels (on 2 cores the graph once took
# over 60 s)
RENDER_MS = 120_000
CLICK_MS = 20_000
#: Rule sets checked: WCAG 2.0 and 2.1, levels A and AA.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: Impacts that fail the test.
FAILING = ("serious", "critical")

#: Each page and what shows that its cells have run (a selector to wait for).
PAGES = {
    "index.ipynb": ".rt-landing",
    "learn-restless-spirits.ipynb": ".tutor-action",
    "learn-spirited.ipynb": ".tutor-action",
    "learn-spirit-duels.ipynb": ".tutor-action",
    "faq-explorer.ipynb": ".tutor-faq-questions",
    "teacher-walkthrough.ipynb": ".rt-present .rt-counter",
    "teacher-walkthrough.ipynb?notes=1": ".tutor-notes-window",
    "ability-graph.ipynb": ".tutor-graph-details",
    "practice.ipynb": ".tutor-pq-prompt",
    "class-progress.ipynb": ".rt-root",
}

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                              summary: (n.failureSummary || '').slice(0, 300)}))}));
}"""


@pytest.fixture(scope="module")
def axe_source() -> Path:
    if not AXE.is_file():
        message = f"{AXE} is missing: run `make test-deps` (npm ci --prefix tests)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE


def violations(page, axe: Path) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe))
    return [v for v in page.evaluate(RUN_AXE, TAGS) if v["impact"] in FAILING]


def report(found: list[dict]) -> str:
    """Each violation with its elements, one per distinct finding (40 grey labels of one colour are one line)."""
    lines = []
    for v in found:
        lines.append(f"{v['impact']}: {v['id']} ({v['help']}), {len(v['nodes'])} element(s):")
        seen = {}
        for n in v["nodes"]:
            why = " ".join(n["summary"].split("\n")[1:]).strip()
            seen.setdefault(why, n)
        for why, n in list(seen.items())[:12]:
            lines.append(f"    {n['target']}: {n['html'][:120]}\n      {why}")
    return "\n".join(lines)


def check(page, axe: Path, where: str) -> None:
    found = violations(page, axe)
    assert not found, f"{where}: axe-core found serious or critical violations:\n{report(found)}"


def after_a_step(page, notebook: str) -> None:
    """Take one step the way a learner or teacher would, so that what the kernel draws after it is checked too."""
    if notebook.startswith("learn-"):
        page.locator(".tutor-action:visible:not([disabled])").first.click()
        expect(page.locator(".tutor-last-step .tutor-event:visible").first).to_be_visible(timeout=CLICK_MS)
    elif notebook == "teacher-walkthrough.ipynb":
        page.locator(".rt-present .tutor-presenter-next").click()
        expect(page.locator(".rt-present .rt-counter")).to_contain_text("Step 1 of", timeout=CLICK_MS)
    elif notebook == "faq-explorer.ipynb":  # the question list, open over the board
        page.locator(".tutor-faq-questions").click()
        expect(page.locator(".tutor-faq-search input")).to_be_visible(timeout=CLICK_MS)
    else:
        return
    page.wait_for_timeout(500)


@pytest.mark.parametrize("notebook", list(PAGES))
def test_page_has_no_serious_accessibility_violation(tutor_server, tutor_page, axe_source, notebook):
    page = tutor_page.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{tutor_server}/voila/render/{notebook}")
    expect(page.locator(PAGES[notebook]).first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(800)  # the widgets' last updates
    tutor_page.screenshot("1366x768")
    check(page, axe_source, notebook)
    if notebook.startswith("learn-") or notebook in ("teacher-walkthrough.ipynb", "faq-explorer.ipynb"):
        after_a_step(page, notebook)
        check(page, axe_source, f"{notebook} after a step")
    tutor_page.assert_clean()
