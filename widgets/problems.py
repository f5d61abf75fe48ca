"""Files a page could not load, shown quietly: one folded box naming each file by its file name, with its reason.

Used by the FAQ explorer (saved questions and scenario files left out) and the teacher page (walkthrough files that
do not load) instead of raw lines at the top of the page, which showed server paths and pushed the layout down.
"""
from __future__ import annotations

import functools
import logging
import re

import ipywidgets as w

from tutor import KNOWN_GAMES, ContentError, short
from tutor.registry import game_title
from tutor.safefile import display_path, visible

from .style import esc, html_widget, style_widget

_content_log = logging.getLogger("rules_tutor.content")


def one_line(text: object, limit: int) -> str:
    """``text`` (a reason or a move's words from a file the page could not load) on one line: runs of blanks and
    line breaks as one space, at most ``limit`` characters (longer ones cut at a word's end where one is near, ending
    in ``…``)."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"

#: a message that starts with a file's path: ``"<path>.yaml: <reason>"`` (the form of :class:`tutor.ContentError`)
_LEADING_FILE = re.compile(r"^(?P<path>[^\n]*?\.(?:ya?ml|json))(?::\s*|\s+(?=\())(?P<reason>.*)$", re.S)


#: the box's look (the FAQ's problem box), inline so it is the same on every page
REFUSED_LOOK = _LOOK = ("background:#fff4e0;border:1px solid #f0b35a;border-radius:8px;padding:4px 8px;margin:4px 0;"
         "font-size:15px;line-height:1.4;font-family:inherit;max-width:100%;overflow-wrap:anywhere")


#: pydantic's words before a validator's message, at the start of a message or of the reason after a field
_PYDANTIC_PREFIX = re.compile(r"(?:(?<=^)|(?<=: )|(?<=\n))(?:Value error|Assertion failed), ")


def split_problem(message: str) -> tuple[str, str]:
    """``(file name, reason)`` of a load error message ``"<path>: <reason>"``; the file name is the path's last
    part, shown with :func:`~tutor.safefile.display_path` (no folders, so no server paths). A message that does not
    start with a file's path gives ``("", message)``."""
    # pydantic's "Value error, " before a validator's own words is never shown (trial 22; tutor.core.content drops it
    # where it formats an error: this is for a message made elsewhere)
    message = _PYDANTIC_PREFIX.sub("", str(message))
    m = _LEADING_FILE.match(message)
    if not m:
        return "", message
    # the name is what follows the last "/" (never a backslash: a name shown escaped, "a\\u202eb.yaml", holds one,
    # and cut there it lost its start: attack 20, L6), shown with its bidi and control characters escaped
    name = m["path"].rsplit("/", 1)[-1]
    # a message of several lines gives the path again on each line: said once, the lines joined
    lines = [x.strip().removeprefix(m["path"] + ":").strip() for x in m["reason"].splitlines()]
    return display_path(name), visible("; ".join(x for x in lines if x)) or "it could not be read"


#: a clause id as the content writes it (``rs.action.attract``, ``sd.ruling.prepared-table``): learners never see one
_CLAUSE_ID = re.compile(r"\b(?:rs|sp|sd)(?:\.[a-z0-9][a-z0-9_-]*)+\b")
#: a server path inside a message (``/home/x/content/a.yaml``, ``linked to /proc/self/pagemap``): its last part shown
_SERVER_PATH = re.compile(r"(?<![\w.~])(?:~|/[^\s/:'\"()]*)(?:/[^\s/:'\"()]+)*/(?P<name>[^\s/:'\"()]+)")


#: the list of the game's state facts a refused name is given with (for ``rules-tutor check``): never on a page
_FACTS_TAIL = re.compile(r";\s*the game's facts: .*$", re.S)
#: :func:`tutor.scenario.check_state_names`' refusal; the name as ``short`` quoted it (cut ones end in "…")
_UNKNOWN_FACT = re.compile(r"unknown state fact (?P<name>(?P<q>['\"])(?:(?!(?P=q))[^\\]|\\.)*(?P=q)?…?)")
#: a solution step that does not play, as :func:`tutor.lessons.check_lesson` says it (the action's internal name)
_STEP_FAILS = re.compile(r"^step [\d,]+ of the solution, .*, does not play: .*$", re.S)
#: the name after a field's ``.state`` that the refusal says again (``check.state.p1.__dict__: unknown state fact``)
_STATE_FIELD_NAME = re.compile(r"(?<=\.state)\.[^\n]*?(?=: unknown state fact )")
#: Longest state fact name a page quotes back (a longer one is cut; one with hidden characters is not quoted).
FACT_NAME_SHOWN = 30


def _fact_words(match: re.Match) -> str:
    """"unknown state fact" with the file's name for it quoted only when short and printable."""
    name = match["name"].strip()
    cut = name.endswith("…")
    name = name.removesuffix("…")
    if name[:1] in ("'", '"'):  # as repr quoted it; a name cut to length has lost its closing quote
        name = name[1:] if cut or not name.endswith(name[0]) or len(name) < 2 else name[1:-1]
    if not name or not name.isprintable() or "\\" in name:  # a hidden character (shown escaped): not said back
        return "unknown state fact (its name holds characters that cannot be shown)"
    if cut or len(name) > FACT_NAME_SHOWN:
        name = name[:FACT_NAME_SHOWN - 1] + "…"
    return f"unknown state fact '{name}'"


def _plain_reason(reason: str) -> str:
    """A load error's reason with no server folder (a path shows its last part), no clause id the engine cites, no
    list of the game's own state facts, and a state fact the file names quoted only when short and printable."""
    reason = _STATE_FIELD_NAME.sub("", _FACTS_TAIL.sub("", reason), count=1)
    reason = _UNKNOWN_FACT.sub(_fact_words, reason)
    reason = _SERVER_PATH.sub(lambda m: m["name"], reason)
    reason = re.sub(r"\s*\(\s*(?:rule|ruling|clause)?\s*" + _CLAUSE_ID.pattern + r"\s*\)", "", reason)
    return re.sub(r"(?<!['\w.])" + _CLAUSE_ID.pattern + r"(?!['\w])", "a rule", reason)


def plain_problem(message: str) -> str:
    """A load error message (``"<path>: <reason>"``) in words for a learner's page: ``"<file name>: <reason>"`` with no
    folder of the server anywhere in it (a path in the reason shows its last part only) and no clause id the engine
    cites (a rule's id in brackets is left out, elsewhere it reads "a rule"). An id in quotes is the file's own value
    that is wrong (``no clause with id 'sp.end.winner'``): it is kept, or the message would name no fault (attack 20,
    L5: "no clause with id 'a rule'"). The whole message, path and ids, is for the server's log."""
    name, reason = split_problem(message)
    reason = _plain_reason(reason)
    return f"{name}: {reason}" if name else reason


#: Most problems of one file (or of one save) listed for a teacher: the rest are counted ("and 3 more problems").
TEACHER_PROBLEMS = 5
#: Most files a learn page's "Which and why" fold names (its list scrolls inside the fold); the rest are counted. A
#: learner's teacher needs every file's name and reason, not the first five (trial 26: "and 3 more files" hid them).
NOTICE_FILES = 100
#: a field path nested deeper than a few lists (``setup.state[0][0][0][0]…``): its first three positions are shown
_DEEP_PATH = re.compile(r"((?:\[\d+\]){3})(?:\[\d+\])+…?")
#: one field path (``setup.state``, ``players[0].ap``)
_FIELD_RE = r"[A-Za-z_]\w*(?:\[\d+\])*(?:\.[A-Za-z_]\w*(?:\[\d+\])*)*"
#: a message line that starts with a field path (``steps[0].narration: …``, ``setup.state[0] (line 5): …``; a deep
#: one cut short in the engine, ``setup.state[0][0]…[0]…``)
_FIELD_FIRST = re.compile(rf"^(?P<field>{_FIELD_RE})…?(?P<rest>(?: \(line \d+\))?: .*)$", re.S)
_FIELD_PART = re.compile(r"\[\d+\]|[A-Za-z_]\w*")
#: a problem that starts with one field path or two (``setup.state: players[0].ap: …``, the second inside the first)
_FIELDS_FIRST = re.compile(rf"^(?P<a>{_FIELD_RE})(?:: (?P<b>{_FIELD_RE}))?(?P<rest>(?: \(line \d+\))?: .*)$", re.S)
#: the line format_validation_error ends with when it left problems out (``"<where>: … and 7 more problems"``)
_MORE_LINE = re.compile(r"^…\s*and ([\d,]+) more problems?$")


def _place(field: str) -> tuple:
    """A field path of a message (``steps[0].narration``) as pydantic's place of a problem: ``("steps", 0,
    "narration")``."""
    return tuple(int(x[1:-1]) if x.startswith("[") else x for x in _FIELD_PART.findall(field))


def _tally(parts, each) -> tuple[list[str], int]:
    """The message lines ``parts`` (stripped) said by ``each``, empty ones left out, and how many problems they
    stand for: each line one, a line "… and N more problems" (:data:`_MORE_LINE`, not listed) N."""
    lines, total = [], 0
    for part in parts:
        more = _MORE_LINE.match(part)
        if more:
            total += int(more[1].replace(",", ""))
        elif part:
            lines.append(each(part))
    return lines, total + len(lines)


def _more_problems(n: int) -> str:
    """``"and 3 more problems"`` (``"and 1 more problem"``)."""
    return f"and {n:,} more problem{'' if n == 1 else 's'}"


def problem_lines(exc: ContentError, words=None, limit: int = TEACHER_PROBLEMS) -> list[str]:
    """The problems of ``exc`` one line each, in words a teacher would say: a file that does not validate names
    each field with ``words`` (a function of pydantic's place of a problem, e.g. :func:`tutor.walkthrough.field_words`:
    ``"Step 1's narration: too long: 5,001 characters, at most 5,000"``); any other error gives its message's lines
    without the file's name before each, a field path they start with named by ``words`` too (``"The set-up's state
    (line 5): lists and mappings are nested too deeply…"``; without ``words``, a deep path is cut after three list
    positions). At most ``limit`` lines, then ``"and N more problems"``."""
    if exc.problems and words is not None:
        lines = [f"{words(loc)}: {msg}" for loc, msg in exc.problems]
        total = max(exc.problem_count, len(lines))
    else:
        prefix = f"{display_path(exc.path)}: " if exc.path else ""

        def said(line: str) -> str:
            field = _FIELD_FIRST.match(line) if words is not None else None
            if field:  # "setup.state[0][0]… (line 5): …" as "The set-up's state (line 5): …"
                line = f"{words(_place(field['field']))}{field['rest']}"
            return _DEEP_PATH.sub(r"\1…", line)

        lines, total = _tally((x.strip().removeprefix(prefix).strip() for x in str(exc).splitlines()), said)
    lines = lines[:limit]
    if total > len(lines):
        lines.append(_more_problems(total - len(lines)))
    return lines


def teacher_line(line: str, words=None) -> str:
    """One problem of a file (``"<field>: <why>"``, the file's name already off) in a teacher's words: the field
    named with ``words`` (e.g. :func:`tutor.lessons.field_words`; a deep path cut after three list positions
    otherwise), no server folder or clause id, no list of the game's own state facts, a state fact the file names
    quoted only when short and printable, a solution step that does not play said without the action's internal
    name."""
    line = _plain_reason(line.strip())
    field = _FIELD_FIRST.match(line) if words is not None else None
    if field:
        rest = field["rest"]
        why = rest.split(": ", 1)[1] if ": " in rest else rest
        if _STEP_FAILS.match(why):
            rest = rest[:len(rest) - len(why)] + "this step cannot be played there"
        line = f"{words(_place(field['field']))}{rest}"
    return _DEEP_PATH.sub(r"\1…", line)


def left_out_lines(messages, words=None, limit: int = TEACHER_PROBLEMS, per_file: int = 2,
                   cut: int = 300) -> list[str]:
    """The files a page left out, one line each: ``"<file name>: <problem>; <problem>"``, each problem in a
    teacher's words (:func:`teacher_line`), at most ``per_file`` problems of a file (then "and N more problems"),
    each line cut to ``cut`` characters; at most ``limit`` files, then ``"and N more files"``. ``messages``: load
    error messages, each ``"<path>: <field>: <why>"`` (a message of several lines gives the path on each); no
    server folder is ever shown."""
    lines = []
    for message in messages:
        message = _PYDANTIC_PREFIX.sub("", str(message))
        m = _LEADING_FILE.match(message)
        path = m["path"] if m else ""
        name = display_path(path.rsplit("/", 1)[-1]) if m else ""
        problems, total = _tally((x.strip().removeprefix(path).removeprefix(":").strip()
                                  for x in (message.splitlines() if m else [message])),
                                 lambda part: teacher_line(part, words))
        said = "; ".join(problems[:per_file]) or "it could not be read"
        if total > min(per_file, len(problems)):
            said += f"; {_more_problems(total - min(per_file, len(problems)))}"
        lines.append(short(visible(f"{name}: {said}" if name else said), cut, quote=False))
    if len(lines) > limit:
        n = len(lines) - limit
        lines = lines[:limit] + [f"and {n:,} more file{'' if n == 1 else 's'}"]
    return lines


def _fields_said(reason: str, words) -> str:
    """``reason`` with the field path each of its problems starts with (``setup.state: players[0].ap: …``, two
    paths, the second inside the first) named by ``words`` (a function of pydantic's place of a problem):
    ``"In the set-up, Player 1's AP: …"``."""
    def said(part: str) -> str:
        m = _FIELDS_FIRST.match(part)
        if not m:
            return part
        inner = m["b"] and m["a"].endswith("state")  # (a path inside a set-up's state; else a word of the reason)
        rest = m["rest"] if inner or not m["b"] else f": {m['b']}{m['rest']}"
        return f"{words(_place(m['a']) + (_place(m['b']) if inner else ()))}{rest}"
    # (a seat named inside a reason, "seat 1 is already set by players[0]", as a person says it too)
    parts = [re.sub(r"\bplayers\[(\d+)\]", lambda m: f"Player {int(m[1]) + 1}", said(x)) for x in reason.split("; ")]
    return "; ".join([parts[0]] + [x[:1].lower() + x[1:] if x.startswith("In the set-up") else x for x in parts[1:]])


def refused_html(heading: str, messages, css: str = "rt-faq-problem", limit: int = 300, words=None) -> str:
    """HTML of a folded box (``<details>``, CSS classes ``css`` and ``rt-refused``) whose summary is ``heading``
    with the number of files, and whose list names every file (its name, then its reason). ``""`` for no
    messages. Each reason is cut to ``limit`` characters; all text is escaped. With ``words`` (e.g.
    :func:`tutor.scenario_words.question_field_words`) the field each problem names is said in words ("In the
    set-up, Player 1's AP", session 33: it read ``setup.state: players[0].ap``)."""
    # a server path inside a reason shows its last part only, as plain_problem does (trial 22: "is already the id
    # of /tmp/t22/q/CON.yaml")
    items = [(name, short(_fields_said(_plain_reason(reason), words) if words else _plain_reason(reason), limit,
                          quote=False)) for name, reason in map(split_problem, messages)]
    if not items:
        return ""
    rows = "".join(f"<li>{f'<b>{esc(name)}</b>: ' if name else ''}{esc(reason)}</li>" for name, reason in items)
    n = len(items)
    return (f'<details class="{css} rt-refused" style="{_LOOK}"><summary>{esc(heading)} ({n} file{"s" if n != 1 else ""}; '
            f'open to see which and why)</summary><ul class="rt-refused-list">{rows}</ul></details>')


def unopened(page: str, exc: BaseException) -> w.Widget:
    """The page ``page`` (its title, e.g. ``"Practice"``) when a content file it needs does not load: one plain
    paragraph naming the file, the field and what is wrong (:func:`plain_problem`: no server folders), a link back
    to all pages, never Voila's generic cell error (attack 20, M1). The whole message goes to the server's log."""
    _content_log.warning("%s page cannot open: %s", page, str(exc)[:4000])
    return w.VBox([style_widget(), html_widget(
        f'<main class="rt-unopened"><h1>{esc(page)}</h1><p role="alert"><b>This page cannot open here:</b> a file it '
        "is built from does not load. Whoever looks after this tutor can fix the file named below (or remove it to "
        f"use the shipped one).</p><ul><li>{esc(of_game(str(exc)))}{esc(plain_problem(str(exc)))}</li></ul>"
        '<p><a href="index.ipynb">← All pages</a></p></main>')])


def of_game(message: str) -> str:
    """``"<Game title>: "`` when the file a load error message starts with is in a game's folder (``clauses.yaml``
    alone would not say which of the three games' it is), else ``""``."""
    m = _LEADING_FILE.match(str(message))
    folders = m["path"].split("/")[:-1] if m else []
    game = next((f for f in reversed(folders) if f in KNOWN_GAMES), None)
    return f"{game_title(game)}: " if game else ""


def refuses_broken_content(page: str):
    """Decorator of a page function (it returns the page's widget): a :class:`tutor.ContentError` it raises (a
    content file the page reads that does not load) gives :func:`unopened` instead."""
    def wrap(fn):
        @functools.wraps(fn)
        def page_fn(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except ContentError as exc:
                return unopened(page, exc)
        return page_fn
    return wrap
