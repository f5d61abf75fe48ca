"""The effect registry: named effects that Spirit abilities, Blessings and Curses use, with typed parameters.

A card names an effect and gives its parameters (``cards.yaml``); :func:`validate_effect` checks both at load, so an
unknown effect name or a bad parameter fails naming the file and field. Effects never branch on card names: what
differs between cards is data (counts, decks, conditions).

The base and the basic effects live in :mod:`.effect_registry`; more effects register themselves from :mod:`.ongoing` (protections, Mastery lock, requirement reduction),
:mod:`.effects_locks_and_choices` (Protect token, turn locks, no hand limit, discards, choosing from a pile,
disabling, reductions),
:mod:`.effects_board` (destroy, move, drawn Spirits), :mod:`.effects_copy` (copies) and :mod:`.effects_hand`
(playing an opponent's card). :mod:`.abilities` carries a use out: targets, protections, pauses for decisions.

Rulebook: Spirit Abilities; Blessings & Curses; Spirit Ability Clarifications; Glossary (Draw, Discard).
"""
from __future__ import annotations

from .effect_registry import (REGISTRY, Condition, Count, Draw, GainAP, NextTurnAP,  # noqa: F401
                              TakeShrineTop, TargetCount, Use, _P, condition_holds, count_value, run_effect,
                              validate_effect)
# the effect modules add their effects to REGISTRY when imported: after these imports the registry is complete
from . import (ongoing, effects_locks_and_choices, effects_board, effects_copy, effects_hand,  # noqa: F401,E402
               effects_promo)
