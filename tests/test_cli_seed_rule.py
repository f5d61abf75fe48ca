"""Attack 45: ``--seed " 5"`` was taken by the command line while a page's seed box is to take a whole number from 0
to 999,999,999 and nothing else. One rule (:func:`tutor.typed_seed`) for the command line's ``--seed`` and
``--start``, the pages' seed boxes and a file's ``setup.seed`` written as text: the digits 0 to 9 alone, each refusal
saying what is wrong with the text."""
from __future__ import annotations

import pytest

import tutor
from tutor.cli import main
from tutor.core.seeds import PAGE_SEED_WORDS
from widgets import TutorApp

REFUSED = [(" 5", "has spaces around it"), ("5 ", "has spaces around it"), ("5 5", "has spaces in it"),
           ("+5", "has a sign: write the digits alone"), ("-0", "has a sign: write the digits alone"),
           ("-3", "is below 0"), ("1,000", "has a separator in it: write the digits alone"),
           ("1_000", "has a separator in it: write the digits alone"), ("1000000000", "is too large"),
           ("١٢", "is not written with the digits 0 to 9"), ("0.5", "is not a whole number written in digits"),
           ("1e3", "is not a whole number written in digits")]


@pytest.mark.parametrize("typed, why", REFUSED)
def test_the_rule_says_why(typed, why):
    assert tutor.typed_seed(typed) == (None, why)


@pytest.mark.parametrize("typed, seed", [("5", 5), ("007", 7), ("0", 0), ("999999999", 999_999_999)])
def test_digits_alone_are_a_seed(typed, seed, capsys):
    assert tutor.typed_seed(typed) == (seed, None)
    assert main(["play", "spirit-duels", "--seed", typed, "--max-steps", "1"]) == 0
    assert capsys.readouterr().out.startswith(f"Spirit Duels: 2 players, seed {seed} ")


@pytest.mark.parametrize("typed, why", REFUSED)
def test_the_command_line_refuses_what_the_seed_box_refuses(typed, why, capsys):
    code = main(["play", "spirit-duels", "--seed", typed, "--max-steps", "1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert f"error: --seed: {PAGE_SEED_WORDS}, got '{typed}', which {why}" in err, err
    app = TutorApp(tutor.new_game("spirit-duels", players=2, seed=4), new_game=True)
    app.controls.seed.value = typed
    assert app.controls.seed.value == "4" and why in app.controls.seed_note.value  # put back, saying why


def test_start_of_check_and_a_scenario_seed_follow_the_same_rule(capsys):
    code = main(["check", "--game", "spirit-duels", "--start", " 3", "--games", "1"])
    assert code == 2 and "error: --start: " in capsys.readouterr().err
    from tutor.scenario import load_scenario
    from tutor.core.errors import ContentError
    text = "meta: {id: s, title: S}\nsetup: {game: spirit-duels, players: 2, seed: ' 7'}\nsteps: []\n"
    with pytest.raises(ContentError, match="setup.seed: .*got ' 7', which has spaces around it"):
        load_scenario(text=text)


def test_the_seed_box_says_the_spaces_it_refuses_in_quotes():
    app = TutorApp(tutor.new_game("spirited", players=2, seed=4), new_game=True)
    app.controls.seed.value = " 5"
    assert "A seed is a whole number from 0 to 999,999,999: “ 5” has spaces around it. The seed stays 4." in \
        app.controls.seed_note.value
    app.controls.seed.value = "007"
    assert app.controls.seed.value == "7" and app.controls.seed_note.layout.display == "none"
