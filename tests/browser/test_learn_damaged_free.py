"""Attack 44 (high): a learn page whose kept free game was edited on disk (a step the rules refuse, here Spirit Duels'
step 6 made "evolve:spirit=9") stayed on "Loading widget..." for good, the browser's console saying "widget model not
found", while the server had set the game aside. The page loads, says once that the kept game could not be restored,
and deals a new game the learner can play."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import tutor
from conftest import ARTIFACTS, served_with_progress, store_write

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 90_000
KEY = "learn:spirit-duels"


@pytest.fixture(scope="module")
def learn_server(tmp_path_factory):
    with served_with_progress(tmp_path_factory, "learn-damaged-free", page_pool=0, stop_later=True) as served:
        yield served


def _damaged() -> str:
    s = tutor.new_game("spirit-duels", players=2, seed=1)
    for _ in range(20):
        s.apply(s.legal_actions()[0].id)
    d = json.loads(s.to_json())
    d["actions"][5] = "evolve:spirit=9"
    return json.dumps(d)


def test_a_damaged_kept_free_game_is_said_and_a_new_game_dealt(learn_server, chromium_browser):
    server, db = learn_server
    store_write(db, lambda store: store.save_place(KEY, json.dumps(
        {"tab": "free", "lesson": None, "actions": [], "free": _damaged(), "seats": ["easy", "easy"],
         "auto": True})))
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(f"{server}/voila/render/learn-spirit-duels.ipynb")
        expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
        expect(page.locator(".rt-learn-notice-row:visible").first).to_contain_text(
            "could not be restored", timeout=20_000)
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "learn-damaged-free.png"))
        assert not [e for e in errors if "model not found" in e], errors
        assert store_write(db, lambda store: store.place(KEY + ":set-aside")) is not None
    finally:
        context.close()
