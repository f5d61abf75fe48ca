"""Every card of a hand is in view (trial 17: at 1366x768 a Restless Spirits hand sat cut at the foot of its player's
box, under the last step's strip; Spirit Duels lesson 2's Player 2 hand sat under "What just happened"), in a real
browser, from element geometry.

* Full hands: a server whose content is the shipped content plus one test lesson per game
  (``tests/browser/full_hands/``: Restless Spirits' hand limit of 7 in both hands, of the longest Totem names, three
  Spirits on the board; ten cards a hand in Spirit Duels and Spirited, whose hands have no printed limit). At
  1366x768 and 1920x1080, at the lesson's start and after a step, every card of both players' hands is whole inside
  the board's box and the window, and the board, the legal actions and the last step do not overlap; at 1024x768
  (the players' areas stacked, the board scrolling to the others) every card of the current player's hand.
* Every shipped lesson's first screen, in all three games at 1366x768: the three regions do not overlap, and every
  hand card is whole in the board's box and the window.

The board comes first: when it needs the room, the page's script (widgets/strip_fit.py) lowers the last step's strip
(its older lines go to the History, a lesson's introduction scrolls under a "more" line).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import REPO_ROOT, served_with_progress

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000
CLICK_MS = 20_000
GAMES = ["restless-spirits", "spirit-duels", "spirited"]
FULL = "98. Full hands (test)"

# the three regions' boxes, whether two of them overlap, and every hand card not inside the board's box or the window
REGIONS = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const first = (sel) => [...document.querySelectorAll(sel)].find(shown) || null;
  const area = first('.rt-board-area'), boxes = {board: rect(area), actions: rect(first('.tutor-actions')),
                                                 last: rect(first('.tutor-last-step'))};
  const over = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1;
  const overlaps = [['board', 'actions'], ['board', 'last'], ['actions', 'last']]
    .filter(([x, y]) => over(boxes[x], boxes[y])).map(p => p.join('/'));
  const A = boxes.board;
  const cards = [...area.querySelectorAll('.rt-hand-row > :not(.rt-rowlabel)')].filter(shown);
  const out = (e) => { const r = rect(e); return r[1] < A[1] - 1 || r[3] > A[3] + 1 || r[0] < A[0] - 1 ||
    r[2] > A[2] + 1 || r[3] > innerHeight || r[2] > innerWidth; };
  const cut = cards.filter(out).map(e => [e.innerText.slice(0, 30), rect(e)]);
  const current = cards.filter(e => e.closest('.rt-player.rt-current'));
  return {overlaps, cards: cards.length, cut, boxes, current: current.length,
          currentCut: current.filter(out).map(e => e.innerText.slice(0, 30))};
}"""


def check(page, where: str, least: int, narrow: bool = False) -> dict:
    """The regions apart and every hand card whole in view; on a ``narrow`` window (1024 px, the players' areas
    stacked and the board scrolling to the others) the current player's hand."""
    g = page.evaluate(REGIONS)
    assert not g["overlaps"], f"{where}: regions overlap: {g}"
    assert g["cards"] >= least, f"{where}: fewer hand cards than expected: {g}"
    if narrow:
        assert g["current"] >= 5 and not g["currentCut"], f"{where}: a card of the current hand is cut: {g}"
    else:
        assert not g["cut"], f"{where}: a hand card is cut or out of view: {g}"
    return g


@pytest.fixture(scope="module")
def full_hands_server(tmp_path_factory):
    """A server whose content has each game's full-hands test lesson (``98. Full hands (test)``)."""
    content = tmp_path_factory.mktemp("content") / "content"
    shutil.copytree(REPO_ROOT / "content", content)
    for game in GAMES:
        shutil.copy(Path(__file__).parent / "full_hands" / f"{game}.yaml", content / game / "lessons" / "98-full.yaml")
    with served_with_progress(tmp_path_factory, "full-hands", env={"RULES_TUTOR_CONTENT": str(content)},
                              page_pool=0, stop_later=True) as (url, _db):
        yield url


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_a_full_hand_is_in_view(full_hands_server, tutor_page, game, size):
    page = tutor_page.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{full_hands_server}/voila/render/learn-{game}.ipynb")
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
    page.locator(".rt-lesson-picker select").select_option(label=FULL)
    expect(page.locator(".rt-goal:visible")).not_to_contain_text("Shark 1", timeout=RENDER_MS)
    page.wait_for_timeout(800)
    restart = page.locator(".rt-topline button:visible").filter(has_text="Restart").first
    if restart.is_enabled():  # (the server's learner played this lesson at another size: from its start)
        restart.click()
        expect(page.locator(".tutor-last-step .rt-about:visible").first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(1200)
    least = 14 if game != "spirit-duels" else 20  # both hands (Spirited groups a clan's cards in one chip)
    check(page, f"{game} full hands at {size}, at the start", least, size[0] < 1200)
    page.locator(".tutor-action:visible:not([disabled])").first.click()
    expect(page.locator(".tutor-last-step .rt-step-now:visible").last).to_contain_text("Step 1", timeout=CLICK_MS)
    page.wait_for_timeout(1200)
    g = check(page, f"{game} full hands at {size}, after a step", least, size[0] < 1200)
    print(f"{game} at {size}: {g['cards']} hand cards whole; board {[round(x) for x in g['boxes']['board']]}, "
          f"last step {[round(x) for x in g['boxes']['last']]}")
    tutor_page.screenshot(f"full-hands-{game}-{size[0]}x{size[1]}")
    tutor_page.assert_clean()


@pytest.mark.parametrize("game", GAMES)
def test_every_lessons_first_screen_has_its_regions_apart_and_hands_whole(tutor_server, tutor_page, game):
    """Item 2 of trial 17 (Spirit Duels lesson 2 at 1366x768: Player 2's hand under the strip), for every lesson."""
    page = tutor_page.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{tutor_server}/voila/render/learn-{game}.ipynb")
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
    picker = page.locator(".rt-lesson-picker select")
    n = picker.locator("option").count()
    assert n >= 18, n
    for i in range(n):
        picker.select_option(index=i)
        expect(page.locator(".tutor-last-step .rt-about:visible").first).to_be_visible(timeout=RENDER_MS)
        page.wait_for_timeout(1200)
        check(page, f"{game} lesson {i + 1} at 1366x768, at its start", 1)
    tutor_page.assert_clean()
