"""Shared helpers for checking that a card file holds what a game needs before it is used.

A card file can be a user's own (``new_game(..., cards=PATH)``) or a replaced ``content/`` folder
(``$RULES_TUTOR_CONTENT``). Its schema is checked by pydantic when it is read; each game's ``playable.py`` then checks
what a game of a given player count and options needs (how many cards of each kind, that the game can end) and
refuses the file with a :class:`~tutor.core.errors.ContentError` naming the file and the field, in words a card-file
author understands.
"""
from __future__ import annotations

import unicodedata
from typing import Iterable

from .errors import ContentError


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
            raise refuse(path, field, f"the {what} {cid[:40]!r} holds a control character")
        key = normal_id(cid)
        if key in seen:
            same = "the same" if seen[key][1] == cid else f"the same as {seen[key][1][:40]!r} once spaces, case and " \
                                                         "invisible characters are set aside"
            raise refuse(path, field, f"the {what} {cid[:40]!r} is {same} at {seen[key][0]}; every {what} must be "
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


def check_raw(path: str, data) -> None:
    """A check of a card file as read, before its model: no number in the file is a fraction (``1.0``, ``0.5``):
    numbers on cards are whole.

    Raises:
        ContentError: naming the file and the field.
    """
    stack = [("", data)]
    while stack:
        f, v = stack.pop()
        if isinstance(v, dict):
            stack.extend((f"{f}.{k}" if f else str(k), x) for k, x in v.items())
        elif isinstance(v, (list, tuple)):
            stack.extend((f"{f}[{i}]", x) for i, x in enumerate(v))
        elif isinstance(v, float):
            raise refuse(path, f, f"{str(v)[:30]} is not a whole number: numbers on cards are whole numbers")


def check_name(path: str, field: str, name: str) -> None:
    """Refuse a card, guide, clan, team... ``name`` with no visible character once format characters (zero-width
    spaces, direction marks) are set aside, or over :data:`MAX_NAME_CHARS` characters.

    Raises:
        ContentError: naming the file and the field.
    """
    if not normal_id(name):
        raise refuse(path, field, f"a name must have at least one visible character (this one is {name[:20]!r})")
    if len(name) > MAX_NAME_CHARS:
        raise refuse(path, field, f"a name may have at most {MAX_NAME_CHARS} characters (this one has {len(name):,})")


def check_parsed(path: str, field: str, raw, parsed) -> None:
    """Refuse a ``true`` / ``false`` that the model ``parsed`` (a pydantic model, tuple, list, dict or value, read
    from ``raw``, the data as in the file) took as a number, and any model's ``name`` field that fails
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
                stack.extend((f"{f}.{k}" if f else str(k), x, m[k]) for k, x in r.items() if k in m)
        elif isinstance(r, (list, tuple)) and isinstance(m, (list, tuple)) and len(r) == len(m):
            stack.extend((f"{f}[{i}]", x, y) for i, (x, y) in enumerate(zip(r, m)))
