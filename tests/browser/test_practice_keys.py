"""Ui44 (issue 16, keyboard; newuser43 problem 5): on the practice page a keyboard learner reaches the answers in a
few Tabs, and after answering the focus is on the feedback's "Next question".

Newuser43: from the page's margin, about 20 Tabs ran through the board's tooltips ("dice: Level 1 Attack, ...",
"evolves into Tynagma ...") before the first option; after Enter on an option the focus was on BODY, so the learner
tabbed through everything again to reach "Next question". Here, at 1366x768 and 1024x768, for Spirit Duels (the
board with the most tooltips) and the first game: from the page's top, Tab until an option has the focus (at most
:data:`MOST_TABS`), each control passed named; Enter answers; the focus is then on "Next question", in the window;
Enter on it shows the next question with the focus on its first option. The board's tooltips stay reachable after
the answers (their folded text is read that way).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tutor.practice.askable import askable
from tutor.practice.coach import GAMES, SEED
from conftest import ARTIFACTS, CheckedPage, served_with_progress

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 180_000
CLICK_MS = 20_000
#: The most Tabs from the page's top to the first answer: "All pages", the game buttons, "How it works", the tab bar.
MOST_TABS = 9

#: What has the focus: its tag, classes, words and box, and whether it is an option, "Next question" or in the board.
FOCUS = """() => {
  const a = document.activeElement, r = a.getBoundingClientRect();
  return {tag: a.tagName, cls: String(a.className).slice(0, 80), text: (a.innerText || a.title || '').trim().slice(0, 50),
          option: a.matches('.tutor-pq-option'), next: a.matches('.tutor-pq-next'), board: !!a.closest('.rt-pq-board'),
          disabled: !!a.disabled, box: [r.left, r.top, r.right, r.bottom], win: [innerWidth, innerHeight]};
}"""


@pytest.fixture()
def practice_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of each test's own (the first game's askable rules computed first):
    one page per server (under a load of 20-29 on 2 cores a second page of one server waited 180 s for its kernel)."""
    askable(GAMES[0], SEED)
    with served_with_progress(tmp_path_factory, "practice-keys", pool=0, stop_later=True) as served:
        yield served


def _tabs_to_an_option(page) -> list[dict]:
    """Tab from the page's top until an option has the focus; every control passed on the way."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    page.mouse.click(3, 3)  # (the page's margin: the focus starts at the page's top)
    passed = []
    for _ in range(40):
        page.keyboard.press("Tab")
        f = page.evaluate(FOCUS)
        passed.append(f)
        if f["option"]:
            break
    return passed


def _one_question(page, checked, where: str, size: tuple[int, int]) -> None:
    """Tab to an answer, answer with Enter, "Next question" focused, Enter: the next question's option focused."""
    expect(page.locator(".tutor-pq-option:visible").first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(300)
    # (a question answered before on this progress database, by the case before, comes back answered)
    answered = page.locator(".tutor-pq-feedback:visible .rt-pq-ok, .tutor-pq-feedback:visible .rt-pq-no")
    if answered.count():
        page.locator(".tutor-pq-next:visible").click()
        expect(answered).to_have_count(0, timeout=CLICK_MS)
    expect(page.locator(".tutor-pq-option:visible:not([disabled])").first).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(500)
    assert page.locator(".rt-pq-board [tabindex]:visible").count() >= 3, f"{where}: a board with tooltips"
    passed = _tabs_to_an_option(page)
    said = [(f["tag"], f["text"]) for f in passed]
    assert passed[-1]["option"], f"{where}: no answer reached in {len(passed)} Tabs: {said}"
    assert len(passed) <= MOST_TABS, f"{where}: {len(passed)} Tabs to the first answer: {said}"
    assert not any(f["board"] for f in passed), f"{where}: the board's tooltips come first: {said}"
    page.keyboard.press("Enter")
    expect(page.locator(".tutor-pq-feedback:visible").locator(".rt-pq-ok, .rt-pq-no")).to_be_visible(timeout=CLICK_MS)
    expect(page.locator(".tutor-pq-next:focus")).to_have_count(1, timeout=CLICK_MS)
    f = page.evaluate(FOCUS)
    assert f["next"] and "Next question" in f["text"] and not f["disabled"], f"{where}: after answering: {f}"
    left, top, right, bottom = f["box"]
    assert 0 <= top and bottom <= size[1] and 0 <= left and right <= size[0], f"{where}: Next out of view: {f}"
    checked.screenshot(f"answered-{size[0]}")
    page.keyboard.press("Enter")  # the next question, its first option focused
    expect(page.locator(".tutor-pq-feedback:visible .rt-pq-ok, .tutor-pq-feedback:visible .rt-pq-no")).to_have_count(
        0, timeout=CLICK_MS)
    expect(page.locator(".tutor-pq-option:focus")).to_have_count(1, timeout=CLICK_MS)
    # the board's tooltips are still reached, after the card's controls
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS)["board"]:
            break
    assert page.evaluate(FOCUS)["board"], f"{where}: the board's tooltips are no longer reached by Tab"


@pytest.mark.parametrize("game", ["spirit-duels", "first"])
def test_answers_in_a_few_tabs_and_next_question_focused_after_answering(practice_server, chromium_browser, game):
    """At 1366x768, then (the window made smaller) at 1024x768, on the same page."""
    server, _db = practice_server
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    checked = CheckedPage(page, f"practice-keys-{game}")
    try:
        page.goto(server + "/voila/render/practice.ipynb")
        expect(page.locator(".tutor-pq-prompt:visible")).to_be_visible(timeout=RENDER_MS)
        if game != "first":
            old = page.locator(".tutor-pq-prompt:visible").element_handle()
            page.get_by_role("button", name="Spirit Duels", exact=True).click()
            old.wait_for_element_state("hidden", timeout=RENDER_MS)
        for size in ((1366, 768), (1024, 768)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            _one_question(page, checked, f"practice ({game}) at {size[0]}x{size[1]}", size)
        checked.assert_clean()
    finally:
        context.close()
