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
