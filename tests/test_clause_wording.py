"""Clauses are written in our own words: no clause text (nor title, nor a ruling's reason) shares a run of
:data:`RUN` or more words with the rulebook it cites (issue 15; brief, "Truth first").

Words are compared after normalising: lower case, apostrophes dropped, every other non-letter/digit a word break
(the rulebooks are plain-text exports, ``shared/rulebooks/<file>.txt``). Card and game names and numbers are facts,
but no 10-word run of them needs copying. Without the rulebooks (a copy of the repository alone) the test skips,
except in CI, where their absence is a failure.
"""
import os
import re

import pytest

import tutor
from tutor.core.content import read_text, rulebooks_root

RUN = 10
GAMES = ("restless-spirits", "spirited", "spirit-duels")


def words(text: str) -> list[str]:
    """``text`` as normalised words."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "").replace("'", ""))


def runs(ws: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``n`` consecutive words in ``ws``."""
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}


def _book_runs() -> dict[str, set[tuple[str, ...]]]:
    root = rulebooks_root()
    files = sorted(root.glob("*.txt")) if root.is_dir() else []
    if not files:
        if os.environ.get("CI"):
            pytest.fail(f"the rulebooks are missing ({root}): the wording check cannot run in CI")
        pytest.skip(f"rulebooks not found at {root}")
    return {f.name: runs(words(read_text(f))) for f in files}


def test_normalising():
    assert words("Don't PANIC: it's 2-6 players!") == ["dont", "panic", "its", "2", "6", "players"]
    assert runs(["a", "b", "c"], 2) == {("a", "b"), ("b", "c")}


@pytest.mark.parametrize("game", GAMES)
def test_no_clause_copies_its_rulebook(game):
    books = _book_runs()
    copied = []
    for c in tutor.clauses(game).values():
        book = books.get(c.source.file)
        assert book is not None, f"{c.id}: cites {c.source.file}, which is not a rulebook"
        for field in ("title", "text", "reason"):
            hit = sorted(runs(words(getattr(c, field) or "")) & book)
            if hit:
                copied.append(f"{c.id}.{field}: '{' '.join(hit[0])}'")
    assert copied == [], "clause wording copied from the rulebook:\n" + "\n".join(copied)


def test_the_check_finds_a_copy():
    books = _book_runs()
    some = next(iter(books["spirited.txt"]))
    assert runs(words("Our words. " + " ".join(some).upper() + ", then more.")) & books["spirited.txt"]


@pytest.mark.parametrize("game", GAMES)
def test_no_prompt_copies_a_rulebook(game):
    """The decision prompts (``content/<game>/prompts.yaml``) are our own words too."""
    from tutor.prompts import prompts
    books = _book_runs()
    every = set().union(*books.values())
    copied = [f"prompts.{k}: '{' '.join(sorted(runs(words(t)) & every)[0])}'"
              for k, t in prompts(game).items() if runs(words(t)) & every]
    assert copied == [], "prompt wording copied from a rulebook:\n" + "\n".join(copied)
