"""How a practice question speaks: the player asked about (``"Player 2"``), what its set-up says of the position
before it asks (:func:`situation`: never the reason asked for), and the engine's reasons and the rules' texts said of
the player (:func:`third_person`, :func:`rule_text`), so a question and its feedback keep one person throughout."""
from __future__ import annotations

import re

from ..core.model import Clause
from ..core.session import Session


def player(seat: int) -> str:
    """``0`` -> ``"Player 1"`` (how the engine names seats in its texts)."""
    return f"Player {seat + 1}"


#: What a question's set-up says of the position before it asks, by game and phase of play (the rulebooks' own names),
#: with the words that would tell an answer: in the phases where a player spends (Restless Spirits' turns, Spirit
#: Duels' Action Phase) what they have to spend (``"{unit}"``); in the draft and the set-up what is going on there
#: (trial 43: "Player 2 has 0 Essence" opened a draft question, where Essence plays no part). ``{p}``: the player
#: asked about; ``{round}``: the Totem draft's round.
SITUATIONS: dict[str, dict[str, tuple[str, str]]] = {
    "restless-spirits": {"play": ("{unit}", "{unit}"),
                         "guides": ("The players are choosing their Spirit Guides.", "choose guide"),
                         "draft": ("The Totem draft is in round {round}.", "draft round"),
                         "solo-discard": ("The solo set-up is under way, before the first turn.", "solo set-up")},
    "spirit-duels": {"action": ("{unit}", "{unit}"),
                     "setup": ("The players are deciding which opening cards to keep.", "opening keep mulligan"),
                     "draft": ("It is the Draft Phase: {p} is forming their team.", "team forming"),
                     "end": ("It is the End Phase.", "end")},
}


def _stems_of(text: str) -> set[str]:
    return {w[:5] for w in (x.strip("()“”,.:;!?'").lower() for x in text.split()) if w}


def situation(session: Session, seat: int, answer: str = "") -> str:
    """A short sentence about the position, said before the question (:data:`SITUATIONS`): ``"Player 1 has 2 AP. "``
    in a phase where the player spends, what is going on in a draft or set-up (``"It is the Draft Phase: Player 2 is
    forming their team. "``); empty where the game says nothing of the kind (Spirited), and empty when ``answer``,
    the words of what the question asks for (its right answer and the reasons it turns on), holds a word that
    sentence tells: a set-up never states the reason asked for (trial 43: "Player 2 has 0 AP. Player 2 would like
    to: “Play a Totem to a Spirit”. Why is that not allowed now?", the answer "Two AP each turn")."""
    game = type(session.game)
    players = getattr(session.state, "players", None)
    said, tells = SITUATIONS.get(session.game_id, {}).get(str(getattr(session.state, "phase", "")), ("", ""))
    if not said or not players or not 0 <= seat < len(players):
        return ""
    if said == "{unit}":
        value = getattr(players[seat], game.cost_unit.lower(), None)
        if not isinstance(value, int) or isinstance(value, bool):
            return ""
        said, tells = f"{player(seat)} has {value} {game.cost_unit}.", game.cost_unit
    said = said.format(p=player(seat), round=getattr(getattr(session.state, "draft", None), "round", ""))
    return "" if _stems_of(tells) & _stems_of(answer) else said + " "


#: Words before which "you" is an object ("stops you", "lets you", "for you"): it becomes "them", else "they".
_OBJECT_AFTER = frozenset("stops stop lets let gives give of to for with costs cost than scoring scores from at on by "
                          "behind beside against makes make tells asks helps help has overruns overran needs".split())
_YOU = {"you": "they", "your": "their", "yours": "theirs", "yourself": "themselves"}


def third_person(text: str) -> str:
    """An engine sentence said to the player ("you have 2 Activation Tokens") said of them ("they have 2 Activation
    Tokens"), so an explanation about "Player 2" keeps one person throughout (trial 42: "Player 2 takes ... you have
    2 Activation Tokens"). "They" takes the verb forms "you" takes; "you" after a verb or preposition that makes it
    an object ("stops you") becomes "them"."""
    def said(m: re.Match) -> str:
        word = m.group(0)
        low = word.lower()
        said_before = text[:m.start()].rstrip().rsplit(" ", 1)[-1]
        before = said_before.strip("(“,;:").lower()
        # after a comma or a colon "you" starts a clause ("Rather than scoring, you may ..."): "they"
        obj = low == "you" and before in _OBJECT_AFTER and not said_before.endswith((",", ";", ":"))
        out = "them" if obj else _YOU[low]
        return out.capitalize() if word[0].isupper() else out
    return re.sub(r"\b[Yy]ou(?:rself|rs|r)?\b", said, text)


def rule_text(c: Clause) -> str:
    """A rule's text as a practice explanation says it: of the player (:func:`third_person`), as the explanation
    around it speaks of "Player 2" (verify 43: "The rule: ..." and "Your answer: ..." read "Rallying moves one
    face-up card from your Road" beside "their Road")."""
    return third_person(c.text)
