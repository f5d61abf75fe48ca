"""The progress database named by ``RULES_TUTOR_DB`` is untrusted too: another program's SQLite file is refused and
left exactly as it was (no tutor tables added), and a database held locked by another process delays a page by at
most the short busy timeout, after which the page goes on in memory, says so, and saves there once the lock goes."""
from __future__ import annotations

import hashlib
import sqlite3
import time
from pathlib import Path

import pytest

from tutor.progress import ProgressStore
from tutor.progress import store as store_mod


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as con:
        return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _other_program(path: Path, how: str) -> None:
    con = sqlite3.connect(path)
    if how == "foreign":  # a mail client's, a browser's... file
        con.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT)")
        con.execute("INSERT INTO accounts (owner) VALUES ('someone')")
    elif how == "lookalike":  # a table named like the tutor's, but no tutor schema marker
        con.execute("CREATE TABLE learner (id INTEGER PRIMARY KEY, name TEXT)")
    elif how == "other-alembic":  # another Alembic program's database
        con.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
        con.execute("INSERT INTO alembic_version VALUES ('9f3e2a1b7c')")
    con.commit()
    con.close()


@pytest.mark.parametrize("how,words", [("foreign", "'accounts'"), ("lookalike", "no tutor schema version"),
                                       ("other-alembic", "'9f3e2a1b7c'")])
def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path, how, words):
    path = tmp_path / "their.sqlite"
    _other_program(path, how)
    before, tables = _digest(path), _tables(path)
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    assert not store.saving
    notice = store.take_notice()
    assert str(path) not in notice and str(tmp_path) not in notice and "the progress file" in notice  # no server path
    assert "not a Rules Tutor progress database" in notice or "not one this tutor made" in notice
    assert words in notice and "cannot be saved" in notice
    store.record_answer("spirited", "can-do", "sp.scout.play", True)  # the page goes on, in memory
    assert store.last_results("spirited") == {"sp.scout.play": True}
    store.close()
    assert _digest(path) == before and _tables(path) == tables  # nothing added, nothing changed


def test_an_empty_or_new_file_and_the_tutors_own_database_are_used(tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    for path in (empty, tmp_path / "new.sqlite"):
        store = ProgressStore(f"sqlite:///{path}", learner="ann")
        assert store.saving and store.take_notice() is None
        store.complete_lesson("spirited", "sp-01-goal")
        store.close()
        again = ProgressStore(f"sqlite:///{path}", learner="ann")  # its own database: opened again, as before
        assert again.saving and again.lessons_done("spirited") == {"sp-01-goal"}
        again.close()
        assert "alembic_version" in _tables(path)


def test_a_locked_database_delays_the_page_briefly_and_nothing_is_lost_once_the_lock_goes(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite"
    url = f"sqlite:///{path}"
    first = ProgressStore(url, learner="ann")
    first.record_answer("spirited", "can-do", "sp.scout.play", True)
    first.close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process (a backup, a long write) holds the database
    try:
        t0 = time.monotonic()
        store = ProgressStore(url, learner="ann")
        waited = time.monotonic() - t0
        print(f"page waited {waited:.2f} s for a locked database (busy timeout {store_mod.SQLITE_TIMEOUT} s)")
        assert store_mod.SQLITE_TIMEOUT <= 2 and waited < 6  # it was about 12 s
        assert not store.saving
        notice = store.take_notice()
        assert "not being saved right now" in notice and "another program" in notice
        assert str(path) not in notice and "the progress file" in notice
        store.record_answer("spirited", "why-not", "sp.shield.no-retro", False, question="while locked")
        store.complete_lesson("spirited", "sp-01-goal")
        assert store.lessons_done("spirited") == {"sp-01-goal"}
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    monkeypatch.setattr(store, "_retry_at", 0.0)  # the retry interval has passed
    store.save_place("practice", '{"game": "spirited"}')
    assert store.saving and store.notice is None
    store.close()
    later = ProgressStore(url, learner="ann")
    assert later.saving
    assert [(a.clause, a.correct) for a in later.answers("spirited")] == [
        ("sp.scout.play", True), ("sp.shield.no-retro", False)]
    assert later.lessons_done("spirited") == {"sp-01-goal"} and later.place("practice") == '{"game": "spirited"}'
    later.close()


def test_a_place_unread_under_a_lock_is_set_aside_not_written_over_once_the_lock_goes(tmp_path, monkeypatch):
    """Attack 40, F2: the progress file locked as a page opened, the learner's rows could not be read (the store went
    on in memory, empty), the page started afresh and kept that as its place; once the lock went, the kept writes
    were made and the place kept before was written over, with no set-aside copy. It is set aside now."""
    path = tmp_path / "progress.sqlite"
    url = f"sqlite:///{path}"
    kept, fresh = '{"game": "spirited", "question": "kept"}', '{"game": "spirited", "question": "fresh"}'
    first = ProgressStore(url, learner="ann")
    first.save_place("practice", kept)
    store = ProgressStore(url, learner="ann")  # opened before the lock (a pre-heated page's store)
    first.close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        store.save_place("practice", fresh)  # the lock: on in memory, the learner's rows unread
        assert not store.saving and store.place("practice") == fresh
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    monkeypatch.setattr(store, "_retry_at", 0.0)
    store.record_answer("spirited", "can-do", "sp.scout.play", True)  # the lock gone: the kept writes are made
    assert store.saving
    store.close()
    later = ProgressStore(url, learner="ann")
    assert later.place("practice") == fresh and later.place("practice:set-aside") == kept
    assert [a.clause for a in later.answers("spirited")] == ["sp.scout.play"]
    later.close()


def test_the_class_report_never_migrates_another_programs_database(tmp_path):
    from sqlalchemy.exc import SQLAlchemyError

    from tutor.progress.classroom import class_report
    path = tmp_path / "their.sqlite"
    _other_program(path, "foreign")
    before = _digest(path)
    with pytest.raises(SQLAlchemyError, match="not a Rules Tutor progress database"):
        class_report(f"sqlite:///{path}", "spirited", viewer="tess", teachers={"tess"})
    assert _digest(path) == before and _tables(path) == {"accounts"}


def test_the_notice_never_shows_the_servers_path(tmp_path):
    """Issue 14 (A2): the learner's notice named the server's file path. It says "the progress file" in words; the
    path (here a hostile one) goes to the server log only."""
    path = tmp_path / "their\u202e\n.sqlite"
    _other_program(path, "foreign")
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    notice = store.take_notice()
    assert "their" not in notice and str(tmp_path) not in notice and "\u202e" not in notice and "\n" not in notice
    assert notice.startswith("Your progress cannot be saved (the progress file: ")
    store.close()


def test_a_file_damaged_after_the_page_opened_it_is_said_at_the_visit(tmp_path):
    """Issue 14 (A2): a pre-heated page opens the database before the visit; a file filled with random bytes since
    was said only at the learner's first answer. ``recheck`` (run once the page is asked for) sees it on a fresh
    connection, the notice is there at once, the page works on in memory and the file is left as it is."""
    import random

    path = tmp_path / "progress.sqlite"
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    store.record_answer("spirited", "can-do", "sp.scout.play", True)
    assert store.saving and store.recheck() is True and store.take_notice() is None
    noise = random.Random(14).randbytes(8192)
    path.write_bytes(noise)
    assert store.recheck() is False and not store.saving
    notice = store.take_notice()
    assert notice == ("Your progress cannot be saved (the progress file: the file is damaged or is not a progress "
                      "database). This page works as usual, but what you do now is kept only until you close it.")
    store.record_answer("spirited", "can-do", "sp.scout.play", False)  # the page goes on, in memory
    assert store.last_results("spirited") == {"sp.scout.play": False}
    assert path.read_bytes() == noise
    store.close()


def test_tampered_rows_are_left_out_and_the_next_answer_is_kept(tmp_path):
    """The second fresh attack: a card's ``due`` of 'yesterday' and an answer's ``answered_at`` of 'not a date'
    (SQLite keeps any text) made cards(), answers() and record_answer() raise ValueError and broke the practice
    page, losing the next answer. Damaged rows are now left out (counted as damaged, said once); answers go on."""
    from tutor.practice.coach import read_place
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    store = ProgressStore(url)
    for ok in (True, False):
        store.record_answer("restless-spirits", "can-do", "rs.buy", ok)
    store.record_answer("restless-spirits", "can-do", "rs.attract", True)
    store.close()
    with sqlite3.connect(tmp_path / "p.sqlite") as con:
        con.execute("UPDATE clause_card SET due = 'yesterday' WHERE clause = 'rs.buy'")
        con.execute("UPDATE practice_answer SET answered_at = 'not a date' WHERE id = 1")
        con.execute("UPDATE resume_place SET data = ? ", ("[" * 4999 + "]" * 4999,))
    store = ProgressStore(url)
    assert set(store.cards("restless-spirits")) == {"rs.buy", "rs.attract"}
    assert [(a.clause, a.correct) for a in store.answers("restless-spirits")] == [("rs.buy", False), ("rs.attract", True)]
    store.record_answer("restless-spirits", "can-do", "rs.buy", True)  # kept, its card reviewed again
    assert [a.clause for a in store.answers("restless-spirits")][-1] == "rs.buy"
    assert store.take_damage_notice() is not None and store.take_damage_notice() is None
    store.save_place("practice", "[" * 4999 + "]" * 4999)
    assert read_place(store) == {}  # a place nested 4,999 deep is not readable: starting afresh, no RecursionError
    store.close()


def test_only_the_newest_answers_are_read(tmp_path, monkeypatch):
    """300,000 answer rows took 39 s to read whole, and the practice page never opened: the newest ANSWERS_READ."""
    monkeypatch.setattr(store_mod, "ANSWERS_READ", 3)
    store = ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite'}")
    for clause in ("rs.a", "rs.b", "rs.c", "rs.d", "rs.e"):
        store.record_answer("restless-spirits", "can-do", clause, True)
    assert [a.clause for a in store.answers("restless-spirits")] == ["rs.c", "rs.d", "rs.e"]
    store.close()


def test_the_count_of_answers_is_of_them_all(tmp_path, monkeypatch):
    """Attack 40, F3: 300,002 answers (one wrong) showed as "5000 answered, 5000 right": the count was of the newest
    ANSWERS_READ. The database counts them all now; a tampered ``correct`` is not right."""
    monkeypatch.setattr(store_mod, "ANSWERS_READ", 3)
    path = tmp_path / "p.sqlite"
    store = ProgressStore(f"sqlite:///{path}")
    store.record_answer("restless-spirits", "can-do", "rs.a", False)
    for clause in ("rs.b", "rs.c", "rs.d", "rs.e"):
        store.record_answer("restless-spirits", "can-do", clause, True)
    store.record_answer("spirited", "can-do", "sp.a", True)
    assert store.answer_counts("restless-spirits") == (5, 4) and store.answer_counts("spirited") == (1, 1)
    assert store.answer_counts("spirit-duels") == (0, 0)
    store.close()
    con = sqlite3.connect(path)
    con.execute("UPDATE practice_answer SET correct = 'maybe' WHERE clause = 'rs.b'")
    con.commit()
    con.close()
    store = ProgressStore(f"sqlite:///{path}")
    assert store.answer_counts("restless-spirits") == (5, 3)
    store.close()


_NEVER_ENDS = "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c)"


@pytest.mark.parametrize("extra", ["trigger", "view"])
def test_a_tutor_database_with_a_trigger_or_view_added_is_refused_at_once(tmp_path, extra):
    """Attack 16, finding 2: the tutor's own database with a trigger added that never ends (a recursive query before
    every insert) passed the check, which compared table names only; the store then never returned and held the
    file's lock, so no other page could save. The tutor makes no trigger and no view: such a file is refused, left
    as it is, and the page goes on in memory."""
    path = tmp_path / "progress.sqlite"
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    store.complete_lesson("spirited", "sp-01-goal")
    store.close()
    con = sqlite3.connect(path)
    if extra == "trigger":
        con.execute(f"CREATE TRIGGER hang BEFORE INSERT ON lesson_completion BEGIN {_NEVER_ENDS}; END")
    else:
        con.execute("CREATE VIEW everyone AS SELECT * FROM learner")
    con.commit()
    con.close()
    before = _digest(path)
    t = time.monotonic()
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    store.complete_lesson("spirited", "sp-02")  # in memory
    spent = time.monotonic() - t
    assert not store.saving and spent < 10
    notice = store.take_notice()
    assert "triggers or views the tutor does not make" in notice and ("'hang'" in notice or "'everyone'" in notice)
    assert store.lessons_done("spirited") == {"sp-02"}
    store.close()
    assert _digest(path) == before


def test_a_sqlite_statement_that_never_ends_is_interrupted_after_its_time(tmp_path, monkeypatch):
    """SQLite has no statement timeout: every statement of the store's engine is interrupted after
    SQLITE_STATEMENT_S seconds (a file made to hang the page, e.g. a trigger added after the page opened it)."""
    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError
    from tutor.progress import database
    monkeypatch.setattr(database, "SQLITE_STATEMENT_S", 0.5)
    engine = database._engine(f"sqlite:///{tmp_path / 'x.sqlite'}")
    t = time.monotonic()
    with pytest.raises(OperationalError, match="interrupted"):
        with engine.connect() as conn:
            conn.execute(text(_NEVER_ENDS))
    assert time.monotonic() - t < 5
    with engine.connect() as conn:  # the next statement has its own time
        assert conn.execute(text("SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c "
                                 "WHERE x < 1000) SELECT x FROM c)")).scalar() == 1000
    assert database._reason(OperationalError("stmt", {}, Exception("interrupted"))) == \
        "the database takes too long to answer"
    engine.dispose()


def test_a_file_mended_after_a_preheated_page_failed_to_open_it_is_used_at_the_visit(tmp_path):
    """Attack 34 (low): a pre-heated page met a damaged file and, after the file was mended, still said "cannot be
    saved" once at the visit. ``recheck`` opens a file that could not be opened again: mended, the page saves there
    and says nothing; still damaged, the notice stays (once) and nothing is written to the file."""
    import random

    path = tmp_path / "progress.sqlite"
    noise = random.Random(34).randbytes(8192)
    path.write_bytes(noise)
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    assert not store.saving
    assert store.recheck() is False and path.read_bytes() == noise  # still damaged: in memory, the file untouched
    path.unlink()  # mended (a new file)
    assert store.recheck() is True and store.saving and store.take_notice() is None
    store.record_answer("spirited", "can-do", "sp.scout.play", True)
    store.close()
    again = ProgressStore(f"sqlite:///{path}", learner="ann")
    assert again.last_results("spirited") == {"sp.scout.play": True}
    again.close()
    (tmp_path / "damaged.sqlite").write_bytes(noise)
    shown = ProgressStore(f"sqlite:///{tmp_path / 'damaged.sqlite'}", learner="ann")
    assert shown.take_notice().startswith("Your progress cannot be saved (the progress file: ")
    (tmp_path / "damaged.sqlite").unlink()
    assert shown.recheck() is False  # the learner was told it is in memory: it stays so (nothing done is dropped)
    shown.close()
