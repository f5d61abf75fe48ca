"""How the FAQ explorer's what-if comparison names a fact of the board and says how it differs between the rulebook's
case and the learner's what-if, as a person would say it (trial 21: "In the rulebook's case this is true; after your
change it is not: Player 1 · hand: Aztecs, Greeks. After your change: Aztecs." now reads "In the rulebook's case
Player 1's Hand holds Aztecs and Greeks; after your change it holds Aztecs.").

The words are the what-if's own (the zones' names of :mod:`tutor.faq_whatif.edits`, with each game's capitals:
Spirited's rulebook writes Hand, Road, Camps; Restless Spirits' and Spirit Duels' write hand): the scenario's check
lines (:func:`tutor.scenario_words.describe_expect`) are not changed.
"""
from __future__ import annotations

import re
from typing import Any

from ..scenario import Expect
from ..scenario_words import _SEAT_PATHS, describe_expect, describe_path, describe_value

#: A player's fact (``pN.<name>``) by its name: (the game's word for it, ``{P}`` standing for "Player N's" where it
#: is not first, how its value is said). ``"holds"``: a
#: place holding cards ("Player 1's Hand holds Aztecs and Greeks"); ``"is"`` / ``"are"``: a value or a set of things.
#: A game's own capitals where its rulebook has them (:data:`_GAME_TERMS`).
_PLAYER_TERMS: dict[str, tuple[str, str]] = {
    "hand": ("hand", "holds"), "board": ("board", "holds"), "released": ("released Spirits", "are"),
    "discard": ("discard pile", "holds"), "items": ("Items in play", "are"), "cards": ("cards", "are"),
    "road": ("Road", "holds"), "camps": ("Camps", "hold"), "shields": ("Shields", "are"),
    "allegiances": ("Allegiances", "are"), "wonders": ("built Wonders", "are"), "spirit": ("Spirit", "is"),
    "ap": ("AP", "is"), "hand_size": ("the number of cards in {P} hand", "is"),
    "deck_size": ("the number of cards in {P} deck", "is"), "card_count": ("the number of {P} cards", "is"),
    "released_count": ("the number of {P} released Spirits", "is"),
    "achievements": ("achievements", "are"), "activation_tokens": ("the number of {P} Activation Tokens", "is"),
    "tokens": ("tokens", "are"), "copies": ("Spirits {P} Copy tokens lie on", "are"), "essence": ("Essence", "is"),
    "lines": ("Spirit Lines", "are"),
    "classes": ("classes", "are"), "item_charges": ("Item charges", "are"),
}
#: Each game's own capitals (its rulebook's words), over :data:`_PLAYER_TERMS`.
_GAME_TERMS: dict[str, dict[str, str]] = {
    "spirited": {"hand": "Hand", "hand_size": "the number of cards in {P} Hand"},
}
#: The table's facts: (words, how the value is said).
_TABLE_TERMS: dict[str, tuple[str, str]] = {
    "current": ("the current player", "is"), "winners": ("the winners", "are"),
    "advantage": ("the Advantage Token holder", "is"), "endgame_by": ("the player who triggered the game's end", "is"),
    "gained_by": ("the player who gained the Advantage Token", "is"), "pending": ("the choice waiting", "is"),
    "phase": ("the phase", "is"), "round": ("the round", "is"), "hourglass": ("the Hourglass", "is"),
    "lost_spirits": ("the Lost Spirits row", "holds"), "markets": ("the Totem markets", "hold"),
    "shrine": ("the Shrine", "holds"), "spirit_discard": ("the Spirit discard pile", "holds"),
    "battle": ("the Battle", "is"), "medal_supply": ("the Medal supply", "is"),
    "totem_discard_size": ("the number of cards in the Totem discard pile", "is"),
    "spirit_deck_size": ("the number of cards in the Spirit deck", "is"),
    "shrine_size": ("the number of Totems in the Shrine", "is"), "shrine_top": ("the top of the Shrine", "is"),
    "discard_size": ("the number of cards in the discard pile", "is"),
    "chance_left": ("the number of outcomes of chance fixed in advance left", "is"),
    "forced_rolls_left": ("the number of fixed die rolls left", "is"),
    "lines_revealed": ("the Spirit Lines revealed", "are"), "classes_left": ("the classes left", "are"),
    "out_of_game": ("the cards out of the game", "are"), "bonuses": ("the bonuses", "are"),
}
#: A Spirit's facts (``pN.sK.<name>``) said otherwise than "is" (a list of dice or Traits).
_SPIRIT_VERBS = {"pool": "holds", "traits": "are"}
#: Facts whose value is yes or no, said as a person would: (the part of the sentence before, the word after).
#: ``"Player 1's Tychomp is exhausted"``, ``"it is not exhausted"``.
_YES_NO = {"exhausted": "exhausted", "defeated": "defeated"}
#: Facts of one clan (``allegiance.greeks``, ``p1.overrun_limit.aztecs``): their words, ``{seat}`` and ``{clan}``
#: filled in.
_CLAN_TERMS = {"allegiance": ("the {clan} Allegiance", "is"), "medal_value": ("the {clan} Medal value", "is"),
               "overrun_limit": ("Player {seat}'s Overrun limit for {clan}", "is")}
#: First words a fact's name keeps capitalised after "the" (the games' own terms).
_CAPITALISED = {"Totem", "Spirit", "Advantage", "Medal", "Hourglass", "Wonder", "Shrine", "AP"}
#: Counts said as a sentence (by the last part of the fact's path): ``{P}`` "Player N's", ``{O}`` "Player N", ``{n}``
#: the number, ``{s}`` a plural's s; each game's own capitals over it (:data:`_GAME_COUNTS`).
_COUNTS: dict[str, str] = {
    "totem_discard_size": "the Totem discard pile holds {n} card{s}",
    "spirit_deck_size": "the Spirit deck holds {n} card{s}", "shrine_size": "the Shrine holds {n} Totem{s}",
    "discard_size": "the discard pile holds {n} card{s}", "hand_size": "{P} hand holds {n} card{s}",
    "deck_size": "{P} deck holds {n} card{s}", "card_count": "{O} has {n} card{s} in all",
    "released_count": "{O} has released {n} Spirit{s}", "essence": "{O} has {n} Essence",
    "wonders": "{O} has built {n} Wonder{s}", "chance_left": "{n} outcome{s} of chance fixed in advance {are} left",
    "forced_rolls_left": "{n} fixed die roll{s} {are} left", "round": "it is round {n}",
    "damage": "{P} damage is {n}", "hourglass": "the Hourglass shows {n}",
}
_GAME_COUNTS: dict[str, dict[str, str]] = {"spirited": {"hand_size": "{P} Hand holds {n} card{s}",
                                                        "spirit": "{O} has {n} Spirit"}}
#: Yes-or-no facts said as a sentence (by the last part of the fact's path): (when yes, when no); ``{S}``: whose
#: (a Spirit, "Player 1's Tychomp").
_BOOLS: dict[str, tuple[str, str]] = {
    # (the die waits on a Spirit until it is rolled: "does not have the Advantage Die" read as wrong once it was in the
    # Spirit's pool, new user 43)
    "advantage_die": ("The Advantage Die waits on {S}", "No Advantage Die waits on {S}"),
    "presence": ("{S} shows its Presence side", "{S} does not show its Presence side"),
    "lines_revealed": ("the Spirit Lines are revealed", "the Spirit Lines are not revealed"),
    "last_was_pass": ("the last action was a pass", "the last action was not a pass"),
}
_PRONOUN = {"holds": "it", "hold": "they", "is": "it", "are": "they"}
#: The phase of play said as a sentence, by game (the rulebooks' own names where they have them: Spirit Duels'
#: Draft, Action and End Phases; Restless Spirits and Spirited name no phases) (session 31: "The phase is draft").
_PHASES: dict[str, dict[str, str]] = {
    "restless-spirits": {"guides": "The players are choosing their guides", "draft": "The players are drafting",
                         "solo-discard": "The solo game's set-up discard is waiting", "play": "The players take turns",
                         "over": "The game is over"},
    "spirited": {"play": "The players take turns", "over": "The game is over"},
    "spirit-duels": {"setup": "The game is being set up", "draft": "It is the Draft Phase",
                     "action": "It is the Action Phase", "end": "It is the End Phase", "over": "The game is over"},
}
#: Restless Spirits' B-side placement bonuses in a few words (:data:`tutor.games.restless_spirits.variants.BONUS_TEXT`
#: says them whole).
_BONUS_WORDS = {"draw-totem": "draw a Totem", "gain-ap": "gain 1 AP", "take-market": "take a market Totem"}
#: Spirited's Battle under way ("battle": a Battle of the Hourglass, "final": the Final Battle).
_BATTLES = {"battle": "A Battle is under way", "final": "The Final Battle is under way", None: "No Battle is under way"}


def _own_sentence(key: str, value: Any, game_id: str, names: dict[str, str]) -> str | None:
    """The few facts whose value is not a thing to name but a state of play, as a sentence (session 31, the FAQ
    explorer read "The phase is solo-discard", "The Battle is battle", "The Norse Allegiance is none", "The bonuses
    are draw-totem, gain-ap and take-market"); ``None`` for every other fact."""
    if key == "phase" and isinstance(value, str):
        return _PHASES.get(game_id, {}).get(value)
    if key == "solo_rank":
        return "No solo rank is given" if value is None else f"The solo rank is {value}"
    if key == "bonuses" and isinstance(value, list) and all(v in _BONUS_WORDS for v in value):
        return "The B side's placement bonuses are, left to right, " + _and(", ".join(_BONUS_WORDS[v] for v in value))
    if key == "battle" and game_id == "spirited" and value in _BATTLES:
        return _BATTLES[value]
    if key.startswith("allegiance.") and key.count(".") == 1 and (value is None or type(value) is int):
        clan = fact_subject(key, game_id, names)[0].removeprefix("the ")
        return f"No player holds the {clan}" if value is None else f"Player {value} holds the {clan}"
    return None


def fact_subject(key: str, game_id: str, names: dict[str, str] | None = None) -> tuple[str, str]:
    """``(subject, verb)`` for the fact at state path ``key`` in game ``game_id``: ``("Player 1's Hand", "holds")``,
    ``("the current player", "is")``, ``("Player 2's Pawnite's damage", "is")`` (``names``: the Spirits' slot names,
    :func:`tutor.scenario_words.slot_names`). A fact without words of its own reads as
    :func:`tutor.scenario_words.describe_path` says it, "Player 1 · X" made "Player 1's X"."""
    parts = key.split(".")
    if len(parts) == 2 and re.fullmatch(r"p\d+", parts[0]) and parts[1] in _PLAYER_TERMS:
        word, verb = _PLAYER_TERMS[parts[1]]
        word = _GAME_TERMS.get(game_id, {}).get(parts[1], word)
        return (word if "{P}" in word else "{P} " + word).replace("{P}", f"Player {parts[0][1:]}'s"), verb
    if key in _TABLE_TERMS:
        return _TABLE_TERMS[key]
    seat = parts[0][1:] if re.fullmatch(r"p\d+", parts[0]) else ""
    clan = parts[-2:] if not seat else parts[1:]
    if len(clan) == 2 and clan[0] in _CLAN_TERMS:
        word, verb = _CLAN_TERMS[clan[0]]
        return word.format(seat=seat, clan=(names or {}).get(clan[1], clan[1].replace("_", " ").title())), verb
    said = describe_path(key, names)
    if " · " in said:
        owner, what = said.split(" · ", 1)
        said = f"{owner.replace(', ', chr(39) + 's ')}'s {what}"  # "Player 1, Spirit 2" -> "Player 1's Spirit 2"
        if len(parts) == 3 and parts[2] in _SPIRIT_VERBS:
            return said, _SPIRIT_VERBS[parts[2]]
    elif said.split(" ")[0] not in _CAPITALISED:
        said = "the " + said[:1].lower() + said[1:]
    else:
        said = "the " + said
    return said, "are" if said.endswith(("requirements", "tokens", "dice", "Spirits")) or "requirements (" in said \
        else "is"


def _and(value: str) -> str:
    """``"A, B, C"`` as ``"A, B and C"``."""
    head, sep, last = value.rpartition(", ")
    return f"{head} and {last}" if sep else value


def _clause(subject: str, verb: str, value: str, first: bool) -> str:
    """One side of the sentence: ``"Player 1's Hand holds Aztecs and Greeks"`` (``first``) or ``"it holds Aztecs"``;
    an empty place ``"holds nothing"``, an empty set ``"Player 1 has no released Spirits"``."""
    who = subject if first else _PRONOUN[verb]
    if value == "none" and verb in ("holds", "hold"):
        return f"{who} {verb} nothing"
    if value == "none" and verb == "are" and "'s " in subject:
        owner, what = subject.split("'s ", 1)
        return f"{owner} has no {what}"
    return f"{who} {verb} {_and(value) if verb != 'is' else value}"


def differs_sentence(key: str, game_id: str, names: dict[str, str], before: str, after: str, seen: str = "") -> str:
    """The sentence for a fact whose value differs: ``"In the rulebook's case Player 1's Hand holds Aztecs and
    Greeks; after your change it holds Aztecs."`` ``before`` / ``after``: its value in each run, in words
    (:func:`tutor.scenario_words.describe_value`); ``seen``: where the what-if's value was read when its run stopped
    early (``" (seen after step 1, where your game stops)"``), else ``""``."""
    whole = [_whole(key, v, game_id, names) for v in (before, after)]
    if all(whole):  # "In the rulebook's case Player 1's hand holds 0 cards; after your change Player 1's hand ..."
        return f"In the rulebook's case {_low(whole[0])}; after your change {_low(whole[1])}{seen}."
    subject, verb = fact_subject(key, game_id, names)
    adj = _YES_NO.get(key.rsplit(".", 1)[-1])
    if adj and {before, after} <= {"yes", "no"} and subject.endswith(f"'s {key.rsplit('.', 1)[-1]}"):
        owner = subject[:-len(f"'s {key.rsplit('.', 1)[-1]}")]
        said = lambda v, who: f"{who} is {adj}" if v == "yes" else f"{who} is not {adj}"
        return f"In the rulebook's case {said(before, owner)}; after your change {said(after, 'it')}{seen}."
    return (f"In the rulebook's case {_clause(subject, verb, before, True)}; after your change "
            f"{_clause(subject, verb, after, False)}{seen}.")


def _whole(key: str, words: str, game_id: str, names: dict[str, str]) -> str | None:
    """A count or a state of play, given as the what-if's words for its value (``"2"``, ``"over"``, ``"none"``), as
    :func:`state_sentence` says it (session 31: "the number of cards in Player 1's hand is 0; after your change it is
    2"); ``None`` for other facts."""
    last = key.rsplit(".", 1)[-1]
    if last in {**_COUNTS, **_GAME_COUNTS.get(game_id, {})} and words.isdigit():
        return state_sentence(key, int(words), game_id, names)
    if key in ("phase", "solo_rank", "battle") or key.startswith("allegiance."):
        value: Any = None if words == "none" else int(words.removeprefix("Player ")) \
            if re.fullmatch(r"(Player )?\d+", words) else words
        return _own_sentence(key, value, game_id, names)
    return None


def _low(sentence: str) -> str:
    """``sentence`` to go inside a longer one: "The game is over" -> "the game is over"; a name keeps its capital."""
    return sentence[:1].lower() + sentence[1:] if sentence.split(" ", 1)[0] in ("The", "No", "It", "A") else sentence


def fact_label(key: str, game_id: str, names: dict[str, str] | None = None) -> str:
    """The fact's name for the comparison table's row: ``"Player 1's Road"``, ``"The current player"``."""
    subject = fact_subject(key, game_id, names)[0]
    last = key.rsplit(".", 1)[-1]
    if last in _YES_NO and subject.endswith(f"'s {last}"):  # "Player 1's Tychomp exhausted": yes / no
        subject = f"{subject[:-len(last) - 3]} {_YES_NO[last]}"
    return subject[:1].upper() + subject[1:]


def state_sentence(key: str, value: Any, game_id: str, names: dict[str, str] | None = None) -> str:
    """A scenario check on the fact at state path ``key`` as a sentence a person would say, without its full stop:
    ``"Player 1's hand holds Spirit Cloak and Bell & Feather"``, ``"The Totem discard pile holds 1 card"``,
    ``"Player 2's Tychomp is exhausted"``, ``"No choice is waiting"`` (session 30, issue #16: the FAQ explorer read
    "Totem discard size: 1"). ``value``: the expected value (card ids named by ``names``; an expected choice, a
    decision kind, by its words in ``names`` as :func:`tutor.faq_whatif.compare.pending_in_words` gives it)."""
    names = names or {}
    last = key.rsplit(".", 1)[-1]
    if key == "pending":
        return "No choice is waiting" if value is None else f"The choice waiting is {str(value).replace('-', ' ')}"
    own = _own_sentence(key, value, game_id, names)
    if own:
        return own
    said = describe_value(value, names, key.split(".")[0] in _SEAT_PATHS, key)
    counts = {**_COUNTS, **_GAME_COUNTS.get(game_id, {})}
    if last in counts and type(value) is int:
        owner = key.split(".")[0][1:] if re.fullmatch(r"p\d+\..+", key) else ""
        spirit = fact_subject(key, game_id, names)[0].rsplit("'s ", 1)[0] if key.count(".") == 2 else ""
        return _cap(counts[last].format(P=f"{spirit or 'Player ' + owner}'s", O=f"Player {owner}", n=value,
                                        s="" if value == 1 else "s", are="is" if value == 1 else "are"))
    subject, verb = fact_subject(key, game_id, names)
    if last in _BOOLS and isinstance(value, bool):
        return _cap(_BOOLS[last][0 if value else 1].format(S=subject.rsplit("'s ", 1)[0]))
    if last in _YES_NO and isinstance(value, bool) and subject.endswith(f"'s {last}"):
        owner = subject[:-len(f"'s {last}")]
        return _cap(f"{owner} is {'' if value else 'not '}{_YES_NO[last]}")
    return _cap(_clause(subject, verb, said, True))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def expect_lines(e: Expect, names: dict[str, str], titles: dict[str, str], game_id: str) -> list[str]:
    """The lines of expectation ``e`` as :func:`tutor.scenario_words.describe_expect` says them, but each check on a
    fact of the board as a sentence (:func:`state_sentence`), not "<fact>: <value>"."""
    return describe_expect(e.model_copy(update={"state": {}}), names, titles) + [
        state_sentence(k, v, game_id, names) for k, v in e.state.items()]


def fact_said(key: str, game_id: str, names: dict[str, str], said: str, inside: bool = False) -> str:
    """The fact at state path ``key`` with its value ``said`` in words (:func:`tutor.scenario_words.describe_value`)
    as a sentence: ``"Player 1's Pawnite's damage is 0"``, ``"Player 1's Tychomp is not exhausted"``, ``"The number
    of cards in Player 2's hand is 5"``; ``inside``: said inside a longer sentence, so not capitalised ("in the game
    shown now: the number of cards ...", trial 39)."""
    if key == "pending" and said == "none":  # (trial 39: "the choice waiting is none" beside "No choice is waiting")
        return "no choice is waiting" if inside else "No choice is waiting"
    subject, verb = fact_subject(key, game_id, names)
    last = key.rsplit(".", 1)[-1]
    if last in _YES_NO and said in ("yes", "no") and subject.endswith(f"'s {last}"):
        return f"{subject[:-len(last) - 3]} is {'' if said == 'yes' else 'not '}{_YES_NO[last]}"
    clause = _clause(subject, verb, said, True)
    return clause if inside else _cap(clause)
