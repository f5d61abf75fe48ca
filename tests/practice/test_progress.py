"""The progress store: SQLite and a real PostgreSQL server, schema by Alembic, resume from the database, the learner's
name, spaced-repetition scheduling per clause, the mastery statuses, and a damaged or unwritable database that never
breaks a page and loses nothing already stored."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from tutor.practice.mastery import lesson_clauses, mastery, sections
from tutor.practice.schedule import missed, next_clause, now, review
from tutor.progress import ProgressStore, default_url, learner_name
from tutor.registry import clauses_for

REPO = Path(__file__).resolve().parents[2]
TABLES = {"learner", "lesson_completion", "practice_answer", "clause_card", "resume_place", "alembic_version"}


def _use(store: ProgressStore) -> None:
    store.record_answer("spirited", "why-not", "sp.shield.no-retro", False, question="q1")
    store.record_answer("spirited", "can-do", "sp.scout.play", True, chosen_clause=None, question="q2")
    store.record_answer("spirited", "can-do", "sp.scout.play", False, chosen_clause="sp.shield.no-retro")
    store.complete_lesson("spirited", "sp-01-goal")
    store.save_place("practice", '{"game": "spirited"}')


def _check_back(store: ProgressStore) -> None:
    answers = store.answers("spirited")
    assert [(a.kind, a.clause, a.correct) for a in answers] == [
        ("why-not", "sp.shield.no-retro", False), ("can-do", "sp.scout.play", True), ("can-do", "sp.scout.play", False)]
    assert answers[2].chosen_clause == "sp.shield.no-retro" and answers[0].question == "q1"
    assert answers[0].answered_at.tzinfo is not None
    assert store.last_results("spirited") == {"sp.shield.no-retro": False, "sp.scout.play": False}
    cards = store.cards("spirited")
    assert set(cards) == {"sp.shield.no-retro", "sp.scout.play"}
    assert missed(cards["sp.shield.no-retro"]) and missed(cards["sp.scout.play"])
    assert store.lessons_done("spirited") == {"sp-01-goal"}
    assert store.place("practice") == '{"game": "spirited"}' and store.place("learn") is None
    assert store.answers("restless-spirits") == []


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_progress_lasts_and_schema_comes_from_migrations(backend, request):
    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    learner = f"ann-{backend}"
    store = ProgressStore(url, learner=learner)
    assert store.saving and store.take_notice() is None
    _use(store)
    store.complete_lesson("spirited", "sp-01-goal")  # kept once
    store.close()
    again = ProgressStore(url, learner=learner)  # a later visit: migrations run again, nothing changes
    _check_back(again)
    other = ProgressStore(url, learner=f"bob-{backend}")
    assert other.answers("spirited") == [] and other.lessons_done("spirited") == set()
    engine = create_engine(url)
    with engine.connect() as conn:
        assert TABLES <= set(inspect(conn).get_table_names())
        assert conn.execute(text("select version_num from alembic_version")).scalar() == "0001"
        assert conn.execute(text("select count(*) from lesson_completion")).scalar() >= 1
    engine.dispose()
    again.close()
    other.close()


def test_the_schema_head_is_alembics_and_an_up_to_date_database_is_not_migrated_again(tmp_path, monkeypatch):
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from tutor.progress import store as store_module
    cfg = Config()
    cfg.set_main_option("script_location", str(store_module.MIGRATIONS))
    assert ScriptDirectory.from_config(cfg).get_current_head() == store_module.HEAD
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    ProgressStore(url, learner="ada").complete_lesson("restless-spirits", "rs-01-goal")
    engine = create_engine(url)
    assert store_module.at_head(engine) and not store_module.at_head(create_engine("sqlite://"))
    monkeypatch.setattr("alembic.command.upgrade", lambda *a, **k: pytest.fail("migrated an up-to-date database"))
    again = ProgressStore(url, learner="ada")
    assert again.saving and again.lessons_done("restless-spirits") == {"rs-01-goal"}


def test_bad_arguments_are_refused(sqlite_url):
    store = ProgressStore(sqlite_url, learner="ann")
    with pytest.raises(ValueError, match="unknown game id"):
        store.record_answer("chess", "can-do", "x", True)
    with pytest.raises(ValueError, match="kind"):
        store.record_answer("spirited", "guess", "x", True)
    with pytest.raises(ValueError, match="clause"):
        store.record_answer("spirited", "can-do", "x" * 101, True)
    with pytest.raises(ValueError, match="place"):
        store.save_place("p", "x" * (4 * 1024 * 1024 + 1))
    assert store.answers("spirited") == []


def test_learner_and_default_database(monkeypatch, tmp_path):
    monkeypatch.setenv("JUPYTERHUB_USER", "cleo")
    assert learner_name() == "cleo"
    monkeypatch.setenv("JUPYTERHUB_USER", "  cleo\x07 ")
    assert learner_name() == "  cleo\x07 "  # as the hub gives it: the store refuses it (test_progress_learner_names)
    monkeypatch.delenv("JUPYTERHUB_USER")
    monkeypatch.setenv("USER", "dora")
    monkeypatch.setenv("LOGNAME", "dora")
    assert learner_name() == "dora"
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_url() == f"sqlite:///{tmp_path}/.rules-tutor/progress.sqlite"
    store = ProgressStore()
    assert store.saving and store.learner == "dora"
    assert (tmp_path / ".rules-tutor" / "progress.sqlite").is_file()
    monkeypatch.setenv("RULES_TUTOR_DB", f"sqlite:///{tmp_path}/other.sqlite")
    assert ProgressStore().saving and (tmp_path / "other.sqlite").is_file()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_damaged_file_never_breaks_the_page_and_is_left_as_it_was(tmp_path):
    path = tmp_path / "progress.sqlite"
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    _use(store)
    store.close()
    data = bytearray(path.read_bytes())
    data[:16] = b"not sqlite at al"  # the header of an SQLite file is gone
    path.write_bytes(bytes(data))
    before = _digest(path)
    broken = ProgressStore(f"sqlite:///{path}", learner="ann")
    assert not broken.saving
    notice = broken.take_notice()
    assert "cannot be saved" in notice and "damaged" in notice and str(path) not in notice and "the progress file" in notice
    assert broken.take_notice() is None  # said once
    broken.record_answer("spirited", "can-do", "sp.scout.play", True)  # the page goes on, in memory
    assert broken.last_results("spirited") == {"sp.scout.play": True}
    broken.close()
    assert _digest(path) == before  # nothing written over what was there


def test_a_file_that_goes_bad_while_open_switches_to_memory(tmp_path):
    path = tmp_path / "progress.sqlite"
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    store.record_answer("spirited", "can-do", "sp.scout.play", True)
    store.engine.dispose()
    path.write_bytes(b"\0" * 4096)
    store.record_answer("spirited", "why-not", "sp.shield.no-retro", False)  # no exception
    assert not store.saving and "cannot be saved" in store.take_notice()
    assert store.last_results("spirited")["sp.shield.no-retro"] is False
    assert path.read_bytes() == b"\0" * 4096


CHILD = r"""
import json, sys
from tutor.progress import ProgressStore
store = ProgressStore(sys.argv[1], learner="ann")
notice = store.take_notice()
before = {k: v for k, v in store.last_results("spirited").items()}
store.record_answer("spirited", "can-do", "sp.march", True)
print(json.dumps({"saving": store.saving, "notice": notice, "again": store.take_notice(), "before": before,
                  "after": store.last_results("spirited"), "lessons": sorted(store.lessons_done("spirited"))}))
"""


def _run_unprivileged(url: str) -> dict:
    """Run CHILD without the right to write where the file permissions forbid it. As root (who writes anywhere) the
    child is root without the capabilities that override file permissions (util-linux ``setpriv``)."""
    import json
    prefix = []
    if os.geteuid() == 0:
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    env = {"PATH": os.environ.get("PATH", ""), "HOME": "/nonexistent", "PYTHONPATH": str(REPO)}
    out = subprocess.run(prefix + [sys.executable, "-c", CHILD, url], capture_output=True, text=True, timeout=120,
                         env=env, cwd="/")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_an_unwritable_database_is_read_but_never_written(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "progress.sqlite"
    store = ProgressStore(f"sqlite:///{path}", learner="ann")
    _use(store)
    store.close()
    before = _digest(path)
    tmp_path.chmod(0o755)
    folder.chmod(0o555)
    path.chmod(0o444)
    try:
        seen = _run_unprivileged(f"sqlite:///{path}")
    finally:
        folder.chmod(0o755)
        path.chmod(0o644)
    assert seen["saving"] is False and "no permission" in seen["notice"] and seen["again"] is None
    # what was stored is still shown (read, copied into memory), and the new answer is kept for the visit
    assert seen["before"] == {"sp.shield.no-retro": False, "sp.scout.play": False}
    assert seen["after"]["sp.march"] is True and seen["lessons"] == ["sp-01-goal"]
    assert _digest(path) == before


def test_no_permission_to_make_the_folder(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    tmp_path.chmod(0o755)
    folder.chmod(0o555)
    try:
        seen = _run_unprivileged(f"sqlite:///{folder}/deeper/progress.sqlite")
    finally:
        folder.chmod(0o755)
    assert seen["saving"] is False and seen["notice"] and seen["after"] == {"sp.march": True}
    assert not (folder / "deeper").exists()


def test_a_server_that_does_not_answer(tmp_path):
    store = ProgressStore("postgresql+psycopg://nobody@127.0.0.1:9/none?connect_timeout=2", learner="ann")
    assert not store.saving and "does not answer" in store.take_notice()
    store.record_answer("spirit-duels", "what-happens", "sd.pass", True)
    assert store.last_results("spirit-duels") == {"sd.pass": True}


def test_scheduler_favours_missed_then_unseen_rules():
    t = now()
    cards = {"a": review(None, True, t), "b": review(None, False, t)}
    order = ["a", "b", "c", "d"]
    # just after: b is missed but not due yet (1 minute), so an unseen rule comes first
    assert next_clause(order, cards, t + timedelta(seconds=5)) == "c"
    # once due, the missed rule comes back before unseen ones
    assert next_clause(order, cards, t + timedelta(minutes=2)) == "b"
    assert next_clause(order, cards, t + timedelta(minutes=2), avoid="b") == "c"
    # everything practised and right: the one due soonest
    right = {c: review(None, True, t + timedelta(seconds=i)) for i, c in enumerate(order)}
    assert next_clause(order, right, t) == "a"
    assert next_clause([], cards) is None
    assert next_clause(["a"], cards, avoid="a") == "a"


def test_mastery_statuses_and_sections():
    lesson_ids = {"sd-01-goal"}
    seen = lesson_clauses("spirit-duels", lesson_ids)
    assert seen
    one = sorted(seen)[0]
    m = mastery("spirit-duels", {"sd.pass": True, "sd.meditate": False}, lesson_ids)
    assert m["sd.pass"] == "right" and m["sd.meditate"] == "missed"
    assert m[one] in ("lesson", "right", "missed")
    assert set(m) == {c.id for c in clauses_for("spirit-duels").values() if c.taught} and "unseen" in m.values()
    secs = sections("spirit-duels")
    notes = sum(1 for c in clauses_for("spirit-duels").values() if c.kind == "provisional")  # (trial 39)
    # the 4 clauses about the tutor (teach: false; session 43: sd.ruling.round-limit) and the provisional notes are left out
    assert sum(len(ids) for _, ids in secs) == len(clauses_for("spirit-duels")) - 4 - notes
    assert secs[0][1][0] == next(iter(clauses_for("spirit-duels")))


def test_serve_prepares_the_database_once_before_any_page_opens_it(tmp_path, monkeypatch):
    """`rules-tutor serve` makes a new database's tables before kernels start (pages opening together never race to
    make them); a database it cannot use is named with a reason, never an exception, and is left as it was."""
    from tutor.progress.database import describe_url, prepare
    url = f"sqlite:///{tmp_path / 'new' / 'progress.sqlite'}"
    assert prepare(url) is None
    assert set(inspect(create_engine(url)).get_table_names()) == TABLES
    monkeypatch.setattr("alembic.command.upgrade", lambda *a, **k: pytest.fail("migrated an up-to-date database"))
    store = ProgressStore(url, learner="ada")
    assert store.saving and store.notice is None
    foreign = tmp_path / "other.sqlite"
    with create_engine(f"sqlite:///{foreign}").begin() as conn:
        conn.execute(text("CREATE TABLE recipes (id INTEGER)"))
    before = hashlib.sha256(foreign.read_bytes()).hexdigest()
    assert "not a Rules Tutor progress database" in prepare(f"sqlite:///{foreign}")
    assert hashlib.sha256(foreign.read_bytes()).hexdigest() == before
    assert prepare("postgresql://u:secret@127.0.0.1:1/x") == "the database server does not answer"
    assert "secret" not in describe_url("postgresql://u:secret@127.0.0.1:1/x")
    assert describe_url("sqlite://") == "memory"


def test_threads_of_one_kernel_migrate_new_databases_at_once(tmp_path):
    """Alembic's running migration lives in module-level proxies: migrations from several threads at once (a page's
    background open and a click) take turns instead of mixing them up (seen once as KeyError: 'config')."""
    import threading
    from tutor.progress.database import prepare
    urls = [f"sqlite:///{tmp_path / f'p{i}.sqlite'}" for i in range(6)]
    out: dict[str, object] = {}
    threads = [threading.Thread(target=lambda u=u: out.__setitem__(u, prepare(u))) for u in urls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert out == {u: None for u in urls}
    for u in urls:
        assert set(inspect(create_engine(u)).get_table_names()) == TABLES
