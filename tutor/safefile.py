"""Writing a user's file into one folder, safely: the page names a plain file in that folder and nothing else.

Used by the teacher page's walkthroughs (:func:`tutor.walkthrough.save_in_folder`) and the FAQ explorer's own
questions (:func:`tutor.faq_whatif.save_question`). The rules: a plain name (letters, digits, ``-``, ``_``); the
folder is resolved, the file name never is, so a symbolic link of that name in the folder (a folder received from
someone else may hold one) is never written through: without ``overwrite`` it is refused like any existing file,
with it the link itself is replaced; the text goes to a unique temporary file in the folder first, then an atomic
rename (``overwrite``) or an exclusive hard link (never replacing a file made meanwhile), so saves at the same moment
never collide.
"""
from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Callable

from .core.errors import display_path, visible

__all__ = ["plain_stem", "write_in_folder", "own_files", "not_a_file", "display_path", "visible", "shown", "NAME_MAX",
           "NAME_CHARS", "field_max", "refuse_name_chars", "same_name_in"]

#: Most characters of a file name as typed (with or without its ``.yaml`` ending): the one number the name check
#: (:func:`plain_stem`) and a page's file-name box (which stops there) share. Trial 21: a box that took 85 characters
#: for an 80-character check refused what it had let the person type.
NAME_MAX = 80
#: The characters a file name may have, as a person would say them (what a refusal says; trial 21: "letters" was
#: said, and "Müller café ß" was refused).
NAME_CHARS = "a to z, A to Z, 0 to 9, - and _"

_NAME = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{NAME_MAX - 1}}}")


def field_max(model, name: str) -> int:
    """The most characters pydantic ``model``'s field ``name`` allows (its ``max_length``): what a page's box for
    that field stops at, so a box never takes more than the saved file allows (trial 20). KeyError for an unknown
    field, ValueError for a field without a ``max_length``."""
    found = [m.max_length for m in model.model_fields[name].metadata if getattr(m, "max_length", None) is not None]
    if not found:
        raise ValueError(f"{model.__name__}.{name} has no max_length")
    return min(found)


def plain_stem(name: str, where: str) -> str:
    """``name`` without a ``.yaml`` ending, each run of spaces inside it made one ``-`` (``"my room"`` is saved as
    ``my-room``; trial 16: a name with a space was refused), when the name as typed (stripped, ``.yaml`` counted)
    has at most :data:`NAME_MAX` characters and the stem only :data:`NAME_CHARS` (ASCII), starting with a letter or
    digit.

    ``where`` (the folder it is saved in, e.g. "the questions folder") is not repeated in a refusal: the page shows
    it beside the box, and the refusal stays one or two short lines under it (trial 21).

    Raises:
        ValueError: anything else (a path, ``..``, a dot file, an accented letter, a longer name), naming the
            characters that cannot be in a name and saying exactly which it may have (:data:`NAME_CHARS`).
    """
    typed = str(name).strip()
    stem = re.sub(r"[ \t]+", "-", typed)
    stem = stem[:-5] if stem.lower().endswith(".yaml") else stem
    if len(typed) <= NAME_MAX and _NAME.fullmatch(stem):
        return stem
    if not typed:
        raise ValueError(f"give a file name: 1 to {NAME_MAX} of {NAME_CHARS}")
    if len(typed) > NAME_MAX:
        raise ValueError(f"the name is {len(typed)} characters long; a file name has at most {NAME_MAX}, of "
                         f"{NAME_CHARS}")
    refuse_name_chars(stem)
    raise ValueError(f"a file name starts with a letter or a digit, then has {NAME_CHARS}")


def refuse_name_chars(typed: str) -> None:
    """Refuse ``typed`` (a file name as typed, any length) when it holds a character a name cannot have (a run of
    spaces or tabs is fine: it becomes ``-``). A name is checked whole, also where it would be shortened: a zero-width
    or bidi character after the 80th is refused as it is before it (attack 34).

    Raises:
        ValueError: naming up to six such characters (escaped when not printable) and :data:`NAME_CHARS`.
    """
    stem = re.sub(r"[ \t]+", "-", str(typed).strip())
    stem = stem[:-5] if stem.lower().endswith(".yaml") else stem
    bad = list(dict.fromkeys(c for c in stem if not re.fullmatch(r"[A-Za-z0-9_-]", c)))
    said = [f"“{c if c.isprintable() else repr(c)[1:-1]}”" for c in bad[:6]]
    if said:
        which = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"
        raise ValueError(f"{which} cannot be in a file name: use {NAME_CHARS} (a space becomes -)")


def shown(path: str | Path) -> str:
    """The last part of ``path`` (a folder's or a file's own name) as safe display text: what a page may say of a
    place on the server, whose folders a learner never sees (attack 19, M2)."""
    return display_path(Path(os.fsdecode(path)).name or "the folder")


def same_name_in(folder: str | Path, stem: str, key: Callable[[str], str] = str.lower) -> str | None:
    """The file name of another ``.yaml`` file in ``folder`` whose stem ``key`` makes the same as ``stem``'s (by
    default: a name that differs only in capitals), first in name order; ``None`` when there is none or no folder.
    A saved file's id comes from its name, so two such files would clash (attack trials 34 and 35). ``None`` too when
    ``<stem>.yaml`` itself is there: saving over it is the overwrite question, not a clash."""
    want = key(stem)
    try:
        names = sorted(p.name for p in Path(folder).iterdir() if p.suffix == ".yaml")
    except OSError:  # (no folder yet: nothing saved)
        return None
    if f"{stem}.yaml" in names:  # the file itself is there: writing over it (when allowed) makes no new twin, and a
        return None  # twin put there by hand is not the name in question (attack 36: it was named as the clash)
    return next((n for n in names if key(n[:-5]) == want), None)


def write_in_folder(folder: str | Path, stem: str, text: str, *, overwrite: bool = False) -> Path:
    """Write ``text`` to ``<folder>/<stem>.yaml`` (the folder created if needed) and return the path.

    Raises:
        FileExistsError: the name exists (a file or a link) and ``overwrite`` is false.
        OSError: the folder or the file cannot be written (the message names the file or the folder by its own name,
            never the server's folders above it).
    """
    base = Path(folder).expanduser()
    try:
        base.mkdir(parents=True, exist_ok=True)
        base = base.resolve()
    except FileExistsError as exc:
        raise OSError(f"cannot save in the folder {shown(folder)}: {shown(exc.filename or folder)} is a file, "
                      "not a folder") from None
    except OSError as exc:
        raise OSError(f"cannot save in the folder {shown(folder)}: {exc.strerror or 'not writable'}") from None
    p = base / f"{stem}.yaml"
    if (p.exists() or p.is_symlink()) and not overwrite:
        raise FileExistsError(f"{stem}.yaml already exists; tick overwrite to replace it")
    if p.is_dir() and not p.is_symlink():
        raise IsADirectoryError(f"{stem}.yaml is a folder")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{stem}.", suffix=".tmp", dir=base)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.chmod(tmp, 0o644)
            if overwrite:
                os.replace(tmp, p)  # replaces a link of that name itself, never its target
            else:
                os.link(tmp, p)  # exclusive: fails if the name appeared meanwhile
        finally:
            if os.path.lexists(tmp):
                os.unlink(tmp)
    except FileExistsError:
        raise FileExistsError(f"{stem}.yaml already exists; tick overwrite to replace it") from None
    except OSError as exc:
        raise OSError(f"cannot save {stem}.yaml: {exc.strerror or 'not writable'}") from None
    return p


def not_a_file(mode: int) -> str:
    """What a folder entry of ``mode`` (``os.stat().st_mode``) is, in words, when it is not a regular file (``""`` for
    a regular file): a pipe is never opened (opening one waits for a writer for ever)."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "a pipe, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file"
    return "not a plain file"


def own_files(folder: Path, pattern: str = "*.yaml",
              others: list[tuple[Path, str]] | None = None) -> tuple[list[Path], list[Path]]:
    """The files matching ``pattern`` in ``folder`` (sorted by name) that are regular files of the folder itself, and
    apart the symbolic links among them, which are never read: a link in a shared or received folder could point
    anywhere (``/etc/shadow``) and a page that reads it would show what it points to in its error messages.
    ``folder`` itself may be a link (a learner's folder kept elsewhere). A hard link (a file with more than one name,
    ``st_nlink > 1``) counts as a link too: it may be another file's contents under a ``.yaml`` name (fresh attack,
    session 11: a hard link to a secrets file showed its keys in the refusal). Entries that are not regular files (a
    folder, a pipe, a device: :func:`not_a_file`) are left out too; given a list ``others``, each is added to it as
    ``(path, what it is in words)``, for a page to name it (attack 18: they were skipped without a word)."""
    files, links = [], []
    for p in sorted(folder.glob(pattern)):
        if p.is_symlink():
            links.append(p)
            continue
        try:
            st = p.stat()  # (never opens it: a pipe named *.yaml is not waited on)
        except OSError as exc:
            if others is not None:
                others.append((p, f"cannot be read ({exc.strerror or 'no access'})"))
            continue
        what = not_a_file(st.st_mode)
        if what:
            if others is not None:
                others.append((p, what))
            continue
        (links if st.st_nlink > 1 else files).append(p)
    return files, links



def newest_first_cut(files: list[Path], limit: int) -> tuple[list[Path], list[Path]]:
    """``files`` cut to ``limit``: the newest ``limit`` by modification time (a file whose time cannot be read counts
    as oldest), back in ``files``' order, and the rest (the left out, in ``files``' order), so a new file of a full
    folder is never the one left out whatever its name."""
    if len(files) <= limit:
        return list(files), []

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return float("-inf")
    keep = set(sorted(files, key=mtime, reverse=True)[:limit])
    return [p for p in files if p in keep], [p for p in files if p not in keep]
