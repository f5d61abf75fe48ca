"""Lessons say what the rulebook says, and a ruling as the tutor's ruling (trial 27).

Restless Spirits lesson 1: see its test.

Spirited lesson 8 said Battle effects are resolved "every player, one after another"; the rulebook has all players
resolve them at the same time, and the tutor asks them player by player under its ruling sp.ruling.battle-order.
The lesson now says both, and lists the ruling among its clauses to read.
"""
from __future__ import annotations

from tutor.lessons import all_lessons, play_solution, start_lesson


def _lesson(game_id: str, lesson_id: str):
    return next(x for x in all_lessons(game_id) if x.id == lesson_id)


def test_spirited_lesson_8_says_battles_are_simultaneous_and_the_order_is_a_ruling():
    lesson = _lesson("spirited", "sp-08-battles")
    assert "one after another" not in lesson.intro
    assert "all at the same time" in lesson.intro and "The tutor's ruling: it asks one player at a time" in lesson.intro
    assert "sp.ruling.battle-order" in lesson.clauses
    session = start_lesson(lesson)
    play_solution(lesson, session)
    fired = {e.clause for st in session.history for e in st.events}
    assert "sp.ruling.battle-order" in fired  # the ruling the lesson names is the one its Battle cites


def test_restless_spirits_lesson_1_the_first_player_plays_the_first_turn_with_1_ap():
    """Trial 27: lesson 1 marked Player 2 "★ first player" while Player 1 played with 2 AP and Player 2 had not
    played. Rulebook (Setup): the first player has 1 AP on the very first turn of the game (rs.setup.first-turn-ap).
    The lesson is now that first turn: Player 1 is the first player, to play, with 1 AP, and says so."""
    lesson = _lesson("restless-spirits", "rs-01-goal")
    state = start_lesson(lesson).state
    assert (state.first_player, state.current, state.players[0].ap) == (0, 0, 1)
    assert "the first player (★, here you) has 1 AP" in " ".join(lesson.intro.split())
    assert "rs.setup.first-turn-ap" in lesson.clauses
    play_solution(lesson, start_lesson(lesson))  # the goal's step still fits the 1 AP


def _intro(game_id: str, lesson_id: str) -> str:
    return " ".join(_lesson(game_id, lesson_id).intro.split())


def test_restless_spirits_lesson_3_says_where_the_other_two_shrine_totems_go():
    """Trial 35: the lesson's Retrieve from the Shrine kept one Totem and said nothing of the other 2, which go to the
    Totem discard pile (rulebook, On Your Turn; rs.retrieve)."""
    assert "keep one; the other 2 go to the Totem discard pile" in _intro("restless-spirits", "rs-03-buying")
    assert "rs.retrieve" in _lesson("restless-spirits", "rs-03-buying").clauses


def test_rulings_stated_in_lessons_are_called_rulings():
    """Trial 35: Restless Spirits lesson 10 stated the Spirit deck's reshuffle and Spirit Duels lesson 9 the time of
    burn damage as rules; both are the tutor's rulings (the clauses they cite), and the lessons now say so."""
    rs = _intro("restless-spirits", "rs-10-refresh")
    assert "shuffled to make a new one (our ruling:" in rs
    assert "rs.ruling.spirit-deck-empty" in _lesson("restless-spirits", "rs-10-refresh").clauses
    sd = _intro("spirit-duels", "sd-09-end-phase")
    assert "burn damage (our ruling:" in sd
    assert {"sd.ruling.burn-timing", "sd.burn.end-of-round"} <= set(_lesson("spirit-duels", "sd-09-end-phase").clauses)
