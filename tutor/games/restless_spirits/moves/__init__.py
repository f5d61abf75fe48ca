"""Restless Spirits moves: each move defined once, one module per move or rulebook section (On Your Turn; Setup).

A move is ``move(g, s, out)`` (:mod:`tutor.core.moves`): it walks its candidates and at each condition either offers
the :class:`~tutor.core.model.Action` (with its why and clauses) or refuses it naming the forbidding clause. The
legal actions, the blocked list (and so ``IllegalAction.clause`` and the scenario runner) all come from these checks.

================================  =======================================================================
module                            moves
================================  =======================================================================
:mod:`.attract`                   attract a Lost Spirit; refresh the Lost Spirits and attract one
:mod:`.buy_retrieve`              buy a Totem; refresh a market row and buy; retrieve from the Shrine
:mod:`.play_totem`                play a Totem to a Spirit
:mod:`.blessings_curses`          play a Blessing or Curse; discard three for 1 AP
:mod:`.activate`                  activate a Spirit's ability
:mod:`.end_turn`                  end your turn
:mod:`.setup_picks`               choose a Spirit Guide; the Totem draft
================================  =======================================================================

The options of a pending decision are :func:`..decisions.decision_actions`, the Solo Mode discard
:func:`..solo.discard_actions`; what a move does is in :mod:`..resolve`.
"""
from __future__ import annotations

from ....core.model import ACTION_ID, Action, Blocked, sort_actions
from ....core.moves import Check, run_moves
from ..state import RSState
from .activate import activate
from .attract import attract, refresh_and_attract
from .blessings_curses import discard_three, play_card
from .buy_retrieve import buy_totem, retrieve
from .end_turn import end_turn_action
from .turn import AP_COST, Turn
from .play_totem import play_totem
from .setup_picks import choose_guide, draft_pick

#: The main-turn moves (ending the turn apart), in the order their refusals are listed.
TURN_MOVES = (attract, refresh_and_attract, buy_totem, retrieve, play_totem, play_card, discard_three, activate)
#: With no AP left the three 1-AP Totem moves are refused in the order buy, play, retrieve (the order the blocked
#: list has always had; the fingerprint of the engine's behaviour holds it).
TURN_MOVES_NO_AP = (attract, refresh_and_attract, buy_totem, play_totem, retrieve, play_card, discard_three, activate)
#: With no AP left and only the legal actions wanted (the automatic turn-pass check after a step, the legal list):
#: the moves that may offer a Free Action, in the same order; the others (refresh and attract, buy, play a Totem,
#: retrieve) cost 1 AP and only refuse.
TURN_MOVES_FREE = (attract, play_card, discard_three, activate)


def turn_check(g, s: RSState, blocked: bool = False) -> Check:
    """Run the main-turn moves of the current player on ``s`` (no decision pending), ending the turn apart, each
    reading the turn's facts from one :class:`.turn.Turn`."""
    t = Turn(g, s)
    if t.ap >= AP_COST:
        return run_moves(TURN_MOVES, g, t, blocked)
    return run_moves(TURN_MOVES_NO_AP if blocked else TURN_MOVES_FREE, g, t, blocked)


def turn_actions(g, s: RSState) -> list[Action]:
    """The legal main-turn actions of the current player, ending the turn apart (what :func:`..resolve.after_step`
    asks to know whether the turn passes by itself), in the order offered."""
    return turn_check(g, s).legal


def legal_turn_actions(g, s: RSState, turn: list[Action]) -> list[Action]:
    """The legal actions of a main turn: ``turn`` (:func:`turn_actions` of ``s``, a list of its own: ending the turn
    is added to it and it is sorted in place, no copy) and ending the turn, sorted."""
    turn.append(end_turn_action(g, s.current, s.players[s.current].ap))  # (``turn`` is this check's own list)
    turn.sort(key=ACTION_ID)
    return turn


def legal_actions(g, s: RSState) -> list[Action]:
    """The legal actions of the set-up phases (guides, draft) and of a main turn, sorted by id; the options of a
    pending decision and the Solo Mode discard are picked by the game's ``legal_actions`` before it asks this."""
    if s.phase == "over":
        return []
    if s.phase == "guides":
        return sort_actions(run_moves((choose_guide,), g, s).legal)
    if s.phase == "draft":
        return sort_actions(run_moves((draft_pick,), g, s).legal)
    return legal_turn_actions(g, s, turn_actions(g, s))


def blocked_actions(g, s: RSState) -> list[Blocked]:
    """Tempting main-turn actions the current player may not take now, each with its forbidding clause (none in the
    set-up phases or while a decision is pending)."""
    if s.phase != "play" or s.pending:
        return []
    return turn_check(g, s, blocked=True).blocked


__all__ = ["TURN_MOVES", "TURN_MOVES_NO_AP", "TURN_MOVES_FREE", "turn_check", "turn_actions", "legal_turn_actions", "legal_actions",
           "blocked_actions"]


#: Every kind of action this game makes: a move's legal or refused action, or a decision's answer. What a saved
#: question may name (:mod:`tutor.faq_known`); ``tests/test_faq_known.py`` checks it is exactly the kinds made by
#: this package's sources, random games and the shipped scenarios, lessons and walkthroughs.
MOVE_KINDS: frozenset[str] = frozenset({
    "activate-ability", "attract", "buy-totem", "choose-bonus-totem", "choose-copy", "choose-destroy",
    "choose-disable", "choose-discard", "choose-disregard", "choose-drawn-space", "choose-drawn-spirit",
    "choose-guide", "choose-hand-card", "choose-limit-discard", "choose-lost-spirit", "choose-malicious",
    "choose-market-totem", "choose-move-space", "choose-offering", "choose-own-destroy", "choose-reactivate",
    "choose-reduce", "choose-requirement", "choose-shrine-totem", "choose-solo-discard", "choose-space",
    "choose-swap-out", "choose-target", "choose-wild-type", "choose-zone-card", "decline", "discard-three-for-ap",
    "draft-pick", "end-turn", "play-blessing", "play-curse", "play-taken-card", "play-totem", "refresh-and-attract",
    "refresh-market-and-buy", "retrieve-from-shrine", "solo-discard", "take-card"})
