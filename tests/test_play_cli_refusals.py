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


def _play_exit(args, capsys) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as exc:  # argparse's own exit
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_a_deeply_nested_option_value_is_a_one_line_refusal(capsys):
    """Attack 15 F2: ``--option guides=[[[[...`` (5,000 brackets) printed a RecursionError traceback and exited 1;
    the value's nesting and length are now bounded before it is read as JSON: one line, exit 2, nothing played."""
    for value, words in (("[" * 5000, "is nested 5000 deep; an option value may be nested at most 16 deep"),
                         ("[" * 5000 + "]" * 5000, "is nested 5000 deep"),
                         ('{"a":' * 40 + "1" + "}" * 40, "is nested 40 deep"),
                         ("x" * 10_001, "has 10,001 characters; an option value may have at most 10,000")):
        code, out, err = _play_exit(["play", "restless-spirits", "--option", f"guides={value}"], capsys)
        assert code == 2 and out == "", (code, out[:200])
        assert "Traceback" not in err and "RecursionError" not in err, err[-300:]
        assert f"error: --option: the value of 'guides' {words}" in err, err[-300:]
        assert len(err) < 1000, len(err)


def test_a_shallow_list_option_is_still_read_as_json(capsys):
    from tutor.cli import _option
    assert _option('guides=[["a"], {"b": [1]}]') == ("guides", [["a"], {"b": [1]}])
    assert _option("setup=draft") == ("setup", "draft")


def test_ctrl_c_while_serve_starts_says_one_line_not_a_traceback(monkeypatch, capsys):
    """Attack 35 (low): Ctrl+C 8 s into `rules-tutor serve` on a loaded machine printed about 40 lines of
    KeyboardInterrupt traceback."""
    import tutor.serve
    from tutor.cli import main as cli

    def interrupted(argv):
        raise KeyboardInterrupt

    monkeypatch.setattr(tutor.serve, "main", interrupted)
    assert cli(["serve", "--port", "8999"]) == 130
    assert capsys.readouterr().err == "rules-tutor serve: stopped.\n"
