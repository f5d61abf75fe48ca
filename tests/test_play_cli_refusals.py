"""`rules-tutor play` refuses bad arguments before it prints anything (attack 14b, item 5): a wrong number of
`--bots` levels, and an `--option` given twice (which used to take the last one silently)."""
from __future__ import annotations

from tutor.cli import main


def test_bots_for_the_wrong_number_of_seats_refused_before_any_output(capsys):
    code = main(["play", "spirited", "--players", "6", "--bots", ",".join(["normal"] * 7)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""  # no set-up printed first
    assert "--bots needs one level per seat (6), got 7" in err


def test_a_repeated_option_is_refused_naming_it(capsys):
    code = main(["play", "spirit-duels", "--option", "setup=draft", "--option", "setup=prebuilt"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert "--option 'setup' is given twice ('draft' and 'prebuilt')" in err


def test_distinct_options_and_matching_bots_still_play(capsys):
    code = main(["play", "spirit-duels", "--option", "setup=prebuilt", "--bots", "easy,easy", "--max-steps", "3"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("Spirit Duels: 2 players, seed 1, setup='prebuilt' (computer players)")
