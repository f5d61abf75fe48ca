"""Every text of the learn pages and the practice page is whole, or folds with a way to read the rest (trial 15, U1:
Restless Spirits' Lost Spirit "needs" lines, the practice page's cards and the rule chips were cut at 1366 and 1024
px with nothing to say what was lost). At 1024x768 and 1366x768, on the page as it opens and after two steps:

* no text spills out of its box (an element whose text is wider than it, drawn past its edge);
* no text is cut (``overflow: hidden``, an ellipsis, or lines clamped) unless it, or the element around it, carries
  the whole text in a ``title`` (shown on hover; the folded lines also open on a click);
* in free play too, where the board's key line stays whole inside the board's box (trial 15, U4), and at 1366 px
  no card name, nor a Spirit's type line on a player's board, is cut at all (trial 16, U6).

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


#: Card names and a Spirit's type line on the board cut short (an ellipsis, even with a title): trial 16, U6 wants
#: each card's full name at 1366 px (at 1024 an ellipsis with a title is accepted).
NAMES_CUT = """() => [...document.querySelectorAll('.tutor-board :is(.rt-sname, .sd-sname, .sp-wname, .rt-chip, '
  + '.rt-player .rt-space > .rt-stype)')].filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1
  && getComputedStyle(e).textOverflow === 'ellipsis').map((e) => e.innerText.trim().slice(0, 40))"""


#: Each folded line of a card on the board (an ability, a Lost Spirit's needs, Spirit Duels' ability, "evolves into"
#: and dice lines) that is cut: whether it takes a click (a tab stop) and whether, focused as a click leaves it, it is
#: still cut. Returns ``{checked, closed: [texts that do not open]}``.
FOLDS_OPEN = """() => {
  const closed = [];
  let checked = 0;
  const cut = (el) => el.scrollWidth > el.clientWidth + 1
    || (getComputedStyle(el).webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 2);
  for (const el of document.querySelectorAll('.tutor-board :is(.rt-ability, .sd-small)')) {
    if (!el.getClientRects().length || el.closest('summary, details:not([open])') || !cut(el)) continue;
    checked += 1;
    if (!el.hasAttribute('tabindex')) { closed.push('no tab stop: ' + el.innerText.trim().slice(0, 60)); continue; }
    el.focus();
    if (cut(el)) closed.push('still cut: ' + el.innerText.trim().slice(0, 60));
    el.blur();
  }
  return {checked, closed};
}"""


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
        folds = page.evaluate(FOLDS_OPEN)  # a folded card line opens on a click too (trial 26: Spirit Duels'
        print(f"{notebook} at {width}x{height}: {folds}")  # "evolves into Rookr…" only under a mouse)
        assert folds["closed"] == [], f"{notebook} at {width}x{height}: {folds}"
        if width >= 1366:
            assert page.evaluate(NAMES_CUT) == [], f"{notebook} at {width}x{height}: card names cut"
    tutor_page.screenshot(f"text-fit-{notebook.removesuffix('.ipynb')}-{width}")
    tutor_page.assert_clean()


#: The Spirit Duels strip's pass pill: its line boxes (1 = one piece), its height and the strip's line height.
PILL = """() => {
  const pill = [...document.querySelectorAll('.sd-strip .sd-flag.sd-hot')].find((e) => e.getClientRects().length);
  if (!pill) return null;
  const r = pill.getBoundingClientRect(), strip = pill.closest('.sd-strip').getBoundingClientRect();
  return {pieces: pill.getClientRects().length, height: r.height, text: pill.innerText,
          inside: r.left >= strip.left - 0.5 && r.right <= strip.right + 0.5,
          line: parseFloat(getComputedStyle(pill).lineHeight) || 16};
}"""


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_spirit_duels_pass_pill_is_one_line(tutor_server, tutor_page, width, height):
    """Trial 16, U4: after a pass, the strip's pill "Player 1 passed: if Player 2 passes too, the End Phase begins"
    broke across two lines at 1366x768 (a word alone, the pill's box in two pieces). Lesson 9, Player 1 passes: at
    1366x768 and 1024x768 the pill is one piece on one line, inside the strip."""
    page = tutor_page.page
    page.set_viewport_size({"width": width, "height": height})
    _open(tutor_server, page, "learn-spirit-duels.ipynb")
    picker = next(s for s in page.locator("select:visible").all()
                  if any(t.startswith("9.") for t in s.evaluate("s => [...s.options].map(o => o.text)")))
    picker.select_option(index=[i for i, t in enumerate(picker.evaluate("s => [...s.options].map(o => o.text)"))
                                if t.startswith("9.")][0])
    expect(page.locator(".tutor-goal:visible, .rt-goal:visible").first).to_contain_text("End the round",
                                                                                          timeout=CLICK_MS)
    page.locator(".tutor-actions .tutor-action:visible").filter(has_text="Pass").first.click()
    expect(page.locator(".sd-strip .sd-hot:visible")).to_contain_text("passed", timeout=CLICK_MS)
    page.wait_for_timeout(500)
    g = page.evaluate(PILL)
    print(f"pass pill at {width}x{height}: {g}")
    assert g and g["pieces"] == 1 and g["inside"], g
    assert g["height"] <= g["line"] * 1.5 + 4, f"the pill wraps: {g}"
    tutor_page.screenshot(f"sd-pass-pill-{width}")
    tutor_page.assert_clean()


#: A Lost Spirit's "needs" line on the board that is cut (an ellipsis or clamped lines): its text.
NEEDS_CUT = """() => [...document.querySelectorAll('.rt-space.rt-mini > .rt-ability')].filter((e) =>
  e.getClientRects().length && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 2))
  .map((e) => e.innerText.trim().slice(0, 60))"""


@pytest.mark.parametrize("notebook, ready", [("faq-explorer.ipynb", ".tutor-faq-questions"),
                                             ("practice.ipynb", ".tutor-pq-prompt")])
def test_a_lost_spirits_needs_are_whole_on_the_faq_and_practice_boards(tutor_server, tutor_page, notebook, ready):
    """Trial 27: at 1024x768 the FAQ explorer's and the practice page's Lost Spirits said "needs Timeweaver Thread,
    Lantern, Dr…" (whole on the learn pages since trial 18): what the learner chooses by is whole on every board."""
    page = tutor_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{tutor_server}/voila/render/{notebook}")
    expect(page.locator(ready).first).to_be_attached(timeout=RENDER_MS)
    expect(page.locator(".rt-space.rt-mini > .rt-ability:visible").first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(500)
    assert page.evaluate(NEEDS_CUT) == []
    tutor_page.assert_clean()
