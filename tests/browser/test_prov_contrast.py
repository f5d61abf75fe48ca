"""The provisional mark (†, CSS class ``rt-prov``) reads on every chip it sits on (trial 17: the brown mark was 1.1:1
on Spirited's red clan chip, 1.2:1 on the pink one), in a real browser, from computed colours: on each learn page,
every † in view has a contrast of at least 3:1 (WCAG's figure for large or bold text and marks) against the colour
behind it (the nearest ancestor with an opaque background), and the dark chips (Spirited's clans) are among those measured."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000

# every † shown: its colour, the colour behind it, their WCAG contrast ratio and the chip it is on
CONTRAST = """() => {
  const parse = (c) => { const m = c.match(/[\\d.]+/g); const [r, g, b, a] = m.map(Number);
    return [r, g, b, a === undefined ? 1 : a]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 :
    Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const behind = (e) => { for (let x = e; x; x = x.parentElement) { const c = parse(getComputedStyle(x).backgroundColor);
    if (c[3] > 0.5) { return [c, x]; } } return [[255, 255, 255, 1], null]; };
  return [...document.querySelectorAll('.rt-prov')].filter((e) => e.getClientRects().length).map((e) => {
    const fg = parse(getComputedStyle(e).color), [bg, host] = behind(e);
    const a = lum(fg), b = lum(bg);
    return {ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), fg: fg.slice(0, 3), bg: bg.slice(0, 3),
            dark: b < 0.2, on: host ? host.className : 'page'};
  });
}"""


@pytest.mark.parametrize("notebook, dark_chip", [("learn-spirited.ipynb", "sp-clan"),
                                                 ("learn-restless-spirits.ipynb", None),
                                                 ("learn-spirit-duels.ipynb", None)])
def test_provisional_marks_read_on_every_chip(tutor_server, tutor_page, notebook, dark_chip):
    page = tutor_page.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{tutor_server}/voila/render/{notebook}")
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(800)
    marks = page.evaluate(CONTRAST)
    assert marks, f"{notebook}: no provisional mark in view"
    low = [m for m in marks if m["ratio"] < 3]
    assert not low, f"{notebook}: a † hard to see: {low}"
    if dark_chip:
        on_dark = [m for m in marks if m["dark"] and dark_chip in m["on"]]
        assert on_dark, f"{notebook}: no † on a dark chip ({dark_chip}) measured: {marks}"
        print(f"{notebook}: {len(marks)} marks, the lowest {min(m['ratio'] for m in marks):.2f}:1; on dark "
              f"{dark_chip} chips {sorted(round(m['ratio'], 2) for m in on_dark)}")
    tutor_page.assert_clean()
