"""The decisions a move leads to are named once in its reason (verify 43: a Spirited Scout's reason read "then the
card taken next grows a Camp toward a better medal at its next March; then the card taken next shields a clan stack
on its Road ..."): "then the card taken next" once, what the card does joined with "and", the move's own clauses
cited once at the end."""
from __future__ import annotations

import random
import re

import tutor
from tutor.bots import _said_once, bot


def test_two_reasons_of_the_card_taken_next_are_said_as_one():
    got = _said_once("then the card taken next", [
        "it builds a Wonder [sp.wonder]",
        "it grows a Camp toward a better medal at its next March [sp.march] [sp.scout] [sp.turn.one-action]",
        "it shields a clan stack on its Road [sp.shield.protect] [sp.scout] [sp.turn.one-action]"])
    assert got == ["then the card taken next builds a Wonder [sp.wonder], grows a Camp toward a better medal at its "
                   "next March [sp.march] [sp.scout] [sp.turn.one-action], and shields a clan stack on its Road "
                   "[sp.shield.protect] [sp.scout] [sp.turn.one-action]"]
    got = _said_once("then the card taken next", [
        "it grows a Camp [sp.march] [sp.scout]", "it shields a stack [sp.shield.protect] [sp.scout]"])
    assert got == ["then the card taken next grows a Camp [sp.march], and shields a stack [sp.shield.protect] "
                   "[sp.scout]"]
    # a reason that is not the decision's stays apart; with no words for the decisions, every reason stays
    assert _said_once("then X", ["no card to play", "it does A [a]"]) == ["no card to play", "then X does A [a]"]
    assert _said_once("", ["it does A", "it does B"]) == ["it does A", "it does B"]


def test_spirited_scout_reasons_say_the_card_taken_next_once():
    b = bot("spirited", "normal", 0)
    joined = 0
    for seed in range(3):
        s = tutor.new_game("spirited", players=2, seed=seed)
        rnd = random.Random(seed)
        for _ in range(40):
            if s.is_over:
                break
            for a in s.legal_actions():
                if a.kind == "scout":
                    text = b.reason(s, a)
                    assert text.count("then the card taken next") <= 1, text
                    assert text.count("[sp.scout]") <= 1 and not re.search(r"\]; then", text), text
                    # (truth 46: a Shield the Summon's revealed card allows is a chance, said apart, not joined)
                    joined += ", and " in text or "a chance, not a sure thing" in text
            s.apply(rnd.choice(s.legal_actions()))
    assert joined >= 10  # (seeds 0-2: 15 such Scouts, each said "then the card taken next" twice before)
