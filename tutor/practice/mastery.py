"""The mastery map's data: every clause of a game, grouped by rulebook section, with what the learner has done
with it.

Statuses (:data:`STATUSES`): ``"unseen"``; ``"lesson"`` (seen in a completed lesson: among its rules to read or the
rules its goal fires); ``"right"`` (practised, latest answer right); ``"missed"`` (practised, latest answer wrong).
"""
from __future__ import annotations

from ..lessons import readable_lessons
from ..registry import clauses_for

STATUSES = ("unseen", "lesson", "right", "missed")
#: Plain words for each status, for the page.
#: Session 37: "practised: right: 3" on the map beside the header's "2 right" (answers; one answer can practise
#: several rules) read as a mismatch; the map's legend now counts rules in words ("3 rules answered right lately").
STATUS_WORDS = {"unseen": "not seen yet", "lesson": "seen in a lesson", "right": "answered right lately",
                "missed": "missed lately"}


def count_words(status: str, n: int) -> str:
    """The map legend's words for ``n`` rules of ``status``: ``"3 rules answered right lately"``, ``"1 rule missed
    lately"``."""
    return f"{n} {'rule' if n == 1 else 'rules'} {STATUS_WORDS[status]}"


def sections(game_id: str) -> list[tuple[str, list[str]]]:
    """``[(rulebook section, [clause ids])]`` of ``game_id``, sections and clauses in the order of the clauses file
    (which follows the rulebook); clauses about the tutor itself (``teach: false``) and provisional-value notes (our
    assumptions about card values, not rules: trial 39 found "Placeholder Lines and cards for the draft" on the map)
    are left out (:attr:`tutor.core.model.Clause.taught`)."""
    out: dict[str, list[str]] = {}
    for c in clauses_for(game_id).values():
        if not c.taught:
            continue
        out.setdefault(c.source.section, []).append(c.id)
    return list(out.items())


def lesson_clauses(game_id: str, lesson_ids: set[str]) -> set[str]:
    """The clauses the lessons ``lesson_ids`` of ``game_id`` show: their rules to read and the rules their goal
    checks fire (unknown lesson ids are ignored)."""
    out: set[str] = set()
    for lesson in readable_lessons(game_id)[0]:  # a lesson file that does not load is left out (the learn page says)
        if lesson.id in lesson_ids:
            out.update(lesson.clauses)
            out.update(lesson.check.fired)
    return out


def lessons_showing(game_id: str, clause_id: str) -> list[str]:
    """The titles of the lessons of ``game_id`` that show rule ``clause_id`` (among their rules to read, or fired by
    their goal's check), in lesson order; ``[]`` when none does (trial 39: the mastery map said "meet it in a lesson"
    of the draft's order, which no lesson shows)."""
    return lessons_showing_all(game_id).get(clause_id, [])


def lessons_showing_all(game_id: str) -> dict[str, list[str]]:
    """``{clause id: titles of the lessons of game_id that show it}`` (:func:`lessons_showing` for every clause, in
    one reading of the lessons), in lesson order."""
    out: dict[str, list[str]] = {}
    for lesson in readable_lessons(game_id)[0]:
        for cid in dict.fromkeys([*lesson.clauses, *lesson.check.fired]):
            out.setdefault(cid, []).append(lesson.title)
    return out


def mastery(game_id: str, last_results: dict[str, bool], lessons_done: set[str]) -> dict[str, str]:
    """``{clause id: status}`` for every clause of ``game_id`` from the latest answer per clause
    (``last_results``, as :meth:`tutor.progress.ProgressStore.last_results` gives) and the completed lessons.
    Clauses about the tutor itself (``teach: false``) and provisional-value notes are not part of the map
    (:attr:`tutor.core.model.Clause.taught`, as practice asks)."""
    seen = lesson_clauses(game_id, lessons_done) if lessons_done else set()
    out = {}
    for cid, c in clauses_for(game_id).items():
        if not c.taught:
            continue
        if cid in last_results:
            out[cid] = "right" if last_results[cid] else "missed"
        else:
            out[cid] = "lesson" if cid in seen else "unseen"
    return out
