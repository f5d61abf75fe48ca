"""Trial 42: practice questions a learner could not follow. A which-rule question asked about "Shield your Greeks
clan: place this card face down on top" with "Summon" as its answer (the Summon the Shield was placed in goes on: a
rule of the enclosing move, not of this choice); a what-happens explanation showed each rule's first event only, so
Meditate read "now they declare which dice to reroll" and then "Player 2 takes the next action" (a bookkeeping line,
the "no dice, nothing is rerolled" between them left out); and explanations about "Player 2" quoted the engine's
reasons said to the player ("you have 2 Activation Tokens"). Now: a choice's which-rule answer is never a rule the
enclosing move brings in whatever is chosen; each what-happens line names its rule and says all it did; the reasons
are said of the player (one person throughout)."""
from __future__ import annotations

import re

import pytest

from tutor.practice import generate
from tutor.practice.questions import third_person


def test_third_person_says_the_engines_reasons_of_the_player():
    assert third_person("Abbari's ability is an Activated ability not yet used, you have 2 Activation Tokens, and "
                        "activating is a Free Action on your turn.") == (
        "Abbari's ability is an Activated ability not yet used, they have 2 Activation Tokens, and activating is a "
        "Free Action on their turn.")
    assert third_person("You may end your turn at any time; your 1 unused AP is lost.") == (
        "They may end their turn at any time; their 1 unused AP is lost.")
    assert third_person("Nothing stops you; the Totems are yours.") == "Nothing stops them; the Totems are theirs."
    assert third_person("Fast: you act again afterwards.") == "Fast: they act again afterwards."


@pytest.fixture(scope="module")
def sampled():
    return {g: generate(g, seed=1, count=40) for g in ("restless-spirits", "spirited", "spirit-duels")}


def test_explanations_say_the_engines_reasons_of_the_player(sampled):
    you = re.compile(r"\byou(rs?|rself)?\b", re.I)
    checked = 0
    for qs in sampled.values():
        for q in qs:
            s = q.session
            if q.kind == "can-do":
                for o in q.options:
                    if not o.correct:
                        assert f"Not possible: {third_person(o.note)} (" in q.explanation
                        assert not you.search(third_person(o.note)), o.note
                        checked += 1
                assert f"is possible for Player {q.actor + 1}" in q.explanation
            if q.kind == "which-rule" and "goes by now: " in q.explanation:
                line = q.explanation.split("goes by now: ")[1].split("\n")[0]
                assert not you.search(line), line
                checked += 1
            if q.kind == "why-not":
                assert not you.search(q.explanation.split("\nThe rule: ")[0].replace(q.subject, "")), q.explanation
                checked += 1
            assert s is not None
    assert checked >= 60, checked


def test_what_happens_lines_name_their_rule_and_say_all_it_did(sampled):
    seen = 0
    for qs in sampled.values():
        for q in qs:
            if q.kind != "what-happens":
                continue
            lines = q.explanation.split("\n")[1:]
            titles = [o.text for o in q.options if o.correct][0]
            for line in lines:
                assert re.match(r"• “[^”]+”: \S", line), line
                assert line.split("”")[0][3:] in titles, (line, titles)
            seen += 1
    assert seen >= 20, seen
    meditate = [q for q in sampled["spirit-duels"] if q.kind == "what-happens" and "Meditate" in q.prompt][0]
    assert "• “Meditate”: Player 1 meditates, discarding Mystic Mirror, to reroll the dice they declare. Player 1 has " \
           "no dice in their active pools, so nothing is rerolled." in meditate.explanation
    assert meditate.explanation.endswith("• “One action per turn”: That action over, the turn passes: Player 2 takes "
                                         "the next action.")
