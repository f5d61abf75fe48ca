"""Issue #16 (newuser30) on "What just happened", in a real browser, from element geometry:

* item 1: a move taken in several clicks shows whole: Restless Spirits lesson 2 after its Attract, Offer and Place
  shows the three steps, each under its own title, in order, the newest at the foot and in view (it showed "Step 3 ·
  Place Wanwada" only); Spirited lesson 1's Scout and its Rally; in free play the learner's column holds the whole
  move that ended their turn beside the computer's reply (Restless Spirits, Spirited).
* item 2: the strip folds only what does not fit: when a line is hidden (its step's lines in the History), the room
  left under the last line in view is less than the smallest hidden line (newuser30: lines folded to the History in
  free play with empty room under them).

Newuser31: the learner's own lines fold last (an automatic line in view only in room an own line does not fit in);
the lines of a rule the lesson's goal checks are in view (Spirited lesson 1's Road Check); a later step of the move
folded, the note names it ("Step 2: in History", not "more lines of this step"). Session 33: some lines of a later
step in view folded, the note is with that step ("more lines of this step: History" under its title), not by the
first step's title.

At 1024x768, 1366x768 and 1920x1080. The lesson's place or the free game is written into the progress store before
the page opens, as a learner's kept place. Any uncaught page error, console error, failed request or off-machine
request fails the test (conftest.py).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ARTIFACTS, keep_place, open_learn_page, served_with_progress
from tutor.lessons import playable_lessons, play_solution

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from test_own_move import move_then_reply  # noqa: E402  (the free games the widget test reads)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICK_MS = 30_000
SHOTS = ARTIFACTS / "screenshots"
LEARN = {"restless-spirits": "learn-restless-spirits.ipynb", "spirited": "learn-spirited.ipynb"}
SIZES = [(1024, 768), (1366, 768), (1920, 1080)]


@pytest.fixture(scope="module")
def kept_server(tmp_path_factory):
    """``(base URL, database URL)`` of a server of its own (its learners' places are written by the tests)."""
    with served_with_progress(tmp_path_factory, "own-move", page_pool=0, stop_later=True) as (server, db):
        yield server, db


#: The learner's own box of the strip (the learner's column when the computer replied, else the strip's box): its
#: rows in reading order (a step's title, or an event with its rule chip), each with its words, box (as drawn: the
#: strip's script moves lines), whether it is shown, and for a hidden event line whether its step's title is shown.
OWN_ROWS = """() => {
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(e => e.getClientRects().length);
  const box = strip.querySelector('.rt-mine-col') || strip.querySelector('.rt-current-step');
  const kids = [...box.children], b = box.getBoundingClientRect(), rows = [];
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  let titleShown = true;
  for (let i = 0; i < kids.length; i++) {
    const x = kids[i];
    if (!x.getClientRects().length || x.getBoundingClientRect().height < 1) continue;
    const els = [x];
    const chip = kids[i + 1];
    if (x.classList.contains('tutor-event') && chip && chip.classList.contains('tutor-clause')) { els.push(kids[++i]); }
    const rs = els.map(e => e.getBoundingClientRect());
    const row = {text: x.textContent.trim().slice(0, 60), title: !!x.querySelector('.rt-step-now'), shown: shown(x),
                 auto: !!x.querySelector('.rt-auto'), key: x.matches('.rt-key-ev') || !!x.querySelector('.rt-check-ev'),
                 check: !!x.querySelector('.rt-check-ev'),
                 top: Math.min(...rs.map(r => r.top)), bottom: Math.max(...rs.map(r => r.bottom)),
                 chipShown: els.length < 2 || shown(els[1])};
    if (row.title) { titleShown = row.shown; const n = getComputedStyle(x, '::after').content;
                     row.note = n === 'none' ? '' : n.replace(/^"|"$/g, ''); } else row.underShownTitle = titleShown;
    rows.push(row);
  }
  const note = getComputedStyle(kids[0], '::after').content;
  return {box: [b.top, b.bottom], rows, note: note === 'none' ? '' : note.replace(/^"|"$/g, '')};
}"""


def _check(page, where: str, titles: int, every: bool) -> dict:
    """The learner's box holds ``titles`` step titles (``every``: all in view), the newest step's title and its first
    line in view, the rows
    in view inside the box, one under the other in reading order, each event with its rule chip; and no line hidden
    that fits in the room left under the last row in view."""
    g = page.evaluate(OWN_ROWS)
    rows, (top, bottom) = g["rows"], g["box"]
    heads = [r for r in rows if r["title"]]
    assert len(heads) == titles, f"{where}: step titles {[r['text'] for r in heads]} (want {titles}): {g}"
    assert not every or all(r["shown"] for r in heads), f"{where}: a step's title is hidden: {g}"
    newest = rows.index(heads[-1])
    assert heads[-1]["shown"] and rows[newest + 1]["shown"], f"{where}: the newest step is not in view: {g}"
    seen = [r for r in rows if r["shown"]]
    for r in seen:
        whole = r["top"] >= top - 1 and r["bottom"] <= bottom + 1 and r["chipShown"]
        assert whole, f"{where}: {r} not whole in view: {g}"
    for a, b in zip(seen, seen[1:]):
        assert b["top"] >= a["bottom"] - 1, f"{where}: {a['text']!r} and {b['text']!r} overlap or are out of order"
    room = bottom - max(r["bottom"] for r in seen)
    folded = [r["bottom"] - r["top"] for r in rows if not r["shown"] and not r["title"] and r["underShownTitle"]]
    assert not folded or room < min(folded), f"{where}: a line of {min(folded)} px folded with {room} px left: {g}"
    # the learner's own lines fold last (newuser31): an automatic line in view (not a key line) while an own line is
    # folded only in room the own line (with its step's title, when that is folded too) does not fit in
    head, own = None, []
    for r in rows:
        head = r if r["title"] else head
        if not r["shown"] and not r["title"] and not r["auto"]:
            own.append(r["bottom"] - r["top"] + (0 if head["shown"] else head["bottom"] - head["top"]))
    autos = sum(r["bottom"] - r["top"] for r in seen if r["auto"] and not r["key"])
    assert not own or not autos or room + autos < min(own), f"{where}: an own line folded, automatic lines shown: {g}"
    # a later step of the move folded: the note names it (newuser31: it said "more lines of this step" for another
    # step), "Step 2: in History"; some lines of a later step: "more lines" ("of Step 2" when no step is folded whole)
    head, gone, some = None, set(), set()
    for r in rows:
        head = r if r["title"] else head
        if not r["shown"] and head is not heads[0]:
            (some if head["shown"] else gone).add(head["text"].split(" ·")[0].split()[1])
    named = set(re.findall(r"\d+", g["note"].split(":")[0])) if g["note"].endswith("History") else set()
    assert gone <= named, f"{where}: note {g['note']!r}, steps {sorted(gone)} folded"
    # some lines of a later step in view folded: the note is with that step, under its own title (session 33: "more
    # lines of Step 2: History" sat by the first step's title), and the first step's note does not name it
    for h in heads[1:]:
        n = h["text"].split(" ·")[0].split()[1]
        want = "more lines of this step: History" if n in some else ""
        assert h["note"] == want, f"{where}: Step {n}'s note {h['note']!r} (want {want!r}; folded lines of {some})"
    assert not some & named and "more lines of Step" not in g["note"], f"{where}: note {g['note']!r}, {some}"
    assert all(r["shown"] for r in rows if r["check"]), f"{where}: a line the lesson checks is folded: {g}"
    return g


def _open(server, chromium_browser, notebook: str, size, shot: str, titles: int, every: bool = True) -> dict:
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, notebook, size)
        expect(page.locator(".tutor-last-step .rt-step-now:visible").first).to_be_visible(timeout=CLICK_MS)
        page.wait_for_timeout(1500)  # the strip's fitting (a frame or two after the table is drawn)
        page.screenshot(path=str(SHOTS / f"own-move-{shot}-{size[0]}.png"))
        return _check(page, f"{shot} at {size[0]}x{size[1]}", titles, every)
    finally:
        context.close()


def _lesson_place(game: str, lesson_id: str, steps: int) -> dict:
    lesson = next(x for x in playable_lessons(game)[0] if x.id == lesson_id)
    return {"tab": "lessons", "lesson": lesson.id, "free": None,
            "actions": [st.action.id for st in play_solution(lesson).history[:steps]]}


@pytest.mark.parametrize("size", SIZES)
def test_restless_spirits_lesson_2_shows_the_attract_the_offer_and_the_place(kept_server, chromium_browser, size):
    server, db = kept_server
    keep_place(db, "learn:restless-spirits", _lesson_place("restless-spirits", "rs-02-mastery", 3))
    # (at 1024x768 the strip is lower: the Offer's step may fold, the newest step stays in view)
    _open(server, chromium_browser, LEARN["restless-spirits"], size, "rs2", 3, every=size[0] > 1024)


@pytest.mark.parametrize("size", SIZES)
def test_spirited_lesson_1_shows_the_scout_and_its_rally(kept_server, chromium_browser, size):
    server, db = kept_server
    keep_place(db, "learn:spirited", _lesson_place("spirited", "sp-01-goal", 2))
    g = _open(server, chromium_browser, LEARN["spirited"], size, "sp1", 2)
    # the Road Check's Rally, the rule the lesson teaches (its goal checks its clause), in view (newuser31: folded to
    # the History at 1024x768, the step's 6th line)
    assert [r["text"][:42] for r in g["rows"] if r["check"] and r["shown"]] == [
        "autoPlayer 1 has reached the Overrun Limit"], g


@pytest.mark.parametrize("game", ["restless-spirits", "spirited"])
@pytest.mark.parametrize("size", SIZES)
def test_free_play_shows_the_learners_whole_move_beside_the_reply(kept_server, chromium_browser, game, size):
    server, db = kept_server
    s, first = move_then_reply(game, **({"first_game": True} if game == "restless-spirits" else {}))
    last = max(h.index for h in s.history if h.action.actor == 0)
    keep_place(db, f"learn:{game}", {"tab": "free", "free": s.to_json(), "seats": ["you", "normal"], "auto": False})
    # (the learner's column is narrow and lower beside the reply: an older step of a long move may fold to the History;
    # the newest stays in view, and nothing folds while it fits)
    _open(server, chromium_browser, LEARN[game], size, f"free-{game}", last - first + 1, every=False)
