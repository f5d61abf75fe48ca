"""Progress that lasts: lessons completed, practice answers, per-clause spaced-repetition cards and where a learner
was, kept with SQLAlchemy in SQLite (default ``~/.rules-tutor/progress.sqlite``) or any database by URL
(``RULES_TUTOR_DB``, e.g. PostgreSQL for a class on a hub); schema by Alembic migrations run on open.

    from tutor.progress import ProgressStore
    store = ProgressStore()                      # RULES_TUTOR_DB or the SQLite file; the learner from the environment
    store.record_answer("spirited", "why-not", "sp.shield.no-retro", correct=False)
    store.last_results("spirited"), store.cards("spirited"), store.lessons_done("spirited")
    store.saving, store.take_notice()            # False / one sentence when the database cannot be used

See :mod:`tutor.progress.store` (what happens when the database is damaged or not writable; the guarding itself in
:mod:`tutor.progress.guarded`), :mod:`tutor.progress.names` (the key a learner is kept under) and
:mod:`tutor.progress.models` (the tables).
"""
from __future__ import annotations

import threading

from .store import ENV_DB, Answer, ProgressStore, default_url, learner_name, migrate

__all__ = ["ProgressStore", "Answer", "default_url", "learner_name", "migrate", "ENV_DB", "default_store",
           "record_lesson"]

_DEFAULT: ProgressStore | None = None
_OPENING = threading.Lock()  # one store, also when a page opens it in the background (widgets.lessons)


def default_store() -> ProgressStore:
    """The kernel's one store on the default database and learner (opened at the first call; a call while another
    thread opens it waits for that one)."""
    global _DEFAULT
    with _OPENING:
        if _DEFAULT is None:
            _DEFAULT = ProgressStore()
        return _DEFAULT


def record_lesson(game: str, lesson: str) -> None:
    """Keep that the learner completed ``lesson`` of ``game`` in the default store (for the learn pages: never
    raises; a database that cannot save goes on in memory, see :class:`ProgressStore`)."""
    import logging
    try:
        default_store().complete_lesson(game, lesson)
    except Exception as exc:  # noqa: BLE001 - a learn page must never break on its progress
        logging.getLogger("tutor.progress").debug("lesson %s of %s not kept: %s", lesson, game, exc)
