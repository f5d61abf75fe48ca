"""Trial 42: about 40 lesson hints read as notes ("A Double Totem costs the same as a Single one.", "Invigorate costs
1 Essence.") and, naming no step, were shown at every step. Each is now a sentence a teacher would say: it tells the
learner what to do or look at, and names its step's verb where it is about one, so it is given at that step
(:func:`tutor.lesson_hints.hint_steps`)."""
from __future__ import annotations

import re

import tutor
from tutor.lesson_hints import hint_steps
from tutor.lessons import all_lessons, lesson_files

#: How a hint tied to no step may start: an instruction to look, count or wait for something, or the words before
#: one ("After the last pick, read ..."); a hint with a question in it is a way back ("Broke the Shield? Press Undo").
OPENINGS = frozenset("look watch read count compare expect choose pick press keep use release put hover after when if then "
                     "before".split())


def _lessons():
    for g in tutor.GAMES:
        yield from ((g, p.name, lesson) for p, lesson in zip(lesson_files(g), all_lessons(g)))


def test_a_hint_tied_to_no_step_still_says_what_to_do():
    notes = []
    for g, name, lesson in _lessons():
        for h, steps in zip(lesson.hints, hint_steps(lesson)):
            first = re.match(r"[A-Za-z]+", h)
            if not steps and "?" not in h and (first is None or first.group(0).lower() not in OPENINGS):
                notes.append(f"{g}/{name}: {h}")
    assert notes == []


def test_rewritten_hints_are_given_at_their_steps():
    by = {(g, name): lesson for g, name, lesson in _lessons()}
    rs04 = by[("restless-spirits", "04-playing-totems.yaml")]
    assert rs04.hints[0].startswith("Play Lantern & Bell under Gonga first: it is a Double Totem")
    assert hint_steps(rs04) == [[0], [1], [2]]
    assert hint_steps(by[("restless-spirits", "09-hand-limit.yaml")]) == [[0], [1]]
    sd12 = by[("spirit-duels", "12-zap.yaml")]
    assert sd12.hints == ["Play Chain Shock with Player 2: it costs 2 Essence, exactly what Player 2 has.",
                          "Put the Zap damage on Pawnite (Spirit 2) both times Player 1 is asked."]
    assert hint_steps(sd12) == [[0], [1, 2]]
    assert hint_steps(by[("spirit-duels", "18-heal.yaml")])[0] == [0]
    assert hint_steps(by[("spirited", "07-wonders.yaml")]) == [[0], [1], [2]]
