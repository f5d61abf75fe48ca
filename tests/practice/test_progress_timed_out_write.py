"""A write to a PostgreSQL server that stopped answering (its processes paused with SIGSTOP) is given up by the page
after the store's bounded wait, and the page goes on in memory. Once the server goes on (SIGCONT), that write must
not be applied after all (attack 14: it was; the database then held a place the page had not kept there).

Each test runs its OWN PostgreSQL server (tests/practice/conftest.py: pg_server, on a free port of 127.0.0.1) and
pauses only that server's processes."""
from __future__ import annotations

import os
import signal
import subprocess
import threading
import time

import pytest
from sqlalchemy import create_engine, event, text

from tutor.progress import ProgressStore
from tutor.progress import database

PAGE = "learn:restless-spirits"
WAIT = 2.0  # the store's bounded wait in these tests (SERVER_WAIT, 5 s in use)
#: How long a paused server is left paused at most, whatever happens (a store that waited for it, as before attack 14,
#: returns only after this): far past WAIT, so a loaded machine's slow threads never reach it.
LET_GO_AFTER = 60.0


@pytest.fixture
def own_server(monkeypatch, start_postgres):
    """``(url, pids)`` of a PostgreSQL server of this test's own; ``pids()`` lists its postmaster and children. Any
    process this test paused is let go on at the end."""
    monkeypatch.setattr(database, "SERVER_WAIT", WAIT)
    paused: list[int] = []
    with start_postgres() as (url, postmaster):
        def pids() -> list[int]:
            out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(postmaster)], capture_output=True, text=True)
            return [postmaster, *map(int, out.stdout.split())]

        def pause(which: list[int]) -> None:
            for pid in which:
                try:
                    os.kill(pid, signal.SIGSTOP)
                except ProcessLookupError:  # a backend that ended after pids() listed it (the one _kept used): no
                    continue  # process to pause (attack 45: this failed the test now and then)
                paused.append(pid)

        try:
            yield url, pids, pause
        finally:
            for pid in paused:
                try:
                    os.kill(pid, signal.SIGCONT)
                except ProcessLookupError:
                    pass


def _kept(url: str, learner: str) -> str | None:
    """The place kept in the database itself (read by a connection of its own)."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT data FROM resume_place JOIN learner ON learner.id = learner_id "
                                     "WHERE name = :n AND page = :p"), {"n": learner, "p": PAGE}).scalar()
    finally:
        engine.dispose()


def _go_on(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGCONT)
        except ProcessLookupError:  # ended before it was paused (see own_server's pause)
            pass


def _saved_while_paused(store: ProgressStore, place: str, paused: list[int]) -> bool:
    """Save ``place`` while ``paused`` are paused. The server is let go only after :data:`LET_GO_AFTER` seconds (a
    safety: a store that waits for the server then returns too); whether the save returned before that, the server
    still paused. A behaviour, not a duration (attack 45: ``took < WAIT + 1.5`` failed on a loaded machine)."""
    let_go = threading.Event()
    safety = threading.Timer(LET_GO_AFTER, lambda: (let_go.set(), _go_on(paused)))
    safety.start()
    try:
        store.save_place(PAGE, place)
    finally:
        safety.cancel()
    return not let_go.is_set()


def _settled(url: str) -> None:
    """Wait until the write the page gave up has ended, applied or not: its thread in the store
    (``tutor.progress.database``'s ``progress-db`` worker) has finished and no session of the server but this one is
    inside a transaction (was: two seconds' sleep, which a loaded machine can outlast)."""
    engine = create_engine(url)
    try:
        for _ in range(int(LET_GO_AFTER / 0.2)):
            workers = [t for t in threading.enumerate() if t.name == "progress-db" and t.is_alive()]
            with engine.connect() as conn:
                busy = conn.execute(text("SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND "
                                         "backend_type = 'client backend' AND state <> 'idle'")).scalar()
            if not busy and not workers:
                return
            time.sleep(0.2)
        raise AssertionError(f"the given-up write had not ended after {LET_GO_AFTER} s ({len(workers)} thread(s), "
                             f"{busy} server session(s) in a transaction)")
    finally:
        engine.dispose()


def test_a_write_given_up_while_the_server_was_paused_is_not_applied_when_it_goes_on(own_server):
    url, pids, pause = own_server
    store = ProgressStore(url, learner="ann")
    store.save_place(PAGE, '{"step": 1}')
    assert store.saving and _kept(url, "ann") == '{"step": 1}'
    stopped = pids()
    pause(stopped)  # the whole server, between two steps of the page
    # the page gave up while the server was still paused (its bounded wait), and went on in memory
    assert _saved_while_paused(store, '{"step": 2}', stopped) and not store.saving
    assert "does not answer" in store.take_notice() and store.place(PAGE) == '{"step": 2}'
    time.sleep(1.0)  # paused for longer than the wait
    _go_on(stopped)
    _settled(url)  # the abandoned write's thread and the server have finished it (they applied it, before)
    assert _kept(url, "ann") == '{"step": 1}'  # the write the page gave up is not applied (was: '{"step": 2}')
    assert store.place(PAGE) == '{"step": 2}'  # the page keeps its own, in memory, as it said


def test_a_commit_sent_just_before_the_pause_is_not_applied_when_the_server_goes_on(own_server):
    """The narrowest case: the server is paused after the page's COMMIT left, before the server read it. The page
    cannot take it back: the server's own idle-in-transaction timer, which runs through the pause, ends the session
    on waking, before it reads the COMMIT."""
    url, _pids, pause = own_server
    store = ProgressStore(url, learner="bea")
    store.save_place(PAGE, '{"step": 1}')
    backend: list[int] = []

    @event.listens_for(store.engine, "commit")
    def pause_before_commit(conn):  # the COMMIT is sent right after this, to a server paused before reading it
        if not backend:
            backend.append(conn.connection.dbapi_connection.info.backend_pid)
            pause(backend)

    assert _saved_while_paused(store, '{"step": 2}', backend) and backend and not store.saving
    time.sleep(1.0)
    _go_on(backend)
    _settled(url)
    assert _kept(url, "bea") == '{"step": 1}'  # (was: '{"step": 2}')


def test_a_server_that_answers_again_in_time_keeps_the_write(own_server):
    """A pause shorter than the wait is no trouble: the write is made and the page goes on saving."""
    url, pids, pause = own_server
    store = ProgressStore(url, learner="cy")
    store.save_place(PAGE, '{"step": 1}')
    stopped = pids()
    pause(stopped)
    threading.Timer(WAIT / 4, _go_on, args=(stopped,)).start()
    store.save_place(PAGE, '{"step": 2}')
    assert store.saving and store.take_notice() is None
    assert _kept(url, "cy") == '{"step": 2}'
