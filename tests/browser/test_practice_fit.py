"""The practice page as one screen at 1024x768 and 1920x1080 (newuser32): at 1024x768 the title line keeps one row
and the board's box takes its room (Player 3 was cut at the box's foot), and the board is scaled so every player's
area is whole in it (session 33: Player 3 was still partly below); at
1920x1080 the board and the question card are drawn larger (the page was half empty); the mastery map's box, which
scrolls, says "▾ more below" at its foot while more is below (it scrolled with no sign)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import CheckedPage, served_with_progress
from widgets.practice_style import PLAYERS_FIT_MIN
from widgets.scroll_shade import MORE_BELOW

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 90_000
CLICK_MS = 20_000


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_with_progress(tmp_path_factory, "practice-fit", pool=0, stop_later=True) as (url, _db):
        yield url


#: The board's box, its players' areas and the title line (rectangles: left, top, right, bottom), the board's zoom
#: and the window.
BOARD = """() => {
  const shown = (sel) => [...document.querySelectorAll(sel)].find(e => e.getClientRects().length);
  const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const box = shown('.rt-pq-board'), board = box.querySelector('.tutor-board');
  return {box: r(box), scroll: box.scrollTop, top: r(shown('.rt-pq-top')), side: r(shown('.rt-pq-side')),
          players: [...box.querySelectorAll('.rt-bpart-player')].map(p => [p.innerText.slice(0, 9), ...r(p)]),
          zoom: parseFloat(getComputedStyle(board).zoom), page: document.scrollingElement.scrollHeight,
          tab: (t => t.scrollHeight - t.clientHeight)(shown('.rt-pq-page > .widget-tab > .widget-tab-contents')),
          width: innerWidth, height: innerHeight};
}"""


def _open(chromium_browser, server, size, name):
    context = chromium_browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    page.goto(server + "/voila/render/practice.ipynb")
    expect(page.locator(".tutor-pq-option:visible").first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(800)
    return context, page, CheckedPage(page, name)


def test_practice_at_1024_gives_the_board_the_title_rows_room(server, chromium_browser):
    """At 1024x768 the title line keeps one row (it took two) and the board's box reaches the window's foot."""
    context, page, checked = _open(chromium_browser, server, (1024, 768), "practice-fit-1024")
    try:
        g = page.evaluate(BOARD)
        checked.screenshot("board")
        assert g["top"][3] - g["top"][1] <= 50, f"the title line takes two rows: {g['top']}"
        assert len(g["players"]) == 3, g["players"]  # the page's first question: a three-player game
        box = g["box"]
        assert g["scroll"] == 0 and g["height"] - 16 <= box[3] <= g["height"] and g["tab"] <= 1, g
        # every player's area whole in the box, Player 3 too (session 33: it lay partly under the box's foot), the
        # board scaled down for it no less than PLAYERS_FIT_MIN; the words stay readable
        for p in g["players"]:
            assert box[1] - 1 <= p[2] and p[4] <= box[3] + 1, f"{p[0]} is not whole in the board's box: {g}"
        assert PLAYERS_FIT_MIN <= g["zoom"] <= 1, g
        checked.assert_clean()
    finally:
        context.close()


def test_practice_at_1920_uses_the_room(server, chromium_browser):
    context, page, checked = _open(chromium_browser, server, (1920, 1080), "practice-fit-1920")
    try:
        g = page.evaluate(BOARD)
        checked.screenshot("board")
        assert g["zoom"] >= 1.25, g
        box, side = g["box"], g["side"]
        assert box[3] - box[1] >= 0.6 * g["height"], f"the board takes little of the window: {g}"
        assert box[3] <= g["height"] and g["page"] <= g["height"] and g["tab"] <= 1 and side[2] <= g["width"], g
        assert page.locator(".tutor-pq-prompt:visible").evaluate("e => parseFloat(getComputedStyle(e).fontSize) * "
                                                                "parseFloat(getComputedStyle(e.closest('.rt-pq-side'))"
                                                                ".zoom)") >= 18
        checked.assert_clean()
    finally:
        context.close()


#: The mastery map's box: whether it scrolls, and the words at its foot.
MAP = """() => {
  const g = [...document.querySelectorAll('.rt-m-grid')].find(e => e.getClientRects().length);
  return {scrolls: g.scrollHeight > g.clientHeight + 1, sign: getComputedStyle(g, '::after').content};
}"""


def test_the_mastery_map_says_more_below_while_it_scrolls(server, chromium_browser):
    context, page, checked = _open(chromium_browser, server, (1024, 768), "practice-fit-map")
    try:
        page.get_by_role("tab", name="Mastery map").click()
        expect(page.locator(".tutor-mastery-clause:visible").first).to_be_visible(timeout=RENDER_MS)
        page.wait_for_timeout(500)
        m = page.evaluate(MAP)
        checked.screenshot("map")
        assert m == {"scrolls": True, "sign": f'"{MORE_BELOW}"'}, m
        page.locator(".rt-m-grid:visible").evaluate("g => { g.scrollTop = g.scrollHeight; }")
        page.wait_for_timeout(300)
        assert page.evaluate(MAP) == {"scrolls": True, "sign": "none"}  # at its end: no sign
        checked.assert_clean()
    finally:
        context.close()


#: The question card after an answer: the window's height, each part's rectangle (top, bottom) and the boxes in it
#: that scroll (scrollHeight beyond clientHeight): the card itself, the options' box, the feedback.
ANSWERED = """() => {
  const side = [...document.querySelectorAll('.rt-pq-side')].find(e => e.getClientRects().length);
  const r = (e) => { const b = e.getBoundingClientRect(); return [Math.round(b.top), Math.round(b.bottom)]; };
  const scrolls = [side, ...side.querySelectorAll('*')]
    .filter(e => e.scrollHeight > e.clientHeight + 2 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY))
    .map(e => e.className.slice(0, 60) + ' ' + e.scrollHeight + '>' + e.clientHeight);
  return {height: innerHeight, side: r(side), prompt: r(side.querySelector('.tutor-pq-prompt')),
          options: [...side.querySelectorAll('.tutor-pq-option')].map(o => [o.className.includes('rt-pq-right'),
                                                                         o.className.includes('rt-pq-wrong'), ...r(o)]),
          feedback: r(side.querySelector('.tutor-pq-feedback')), next: r(side.querySelector('.tutor-pq-next')),
          scrolls: scrolls, kind: side.querySelector('.rt-pq-kind').innerText};
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)], ids=["1024x768", "1366x768"])
def test_an_answered_question_is_whole_in_view_without_inner_scrolling(server, chromium_browser, size):
    """Issue 16 (newuser37, practice-1024.png): after an answer the 4th option was cut inside a small scroll box and
    the feedback scrolled too. At 1024x768 and 1366x768, after an answer (a wrong one says the most) to each of the
    first questions, the question, all its options (the chosen one and the right one marked), the feedback and Next
    are in the window, and nothing in the question card scrolls."""
    context, page, checked = _open(chromium_browser, server, size, f"practice-fit-answered-{size[0]}")
    try:
        for n in range(6):
            options = page.locator(".tutor-pq-option:visible")
            options.nth(options.count() - 1 - n % 2).click()  # (the last options: more often wrong, which says more)
            expect(page.locator(".tutor-pq-feedback:visible :is(.rt-pq-no, .rt-pq-ok)")).to_be_visible(timeout=CLICK_MS)
            page.wait_for_timeout(400)
            wrong = page.locator(".tutor-pq-feedback:visible .rt-pq-no").count()
            g = page.evaluate(ANSWERED)
            checked.screenshot(f"answered-{n}")
            assert g["scrolls"] == [], f"question {n + 1} ({g['kind']}): boxes scroll in the card: {g}"
            parts = [g["prompt"], *[o[2:] for o in g["options"]], g["feedback"], g["next"]]
            assert all(0 <= top and bottom <= g["height"] for top, bottom in parts), f"question {n + 1}: {g}"
            assert sum(o[0] for o in g["options"]) == 1 and sum(o[1] for o in g["options"]) == wrong, g
            page.locator(".tutor-pq-next:visible").click()
            page.wait_for_timeout(600)
        checked.assert_clean()
    finally:
        context.close()
