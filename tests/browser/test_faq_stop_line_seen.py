"""New-user trial 45: FAQ explorer, "Buying a Totem with a full hand" at 1366x768: Play to end, What if…, Drum moved
from Player 1's hand to the Totem discard pile. The red line "Step 2 (Give up Drum (single) for Key (single)) cannot
be played: Drum is no longer in…" lay cut under the pinned "Your question (optional)" row and "Save as my question"
bar. Now the panel scrolls so the line is whole above them (and the comparison's top in view, the line first on a
lower window); and Drum carries its "†" (a provisional value, as its chip on the board) in "Your changes", in the
line (the step "Give up Drum (single)† for Key (single)†", the change, the reason) and on the script's line, as
everywhere else. Checked
from element geometry, at 1366x768 and 1024x768.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS

# (saved questions go to a folder of this test run, as in test_faq_whatif_page.py)
SERVER_QUESTIONS = Path(os.environ.setdefault("RULES_TUTOR_QUESTIONS", tempfile.mkdtemp(prefix="rt-questions-")))

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000
CLICK_MS = 20_000

#: The stopped step's line, the comparison's top, the box they scroll in, and the top of what is pinned at its foot
#: (the question row and the Save bar): window coordinates.
STOP_SEEN = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const stop = [...document.querySelectorAll('.rt-faq-panel .rt-cmp-stop')].find(shown);
  if (!stop) return null;
  let box = stop.parentElement;
  while (box && !(['auto', 'scroll'].includes(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight + 1)) {
    box = box.parentElement; }
  const b = box ? box.getBoundingClientRect() : {top: 0, bottom: innerHeight};
  let foot = Math.min(b.bottom, innerHeight);
  box.querySelectorAll('*').forEach((e) => {
    if (shown(e) && getComputedStyle(e).position === 'sticky' && parseFloat(getComputedStyle(e).bottom) >= 0) {
      const r = e.getBoundingClientRect();
      if (r.top > stop.getBoundingClientRect().top - 200) { foot = Math.min(foot, r.top); }
    }
  });
  const s = stop.getBoundingClientRect(), c = stop.closest('.rt-cmp').getBoundingClientRect();
  return {stop: [s.top, s.bottom], cmp: c.top, box: [b.top, b.bottom], foot, text: stop.innerText,
          changes: [...document.querySelectorAll('.rt-faq-panel .rt-muted')].filter(shown).map((e) => e.innerText)
            .find((t) => t.startsWith('Your changes')) || ''};
}"""


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (1024, 640)])
def test_the_stopped_steps_line_is_whole_above_the_save_bar(tutor_server, tutor_page, size):
    page = tutor_page.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{tutor_server}/voila/render/faq-explorer.ipynb?scenario=faq-buy-at-hand-limit")
    expect(page.locator(".rt-root").first).to_be_visible(timeout=RENDER_MS)
    expect(page.locator(".tutor-faq-play")).to_be_visible(timeout=RENDER_MS)
    page.locator(".tutor-faq-play").click()
    page.wait_for_timeout(1500)
    page.locator(".tutor-faq-whatif-open").click()
    expect(page.locator(".tutor-faq-move")).to_be_visible(timeout=RENDER_MS)
    for cls, label in (("tutor-faq-from", "Player 1's hand"), ("tutor-faq-card", "Drum"),
                       ("tutor-faq-to", "The Totem discard pile")):
        page.locator(f".{cls} select").select_option(label=label)
        page.wait_for_timeout(400)
    page.locator(".tutor-faq-move").click()
    expect(page.locator(".rt-faq-panel .rt-cmp-stop:visible")).to_contain_text("cannot be played", timeout=CLICK_MS)
    page.wait_for_timeout(1200)
    g = page.evaluate(STOP_SEEN)
    page.screenshot(path=str(SCREENSHOTS / f"faq-stop-line-seen-{size[0]}x{size[1]}.png"))
    assert g, "no stopped step's line"
    # (clear of the pinned rows' shadow, 8 px over them)
    assert g["stop"][0] >= g["box"][0] - 1 and g["stop"][1] <= g["foot"] - 6, \
        f"the stopped step's line is not whole above the pinned question row and Save bar: {g}"
    if size[1] >= 768:  # (on a lower window the line comes first: the table's top may scroll away)
        assert g["cmp"] >= g["box"][0] - 1, f"the comparison's top is out of view: {g}"
    # Drum marked provisional as on the board ("Drum†"), in the list of changes and in the line
    assert "moved Drum† from Player 1's hand" in g["changes"], g
    assert g["text"].startswith("Step 2 (Give up Drum (single)† for Key (single)†) cannot be played after your change "
                                "(moved Drum† from Player 1's hand to the Totem discard pile): Drum† is no longer in "
                                "Player 1's hand"), g
    # the same step on the script's line (played to its end again): its provisional values marked too
    page.locator(".tutor-faq-play").click()
    expect(page.locator(".rt-faq-info .tutor-faq-error:visible")).to_contain_text(
        "(Give up Drum (single)† for Key (single)†)", timeout=CLICK_MS)
    print(f"stopped step's line: {g}")
    tutor_page.assert_clean()
