"""The engine's behaviour is pinned by a fingerprint of a few hundred random games (every game, variant and player
count, 12 seeds each): per game one hash over every legal and blocked action with its clauses, every event and the
state after each step (see ``scripts/fingerprint.py``). A redesign of the engine's inside must keep it identical.

After a deliberate change of behaviour or wording: ``.venv/bin/python scripts/fingerprint.py --write`` and name the
changed texts in the commit message.
"""
import hashlib
import importlib.util
import json
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location("fingerprint_script_fp",
                                               Path(__file__).parents[1] / "scripts" / "fingerprint.py")
fingerprint = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(fingerprint)


def test_fingerprint_of_random_games_is_unchanged():
    now = fingerprint.all_fingerprints()
    stored = fingerprint.stored_fingerprints()
    diff = fingerprint.differing(now, stored)
    assert not diff, (f"{len(diff)} of {len(stored)} games behave differently (run scripts/fingerprint.py to list "
                      f"them, rules-tutor play GAME --seed N to read one): {diff[:10]}")


def test_fingerprint_file_covers_every_configuration_and_has_its_digest():
    data = json.loads(fingerprint.FINGERPRINT_FILE.read_text())
    games = data["games"]
    assert len(games) == len([c for c in fingerprint.CONFIGS if not c.skipped]) * len(fingerprint.SEEDS) >= 300
    assert data["digest"] == hashlib.sha256(json.dumps(games, sort_keys=True).encode()).hexdigest()[:24]
    assert len(set(games.values())) == len(games)  # every game is a different game


def test_a_changed_step_changes_the_hash(monkeypatch):
    """The fingerprint sees the wording of an event: one changed text gives another hash."""
    cfg = next(c for c in fingerprint.CONFIGS if c.game_id == "spirited")
    before = fingerprint.fingerprint_game(cfg, 0, max_steps=5)
    from tutor.core.model import Event
    real = Event.model_dump_json
    monkeypatch.setattr(Event, "model_dump_json", lambda self, **kw: real(self, **kw).replace("e", "E"))
    assert fingerprint.fingerprint_game(cfg, 0, max_steps=5) != before
