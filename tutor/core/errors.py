"""Errors raised by the rules engine.

Every error names what is wrong and where (file, field or action), so that a learner or a content author can fix
it without reading engine code.
"""
from __future__ import annotations


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
        super().__init__(_bounded(message))
        self.code = code
        self.clause = clause
        self.action = action if action is None or len(action) <= 200 else action[:199] + "…"


class ContentError(ValueError):
    """A content file (clauses, cards, scenario, lesson, walkthrough, saved session) is invalid.

    The message always starts with the file path (or ``<text>`` for text given directly) and, where known,
    the field path inside it, e.g. ``"cards.yaml: spirits[3].type: Input should be 'guardian', ..."``.

    The message is cut to :data:`MAX_MESSAGE` characters (values in it are shown with :func:`short`).

    Attributes:
        path: the file that was refused (``None`` for text given directly).
        field: dotted/indexed field path inside the file, when known.
    """

    def __init__(self, message: str, *, path: str | None = None, field: str | None = None) -> None:
        super().__init__(_bounded(message))
        self.path = path
        self.field = field


#: Longest text :func:`short` gives back (and the most a message shows of one value from a file or a user).
SHORT_LIMIT = 80
#: Longest message a :class:`ContentError` or :class:`IllegalAction` keeps (longer ones are cut, saying so).
MAX_MESSAGE = 4000


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
    """An ``argparse.ArgumentParser`` subclass whose error messages (``error: argument X: invalid ... value: '...'``)
    show at most :data:`SHORT_LIMIT` characters of the argument given: a typed 5,000-digit number or a path of
    thousands of characters is not echoed whole. Subparsers made from it are of the same class."""
    import argparse

    class BoundedArgumentParser(argparse.ArgumentParser):
        def error(self, message: str):  # noqa: D102 - argparse's API
            super().error(short_quoted(message))

    return BoundedArgumentParser

