"""Loading content files (YAML) into pydantic models, with errors that name the file and the field.

YAML is read with the safe loader only; files larger than :data:`MAX_FILE_BYTES` are refused. Nothing in content
is ever evaluated as code.
"""
from __future__ import annotations

import functools
import os
import re
import stat
import string
import unicodedata
from pathlib import Path
from typing import Annotated, Any, Callable, TypeVar

from pydantic import AfterValidator, BaseModel, ValidationError

from .errors import ContentError, short, short_field, size_words, visible
from .safe_yaml import (ALLOWED_TAGS, MAX_ALIAS_NODES, MAX_CHARS, MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES,  # noqa: F401
                        MAX_NODES, _field, check_yaml_events, parse_yaml)
from .model import Clause
from .problem_words import problem_words, too_long, too_many  # noqa: F401 - too_long, too_many: the shared words

M = TypeVar("M", bound=BaseModel)



#: The package that holds the games' content shipped with the tutor (the repository's ``content/`` folder; see
#: ``[tool.setuptools.package-dir]`` in pyproject.toml).
CONTENT_PACKAGE = "tutor._content"


@functools.lru_cache(maxsize=1)
def shipped_content_root() -> Path:
    """The content shipped with the tutor: ``tutor/_content/`` of an installed wheel, or the checkout's ``content/``
    in an editable install (both found with ``importlib.resources``).

    Raises :class:`ContentError` when the package is not installed as a folder of files (e.g. run from a zip).
    """
    from importlib.resources import files

    try:
        folder = files(CONTENT_PACKAGE)
    except ModuleNotFoundError:
        raise ContentError(f"{CONTENT_PACKAGE}: the tutor's content is not installed (reinstall rules-tutor)",
                           path=CONTENT_PACKAGE) from None
    if not isinstance(folder, Path) or not folder.is_dir():
        raise ContentError(f"{CONTENT_PACKAGE}: the tutor's content must be installed as a folder of files, "
                           f"found {folder!r}", path=CONTENT_PACKAGE)
    return folder


def content_root() -> Path:
    """The content folder (one sub-folder per game, ``graph/``, ``scenario.schema.json``): ``$RULES_TUTOR_CONTENT``
    if set (a user's own content), else :func:`shipped_content_root`."""
    env = os.environ.get("RULES_TUTOR_CONTENT")
    if env:
        return Path(env)
    return shipped_content_root()


def rulebooks_root() -> Path:
    """The shared rulebooks folder, used only for citations and the wording check: ``$RULES_TUTOR_RULEBOOKS`` if
    set, else the first ``shared/rulebooks`` folder beside the repository or beside one of its parent folders (a git
    worktree may sit deeper than the main checkout); when none exists, the one beside the repository (absent).

    The rulebooks are not ours to redistribute, so the package does not ship them and nothing needs them to run.
    """
    env = os.environ.get("RULES_TUTOR_RULEBOOKS")
    if env:
        return Path(env)
    repo = Path(__file__).resolve().parents[2]
    for d in repo.parents:
        if (d / "shared" / "rulebooks").is_dir():
            return d / "shared" / "rulebooks"
    return repo.parent / "shared" / "rulebooks"


#: Most problems of one pydantic error listed in a message (the rest are counted).
MAX_PROBLEMS = 10


#: The names pydantic gives the kinds of a field that takes one of several (``int | str``) in a problem's place
#: (``('g', 'list[str]')``): not fields of the file, so left out of the field path a message names.
_UNION_TAG = re.compile(r"(str|int|float|bool|none|(list|dict|tuple|set|frozenset|literal|nullable|"
                        r"function-(after|before|wrap|plain))\[.*\])")


def plain_loc(e: dict) -> dict:
    """One problem of a pydantic error (a dict of ``err.errors()``) with its place (``loc``) as the file's fields:
    without the kinds pydantic names in a field that takes one of several (``list[str]``), and with a mapping's key
    that is refused (pydantic's ``('time_track', 'x', '[key]')``) said in the message: ``"key 'x': must be a whole
    number"`` at ``time_track`` (attack 42: "[key]" reached a card file's reader)."""
    loc = [p for p in e.get("loc", ()) if not (isinstance(p, str) and _UNION_TAG.fullmatch(p))]
    if len(loc) >= 2 and loc[-1] == "[key]":
        key = loc[-2]
        return {**e, "loc": tuple(loc[:-2]), "key": key}
    return {**e, "loc": tuple(loc)}


def _with_key(words: Callable[[dict], str]) -> Callable[[dict], str]:
    return lambda e: (f"key {short(e['key'], 40)}: " if "key" in e else "") + words(e)


def format_validation_error(err: ValidationError, where: str, words: Callable[[dict], str] | None = None) -> str:
    """Turn a pydantic error into ``"<where>: <field.path>: <message>"`` lines (one per problem, at most
    :data:`MAX_PROBLEMS`, then how many more), each problem said by ``words`` (default :func:`problem_words`)."""
    words = _with_key(words or problem_words)
    lines = []
    for e in err.errors(include_url=False)[:MAX_PROBLEMS]:
        # a validator's own sentence without pydantic's "Value error, " (or "Assertion failed, ") before it, and a
        # length refused in words (trial 23: "List should have at most 5000 items after validation, not 6000"):
        # these messages reach pages (trial 22: the FAQ's box of files not loaded)
        e = plain_loc(e)
        e["msg"] = words(e)
        # (a key a file may not have is a key, never a list's place: attack 45, "meta[5]" for a key 5)
        key = len(e["loc"]) - 1 if e.get("type") in ("extra_forbidden", "invalid_key") else -1
        loc = ".".join(f"[{p}]" if isinstance(p, int) and i != key else short(str(p), 60, quote=False)
                       for i, p in enumerate(e["loc"]))
        loc = short_field(loc.replace(".[", "["))
        line = f"{where}: {loc}: {short(e['msg'], 300, quote=False)}"
        if line in lines:  # (one problem said twice, e.g. by two kinds of a field that takes either)
            continue
        if loc:
            lines.append(f"{where}: {loc}: {short(e['msg'], 300, quote=False)}")
        elif e["type"] in ("model_type", "dict_type"):  # the whole file (or value) is not a mapping
            lines.append(f"{where}: {e['msg']}")
        else:
            lines.append(f"{where}: the top level: {short(e['msg'], 300, quote=False)}")
    more = err.error_count() - MAX_PROBLEMS
    if more > 0:
        lines.append(f"{where}: … and {more:,} more problem{'' if more == 1 else 's'}")
    return "\n".join(lines)


def check_data_bounds(data: Any, where: str) -> None:
    """Refuse data read from JSON (a saved session) that holds more than :data:`MAX_NODES` values, text of more than
    :data:`MAX_CHARS` characters or nesting deeper than :data:`MAX_DEPTH` (ContentError naming ``where`` and the
    field): the bounds :func:`check_yaml_events` puts on YAML, so that validating it stays fast."""
    nodes = chars = 0
    longest = (0, "")  # the longest list seen, (items, field): what the count of values is said by
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, field, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:  # (attack 45: "actions[425]: more than 100,000 values" blamed one action)
            big = f" (its list {_named(longest[1])} holds {longest[0]:,})" if longest[0] > MAX_NODES // 10 else ""
            raise ContentError(f"{where}: the file holds more than {MAX_NODES:,} values{big}",
                               field=(longest[1] if big else field) or None)
        if isinstance(value, list) and len(value) > longest[0]:
            longest = (len(value), field)
        if isinstance(value, str):
            chars += len(value)
            if chars > MAX_CHARS:
                raise ContentError(f"{where}: {_named(field)}: more than {MAX_CHARS:,} characters of text",
                                   field=field or None)
        elif isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                raise ContentError(f"{where}: {_named(field)}: nested too deeply (more than {MAX_DEPTH} "
                                   "levels)", field=field or None)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                part = k if isinstance(value, list) else short(str(k), 40, quote=False)
                stack.append((v, _field(field, part), depth + 1))


def _named(field: str) -> str:
    """A field path for a message: cut after a few parts (:func:`~tutor.core.errors.short_field`), or "the top
    level"."""
    return short_field(field) if field else "the top level"


def first_field(err: ValidationError) -> str | None:
    """The field path of the first problem in a pydantic error, e.g. ``"spirits[3].type"``."""
    errs = err.errors(include_url=False, include_input=False, include_context=False)
    if not errs:
        return None
    loc = ".".join(f"[{p}]" if isinstance(p, int) else short(p, 60, quote=False) for p in plain_loc(errs[0])["loc"])
    return loc.replace(".[", "[")


def card_file_path(path: str | os.PathLike) -> Path:
    """``path`` checked as a user's card file before anything reads it: a regular ``.yaml`` / ``.yml`` file that is
    not a symbolic link (so an option or a saved session naming ``/etc/shadow`` or a link to it is refused without
    reading it, and no line of such a file can reach an error message).

    Raises:
        ContentError: naming the path and why; an empty path (``''``, which Python reads as the current folder) is
            refused as naming no file.
    """
    if not str(path):  # (attack 42: ``--option cards=`` played the shipped cards without a word)
        raise ContentError("an empty path ('') names no card file: give the path of a .yaml card file, or leave "
                           "the cards option out to play the shipped cards", path="")
    p = Path(path)
    if p.suffix.lower() not in (".yaml", ".yml"):
        raise ContentError(f"{short(str(p), 120, quote=False)}: a card file is a .yaml file", path=str(p))
    if p.is_symlink():
        raise ContentError(f"{short(str(p), 120, quote=False)}: a symbolic link is not read as a card file",
                           path=str(p))
    if not p.exists():
        raise ContentError(f"{short(str(p), 120, quote=False)}: cannot read card file (no such file)", path=str(p))
    if not p.is_file():
        raise ContentError(f"{short(str(p), 120, quote=False)}: not a regular file", path=str(p))
    return p


def stat_file(p: Path, what: str = "file") -> os.stat_result:
    """``p``'s status (``os.stat``, following links): the file must exist and be a regular file.

    Raises:
        ContentError: ``"<p>: cannot read <what> (<reason>)"``, or ``"<p>: not a regular file"`` (``"<p>: the <what>
            is not a regular file"`` when ``what`` is not ``"file"``).
    """
    try:
        st = p.stat()
    except OSError as exc:
        raise ContentError(f"{p}: cannot read {what} ({exc.strerror})", path=str(p)) from None
    if not stat.S_ISREG(st.st_mode):
        raise ContentError(f"{p}: {'' if what == 'file' else f'the {what} is '}not a regular file", path=str(p))
    return st


def read_text(path: str | os.PathLike) -> str:
    """Read a UTF-8 text file, refusing missing, oversized or undecodable files, and a symbolic link (its folders may
    be links), with :class:`ContentError`.

    A link is never followed, wherever it was named (a folder's entries are sorted out before: see
    ``tutor.safefile.own_files``): ``rules-tutor scenario run received/link.yaml`` with the link pointing at
    ``/etc/shadow`` printed that file's lines as the keys its refusal named (attack 19). The file is opened with
    ``O_NOFOLLOW``, so a link put in its place after the check is refused too.
    """
    p = Path(path)
    if p.is_symlink():
        raise ContentError(f"{short(str(p), 120, quote=False)}: a symbolic link is not read; name the file itself",
                           path=str(p))
    size = stat_file(p).st_size
    if size > MAX_FILE_BYTES:
        raise ContentError(f"{p}: the file is {size_words(size)}, over the limit of {size_words(MAX_FILE_BYTES)}",
                           path=str(p))
    try:
        with open(os.open(p, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)  # never more than the limit, whatever the size said
    except OSError as exc:
        raise ContentError(f"{p}: cannot read file ({exc.strerror or exc})", path=str(p)) from None
    if len(data) > MAX_FILE_BYTES:
        raise ContentError(f"{p}: the file is over the limit of {size_words(MAX_FILE_BYTES)}", path=str(p))
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it
    except UnicodeDecodeError as exc:
        raise ContentError(f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start})", path=str(p)) from None


def validate(model: type[M], data: Any, where: str, context: dict | None = None,
             words: Callable[[dict], str] | None = None) -> M:
    """Validate ``data`` as ``model``; errors become :class:`ContentError` naming ``where`` and the field path, each
    problem said by ``words`` (default :func:`problem_words`; a card file's: ``tutor.core.cardcheck.card_words``)."""
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        said = _with_key(words or problem_words)
        msg, field = _field_named_first(format_validation_error(exc, where, words), first_field(exc), where)
        problems = tuple((plain_loc(e)["loc"], short(visible(said(plain_loc(e))), 300, quote=False))
                         for e in exc.errors(include_url=False)[:MAX_PROBLEMS])
        err = ContentError(msg, path=where, field=field, problems=problems)
        err.problem_count = exc.error_count()
        raise err from None


def _field_named_first(msg: str, field: str | None, where: str) -> tuple[str, str | None]:
    """For a whole-file check whose message starts with the field it is about, say that field as pydantic says a
    field's problem: ``"<where>: the top level: totems[1].id: duplicate card id 't01'"`` becomes
    ``"<where>: totems[1].id: duplicate card id 't01'"``, and the first such field is ``field`` when none was known."""
    import re
    pattern = re.compile(re.escape(f"{where}: the top level: ")
                         + r"([A-Za-z_]\w*(?:\[\d+\])*(?:\.[A-Za-z_]\w*(?:\[\d+\])*)*): ")
    named = pattern.search(msg)
    if named and not field:
        field = named.group(1)
    return pattern.sub(lambda m: f"{where}: {m.group(1)}: ", msg), field


def load_yaml_model(model: type[M], path: str | os.PathLike, context: dict | None = None) -> M:
    """Read, parse and validate one YAML file as ``model`` (see :func:`validate`)."""
    where = str(path)
    return validate(model, parse_yaml(read_text(path), where), where, context)


def fold_text(value: str) -> str:
    """``value`` in the form the tutor compares text in: Unicode NFKC (full-width ``ＧＯＮＧＡ`` is ``GONGA``,
    ``ﬁ`` is ``fi``), with format characters (category ``Cf``: bidi controls such as U+202E, zero-width spaces and
    joiners, soft hyphens) dropped. Card ids (:func:`normalise_id`) and what is typed in a page's search box
    (``widgets.style.typed``) go through it."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", value) if unicodedata.category(ch) != "Cf")


def normalise_id(value: str) -> str:
    """A card (or other) id as the tutor compares it: Unicode NFKC form, with format characters (category ``Cf``:
    zero-width spaces and joiners, direction marks, soft hyphens...) removed, so ids that look the same are the same;
    e.g. ``"t0\u200b1"`` and ``"ｔ01"`` become ``"t01"``.

    Raises:
        ValueError: an id that is empty once normalised.
    """
    out = fold_text(value)
    if not out.strip():
        raise ValueError("an id must have at least one visible character")
    return out


def normalise_ref(value: Any) -> Any:
    """A reference to a card (or a guide, clan, clause...) as given in a file or by a user, in the form ids are
    compared in (:func:`normalise_id`: NFKC, format characters such as zero-width spaces and bidi marks dropped), so
    that ``"t0\u200b1"`` names card ``t01`` wherever a reference is resolved. Anything that is not text, or text
    that would be empty once normalised, comes back unchanged (the loader then names it as unknown)."""
    if not isinstance(value, str) or (value.isascii() and value.isprintable()):
        return value
    try:
        return normalise_id(value)
    except ValueError:
        return value


def normalise_refs(data: Any) -> Any:
    """``data`` (plain data read from a file: mappings, lists, text, numbers) with every text value normalised by
    :func:`normalise_ref`; keys (field names) are left as they are. Used on the parts of a set-up, script and
    expectations that name cards (``setup.state``, ``setup.options``, action selectors, ``expect.state``) and on a
    saved session's ``partial_state``: the one place references are made comparable with card ids. Iterative
    (bounded by the load bounds already checked), returns new containers."""
    if isinstance(data, str):
        return normalise_ref(data)
    if not isinstance(data, (dict, list)):
        return data
    root: list = [None]
    stack: list[tuple[Any, Any, Any]] = [(data, root, 0)]
    while stack:
        value, parent, key = stack.pop()
        if isinstance(value, dict):
            new: Any = dict.fromkeys(value)  # the keys in the file's order (the children are filled in any order)
            stack.extend((v, new, k) for k, v in value.items())
        elif isinstance(value, list):
            new = [None] * len(value)
            stack.extend((v, new, i) for i, v in enumerate(value))
        else:
            new = normalise_ref(value)
        parent[key] = new
    return root[0]


#: Bidirectional controls (embeddings, overrides, isolates, marks): in a name or a text they reorder what a page or a
#: terminal shows around them.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _plain(value: str, lines: bool) -> str:
    for i, ch in enumerate(value):
        if ch in BIDI_CONTROLS:
            raise ValueError(f"holds a bidirectional control character (U+{ord(ch):04X}) at character {i + 1}; "
                             "write the text without it")
        if unicodedata.category(ch) in ("Cf", "Zl", "Zp"):  # zero-width spaces and joiners, the byte-order mark,
            # word joiners, soft hyphens, tags...: unseen, they make "evil" and "ev\u200bil" look the same
            named = unicodedata.name(ch, "")
            raise ValueError(f"holds an invisible character (U+{ord(ch):04X}{' ' + named if named else ''}) at "
                             f"character {i + 1}; write the text without it")
        if unicodedata.category(ch) == "Cc" and not (lines and ch in "\n\t"):
            raise ValueError(f"holds a control character (U+{ord(ch):04X}) at character {i + 1}"
                             + ("" if lines else "; a name is one line"))
    return value


def plain_name(value: str) -> str:
    """``value`` unchanged when it holds no control character (newline, escape...), no bidirectional control and no
    other invisible character (zero-width spaces and joiners, the byte-order mark, soft hyphens: Unicode format
    characters, and line or paragraph separators).

    Raises:
        ValueError: naming the character and where it is."""
    return _plain(value, lines=False)


def plain_text(value: str) -> str:
    """``value`` unchanged when it holds no control character other than newline and tab, no bidirectional control
    and no other invisible character (as :func:`plain_name`).

    Raises:
        ValueError: naming the character and where it is."""
    return _plain(value, lines=True)


def check_template(text: str, allowed: frozenset[str], *, also: tuple[str, str] | None = None) -> str:
    """``text`` unchanged when it is a template for ``str.format_map`` whose every ``{...}`` names one of ``allowed``
    (or, with ``also = (regex, shown)``, a name the regex matches whole, shown to the reader as ``shown``), with no
    conversion or format spec: a content text filled from a user's own file can then neither read Python's insides
    (``{p.__class__}``) nor build a text of a gigabyte (``{value:>999999999}``).

    Raises:
        ValueError: a lone brace, or a placeholder that is not allowed, naming it (bounded) and the allowed ones.
    """
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as exc:  # a lone { or }
        raise ValueError(f"not a valid template ({exc}); write {{{{ and }}}} for braces") from None
    for _lit, name, spec, conv in parts:
        if name is None:
            continue
        ok = name in allowed or (also is not None and re.fullmatch(also[0], name) is not None)
        if not ok or spec or conv:
            shown = short("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}", 60)
            choices = ["{" + a + "}" for a in sorted(allowed)] + ([also[1]] if also is not None else [])
            use = ("use " + (", ".join(choices[:-1]) + " or " if len(choices) > 1 else "") + choices[-1] if choices
                   else "this text takes no placeholder")
            raise ValueError(f"placeholder {shown} is not allowed; {use}")
    return text


#: A card's (or other content's) name: one line, no control or bidirectional control character (:func:`plain_name`).
CardName = Annotated[str, AfterValidator(plain_name)]
#: A card's rules text: no control character but newline and tab, no bidirectional control (:func:`plain_text`).
CardText = Annotated[str, AfterValidator(plain_text)]

#: A line of text a page shows (a lesson's or a question's title, a tag): as :data:`CardName`.
ShownLine = CardName
#: A text a page shows (a lesson's intro, goal and hints, a question and its answer, a walkthrough's narration): as
#: :data:`CardText`. One check for every loader of texts: no character that hides or reorders what is shown.
ShownText = CardText

#: A ``str`` field holding a reference to a card (or other) id, stored normalised (:func:`normalise_ref`).
CardRef = Annotated[str, AfterValidator(normalise_ref)]

#: A ``str`` field holding an id, stored normalised (:func:`normalise_id`): two ids that differ only by a zero-width
#: space or a Unicode normal form are one id, and a file that gives it twice is refused as a duplicate.
NormalisedId = Annotated[str, AfterValidator(normalise_id)]


class ClauseFile(BaseModel):
    """Schema of ``content/<game>/clauses.yaml``: a list of :class:`~tutor.core.model.Clause`."""

    model_config = {"extra": "forbid"}
    clauses: list[Clause]


def load_clauses(path: str | os.PathLike) -> dict[str, Clause]:
    """Load a clauses file into ``{id: Clause}``; duplicate ids or unknown ``related`` ids raise ContentError."""
    cf = load_yaml_model(ClauseFile, path)
    out: dict[str, Clause] = {}
    for i, c in enumerate(cf.clauses):
        if c.id in out:
            raise ContentError(f"{path}: clauses[{i}].id: duplicate clause id {short(c.id)}", path=str(path),
                               field=f"clauses[{i}].id")
        out[c.id] = c
    for i, c in enumerate(cf.clauses):
        for r in c.related:
            if r not in out:
                raise ContentError(f"{path}: clauses[{i}].related: unknown clause id {short(r)}", path=str(path),
                                   field=f"clauses[{i}].related")
    return out


def check_seats_once(players: list, where: str) -> None:
    """Refuse a partial state (``setup.state``) whose ``players`` list gives one seat twice: the second entry's fields
    would silently override the first's. ``players``: the validated entries, each with a ``seat`` (1-based).

    Raises:
        ContentError: naming ``where`` and ``players[i].seat`` of the repeated entry and the entry it repeats.
    """
    first: dict[int, int] = {}
    for i, pp in enumerate(players):
        if pp.seat in first:
            field = f"players[{i}].seat"
            raise ContentError(f"{where}: {field}: seat {pp.seat} is already set by players[{first[pp.seat]}]; give "
                               "each seat one entry (a second one would silently override the first)",
                               path=where, field=field)
        first[pp.seat] = i

