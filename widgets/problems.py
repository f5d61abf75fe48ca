"""Files a page could not load, shown quietly: one folded box naming each file by its file name, with its reason.

Used by the FAQ explorer (saved questions and scenario files left out) and the teacher page (walkthrough files that
do not load) instead of raw lines at the top of the page, which showed server paths and pushed the layout down.
"""
from __future__ import annotations

import re
from pathlib import PurePath

from tutor import short
from tutor.safefile import display_path

from .style import esc

#: a message that starts with a file's path: ``"<path>.yaml: <reason>"`` (the form of :class:`tutor.ContentError`)
_LEADING_FILE = re.compile(r"^(?P<path>[^\n]*?\.(?:ya?ml|json))(?::\s*|\s+(?=\())(?P<reason>.*)$", re.S)


#: the box's look (the FAQ's problem box), inline so it is the same on every page
_LOOK = ("background:#fff4e0;border:1px solid #f0b35a;border-radius:8px;padding:4px 8px;margin:4px 0;"
         "font-size:15px;line-height:1.4;font-family:inherit;max-width:100%;overflow-wrap:anywhere")


def split_problem(message: str) -> tuple[str, str]:
    """``(file name, reason)`` of a load error message ``"<path>: <reason>"``; the file name is the path's last
    part, shown with :func:`~tutor.safefile.display_path` (no folders, so no server paths). A message that does not
    start with a file's path gives ``("", message)``."""
    m = _LEADING_FILE.match(str(message))
    if not m:
        return "", str(message)
    name = PurePath(m["path"].replace("\\", "/")).name
    # a message of several lines gives the path again on each line: said once, the lines joined
    lines = [x.strip().removeprefix(m["path"] + ":").strip() for x in m["reason"].splitlines()]
    return display_path(name), "; ".join(x for x in lines if x) or "it could not be read"


#: a clause id as the content writes it (``rs.action.attract``, ``sd.ruling.prepared-table``): learners never see one
_CLAUSE_ID = re.compile(r"\b(?:rs|sp|sd)(?:\.[a-z0-9][a-z0-9_-]*)+\b")
#: a server path inside a message (``/home/x/content/a.yaml``, ``linked to /proc/self/pagemap``): its last part shown
_SERVER_PATH = re.compile(r"(?<![\w.~])(?:~|/[^\s/:'\"()]*)(?:/[^\s/:'\"()]+)*/(?P<name>[^\s/:'\"()]+)")


def plain_problem(message: str) -> str:
    """A load error message (``"<path>: <reason>"``) in words for a learner's page: ``"<file name>: <reason>"`` with no
    folder of the server anywhere in it (a path in the reason shows its last part only) and no clause id (a rule's
    id in brackets is left out, elsewhere it reads "a rule"). The whole message, path and ids, is for the server's
    log."""
    name, reason = split_problem(message)
    reason = _SERVER_PATH.sub(lambda m: m["name"], reason)
    reason = re.sub(r"\s*\(\s*(?:rule|ruling|clause)?\s*" + _CLAUSE_ID.pattern + r"\s*\)", "", reason)
    reason = _CLAUSE_ID.sub("a rule", reason)
    return f"{name}: {reason}" if name else reason


def refused_html(heading: str, messages, css: str = "rt-faq-problem", limit: int = 300) -> str:
    """HTML of a folded box (``<details>``, CSS classes ``css`` and ``rt-refused``) whose summary is ``heading``
    with the number of files, and whose list names every file (its name, then its reason). ``""`` for no
    messages. Each reason is cut to ``limit`` characters; all text is escaped."""
    items = [(name, short(reason, limit, quote=False)) for name, reason in map(split_problem, messages)]
    if not items:
        return ""
    rows = "".join(f"<li>{f'<b>{esc(name)}</b>: ' if name else ''}{esc(reason)}</li>" for name, reason in items)
    n = len(items)
    return (f'<details class="{css} rt-refused" style="{_LOOK}"><summary>{esc(heading)} ({n} file{"s" if n != 1 else ""}; '
            f'open to see which and why)</summary><ul class="rt-refused-list">{rows}</ul></details>')
