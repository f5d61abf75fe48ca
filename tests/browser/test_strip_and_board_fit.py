"""Trial 20 in a real browser (`rules-tutor serve` with its progress in a throw-away SQLite file):

- the "What just happened" strip hides a step's lines only when they do not fit, and says "earlier lines of this
  step: History" only when it hides one (at set-up it said so with every line in view); the note sits on the title's
  own line when there is room (on a line of its own it cost the strip a line of the step); after a reload the strip
  folds the same lines as before it, and a late change of the board's height (fonts, late layout) is fitted again;
- a card's state line ("◆ ability used") is whole, never "◆ ability used (Activation Token…";
- at 1920x1080 the board uses the height of its box: no empty band between it and the strip (Spirited's short board
  left about 300 px empty).

Screenshots go to test-artifacts/screenshots/."""
from __future__ import annotations

import json
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, keep_place, open_learn_page, served_with_progress
from tutor.lessons import play_solution, playable_lessons
from widgets.strip_fit import BOARD_ZMAX, BOARD_ZWIDE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 90_000
SHOTS = ARTIFACTS / "screenshots"


@pytest.fixture(scope="module")
def fit_served(tmp_path_factory):
    """``(base URL, database URL)`` of the module's server (a test may write a learner's kept place first)."""
    with served_with_progress(tmp_path_factory, "strip-board-fit", page_pool=0, stop_later=True) as served:
        yield served


@pytest.fixture(scope="module")
def fit_server(fit_served):
    return fit_served[0]


@contextmanager
def _page(browser, server: str, game: str, size: tuple[int, int], actions: bool = True):
    """A page of ``game``'s learn notebook at window ``size``, its first actions shown (or, ``actions`` False, its
    strip: the page may resume a lesson an earlier test played to its end, with no action left); its context closed
    after."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    try:
        page.goto(f"{server}/voila/render/learn-{game}.ipynb")
        if actions:
            _ready(page)
        else:
            expect(page.locator(".rt-onescreen > .tutor-last-step:visible").first).to_be_visible(timeout=RENDER_MS)
        yield page
    finally:
        context.close()


def _ready(page) -> None:
    expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)


def _lesson(page, index: int) -> None:
    """Open lesson ``index`` from its start (the page may resume it where an earlier page left it)."""
    page.get_by_role("tab", name="Lessons").click()
    page.locator(".rt-lesson-picker select").select_option(index=index)
    page.wait_for_timeout(2500)
    restart = page.locator(".rt-topline button:visible", has_text="Restart").first
    if restart.is_enabled():
        restart.click()
        page.wait_for_timeout(1500)
    _ready(page)


#: The strip's lines as the learner sees them: each line (an event, a step's title or note) with its rectangle as drawn
#: (moved by the page's script), whether it is hidden, and the strip's box; the pinned title's note and its height.
STRIP_JS = """() => {
  const shown = e => e && e.getClientRects().length > 0;
  const rect = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(shown);
  const box = strip.querySelector('.rt-current-step');
  const lines = [...box.querySelectorAll('.tutor-event, .tutor-clause, .rt-step-note, .widget-html:has(.rt-step-now)')]
    .filter(e => shown(e) && e.getBoundingClientRect().height >= 1)
    .map(e => ({text: e.innerText.slice(0, 60), r: rect(e), cut: e.classList.contains('rt-cut'),
                chip: e.classList.contains('tutor-clause')}));
  const marked = [...strip.querySelectorAll('[data-rt-earlier]')];
  const title = marked[0];
  return {box: rect(box), lines, marked: marked.length,
          note: title ? getComputedStyle(title, '::after').content : null,
          titleH: title ? title.getBoundingClientRect().height : null,
          textH: title ? title.querySelector('.rt-step-now, .rt-ev, .widget-html-content > *')
                           .getBoundingClientRect().height : null,
          maxH: strip.style.maxHeight};
}"""


def _check_fold(g: dict, where: str) -> None:
    """The note shows only when a line is hidden; a line is hidden only when it would not fit under those in view."""
    hidden = [x for x in g["lines"] if x["cut"]]
    seen = [x for x in g["lines"] if not x["cut"]]
    assert bool(g["marked"]) == bool([x for x in hidden if not x["chip"]]), f"{where}: note vs hidden lines: {g}"
    if hidden:
        room = g["box"][3] - max(x["r"][3] for x in seen)  # the free height under the lowest line in view
        rows = []  # a hidden line's height: its text and its rule chip, side by side
        for i, x in enumerate(g["lines"]):
            if x["cut"] and not x["chip"]:
                pair = [x] + ([g["lines"][i + 1]] if i + 1 < len(g["lines"]) and g["lines"][i + 1]["chip"] else [])
                rows.append(max(y["r"][3] for y in pair) - min(y["r"][1] for y in pair))
        least = min(rows)
        assert room < least, f"{where}: a hidden line of {least:.0f} px fits in the {room:.0f} px left: {g}"
    for x in seen:  # every line in view is whole, inside the strip's box
        assert x["r"][1] >= g["box"][1] - 1 and x["r"][3] <= g["box"][3] + 1, f"{where}: {x} cut: {g}"


def test_the_strip_folds_lines_only_when_they_do_not_fit(fit_server, chromium_browser):
    """Set-up (Restless Spirits free play): every line in view and no note. Spirit Duels lesson 1's winning attack
    (more lines than the strip held before the board yielded it height, session 38): the note only with a hidden line,
    on the title's own line, and no hidden line that would fit; the same
    after a reload. A board that grows late (a style added after the fit: no change of the page's widgets) lowers the
    strip, and the strip comes back when the board is as before."""
    with _page(chromium_browser, fit_server, "restless-spirits", (1366, 768)) as page:
        page.get_by_role("tab", name="Free play").click()
        expect(page.locator(".rt-onescreen > .tutor-last-step:visible .tutor-event").first).to_be_visible()
        page.wait_for_timeout(2500)
        g = page.evaluate(STRIP_JS)
        assert g["lines"] and not g["marked"] and not [x for x in g["lines"] if x["cut"]], g
        _check_fold(g, "Restless Spirits set-up at 1366x768")
        page.screenshot(path=str(SHOTS / "strip-fit-rs-setup-1366.png"))
    with _page(chromium_browser, fit_server, "spirit-duels", (1366, 768), actions=False) as page:
        _lesson(page, 0)
        page.locator(".tutor-action:visible").filter(has_text="Attack").first.click()
        expect(page.locator(".rt-done:visible")).to_contain_text("Goal reached", timeout=RENDER_MS)
        page.wait_for_timeout(800)
        g = page.evaluate(STRIP_JS)
        # (session 38: the board yields the strip the height its lines lack, down to 0.8 of its zoom: the attack's
        # lines may all fit now; when one is hidden the note says so, on the title's own line)
        assert not g["marked"] or "History" in g["note"], g
        assert not g["marked"] or g["titleH"] <= g["textH"] + 3, f"the note took a line of its own under a short title: {g}"
        _check_fold(g, "Spirit Duels lesson 1's attack at 1366x768")
        before = [x["text"] for x in g["lines"] if not x["cut"]]
        page.screenshot(path=str(SHOTS / "strip-fit-sd-attack-1366.png"))
        page.reload()  # (the lesson comes back at its goal, the game won: no action left)
        expect(page.locator(".rt-done:visible")).to_contain_text("Goal reached", timeout=RENDER_MS)
        page.wait_for_timeout(2500)
        g = page.evaluate(STRIP_JS)
        _check_fold(g, "Spirit Duels lesson 1's attack after a reload")
        assert [x["text"] for x in g["lines"] if not x["cut"]] == before, (before, g)
        # (the goal's box is two lines high always since session 33, so the board may take some of the strip's room:
        # bounded above its floor, the same lines whole)
        assert g["maxH"] == "" or int(g["maxH"].removesuffix("px")) > 128, g
        # a late change of the board's height: the page's script fits the strip again (the board's own size is seen)
        page.add_style_tag(content=".rt-board-area > .tutor-board > :last-child { padding-bottom: 400px; }")
        page.wait_for_timeout(800)
        low = page.evaluate(STRIP_JS)
        assert low["maxH"] == "128px", low
        _check_fold(low, "Spirit Duels lesson 1's attack, the board grown late")
        page.evaluate("() => document.querySelectorAll('style').forEach(s => s.textContent.includes('padding-bottom: "
                      "400px') && s.remove())")
        page.wait_for_timeout(800)
        assert page.evaluate(STRIP_JS)["maxH"] == g["maxH"], "the strip did not come back when the board shrank"


#: Each Activation Token line on the board: its text, whether it is cut (wider or taller than its box) and its tooltip.
TOKENS_JS = """() => [...document.querySelectorAll('.tutor-board .rt-tok')].filter(e => e.getClientRects().length)
  .map(e => ({text: e.firstChild.textContent, said: e.textContent, cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
              tip: e.title, overflow: getComputedStyle(e).textOverflow}))"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_an_ability_used_line_is_whole(fit_server, chromium_browser, size):
    """Restless Spirits lesson 15 (Activate Nalpa): the Spirit's line says "◆ ability used", whole; the Activation
    Token is named in its tooltip."""
    with _page(chromium_browser, fit_server, "restless-spirits", size) as page:
        _lesson(page, 14)
        page.locator(".tutor-action:visible").filter(has_text="Activate Nalpa").first.click()
        page.wait_for_timeout(1500)
        toks = page.evaluate(TOKENS_JS)
        assert toks, "no Activation Token line on the board"
        for t in toks:
            assert t["text"] == "◆ ability used" and not t["cut"], t
            assert "Activation Token" in t["tip"] and t["overflow"] != "ellipsis", t
            assert t["said"] == "◆ ability used: an Activation Token is on it", t  # (to a screen reader)
        page.screenshot(path=str(SHOTS / f"ability-used-{size[0]}x{size[1]}.png"))


#: The board's box and the board in it: the room left under the board (px), its zoom, and whether it scrolls.
BOARD_JS = """() => {
  const shown = e => e && e.getClientRects().length > 0;
  const area = [...document.querySelectorAll('.rt-board-area')].find(shown);
  const board = area.querySelector(':scope > .tutor-board'), a = area.getBoundingClientRect();
  return {band: a.bottom - board.getBoundingClientRect().bottom, area: a.height,
          zoom: parseFloat(getComputedStyle(board).zoom), scrolls: area.scrollHeight > area.clientHeight + 1};
}"""


@pytest.mark.parametrize("game", ["spirited", "restless-spirits", "spirit-duels"])
def test_the_board_uses_its_height_at_1920(fit_server, chromium_browser, game):
    """At 1920x1080 the board fills its box (a band under it of at most a tenth of the box), drawn at least as large
    as before (its CSS zoom), and nothing of it scrolls out of sight: lesson 1 and free play."""
    with _page(chromium_browser, fit_server, game, (1920, 1080), actions=False) as page:
        for where in ("lesson", "free play"):
            if where == "lesson":
                _lesson(page, 0)
            else:
                page.get_by_role("tab", name="Free play").click()
                expect(page.locator(".rt-onescreen > .tutor-last-step:visible .tutor-event").first).to_be_visible()
                page.wait_for_timeout(2500)
            g = page.evaluate(BOARD_JS)
            # (at most a tenth of the box left under it, or drawn at the largest zoom: a nearly empty set-up board)
            assert (g["band"] <= 0.1 * g["area"] or g["zoom"] >= BOARD_ZMAX - 0.001) and not g["scrolls"], \
                f"{game} {where}: {g}"
            assert g["zoom"] >= (1.1 if game == "spirit-duels" else 1.3), g
            page.screenshot(path=str(SHOTS / f"board-fill-{game}-{where.replace(' ', '-')}-1920.png"))


#: The strip's head line ("What just happened", P1 / P2, Show all hands, History, Search the rules) and every box in
#: it that would scroll: its own and its controls' heights (px), and each scrolling box (its classes, its content's
#: height and its own).
HEAD_JS = """() => {
  const shown = e => e && e.getClientRects().length > 0;
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(shown);
  const head = strip.querySelector(':scope > .rt-last-head');
  const scrolls = e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight;
  return {cols: strip.querySelectorAll('.rt-step-col').length, h: head.getBoundingClientRect().height,
          controls: [...head.querySelectorAll('select, button, input')].filter(shown)
            .map(e => Math.round(e.getBoundingClientRect().height)),
          scrolling: [head, ...head.querySelectorAll('*')].filter(shown).filter(scrolls)
            .map(e => [e.className.slice(0, 50), e.scrollHeight, e.clientHeight])};
}"""


def test_the_strips_head_line_holds_its_controls(fit_server, chromium_browser):
    """Free play after the computer replied (the strip in two columns, its head line 26 px): the head line's
    controls (the P1 and P2 dropdowns, Show all hands, History, Search the rules) fit in it and nothing in it scrolls
    at 1024x768, 1366x768 and 1920x1080 (the dropdowns' labels and the title were 28 px in 24 px boxes: the browser
    drew little ▲▼ scroll arrows beside P1, P2 and the row)."""
    with _page(chromium_browser, fit_server, "restless-spirits", (1366, 768), actions=False) as page:
        page.get_by_role("tab", name="Free play").click()
        page.locator(".rt-topline button:visible").filter(has_text="New game").first.click()
        for _ in range(40):  # play the first action offered until the computer has replied (Auto: by itself)
            page.wait_for_timeout(800)
            if page.locator(".rt-onescreen .rt-step-col:visible").count():
                break
            mine = page.locator(".tutor-action:visible:not([disabled])")
            if mine.count():
                mine.first.click()
        for size in ((1024, 768), (1366, 768), (1920, 1080)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.wait_for_timeout(800)
            g = page.evaluate(HEAD_JS)
            assert g["cols"] == 2, f"the computer has not replied: {g}"
            assert g["controls"] and max(g["controls"]) <= g["h"], f"{size}: a control taller than its line: {g}"
            assert not g["scrolling"], f"{size}: the strip's head line scrolls: {g}"
            page.screenshot(path=str(SHOTS / f"strip-head-{size[0]}x{size[1]}.png"))


#: Whether the list of legal actions and the strip are whole in the window, the page does not scroll and the board
#: does not run past its box sideways.
SEEN_JS = """() => {
  const shown = e => e && e.getClientRects().length > 0;
  const inwin = e => { const b = e.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight + 1; };
  const act = [...document.querySelectorAll('.rt-onescreen .tutor-actions')].find(shown);
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(shown);
  const area = [...document.querySelectorAll('.rt-board-area')].find(shown);
  return {action: !!act && inwin(act), strip: !!strip && inwin(strip), wide: area.scrollWidth > area.clientWidth + 1,
          page: document.scrollingElement.scrollHeight <= innerHeight + 1};
}"""


def test_spirited_uses_its_height_at_1366(fit_server, chromium_browser):
    """ui22: at 1366x768 Spirited's board (shorter than the other games') left a band of 100 to 160 px empty under it
    (lesson 1: 158 px of a 539 px box). Now it is drawn larger while its box has the room (its CSS zoom up to
    BOARD_ZWIDE): the band is at most a tenth of the box, nothing of it scrolls or runs past its box sideways, and
    the list of legal actions and the strip stay whole in the window, in lesson 1 and in free play after a few steps."""
    with _page(chromium_browser, fit_server, "spirited", (1366, 768), actions=False) as page:
        for where in ("lesson", "free play"):
            if where == "lesson":
                _lesson(page, 0)
                page.locator(".tutor-action:visible").first.click()
            else:
                page.get_by_role("tab", name="Free play").click()
                page.locator(".rt-topline button:visible").filter(has_text="New game").first.click()
                for _ in range(4):
                    page.wait_for_timeout(1200)
                    mine = page.locator(".tutor-action:visible:not([disabled])")
                    if mine.count():
                        mine.first.click()
            _ready(page)
            page.wait_for_timeout(1500)
            g, seen = page.evaluate(BOARD_JS), page.evaluate(SEEN_JS)
            print(f"Spirited {where} at 1366x768: {g} {seen}")
            assert (g["band"] <= 0.1 * g["area"] or g["zoom"] >= BOARD_ZWIDE - 0.001) and not g["scrolls"], \
                f"Spirited {where}: {g}"
            assert where != "lesson" or g["zoom"] > 1, g  # (lesson 1's board is short: drawn larger)
            assert seen["action"] and seen["strip"] and seen["page"] and not seen["wide"], f"Spirited {where}: {seen}"
            page.screenshot(path=str(SHOTS / f"board-fill-spirited-{where.replace(' ', '-')}-1366.png"))


#: Each line of the strip in view (an event, or a step's title: not hidden, drawn inside the strip's box) in the page's
#: order, with its drawn top and bottom, and the step it belongs to: the text of the last step title before it in the
#: page (null before the first step's title).
STEP_LINES_JS = """() => {
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(e => e.getClientRects().length);
  const box = strip.querySelector('.rt-current-step'), b = box.getBoundingClientRect();
  let step = null;
  return [...box.querySelectorAll('.tutor-event, .widget-html:has(.rt-step-now)')].map(e => {
    const title = !e.classList.contains('tutor-event'), r = e.getBoundingClientRect();
    if (title) { step = e.textContent.replace(/\\s+/g, ' ').trim().slice(0, 90); }
    const seen = e.getClientRects().length > 0 && r.height >= 1 && !e.closest('.rt-cut')
      && getComputedStyle(e).visibility !== 'hidden' && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
    return {title, step, text: e.textContent.replace(/\\s+/g, ' ').trim().slice(0, 70), top: r.top, bottom: r.bottom, seen};
  });
}"""


def test_a_steps_lines_show_under_its_own_title(fit_served, chromium_browser):
    """New-user trial 36: Spirited lesson 8 ("Time and Battles") played to its goal at 1366x768 (Scout, Rally the
    Aztecs card, score the Greeks medal): the strip showed the Rally's automatic lines (the Passing of Time drawn, the
    Battle begun) under Step 1's title, with Step 2's title folded ("Step 2: in History"), so they read as Step 1's.
    Now every event line in view has its own step's title in view above it, and no other step's title between them;
    the last step is whole."""
    server, db = fit_served
    lesson = next(x for x in playable_lessons("spirited")[0] if x.id == "sp-08-battles")
    played = play_solution(lesson)
    assert [st.action.id for st in played.history] == ["scout", "rally:clan=aztecs", "score-medal:clan=greeks"]
    keep_place(db, "learn:spirited", {"tab": "lessons", "lesson": lesson.id,
                                      "actions": [st.action.id for st in played.history], "free": None})
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, "learn-spirited.ipynb", (1366, 768))
        expect(page.locator(".rt-done:visible")).to_contain_text("Goal reached", timeout=RENDER_MS)
        page.wait_for_timeout(1500)  # (the strip's fitting: a frame or two after the table is drawn)
        lines = page.evaluate(STEP_LINES_JS)
        page.screenshot(path=str(SHOTS / "strip-fit-sp8-steps-1366.png"))
        (SHOTS / "strip-fit-sp8-steps-1366.json").write_text(json.dumps(lines, indent=1))
    finally:
        context.close()
    titles = [x for x in lines if x["title"]]
    assert [x["step"][:7] for x in titles] == ["Step 1 ", "Step 2 ", "Step 3 "], lines
    for x in lines:
        if x["title"] or not x["seen"] or x["step"] is None:
            continue
        own = next(t for t in titles if t["step"] == x["step"])
        assert own["seen"] and own["bottom"] <= x["top"] + 1, f"{x['text']!r} of {x['step']!r}: its title is not above it: {lines}"
        # the title nearest above it in view is its own (not another step's, folded between them or drawn above it)
        above = max((t for t in titles if t["seen"] and t["bottom"] <= x["top"] + 1), key=lambda t: t["bottom"])
        assert above is own, f"{x['text']!r} of {x['step']!r} reads as a line of {above['step']!r}: {lines}"
    last = [x for x in lines if x["step"] == titles[-1]["step"]]
    assert all(x["seen"] for x in last), f"the last step is not whole: {lines}"
    # (the Battle's line, a rule the goal checks, stays: now under the Rally's title, its other lines in History)
    battle = [x for x in lines if x["seen"] and x["step"] == titles[1]["step"] and "part of the Battle" in x["text"]]
    assert battle and titles[1]["seen"], f"the Rally's Battle line is not in view under its title: {lines}"
