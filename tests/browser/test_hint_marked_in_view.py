"""New-user trial 46 (medium): Spirited free play against the normal computer, 2 players, seed 46, after the
learner's Steps 60-64 and the computer's 65-67 (``positions/sp-seed46-wonder-strip.json``), at 1366x768: Hint
scrolled the list of legal actions so that the hint's foot was in view, and its head ("What can you do?", Hint) and
the marked action's title ("Build a Wonder", which comes first, above the hint) left it. Now the list's head is
pinned and the hint's scroll stops at the marked action's top.

From element geometry at 1024x768 and 1366x768, after Hint: the list's head is whole in view inside the list and the
window, and the marked action (``tutor-action rt-hint``) is whole in view under it, inside the list's box. Any uncaught
page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, keep_place, kept_position, open_learn_page, served_with_progress

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"

#: The list's box, its head and the marked action, as window rectangles [top, bottom], and how far the list scrolled.
MARKED = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const list = [...document.querySelectorAll('.rt-onescreen .tutor-actions')].find(shown);
  const head = list.querySelector(':scope > .rt-actions-head');
  const act = [...list.querySelectorAll('.tutor-action.rt-hint')].find(shown);
  const hint = [...list.querySelectorAll('.rt-actions-note .rt-hint')].find(shown);
  const r = (e) => e ? [e.getBoundingClientRect().top, e.getBoundingClientRect().bottom] : null;
  const b = list.getBoundingClientRect();
  return {box: [b.top + list.clientTop, b.top + list.clientTop + list.clientHeight], head: r(head), action: r(act),
          actionText: act ? act.innerText.slice(0, 40) : null, hint: r(hint), scroll: list.scrollTop,
          scrolls: list.scrollHeight > list.clientHeight + 1, winH: innerHeight};
}"""


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of its own (its learners' places are written by the tests)."""
    with served_with_progress(tmp_path_factory, "hint-marked", page_pool=0, stop_later=True) as (server, db):
        yield server, db


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_hint_keeps_the_marked_action_and_the_head_in_view(kept_server, chromium_browser, size):
    server, db = kept_server
    keep_place(db, "learn:spirited", {"tab": "free", "free": kept_position("sp-seed46-wonder-strip").to_json(),
                                      "seats": ["you", "normal"], "auto": False})
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, "learn-spirited.ipynb", size)
        expect(page.locator(".tutor-last-step .rt-mine-col .rt-step-now:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(1500)
        page.locator(".rt-hint-once:visible").first.click()
        expect(page.locator(".rt-actions-note .rt-hint:visible").first).to_be_visible(timeout=CLICK_MS)
        expect(page.locator(".tutor-action.rt-hint:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(3500)  # (the hint script's own pass, 2.5 s after the press)
        page.screenshot(path=str(SHOTS / f"hint-marked-in-view-{size[0]}.png"))
        g = page.evaluate(MARKED)
    finally:
        context.close()
    top, foot = g["box"]
    assert g["action"] and g["head"] and g["hint"], g
    assert g["actionText"].startswith("Build a Wonder"), g
    assert top - 1 <= g["head"][0] and g["head"][1] <= min(foot, g["winH"]) + 1, f"{size}: the list's head is cut: {g}"
    assert g["action"][0] >= g["head"][1] - 1 and g["action"][1] <= min(foot, g["winH"]) + 1, \
        f"{size}: the marked action is not whole in view under the head: {g}"
