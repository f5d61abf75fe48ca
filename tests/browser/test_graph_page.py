"""The ability-graph page in a real browser: it opens on a readable picture (the game's start card with what affects
it and what it affects, at a zoom where the labels can be read), not the whole graph; switching the Game filter
clears the side panel and the Find box of the other game (widgets/graph.py).

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 60_000
CLICK_MS = 20_000

# What the canvas shows: the drawn cards and words (not the group boxes or the invisible halos), the zoom, and each
# node's box on the screen.
CANVAS = """() => {
  const host = Array.from(document.querySelectorAll('.tutor-graph *')).find(e => e._cyreg);
  if (!host) return null;
  const cy = host._cyreg.cy, box = host.getBoundingClientRect();
  const nodes = cy.nodes().filter(n => !n.data('halo') && !n.isParent());
  return {zoom: cy.zoom(), box: [box.left, box.top, box.right, box.bottom],
          nodes: nodes.map(n => { const b = n.renderedBoundingBox();
            return {label: n.data('label'), box: [box.x + b.x1, box.y + b.y1, box.x + b.x2, box.y + b.y2]}; })};
}"""


def canvas(page):
    page.wait_for_function(f"(() => {{ const c = ({CANVAS})(); return c && c.nodes.length > 0; }})()",
                           timeout=RENDER_MS)
    page.wait_for_timeout(800)  # the view settles
    return page.evaluate(CANVAS)


def test_graph_opens_readable_and_a_new_game_starts_afresh(tutor_server, tutor_page):
    page = tutor_page.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{tutor_server}/voila/render/ability-graph.ipynb")
    details = page.locator(".tutor-graph-details")
    expect(details.locator("h3")).to_have_text("Nordheim", timeout=RENDER_MS)
    c = canvas(page)
    labels = [n["label"] for n in c["nodes"]]
    assert "Nordheim" in labels and 4 <= len(labels) <= 30, labels  # a neighbourhood, not the whole graph
    assert c["zoom"] >= 0.55, c["zoom"]  # 14 px labels at 7.7 px or more
    left, top, right, bottom = c["box"]
    inside = [n for n in c["nodes"] if n["box"][0] >= left - 1 and n["box"][2] <= right + 1
              and n["box"][1] >= top - 1 and n["box"][3] <= bottom + 1]
    assert len(inside) == len(c["nodes"]), "every node of the first picture is on the canvas"
    me = next(n for n in c["nodes"] if n["label"] == "Nordheim")["box"]
    others = [n["box"] for n in c["nodes"] if n["label"] != "Nordheim"]
    assert all(not (b[0] < me[2] and me[0] < b[2] and b[1] < me[3] and me[1] < b[3]) for b in others), "overlap"
    tutor_page.screenshot("graph-first-view")

    find = page.get_by_placeholder("Find a card or a rule word…")
    find.fill("gonga")
    find.press("Enter")
    expect(details.locator("h3")).to_have_text("Gonga", timeout=CLICK_MS)
    # another game in the Game filter: its own start, the side panel and Find cleared of Restless Spirits
    page.locator(".tutor-graph select").first.select_option(label="Spirited")
    expect(details.locator("h3")).to_have_text("Battle", timeout=CLICK_MS)
    expect(find).to_have_value("")
    expect(details).not_to_contain_text("Gonga")
    c = canvas(page)
    assert "Nordheim" not in [n["label"] for n in c["nodes"]] and len(c["nodes"]) <= 30
    tutor_page.screenshot("graph-spirited")
    # "How can A affect B?": asked in the side panel, answered there, in the window without scrolling; a guide's
    # name says plainly that guides are not in the graph
    page.locator(".tutor-graph select").first.select_option(label="Restless Spirits")
    expect(details.locator("h3")).to_have_text("Nordheim", timeout=CLICK_MS)
    page.get_by_placeholder("A (e.g. Nordheim)").fill("Nordheim")
    page.get_by_placeholder("B (e.g. Baikeng)").fill("Baikeng")
    page.locator(".tutor-graph-how").click()
    answer = page.locator(".tutor-graph-path")
    expect(answer).to_contain_text("Baikeng", timeout=CLICK_MS)
    box = answer.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + 40 <= 768 and box["x"] + box["width"] <= 1366, box
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    tutor_page.screenshot("graph-path-answer")
    find.fill("Okada")
    find.press("Enter")
    expect(details).to_contain_text("Spirit Guides and Totems are not in the ability graph", timeout=CLICK_MS)
    tutor_page.assert_clean()
