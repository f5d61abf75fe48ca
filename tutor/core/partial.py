"""One pattern for every game's partial state (``setup.state`` of a scenario, lesson or saved question): the game
lists what its partial state may set (a pydantic model) and how each field changes its zones; the steps around that
are written once here.

    part, s, bad = start_partial(PartialState, data, where, state)   # validated, seats given once, a copy
    ... the game's own zone edits on ``s``, refusing with ``raise bad(field, message)`` ...
    return finish_partial(g, s, part, where, chance_values=...)      # turn vs decision, invariants, chance, decision

Every refusal is a :class:`ContentError` naming ``where`` and the field (``players[1].hand[2]``); nothing of the
original state changes (the edits work on a deep copy).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from .chance import fix
from .cardcheck import check_parsed
from .content import check_seats_once, validate
from .errors import ContentError
from .opening import open_decision

M = TypeVar("M", bound=BaseModel)
S = TypeVar("S", bound=BaseModel)

#: Most a counter of a partial state (Spirit, Essence, damage, charges, a deck's size, the round...) may be set to:
#: the games' counters stay in the tens, so a larger value is a mistake or an attack (``essence: 1000000000``).
MAX_COUNTER = 99
#: ``bad(field, message)``: the refusal of one field of the partial state.
Bad = Callable[[str, str], ContentError]


def start_partial(model: type[M], data: dict, where: str, state: S) -> tuple[M, S, Bad]:
    """Validate ``data`` with the game's partial-state ``model`` (a seat given twice refused; a number written as a
    text, ``true`` / ``false`` or ``5.0`` refused as in card files: :func:`~tutor.core.cardcheck.check_parsed`), and
    return it with a deep copy of ``state`` to edit and the ``bad(field, message)`` that names ``where`` and the
    field.

    Raises:
        ContentError: an unknown field, a bad value (a number not written as a whole number) or a seat given twice,
            naming the field.
    """
    part = validate(model, data, where)
    check_parsed(where, "", data, part)  # numbers strict, said as in card files (attack 43, M2: ap: '5', true, 5.0)
    check_seats_once(getattr(part, "players", None) or [], where)

    def bad(field: str, msg: str) -> ContentError:
        return ContentError(f"{where}: {field}: {msg}", path=where, field=field)

    return part, state.model_copy(deep=True), bad


def check_turn(part: Any, bad: Bad, why: str = "the decision is taken in its player's own turn") -> None:
    """``current`` and ``decision.seat``, both given, name the same seat (``why``: the game's reason).

    Raises:
        ContentError: naming ``decision.seat``.
    """
    decision, current = getattr(part, "decision", None), getattr(part, "current", None)
    if decision is not None and current is not None and current != decision.seat:
        raise bad("decision.seat", f"current ({current}) and decision.seat ({decision.seat}) contradict each other: "
                  f"{why}; give one")


def finish_partial(g: Any, s: S, part: Any, where: str, bad: Bad,
                   chance_values: dict[str, Callable[[str], str | None]] | None = None,
                   set_turn: Callable[[Any, int], None] = lambda st, seat: setattr(st, "current", seat)) -> S:
    """The steps every game ends a partial state with: the game's invariants hold (cards conserved, counters in
    range), the outcomes of chance it fixes are set (``part.chance`` checked against ``chance_values``, when given),
    and the decision it opens is opened by the game's own rules (``part.decision``; ``set_turn(state, seat)`` makes
    it that seat's turn). Returns ``s``.

    Raises:
        ContentError: naming ``<state>`` for a broken invariant, ``chance[i]`` or ``decision`` for the others.
    """
    problems = g.check_invariants(s)
    if problems:
        raise bad("<state>", "; ".join(problems))
    if chance_values is not None:
        fix(s, part.chance, chance_values, where)
    if getattr(part, "decision", None) is not None:
        open_decision(g, s, part.decision, where, set_turn)
    return s
