"""Restless Spirits Solo Mode (session 34's new-user trial, issue #16), in a real browser, from element geometry: the
end of a turn shifts the Lost Spirits row (the rightmost discarded, a new Spirit dealt) and a Fortune Spirit draws a
Totem; those lines showed only in History (folded away under "more lines of this step"). Now they are key lines of
the last step: whole in the strip, in words, each with its rule chip, after every move of a solo game at 1024x768 and
1366x768.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"

#: The strip's lines of the solo events (by their words): whether each is whole in the strip and not hidden, and its
#: rule chip's words and whether the chip shows.
LINES = """() => {
  const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(e => e.getClientRects().length);
  const b = strip.getBoundingClientRect();
  const whole = (e) => { const r = e.getBoundingClientRect(); return shown(e) && r.height > 4 && r.top >= b.top - 1
    && r.bottom <= b.bottom + 1; };
  return [...strip.querySelectorAll('.tutor-event')].filter(e => /rightmost Lost Spirit|draws the Totem/
    .test(e.textContent)).map(e => {
      const chip = e.nextElementSibling && e.nextElementSibling.classList.contains('tutor-clause') ? e.nextElementSibling : null;
      return {text: e.textContent.slice(0, 80), whole: whole(e), key: e.classList.contains('rt-key-ev'),
              chip: chip ? chip.textContent : null, chipShown: !!chip && whole(chip)};
    });
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)], ids=["1024x768", "1366x768"])
def test_solo_turn_end_and_fortune_lines_stay_in_view(tutor_server, tutor_page, size):
    page = tutor_page.page
    open_learn_page(tutor_server, page, "learn-restless-spirits.ipynb", size)
    page.get_by_role("tab", name="Free play").click()
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=CLICK_MS)
    counts = "s => [...s.options].map(o => o.text).join(',')"
    players = next(s for s in page.locator("select:visible").all() if s.evaluate(counts).startswith("1\xa0(solo)"))
    players.select_option(index=0)
    page.get_by_role("button", name="New game").click()
    expect(page.locator(".rt-onescreen .tutor-board .rt-bpart-player:visible")).to_have_count(1, timeout=CLICK_MS)
    page.wait_for_timeout(1500)
    seen = {"shift": 0, "draw": 0}
    for k in range(18):
        mine = page.locator(".tutor-actions .tutor-action:visible:not([disabled])")
        end = mine.filter(has_text="End your turn")
        button = end.first if k % 3 == 2 and end.count() else mine.first
        before = page.locator(".rt-onescreen > .tutor-last-step:visible").first.inner_text()
        button.click()
        page.wait_for_function("(b) => { const s = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')]"
                               ".find(e => e.getClientRects().length); return s && s.innerText !== b; }", arg=before,
                               timeout=CLICK_MS)
        page.wait_for_timeout(1200)  # (the strip's fitting)
        for line in page.evaluate(LINES):
            assert line["whole"] and line["key"] and line["chip"] and line["chipShown"], \
                f"move {k + 1} at {size}: a solo line is not in view with its rule chip: {line}"
            seen["shift" if "rightmost" in line["text"] else "draw"] += 1
    page.screenshot(path=str(SHOTS / f"solo-key-lines-{size[0]}.png"))
    assert seen["shift"] >= 2 and seen["draw"] >= 1, seen  # (the check is not vacuous)
