"""The computer's public reason for taking a Totem from the Shrine names the Totem it takes and its fit (new user 45:
"with the Totem taken next, it adds 1 Totem to its hand; none fits a Spirit on its board yet", and the Totem kept the
next step, Spirit Cloak & Bell, fitted Sanabo on its board: the look followed the Shrine's first Totem, not the one
the computer takes)."""
from __future__ import annotations

from rs_helpers import rs_session
from tutor.bots import bot


def _public_reason(shrine: list[str]) -> str:
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["t02"],
                                               "board": [{"card": "sanabo"}, None, None]}, {"seat": 2}],
                    "shrine": shrine})
    a = next(x for x in s.legal_actions() if x.kind == "retrieve-from-shrine")
    return bot("restless-spirits", "normal", 1).reason_pair(s, a, voice="it")[1]


def test_the_totem_taken_from_the_shrine_is_named_with_its_fit():
    # Lantern (t03) first in the Shrine fits nothing of Sanabo's; Spirit Cloak & Bell (t51) meets two requirements
    assert _public_reason(["t03", "t51"]) == (
        "with the Totem taken next, it adds Spirit Cloak & Bell (double) [provisional] to its hand, a Totem that fits "
        "an unmet requirement of a Spirit on its board [rs.retrieve] [rs.ruling.retrieve-short-shrine].")


def test_a_seen_totem_that_fits_nothing_is_named_too():
    # the Shrine's only Totem comes with the retrieve itself (no choice after it)
    assert _public_reason(["t03"]) == (
        "it adds Lantern (single) [provisional] to its hand; it fits no Spirit on its board yet, "
        "but it can meet a requirement of a Spirit attracted later [rs.retrieve] [rs.ruling.retrieve-short-shrine].")
