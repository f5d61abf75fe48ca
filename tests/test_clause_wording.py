"""Clauses are written in our own words: no clause text (nor title, nor a ruling's reason) shares a run of
:data:`RUN` or more words with the rulebook it cites (issue 15; brief, "Truth first"). Every other text of the
content (card ability texts, FAQ questions and answers, lessons, walkthroughs, the ability graph's notes, prompts) is
ours too: no string in any file under ``content/`` shares a run of :data:`CONTENT_RUN` words with any rulebook
(issue 16, item l). A citation's section heading (``source.section``) names a heading of the book, as a card name
names a card, so it may repeat that heading exactly, and nothing more.

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
#: the run length for every text under ``content/`` (stricter than for clauses: shorter runs are checked)
CONTENT_RUN = 8
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


# -- every text under content/ -----------------------------------------------------------------------------------------
def _strings(data, where: str = ""):
    """Every string in parsed YAML/JSON ``data`` (keys included) as ``(path, text)``, ``path`` like
    ``spirits[2].ability.text``."""
    if isinstance(data, str):
        yield where, data
    elif isinstance(data, dict):
        for k, v in data.items():
            at = f"{where}.{k}" if where else str(k)
            if isinstance(k, str):
                yield f"{at} (key)", k
            yield from _strings(v, at)
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _strings(v, f"{where}[{i}]")


def content_texts(root) -> list[tuple[str, str, str]]:
    """Every text of every file under ``root`` as ``(file, path, text)``: each string value (and key) of a YAML or
    JSON file, the whole text of any other file (a ``.py`` file's docstring, a Markdown note). A file that is not
    UTF-8 text fails the test rather than being skipped."""
    import json

    import yaml
    out = []
    for f in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        rel = str(f.relative_to(root))
        text = read_text(f)
        if f.suffix in (".yaml", ".yml"):
            out += [(rel, path, s) for path, s in _strings(yaml.safe_load(text))]
        elif f.suffix == ".json":
            out += [(rel, path, s) for path, s in _strings(json.loads(text))]
        else:
            out.append((rel, "(whole file)", text))
    return out


def _headings(book_texts: list[str]) -> set[str]:
    """Every line of the rulebooks, normalised: a citation's heading may repeat one exactly."""
    return {" ".join(words(line)) for text in book_texts for line in text.splitlines() if words(line)}


def copied_runs(texts, every: set, headings: set, n: int = CONTENT_RUN) -> list[str]:
    """``file: path: 'copied run'`` for each text of ``texts`` (``(file, path, text)``) sharing a run of ``n`` words
    with the rulebooks' runs ``every``; a citation's section (``...source.section``) is checked without the parts
    (split at " > ") that are exactly a heading line of a rulebook."""
    found = []
    for file, path, text in texts:
        if path.endswith("source.section"):
            text = " > ".join(part for part in text.split(" > ") if " ".join(words(part)) not in headings)
        hit = sorted(runs(words(text), n) & every)
        if hit:
            found.append(f"{file}: {path}: '{' '.join(hit[0])}' in {text[:120]!r}")
    return found


def test_no_content_text_copies_a_rulebook():
    """All games, the graph, lessons, scenarios (FAQ questions and answers), walkthroughs, cards, prompts: no text
    shares a run of 8 normalised words with any rulebook."""
    from tutor.core.content import content_root
    _book_runs()  # skips (or fails in CI) without the rulebooks
    texts = [read_text(f) for f in sorted(rulebooks_root().glob("*.txt"))]
    every = set().union(*(runs(words(t), CONTENT_RUN) for t in texts))
    found = content_texts(content_root())
    files = {f for f, _, _ in found}
    assert {"restless-spirits/cards.yaml", "graph/spirited.yaml", "scenario.schema.json"} <= files
    assert any(f.startswith("spirit-duels/walkthroughs/") for f in files)
    assert any(f.startswith("spirited/lessons/") for f in files)
    assert len(found) > 5000  # every string, not a sample
    copied = copied_runs(found, every, _headings(texts))
    assert copied == [], "content wording copied from a rulebook:\n" + "\n".join(copied)


def test_the_content_check_finds_a_copy_and_allows_a_heading(tmp_path):
    """A card text that repeats 8 words of a rulebook is found, with its file and field; a citation naming a
    rulebook heading exactly is not a copy, but a heading with more copied words after it is."""
    book = "Take up to three Totems from the Shrine into your hand at once.\nOn Your Turn\n1 AP: Refresh the Lost Spirits & Attract One to Your Board\n"
    every, heads = runs(words(book), CONTENT_RUN), _headings([book])
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "cards.yaml").write_text(
        "spirits:\n- {name: X, ability: {text: 'Now take up to three Totems from the Shrine into your hand.'}}\n"
        "clauses:\n- source: {file: b.txt, section: 'On Your Turn > 1 AP: Refresh the Lost Spirits & Attract One to Your Board'}\n"
        "- source: {file: b.txt, section: 'On Your Turn > Refresh the Lost Spirits & Attract One to Your Board now'}\n",
        encoding="utf-8")
    found = copied_runs(content_texts(tmp_path), every, heads)
    assert len(found) == 2
    assert found[0].startswith("g/cards.yaml: spirits[0].ability.text: 'take up to three totems from the shrine' in ")
    assert found[1].startswith("g/cards.yaml: clauses[1].source.section: ")
