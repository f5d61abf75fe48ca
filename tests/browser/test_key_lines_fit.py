"""Trial 19's page findings, in a real browser, from element geometry:

* Restless Spirits free play, after a computer turn of 7 steps whose first released a Spirit (past the newest six
  the strip shows whatever they did): the release line is among the reply lines in view (whole, inside the strip
  and the window, not hidden), at 1024x768, 1366x768 and 1920x1080; the head line "Then the computer played" stays.
* ... and at 1024x768 Player 2's released Spirits' row is whole in the board's box, which does not scroll inside.
* Restless Spirits lessons at 1024x768 after their first step (the five whose board scrolled inside, and lesson 1):
  the board does not scroll inside, and the board, the legal actions and the step's last line are in the window.
* Spirit Duels free play during a Meditate: the die marked for the reroll says "↻ reroll" on itself (and in its
  tooltip); the dice not marked do not.
* FAQ explorer: a saved question whose name, title, question and note are 80 characters with no space is shown
  whole: nothing runs out of its box.

The games are written into the progress store (or the questions folder) before the page opens, as a learner's kept
place. Screenshots go to test-artifacts/screenshots/. Any uncaught page error, console error, failed request or
off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

import tutor
from conftest import ARTIFACTS, open_learn_page, served_with_progress, store_write
from rs_helpers import rs_late_reply_with_a_release, rs_reply_with_an_early_release

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 120_000
CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"




def _sd_meditate_game() -> tutor.Session:
    """Spirit Duels, Player 1 meditating with one die marked for the reroll (seed 1, the normal bot before)."""
    s = tutor.new_game("spirit-duels", players=2, seed=1)
    bot = tutor.bot("spirit-duels", "normal", seed=1)
    for _ in range(200):
        meditate = [a for a in s.legal_actions() if a.kind == "meditate"]
        if meditate and s.current_player == 0:
            s.apply(meditate[0])
            marks = [a for a in s.legal_actions() if a.kind == "mark-die"]
            if len(marks) >= 2:
                s.apply(marks[0])
                return s
            s.undo()
        s.apply(bot.choose(s))
    raise AssertionError("no Meditate with two dice to mark: the bots or the deal changed")


def _keep(db: str, game_id: str, session: tutor.Session) -> None:
    """Keep ``session`` as the learner's free game of ``game_id`` against the normal computer, free play shown."""
    store_write(db, lambda store: store.save_place(f"learn:{game_id}", json.dumps(
        {"tab": "free", "free": session.to_json(), "seats": ["you", "normal"], "auto": False})))


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)``: a server whose learner kept the Restless Spirits game above."""
    with served_with_progress(tmp_path_factory, "key-lines", page_pool=0, stop_later=True) as (server, db):
        yield server, db


def _open(server: str, page, notebook: str, size: tuple[int, int]) -> None:
    open_learn_page(server, page, notebook, size)
    page.wait_for_timeout(1500)  # the strip's fitting (a frame or two after the table is drawn)


STRIP = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const first = (sel, root) => [...(root || document).querySelectorAll(sel)].find(shown) || null;
  const strip = first('.rt-onescreen > .tutor-last-step'), area = first('.rt-board-area');
  const board = area.querySelector('.tutor-board'), col = first('.rt-reply-col', strip);
  const key = [...strip.querySelectorAll('.tutor-event.rt-key-ev')].filter(shown).map((e) => ({
    text: e.innerText, rect: rect(e), cut: e.classList.contains('rt-cut') || getComputedStyle(e).visibility === 'hidden'}));
  const then = first('.rt-then', strip), released = [...area.querySelectorAll('.rt-released-row')].filter(shown);
  return {strip: rect(strip), col: col && rect(col), key, then: then && rect(then), thenText: then && then.innerText,
          area: rect(area), areaOver: area.scrollHeight - area.clientHeight, boardOver: board.scrollHeight - board.clientHeight,
          released: released.map((e) => ({rect: rect(e), text: e.innerText})), page: document.scrollingElement.scrollHeight,
          ...(col ? reply(col) : {})};
  // reply30: the newest step's own action line (after its title), the computer's reason and the step's key lines
  function reply(col) {
    const t = [...col.querySelectorAll('.rt-step-now')].pop(), title = t && t.closest('.widget-html');
    const own = title && title.nextElementSibling, note = col.querySelector(':scope > .rt-step-note');
    const kids = [...col.children], newKeys = kids.slice(kids.indexOf(title) + 1).filter((e) => e.matches('.rt-key-ev'));
    const seen = (e) => shown(e) && getComputedStyle(e).visibility !== 'hidden';
    return {own: own && seen(own) ? rect(own) : null, ownText: own && own.innerText, note: note && seen(note) ? rect(note) : null,
            newKeys: newKeys.map((e) => ({text: e.innerText, rect: seen(e) ? rect(e) : null})),
            title: title && rect(title), noteAt: kids.indexOf(note), ownAt: kids.indexOf(own),
            // reply31: the reason cut to one line keeps its whole text in its tooltip; the steps whose titles lie
            // above the column's view (their numbers) and what the head line says of them
            short: col.hasAttribute('data-rt-short'), noteTip: note && note.title, noteText: note && note.textContent.trim(),
            above: [...col.querySelectorAll('.rt-step-now')].filter((t) => shown(t) && t.closest('.widget-html')
              .getBoundingClientRect().bottom <= col.querySelector(':scope > .rt-then').getBoundingClientRect().bottom + 1
              && getComputedStyle(t.closest('.widget-html')).position !== 'sticky')
              .map((t) => (/Step (\\d+)/.exec(t.textContent) || [])[1]),
            pointer: col.querySelector(':scope > .rt-then').getAttribute('data-rt-above'),
            pointerShown: getComputedStyle(col.querySelector(':scope > .rt-then'), '::after').content};
  }
}"""


def _inside(r, box, slack: float = 1.0) -> bool:
    return r[0] >= box[0] - slack and r[1] >= box[1] - slack and r[2] <= box[2] + slack and r[3] <= box[3] + slack


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768), (1920, 1080)])
def test_the_computers_release_is_among_the_reply_lines_in_view(kept_server, chromium_browser, size):
    server, db = kept_server
    s, released_at = rs_reply_with_an_early_release()
    _keep(db, "restless-spirits", s)
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        _open(server, page, "learn-restless-spirits.ipynb", size)
        expect(page.locator(".tutor-last-step .rt-reply-col:visible").first).to_be_visible(timeout=CLICK_MS)
        g = page.evaluate(STRIP)
        w, h = size
        where = f"Restless Spirits free play at {w}x{h}"
        print(f"{where}: {g}")
        page.screenshot(path=str(SHOTS / f"key-lines-rs-free-{w}.png"))
        assert len(g["key"]) == 1 and "is released" in g["key"][0]["text"], f"{where}: {g['key']}"
        line = g["key"][0]
        assert not line["cut"] and _inside(line["rect"], g["col"]) and _inside(line["rect"], [0, 0, w, h]), \
            f"{where}: the release line is not in view: {g}"
        assert g["then"] and _inside(g["then"], g["col"]) and g["thenText"].startswith("Then the computer played 7"), g
        assert g["page"] <= h, f"{where}: the page scrolls"
        if w == 1024:  # trial 19: Player 2's released Spirits' row sat cut under the fold; the board scrolled inside
            assert len(g["released"]) == 1 and "Barachu" in g["released"][0]["text"], g["released"]
            assert _inside(g["released"][0]["rect"], g["area"]) and g["areaOver"] <= 1 and g["boardOver"] <= 1, \
                f"{where}: Player 2's released Spirits or the board: {g}"
    finally:
        context.close()


def test_a_late_game_board_fits_and_keeps_the_computers_release_in_view_at_1366(kept_server, chromium_browser):
    """Trial 21: late in a Restless Spirits game (Player 1 to act with three Spirits whose abilities are long, the
    computer's turn just released a Spirit) the board ran past its box at 1366x768, and the strip, shrunk to its
    floor to give the board room, showed the computer's newest plain line but not its release. Now the player to
    act's area is wider and their abilities take up to three lines there: the board fits its box and the release
    line is in view, whole."""
    server, db = kept_server
    s = rs_late_reply_with_a_release()
    _keep(db, "restless-spirits", s)
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        _open(server, page, "learn-restless-spirits.ipynb", (1366, 768))
        expect(page.locator(".tutor-last-step .rt-reply-col:visible").first).to_be_visible(timeout=CLICK_MS)
        g = page.evaluate(STRIP)
        print(f"late game at 1366x768: {g}")
        page.screenshot(path=str(SHOTS / "key-lines-rs-late-1366.png"))
        assert g["areaOver"] <= 1 and g["boardOver"] <= 1, f"the board runs past its box: {g}"
        assert g["key"] and "is released" in g["key"][0]["text"], g["key"]
        line = g["key"][0]
        assert not line["cut"] and _inside(line["rect"], g["col"]) and _inside(line["rect"], [0, 0, 1366, 768]), g
        assert g["page"] <= 768, "the page scrolls"
        _assert_newest_step_in_view(g, "late game at 1366x768")
    finally:
        context.close()


def _assert_newest_step_in_view(g: dict, where: str) -> None:
    """Reply30: the newest step's own action line, the computer's reason right after it (its rule chip between) and
    every key line of the newest step in the reply column, under its newest title."""
    assert g["noteAt"] == g["ownAt"] + 2, f"{where}: the reason does not follow the own line: {g}"
    for name, r in [("own line", g["own"]), ("reason", g["note"])] + [(k["text"], k["rect"]) for k in g["newKeys"]]:
        assert r is not None and _inside(r, g["col"]), f"{where}: {name} not in view: {g}"
        assert r[1] >= g["title"][3] - 1, f"{where}: {name} under the newest title: {g}"


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_a_late_game_keeps_the_newest_step_and_its_release_in_view(kept_server, chromium_browser, size):
    """Reply30: the late game of trial 21 at 1024x768, where the reply column shows, and at 1920x1080: the
    computer's newest step's title, own line, its reason and its key lines in view under the pinned title. Reply31:
    at 1024x768 (a 122 px column) the reason takes one line, its whole text in its tooltip; the steps scrolled above
    the column's view are named on its head line on a tall window (trial 30: steps 9-11 shown of 10, nothing said)."""
    server, db = kept_server
    _keep(db, "restless-spirits", rs_late_reply_with_a_release())
    context = chromium_browser.new_context()
    page = context.new_page()
    w, h = size
    try:
        _open(server, page, "learn-restless-spirits.ipynb", size)
        expect(page.locator(".tutor-last-step .rt-reply-col:visible").first).to_be_visible(timeout=CLICK_MS)
        g = page.evaluate(STRIP)
        print(f"late game at {w}x{h}: {g}")
        page.screenshot(path=str(SHOTS / f"key-lines-rs-late-{w}.png"))
        _assert_newest_step_in_view(g, f"late game at {w}x{h}")
        if g["short"]:  # (the reason cut to one line: its whole text in its tooltip)
            assert g["noteTip"] == g["noteText"] and g["noteText"].startswith("Why the computer chose this:"), g
        if h >= 900 and g["above"]:
            said = re.fullmatch(r"\u2191 steps? (\d+)(\u2013\d+)? above, and in the History", g["pointer"] or "")
            assert said and said.group(1) == g["above"][0], g  # (from the first step above)
            assert g["pointerShown"].strip('"') == g["pointer"], g
        elif h >= 900:
            assert g["pointer"] is None, g
    finally:
        context.close()


LESSON = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const first = (sel) => [...document.querySelectorAll(sel)].find(shown) || null;
  const area = first('.rt-board-area'), board = area.querySelector('.tutor-board'), strip = first('.rt-onescreen > .tutor-last-step');
  const lines = [...strip.querySelectorAll('.rt-current-step .tutor-event')].filter((e) => shown(e)
    && !e.classList.contains('rt-cut'));
  return {areaOver: area.scrollHeight - area.clientHeight, boardOver: board.scrollHeight - board.clientHeight,
          area: rect(area), actions: rect(first('.tutor-actions')), action: rect(first('.tutor-action')),
          strip: rect(strip), last: lines.length ? rect(lines[lines.length - 1]) : null,
          title: (first('.rt-step-now') || {}).innerText, page: document.scrollingElement.scrollHeight};
}"""


def test_restless_spirits_lessons_at_1024_keep_the_board_whole_after_the_first_step(tutor_server, tutor_page):
    """Trial 19 (ui18 left): at 1024x768 some lessons' board scrolled inside its box after a step, the strip keeping
    about 207 px of events. After each of these lessons' first step the board does not scroll inside and the board,
    the first legal action and the step's last line in view are in the window together."""
    page = tutor_page.page
    _open(tutor_server, page, "learn-restless-spirits.ipynb", (1024, 768))
    page.get_by_role("tab", name="Lessons").click()
    page.wait_for_timeout(1000)
    picker = next(s for s in page.locator("select:visible").all()
                  if any(t.startswith("1.") for t in s.evaluate("s => [...s.options].map(o => o.text)")))
    texts = picker.evaluate("s => [...s.options].map(o => o.text)")
    window = [0, 0, 1024, 768]
    for number in (1, 9, 10, 24, 28, 31):
        picker.select_option(index=next(i for i, t in enumerate(texts) if t.startswith(f"{number}.")))
        # (its introduction in the strip: the lesson at its start, before a step)
        expect(page.locator(".tutor-last-step .rt-about:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(800)
        page.locator(".tutor-action:visible:not([disabled])").first.click()
        expect(page.locator(".tutor-last-step .rt-step-now:visible").first).to_contain_text("Step 1", timeout=CLICK_MS)
        page.wait_for_timeout(1500)
        g = page.evaluate(LESSON)
        where = f"Restless Spirits lesson {number} at 1024x768 after its first step"
        print(f"{where}: {g}")
        assert g["areaOver"] <= 1 and g["boardOver"] <= 1, f"{where}: the board scrolls inside: {g}"
        assert g["page"] <= 768, f"{where}: the page scrolls: {g}"
        assert g["last"] and _inside(g["last"], g["strip"]), f"{where}: no line of the step in view: {g}"
        for name in ("area", "actions", "action", "strip", "last"):
            assert _inside(g[name], window), f"{where}: {name} not in the window: {g}"
        if number == 28:
            page.screenshot(path=str(SHOTS / "key-lines-rs-lesson-28-1024.png"))
    tutor_page.assert_clean()


def test_spirit_duels_marked_die_says_so_on_the_die(kept_server, chromium_browser):
    server, db = kept_server
    s = _sd_meditate_game()
    marked = tutor.view(s).marked_dice(0)
    assert len(marked) == 1
    _keep(db, "spirit-duels", s)
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        _open(server, page, "learn-spirit-duels.ipynb", (1366, 768))
        dice = page.locator(".tutor-board .sd-die:visible")
        expect(dice.first).to_be_visible(timeout=CLICK_MS)
        got = page.evaluate("""() => [...document.querySelectorAll('.tutor-board .sd-die')].filter(e => e.getClientRects().length)
          .map(e => ({marked: e.classList.contains('sd-marked'), text: e.innerText, title: e.title,
                      style: getComputedStyle(e).borderTopStyle}))""")
        page.screenshot(path=str(SHOTS / "key-lines-sd-marked-1366.png"))
        on = [d for d in got if d["marked"]]
        assert len(on) == 1 and "↻ reroll" in on[0]["text"] and on[0]["title"].startswith("Marked for the Meditate"), got
        assert on[0]["style"] == "dashed"  # not by colour alone: the outline and the words
        assert all("reroll" not in d["text"] and d["style"] == "solid" for d in got if not d["marked"]), got
    finally:
        context.close()


def test_a_saved_question_with_long_unbroken_words_stays_in_its_box(tmp_path_factory, chromium_browser):
    folder = tmp_path_factory.mktemp("questions")
    name = "x" * 80
    question, note = "Q" * 80, "N" * 80
    text = (f"meta:\n  id: my-{name}\n  title: 'My question: {name}'\n  question: {question}\n  answer: {note}\n"
            "  source:\n    file: spirited.txt\n    section: Shields\n  covers:\n  - my question\n"
            "setup:\n  game: spirited\n  seed: 1\nscript:\n- kind: scout\nexpect:\n- fired:\n  - sp.scout\n")
    (folder / f"{name}.yaml").write_text(text)
    with served_with_progress(tmp_path_factory, "long-words", env={"RULES_TUTOR_QUESTIONS": str(folder)},
                              pool=0, stop_later=True) as (server, _):
        context = chromium_browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        try:
            page.goto(f"{server}/voila/render/faq-explorer.ipynb?scenario=my-{name}")
            card = page.locator(".rt-faq-card").first
            expect(card).to_contain_text(question, timeout=RENDER_MS)
            page.locator(".tutor-faq-show").click()  # the answer: the learner's note
            expect(page.locator(".rt-faq-atext:visible").first).to_contain_text(note, timeout=CLICK_MS)
            page.wait_for_timeout(500)
            over = page.evaluate("""() => [...document.querySelectorAll('.rt-faq-card, .rt-faq-card *, .rt-faq-atext')]
              .filter(e => e.getClientRects().length).map(e => {
                const r = e.getBoundingClientRect(), box = e.closest('.rt-faq-card, .rt-faq-atext').parentElement.getBoundingClientRect();
                return {cls: e.className, wide: e.scrollWidth - e.clientWidth, right: r.right - Math.min(box.right, innerWidth)};
              }).filter(x => x.wide > 1 || x.right > 1)""")
            page.screenshot(path=str(SHOTS / "key-lines-faq-long-words-1024.png"))
            assert over == [], f"text runs out of its box: {over}"
        finally:
            context.close()


#: The strip's key lines ("★"): their text, whether hidden, whether whole inside the strip and the window, and whether
#: their text is cut by an ellipsis (then their tooltip is the whole line); the strip's height.
KEYS = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(shown);
  const s = strip.getBoundingClientRect();
  return {h: s.height, keys: [...strip.querySelectorAll('.tutor-event.rt-key-ev')].filter(shown).map((e) => {
    const b = e.getBoundingClientRect(), ev = e.querySelector('.rt-ev');
    return {text: e.innerText, hidden: e.classList.contains('rt-cut') || getComputedStyle(e).visibility === 'hidden',
            whole: b.top >= s.top - 1 && b.bottom <= s.bottom + 1 && b.bottom <= innerHeight + 1 && b.height >= 10,
            cut: ev.scrollWidth > ev.clientWidth + 1, tip: ev.title};
  })};
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_two_key_lines_of_one_step_both_show_at_the_strips_floor(tutor_server, tutor_page, size):
    """ui22: Restless Spirits lesson 7: the learner's Mirror releases Gonga, their fifth Spirit, which triggers the
    endgame: two key lines in one step. With the strip at its 128 px floor (as when the board needs the room; here a
    style holds it there) only the endgame line showed at 1024x768. Now both are in view, whole lines in the strip,
    the release first; a line too long for its row ends in an ellipsis and says itself whole in its tooltip."""
    page = tutor_page.page
    w, h = size
    _open(tutor_server, page, "learn-restless-spirits.ipynb", size)
    page.get_by_role("tab", name="Lessons").click()
    page.locator(".rt-lesson-picker select").select_option(index=6)
    expect(page.locator(".rt-goal:visible")).to_contain_text("endgame", timeout=CLICK_MS)
    restart = page.locator(".rt-topline button:visible", has_text="Restart").first
    if restart.is_enabled():
        restart.click()
    page.locator(".tutor-action:visible").filter(has_text="Mirror").first.click()
    expect(page.locator(".tutor-last-step .rt-step-now:visible").first).to_contain_text("Step 1", timeout=CLICK_MS)
    page.add_style_tag(content=".rt-onescreen > .tutor-last-step { max-height: 128px !important; }")
    page.wait_for_timeout(1500)
    g = page.evaluate(KEYS)
    where = f"Restless Spirits lesson 7's fifth release at {w}x{h}, the strip at 128 px"
    print(f"{where}: {g}")
    page.screenshot(path=str(SHOTS / f"key-lines-rs-lesson-7-floor-{w}.png"))
    assert g["h"] <= 129 and len(g["keys"]) == 2, f"{where}: {g}"
    assert "is released" in g["keys"][0]["text"] and "endgame is triggered" in g["keys"][1]["text"], g
    for k in g["keys"]:
        assert not k["hidden"] and k["whole"], f"{where}: a key line is not in view: {g}"
        words = k["text"].removeprefix("AUTO").split("\u2197")[0].strip()  # (its tag and its ability-graph link go)
        assert not k["cut"] or k["tip"] == words, f"{where}: cut with no whole tooltip: {k}"
    tutor_page.assert_clean()


#: The board's key line ("Key: Road stacks, Shields, Medals · † = …") as drawn: its words' box (a Range over them),
#: the board's box and the strip's, and whether the pixels at the top and the foot of its words are the key's own
#: (nothing drawn over them, nothing cutting them).
KEY_LINE = """() => {
  const shown = (e) => e && e.getClientRects().length > 0;
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const first = (sel, root) => [...(root || document).querySelectorAll(sel)].find(shown) || null;
  const area = first('.rt-board-area'), strip = first('.rt-onescreen > .tutor-last-step');
  const key = area && first('.rt-bpart-legend summary, .sd-board > details.rt-legend > summary', area);
  if (!key) { return null; }
  const range = document.createRange();
  range.selectNodeContents(key);
  const t = range.getBoundingClientRect(), a = area.getBoundingClientRect();
  const x = (Math.max(t.left, a.left) + Math.min(t.right, a.right)) / 2;
  const mine = (y) => { const e = document.elementFromPoint(x, y); return !!e && !!e.closest('.rt-bpart-legend, .rt-legend'); };
  return {text: [t.left, t.top, t.right, t.bottom], area: rect(area), strip: rect(strip), words: key.innerText.slice(0, 40),
          top: mine(t.top + 2), foot: mine(t.bottom - 2), page: document.scrollingElement.scrollHeight,
          over: area.scrollHeight - area.clientHeight};
}"""


def _key_line_whole(page, where: str, fits: bool = True, words: str = "Key: Road stacks") -> dict:
    g = page.evaluate(KEY_LINE)
    print(f"{where}: {g}")
    assert g and g["words"].startswith(words), f"{where}: no key line: {g}"
    t = g["text"]
    assert t[1] >= g["area"][1] - 1 and t[3] <= g["area"][3] + 1, f"{where}: the key line is cut by the board's box: {g}"
    assert t[3] <= g["strip"][1] + 1 and t[3] <= 768, f"{where}: the key line runs under the strip: {g}"
    assert g["top"] and g["foot"], f"{where}: something is drawn over the key line's words: {g}"
    assert g["page"] <= 768, f"{where}: the page scrolls: {g}"
    if fits:
        assert g["over"] <= 1, f"{where}: the board runs past its box (it scrolls under the key line): {g}"
    return g


def _first_lesson_afresh(page) -> None:
    """The Lessons tab's first lesson, restarted when it was begun before."""
    page.get_by_role("tab", name="Lessons").click()
    page.locator(".rt-lesson-picker select").select_option(index=0)
    page.wait_for_timeout(1500)
    restart = page.locator(".rt-topline button:visible", has_text="Restart").first
    if restart.is_enabled():
        restart.click()


def test_spirited_key_line_is_whole_above_the_strip_at_1024(tutor_server, tutor_page):
    """Trial 23: Spirited lesson 1 at 1024x768 after its first step (Scout): the board's key line ("Key: Road stacks,
    Shields, Medals · †…", y 619-647) sat half under the narration strip (its top at 649): its words were cut. The key
    line's words are whole in the board's box, above the strip, nothing over them, at the lesson's start, after its
    first step, and in free play (where the board may scroll under it); in the lesson the board fits its box (the key
    line one low line, the rows closer)."""
    page = tutor_page.page
    _open(tutor_server, page, "learn-spirited.ipynb", (1024, 768))
    _first_lesson_afresh(page)
    expect(page.locator(".tutor-last-step .rt-about:visible").first).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(1500)
    _key_line_whole(page, "Spirited lesson 1 at 1024x768, its start")
    page.locator(".tutor-action:visible:not([disabled])").first.click()
    expect(page.locator(".tutor-last-step .rt-step-now:visible").first).to_contain_text("Step 1", timeout=CLICK_MS)
    page.wait_for_timeout(1500)
    _key_line_whole(page, "Spirited lesson 1 at 1024x768 after its first step")
    page.screenshot(path=str(SHOTS / "key-lines-sp-lesson-1-1024.png"))
    page.get_by_role("tab", name="Free play").click()
    expect(page.locator(".rt-onescreen > .tutor-last-step:visible .tutor-event").first).to_be_visible(timeout=CLICK_MS)
    page.wait_for_timeout(2000)
    # (free play's set-up strip keeps its lines at 1024 px: the opponent's last row scrolls under the key line)
    _key_line_whole(page, "Spirited free play at 1024x768", fits=False)
    page.screenshot(path=str(SHOTS / "key-lines-sp-free-1024.png"))
    tutor_page.assert_clean()


def test_spirit_duels_key_line_is_whole_at_1366(tutor_server, tutor_page):
    """Session 42's look: Spirit Duels lesson 1 at 1366x768 after three steps (two first actions, then the turn's
    kind: Gain the Advantage, whose warning line takes two lines) scrolled its board area 16 px, and the board's key
    line ("Key: dice faces · †…", inside the one-piece board) showed only its top half above the strip; pinned, it
    then covered half of the learner's hand (the board 40 px past its box with the strip at its floor). It is pinned
    at the foot of the board's box as the other games' key line is: whole, above the strip, nothing over it; and the
    board, drawn smaller, fits its box."""
    page = tutor_page.page
    _open(tutor_server, page, "learn-spirit-duels.ipynb", (1366, 768))
    _first_lesson_afresh(page)
    page.wait_for_timeout(1500)
    _key_line_whole(page, "Spirit Duels lesson 1 at 1366x768, its start", fits=False, words="Key: dice faces")
    for k in range(3):
        turn = page.locator(".tutor-actions .rt-apart-turn .tutor-action:visible:not([disabled])")
        mine = page.locator(".tutor-action:visible:not([disabled])")
        (turn.first if k == 2 and turn.count() else mine.first).click()
        expect(page.locator(".tutor-last-step .rt-step-now:visible").first).to_contain_text(f"Step {k + 1}",
                                                                                             timeout=CLICK_MS)
        page.wait_for_timeout(1200)
    # (the strip at its floor, the board is drawn smaller until it fits: the learner's hand above the key line)
    _key_line_whole(page, "Spirit Duels lesson 1 at 1366x768 after three steps", words="Key: dice faces")
    page.screenshot(path=str(SHOTS / "key-lines-sd-lesson-1-1366.png"))
    tutor_page.assert_clean()
