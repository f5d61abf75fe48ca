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

import getpass
import hashlib
import logging
import os
import threading
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, TypeVar

from sqlalchemy import DateTime, String, cast, delete, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session as DbSession

from ..practice.schedule import card_from_json, card_json, missed, now, review, utc
from ..registry import KNOWN_GAMES
from .database import (describe_url, ENV_DB, HEAD, MIGRATIONS, PG_CONNECT_TIMEOUT, RETRY_SECONDS, RETRY_TIMEOUT, SQLITE_TIMEOUT,  # noqa: F401
                       SERVER_OPEN_WAIT, SERVER_WAIT,
                       NotTutorDatabase, TUTOR_TABLES, alembic_errors, _engine, _locked, _reason, at_head,
                       check_tutor_database, default_url, migrate, tutor_revisions, bounded, learner_where, NoAnswer,
                       server_wait, sever)
from .models import (CARD_MAX, CLAUSE_MAX, Base, GAME_MAX, KEY_MAX, KIND_MAX, LEARNER_TABLES, LESSON_MAX, NAME_MAX,
                     PAGE_MAX, PLACE_MAX, TIME_TEXT_MAX, ClauseCard, Learner, LessonCompletion, PracticeAnswer,
                     ResumePlace, within)

log = logging.getLogger("tutor.progress")
#: The logger of why a database could not be used (its error and a server's URL): not under ``tutor``, whose warnings
#: a page's error panel shows; in a page's kernel it writes to the kernel's stderr, the server's log.
_server_log = logging.getLogger("rules_tutor.progress")
T = TypeVar("T")

#: Writes kept in memory for a locked database (more are kept in memory only).
PENDING_MAX = 2000
KINDS = ("can-do", "why-not", "what-happens")
#: Most practice answers of one game read (the newest): a learner answers a few hundred.
ANSWERS_READ = 5_000
#: Most fsrs cards of one game read: one per clause (a few hundred at most).
CARDS_READ = 2_000


def learner_name() -> str:
    """The learner's name as the environment gives it: ``$JUPYTERHUB_USER`` on a hub (exactly as it is: never
    stripped or cleaned, see :func:`learner_key`), else the local user name (``"learner"`` if neither is known)."""
    name = os.environ.get("JUPYTERHUB_USER", "")
    if not name:
        try:
            name = getpass.getuser()
        except (KeyError, OSError):  # no user name in the environment or the password database
            name = ""
    return name or "learner"


def clean_name(name: str) -> str:
    """``name`` without control characters, stripped, at most :data:`NAME_MAX` characters: for showing a name only
    (the class hub's login rule, ``deploy/tutor_hub.py``, refuses any name this changes). Never the key of a learner's
    progress: two names that differ only in what this removes are different people (see :func:`learner_key`)."""
    return "".join(ch for ch in str(name) if ch.isprintable()).strip()[:NAME_MAX]


class LearnerNameError(ValueError):
    """A learner's name the progress store will not keep progress under (see :func:`learner_key`); its message is
    one plain sentence for the learner."""


#: Characters Python counts as printable that show nothing (Unicode's default-ignorable code points that are not
#: format characters: the combining grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other
#: variation selectors; and the blank Braille pattern).
INVISIBLE = frozenset(map(chr, (0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800,
                                0x3164, 0xFFA0, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))))
#: Longest name taken at all (a longer one is refused, not hashed: no sign-in name is that long).
NAME_TAKEN_MAX = 1000
#: The mark between the start of a long name and its digest in :func:`learner_key` (32 hexadecimal digits follow).
LONG_MARK = "\u2026"
_DIGEST_HEX = 32


def invisible_chars(name: str) -> list[str]:
    """The characters of ``name`` that show nothing or change how the rest shows: control, format (zero-width
    spaces and joiners, soft hyphens, bidi controls, word joiners, the byte-order mark...), separators other than
    the plain space (no-break, line and paragraph separators...), surrogates, private-use and unassigned code
    points, and :data:`INVISIBLE`; each once, in order."""
    out: list[str] = []
    for ch in name:
        if (not ch.isprintable() or ch in INVISIBLE) and ch not in out:
            out.append(ch)
    return out


def _char_words(ch: str) -> str:
    """``U+200B ZERO WIDTH SPACE``: a character named for a learner (never the character itself)."""
    named = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {named}" if named else "")


def learner_key(name: str) -> str:
    """The name a learner's progress is kept under in the database (the ``learner`` table's ``name``): the same name
    always gives the same key, and two different names never give the same one.

    The choice, and why: a name is kept exactly as it is (never cleaned, stripped or cut), since any folding merges
    two people into one learner row (they then read and overwrite each other's progress), and the class hub's own
    login rule is not the only way in: another authenticator (LDAP, OAuth) may hand any name to a learner's server.

    - A name holding characters that show nothing or reorder the text (:func:`invisible_chars`: zero-width and
      bidi controls, other format characters, control characters, odd spaces) or spaces around it is refused
      (:class:`LearnerNameError`), not kept: the teacher's class page lists learners by name, and such a name looks
      exactly like another learner's (``alice`` and ``alice`` + a zero-width space), so it could pass for them
      there. The page then works on in memory and says why in one plain sentence.
    - A name longer than :data:`NAME_MAX` characters (a long directory name) is kept as its first characters, then
      :data:`LONG_MARK` and 32 hexadecimal digits of its SHA-256 (exactly :data:`NAME_MAX` characters): such a
      person keeps saving, and two long names that share their first 67 characters stay two learners. A name of
      :data:`NAME_MAX` characters or fewer that has that very form is refused, so no short name can take a long
      one's row. Names over :data:`NAME_TAKEN_MAX` characters are refused.

    Returns the key (``name`` itself for a name of at most :data:`NAME_MAX` characters).

    Raises:
        LearnerNameError: the name is empty, not text, too long, has spaces around it, has the long-name form, or
            holds invisible characters; its message is a plain sentence for the learner.
    """
    if not isinstance(name, str) or not name:
        raise LearnerNameError("You have no sign-in name, so the tutor cannot tell your progress from other "
                               "learners'.")
    bad = invisible_chars(name)
    if bad:
        shown = ", ".join(_char_words(ch) for ch in bad[:3]) + (f" and {len(bad) - 3} more" if len(bad) > 3 else "")
        raise LearnerNameError(f"Your sign-in name holds characters that cannot be seen ({shown}), so it could "
                               "be taken for another learner's name.")
    if name != name.strip():
        raise LearnerNameError("Your sign-in name begins or ends with a space, so it could be taken for another "
                               "learner's name.")
    if len(name) > NAME_TAKEN_MAX:
        raise LearnerNameError(f"Your sign-in name is longer than {NAME_TAKEN_MAX} characters, longer than the "
                               "tutor keeps.")
    if len(name) <= NAME_MAX:
        if _long_form(name):
            raise LearnerNameError("Your sign-in name has the form the tutor gives to very long names, so it could "
                                   "be taken for another learner's name.")
        return name
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:_DIGEST_HEX]
    return name[:NAME_MAX - _DIGEST_HEX - len(LONG_MARK)] + LONG_MARK + digest


def _long_form(key: str) -> bool:
    """Whether ``key`` has the form :func:`learner_key` gives a long name (start, mark, 32 hex digits)."""
    tail = key[-_DIGEST_HEX:]
    return (len(key) == NAME_MAX and key[-_DIGEST_HEX - len(LONG_MARK):-_DIGEST_HEX] == LONG_MARK
            and all(c in "0123456789abcdef" for c in tail))


def shown_name(name: str) -> str:
    """``name`` for a page, every invisible character written as its code (``U+200B``) so that nothing in it is
    hidden; at most :data:`NAME_MAX` characters, then ``…``."""
    text = "".join(f"<U+{ord(ch):04X}>" if (not ch.isprintable() or ch in INVISIBLE) else ch for ch in str(name))
    return text if len(text) <= NAME_MAX else text[:NAME_MAX] + "…"


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


def _stored_time(text: Any) -> datetime | None:
    """A time as the database gives it back as text (SQLite: ``2026-12-01 22:00:00.000000``; PostgreSQL:
    ``2026-12-01 22:00:00+00``), in UTC; ``None`` when it is not a time (a tampered row)."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    text = text.strip()
    if len(text) > 3 and text[-3] in "+-" and text[-2:].isdigit() and ":" not in text[-3:]:
        text += ":00"  # PostgreSQL's "+00" offset
    try:
        return utc(datetime.fromisoformat(text))
    except ValueError:
        return None


def _check(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ValueError(f"{what} must be text of 1 to {limit} characters, got {str(value)[:60]!r}")
    return value


def _game(game: Any) -> str:
    if game not in KNOWN_GAMES:
        raise ValueError(f"unknown game id {game!r}; valid game ids: {', '.join(KNOWN_GAMES)}")
    return game


class ProgressStore:
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
        #: ``(game, clause)`` of stored fsrs cards that could not be read (they start again; see :meth:`cards`)
        self.damaged: set[tuple[str, str]] = set()
        #: pages whose kept place could not be read (larger than :data:`PLACE_MAX`, or not text: a tampered row)
        self.damaged_places: set[str] = set()
        self._damage_told = False
        self._learner_id: int | None = None
        self.engine: Engine | None = None
        self._pending: list[Callable[[DbSession, int], Any]] = []  # writes made in memory while the database is locked
        self._retry_at: float | None = None  # when to try a locked database again (None: never)
        #: seconds one read or write of a database server may take before the store goes on in memory (None: SQLite)
        self._wait = server_wait(self.url)
        if refused is not None:  # never saved under another learner's row: in memory, said once
            self._refuse_name(refused, given)
            return
        opened: dict = {}  # what the opening made (filled in by its thread, which may be left behind if it hangs)

        def open_it() -> None:
            engine = opened["engine"] = _engine(self.url)
            check_tutor_database(engine)
            migrate(engine)
            opened["learner"] = lid = self._ensure_learner(engine)
            self._probe_write(engine, lid)

        try:
            bounded(open_it, server_wait(self.url, opening=True))
            self.engine, self._learner_id = opened["engine"], opened["learner"]
        except (SQLAlchemyError, OSError, ArgumentError, ValueError, *alembic_errors()) as exc:
            if not isinstance(exc, NoAnswer):  # (a hung server's rows cannot be read: nothing is copied)
                self.engine, self._learner_id = opened.get("engine"), opened.get("learner")
            self._fall_back(exc)

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
            self.notice = (f"Your progress cannot be saved ({self._where()}: {_reason(exc)}). This page works as "
                           "usual, but what you do now is kept only until you close it.")
        mem = _engine("sqlite://")
        migrate(mem)
        new_id = self._ensure_learner(mem)
        if old is not None and old_id is not None:
            try:
                _copy_learner(old, old_id, mem, new_id)
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
        on in memory and set ``notice`` as at opening. Returns ``saving``; never raises for database trouble."""
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
        transaction, and save there again."""
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
            raise ValueError(f"unknown question kind {kind!r}; kinds: {', '.join(KINDS)}")
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

    def close(self) -> None:
        """Release the database connections."""
        if self.engine is not None:
            self.engine.dispose()


def _upsert_insert(db: DbSession):
    """The ``insert`` of the session's database dialect that has ``on_conflict_do_nothing`` / ``_do_update``
    (SQLite's or PostgreSQL's), else ``None`` (another database: a plain insert, a race retried by ``_write``)."""
    name = db.get_bind().dialect.name
    if name == "sqlite":
        from sqlalchemy.dialects.sqlite import insert
        return insert
    if name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
        return insert
    return None


class _GivenUp(Exception):
    """Raised in a write's own thread once the page has given up waiting for it: its transaction is rolled back."""


def _unless_given_up(db: DbSession, given_up: threading.Event, held: dict, write: Callable[[], T]) -> T:
    """``write()`` in ``db``'s transaction (run in :func:`bounded`'s thread), unless the page has given up waiting
    for it (``given_up``): then :class:`_GivenUp` rolls it back instead of letting it go on, so a write the page
    stopped waiting for (a paused server) is never committed once the server answers again. The connection is put
    in ``held["connection"]`` first, for :func:`_give_up` to sever."""
    held["connection"] = db.connection().connection.dbapi_connection  # (after the pool's checkout and ping)
    if given_up.is_set():
        raise _GivenUp
    out = write()
    if given_up.is_set():  # never a COMMIT after the page went on without this write
        raise _GivenUp
    return out


def _give_up(given_up: threading.Event, held: dict) -> None:
    """The page stops waiting for a write (:func:`_unless_given_up`): mark it, and shut its connection, so that the
    server, once it answers again, finds the connection gone and rolls the transaction back (a server-side
    ``idle_in_transaction_session_timeout`` covers a COMMIT already sent, see :func:`~.database._engine`)."""
    given_up.set()  # (set before the connection is read: the write's thread sets it before it reads the mark)
    sever(held.get("connection"))


class _Rollback(Exception):
    """Raised inside a transaction to roll it back (the write probe)."""


#: The longest value read back of each text column that has no length of its own (the others: their ``String(n)``).
_TEXT_MAX = {"data": PLACE_MAX, "card": CARD_MAX}


def _copy_learner(src: Engine, src_id: int, dst: Engine, dst_id: int) -> None:
    """Copy one learner's rows from ``src`` to ``dst`` (read only on ``src``). Each text value is read only when it
    is no longer than the store writes (:func:`~tutor.progress.models.within`) and each time only when it reads as
    one: a row holding anything else (a tampered file) is left behind, never read whole."""
    with DbSession(src) as a, DbSession(dst) as b, b.begin():
        for model in LEARNER_TABLES:
            b.execute(delete(model).where(model.learner_id == dst_id))
            cols = [c for c in model.__table__.columns if c.key not in ("learner_id", "id")]
            reads = []
            for c in cols:
                if isinstance(c.type, DateTime):
                    reads.append(within(cast(c, String), TIME_TEXT_MAX))
                elif isinstance(c.type, String):  # (Text too)
                    reads.append(within(c, getattr(c.type, "length", None) or _TEXT_MAX.get(c.key, KEY_MAX)))
                else:
                    reads.append(c)
            for row in a.execute(select(*reads).where(model.learner_id == src_id)):
                values = {}
                for c, value in zip(cols, row):
                    if isinstance(c.type, DateTime):
                        value = _stored_time(value)
                    elif isinstance(c.type, String) and value is not None and not isinstance(value, str):
                        value = None
                    if value is None and not c.nullable:
                        break
                    values[c.key] = value
                else:
                    b.add(model(learner_id=dst_id, **values))
