"""Attack 42 (low): an empty path is refused, not read as the current folder (Python's ``Path('')`` is ``.``).

``rules-tutor scenario run ''`` ran every ``.yaml`` file under the folder it was started in (in ``content/``: 316
files, lessons and walkthroughs among them, "88 invalid"); ``rules-tutor play ... --option cards=`` played the shipped
cards without a word. Both now say that an empty path names no file, exit 2 and run or play nothing. The other
subcommands take no path (``serve``, ``check``, ``bench``: see ``rules-tutor --help``).
"""
from __future__ import annotations

import pytest

import tutor
from tutor.core.errors import ContentError
from tutor.scenario import run_paths
from test_play_cli_refusals import _play_exit as _run




def test_scenario_run_with_an_empty_path_runs_nothing(tmp_path, monkeypatch, capsys):
    (tmp_path / "stray.yaml").write_text("not: a scenario\n", encoding="utf-8")  # what '' used to run
    monkeypatch.chdir(tmp_path)
    for args in (["scenario", "run", ""], ["scenario", "run", "--quiet", ""]):
        code, out, err = _run(args, capsys)
        assert code == 2, (code, out, err)
        said = out + err
        assert "an empty path ('') names no file or folder: give a scenario file or folder, or none to run every " \
               "shipped scenario" in said, said
        assert "stray.yaml" not in said and "scenario(s)" not in said and "INVALID" not in said, said
        assert said.count("\n") == 1, said  # one line, nothing run


def test_an_empty_path_among_good_ones_is_refused_before_any_is_run(capsys):
    shipped = str(tutor.scenario.all_scenarios("spirited")[0])
    lines: list[str] = []
    assert run_paths([shipped, ""], out=lines.append) == 2
    assert lines == ["error: an empty path ('') names no file or folder: give a scenario file or folder, or none to "
                     "run every shipped scenario"], lines
    assert run_paths([shipped], verbose=False, out=lines.append) == 0  # the good one alone still passes


@pytest.mark.parametrize("value", ["cards=", 'cards=""'], ids=["bare", "quoted"])
@pytest.mark.parametrize("game", ["restless-spirits", "spirit-duels"])
def test_play_with_an_empty_card_file_path_is_refused(capsys, game, value):
    code, out, err = _run(["play", game, "--option", value, "--max-steps", "3"], capsys)
    assert code == 2, (code, out[:300], err)
    assert out == ""  # no game played with the shipped cards
    assert err == (f"rules-tutor play: error: an empty path ('') names no card file: give the path of a .yaml card "
                   "file, or leave the cards option out to play the shipped cards\n"), err


@pytest.mark.parametrize("game", ["restless-spirits", "spirit-duels"])
def test_new_game_with_an_empty_card_file_path_is_refused(game):
    with pytest.raises(ContentError) as ei:
        tutor.new_game(game, players=2, seed=1, cards="")
    assert str(ei.value).startswith("an empty path ('') names no card file"), str(ei.value)
    assert tutor.new_game(game, players=2, seed=1).legal_actions()  # no cards option: the shipped ones, as before
