"""Verify 44: a Totem Sanabo takes from the Totem discard pile was said "the Totems come unseen ... a chance, not a sure
thing"; the discard pile is open and Sanabo takes from it by sight (its clause rs.effect.choose-from-zone), so the
Hint says what the Totem does, as a sure thing."""
from __future__ import annotations

import sys
from pathlib import Path

from tutor.bots import bot

sys.path.insert(0, str(Path(__file__).parent))
from test_graph_engine import situation  # noqa: E402


def test_a_totem_taken_from_the_discard_pile_is_not_said_unseen():
    s = situation({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "sanabo"}, None, None], "hand": []},
        {"seat": 2, "released": ["seone"]}], "totem_discard": ["t01", "t02", "t03", "t04"]})
    b = bot("restless-spirits", "normal", 1)
    act = next(a for a in s.legal_actions() if a.label == "Activate Sanabo targeting Player 2")
    assert "come unseen" not in b.explain(s, act)
    s.apply(act)
    take = next(a for a in s.legal_actions() if a.label.startswith("Take Spirit Cloak (single)"))
    said = b.explain(s, take)
    assert "come unseen" not in said and "chance" not in said, said
    assert "it brings your hand a Totem that fits an unmet requirement of a Spirit on your board" in said, said
