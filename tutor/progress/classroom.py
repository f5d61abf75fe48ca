"""A class's progress from a shared progress database, for a teacher: each learner's lessons done and mastery by
rule area (rulebook section), and the rules the class misses most.

Reading every learner is for teachers only: :func:`class_report` refuses anyone not in ``teachers`` (the names the
hub configuration lists), so a learner's page can read only its own progress (:class:`ProgressStore`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session as DbSession

from ..practice.mastery import sections
from ..practice.schedule import card_from_json, missed
from ..registry import KNOWN_GAMES
from .models import ClauseCard, Learner, LessonCompletion, PracticeAnswer
from .database import _engine, check_tutor_database, migrate


class NotATeacher(PermissionError):
    """Raised when someone who is not one of the class's teachers asks for the class's progress."""


@dataclass
class LearnerProgress:
    """One learner of a game: ``lessons`` (ids done), ``answers`` / ``right`` (counts), ``areas``
    (``{rulebook section: (rules practised right, rules in it)}``)."""

    name: str
    lessons: set[str] = field(default_factory=set)
    answers: int = 0
    right: int = 0
    areas: dict[str, tuple[int, int]] = field(default_factory=dict)


@dataclass
class ClassReport:
    """A game's class report: ``learners`` (by name, sorted), ``most_missed`` (``[(clause id, learners who
    missed it lately)]``, most first, at most 10) and ``rules``, how many rules a learner can know: the clauses of the
    mastery map (:func:`tutor.practice.mastery.sections`; clauses about the tutor itself, ``teach: false``, are not
    rules to know), the count the practice page says too (attack 27: "of 156" there, "of 157" here)."""

    game: str
    learners: list[LearnerProgress]
    most_missed: list[tuple[str, int]]
    rules: int = 0


def class_report(url: str, game: str, viewer: str, teachers: set[str] | frozenset[str]) -> ClassReport:
    """The progress of every learner of ``game`` in the database at ``url``, for ``viewer``.

    Raises:
        NotATeacher: ``viewer`` is not in ``teachers``.
        ValueError: unknown game id.
        sqlalchemy.exc.SQLAlchemyError: the database cannot be read, or is not the tutor's
            (:class:`~tutor.progress.store.NotTutorDatabase`) and is left as it is (a teacher's page says so).
    """
    if viewer not in teachers:
        raise NotATeacher(f"{viewer!r} is not one of the class's teachers: only a teacher can see the class's "
                          "progress; your own progress is on the practice page")
    if game not in KNOWN_GAMES:
        raise ValueError(f"unknown game id {game!r}; valid game ids: {', '.join(KNOWN_GAMES)}")
    areas = sections(game)
    taught = {c for _sec, ids in areas for c in ids}
    engine = _engine(url)
    try:
        check_tutor_database(engine)  # another program's database is never migrated (NotTutorDatabase)
        migrate(engine)
        with DbSession(engine) as db:
            names = {lid: name for lid, name in db.execute(select(Learner.id, Learner.name))}
            out = {lid: LearnerProgress(name) for lid, name in names.items()}
            for lid, lesson in db.execute(select(LessonCompletion.learner_id, LessonCompletion.lesson)
                                          .where(LessonCompletion.game == game)):
                out[lid].lessons.add(lesson)
            for lid, correct in db.execute(select(PracticeAnswer.learner_id, PracticeAnswer.correct)
                                           .where(PracticeAnswer.game == game)):
                out[lid].answers += 1
                out[lid].right += bool(correct)
            known: dict[int, set[str]] = {lid: set() for lid in names}
            misses: Counter = Counter()
            for lid, cid, text in db.execute(select(ClauseCard.learner_id, ClauseCard.clause, ClauseCard.card)
                                             .where(ClauseCard.game == game)):
                try:
                    card = card_from_json(text)
                except ValueError:
                    continue
                if cid not in taught:
                    continue
                if missed(card):
                    misses[cid] += 1
                else:
                    known[lid].add(cid)
    finally:
        engine.dispose()
    for lid, lp in out.items():
        lp.areas = {sec: (sum(1 for c in ids if c in known[lid]), len(ids)) for sec, ids in areas}
    learners = sorted((lp for lp in out.values() if lp.lessons or lp.answers), key=lambda x: x.name)
    return ClassReport(game, learners, misses.most_common(10), rules=len(taught))
