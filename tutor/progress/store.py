"""The progress store: one learner's lessons, practice answers, fsrs cards and places, in a database.

The database is the URL in ``RULES_TUTOR_DB`` (any SQLAlchemy URL: ``sqlite:////path/file.sqlite``,
``postgresql+psycopg://user:pw@host/db`` for a class on several machines), else the SQLite file
``~/.rules-tutor/progress.sqlite``. Its schema is brought up to date by the Alembic migrations shipped in
``tutor/progress/migrations`` each time a store opens it.

A database that cannot be opened, read or written (a corrupt file, no permission, a server that is down) never
breaks a page: the store goes on in memory (an in-memory SQLite database with the same schema, holding a copy of
what it could still read of this learner), ``saving`` turns False, and ``notice`` says why, in one sentence, which
:meth:`ProgressStore.take_notice` hands out once. The store never deletes, rewrites or "repairs" the database it
could not use, so nothing already stored there is lost.

A database that is not the tutor's is never touched: before migrating, the store checks that the database is empty
(a new file) or holds only the tutor's tables with a schema version (``alembic_version``) of the tutor's migrations;
another program's SQLite file named by ``RULES_TUTOR_DB`` is refused (:class:`NotTutorDatabase`, naming the path and
the tables that are not the tutor's) and the page goes on in memory as above.

A database held locked by another process (a long write, a backup) makes a page wait at most
:data:`SQLITE_TIMEOUT` seconds: the store then goes on in memory, says that progress is not being saved right now,
keeps what the page writes meanwhile, and at a later write (at most every :data:`RETRY_SECONDS`) tries the database
again; once the lock is gone those writes are made there, in order, and the store saves there again.

A database server (PostgreSQL) that stops answering on a connection already open (a hung or paused server, a cut
network: no timeout of the connection fires) delays a page by at most :data:`SERVER_WAIT` seconds per read or write
(:data:`SERVER_OPEN_WAIT` to open it): the store then goes on in memory, as above, without asking it anything more.
A write it gave up waiting for is never applied once the server answers again: its COMMIT is never sent after
that, its connection is shut, and the server itself rolls back a transaction left idle (see
:func:`tutor.progress.database._engine`).

A value larger than the store ever writes (a tampered row: a 50 MB place, a card, a question) is measured by the
database and never read into memory; the row counts as damaged (:meth:`ProgressStore.take_damage_notice`).

A learner is kept under their name exactly (:func:`learner_key`): names that differ only in invisible characters, or
past the 100th character, are never one learner; a name with invisible characters is refused, in plain words.

Two tabs (two kernels) of one learner writing the same row at the same moment (the learner's first visit, a place,
a lesson completed, a rule's practice card) are no error: each write is an upsert (``INSERT ... ON CONFLICT``), the
later one kept; an ``IntegrityError`` from another database is retried once before the store gives up saving.
Notices say why in plain words; the error itself, and a server's URL, go to the server's log only
(logger ``rules_tutor.progress``).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import String, case, cast, func, select, update
from sqlalchemy.orm import Session as DbSession

from ..core.errors import said
from ..practice.schedule import card_from_json, card_json, missed, now, review, utc
from ..registry import KNOWN_GAMES
from .database import (ENV_DB, HEAD, MIGRATIONS, PG_CONNECT_TIMEOUT, RETRY_SECONDS, RETRY_TIMEOUT,  # noqa: F401
                       SERVER_OPEN_WAIT, SERVER_WAIT, SQLITE_TIMEOUT, NotTutorDatabase, TUTOR_TABLES, at_head,
                       default_url, migrate, tutor_revisions)
from .guarded import PENDING_MAX, GuardedStore  # noqa: F401
from .models import (CARD_MAX, CLAUSE_MAX, GAME_MAX, KEY_MAX, KIND_MAX, LESSON_MAX, PAGE_MAX, PLACE_MAX,
                     TIME_TEXT_MAX, ClauseCard, LessonCompletion, PracticeAnswer, ResumePlace, within)
from .names import (INVISIBLE, LONG_MARK, NAME_TAKEN_MAX, LearnerNameError, clean_name, invisible_chars,  # noqa: F401
                    learner_key, learner_name, shown_name)
from .rows import _stored_time, _upsert_insert

log = logging.getLogger("tutor.progress")

KINDS = ("can-do", "why-not", "what-happens", "which-rule")
#: How many places of one page are kept set aside (:meth:`ProgressStore.set_aside`).
ASIDE_SLOTS = 10
#: Most practice answers of one game read (the newest): a learner answers a few hundred.
ANSWERS_READ = 5_000
#: Most fsrs cards of one game read: one per clause (a few hundred at most).
CARDS_READ = 2_000


@dataclass(frozen=True)
class Answer:
    """One stored practice answer."""

    game: str
    kind: str
    clause: str
    chosen_clause: str | None
    correct: bool
    answered_at: datetime
    question: str


def _check(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ValueError(f"{what} must be text of 1 to {limit} characters, got {said(value, 60)}")
    return value


def _game(game: Any) -> str:
    if game not in KNOWN_GAMES:
        raise ValueError(f"unknown game id {said(game)}; valid game ids: {', '.join(KNOWN_GAMES)}")
    return game


class ProgressStore(GuardedStore):
    """One learner's progress in one database.

    Args:
        url: a SQLAlchemy URL (default :func:`default_url`).
        learner: the learner's name (default :func:`learner_name`), kept under :func:`learner_key` of it. A name
            that function refuses (invisible characters, spaces around it...) is no error: the store works in
            memory from the start and ``notice`` says why.

    Attributes: ``url`` (as given, for messages: its password is never shown), ``learner`` (the key, or for a
    refused name the name as :func:`shown_name` shows it), ``saving`` (False once the store works in memory only),
    ``notice`` (why not, else ``None``).

    Methods raise ``ValueError`` for a bad argument (unknown game, empty or too long id; an empty ``learner``);
    database trouble never raises.
    """

    def __init__(self, url: str | None = None, learner: str | None = None) -> None:
        #: ``(game, clause)`` of stored fsrs cards that could not be read (they start again; see :meth:`cards`)
        self.damaged: set[tuple[str, str]] = set()
        #: pages whose kept place could not be read (larger than :data:`PLACE_MAX`, or not text: a tampered row)
        self.damaged_places: set[str] = set()
        self._damage_told = False
        super().__init__(url, learner)

    # -- practice -------------------------------------------------------------------------------------------------
    def record_answer(self, game: str, kind: str, clause: str, correct: bool, *, chosen_clause: str | None = None,
                      question: str = "", when: datetime | None = None,
                      reviews: dict[str, bool] | None = None) -> None:
        """Keep one answer and review the clause's fsrs card (``Good`` when ``correct``, else ``Again``); a wrong
        answer whose chosen option names another clause (a blocked action picked in a can-do question) also marks
        that clause's card ``Again``. ``reviews`` (``{clause id: right}``) reviews more clauses the question tested
        (the rules of a what-happens chain, say) without counting more answers."""
        game = _game(game)
        if kind not in KINDS:
            raise ValueError(f"unknown question kind {said(kind)}; kinds: {', '.join(KINDS)}")
        _check(clause, "clause", CLAUSE_MAX)
        if chosen_clause is not None:
            _check(chosen_clause, "chosen_clause", CLAUSE_MAX)
        when = utc(when or now())
        question = str(question)[:KEY_MAX]
        more = {}
        for cid, ok in (reviews or {}).items():
            more[_check(cid, "reviews", CLAUSE_MAX)] = bool(ok)

        def fn(db: DbSession, lid: int) -> None:
            db.add(PracticeAnswer(learner_id=lid, game=game, kind=kind, clause=clause, chosen_clause=chosen_clause,
                                  correct=bool(correct), answered_at=when, question=question))
            marks = {clause: bool(correct)}
            if not correct and chosen_clause and chosen_clause != clause:
                marks[chosen_clause] = False
            for cid, ok in more.items():
                marks.setdefault(cid, ok)
            for cid, ok in marks.items():
                self._review(db, lid, game, cid, ok, when)

        self._write(fn)

    def take_damage_notice(self) -> str | None:
        """One or two sentences, the first time it is asked for after :meth:`cards` met stored cards it could not
        read, or :meth:`place` a kept place it could not read (then ``None``): which rules' practice starts again,
        and that the page starts afresh. Nothing else kept is touched."""
        if not (self.damaged or self.damaged_places) or self._damage_told:
            return None
        self._damage_told = True
        said = []
        if self.damaged:
            n = len(self.damaged)
            which = "one rule" if n == 1 else f"{n} rules"
            said.append(f"Part of your practice record could not be read (the review history of {which}), so "
                        f"practice of {'that rule' if n == 1 else 'those rules'} starts again. Your answers so far "
                        "are all kept.")
        if self.damaged_places:
            said.append("Where you were when you last left this page could not be read (what was kept there is "
                        "larger than the tutor ever keeps, or is not text), so the page starts afresh. Your lessons "
                        "done and your practice answers are all kept.")
        return " ".join(said)

    def _review(self, db: DbSession, lid: int, game: str, clause: str, correct: bool, when: datetime) -> None:
        # only the card's JSON is read: a damaged date beside it (a tampered file) never stops the answer being kept
        key = (ClauseCard.learner_id == lid, ClauseCard.game == game, ClauseCard.clause == clause)
        found = db.execute(select(within(ClauseCard.card, CARD_MAX)).where(*key)).first()
        stored = found[0] if found is not None else None
        try:
            if found is not None and stored is None:  # larger than a card ever is: a tampered row
                raise ValueError("card too large")
            old = card_from_json(stored) if stored is not None else None
        except (ValueError, TypeError):  # unreadable: it starts again (said once, see take_damage_notice)
            self.damaged.add((game, clause))
            old = None
        stored = None if found is None else (stored or "")  # (an unreadable card is written over)
        card = review(old, correct, when)
        insert = _upsert_insert(db) if stored is None else None
        if insert is not None:  # another tab may make this card at the same moment: the later review is kept
            values = {"card": card_json(card), "due": card.due, "updated_at": when}
            db.execute(insert(ClauseCard).values(learner_id=lid, game=game, clause=clause, **values)
                       .on_conflict_do_update(index_elements=["learner_id", "game", "clause"], set_=values))
        elif stored is None:
            db.add(ClauseCard(learner_id=lid, game=game, clause=clause, card=card_json(card), due=card.due,
                              updated_at=when))
        else:
            db.execute(update(ClauseCard).where(*key).values(card=card_json(card), due=card.due, updated_at=when))

    def cards(self, game: str) -> dict:
        """``{clause id: fsrs Card}`` of ``game`` (a card whose stored JSON is unreadable is left out)."""
        game = _game(game)

        def fn(db: DbSession, lid: int) -> dict:
            out = {}
            rows = db.execute(select(within(ClauseCard.clause, CLAUSE_MAX), within(ClauseCard.card, CARD_MAX))
                              .where(ClauseCard.learner_id == lid, ClauseCard.game == game).limit(CARDS_READ))
            for clause, text in rows:  # (its dates are not needed here; an oversize value comes back as None)
                if not isinstance(clause, str):  # a clause id longer than any: not a rule of the game
                    continue
                try:
                    if not isinstance(text, str):
                        raise ValueError("card too large, or not text")
                    out[clause] = card_from_json(text)
                except (ValueError, TypeError):  # it starts again; said once by take_damage_notice, never logged
                    log.debug("progress: the card of %s in %s is unreadable; it starts again", clause, game)
                    self.damaged.add((game, clause))
            return out

        return self._read(fn)

    def answers(self, game: str) -> list[Answer]:
        """The practice answers of ``game``, oldest first: the newest :data:`ANSWERS_READ` (a learner answers a few
        hundred; a database holding 300,000 rows took 39 s to read whole). A row whose time is not readable (a
        tampered file) is left out, and counted as damaged (:meth:`take_damage_notice`)."""
        game = _game(game)

        def fn(db: DbSession, lid: int) -> list[Answer]:
            rows = db.execute(select(within(PracticeAnswer.game, GAME_MAX), within(PracticeAnswer.kind, KIND_MAX),
                                     within(PracticeAnswer.clause, CLAUSE_MAX),
                                     within(PracticeAnswer.chosen_clause, CLAUSE_MAX), PracticeAnswer.correct,
                                     within(cast(PracticeAnswer.answered_at, String), TIME_TEXT_MAX),
                                     within(PracticeAnswer.question, KEY_MAX))
                              .where(PracticeAnswer.learner_id == lid, PracticeAnswer.game == game)
                              .order_by(PracticeAnswer.id.desc()).limit(ANSWERS_READ))
            out = []
            for g, kind, clause, chosen, correct, at, question in rows:
                when = _stored_time(at)
                if when is None or not isinstance(clause, str) or not isinstance(kind, str):
                    self.damaged.add((game, str(clause)[:CLAUSE_MAX]))
                    continue
                out.append(Answer(game, kind, clause, chosen if isinstance(chosen, str) else None, bool(correct), when,
                                  question if isinstance(question, str) else ""))
            out.reverse()  # in the order they were kept
            out.sort(key=lambda a: a.answered_at)  # oldest first (stable: answers of one moment keep their order)
            return out

        return self._read(fn)

    def answer_counts(self, game: str) -> tuple[int, int]:
        """``(answers, right answers)`` of ``game``, all of them, counted by the database (:meth:`answers` reads the
        newest :data:`ANSWERS_READ` only: attack 40 saw 300,002 answers, one wrong, said as "5000 answered, 5000
        right"). A row whose ``correct`` is not true (a tampered value included) counts as not right."""
        game = _game(game)

        def fn(db: DbSession, lid: int) -> tuple[int, int]:
            n, right = db.execute(select(func.count(), func.sum(case((PracticeAnswer.correct.is_(True), 1), else_=0)))
                                  .where(PracticeAnswer.learner_id == lid, PracticeAnswer.game == game)).one()
            return int(n or 0), int(right or 0)

        return self._read(fn)

    def last_results(self, game: str) -> dict[str, bool]:
        """``{clause id: False when its card's latest review was a miss (not answered rightly since), else True}``
        for every clause practised (see :func:`tutor.practice.schedule.missed`)."""
        return {cid: not missed(card) for cid, card in self.cards(game).items()}

    # -- lessons and places ---------------------------------------------------------------------------------------
    def complete_lesson(self, game: str, lesson: str, when: datetime | None = None) -> None:
        """Mark ``lesson`` of ``game`` completed (kept once, with the first time)."""
        game = _game(game)
        _check(lesson, "lesson", LESSON_MAX)

        def fn(db: DbSession, lid: int) -> None:
            insert = _upsert_insert(db)
            if insert is not None:  # kept once, with the first time, whichever tab writes first
                db.execute(insert(LessonCompletion).values(learner_id=lid, game=game, lesson=lesson,
                                                           completed_at=utc(when or now()))
                           .on_conflict_do_nothing(index_elements=["learner_id", "game", "lesson"]))
                return
            done = db.scalar(select(LessonCompletion.id).where(LessonCompletion.learner_id == lid,
                                                               LessonCompletion.game == game,
                                                               LessonCompletion.lesson == lesson))
            if done is None:
                db.add(LessonCompletion(learner_id=lid, game=game, lesson=lesson, completed_at=utc(when or now())))

        self._write(fn)

    def lessons_done(self, game: str) -> set[str]:
        """Ids of the lessons of ``game`` the learner completed."""
        game = _game(game)
        return self._read(lambda db, lid: {x for x in db.scalars(select(within(LessonCompletion.lesson, LESSON_MAX))
                                                                 .where(LessonCompletion.learner_id == lid,
                                                                        LessonCompletion.game == game))
                                           if isinstance(x, str)})  # (an oversize id is no lesson's)

    def save_place(self, page: str, data: str) -> None:
        """Keep ``data`` (text, at most 4 MiB) as where the learner is on ``page`` (replacing what was kept)."""
        _check(page, "page", PAGE_MAX)
        if not isinstance(data, str) or len(data) > PLACE_MAX:
            raise ValueError(f"a place is text of at most {PLACE_MAX} characters")

        def fn(db: DbSession, lid: int) -> None:
            insert = _upsert_insert(db)
            if insert is not None:  # another tab may keep its place at the same moment: the later one is kept
                t = now()
                db.execute(insert(ResumePlace).values(learner_id=lid, page=page, data=data, updated_at=t)
                           .on_conflict_do_update(index_elements=["learner_id", "page"],
                                                  set_={"data": data, "updated_at": t}))
                return
            row = db.get(ResumePlace, (lid, page))
            if row is None:
                db.add(ResumePlace(learner_id=lid, page=page, data=data, updated_at=now()))
            else:
                row.data, row.updated_at = data, now()

        self._write(fn)

    def set_aside(self, page: str, data: str) -> str:
        """Keep ``data``, a place of ``page`` that the page cannot resume, set aside (never deleted: the page writes
        its own place over ``page`` next) under ``<page>:set-aside``, or ``:set-aside-2`` … ``-<ASIDE_SLOTS>`` when
        that holds another place already (attack trial 34: a second place lost replaced the first); the same text is
        kept once; with every slot taken, the oldest goes: each place moves up one slot and the last takes ``data``
        (attack 35: the last slot was written over, so the newest places were lost and the oldest kept). Returns the
        key used. Raises as :meth:`save_place`."""
        keys = [f"{page}:set-aside" + ("" if i == 1 else f"-{i}") for i in range(1, ASIDE_SLOTS + 1)]
        held = [self.place(k) for k in keys]
        for key, text in zip(keys, held):
            if not text or text == data:
                self.save_place(key, data)
                return key
        for key, text in zip(keys, held[1:]):
            self.save_place(key, text)
        self.save_place(keys[-1], data)
        return keys[-1]

    def place(self, page: str) -> str | None:
        """What :meth:`save_place` kept for ``page``, else ``None``. A kept place larger than :data:`PLACE_MAX`
        (which the store never writes: a tampered row) or not text is never read into memory (the database measures
        it, see :func:`~tutor.progress.models.within`): ``None`` too, the page is added to ``damaged_places`` and
        :meth:`take_damage_notice` says so once; the row and everything else kept stay as they are."""
        _check(page, "page", PAGE_MAX)

        def fn(db: DbSession, lid: int) -> str | None:
            row = db.execute(select(within(ResumePlace.data, PLACE_MAX))
                             .where(ResumePlace.learner_id == lid, ResumePlace.page == page)).first()
            if row is None:
                return None
            if not isinstance(row[0], str):
                log.debug("progress: the kept place of %s is larger than %d characters or not text; not read",
                          page, PLACE_MAX)
                self.damaged_places.add(page)
                return None
            return row[0]

        return self._read(fn)
