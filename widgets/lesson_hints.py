"""Which of a lesson's written hints fit the position shown (trial 19): a hint that names a group of the actions
panel ("Look at the blue “Dice actions” group") is given only while that group is shown with at least one enabled
action in it. A decision hides the other groups, so before this a hint named a group with no control in it (Spirit
Duels lesson 1, after a Meditate). Used by :class:`widgets.lesson_runner.LessonRunner`'s hint ladder and its tests.

Which written hint belongs to which step, and the names of actions a hint uses, are lesson knowledge: the public
engine's :mod:`tutor.lesson_hints` (moved there in session 29); this module only reads the board's groups.
"""
from __future__ import annotations

import re

_QUOTED = re.compile(r"[\"“]([^\"”]{1,80})[\"”]")


def group_names(board) -> dict[str, set[str]]:
    """Each action group of ``board`` (a :mod:`widgets.boards` module) and the names a hint may call it by, lower
    case: its title and its title's head before a bracket (``"dice"`` -> ``{"dice actions"}``, ``"turn-action"`` ->
    ``{"your action this turn (choose exactly one)", "your action this turn"}``)."""
    return {g: {t.lower(), t.split(" (")[0].strip().lower()} for g, t in board.GROUP_TITLES.items()}


def named_groups(text: str, board) -> list[str]:
    """The groups of ``board`` that ``text`` names by a title in quotes ("…" or “…”, any case), in the board's
    group order: ``'Look at the blue "Dice actions" group on the right.'`` -> ``["dice"]``; a quoted action (``"Scout"``)
    names no group."""
    quoted = {q.strip().lower() for q in _QUOTED.findall(text)}
    return [g for g, names in group_names(board).items() if names & quoted]


def says_group(text: str) -> bool:
    """True when ``text`` speaks of a group of actions (the word "group"): such a hint must name one by its title."""
    return re.search(r"\bgroup\b", text, re.IGNORECASE) is not None


def hint_fits(text: str, board, shown: dict[str, list]) -> bool:
    """True when every group ``text`` names is shown now with at least one enabled action (``shown``: the panel's
    :meth:`widgets.actions_panel.ActionsPanel.shown_groups`)."""
    return all(shown.get(g) for g in named_groups(text, board))
