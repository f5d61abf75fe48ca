"""New-user trial 45 (ui45): Spirited free play played to its end at 1024x768, the game-over screen did not fit: the
board, at its smallest zoom then (0.9, the strip at its floor), ran about 5 px past its box and scrolled in it. Now a
board still past its box at that floor is drawn smaller, down to :data:`widgets.strip_room.BOARD_ZLAST`; the final
screen is one table: the result, the board and what happened, in view without scrolling.

A Spirited free game (the learner's moves the normal computer's choice, seed 7; Player 2 the computer) is kept a few
moves before its end as the learner's place; the learn page opens on it with Auto on, and the learner plays on (each
time the first action listed) until the game is over. At 1024x768, 1366x768 and 1920x1080; screenshots in
test-artifacts/screenshots/. Any uncaught page error, console error, failed request or off-machine request fails the
test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import CheckedPage, keep_place, served_with_progress
from widgets.strip_room import BOARD_ZLAST

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 120_000
STEP_MS = 30_000
#: how many steps before the end the kept game stops (then back to the learner's move)
BACK = 4

#: The page's fit: the window's scroll, the board's box and how far it runs past it, the strip's box, the banner.
FIT = """() => {
  const shown = (s) => [...document.querySelectorAll(s)].find(e => e.getClientRects().length);
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const area = shown('.rt-board-area'), board = area.querySelector(':scope > .tutor-board');
  const strip = shown('.rt-onescreen > .tutor-last-step');
  const over = [...strip.querySelectorAll('.tutor-event')].filter(e => /The game is over/.test(e.textContent))
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  return {page: document.scrollingElement.scrollHeight - innerHeight, win: [innerWidth, innerHeight],
          area: box(area), board: box(board), cut: area.scrollHeight - area.clientHeight,
          boardCut: board.scrollHeight - board.clientHeight, zoom: parseFloat(getComputedStyle(board).zoom),
          strip: box(strip), overLine: over.map(box), banner: board.querySelector('.rt-banner, .rt-turn') ?
            box(board.querySelector('.rt-banner, .rt-turn')) : null};
}"""


@pytest.fixture(scope="module")
def near_end_server(tmp_path_factory):
    """``(base URL, database URL, the kept game's JSON)``: Spirited free play :data:`BACK` steps before its end."""
    import tutor
    from widgets.lessons import LearnApp

    app = LearnApp("spirited").open_free_play()
    seats = app.seats
    seats.auto.value = False
    while not app.session.is_over:
        if seats.computer_to_move():
            seats.step()
        else:
            app.model.click(tutor.bot(app.session.game_id, "normal", 7).choose(app.session).id)
    end = len(app.session.history)
    while len(app.session.history) > end - BACK or seats.computer_to_move() or app.session.is_over:
        app.model.undo()
    with served_with_progress(tmp_path_factory, "game-over-fit", page_pool=0, stop_later=True) as (url, db):
        yield url, db, app.session.to_json()


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)])
def test_spirited_game_over_is_one_screen(near_end_server, chromium_browser, size):
    """Played to its end with Auto on: the game-over banner, the whole board (nothing past its box, no scroll) and the
    strip's line "The game is over ..." are in the window at once; the page does not scroll."""
    url, db, game = near_end_server
    keep_place(db, "learn:spirited", {"tab": "free", "lesson": None, "actions": [], "free": game,
                                      "seats": ["you", "normal"], "auto": True})
    context = chromium_browser.new_context(viewport={"width": size[0], "height": size[1]})
    checked = CheckedPage(context.new_page(), f"game-over-fit-{size[0]}")
    page = checked.page
    page.set_default_timeout(RENDER_MS)
    try:
        page.goto(f"{url}/voila/render/learn-spirited.ipynb")
        expect(page.locator(".tutor-last-step .rt-step-now:visible").first).to_be_visible(timeout=RENDER_MS)
        page.wait_for_timeout(1500)
        over = page.locator(".rt-board-area:visible").get_by_text("Game over", exact=False)
        for _ in range(4 * BACK):  # the learner's moves (the first listed), the computer's by Auto
            if over.count():
                break
            acts = page.locator(".tutor-action:visible:not([disabled])")
            if acts.count():
                acts.first.click()
            page.wait_for_timeout(2500)
        expect(over.first).to_be_visible(timeout=STEP_MS)
        page.wait_for_timeout(2000)  # (the strip's and the board's fit after the last lines)
        g = page.evaluate(FIT)
        checked.screenshot(f"spirited-game-over-{size[0]}x{size[1]}")
        w, h = size
        assert g["page"] <= 0, g  # no page scrolling
        assert g["cut"] <= 1 and g["boardCut"] <= 1, g  # the board whole in its box, not scrolled in it
        assert g["board"][3] <= g["area"][3] + 1 and g["area"][3] <= g["strip"][1] + 1, g
        assert g["strip"][3] <= h and g["overLine"] and all(b[3] <= g["strip"][3] + 1 for b in g["overLine"]), g
        assert g["zoom"] >= BOARD_ZLAST, g  # drawn smaller, never below the floor
        checked.assert_clean()
    finally:
        context.close()
