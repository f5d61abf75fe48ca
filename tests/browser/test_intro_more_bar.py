"""The line "▾ more of this lesson's introduction: scroll down" at the foot of a lesson's introduction (the last-step
strip before the first step, when the introduction scrolls on) is drawn on a band of its own: nothing of the
introduction shows through its words (newuser 38: at 1366x768 Restless Spirits lesson 13's rule chips showed through
the line's see-through fade, the words over the chips). Measured in a real browser: the line's words made
transparent, the band they stand on is plain white in a screenshot (decoded by the browser itself, a canvas).

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""

from __future__ import annotations

import base64

import pytest

from conftest import ARTIFACTS, choose_lesson, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHOTS = ARTIFACTS / "screenshots"

# The strip's scrolling box of the introduction: its rectangle, whether the "more" line shows, and its height.
BAR = """() => {
  const a = [...document.querySelectorAll('.rt-onescreen .tutor-last-step .rt-current-step > .rt-about')]
    .find((e) => e.getClientRects().length);
  if (!a) { return null; }
  const box = a.parentElement.getBoundingClientRect(), after = getComputedStyle(a, '::after');
  return {rect: [box.left, box.top, box.right, box.bottom], shown: after.content !== 'none',
          height: parseFloat(after.height), pad: parseFloat(after.paddingBottom),
          line: parseFloat(after.lineHeight) || 1.3 * parseFloat(after.fontSize)};
}"""

# The darkest channel value of the pixels of a PNG (base64) the browser decodes on a canvas.
DARKEST = """async (png) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width; c.height = img.height;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, img.width, img.height).data;
  let low = 255;
  for (let i = 0; i < d.length; i += 4) { low = Math.min(low, d[i], d[i + 1], d[i + 2]); }
  return low;
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)])
def test_the_more_line_of_an_introduction_hides_what_is_under_its_words(tutor_server, tutor_page, size):
    """Restless Spirits lesson 13 ("Copying an ability: Uji") before its first step: where the "more" line shows, the
    band of its words is white once its words are made transparent (no chip or word of the introduction under
    them); at 1920x1080 the introduction may fit whole, without the line."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, "learn-restless-spirits.ipynb", size)
    choose_lesson(page, 13, settle_ms=1500)
    where = f"Restless Spirits lesson 13 at {size[0]}x{size[1]}"
    bar = page.evaluate(BAR)
    assert bar is not None, f"{where}: no introduction in the strip"
    page.screenshot(path=str(SHOTS / f"intro-more-{size[0]}.png"))
    if size[0] < 1920:
        assert bar["shown"], f"{where}: the introduction fits whole: {bar}"
    if not bar["shown"]:
        return
    page.add_style_tag(content=".rt-onescreen .tutor-last-step > .rt-current-step > .rt-about::after "
                               "{ color: transparent !important; }")
    page.wait_for_timeout(200)
    left, _top, right, bottom = bar["rect"]
    words_top = bottom - bar["pad"] - bar["line"]
    clip = {"x": left + 12, "y": words_top, "width": right - left - 24, "height": bottom - bar["pad"] - words_top - 1}
    png = base64.b64encode(page.screenshot(clip=clip)).decode()
    low = page.evaluate(DARKEST, png)
    assert low >= 254, f"{where}: something shows under the words of the 'more' line (darkest {low}): {bar}"
    tutor_page.assert_clean()
