"""A problem of a file or a typed value, in words a teacher would say: pydantic's refusals ("Input should be a valid
integer", "List should have at most 5000 items after validation, not 6000") as the tutor says them everywhere
(content files, saved questions, options)."""
from __future__ import annotations

from typing import Any

from .errors import short


def too_long(n: int | None, most: int) -> str:
    """The one way a text over its limit is said (files, saved questions, pydantic's refusals):
    ``"too long: 5,001 characters, at most 5,000"`` (``"too long: at most 5,000 characters"`` when ``n`` is not
    known)."""
    if isinstance(n, int):
        return f"too long: {n:,} characters, at most {most:,}"
    return f"too long: at most {most:,} characters"


def too_many(n: int | None, most: int) -> str:
    """The one way a list over its limit is said: ``"too many: 6,000, at most 5,000"`` (pydantic says "List should
    have at most 5000 items after validation, not 6000")."""
    return f"too many: {n:,}, at most {most:,}" if isinstance(n, int) else f"too many: at most {most:,}"


def problem_words(e: dict) -> str:
    """What is wrong in one problem of a pydantic error (a dict of ``err.errors()``), in words: a length refused
    says both numbers (``"too long: 5,001 characters, at most 5,000"``, ``"too many: 6,000, at most 5,000"``), an
    empty text ``"empty: it needs some text"``, a value that is not a mapping where one is needed ``"must be a
    mapping of named fields (key: value lines), got a list"`` (``"the top level must be…"`` for a whole file), a
    field left out ``"required, but missing"``, a value of the wrong kind ``"must be text"`` (attack 33: "Input should
    be a valid string"); any other problem is pydantic's message without the prefix before a validator's own words."""
    ctx, given = e.get("ctx") or {}, e.get("input")
    most, least = ctx.get("max_length"), ctx.get("min_length")
    # (a text of a type with its own validator, e.g. a lesson's hint, is refused as "too_long", as a list is)
    if e.get("type") == "string_too_long" or isinstance(given, str) and e.get("type") == "too_long":
        if isinstance(most, int):
            return too_long(len(given) if isinstance(given, str) else None, most)
    if e.get("type") == "too_long" and isinstance(most, int):
        return too_many(ctx.get("actual_length", len(given) if isinstance(given, (list, tuple, dict)) else None), most)
    if e.get("type") == "string_too_short" and least == 1:
        return "empty: it needs some text"
    if e.get("type") in ("too_short", "string_too_short") and isinstance(least, int):
        n = ctx.get("actual_length", len(given) if isinstance(given, (str, list, tuple, dict)) else None)
        what = "characters" if e["type"] == "string_too_short" else "items"
        return f"too few {what}: {n:,}, at least {least:,}" if isinstance(n, int) else \
            f"too few {what}: at least {least:,}"
    if e.get("type") == "missing":  # (trial 31: "missing.yaml: The title: Field required")
        return "required, but missing"
    if e.get("type") == "extra_forbidden":  # (attack 37: pydantic's "Extra inputs are not permitted")
        return "not a field this file can have (a misspelt name?)"
    if e.get("type") == "invalid_key":  # (attack 45: a whole number as a lesson's key, "Keys should be strings")
        return "not a field this file can have (a field name is a word)"
    if e.get("type") in ("model_type", "dict_type"):  # not pydantic's "valid dictionary or instance of Walkthrough"
        return (f"{'' if e.get('loc') else 'the top level '}must be a mapping of named fields (key: value lines), "
                f"got {kind_of(given)}")
    if e.get("type") in ("greater_than_equal", "less_than_equal") and isinstance(ctx.get("ge", ctx.get("le")), int):
        return f"must be at {'least' if 'ge' in ctx else 'most'} {ctx.get('ge', ctx.get('le')):,}"
    if e.get("type") in ("greater_than", "less_than") and isinstance(ctx.get("gt", ctx.get("lt")), int):
        return f"must be {'more' if 'gt' in ctx else 'less'} than {ctx.get('gt', ctx.get('lt')):,}"
    if e.get("type") == "literal_error" and ctx.get("expected"):
        return f"must be {short(str(ctx['expected']), 200, quote=False)}"
    if e.get("type") in KIND_WORDS:
        return KIND_WORDS[e["type"]]
    if e.get("type") in OTHER_WORDS:
        return OTHER_WORDS[e["type"]]
    msg = _plain_msg(e["msg"])
    # (attack 42: "Unable to parse input string as an integer, exceeded maximum size" reached a card file's reader):
    # a problem type not named above is said in our words unless it is a validator's own sentence
    return msg if e.get("type") in ("value_error", "assertion_error") else "this value cannot be used here"


#: pydantic's problem types of a value of the wrong kind, in words (its "Input should be a valid integer" and so on).
KIND_WORDS = {"string_type": "must be text", "float_parsing": "must be a number",
              **dict.fromkeys(("list_type", "tuple_type", "set_type", "frozen_set_type", "iterable_type"),
                              "must be a list"),
              **dict.fromkeys(("float_type", "finite_number"), "must be a number"),
              **dict.fromkeys(("bool_type", "bool_parsing"), "must be true or false"),
              **dict.fromkeys(("int_type", "int_parsing", "int_from_float", "int_parsing_size"),
                              "must be a whole number")}

#: The other problem types a file of plain data (mappings, lists, text, numbers, true/false) can meet, in words
#: (attack 42: every problem of a card file reads as our sentence, never pydantic's).
OTHER_WORDS = {"none_required": "must be left empty", "model_attributes_type": "must be a mapping of named fields",
               "string_pattern_mismatch": "is not written the way this field needs",
               "string_unicode": "must be text", "string_sub_type": "must be text",
               "too_short": "has too few items", "string_too_short": "is too short",
               "multiple_of": "is not one of the steps this field allows", "enum": "is not one of the values allowed",
               "recursion_loop": "refers to itself", "union_tag_invalid": "is not a kind this field knows",
               "union_tag_not_found": "does not say which kind it is", "is_instance_of": "is not of the kind needed",
               "frozen_field": "cannot be changed", "frozen_instance": "cannot be changed"}


def _plain_msg(msg: object) -> str:
    """A pydantic error message without the prefix pydantic puts before a validator's own words."""
    text = str(msg)
    for prefix in ("Value error, ", "Assertion failed, "):
        text = text.removeprefix(prefix)
    return text


def kind_of(value: Any) -> str:
    """``"a list"``, ``"a number"``, ``"text"``, ``"nothing (an empty file)"``... for error messages."""
    if value is None:
        return "nothing (an empty file)"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    return type(value).__name__
