"""The FAQ explorer's "what if", the same for every game: edit a scenario's set-up one :data:`Edit` at a time and get
a new, validated :class:`~tutor.scenario.Scenario` whose partial state (``setup.state``, in the game's own shape:
``tutor/games/*/partial.py``) makes the change, so a what-if is always a real scenario.

Edits (:mod:`.edits`): :class:`MoveCard` (a card between two zones; :class:`AddCard` / :class:`RemoveCard` for one
side), :class:`SetCounter` (AP, Essence, Spirit, damage and status tokens, the Hourglass, Allegiances and their
medals and sides, the Advantage Token holder...; :class:`SetAP` for AP), :class:`SetCurrent` (whose turn),
:class:`SetDecision` (whose decision, in a set-up that ends inside an action), :class:`FixDie` (a die face).
:func:`edit_setup` applies one; :func:`zones`, :func:`zone_cards`, :func:`card_choices`, :func:`targets`,
:func:`zone_label`, :func:`counters`, :func:`dice`, :func:`turn_seats` and :func:`turn_choice` say what can be edited.
Every edit is checked before it applies and refused with a sentence (:class:`~tutor.core.errors.ContentError`).
:mod:`.compare` runs a question again from the changed set-up and compares the runs; :mod:`.mine` saves a what-if
as the learner's own question. Re-exported by :mod:`tutor.faq`.
"""
from __future__ import annotations

import importlib

from .edits import (Counter, DieSpec, Edit, FixDie, MoveCard, SetCounter, SetTurn, AddCard, RemoveCard,  # noqa: F401
                    SetAP, SetCurrent, SetDecision, Zone, supersedes, zone_key)
from .setup_edits import (EDITABLE_GAMES, adapter, card_choices, card_names, choice_labels, counters,  # noqa: F401
                          dice, edit_names, edit_setup, prepared_for_edits, setup_decision, targets, turn_choice,
                          turn_edit, turn_seats, why_not_editable, zone_cards, zone_label, zones)
from .compare import Comparison, RunSummary, Stop, compare, run_far  # noqa: F401
from .mine import (NOTE_LIMIT, QUESTIONS_BYTES, TEXT_LIMIT as QUESTION_LIMIT, list_my_questions,  # noqa: F401
                   my_questions, my_questions_folder, question_id, save_question, what_if_scenario)


def __getattr__(name: str):
    """``PLAYER_ZONES`` and ``ZONE_KINDS``: Restless Spirits' zones (:mod:`.rs`), kept for older callers and imported
    when first asked for, so that a page importing this package (the learn pages' step words, for card names) does
    not import the Restless Spirits engine with them (a second of a Spirited or Spirit Duels page's load)."""
    if name in ("PLAYER_ZONES", "ZONE_KINDS"):
        return getattr(importlib.import_module(".rs", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
