"""Trial 21: in Restless Spirits lesson 1 at 1366x768, after scrolling the list of legal actions down (to click a
Buy action far down it), Hint wrote its text at the top of the list, out of sight: nothing seemed to happen. Now the
page scrolls the hint said into the list's view. (The list's folded groups, "N more ▸", are opened first, so it
scrolls.) Checked from element geometry: the hint's box is inside the window
and inside every scrolled box around it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Scroll every scrollable box around the list of legal actions to its foot; how far each went (px).
SCROLL_DOWN = """() => {
  const acts = [...document.querySelectorAll('.tutor-actions')].find(e => e.getClientRects().length);
  const out = [];
  for (let e = acts; e && e !== document.body; e = e.parentElement) {
    if (e.scrollHeight > e.clientHeight + 2 && getComputedStyle(e).overflowY !== 'visible') {
      e.scrollTop = e.scrollHeight; out.push(e.scrollTop);
    }
  }
  return out;
}"""

#: Whether the hint shown is in view: inside the window and every scrolled box around it (its rectangle too).
HINT_IN_VIEW = """() => {
  const hint = [...document.querySelectorAll('.rt-actions-note .rt-hint')].find(e => e.getClientRects().length);
  if (!hint) { return {hint: null}; }
  const r = hint.getBoundingClientRect(), boxes = [];
  let inside = r.top >= 0 && r.bottom <= innerHeight;
  for (let e = hint.parentElement; e && e !== document.body; e = e.parentElement) {
    if (e.scrollHeight > e.clientHeight + 2 && getComputedStyle(e).overflowY !== 'visible') {
      const b = e.getBoundingClientRect();
      boxes.push([b.top, b.bottom, e.scrollTop]);
      inside = inside && r.top >= b.top - 1 && r.top + Math.min(r.height, 20) <= b.bottom + 1;
    }
  }
  return {hint: hint.innerText, rect: [r.top, r.bottom], boxes, inside};
}"""


def test_a_hint_asked_with_the_actions_scrolled_down_comes_into_view(tutor_server, tutor_page):
    page = tutor_page.page if hasattr(tutor_page, "page") else tutor_page
    open_learn_page(tutor_server, page, "learn-restless-spirits.ipynb", (1366, 768))
    page.get_by_role("tab", name="Lessons").click()
    page.wait_for_timeout(1500)
    # (the list folds each group to the first action of each kind when they are more than it holds, trial 27: the
    # learner opens them, "N more ▸", and the list scrolls again)
    page.evaluate("() => document.querySelectorAll('.tutor-actions .rt-group-title[data-rt-more]')"
                  ".forEach((t) => t.click())")
    page.wait_for_timeout(500)
    scrolled = page.evaluate(SCROLL_DOWN)
    assert scrolled and max(scrolled) > 0, f"the list of legal actions did not scroll: {scrolled}"
    page.locator(".rt-hint-once:visible").first.click()
    expect(page.locator(".rt-actions-note .rt-hint:visible").first).to_be_visible(timeout=30_000)
    page.wait_for_timeout(800)
    g = page.evaluate(HINT_IN_VIEW)
    page.screenshot(path=str(SCREENSHOTS / "hint-in-view-rs-lesson-1366.png"))
    assert g["hint"] and g["inside"], f"the hint is out of sight: {g}"


#: The hint's box and the hinted action, as window rectangles [top, bottom], and the bottom of the actions' box.
HINT_AND_ACTION = """() => {
  const shown = (e) => e.getClientRects().length > 0;
  const hint = [...document.querySelectorAll('.rt-actions-note .rt-hint')].find(shown);
  const act = [...document.querySelectorAll('.tutor-action.rt-hint')].find(shown);
  const box = [...document.querySelectorAll('.tutor-actions')].find(shown);
  const r = (e) => e ? [Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().bottom)] : null;
  const more = hint && hint.querySelector('.rt-hint-more');
  return {more: r(more), hint: r(hint), hintText: hint ? hint.innerText.slice(0, 60) : null, action: r(act), box: r(box),
          winH: innerHeight};
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_a_second_hint_leaves_the_hinted_choice_in_view(tutor_server, tutor_page, size):
    """Trial 32 (medium): Spirited free play at 1024x768, Hint pressed twice (the stronger hint says what the move
    does): the hint's text pushed the choices down, the hinted option cut at the window's foot and the other option
    out of view. The hint's box is bounded (it scrolls itself), so the hinted action stays whole in view."""
    page = tutor_page.page if hasattr(tutor_page, "page") else tutor_page
    open_learn_page(tutor_server, page, "learn-spirited.ipynb", size)
    page.get_by_role("tab", name="Free play").click()
    expect(page.locator(".rt-hint-once:visible").first).to_be_visible(timeout=30_000)
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=30_000)
    for _ in range(2):
        page.locator(".rt-hint-once:visible").first.click()
        page.wait_for_timeout(1500)
    expect(page.locator(".rt-actions-note .rt-hint-more:visible").first).to_be_visible(timeout=30_000)
    page.wait_for_timeout(800)
    g = page.evaluate(HINT_AND_ACTION)
    page.screenshot(path=str(SCREENSHOTS / f"hint-twice-spirited-{size[0]}.png"))
    assert g["hint"] and g["action"] and g["box"], g
    assert g["hint"][1] - g["hint"][0] <= 0.3 * g["winH"], f"the hint's box takes too much of the column: {g}"
    assert g["hint"][0] - 2 <= g["more"][0] <= g["hint"][1] - 20, f"the stronger hint's new part is out of view: {g}"
    assert g["action"][0] >= g["box"][0] and g["action"][1] <= min(g["box"][1], g["winH"]), \
        f"the hinted action is not whole in view: {g}"
