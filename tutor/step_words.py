"""An action's label in words that fit who took it (trial 14, item T6).

Every game writes its action labels to the player about to choose (``"Destroy your Takayama (space 1)"``, ``"End
your turn"``, ``"Play a Chinese card: Recruit 1 more face-up card from your Road; you may decline"``): right in the
list of legal actions and for a step the learner took, wrong for a step someone else took (the computer, or the
players of a teacher's walkthrough): "Player 2: Destroy your Takayama" reads as if the learner's Takayama went.

:func:`step_sentence` turns a label into a sentence about its actor, for every game at once: the label's first word,
when it is one of the imperative verbs the games' labels start with (:data:`VERBS`), takes the third person
("destroys", "gives up", "passes"), and the second person of the whole label becomes the third ("your" -> "their",
"you" -> "they", whose verb forms agree: "you may" -> "they may"). A label that starts otherwise (a card's name, e.g.
Spirit Duels' "Arcjaw's Attack: deal 3 damage to Player 1's Tychomp") follows the actor's name after a colon. The
engine's own labels, the golden transcripts and the fingerprint do not change: only what a page shows does.
"""
from __future__ import annotations

import re

#: The imperative verbs the three games' action labels start with (a label's first word, capitalised), which take
#: the third person in :func:`third_person`. A fixed list: a card's name that looks like a verb ("Channel Magic",
#: "Counter Spell", "Heal 2") is never conjugated, because its word is not here or is followed by a number (or, in
#: the present tense, by ":"; :func:`past_sentence` takes a verb alone before a colon: "Meditate: discard …").
VERBS = frozenset("""
Activate Add Attach Attract Break Build Buy Choose Claim Copy Declare Destroy Discard Draw End Evolve Exhaust Forge
Gain Give Keep Leave March Mark Meditate Move Offer Pass Pay Pick Place Play Put Rally Recruit Refresh Remove Replace
Reroll
Resolve Retrieve Return Roll Score Scout Set Shield Skip Spend Stack Start Steal Stop Summon Swap Take Trade Use
""".split())

#: The second person and the third person that replaces it (lower case; a capital stays a capital).
_PRONOUNS = {"you": "they", "your": "their", "yours": "theirs", "yourself": "themselves", "yourselves": "themselves"}
_PRONOUN_RE = re.compile(r"\b(" + "|".join(sorted(_PRONOUNS, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def _third(verb: str) -> str:
    """The third person singular of the English verb ``verb`` (lower case): "destroy" -> "destroys", "pass" ->
    "passes", "rally" -> "rallies", "copy" -> "copies"."""
    if re.search(r"(s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def _swap_pronouns(text: str) -> str:
    """``text`` with every "you", "your", "yours", "yourself" as "they", "their", "theirs", "themselves" (a capital
    kept)."""
    def one(m: re.Match) -> str:
        word = m.group(1)
        new = _PRONOUNS[word.lower()]
        return new.capitalize() if word[0].isupper() else new
    return _PRONOUN_RE.sub(one, text)


def bare(label: str) -> str:
    """``label`` without its closing full stop, for a sentence that goes on after it (a label may end with a card's
    own sentence: Spirited's ``"Play a Sao card: ... 1 lower [provisional]."``, trial 18: a hint read
    "... 1 lower†.: it grows a Camp"). Plain text in, plain text out."""
    out = label.rstrip()
    return out[:-1].rstrip() if out.endswith(".") and not out.endswith("...") else out


def third_person(label: str) -> str | None:
    """``label`` (an action's label, written to the player choosing it) as a predicate about its actor, or None when
    it does not start with one of :data:`VERBS`: ``"Destroy your Takayama (space 1)"`` -> ``"destroys their
    Takayama (space 1)"``, ``"Give up Lantern"`` -> ``"gives up Lantern"``, ``"Pass"`` -> ``"passes"``; a second verb
    after "and" agrees too (``"Refresh the Lost Spirits and attract one"`` -> ``"refreshes the Lost Spirits and
    attracts one"``). Plain text
    in, plain text out (the caller escapes it)."""
    m = re.match(r"([A-Z][a-z]+)(?=$|[ ,(])", label)
    if not m or m.group(1) not in VERBS or re.match(r" \d", label[m.end():]):
        return None
    rest = _swap_pronouns(label[m.end():])
    # a second verb joined by "and" agrees too ("Refresh the Lost Spirits and attract one")
    rest = re.sub(r"\band ([a-z]+)\b", lambda v: "and " + (_third(v.group(1)) if v.group(1).capitalize() in VERBS
                                                         else v.group(1)), rest)
    return _third(m.group(1).lower()) + rest


def one_phrase(text: str) -> str:
    """Two brackets in a row said as one (verify 44: a Spirit Duels head line read "Activate Ocevolt (Presence) (roll
    Level 1 Attack die)"): ``"Activate Ocevolt (Presence; roll Level 1 Attack die)"``. Plain text in and out."""
    return text.replace(") (", "; ")


def step_sentence(label: str, actor: str) -> str:
    """What ``actor`` (a name as the page says it, e.g. ``"Player 2 (computer)"``) did, from the action's
    ``label``: ``"Player 2 (computer) destroys their Takayama (space 1)"``; a label that does not start with a verb
    of :data:`VERBS` follows the name after a colon, its second person made third (``"Player 2 (computer): Arcjaw's
    Attack: deal 3 damage to Player 1's Tychomp"``). Plain text in, plain text out (the caller escapes it)."""
    pred = third_person(label)
    return one_phrase(f"{actor} {pred}" if pred is not None else f"{actor}: {_swap_pronouns(label)}")


#: Past tenses of :data:`VERBS` that do not take "-ed" or "-d" by the spelling rules of :func:`_past`.
_IRREGULAR_PAST = {"break": "broke", "build": "built", "buy": "bought", "choose": "chose", "draw": "drew",
                   "give": "gave", "keep": "kept", "leave": "left", "pay": "paid", "put": "put", "set": "set",
                   "steal": "stole", "take": "took", "swap": "swapped", "skip": "skipped", "stop": "stopped",
                   "spend": "spent", "deal": "dealt"}
#: The verbs a chosen card's effect may start with after its name and a colon (Spirit Duels' ``"Arcjaw's Attack:
#: deal 3 damage …"``, ``"Splash 2: turn it to Magic"``): :data:`VERBS` and two that no label starts with.
_TAIL_VERBS = VERBS | {"Deal", "Turn"}
#: The second person and what replaces it when the actor is one thing ("the computer"): "your turn" -> "its turn".
_IT_PRONOUNS = {"you": "it", "your": "its", "yours": "its", "yourself": "itself", "yourselves": "itself"}
_IT_AGREE = (("it have", "it has"), ("it are", "it is"), ("it were", "it was"), ("it do ", "it does "))


def _past(verb: str) -> str:
    """The past tense of the English verb ``verb`` (lower case, one of :data:`VERBS`): "attract" -> "attracted",
    "place" -> "placed", "rally" -> "rallied", "buy" -> "bought", "end" -> "ended"."""
    if verb in _IRREGULAR_PAST:
        return _IRREGULAR_PAST[verb]
    if verb.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ied"
    return verb + "ed"


#: Verbs whose last consonant doubles before "-ing" ("swap" -> "swapping").
_DOUBLED = {"put", "set", "swap", "skip", "stop"}
#: The verbs of a whole choice that states what now holds (trial 21: "chose “Sanabo (Fortune) no longer needs
#: Bell”" read oddly): said as "chose that …".
_STATES = re.compile(r"\b(?:no longer |now |still )?(?:needs|is|are|has|have|gets|counts|stays)\b")


def _ing(verb: str) -> str:
    """The "-ing" form of the English verb ``verb`` (lower case): "place" -> "placing", "discard" -> "discarding",
    "swap" -> "swapping", "see" -> "seeing"."""
    if verb in _DOUBLED:
        return verb + verb[-1] + "ing"
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    return verb + "ing"


def _whole_choice(label: str) -> str:
    """A whole choice (a label that neither starts with a verb nor names a card and its effect) as the words after
    "chose": a statement of what now holds as "that …" (``"Barachu (Guardian) no longer needs Bowl"`` -> ``"that
    Barachu (Guardian) no longer needs Bowl"``), "Neither …" as "to neither …", else quoted."""
    if label.startswith("Neither "):
        return "to n" + label[1:]
    if _STATES.search(label):
        return "that " + label
    return f"\u201c{label}\u201d"


def _it_pronouns(text: str) -> str:
    """``text`` with its second person as the third person singular of a thing ("your" -> "its", "you have" -> "it
    has"; a capital kept)."""
    def one(m: re.Match) -> str:
        word = m.group(1)
        new = _IT_PRONOUNS[word.lower()]
        return new.capitalize() if word[0].isupper() else new
    out = _PRONOUN_RE.sub(one, text)
    for a, b in _IT_AGREE:
        out = out.replace(a, b)
    # (a verb after "it", perhaps past an adverb, agrees: "it already hold the token" -> "it already holds the token")
    return re.sub(r"\b(it (?:already |still |now |also )?)(hold|own|need|get|gain|keep|lose|roll|draw)\b",
                  lambda v: v.group(1) + _third(v.group(2)), out)


def _top_colon(label: str) -> int:
    """The index of the first ": " in ``label`` outside any brackets, or -1: ``"Use Zuja: Action (Essence): draw"``
    -> 8; ``"Refresh the Lost Spirits (your board is full: you will attract none)"`` -> -1."""
    depth = 0
    for i, ch in enumerate(label):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == ":" and depth == 0 and label[i + 1:i + 2] == " ":
            return i
    return -1


#: A label's closing bracket (before a closing "[provisional]"), e.g. ``" (2 Spirit, then exhaust it)"``;
#: ``(?<!\s)``: a run of spaces is tried from its first space only, not from each (linear; attack 47).
_LAST_BRACKET = re.compile(r"(?<!\s)\s*\(([^()]*)\)(\s*\[provisional\])?\s*$")
#: A bracket's part that is a value ("2 Spirit", "1 AP"), kept as "for 2 Spirit" when its recipe goes.
_VALUE_PART = re.compile(r"^\d+ [A-Z][A-Za-z]*$")


def _recipe_parts(inside: str) -> list[str] | None:
    """The parts of a bracket that is a recipe for the player choosing (a part starts with one of :data:`VERBS`,
    perhaps after "then": ``"play a card, Rally or Recruit 1, Summon 1"``, ``"2 Spirit, then exhaust it"``), else
    None."""
    parts = [p.strip() for p in inside.split(",")]
    verb = lambda p: (re.match(r"(?:then )?([A-Za-z]+)", p) or [None, ""])[1].capitalize() in VERBS  # noqa: E731
    return parts if any(verb(p) for p in parts) else None


def _without_recipe(head: str) -> str:
    """``head`` (a label's part before its colon) without a closing bracket that tells the player what the action
    will have them do (trial 19: "scored the Romans medal (2 Spirit, then exhaust it)" read as a recipe): said in
    the past tense it would claim steps that come later, or not at all, and the step's events say what happened. A
    value in it is kept: ``"Score the Romans medal (2 Spirit, then exhaust it)"`` -> ``"Score the Romans medal for
    2 Spirit"``; ``"Scout (play a card, Rally or Recruit 1, Summon 1)"`` -> ``"Scout"``."""
    m = _LAST_BRACKET.search(head)
    parts = _recipe_parts(m.group(1)) if m else None
    if parts is None:
        return head
    values = [p for p in parts if _VALUE_PART.match(p)]
    return head[:m.start()] + (" for " + " and ".join(values) if values else "") + (m.group(2) or "")


def cost_words(cost: int | None, unit: str) -> str:
    """What a step cost, as words that go on a sentence: ``" for 1 AP"``, ``" for 2 Essence"``, ``" for free"``
    (cost 0), or ``""`` (no cost; trial 19: the computer's title ended "· 1 AP")."""
    if cost is None:
        return ""
    return " for free" if cost == 0 else f" for {cost} {unit}"


def past_sentence(label: str, actor: str, cost: int | None = None, unit: str = "AP") -> str:
    """What ``actor`` (one thing, as the page names it: ``"The computer"``) did, in the past tense, from the action's
    ``label`` (the engine's own, written to the player choosing it): ``"Attract Ruby (Trickster)"`` -> ``"The
    computer attracted Ruby (Trickster)"``, ``"End your turn"`` -> ``"The computer ended its turn"``, ``"Refresh
    market row 2 and buy from it"`` -> ``"The computer refreshed market row 2 and bought from it"``.

    What follows a label's first ": " outside brackets is a card's text, quoted as written when it is a sentence or
    speaks to the card's owner (``"Copy Barachu: Barachu needs one Totem Requirement fewer; you choose which one to
    ignore."``: session 18 saw "it choose which one"), or what the action has its player do, its verb in the past
    tense as what came with the step (``"Shield your Sao clan: place this card face down on top"`` -> ``"The computer
    shielded its Sao clan, placing the card face down on top"``), or else a name or a die (``"Use Fire: Burn 1"``), kept. A label that
    does not start with one of :data:`VERBS` (a card's name: Spirit Duels' ``"Arcjaw's Attack: deal 3 damage to
    Player 1's Tychomp"``) is what the actor chose, what it had done in the past tense: ``"The computer chose Arcjaw's
    Attack: dealt 3 damage …"``; one without a colon is a whole choice (:func:`_whole_choice`: ``"The computer chose to neither score
    nor replace a medal"``). A closing bracket that is a recipe for the player choosing goes (:func:`_without_recipe`:
    ``"Scout (play a card, …)"`` -> ``"The computer scouted"``), and the step's ``cost`` (in ``unit``) is said in
    words before any colon (:func:`cost_words`: ``"The computer activated Kafrat targeting Player 1 for 1 AP"``).
    Plain text in, plain text out (the caller escapes it); the engine's labels do not change."""
    m = re.match(r"([A-Z][a-z]+)(?=$|[ ,(:])", label)  # (a verb alone before a colon: "Meditate: discard …")
    paid = cost_words(cost, unit)
    if not m or m.group(1) not in VERBS or re.match(r" \d", label[m.end():]):
        colon = _top_colon(label)
        if colon < 0:
            return f"{actor} chose {_whole_choice(label)}{paid}"
        name, tail = label[:colon], label[colon + 2:]
        v = re.match(r"([a-z]+)(?=$|[ ,(])", tail)
        if v and v.group(1).capitalize() in _TAIL_VERBS and not tail.rstrip().endswith("."):
            # what the chosen card had done, in the past tense (trial 20: "chose Arcjaw's Attack: deal 3 damage")
            tail = _past(v.group(1)) + tail[v.end():]
        return f"{actor} chose {_it_pronouns(name)}{paid}: {_it_pronouns(tail)}"
    colon = _top_colon(label)
    head, tail = (label, "") if colon < 0 else (label[:colon], label[colon + 2:])
    head = _without_recipe(head) + paid
    rest = _it_pronouns(head[m.end():])
    rest = re.sub(r"\band ([a-z]+)\b", lambda v: "and " + (_past(v.group(1)) if v.group(1).capitalize() in VERBS
                                                         else v.group(1)), rest)
    said = f"{actor} {_past(m.group(1).lower())}{rest}"
    if not tail:
        return said
    v = re.match(r"([a-z]+)(?=$|[ ,(])", tail)
    if tail.rstrip().endswith(".") or (_PRONOUN_RE.search(tail) and not (v and v.group(1).capitalize() in VERBS)):
        return f"{said}: \u201c{tail}\u201d"  # a card's text, written to its owner: as written
    if v and v.group(1).capitalize() in VERBS:  # what the action had its player do: "declare Magic" -> "declared"
        # ("… and reroll dice you declare" -> "… and rerolled dice it declared")
        more = _it_pronouns(tail[v.end():])
        # (trial 21: "shielded its Romans clan: placed this card face down on top" read as two titles: one
        # sentence, what came with the step as its "-ing" form: "…, placing the card face down on top")
        more = re.sub(r"\band ([a-z]+)\b", lambda x: "and " + (
            _ing(x.group(1)) if x.group(1).capitalize() in VERBS else x.group(1)), more)
        more = re.sub(r"\bit ([a-z]+)\b", lambda x: "it " + (
            _past(x.group(1)) if x.group(1).capitalize() in VERBS else x.group(1)), more)
        return f"{said}, {_ing(v.group(1))}{more.replace('this card', 'the card')}"
    return f"{said}: {_it_pronouns(tail)}"


def you_past(label: str) -> str:
    """What the learner did, in the past tense, from the action's ``label`` (written to them): ``"Rally a Chinese
    card into your Hand"`` -> ``"You rallied a Chinese card into your Hand"``, ``"End your turn"`` -> ``"You ended
    your turn"``; a label that does not start with one of :data:`VERBS` (a card's name), or that holds a colon, is what
    they chose: ``"You
    chose “Arcjaw's Attack: deal 3 damage to Player 1's Tychomp”"``. A closing bracket that is a recipe goes
    (:func:`_without_recipe`: ``"March (forge or steal Allegiances …, then Regroup)"`` -> ``"You marched"``; trial
    20). Plain text in, plain text out."""
    if ":" not in label:
        label = _without_recipe(label)
    m = re.match(r"([A-Z][a-z]+)(?=$|[ ,(])", label)
    if not m or m.group(1) not in VERBS or re.match(r" \d", label[m.end():]) or ":" in label:
        return f"You chose “{label}”"  # (a label with a colon, "Shield your Greeks clan: place ...", is a choice)
    rest = re.sub(r"\band ([a-z]+)\b", lambda v: "and " + (_past(v.group(1)) if v.group(1).capitalize() in VERBS
                                                         else v.group(1)), label[m.end():])
    return f"You {_past(m.group(1).lower())}{rest}"


def undo_words(mine: str | None, replies: int) -> str:
    """What Undo took back, as a sentence: ``"Took back your move (Offer Key to the Shrine) and the computer's 2
    replies."``; ``mine`` is the label of the learner's move taken back, as it is to be shown (the caller escapes
    it), or None when no move of the learner's was left, only the computer's ``replies``."""
    theirs = f"the computer's {replies} repl{'y' if replies == 1 else 'ies'}" if replies else ""
    if mine is None:
        return (f"Took back the computer's {replies} move{'' if replies == 1 else 's'}: no move of yours was left "
                "to take back.")
    return f"Took back your move ({mine})" + (f" and {theirs}." if theirs else ".")


def redo_words(mine: str | None, replies: int) -> str:
    """What Redo brought back, as a sentence: ``"Brought back your move (Offer Key to the Shrine) and the
    computer's 2 replies."``; ``mine`` as in :func:`undo_words` (None when only the computer's ``replies`` came
    back)."""
    theirs = f"the computer's {replies} repl{'y' if replies == 1 else 'ies'}" if replies else ""
    if mine is None:
        return f"Brought back the computer's {replies} move{'' if replies == 1 else 's'}."
    return f"Brought back your move ({mine})" + (f" and {theirs}." if theirs else ".")


def times_words(text: str, n: int) -> str:
    """``text`` (an event's sentence) said of a thing that happened ``n`` times in a row: "(twice)" or "(3 times)"
    before its closing full stop (issue 16, Spirited lesson 7: the Great Pyramid's two draws read as two identical
    lines, "Great Pyramid: Player 1 draws a card into their Hand."; now "… into their Hand (twice)."). ``n`` of 1 or
    less: ``text`` as it is. Plain text in, plain text out."""
    if n <= 1:
        return text
    said = " (twice)" if n == 2 else f" ({n} times)"
    body = bare(text)
    return body + said + text[len(body):].strip()


def computers_undo_words(label: str | None, stopped: bool) -> str:
    """What Undo did at a table where every seat is the computer's (it goes back one step, attack 45): ``"Took back
    the computer's last move (Scout). Auto is off now, so the computers wait: press “Computer's move” for one step,
    or tick Auto to let them play on."`` (without the Auto sentence's first words when Auto was off already);
    ``label`` as :func:`undo_words` takes it, None when there was no step to take back."""
    took = f"Took back the computer's last move ({label})." if label is not None else "There is no move to take back."
    wait = ("Auto is off now, so the computers wait" if stopped else "The computers wait")
    return f"{took} {wait}: press “Computer's move” for one step, or tick Auto to let them play on."


def computers_redo_words(label: str) -> str:
    """What Redo did at a table where every seat is the computer's: ``"Brought back the computer's move (Scout)."``
    (one step, as Undo took back one)."""
    return f"Brought back the computer's move ({label})."
