"""Alembic environment of the progress database: runs on the connection :func:`tutor.progress.store.migrate`
passes in ``config.attributes["connection"]`` (or, from the ``alembic`` command line, on ``sqlalchemy.url``)."""
from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from tutor.progress.models import Base

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url"))
        with engine.begin() as conn:
            _migrate(conn)
        engine.dispose()
    else:
        _migrate(connection)


def _migrate(connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run()
