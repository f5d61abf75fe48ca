"""Trial 21: in Spirited free play the first hint said "Shield your Sao clan", the very next "Break the Sao Shield",
both "because this one risks the least" (no count told the moves apart, and the reason claimed an edge it did not
have). Following the hints on seeded games: a Shield is hinted for what it does (opponents cannot touch the stack),
the next hint never Breaks the Shield just placed, and no reason claims an edge over the other moves."""
from __future__ import annotations

import pytest

from tutor.bots import bot
from tutor.sessions import new_game


@pytest.mark.parametrize("seed", range(4))
def test_following_the_hints_never_shields_then_breaks_for_the_same_reason(seed):
    s = new_game("spirited", 2, seed)
    b = bot("spirited", "normal", seed)
    last, shields = None, 0
    for _ in range(160):
        if s.is_over:
            break
        a, why = b.hint(s)
        assert "risks the least" not in why, why
        if a.kind == "place-shield":
            shields += 1
            assert "opponents then cannot touch" in why and "[sp.shield.protect]" in why, why
        if a.kind == "break-shield":  # why Break rather than stack: its own reason, the Overrun it avoids
            assert "but it gives up a Shield [sp.shield.break]" in why, why
            assert "stacking the card face up instead would bring your" in why, why
            if last is not None and last[0].kind == "place-shield":
                assert why.split(": ", 1)[-1] != last[1].split(". ", 1)[-1], (last[1], why)
        last = (a, why)
        s.apply(a)
    assert shields >= 1
