"""A learn page as a learner meets it, in a real browser at 1366x768 (issue 16), for each game:

* Keyboard: Tab reaches the legal actions; every control the focus stops on shows it (an outline or a ring of at
  least 2 px, measured from the computed style of the focused element), and Enter on a legal action takes the step.
* Provisional values: one legend on the page (the dagger explained once), each mark on the board carries its
  reason on hover (a ``title``), and no action label says "[provisional]" or "[prov]".
* No internal id in what the learner reads: no clause id (``rs.``, ``sp.``, ``sd.`` followed by a word), no
  ``faq-`` id, no "(rs.buy)"-like cited id in the page's visible text.
* An action that is legal but would do nothing now (Restless Spirits lesson 3: activating Gonga with no Sacred
  Spirit beside it) says so on its button ("does nothing now"), is styled quietly, and its rule chip names the
  rule why.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000
CLICK_MS = 20_000
LEARN = ["learn-restless-spirits.ipynb", "learn-spirited.ipynb", "learn-spirit-duels.ipynb"]
#: Internal ids a learner must never read: clause ids ("rs.attract.offering", "sd.win.defeat-all"), scenario ids.
INTERNAL = re.compile(r"\b(?:rs|sp|sd)\.[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)*\b|\bfaq-[a-z0-9-]+\b")

# The focused element and how its focus shows: outline (style, width) and box-shadow.
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const b = e.getBoundingClientRect();
  return {tag: e.tagName, cls: String(e.className || ''), text: (e.innerText || e.value || '').slice(0, 60),
          outline: [s.outlineStyle, parseFloat(s.outlineWidth) || 0], shadow: s.boxShadow,
          action: e.classList.contains('tutor-action'), rect: [b.left, b.top, b.right, b.bottom]};
}"""


def focus_shows(f: dict) -> bool:
    """The focused element shows its focus: an outline of 2 px or more, or a box-shadow ring."""
    return (f["outline"][0] not in ("none", "hidden") and f["outline"][1] >= 2) or f["shadow"] not in ("", "none")


def open_learn(server: str, page, notebook: str) -> None:
    page.goto(f"{server}/voila/render/{notebook}")
    expect(page.locator(".rt-learn").first).to_be_visible(timeout=RENDER_MS)
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(500)


@pytest.mark.parametrize("notebook", LEARN)
def test_keyboard_focus_provisional_legend_and_no_internal_ids(tutor_server, tutor_page, notebook):
    page = tutor_page.page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_learn(tutor_server, page, notebook)

    # provisional values: one legend, each mark with its reason, no "[provisional]" in an action's label
    legends = page.locator(".tutor-board .rt-legend:has(.rt-prov)")
    assert legends.count() == 1, f"{notebook}: {legends.count()} provisional legends on the board"
    marks = page.evaluate("() => [...document.querySelectorAll('.tutor-board .rt-prov')].filter("
                          "e => !e.closest('.rt-legend')).map(e => e.getAttribute('title') || '')")
    assert marks, f"{notebook}: no provisional mark on the board"
    assert all(len(t) > 10 for t in marks), f"{notebook}: a provisional mark without its reason: {marks}"
    labels = page.locator(".tutor-action:visible").all_inner_texts()
    assert labels and not any("[prov" in x for x in labels), labels

    # no internal id in what the learner reads
    text = page.evaluate("() => document.querySelector('.rt-learn').innerText")
    assert not INTERNAL.findall(text), f"{notebook}: internal ids on the page: {INTERNAL.findall(text)[:5]}"

    # keyboard: Tab to the first legal action, every stop showing the focus; Enter takes the step
    page.locator(".rt-learn-title").first.click()  # start from the page's top (no control there)
    stops = []
    for _ in range(60):
        page.keyboard.press("Tab")
        f = page.evaluate(FOCUSED)
        if f is None:
            continue
        stops.append(f)
        assert focus_shows(f), f"{notebook}: the focus does not show on {f}"
        if f["action"]:
            break
    assert stops and stops[-1]["action"], f"{notebook}: Tab never reached a legal action: {stops[-5:]}"
    r = stops[-1]["rect"]
    assert r[1] >= 0 and r[3] <= 768, f"{notebook}: the focused action is out of the window: {r}"
    titles = page.locator(".tutor-last-step .rt-step-now:visible")
    before = titles.last.inner_text() if titles.count() else ""
    page.keyboard.press("Enter")
    expect(page.locator(".tutor-last-step .rt-step-now:visible").last).not_to_have_text(before or "\u0000",
                                                                                        timeout=CLICK_MS)
    # the next choice is one key away: the focus moved to the first legal action shown now, not the page's top
    expect(page.locator(".tutor-action:focus")).to_have_count(1, timeout=CLICK_MS)
    page.wait_for_timeout(500)
    text = page.evaluate("() => document.querySelector('.rt-learn').innerText")
    assert not INTERNAL.findall(text), f"{notebook} after a step: internal ids: {INTERNAL.findall(text)[:5]}"
    print(f"{notebook}: {len(stops)} Tab stops to the first legal action, each with its focus shown")
    tutor_page.assert_clean()


def test_an_idle_action_says_it_would_do_nothing_now(tutor_server, tutor_page):
    page = tutor_page.page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_learn(tutor_server, page, "learn-restless-spirits.ipynb")
    page.locator(".rt-lesson-picker select").select_option(label="3. Buying Totems")
    gonga = page.locator(".tutor-action:visible", has_text="Activate Gonga")
    expect(gonga).to_have_count(1, timeout=CLICK_MS)
    expect(gonga).to_contain_text("does nothing now")
    expect(gonga).to_have_class(re.compile(r"\brt-idle\b"))
    expect(gonga).to_be_enabled()  # still legal
    # its caption or tooltip says why, and its rule chip names the rule (by title, never an id)
    why = gonga.get_attribute("title") or ""
    assert "would do nothing now" in why and "Sacred Spirit" in why, why
    chip = gonga.locator("xpath=following-sibling::*[1]")  # the button's clause chip, next to it in its group
    expect(chip).to_have_class(re.compile(r"\btutor-clause\b"))
    expect(chip).to_be_visible()
    assert chip.inner_text().startswith("§") and not INTERNAL.search(chip.inner_text()), chip.inner_text()
    # quiet: its text is grey, not the group's colour
    colour = gonga.evaluate("e => getComputedStyle(e).color")
    busy = page.locator(".tutor-action:visible:not(.rt-idle)").first.evaluate("e => getComputedStyle(e).color")
    assert colour != busy, (colour, busy)
    tutor_page.assert_clean()
