"""The whole step-by-step explanation of one seeded game per game, variant and player count is stored and diffed
(golden transcripts: solo, B side, promos, first game, 2-6 players, prebuilt and draft duels).

Regenerate after an intended change with ``.venv/bin/python scripts/fingerprint.py --write`` and review the diff
(the files are ``rules-tutor play`` transcripts; ``scripts/fingerprint.py`` lists the arguments of each).
"""
import difflib
import importlib.util
from pathlib import Path

import pytest

from tutor.cli import main

_SPEC = importlib.util.spec_from_file_location("fingerprint_script",
                                               Path(__file__).parents[1] / "scripts" / "fingerprint.py")
fingerprint = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(fingerprint)


@pytest.mark.parametrize("stem", sorted(fingerprint.GOLDEN))
def test_golden_transcript(stem, capsys):
    assert main(["play", *fingerprint.GOLDEN[stem]]) == 0
    out = capsys.readouterr().out
    want = (fingerprint.GOLDEN_DIR / f"{stem}.txt").read_text()
    if out != want:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), out.splitlines(True), "golden", "now"))[:60])
        raise AssertionError(f"transcript differs from the golden file {stem}.txt:\n" + diff)


def test_golden_files_are_all_listed():
    """Every stored transcript is one the script regenerates (none left over from an older list)."""
    stored = {p.stem for p in fingerprint.GOLDEN_DIR.glob("*.txt")}
    assert stored == set(fingerprint.GOLDEN)
    assert {a[0] for a in fingerprint.GOLDEN.values()} == {"restless-spirits", "spirited", "spirit-duels"}


def test_play_takes_game_options(capsys):
    assert main(["play", "spirit-duels", "--seed", "2", "--option", "setup=draft", "--option",
                 "lines=competitive"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Spirit Duels: 2 players, seed 2, setup='draft', lines='competitive' (random moves)")
    assert "Step 1. Player 2: Draft Fire (Burn)" in out and "Game over after" in out
    assert main(["play", "restless-spirits", "--seed", "3", "--option", "first_game=true", "--max-steps", "3"]) == 0
    assert "first_game=true (random moves)" in capsys.readouterr().out  # as typed, not Python's True (attack 45)
