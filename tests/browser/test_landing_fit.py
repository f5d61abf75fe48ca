"""The landing page's title at the three window sizes (issue #16, trial 33): the title and its line stand on the same
left edge as the rest of the page (the notebook's Markdown title sat 3 px right of the cards at 1366x768 and 13 px
left of them at 1920x1080: another box, centred apart), styled, and the page shows one title."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

EDGES = """() => {
  const seen = [...document.querySelectorAll('h1')].filter(e => e.getClientRects().length);
  const left = s => { const e = document.querySelector(s); return e ? e.getBoundingClientRect().left : null; };
  const range = document.createRange(); range.selectNodeContents(seen[0]);
  return {titles: seen.map(e => e.textContent.replace('¶', '').trim()), text: range.getBoundingClientRect().left,
          sub: left('.rt-land-sub'), hero: left('.rt-land-hero'), h2: left('.rt-landing h2'),
          cards: left('.rt-land-features > *'), weight: getComputedStyle(seen[0]).fontWeight,
          size: parseFloat(getComputedStyle(seen[0]).fontSize)};
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)], ids=["1024", "1366", "1920"])
def test_the_landing_title_stands_on_the_pages_left_edge(tutor_server, tutor_page, size):
    page = tutor_page.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{tutor_server}/voila/render/index.ipynb")
    expect(page.locator(".rt-land-hero")).to_be_visible(timeout=60_000)
    e = page.evaluate(EDGES)
    assert e["titles"] == ["Rules Tutor"], e
    assert abs(e["text"] - e["hero"]) <= 2 and abs(e["sub"] - e["hero"]) <= 1, e
    assert e["hero"] == e["h2"] == e["cards"], e
    assert e["weight"] == "800" and e["size"] >= 26, e
    tutor_page.screenshot(f"landing-title-{size[0]}")
    tutor_page.assert_clean()
