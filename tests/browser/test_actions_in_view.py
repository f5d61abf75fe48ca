"""The list of legal actions shows what the learner needs without hunting for it, measured in a real browser
(element geometry, and what the window shows at a point: ``document.elementFromPoint``):

* Restless Spirits lesson 9 ("The hand limit of 7 cards") at 1366x768 and 1024x768: the "Not possible now" toggle is
  in view (at 1024 it sat under the pinned "End your turn"), and once opened its first blocked action is in view in
  the panel, the toggle too (trial 27: it opened just below the panel's visible area).
* Spirit Duels lessons 1 and 16 and Restless Spirits lesson 9 at 1366x768: the first action of every kind shown (the
  first action of each group and each kind of action in it: Activate, Evolve, Meditate, Resolve dice, Play a card,
  Gain the advantage, Pass...) is in view without scrolling (trial 27: "Resolve dice", the one action lesson 16's goal
  needs, was under "more actions: scroll down"). The same rule holds for every position, nothing reordered: a folded
  group's title says how many more it holds, and a click on it shows them.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, choose_lesson, open_learn_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"

# Is element e seen whole in the window: its rectangle inside the panel's and the window's, and the window shows e
# (not a pinned group, a fade or another box over it) at its centre and near its top and bottom edges.
SEEN = """(e) => {
  const r = e.getBoundingClientRect(), p = e.closest('.tutor-actions').getBoundingClientRect();
  const x = (r.left + r.right) / 2;
  const hit = (y) => { const h = document.elementFromPoint(x, y); return !!h && (e === h || e.contains(h)); };
  return {label: e.innerText.slice(0, 40), rect: [r.left, r.top, r.right, r.bottom],
          inside: r.top >= p.top - 1 && r.bottom <= p.bottom + 1 && r.top >= 0 && r.bottom <= innerHeight + 1,
          shown: hit((r.top + r.bottom) / 2) && hit(r.top + 3) && hit(r.bottom - 3)};
}"""


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_the_blocked_actions_open_in_view(tutor_server, tutor_page, size):
    """Trial 27: Restless Spirits lesson 9, "Not possible now (1) ▸ show" turned to "▾ hide" but the blocked move sat
    below the panel's visible area (1366), and at 1024 the toggle itself was under the pinned "End your turn"."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, "learn-restless-spirits.ipynb", size)
    choose_lesson(page, 9, settle_ms=1500)
    where = f"Restless Spirits lesson 9 at {size[0]}x{size[1]}"
    fold = page.locator(".tutor-actions .rt-fold:visible").first
    expect(fold).to_contain_text("▸ show", timeout=CLICK_MS)
    seen = fold.evaluate(SEEN)
    if not (seen["inside"] and seen["shown"]):
        page.screenshot(path=str(SHOTS / f"actions-fold-{size[0]}.png"))
    assert seen["inside"] and seen["shown"], f"{where}: the toggle is not in view: {seen}"
    fold.click()
    expect(fold).to_contain_text("▾ hide", timeout=CLICK_MS)
    row = page.locator(".tutor-actions .rt-apart-blocked .tutor-blocked:visible").first
    expect(row).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(800)  # (the page's script scrolls the panel a frame after the list opened)
    seen = [fold.evaluate(SEEN), row.evaluate(SEEN)]
    if not all(s["inside"] and s["shown"] for s in seen):
        page.screenshot(path=str(SHOTS / f"actions-blocked-{size[0]}.png"))
    assert all(s["inside"] and s["shown"] for s in seen), f"{where}: opened, not in view: {seen}"
    tutor_page.assert_clean()


#: The first legal action of each kind shown in the list (not folded away; its kind: its caption's first word,
#: "Activate", "Meditate", "Resolve"...), by kind: its index among the list's actions. The folded groups' titles' words.
KINDS = """() => {
  const panel = [...document.querySelectorAll('.rt-onescreen .tutor-actions')].find((e) => e.getClientRects().length);
  const acts = [...panel.querySelectorAll(':scope > .rt-agrid .tutor-action')];
  const kinds = {};
  acts.forEach((a, i) => { const k = a.innerText.trim().split(/[\\s:]/)[0];
                           if (k && !(k in kinds) && a.getClientRects().length) kinds[k] = i; });
  return {kinds, more: [...panel.querySelectorAll('.rt-group-title[data-rt-more]')].filter((t) => t.getClientRects().length)
            .map((t) => getComputedStyle(t, '::after').content), scroll: panel.scrollTop};
}"""


@pytest.mark.parametrize("notebook, number", [("learn-spirit-duels.ipynb", 1), ("learn-spirit-duels.ipynb", 16),
                                              ("learn-restless-spirits.ipynb", 9)])
def test_every_kind_of_action_is_in_view_without_scrolling(tutor_server, tutor_page, notebook, number):
    """Trial 27: Spirit Duels lessons 1 and 16 at 1366x768 had "Resolve dice" under "more actions: scroll down",
    below the Spirit actions. The first action of each kind is in view, the panel not scrolled; a folded group opens
    from its title."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, notebook, (1366, 768))
    choose_lesson(page, number, settle_ms=1500)
    where = f"{notebook} lesson {number} at 1366x768"
    g = page.evaluate(KINDS)
    if notebook == "learn-spirit-duels.ipynb":
        assert {"Activate", "Evolve", "Meditate", "Resolve", "Play", "Gain", "Pass"} <= set(g["kinds"]), \
            f"{where}: kinds shown: {g}"
    acts = page.locator(".rt-onescreen .tutor-actions > .rt-agrid .tutor-action")
    seen = {k: acts.nth(i).evaluate(SEEN) for k, i in g["kinds"].items()}
    bad = {k: s for k, s in seen.items() if not (s["inside"] and s["shown"])}
    page.screenshot(path=str(SHOTS / f"actions-kinds-{notebook[6:-6]}-{number}.png"))
    assert g["scroll"] == 0 and not bad, f"{where}: first action of a kind out of view: {bad} ({g})"
    if notebook == "learn-spirit-duels.ipynb":
        assert g["more"], f"{where}: no group folded: {g}"
    if g["more"]:  # the folded group opens from its title, and folds again
        title = page.locator(".tutor-actions .rt-group-title[data-rt-more]:visible").first
        n = acts.evaluate_all("a => a.filter((e) => e.getClientRects().length).length")
        title.click()
        expect(title).to_have_attribute("data-rt-more", "show fewer ▴", timeout=CLICK_MS)
        assert acts.evaluate_all("a => a.filter((e) => e.getClientRects().length).length") > n, where
        title.click()
        expect(title).to_have_attribute("data-rt-more", re.compile(r"^\d+ more ▸$"), timeout=CLICK_MS)
    tutor_page.assert_clean()


def test_an_opened_group_refolds_for_a_new_decision(tutor_server, tutor_page):
    """Session 29: a group the learner opened ("4 more ▸", then "show fewer ▴") stayed open for the rest of the game,
    and a later list ran under its fold. A learner opens a group for the choice at hand: when the list offers another
    set of actions the rule folds it again. Spirit Duels lesson 16 at 1366x768: open the first folded group, take one
    of the actions it showed (a new decision), Undo (the first decision again): its group is folded, "N more ▸"."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, "learn-spirit-duels.ipynb", (1366, 768))
    choose_lesson(page, 16, settle_ms=1500)
    title = page.locator(".tutor-actions .rt-group-title[data-rt-more]:visible").first
    expect(title).to_have_attribute("data-rt-more", re.compile(r"^\d+ more ▸$"), timeout=CLICK_MS)
    folded = title.get_attribute("data-rt-more")
    title.click()
    expect(title).to_have_attribute("data-rt-more", "show fewer ▴", timeout=CLICK_MS)
    group = title.locator("xpath=ancestor::*[contains(concat(' ', @class, ' '), ' rt-agrid ')][1]")
    shown = group.locator(":scope > .tutor-action:visible")
    step = shown.nth(shown.count() - 1)  # (one of the actions the fold had hidden)
    label = step.inner_text()
    step.click()
    expect(page.locator(".tutor-last-step .rt-step-now:visible").last).to_be_visible(timeout=CLICK_MS)
    undo = page.locator(".rt-learn button:visible").filter(has_text="Undo").first
    expect(undo).to_be_enabled(timeout=CLICK_MS)
    page.wait_for_timeout(800)
    undo.click()
    expect(page.locator(".tutor-actions .tutor-action:visible").filter(has_text=label.split("\n")[0]))\
        .to_have_count(0, timeout=CLICK_MS)  # (folded away again: the first decision, its group folded)
    title = page.locator(".tutor-actions .rt-group-title[data-rt-more]:visible").first
    expect(title).to_have_attribute("data-rt-more", folded, timeout=CLICK_MS)
    page.screenshot(path=str(SHOTS / "actions-refold-spirit-duels-16.png"))
    tutor_page.assert_clean()
