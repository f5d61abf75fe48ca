"""Reading YAML safely: the safe loader only, within bounds checked on the parser's events before anything is
built (file size, nesting depth, values and characters once aliases are expanded, what one alias may repeat, digits
of a number, the tags a file may spell), so an alias bomb or a deep nest is refused in milliseconds naming the file,
the field and the line. Nothing in a file is ever evaluated as code. :mod:`tutor.core.content` re-exports these.
"""
from __future__ import annotations

import re
from typing import Any

import yaml

from .errors import ContentError, said, short, short_field, size_words

#: Largest content, card, scenario or session file we read, in bytes (2 MiB).
MAX_FILE_BYTES = 2 * 1024 * 1024

#: Bounds on what one YAML text may hold, checked on the parser's events before anything is built (so an alias bomb
#: or a deep nest is refused in milliseconds, with the file, the field and the line named):
#: nesting depth of lists and mappings,
MAX_DEPTH = 40
#: values (scalars, lists and mappings) once every alias is expanded (the largest shipped file holds about 7,700),
MAX_NODES = 100_000
#: characters of text once every alias is expanded (twice :data:`MAX_FILE_BYTES`),
MAX_CHARS = 2 * MAX_FILE_BYTES
#: values one alias (``*name``) may repeat (shipped files repeat at most a few small mappings),
MAX_ALIAS_NODES = 1_000
#: digits of a whole number.
MAX_DIGITS = 40
#: The longest field name YAML reads (its parser's own limit on a plain key, in characters).
MAX_KEY_CHARS = 1024

#: The only YAML tags a file may spell out (``!!str``, ``!!int``...): plain data. ``!!python/...``, ``!!binary``,
#: ``!!set``, ``!!timestamp``, ``!!omap``, local ``!tags``... are refused.
ALLOWED_TAGS = frozenset({None, "!"} | {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null",
                                                                               "seq", "map")})

_INT = "tag:yaml.org,2002:int"
#: A plain whole number in a file: decimal digits, a sign allowed (YAML 1.1's ``0x10``, ``010``, ``0b101``,
#: ``1_000`` and ``1:20`` stay text, so a field that wants a number says so; attack 39: a walkthrough's seed
#: ``0x15`` was read as 21, though a seed is "written with the digits 0 to 9").
_DECIMAL = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when installed (fast), else pure Python


class _UniqueKeyLoader(_Base):
    """The safe loader, refusing a mapping that repeats a key (a silent last-one-wins hides typos). Dates stay text
    (no implicit ``!!timestamp``): content holds only text, numbers, true/false, null, lists and mappings."""

    yaml_implicit_resolvers = {
        ch: [(tag, _DECIMAL if tag == _INT else rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for ch, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                dup = key in seen
            except TypeError:
                dup = False
            if dup:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {short(key)}", key_node.start_mark)
            try:
                seen.add(key)
            except TypeError:
                pass
        return super().construct_mapping(node, deep=deep)


class _Open:
    """A list or mapping being read by :func:`check_yaml_events`."""

    __slots__ = ("mapping", "path", "anchor", "start", "key_next", "key", "index")

    def __init__(self, mapping: bool, path: str, anchor: str | None, start: tuple[int, int]) -> None:
        self.mapping, self.path, self.anchor, self.start = mapping, path, anchor, start
        self.key_next, self.key, self.index = True, "?", 0


def _field(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


def check_yaml_events(text: str, where: str) -> None:
    """Check YAML ``text`` against the bounds above, reading only the parser's events (no values are built).

    Refused, each with :class:`ContentError` naming ``where``, the field (e.g. ``setup.options.x``) and the line:
    nesting deeper than :data:`MAX_DEPTH`; more than :data:`MAX_NODES` values or :data:`MAX_CHARS` characters once
    aliases are expanded; an alias repeating more than :data:`MAX_ALIAS_NODES` values or one that refers to a value
    containing it; a tag outside :data:`ALLOWED_TAGS`; a whole number of more than :data:`MAX_DIGITS` digits.
    """
    loader = _UniqueKeyLoader(text)
    stack: list[_Open] = []
    anchors: dict[str, tuple[int, int]] = {}  # anchor -> (values, characters) it expands to
    nodes = chars = 0

    def refuse(field: str, mark, what: str) -> None:
        at = f" (line {mark.line + 1})" if mark is not None else ""
        raise ContentError(f"{where}: {short_field(field) if field else 'the top level'}{at}: {what}", path=where,
                           field=field or None)

    try:
        while True:
            ev = loader.get_event()
            if ev is None or isinstance(ev, yaml.StreamEndEvent):
                break
            if isinstance(ev, (yaml.CollectionEndEvent)):
                top = stack.pop()
                if top.anchor is not None:
                    anchors[top.anchor] = (nodes - top.start[0], chars - top.start[1])
                if stack and stack[-1].mapping:
                    stack[-1].key_next = not stack[-1].key_next
                continue
            if not isinstance(ev, (yaml.ScalarEvent, yaml.AliasEvent, yaml.CollectionStartEvent)):
                continue  # stream and document starts and ends
            parent = stack[-1] if stack else None
            if parent is None:
                field = ""
            elif parent.mapping:
                field = parent.path if parent.key_next else _field(parent.path, parent.key)
            else:
                field = _field(parent.path, parent.index)
                parent.index += 1
            mark = ev.start_mark
            tag = getattr(ev, "tag", None)
            if tag not in ALLOWED_TAGS:
                shown = short(str(tag).replace("tag:yaml.org,2002:", "!!"), 40)
                refuse(field, mark, f"the YAML tag {shown} is not allowed (content holds only text, numbers, "
                                    "true/false, null, lists and mappings)")
            if parent is not None and parent.mapping and parent.key_next:
                _check_key(loader, ev, tag, lambda what: refuse(field, mark, what))
            if isinstance(ev, yaml.AliasEvent):
                name = short(ev.anchor, 40, quote=False)
                size = anchors.get(ev.anchor)
                if size is None:
                    if any(o.anchor == ev.anchor for o in stack):
                        refuse(field, mark, f"the alias *{name} refers to a value that contains it")
                    refuse(field, mark, f"the alias *{name} names no anchor (&name) before it")
                if size[0] > MAX_ALIAS_NODES:
                    refuse(field, mark, f"the alias *{name} repeats {size[0]:,} values; an alias may repeat at "
                                        f"most {MAX_ALIAS_NODES:,}")
                nodes, chars = nodes + size[0], chars + size[1]
            elif isinstance(ev, yaml.ScalarEvent):
                nodes, chars = nodes + 1, chars + len(ev.value)
                if ev.anchor is not None:
                    anchors[ev.anchor] = (1, len(ev.value))
                if ev.implicit[0] and len(ev.value) > MAX_DIGITS and tag is None:
                    kind = loader.resolve(yaml.ScalarNode, ev.value, ev.implicit)
                    if kind == "tag:yaml.org,2002:int":
                        refuse(field, mark, f"a whole number of {len(ev.value):,} characters; at most {MAX_DIGITS} "
                                            "digits")
                elif tag == "tag:yaml.org,2002:int" and len(ev.value) > MAX_DIGITS:
                    refuse(field, mark, f"a whole number of {len(ev.value):,} characters; at most {MAX_DIGITS} digits")
            else:  # a list or a mapping starts
                nodes += 1
                if len(stack) >= MAX_DEPTH:
                    refuse(field, mark, f"lists and mappings are nested too deeply (more than {MAX_DEPTH} levels)")
            if nodes > MAX_NODES:
                refuse(field, mark, f"the file holds more than {MAX_NODES:,} values once its aliases (*name) are "
                                    "expanded")
            if chars > MAX_CHARS:
                refuse(field, mark, f"the file holds more than {MAX_CHARS:,} characters of text once its aliases "
                                    "(*name) are expanded")
            if isinstance(ev, yaml.CollectionStartEvent):
                stack.append(_Open(isinstance(ev, yaml.MappingStartEvent), field, ev.anchor, (nodes - 1, chars)))
            elif parent is not None and parent.mapping:
                if parent.key_next:
                    key = ev.value if isinstance(ev, yaml.ScalarEvent) else "?"
                    parent.key = key if re.fullmatch(r"[\w.-]{1,40}", key) else short(key, 40)
                parent.key_next = not parent.key_next
    finally:
        loader.dispose()


#: What a field name that YAML reads as something other than a name reads as (:func:`_check_key`), by its kind.
_KEY_KINDS = {"tag:yaml.org,2002:null": "null (no value)", "tag:yaml.org,2002:bool": "true or false",
              "tag:yaml.org,2002:float": "a number with a point"}


def _check_key(loader, ev, tag, refuse) -> None:
    """Refuse a mapping's key that is no name (attack 45: ``~: 1`` was said as "meta.None", ``true: 1`` as
    "meta[1]"): a list, a mapping or an alias as a key, or a plain key YAML reads as null, true/false or a number
    with a point, said as written in the file. A whole number stays a key (Spirited's time track is keyed by the
    number of players). ``refuse(what)`` raises."""
    if isinstance(ev, yaml.CollectionStartEvent):
        refuse("a list or mapping is written where a field name goes; a field name is a word")
    if isinstance(ev, yaml.AliasEvent):
        refuse(f"an alias (*{short(ev.anchor, 40, quote=False)}) is written where a field name goes; a field name "
               "is a word")
    kind = tag if tag not in (None, "!") else loader.resolve(yaml.ScalarNode, ev.value, ev.implicit) \
        if ev.implicit[0] else None
    if kind in _KEY_KINDS:
        said = short(ev.value, 40) if ev.value else "nothing"
        refuse(f"the field name {said} reads as {_KEY_KINDS[kind]}, not as a name: not a field this file can have "
               "(in quotes it is text)")


def _plain_problem(problem: str) -> str:
    """A YAML parser's problem in plain words where it would say its own: an unknown tag (``!!python/object``, the
    merge key ``<<``) is named as what it is in the file."""
    m = re.match(r"could not determine a constructor for the tag '([^']{0,200})'", problem)
    if m:
        tag = m.group(1)
        if tag == "tag:yaml.org,2002:merge":
            return "a merge key ('<<') is not taken: write the keys it would copy out in full"
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        return f"the tag {short(shown, 80)} is not taken: a content file holds plain text, numbers, lists and mappings"
    return problem


def parse_yaml(text: str, where: str) -> Any:
    """Parse YAML text with the safe loader, within the bounds of :func:`check_yaml_events`.

    Returns plain data only: ``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``.

    Raises:
        ContentError: too large, a syntax error, or a bound exceeded, naming ``where``, the line and (for bounds) the
            field.
    """
    if not isinstance(text, str):
        raise ContentError(f"{where}: expected YAML text, got {said(text, 40)}", path=where)
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise ContentError(f"{where}: the text is over the limit of {size_words(MAX_FILE_BYTES)}", path=where)
    try:
        check_yaml_events(text, where)
        return yaml.load(text, Loader=_UniqueKeyLoader)
    except RecursionError:
        raise ContentError(f"{where}: the YAML is nested too deeply", path=where) from None
    except yaml.reader.ReaderError as exc:  # a character YAML takes in no file: said with its line, not the parser's
        # '"<unicode string>", position 5'
        line = text.count("\n", 0, max(0, min(int(exc.position), len(text)))) + 1
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        raise ContentError(f"{where}: line {line}: holds a control character (U+{code:04X}), which a YAML file may "
                           "not hold; write the text without it", path=where) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = _plain_problem(getattr(exc, "problem", None) or str(exc))
        long = bool(mark) and mark.column > MAX_KEY_CHARS and "mapping values are not allowed" in problem
        lines = text.split("\n", mark.line + 1) if long else []
        if long and len(lines) > mark.line and ": " not in lines[mark.line][:mark.column]:
            # (attack 45: a 100,000-character field name read as "mapping values are not allowed in this context")
            raise ContentError(f"{where}: line {mark.line + 1}: a field name of about {mark.column:,} characters; "
                               f"YAML takes at most {MAX_KEY_CHARS:,} (a long text goes after the colon, as a value)",
                               path=where) from None
        if "nesting depth" in problem:  # libyaml's own bound (1,000 levels), met before ours
            raise ContentError(f"{where}: the YAML is nested too deeply{at}", path=where) from None
        raise ContentError(f"{where}: YAML syntax error{at}: {short(problem, 200, quote=False)}", path=where) from None
    except ContentError:
        raise
    except (ValueError, TypeError, OverflowError, UnicodeError) as exc:  # a value Python cannot build
        raise ContentError(f"{where}: unreadable YAML ({short(str(exc), 200, quote=False)})", path=where) from None
