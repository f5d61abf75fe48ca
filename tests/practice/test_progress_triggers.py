"""A progress database holding a trigger or a view the tutor did not make is refused (attack 16, finding 2), on
SQLite and PostgreSQL; the SQLite side's file checks are in tests/test_hostile_progress.py."""
from __future__ import annotations

import pytest
from sqlalchemy import text

from tutor.progress import ProgressStore
from tutor.progress.database import _engine


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_trigger_added_to_the_tutors_database_is_refused(request, backend):
    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    store = ProgressStore(url, learner="ann")
    assert store.saving
    store.complete_lesson("spirited", "sp-01-goal")
    store.close()
    engine = _engine(url)
    with engine.begin() as conn:
        if backend == "sqlite":
            conn.execute(text("CREATE TRIGGER rt_foreign BEFORE INSERT ON lesson_completion BEGIN SELECT 1; END"))
        else:
            conn.execute(text("CREATE FUNCTION rt_foreign_fn() RETURNS trigger LANGUAGE plpgsql AS "
                              "'BEGIN RETURN NEW; END'"))
            conn.execute(text("CREATE TRIGGER rt_foreign BEFORE INSERT ON lesson_completion "
                              "FOR EACH ROW EXECUTE FUNCTION rt_foreign_fn()"))
    try:
        again = ProgressStore(url, learner="ann")
        assert not again.saving
        notice = again.take_notice()
        assert "triggers or views the tutor does not make: 'rt_foreign'" in notice
        again.close()
    finally:
        with engine.begin() as conn:  # the PostgreSQL server is shared by the session's tests
            conn.execute(text("DROP TRIGGER rt_foreign" + ("" if backend == "sqlite" else " ON lesson_completion")))
            if backend != "sqlite":
                conn.execute(text("DROP FUNCTION rt_foreign_fn()"))
        engine.dispose()
    ok = ProgressStore(url, learner="ann")  # the trigger gone: the same database is used again
    assert ok.saving and ok.lessons_done("spirited") == {"sp-01-goal"}
    ok.close()
