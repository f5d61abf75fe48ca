"""Ui44 (issue 16; verify43 problem 1): in free play the reply column never shows an older step of the computer's
from the middle. At 1366x768 the column, scrolled to its foot, left a middle step's title pinned over its own first
lines, hidden under it as lines under the pinned head are: "Step 18 · The computer bought Drum & Key (double)" showed
only "Player 2 takes Drum & Key (double) into their hand.", not its own line nor "Why the computer chose this" (Spirited
steps 18, 23, 43; after Redo a blank gap, then a later line). The History had them.

Each game's free play against the normal computer (both seats played by bots to a late enough position, kept as the
learner's place before the page opens), at 1366x768 and 1024x768; at the kept position and after each of several Redo
(Undo first): from the elements' geometry, every older step of the reply with any line seen in the column (drawn, not
hidden, inside the column's box) has its first line and its "Why the computer chose this" seen too. The newest step's
own lines are the other tests' (test_reply_in_view.py, test_key_lines_fit.py).

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import tutor
from conftest import ARTIFACTS, REPLY_LINES_JS, open_learn_page, served_with_progress, store_write

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"
LEARN = {"restless-spirits": "learn-restless-spirits.ipynb", "spirited": "learn-spirited.ipynb",
         "spirit-duels": "learn-spirit-duels.ipynb"}
#: After which computer reply of two steps or more each game is kept.
REPLIES = {"restless-spirits": 12, "spirited": 12, "spirit-duels": 8}
#: How many of the learner's moves are taken back, then brought back one by one (each a reply checked).
REDOS = 5

#: The reply column's older steps: per step its title, and for its lines (after the title) whether each is seen.
STEPS = """() => {
  const col = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length);
  if (!col) return null;
  """ + REPLY_LINES_JS + """
  const steps = []; let cur = null;
  for (const e of flat) {
    const t = e.querySelector('.rt-step-now');
    if (t) { cur = {title: t.textContent.trim().slice(0, 90), lines: []}; steps.push(cur); continue; }
    if (cur && e.matches('.tutor-event, .rt-step-note, .rt-bot-note, .widget-html')) {
      // (an older step's key line pinned under the head, trial 19: it says what that step scored or released, seen
      // on its own by design; not counted)
      if (!(e.hasAttribute('data-rt-pin') && e.matches('.rt-key-ev, .tutor-clause'))) {
        cur.lines.push([e.textContent.trim().slice(0, 70), seen(e)]);
      }
    }
  }
  return {steps: steps.slice(0, -1), then: col.querySelector('.rt-then').textContent.trim(),
          above: col.querySelector('.rt-then').getAttribute('data-rt-above'), top: col.scrollTop,
          h: col.clientHeight, sh: col.scrollHeight};
}"""


def _late_game(game_id: str, replies: int = 12) -> tutor.Session:
    """``game_id``, two seats played by the normal bot (seeds 71 and 72), at Player 1's turn right after the
    ``replies``-th computer reply of two steps or more (Restless Spirits with the first-game set-up, as the page's
    free play starts)."""
    options = {"first_game": True} if game_id == "restless-spirits" else {}
    s = tutor.new_game(game_id, players=2, seed=1, **options)
    bots = [tutor.bot(game_id, "normal", seed=71 + i) for i in range(2)]
    n = 0
    for _ in range(2000):
        if s.is_over:
            break
        s.apply(bots[s.current_player or 0].choose(s))
        h = s.history
        if s.current_player == 0 and h[-1].action.actor == 1 and len(h) > 2 and h[-2].action.actor == 1:
            n += 1
            if n >= replies:
                return s
    raise AssertionError(f"{game_id}: no {replies} replies of two steps: the bots or the deal changed")


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of its own (the learner's kept games are written by the tests)."""
    with served_with_progress(tmp_path_factory, "reply-steps", page_pool=0, stop_later=True) as (server, db):
        yield server, db


def _broken(g: dict) -> list:
    """The older steps shown from the middle: a line seen while its first line or its reason is not."""
    out = []
    for st in g["steps"]:
        lines = st["lines"]
        if not any(s for _, s in lines):
            continue
        why = [s for text, s in lines if text.startswith("Why the computer chose this")]
        if not lines[0][1] or not all(why):
            out.append(st)
    return out


def _settled(page) -> None:
    page.wait_for_timeout(400)
    expect(page.locator(".tutor-actions .tutor-action:visible:not([disabled])").first).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(1200)  # (the strip's fitting and the column's scroll rule: a frame or two)


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)], ids=["1366", "1024"])
@pytest.mark.parametrize("game_id", list(LEARN))
def test_no_older_step_of_the_reply_shows_from_its_middle(kept_server, chromium_browser, game_id, size):
    server, db = kept_server
    s = _late_game(game_id, REPLIES[game_id])
    store_write(db, lambda store: store.save_place(f"learn:{game_id}", json.dumps(
        {"tab": "free", "free": s.to_json(), "seats": ["you", "normal"], "auto": True})))
    context = chromium_browser.new_context()
    page = context.new_page()
    where = f"{game_id} at {size[0]}x{size[1]}"
    seen = []
    try:
        open_learn_page(server, page, LEARN[game_id], size)
        expect(page.locator(".tutor-last-step .rt-reply-col:visible").first).to_be_visible(timeout=CLICK_MS)
        _settled(page)
        checks = [("kept", page.evaluate(STEPS))]
        for _ in range(REDOS):
            page.get_by_role("button", name="Undo").click()
            _settled(page)
        for k in range(REDOS):
            page.get_by_role("button", name="Redo").click()
            _settled(page)
            g = page.evaluate(STEPS)
            if g is not None:
                checks.append((f"redo {k + 1}", g))
                page.screenshot(path=str(SHOTS / f"reply-steps-{game_id}-{size[0]}-redo{k + 1}.png"))
        for label, g in checks:
            if g is None:
                continue
            seen.append(len(g["steps"]))
            assert _broken(g) == [], f"{where}, {label}: an older step shown from its middle: {_broken(g)}\n{g}"
    finally:
        context.close()
    assert sum(seen) >= 4 and len(seen) >= 3, f"{where}: too few replies of older steps checked: {seen}"
