"""The list of legal actions shows what the learner needs without hunting for it, measured in a real browser
(element geometry, and what the window shows at a point: ``document.elementFromPoint``):

* Restless Spirits lesson 9 ("The hand limit of 7 cards") at 1366x768 and 1024x768: the "Not possible now" toggle is
  in view (at 1024 it sat under the pinned "End your turn"), and once opened its first blocked action is in view in
  the panel, the toggle too (trial 27: it opened just below the panel's visible area).

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, choose_lesson, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"

# Is element e seen whole in the window: its rectangle inside the panel's and the window's, and the window shows e
# (not a pinned group, a fade or another box over it) at its centre and near its top and bottom edges.
SEEN = """(e) => {
  const r = e.getBoundingClientRect(), p = e.closest('.tutor-actions').getBoundingClientRect();
  const x = (r.left + r.right) / 2;
  const hit = (y) => { const h = document.elementFromPoint(x, y); return !!h && (e === h || e.contains(h)); };
  return {label: e.innerText.slice(0, 40), rect: [r.left, r.top, r.right, r.bottom],
          inside: r.top >= p.top - 1 && r.bottom <= p.bottom + 1 && r.top >= 0 && r.bottom <= innerHeight + 1,
          shown: hit((r.top + r.bottom) / 2) && hit(r.top + 3) && hit(r.bottom - 3)};
}"""


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_the_blocked_actions_open_in_view(tutor_server, tutor_page, size):
    """Trial 27: Restless Spirits lesson 9, "Not possible now (1) ▸ show" turned to "▾ hide" but the blocked move sat
    below the panel's visible area (1366), and at 1024 the toggle itself was under the pinned "End your turn"."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, "learn-restless-spirits.ipynb", size)
    choose_lesson(page, 9, settle_ms=1500)
    where = f"Restless Spirits lesson 9 at {size[0]}x{size[1]}"
    fold = page.locator(".tutor-actions .rt-fold:visible").first
    expect(fold).to_contain_text("▸ show", timeout=CLICK_MS)
    seen = fold.evaluate(SEEN)
    if not (seen["inside"] and seen["shown"]):
        page.screenshot(path=str(SHOTS / f"actions-fold-{size[0]}.png"))
    assert seen["inside"] and seen["shown"], f"{where}: the toggle is not in view: {seen}"
    fold.click()
    expect(fold).to_contain_text("▾ hide", timeout=CLICK_MS)
    row = page.locator(".tutor-actions .rt-apart-blocked .tutor-blocked:visible").first
    expect(row).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(800)  # (the page's script scrolls the panel a frame after the list opened)
    seen = [fold.evaluate(SEEN), row.evaluate(SEEN)]
    if not all(s["inside"] and s["shown"] for s in seen):
        page.screenshot(path=str(SHOTS / f"actions-blocked-{size[0]}.png"))
    assert all(s["inside"] and s["shown"] for s in seen), f"{where}: opened, not in view: {seen}"
    tutor_page.assert_clean()
