"""Rows of the progress database read and written safely: a time read back as text (:func:`_stored_time`), the
dialect's upsert (:func:`_upsert_insert`), a write the page gave up waiting for never committed
(:func:`_unless_given_up`, :func:`_give_up`), and one learner's rows copied into memory without reading an oversize
value whole (:func:`_copy_learner`). Used by :class:`tutor.progress.store.ProgressStore`.
"""
from __future__ import annotations

import threading
from datetime import datetime
from typing import Any, Callable, TypeVar

from sqlalchemy import DateTime, String, cast, delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session as DbSession

from ..practice.schedule import utc
from .database import sever
from .models import CARD_MAX, KEY_MAX, LEARNER_TABLES, PLACE_MAX, TIME_TEXT_MAX, within

T = TypeVar("T")


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
