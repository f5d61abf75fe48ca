"""Spirit Duels' flow of rules work and decisions (:class:`tutor.core.flow.Flow`): the handler of every work kind
and the answer to every decision, registered once in :data:`FLOW` (the game's ``flow``).

The modules below reach it through the context: ``c.ask(decision)`` and ``c.push(work)`` go through ``game.flow``,
so they need not import this module (which imports them). After every action the work runs until none is left, a
decision is pending, or the game is over; a decision with one option is made at once (ruling
``sd.ruling.single-option``).
"""
from __future__ import annotations

from ...core.flow import Flow, SingleOption, merge
from ...core.model import Action
from ...core.state_model import trusted
from . import actions, decisions, draft, effects, phases
from .ctx import Ctx, plural
from .state import Decision, DieRef, Work


def choice_text(g, s, who: str, source: str, a: Action) -> str:
    """The event for an answered ``choose-*`` decision, made from the chosen option's parameters and the state it
    was chosen in (``g``, ``s``): ``"Player 2 chooses Player 1's Pawnite (no tokens) for Stunning Strike."`` rather
    than repeating the option label after "chooses:" (a ``choose-spirit`` label names what the Spirit is for,
    ``"Stunning Strike: exhaust Player 1's Pawnite (no tokens)"``)."""
    if a.kind == "choose-spirit":
        return f"{who} chooses {decisions.spirit_words(g, s, a.param('player') - 1, a.param('spirit') - 1)} for {source}."
    if a.kind == "choose-die":
        owner, die = decisions.die_words(g, s, a.param("player") - 1, a.param("spirit") - 1, a.param("die") - 1)
        return f"{who} chooses the {die} of {owner} for {source}."
    if a.kind == "choose-class":
        return f"{who} chooses to {a.label[0].lower()}{a.label[1:]}."
    return f"{who} chooses: {a.label}."


def _answer_choice(c: Ctx, d: Decision, a: Action) -> None:
    """A ``choose-*`` decision: say what was chosen, write it into the work and run the work again."""
    w = d.work
    c.ev(a.clauses[0], choice_text(c.game, c.state, c.who(d.actor), w.source, a), actor=d.actor)
    decisions.fill(w, a)
    c.push(w)


def _answer_hand(c: Ctx, d: Decision, a: Action) -> None:
    """The mulligan and End Phase discards: one card of the hand at a time, or keep the rest."""
    seat = d.actor
    p = c.state.players[seat]
    step = "" if d.kind == "mulligan" else phases.end_step("discard")
    if a.kind == "keep-hand":
        c.ev("sd.setup.mulligan" if d.kind == "mulligan" else "sd.end.discard", f"{step}{c.who(seat)} keeps "
             f"{plural(len(p.hand), 'card')} in hand.", actor=seat)
        if d.kind == "mulligan":
            c.push(Work(kind="mulligan-draw", seat=seat))
        return
    card = a.param("card")
    p.hand.remove(card)
    if d.kind == "mulligan":
        p.aside.append(card)
        c.ev("sd.setup.mulligan", f"{c.who(seat)} sets {c.name(card)} aside.", cards=(card,), actor=seat,
             public=f"{c.who(seat)} sets a card aside.")
    else:
        p.discard.append(card)
        c.ev("sd.end.discard", f"{step}{c.who(seat)} discards {c.name(card)}.", cards=(card,), actor=seat)
    c.push(Work(kind=d.kind, seat=seat))


def _answer_meditate(c: Ctx, d: Decision, a: Action) -> None:
    """Meditate: mark one more die for the reroll, or reroll the marked dice."""
    w, seat = d.work, d.actor
    if a.kind == "mark-die":
        i, k = a.param("spirit") - 1, a.param("die") - 1
        w.marked.append(trusted(DieRef, spirit=i, die=k))
        die = decisions.die_words(c.game, c.state, seat, i, k)[1]
        c.ev("sd.meditate", f"{c.who(seat)} declares a reroll of their {c.sname(seat, i)}'s "
             f"{die}.", actor=seat)
        c.push(w)
    else:
        c.push(Work(kind="meditate-roll", seat=seat, marked=list(w.marked)))


def _answer_resolve_die(c: Ctx, d: Decision, a: Action) -> None:
    """Resolving dice of the declared symbol: the chosen die leaves the pool and resolves, or the player stops."""
    w, seat = d.work, d.actor
    if a.kind == "stop-resolving":
        c.ev("sd.resolve-dice", f"{c.who(seat)} stops resolving {w.symbol.capitalize()} dice.", actor=seat)
        return
    i, kd = a.param("spirit") - 1, a.param("die") - 1
    die = c.state.players[seat].spirits[i].pool.pop(kd)
    c.push(Work(kind="resolve-die", seat=seat, spirit=i, die_kind=die.kind, face=die.face, source=c.sname(seat, i)),
           Work(kind="pick-die", seat=seat, symbol=w.symbol, first=False))


def _answer_advantage_die(c: Ctx, d: Decision, a: Action) -> None:
    """End Phase: the Advantage Token holder places the Advantage Die on one of their Spirits."""
    seat = d.actor
    i = a.param("spirit") - 1
    c.state.players[seat].spirits[i].advantage_die = True
    c.ev("sd.end.advantage-die", f"{phases.end_step('advantage-die')}{c.who(seat)} places the Advantage Die "
         f"on {c.sname(seat, i)}.", actor=seat)


def _answer_order(c: Ctx, d: Decision, a: Action) -> None:
    """Simultaneous effects: the Advantage Token holder's pick resolves first, then the order of the rest."""
    w = d.work
    j = a.param("effect") - 1
    chosen = w.works[j]
    rest = [x for n, x in enumerate(w.works) if n != j]
    c.ev("sd.simultaneous", f"{c.who(d.actor)} (Advantage Token) resolves {chosen.source} first.", actor=d.actor)
    c.push(chosen, Work(kind="order", seat=w.seat, works=rest))


#: Spirit Duels' flow: every work kind's handler (effects, actions, phases, draft) and every decision's answer.
FLOW = Flow(
    work=merge(effects.HANDLERS, actions.HANDLERS, phases.HANDLERS, draft.HANDLERS),
    answers={**{k: _answer_choice for k in ("choose-spirit", "choose-die", "choose-face", "choose-die-kind",
                                           "choose-class", "choose-card")},
             "mulligan": _answer_hand, "end-discard": _answer_hand, "meditate-pick": _answer_meditate,
             "resolve-die": _answer_resolve_die, "place-advantage-die": _answer_advantage_die,
             "order-effects": _answer_order, **{k: draft.answer for k in draft.DECISIONS}},
    options=decisions.OPTIONS,
    single=SingleOption("sd.ruling.single-option",
                        "{who}: only one choice is possible, so it is made at once: {label}."))
