"""Carrying out an ability or a Blessing/Curse: choosing targets, protections, and pausing for decisions
(Spirit Abilities; Spirit Ability Clarifications: Onota, Nordheim, Virley, Jiangsu, Kielderlings).

A use becomes an :class:`~.state.EffectRun`. Its effects run in order for each target. When an effect asks a
decision, the run pauses: the rest of it waits on the work stack as a :class:`~.state.ResumeEffects` item, pushed
under the decisions the effect asked (:meth:`tutor.core.flow.Flow.push_under`), and the game's flow runs it on once
they are answered (:func:`resume`). Targets come from ``game.targets``, which leaves out protected
players; a Protect token (Onota) is spent by the next Dark ability or Curse that targets its owner.
"""
from __future__ import annotations

from ...core.state_model import trusted
from .achievements import on_card_played
from .effect_registry import Use, count_value, run_effect
from .ongoing import PROTECT, protect_token_space, shield, source_kinds
from .state import ChooseTarget, Decision, EffectRun, ResumeEffects, ResumeSolo
from .zones import Ctx, discard_card, plural


def _effects(c: Ctx, card: str):
    x = c.cards.by_id[card]
    return x.ability.effects if c.game.card_kind(card) == "spirit" else x.effects


def start(c: Ctx, seat: int, space: int | None, source: str, target_kind: str, target: int | None,
          then_discard: str | None = None, effects_of: str | None = None) -> None:
    """Use the ability (or card) ``source`` of ``seat`` from board ``space`` against ``target`` (for
    ``one-opponent``; ``None`` asks the user to choose); the targets of ``all-opponents`` and ``split-opponents``
    are worked out here. ``effects_of``: the card whose effects run, when it is not ``source`` (a copy)."""
    g, s = c.game, c.state
    name = c.name(source)
    run = trusted(EffectRun, seat=seat, space=space, source=source, effects_of=effects_of or source, name=name,
                  targets=[], step=0, units=0, then_discard=then_discard)  # (every field, the engine's own values)
    if len(_effects(c, run.effects_of)) > 1:
        c.ev("rs.effect", f"{name} does what its text says, one part after another, for {c.who(seat)}.", auto=True,
             actor=seat)
    if target_kind == "one-opponent" and target is None:
        if not g.targets(s, seat, source):
            c.ev("rs.effect.protection", f"No opponent can be targeted by {name}, so it does nothing.", actor=seat)
            return finish(c, run)
        return c.ask(ChooseTarget(actor=seat, purpose="one", run=run, count=1))
    if target_kind == "all-opponents":
        run.targets = g.targets(s, seat, source)
        c.ev("rs.effect.target", f"{name} targets every opponent it can: "
             f"{', '.join(c.who(t) for t in run.targets) or 'none'}.", actor=seat)
        _note_shielded(c, seat, source)
    elif target_kind == "split-opponents":
        effects = _effects(c, run.effects_of)
        first = g.effect_params(effects[0]) if effects else None
        n = count_value(c, Use(seat, space, None, "rs.effect", name, source), first.count) if first else 0
        run.units = n
        c.ev("rs.effect.split-targets", f"{name} counts {n}: {c.who(seat)} picks a target opponent for each, one "
             "at a time (the same opponent may be picked again)." if n else f"{name} counts 0, so there is no "
             "target to pick and it does nothing.", actor=seat)
        _note_shielded(c, seat, source)
    else:
        run.targets = [target]
        if target is not None:
            c.ev("rs.effect.target", f"{name} targets {c.who(target)}.", actor=seat)
    go_on(c, run)


def _note_shielded(c: Ctx, seat: int, source: str) -> None:
    for p in c.state.players:
        if p.seat != seat:
            by = shield(c.game, c.state, p.seat, source)
            if by:
                c.ev("rs.effect.protection", f"{c.who(p.seat)} cannot be targeted: {c.name(by)} protects them.",
                     auto=True, actor=p.seat)


def _stopped_by_token(c: Ctx, run: EffectRun, t: int) -> bool:
    if not source_kinds(c.game, run.source):
        return False
    i = protect_token_space(c.state, t)
    if i is None:
        return False
    ps = c.state.players[t].board[i]
    ps.tokens.remove(PROTECT)
    c.ev("rs.effect.protect-token", f"{c.who(t)}'s Protect token on {c.name(ps.card)} stops {run.name}: it has no "
         "effect on them. The token returns to the supply.", auto=True, actor=t)
    c.ev("rs.ruling.protect-token-spent", f"The token is spent on the first {run.name} that targets "
         f"{c.who(t)}, whatever it would have done to them.", auto=True, actor=t)
    return True


def go_on(c: Ctx, run: EffectRun) -> None:
    """Run the next effects of ``run`` until one asks a decision, or to the end."""
    if run.units > 0:
        opts = c.game.targets(c.state, run.seat, run.source)
        if not opts:
            c.ev("rs.effect.target", f"No opponent can be targeted by {run.name}.", actor=run.seat)
            run.units = 0
        else:
            c.ask(ChooseTarget(actor=run.seat, purpose="split", run=run, count=run.units))
            return
    effects = _effects(c, run.effects_of)
    total = len(run.targets) * len(effects)
    while run.step < total:
        ti, ei = divmod(run.step, len(effects))
        t = run.targets[ti]
        run.step += 1
        if ei == 0 and t is not None and _stopped_by_token(c, run, t):
            run.step = (ti + 1) * len(effects)
            continue
        if _run_one(c, run, t, effects[ei], None):
            return
    finish(c, run)


def _run_one(c: Ctx, run: EffectRun, t: int | None, e, count: int | None) -> bool:
    """Run effect ``e``; True when it paused for a decision (the rest of ``run`` then waits under it as work)."""
    flow = c.game.flow
    at = flow.mark(c.state)
    run_effect(c, Use(run.seat, run.space, t, "rs.effect", run.name, run.source, count, run), e.effect,
               c.game.effect_params(e))
    if len(c.state.pending) > at.decisions:
        flow.push_under(c.state, ResumeEffects(run=run), at)
        return True
    return False


def finish(c: Ctx, run: EffectRun) -> None:
    """The end of a use: a played card goes to the bottom of its deck; completed Spirits are released."""
    if run.then_discard:
        card = run.then_discard
        on_card_played(c, run.seat, card)
        discard_card(c, card)
        word = "Blessing" if c.game.card_kind(card) == "blessing" else "Curse"
        c.ev("rs.play-card.bottom", f"{c.name(card)} goes to the bottom of the {word} deck.", auto=True, cards=(card,))
    c.game.check_releases(c)


def resume(c: Ctx, w: ResumeEffects) -> None:
    """Work ``resume-effects``: go on with a paused run once the decisions it asked are answered."""
    go_on(c, w.run)


def resume_solo(c: Ctx, w: ResumeSolo) -> None:
    """Work ``resume-solo``: the Spirit Type ability that waited for a B-side placement bonus's choice."""
    c.game.solo_type_ability(c, w.seat, w.space, w.card)


#: Work kind -> its handler (registered once in the game's flow, :data:`.decisions.FLOW`).
WORK = {ResumeEffects: resume, ResumeSolo: resume_solo}


def _as_copy(g, run) -> str:
    """``run``'s name as its targeting lines say it: ``"Yotei (with Zhaku's ability)"`` for a copy (trial 37:
    "Yotei targets Player 2" was said twice in one step, once for the copy and once for the copied ability's own
    target), else the name alone."""
    if run.effects_of == run.source:
        return run.name
    return f"{run.name} (with {g.cards.by_id[run.effects_of].name}'s ability)"


def _target_actions(g, s, d, a) -> None:
    for t in g.targets(s, d.actor, d.run.source):
        if d.purpose == "one":
            a("choose-target", f"{_as_copy(g, d.run)}: target Player {t + 1}", "The copied ability targets one "
              "opponent; you choose which.", ("rs.effect.target",), target=t + 1)
        else:
            a("choose-target", f"{d.run.name}: target Player {t + 1}", f"{plural(d.count, 'target pick')} left; each pick "
              "applies the effect once to the chosen opponent.", ("rs.effect.split-targets",), target=t + 1)


def _target_resolve(c: Ctx, d: Decision, action) -> None:
    run = d.run
    t = action.param("target") - 1
    if d.purpose == "one":
        run.targets = [t]
        c.ev("rs.effect.target", f"{_as_copy(c.game, run)} targets {c.who(t)}.", actor=run.seat)
        return go_on(c, run)
    run.units -= 1
    c.ev("rs.effect.target", f"{run.name} targets {c.who(t)}.", actor=run.seat)
    if not _stopped_by_token(c, run, t):
        effects = _effects(c, run.effects_of)
        if effects and _run_one(c, run, t, effects[0], 1):
            return
    go_on(c, run)


HANDLERS = {"choose-target": (_target_actions, _target_resolve)}
