"""A pending decision in a partial state (``setup.state.decision`` of a scenario, every game the same way): the
set-up ends inside an action, so the choice that action asks for is pending. The action is taken by the game's own
rules (never a decision written out by hand), so the decision, its options and what follows it are exactly the ones
play would give; "whose decision it is" is the seat that took the action, or whoever the rules then ask.

Shape: ``decision: {seat: 2, action: {kind: buy-totem, totem: t31}}`` (``action`` as a script step: a kind and any of
its parameters). Refused, naming the field: a seat out of range, an action that is not legal for that seat here (with
the rule that forbids it), several actions matching, or an action that asks for no decision here (with what it did
instead).
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from .errors import ContentError, short


class Opening(BaseModel):
    """``seat`` (1-based) has just taken ``action`` (a kind and any parameters, like a script step); the set-up
    ends on the decision it asks for."""

    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(ge=1)
    action: dict[str, Any]


def open_decision(g, state, opening: Opening, where: str, set_turn) -> Any:
    """Take ``opening.action`` for ``opening.seat`` in ``state`` (in place) and check that a decision is pending.

    ``set_turn(state, seat0)`` makes it seat ``seat0``'s (0-based) turn or action first. Returns the events the
    action logged (their texts say what led to the decision).

    Raises:
        ContentError: ``field`` ``decision...``: see the module doc.
    """
    def bad(field: str, msg: str) -> ContentError:
        return ContentError(f"{where}: {field}: {msg}", path=where, field=field)

    n = len(state.players)
    if opening.seat > n:
        raise bad("decision.seat", f"seat must be 1..{n}")
    if state.pending:
        raise bad("decision", "a decision is already pending in this set-up")
    if not isinstance(opening.action.get("kind"), str):
        raise bad("decision.action", "give the action's kind (as in a script step)")
    seat = opening.seat - 1
    set_turn(state, seat)
    kind = opening.action["kind"]
    params = {k: v for k, v in opening.action.items() if k != "kind"}

    def matches(a) -> bool:  # as a script step selects an action (tutor.scenario.ActionRef.matches)
        have = dict(a.params)
        return a.kind == kind and all(k in have and have[k] == v for k, v in params.items())

    hits = [a for a in g.legal_actions(state) if a.actor == seat and matches(a)]
    who = f"Player {opening.seat}"
    if not hits:
        same = [b for b in g.blocked_actions(state) if b.kind == kind]
        blocked = [b for b in same if b.covers(kind, params)] or same
        why = f": {blocked[0].why} [{blocked[0].clause}]" if blocked else ""
        raise bad("decision.action", f"{who} cannot {short(kind, quote=False).replace('-', ' ')} here{why}")
    if len(hits) > 1:
        raise bad("decision.action", f"{short(kind, quote=False)} matches {len(hits)} actions here; give more of "
                  "its parameters")
    events = g.apply(state, hits[0]).events
    if not state.pending:
        did = " ".join(f"{e.text} [{e.clause}]" for e in events[:3])
        raise bad("decision.action", f"for {who}, “{hits[0].label}” asks for no decision here: {did}")
    return events
