"""Strip45 (item 1): the last-step strip never folds one of the learner's own lines of a step while it shows
automatic lines after it. Restless Spirits free play, seed 2, the learner's move of Steps 104-105 (kept from a game of
bots44's Totem measure, since reverted: ``positions/rs-seed2-offer-after-auto.json``, its actions by id): Step 104's
Attract has its own "offers Bell & Drum (double) to the Shrine" after the automatic "Only one choice is possible", and
Step 105's Place has four automatic lines. At 1366x768 the strip folded the Offer's two last lines while the Place's
automatic "Nalpa is dealt" showed (the fold took a step's own lines only up to its first automatic line).

From element geometry at 1024x768 and 1366x768: in the learner's column no own line (no "auto" tag) is hidden while
an automatic line that is not a key line after it is shown, and at 1366x768 the Offer's line is in view. Any uncaught page error,
console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import tutor
from conftest import ARTIFACTS, keep_place, kept_position, open_learn_page, served_with_progress
from test_own_move_whole import OWN_ROWS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"
POSITION = "rs-seed2-offer-after-auto"


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of its own (its learners' places are written by the tests)."""
    with served_with_progress(tmp_path_factory, "own-after-auto", page_pool=0, stop_later=True) as (server, db):
        yield server, db


def _game() -> tutor.Session:
    return kept_position(POSITION)


def test_the_position_has_an_own_line_after_an_automatic_one():
    s = _game()
    st = s.history[103]
    assert (st.index + 1, st.action.actor, st.action.id) == (104, 0, "attract:spirit=obayashi")
    assert [e.automatic for e in st.events] == [False, False, True, False]
    assert st.events[3].text.startswith("Player 1 offers Bell & Drum (double)")
    assert sum(e.automatic for e in s.history[104].events) == 4 and s.history[105].action.actor == 1


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_no_own_line_folds_before_automatic_lines(kept_server, chromium_browser, size):
    server, db = kept_server
    keep_place(db, "learn:restless-spirits", {"tab": "free", "free": _game().to_json(), "seats": ["you", "normal"],
                                              "auto": False})
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, "learn-restless-spirits.ipynb", size)
        expect(page.locator(".tutor-last-step .rt-mine-col .rt-step-now:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(1500)  # the strip's fitting (a frame or two after the table is drawn)
        page.screenshot(path=str(SHOTS / f"own-after-auto-{size[0]}.png"))
        g = page.evaluate(OWN_ROWS)
    finally:
        context.close()
    rows = g["rows"]
    assert [r["text"].split(" ·")[0] for r in rows if r["title"]] == ["Step 104", "Step 105"], g
    offer = [r for r in rows if r["text"].startswith("Player 1 offers Bell & Drum")]
    # (at 1366x768 the whole move fits but the Place's last automatic lines; at 1024x768 the strip at its floor holds
    # the newest step's title and own line only: Step 104 folds whole, "Step 104: in History")
    assert len(offer) == 1 and (offer[0]["shown"] or size[0] < 1366), f"{size}: the Offer's own line is folded: {g}"
    for i, r in enumerate(rows):
        if r["title"] or r["auto"] or r["shown"]:
            continue
        later = [x["text"] for x in rows[i + 1:] if x["shown"] and x["auto"] and not x["key"]]
        assert not later, f"{size}: own line {r['text']!r} folded while automatic lines show: {later}"
