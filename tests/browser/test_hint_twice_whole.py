"""New-user trial 45: Learn Restless Spirits, free play at 1366x768, Hint pressed twice: the stronger hint's box was
a small scroll area of its own (7.2em): "Hint: ..." scrolled out of it, "More: ..." cut, and the Totem actions under
it half hidden behind "more actions: scroll down". A second press says what the move does, the first press's why
folded under it ("Hint: why this move", a click opens it), and leaves the hint readable whole: its box does not
scroll itself, it lies whole inside the list's unscrolled view (above the pinned end-of-turn group), and the hinted
action is whole in view too. Checked from element geometry."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The hint's box ([top, bottom], its own scrollHeight and clientHeight), the hinted action, and the part of the list
#: of legal actions a learner sees (the list's box down to the top of its pinned groups and of the window).
GEOMETRY = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const hint = [...document.querySelectorAll('.rt-actions-note .rt-hint')].find(shown);
  const act = [...document.querySelectorAll('.tutor-action.rt-hint')].find(shown);
  const list = [...document.querySelectorAll('.tutor-actions')].find(shown);
  const r = (e) => e ? [Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().bottom)] : null;
  let floor = Math.min(list.getBoundingClientRect().bottom, innerHeight);
  list.querySelectorAll(':scope > .rt-apart-turn, :scope > .rt-apart-blocked:not(.rt-open)').forEach((x) => {
    if (shown(x) && getComputedStyle(x).position === 'sticky') { floor = Math.min(floor, x.getBoundingClientRect().top); }
  });
  let outer = [0, innerHeight];  // (every scrolled box around the list)
  for (let e = list.parentElement; e && e !== document.body; e = e.parentElement) {
    if (e.scrollHeight > e.clientHeight + 2 && getComputedStyle(e).overflowY !== 'visible') {
      const b = e.getBoundingClientRect(); outer = [Math.max(outer[0], b.top), Math.min(outer[1], b.bottom)];
    }
  }
  return {hint: r(hint), scroll: hint ? [hint.scrollHeight, hint.clientHeight] : null,
          text: hint ? hint.innerText : '', more: r(hint && hint.querySelector('.rt-hint-more')), action: r(act),
          view: [Math.max(Math.round(list.getBoundingClientRect().top), outer[0]), Math.round(Math.min(floor, outer[1]))],
          listScroll: list.scrollTop, winH: innerHeight};
}"""


def test_a_second_hint_in_restless_spirits_free_play_is_readable_whole(tutor_server, tutor_page):
    page = tutor_page.page if hasattr(tutor_page, "page") else tutor_page
    open_learn_page(tutor_server, page, "learn-restless-spirits.ipynb", (1366, 768))
    page.get_by_role("tab", name="Free play").click()
    hint = page.locator(".rt-hint-once:visible").first
    expect(hint).to_be_visible(timeout=60_000)
    # (the first-game set-up: the learner chooses a Spirit Guide first; the computer (Auto) then plays its turn)
    page.locator(".tutor-action:visible:not([disabled])", has_text="Hana the Keeper").first.click()
    expect(hint).to_be_enabled(timeout=120_000)
    page.wait_for_timeout(2500)
    expect(hint).to_be_enabled(timeout=120_000)
    for _ in range(2):
        hint.click()
        page.wait_for_timeout(1500)
    expect(page.locator(".rt-actions-note .rt-hint-more:visible").first).to_be_visible(timeout=30_000)
    page.wait_for_timeout(1500)
    g = page.evaluate(GEOMETRY)
    page.screenshot(path=str(SCREENSHOTS / "hint-twice-restless-free-1366.png"))
    assert g["hint"] and g["more"] and g["action"], g
    # (what the move does, and the first hint's why folded under it: "Hint: why this move")
    assert g["text"].startswith("More: What it does") and g["text"].rstrip().endswith("Hint: why this move"), g
    assert g["scroll"][0] <= g["scroll"][1] + 2, f"the hint's box scrolls itself (its text is cut): {g}"
    assert g["view"][0] - 1 <= g["hint"][0] and g["hint"][1] <= g["view"][1] + 1, f"the hint is not whole in view: {g}"
    assert g["view"][0] - 1 <= g["action"][0] and g["action"][1] <= g["view"][1] + 1, \
        f"the hinted action is not whole in view: {g}"
    # the why is a click away, and opened it is said in the same box
    page.locator(".rt-actions-note .rt-hint-why > summary:visible").first.click()
    why = page.locator(".rt-actions-note .rt-hint-why:visible").first
    expect(why).to_contain_text("brings a Spirit to your board", timeout=10_000)
    page.wait_for_timeout(800)
    g = page.evaluate(GEOMETRY)
    # (whole above the pinned foot and the 40 px "more actions: scroll down" fade over it while the list scrolls on)
    assert g["view"][0] - 1 <= g["hint"][0] and g["hint"][1] <= g["view"][1] - 40 + 1, \
        f"the hint with its why opened is not whole in view: {g}"
    page.screenshot(path=str(SCREENSHOTS / "hint-twice-restless-free-why-open-1366.png"))
