"""The practice page in a real browser, served by `rules-tutor serve` with its progress in a throw-away SQLite file
(RULES_TUTOR_DB): answer two questions, see the mastery map change, reload and find the progress again; at 1366x768
the board, the question, its options and the explanation are in view together without scrolling. Screenshots at
1366x768 and 1024x768 go to test-artifacts/screenshots/."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutor.practice.askable import askable
from tutor.practice.coach import GAMES, SEED

from conftest import ARTIFACTS, CheckedPage, served_with_progress, store_write

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENDER_MS = 90_000
CLICK_MS = 20_000


@pytest.fixture(scope="module")
def practice_server(tmp_path_factory):
    """``(base URL, database URL)`` of a `rules-tutor serve` whose progress database is a fresh SQLite file. The rules
    the first game's questions reach are computed here first, into the run's cache folder the server reads (a served
    page pre-heats them before the visit; this server pre-heats nothing, and the mastery map marks the rules no
    question asks), so no browser wait holds that 20-40 s computation."""
    askable(GAMES[0], SEED)
    with served_with_progress(tmp_path_factory, "practice", pool=0, stop_later=True) as served:
        yield served


def _in_view(page, locator, height: int) -> None:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{locator} is out of view: {box}"


def _answer(page, height: int) -> str:
    options = page.locator(".tutor-pq-option:visible")
    expect(options.first).to_be_enabled(timeout=CLICK_MS)
    options.first.click()
    feedback = page.locator(".tutor-pq-feedback:visible")
    expect(feedback.locator(".rt-pq-ok, .rt-pq-no")).to_be_visible(timeout=CLICK_MS)
    expect(page.locator(".tutor-pq-option.rt-pq-right:visible")).to_have_count(1)
    _in_view(page, feedback, height)
    return feedback.inner_text()


def _players_in_seat_order(page) -> None:
    """The board lists the players in seat order, Player 1 first, read left to right and top to bottom (trial 10:
    Player 2, the player to move, came before Player 1)."""
    seats = page.evaluate("""() => Array.from(document.querySelectorAll('.rt-pq-board .rt-bpart-player'))
      .filter(e => e.offsetParent).map(e => { const r = e.getBoundingClientRect();
        const m = e.innerText.match(/Player (\\d+)/); return [Math.round(r.top / 8), r.left, m ? +m[1] : 0]; })""")
    assert len(seats) >= 2 and all(s[2] for s in seats), seats
    in_reading_order = [s[2] for s in sorted(seats)]
    assert in_reading_order == sorted(in_reading_order), seats


def _practice_page(chromium_browser, server: str, size: tuple[int, int], name: str):
    """``(context, page, checked page, question locator)``: the practice page opened at window ``size`` in a new
    context, its first question shown."""
    context = chromium_browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    checked = CheckedPage(page, name)
    try:
        page.goto(server + "/voila/render/practice.ipynb")
        prompt = page.locator(".tutor-pq-prompt:visible")
        expect(prompt).to_be_visible(timeout=RENDER_MS)
    except Exception:
        context.close()
        raise
    return context, page, checked, prompt


def test_practice_answer_see_mastery_reload_and_resume(practice_server, chromium_browser):
    server, db = practice_server
    context, page, checked, prompt = _practice_page(chromium_browser, server, (1366, 768), "practice-1366x768")
    try:
        expect(page.locator(".tutor-pq-score")).to_contain_text("0 answered")
        # one calm table at 1366x768: board, question and options in view without scrolling
        for loc in (page.locator(".rt-pq-board:visible"), prompt, page.locator(".tutor-pq-option:visible").last):
            _in_view(page, loc, 768)
        checked.screenshot("question")
        _players_in_seat_order(page)
        first = _answer(page, 768)
        assert "Right" in first or "Not quite" in first
        chips = page.locator(".rt-pq-side .tutor-clause:visible")
        expect(chips.first).to_be_visible()
        _in_view(page, page.locator(".rt-pq-board:visible"), 768)
        # the viewport itself, as a person sees it
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "practice-1366x768-viewport.png"))
        show = page.locator(".tutor-pq-show:visible")
        expect(show).to_be_enabled()
        show.click()
        expect(show).to_be_disabled(timeout=CLICK_MS)
        # a rule card opened on this question closes with the next question (trial 13, item Q1)
        chips.first.click()
        expect(page.locator(".rt-pq-page .rt-clause-float")).to_be_visible(timeout=CLICK_MS)
        page.locator(".tutor-pq-next:visible").click()
        expect(page.locator(".tutor-pq-feedback:visible .rt-pq-ok, .tutor-pq-feedback:visible .rt-pq-no")
               ).to_have_count(0, timeout=CLICK_MS)
        expect(page.locator(".rt-pq-page .rt-clause-float")).to_have_count(0, timeout=CLICK_MS)
        _answer(page, 768)
        expect(page.locator(".tutor-pq-score")).to_contain_text("2 answered", timeout=CLICK_MS)
        # the mastery map: the two rules practised are marked
        page.get_by_role("tab", name="Mastery map").click()
        marked = page.locator(".tutor-mastery-clause.rt-m-right:visible, .tutor-mastery-clause.rt-m-missed:visible")
        expect(marked.first).to_be_visible(timeout=CLICK_MS)
        checked.screenshot("mastery")
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "practice-mastery-1366x768-viewport.png"))
        # ui40: a rule no question asks gave no sign until it was clicked; now, without a click, its chip is dashed and
        # in italics, the legend says in words what that means, and its tooltip says where the rule is taught
        noq, asked = page.locator(".tutor-mastery-clause.rt-m-noq"), page.locator(".tutor-mastery-clause:not(.rt-m-noq)")
        assert noq.count() >= 1 and asked.count() >= 1, (noq.count(), asked.count())
        look = "e => [getComputedStyle(e).borderTopStyle, getComputedStyle(e).fontStyle, e.title]"
        style, slant, tip = noq.first.evaluate(look)
        assert style == "dashed" and slant == "italic", (style, slant)
        assert re.fullmatch(r".+: (not seen yet|seen in a lesson|answered right lately|missed lately)\. Not asked in "
                            r"practice: (taught in the lesson “.+”( \(or \d+ more\))?|read it here)\.", tip), tip
        assert asked.first.evaluate(look)[:2] == ["solid", "normal"]
        expect(page.locator(".rt-m-legend")).to_contain_text("dashed: not asked in practice (hover for where it is taught)")
        noq.first.click()  # ... and clicked, its card says what the chip said: no question, where to meet it
        expect(page.locator(".rt-m-card .rt-ctitle")).to_be_visible(timeout=CLICK_MS)
        expect(page.locator(".rt-muted:visible", has_text="No question on this rule")).to_be_visible(timeout=CLICK_MS)
        # trial 13, item Q1: no "Ask me" button before a rule is chosen; a rule clicked shows its card beside the map
        ask = page.locator(".tutor-mastery-ask")
        expect(ask).to_be_hidden()
        card = page.locator(".rt-m-card .rt-ctitle")
        # a rule a question only cited (not its subject) may have no question of its own: its card says so and the
        # next practised rule is tried (session 37: which-rule no longer asks a rule the move's name gives away)
        for k in range(marked.count()):
            marked.nth(k).click()
            expect(card).to_be_visible(timeout=CLICK_MS)
            try:
                expect(ask).to_be_visible(timeout=3_000)
                break
            except AssertionError:
                continue
        expect(ask).to_be_visible(timeout=CLICK_MS)
        _in_view(page, card, 768)
        _in_view(page, ask, 768)
        checked.assert_clean()
        # the database has both answers, and the map marks every rule they practised (a right answer counts for
        # every rule the question tested)
        answers, practised = store_write(db, lambda store: (store.answers("restless-spirits"),
                                                            store.last_results("restless-spirits")))
        assert len(answers) == 2 and len(practised) >= 2
        expect(marked).to_have_count(len(practised), timeout=CLICK_MS)
        # come back: the progress is there
        page.reload()
        expect(page.locator(".tutor-pq-prompt:visible")).to_be_visible(timeout=RENDER_MS)
        expect(page.locator(".tutor-pq-score")).to_contain_text("2 answered", timeout=CLICK_MS)
        page.get_by_role("tab", name="Mastery map").click()
        expect(marked).to_have_count(len(practised), timeout=CLICK_MS)
        # a projector at 1024x768
        page.set_viewport_size({"width": 1024, "height": 768})
        page.get_by_role("tab", name="Practice").click()
        expect(page.locator(".tutor-pq-prompt:visible")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "practice-1024x768-viewport.png"))
        checked.assert_clean()
    finally:
        context.close()


#: The painted part of every text inside a card (each text node, cut by the boxes that clip it, as a person sees it)
#: must lie inside that card's box; returns what spills: card, the text's element and the text, and by how many px.
SPILL_JS = """(sel) => {
  const out = [];
  const clip = (node, card) => {
    let r = {l: -1e9, t: -1e9, r: 1e9, b: 1e9};
    for (let e = node.parentElement; e && e !== card; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        const b = e.getBoundingClientRect();
        r = {l: Math.max(r.l, b.left), t: Math.max(r.t, b.top), r: Math.min(r.r, b.right), b: Math.min(r.b, b.bottom)};
      }
    }
    return r;
  };
  for (const card of document.querySelectorAll(sel)) {
    if (!card.checkVisibility()) continue;
    const cb = card.getBoundingClientRect();
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim() || !n.parentElement.checkVisibility({contentVisibilityAuto: true,
                                                                     visibilityProperty: true})) continue;
      const range = document.createRange(); range.selectNodeContents(n);
      const c = clip(n, card);
      for (const tr of range.getClientRects()) {
        const l = Math.max(tr.left, c.l), r = Math.min(tr.right, c.r);
        const t = Math.max(tr.top, c.t), b = Math.min(tr.bottom, c.b);
        if (r - l < 1 || b - t < 1) continue;
        const over = Math.max(cb.left - l, r - cb.right, cb.top - t, b - cb.bottom);
        if (over > 1) out.push([card.className.slice(0, 40), n.parentElement.className,
                                n.textContent.trim().slice(0, 50), Math.round(over)]);
      }
    }
  }
  return out;
}"""
#: the cards of the practice page: the question card and its answer options, and the board's Spirit cards (Restless
#: Spirits spaces, Spirit Duels Spirits), card chips and player areas
CARDS = (".rt-pq-side, .tutor-pq-option, .rt-pq-board .rt-space, .rt-pq-board .sd-card, .rt-pq-board .rt-chip, "
         ".rt-pq-board .rt-player")
VIEWPORTS = ((1024, 768), (1366, 768), (1920, 1080))
LONG = ("Timeweaver Thread & Lantern ×2 → Refresh a Totem Market row and buy (1 AP) → Buying at the hand limit means "
        "swapping → Timeweaver­Thread­And­Lantern­Without­Any­Break­At­All")


#: a Restless Spirits Spirit card on the board, as ``widgets.boards.restless_spirits._space`` draws it, with long names
SPACE = ('<div class="rt-space rt-light"><div class="rt-sname">Kielderlings</div><div class="rt-stype">Guardian · '
         'Light · 1/3 met</div><ul class="rt-reqs"><li class="rt-unmet">○ Timeweaver Thread</li><li class="rt-met">'
         '✓ Timeweaver Thread <span class="rt-muted">(Timeweaver Thread &amp; Lantern)</span></li><li class="rt-unmet">'
         '○ Spirit Cloak</li></ul><div class="rt-ability">Activated: A target opponent discards 1 Curse per Guardian '
         'Spirit on your board.</div></div>')


def _switch(page, game: str) -> None:
    """Practise ``game``: press its button (unless it is the game shown) and wait for its new question view."""
    button = page.get_by_role("button", name=game, exact=True)
    if "mod-active" not in (button.get_attribute("class") or ""):
        old = page.locator(".tutor-pq-prompt:visible").element_handle()
        button.click()
        old.wait_for_element_state("hidden", timeout=RENDER_MS)
    expect(page.locator(".tutor-pq-option:visible").first).to_be_visible(timeout=RENDER_MS)
    page.wait_for_timeout(300)
    # a question answered before (here, by the test before on the same progress database) comes back answered, with
    # Next question: asked for, so the question shown is unanswered
    answered = page.locator(".tutor-pq-feedback:visible .rt-pq-ok, .tutor-pq-feedback:visible .rt-pq-no")
    if answered.count():
        page.locator(".tutor-pq-next:visible").click()
        expect(answered).to_have_count(0, timeout=CLICK_MS)
    expect(page.locator(".tutor-pq-option:visible").first).to_be_enabled(timeout=RENDER_MS)
    page.wait_for_timeout(300)


def test_practice_card_text_stays_inside_its_card(practice_server, chromium_browser):
    """Issue 16, item h: in all three games, at 1024x768, 1366x768 and 1920x1080, before and after answering, no text
    of the question card, its options or the board's cards is painted past its card's edge (long Totem names such as
    "Timeweaver Thread" on a Spirit's requirements, Spirit Duels powers on a narrow card); a very long answer and
    question (long card names, one unbroken word) wrap inside the card too."""
    server, _db = practice_server
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(RENDER_MS)
    checked = CheckedPage(page, "practice-spill")
    try:
        page.goto(server + "/voila/render/practice.ipynb", wait_until="commit")  # (the page streams as it renders)
        expect(page.locator(".tutor-pq-prompt:visible")).to_be_visible(timeout=2 * RENDER_MS)
        spills = []
        for game in ("Restless Spirits", "Spirited", "Spirit Duels"):
            _switch(page, game)
            for answered in (False, True):
                if answered:
                    page.set_viewport_size({"width": 1366, "height": 768})
                    _answer(page, 768)
                for width, height in VIEWPORTS:
                    page.set_viewport_size({"width": width, "height": height})
                    page.wait_for_timeout(200)
                    spills += [(game, width, answered, *s) for s in page.evaluate(SPILL_JS, CARDS)]
            page.screenshot(path=str(ARTIFACTS / "screenshots" / f"practice-{game.split()[-1].lower()}-1920x1080.png"))
            page.locator(".tutor-pq-next:visible").click()
            page.set_viewport_size({"width": 1366, "height": 768})
        # a very long answer and question: they wrap inside the question card at every width; a Spirit whose
        # requirements are long Totem names (the board's Spirit card as restless_spirits._space draws it): each is cut
        # at the card's edge
        _switch(page, "Restless Spirits")
        expect(page.locator(".rt-pq-board .rt-spaces:visible").first).to_be_visible(timeout=CLICK_MS)
        page.evaluate("""(space) => {
            const empty = Array.from(document.querySelectorAll('.rt-pq-board .rt-spaces > .rt-space'))
              .find(e => e.checkVisibility());
            empty.outerHTML = space; }""", SPACE)
        page.evaluate("""(long) => {
            const shown = (sel) => Array.from(document.querySelectorAll(sel)).find(e => e.checkVisibility());
            shown('.tutor-pq-option').textContent = long; shown('.tutor-pq-prompt div').textContent = long; }""", LONG)
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(200)
            spills += [("long texts", width, *s) for s in page.evaluate(SPILL_JS, CARDS)]
            side = page.locator(".rt-pq-side:visible").bounding_box()
            assert side["x"] + side["width"] <= width, f"the question card is cut at {width}: {side}"
        assert spills == [], "text painted past its card's edge:\n" + "\n".join(map(str, spills))
        checked.assert_clean()
    finally:
        context.close()


#: The practice board's box and the player to play's area in it (its rectangle, the box's scroll) and the window's
#: height.
TO_PLAY = """() => {
  const box = [...document.querySelectorAll('.rt-pq-board')].find(e => e.getClientRects().length);
  const p = [...box.querySelectorAll('.rt-bpart-player')].find(e => e.querySelector('.rt-current'));
  const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  return {box: r(box), scroll: box.scrollTop, player: p ? r(p) : null, text: p ? p.innerText.slice(0, 30) : '',
          height: innerHeight};
}"""


def test_practice_at_1024_shows_the_player_to_play_whole(practice_server, chromium_browser):
    """Trial 27: at 1024x768 Restless Spirits' practice board cut the player to play (Player 2) at its box's foot.
    For three questions the player to play's area is whole inside the board's box (not scrolled) and the window; the
    players stay in seat order."""
    server, _db = practice_server
    context, page, checked, prompt = _practice_page(chromium_browser, server, (1024, 768), "practice-1024x768-to-play")
    try:
        for n in range(3):
            page.wait_for_timeout(500)
            g = page.evaluate(TO_PLAY)
            page.screenshot(path=str(ARTIFACTS / "screenshots" / f"practice-1024-to-play-{n}.png"))
            where = f"question {n + 1} ({prompt.inner_text()[:60]!r})"
            assert g["player"] is not None, f"{where}: no player to play: {g}"
            box, pl = g["box"], g["player"]
            assert g["scroll"] == 0 and box[1] - 1 <= pl[1] and pl[3] <= box[3] + 1 and pl[3] <= g["height"], \
                f"{where}: the player to play is cut: {g}"
            _players_in_seat_order(page)
            words = prompt.inner_text()
            page.locator(".tutor-pq-next:visible").click()
            expect(prompt).not_to_have_text(words, timeout=CLICK_MS)
        checked.assert_clean()
    finally:
        context.close()


#: Four players, Player 4 to play: the board of the question shown gets two more players' areas (copies of its last,
#: named Player 3 and Player 4, in seat order) and the "to play" mark moves to Player 4, as the page shows a question
#: of a four-player game with Player 4 to play (the pool's first questions are two-player ones).
FOUR_PLAYERS = """() => {
  const box = [...document.querySelectorAll('.rt-pq-board')].find(e => e.getClientRects().length);
  const seats = [...box.querySelectorAll('.rt-bpart-player')];
  const last = seats[seats.length - 1];
  let at = last;
  for (const n of [3, 4]) {
    const copy = last.cloneNode(true);
    copy.querySelectorAll('.rt-pname').forEach(e => { e.textContent = e.textContent.replace(/Player \\d+/, 'Player ' + n); });
    at.after(copy);
    at = copy;
  }
  box.querySelectorAll('.rt-player.rt-current').forEach(e => e.classList.remove('rt-current'));
  at.querySelector('.rt-player').classList.add('rt-current');
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)], ids=["1024x768", "1366x768"])
def test_practice_keeps_a_fourth_player_to_play_in_view(practice_server, chromium_browser, size):
    """Session 29: with three or four players in seat order, Player 3 or 4 to play sat below the board's box (its
    areas under the fold). Now the board scrolls itself so the player to play's area is whole in its box and the
    window; the players keep their seat order."""
    server, _db = practice_server
    width, height = size
    context, page, checked, _prompt = _practice_page(chromium_browser, server, size, f"practice-{width}-fourth")
    try:
        page.wait_for_timeout(500)
        page.evaluate(FOUR_PLAYERS)
        page.wait_for_timeout(500)
        g = page.evaluate(TO_PLAY)
        page.screenshot(path=str(ARTIFACTS / "screenshots" / f"practice-{width}-fourth-to-play.png"))
        box, pl = g["box"], g["player"]
        assert g["text"].startswith("Player 4"), g
        assert box[1] - 1 <= pl[1] and pl[3] <= box[3] + 1 and pl[3] <= g["height"], \
            f"Player 4, to play, is cut at {width}x{height}: {g}"
        _players_in_seat_order(page)
        checked.assert_clean()
    finally:
        context.close()
