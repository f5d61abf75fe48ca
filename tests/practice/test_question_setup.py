"""A practice question's set-up never states the reason it asks for, and its feedback speaks of the player in one
person (verify 43: "Player 2 has 0 AP. Player 2 would like to: “Play a Totem to a Spirit”. Why is that not allowed
now?", answered by "Two AP each turn"; a Spirit Duels draft question opened with "Player 2 has 0 Essence", which
plays no part in the draft; "The rule: ..." and "Your answer: ..." quoted rules said to "you" beside explanations
about "their Road")."""
from __future__ import annotations

import re

import pytest

from tutor.practice import generate
from tutor.practice.questions import third_person

YOU = re.compile(r"\byou(rs?|rself)?\b", re.I)
SPENDS = re.compile(r"^Player \d has \d+ (AP|Essence)\. ")


@pytest.fixture(scope="module")
def streams():
    """The first questions of each game's seed-1 stream (Spirit Duels' reach its draft, at 135)."""
    return {"restless-spirits": generate("restless-spirits", 1, 70), "spirited": generate("spirited", 1, 70),
            "spirit-duels": generate("spirit-duels", 1, 140)}


def test_the_set_up_of_a_why_not_question_does_not_give_its_answer(streams):
    q = streams["restless-spirits"][9]  # (trial 43's question: 0 AP and "Play a Totem to a Spirit")
    assert (q.kind, q.answer.text) == ("why-not", "Two AP each turn")
    assert q.prompt == "Player 2 would like to: “Play a Totem to a Spirit”. Why is that not allowed now?"
    q = streams["restless-spirits"][12]  # can-do: three options need AP, the answer is the free one
    assert q.prompt == "Which of these can Player 1 do now?" and q.answer.text == "Activate Gonga"
    said = 0
    for qs in streams.values():
        for q in qs:
            m = SPENDS.match(q.prompt)
            if not m:
                continue
            said += 1
            unit = m[1]
            if q.kind == "why-not":
                assert unit not in q.answer.text and unit not in q.explanation.split("\n")[0], q.prompt
            if q.kind == "can-do":
                assert not any(unit in o.note for o in q.options), q.prompt
            if q.kind == "which-rule":
                assert unit not in q.answer.text and "goes by now" not in q.explanation or unit not in \
                    q.explanation.split("goes by now: ")[1].split("\n")[0], q.prompt
    assert said >= 40  # (still said where it tells nothing: "Player 1 has 2 AP. Player 1 takes “Play Gift of Haste”")


def test_a_draft_question_says_what_matters_in_the_draft(streams):
    sd = streams["spirit-duels"]
    assert sd[135].prompt == ("It is the Draft Phase: Player 2 is forming their team. Player 2 would like to: “Draft "
                              "Nature (Heal)”. Why is that not allowed now?")
    assert sd[136].prompt == "It is the Draft Phase: Player 2 is forming their team. Which of these can Player 2 do now?"
    rs = streams["restless-spirits"]
    assert rs[48].prompt.startswith("Player 2 takes “Keep Mirror (single) [provisional]”. Which of these rules")
    assert rs[48].answer.text == "Draft picks in seat order"  # (it said "Player 2 has 0 AP. " before)
    for qs in streams.values():
        for q in qs:
            if str(q.session.state.phase) not in ("play", "action"):
                assert not re.search(r"\b(AP|Essence)\.", q.prompt.split("“")[0]), q.prompt


def test_the_rules_quoted_in_the_feedback_speak_of_the_player(streams):
    checked = 0
    for qs in streams.values():
        for q in qs:
            if q.kind in ("why-not", "which-rule"):
                rule = (q.explanation.split("\nThe rule: ")[1] if q.kind == "why-not"
                        else q.explanation.split("this rule applies: ")[1].split("\n")[0])
                # (a rule's title is its name, quoted as the rule cards show it: "Once per game, your turn only")
                assert not YOU.search(re.sub(r"^“[^”]*”: |^[^:]*: ", "", rule)), rule
                for o in q.options:  # what "Your answer: ..." shows for a wrong pick
                    assert not YOU.search(o.note), o.note
                checked += 1
    assert checked >= 100
    q = next(q for q in streams["spirited"] if q.kind == "why-not" and q.answer.text == "No Shields after the fact")
    assert q.explanation.endswith("A Shield can only be placed as a card is revealed onto their Road, never later to "
                                  "escape an Overrun.")


def test_you_after_a_comma_starts_a_clause_and_after_has_or_needs_is_an_object():
    assert third_person("Rather than scoring, you may hand back a medal.") == (
        "Rather than scoring, they may hand back a medal.")
    assert third_person("A bonus that has you take a card") == "A bonus that has them take a card"
    assert third_person("A clan overruns you at 3 cards; it needs you to act.") == (
        "A clan overruns them at 3 cards; it needs them to act.")
