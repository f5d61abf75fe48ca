"""The whole game in the History (newuser42: the History showed only the last 40 steps or so, "… 120 earlier steps
not shown", and a learner could not read how the game began): the steps older than the History's newest ones, one
folded line per turn (a run of steps of one seat), each opened to its steps' titles, the computer's reasons and every
event with the title of its rule. One HTML widget per turn, built once and kept while the turn is shown (a click late
in a long game sends none of them again), so the page stays as quick as with the newest steps only.
"""
from __future__ import annotations

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from tutor import Step

from .rows import event_html, shown_events
from .style import esc, layout, shared_style

#: The History's folded turns (in a ``<style>`` of the History's own panel, :class:`~widgets.step_log.StepLog`).
TURNS_CSS = """
.rt-old-turn { margin: 2px 0; border-left: 3px solid #e3d6f7; padding-left: 6px; }
.rt-old-turn > summary { cursor: pointer; font-weight: 700; font-size: 13px; color: #3d3654; }
.rt-old-turn > summary:focus-visible { outline: 2px solid #5b2d90; outline-offset: 2px; }
.rt-old-turn .rt-old-step { font-weight: 700; font-size: 12.5px; margin: 4px 0 1px 0; }
.rt-old-turn .rt-old-ev { font-size: 12.5px; line-height: 1.3; margin: 1px 0 1px 8px; }
.rt-old-turn .rt-old-rule { color: #5b2d90; font-size: 11.5px; margin-left: 6px; white-space: nowrap; }
"""


def turns(steps: list[Step]) -> list[list[Step]]:
    """``steps`` (in order) cut into turns: runs of consecutive steps taken by one seat (a step of no seat joins the
    run before it)."""
    out: list[list[Step]] = []
    for st in steps:
        if out and st.action.actor in (None, out[-1][0].action.actor):
            out[-1].append(st)
        else:
            out.append([st])
    return out


def turn_html(log, run: list[Step]) -> str:
    """One turn of the History's earlier steps (HTML): a ``<details>`` folded to "Steps 12–18 · Player 2 (the
    computer)", opened to each step's title (as the History titles it), the note under it (``log.annotate``: why
    the computer chose it) and its events, each with its rule's title (words, not an id)."""
    s = log.model.session
    people = log.mine(s) if log.mine is not None else None
    actor = run[0].action.actor
    who = "" if actor is None else f"Player {actor + 1}" + (
        " (the computer)" if people is not None and actor not in people else "")
    a, b = run[0].index + 1, run[-1].index + 1
    span = f"Step {a}" if a == b else f"Steps {a}–{b}"
    parts = [f'<details class="rt-old-turn"><summary>{span}{" · " + esc(who) if who else ""}</summary>']
    clauses = s.game.clauses
    for st in run:
        head, small = log._step_title(st)
        parts.append(f'<div class="rt-old-step">{head}{small}</div>')
        note = log.annotate(s, st) if log.annotate is not None else ""
        if note:
            parts.append(note)
        for e in shown_events(s, st.events):
            cl = clauses.get(e.clause)
            rule = f'<span class="rt-old-rule">§ {esc(cl.title)}</span>' if cl is not None else ""
            parts.append(f'<div class="rt-old-ev">{event_html(s, e, log.checked)}{rule}</div>')
    parts.append("</details>")
    return "".join(parts)


def turn_widget(log, run: list[Step]) -> w.HTML:
    """:func:`turn_html` in an HTML widget (CSS class ``rt-old-turns``)."""
    return w.HTML(turn_html(log, run), layout=layout("plain"), style=shared_style(HTMLStyle),
                  _dom_classes=("rt-old-turns",))
