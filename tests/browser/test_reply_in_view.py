"""Play26, item 2: in free play "What just happened" shows every line of the computer's steps since the learner's
own step, the newest in view without scrolling (at 1024x768 only the computer's last step showed, so what its Sao card
did to the learner's Overrun Limits two steps before was in the History only; at 1366x768 the Summon lines after a
Scout and its Rally were hidden). The reply column may scroll inside; its newest lines sit in view at its foot.

Each game's learn page, at 1024x768 and 1366x768: the learner plays the first action shown until the computer has
taken two steps or more in reply; then, from the elements' geometry: every event line of the reply is laid out
(none ``display: none`` or hidden, but while it lies under the column's pinned head: trial 27), one step title per
step the head line counts, the newest marked, and the newest
event line and the computer's reason lie inside the window and inside the column's box, under the newest title;
and (item 4) the board does not run past its box. Newuser29: the computer's reason comes right after the newest
step's own action line (not after "Player 2 wins"), and that line and the reason are in view under the pinned title
also when the step's automatic lines run past the column.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

STEP_MS = 30_000
LEARN = {"restless-spirits": "learn-restless-spirits.ipynb", "spirited": "learn-spirited.ipynb",
         "spirit-duels": "learn-spirit-duels.ipynb"}

#: The reply column's geometry: its box, its step titles, its event lines (laid out or not), the newest title and
#: the last event line and reason note, and the head line's words.
REPLY = """() => {
  const col = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length);
  if (!col) return null;
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const evs = [...col.querySelectorAll('.tutor-event')];
  // (the column's pinned head: the lines stuck at its top; a line scrolled partly under it is hidden while it is
  // there, trial 27: half a line showed under the pinned title; it shows again when the column scrolls)
  const c = col.getBoundingClientRect();
  const band = [...col.querySelectorAll('*')].filter(e => e.getClientRects().length
    && getComputedStyle(e).position === 'sticky'
    && e.getBoundingClientRect().top <= c.top + (parseFloat(getComputedStyle(e).top) || 0) + 1)
    .reduce((b, e) => Math.max(b, e.getBoundingClientRect().bottom), c.top);
  // (and the newest step's key lines pinned at its foot, reply30: a line partly under them is hidden while there)
  const end = c.top + col.clientTop + col.clientHeight;
  const foot = [...col.querySelectorAll('[data-rt-pin]')].filter(e => e.style.bottom && e.getClientRects().length
    && e.getBoundingClientRect().bottom >= end - parseFloat(e.style.bottom) - 1)
    .reduce((b, e) => Math.min(b, e.getBoundingClientRect().top), end)
    // (ui40: and while more lies below, the lines the foot edge or the "more below" sign would cut are hidden)
    - (col.scrollHeight - col.scrollTop - col.clientHeight > 1 && col.hasAttribute('data-rt-more') ? 24 : 0);
  const underHead = (e) => { const r = e.getBoundingClientRect();
    return (r.top < band - 1 && r.bottom > c.top + 1) || (r.bottom > foot + 1 && r.top < end - 1); };
  const titles = [...col.querySelectorAll('.rt-step-now')];
  const newest = titles[titles.length - 1], note = col.querySelector(':scope > .rt-step-note');
  // what lies over the first line of the newest event line, the reason and the newest title (a pinned line or chip
  // drawn over them; trial 26): the elements found at three points of it that are not the line itself
  const covered = (e) => { if (!e || !shown(e)) return [];
    const r = e.getBoundingClientRect(), y = r.top + Math.min(6, r.height / 2), out = [];
    for (const x of [r.left + 8, (r.left + r.right) / 2, r.right - 8]) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== e && !e.contains(hit) && !hit.contains(e)) out.push(String(hit.className).slice(0, 40)
        + ': ' + (hit.textContent || '').trim().slice(0, 40));
    }
    return out; };
  // the newest step's own action line (the first line after its title) and the lines after it (newuser29)
  const own = newest && newest.closest('.widget-html').nextElementSibling;
  const after = [...col.children].slice([...col.children].indexOf(own) + 1).filter(e => e.matches('.tutor-event'));
  // trial 29 ("the computer played 6 steps" showed the titles of steps 2, 3, 4, 6, 7): the lines in view whose
  // step's title is not in view (the reply's boxes of older steps laid out as the column's own)
  const flat = [...col.children].flatMap(k => k.matches('.rt-reply-part') ? [...k.children] : [k]);
  const inView = (e) => { const r = e.getBoundingClientRect();
    return shown(e) && r.height >= 1 && r.top >= c.top - 1 && r.bottom <= c.top + col.clientTop + col.clientHeight + 1; };
  let step = null; const orphans = [];
  for (const e of flat) {
    if (e.querySelector('.rt-step-now')) { step = e; continue; }
    if (e.matches('.tutor-event') && inView(e) && step && !inView(step)) orphans.push(e.textContent.slice(0, 50));
  }
  return {col: box(col), win: [innerWidth, innerHeight], then: col.querySelector('.rt-then').textContent, orphans,
          own: own && own.matches('.tutor-event') && shown(own) ? box(own) : null,
          ownText: own ? own.textContent : '', noteAt: note ? [...col.children].indexOf(note) : -1,
          ownAt: own ? [...col.children].indexOf(own) : -1, after: after.map(e => e.textContent),
          titles: titles.map(t => [t.textContent, shown(t) || underHead(t)]),
          hidden: evs.filter(e => !shown(e) && !underHead(e)).map(e => e.textContent),
          n: evs.length, last: box(evs[evs.length - 1]), note: note && shown(note) ? box(note) : null,
          covered: {own: covered(own), note: covered(note), newest: covered(newest)},
          newest: box(newest), mark: getComputedStyle(newest, '::after').content, over: (() => {
            const a = [...document.querySelectorAll('.rt-board-area')].find(e => e.getClientRects().length);
            const b = a.querySelector('.tutor-board');
            return [a.scrollHeight - a.clientHeight, b.scrollHeight - b.clientHeight]; })()};
}"""


def reply_after_two_steps(page) -> dict:
    """Play the first action shown (the computer's moves by "Computer's move") until the learner may move again after
    the computer took two steps or more; the reply column's geometry then."""
    for _ in range(60):
        nxt = page.locator(".tutor-seats button:visible:not([disabled])").filter(has_text="Computer's move")
        mine = page.locator(".tutor-actions .tutor-action:visible:not([disabled])")
        if nxt.count():
            nxt.first.click()
        elif mine.count():
            then = page.locator(".tutor-last-step .rt-reply-col .rt-then:visible")
            if then.count() and re.search(r"played \d+ steps", then.first.inner_text()):
                page.wait_for_timeout(600)  # the strip's script scrolls the column (a frame)
                return page.evaluate(REPLY)
            mine.first.click()
        page.wait_for_timeout(400)
    raise AssertionError("the computer never took two steps in a row")


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("game_id", list(LEARN))
def test_the_computers_whole_reply_is_shown_its_newest_lines_in_view(tutor_server, tutor_page, game_id, size):
    """Every event line of the reply laid out, a title per step counted, the newest marked and its last line and
    reason in the window and in the column, under the newest title."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, LEARN[game_id], size)
    page.get_by_role("tab", name="Free play").click()
    expect(page.locator(".tutor-seats").first).to_be_visible(timeout=STEP_MS)
    page.locator(".tutor-seats.rt-seats-play input[type=checkbox]").first.uncheck()
    g = reply_after_two_steps(page)
    tutor_page.screenshot(f"reply-{game_id}-{size[0]}")
    steps = int(re.search(r"played (\d+) steps", g["then"]).group(1))
    assert g["hidden"] == [] and g["n"] >= steps, g
    assert len(g["titles"]) == min(steps, 16) and all(shown for _, shown in g["titles"]), g
    assert g["mark"] == '"newest"', g
    # trial 29: every line in view has its step's title in view (pinned under the head when it scrolled up there),
    # also when the learner scrolls the column up a little to read
    assert g["orphans"] == [], g
    for up in (23, 61):
        page.evaluate("up => [...document.querySelectorAll('.tutor-last-step .rt-reply-col')]"
                      ".find(e => e.getClientRects().length).scrollBy(0, -up)", up)
        page.wait_for_timeout(300)
        assert page.evaluate(REPLY)["orphans"] == [], (up, g)
    left, top, right, bottom = g["col"]
    width, height = g["win"]
    assert 0 <= top and bottom <= height and right <= width, g
    # newuser29: the computer's reason comes right after its own action line (the line after the newest title and
    # its rule chip), before what the rules did on their own (after "Player 2 wins" it read as why the game ended);
    # both in view under the newest title, also when the step's automatic lines run past the column (the computer's
    # own "recruited" line scrolled under its title); its last line in view when it fits below them
    assert g["noteAt"] == g["ownAt"] + 2, g
    assert g["own"] is not None, g
    for line in (g["own"], g["note"]):
        assert line is not None, g
        assert top - 1 <= line[1] and line[3] <= bottom + 1 and line[3] <= height, (line, g)
        assert line[1] >= g["newest"][3] - 1, (line, g)  # not under the newest step's pinned title
    last = g["last"]
    assert (top - 1 <= last[1] and last[3] <= bottom + 1) or g["own"][1] <= g["newest"][3] + 10, g
    # nothing drawn over the newest line, the reason or the newest title (trial 26: a 3-line pinned release over
    # the reason's first line; an older line's rule chip peeking over the pinned title)
    assert g["covered"] == {"own": [], "note": [], "newest": []}, g
    # item 4: the board does not run past its box (Spirited's free play at 1024x768 ran 41 to 79 px past it)
    assert g["over"][0] <= 1 and g["over"][1] <= 1, g


#: The reply column's foot (ui40): how far more lies below its view, the sign drawn at its foot (its ``::after``
#: content), and the lines shown that its foot edge or the sign's band cuts (top, bottom relative to the foot).
FOOT = """(sign) => {
  const col = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length);
  const c = col.getBoundingClientRect(), end = c.top + col.clientTop + col.clientHeight;
  const after = getComputedStyle(col, '::after').content;
  const low = after.includes('more below') ? end - sign : end;
  const flat = [...col.children].flatMap(k => k.matches('.rt-reply-part') ? [...k.children] : [k]);
  const cut = flat.filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
                               && getComputedStyle(e).position !== 'sticky').filter(e => {
    const r = e.getBoundingClientRect(); return r.height >= 1 && r.top < end - 1 && r.bottom > low + 1; })
    .map(e => [e.textContent.trim().slice(0, 40), Math.round(e.getBoundingClientRect().top - end),
               Math.round(e.getBoundingClientRect().bottom - end)]);
  // the newest step's own line, chip and reason (before the sign: they come first) lying in the sign's band
  const keep = []; let e = col.querySelector(':scope > .rt-step-note');
  for (let q = 0; e && q < 3 && e.matches('.rt-step-note, .tutor-clause, .tutor-event'); q++, e = e.previousElementSibling) keep.push(e);
  const kept = keep.some(x => { const b = x.getBoundingClientRect(); return b.bottom > end - sign + 1 && b.top < end - 1; });
  return {more: col.scrollHeight - col.scrollTop - col.clientHeight, after, cut, h: col.clientHeight, kept,
          top: col.scrollTop, sh: col.scrollHeight};
}"""


@pytest.mark.parametrize("game_id", list(LEARN))
def test_the_reply_columns_foot_says_more_below_and_cuts_no_line(tutor_server, tutor_page, game_id):
    """Ui40, issue 16 item 1: at 1366x768 the reply column's foot showed half a line with more below and no sign of
    it. While more lies below its view (where the scroll rule leaves it, and scrolled up by the learner), the foot says
    "more below" (the sign of widgets/scroll_shade.py; where the scroll rule put it, not when the newest step's own
    line and reason would lie under it: they come first) and no line shown is cut by the foot or lies partly under
    the sign; scrolled to its end, no sign."""
    from widgets.scroll_shade import MORE_BELOW, SIGN_H

    page = tutor_page.page
    open_learn_page(tutor_server, page, LEARN[game_id], (1366, 768))
    page.get_by_role("tab", name="Free play").click()
    expect(page.locator(".tutor-seats").first).to_be_visible(timeout=STEP_MS)
    page.locator(".tutor-seats.rt-seats-play input[type=checkbox]").first.uncheck()
    for _ in range(4):  # a reply longer than its column (it scrolls)
        reply_after_two_steps(page)
        f = page.evaluate(FOOT, SIGN_H)
        if f["sh"] > f["h"] + 60:
            break
        page.locator(".tutor-actions .tutor-action:visible:not([disabled])").first.click(timeout=STEP_MS)
        page.wait_for_timeout(400)
    assert f["sh"] > f["h"] + 60, f
    assert f["cut"] == [], f  # where the scroll rule left it
    # (there the newest step's own line and reason come first: no sign over them)
    assert (MORE_BELOW in f["after"]) == (f["more"] > 1 and not f["kept"]), f
    col = "[...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length)"
    for up in (17, 45, 71):  # the learner scrolls up to read: more lies below
        page.evaluate(f"up => {{ const c = {col}; c.scrollTop = c.scrollHeight - c.clientHeight - up; }}", up)
        page.wait_for_timeout(300)
        g = page.evaluate(FOOT, SIGN_H)
        tutor_page.screenshot(f"reply-foot-{game_id}-{up}")
        assert g["more"] > 1 and MORE_BELOW in g["after"], (up, g)
        assert g["cut"] == [], (up, g)
    page.evaluate(f"() => {{ const c = {col}; c.scrollTop = c.scrollHeight; }}")
    page.wait_for_timeout(300)
    g = page.evaluate(FOOT, SIGN_H)
    assert g["more"] <= 1 and MORE_BELOW not in g["after"] and g["cut"] == [], g
