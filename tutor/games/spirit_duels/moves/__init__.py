"""Spirit Duels' moves: each move checked once, giving its legal actions and its refusals (see
:mod:`tutor.core.moves`).

Where a move lives (one module per action of the rulebook's Actions, plus the draft):

- :mod:`.play_card`: Play a Card (its cost in Essence).
- :mod:`.activate`: Activate a ready Spirit.
- :mod:`.evolve`: Evolve a ready Spirit (its cost: stage + 1 Essence).
- :mod:`.abilities`: use a Spirit's Action (free or paid with a die) or an Item; Limited Actions once per round.
- :mod:`.resolve_dice`: Resolve Dice (declare a symbol showing).
- :mod:`.meditate`: Meditate (discard a card, reroll dice).
- :mod:`.pass_turn`: Pass, and Gain the advantage.
- :mod:`.draft_picks`: the draft's Class picks and Spirit Line choices.

The other decisions' options (which Spirit, die, face or card an effect picks; the mulligan; the End Phase) are in
:mod:`..decisions`: no refusal shares their conditions.
"""
from __future__ import annotations

from ....core.moves import Check
from ..state import SDState
from .abilities import use_ability, use_item
from .activate import activate, activate_action
from .draft_picks import choose_line, draft_class
from .evolve import evolve, evolve_action
from .meditate import meditate
from .pass_turn import gain_advantage, pass_turn
from .play_card import play_card
from .resolve_dice import resolve_dice


def spirits(g, s: SDState, out: Check) -> None:
    """Each Spirit of the player to act, in line order: Activate it, Evolve it, use its Action (checked Spirit by
    Spirit, so each Spirit's refusals are listed together)."""
    seat = s.current
    p = s.players[seat]
    essence = p.essence
    # (the actions kept by their arguments, looked up once for every Spirit: see tutor.core.moves.built)
    activations, evolutions = activate_action.kept(g), evolve_action.kept(g)
    for i, sl in enumerate(p.spirits):
        activate(g, seat, i, sl, out, activations)
        evolve(g, seat, i, sl, essence, out, evolutions)
        use_ability(g, s, seat, i, sl, out)


#: The Action Phase's moves (no decision pending), in the order their refusals are listed.
TURN = (play_card, spirits, use_item, resolve_dice, meditate, pass_turn, gain_advantage)
#: The draft's moves (answering a pending ``draft-class`` or ``draft-line`` decision).
DRAFT = (draft_class, choose_line)


#: Every kind of action this game makes: a move's legal or refused action, or a decision's answer. What a saved
#: question may name (:mod:`tutor.faq_known`); ``tests/test_faq_known.py`` checks it is exactly the kinds made by
#: this package's sources, random games and the shipped scenarios, lessons and walkthroughs.
MOVE_KINDS: frozenset[str] = frozenset({
    "activate", "choose-card", "choose-class", "choose-die", "choose-die-kind", "choose-effect", "choose-face",
    "choose-line", "choose-spirit", "discard", "draft-class", "evolve", "gain-advantage", "keep-hand", "mark-die",
    "meditate", "pass", "place-advantage-die", "play-card", "reroll-marked", "resolve-dice", "resolve-die",
    "set-aside", "stop-resolving", "use-ability", "use-item"})
