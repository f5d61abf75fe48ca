"""Lesson texts that taught a rule wrongly (new-user trial 34, checked against the rulebooks).

- Restless Spirits lesson 27 said every Blessing is played as a Free Action, lesson 29 that playing Blessings and
  Curses is always free; the rulebook (How to Play, Blessings & Curses; On Your Turn) prints a cost on each card:
  a Free Action, 1 AP or 2 AP. The three Blessings of lesson 27 cost 0 (provisional values).
- Spirit Duels lesson 19 said Upgrade works on your dice and Downgrade on an enemy's, and Replace "for another type";
  the rulebook's keywords name no owner (the card does) and Replace rolls a die of the player's choice.
- Spirited lesson 6 stated the easier steal of an exhausted medal as a rule; it is the tutor's ruling (lesson 15 and
  sp.ruling.steal-exhausted say so).
"""
from __future__ import annotations

from pathlib import Path

import yaml

from tutor.lessons import all_lessons

CARDS = Path(__file__).resolve().parents[1] / "content" / "restless-spirits" / "cards.yaml"


def _lesson(game_id: str, lesson_id: str):
    return next(x for x in all_lessons(game_id) if x.id == lesson_id)


def test_restless_spirits_lessons_say_a_blessing_costs_what_it_shows():
    intro = _lesson("restless-spirits", "rs-27-blessings").intro
    assert "as a Free Action" not in intro and "a Free Action, 1 AP or 2 AP" in intro
    assert "Each Blessing is a Free Action." not in _lesson("restless-spirits", "rs-27-blessings").hints
    whole = _lesson("restless-spirits", "rs-29-whole-turn").intro
    assert "Blessings and Curses marked Free Action" in whole and "(activating abilities, playing\n  Blessings" not in whole


def test_the_blessings_of_lesson_27_cost_nothing_in_the_card_data():
    cards = {c["id"]: c for c in yaml.safe_load(CARDS.read_text(encoding="utf-8"))["blessings"]}
    assert [cards[b]["cost"] for b in ("b01", "b03", "b05")] == [0, 0, 0]
    assert {c["cost"] for c in cards.values()} == {0, 1, 2}  # the deck has every cost the rulebook names


def test_spirit_duels_lesson_19_leaves_whose_die_to_the_card():
    intro = _lesson("spirit-duels", "sd-19-upgrade").intro
    assert "one of your level 1 dice" not in intro and "an enemy level 2 die" not in intro
    assert "the card says whose die" in intro and "rolls one of your choice into its pool" in intro


def test_spirited_lesson_6_calls_the_exhausted_steal_a_ruling():
    intro = _lesson("spirited", "sp-06-steal").intro
    assert "our ruling reads the steal against that lower value" in intro
