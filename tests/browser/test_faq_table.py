"""The FAQ explorer is a game table (issue 16): after choosing a question and taking a step, the question, the board
(``tutor-board``), the legal actions (``tutor-actions``, its first action) and what just happened
(``tutor-last-step``) are in the window together, without scrolling the page, at 1366x768 (and at 1024x768 and
1920x1080), measured from element geometry (getBoundingClientRect). The question list, the answer and the what-if
panel open in a side panel over the board (a column of its own from 1600 px on); choosing a question closes it. The
answer and the what-if panel open beside the board, in the actions' column (newuser31: nothing of either cut).

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000
CLICK_MS = 20_000

GEOMETRY = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const first = (sel, root) => [...(root || document).querySelectorAll(sel)].find(shown) || null;
  const pick = (sel, root) => first(sel, root) && rect(first(sel, root));
  const scroller = document.querySelector('#rendered_cells');
  const actions = first('.tutor-actions');
  const last = first('.tutor-last-step');
  return {
    win: [innerWidth, innerHeight],
    page: [document.scrollingElement.scrollHeight, document.scrollingElement.scrollWidth],
    voila: scroller ? [scroller.scrollHeight, scroller.clientHeight] : null,
    question: pick('.rt-faq-status .rt-faq-q'),
    next: pick('.tutor-faq-next'),
    area: pick('.rt-board-area'),
    board: pick('.tutor-board'),
    banner: pick('.tutor-board .rt-banner'),
    actions: actions && rect(actions),
    action: actions && pick('.tutor-action', actions),
    last: last && rect(last),
    events: last ? [...last.querySelectorAll('.tutor-event')].filter(shown).map(rect) : [],
    panel: pick('.rt-faq-panel'),
  };
}"""


#: how many questions of the open list lie wholly within its scrolled box and the window
SEEN_QUESTIONS = """() => {
  const sect = [...document.querySelectorAll('.rt-faq-panel .rt-faq-side')].find((e) => e.getClientRects().length);
  if (!sect) return 0;
  const b = sect.getBoundingClientRect();
  const top = Math.max(b.top, 0), bottom = Math.min(b.bottom, innerHeight);
  return [...sect.querySelectorAll('.rt-faq-item')].filter((e) => {
    const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1; }).length;
}"""


def inside(r, box, slack: float = 1.0) -> bool:
    """Rectangle ``r`` lies within ``box`` (both [left, top, right, bottom])."""
    return (r[0] >= box[0] - slack and r[1] >= box[1] - slack and r[2] <= box[2] + slack
            and r[3] <= box[3] + slack)


def assert_table(page, where: str) -> dict:
    g = page.evaluate(GEOMETRY)
    w, h = g["win"]
    window = [0, 0, w, h]
    assert g["page"][0] <= h and g["page"][1] <= w, f"{where}: the page scrolls: {g}"
    assert g["voila"] is None or g["voila"][0] <= g["voila"][1] + 1, f"{where}: Voila's page scrolls: {g}"
    for name in ("question", "next", "area", "banner", "actions", "action", "last"):
        assert g[name] is not None, f"{where}: no {name}: {g}"
        assert inside(g[name], window), f"{where}: {name} is not in the window: {g[name]} {window}"
    assert 0 <= g["board"][1] and inside(g["banner"], g["area"]), f"{where}: the board is scrolled away: {g}"
    assert inside(g["action"], g["actions"]), f"{where}: the first action is scrolled away: {g}"
    assert g["events"] and inside(g["events"][0], g["last"]) and inside(g["events"][0], window), g
    # the side panel is closed (narrow) or a column left of the board (wide), never over it
    assert g["panel"] is None or g["panel"][2] <= g["area"][0], f"{where}: the side panel covers the board: {g}"
    return g


def step_title(page) -> str:
    titles = page.locator(".tutor-last-step .rt-step-now:visible")
    return titles.first.inner_text() if titles.count() else ""


def test_faq_explorer_is_one_table_after_choosing_a_question(tutor_server, tutor_page):
    page = tutor_page.page
    figures = {}
    for size in ((1366, 768), (1024, 768), (1920, 1080)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(f"{tutor_server}/voila/render/faq-explorer.ipynb")
        expect(page.locator(".tutor-faq-questions")).to_be_visible(timeout=RENDER_MS)
        expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
        search = page.locator(".tutor-faq-search input")
        if size[0] < 1600:  # the list opens over the board from the Questions button
            expect(search).to_be_hidden()
            page.locator(".tutor-faq-questions").click()
        expect(search).to_be_visible(timeout=CLICK_MS)
        page.wait_for_function("() => document.querySelectorAll('.rt-faq-list .rt-faq-item').length >= 20",
                               timeout=RENDER_MS)  # every question is read after the first render
        page.wait_for_timeout(300)
        # the list is usable: several whole questions in view at once (at 1024x768 it once showed one and a half)
        seen = page.evaluate(SEEN_QUESTIONS)
        figures[f"{size[0]}x{size[1]} questions in view"] = seen
        tutor_page.screenshot(f"faq-questions-{size[0]}x{size[1]}")
        assert seen >= 4, f"{size[0]}x{size[1]}: only {seen} questions in view in the open list"
        count = page.locator(".rt-faq-count")
        unfiltered = count.inner_text()
        search.fill("hand limit")
        # the list is filtered on the kernel: wait for it, or the click can land on an item that is re-drawn under
        # the pointer (CI 42: the click was lost, and the question already open matched the one asked for)
        expect(count).not_to_have_text(unfiltered, timeout=CLICK_MS)
        item = page.locator(".rt-faq-list .tutor-scenario:visible").filter(has_text="buy a Totem")
        expect(item.first).to_be_visible(timeout=CLICK_MS)
        question = item.first.inner_text()
        item.first.click()
        expect(page.locator(".rt-faq-status .rt-faq-q")).to_have_text(question, timeout=CLICK_MS)
        if size[0] < 1600:
            expect(page.locator(".rt-faq-panel")).to_be_hidden(timeout=CLICK_MS)
        # take a step of the script
        before = step_title(page)
        page.locator(".tutor-faq-next").click()
        expect(page.locator(".tutor-last-step .rt-step-now:visible").first).not_to_have_text(before or "\u0000",
                                                                                            timeout=CLICK_MS)
        page.wait_for_timeout(400)  # the board's and the actions' updates follow the step log's
        g = assert_table(page, f"{size[0]}x{size[1]} after choosing a question and a step")
        figures[f"{size[0]}x{size[1]}"] = {k: [round(x) for x in g[k]] for k in ("area", "action", "last")}
        tutor_page.screenshot(f"faq-table-{size[0]}x{size[1]}")
        # the answer opens in the side panel, in the window, naming rules by their titles
        page.locator(".tutor-faq-show").click()
        answer = page.locator(".tutor-faq-answer")
        expect(answer).to_be_visible(timeout=CLICK_MS)
        box = answer.bounding_box()
        assert box["y"] >= 0 and box["y"] < size[1] and box["x"] + box["width"] <= size[0] + 1, box
        checks = page.locator(".rt-faq-checks").inner_text()
        assert checks and not re.search(r"\b(rs|sp|sd)\.[a-z]", checks), checks
        page.locator(".tutor-faq-show").click()
        expect(answer).to_be_hidden(timeout=CLICK_MS)
    print("FAQ table geometry (area, first action, last step: [left, top, right, bottom]):", figures)
    tutor_page.assert_clean()


#: The board's box and the board (its content past its box: ``cut``), the open side panel, and every text of the
#: board's Lost Spirits (their needs) and of the what-if panel that is cut: wider or taller than its box while it does
#: not scroll, or ellipsed; and the what-if panel's note of where the board is against its bar's width.
BESIDE = """() => {
  const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const area = document.querySelector('.rt-faq-page .rt-board-area'), board = area.firstElementChild;
  const panel = [...document.querySelectorAll('.rt-faq-panel')].find(shown);
  const cut = (e) => {
    const s = getComputedStyle(e);
    if (['auto', 'scroll'].includes(s.overflowY) || e.matches('select, input, textarea, option')) return false;
    return e.scrollWidth > e.clientWidth + 1 && s.overflowX !== 'visible' || s.textOverflow === 'ellipsis'
      && e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 && s.overflowY === 'hidden';
  };
  const texts = [...document.querySelectorAll('.rt-faq-page .rt-board-area .rt-mini > .rt-ability'),
                 ...(panel ? panel.querySelectorAll('.rt-faq-edit *') : [])].filter(shown)
    .filter(e => !e.closest('.rt-sr-label'));  // (a label for screen readers only)
  const moment = panel && [...panel.querySelectorAll('.rt-faq-moment')].find(shown);
  return {win: [innerWidth, innerHeight], area: rect(area), board: rect(board), panel: panel && rect(panel),
          over: board.scrollHeight - board.clientHeight, wide: board.scrollWidth - board.clientWidth,
          cut: texts.filter(cut).map(e => (e.className + ': ' + e.textContent.trim()).slice(0, 80)),
          moment: moment && [moment.getBoundingClientRect().width, moment.parentElement.getBoundingClientRect().width]};
}"""


def _beside(page, where: str) -> dict:
    """The board whole in the window and its box, the open panel beside it (not over it), nothing of either cut."""
    page.wait_for_timeout(1200)  # the board's fit (a frame or two after a change of its box)
    g = page.evaluate(BESIDE)
    w, h = g["win"]
    assert inside(g["area"], [0, 0, w, h]) and g["over"] <= 1 and g["wide"] <= 1, f"{where}: the board is cut: {g}"
    assert g["panel"] and (g["panel"][0] >= g["area"][2] - 1 or g["panel"][2] <= g["area"][0] + 1), \
        f"{where}: the panel covers the board: {g}"
    assert g["cut"] == [], f"{where}: texts cut: {g}"
    return g


def _hand_limit(server: str, checked, size):
    """The page of the question "May I still buy a Totem with a full hand?" at window ``size``, its script ready."""
    page = checked.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{server}/voila/render/faq-explorer.ipynb?scenario=faq-buy-at-hand-limit")
    expect(page.locator(".tutor-faq-play")).to_be_visible(timeout=RENDER_MS)
    return page


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (1920, 1080)])
def test_the_answer_and_the_board_in_view_together(tutor_server, tutor_page, size):
    """Newuser31: "Show the answer" at 1366x768 opened over the board and hid the game it is checked on. It takes the
    actions' column now (below 1600 px; the side panel's own column above), beside the whole board."""
    page = _hand_limit(tutor_server, tutor_page, size)
    page.locator(".tutor-faq-next").click()
    expect(page.locator(".rt-faq-info")).to_contain_text("Step 1 of 2 done", timeout=CLICK_MS)
    page.locator(".tutor-faq-show").click()
    expect(page.locator(".tutor-faq-answer")).to_be_visible(timeout=CLICK_MS)
    g = _beside(page, f"the answer at {size[0]}x{size[1]}")
    tutor_page.screenshot(f"faq-answer-beside-{size[0]}x{size[1]}")
    print(f"FAQ answer beside the board at {size[0]}x{size[1]}: {g}")
    tutor_page.assert_clean()


def test_the_what_if_panel_whole_beside_the_board_at_1024(tutor_server, tutor_page):
    """Newuser31 at 1024x768: two steps played, What if… opened and Player 1's AP set: the Lost Spirits' needs were
    cut ("needs Timeweaver Thread, La…") and the note "You are changing the start" squeezed to three lines beside
    "Back to step 2". The needs are whole, the note as wide as the panel, the board whole beside it."""
    page = _hand_limit(tutor_server, tutor_page, (1024, 768))
    page.locator(".tutor-faq-play").click()
    expect(page.locator(".rt-faq-info")).to_contain_text("Script done", timeout=CLICK_MS)
    page.locator(".tutor-faq-whatif-open").click()
    expect(page.locator(".tutor-faq-counter")).to_be_visible(timeout=CLICK_MS)
    page.locator(".tutor-faq-counter").click()
    expect(page.locator(".rt-faq-panel")).to_contain_text("Player 1's AP: 2", timeout=CLICK_MS)
    g = _beside(page, "the what-if panel at 1024x768")
    tutor_page.screenshot("faq-whatif-beside-1024x768")
    print(f"FAQ what-if panel beside the board at 1024x768: {g}")
    assert g["moment"] and g["moment"][0] >= 0.9 * g["moment"][1], f"the note of where the board is is squeezed: {g}"
    tutor_page.assert_clean()
