"""Newuser42 (issue 16: a learner can always read why the computer did what it did): with "Auto" on, the computer's
earlier moves of a turn lost their "Why the computer chose this" line (only its last step kept it) and the History
showed none. Every computer step now carries its reason, in the reply column and in the History.

Spirited's learn page in free play, Auto on (the computer plays its turn by itself), at 1024x768 and 1366x768: the
learner plays the first action shown until the computer has played three steps or more in reply; then every
computer step of the reply column has its reason right after its own action line, and each reason, scrolled to in
its column, lies inside the column and the window and is not hidden (at 1366x768; at 1024x768 the column is about
120 px high under its pinned head, and a reason of three lines cannot show whole there: it is read in the History);
the History, opened, has a reason under every computer step it shows, each one, scrolled to, inside the window.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

STEP_MS = 30_000
WHY = "Why the computer chose this:"

#: The reply column's computer steps, in order: each title's words and the reason that follows it in its step (or
#: null), the lines of the column laid out as one list (its boxes of older steps are laid out as its own lines).
STEPS = """() => {
  const col = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length);
  if (!col) return null;
  const flat = [...col.children].flatMap(k => k.matches('.rt-reply-part') ? [...k.children] : [k]);
  const steps = [];
  for (const e of flat) {
    if (e.querySelector('.rt-step-now')) { steps.push({title: e.textContent.trim(), why: null}); continue; }
    if (e.matches('.rt-step-note') && steps.length) { steps[steps.length - 1].why = e.textContent.trim(); }
  }
  return {then: col.querySelector('.rt-then').textContent, steps};
}"""

#: The ``k``-th reason of the reply column scrolled into the middle of its column; then its box, the column's, the
#: window's and whether it is shown (laid out, not hidden by the column's pinned lines).
SEE = """(k) => {
  const col = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length);
  const note = col.querySelectorAll('.rt-step-note')[k];
  const c = col.getBoundingClientRect(), r = note.getBoundingClientRect();
  col.scrollTop += (r.top + r.bottom) / 2 - (c.top + c.bottom) / 2;
  return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
    const b = note.getBoundingClientRect(), cb = col.getBoundingClientRect();
    done({note: [b.left, b.top, b.right, b.bottom], col: [cb.left, cb.top, cb.right, cb.bottom],
          win: [innerWidth, innerHeight], shown: note.getClientRects().length > 0
            && getComputedStyle(note).visibility !== 'hidden' && getComputedStyle(note.parentElement).visibility !== 'hidden',
          text: note.textContent.trim()});
  }, 400))));
}"""

#: The History's ``k``-th reason (in the page's order), scrolled into view: its box, the History's and whether it shows.
SEE_LOG = """(k) => {
  const log = [...document.querySelectorAll('.rt-log')].find(e => e.getClientRects().length);
  const note = log.querySelectorAll('.rt-step-note')[k];
  note.scrollIntoView({block: 'center'});
  return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
    const b = note.getBoundingClientRect(), l = log.getBoundingClientRect();
    done({note: [b.left, b.top, b.right, b.bottom], log: [l.left, l.top, l.right, l.bottom],
          shown: note.getClientRects().length > 0 && getComputedStyle(note).visibility !== 'hidden'});
  })));
}"""

#: The History's computer steps (titles) and reasons, and the box of its newest reason (upside-down list: the newest
#: step's lines are the last children, its reason among them).
HISTORY = """() => {
  const log = [...document.querySelectorAll('.rt-log')].find(e => e.getClientRects().length);
  if (!log) return null;
  const titles = [...log.querySelectorAll('.rt-step')].map(t => t.textContent.trim());
  const notes = [...log.querySelectorAll('.rt-step-note')];
  const n = notes[notes.length - 1], b = n ? n.getBoundingClientRect() : null;
  return {computer: titles.filter(t => / · The computer /.test(t)), notes: notes.map(e => e.textContent.trim()),
          newest: b ? [b.left, b.top, b.right, b.bottom] : null, win: [innerWidth, innerHeight]};
}"""


def play_until_a_reply(page, least: int = 3) -> dict:
    """Play the first action shown (the computer answering by itself, Auto on) until the learner may move again
    after the computer played ``least`` steps or more; the reply column's steps then."""
    for _ in range(80):
        mine = page.locator(".tutor-actions .tutor-action:visible:not([disabled])")
        if mine.count():
            then = page.locator(".tutor-last-step .rt-reply-col .rt-then:visible")
            m = then.count() and re.search(r"played (\d+) steps", then.first.inner_text())
            if m and int(m.group(1)) >= least:
                page.wait_for_timeout(800)  # (the strip's script: a frame)
                return page.evaluate(STEPS)
            mine.first.click()
        page.wait_for_timeout(700)
    raise AssertionError(f"the computer never played {least} steps in a row")


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_every_computer_step_keeps_its_reason_in_the_reply_and_the_history(tutor_server, tutor_page, size):
    """Auto on: every computer step of the reply column has "Why the computer chose this" right after its own line,
    each readable in its column when scrolled to; the History has one under every computer step it shows."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, "learn-spirited.ipynb", size)
    page.get_by_role("tab", name="Free play").click()
    expect(page.locator(".tutor-seats").first).to_be_visible(timeout=STEP_MS)
    auto = page.locator(".tutor-seats.rt-seats-play input[type=checkbox]").first
    if not auto.is_checked():
        auto.check()
    g = play_until_a_reply(page)
    tutor_page.screenshot(f"reasons-reply-{size[0]}")
    steps = int(re.search(r"played (\d+) steps", g["then"]).group(1))
    assert len(g["steps"]) == min(steps, 16), g
    assert all(s["why"] and s["why"].startswith(WHY) and len(s["why"]) > len(WHY) + 10 for s in g["steps"]), \
        [(s["title"][:50], (s["why"] or "")[:50]) for s in g["steps"]]
    for k in range(len(g["steps"]) if size[0] > 1024 else 0):
        r = page.evaluate(SEE, k)
        left, top, right, bottom = r["note"]
        assert r["shown"] and r["text"] == g["steps"][k]["why"], (k, r)
        assert r["col"][1] - 1 <= top and bottom <= r["col"][3] + 1, (k, r)
        assert 0 <= left and right <= r["win"][0] + 1 and 0 <= top and bottom <= r["win"][1], (k, r)
    page.locator(".tutor-last-step button:visible").filter(has_text="History").first.click()
    expect(page.locator(".rt-log:visible").first).to_be_visible(timeout=STEP_MS)
    page.wait_for_timeout(600)
    h = page.evaluate(HISTORY)
    tutor_page.screenshot(f"reasons-history-{size[0]}")
    assert len(h["computer"]) >= steps and len(h["notes"]) == len(h["computer"]), h
    assert all(n.startswith(WHY) for n in h["notes"]), h
    # the reasons of this reply, the same words in the History
    assert all(s["why"] in h["notes"] for s in g["steps"]), (g, h)
    left, top, right, bottom = h["newest"]
    assert 0 <= left and right <= h["win"][0] and 0 <= top and bottom <= h["win"][1], h
    for k in range(len(h["notes"])):  # each readable whole where the History shows it
        r = page.evaluate(SEE_LOG, k)
        left, top, right, bottom = r["note"]
        assert r["shown"] and r["log"][1] - 1 <= top and bottom <= r["log"][3] + 1, (k, r)
        assert 0 <= left and right <= size[0] and 0 <= top and bottom <= size[1], (k, r)
    tutor_page.assert_clean()
