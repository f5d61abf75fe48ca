"""The whole step-by-step explanation of one seeded 2-player game is stored and diffed (golden transcript).

Regenerate after an intended change: ``rules-tutor play restless-spirits --players 2 --seed 1 >
tests/golden/restless-spirits-2p-seed1.txt`` and review the diff.
"""
from pathlib import Path

from tutor.cli import main

GOLDEN = Path(__file__).parent / "golden" / "restless-spirits-2p-seed1.txt"


def test_golden_transcript(capsys):
    assert main(["play", "restless-spirits", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    want = GOLDEN.read_text()
    if out != want:
        import difflib
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), out.splitlines(True), "golden", "now"))[:60])
        raise AssertionError("transcript differs from the golden file:\n" + diff)


def test_play_takes_game_options(capsys):
    assert main(["play", "spirit-duels", "--seed", "2", "--option", "setup=draft", "--option",
                 "lines=competitive"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Spirit Duels: 2 players, seed 2, setup='draft', lines='competitive' (random moves)")
    assert "Step 1. Player 2: Draft Fire (Burn)" in out and "Game over after" in out
    assert main(["play", "restless-spirits", "--seed", "3", "--option", "first_game=true", "--max-steps", "3"]) == 0
    assert "first_game=True" in capsys.readouterr().out
