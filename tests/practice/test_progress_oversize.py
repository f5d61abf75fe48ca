"""A progress database edited by hand (a tampered file, a hostile database) holding values far larger than the store
ever writes: a 50 MB kept place (``resume_place.data``; the store writes at most 4 MiB) or fsrs card is never read
into the page's memory (the database measures it first), the page is told once in plain words, and nothing else
kept is lost (attack 14)."""
from __future__ import annotations

import tracemalloc

import pytest
from sqlalchemy import create_engine, text

from tutor.progress import ProgressStore

PAGE, OTHER = "learn:spirit-duels", "practice"
BIG = 50_000_000


def _tamper(url: str, sql: str, **params) -> None:
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text(sql), params)
    finally:
        engine.dispose()


def _peak(fn):
    """``fn()`` and the most memory (bytes) Python allocated while it ran."""
    tracemalloc.start()
    try:
        out = fn()
        return out, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _kept(store: ProgressStore) -> None:
    store.save_place(PAGE, '{"tab": "free"}')
    store.save_place(OTHER, '{"game": "spirited"}')
    store.complete_lesson("spirited", "sp-01-goal")
    store.record_answer("spirited", "can-do", "sp.scout.play", True, question="q1")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_50_mb_kept_place_is_refused_unread_and_nothing_else_is_lost(backend, request):
    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    learner = f"big-place-{backend}"
    _kept(ProgressStore(url, learner=learner))
    if backend == "sqlite":
        _tamper(url, "UPDATE resume_place SET data = :big WHERE page = :page", big="x" * BIG, page=PAGE)
    else:
        _tamper(url, "UPDATE resume_place SET data = repeat('x', :n) WHERE page = :page AND learner_id = "
                     "(SELECT id FROM learner WHERE name = :who)", n=BIG, page=PAGE, who=learner)
    store = ProgressStore(url, learner=learner)
    got, peak = _peak(lambda: store.place(PAGE))
    assert got is None
    assert peak < 2_000_000, f"{peak / 1e6:.1f} MB read for a refused place"  # (was: the 50 MB row, read whole)
    assert store.take_damage_notice() == (
        "Where you were when you last left this page could not be read (what was kept there is larger than the "
        "tutor ever keeps, or is not text), so the page starts afresh. Your lessons done and your practice answers "
        "are all kept.")
    assert store.take_damage_notice() is None  # said once
    # everything else is as it was, and the store goes on saving
    assert store.saving and store.take_notice() is None
    assert store.place(OTHER) == '{"game": "spirited"}'
    assert store.lessons_done("spirited") == {"sp-01-goal"}
    assert [(a.clause, a.correct, a.question) for a in store.answers("spirited")] == [("sp.scout.play", True, "q1")]
    engine = create_engine(url)
    with engine.connect() as conn:  # the row itself is left as it is (never deleted or "repaired" by a read)
        assert conn.execute(text("SELECT length(data) FROM resume_place WHERE page = :p AND learner_id = :l"),
                            {"p": PAGE, "l": store._learner_id}).scalar() == BIG
    engine.dispose()
    store.save_place(PAGE, '{"tab": "lessons"}')  # the page's next place is kept as usual
    assert ProgressStore(url, learner=learner).place(PAGE) == '{"tab": "lessons"}'


def test_oversize_or_wrongly_typed_values_in_other_columns_are_not_read_whole(sqlite_url):
    _kept(ProgressStore(sqlite_url, learner="ann"))
    _tamper(sqlite_url, "UPDATE clause_card SET card = :big", big="{" * BIG)
    _tamper(sqlite_url, "UPDATE practice_answer SET question = :big", big="q" * BIG)
    _tamper(sqlite_url, "UPDATE resume_place SET data = :blob WHERE page = :p", blob=b"\x00" * 100, p=OTHER)
    store = ProgressStore(sqlite_url, learner="ann")
    (cards, answers, other), peak = _peak(lambda: (store.cards("spirited"), store.answers("spirited"),
                                                   store.place(OTHER)))
    assert peak < 2_000_000, f"{peak / 1e6:.1f} MB read"
    assert cards == {} and store.damaged == {("spirited", "sp.scout.play")}
    assert [(a.clause, a.question) for a in answers] == [("sp.scout.play", "")]
    assert other is None and store.damaged_places == {OTHER}
    notice = store.take_damage_notice()
    assert "practice of that rule starts again" in notice and "the page starts afresh" in notice
    store.record_answer("spirited", "can-do", "sp.scout.play", True)  # the damaged card is written over, anew
    assert set(store.cards("spirited")) == {"sp.scout.play"}


def test_a_database_that_stops_saving_copies_no_oversize_row(sqlite_url, monkeypatch):
    """Going on in memory copies the learner's rows from the database: a tampered row is left behind, unread."""
    first = ProgressStore(sqlite_url, learner="ann")
    _kept(first)
    first.close()
    _tamper(sqlite_url, "UPDATE resume_place SET data = :big WHERE page = :page", big="x" * BIG, page=PAGE)
    store = ProgressStore(sqlite_url, learner="ann")
    from sqlalchemy.exc import OperationalError

    _, peak = _peak(lambda: store._fall_back(OperationalError("UPDATE", {}, Exception("disk I/O error"))))
    assert peak < 8_000_000, f"{peak / 1e6:.1f} MB read"
    assert not store.saving and store.place(PAGE) is None and store.place(OTHER) == '{"game": "spirited"}'
    assert store.lessons_done("spirited") == {"sp-01-goal"} and len(store.answers("spirited")) == 1
