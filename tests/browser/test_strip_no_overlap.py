"""New-user trial 46 (medium): Spirited free play against the normal computer, 2 players, seed 46, at 1366x768: in
"What just happened" an older step's line was drawn on top of a later step's title after a turn with a Battle (the
learner's Steps 17-24, then the computer's 25-27: "Step 21 · Player 1: Shield your Persians clan..." over "Player 1
Recruits a Babylonians card...") and, after the learner's Steps 60-64 and the computer's 65-67, Step 60's Scout line
sat half under its pinned title ("card, then Summon 2 cards."). Both games are kept (``positions/sp-seed46-*.json``,
their actions by id, from the trial's own progress database).

From element geometry at 1024x768 and 1366x768, in the learner's column: every line and title in view is whole inside
the column, below the pinned title and its note, and no two of them overlap. Any uncaught page error, console error,
failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, keep_place, kept_position, open_learn_page, served_with_progress

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"

#: The learner's column's lines: each title, note, event (with its rule chip) as drawn, with whether it is in view.
MINE_LINES = """() => {
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(e => e.getClientRects().length);
  const col = strip.querySelector('.rt-mine-col');
  const b = col.getBoundingClientRect(), top = b.top + col.clientTop, foot = top + col.clientHeight;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
    && e.getBoundingClientRect().height >= 1;
  const rows = [];
  [...col.children].forEach((x) => {
    if (!shown(x)) return;
    const r = x.getBoundingClientRect(), title = !!x.querySelector('.rt-step-now');
    const sticky = getComputedStyle(x).position === 'sticky';
    rows.push({text: x.textContent.trim().slice(0, 50), title, sticky, top: r.top, bottom: r.bottom, left: r.left,
               right: r.right, chip: x.classList.contains('tutor-clause')});
  });
  return {box: [top, foot], rows};
}"""


def _check(g: dict, where: str) -> None:
    top, foot = g["box"]
    rows = g["rows"]
    assert [r for r in rows if r["title"]], f"{where}: no step title in view: {g}"
    for r in rows:
        assert r["top"] >= top - 1 and r["bottom"] <= foot + 1, f"{where}: {r['text']!r} is not whole in view: {g}"
    for i, a in enumerate(rows):
        for b in rows[i + 1:]:
            side = a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
            if side:  # (an event and its rule chip sit side by side)
                continue
            assert a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1, \
                f"{where}: {a['text']!r} and {b['text']!r} overlap: {g}"


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of its own (its learners' places are written by the tests)."""
    with served_with_progress(tmp_path_factory, "strip-no-overlap", page_pool=0, stop_later=True) as (server, db):
        yield server, db


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
@pytest.mark.parametrize("position", ["sp-seed46-battle-strip", "sp-seed46-wonder-strip"])
def test_no_two_lines_of_the_strip_overlap(kept_server, chromium_browser, position, size):
    server, db = kept_server
    keep_place(db, "learn:spirited", {"tab": "free", "free": kept_position(position).to_json(),
                                      "seats": ["you", "normal"], "auto": False})
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, "learn-spirited.ipynb", size)
        expect(page.locator(".tutor-last-step .rt-mine-col .rt-step-now:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(1500)  # the strip's fitting (a frame or two after the table is drawn)
        page.screenshot(path=str(SHOTS / f"strip-no-overlap-{position}-{size[0]}.png"))
        g = page.evaluate(MINE_LINES)
    finally:
        context.close()
    _check(g, f"{position} at {size}")
