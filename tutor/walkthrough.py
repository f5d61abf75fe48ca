"""Recorded walkthroughs for presenter mode (``content/<game>/walkthroughs/*.yaml``).

A walkthrough is a prepared start (the same ``setup`` as a scenario) and a list of steps, each an action selector
with the narration a teacher reads out and private teacher notes. :func:`record` turns a live session (plus notes
typed in) into a walkthrough; :func:`dump` writes it as YAML that :func:`load_walkthrough` reads back.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator

from .core.content import MAX_FILE_BYTES, ShownLine, ShownText, content_root, parse_yaml, read_text, validate
from .core.errors import ContentError, IllegalAction, display_path, place_words, short, size_words
from .core.session import Session
from .scenario import MAX_STEPS, ActionRef, Setup, find, start, Scenario, Meta
from .scenario_model import check_safe_id
from .core.model import Source
from .safefile import NAME_MAX, newest_first_cut, own_files, plain_stem, same_name_in, write_in_folder


#: Most characters of a walkthrough's intro, or of one step's narration or notes (what a teacher reads out).
TEXT_LIMIT = 5_000
#: Most characters of a walkthrough's id (a to z, A to Z, 0 to 9, ``-`` and ``_``): a file name's own limit
#: (:data:`tutor.safefile.NAME_MAX`), as the id names its file.
ID_MAX = NAME_MAX


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WalkStep(_Strict):
    """One step: the action to take (selected by kind + params), what to say, and notes for the teacher only."""

    action: ActionRef
    narration: ShownText = Field(default="", max_length=TEXT_LIMIT)
    notes: ShownText = Field(default="", max_length=TEXT_LIMIT)


class Walkthrough(_Strict):
    """A walkthrough file: ``id``, ``title``, ``intro`` narration, ``intro_notes`` (the teacher's notes for the start,
    before the first step; optional), ``setup`` and ``steps``."""

    id: str = Field(max_length=ID_MAX)
    title: ShownLine = Field(max_length=500)
    intro: ShownText = Field(default="", max_length=TEXT_LIMIT)
    intro_notes: ShownText = Field(default="", max_length=TEXT_LIMIT)
    setup: Setup
    steps: list[WalkStep] = Field(default_factory=list, max_length=MAX_STEPS)

    @field_validator("id")
    @classmethod
    def id_is_safe(cls, value: str) -> str:
        """The id is a safe slug of at most :data:`ID_MAX` characters, said in words as a scenario's is
        (:func:`tutor.scenario_model.check_safe_id`; attack 26: pydantic's "String should match pattern '^[A-Za-z0-9]…'")."""
        return check_safe_id(value, ID_MAX)


#: A walkthrough's fields as a teacher names them (the recorder's boxes: trial 23, "steps[0].narration" on the page).
FIELD_WORDS = {"id": "The Id", "title": "The title", "intro": "The intro", "intro_notes": "The intro notes",
               "setup": "The set-up", "steps": "The steps"}
#: A step's fields as a teacher names them, after "Step 3's".
STEP_FIELD_WORDS = {"narration": "narration", "notes": "notes", "action": "move"}


def field_words(loc: tuple) -> str:
    """The walkthrough's field at ``loc`` (pydantic's place of a problem: names and list positions) as a teacher
    would say it, counting steps from 1: ``("steps", 0, "narration")`` is ``"Step 1's narration"``, ``("steps", 2,
    "action", "kind")`` ``"Step 3's move"``, ``("title",)`` ``"The title"``, ``("setup", "state", 0, 0)`` ``"The
    set-up's state"``, ``()`` ``"The walkthrough"``; a field a walkthrough does not have is named in quotes
    (:func:`~tutor.core.errors.place_words`)."""
    return place_words(loc, whole="The walkthrough", names=FIELD_WORDS, listed={"steps": _step_words})


def _step_words(n: int, rest: tuple) -> str:
    """Step ``n`` (from 1) of a walkthrough, or the field ``rest[0]`` of it: ``"Step 3's move"``."""
    if not rest:
        return f"Step {n}"
    part = STEP_FIELD_WORDS.get(rest[0]) if isinstance(rest[0], str) else None
    return f"Step {n}'s {part}" if part else f"Step {n}'s field “{short(rest[0], 40, quote=False)}”"


def load_walkthrough(path: str | Path | None = None, *, text: str | None = None) -> Walkthrough:
    """Read and validate a walkthrough file (or ``text``).

    Raises:
        ContentError: YAML syntax, unknown field or bad value, naming the file and field.
    """
    where = str(path) if path is not None else "<text>"
    return validate(Walkthrough, parse_yaml(text if text is not None else read_text(path), where), where)


def is_shipped(folder: Path) -> bool:
    """True when ``folder`` (resolved) lies in the content folder the tutor reads (its shipped walkthroughs), for a
    page to say where a file is without showing the server's folders. Raises ``OSError``/``ValueError`` as
    :meth:`pathlib.Path.resolve` does."""
    return folder.resolve().is_relative_to(content_root().resolve())


def all_walkthroughs(game_id: str | None = None) -> list[Path]:
    """Every shipped walkthrough file (of one game, or all games)."""
    root = content_root()
    games = [game_id] if game_id else sorted(d.name for d in root.iterdir() if d.is_dir())
    return [f for g in games for f in sorted((root / g / "walkthroughs").glob("*.yaml"))]


#: At most this many saved walkthroughs are listed (the newest names last, in file-name order).
SAVED_LIMIT = 200


def saved_walkthroughs(folder: str | Path | None = None) -> list[Path]:
    """The walkthrough files saved from the presenter page: ``*.yaml`` in ``folder`` (default
    :func:`walkthrough_folder`), sorted by name, at most :data:`SAVED_LIMIT` (the newest), symbolic links left out
    (:func:`tutor.safefile.own_files`); empty when the folder does not exist. See :func:`saved_left_out`."""
    return _saved(folder)[0]


def saved_left_out(folder: str | Path | None = None) -> list[Path]:
    """The saved walkthrough files :func:`saved_walkthroughs` leaves out (beyond :data:`SAVED_LIMIT`, the oldest)."""
    return _saved(folder)[1]


def saved_not_read(folder: str | Path | None = None) -> list[str]:
    """The entries of the saved walkthroughs folder (default :func:`walkthrough_folder`) named ``*.yaml`` that are
    never read, each as ``"<file name>: <why>"``: links (they could point anywhere), folders, pipes (never opened: a
    pipe would wait for ever) and devices. Empty when the folder does not exist."""
    f = Path(folder) if folder is not None else walkthrough_folder()
    if not f.is_dir():
        return []
    others: list[tuple[Path, str]] = []
    _files, links = own_files(f, others=others)
    said = [(p, "a link to another file") for p in links] + others
    return [f"{display_path(p.name)}: {what}, not read (a saved walkthrough is a file of the folder itself)"
            for p, what in sorted(said)]


def _saved(folder: str | Path | None) -> tuple[list[Path], list[Path]]:
    f = Path(folder) if folder is not None else walkthrough_folder()
    if not f.is_dir():
        return [], []
    return newest_first_cut(own_files(f)[0], SAVED_LIMIT)  # a symbolic link is never read (it could point anywhere)


def begin(w: Walkthrough, where: str = "<walkthrough>") -> Session:
    """A session at the walkthrough's start (before its first step)."""
    sc = Scenario(meta=Meta(id=w.id, question=w.title, answer="", source=Source(file="-", section="-")),
                  setup=w.setup)
    return start(sc, where)


def _replay(w: Walkthrough, n: int, where: str) -> tuple[Session, int, IllegalAction | None]:
    """The session after as many of the first ``n`` steps of ``w`` as play, their number, and why the next one does
    not (``None`` when all ``n`` do)."""
    s = begin(w, where)
    for i, st in enumerate(w.steps[:n]):
        try:
            s.apply(find(s, st.action))
        except IllegalAction as exc:
            return s, i, exc
    return s, min(n, len(w.steps)), None


def play_to(w: Walkthrough, n: int, where: str = "<walkthrough>") -> Session:
    """A session after the first ``n`` steps of ``w``.

    Raises:
        ContentError: a step whose action is not legal when its turn comes (naming ``steps[i]``).
    """
    s, i, exc = _replay(w, n, where)
    if exc is not None:
        raise ContentError(f"{where}: steps[{i}].action: {exc}", path=where, field=f"steps[{i}].action")
    return s


def playable(w: Walkthrough, where: str = "<walkthrough>") -> tuple[int, IllegalAction | None]:
    """How many of ``w``'s steps play one after the other from its start (``len(w.steps)`` when all do), and why the
    next one is not legal where it comes (``None`` when all play): one replay, a few milliseconds."""
    _, n, exc = _replay(w, len(w.steps), where)
    return n, exc


def spoken(label: str) -> str:
    """An action's label as a teacher says it: its ``[provisional]`` marks left out (the page marks those values
    "†"; a narration is read aloud). ``spoken("Choose Hana the Keeper [provisional] (Sacred Mastery)")`` is
    ``"Choose Hana the Keeper (Sacred Mastery)"``."""
    return label.replace(" [provisional]", "").replace("[provisional]", "")


def record(session: Session, *, id: str, title: str, setup: Setup, narration: list[str] | None = None,
           notes: list[str] | None = None, intro: str = "", intro_notes: str = "") -> Walkthrough:
    """A walkthrough of ``session``'s history from ``setup`` (its actions as kind + params), with the narration and
    teacher notes given per step (missing ones are empty; the action's own label is used as default narration), and
    the ``intro`` narration and ``intro_notes`` (teacher notes) of its start.

    Raises:
        ContentError: a text too long (e.g. ``steps[3].narration``: at most :data:`TEXT_LIMIT` characters) or a bad
            id, naming the field.
    """
    steps = []
    for i, st in enumerate(session.history):
        a = st.action
        # (the label's "[provisional]" marks left out: the narration is read aloud to a room, session 32)
        say = (narration[i] if narration and i < len(narration) else "") or spoken(a.label)
        steps.append({"action": {"kind": a.kind, **dict(a.params)}, "narration": say,
                      "notes": (notes[i] if notes and i < len(notes) else "")})
    # validated as a file is, so that a text typed too long is refused naming its field (e.g. steps[3].narration)
    return validate(Walkthrough, {"id": id, "title": title, "intro": intro, "intro_notes": intro_notes,
                                  "setup": setup.model_dump(),
                                  "steps": steps}, "the recorded walkthrough")


def dump(w: Walkthrough) -> str:
    """YAML text of a walkthrough (readable back with :func:`load_walkthrough`)."""
    data = w.model_dump(mode="json", exclude_defaults=False)
    data["steps"] = [{"action": st.action.model_dump(), "narration": st.narration, "notes": st.notes}
                     for st in w.steps]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110)


#: Where the presenter saves recorded walkthroughs by default (outside the shipped ``content/``); the environment
#: variable ``RULES_TUTOR_WALKTHROUGHS`` names another folder.
DEFAULT_FOLDER = "~/rules-tutor-walkthroughs"


def walkthrough_folder() -> Path:
    """The folder the presenter page saves into: ``$RULES_TUTOR_WALKTHROUGHS`` or :data:`DEFAULT_FOLDER`, with
    ``~`` expanded (not created here)."""
    import os
    return Path(os.environ.get("RULES_TUTOR_WALKTHROUGHS") or DEFAULT_FOLDER).expanduser()


def save_in_folder(w: Walkthrough, name: str, *, overwrite: bool = False, folder: str | Path | None = None) -> Path:
    """Save ``w`` as ``<folder>/<name>.yaml`` (``folder``: :func:`walkthrough_folder`), for the web page: the page
    only names a file in that one folder, so a learner or teacher cannot write anywhere else on the server.

    ``name``: letters, digits, ``-`` and ``_`` (1-80 of them), with or without ``.yaml``.

    Raises:
        ValueError: a name with anything else (a path, ``..``, spaces), naming what is allowed; or the name of
            another saved walkthrough but for capitals.
        FileExistsError: the name exists (a file or a symbolic link, never written through) and ``overwrite`` is
            false.
        ContentError: the walkthrough does not load back or a step does not play.
        OSError: the folder or the file cannot be written (see :mod:`tutor.safefile`).
    """
    stem = plain_stem(name, "the walkthroughs folder")
    base = Path(folder).expanduser() if folder is not None else walkthrough_folder()
    if (other := same_name_in(base, stem)) is not None:  # (attack 35: REC-A.yaml beside rec-a.yaml)
        raise ValueError(f"the walkthrough {display_path(other)} has this name already (capitals do not make a "
                         "different name); choose another name")
    text = dump(w)
    again = load_walkthrough(text=text)
    play_to(again, len(again.steps), str(base / f"{stem}.yaml"))
    return write_in_folder(base, stem, text, overwrite=overwrite)


def default_path(walkthrough_id: str, folder: str | Path = DEFAULT_FOLDER) -> Path:
    """``folder/<id>.yaml`` (``~`` kept unexpanded, for display), the id reduced to a to z, 0 to 9, ``-`` and ``_``
    (an accented letter loses its accent, ``"Müller café"`` is ``muller-cafe``; any other character is ``-``)."""
    import unicodedata
    plain = unicodedata.normalize("NFKD", walkthrough_id.strip().lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    slug = "".join(c if (c.isascii() and c.isalnum()) or c in "-_" else "-" for c in plain).strip("-")
    slug = slug[:ID_MAX].strip("-")  # (a ligature's letters may make it longer)
    return Path(folder) / f"{slug or 'walkthrough'}.yaml"


def save_walkthrough(w: Walkthrough, path: str | Path, *, overwrite: bool = False) -> Path:
    """Write ``w`` as YAML to ``path`` (``~`` expanded, folders created) and return the absolute path.

    The text is checked first: it must load back with :func:`load_walkthrough` and every step must play.

    Raises:
        ValueError: an empty path or one not ending in ``.yaml``/``.yml``.
        FileExistsError: the file exists and ``overwrite`` is false (shipped content is never replaced silently).
        ContentError: the walkthrough does not load back or a step does not play.
        OSError: the folder cannot be created or the file written.
    """
    if not str(path).strip():
        raise ValueError("give a file path to save the walkthrough to, e.g. ~/rules-tutor-walkthroughs/mine.yaml")
    p = Path(str(path).strip()).expanduser().resolve()
    if p.is_dir():
        raise IsADirectoryError(f"{display_path(p)} is a folder; give a file name ending in .yaml")
    if p.suffix.lower() not in (".yaml", ".yml"):
        raise ValueError(f"{display_path(p)}: a walkthrough file name ends in .yaml")
    if p.exists() and not overwrite:
        raise FileExistsError(f"{display_path(p)} already exists; tick overwrite to replace it")
    text = dump(w)
    again = load_walkthrough(text=text)
    play_to(again, len(again.steps), str(p))
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        if overwrite:  # a temporary file of its own per save, then an atomic rename: saves at once never collide
            import os
            import tempfile
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=p.parent, prefix=f".{p.stem}.",
                                             suffix=".tmp", delete=False) as fh:
                fh.write(text)
            try:
                os.chmod(fh.name, p.stat().st_mode & 0o777 if p.exists() else 0o644)  # not the temp file's 0600
                os.replace(fh.name, p)
            except OSError:
                Path(fh.name).unlink(missing_ok=True)
                raise
        else:
            with open(p, "x", encoding="utf-8") as fh:  # exclusive: never replaces a file created meanwhile
                fh.write(text)
    except FileExistsError as exc:
        if Path(exc.filename or "") == p:
            raise FileExistsError(f"{display_path(p)} already exists; tick overwrite to replace it") from None
        raise OSError(f"cannot save {display_path(p)}: {display_path(exc.filename)} is a file, not a folder") from None
    except OSError as exc:
        raise OSError(f"cannot save {display_path(p)}: {exc.strerror or exc}") from None
    return p
