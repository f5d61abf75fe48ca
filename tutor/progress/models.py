"""The progress database's tables (SQLAlchemy 2 declarative models). The schema itself is made and changed only by
the Alembic migrations in ``tutor/progress/migrations/versions`` (run by :func:`tutor.progress.store.migrate`);
a change here needs a new migration.

- ``learner``: one row per learner name (``JUPYTERHUB_USER`` on a hub, else the local user name).
- ``lesson_completion``: a lesson a learner completed (game, lesson id, when).
- ``practice_answer``: one answer to a practice question: game, kind, the clause practised, the clause of the option
  chosen (when it names one), right or wrong, when, and the question's key.
- ``clause_card``: the learner's ``fsrs`` card of one clause (its JSON and due time).
- ``resume_place``: where the learner was on a page (free text the page wrote: a lesson, a saved game...).
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, case, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Longest learner name, game id, clause id, lesson id and question key kept.
NAME_MAX, GAME_MAX, CLAUSE_MAX, LESSON_MAX, KEY_MAX, PAGE_MAX = 100, 40, 100, 100, 300, 100
#: Longest place (``resume_place.data``) the store writes (characters: a saved game's JSON fits).
PLACE_MAX = 4 * 1024 * 1024
#: Longest fsrs card JSON (``clause_card.card``) read back (the store writes about 300 characters).
CARD_MAX = 10_000
#: Longest kind of practice question, and time written as text, read back.
KIND_MAX, TIME_TEXT_MAX = 20, 40


def within(column, limit: int):
    """``column`` as a read gives it back, but ``NULL`` when its value is longer than ``limit`` characters (or
    bytes, for a blob a tampered SQLite file put in a text column): the database measures it and never sends a
    longer value, so a tampered 50 MB row costs a page no memory. The column's own length (``String(100)``) is not
    enough: SQLite does not enforce it, and a file can be edited by hand."""
    return case((func.length(column) <= limit, column), else_=None)


class Base(DeclarativeBase):
    """Declarative base of the progress tables."""


class Learner(Base):
    """A learner, by name."""

    __tablename__ = "learner"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX), unique=True, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class LessonCompletion(Base):
    """A lesson completed by a learner (once per learner, game and lesson; ``completed_at`` is the first time)."""

    __tablename__ = "lesson_completion"
    __table_args__ = (UniqueConstraint("learner_id", "game", "lesson", name="uq_lesson_completion"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), nullable=False, index=True)
    game: Mapped[str] = mapped_column(String(GAME_MAX), nullable=False)
    lesson: Mapped[str] = mapped_column(String(LESSON_MAX), nullable=False)
    completed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class PracticeAnswer(Base):
    """One answer to a practice question."""

    __tablename__ = "practice_answer"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), nullable=False, index=True)
    game: Mapped[str] = mapped_column(String(GAME_MAX), nullable=False)
    kind: Mapped[str] = mapped_column(String(20), nullable=False)
    clause: Mapped[str] = mapped_column(String(CLAUSE_MAX), nullable=False)
    chosen_clause: Mapped[str | None] = mapped_column(String(CLAUSE_MAX), nullable=True)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    answered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    question: Mapped[str] = mapped_column(String(KEY_MAX), nullable=False, default="")


class ClauseCard(Base):
    """A learner's fsrs card for one clause of one game."""

    __tablename__ = "clause_card"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(GAME_MAX), primary_key=True)
    clause: Mapped[str] = mapped_column(String(CLAUSE_MAX), primary_key=True)
    card: Mapped[str] = mapped_column(Text, nullable=False)
    due: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class ResumePlace(Base):
    """Where a learner was on a page (``data``: text the page wrote, e.g. JSON)."""

    __tablename__ = "resume_place"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True)
    page: Mapped[str] = mapped_column(String(PAGE_MAX), primary_key=True)
    data: Mapped[str] = mapped_column(Text, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


#: The tables holding one learner's rows (with ``learner_id``), in an order that respects foreign keys.
LEARNER_TABLES = (LessonCompletion, PracticeAnswer, ClauseCard, ResumePlace)
