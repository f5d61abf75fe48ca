"""Trial 27's findings on "What just happened", in a real browser, from element geometry:

* item 1: the learner's own step stays in view. Restless Spirits lesson 29 ("A whole turn"), after its second step
  (Mirror played to Gonga, which is released): the line "Player 1 spends 1 AP to play Mirror" and its rule chip are
  shown whole inside the strip (they were hidden under "earlier lines of this step: History" while the automatic
  lines after them showed). Spirited free play, after the learner's Shield and the computer's reply: the line
  "places a Sao card face down ... as a Shield" is whole in the learner's column (only the automatic reveal after it
  showed). The automatic lines after the learner's own may fold; the note under the title then says "more lines".
* newuser29: Spirited lesson 1's Rally: both cards its Summon drew are in view (the second folded while the next
  turn's Road Check lines showed).
* item 2: a long reply of the computer's (14 steps, 40 lines) at the end of a long free game of Restless Spirits: no
  line is drawn partly under the column's pinned head ("Then the computer played", the "Step N" title), at its
  foot and scrolled up a little (the trial saw half a line of text showing under the pinned title).

The lesson's place or the free game is written into the progress store before the page opens, as a learner's kept
place. Any uncaught page error, console error, failed request or off-machine request fails the test (conftest.py).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import tutor
from conftest import ARTIFACTS, keep_place, open_learn_page, served_with_progress
from tutor.lessons import playable_lessons, play_solution

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
RENDER_MS = 120_000  # (a loaded machine: Voila runs the notebook before the page loads)
SHOTS = ARTIFACTS / "screenshots"
LEARN = {"restless-spirits": "learn-restless-spirits.ipynb", "spirited": "learn-spirited.ipynb"}


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of its own (its learners' places are written by the tests)."""
    with served_with_progress(tmp_path_factory, "own-step", page_pool=0, stop_later=True) as (server, db):
        yield server, db


#: The line ``text`` names in the strip (the learner's column when there is one): its box, whether it is hidden or
#: covered, its rule chip's, the box of the strip's column and the note under the pinned title.
OWN_LINE = """(text) => {
  const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const rect = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(e => e.getClientRects().length);
  const col = strip.querySelector('.rt-mine-col') || strip.querySelector('.rt-current-step');
  const ev = [...col.querySelectorAll('.tutor-event')].find(e => e.textContent.includes(text));
  if (!ev) return {missing: [...col.querySelectorAll('.tutor-event')].map(e => e.textContent)};
  const chip = ev.nextElementSibling && ev.nextElementSibling.classList.contains('tutor-clause') ? ev.nextElementSibling : null;
  const title = [...col.querySelectorAll('[data-rt-earlier]')][0];
  const top = (e) => { const r = e.getBoundingClientRect(), hit = document.elementFromPoint(r.left + 12, r.top + Math.min(6, r.height / 2));
    return !!hit && (e.contains(hit) || hit.contains(e)); };
  return {line: rect(ev), shown: shown(ev), onTop: shown(ev) && top(ev), chip: chip && rect(chip), chipShown: shown(chip),
          col: rect(col), note: title ? getComputedStyle(title, '::after').content : null};
}"""


def _inside(r, box, slack: float = 1.0) -> bool:
    return r[0] >= box[0] - slack and r[1] >= box[1] - slack and r[2] <= box[2] + slack and r[3] <= box[3] + slack


def _own_line_whole(server, chromium_browser, game_id: str, size: tuple[int, int], text: str | tuple[str, ...],
                    shot: str) -> dict:
    """The line naming ``text`` (each of them, a tuple) whole in view in the strip, with its rule chip."""
    texts = (text,) if isinstance(text, str) else text
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, LEARN[game_id], size)
        expect(page.locator(".tutor-last-step .rt-step-now:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(1500)  # the strip's fitting (a frame or two after the table is drawn)
        found = [page.evaluate(OWN_LINE, t) for t in texts]
        page.screenshot(path=str(SHOTS / f"own-step-{shot}-{size[0]}.png"))
    finally:
        context.close()
    where = f"{game_id} {shot} at {size[0]}x{size[1]}"
    for t, g in zip(texts, found):
        assert "missing" not in g, f"{where}: no line with {t!r}: {g}"
        assert g["shown"] and g["onTop"] and _inside(g["line"], g["col"]), f"{where}: the line {t!r} is not in view: {g}"
        assert g["chip"] is None or (g["chipShown"] and _inside(g["chip"], g["col"])), f"{where}: its rule chip: {g}"
        # (issue #16: the strip holds the learner's whole move, e.g. Spirited's Scout before its Rally or its Shield;
        # an earlier step of the move may fold in a low strip: the note then says "earlier lines"; lines of the move's
        # later steps folded, it names the steps, newuser31: "Step 2: in History", "more lines of Steps 1 and 2")
        # (session 33: only a later step's lines folded, the note is under that step's title and this one has none)
        notes = (None, "none", '"more lines of this step: History"', '"\u2191 earlier lines of this step: History"')
        named = re.fullmatch(r'"(more lines of )?Steps? [0-9]+((, [0-9]+)* and [0-9]+)?( and more lines)?: (in )?History"',
                             g["note"] or "")
        assert g["note"] in notes or named, f"{where}: the note under the title: {g}"
    return found[0]


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_restless_spirits_lesson_29_keeps_the_learners_spend_line_in_view(kept_server, chromium_browser, size):
    server, db = kept_server
    lesson = next(x for x in playable_lessons("restless-spirits")[0] if x.id == "rs-29-whole-turn")
    steps = [st.action.id for st in play_solution(lesson).history[:2]]
    keep_place(db, "learn:restless-spirits", {"tab": "lessons", "lesson": lesson.id, "actions": steps, "free": None})
    _own_line_whole(server, chromium_browser, "restless-spirits", size, "spends 1 AP to play Mirror", "rs29")


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_spirited_lesson_1_shows_both_draws_of_the_rallys_summon(kept_server, chromium_browser, size):
    """Newuser29: after lesson 1's Scout and "Rally an Aztecs card", the step's Summon drew two cards, but only the
    Japanese one showed at 1366x768 (the Egyptians one folded while the next turn's Road Check lines showed): the
    step's lines are kept in the order they happened, its last ones fold. Newuser31: the Road Check's Rally, the rule
    the lesson teaches (its goal checks it), stays in view too; at 1024x768 the strip has no room left for the draws
    then (the learner's own lines fold last: the Scout's and the Rally's)."""
    server, db = kept_server
    lesson = next(x for x in playable_lessons("spirited")[0] if x.id == "sp-01-goal")
    steps = [st.action.id for st in play_solution(lesson).history[:2]]
    keep_place(db, "learn:spirited", {"tab": "lessons", "lesson": lesson.id, "actions": steps, "free": None})
    draws = ("draws an Egyptians card", "draws a Japanese card") if size[0] > 1024 else ()
    _own_line_whole(server, chromium_browser, "spirited", size,
                    ("Rallies an Aztecs card", *draws, "Overrun Limit (3) of Greeks at the Road Check"), "sp1")


def _spirited_shield_then_reply() -> tutor.Session:
    """Spirited (seed 1, the normal computer playing both seats before): Player 1's Shield that ends their turn (its
    automatic lines after it: a card drawn, the Overrun check, Player 2's Road Check), then the computer's reply until
    it is Player 1's turn again."""
    s = tutor.new_game("spirited", players=2, seed=1)
    bot = tutor.bot("spirited", "normal", seed=1)
    for _ in range(200):
        shield = [a for a in s.legal_actions() if a.kind == "place-shield"] if s.current_player == 0 else []
        if shield:
            s.apply(shield[0])
            if s.current_player != 0 and len(s.history[-1].events) >= 6:
                while s.current_player != 0 and not s.is_over:
                    s.apply(bot.choose(s))
                return s
            s.undo()
        s.apply(bot.choose(s))
    raise AssertionError("no Shield that ends Player 1's turn: the bots or the deal changed")


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_spirited_free_play_keeps_the_learners_shield_line_in_view(kept_server, chromium_browser, size):
    server, db = kept_server
    keep_place(db, "learn:spirited", {"tab": "free", "free": _spirited_shield_then_reply().to_json(),
                                      "seats": ["you", "normal"], "auto": False})
    _own_line_whole(server, chromium_browser, "spirited", size, "face down on top of their Sao cards", "shield")


def _restless_spirits_long_game() -> tutor.Session:
    """Restless Spirits, first-game set-up, seed 5, the normal computer playing both seats to the game's end (148
    steps): the learner's (Player 1's) last step is followed by 14 steps of the computer's, 40 lines, the last of
    them the game's end."""
    s = tutor.new_game("restless-spirits", players=2, seed=5, first_game=True)
    bots = [tutor.bot("restless-spirits", "normal", seed=55 + i) for i in range(2)]
    while not s.is_over and len(s.history) < 400:
        s.apply(bots[s.current_player].choose(s))
    assert s.is_over and s.history[-1].action.actor == 1, "the bots or the deal changed"
    return s


#: The reply column: the bottom of its pinned head (the elements stuck at its top: the head line, older key lines,
#: the newest title) and each line drawn (not hidden) that lies partly under it, with what the window shows just
#: above the newest title's foot.
PINNED_BAND = """() => {
  const col = [...document.querySelectorAll('.tutor-last-step .rt-reply-col')].find(e => e.getClientRects().length);
  const r = col.getBoundingClientRect(), parts = [];
  const kids = [...col.children].flatMap(k => k.classList.contains('rt-reply-part') ? [...k.children] : [k]);
  let band = r.top;
  const pins = kids.filter(x => x.getClientRects().length && getComputedStyle(x).position === 'sticky'
    && x.getBoundingClientRect().top <= r.top + (parseFloat(getComputedStyle(x).top) || 0) + 1);
  pins.forEach(x => { band = Math.max(band, x.getBoundingClientRect().bottom); });
  const half = kids.filter(x => !pins.includes(x) && x.getClientRects().length && getComputedStyle(x).visibility !== 'hidden')
    .map(x => [x.getBoundingClientRect(), x.textContent.trim().slice(0, 50)])
    .filter(([b]) => b.height >= 1 && b.top < band - 1 && b.bottom > r.top + 1).map(([b, t]) => [b.top, b.bottom, t]);
  const titles = col.querySelectorAll('.rt-step-now'), newest = titles[titles.length - 1].getBoundingClientRect();
  return {col: [r.top, r.bottom], band, half, pins: pins.map(x => x.textContent.trim().slice(0, 40)),
          newest: [newest.top, newest.bottom], scroll: [col.scrollTop, col.scrollHeight, col.clientHeight]};
}"""


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_no_half_line_under_the_pinned_title_of_a_long_reply(kept_server, chromium_browser, size):
    server, db = kept_server
    keep_place(db, "learn:restless-spirits", {"tab": "free", "free": _restless_spirits_long_game().to_json(),
                                   "seats": ["you", "normal"], "auto": False})
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        page.set_viewport_size({"width": size[0], "height": size[1]})  # (the game is over: no action to wait for)
        page.goto(f"{server}/voila/render/{LEARN['restless-spirits']}")
        expect(page.locator(".tutor-last-step .rt-reply-col:visible").first).to_be_visible(timeout=RENDER_MS)
        page.wait_for_timeout(1500)  # the strip's fitting and scrolling (a frame or two after the table is drawn)
        g = page.evaluate(PINNED_BAND)
        page.screenshot(path=str(SHOTS / f"own-step-long-reply-{size[0]}.png"))
        where = f"Restless Spirits' long reply at {size[0]}x{size[1]}"
        assert g["scroll"][1] > g["scroll"][2] + 100, f"{where}: the reply is not long: {g}"
        assert g["half"] == [], f"{where}: lines drawn half under the pinned head: {g}"
        # the learner scrolls the column up a little: still no line half under the head
        page.locator(".tutor-last-step .rt-reply-col:visible").first.evaluate("c => { c.scrollTop -= 37; }")
        page.wait_for_timeout(400)
        g = page.evaluate(PINNED_BAND)
        assert g["half"] == [], f"{where}, scrolled up 37 px: lines drawn half under the pinned head: {g}"
    finally:
        context.close()
