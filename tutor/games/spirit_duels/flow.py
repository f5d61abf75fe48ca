"""Running queued rules work, asking decisions and answering them (the glue between actions, effects and phases).

The modules below reach this one through the context: ``c.ask(decision)`` (:meth:`.ctx.Ctx.ask`) goes through the
game to :func:`ask`, so they need not import it.

After every action the queue runs until it is empty, a decision is pending, or the game is over.
"""
from __future__ import annotations

from functools import cache

from ...core.model import Action
from . import actions, decisions, draft, effects, phases
from .ctx import Ctx, plural
from .decisions import decision_actions
from .state import Decision, Work


def choice_text(who: str, source: str, a: Action) -> str:
    """The event for an answered ``choose-*`` decision: ``"Player 2 chooses Player 1's Pawnite (no tokens) for
    Stunning Strike."`` rather than repeating the option label after "chooses:" (a ``choose-spirit`` label names
    what the Spirit is for, ``"Stunning Strike: exhaust Player 1's Pawnite (no tokens)"``)."""
    head = f"{source}: choose "
    if a.kind == "choose-spirit" and a.label.startswith(f"{source}: ") and "Player " in a.label:
        what = a.label[a.label.index("Player ", len(source)):]
        return f"{who} chooses {what} for {source}."
    if a.kind == "choose-die" and a.label.startswith(head):
        what = a.label[len(head):]
        if ": " in what:  # "Player 1's Tychomp: Level 1 Magic die showing Attack"
            owner, die = what.split(": ", 1)
            what = f"the {die} of {owner}"
        return f"{who} chooses {what} for {source}."
    if a.kind == "choose-class":
        return f"{who} chooses to {a.label[0].lower()}{a.label[1:]}."
    return f"{who} chooses: {a.label}."


@cache
def handlers() -> dict:
    """Queued work kind -> handler (built once)."""
    return {**effects.HANDLERS, **actions.HANDLERS, **phases.HANDLERS, **draft.HANDLERS}


def run(c: Ctx) -> None:
    """Run queued work in order until a decision is pending, the queue is empty, or the game is over."""
    s = c.state
    table = handlers()
    while s.phase != "over" and not s.pending and s.queue:
        w = s.queue.pop(0)
        table[w.kind](c, w)


def answer(c: Ctx, d: Decision, a: Action) -> None:
    """Carry out the chosen option ``a`` of decision ``d``."""
    fill, END_STEP = decisions.fill, phases.END_STEP
    if d.kind in draft.DECISIONS:
        draft.answer(c, d, a)
        return
    s = c.state
    w = d.work
    seat = d.actor
    p = s.players[seat]
    k = a.kind
    if d.kind.startswith("choose-"):
        c.ev(a.clauses[0], choice_text(c.who(seat), w.source, a), actor=seat)
        fill(w, a)
        c.push(w)
    elif d.kind in ("mulligan", "end-discard"):
        step = "" if d.kind == "mulligan" else f"Step {END_STEP['discard']}: "
        if k == "keep-hand":
            c.ev("sd.setup.mulligan" if d.kind == "mulligan" else "sd.end.discard", f"{step}{c.who(seat)} keeps "
                 f"{plural(len(p.hand), 'card')} in hand.", actor=seat)
            if d.kind == "mulligan":
                c.push(Work(kind="mulligan-draw", seat=seat))
        else:
            card = a.param("card")
            p.hand.remove(card)
            if d.kind == "mulligan":
                p.aside.append(card)
                c.ev("sd.setup.mulligan", f"{c.who(seat)} sets {c.name(card)} aside.", cards=(card,), actor=seat)
            else:
                p.discard.append(card)
                c.ev("sd.end.discard", f"{step}{c.who(seat)} discards {c.name(card)}.", cards=(card,), actor=seat)
            c.push(Work(kind=d.kind, seat=seat))
    elif d.kind == "meditate-pick":
        if k == "mark-die":
            w.cards.append(f"{a.param('spirit') - 1}.{a.param('die') - 1}")
            die = a.label.split(": ", 1)[1].replace(f"{c.who(seat)}'s ", "their ", 1).replace(": ", "'s ", 1)
            c.ev("sd.meditate", f"{c.who(seat)} declares a reroll of {die}.", actor=seat)
            c.push(w)
        else:
            c.push(Work(kind="meditate-roll", seat=seat, cards=list(w.cards)))
    elif d.kind == "resolve-die":
        if k == "stop-resolving":
            c.ev("sd.resolve-dice", f"{c.who(seat)} stops resolving {w.symbol.capitalize()} dice.", actor=seat)
        else:
            i, kd = a.param("spirit") - 1, a.param("die") - 1
            die = p.spirits[i].pool.pop(kd)
            c.push(Work(kind="resolve-die", seat=seat, spirit=i, die_kind=die.kind, face=die.face,
                        source=c.sname(seat, i)),
                   Work(kind="pick-die", seat=seat, symbol=w.symbol, first=False))
    elif d.kind == "place-advantage-die":
        i = a.param("spirit") - 1
        p.spirits[i].advantage_die = True
        c.ev("sd.end.advantage-die", f"Step {END_STEP['advantage-die']}: {c.who(seat)} places the Advantage Die on "
             f"{c.sname(seat, i)}.", actor=seat)
    elif d.kind == "order-effects":
        j = a.param("effect") - 1
        chosen = w.works[j]
        rest = [x for n, x in enumerate(w.works) if n != j]
        c.ev("sd.simultaneous", f"{c.who(seat)} (Advantage Token) resolves {chosen.source} first.", actor=seat)
        c.push(chosen, Work(kind="order", seat=w.seat, works=rest))
    else:  # pragma: no cover
        raise ValueError(f"unknown decision kind {d.kind!r}")


def ask(c: Ctx, d: Decision) -> None:
    """Ask decision ``d``, or resolve it at once when it has a single option (said by an event)."""
    options = decision_actions(c.game, c.state, d)
    if len(options) == 1:
        c.ev("sd.ruling.single-option", f"{c.who(d.actor)}: only one choice is possible, so it is made at once: "
             f"{options[0].label}.", auto=True, actor=d.actor)
        resolve_decision(c, d, options[0])
        return
    c.state.pending.append(d)
    c.asked = (d, options, len(c.events))


def resolve_decision(c: Ctx, d: Decision, action: Action) -> None:
    """Carry out the chosen option and queue what follows."""
    answer(c, d, action)
