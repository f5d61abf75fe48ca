"""newuser45: at step 4 of the Spirit Duels walkthrough on a projector (1024x768) Player 1's hand read "5 cards,
hidden" beside Player 2's face up. In a real browser: both hands are drawn face up, every card of both inside the
board's box (the board whole, nothing scrolls there) and at 16 px or more as drawn, the projector's floor (presenter46:
the board takes its room back by folding what another line says, widgets/presenter_duels.py)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from test_presenter_board import CLICK_MS, open_presenter

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

HANDS = """() => {
  const shown = e => e && e.getClientRects().length > 0;
  const rect = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const box = [...document.querySelectorAll('.rt-present .rt-pboard')].find(shown);
  const fit = parseFloat(box.getAttribute('data-fit') || '1');
  const b = rect(box);
  const hands = [...box.querySelectorAll('.sd-board .rt-player')].map(p => {
    const row = p.querySelector('.rt-hand-row');
    const chips = [...row.querySelectorAll('.sd-card-chip')];
    return {name: p.querySelector('.rt-pname').innerText, text: row.innerText.replace(/\\s+/g, ' '),
            backs: row.querySelectorAll('.sd-back').length, chips: chips.length,
            inside: chips.every(c => { const r = rect(c); return r[0] >= b[0] - 1 && r[2] <= b[2] + 1 && r[1] >= b[1] - 1
                                                               && r[3] <= b[3] + 1; }),
            px: Math.min(...chips.map(c => parseFloat(getComputedStyle(c).fontSize) * fit))};
  });
  const board = box.firstElementChild;
  const key = [...document.querySelectorAll('.rt-present .rt-pkey')].find(shown);
  return {hands, fit, whole: board.scrollHeight <= board.clientHeight + 1 && board.scrollWidth <= board.clientWidth + 1,
          // the projector layout's room (widgets/presenter_duels.py): the key at the foot of the rules' column, the
          // holder's head line the token's mark alone (the round strip names the holder)
          key: key ? key.innerText : null, legend: shown(box.querySelector('.sd-board > .rt-legend')),
          marks: [...box.querySelectorAll('.rt-phead .sd-advflag')].filter(shown).map(e => e.innerText.trim())};
}"""


def test_both_hands_face_up_at_spirit_duels_step_4_on_a_projector(tutor_server, tutor_page):
    page = tutor_page.page
    counter = open_presenter(page, tutor_server, (1024, 768))
    picker = page.locator(".tutor-presenter-picker select")
    texts = [t.replace("\xa0", " ") for t in picker.evaluate("s => [...s.options].map(o => o.text)")]
    index = next(i for i, x in enumerate(texts) if x.startswith("Spirit Duels:"))
    if picker.evaluate("s => s.selectedIndex") != index:
        picker.select_option(index=index)
        expect(page.locator(".rt-present .rt-pboard .sd-board").first).to_be_visible(timeout=CLICK_MS)
        expect(counter).to_contain_text("Start ·", timeout=CLICK_MS)
    for k in range(1, 5):
        page.locator(".rt-present .tutor-presenter-next").click()
        expect(counter).to_contain_text(f"Step {k} of", timeout=CLICK_MS)
    page.wait_for_timeout(1500)  # the fit script settles the board's zoom
    g = page.evaluate(HANDS)
    page.screenshot(path=ARTIFACTS / "presenter-hands-spirit-duels-1024x768-step4.png")
    print(g)
    assert [x["name"] for x in g["hands"]] == ["Player 1", "Player 2"]
    for x in g["hands"]:
        assert x["chips"] == 5 and x["backs"] == 0 and "hidden" not in x["text"], g
        assert x["px"] >= 16 - 0.05, g  # the projector's floor for every board word (test_presenter_board.py)
        assert x["inside"], f"a card of {x['name']}'s hand is outside the board's box: {g}"
    assert "Fortify" in g["hands"][0]["text"] and "Searing Strike" in g["hands"][0]["text"]
    assert "Harsh Tide" in g["hands"][1]["text"] and "Invigorate" in g["hands"][1]["text"]
    assert g["whole"], g
    assert g["key"] and "the rulebook does not print" in g["key"] and not g["legend"], g
    assert g["marks"] == ["?"], g  # Player 1 holds the token: its gold mark after their name
