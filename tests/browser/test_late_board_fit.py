"""New-user trial 45 (ui45): Restless Spirits late in a long game at 1366x768, the board scrolled in its box and the
bottom players' "released" rows were cut: with the strip at its floor the board may be drawn no smaller than 0.9
(:data:`widgets.strip_fit.BOARD_ZMIN`), and a table of four late in the game (every space and released row filled)
needs about 0.77. Now a board still past its box at that floor goes down to :data:`widgets.strip_room.BOARD_ZLAST`.

A four-player free game (the learner's moves the normal computer's choice, seed 7; Players 2 to 4 the computer) is
played to its last move and kept as the learner's place; its learn page opens on it at 1366x768 and 1024x768, and
steps back with Undo (each a move of the learner with the computer's replies) a few times: at each, the board is whole
in its box (no scroll there or in the page) and every player's released row is in view inside it. Screenshots in
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
PLAYERS = 4
UNDOS = 3
TITLE = ".tutor-last-step .rt-step-now:visible"

#: The board's fit: how far it runs past its box, its zoom, and the boxes of the players' "released" rows.
FIT = """() => {
  const area = [...document.querySelectorAll('.rt-board-area')].find(e => e.getClientRects().length);
  const board = area.querySelector(':scope > .tutor-board'), a = area.getBoundingClientRect();
  const rows = [...board.querySelectorAll('.rt-released-row')].map(e => {
    const r = e.getBoundingClientRect(); return [r.top, r.bottom]; });
  return {page: document.scrollingElement.scrollHeight - innerHeight, cut: area.scrollHeight - area.clientHeight,
          boardCut: board.scrollHeight - board.clientHeight, zoom: parseFloat(getComputedStyle(board).zoom),
          area: [a.top, a.bottom], rows: rows};
}"""


@pytest.fixture(scope="module")
def late_server(tmp_path_factory):
    """``(base URL, database URL, the kept game's JSON)``: a four-player Restless Spirits game at its last move."""
    import tutor
    from widgets.lessons import LearnApp

    app = LearnApp("restless-spirits", players=PLAYERS).open_free_play()
    seats = app.seats
    seats.auto.value = False
    while not app.session.is_over:
        if seats.computer_to_move():
            seats.step()
        else:
            app.model.click(tutor.bot(app.session.game_id, "normal", 7).choose(app.session).id)
    while app.session.is_over or seats.computer_to_move():  # (it ends on the learner's move)
        app.model.undo()
    with served_with_progress(tmp_path_factory, "late-board-fit", page_pool=0, stop_later=True) as (url, db):
        yield url, db, app.session.to_json()


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_a_late_board_of_four_fits_its_box(late_server, chromium_browser, size):
    """At the last move of a long game and a few moves before it: no scrolling, every released row in the box."""
    url, db, game = late_server
    keep_place(db, "learn:restless-spirits", {"tab": "free", "lesson": None, "actions": [], "free": game,
                                              "seats": ["you"] + ["normal"] * (PLAYERS - 1), "auto": False})
    context = chromium_browser.new_context(viewport={"width": size[0], "height": size[1]})
    checked = CheckedPage(context.new_page(), f"late-board-fit-{size[0]}")
    page = checked.page
    page.set_default_timeout(RENDER_MS)
    try:
        page.goto(f"{url}/voila/render/learn-restless-spirits.ipynb")
        expect(page.locator(TITLE).first).to_be_visible(timeout=RENDER_MS)
        page.wait_for_timeout(2000)
        for i in range(UNDOS + 1):
            g = page.evaluate(FIT)
            checked.screenshot(f"rs-late-{PLAYERS}p-{size[0]}x{size[1]}-{i}")
            assert g["page"] <= 0 and g["cut"] <= 1 and g["boardCut"] <= 1, (i, g)
            # (late in the game every player has released Spirits: a row each, each inside the board's box)
            assert len(g["rows"]) == PLAYERS and all(g["area"][0] - 1 <= top and bottom <= g["area"][1] + 1
                                                     for top, bottom in g["rows"]), (i, g)
            assert g["zoom"] >= BOARD_ZLAST, (i, g)
            if i == UNDOS:
                break
            before = page.locator(TITLE).last.inner_text()
            page.locator(".rt-topline button:visible").filter(has_text="Undo").first.click()
            expect(page.locator(TITLE).last).not_to_have_text(before, timeout=STEP_MS)
            page.wait_for_timeout(1500)
        checked.assert_clean()
    finally:
        context.close()
