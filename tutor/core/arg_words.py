"""argparse's refusals in the command line's own words (attack 45: ``rules-tutor`` refused bad input in two formats).

Our refusals read ``rules-tutor play: error: --seed: ...`` on one line, exit 2. argparse's own (an unknown option, a
choice not offered, an argument with no value, a number that is not one) printed a usage block and its own phrases
(``invalid choice: 'x' (choose from ...)``, ``the following arguments are required: {run}``). :func:`arg_words`
turns each of them into one line naming the argument and what was wrong; :func:`help_hint` is the short pointer to
the command's ``--help`` printed under it instead of the usage block.
"""
from __future__ import annotations

import re

#: argparse's type names (``invalid int value``) in words.
_KINDS = {"int": "a whole number", "float": "a number"}


def _names(listed: str) -> list[str]:
    """``'config', 'players'`` (argparse's choices, quoted as Python quotes them) as ``["config", "players"]``."""
    found = re.findall(r"'((?:[^'\\]|\\.)*)'|\"([^\"]*)\"", listed)
    return [a or b for a, b in found] if found else [x.strip() for x in listed.split(",") if x.strip()]


def _either(names: list[str], word: str = "or") -> str:
    """``["a", "b", "c"]`` as ``"a, b or c"`` (or ``"a, b and c"`` with ``word="and"``)."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {word} {names[-1]}"


def _what(name: str) -> str:
    """An argument as argparse names it (``--seed``, ``game``, ``{run}``) as the line says it."""
    if name.startswith("{") and name.endswith("}"):
        return "the command"
    return name if name.startswith("-") else f"the {name}"


def _inner(name: str, detail: str) -> str:
    """What was wrong with one argument (argparse's ``argument NAME: DETAIL``), in words."""
    m = re.fullmatch(r"invalid choice: (.*?) \(choose from (.*)\)", detail)
    if m:
        offered = _either(_names(m.group(2)))
        if name.startswith("{"):
            return f"unknown command {m.group(1)}; give {offered}"
        return f"{name}: {m.group(1)} is not offered; give {offered}"
    m = re.fullmatch(r"invalid (\w+) value: (.*)", detail)
    if m:
        kind = _KINDS.get(m.group(1), "a valid value")
        return f"{name}: expected {kind}, got {m.group(2)}"
    m = re.fullmatch(r"expected (one|at least one|at most one|\d+) arguments?", detail)
    if m:
        count = {"one": "a value", "at least one": "at least one value", "at most one": "at most one value"}
        return f"{name}: needs {count.get(m.group(1), m.group(1) + ' values')} after it"
    m = re.fullmatch(r"ignored explicit argument (.*)", detail)
    if m:
        return f"{name}: takes no value, got {m.group(1)}"
    m = re.fullmatch(r"not allowed with argument (.*)", detail)
    if m:
        return f"{name}: cannot be given together with {m.group(1)}"
    return f"{name}: {detail}"  # our own types' words (ArgumentTypeError), already a person's


def arg_words(message: str) -> str:
    """argparse's error ``message`` as one line naming the argument and what was wrong, e.g.
    ``"argument --per: invalid choice: 'x' (choose from 'config', 'players')"`` is
    ``"--per: 'x' is not offered; give config or players"``, ``"unrecognized arguments: --x"`` is
    ``"unknown option --x"``, ``"the following arguments are required: game"`` is ``"missing the game"``. A message
    that is not argparse's own (a check made after parsing) comes back as it is."""
    message = " ".join(str(message).split())
    m = re.fullmatch(r"argument ([^:]+): (.*)", message)
    if m:
        return _inner(m.group(1), m.group(2))
    m = re.fullmatch(r"the following arguments are required: (.*)", message)
    if m:
        parts = []
        for name in (x.strip() for x in m.group(1).split(", ")):
            if name.startswith("{"):
                parts.append(f"the command (give {_either(name[1:-1].split(','))})")
            else:
                parts.append(_what(name))
        return f"missing {_either(parts, 'and')}"
    m = re.fullmatch(r"unrecognized arguments: (.*)", message)
    if m:
        given = m.group(1).split(" ")
        options = [x for x in given if x.startswith("-")]
        others = [x for x in given if not x.startswith("-")]
        said = ([f"unknown option{'s' if len(options) > 1 else ''} {', '.join(options)}"] if options else []) + (
            [f"unexpected argument{'s' if len(others) > 1 else ''} {', '.join(repr(x) for x in others)}"]
            if others else [])
        return "; ".join(said)
    m = re.fullmatch(r"ambiguous option: (\S+) could match (.*)", message)
    if m:
        return f"{m.group(1)} could be any of {m.group(2)}: write the option whole"
    m = re.fullmatch(r"one of the arguments (.*) is required", message)
    if m:
        return f"missing one of {m.group(1)}"
    return message


def help_hint(prog: str) -> str:
    """The line under a refusal: where the command's arguments are listed, e.g. ``see 'rules-tutor play --help'``."""
    return f"see '{prog} --help'"
