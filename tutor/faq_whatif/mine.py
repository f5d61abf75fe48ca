"""A what-if saved as the learner's (or a class's) own question: a scenario file in the shipped format, whose script
is the part of the question's script that still applies and whose expectations encode what the what-if run showed,
saved under a plain file name in one folder outside the package (``$RULES_TUTOR_QUESTIONS`` or
``~/rules-tutor-questions``), with the same safe file rules as recorded walkthroughs: plain names only, no overwrite
unless asked, an atomic write through a unique temporary file.
"""
from __future__ import annotations

import os
from pathlib import Path

import yaml
from pydantic import ValidationError

from ..core.content import problem_words, too_long
from ..core.errors import ContentError, display_path, short
from ..safefile import field_max, newest_first_cut, own_files, plain_stem, same_name_in, write_in_folder
from ..scenario import Expect, Meta, Scenario, load_scenario, run
from .compare import run_far

#: Where "Save as my question" writes by default; ``RULES_TUTOR_QUESTIONS`` names another folder.
DEFAULT_FOLDER = "~/rules-tutor-questions"
#: At most this many saved questions are listed.
SAVED_LIMIT = 200
#: Longest question kept (characters): the saved file's ``meta.question`` limit.
TEXT_LIMIT = field_max(Meta, "question")
#: Longest note kept (characters): the saved file's ``meta.answer`` limit (the note is kept as the answer).
NOTE_LIMIT = field_max(Meta, "answer")


def my_questions_folder() -> Path:
    """``$RULES_TUTOR_QUESTIONS`` or :data:`DEFAULT_FOLDER`, ``~`` expanded (not created here)."""
    return Path(os.environ.get("RULES_TUTOR_QUESTIONS") or DEFAULT_FOLDER).expanduser()


#: Largest saved question read (bytes): one the tutor saves is a few KB; reading YAML costs up to about 40 ms per KB
#: (a file of 64 KB of one-letter values took 2.7 s).
QUESTION_BYTES = 16 * 1024
#: Most bytes of saved questions read for one page (the files after that are left out, named): the fresh attack's
#: 32 files of 64 KB kept the FAQ page loading for 94 s.
QUESTIONS_BYTES = 128 * 1024


def list_my_questions(folder: str | Path | None = None) -> tuple[list[Path], list[str]]:
    """The saved questions a page reads, and the files it leaves out with why: ``*.yaml`` files in ``folder``
    (default :func:`my_questions_folder`), by name, at most :data:`SAVED_LIMIT`, each at most
    :data:`QUESTION_BYTES` and together at most :data:`QUESTIONS_BYTES` (a folder shared by a class, or received
    from someone, may hold anything: 200 files of 1 MB kept the FAQ page loading for minutes). Empty when the folder
    does not exist."""
    f = Path(folder).expanduser() if folder is not None else my_questions_folder()
    if not f.is_dir():
        return [], []
    kept: list[Path] = []
    left: list[str] = []
    total = 0
    others: list[tuple[Path, str]] = []
    files, links = own_files(f, others=others)
    left += [f"{display_path(p.name)}: a link to another file, not read (a saved question is a file of the folder itself)"
             for p in links]
    left += [f"{display_path(p.name)}: {what}, not read (a saved question is a file of the folder itself)"
             for p, what in others]
    files, older = newest_first_cut(files, SAVED_LIMIT)
    if older:  # never silently: the oldest beyond the limit, named
        left.append(f"{len(older)} older saved question{'s' if len(older) > 1 else ''} not read (at most "
                    f"{SAVED_LIMIT}, the newest): {', '.join(display_path(p.name) for p in older[:5])}"
                    + (" …" if len(older) > 5 else ""))
    # the byte budget, like the count, is spent on the newest first (attack 19 L1: a question just saved into a full
    # folder was confirmed "listed under My questions" and then left out as the last by name); kept in name order
    stats: dict[Path, os.stat_result] = {}
    for p in files:
        try:
            stats[p] = p.stat()
        except OSError as exc:
            left.append(f"{display_path(p.name)}: cannot read file ({exc.strerror})")
    cut: dict[Path, str] = {}
    for p in sorted(stats, key=lambda q: stats[q].st_mtime, reverse=True):
        size = stats[p].st_size
        if size > QUESTION_BYTES:
            cut[p] = (f"{display_path(p.name)}: {size:,} bytes; a saved question is read only up to "
                      f"{QUESTION_BYTES // 1024} KB (one the tutor saves is a few KB)")
        elif total + size > QUESTIONS_BYTES:
            cut[p] = f"{display_path(p.name)}: not read: newer saved questions already hold {QUESTIONS_BYTES // 1024} KB"
        else:
            total += size
            kept.append(p)
    order = {p: i for i, p in enumerate(files)}
    left += [cut[p] for p in sorted(cut, key=order.__getitem__)]
    return sorted(kept, key=order.__getitem__), left


def my_questions(folder: str | Path | None = None) -> list[Path]:
    """The saved questions a page reads (see :func:`list_my_questions`, which also names the files left out)."""
    return list_my_questions(folder)[0]


def _clean(text: str, what: str, limit: int, lines: bool = False) -> str:
    """``text`` with its runs of white space one space (with ``lines``, within each line: its line breaks are kept,
    at most one empty line between paragraphs and none at either end; issue 14, a note lost its line breaks);
    ValueError ``"your note: too long: 200,000 characters, at most 5,000"`` (:func:`~tutor.core.content.too_long`)
    when it is longer than ``limit``: never cut (trial 24)."""
    if lines:
        kept = [" ".join(line.split()) for line in str(text).splitlines()]
        text = "\n".join(x for i, x in enumerate(kept) if x or (i and kept[i - 1])).strip("\n")
    else:
        text = " ".join(str(text).split())
    if len(text) > limit:
        raise ValueError(f"your {what}: {too_long(len(text), limit)}")
    return text


def _default_question(changes: str, question: str) -> str:
    """"What if <changes>? (<the original question>)", within :data:`TEXT_LIMIT` characters: the changes (``"; "``
    between them) are cut to the first ones that fit, with how many more, and the original question is left out
    when even one change and it do not fit."""
    said = [c for c in " ".join(str(changes).split()).split("; ") if c]
    question = " ".join(str(question).split())
    for tail in (f" ({question})", ""):
        for kept in range(len(said), 0, -1):
            more = len(said) - kept
            text = "; ".join(said[:kept]) + (f"; and {more} more change{'s' if more > 1 else ''}" if more else "")
            if len(full := f"What if {text}?{tail}") <= TEXT_LIMIT:
                return full
    return f"What if these {len(said)} changes?" if len(said) > 1 else "What if this change?"


def what_if_scenario(original: Scenario, changed: Scenario, name: str, question: str, note: str = "",
                     changes: str = "") -> Scenario:
    """The scenario a what-if saves: ``changed``'s set-up, the steps of the script that still apply, and one
    expectation after them holding what the what-if run showed (the clauses that fired; those that fired only in
    the original as ``not_fired``; the state facts the original's expectations name, with their values now; for a
    set-up that ends on a decision also ``pending`` and ``current``).

    ``name``: the file name stem (the id is ``my-<name>``). ``question``: the learner's question (default: "What
    if" + ``changes`` + the original question, shortened to fit). ``note``: the learner's note, kept as the answer.

    Raises:
        ValueError: a bad name, or a question or note too long.
    """
    name = plain_stem(name, "the questions folder")
    question = _clean(question, "question", TEXT_LIMIT) or _default_question(changes, original.meta.question)
    note = _clean(note, "note", NOTE_LIMIT, lines=True)
    a, b = run_far(original), run_far(changed)
    facts = b.session.game.facts(b.session.state)
    keys = [k for e in original.expect for k in e.state if k in facts]
    if isinstance(changed.setup.state.get("decision"), dict):  # whose decision it is, and which, is the point
        keys += [k for k in ("pending", "current") if k in facts]
    known = b.session.game.clauses
    exp = Expect(fired=[c for c in b.fired if c in known], not_fired=[c for c in a.fired if c not in b.fired and c in known],
                 state={k: facts[k] for k in dict.fromkeys(keys)})
    answer = note or f"In this set-up the script runs {b.done} of {b.total} step{'' if b.total == 1 else 's'}; the checks say what happens."
    try:
        meta = Meta(id=question_id(name), title=f"My question: {name}",
                    question=question, answer=answer, source=original.meta.source,
                    covers=list(dict.fromkeys(["my question", *original.meta.covers])))
    except ValidationError as exc:  # said in the boxes' own words, not pydantic's (trial 19)
        raise ValueError(_said(exc)) from None
    return Scenario(meta=meta, setup=changed.setup, script=changed.script[:b.done], expect=[exp])


#: The boxes of "Save as my question" by the scenario field their text goes to.
_BOX_WORDS = {"question": "the question", "answer": "the note", "title": "the file name", "id": "the file name"}


def _said(exc: ValidationError) -> str:
    """A refused save's reasons as a person would say them: each box by its name on the page (:data:`_BOX_WORDS`)
    and what is wrong with its text, without pydantic's model names, input echo or web address."""
    parts = []
    for err in exc.errors():
        box = next((_BOX_WORDS[x] for x in reversed(err.get("loc", ())) if x in _BOX_WORDS), "the question")
        parts.append(f"{box}: {problem_words(err)}")  # a length in the shared words: "too many: 101, at most 100"
    return "; ".join(dict.fromkeys(parts)) or "the question or note holds text that cannot be saved"


def dump(sc: Scenario) -> str:
    """YAML text of a scenario (the shipped files' shape; readable back with :func:`~tutor.scenario.load_scenario`)."""
    data = sc.model_dump(mode="json", exclude_defaults=True)
    data["script"] = [r.model_dump() for r in sc.script]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110)


def question_id(stem: str) -> str:
    """The id of the learner's question saved as ``<stem>.yaml``: ``my-`` and the name in small letters
    (``"Casetest"`` -> ``"my-casetest"``; a name that starts with ``my-`` keeps it once)."""
    low = stem.lower()
    return low if low.startswith("my-") else f"my-{low}"


def save_question(sc: Scenario, name: str, *, overwrite: bool = False, folder: str | Path | None = None) -> Path:
    """Save ``sc`` as ``<folder>/<name>.yaml`` (``folder``: :func:`my_questions_folder`, created if needed) and
    return the path. The text is checked first: it must load back and every expectation must hold when it runs.
    The write is atomic (a unique temporary file in the folder, then a rename or a hard link).

    Raises:
        ValueError: a name with anything but letters, digits, ``-`` and ``_`` (1-80), with or without ``.yaml``; or
            a name another saved question already has but for capitals or a leading ``my-`` (its id would be the
            same, :func:`question_id`); or a file larger than :data:`QUESTION_BYTES` (which a page never reads).
        FileExistsError: the file exists and ``overwrite`` is false.
        ContentError: the scenario does not load back or does not pass.
        OSError: the folder or file cannot be written.
    """
    stem = plain_stem(name, "the questions folder")
    base = Path(folder).expanduser() if folder is not None else my_questions_folder()
    p = base / f"{stem}.yaml"
    if (other := same_name_in(base, stem, question_id)) is not None:  # never two files of one id (one unlisted)
        raise ValueError(f"your question {display_path(other)} has this name already (capitals or a leading \"my-\" "
                         "do not make a different name); choose another name")
    if (p.exists() or p.is_symlink()) and not overwrite:  # said before running the question
        raise FileExistsError(f"{stem}.yaml already exists; tick overwrite to replace it")
    text = dump(sc)
    if (size := len(text.encode("utf-8"))) > QUESTION_BYTES:  # never saved to be left unread (attack 40: emoji)
        raise ValueError(f"the question and note make a file of {size:,} bytes, and a saved question is read only up "
                         f"to {QUESTION_BYTES // 1024} KB ({QUESTION_BYTES:,} bytes): shorten the note (a letter "
                         "outside A to Z, an emoji or a Chinese character takes 2 to 4 bytes)")
    again = load_scenario(text=text)
    res = run(again, str(p))
    if not res.ok:
        raise ContentError(f"{stem}.yaml: the saved question does not pass: {res.failures[0]}", path=str(p))
    return write_in_folder(base, stem, text, overwrite=overwrite)
