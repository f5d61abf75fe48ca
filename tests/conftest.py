"""Shared fixtures for engine tests."""
from __future__ import annotations

import os
import tempfile

import pytest

import tutor


@pytest.fixture(autouse=True, scope="session")
def _progress_database():
    """Tests never write the learner's own progress (``~/.rules-tutor/progress.sqlite``): unless ``RULES_TUTOR_DB``
    is set, the whole run uses a fresh SQLite file of its own (tests of the default path unset it themselves)."""
    if os.environ.get("RULES_TUTOR_DB"):
        yield
        return
    with tempfile.TemporaryDirectory(prefix="rules-tutor-test-db-") as d:
        os.environ["RULES_TUTOR_DB"] = f"sqlite:///{d}/progress.sqlite"
        try:
            yield
        finally:
            os.environ.pop("RULES_TUTOR_DB", None)


@pytest.fixture(autouse=True, scope="session")
def _cache_folder():
    """Tests never write the user's cache folder (``~/.cache/rules-tutor``): unless ``RULES_TUTOR_CACHE`` is set,
    the whole run keeps what it caches (the askable rules of practice) in a folder of its own."""
    if os.environ.get("RULES_TUTOR_CACHE"):
        yield
        return
    with tempfile.TemporaryDirectory(prefix="rules-tutor-test-cache-") as d:
        os.environ["RULES_TUTOR_CACHE"] = d
        try:
            yield
        finally:
            os.environ.pop("RULES_TUTOR_CACHE", None)


@pytest.fixture(autouse=True)
def _own_folders(tmp_path_factory, monkeypatch):
    """Each test has its own saved-walkthroughs and own-questions folders: none reads or writes the user's
    (``~/rules-tutor-walkthroughs``, ``~/rules-tutor-questions``), nor what another test saved. A server a browser
    test starts keeps the folders it started with."""
    d = tmp_path_factory.mktemp("own-folders")
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(d / "walkthroughs"))
    monkeypatch.setenv("RULES_TUTOR_QUESTIONS", str(d / "questions"))


@pytest.fixture
def content_copy(tmp_path, monkeypatch):
    """A copy of content/ used as the content root, with the clause cache emptied before and after."""
    import shutil

    from tutor.core.content import content_root
    from tutor.registry import _clauses
    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    monkeypatch.setenv("RULES_TUTOR_CONTENT", str(root))
    _clauses.cache_clear()
    yield root
    _clauses.cache_clear()


@pytest.fixture
def rs2():
    """A new 2-player Restless Spirits game (seed 3), at the guide choice."""
    return tutor.new_game("restless-spirits", players=2, seed=3)


def pytest_collection_modifyitems(config, items):
    """Run the browser tests (``tests/browser/``) after every other test: their session-wide Playwright keeps an
    asyncio loop running in the main thread until the session ends, and tests that run their own loop
    (``asyncio.run``, a Playwright of their own) must not meet it."""
    browser = [i for i in items if "browser" in i.path.parent.parts[-1:]]
    if browser:
        rest = [i for i in items if "browser" not in i.path.parent.parts[-1:]]
        items[:] = rest + browser
