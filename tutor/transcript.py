"""Readable text explanations of steps, for terminals, golden files and the CLI.

Each event line shows its clause id and the rulebook section it comes from; automatic events are marked ``(auto)``
and rulings ``[ruling]``.
"""
from __future__ import annotations

from .core.model import Event, Step
from .core.session import Session


def event_line(session: Session, e: Event) -> str:
    """``"  - (auto) text  [rs.release · Winning the Game > Releasing a Spirit]"``."""
    cl = session.game.clauses.get(e.clause)
    kind = f" [{cl.kind}]" if cl is not None and cl.kind != "rule" else ""
    src = f" · {cl.source.section}" if cl is not None else ""
    auto = "(auto) " if e.automatic else ""
    return f"  - {auto}{e.text}  [{e.clause}{kind}{src}]"


def step_text(session: Session, step: Step) -> str:
    """The action taken (who, label, cost, why, clauses) and every event it caused, in order."""
    a = step.action
    cost = f" ({a.cost} {session.game.cost_unit})" if a.cost else (" (free)" if a.cost == 0 else "")
    lines = [f"Step {step.index + 1}. Player {a.actor + 1}: {a.label}{cost}",
             f"  why: {a.why}  [{', '.join(a.clauses)}]"]
    lines += [event_line(session, e) for e in step.events]
    return "\n".join(lines)


def setup_text(session: Session) -> str:
    """The set-up events of a new session."""
    return "\n".join(["Set-up"] + [event_line(session, e) for e in session.setup_events])
