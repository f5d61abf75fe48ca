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


# The list's visible group titles and its pinned foot: each title's [top, bottom], the pinned group's top and where the
# fade that says "more actions: scroll down" begins (40 px above it while the list scrolls on; table.py).
HEADS = """() => {
  const p = [...document.querySelectorAll('.rt-onescreen .tutor-actions')].find((e) => e.getClientRects().length);
  const r = (e) => { const b = e.getBoundingClientRect(); return [b.top, b.bottom]; };
  const pin = [...p.querySelectorAll(':scope > .rt-apart-turn')].find((e) => e.getClientRects().length);
  const foot = pin ? pin.getBoundingClientRect().top : p.getBoundingClientRect().bottom;
  const more = getComputedStyle(pin || p, '::before').content;
  return {foot, bar: more && more !== 'none' ? foot - 40 : foot,
          titles: [...p.querySelectorAll('.rt-group-title')].filter((t) => t.getClientRects().length)
            .map((t) => [t.innerText.slice(0, 40), ...r(t)])};
}"""


def cut_titles(page) -> list:
    """The group titles the list shows cut: under "more actions: scroll down" and its fade, or across the pinned
    group's top edge (a title is whole above them, or wholly hidden under the pinned group)."""
    g = page.evaluate(HEADS)
    return [t for t in g["titles"] if t[2] > g["bar"] + 1 and t[1] < g["foot"] - 1]


def test_no_group_title_is_cut_by_more_actions_in_the_record_tab(tutor_server, tutor_page):
    """Session 30 (fit29's screenshot of the Record tab at 1024x768, its second step): "Totem actions 6 more ▸" sat
    half under "▾ more actions: scroll down". After each of four moves every group title shown is whole."""
    page = tutor_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(tutor_server + "/voila/render/teacher-walkthrough.ipynb")
    page.get_by_role("tab", name="Record a walkthrough").click()
    page.locator(".rt-record .rt-record-head button", has_text="Start recording").click()
    label = page.locator(".rt-record .rt-record-step")
    expect(label).to_contain_text("No move yet", timeout=CLICK_MS)
    for n in range(1, 5):
        page.locator(".rt-record .tutor-actions .tutor-action:visible").first.click()
        expect(label).to_contain_text(f"Step {n} ·", timeout=CLICK_MS)
        page.wait_for_timeout(500)
        cut = cut_titles(page)
        if cut:
            page.screenshot(path=str(SHOTS / f"actions-titles-record-{n}.png"))
        assert not cut, f"Record tab at 1024x768, step {n}: group titles cut: {cut} ({page.evaluate(HEADS)})"
    tutor_page.assert_clean()


def assert_options_in_view(page, where: str, text: str, count: int) -> None:
    """Every option of the decision the list shows (its ``count`` actions whose captions hold ``text``) is whole in
    view, the page and the list unscrolled, and they read in their keyboard order (left to right, then down)."""
    acts = page.locator(".rt-onescreen .tutor-actions > .rt-agrid > .tutor-action:visible", has_text=text)
    assert acts.count() == count, f"{where}: {acts.count()} options"
    seen = [acts.nth(i).evaluate(SEEN) for i in range(acts.count())]
    bad = [s for s in seen if not (s["inside"] and s["shown"])]
    scroll = page.evaluate("() => [document.scrollingElement.scrollTop, [...document.querySelectorAll("
                           "'.rt-onescreen .tutor-actions')].map((p) => p.scrollTop)]")
    if bad:
        page.screenshot(path=str(SHOTS / f"actions-options-{where[:20].replace(' ', '-')}.png"))
    assert not bad and scroll[0] == 0 and not any(scroll[1]), f"{where}: options out of view: {bad} {scroll}"
    tops = [(round(s["rect"][1]), s["rect"][0]) for s in seen]
    assert tops == sorted(tops), f"{where}: the options do not read in their keyboard order: {seen}"


def new_free_game(server: str, page, size) -> None:
    """Open the Restless Spirits learn page at ``size``, its Free play tab, Auto off, a new game (seed 1)."""
    open_learn_page(server, page, "learn-restless-spirits.ipynb", size)
    page.get_by_role("tab", name="Free play").click()
    box = page.locator(".tutor-seats.rt-seats-play input[type=checkbox]").first
    expect(box).to_be_visible(timeout=CLICK_MS)
    box.uncheck()
    for got_it in page.locator(".rt-free-notice button:visible").all():
        got_it.click()
    page.locator(".rt-topline button:visible").filter(has_text="New game").first.click()
    expect(page.locator(".tutor-action:visible", has_text="Choose Yoru").first).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(1000)


def test_the_six_guides_are_in_view_at_1366(tutor_server, tutor_page):
    """Session 30: choosing a guide at the start of Restless Spirits free play, the fifth and sixth of the six
    guides were below the view at 1366x768. All six are whole in view, in their order; at 1024x768 each one is
    reached by scrolling the list; then several steps of the game show every group title whole (not under "more
    actions: scroll down")."""
    page = tutor_page.page
    new_free_game(tutor_server, page, (1366, 768))
    assert_options_in_view(page, "Restless Spirits free play's guides at 1366x768", "Choose ", 6)
    page.screenshot(path=str(SHOTS / "actions-guides-1366.png"))
    for k in range(14):
        comp = page.locator(".tutor-seats button:visible:not([disabled])").filter(has_text="Computer's move")
        ours = page.locator(".tutor-action:visible:not([disabled])")
        if comp.count() or ours.count():
            (comp.first if comp.count() else ours.nth(k % min(3, ours.count()))).click()
        page.wait_for_timeout(900)
        cut = cut_titles(page)
        if cut:
            page.screenshot(path=str(SHOTS / f"actions-titles-free-{k}.png"))
        assert not cut, f"Restless Spirits free play at 1366x768, step {k + 1}: group titles cut: {cut}"
    page.set_viewport_size({"width": 1024, "height": 768})
    page.locator(".rt-topline button:visible").filter(has_text="New game").first.click()
    expect(page.locator(".tutor-action:visible", has_text="Choose Yoru").first).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(1000)
    acts = page.locator(".rt-onescreen .tutor-actions .tutor-action:visible", has_text="Choose ")
    assert acts.count() == 6
    for i in range(6):
        acts.nth(i).scroll_into_view_if_needed()
        seen = acts.nth(i).evaluate(SEEN)
        assert seen["inside"] and seen["shown"], f"guide {i + 1} at 1024x768 is not reached: {seen}"
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    tutor_page.assert_clean()


def test_the_seven_totems_to_give_up_are_in_view_at_1366(tutor_server, tutor_page):
    """Session 30: the FAQ explorer's "faq-buy-at-hand-limit" after buying at the hand limit: of the seven "Give up
    … for Key (single)" options the last three were below the view at 1366x768. All seven are whole in view."""
    page = tutor_page.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{tutor_server}/voila/render/faq-explorer.ipynb?scenario=faq-buy-at-hand-limit")
    buy = page.locator(".tutor-action:visible", has_text="Buy Key")
    expect(buy.first).to_be_visible(timeout=120_000)
    buy.first.click()
    expect(page.locator(".tutor-action:visible", has_text="Give up")).to_have_count(7, timeout=CLICK_MS)
    page.wait_for_timeout(800)
    assert_options_in_view(page, "FAQ explorer, giving up a Totem at 1366x768", "Give up", 7)
    page.screenshot(path=str(SHOTS / "actions-give-up-1366.png"))
    tutor_page.assert_clean()


# The list's folded groups' titles ("6 more ▸") and whether it scrolls.
FOLDED = """() => {
  const p = [...document.querySelectorAll('.rt-onescreen .tutor-actions')].find((e) => e.getClientRects().length);
  return {more: [...p.querySelectorAll('.rt-group-title[data-rt-more]')].filter((t) => t.getClientRects().length)
            .map((t) => t.getAttribute('data-rt-more')),
          hidden: [...p.querySelectorAll('.tutor-action.rt-folded')].length,
          scrolls: p.scrollHeight > p.clientHeight + 1};
}"""


@pytest.mark.parametrize("notebook, number", [("learn-restless-spirits.ipynb", 22), ("learn-spirit-duels.ipynb", 23)])
def test_no_group_folds_with_room_at_1920(tutor_server, tutor_page, notebook, number):
    """Newuser 38: at 1920x1080 Restless Spirits lesson 22 showed "Totem actions 6 more ▸" (Spirit Duels lesson 23:
    "2 more ▸") with half the list's height empty, on the lesson's first view and after a reload: the fold took the
    list's tight form (captions only) to make room and kept the group folded though the tight form held it whole.
    With room, every legal action shows: no group folded, the list not scrolled on."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, notebook, (1920, 1080))
    choose_lesson(page, number, settle_ms=1500)
    for when in ("chosen", "reloaded"):
        if when == "reloaded":
            page.reload()
            expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=120_000)
            expect(page.locator(".rt-lesson-picker select option:checked")).to_contain_text(f"{number}. ",
                                                                                            timeout=CLICK_MS)
            page.wait_for_timeout(1500)
        g = page.evaluate(FOLDED)
        if g["more"] or g["hidden"]:
            page.screenshot(path=str(SHOTS / f"actions-room-{notebook[6:-6]}-{number}-{when}.png"))
        assert g == {"more": [], "hidden": 0, "scrolls": False}, f"{notebook} lesson {number} at 1920x1080, {when}: {g}"
    tutor_page.assert_clean()
