"""Strip45 (item 3): in the computer's reply column an older step showed as a bare title without any of its lines,
and an older step's key line showed pinned under the head line without its step's number. Each older step in view
shows its title with at least one of its lines, or none of it (the head line names it as above, in the History); a key
line of an older step pinned under the head line, its step's title out of view, says its step ("Step 12: ...").

Restless Spirits free play: the late game of test_reply_steps_whole (normal bots, after the 12th reply of two steps)
and the Grasping Shadows reply of ``positions/rs-seed0-grasping-shadows.json``; at 1024x768 and 1366x768 the column is
scrolled from its top to its foot a few px at a time (as a learner's wheel does), and at each place, from element
geometry, every older step's title seen (drawn, not hidden, inside the column) has a line of its seen, and every key
line seen whose step's title is not seen names its step. Any uncaught page error, console error, failed request or
off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, REPLY_LINES_JS, keep_place, open_learn_page, served_with_progress
from test_reply_curse_steals import _game as _curse_game
from test_reply_steps_whole import _late_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"

#: Scrolls the reply column from its top to its foot (``step`` px at a time, two frames and the scroll handler's
#: answer after each) and returns what broke the rule at each place: a bare older title, a key line without its step.
SWEEP = """async (step) => {
  const col = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length);
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const bad = [];
  let places = 0;
  for (let at = 0; at <= col.scrollHeight - col.clientHeight + step; at += step) {
    col.scrollTop = at; await frame(); await new Promise(r => setTimeout(r, 30)); places++;
    """ + REPLY_LINES_JS + """
    let cur = null;
    const steps = [];
    for (const e of flat) {
      if (e.querySelector('.rt-step-now')) { cur = {title: e, older: e.parentElement !== col, lines: []}; steps.push(cur); }
      else if (cur && e.matches('.tutor-event, .rt-step-note')) cur.lines.push(e);
    }
    for (const st of steps.filter(s => s.older)) {
      const name = st.title.textContent.trim().slice(0, 60);
      if (seen(st.title) && !st.lines.some(seen)) bad.push(`${col.scrollTop}: bare title ${name}`);
      for (const e of st.lines.filter(e => e.matches('.rt-key-ev') && seen(e))) {
        const ev = e.querySelector('.rt-ev'), said = getComputedStyle(ev, '::before').content;
        if (!seen(st.title) && !/Step \\d+/.test(said)) bad.push(`${col.scrollTop}: key line without its step: ${e.textContent.trim().slice(0, 60)} (${name})`);
      }
    }
  }
  return {bad, places};
}"""


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of its own (its learners' places are written by the tests)."""
    with served_with_progress(tmp_path_factory, "reply-scroll", page_pool=0, stop_later=True) as (server, db):
        yield server, db


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
@pytest.mark.parametrize("which", ["late", "curse"])
def test_no_bare_older_title_nor_key_line_without_its_step(kept_server, chromium_browser, which, size):
    server, db = kept_server
    s = _late_game("restless-spirits", 12) if which == "late" else _curse_game()
    keep_place(db, "learn:restless-spirits", {"tab": "free", "free": s.to_json(), "seats": ["you", "normal"],
                                              "auto": False})
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, "learn-restless-spirits.ipynb", size)
        expect(page.locator(".tutor-last-step .rt-reply-col .rt-step-now:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(1500)  # the strip's fitting
        g = page.evaluate(SWEEP, 7)
        page.screenshot(path=str(SHOTS / f"reply-scroll-{which}-{size[0]}.png"))
    finally:
        context.close()
    assert g["places"] >= 3, g
    assert g["bad"] == [], f"{which} at {size[0]}x{size[1]}: {g['bad'][:8]}"
