"""Strip45 (item 2): the computer's Curse Grasping Shadows (Restless Spirits) steals two random Totems from the
learner; the lines that say which ("Player 2 steals a random Totem (Moon Mochi) from Player 1.") are the engine's and
the History's, and the reply column must show them or say plainly where they are.

Free play, seed 0 (normal bots, ``positions/rs-seed0-grasping-shadows.json``, its actions by id): the learner ended
their turn at Step 94, the computer played Grasping Shadows (Step 95) and ended its turn (Step 96). From element
geometry at 1024x768 and 1366x768: where the column's scroll rule puts it, the two steal lines are seen (drawn, not
hidden, inside the column) or the head line names Step 95 as above its view and in the History; scrolled by the
learner, both steal lines are seen together at some place. Any uncaught page error, console error, failed request or off-machine
request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import tutor
from conftest import ARTIFACTS, REPLY_LINES_JS, keep_place, kept_position, open_learn_page, served_with_progress

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"
POSITION = "rs-seed0-grasping-shadows"

#: The reply column's lines: words, whether seen (drawn, not hidden, inside the column's box), and its head's note.
SEEN = """() => {
  const col = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length);
  """ + REPLY_LINES_JS + """
  return {lines: flat.filter(e => e.matches('.tutor-event, .widget-html')).map(e => [e.textContent.trim(), seen(e)]),
          above: col.querySelector('.rt-then').getAttribute('data-rt-above') || ''};
}"""


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of its own (its learners' places are written by the tests)."""
    with served_with_progress(tmp_path_factory, "curse-steals", page_pool=0, stop_later=True) as (server, db):
        yield server, db


def _game() -> tutor.Session:
    return kept_position(POSITION)


def _steals(g: dict) -> list[bool]:
    return [seen for text, seen in g["lines"] if text.startswith("Player 2 steals a random Totem")]


def test_the_position_ends_with_the_curse_and_its_steals():
    s = _game()
    assert [h.action.id for h in s.history[-3:]] == ["end-turn", "play-curse:card=c04,target=1", "end-turn"]
    assert sum(e.text.startswith("Player 2 steals a random Totem") for e in s.history[-2].events) == 2


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_the_reply_shows_what_the_curse_steals(kept_server, chromium_browser, size):
    server, db = kept_server
    keep_place(db, "learn:restless-spirits", {"tab": "free", "free": _game().to_json(), "seats": ["you", "normal"],
                                              "auto": False})
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, "learn-restless-spirits.ipynb", size)
        expect(page.locator(".tutor-last-step .rt-reply-col .rt-step-now:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(1500)  # the strip's fitting
        page.screenshot(path=str(SHOTS / f"curse-steals-{size[0]}.png"))
        g = page.evaluate(SEEN)
        steals = _steals(g)
        assert len(steals) == 2 and (all(steals) or "step 95 above, and in the History" in g["above"]), g
        # scrolled from its top to its foot a few px at a time (as a learner's wheel does): at some place both steal
        # lines are seen at once, under their step's title or with it out of view above
        both = []
        for at in range(0, 1200, 6):
            top = page.evaluate("(at) => { const c = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')]"
                                ".find(e => e.getClientRects().length); c.scrollTop = at; return c.scrollTop; }", at)
            page.wait_for_timeout(60)  # (the column's scroll handler)
            if all(_steals(page.evaluate(SEEN))):
                both.append(top)
                page.screenshot(path=str(SHOTS / f"curse-steals-seen-{size[0]}.png"))
                break
            if top < at:  # (its foot)
                break
        assert both, f"{size}: the two steal lines are never seen together in the column: {page.evaluate(SEEN)}"
    finally:
        context.close()
