"""The computer's step titles in free play read as plain English past-tense sentences that say what and where
(trial 19: "scored the Romans medal (2 Spirit, then exhaust it)", a " · 1 AP" suffix, "took Key" without the
market row). Many seeded games of each game, the computer on both sides; every step's title, as the strip and the
History make it (:func:`tutor.step_words.past_sentence` with the step's cost in the game's unit), is checked."""
from __future__ import annotations

import re

import pytest

import tutor
from tutor.bots import bot
from tutor.step_words import VERBS, _past, past_sentence

#: The past tenses a title may start with: each verb of :data:`VERBS`, and "chose" (a choice by name).
PAST = {_past(v.lower()) for v in VERBS} | {"chose"}
SEEDS = range(6)


def _titles(game_id: str):
    """(title, action, cost unit) for every step of :data:`SEEDS` seeded games of ``game_id``, a normal and an easy
    computer."""
    for seed in SEEDS:
        s = tutor.new_game(game_id, players=2, seed=seed)
        players = [bot(game_id, "normal", seed), bot(game_id, "easy", seed + 100)]
        for _ in range(500):
            if s.is_over:
                break
            acts = s.legal_actions()
            a = players[acts[0].actor % 2].choose(s)
            yield past_sentence(a.label, "The computer", a.cost, s.game.cost_unit), a, s.game.cost_unit
            s.apply(a.id)


def _ids(action) -> set[str]:
    """The action's parameter values that are ids, not words (a digit or a hyphen in them, or all lower case: a
    card, clan or die id such as ``t31``, ``flicker-flame``, ``aztecs``)."""
    out = set()
    for part in action.id.split(":", 1)[-1].split(","):
        value = part.partition("=")[2]
        if value and not value.isdigit():
            out.add(value)
    return out


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_every_computer_title_is_a_plain_past_sentence_that_says_what_and_where(game_id):
    seen = 0
    kinds = set()
    for title, a, unit in _titles(game_id):
        seen += 1
        kinds.add(a.kind)
        assert title.startswith("The computer "), title
        first = title.split()[2]
        assert first.rstrip(":,") in PAST, (first, title)
        assert "·" not in title, title  # the cost said in words ("for 1 AP"), not a suffix
        # trial 21: a statement chosen is "chose that …", not quoted; what came with a step is not a second title
        assert not re.search(r"chose \u201c[^\u201d]*\b(no longer|needs)\b", title), title
        assert not re.search(r"^The computer [a-z]+ed [^:\u201c]*: [a-z]+ed\b", title), title
        own = re.sub(r"\u201c[^\u201d]*\u201d", "", title)  # (a card's text is quoted as written)
        for inside in re.findall(r"\(([^()]*)\)", own):  # no bracket tells the player what to do
            for part in inside.split(","):
                word = re.match(r"\s*(?:then )?([a-z]+)", part)
                assert not (word and word.group(1).capitalize() in VERBS), (inside, title)
        if re.search(r"\btook\b", title):
            assert re.search(r"\btook .+ from ", title), title  # where from: a market row, a hand, a pile
        assert not re.search(r"\b(you|your|yours)\b", own, re.IGNORECASE), title
        assert "=" not in title and not re.search(r"\b(rs|sp|sd)\.[a-z]", title), title
        for value in _ids(a):
            assert not re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", title), (value, title)
        assert not re.search(r"[.,;:!?]\s*[.,;:!?]\s*$", title) and not title.endswith((":", ",")), title
        assert not re.search(r"(?<!\.)\.\.(?!\.)|[,;:]\s*[.,;:]", title), title
        if a.cost is not None:  # the cost in words, on the sentence
            said = " for free" if a.cost == 0 else f" for {a.cost} {unit}"
            assert said in title, (said, title)
    assert seen > 300 and len(kinds) >= 8, (seen, kinds)


@pytest.mark.parametrize(("label", "cost", "said"), [
    ("Score the Romans medal (2 Spirit, then exhaust it)", None, "The computer scored the Romans medal for 2 Spirit"),
    ("Scout (play a card, Rally or Recruit 1, Summon 1)", None, "The computer scouted"),
    ("Build a Wonder (spend 1 card of each clan)", None, "The computer built a Wonder"),
    ("Spend an Aztecs card from your Hand", None, "The computer spent an Aztecs card from its Hand"),
    ("Activate Kafrat targeting Player 1", 1, "The computer activated Kafrat targeting Player 1 for 1 AP"),
    ("Activate Miki", 0, "The computer activated Miki for free"),
    ("Take Key (single) from market row 2", None, "The computer took Key (single) from market row 2"),
    ("Retrieve a Totem from the Shrine (keep 1 of the top 3)", 1,
     "The computer retrieved a Totem from the Shrine for 1 AP"),
    ("Copy Gonga: Gain 1 AP for each Sacred Spirit next to Gonga on your board.", 1,
     "The computer copied Gonga for 1 AP: \u201cGain 1 AP for each Sacred Spirit next to Gonga on your board.\u201d"),
    ("Meditate: discard Armor Up (Earth Trait, 1 Essence) and reroll dice you declare", None,
     "The computer meditated, discarding Armor Up (Earth Trait, 1 Essence) and rerolling dice it declared"),
    ("Mark your Binx's Level 1 Attack die (showing Blank) for reroll", None,
     "The computer marked its Binx's Level 1 Attack die (showing Blank) for reroll"),
    # a card chosen by name: what it had done, in the past tense (trial 20: "chose Arcjaw's Attack: deal 3 damage")
    ("Arcjaw's Attack: deal 3 damage to Player 1's Tychomp", None,
     "The computer chose Arcjaw's Attack: dealt 3 damage to Player 1's Tychomp"),
    ("Manoeuvre: swap a Norse card on your Road with a Chinese card from your Hand", None,
     "The computer chose Manoeuvre: swapped a Norse card on its Road with a Chinese card from its Hand"),
    ("Splash 2: turn it to Magic", None, "The computer chose Splash 2: turned it to Magic"),
    ("Neither score nor replace a medal", None, "The computer chose to neither score nor replace a medal"),
    # trial 21: a statement chosen is said as "chose that …", and what came with a step as its "-ing" form
    ("Sanabo (Fortune [provisional]) no longer needs Bell", None,
     "The computer chose that Sanabo (Fortune [provisional]) no longer needs Bell"),
    ("Shield your Romans clan: place this card face down on top", None,
     "The computer shielded its Romans clan, placing the card face down on top"),
    # a bracket that is not a recipe stays
    ("Refresh the Lost Spirits (your board is full: you will attract none)", 1,
     "The computer refreshed the Lost Spirits (its board is full: it will attract none) for 1 AP"),
])
def test_past_sentence_says_the_cost_in_words_and_drops_a_recipe(label, cost, said):
    assert past_sentence(label, "The computer", cost, "AP") == said
