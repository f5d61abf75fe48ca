"""Newuser42 (issue 16: older steps fold into a history the learner can open): the History showed only the newest 40
steps or so ("… 110 earlier steps not shown"). The learner opens the whole game from that line: every earlier step,
one folded line per turn, each turn opened to its steps with the computer's reasons and the rules' titles; and the
page stays quick: a click late in the game (Undo, then Redo) takes about as long with the whole game open.

A Restless Spirits free game of up to 150 steps (seed 1 ends at 118: the 115 before its last move) (the learner Player 1, the computer Player 2) is kept as the learner's place
in a progress database of this module's own; its learn page opens on it, at 1024x768 and at 1366x768.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from conftest import CheckedPage, keep_place, served_with_progress

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 120_000
STEP_MS = 30_000
STEPS = 150
TITLE = ".tutor-last-step .rt-step-now:visible"


@pytest.fixture(scope="module")
def long_game_server(tmp_path_factory):
    """``(base URL, database URL, the kept game's JSON)``: a server with a database of its own, and a free game of
    :data:`STEPS` steps played the learn page's way (the learner's first legal action, the computer's move)."""
    from widgets.lessons import LearnApp

    app = LearnApp("restless-spirits").open_free_play()
    seats = app.seats
    seats.auto.value = False
    while len(app.session.history) < STEPS and not app.session.is_over:
        if seats.computer_to_move():
            seats.step()
        else:
            app.model.click(app.session.legal_actions()[0].id)
    while seats.computer_to_move() or app.session.is_over:  # (it ends on the learner's move)
        app.model.undo()
    with served_with_progress(tmp_path_factory, "history-whole", page_pool=0, stop_later=True) as (url, db):
        yield url, db, app.session.to_json()


#: The History's earlier turns: their folded lines' words and boxes, the steps they hold, the box of the History.
TURNS = """() => {
  const log = [...document.querySelectorAll('.rt-log')].find(e => e.getClientRects().length);
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const turns = [...log.querySelectorAll('.rt-old-turn')];
  return {log: box(log), turns: turns.map(t => [t.querySelector('summary').textContent, box(t.querySelector('summary'))]),
          steps: [...log.querySelectorAll('.rt-old-step')].map(e => parseInt(/Step (\\d+)/.exec(e.textContent)[1], 10)),
          win: [innerWidth, innerHeight]};
}"""


def _undo_redo(page) -> float:
    """Seconds from pressing Undo until the strip shows the step before, plus from Redo until it is back."""
    took = 0.0
    for name in ("Undo", "Redo"):
        before = page.locator(TITLE).last.inner_text()
        t = time.perf_counter()
        page.locator(".rt-topline button:visible").filter(has_text=name).first.click()
        expect(page.locator(TITLE).last).not_to_have_text(before, timeout=STEP_MS)
        took += time.perf_counter() - t
        page.wait_for_timeout(500)
    return took


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_the_whole_game_opens_in_the_history_by_turn_and_stays_quick(long_game_server, chromium_browser, size):
    """The History's line "… N earlier steps: show them, by turn" opens every earlier step (1 to N, each once, in
    turns of one seat), its newest turn in view; a turn opened shows its steps (the computer's with its reason) in
    view; Undo and Redo take at most a little longer with the whole game open."""
    url, db, game = long_game_server
    keep_place(db, "learn:restless-spirits", {"tab": "free", "lesson": None, "actions": [], "free": game,
                                              "seats": ["you", "normal"], "auto": False})
    context = chromium_browser.new_context(viewport={"width": size[0], "height": size[1]})
    checked = CheckedPage(context.new_page(), f"history-whole-{size[0]}")
    page = checked.page
    page.set_default_timeout(RENDER_MS)
    try:
        page.goto(f"{url}/voila/render/learn-restless-spirits.ipynb")
        expect(page.locator(TITLE).first).to_be_visible(timeout=RENDER_MS)
        page.wait_for_timeout(1500)
        folded = min(_undo_redo(page) for _ in range(2))
        page.locator(".tutor-last-step button:visible").filter(has_text="History").first.click()
        more = page.locator(".rt-log:visible .rt-log-more").first
        expect(more).to_be_visible(timeout=STEP_MS)
        newest = min(_undo_redo(page) for _ in range(2))  # (the History open on its newest 40 steps)
        n = int(re.search(r"(\d+) earlier steps: show them", more.inner_text()).group(1))
        assert n >= 60, more.inner_text()
        more.scroll_into_view_if_needed()
        more.click()
        expect(page.locator(".rt-log:visible .rt-old-turn").first).to_be_visible(timeout=STEP_MS)
        expect(more).to_contain_text(f"Fold the {n} earlier steps away")
        page.wait_for_timeout(500)
        g = page.evaluate(TURNS)
        assert sorted(g["steps"]) == list(range(1, n + 1)) and len(g["steps"]) == n, g["steps"]
        assert len(g["turns"]) >= 10 and all(re.fullmatch(r"Steps? \d+(–\d+)? · Player [12]( \(the computer\))?", t)
                                             for t, _ in g["turns"]), g["turns"][:5]
        # the newest earlier turn (first under the line that opened them) is in view, in the History's box
        line = page.locator(".rt-log:visible .rt-old-turn summary").last
        line.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        box = line.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= size[1] and box["x"] + box["width"] <= size[0], box
        # a computer turn opened: its steps, each with the computer's reason, in view
        turn = page.locator(".rt-log:visible .rt-old-turn", has=page.locator("summary", has_text="(the computer)")).last
        turn.locator("summary").click()
        why = turn.locator(".rt-bot-why").first
        expect(why).to_be_visible(timeout=STEP_MS)
        assert why.inner_text().startswith("Why the computer chose this:")
        why.scroll_into_view_if_needed()
        b = why.bounding_box()
        assert 0 <= b["y"] and b["y"] + b["height"] <= size[1] and b["x"] + b["width"] <= size[0], b
        page.screenshot(path=str(checked.screenshot(f"history-whole-{size[0]}")))
        page.locator(".rt-drawer .rt-pop-close:visible").first.click()
        page.locator(".tutor-last-step button:visible").filter(has_text="History").first.click()
        expect(page.locator(".rt-log:visible .rt-old-turn").first).to_be_visible(timeout=STEP_MS)
        whole = min(_undo_redo(page) for _ in range(2))
        print(f"Undo+Redo at {size[0]}: History closed {folded:.2f} s, open on its newest steps {newest:.2f} s, "
              f"the whole game open {whole:.2f} s")
        assert whole <= newest * 1.5 + 0.3, (folded, newest, whole)
        checked.assert_clean()
    except Exception:
        checked.screenshot("failed")
        raise
    finally:
        context.close()
