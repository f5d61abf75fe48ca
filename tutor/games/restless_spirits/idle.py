"""Activations, Blessings and Curses that are legal but would do nothing now (Spirit Abilities; Blessings & Curses;
Spirit Ability Clarifications: abilities starting with "if"; Glossary: Adjacent).

Activating a Spirit whose ability has nothing to work on (Gonga with no Sacred Spirit beside it, Sanabo or Kafrat
against an opponent who is not ahead, Yotei against an empty board) is still legal: the Activation Token is placed
and the ability does nothing. The tutor keeps such an action and says so before it is taken, citing the clause that
makes it empty. Worked out from the same effect data and the same counts and conditions the effects use, so what is
said here is what the effect would do.
"""
from __future__ import annotations

from ...core.moves import built_once
from .effect_registry import NOT_AHEAD, Condition, Count, Use, condition_holds, count_value
from .state import RSState
from .zones import Ctx

#: Condition parts, each checked on its own so the sentence names the one that fails.
_PARTS = ("target_ahead", "target_has_dark", "adjacent_dark", "board_light_dark")


def _who(target: int | None) -> str:
    return "the target" if target is None else f"Player {target + 1}"


def _failed_condition(c: Ctx, u: Use, cond: Condition, name: str) -> tuple[str, str] | None:
    """``(clause, sentence)`` for the first part of ``cond`` that does not hold for ``u``, else ``None``: a target
    who is not ahead cites our ruling (:data:`~.effect_registry.NOT_AHEAD`), any other part the conditional-effects
    clause."""
    for part in _PARTS:
        value = getattr(cond, part)
        if value in (None, False):
            continue
        # (the value comes from a validated Condition: no need to validate it again)
        if condition_holds(c, u, Condition.model_construct(**{part: value})):
            continue
        if part == "target_ahead":
            return NOT_AHEAD, f"{_who(u.target)} has not released more Spirits than you"
        if part == "target_has_dark":
            return "rs.effect.condition", f"{_who(u.target)} has no Dark Spirit on their board"
        if part == "adjacent_dark":
            return "rs.effect.condition", f"no Dark Spirit is next to {name}"
        light, dark = value
        return "rs.effect.condition", (f"your board does not hold exactly {light} Light and {dark} Dark "
                                       f"Spirit{'s' if dark != 1 else ''}")
    return None


def _empty_count(c: Ctx, u: Use, n: Count, name: str, kind: str) -> tuple[str, str] | None:
    """``(clause, sentence)`` when count ``n`` of an effect of ``kind`` is 0 for ``u``, else ``None``. The clause is
    the one the effect's own event cites when it counts 0: a draw's (``rs.effect.draw``: "counts 0, so ... draws
    nothing") but for a released-Spirits lead, which is a condition (Hex of Want with no Dark Spirit on the board
    cited the condition, which the step did not)."""
    if count_value(c, u, n) != 0:
        return None
    zero = "rs.effect.draw" if kind == "draw" else "rs.effect.condition"
    if n.adjacent_type:
        return "rs.adjacent", f"no {n.adjacent_type.capitalize()} Spirit is next to {name}"
    if n.released_lead:
        return NOT_AHEAD, f"{_who(u.target)} has not released more Spirits than you"
    if n.type_on_board:
        return zero, f"your board has no {n.type_on_board.capitalize()} Spirit"
    if n.light_on_board or n.dark_on_board:
        return zero, f"your board has no {'Light' if n.light_on_board else 'Dark'} Spirit"
    return zero, f"{name} counts 0"


#: Effects that can do nothing for want of something to work on, whatever their condition or count.
_MAY_FIND_NOTHING = frozenset({"copy-ability", "disable-light", "reduce-adjacent"})


def _field(p, name: str):
    """Parameter ``name`` of effect parameters ``p`` (a pydantic model, its fields' values in its ``__dict__``),
    ``None`` when its kind has no such field (asking a pydantic model for an attribute it lacks is slow)."""
    return p.__dict__.get(name)


def _may_do_nothing(g, effect) -> bool:
    """Whether ``effect`` can ever do nothing (:func:`_empty_effect` can find it empty): it has a condition or a
    count, or it needs something to work on (:data:`_MAY_FIND_NOTHING`). Read from the effect's data alone."""
    p = g.effect_params(effect)
    return (effect.effect in _MAY_FIND_NOTHING or isinstance(_field(p, "condition"), Condition)
            or isinstance(_field(p, "count"), Count))


def _empty_effect(c: Ctx, u: Use, effect, name: str) -> tuple[str, str] | None:
    """``(clause, sentence)`` when ``effect`` would do nothing for ``u``; ``None`` when it would (or may) act."""
    g = c.game
    p = g.effect_params(effect)
    cond = _field(p, "condition")
    if isinstance(cond, Condition):
        failed = _failed_condition(c, u, cond, name)
        if failed:
            return failed
    count = _field(p, "count")
    if isinstance(count, Count):
        found = _empty_count(c, u, count, name, effect.effect)
        if found:
            return found
    if effect.effect == "copy-ability":
        if not g.copy_options(c.state, p.zone, u.target):
            return "rs.effect.copy", g.nothing_to_copy(p.zone, u.target)
    if effect.effect == "disable-light" and u.target is not None:
        if not g.disable_options(c.state, u.target):
            return "rs.ruling.disable-unmarked", (f"Player {u.target + 1} has no Light Spirit without an Activation "
                                                  "Token, or no token left to place")
    if effect.effect == "reduce-adjacent" and u.space is not None:
        board = c.state.players[u.seat].board
        if not any(0 <= j < 3 and board[j] is not None and (p.types == "any" or g.cards.by_id[board[j].card].light)
                   for j in (u.space - 1, u.space + 1)):
            return "rs.effect.condition", f"no {'' if p.types == 'any' else 'Light '}Spirit is next to {name}"
    return None


@built_once
def may_idle(g, card: str, spirit: bool) -> bool:
    """Whether every effect of ``card`` (the ability of a Spirit when ``spirit``, else a Blessing or Curse) can do
    nothing (:func:`_may_do_nothing`): read from the card's data alone, so worked out once per card and kept (the
    legal actions ask it for every Blessing or Curse in hand and every Spirit that may activate, every step)."""
    c = g.cards.by_id[card]
    return all(_may_do_nothing(g, e) for e in (c.ability.effects if spirit else c.effects))


def idle_activation(g, s: RSState, seat: int, space: int, target: int | None) -> tuple[str, str] | None:
    """``(clause, sentence)`` when activating the Spirit on ``seat``'s board ``space`` (0-based), against opponent
    seat ``target`` (``None`` when it targets no one, or every opponent it can), would do nothing now; else
    ``None``. The sentence reads "It would do nothing now: ..." and ends with a full stop."""
    ps = s.players[seat].board[space]
    sp = g.cards.by_id[ps.card]
    return _idle(g, s, seat, space, target, ps.card, sp.name, sp.ability.target, sp.ability.effects,
                 "the Activation Token would still be placed", True)


def idle_card(g, s: RSState, seat: int, card: str, target: int | None) -> tuple[str, str] | None:
    """As :func:`idle_activation`, for playing the Blessing or Curse ``card`` from ``seat``'s hand."""
    rc = g.cards.by_id[card]
    return _idle(g, s, seat, None, target, card, rc.name, rc.target, rc.effects,
                 "the card would still be paid for and discarded", False)


def _idle(g, s: RSState, seat: int, space: int | None, target: int | None, card: str, name: str, target_kind: str,
          effects, still: str, spirit: bool) -> tuple[str, str] | None:
    if not effects:
        return None
    if target_kind == "all-opponents":
        targets: list[int | None] = list(g.targets(s, seat, card))
        if not targets:
            return "rs.effect.protection", f"It would do nothing now: no opponent can be targeted by it ({still})."
    elif target_kind == "split-opponents":
        targets = [None]
    else:
        targets = [target]
    if not may_idle(g, card, spirit):  # one effect always acts, for every target
        return None
    c = Ctx(g, s)  # one read-only context for every target and effect below
    first: tuple[str, str] | None = None
    for t in targets:
        for e in effects:
            found = _empty_effect(c, Use(seat, space, t, "rs.effect", name, card), e, name)
            if found is None:
                return None
            first = first or found
    if first is None:
        return None
    clause, why = first
    if target_kind == "split-opponents":  # its count is the number of target picks (Jiangsu, Kielderlings)
        clause = "rs.effect.split-targets"
    return clause, f"It would do nothing now: {why} ({still})."
