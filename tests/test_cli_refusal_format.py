"""Every command-line refusal reads in one format (attack 45: argparse's own printed a usage block and its own
phrases, ours one line): ``rules-tutor CMD: error: ARGUMENT: what was wrong`` and a ``see 'rules-tutor CMD --help'``
line under it, exit 2, for an unknown option, a choice not offered, a missing argument or value and a number that is
not one, in every subcommand."""
from __future__ import annotations

import pytest

from tutor.cli import main as cli_main
from tutor.core.arg_words import arg_words

#: (arguments, the command that refuses them, the one line said after "error: ")
CASES = [
    ([], "rules-tutor", "missing the command (give serve, play, scenario, check or bench)"),
    (["--bogus"], "rules-tutor", "unknown option --bogus"),
    (["frob"], "rules-tutor", "unknown command 'frob'; give serve, play, scenario, check or bench"),
    (["serve", "--bogus"], "rules-tutor serve", "unknown option --bogus"),
    (["serve", "--port", "x"], "rules-tutor serve",
     "--port: expected a whole number written with the digits 0 to 9, got 'x'"),
    (["serve", "--port"], "rules-tutor serve", "--port: needs a value after it"),
    (["serve", "extra"], "rules-tutor serve", "unexpected argument 'extra'"),
    (["play"], "rules-tutor play", "missing the game"),
    (["play", "restless-spirits", "--bogus"], "rules-tutor play", "unknown option --bogus"),
    (["play", "restless-spirits", "--players", "two"], "rules-tutor play",
     "--players: expected a whole number written with the digits 0 to 9, got 'two'"),
    (["play", "restless-spirits", "--seed"], "rules-tutor play", "--seed: needs a value after it"),
    (["scenario"], "rules-tutor scenario", "missing the command (give run)"),
    (["scenario", "--x"], "rules-tutor scenario", "unknown option --x"),
    (["scenario", "walk"], "rules-tutor scenario", "unknown command 'walk'; give run"),
    (["scenario", "run", "--x"], "rules-tutor scenario run", "unknown option --x"),
    (["scenario", "run", "--quiet=yes"], "rules-tutor scenario run", "--quiet: takes no value, got 'yes'"),
    (["check", "--bogus"], "rules-tutor check", "unknown option --bogus"),
    (["check", "--per", "game"], "rules-tutor check", "--per: 'game' is not offered; give config or players"),
    (["check", "--games"], "rules-tutor check", "--games: needs a value after it"),
    (["check", "--games", "1e3"], "rules-tutor check",
     "--games: expected a whole number written with the digits 0 to 9, got '1e3'"),
    (["check", "--gam", "3"], "rules-tutor check", "--gam could be any of --games, --game: write the option whole"),
    (["bench", "--bogus"], "rules-tutor bench", "unknown option --bogus"),
    (["bench", "--repeat", "x"], "rules-tutor bench",
     "--repeat: expected a whole number written with the digits 0 to 9, got 'x'"),
    (["bench", "--json=1"], "rules-tutor bench", "--json: takes no value, got '1'"),
]


@pytest.mark.parametrize("argv, prog, said", CASES, ids=[" ".join(c[0]) or "(none)" for c in CASES])
def test_argparse_refusals_read_as_ours(argv, prog, said, capsys):
    assert cli_main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{prog}: error: {said}\nsee '{prog} --help'\n"


def test_a_check_made_after_parsing_reads_the_same(capsys):
    assert cli_main(["serve", "--pool", "-1"]) == 2
    assert capsys.readouterr().err == "rules-tutor serve: error: --pool must be 0 or more\nsee 'rules-tutor serve " \
                                      "--help'\n"


def test_a_long_value_is_cut_in_the_line(capsys):
    assert cli_main(["check", "--per", "x" * 5000]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    assert first.startswith("rules-tutor check: error: --per: 'xxx") and "is not offered" in first
    assert len(first) < 200


@pytest.mark.parametrize("message, words", [
    ("argument --n: invalid int value: 'x'", "--n: expected a whole number, got 'x'"),
    ("argument --f: invalid float value: 'x'", "--f: expected a number, got 'x'"),
    ("argument --p: expected at least one argument", "--p: needs at least one value after it"),
    ("argument --p: expected 2 arguments", "--p: needs 2 values after it"),
    ("argument --a: not allowed with argument --b", "--a: cannot be given together with --b"),
    ("unrecognized arguments: --x y --z", "unknown options --x, --z; unexpected argument 'y'"),
    ("the following arguments are required: game, paths", "missing the game and the paths"),
    ("--pool must be 0 or more", "--pool must be 0 or more"),
])
def test_argparse_phrases_in_words(message, words):
    assert arg_words(message) == words
