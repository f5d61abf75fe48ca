"""One thing that happens twice reads as one line said twice (issue 16, item 1): the Great Pyramid of Spirited
lesson 7 draws 2 cards, two firings of its clause; the step's two events stay (every firing is kept and cited),
but "What just happened", the History and the presenter show one line, "… (twice).", with the clause's chip."""
from __future__ import annotations

import html
import re

from tutor.lessons import all_lessons, play_solution
from tutor.step_words import times_words
from widgets.model import SessionModel
from widgets.present_tab import CurrentStep
from widgets.rows import shown_events
from widgets.last_step import LastStep
from widgets.step_log import StepLog

PYRAMID = "Great Pyramid: Player 1 draws a card into their Hand [provisional]."
TWICE = "Great Pyramid: Player 1 draws a card into their Hand [provisional] (twice)."


def _lesson7():
    lesson = next(x for x in all_lessons("spirited") if x.order == 7)
    return play_solution(lesson)


def _words(widget) -> str:
    """A line's words, without its tags ("provisional") and provisional marks."""
    text = re.sub(r'<span class="rt-(?:tag|prov)[^>]*>[^<]*</span>', "", widget.value)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def test_times_words_say_how_many_times_before_the_full_stop():
    assert times_words(PYRAMID, 1) == PYRAMID
    assert times_words(PYRAMID, 2) == TWICE
    assert times_words("Player 1 draws a card", 3) == "Player 1 draws a card (3 times)"


def test_the_great_pyramids_two_draws_are_two_firings_and_one_line():
    s = _lesson7()
    st = s.history[-1]
    fired = [e for e in st.events if e.clause == "sp.provisional.wonder"]
    assert [e.text for e in fired] == [PYRAMID, PYRAMID]  # the engine keeps both firings
    shown = shown_events(s, st.events)
    assert len(shown) == len(st.events) - 1
    joined = [e for e in shown if e.clause == "sp.provisional.wonder"]
    assert [e.text for e in joined] == [TWICE]
    assert joined[0].cards == fired[0].cards + fired[1].cards  # both cards drawn, linked
    # the events around it are as they were, in order (two Summons of different clans stay two lines)
    assert [e.clause for e in shown] == [e.clause for e in st.events if e is not fired[1]]
    assert [e.text for e in shown if e.clause == "sp.summon"] == [
        "Player 1 draws a Chinese card face up onto their Road.", "Player 1 draws an Aztecs card face up onto their Road."]


def test_every_panel_shows_the_draws_as_one_line_with_its_chip():
    s = _lesson7()
    for panel in (LastStep(SessionModel(s)), StepLog(SessionModel(s)), CurrentStep(SessionModel(s))):
        lines = panel.event_lines()
        texts = [_words(t) for t, _chip in lines]
        draws = [t for t in texts if t.startswith("Great Pyramid: Player 1 draws")]
        assert len(draws) == 1 and draws[0] == "Great Pyramid: Player 1 draws a card into their Hand (twice).", (type(panel).__name__, draws)
        i = texts.index(draws[0])
        assert lines[i][1].description and "tutor-clause" in lines[i][1]._dom_classes
