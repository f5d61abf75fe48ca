"""Readable text explanations of steps, for terminals, golden files and the CLI.

Each event line shows its clause id and the rulebook section it comes from; automatic events are marked ``(auto)``
and rulings ``[ruling]``.
"""
from __future__ import annotations

from .core.game import Game
from .core.model import Event, Step
from .core.session import Session

#: per clauses mapping (a game's ``clauses``: the games of one game id share it), by the mapping's id: the mapping
#: itself (kept, so its id is not reused while the entry lives) and ``{clause id: its tag}``, e.g.
#: ``"[rs.release · Winning the Game > Releasing a Spirit]"``; a tag is a pure function of the clause
_TAGS: dict[int, tuple[object, dict[str, str]]] = {}
#: How many clauses mappings :data:`_TAGS` keeps (cleared once it holds more).
_TAGS_LIMIT = 64


#: The clauses mapping of the last game worded by :func:`step_text` and its tags (:func:`_tags`).
_LAST_TAGS: list = [None, {}]


def _tags(game: Game) -> dict[str, str]:
    clauses = game.clauses
    kept = _TAGS.get(id(clauses))
    if kept is None or kept[0] is not clauses:
        if len(_TAGS) >= _TAGS_LIMIT:
            _TAGS.clear()
        kept = _TAGS[id(clauses)] = (clauses, {})
    return kept[1]


def clause_tag(game: Game, clause_id: str, tags: dict[str, str] | None = None) -> str:
    """``"[rs.release · Winning the Game > Releasing a Spirit]"``: the clause id, ``[ruling]`` or
    ``[provisional]`` when it is not a rule, and its rulebook section (kept per game in ``tags``)."""
    if tags is None:
        tags = _tags(game)
    tag = tags.get(clause_id)
    if tag is None:
        cl = game.clauses.get(clause_id)
        kind = f" [{cl.kind}]" if cl is not None and cl.kind != "rule" else ""
        src = f" · {cl.source.section}" if cl is not None else ""
        tag = tags[clause_id] = f"[{clause_id}{kind}{src}]"
    return tag


def event_line(session: Session, e: Event, tags: dict[str, str] | None = None) -> str:
    """``"  - (auto) text  [rs.release · Winning the Game > Releasing a Spirit]"``."""
    auto = "(auto) " if e.automatic else ""
    return f"  - {auto}{e.text}  {clause_tag(session.game, e.clause, tags)}"


def step_text(session: Session, step: Step) -> str:
    """The action taken (who, label, cost, why, clauses) and every event it caused, in order."""
    a = step.action
    cost = f" ({a.cost} {session.game.cost_unit})" if a.cost else (" (free)" if a.cost == 0 else "")
    lines = [f"Step {step.index + 1}. Player {a.actor + 1}: {a.label}{cost}",
             f"  why: {a.why}  [{', '.join(a.clauses)}]"]
    if a.idle:
        lines.append(f"  idle: {a.idle}  [{a.idle_clause}]")
    game = session.game
    last = _LAST_TAGS  # (the steps of one game come one after the other: one identity test finds its tags)
    if last[0] is game.clauses:
        tags = last[1]
    else:
        tags = _tags(game)
        last[0], last[1] = game.clauses, tags
    get = tags.get
    for e in step.events:  # event_line inlined (every step of play, bots and the benchmark words its events)
        tag = get(e.clause) or clause_tag(game, e.clause, tags)
        lines.append(f"  - (auto) {e.text}  {tag}" if e.automatic else f"  - {e.text}  {tag}")
    return "\n".join(lines)


def setup_text(session: Session) -> str:
    """The set-up events of a new session."""
    return "\n".join(["Set-up"] + [event_line(session, e) for e in session.setup_events])
