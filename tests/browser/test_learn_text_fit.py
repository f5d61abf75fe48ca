"""Every text of the learn pages and the practice page is whole, or folds with a way to read the rest (trial 15, U1:
Restless Spirits' Lost Spirit "needs" lines, the practice page's cards and the rule chips were cut at 1366 and 1024
px with nothing to say what was lost). At 1024x768 and 1366x768, on the page as it opens and after two steps:

* no text spills out of its box (an element whose text is wider than it, drawn past its edge);
* no text is cut (``overflow: hidden``, an ellipsis, or lines clamped) unless it, or the element around it, carries
  the whole text in a ``title`` (shown on hover; the folded lines also open on a click);
* in free play too, where the board's key line stays whole inside the board's box (trial 15, U4).

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000
CLICK_MS = 20_000
PAGES = ["learn-restless-spirits.ipynb", "learn-spirited.ipynb", "learn-spirit-duels.ipynb", "practice.ipynb"]
SIZES = [(1024, 768), (1366, 768)]

#: Each element with text of its own (or an ellipsis) that is cut or spills: how, whether a title holds the whole
#: text, and the text. Screen-reader-only labels (1 px wide), hidden parts and boxes that scroll are left out.
CUTS = """() => {
  const out = [];
  const root = document.querySelector('.rt-learn, .rt-pq-page') || document.body;
  for (const el of root.querySelectorAll('*')) {
    if (!el.getClientRects().length || el.clientWidth <= 2) continue;
    if (el.closest('.rt-hidden, .rt-tab-id, .rt-style, script, style')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own && cs.textOverflow !== 'ellipsis') continue;
    const wide = el.scrollWidth > el.clientWidth + 1 && cs.overflowX !== 'auto' && cs.overflowX !== 'scroll';
    const clamped = cs.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 2;
    if (!wide && !clamped) continue;
    const how = clamped ? 'clamped' : cs.overflowX === 'visible' ? 'spills' : cs.textOverflow === 'ellipsis' ? 'ellipsis' : 'cut';
    out.push({how, titled: !!el.closest('[title]'), cls: String(el.className || '').slice(0, 60),
              text: el.innerText.trim().slice(0, 80)});
  }
  return out;
}"""


def _open(server: str, page, notebook: str) -> None:
    page.goto(f"{server}/voila/render/{notebook}")
    root = ".rt-pq-page" if notebook == "practice.ipynb" else ".rt-learn"
    expect(page.locator(root).first).to_be_visible(timeout=RENDER_MS)
    expect(page.locator(".tutor-board:visible").first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(800)


#: How far (px) the board's key line reaches below the bottom of the board's box (negative: inside it), or null.
KEY_BELOW = """() => {
  const key = [...document.querySelectorAll('.rt-bpart-legend')].find((e) => e.getClientRects().length);
  const area = key && key.closest('.rt-board-area');
  if (!key || !area) return null;
  return key.getBoundingClientRect().bottom - area.getBoundingClientRect().bottom;
}"""


def _bad(page) -> list[dict]:
    return [c for c in page.evaluate(CUTS) if c["how"] == "spills" or not c["titled"]]


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("notebook", PAGES)
def test_every_text_is_whole_or_folds_with_a_way_to_read_it(tutor_server, tutor_page, notebook, width, height):
    page = tutor_page.page
    page.set_viewport_size({"width": width, "height": height})
    _open(tutor_server, page, notebook)
    assert _bad(page) == [], f"{notebook} at {width}x{height}, as it opens"
    if notebook != "practice.ipynb":
        last = page.locator(".tutor-last-step .rt-step-now")
        for n in (1, 2):
            page.locator(".tutor-actions .tutor-action:visible:enabled").first.click()
            expect(last.filter(has_text=f"Step {n} ·")).to_have_count(1, timeout=CLICK_MS * 3)  # (a loaded machine)
            page.wait_for_timeout(300)
        page.wait_for_timeout(500)
        assert _bad(page) == [], f"{notebook} at {width}x{height}, after two steps"
        # free play after two steps and the computer's replies: the key line whole in the board's box (trial 15, U4:
        # at 1366x768 it sat half under the last-step strip)
        page.locator(".lm-TabBar-tabLabel", has_text="Free play").click()
        actions = page.locator(".tutor-actions .tutor-action:visible:enabled")
        for _ in range(2):
            actions.first.wait_for(timeout=CLICK_MS * 3)
            actions.first.click()
            page.wait_for_timeout(1500)
        actions.first.wait_for(timeout=CLICK_MS * 3)
        below = page.evaluate(KEY_BELOW)
        assert below is None or below <= 0.5, f"{notebook} at {width}x{height}: key line {below:.1f} px below the board"
        assert _bad(page) == [], f"{notebook} at {width}x{height}, free play"
    tutor_page.screenshot(f"text-fit-{notebook.removesuffix('.ipynb')}-{width}")
    tutor_page.assert_clean()
