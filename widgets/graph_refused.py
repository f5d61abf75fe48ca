"""The ability-graph page's refusals (attack 20, M1: a broken graph, cards or clauses file gave Voila's generic cell
error): a game whose files do not load is left out of the graph and named above it (:func:`refused_html`); when no
game's graph can be built (the vocabulary, or every game, refused) the page says so alone (:func:`unopened_graph`).
Each names the file, the field and what is wrong in plain words (no server folders); the whole messages go to the
server's log (logger ``rules_tutor.content``).
"""
from __future__ import annotations

import logging

import ipywidgets as w

from tutor import interactions as tg

from .problems import REFUSED_LOOK, plain_problem, unopened
from .style import esc

_log = logging.getLogger("rules_tutor.content")
#: most refused files named on the page (the rest counted; all in the server's log)
MAX_REFUSED = 4


def refused_html(messages: list[str], games: list[str]) -> str:
    """A notice that the games ``games`` are left out of the graph, each refused file (``messages``) by its name,
    field and what is wrong (no server folders; the whole messages go to the server's log); ``""`` for none."""
    for m in messages:
        _log.warning("ability graph: a game is left out: %s", m[:4000])
    items = "".join(f"<li>{esc(plain_problem(m))}</li>" for m in messages[:MAX_REFUSED])
    more = (f"<li>…and {len(messages) - MAX_REFUSED} more (in the server's log)</li>"
            if len(messages) > MAX_REFUSED else "")
    who = " and ".join(tg.GAME_TITLES[g] for g in games) or "A game"
    return (f'<div class="rt-refused" role="alert" style="{REFUSED_LOOK}"><b>{esc(who)} '
            f'{"is" if len(games) < 2 else "are"} not in the graph:</b> a file of '
            f'{"its" if len(games) < 2 else "their"} content does not load. Whoever looks after this tutor can fix '
            f"it (or remove it to use the shipped one).<ul>{items}{more}</ul></div>") if messages else ""


def unopened_graph(exc: Exception) -> w.Widget:
    """The ability-graph page when no game's graph can be built (the vocabulary, or every game's files, refused):
    :func:`widgets.problems.unopened`."""
    return unopened("Ability graph", exc)
