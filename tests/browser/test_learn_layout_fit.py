"""Trial 18's layout findings on the learn pages, in a real browser, from element geometry:

* 1024x768, every Restless Spirits lesson's first screen: the board's banner, the current player's area, the legal
  actions and the last step are in the window together (the page does not scroll); every card of both players'
  hands is whole in the board's box, above its key line (lesson 9: Player 2's hand sat under the fold); each Lost
  Spirit's needs are whole (no ellipsis, no clamped line) in a legible font (11 px or more); every legal action is
  as tall as its label and its whole "why" need (they were cut to one line).
* 1366x768: no requirement name or Spirited Hourglass marker is cut ("Hourgla…"); the abilities of the player to
  act are whole; another player's ability folded to two lines carries its whole text on hover (``title``) and opens
  whole when it takes the keyboard's focus.
* 1920x1080: the list of legal actions reaches down beside the last-step strip to the window's foot (it scrolled
  with room free under it), apart from the strip.
* A notice line (the free game moved on in another tab, with its two buttons), at 1024x768 and 1366x768: its whole
  sentence shows (no ellipsis, nothing cut), on the title line beside the tabs, covering neither the tabs nor the
  "All pages" link, and the table is not moved down.

Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations


import pytest
from playwright.sync_api import expect

from conftest import (ARTIFACTS, choose_lesson, open_learn_page, play_on_in_another_tab,
                      served_with_progress)
from tutor.lessons import all_lessons

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 120_000  # (a loaded machine: Voila runs the notebook before the page loads)
CLICK_MS = 30_000
RS = "learn-restless-spirits.ipynb"
SHOTS = ARTIFACTS / "screenshots"


# The first screen at 1024: the regions, the hand cards, the Lost Spirits' needs and each action's room for its "why".
FIRST_SCREEN = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const first = (sel, root) => [...(root || document).querySelectorAll(sel)].find(shown) || null;
  const area = first('.rt-board-area'), board = first('.tutor-board'), legend = first('.rt-bpart-legend', area);
  const A = rect(area), keyTop = legend ? rect(legend)[1] : A[3];
  const cards = [...area.querySelectorAll('.rt-hand-row > :not(.rt-rowlabel)')].filter(shown);
  const hidden = cards.filter((e) => { const r = rect(e); return r[1] < A[1] - 1 || r[3] > keyTop + 1 || r[3] > innerHeight
    || r[2] > A[2] + 1; }).map((e) => e.innerText.slice(0, 30));
  const needs = [...area.querySelectorAll('.rt-space.rt-mini > .rt-ability')].filter(shown).map((e) => {
    const cs = getComputedStyle(e);
    return {text: e.innerText.slice(0, 50), font: parseFloat(cs.fontSize), ellipsis: cs.textOverflow === 'ellipsis'
      && cs.whiteSpace === 'nowrap', wide: e.scrollWidth > e.clientWidth + 1, tall: e.scrollHeight > e.clientHeight + 1,
      outside: rect(e)[3] > rect(e.closest('.rt-space'))[3] + 1};
  });
  // each legal action: the height its label and its whole "why" (its title, shown after the label by CSS) need, laid
  // out in a probe of the action's own width and fonts, against the action's own height
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;left:-5000px;top:0;visibility:hidden;white-space:normal;';
  document.body.appendChild(probe);
  const room = [...document.querySelectorAll('.rt-onescreen .tutor-actions .tutor-action')].filter(shown)
    .filter((b) => b.title && getComputedStyle(b, '::after').display !== 'none').map((b) => {
      const cs = getComputedStyle(b), after = getComputedStyle(b, '::after');
      const width = b.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const lay = (text, font, weight, line) => { probe.style.width = width + 'px'; probe.style.font = weight + ' ' + font
        + ' ' + cs.fontFamily; probe.style.lineHeight = line; probe.textContent = text; return probe.getBoundingClientRect().height; };
      const need = lay(b.innerText, cs.fontSize, cs.fontWeight, cs.lineHeight)
        + lay(b.title, after.fontSize, after.fontWeight, after.lineHeight) + (parseFloat(after.marginTop) || 0);
      const have = b.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
      return {label: b.innerText.slice(0, 40), need: Math.round(need), have: Math.round(have),
              nowrap: after.whiteSpace === 'nowrap'};
    });
  probe.remove();
  const actions = first('.tutor-actions'), last = first('.tutor-last-step');
  const current = board && first('.rt-current .rt-pname', board);
  return {win: [innerWidth, innerHeight], page: document.scrollingElement.scrollHeight, area: A,
          banner: rect(first('.rt-banner', board)), current: current && rect(current), actions: rect(actions),
          action: rect(first('.tutor-action', actions)), turn: first('.rt-apart-turn .tutor-action', actions)
            && rect(first('.rt-apart-turn .tutor-action', actions)), last: rect(last),
          cards: cards.length, hidden, needs, room,
          many: !!document.querySelector('.rt-onescreen .tutor-actions .rt-many')};
}"""


def _inside(r, box, slack: float = 1.0) -> bool:
    return r[0] >= box[0] - slack and r[1] >= box[1] - slack and r[2] <= box[2] + slack and r[3] <= box[3] + slack


def test_every_restless_spirits_lesson_opens_on_one_screen_at_1024(tutor_server, tutor_page):
    """Trial 18: lesson 9 at 1024x768 cut each Lost Spirit's needs and each action's reason to one line, and Player
    2's hand sat under the fold. Every lesson's first screen: the table, the actions and the introduction together,
    every hand card whole above the board's key line, the needs and the reasons whole."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, RS, (1024, 768))
    lessons = all_lessons("restless-spirits")
    window = [0, 0, 1024, 768]
    seen = 0
    for number, lesson in enumerate(lessons, start=1):
        choose_lesson(page, number)
        g = page.evaluate(FIRST_SCREEN)
        where = f"Restless Spirits lesson {number} ({lesson.id}) at 1024x768"
        assert g["page"] <= 768, f"{where}: the page scrolls: {g['page']}"
        for name in ("area", "banner", "actions", "action", "last"):
            assert _inside(g[name], window), f"{where}: {name} not in the window: {g[name]}"
        assert _inside(g["banner"], g["area"]) and _inside(g["action"], g["actions"]), where
        assert g["current"] and _inside(g["current"], g["area"]), f"{where}: the current player: {g['current']}"
        if g["turn"]:
            assert _inside(g["turn"], g["actions"]), f"{where}: the end of turn: {g['turn']}"
        assert g["cards"] >= 1 and g["hidden"] == [], f"{where}: hand cards out of view: {g['hidden']}"
        seen += len(g["needs"])  # (the Lost Spirits' row is empty before set-up: lesson 8, the draft)
        for n in g["needs"]:
            assert n["font"] >= 11 and not (n["ellipsis"] or n["wide"] or n["tall"] or n["outside"]), \
                f"{where}: a Lost Spirit's needs are cut: {n}"
        # (a decision of many options, e.g. lesson 8's draft, sits in two columns with each reason in its tooltip:
        # widgets/action_fold.py, session 30)
        assert g["room"] or g["many"], f"{where}: no action with a reason"
        for a in g["room"]:
            assert not a["nowrap"] and a["have"] >= a["need"] - 2, f"{where}: an action's reason is cut: {a}"
        if number == 9:
            page.screenshot(path=str(SHOTS / "layout-fit-rs-lesson-9-1024.png"))
    assert seen >= 3 * (len(lessons) - 1), f"Lost Spirits seen: {seen}"
    tutor_page.assert_clean()


# Cut names and folded abilities on the board at 1366.
NAMES = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const board = [...document.querySelectorAll('.tutor-board')].find(shown);
  const cut = (e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
  const names = [...board.querySelectorAll('.rt-reqs li, .sp-hourglass, .rt-sname, .rt-chip, .sp-space')]
    .filter(shown).filter((e) => cut(e) || getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth)
    .map((e) => e.innerText.trim().slice(0, 40));
  const abilities = [...board.querySelectorAll('.rt-player .rt-space > .rt-ability')].filter(shown).map((e, i) => {
    e.dataset.rtProbe = String(i);
    return {i, current: !!e.closest('.rt-current'), cut: cut(e), title: e.title, text: e.innerText.trim(),
            tab: e.tabIndex};
  });
  return {names, abilities, hourglass: [...board.querySelectorAll('.sp-hourglass')].filter(shown).length};
}"""


@pytest.mark.parametrize("notebook,number", [(RS, 31), (RS, 11), ("learn-spirited.ipynb", 8)])
def test_names_are_whole_and_abilities_readable_at_1366(tutor_server, tutor_page, notebook, number):
    """Trial 18: at 1366x768 a Totem name and Spirited's Hourglass marker ("Hourgla…") were cut with an ellipsis,
    and abilities were cut to two lines. Names are whole; the player to act sees their Spirits' abilities whole; any
    other ability folded to two lines has its whole text in its title and opens whole on the keyboard's focus."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, notebook, (1366, 768))
    choose_lesson(page, number)
    g = page.evaluate(NAMES)
    where = f"{notebook} lesson {number} at 1366x768"
    assert g["names"] == [], f"{where}: names cut: {g['names']}"
    if notebook == RS:
        assert g["abilities"], where
        assert [a for a in g["abilities"] if a["current"] and a["cut"]] == [], f"{where}: {g['abilities']}"
        folded = [a for a in g["abilities"] if a["cut"]]
        if number == 31:
            assert folded, f"{where}: Player 2's long abilities fold to two lines: {g['abilities']}"
        for a in folded:
            assert a["tab"] == 0 and a["title"] and a["text"].endswith(a["title"][-20:]), a
            probe = page.locator(f'[data-rt-probe="{a["i"]}"]')
            probe.focus()
            page.wait_for_timeout(100)
            assert probe.evaluate("e => document.activeElement === e && e.scrollHeight <= e.clientHeight + 1"), \
                f"{where}: a folded ability does not open on the keyboard's focus: {a}"
            probe.blur()
    else:
        assert g["hourglass"] == 1, where
    page.screenshot(path=str(SHOTS / f"layout-fit-names-{notebook[6:-6]}-{number}-1366.png"))
    tutor_page.assert_clean()


COLUMN = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const first = (sel) => [...document.querySelectorAll(sel)].find(shown);
  const actions = first('.rt-onescreen .tutor-actions'), last = first('.tutor-last-step'), main = first('.rt-main');
  const turn = actions.querySelector('.rt-apart-turn .tutor-action');
  return {actions: rect(actions), last: rect(last), main: rect(main), turn: turn && rect(turn),
          rest: actions.scrollHeight - actions.clientHeight, win: [innerWidth, innerHeight]};
}"""


def test_the_action_list_takes_the_window_height_at_1920(tutor_server, tutor_page):
    """Trial 18: at 1920x1080 the action list scrolled though the page had room under it. Lesson 9 (many actions)
    and free play: the list reaches down beside the last-step strip to the strip's foot, apart from it; its end of
    turn is in the window."""
    page = tutor_page.page
    open_learn_page(tutor_server, page, RS, (1920, 1080))
    choose_lesson(page, 9)
    for where in ("lesson 9", "free play"):
        if where == "free play":
            page.get_by_role("tab", name="Free play").click()
            expect(page.locator(".tutor-seats").first).to_be_visible(timeout=RENDER_MS)
            page.wait_for_timeout(900)
        g = page.evaluate(COLUMN)
        print(where, g)
        a, s = g["actions"], g["last"]
        assert a[3] >= s[3] - 2 and a[3] <= 1080, f"{where}: the list stops above the strip's foot: {g}"
        assert a[1] < s[1] - 200, f"{where}: {g}"
        assert a[0] >= s[2] + 4, f"{where}: the list overlaps the strip: {g}"
        if g["turn"]:
            assert _inside(g["turn"], a) and g["turn"][3] <= 1080, f"{where}: the end of turn: {g}"
        page.screenshot(path=str(SHOTS / f"layout-fit-actions-1920-{where.replace(' ', '-')}.png"))
    tutor_page.assert_clean()


KEY = "learn:restless-spirits"

NOTICE = """() => {
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const row = [...document.querySelectorAll('.rt-learn-notice-row')].find((e) => e.getClientRects().length);
  const note = row.querySelector('.rt-learn-notice'), cs = getComputedStyle(note);
  const tabs = [...document.querySelectorAll('.rt-learn .lm-TabBar-tab')].filter((e) => e.getClientRects().length);
  return {row: rect(row), note: rect(note), text: note.innerText.replace(/\\s+/g, ' ').trim(), title: note.title,
          ellipsis: cs.textOverflow === 'ellipsis', cut: note.scrollWidth > note.clientWidth + 1
            || note.scrollHeight > note.clientHeight + 1 || row.scrollHeight > row.clientHeight + 1
            || rect(note)[3] > rect(row)[3] + 1,
          tabsRight: Math.max(...tabs.map((t) => rect(t)[2])), home: rect(document.querySelector('.rt-learn-home')),
          buttons: [...row.querySelectorAll('button')].map((b) => b.scrollWidth <= b.clientWidth + 1),
          table: rect([...document.querySelectorAll('.tutor-board')].find((e) => e.getClientRects().length)),
          bar: rect(document.querySelector('.rt-learn > .widget-tab > .widget-tab-bar'))};
}"""


@pytest.fixture(scope="module")
def notice_server(tmp_path_factory):
    with served_with_progress(tmp_path_factory, "layout-fit-notice", page_pool=0, stop_later=True) as served:
        yield served


@pytest.mark.parametrize("width", [1024, 1366])
def test_a_notice_shows_its_whole_sentence(notice_server, chromium_browser, width):
    """Trial 18: at 1024x768 a notice's sentence on the title line was cut with an ellipsis. The longest kind (the
    free game moved on in another tab, with "Load the newer game" and "Got it") shows its whole sentence, on two
    lines at most, on the title line between the tabs and the "All pages" link; the table stays where it was."""
    server, db = notice_server
    context = chromium_browser.new_context(viewport={"width": width, "height": 768})
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    try:
        page.goto(f"{server}/voila/render/{RS}")
        expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
        page.get_by_role("tab", name="Free play").click()
        expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
        for _ in range(3):
            page.locator(".tutor-action:visible:not([disabled])").first.click()
            page.wait_for_timeout(1500)
        before = page.evaluate("() => [...document.querySelectorAll('.tutor-board')].find(e => e.getClientRects()"
                               ".length).getBoundingClientRect().top")
        # another tab's person plays on: the place kept now holds a newer game
        play_on_in_another_tab(db, KEY, f"another-tab-{width}")
        page.locator(".tutor-action:visible:not([disabled])").first.click()
        row = page.locator(".rt-learn-notice-row:visible").first
        expect(row).to_contain_text("another tab or window", timeout=20_000)
        page.wait_for_timeout(500)
        g = page.evaluate(NOTICE)
        print(f"notice at {width}x768: {g}")
        page.screenshot(path=str(SHOTS / f"layout-fit-notice-{width}.png"))
        assert not g["ellipsis"] and not g["cut"], f"the notice is cut: {g}"
        assert g["text"] == g["title"], f"the sentence shown is not the whole sentence: {g}"
        assert g["note"][3] - g["note"][1] <= 2 * 15 + 4, f"more than two lines: {g}"
        assert g["row"][1] >= 0 and g["row"][3] <= g["bar"][3] + 1, f"not on the title line: {g}"
        assert g["row"][0] >= g["tabsRight"] - 1 and g["row"][2] <= g["home"][0] + 1, f"over the tabs or the link: {g}"
        assert all(g["buttons"]), f"a button's label is cut: {g}"
        assert abs(g["table"][1] - before) <= 0.5, f"the table moved: {before} -> {g['table'][1]}"
    finally:
        context.close()
