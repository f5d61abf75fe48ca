"""Spirited's moves: each move checked once, giving its legal actions and its refusals (see :mod:`tutor.core.moves`).

Where a move lives (one module per move or rulebook section):

- :mod:`.scout`: Scout, the turn action always possible, and the card it lets the player play.
- :mod:`.wonder`: Build a Wonder (the turn action; where each clan's card comes from; the Wonder taken).
- :mod:`.march`: March (the turn action; each Camp's forge or steal, the ``march`` decision).
- :mod:`.rally_recruit`: Rally and Recruit, wherever a card is taken from the Road or recruited from the Hand (the
  Camp check, ``sp.recruit.camp``).
- :mod:`.shields`: Shields (placing or breaking one at a reveal; no Rally or Recruit of a Shield; a power's discard
  from an opponent, which a Shield stops).
- :mod:`.battle`: the Battle's discards, medals and Manoeuvre.

A pending decision's options are the legal actions: :data:`ANSWERS` names the moves that answer each decision kind.
"""
from __future__ import annotations

from ....core.model import Action
from ....core.moves import run_moves
from ..state import Decision, SPState
from .battle import discard, manoeuvre, medal
from .march import march
from .rally_recruit import rally, recruit
from .scout import play_card, scout
from .shields import raid, reveal, shielded
from .wonder import build_wonder, spend_card, take_wonder

#: Every move, in the order their refusals are listed (the moves that refuse nothing last).
MOVES = (shielded, reveal, manoeuvre, recruit, raid, build_wonder, march, scout, play_card, rally, spend_card,
         take_wonder, discard, medal)

#: The moves that offer actions in each situation: the main turn (``None``) or a pending decision's kind (each move
#: checks the situation itself; this table only spares running the others).
ANSWERS = {
    None: (scout, build_wonder, march),
    "reveal": (reveal,),
    "scout-play": (play_card,),
    "scout-take": (rally, recruit),
    "effect-rally": (rally,),
    "bonus-rally": (rally,),
    "effect-recruit": (recruit,),
    "bonus-recruit": (recruit,),
    "final-recruit": (recruit,),
    "raid": (raid,),
    "bonus-manoeuvre": (manoeuvre,),
    "march": (march,),
    "wonder-source": (spend_card,),
    "take-wonder": (take_wonder,),
    "battle-discard": (discard,),
    "battle-medal": (medal,),
}


def answer_options(g, s: SPState, d: Decision | None) -> list[Action]:
    """The legal actions (unsorted) of the main turn (``d`` is ``None``) or of decision ``d`` (pending, or about to
    be asked); ValueError for an unknown decision kind."""
    moves = ANSWERS.get(d.kind if d is not None else None)
    if moves is None:
        raise ValueError(f"unknown decision kind {d.kind!r}")
    return run_moves(moves, g, s, decision=d).legal


#: Every kind of action this game makes: a move's legal or refused action, or a decision's answer. What a saved
#: question may name (:mod:`tutor.faq_known`); ``tests/test_faq_known.py`` checks it is exactly the kinds made by
#: this package's sources, random games and the shipped scenarios, lessons and walkthroughs.
MOVE_KINDS: frozenset[str] = frozenset({
    "break-shield", "build-wonder", "discard", "done", "final-recruit", "finish-march", "manoeuvre", "march",
    "march-use", "place-shield", "play-card", "raid", "rally", "recruit", "recruit-face-down", "replace-medal",
    "score-medal", "scout", "skip", "stack-card", "take-wonder", "wonder-card"})
