"""Spirited free play with six players at 1366x768 (session 34's new-user trial, issue #16), in a real browser, from
element geometry:

* the seat menus (six of them and "Show all hands") took two rows on the last-step strip's head line and cut its
  History and Search buttons: now they fold behind one button that says who plays ("You: P1 · 5 computers"), the
  head line is one line, and History and Search are whole in the window; the button opens the six menus whole in the
  window, on top (nothing covers them), and closes them again;
* Players 5 and 6's areas needed scrolling: every player's area is whole in the board's box, which does not scroll,
  together with the first legal action and a line of the last step, without scrolling the page; at the start and
  after the learner's move and the computer's five replies.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 60_000
SHOTS = ARTIFACTS / "screenshots"

GEOMETRY = """() => {
  const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const q = (s) => [...document.querySelectorAll(s)].filter(shown);
  const onTop = (e) => { const r = e.getBoundingClientRect(), hit = document.elementFromPoint((r.left + r.right) / 2,
    (r.top + r.bottom) / 2); return !!hit && (e.contains(hit) || hit.contains(e)); };
  const v = document.querySelector('#rendered_cells'), area = q('.rt-onescreen .rt-board-area')[0];
  const head = q('.rt-onescreen > .tutor-last-step > .rt-last-head')[0];
  const tools = [...head.querySelectorAll('.jupyter-button')].filter(shown);
  return {scroll: Math.max(document.scrollingElement.scrollHeight, v ? v.scrollHeight : 0) - innerHeight,
    area: rect(area), areaScroll: area.scrollHeight - area.clientHeight,
    players: q('.rt-onescreen .tutor-board .rt-bpart-player').map(rect),
    head: rect(head), tools: tools.map((e) => [e.innerText, rect(e), e.scrollWidth - e.clientWidth, onTop(e)]),
    selects: q('.rt-seats-setup select').map((e) => [rect(e), onTop(e)]),
    action: q('.tutor-actions .tutor-action').map(rect)[0] || null,
    events: q('.rt-onescreen > .tutor-last-step .tutor-event').map(rect)
      .filter((r) => r[1] >= 0 && r[3] <= innerHeight && r[3] - r[1] > 4)};
}"""


def inside(r, box, slack: float = 1.0) -> bool:
    """The rectangle ``r`` (left, top, right, bottom) lies in ``box``."""
    return (r[0] >= box[0] - slack and r[1] >= box[1] - slack and r[2] <= box[2] + slack
            and r[3] <= box[3] + slack)


def check(page, where: str, w: int, h: int) -> dict:
    """One table: the page and the board do not scroll, the six areas whole, the strip's head line one line."""
    page.wait_for_timeout(1500)  # (the strip's fitting and the board's zoom, a frame or two)
    g = page.evaluate(GEOMETRY)
    print("GEOM", where, g, page.evaluate("() => [document.querySelector('.rt-onescreen .tutor-board').style.zoom, [...document.querySelectorAll('[data-rt-earlier]')].map(e => [e.getAttribute('data-rt-earlier'), e.textContent.slice(0,40), e.getBoundingClientRect().height])]"))
    window = [0, 0, w, h]
    assert g["scroll"] <= 1 and g["areaScroll"] <= 1, f"{where}: {g}"
    assert len(g["players"]) == 6, f"{where}: {g}"
    assert all(inside(p, g["area"]) for p in g["players"]), f"{where}: a player's area is cut: {g}"
    assert g["action"] and inside(g["action"], window) and g["events"], f"{where}: {g}"
    assert g["head"][3] - g["head"][1] <= 40, f"{where}: the strip's head line takes {g['head']}"
    names = [t[0] for t in g["tools"]]
    assert any("5 computers" in n for n in names) and "History" in names and "Search the rules" in names, g
    for name, r, cut, top in g["tools"]:
        assert inside(r, window) and cut <= 1 and top, f"{where}: {name} is cut or covered: {g}"
    assert not g["selects"], f"{where}: the seat menus show unfolded: {g}"
    return g


@pytest.mark.parametrize("size", [(1366, 768)])
def test_six_players_fit_one_screen(tutor_server, tutor_page, size):
    w, h = size
    page = tutor_page.page
    open_learn_page(tutor_server, page, "learn-spirited.ipynb", size)
    page.get_by_role("tab", name="Free play").click()
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=CLICK_MS)
    counts = "s => [...s.options].map(o => o.text).join(',')"
    players = next(s for s in page.locator("select:visible").all()
                   if s.evaluate(counts).endswith("5,6") and "You" not in s.evaluate(counts))
    players.select_option("6")
    page.get_by_role("button", name="New game").click()
    expect(page.locator(".rt-onescreen .tutor-board .rt-bpart-player:visible")).to_have_count(6, timeout=CLICK_MS)
    # (Player 5 starts: the computer's seats play by themselves, Auto, until the learner's turn)
    mine = page.locator(".rt-onescreen .tutor-board .rt-current .rt-who-you:visible")
    expect(mine).to_be_visible(timeout=CLICK_MS * 2)
    expect(page.locator(".tutor-actions .tutor-action:visible:not([disabled])").first).to_be_visible(timeout=CLICK_MS)
    check(page, "six players, the first move", w, h)
    fold = page.locator(".rt-seats-fold:visible")
    expect(fold).to_have_text("You: P1 · 5 computers ▸", timeout=CLICK_MS)
    page.screenshot(path=str(SHOTS / "many-seats-start.png"))

    fold.click()
    expect(fold).to_have_text("You: P1 · 5 computers ▾", timeout=CLICK_MS)
    page.wait_for_timeout(500)
    g = page.evaluate(GEOMETRY)
    assert len(g["selects"]) == 6 and all(inside(r, [0, 0, w, h]) and top for r, top in g["selects"]), g
    page.screenshot(path=str(SHOTS / "many-seats-open.png"))
    fold.click()
    expect(fold).to_have_text("You: P1 · 5 computers ▸", timeout=CLICK_MS)

    # the learner's move; the computer's five seats reply by themselves (Auto), then the learner's turn again
    banner = page.locator(".rt-onescreen .rt-banner:visible").first
    for _ in range(8):  # (a Scout asks its choices one by one)
        if "round 2" in banner.inner_text():
            break
        mine = page.locator(".tutor-action:visible:not([disabled])").first
        expect(mine).to_be_visible(timeout=CLICK_MS * 2)
        before = banner.inner_text() + page.locator(".tutor-last-step").first.inner_text()
        mine.click()
        page.wait_for_function("(b) => { const x = document.querySelector('.rt-onescreen .rt-banner'), s = "
                               "document.querySelector('.tutor-last-step'); return x && s && x.innerText + "
                               "s.innerText !== b; }", arg=before, timeout=CLICK_MS)
        page.wait_for_timeout(1500)
    expect(banner).to_contain_text("round 2", timeout=CLICK_MS * 2)
    expect(mine).to_be_visible(timeout=CLICK_MS * 2)
    expect(page.locator(".tutor-actions .tutor-action:visible:not([disabled])").first).to_be_visible(timeout=CLICK_MS)
    check(page, "six players, after a round", w, h)
    page.screenshot(path=str(SHOTS / "many-seats-round.png"))
