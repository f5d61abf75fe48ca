"""Choices inside Spirited actions and Battles, as pending decisions whose options are the next legal actions; the
options are the moves' (:mod:`.moves`: each decision kind is answered by the moves :data:`.moves.ANSWERS` names).

Rulebook sections: "Rally vs Recruit", "Turn Structure" (Scout, Build a Wonder, March), "Shields", "Battles & the
Time Track". The engine never picks for a player; a choice with one option and no way to skip resolves itself and
says so (ruling ``sp.ruling.single-option``). Options name a clan, not a card: cards of a clan are interchangeable
(ruling ``sp.ruling.same-clan-cards``).
"""
from __future__ import annotations

from ...core.model import Action
from .moves import answer_options
from .state import Decision, SPState


def decision_actions(g, s: SPState, d: Decision) -> list[Action]:
    """The legal actions (unsorted) that answer decision ``d`` (pending, or about to be asked): the options of the
    moves that answer its kind (:data:`.moves.ANSWERS`); ValueError for an unknown kind."""
    return answer_options(g, s, d)
