"""New-user trial 37 (issue 16): "What just happened" shows the outcome of the click at 1366x768, in a real browser
(`rules-tutor serve` with its progress in a throw-away SQLite file, the learner's place kept there first):

- Spirited lesson 8 (Time and Battles) played to its goal: Step 2 (the Rally: the Passing of Time drawn, the
  Hourglass moved, the Battle begun, the lesson's point) was only "Step 2 and more lines: in History" while Step 1's
  routine line showed;
- Spirit Duels free play, Mystic Mirror's reroll: the line of the die rolled again was hidden (Reroll read as Remove);
- Restless Spirits lesson 1: the Lost Spirits row refilled ("Uji is dealt") was hidden;
- Spirited lesson 11 (newuser38, session 39): the Passing of Time and the Battle it begins were in the History.

Each asserts from element geometry that the outcome line is in view, whole, inside the strip and the window, under
its own step's title; that the board's areas and the first legal action are in the window; and (1024x768) that
nothing of the strip is cut. Screenshots go to test-artifacts/screenshots/."""
from __future__ import annotations

import json

import pytest

import tutor
from conftest import ARTIFACTS, keep_place, open_learn_page, served_with_progress
from tutor.lessons import play_solution, playable_lessons

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHOTS = ARTIFACTS / "screenshots"

#: Every line of the strip (a step's title or an event) with its step, whether it is seen (not hidden, whole inside
#: the strip's box and the window), its rectangle; the board's and the first action's rectangles.
LINES_JS = """() => {
  const shown = e => e && e.getClientRects().length > 0;
  const strip = [...document.querySelectorAll('.rt-onescreen > .tutor-last-step')].find(shown);
  const box = strip.querySelector('.rt-current-step'), b = box.getBoundingClientRect();
  let step = null;
  const lines = [...box.querySelectorAll('.tutor-event, .widget-html:has(.rt-step-now)')].map(e => {
    const title = !e.classList.contains('tutor-event'), r = e.getBoundingClientRect();
    if (title) { step = e.textContent.replace(/\\s+/g, ' ').trim().slice(0, 60); }
    const col = e.closest('.rt-step-col'), c = col ? col.getBoundingClientRect() : b;
    const seen = shown(e) && r.height >= 1 && !e.closest('.rt-cut') && getComputedStyle(e).visibility !== 'hidden'
      && r.top >= Math.max(b.top, c.top) - 1 && r.bottom <= Math.min(b.bottom, c.bottom) + 1 && r.bottom <= innerHeight;
    return {title, step, text: e.textContent.replace(/\\s+/g, ' ').trim().slice(0, 90), top: r.top, bottom: r.bottom,
            seen, reply: !!e.closest('.rt-reply-col')};
  });
  const rect = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const board = [...document.querySelectorAll('.rt-board-area > .tutor-board')].find(shown);
  const parts = [...board.querySelectorAll(':scope > [class*="rt-bpart-"]')].filter(shown).map(rect);
  const action = [...document.querySelectorAll('.tutor-action')].find(shown);
  return {lines, parts, action: rect(action), strip: rect(strip), zoom: board.style.zoom || '',
          area: rect(board.closest('.rt-board-area')), win: [innerWidth, innerHeight]};
}"""


def _lesson_place(game: str, lesson_id: str) -> dict:
    lesson = next(x for x in playable_lessons(game)[0] if x.id == lesson_id)
    return {"tab": "lessons", "lesson": lesson.id, "free": None,
            "actions": [st.action.id for st in play_solution(lesson).history]}


def _sd_mystic_mirror() -> tutor.Session:
    """Spirit Duels (seed 1, the normal computer on both seats before): Player 1 plays Mystic Mirror, chooses a die
    (it is rolled again), and the computer replies."""
    s = tutor.new_game("spirit-duels", players=2, seed=1)
    bots = [tutor.bot("spirit-duels", "normal", seed=1), tutor.bot("spirit-duels", "normal", seed=2)]
    for _ in range(400):
        if s.current_player == 0:
            mirror = [a for a in s.legal_actions() if a.kind.startswith("play") and "Mystic Mirror" in a.label]
            if mirror:
                s.apply(mirror[0])
                dice = [a for a in s.legal_actions() if a.label.startswith("Mystic Mirror: choose")]
                if dice:
                    s.apply(dice[0])
                    while s.current_player == 1:
                        s.apply(bots[1].choose(s))
                    return s
                s.undo()
        s.apply(bots[s.current_player].choose(s))
    raise AssertionError("no Mystic Mirror with a die to reroll: the bots or the deal changed")


@pytest.fixture(scope="module")
def outcome_served(tmp_path_factory):
    """``(base URL, database URL)`` of the module's server."""
    with served_with_progress(tmp_path_factory, "strip-outcome", page_pool=0, stop_later=True) as served:
        yield served


def _look(server, browser, notebook: str, size, name: str) -> dict:
    context = browser.new_context()
    page = context.new_page()
    try:
        open_learn_page(server, page, notebook, size)
        page.wait_for_timeout(2000)  # (the strip's and the board's fitting: a frame or two after the table is drawn)
        g = page.evaluate(LINES_JS)
        page.screenshot(path=str(SHOTS / f"strip-outcome-{name}-{size[0]}.png"))
        (SHOTS / f"strip-outcome-{name}-{size[0]}.json").write_text(json.dumps(g, indent=1))
    finally:
        context.close()
    return g


def _check(g: dict, step: str, words: list[str], size) -> None:
    """Each of ``words`` is in a line of the step whose title starts with ``step``, seen, under that title in view
    with no other title between; every seen line is under its own title; the board's areas and the first action are
    in the window."""
    lines = g["lines"]
    titles = [x for x in lines if x["title"]]
    own = [t for t in titles if t["step"].startswith(step)]
    assert own and own[-1]["seen"], f"{step!r}'s title is not in view: {lines}"
    for word in words:
        hit = [x for x in lines if not x["title"] and x["step"] == own[-1]["step"] and word in x["text"]]
        assert hit and any(x["seen"] for x in hit), f"{word!r} of {step!r} is not in view at {size}: {lines}"
    for x in lines:
        if x["title"] or not x["seen"] or x["step"] is None:
            continue
        mine = [t for t in titles if t["step"] == x["step"] and t["reply"] == x["reply"]][-1]
        above = [t for t in titles if t["seen"] and t["reply"] == x["reply"] and t["bottom"] <= x["top"] + 1]
        assert above and max(above, key=lambda t: t["bottom"]) is mine, f"{x['text']!r} not under its title: {lines}"
    w, h = g["win"]
    for r in g["parts"] + [g["action"]]:
        assert r[1] >= -1 and r[3] <= h + 1 and r[2] <= w + 1, f"{r} is not in the window {g['win']}: {g}"
    assert g["strip"][3] <= h + 1, g["strip"]


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_spirited_lesson_8_shows_the_passing_of_time_and_the_battle(outcome_served, chromium_browser, size):
    """The Rally's draw of a Passing of Time card (the Hourglass moves) and the Battle it starts, under Step 2's
    title, beside the medal scored (Step 3, whole). At 1024x768 the newest step is whole and nothing is cut."""
    server, db = outcome_served
    keep_place(db, "learn:spirited", _lesson_place("spirited", "sp-08-battles"))
    g = _look(server, chromium_browser, "learn-spirited.ipynb", size, "sp8")
    if size[0] > 1024:
        _check(g, "Step 2", ["Passing of Time", "A Battle begins"], size)
    _check(g, "Step 3", ["scores the Greeks Gold medal", "Greeks Allegiance"], size)


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_spirit_duels_mystic_mirror_shows_the_die_rolled_again(outcome_served, chromium_browser, size):
    """Free play, Mystic Mirror's die chosen: the line of the die rolled again in its pool, under the step's title
    (the learner's half of the strip), with the computer's reply beside it (at 1024x768: every line in view whole,
    under its own title)."""
    server, db = outcome_served
    keep_place(db, "learn:spirit-duels", {"tab": "free", "free": _sd_mystic_mirror().to_json(),
                                          "seats": ["you", "normal"], "auto": False})
    g = _look(server, chromium_browser, "learn-spirit-duels.ipynb", size, "sd-mirror")
    _check(g, "Step ", [], size)
    if size[0] == 1024:  # (the strip keeps its floor there: the newest lines whole, the reroll's may fold)
        return
    mirror = [x for x in g["lines"] if not x["reply"] and "rolled again in the same pool" in x["text"]]
    assert mirror and mirror[0]["seen"], f"the reroll's result is not in view at {size}: {g['lines']}"
    assert "Player 1: Mystic Mirror: choose" in mirror[0]["step"], mirror


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_restless_spirits_lesson_1_shows_the_lost_spirits_row_refilled(outcome_served, chromium_browser, size):
    """Lesson 1 played to its goal (Attract, Offer, Place): the Place's "Uji is dealt into the Lost Spirits row"."""
    server, db = outcome_served
    keep_place(db, "learn:restless-spirits", _lesson_place("restless-spirits", "rs-01-goal"))
    g = _look(server, chromium_browser, "learn-restless-spirits.ipynb", size, "rs1")
    _check(g, "Step 3", ["Uji is dealt"] if size[0] > 1024 else [], size)


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_spirited_lesson_11_shows_the_battle_before_the_discards(outcome_served, chromium_browser, size):
    """Session 39 (newuser38): lesson 11 (Battle: five cards) played to its goal showed only Step 1's Scout and the two
    discards at 1366x768; the Passing of Time drawn and the Battle it begins (Step 3, the Rally: why the Hand goes
    down to 5) were in the History. Its goal now checks those rules too (content/spirited/lessons/11-battle-hand.yaml),
    so their lines fold last and the board yields them room: under Step 3's title, beside the discards (Step 5)."""
    server, db = outcome_served
    keep_place(db, "learn:spirited", _lesson_place("spirited", "sp-11-battle-hand"))
    g = _look(server, chromium_browser, "learn-spirited.ipynb", size, "sp11")
    if size[0] > 1024:
        _check(g, "Step 3", ["Passing of Time", "A Battle begins"], size)
    _check(g, "Step 5", ["discards a Japanese card (5 left in hand)"], size)
