"""Attack 45: the command line's refusals showed Python's reprs of what was typed or read ("got True", "got nan",
"got ['a']"). A value is said as a person reads it (:func:`tutor.core.errors.said`): text quoted and cut, true/false,
nan (not a number), a list or a mapping by its size and first items; the message names the game and the option, or
the file and the field."""
from __future__ import annotations

import pytest

from tutor.cli import main
from tutor.core.content import content_root
from tutor.core.errors import said


@pytest.mark.parametrize("value, words", [
    (True, "true"), (False, "false"), (None, "nothing (null)"), (float("nan"), "nan (not a number)"),
    (float("inf"), "infinity"), (2.5, "2.5"), (7, "7"), (["a"], "a list of 1 item ('a')"),
    ([], "an empty list"), ({"side": "B"}, "a mapping of 1 key (side: 'B')"), ("draft", "'draft'"),
    ("", "empty text"), ("it's", "'it's'"), ("a\nb", "'a\\nb'"), ([["a"], True], "a list of 2 items "
                                                                   "(a list of 1 item ('a'), true)"),
])
def test_a_value_is_said_as_a_person_reads_it(value, words):
    assert said(value) == words


def test_a_long_value_is_cut_short():
    assert said("x" * 200) == "'" + "x" * 77 + "…'" and len(said("x" * 200)) == 80
    assert said(["x"] * 9999) == "a list of 9,999 items ('x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', …)"
    assert said(10 ** 5000) == "a whole number of about 5,001 digits"
    assert len(said(list(range(10 ** 6)))) <= 80


def _refusal(argv, capsys) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    return err.strip()


@pytest.mark.parametrize("game, option, words", [
    ("restless-spirits", "side=true", "restless-spirits: side must be 'A' or 'B', got true"),
    ("restless-spirits", "first_game=NaN", "restless-spirits: first_game must be true or false, got nan (not a number)"),
    ("restless-spirits", 'side=["a"]', "restless-spirits: side must be 'A' or 'B', got a list of 1 item ('a')"),
    ("restless-spirits", "first_game=null", "restless-spirits: first_game must be true or false, got nothing (null)"),
    ("restless-spirits", "side=" + "y" * 200, "restless-spirits: side must be 'A' or 'B', got '" + "y" * 77 + "…'"),
    ("spirit-duels", 'lines=["a"]', "spirit-duels: lines must be one of 'casual', 'competitive'; got a list of 1 item "
                                    "('a')"),
    ("spirit-duels", "setup=NaN", "spirit-duels: setup must be one of 'prebuilt', 'draft'; got nan (not a number)"),
    ("spirited", "clans=true", "spirited: clans must list the clan ids to play with, got true"),
])
def test_play_says_a_bad_option_value_in_words(game, option, words, capsys):
    assert _refusal(["play", game, "--option", option], capsys) == f"rules-tutor play: error: {words}"


def test_an_option_given_twice_and_the_transcript_say_values_as_typed(capsys):
    err = _refusal(["play", "spirited", "--option", "first=1", "--option", "first=true"], capsys)
    assert err == "rules-tutor play: --option 'first' is given twice (1 and true): give each option once"
    assert main(["play", "restless-spirits", "--option", "first_game=true", "--max-steps", "1"]) == 0
    assert capsys.readouterr().out.startswith("Restless Spirits: 2 players, seed 1, first_game=true (random moves)")


def test_a_scenario_file_value_is_said_in_words(tmp_path, capsys):
    good = (content_root() / "restless-spirits" / "scenarios" / "faq-double-totem.yaml").read_text(encoding="utf-8")
    f = tmp_path / "bad.yaml"
    f.write_text(good.replace("options: {first_game: true,", "options: {side: [a, b], first_game: true,"),
                 encoding="utf-8")
    assert main(["scenario", "run", str(f)]) == 2
    out = capsys.readouterr().out
    assert "bad.yaml: setup: restless-spirits: side must be 'A' or 'B', got a list of 2 items ('a', 'b')" in out, out
    f.write_text(good.replace("p1.ap: 1", "p1.ap: .nan"), encoding="utf-8")
    main(["scenario", "run", str(f)])
    out = capsys.readouterr().out
    assert "nan (not a number)" in out and "got nan\n" not in out and "['" not in out, out


def test_an_unknown_bot_level_is_quoted_as_typed(capsys):
    code = main(["play", "spirited", "--bots", "nor'mal,easy"])
    assert code == 2
    assert "error: --bots: unknown level 'nor'mal'; levels: easy, normal" in capsys.readouterr().err
