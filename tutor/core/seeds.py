"""The one reading of a seed that a person or a file gives: the command line's ``--seed`` and ``--start`` and a
scenario's, lesson's or walkthrough's ``setup.seed`` (trial 24: ``--seed ١٢``, Arabic-Indic digits, was taken by
the command line as 12 while the scenario loader refused the same seed)."""
from __future__ import annotations

import argparse

from .errors import said

#: Most digits of a seed: the YAML reader's bound on any whole number (:data:`tutor.core.safe_yaml.MAX_DIGITS`).
SEED_DIGITS = 40
#: The largest seed a page's seed box takes, and so the largest the command line plays (attack 36: a game played with
#: ``--seed 12345678901`` could not be replayed in a page). The browser holds numbers exactly only up to 2**53 and
#: writes larger ones as "1e+23"; the engine takes any whole number (folded to 64 bits), so every seed up to here
#: deals its own game. Files (scenarios, lessons, walkthroughs) are held to it too (attack 38).
SEED_MAX = 999_999_999
#: What a seed is, said in every refusal.
SEED_WORDS = f"a seed is a whole number from 0, written with the digits 0 to 9 (at most {SEED_DIGITS} of them)"
#: What a seed a page can replay is, said when one is refused (the command line, scenario and walkthrough files).
PAGE_SEED_WORDS = f"a seed is a whole number from 0 to {SEED_MAX:,}, written with the digits 0 to 9"


def parse_seed(value: object) -> int:
    """``value`` as a seed: a whole number (not true or false), or text of the ASCII digits 0 to 9 only (spaces
    around it are dropped), from 0 and of at most :data:`SEED_DIGITS` digits.

    Raises:
        ValueError: ``"a seed is a whole number from 0, written with the digits 0 to 9 (at most 40 of them), got
            '١٢'"`` (the value given cut short).
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value >= 0 and value.bit_length() <= 140 and len(str(value)) <= SEED_DIGITS:  # 2**140 has 43 digits
            return value
    elif isinstance(value, str):
        text = value.strip()
        if text and len(text) <= SEED_DIGITS and text.isascii() and text.isdigit():
            return int(text)
    raise ValueError(f"{SEED_WORDS}, got {said(value, 40)}")


def page_seed(value: object) -> int:
    """``value`` read as :func:`parse_seed` reads it, and at most :data:`SEED_MAX` (a seed the pages can replay), text
    as :func:`typed_seed` reads it (the ASCII digits alone, attack 45: the page's rule): every file's ``setup.seed``
    (attack 38: a walkthrough with a 31-digit seed was presented and saved again, and the recorder's seed box could
    not show it).

    Raises:
        ValueError: ``"a seed is a whole number from 0 to 999,999,999, written with the digits 0 to 9, got
            '12345678901'"`` (:data:`PAGE_SEED_WORDS`; the value given cut short).
    """
    if isinstance(value, str):  # text as a person types it: the seed boxes' and the command line's rule
        seed, why = typed_seed(value)
        if seed is None:
            raise ValueError(f"{PAGE_SEED_WORDS}, got {said(value, 40)}, which {why}")
        return seed
    try:
        seed = parse_seed(value)
    except ValueError:
        seed = None
    if seed is None or seed > SEED_MAX:
        raise ValueError(f"{PAGE_SEED_WORDS}, got {said(value, 40)}")
    return seed


def typed_seed(text: str) -> tuple[int | None, str | None]:
    """A seed a person typed (the command line's ``--seed`` and ``--start``, a page's seed box: one rule for both,
    attack 45: ``--seed " 5"`` was taken while the rule said a whole number), as ``(seed, None)``, or ``(None, why)``
    when it is not one: the ASCII digits 0 to 9 and nothing else (no space, sign or separator; "007" is 7), at most
    :data:`SEED_MAX`. ``why`` finishes a sentence about the text: ``"has spaces around it"``, ``"is below 0"``,
    ``"is too large"``, ``"is not written with the digits 0 to 9"`` (``"١٢"``), ``"has a sign: write the digits
    alone"``, ``"has a separator in it: write the digits alone"``, ``"is not a whole number written in digits"``,
    ``"is empty"``. A 5,000-digit text is judged without turning it into a number."""
    text = str(text)
    if not text:
        return None, "is empty"
    if text.isascii() and text.isdigit():
        digits = text.lstrip("0") or "0"
        if len(digits) <= len(str(SEED_MAX)) and int(digits) <= SEED_MAX:
            return int(digits), None
        return None, "is too large"
    body = text.strip()
    if body != text and body:
        return None, "has spaces around it" if body.isascii() and body.isdigit() else "has spaces in it"
    if " " in text:
        return None, "has spaces in it"
    sign, rest = (text[0], text[1:]) if text[0] in "+-" else ("", text)
    if sign and rest.isascii() and rest.isdigit():
        return None, "is below 0" if sign == "-" and rest.strip("0") else "has a sign: write the digits alone"
    if any(ch in ",_'" for ch in text) and all(ch.isascii() and ch.isdigit() or ch in ",_'" for ch in text):
        return None, "has a separator in it: write the digits alone"
    if text.isdigit():
        return None, "is not written with the digits 0 to 9"
    return None, "is not a whole number written in digits"


def typed_seed_arg(text: str) -> int:
    """An argparse type for the command line's ``--seed`` and ``--start``: :func:`typed_seed`, the page's seed box's
    rule, with :func:`page_seed`'s message naming the text and what is wrong with it (argparse names the option).

    Raises:
        argparse.ArgumentTypeError: ``"a seed is a whole number from 0 to 999,999,999, written with the digits 0 to
            9, got ' 5', which has spaces around it"``.
    """
    try:
        return page_seed(str(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seed_problem(value: object) -> str | None:
    """Why ``value`` is not a seed a game may be played or saved with, or ``None`` when it is one: a whole number
    (not true or false) from 0 to :data:`SEED_MAX`, the bound of the pages' seed boxes, the command line's
    ``--seed`` and every file's ``setup.seed``, kept by :func:`tutor.new_game` and by saved sessions too (attack 42:
    they took 40-digit seeds that no page could show or replay). A huge number is never turned into text."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= SEED_MAX:
            return None
        shown = said(value, 40) if value.bit_length() < 200 else f"a number of {value.bit_length():,} bits"
    else:
        shown = f"{'the text ' if isinstance(value, str) else ''}{said(value, 40)}, not a whole number"
    return f"{PAGE_SEED_WORDS}, got {shown}"


def whole_arg(text: str) -> int:
    """An argparse type for every whole-number option of the command lines (``rules-tutor``, ``rules-tutor-serve``):
    a whole number written with the ASCII digits 0 to 9 (a ``-`` before it allowed, at most :data:`SEED_DIGITS`
    digits), read as ``--seed`` is (attack 26: ``--players ٢``, an Arabic-Indic digit, played 2 players while
    ``--seed ٢`` was refused); argparse names the option when it is not."""
    digits = text.strip().removeprefix("-")
    if not (digits and len(digits) <= SEED_DIGITS and digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a whole number written with the digits 0 to 9, got {said(text)}")
    return int(text)
