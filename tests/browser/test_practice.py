"""The practice page in a real browser, served by `rules-tutor serve` with its progress in a throw-away SQLite file
(RULES_TUTOR_DB): answer two questions, see the mastery map change, reload and find the progress again; at 1366x768
the board, the question, its options and the explanation are in view together without scrolling. Screenshots at
1366x768 and 1024x768 go to test-artifacts/screenshots/."""
from __future__ import annotations


import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, CheckedPage, served_with_progress
from tutor.progress import ProgressStore

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 90_000
CLICK_MS = 20_000


@pytest.fixture(scope="module")
def practice_server(tmp_path_factory):
    """``(base URL, database URL)`` of a `rules-tutor serve` whose progress database is a fresh SQLite file."""
    with served_with_progress(tmp_path_factory, "practice") as served:
        yield served


def _in_view(page, locator, height: int) -> None:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{locator} is out of view: {box}"


def _answer(page, height: int) -> str:
    options = page.locator(".tutor-pq-option:visible")
    expect(options.first).to_be_enabled(timeout=CLICK_MS)
    options.first.click()
    feedback = page.locator(".tutor-pq-feedback:visible")
    expect(feedback.locator(".rt-pq-ok, .rt-pq-no")).to_be_visible(timeout=CLICK_MS)
    expect(page.locator(".tutor-pq-option.rt-pq-right:visible")).to_have_count(1)
    _in_view(page, feedback, height)
    return feedback.inner_text()


def _players_in_seat_order(page) -> None:
    """The board lists the players in seat order, Player 1 first, read left to right and top to bottom (trial 10:
    Player 2, the player to move, came before Player 1)."""
    seats = page.evaluate("""() => Array.from(document.querySelectorAll('.rt-pq-board .rt-bpart-player'))
      .filter(e => e.offsetParent).map(e => { const r = e.getBoundingClientRect();
        const m = e.innerText.match(/Player (\\d+)/); return [Math.round(r.top / 8), r.left, m ? +m[1] : 0]; })""")
    assert len(seats) >= 2 and all(s[2] for s in seats), seats
    in_reading_order = [s[2] for s in sorted(seats)]
    assert in_reading_order == sorted(in_reading_order), seats


def test_practice_answer_see_mastery_reload_and_resume(practice_server, chromium_browser):
    server, db = practice_server
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    checked = CheckedPage(page, "practice-1366x768")
    try:
        page.goto(server + "/voila/render/practice.ipynb")
        prompt = page.locator(".tutor-pq-prompt:visible")
        expect(prompt).to_be_visible(timeout=RENDER_MS)
        expect(page.locator(".tutor-pq-score")).to_contain_text("0 answered")
        # one calm table at 1366x768: board, question and options in view without scrolling
        for loc in (page.locator(".rt-pq-board:visible"), prompt, page.locator(".tutor-pq-option:visible").last):
            _in_view(page, loc, 768)
        checked.screenshot("question")
        _players_in_seat_order(page)
        first = _answer(page, 768)
        assert "Right" in first or "Not quite" in first
        chips = page.locator(".rt-pq-side .tutor-clause:visible")
        expect(chips.first).to_be_visible()
        _in_view(page, page.locator(".rt-pq-board:visible"), 768)
        # the viewport itself, as a person sees it
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "practice-1366x768-viewport.png"))
        show = page.locator(".tutor-pq-show:visible")
        expect(show).to_be_enabled()
        show.click()
        expect(show).to_be_disabled(timeout=CLICK_MS)
        page.locator(".tutor-pq-next:visible").click()
        expect(page.locator(".tutor-pq-feedback:visible .rt-pq-ok, .tutor-pq-feedback:visible .rt-pq-no")
               ).to_have_count(0, timeout=CLICK_MS)
        _answer(page, 768)
        expect(page.locator(".tutor-pq-score")).to_contain_text("2 answered", timeout=CLICK_MS)
        # the mastery map: the two rules practised are marked
        page.get_by_role("tab", name="Mastery map").click()
        marked = page.locator(".tutor-mastery-clause.rt-m-right:visible, .tutor-mastery-clause.rt-m-missed:visible")
        expect(marked.first).to_be_visible(timeout=CLICK_MS)
        checked.screenshot("mastery")
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "practice-mastery-1366x768-viewport.png"))
        checked.assert_clean()
        # the database has both answers, and the map marks every rule they practised (a right answer counts for
        # every rule the question tested)
        store = ProgressStore(db)
        answers = store.answers("restless-spirits")
        practised = store.last_results("restless-spirits")
        assert len(answers) == 2 and len(practised) >= 2
        store.close()
        expect(marked).to_have_count(len(practised), timeout=CLICK_MS)
        # come back: the progress is there
        page.reload()
        expect(page.locator(".tutor-pq-prompt:visible")).to_be_visible(timeout=RENDER_MS)
        expect(page.locator(".tutor-pq-score")).to_contain_text("2 answered", timeout=CLICK_MS)
        page.get_by_role("tab", name="Mastery map").click()
        expect(marked).to_have_count(len(practised), timeout=CLICK_MS)
        # a projector at 1024x768
        page.set_viewport_size({"width": 1024, "height": 768})
        page.get_by_role("tab", name="Practice").click()
        expect(page.locator(".tutor-pq-prompt:visible")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "practice-1024x768-viewport.png"))
        checked.assert_clean()
    finally:
        context.close()
