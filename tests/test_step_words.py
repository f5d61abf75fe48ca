"""An action's label said of whoever took it (trial 14, T6): :mod:`tutor.step_words`."""
from __future__ import annotations

import random
import re

import pytest

import tutor
from tutor.step_words import VERBS, past_sentence, step_sentence, third_person


@pytest.mark.parametrize("label, said", [
    ("Destroy your Takayama (Malicious) (space 1)", "Player 2 (computer) destroys their Takayama (Malicious; space 1)"),
    ("End your turn", "Player 2 (computer) ends their turn"),
    ("Give up Lantern (single) [provisional]", "Player 2 (computer) gives up Lantern (single) [provisional]"),
    ("Pass", "Player 2 (computer) passes"),
    ("Rally an Aztecs card into your Hand", "Player 2 (computer) rallies an Aztecs card into their Hand"),
    ("Refresh the Lost Spirits and attract one", "Player 2 (computer) refreshes the Lost Spirits and attracts one"),
    ("Gain the advantage (you already hold the token)",
     "Player 2 (computer) gains the advantage (they already hold the token)"),
    ("Copy Aluak: While Aluak is on your board, your target opponents cannot attract",
     "Player 2 (computer) copies Aluak: While Aluak is on their board, their target opponents cannot attract"),
    # a card's name first: the name, then the label (its second person made third)
    ("Arcjaw's Attack: deal 3 damage to Player 1's Tychomp", "Player 2 (computer): Arcjaw's Attack: deal 3 damage "
     "to Player 1's Tychomp"),
    ("Heal 2: heal 2 damage on Player 2's Binx", "Player 2 (computer): Heal 2: heal 2 damage on Player 2's Binx"),
    ("Manoeuvre: swap a Greeks card on your Road with a Norse card from your Hand",
     "Player 2 (computer): Manoeuvre: swap a Greeks card on their Road with a Norse card from their Hand"),
])
def test_step_sentence(label, said):
    assert step_sentence(label, "Player 2 (computer)") == said


def test_third_person_leaves_a_label_that_is_not_a_verb():
    assert third_person("Counter Spell: choose Player 2's Vetiveer") is None
    assert third_person("Burn 1: put 1 burn token on Player 2's Ocevolt") is None
    assert third_person("Neither score nor replace a medal") is None
    assert {"Destroy", "End", "Pass", "Rally"} <= VERBS


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_no_second_person_is_left_in_any_label_of_a_random_game(game_id):
    """Every label of a few random games of each game, said of Player 2, has no "you"/"your" left, and the labels
    that start with a verb read as "Player 2 <verb>s …"."""
    for seed in range(2):
        s = tutor.new_game(game_id, players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if s.is_over:
                break
            acts = s.legal_actions()
            for a in acts:
                said = step_sentence(a.label, "Player 2")
                assert not re.search(r"\b(you|your|yours|yourself)\b", said, re.IGNORECASE), (a.label, said)
                assert said.startswith("Player 2 ") or said.startswith("Player 2: ")
            s.apply(rng.choice(acts).id)


@pytest.mark.parametrize("label, said", [
    ("Attract Ruby (Trickster)", "The computer attracted Ruby (Trickster)"),
    ("End your turn", "The computer ended its turn"),
    ("Refresh market row 2 and buy from it", "The computer refreshed market row 2 and bought from it"),
    ("Take Bitter Plum (wild, Malicious)", "The computer took Bitter Plum (wild, Malicious)"),
    ("Pass", "The computer passed"),
    ("Rally the Greeks", "The computer rallied the Greeks"),
    ("Gain the advantage (you already hold the token)", "The computer gained the advantage (it already holds the token)"),
    ("Arcjaw's Attack: deal 3 damage to Player 1's Tychomp",
     "The computer chose Arcjaw's Attack: dealt 3 damage to Player 1's Tychomp"),
    # session 18: what follows the colon is a card's text or what the action has its player do, quoted as written
    ("Shield your Sao clan: place this card face down on top",
     "The computer shielded its Sao clan, placing the card face down on top"),
    ("Resolve dice: declare Magic (1 showing)", "The computer resolved dice, declaring Magic (1 showing)"),
    ("Use Fire: Burn 1", "The computer used Fire: Burn 1"),
    ("Play a Sao card: Until your next turn, every opponent's Overrun Limits are 1 lower",
     "The computer played a Sao card: \u201cUntil your next turn, every opponent's Overrun Limits are 1 lower\u201d"),
    ("Copy Barachu: Barachu needs one Totem Requirement fewer; you choose which one to ignore.",
     "The computer copied Barachu: \u201cBarachu needs one Totem Requirement fewer; you choose which one to "
     "ignore.\u201d"),
    ("Use Zuja: Action (Essence): draw 1 card [provisional].",  # a sentence: as written
     "The computer used Zuja: \u201cAction (Essence): draw 1 card [provisional].\u201d"),
    # a colon inside brackets is not the label's own
    ("Refresh the Lost Spirits (your board is full: you will attract none)",
     "The computer refreshed the Lost Spirits (its board is full: it will attract none)"),
    # a choice that is not a verb nor a card's name with its effect: quoted whole
    ("Neither score nor replace a medal", "The computer chose to neither score nor replace a medal"),
    ("Barachu (Guardian) no longer needs Bowl", "The computer chose that Barachu (Guardian) no longer needs Bowl"),
])
def test_past_sentence(label, said):
    """Trial 17, U3: a computer step is titled by what the computer did, in the past tense, from its action's label."""
    assert past_sentence(label, "The computer") == said
