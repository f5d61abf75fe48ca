"""Newuser42 (issue 16): on the practice page, switching game showed the previous game's figures ("Your progress ·
3 answered, 2 right · …"), board and question for about 1.5 s while the new game's first questions were made. They
go at once now: a busy sign ("Opening Spirited: its first question…") and the new game's name stand in their place
until its question comes.

The practice page at 1024x768 and 1366x768, a progress database of its own: the first game's question shown, the
learner presses "Spirited" (or, when the page opens on Spirited, "Restless Spirits"); within 0.8 s neither the old question nor the old figures are on the page (read from the
page's text) and the new game's name is on the score line, in view; then Spirited's question comes, in view.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tutor.practice.askable import askable
from tutor.practice.coach import GAMES, SEED

from conftest import CheckedPage, served_with_progress

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 120_000
#: The longest the previous game's question and figures may stay after the new game's button is pressed (s).
AT_ONCE = 0.8


@pytest.fixture(scope="module")
def practice_server(tmp_path_factory):
    """``(base URL, database URL)``: a server with a fresh progress database (the first game's askable rules computed
    first, as tests/browser/test_practice.py does)."""
    askable(GAMES[0], SEED)
    askable("spirited", SEED)
    with served_with_progress(tmp_path_factory, "practice-switch", pool=0, stop_later=True) as served:
        yield served


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_switching_game_clears_the_previous_games_figures_at_once(practice_server, chromium_browser, size):
    """Within :data:`AT_ONCE` s of pressing another game, the previous question and figures are gone and the new
    game is named on the score line; its question follows, in view."""
    server, _db = practice_server
    context = chromium_browser.new_context(viewport={"width": size[0], "height": size[1]})
    checked = CheckedPage(context.new_page(), f"practice-switch-{size[0]}")
    page = checked.page
    page.set_default_timeout(RENDER_MS)
    try:
        page.goto(server + "/voila/render/practice.ipynb", wait_until="commit")
        prompt = page.locator(".tutor-pq-prompt:visible")
        expect(prompt).to_be_visible(timeout=2 * RENDER_MS)
        expect(page.locator(".tutor-pq-option:visible").first).to_be_visible(timeout=RENDER_MS)
        page.wait_for_timeout(500)
        old_prompt = prompt.inner_text().strip()
        old_score = page.locator(".tutor-pq-score:visible").inner_text().strip()
        assert "answered" in old_score and old_prompt, (old_score, old_prompt)
        # (the page opens on the game practised last: the test before switched to Spirited)
        name = "Spirited" if "Spirited" not in page.locator(".rt-pq-top .mod-active").inner_text() else "Restless Spirits"
        button = page.get_by_role("button", name=name, exact=True)
        t = time.perf_counter()
        button.click()
        page.wait_for_function("([p, s]) => !document.body.innerText.includes(p) && !document.body.innerText"
                               ".includes(s)", arg=[old_prompt, old_score], timeout=RENDER_MS, polling=20)
        gone = time.perf_counter() - t
        score = page.locator(".tutor-pq-score:visible")
        expect(score).to_contain_text(name, timeout=1000)
        checked.screenshot("switching")
        print(f"practice {size[0]}: the previous game's question and figures gone {gone:.2f} s after the click")
        assert gone <= AT_ONCE, gone
        box = score.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= size[1] and box["x"] + box["width"] <= size[0]
        expect(page.locator(".tutor-pq-option:visible").first).to_be_visible(timeout=RENDER_MS)
        new = page.locator(".tutor-pq-prompt:visible")
        assert new.inner_text().strip() != old_prompt
        b = new.bounding_box()
        assert b and 0 <= b["y"] and b["y"] + b["height"] <= size[1], b
        expect(score).to_contain_text("answered", timeout=RENDER_MS)
        checked.assert_clean()
    except Exception:
        checked.screenshot("failed")
        raise
    finally:
        context.close()
