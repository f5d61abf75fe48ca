"""One bound for every seed (issue 14, attack 42 L1: the engine and saved sessions took 40-digit seeds while a page's
seed box takes 9 digits, so a game or save with such a seed could not be shown or replayed in a page).

A seed is a whole number from 0 to 999,999,999 (:data:`tutor.SEED_MAX`) for ``new_game``, saved sessions, the
command line and the pages alike; anything else is refused with the same words, naming the field, and nothing is
changed.
"""
from __future__ import annotations

import json

import pytest

import tutor
from tutor import ContentError
from tutor.cli import main
from tutor.core.seeds import PAGE_SEED_WORDS
from test_play_cli_refusals import _play_exit as _exit

WORDS = "a seed is a whole number from 0 to 999,999,999, written with the digits 0 to 9"
TOO_BIG = [10 ** 39, 10 ** 9, -1, 2 ** 64]


def test_the_bound_is_the_pages_bound():
    from widgets.app import SEED_MAX as PAGE_MAX
    assert tutor.SEED_MAX == PAGE_MAX == 999_999_999 and PAGE_SEED_WORDS == WORDS


@pytest.mark.parametrize("seed", TOO_BIG)
def test_new_game_refuses_a_seed_a_page_cannot_take(seed):
    with pytest.raises(ValueError) as err:
        tutor.new_game("spirit-duels", players=2, seed=seed)
    assert str(err.value) == f"spirit-duels: seed: {WORDS}, got {seed}"


def test_a_huge_or_wrong_typed_seed_is_said_without_printing_it():
    with pytest.raises(ValueError) as err:
        tutor.new_game("spirited", players=2, seed=10 ** 5000)
    assert str(err.value) == f"spirited: seed: {WORDS}, got a number of 16,610 bits"
    with pytest.raises(ValueError, match=r"got the text '12', not a whole number$"):
        tutor.new_game("spirited", players=2, seed="12")
    with pytest.raises(ValueError, match=r"got true, not a whole number$"):
        tutor.new_game("spirited", players=2, seed=True)


@pytest.mark.parametrize("seed", TOO_BIG)
def test_a_saved_session_with_a_seed_a_page_cannot_take_is_refused(seed):
    session = tutor.new_game("restless-spirits", players=2, seed=5)
    session.apply(session.legal_actions()[0])
    text = session.to_json()
    data = json.loads(text)
    data["seed"] = seed
    with pytest.raises(ContentError) as err:
        tutor.load_session(json.dumps(data))
    assert err.value.field == "seed"
    assert str(err.value) == f"<saved session>: seed: {WORDS}, got {seed}"
    assert session.to_json() == text  # nothing changed


def test_the_largest_seed_plays_saves_and_loads():
    s = tutor.new_game("spirit-duels", players=2, seed=tutor.SEED_MAX)
    s.apply(s.legal_actions()[0])
    again = tutor.load_session(s.to_json())
    assert again.to_json() == s.to_json() and again.game.seed == 999_999_999


def test_the_command_line_refuses_the_same_seeds(capsys):
    code, out, err = _exit(["play", "spirit-duels", "--seed", str(10 ** 39), "--max-steps", "1"], capsys)
    assert code == 2 and out == "" and WORDS in err
    code, out, err = _exit(["check", "--game", "spirit-duels", "--start", "999999999", "--games", "3"], capsys)
    assert code == 2 and "would play seeds up to 1,000,000,001" in err and WORDS in err
    assert "checking" not in out
