"""The database under a learner's progress, guarded: opened, read and written within a time bound, and on trouble
the store goes on in memory and says why once (the base of :class:`tutor.progress.store.ProgressStore`, whose
module tells what happens when the database is damaged, locked, not the tutor's, or a server that stops answering).
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable, TypeVar

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session as DbSession

from ..practice.schedule import now
from .database import (RETRY_SECONDS, RETRY_TIMEOUT, NoAnswer, _engine, _locked, _reason, alembic_errors, bounded,
                       check_tutor_database, default_url, describe_url, learner_where, migrate, server_wait)
from .models import NAME_MAX, PLACE_MAX, Learner, ResumePlace, within
from .names import LearnerNameError, learner_key, learner_name, lookalike_of, shown_name
from .rows import _copy_learner, _give_up, _Rollback, _unless_given_up, _upsert_insert

log = logging.getLogger("tutor.progress")
#: The logger of why a database could not be used (its error and a server's URL): not under ``tutor``, whose warnings
#: a page's error panel shows; in a page's kernel it writes to the kernel's stderr, the server's log.
_server_log = logging.getLogger("rules_tutor.progress")
T = TypeVar("T")

#: Writes kept in memory for a locked database (more are kept in memory only).
PENDING_MAX = 2000
#: Most learner names read when a new learner's name is compared with those kept (:func:`lookalike_of`).
LOOKALIKE_SCAN = 20_000


class GuardedStore:
    """One learner's row in one database, every read and write of it guarded (see :class:`ProgressStore`, which
    adds what is kept: practice, lessons, places). Args and attributes as :class:`ProgressStore`'s."""

    def __init__(self, url: str | None = None, learner: str | None = None) -> None:
        self.url = url or default_url()
        if learner is not None and not learner:
            raise ValueError("a learner needs a name")
        given = learner if learner is not None else learner_name()
        try:
            #: the learner's key in the database (:func:`learner_key`); for a refused name, the name as shown
            self.learner = learner_key(given)
            refused = None
        except LearnerNameError as exc:
            self.learner, refused = shown_name(given), exc
        self.saving = True
        self.notice: str | None = None
        self._told = False
        self._learner_id: int | None = None
        self.engine: Engine | None = None
        self._pending: list[Callable[[DbSession, int], Any]] = []  # writes made in memory while the database is locked
        self._retry_at: float | None = None  # when to try a locked database again (None: never)
        self._blind = False  # in memory without the learner's rows (unreadable at the fall back): see _try_again
        #: the database could not be opened (damaged, not the tutor's; not locked, not hung): recheck tries again
        self._unopened = False
        #: seconds one read or write of a database server may take before the store goes on in memory (None: SQLite)
        self._wait = server_wait(self.url)
        if refused is not None:  # never saved under another learner's row: in memory, said once
            self._refuse_name(refused, given)
            return
        opened: dict = {}  # what the opening made (filled in by its thread, which may be left behind if it hangs)
        try:
            self._open(opened)
            self.engine, self._learner_id = opened["engine"], opened["learner"]
        except LearnerNameError as exc:  # another learner's name but for its marks: in memory, said (issue 14)
            if opened.get("engine") is not None:
                opened["engine"].dispose()
            self._refuse_name(exc, given)
        except (SQLAlchemyError, OSError, ArgumentError, ValueError, *alembic_errors()) as exc:
            if not isinstance(exc, NoAnswer):  # (a hung server's rows cannot be read: nothing is copied)
                self.engine, self._learner_id = opened.get("engine"), opened.get("learner")
            self._fall_back(exc)
            self._unopened = not _locked(exc) and not isinstance(exc, NoAnswer)

    def _open(self, opened: dict) -> None:
        """Open the database, check it is the tutor's, migrate it, make the learner's row and probe a write, within
        the opening's time bound; ``opened`` gets ``engine`` and ``learner`` as they are made (a thread left behind by
        a hung server may fill them later). Raises what the database raises (:class:`NoAnswer` when it hangs)."""

        def open_it() -> None:
            engine = opened["engine"] = _engine(self.url)
            check_tutor_database(engine)
            migrate(engine)
            self._check_lookalike(engine)
            opened["learner"] = lid = self._ensure_learner(engine)
            self._probe_write(engine, lid)

        bounded(open_it, server_wait(self.url, opening=True))

    # -- trouble ------------------------------------------------------------------------------------------------
    def _where(self) -> str:
        """Where the database is, in words for the learner's notice (a server's URL only in the server log)."""
        return learner_where(self.url)

    def _fall_back(self, exc: BaseException) -> None:
        """Go on in memory with a copy of what can still be read of this learner; say so once (in plain words: the
        error's class and message, and a server's URL, go to the server log only)."""
        first = " ".join(str(exc).split())[:300]
        _server_log.warning("progress store %s not usable (%s): %s", describe_url(self.url), type(exc).__name__, first)
        old, old_id = self.engine, self._learner_id
        if isinstance(exc, NoAnswer):  # a hung server: nothing more is asked of it (its rows cannot be read)
            old = None
        self.saving, self._wait = False, None
        if _locked(exc):
            self._retry_at = time.monotonic() + RETRY_SECONDS
            self.notice = (f"Your progress is not being saved right now ({self._where()}: {_reason(exc)}). This "
                           "page works as usual; what you do is kept and saved there once it is free again, if that "
                           "is before you close the page.")
        else:
            self._retry_at = None
            self.notice = self._cannot_save(exc)
        mem = _engine("sqlite://")
        migrate(mem)
        new_id = self._ensure_learner(mem)
        #: the memory store started without the learner's rows (unreadable too): a place written there was made
        #: without the one kept, which is set aside, not written over, when the writes are made again (attack 40)
        self._blind = old is not None and old_id is not None
        if self._blind:
            try:
                _copy_learner(old, old_id, mem, new_id)
                self._blind = False
            except (SQLAlchemyError, OSError) as exc2:  # unreadable too: start empty
                log.debug("progress store: could not read the learner's rows: %s", exc2)
        if old is not None:
            old.dispose()
        elif self.engine is not None:  # a hung server's pooled connections are closed without waiting
            threading.Thread(target=self.engine.dispose, daemon=True).start()
        self.engine, self._learner_id = mem, new_id

    def recheck(self) -> bool:
        """Check again, on a fresh connection and within the usual time bound, that the database still takes this
        learner's progress: a page made in a kernel Voila pre-heated opened it before the visit, and the file may have
        been damaged or replaced since (then the page said nothing until the learner's first answer). On trouble, go
        on in memory and set ``notice`` as at opening. A database that could not be opened then (damaged, not the
        tutor's) is opened again: mended or replaced since, the page saves there and says nothing (attack
        34: a pre-heated page said "cannot be saved" once after the file was mended; nothing the learner did is lost,
        since the page is asked for before the learner does anything). Returns ``saving``; never raises for database
        trouble."""
        if not self.saving and self._unopened and not self._told:  # (told: the learner knows it is in memory)
            return self._reopen()
        if not self.saving or self.engine is None or self._learner_id is None:
            return self.saving
        engine, lid = self.engine, self._learner_id

        def check() -> None:
            engine.dispose()  # a connection opened before still reads a file replaced since
            check_tutor_database(engine)
            self._probe_write(engine, lid)
        try:
            bounded(check, self._wait)
        except (SQLAlchemyError, OSError, ArgumentError, ValueError, *alembic_errors()) as exc:
            self._fall_back(exc)
        return self.saving

    def _cannot_save(self, exc: BaseException) -> str:
        """The notice of a database that cannot take this learner's progress (not a locked one), in plain words."""
        return (f"Your progress cannot be saved ({self._where()}: {_reason(exc)}). This page works as usual, but "
                "what you do now is kept only until you close it.")

    def _reopen(self) -> bool:
        """Open the database again (:meth:`recheck` of a store that could not open it); on success drop the memory
        store and its notice, on trouble keep them (the notice says the newest reason)."""
        opened: dict = {}
        try:
            self._open(opened)
        except (SQLAlchemyError, OSError, ArgumentError, ValueError, *alembic_errors()) as exc:
            engine = opened.get("engine")
            if engine is not None and not isinstance(exc, NoAnswer):
                engine.dispose()
            self.notice = self._cannot_save(exc)
            return False
        if self.engine is not None:
            self.engine.dispose()
        self.engine, self._learner_id = opened["engine"], opened["learner"]
        self.saving, self._wait, self.notice, self._told = True, server_wait(self.url), None, False
        self._unopened = False
        return True

    def _refuse_name(self, exc: LearnerNameError, given: str) -> None:
        """Go on in memory, saving nothing, for a name :func:`learner_key` refuses; the notice says why."""
        _server_log.warning("progress store: not saving for the learner name %r: %s", str(given)[:NAME_MAX + 20], exc)
        self.saving, self._wait, self._retry_at = False, None, None
        self.notice = (f"{exc} So your progress is not being saved: this page works as usual, but what you do now is "
                       "kept only until you close it.")
        self.engine = _engine("sqlite://")
        migrate(self.engine)
        self._learner_id = self._ensure_learner(self.engine)

    def take_notice(self) -> str | None:
        """The notice about not saving, the first time it is asked for (then ``None``)."""
        if self.notice is None or self._told:
            return None
        self._told = True
        return self.notice

    def _check_lookalike(self, engine: Engine) -> None:
        """LearnerNameError when this learner is new to ``engine``'s database and another learner kept there has a
        name that differs from theirs only by marks or invisible characters (:func:`lookalike_of`); a learner whose
        row is there already keeps it."""
        with DbSession(engine) as db:
            if db.scalar(select(Learner.id).where(Learner.name == self.learner)) is not None:
                return
            others = db.scalars(select(Learner.name).where(Learner.name != self.learner).limit(LOOKALIKE_SCAN)).all()
        refused = lookalike_of(self.learner, others)
        if refused is not None:
            raise refused

    def _ensure_learner(self, engine: Engine) -> int:
        """The learner's id in ``engine``'s database, made when new (an upsert: another tab or kernel making the same
        learner at the same moment is no error)."""
        with DbSession(engine) as db:
            got = db.scalar(select(Learner.id).where(Learner.name == self.learner))
            if got is not None:
                return got
            insert = _upsert_insert(db)
            if insert is None:  # a database without ON CONFLICT: a plain insert (a race is retried by _write)
                row = Learner(name=self.learner, created_at=now())
                db.add(row)
                db.commit()
                return row.id
            db.execute(insert(Learner).values(name=self.learner, created_at=now())
                       .on_conflict_do_nothing(index_elements=["name"]))
            db.commit()
            return db.scalar(select(Learner.id).where(Learner.name == self.learner))

    def _probe_write(self, engine: Engine, lid: int) -> None:
        """Fail now (not at the first answer) when the database can be read but not written."""
        try:
            with engine.begin() as conn:
                conn.execute(update(Learner).where(Learner.id == lid).values(name=self.learner))
                raise _Rollback
        except _Rollback:
            pass

    def _write(self, fn: Callable[[DbSession, int], T]) -> T | None:
        """Run ``fn(db, learner_id)`` in a transaction; on database trouble fall back to memory and run it there
        (kept to be made again in the database when it was only locked, see :meth:`_try_again`)."""
        if self._retry_at is not None:
            self._try_again()
        raced = False
        for _attempt in range(3):
            engine, lid = self.engine, self._learner_id
            given_up, held = threading.Event(), {}

            def run(engine: Engine = engine, lid: int = lid, given_up=given_up, held=held) -> T:
                with DbSession(engine) as db, db.begin():
                    return _unless_given_up(db, given_up, held, lambda: fn(db, lid))

            try:
                out = bounded(run, self._wait)
                if self._retry_at is not None:
                    if len(self._pending) >= PENDING_MAX:  # too much to make again: memory only from now on
                        self._retry_at, self._pending = None, []
                    else:
                        self._pending.append(fn)
                return out
            except IntegrityError as exc:  # another tab wrote the same row at the same moment: once more, on top of it
                if not self.saving:
                    raise
                if raced:
                    self._fall_back(exc)
                raced = True
            except NoAnswer as exc:  # the write given up on is never applied later (see _unless_given_up)
                _give_up(given_up, held)
                self._fall_back(exc)
            except (SQLAlchemyError, OSError) as exc:
                if not self.saving:
                    raise
                self._fall_back(exc)
        return None

    def _try_again(self) -> None:
        """After a lock made the store go on in memory: at most every :data:`RETRY_SECONDS`, try the database (waiting
        at most :data:`RETRY_TIMEOUT` s); when it is free, make the writes kept meanwhile there, in order, in one
        transaction, and save there again. When the learner's rows could not be read at the fall back (the memory
        store started empty), a kept place those writes replaced is set aside (``ProgressStore.set_aside``), never
        lost (attack 40: a practice place read during a lock was written over by the page's fresh start)."""
        if self._retry_at is None or time.monotonic() < self._retry_at:
            return
        self._retry_at = time.monotonic() + RETRY_SECONDS
        tried: dict = {}
        pending = list(self._pending)
        given_up, held = threading.Event(), {}

        def again() -> int:
            probe = tried["probe"] = _engine(self.url, RETRY_TIMEOUT)
            check_tutor_database(probe)
            migrate(probe)
            lid = self._ensure_learner(probe)
            if self._blind:  # the places kept there, before the writes made without them
                with DbSession(probe) as db:
                    tried["places"] = dict(db.execute(select(ResumePlace.page, within(ResumePlace.data, PLACE_MAX))
                                                      .where(ResumePlace.learner_id == lid)).all())
            with DbSession(probe) as db, db.begin():
                _unless_given_up(db, given_up, held, lambda: [fn(db, lid) for fn in pending])
            return lid

        try:
            lid = bounded(again, server_wait(self.url))
        except (SQLAlchemyError, OSError, ArgumentError, ValueError, *alembic_errors()) as exc:
            if isinstance(exc, NoAnswer):
                _give_up(given_up, held)
            log.debug("progress store %s still not usable: %s", describe_url(self.url), exc)
            if not _locked(exc):
                self._retry_at, self._pending = None, []
            if tried.get("probe") is not None and not isinstance(exc, NoAnswer):
                tried["probe"].dispose()
            return
        probe = tried["probe"]
        probe.dispose()
        self.engine.dispose()
        self.engine, self._learner_id, self._wait = _engine(self.url), lid, server_wait(self.url)
        self.saving, self.notice, self._told, self._pending, self._retry_at = True, None, False, [], None
        self._blind = False
        for page, text in tried.get("places", {}).items():  # a place written over was never read: set aside, kept
            if isinstance(text, str) and ":set-aside" not in page and self.place(page) != text:
                self.set_aside(page, text)

    def _read(self, fn: Callable[[DbSession, int], T]) -> T:
        engine, lid = self.engine, self._learner_id

        def run() -> T:
            with DbSession(engine) as db:
                return fn(db, lid)

        try:
            return bounded(run, self._wait)
        except (SQLAlchemyError, OSError) as exc:
            if not self.saving:
                raise
            self._fall_back(exc)
            with DbSession(self.engine) as db:
                return fn(db, self._learner_id)

    def close(self) -> None:
        """Release the database connections."""
        if self.engine is not None:
            self.engine.dispose()
