"""Shared helpers for checking that a card file holds what a game needs before it is used.

A card file can be a user's own (``new_game(..., cards=PATH)``) or a replaced ``content/`` folder
(``$RULES_TUTOR_CONTENT``). Its schema is checked by pydantic when it is read; each game's ``playable.py`` then checks
what a game of a given player count and options needs (how many cards of each kind, that the game can end) and
refuses the file with a :class:`~tutor.core.errors.ContentError` naming the file and the field, in words a card-file
author understands.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Iterable

from .errors import ContentError, said
from .problem_words import problem_words


def refuse(path: str, field: str, words: str) -> ContentError:
    """A :class:`ContentError` ``"<path>: <field>: <words>"`` with ``path`` and ``field`` set (to raise)."""
    return ContentError(f"{path}: {field}: {words}", path=path, field=field)


def normal_id(card_id: str) -> str:
    """The form in which two card ids count as the same id: Unicode NFKC, invisible format characters (zero-width
    spaces, joiners, direction marks) removed, case folded, surrounding spaces dropped."""
    text = unicodedata.normalize("NFKC", card_id)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    return text.casefold().strip()


def check_ids(path: str, entries: Iterable[tuple[str, str]], what: str = "id") -> None:
    """Refuse an empty id, an id with control characters or over 80 characters, or two ids that are the same once
    normalised (:func:`normal_id`). ``entries``: ``(field path, id)`` pairs in file order.

    Raises:
        ContentError: naming the file and the field of the (second) offending id.
    """
    seen: dict[str, str] = {}
    for field, cid in entries:
        if not isinstance(cid, str) or not normal_id(cid):
            raise refuse(path, field, f"an {what} must be a non-empty text")
        if len(cid) > 80:
            raise refuse(path, field, f"an {what} may have at most 80 characters (this one has {len(cid)})")
        if any(unicodedata.category(ch) == "Cc" for ch in cid):
            raise refuse(path, field, f"the {what} {said(cid, 40)} holds a control character")
        key = normal_id(cid)
        if key in seen:
            same = "the same" if seen[key][1] == cid else f"the same as {said(seen[key][1], 40)} once spaces, case and " \
                                                         "invisible characters are set aside"
            raise refuse(path, field, f"the {what} {said(cid, 40)} is {same} at {seen[key][0]}; every {what} must be "
                                      "different")
        seen[key] = (field, cid)


#: The largest number (in size) a card's effect parameter or stat may hold: card games print small numbers, and a
#: huge one would make an effect loop for ever ("draw 10**9 cards").
MAX_NUMBER = 99


def check_numbers(path: str, field: str, value, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> None:
    """Refuse any number in ``value`` (a parameter mapping, list or number, walked through) outside ``low..high``.

    Raises:
        ContentError: naming the file and the field of the number.
    """
    stack = [(field, value)]
    while stack:
        f, v = stack.pop()
        if isinstance(v, bool):
            continue
        if isinstance(v, (int, float)):
            if not low <= v <= high:
                raise refuse(path, f, f"{str(v)[:30]} is out of range: numbers on cards here are {low} to {high}")
        elif isinstance(v, dict):
            stack.extend((f"{f}.{k}", x) for k, x in v.items())
        elif isinstance(v, (list, tuple)):
            stack.extend((f"{f}[{i}]", x) for i, x in enumerate(v))


#: Most characters a card, guide, clan, team... ``name`` may have (the longest shipped one has under 40).
MAX_NAME_CHARS = 80


#: Most characters any text of a card file may have: an ability's or a card's ``text``, a ``provisional`` reason, the
#: ``provisional_note``, an effect parameter (the longest shipped one, a note, has under 300). A longer one is a
#: mistake or an attack (attack 47, H2: an ability text of one 100,000-letter word took the copy wording 35 s).
MAX_TEXT_CHARS = 1_000


def _leaves(data):
    """Yield ``(field, value)`` for every value of a card file as read that is not a mapping or a list, the field
    written as a path (``lines[0].spirits[1].dice``; ``""`` for a top-level value)."""
    stack = [("", data)]
    while stack:
        f, v = stack.pop()
        if isinstance(v, dict):
            stack.extend((f"{f}.{k}" if f else str(k), x) for k, x in v.items())
        elif isinstance(v, (list, tuple)):
            stack.extend((f"{f}[{i}]", x) for i, x in enumerate(v))
        else:
            yield f, v


def check_raw(path: str, data) -> None:
    """A check of a card file as read, before its model: no number in the file is a fraction (``1.0``, ``0.5``):
    numbers on cards are whole.

    Raises:
        ContentError: naming the file and the field.
    """
    for f, v in _leaves(data):
        if isinstance(v, float):
            raise refuse(path, f, f"{str(v)[:30]} is not a whole number: numbers on cards are whole numbers")


def check_texts(path: str, data) -> None:
    """No text of a card file as read has more than :data:`MAX_TEXT_CHARS` characters (run once the names, numbers
    and effect names have had their own words, before the game's checks and any play).

    Raises:
        ContentError: naming the file and the field.
    """
    for f, v in _leaves(data):
        if isinstance(v, str) and len(v) > MAX_TEXT_CHARS:
            raise refuse(path, f or "the top level", f"a text on a card may have at most {MAX_TEXT_CHARS:,} "
                                                     f"characters (this one has {len(v):,})")


def check_name(path: str, field: str, name: str) -> None:
    """Refuse a card, guide, clan, team... ``name`` with no visible character once format characters (zero-width
    spaces, direction marks) are set aside, or over :data:`MAX_NAME_CHARS` characters.

    Raises:
        ContentError: naming the file and the field.
    """
    if not normal_id(name):
        raise refuse(path, field, f"a name must have at least one visible character (this one is {said(name, 20)})")
    if len(name) > MAX_NAME_CHARS:
        raise refuse(path, field, f"a name may have at most {MAX_NAME_CHARS} characters (this one has {len(name):,})")


def check_parsed(path: str, field: str, raw, parsed) -> None:
    """Refuse a ``true`` / ``false``, a text (``'4'``) or a whole number written as a fraction (``5.0``) that the
    model ``parsed`` (a pydantic model, tuple, list, dict or value, read from ``raw``, the data as in the file) took
    as a number, and any model's ``name`` field that fails
    :func:`check_name`: walks ``raw`` and ``parsed`` side by side, by field name (or alias), item and key.

    Raises:
        ContentError: naming the file and the field (``spirits[1].number``).
    """
    from pydantic import BaseModel

    stack = [(field, raw, parsed)]
    while stack:
        f, r, m = stack.pop()
        if isinstance(r, bool):
            if isinstance(m, int) and not isinstance(m, bool):
                raise refuse(path, f, f"{str(r).lower()} is not a number here: write a whole number")
        elif isinstance(r, str) and isinstance(m, (int, float)) and not isinstance(m, bool):
            raise refuse(path, f, number_as_text(r))
        elif isinstance(r, float) and isinstance(m, int) and not isinstance(m, bool):  # (pydantic takes 5.0 for 5)
            raise refuse(path, f, f"a whole number is needed, not {said(r, 30)}: write it without a decimal point")
        elif isinstance(r, (str, int, float)) and isinstance(m, bool):  # (pydantic takes '1', 'yes', 0 for one)
            shown = f"a text ({said(r, 30)})" if isinstance(r, str) else said(r, 30)
            raise refuse(path, f, f"true or false is needed, not {shown}")
        elif isinstance(r, dict):
            if isinstance(m, BaseModel):
                names = {(info.alias or name): name for name, info in type(m).model_fields.items()}
                names.update({name: name for name in type(m).model_fields})
                for k, x in r.items():
                    if k in names:
                        if names[k] == "name" and isinstance(m.name, str):
                            check_name(path, f"{f}.{k}" if f else str(k), m.name)
                        stack.append((f"{f}.{k}" if f else str(k), x, getattr(m, names[k], None)))
            elif isinstance(m, dict):
                for k, mk in zip(r, m):  # (the keys in the file's order: a key taken for a number is refused)
                    if isinstance(k, (str, bool)) and isinstance(mk, int) and not isinstance(mk, bool):
                        shown = number_as_text(k) if isinstance(k, str) else \
                            f"{str(k).lower()} is not a number here: write a whole number"
                        raise refuse(path, f or "the top level", f"key {said(k, 40)}: {shown}")
                stack.extend((_key_field(f, k), x, m[k]) for k, x in r.items() if k in m)
        elif isinstance(r, (list, tuple)) and isinstance(m, (list, tuple)) and len(r) == len(m):
            stack.extend((f"{f}[{i}]", x, y) for i, (x, y) in enumerate(zip(r, m)))


def number_as_text(text: str, needed: str = "a whole number") -> str:
    """The refusal of a number written as text in a card file (``health: '4'``, ``cost: '1'``): ``"a whole number is
    needed, not a text ('4'): write it without quotes"``. Numbers in card files are strict in all three games (attack
    42: Spirit Duels played ``health: '4'`` as 4 while Restless Spirits refused ``cost: '1'`` with "must be 0, 1 or
    2"): a text is never taken for a number, whatever it holds."""
    return f"{needed} is needed, not a text ({said(text, 30)}): write it without quotes" \
        if text.strip().lstrip("+-").isdigit() and len(text) <= 40 else f"{needed} is needed, not a text " \
                                                                         f"({said(text, 30)})"


#: pydantic's problem types of a field that holds a number.
NUMBER_TYPES = frozenset({"int_type", "int_parsing", "int_parsing_size", "int_from_float", "float_type",
                          "float_parsing", "finite_number", "greater_than", "greater_than_equal", "less_than",
                          "less_than_equal", "multiple_of"})
_NUMBERS = re.compile(r"-?\d+(, -?\d+)*( or -?\d+)?")


def card_words(e: dict) -> str:
    """What is wrong in one problem of a card file's pydantic error (a dict of ``err.errors()``), in words: a number
    written as text where a number goes is :func:`number_as_text` with what is needed (``"a whole number (0, 1 or 2)
    is needed, not a text ('1')"``, ``"a whole number of at least 1 is needed, not a text ('x')"``); a value of
    another kind where a number goes says what it is (``"a whole number is needed, not a list"``); any other problem
    is said as in every content file (:func:`~tutor.core.problem_words.problem_words`)."""
    kind, ctx, given = e.get("type"), e.get("ctx") or {}, e.get("input")
    if kind in ("bool_type", "bool_parsing"):
        return f"true or false is needed, not " + (f"a text ({said(given, 30)})" if isinstance(given, str) else
                                                   said(given, 30) if isinstance(given, (int, float))
                                                   else _kind(given))
    listed = kind == "literal_error" and _NUMBERS.fullmatch(str(ctx.get("expected", "")))
    if kind not in NUMBER_TYPES and not listed:
        return problem_words(e)
    needed = "a whole number" if kind not in ("float_type", "float_parsing", "finite_number") else "a number"
    if listed:
        if isinstance(given, int) and not isinstance(given, bool):
            return f"must be {ctx['expected']}, not {said(given, 30)}"
        needed += f" ({ctx['expected']})"
    low, high = ctx.get("ge"), ctx.get("le")
    if isinstance(low, int) and isinstance(high, int):
        needed += f" from {low:,} to {high:,}"
    else:
        for key, words in (("ge", "of at least"), ("gt", "more than"), ("le", "of at most"), ("lt", "less than")):
            if isinstance(ctx.get(key), int):
                needed += f" {words} {ctx[key]:,}"
    if isinstance(given, str):
        return number_as_text(given, needed)
    if isinstance(given, (int, float)) and not isinstance(given, bool):  # a number out of its range
        return f"{problem_words(e)}, not {said(given, 30)}"
    if isinstance(given, bool):
        return f"{needed} is needed, not {str(given).lower()}"
    return f"{needed} is needed, not {_kind(given)}"


def _kind(value) -> str:
    return {type(None): "an empty value", list: "a list", tuple: "a list", dict: "a mapping"}.get(type(value),
                                                                                                    "this value")


def _key_field(field: str, key) -> str:
    """The field path of a mapping's entry as pydantic names it: ``time_track[2]`` for a number key, ``medals.gold``
    for a name."""
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else str(key)
