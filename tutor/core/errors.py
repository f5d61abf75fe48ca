"""Errors raised by the rules engine.

Every error names what is wrong and where (file, field or action), so that a learner or a content author can fix
it without reading engine code.
"""
from __future__ import annotations

import os
import re
import unicodedata

from .arg_words import arg_words, help_hint


class IllegalAction(ValueError):
    """An action that the rules do not allow in the current state.

    Attributes:
        code: short machine-readable reason, e.g. ``"unknown-action"``, ``"not-legal-now"``.
        clause: id of the clause that forbids the action, or ``None`` when no rule is involved
            (for example an id that names no action at all).
        action: the action id (or description) that was refused.

    The message is cut to :data:`MAX_MESSAGE` characters. Raising it never changes the session:
    :meth:`tutor.Session.apply` validates before it mutates.
    """

    def __init__(self, message: str, *, code: str = "not-legal-now", clause: str | None = None,
                 action: str | None = None) -> None:
        super().__init__(_bounded(visible(str(message))))
        self.code = code
        self.clause = clause
        self.action = action if action is None or len(action) <= 200 else action[:199] + "…"


class ContentError(ValueError):
    """A content file (clauses, cards, scenario, lesson, walkthrough, saved session) is invalid.

    The message always starts with the file path (or ``<text>`` for text given directly) and, where known,
    the field path inside it, e.g. ``"cards.yaml: spirits[3].type: Input should be 'guardian', ..."``.

    The message is cut to :data:`MAX_MESSAGE` characters (values in it are shown with :func:`short`); the file's
    name in it is shown with :func:`display_path`, and any other control or invisible format character (a bidi
    override from a file) is shown escaped (:func:`visible`), so a message never reorders or splits the lines
    around it.

    Attributes:
        path: the file that was refused (``None`` for text given directly).
        field: dotted/indexed field path inside the file, when known.
        problems: each problem of a file that does not validate, as ``(field, words)``: the field's place as pydantic
            gives it (a tuple of names and list positions, ``("steps", 0, "narration")``) and what is wrong with it in
            words (:func:`tutor.core.content.format_validation_error`'s); empty for other errors.
        problem_count: how many problems there were in all (``problems`` holds the first few).
    """

    def __init__(self, message: str, *, path: str | None = None, field: str | None = None,
                 problems: tuple[tuple[tuple, str], ...] = ()) -> None:
        message = str(message)
        if path is not None:  # the file's name as safe display text wherever the message gives it
            raw, shown = str(path), display_path(path)
            if raw and shown != raw:
                message = message.replace(raw, shown)
        super().__init__(_bounded(visible(message)))
        self.path = path
        self.field = field
        self.problems = tuple(problems)
        self.problem_count = len(self.problems)


#: Longest file name or path :func:`display_path` gives back (longer ones keep their start and end around "…").
PATH_LIMIT = 240
#: Characters never shown as they are: controls (newline, escape...), format characters (bidi overrides and
#: isolates, zero-width spaces and joiners, soft hyphens), lone surrogates (undecodable bytes of a file name),
#: line and paragraph separators.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def display_path(path: object, limit: int = PATH_LIMIT) -> str:
    """A file name or path (``str``, ``bytes`` or ``os.PathLike``) as safe display text, for a page or an error
    message: every control, bidi or other invisible format character, line separator or undecodable byte shown
    escaped (``"a\\nb"``, ``"x\\u202etxt.yaml"``, ``"\\udcff"``), at most ``limit`` characters (a longer one keeps
    its start and its end, where the file name is, around ``…``). ``display_path("a\u202eb.yaml")`` is
    ``"a\\u202eb.yaml"``; a plain path comes back unchanged."""
    if isinstance(path, (bytes, os.PathLike)):
        try:
            text = os.fsdecode(path)
        except (TypeError, ValueError):
            text = str(path)
    else:
        text = str(path)
    if len(text) > limit * 16:  # bounds the work below; the start and the end (the file name) are what is shown
        text = text[:limit * 8] + text[-limit * 8:]
    shown = "".join(_escape(ch) if unicodedata.category(ch) in _HIDDEN else ch for ch in text)
    if len(shown) <= limit:
        return shown
    tail = max(1, limit // 3)
    return shown[:limit - tail - 1] + "…" + shown[-tail:]


def size_words(size: int) -> str:
    """A file size in words for a message a page may show: ``"2930 KB"`` (whole KB, rounded up, so a file just over a
    limit never reads as the limit), ``"2 MB"`` for a whole number of MB (a limit), never a count of bytes."""
    mb, rest = divmod(size, 1024 * 1024)
    if mb and not rest:
        return f"{mb} MB"
    return f"{max(1, -(-size // 1024))} KB"


def visible(message: str) -> str:
    """``message`` with every control character but newline and tab, and every invisible format character (bidi
    controls, zero-width spaces), shown escaped as :func:`display_path` shows them: the lines of a message stay its
    own and nothing in it reorders the text around it."""
    if all(ch.isprintable() or ch in "\n\t" for ch in message):
        return message
    return "".join(_escape(ch) if ch not in "\n\t" and unicodedata.category(ch) in _HIDDEN else ch
                   for ch in message)


#: Longest text :func:`short` gives back (and the most a message shows of one value from a file or a user).
SHORT_LIMIT = 80
#: Longest message a :class:`ContentError` or :class:`IllegalAction` keeps (longer ones are cut, saying so).
MAX_MESSAGE = 4000


#: Most parts (names and list positions) of a field path a message names: a path 40 levels deep
#: (``x[0][0][0]…``, trial 24) is cut after them, with "…".
FIELD_PARTS = 10
_FIELD_PARTS_RE = re.compile(r"\[[^\]]*\]|\.?[^.\[]+")


def short_field(field: str, parts: int = FIELD_PARTS) -> str:
    """The field path ``field`` (``setup.state[0].hand``) for a message: its first ``parts`` parts and "…" when it
    has more (``x_deep[0][0][0][0][0]…``), else whole."""
    field = str(field)
    for i, m in enumerate(_FIELD_PARTS_RE.finditer(field)):
        if i == parts:
            return field[:m.start()] + "…"
    return field


def short(value: object, limit: int = SHORT_LIMIT, *, quote: bool = True) -> str:
    """``repr(value)`` for an error message or a label, bounded in size and in time: at most ``limit`` characters
    (longer ones end in ``…``), whatever ``value`` is (a 512 MB text, a list of a million items, a 5,000-digit
    number, a nested structure). Text is quoted as ``repr`` does (``short("ab" * 100, 10) == "'abababab…"``), or
    given as it is with ``quote=False`` (``short("ab" * 100, 5, quote=False) == "abab…"``)."""
    import reprlib
    if not quote and isinstance(value, str):
        return value if len(value) <= limit else value[:limit - 1] + "…"
    if isinstance(value, bool) or value is None:
        text = repr(value)
    elif isinstance(value, int):
        if value.bit_length() > 256:  # repr() of a huge int is slow, and refused past 4,300 digits
            text = f"<a whole number of about {int(value.bit_length() * 0.30103) + 1} digits>"
        else:
            text = repr(value)
    elif isinstance(value, str):
        text = repr(value[:limit + 1])
    else:
        r = reprlib.Repr()
        r.maxlevel, r.maxstring, r.maxother, r.maxlong = 3, limit, limit, 60
        r.maxlist = r.maxtuple = r.maxdict = r.maxset = r.maxfrozenset = r.maxdeque = r.maxarray = 8
        try:
            text = r.repr(value)
        except Exception:  # a value whose repr fails: name its type only
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def said(value: object, limit: int = SHORT_LIMIT) -> str:
    """``value`` (from a file, an option or a box) as a person reads it, for an error message: never a Python repr
    (attack 45: "got True", "got nan", "got ['a']"). Text in single quotes, shown as it is but for control and
    invisible characters and line breaks (escaped, as :func:`display_path` shows them: one line), cut with "…"
    (``'abcd…'``); ``true``/``false`` as a file writes them, ``nothing (null)``; ``nan (not a number)``, ``infinity``; a list or a mapping by its size and its first items
    (``a list of 2 items ('a', 3)``, ``a mapping of 1 key (side: 'B')``, ``an empty list``). At most ``limit``
    characters, whatever ``value`` is (a 512 MB text, a list of a million items, a 5,000-digit number)."""
    limit = max(8, limit)
    if isinstance(value, str):
        if not value:
            return "empty text"
        inner = "".join(_escape(ch) if unicodedata.category(ch) in _HIDDEN else ch for ch in value[:limit])
        return f"'{inner}'" if len(inner) <= limit - 2 else f"'{inner[:limit - 3]}…'"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, int):
        if value.bit_length() > 256:  # str() of a huge int is slow, and refused past 4,300 digits
            return f"a whole number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
        text = str(value)
        return text if len(text) <= limit else text[:limit - 1] + "…"
    if isinstance(value, float):
        if value != value:
            return "nan (not a number)"
        if value in (float("inf"), float("-inf")):
            return "infinity" if value > 0 else "minus infinity"
        return repr(value)
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        n = len(value)
        kind = "mapping" if isinstance(value, dict) else "list"
        if not n:
            return f"an empty {kind}"
        head = f"a {kind} of {n:,} {('key' if kind == 'mapping' else 'item') + ('s' if n != 1 else '')}"
        items = list(value.items())[:8] if isinstance(value, dict) else list(value)[:8]
        parts: list[str] = []
        room = limit - len(head) - 3  # " (" and ")"
        for item in items:
            part = (f"{visible(str(item[0])[:20])}: {said(item[1], 30)}" if kind == "mapping"
                    else said(item, 30))
            if len(", ".join([*parts, part])) > room - 3:
                parts.append("…")
                break
            parts.append(part)
        else:
            if n > len(items):
                parts.append("…")
        return f"{head} ({', '.join(parts)})" if parts != ["…"] else f"{head} (…)"
    return f"a value of the kind {type(value).__name__}"


#: What an unexpected engine error means, in the words of a person reading a file (attack 45: "KeyError: None"),
#: by the kind of error; the first that matches counts.
_TROUBLE = ((RecursionError, "it is nested too deeply"),
            (KeyError, "it names something the game does not have"),
            (OSError, "a file or folder it needs cannot be read"),
            (IndexError, "it points past the end of a list of the game"),
            (ZeroDivisionError, "a count of nothing where the game needs at least one"),
            (OverflowError, "a number too large for the game"),
            ((TypeError, AttributeError), "a value of the wrong kind (a list or mapping where one value belongs, a "
                                          "text where a number belongs, or the reverse)"),
            (ValueError, "a value the game does not allow there"))


def trouble_words(exc: BaseException) -> str:
    """What an unexpected error (one no check named first) means, in words a learner or a teacher would say: never the
    error's Python name nor a Python repr, e.g. ``KeyError('ruby')`` is ``"it names something the game does not have
    ('ruby')"``. For a loader's catch-all, after the field is named: ``"actions[3]: cannot be applied: " +
    trouble_words(exc)``."""
    words = next((w for kind, w in _TROUBLE if isinstance(exc, kind)), "something in it the game cannot use")
    if isinstance(exc, KeyError) and exc.args and isinstance(exc.args[0], (str, int)) and \
            not isinstance(exc.args[0], bool):
        words += f" ({said(exc.args[0], 40)})"
    elif isinstance(exc, OSError):  # the system's own words ("Permission denied"), never its number or path
        why = exc.strerror or (exc.args[0] if exc.args and isinstance(exc.args[0], str) else "")
        words += f" ({short(why, 80, quote=False)})" if why else ""
    return words


def _bounded(message: str) -> str:
    message = str(message)
    if len(message) <= MAX_MESSAGE:
        return message
    return message[:MAX_MESSAGE] + f"… ({len(message) - MAX_MESSAGE} more characters not shown)"


def short_quoted(message: str, limit: int = SHORT_LIMIT) -> str:
    """``message`` with every quoted value in it (``'...'``, as argparse and ``repr`` quote) cut to ``limit``
    characters, e.g. argparse's ``"argument --seed: invalid int value: '999…'"`` for a 5,000-digit argument."""
    import re
    return re.sub(r"'([^'\n]{%d})[^'\n]+'" % max(1, limit - 3), lambda m: f"'{m.group(1)}…'", str(message))


def bounded_parser_class():
    """An ``argparse.ArgumentParser`` subclass whose refusals read as the command line's own (attack 45): one line
    ``PROG: error: ARGUMENT: what was wrong`` in words (:func:`tutor.core.arg_words.arg_words`, no usage block) and
    a ``see 'PROG --help'`` line under it, exit 2; each value given shows at most :data:`SHORT_LIMIT` characters (a
    typed 5,000-digit number or a path of thousands of characters is not echoed whole). Subparsers made from it are
    of the same class."""
    import argparse

    class BoundedArgumentParser(argparse.ArgumentParser):
        def error(self, message: str):  # noqa: D102 - argparse's API
            self.exit(2, f"{self.prog}: error: {short_quoted(arg_words(message))}\n{help_hint(self.prog)}\n")

    return BoundedArgumentParser



def _inner_words(parts: tuple) -> str:
    """A place inside a set-up field in words (attack 37: the page said "The field “players”" for
    ``players[0].seat``): ``("players", 0, "seat")`` is ``"player 1's seat"``, ``("markets", 1, 0)`` ``"market 2's
    item 1"``; names with ``_`` read with spaces, each part cut to 40 characters, at most 6 parts."""
    out: list[str] = []
    i = 0
    while i < len(parts) and len(out) < 6:
        part = parts[i]
        if isinstance(part, str) and i + 1 < len(parts) and isinstance(parts[i + 1], int):
            name = part[:-1] if part.endswith("s") and len(part) > 1 else part
            out.append(f"{short(name.replace('_', ' '), 40, quote=False)} {parts[i + 1] + 1}")
            i += 2
            continue
        out.append(f"item {part + 1}" if isinstance(part, int) else short(str(part).replace("_", " "), 40, quote=False))
        i += 1
    return "'s ".join(out) + ("…" if i < len(parts) else "")


def place_words(loc: tuple, *, whole: str, names: dict[str, str], listed: dict) -> str:
    """A field's place in a content file (``loc``: pydantic's names and list positions, ``("steps", 0,
    "narration")``) as a teacher would say it, for one kind of file: ``whole`` for the file itself (``()``); a list
    of ``listed`` with a position after it by its own words (``listed[name](n, rest)``, ``n`` counted from 1,
    ``rest`` the place under the item); ``setup.<name>`` as ``"The set-up's <name>"``; a field of ``names`` by its
    words; any other field named in quotes, cut to 40 characters. Used by :func:`tutor.lessons.field_words` and
    :func:`tutor.walkthrough.field_words`."""
    if not loc:
        return whole
    head, rest = loc[0], loc[1:]
    if head in listed and rest and isinstance(rest[0], int):
        return listed[head](rest[0] + 1, rest[1:])
    if head == "setup" and rest and isinstance(rest[0], str):
        said = f"The set-up's {short(rest[0].replace('_', ' '), 40, quote=False)}"
        if len(rest) > 1 and isinstance(rest[1], str):  # a field inside it: "The set-up's state: player 1's seat"
            said += f": {_inner_words(rest[1:])}"
        return said
    if head in names:
        return names[head]
    return f"The field “{short(str(head), 40, quote=False)}”"
