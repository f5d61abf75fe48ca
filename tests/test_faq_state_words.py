"""The FAQ explorer's checks on a fact of the board read as sentences a person would say, in the games' own terms
(session 30, issue #16: "Totem discard size: 1", "Lost Spirits count: 2" read like data fields), never an id."""
from __future__ import annotations

import re

import pytest

from tutor import faq
from tutor.scenario import all_scenarios, load_scenario, start

#: "<field>: <value>", as the lines read before (a rule's title, in quotes, may hold a colon)
FIELD = re.compile(r"[^“”:]+: [^“”]+")
#: ids a learner must never read (a Line's, a Class's, an achievement's)
IDS = re.compile(r"\b(toxic-a|ice-c|nature-c|wind-b|count-your-blessings|speedrunner|wombo-combo)\b|\bfire\b")


def _lines(game: str) -> list[str]:
    out = []
    for path in all_scenarios(game):
        sc = load_scenario(path)
        for st in faq.expectation_status(sc, start(sc)):
            out += st.lines
    return out


@pytest.mark.parametrize("game", ["restless-spirits", "spirited", "spirit-duels"])
def test_no_state_line_reads_like_a_field(game):
    lines = _lines(game)
    assert len(lines) > 100
    fields = [x for x in lines if FIELD.fullmatch(x) and not x.startswith("The choice waiting is ")]
    assert fields == []
    assert [x for x in lines if IDS.search(x)] == []


def test_real_values_read_as_sentences():
    rs, sp, sd = (set(_lines(g)) for g in ("restless-spirits", "spirited", "spirit-duels"))
    assert "The Totem discard pile holds 1 card" in rs  # faq-buy-at-hand-limit (was "Totem discard size: 1")
    assert "Player 1 has released 3 Spirits" in rs
    assert "Player 1's achievements are Count Your Blessings" in rs
    assert "The Lost Spirits row holds Uji, Rinca and Nalpa" in rs
    assert "Player 1's Hand holds 5 cards" in sp and "Player 1 has 6 Spirit" in sp
    assert "The Hourglass shows 1" in sp
    assert "The Advantage Die waits on Player 1's Tychomp" in sd  # (words44: was "... has the Advantage Die")
    assert "Player 1's Spirit Lines are Toxic Line A and Ice Line C" in sd
    assert "Player 1's Tychomp is exhausted" in sd and "The Spirit Lines are revealed" in sd
    assert "2 outcomes of chance fixed in advance are left" in sd | sp
    # states of play as sentences, never a raw value (session 31: "The phase is solo-discard", "The Battle is
    # battle", "The Norse Allegiance is none", "The bonuses are draw-totem, gain-ap and take-market")
    assert {"The game is over", "No solo rank is given", "The solo game's set-up discard is waiting",
            "The B side's placement bonuses are, left to right, draw a Totem, gain 1 AP and take a market Totem"} <= rs
    assert {"A Battle is under way", "No player holds the Norse Allegiance", "The game is over"} <= sp
    assert "The game is over" in sd
    raw = re.compile(r"^The (phase|Battle|bonuses) (is|are) |Allegiance is none|solo rank is none")
    assert [x for x in rs | sp | sd if raw.search(x)] == []
