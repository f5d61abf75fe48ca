"""The lesson's goal on the learn pages, in a real browser (trial 32): Spirited's lesson 1 goal took four lines at
1024x768 (sp-L1-1024-0.png), and a two-line goal replaced by a one-line "Goal reached" moved the board ~14 px. The
goal, and "Goal reached" in its place, are two lines high always (the board does not move between steps); a longer
goal shows whole over the board on hover, the board staying where it is.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import choose_lesson, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000

#: the visible goal's (or "Goal reached"'s) box, how many lines its text takes there, and the board's top
_GOAL = """() => {
  const g = [...document.querySelectorAll('.rt-lesson-line .rt-goal, .rt-lesson-line .rt-done')]
    .find(e => e.getClientRects().length);
  const b = [...document.querySelectorAll('.rt-board-area')].find(e => e.getClientRects().length);
  const r = g.getBoundingClientRect(), lh = parseFloat(getComputedStyle(g).lineHeight);
  const pad = parseFloat(getComputedStyle(g).paddingTop) + parseFloat(getComputedStyle(g).paddingBottom);
  const at = document.elementFromPoint(r.left + 20, r.bottom - 4);  // drawn over whatever is under it
  return {h: r.height, top: !!at && g.contains(at), lines: Math.round((r.height - pad - 3) / lh), whole: g.scrollHeight <= g.clientHeight + 1,
          boardTop: b.getBoundingClientRect().top, text: g.textContent, done: g.classList.contains('rt-done')};
}"""


def goal_at_start(server: str, page, notebook: str, size: tuple[int, int]) -> dict:
    """Open ``notebook`` at window ``size``, the mouse away from the goal, and measure the goal (:data:`_GOAL`)."""
    open_learn_page(server, page, notebook, size)
    page.mouse.move(5, size[1] - 5)
    page.wait_for_timeout(500)
    return page.evaluate(_GOAL)


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_spirited_lesson_goal_is_two_lines_and_the_board_stays_put(tutor_server, tutor_page, size):
    page = tutor_page.page
    first = goal_at_start(tutor_server, page, "learn-spirited.ipynb", size)
    assert first["text"].startswith("Goal: Finish Player 2's turn") and not first["done"], first
    assert first["lines"] <= 2, first  # (four lines at 1024)
    tutor_page.screenshot(f"goal-{size[0]}")
    page.locator(".tutor-action:visible").first.click()  # Scout: a step
    expect(page.locator(".tutor-action:visible").filter(has_text="Rally an Aztecs")).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(500)
    assert page.evaluate(_GOAL)["boardTop"] == first["boardTop"]
    page.locator(".rt-lesson-line .rt-goal").hover()  # the whole goal over the board; the board does not move
    page.wait_for_timeout(300)
    hovered = page.evaluate(_GOAL)
    assert hovered["whole"] and hovered["h"] > first["h"] and hovered["boardTop"] == first["boardTop"], hovered
    assert hovered["top"], hovered  # its last line drawn over the banner, not under it
    tutor_page.screenshot(f"goal-hover-{size[0]}")


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_goal_reached_takes_the_goals_place_without_moving_the_board(tutor_server, tutor_page, size):
    page = tutor_page.page
    before = goal_at_start(tutor_server, page, "learn-spirit-duels.ipynb", size)
    page.locator(".tutor-action:visible").filter(has_text="Attack").first.click()  # lesson 1's winning attack
    expect(page.locator(".rt-done:visible")).to_contain_text("Goal reached", timeout=CLICK_MS)
    page.mouse.move(5, size[1] - 5)
    page.wait_for_timeout(500)
    after = page.evaluate(_GOAL)
    assert after["done"] and after["lines"] <= 2 and abs(after["h"] - before["h"]) <= 1, (before, after)
    assert after["boardTop"] == before["boardTop"], (before, after)


#: the goal box: its padding under the text (where a clamped box would show the top of a third line) and whether its
#: whole text fits the two lines
_CLAMP = """() => {
  const g = [...document.querySelectorAll('.rt-lesson-line .rt-goal')].find(e => e.getClientRects().length);
  return {under: parseFloat(getComputedStyle(g).paddingBottom), whole: g.scrollHeight <= g.clientHeight + 1,
          text: g.textContent};
}"""


@pytest.mark.parametrize("notebook,number,width", [("learn-spirit-duels.ipynb", 9, 1366),
                                                   ("learn-spirit-duels.ipynb", 22, 1366),
                                                   ("learn-spirited.ipynb", 10, 1366),
                                                   ("learn-spirited.ipynb", 11, 1024)])
def test_a_long_goal_is_whole_in_two_lines_and_no_third_line_peeks_out(tutor_server, tutor_page, notebook, number,
                                                                       width):
    """New-user trial 34: at 1366x768 the goals of Spirit Duels lessons 8, 9 and 22 and Spirited 1 and 10 took three
    lines; the box showed two and the top of the third under them (the padding of a clamped box shows what
    overflows), and Spirit Duels 9 hid its "press Undo" advice. The goals are shorter (the advice is a hint) and the
    box has no padding under its two lines. Ui40 (issue 16): at 1024x768 (a projector) Spirited lesson 11's goal
    ("Scout and Rally the Chinese card, summon the Passing of Time, and discard the Aztecs and a Japanese card.") was
    cut with "…" after two lines; it is shorter now."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, notebook, (width, 768))
    choose_lesson(page, number)
    page.mouse.move(5, 763)
    page.wait_for_timeout(300)
    got = page.evaluate(_CLAMP)
    tutor_page.screenshot(f"goal-{number}-{width}")
    assert got["under"] == 0 and got["whole"], got
