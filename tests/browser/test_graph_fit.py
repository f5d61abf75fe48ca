"""The ability graph at the three window sizes (newuser32): the Game filter shows its game's name whole (at
1024x768 it read "Restless S"), the title line stays in the window, and in the opening picture no arrow, as
cytoscape draws it, runs through a card it does not join (an arrow from Nordheim to a card of the outer column ran
through the cards of the inner one)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_graph_page import CANVAS, RENDER_MS, ask, canvas, open_graph

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The Game filter's select: its width inside, and the width its chosen name takes in its own font.
GAME_SELECT = """() => {
  const s = document.querySelector('.tutor-graph .rt-g-top select');
  const cs = getComputedStyle(s), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
  const text = s.options[s.selectedIndex].text.replace(/\u00a0/g, " ");
  const top = [...document.querySelectorAll('.tutor-graph .rt-g-top > *')].filter(e => e.getClientRects().length)
    .map(e => e.getBoundingClientRect().right);
  return {text, need: ctx.measureText(text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 18,
          width: s.clientWidth, right: Math.max(...top), window: innerWidth};
}"""

#: Every drawn arrow of the canvas as cytoscape routes it (its ends and its turns, or a bezier's control points, in
#: model units) and every other card's box it passes inside: ``[[source, target, card], ...]``.
CROSSINGS = """() => {
  const host = Array.from(document.querySelectorAll('.tutor-graph *')).find(e => e._cyreg);
  const cy = host._cyreg.cy, out = [];
  const nodes = cy.nodes().filter(n => !n.data('halo') && !n.isParent());
  cy.edges().forEach(e => {
    const mids = e.segmentPoints() || e.controlPoints() || [];
    const pts = [e.sourceEndpoint(), ...mids, e.targetEndpoint()];
    nodes.forEach(n => {
      if (n.same(e.source()) || n.same(e.target())) return;
      const b = n.boundingBox({includeLabels: false, includeOverlays: false});
      for (let i = 1; i < pts.length; i++) for (let t = 0; t <= 1; t += 0.01) {
        const x = pts[i - 1].x + (pts[i].x - pts[i - 1].x) * t, y = pts[i - 1].y + (pts[i].y - pts[i - 1].y) * t;
        if (x > b.x1 + 1 && x < b.x2 - 1 && y > b.y1 + 1 && y < b.y2 - 1) {
          out.push([e.source().data('label'), e.target().data('label'), n.data('label')]); return; }
      }
    });
  });
  return out;
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)], ids=["1024", "1366", "1920"])
def test_game_filter_whole_and_no_arrow_through_a_card(tutor_server, tutor_page, size):
    page = open_graph(tutor_server, tutor_page.page, size)
    c = canvas(page)
    assert any(n["label"] == "Zhaku" for n in c["nodes"]), c  # the opening picture, its two columns on the right
    g = page.evaluate(GAME_SELECT)
    assert g["text"] == "Restless Spirits" and g["need"] <= g["width"], f"the Game filter is cut: {g}"
    assert g["right"] <= g["window"], f"the title line runs past the window: {g}"
    assert page.evaluate(CROSSINGS) == []
    tutor_page.screenshot(f"graph-fit-{size[0]}")
    tutor_page.assert_clean()


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)], ids=["1024", "1366", "1920"])
def test_spirit_duels_opens_with_no_arrow_through_a_card(tutor_server, tutor_page, size):
    """Spirit Duels opens on Freeze: its 20 cards in two columns (were three, the outer one's arrows straight through
    the cards of the two before it, session 33), Freeze in the middle of their height."""
    page = open_graph(tutor_server, tutor_page.page, size)
    page.locator(".tutor-graph .rt-g-top select").first.select_option(label="Spirit Duels")
    expect(page.locator(".tutor-graph-details h3")).to_have_text("Freeze token", timeout=RENDER_MS)
    page.wait_for_function("(() => { const c = (" + CANVAS + ")(); return c && "
                           "c.nodes.some(n => n.label === 'Ice Line C Stage 1'); })()",
                           timeout=RENDER_MS)
    c = canvas(page)
    assert page.evaluate(CROSSINGS) == []
    me = next(n["box"] for n in c["nodes"] if n["label"] == "Freeze token")
    ys = [b for n in c["nodes"] for b in (n["box"][1], n["box"][3])]
    assert abs((me[1] + me[3]) / 2 - (min(ys) + max(ys)) / 2) <= 40, (me, min(ys), max(ys))
    assert c["font"] >= 11, c  # (taller columns: the labels still read)
    tutor_page.screenshot(f"graph-sd-fit-{size[0]}")
    tutor_page.assert_clean()


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)], ids=["1024", "1366"])
def test_a_path_answer_draws_no_arrow_through_a_card(tutor_server, tutor_page, size):
    """"How can Uji affect The Shrine?": 8 cards in 5 columns; six arrows join two cards of one column (drawn straight,
    they ran through the cards between, session 33) and others join next columns at different heights (steep, they
    passed through the card above or below their end). Routed along the lanes beside the columns, none crosses a card."""
    page = open_graph(tutor_server, tutor_page.page, size)
    canvas(page)
    # (9 cards since graph34: Takayama and Seone reach every Spirit they stand for, one more way through Nozawa)
    ask(page, "Uji", "The Shrine", "ways Uji can affect The Shrine", drawn=("The Shrine", 9))
    page.wait_for_timeout(800)
    c = canvas(page)
    assert len(c["nodes"]) == 9, c
    assert page.evaluate(CROSSINGS) == []
    tutor_page.screenshot(f"graph-path-fit-{size[0]}")
    tutor_page.assert_clean()


#: The Find box: its width inside, and the width its placeholder takes in its own font (and the list's arrow).
FIND_BOX = """() => {
  const s = document.querySelector('.tutor-graph .rt-g-top .widget-text input');
  const cs = getComputedStyle(s), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
  return {text: s.placeholder, width: s.clientWidth,
          need: ctx.measureText(s.placeholder).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight)
                + (s.list ? 22 : 0)};  // (chromium keeps room on the right for the list's arrow)
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)], ids=["1024", "1366", "1920"])
def test_the_find_box_shows_its_placeholder_whole(tutor_server, tutor_page, size):
    """At 1024 wide the Find box read "Find a card or" (session 33)."""
    page = open_graph(tutor_server, tutor_page.page, size)
    f = page.evaluate(FIND_BOX)
    assert "card" in f["text"] and f["need"] <= f["width"], f"the Find box's placeholder is cut: {f}"
    assert page.evaluate(GAME_SELECT)["right"] <= size[0]
    tutor_page.assert_clean()
