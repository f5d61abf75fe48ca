"""Opening the progress database: its URL (``$RULES_TUTOR_DB``), an engine with bounded waits (a locked SQLite file,
a PostgreSQL server that does not answer), the check that it is the tutor's own database before anything is written
(another program's database is never touched), and its schema brought up to date (Alembic migrations, skipped when
already at the newest). :mod:`tutor.progress.store` keeps a learner's progress in it.
"""
from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ..core.errors import display_path
from .models import Base

#: Environment variable naming the database URL.
ENV_DB = "RULES_TUTOR_DB"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: Seconds SQLite waits for another kernel's (or program's) lock to go before the page goes on without saving.
SQLITE_TIMEOUT = 1.5
#: Most seconds one SQLite statement may run (see :func:`_bounded_sqlite`), and how many of SQLite's virtual
#: machine steps pass between two looks at the clock.
SQLITE_STATEMENT_S, SQLITE_PROGRESS_STEPS = 3.0, 20_000
#: Seconds between tries of a locked database (made at a write), and how long such a try waits for the lock.
RETRY_SECONDS, RETRY_TIMEOUT = 20.0, 0.2
#: Seconds a page waits for a PostgreSQL server to answer a connection.
PG_CONNECT_TIMEOUT = 3
#: Seconds the PostgreSQL server lets one statement run before cancelling it (``statement_timeout``).
PG_STATEMENT_TIMEOUT = 3
#: Seconds a page waits for one read or write of a database server (PostgreSQL), and for opening it (connecting,
#: checking and migrating), before it goes on in memory: a server that stopped answering on a connection already
#: open (a hung or paused server, a cut network) is not covered by the connection, lock and statement timeouts,
#: which need the server or the network to say something.
SERVER_WAIT, SERVER_OPEN_WAIT = 5.0, 12.0
#: Share of :data:`SERVER_WAIT` a PostgreSQL server lets a transaction sit idle (waiting for the page's next
#: statement or its COMMIT) before it ends the session and rolls the transaction back
#: (``idle_in_transaction_session_timeout``); see :func:`_engine`.
PG_IDLE_IN_TRANSACTION_SHARE = 0.5


class NoAnswer(SQLAlchemyError):
    """A database server did not answer a read or write within its bounded wait (see :func:`bounded`)."""


def bounded(fn, seconds: float | None):
    """``fn()``, waiting at most ``seconds`` for it (``None``: called here, unbounded). The call runs in a daemon
    thread; when it has not returned in time it is left to finish (or hang) on its own.

    Returns what ``fn`` returns; raises what it raises.

    Raises:
        NoAnswer: ``fn`` did not return within ``seconds``.
    """
    if seconds is None:
        return fn()
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting caller
            out["error"] = exc

    worker = threading.Thread(target=run, name="progress-db", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise NoAnswer(f"the database server did not answer within {seconds:g} s")
    if "error" in out:
        raise out["error"]
    return out.get("value")


def sever(dbapi_connection) -> None:
    """Shut down the socket of a database server connection (psycopg 3 or psycopg2) from another thread, so that
    a call waiting on it returns (with an error) and the server, once it reads on, finds the connection closed and
    rolls back its open transaction. Never raises; nothing to do for a SQLite connection or ``None``."""
    if dbapi_connection is None:
        return
    try:
        pgconn = getattr(dbapi_connection, "pgconn", None)  # psycopg 3
        fd = pgconn.socket if pgconn is not None else dbapi_connection.fileno()  # psycopg2
        if not isinstance(fd, int) or fd < 0:
            return
        sock = socket.socket(fileno=os.dup(fd))
        try:
            sock.shutdown(socket.SHUT_RDWR)
        finally:
            sock.close()
    except Exception:  # noqa: BLE001 - already closed, or not a server connection: nothing to sever
        pass


def server_wait(url: str, opening: bool = False) -> float | None:
    """The bounded wait (seconds) of one read or write of the database at ``url`` (:data:`SERVER_WAIT`, or
    :data:`SERVER_OPEN_WAIT` when ``opening``), ``None`` for a SQLite file (local, bounded by its own lock timeout)."""
    try:
        if make_url(url).get_backend_name() == "sqlite":
            return None
    except ArgumentError:
        return None
    return SERVER_OPEN_WAIT if opening else SERVER_WAIT
def default_url() -> str:
    """``$RULES_TUTOR_DB`` when set, else ``sqlite:///<home>/.rules-tutor/progress.sqlite``."""
    env = os.environ.get(ENV_DB, "").strip()
    if env:
        return env
    return f"sqlite:///{Path.home() / '.rules-tutor' / 'progress.sqlite'}"


#: The newest migration's revision in :data:`MIGRATIONS` (tests/practice/test_progress.py checks it is Alembic's head).
HEAD = "0001"


def at_head(engine: Engine) -> bool:
    """True when the database's ``alembic_version`` holds exactly :data:`HEAD` (one read, without importing Alembic:
    a page opening a database that is up to date does not pay for it); False when it does not, or cannot be read."""
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [HEAD]
    except SQLAlchemyError:
        return False


_MIGRATING = threading.Lock()


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to the newest migration (Alembic ``upgrade head``, in one transaction); nothing
    to do when it is there already (:func:`at_head`)."""
    if at_head(engine):
        return
    from alembic import command  # only when there is something to do: a page opening an up-to-date database
    from alembic.config import Config  # does not pay for importing Alembic

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    # Alembic keeps the running migration in module-level proxies (alembic.context, alembic.op): two threads of one
    # kernel migrating at once (a page's background open and a click) mixed them up (KeyError: 'config')
    try:
        with _MIGRATING, engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    except SQLAlchemyError:
        # another kernel (a second tab opening at the same moment) is making the schema: its tables are there, its
        # schema version comes when it commits (waited for at most 2 x SQLITE_TIMEOUT)
        until = time.monotonic() + 2 * SQLITE_TIMEOUT
        while not at_head(engine):
            if time.monotonic() > until:
                raise
            time.sleep(0.05)


def _bounded_sqlite(engine: Engine) -> Engine:
    """Bound every statement of a SQLite ``engine`` to :data:`SQLITE_STATEMENT_S` seconds: SQLite has no statement
    timeout of its own, so a file another program made (a trigger that never ends, a query planned to run for
    hours) would hold the page and the file's lock for good. A progress handler, called every few thousand of
    SQLite's steps, interrupts the statement once its time is up (``OperationalError: interrupted``, then the page
    goes on in memory as for any database that cannot be used). Returns ``engine``."""
    @event.listens_for(engine, "connect")
    def _watch(dbapi_connection, record) -> None:
        deadline = record.info["rt_deadline"] = [None]
        dbapi_connection.set_progress_handler(
            lambda: 1 if deadline[0] is not None and time.monotonic() > deadline[0] else 0, SQLITE_PROGRESS_STEPS)

    @event.listens_for(engine, "before_cursor_execute")
    def _start(conn, cursor, statement, parameters, context, executemany) -> None:
        box = conn.info.get("rt_deadline")
        if box is not None:
            box[0] = time.monotonic() + SQLITE_STATEMENT_S

    @event.listens_for(engine, "after_cursor_execute")
    def _done(conn, cursor, statement, parameters, context, executemany) -> None:
        box = conn.info.get("rt_deadline")
        if box is not None:
            box[0] = None
    return engine


def _engine(url: str, timeout: float = SQLITE_TIMEOUT) -> Engine:
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        if u.database in (None, "", ":memory:"):
            return create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        Path(u.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        return _bounded_sqlite(create_engine(u, connect_args={"timeout": timeout}))
    if u.get_backend_name() == "postgresql" and u.get_driver_name() in ("psycopg", "psycopg2"):
        # a server that does not answer (a host that drops packets) or a table another session holds locked delays a
        # page by seconds, not minutes
        # (a server that stops answering on an open connection is bounded by the store's wait, see bounded())
        # A write the page gave up waiting for (the server paused, SIGSTOP) must not be applied once the server goes
        # on: the store never sends its COMMIT afterwards and shuts the connection (see sever()), but a COMMIT sent
        # just before the pause waits in the server's socket. statement_timeout does not help (its clock starts when
        # the server reads the statement, after the pause); idle_in_transaction_session_timeout does: the server's
        # timer runs through the pause, and on waking it ends the session, rolling the transaction back, before it
        # reads the COMMIT (tests/practice/test_progress_timed_out_write.py). Half of the page's wait, so that a
        # transaction the page gave up on has been idle longer than that by the time the page gives up (its
        # statements take milliseconds); no write of the store leaves a transaction idle for more than that.
        idle = max(1, int(SERVER_WAIT * PG_IDLE_IN_TRANSACTION_SHARE * 1000))
        bounds = {"connect_timeout": max(1, round(PG_CONNECT_TIMEOUT)),
                  "options": f"-c lock_timeout={int(SQLITE_TIMEOUT * 1000)} "
                             f"-c statement_timeout={int(PG_STATEMENT_TIMEOUT * 1000)} "
                             f"-c idle_in_transaction_session_timeout={idle}",
                  "tcp_user_timeout": int(SERVER_WAIT * 1000), "keepalives": 1, "keepalives_idle": 5,
                  "keepalives_interval": 2, "keepalives_count": 2}
        return create_engine(u, pool_pre_ping=True,
                             connect_args={k: v for k, v in bounds.items() if k not in u.query})  # the URL's own win
    return create_engine(u, pool_pre_ping=True)


def describe_url(url: str) -> str:
    """Where a database URL points, for messages: a SQLite file's shortened path (``"memory"`` for none), else the
    URL with its password hidden; ``"the database"`` when the URL cannot be read."""
    try:
        u = make_url(url)
        if u.get_backend_name() == "sqlite":
            return display_path(Path(u.database).expanduser()) if u.database else "memory"
        return display_path(u.render_as_string(hide_password=True))
    except Exception:  # noqa: BLE001 - an unreadable URL is named as "the database"
        return "the database"


def learner_where(url: str) -> str:
    """Where a database URL points, in words for a learner's notice: ``"the progress file"`` for a SQLite file
    (``"memory"`` for none), else ``"the class's progress database"``. Never a path or a URL: a server's file path,
    user, host, port and socket folder are for the server log only (see :func:`describe_url`)."""
    try:
        u = make_url(url)
        if u.get_backend_name() == "sqlite":
            return "the progress file" if u.database else "memory"
    except Exception:  # noqa: BLE001 - an unreadable URL is named as the progress database
        pass
    return "the class's progress database"


def prepare(url: str | None = None) -> str | None:
    """Check and migrate the progress database at ``url`` (default :func:`default_url`) once, before any page opens
    it: `rules-tutor serve` calls this at start, so that kernels starting together (pre-heated pages, a class
    opening at once) never race to create the tables of a new SQLite file (the loser would go on in memory).

    Returns ``None`` when the database is ready, else a few words on why not (the pages then say so themselves).
    Never raises for database trouble."""
    where = url or default_url()
    engine = None

    def ready() -> None:
        nonlocal engine
        engine = _engine(where)
        check_tutor_database(engine)
        migrate(engine)

    try:
        bounded(ready, server_wait(where, opening=True))
        return None
    except (SQLAlchemyError, OSError, ArgumentError, ValueError, *alembic_errors()) as exc:
        return _reason(exc)
    finally:
        if engine is not None:
            try:  # (closing a hung server's connections is not waited for)
                bounded(engine.dispose, 1.0 if server_wait(where) else None)
            except NoAnswer:
                pass


class NotTutorDatabase(SQLAlchemyError, ValueError):
    """The database holds tables that are not the tutor's, or no schema version of the tutor's migrations: it
    belongs to another program and is never written (see :func:`check_tutor_database`). A database error (and a
    ``ValueError``), so that every page that handles a database it cannot use handles this one too."""


#: The tables a tutor's progress database may hold.
TUTOR_TABLES = frozenset(Base.metadata.tables) | {"alembic_version"}


def tutor_revisions() -> set[str]:
    """The revision ids of the migrations shipped in :data:`MIGRATIONS`."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return {rev.revision for rev in ScriptDirectory.from_config(cfg).walk_revisions()}


def check_tutor_database(engine: Engine) -> None:
    """Refuse a database that is not the tutor's before anything is written to it: it must be empty (a new file) or
    hold only the tutor's tables (:data:`TUTOR_TABLES`) with an ``alembic_version`` of the tutor's migrations, and
    no trigger or view (the tutor makes none; another program's trigger would run at every write).
    Reads only.

    Raises:
        NotTutorDatabase: naming what in it is not the tutor's (at most 5 table names, each cut to 40 characters).
        SQLAlchemyError: the database cannot be read (damaged, locked, no server).
    """
    def names(items) -> str:
        shown = [repr(n[:40]) for n in sorted(items)[:5]]
        return ", ".join(shown) + (f" and {len(items) - 5} more" if len(items) > 5 else "")

    tables = {t for t in inspect(engine).get_table_names() if not t.startswith("sqlite_")}  # SQLite's own
    extras = _triggers_and_views(engine)  # the tutor makes none: code another program would run at each write
    if extras:
        raise NotTutorDatabase(f"it is not a Rules Tutor progress database (it holds triggers or views the tutor "
                               f"does not make: {names(extras)}); it is left as it is")
    if not tables:
        return
    foreign = tables - TUTOR_TABLES
    if foreign:
        raise NotTutorDatabase(f"it is not a Rules Tutor progress database (it holds other tables: {names(foreign)}); "
                               "it is left as it is")
    if "alembic_version" not in tables:
        raise NotTutorDatabase("it is not a Rules Tutor progress database (no tutor schema version); it is left as "
                               "it is")
    with engine.connect() as conn:
        versions = {str(v) for v in conn.execute(text("SELECT version_num FROM alembic_version")).scalars()}
    if versions <= {HEAD}:  # the newest of the tutor's own (one of tutor_revisions(): a test checks it)
        return
    unknown = versions - tutor_revisions()  # none yet: another kernel is making the tutor's schema right now
    if unknown:
        raise NotTutorDatabase(f"its schema version {names(unknown)} is not one this tutor made (another "
                               "program's database, or a newer tutor's); it is left as it is")


def _triggers_and_views(engine: Engine) -> set[str]:
    """Names of the triggers and views in ``engine``'s database (its current schema for PostgreSQL): the tutor's
    migrations make none."""
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            rows = conn.execute(text("SELECT name FROM sqlite_master WHERE type IN ('trigger', 'view')"))
        elif engine.dialect.name == "postgresql":
            rows = conn.execute(text(
                "SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON t.tgrelid = c.oid "
                "JOIN pg_namespace n ON c.relnamespace = n.oid WHERE NOT t.tgisinternal AND n.nspname = current_schema() "
                "UNION ALL SELECT viewname FROM pg_views WHERE schemaname = current_schema()"))
        else:
            return set()
        return {str(r[0]) for r in rows}


def alembic_errors() -> tuple[type[BaseException], ...]:
    """Alembic's command error (e.g. a revision the migrations do not know), for an ``except (..., *alembic_errors())``
    clause: imported only while an error is being handled, so a page opening an up-to-date database never imports
    Alembic."""
    try:
        from alembic.util.exc import CommandError
    except ImportError:  # pragma: no cover - alembic is a dependency
        return ()
    return (CommandError,)


def _locked(exc: BaseException) -> bool:
    """Whether ``exc`` says the database is locked by another connection (SQLite's "database is locked")."""
    text = str(getattr(exc, "orig", None) or exc).lower()
    return "locked" in text or "lock timeout" in text


def _reason(exc: BaseException) -> str:
    """A few words on why a database could not be used, for a learner: never an exception's class name or a
    server's own message (those go to the server log, see :mod:`tutor.progress.store`)."""
    if isinstance(exc, NotTutorDatabase):
        return str(exc)
    if isinstance(exc, NoAnswer) or "statement timeout" in str(getattr(exc, "orig", None) or exc).lower():
        return "the database server does not answer"
    text = str(getattr(exc, "orig", None) or exc).lower()
    if "locked" in text or "lock timeout" in text:
        return "another program is using it"
    if "interrupted" in text:  # a SQLite statement past its time (see _bounded_sqlite)
        return "the database takes too long to answer"
    if "not a database" in text or "malformed" in text or "file is encrypted" in text:
        return "the file is damaged or is not a progress database"
    if "readonly" in text or "read-only" in text or "permission" in text:
        return "no permission to write there"
    if "unable to open" in text:
        return "the file cannot be opened"
    if "connect" in text or "connection" in text:
        return "the database server does not answer"
    if "disk i/o" in text or "no such device" in text or "is a directory" in text or "not a directory" in text:
        return "it is not a file the tutor can keep progress in"
    if isinstance(exc, ArgumentError):
        return "not a database URL"
    return "it cannot be used right now"
