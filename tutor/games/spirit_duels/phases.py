"""Set-up and the End Phase (Setup; What's Next? Drafting; Gameplay; End Phase; Class Abilities: Burn).

Set-up: pre-built teams (or the draft, :mod:`.draft`, which builds the teams and gives the Advantage Token first),
Stage 1 Spirits in play (Stages 2 and 3 set aside), shuffled 30-card decks, an opening hand of 5 with the
set-aside-and-redraw mulligan, 2 Essence each, the Advantage Token to a random player (pre-built teams).
End Phase, in order: return dice, ready, optional discards, draw to 5, +2 Essence, the Advantage Die placed by the
token holder; then Burn at the end of the round (ruling ``sd.ruling.burn-timing``) and a new round (none after
round :data:`ROUND_LIMIT`: ruling ``sd.ruling.round-limit``). Every event of a
numbered End Phase step starts with its number (:data:`END_STEP`, :func:`end_step`): the log reads "End Phase step 1:"
to "End Phase step 6:" (not a bare "Step 3:", which a learner would read as the game's own step count).
"""
from __future__ import annotations

from ...core import chance
from .combat import deal_damage, draw, no_winner
from .ctx import Ctx, is_spirit, plural
from .ordering import h_order, simultaneous
from .state import EndDiscard, Mulligan, PlaceAdvantageDie, Work

#: The rulebook's End Phase steps, numbered in its order (the 7th, the new round, has its own event).
END_STEP = {"return": 1, "ready": 2, "discard": 3, "draw": 4, "essence": 5, "advantage-die": 6}
HAND_SIZE = 5


def end_step(name: str) -> str:
    """The prefix of an End Phase step's events, e.g. ``end_step("draw") == "End Phase step 4: "``.

    ``name`` is a key of :data:`END_STEP` (KeyError otherwise). Rulebook: End Phase (its steps in order).
    """
    return f"End Phase step {END_STEP[name]}: "
START_ESSENCE = 2
ROUND_ESSENCE = 2
#: The last round a game may have (ruling ``sd.ruling.round-limit``): the rulebook gives no end to a game that cannot
#: progress; games of the shipped teams end by round 8 (150 random games) and with no damage possible by round 21.
ROUND_LIMIT = 50


def deal_opening(c: Ctx) -> None:
    """Shuffle each deck and draw 5, then queue the mulligans (one player after the other) and the rest of set-up."""
    s = c.state
    for p in s.players:
        chance.shuffle(s, p.deck)
        c.ev("sd.setup.shuffle-draw", f"{c.who(p.seat)} shuffles their deck.", auto=True, actor=p.seat)
        draw(c, p.seat, HAND_SIZE, "sd.setup.shuffle-draw")
    c.ev("sd.ruling.mulligan-order", "Each player in turn may now set aside any cards of their opening hand.",
         auto=True)
    c.push(Work(kind="mulligan", seat=0), Work(kind="mulligan", seat=1), Work(kind="setup-done"))


def h_mulligan(c: Ctx, w: Work) -> None:
    c.ask(Mulligan(actor=w.seat, work=w))


def h_mulligan_draw(c: Ctx, w: Work) -> None:
    s = c.state
    p = s.players[w.seat]
    need = HAND_SIZE - len(p.hand)
    if need:
        draw(c, w.seat, need, "sd.setup.redraw")
    if p.aside:
        back = p.aside
        p.deck.extend(back)
        p.aside = []
        chance.shuffle(s, p.deck)
        c.ev("sd.setup.reshuffle", f"{c.who(w.seat)} shuffles the {plural(len(back), 'set-aside card')} back into "
             "their deck.", auto=True, actor=w.seat)


def h_setup_done(c: Ctx, w: Work) -> None:
    s = c.state
    for p in s.players:
        p.essence += START_ESSENCE
    c.ev("sd.setup.essence", "Each player gains 2 Essence.", auto=True)
    if c.game.options["setup"] == "draft":
        c.ev("sd.draft.advantage", f"{c.who(s.advantage)} keeps the Advantage Token given at random before the "
             "draft.", auto=True, actor=s.advantage)
    else:
        s.advantage = chance.below(s, 2)
        c.ev("sd.setup.advantage", f"{c.who(s.advantage)} is chosen at random to start with the Advantage Token "
             "(chance 1/2).", auto=True, actor=s.advantage)
    c.ev("sd.ruling.first-advantage-die", "No Advantage Die is assigned in the first round: it is first placed in "
         "an End Phase.", auto=True)
    new_round(c)


def new_round(c: Ctx) -> None:
    s = c.state
    s.round += 1
    s.phase = "action"
    s.current = s.advantage
    s.gained_by = None
    s.last_was_pass = False
    s.fast = False
    for p in s.players:
        for sl in p.spirits:
            sl.limited_used = False
        for it in p.items:
            it.limited_used = False
    c.ev("sd.action-phase", f"Round {s.round}: the Action Phase starts with {c.who(s.current)}, who holds the "
         "Advantage Token; players alternate, one action per turn.", auto=True, actor=s.current)


def begin_end_phase(c: Ctx) -> None:
    s = c.state
    s.phase = "end"
    first, second = s.advantage, 1 - s.advantage
    c.ev("sd.end-phase", f"The End Phase of round {s.round} begins.", auto=True)
    c.ev("sd.ruling.end-order", f"{c.who(first)} holds the Advantage Token and discards and draws first.",
         auto=True, actor=first)
    c.push(Work(kind="end-return"), Work(kind="end-ready"), Work(kind="end-discard", seat=first),
           Work(kind="end-discard", seat=second), Work(kind="end-draw", seat=first),
           Work(kind="end-draw", seat=second), Work(kind="end-essence"), Work(kind="place-adv-die", seat=first),
           Work(kind="burn"), Work(kind="new-round"))


def h_end_return(c: Ctx, w: Work) -> None:
    n = 0
    for p in c.state.players:
        for sl in p.spirits:
            n += len(sl.pool) + (1 if sl.advantage_die else 0)
            sl.pool = []
            sl.advantage_die = False
    c.ev("sd.end.return-dice", f"{end_step('return')}all dice return to the supply ({n} in play).", auto=True)


def h_end_ready(c: Ctx, w: Work) -> None:
    n = 0
    for p in c.state.players:
        for sl in p.spirits:
            n += sl.exhausted
            sl.exhausted = False
        for it in p.items:
            n += it.exhausted
            it.exhausted = False
    c.ev("sd.end.ready", f"{end_step('ready')}every exhausted card in play is readied "
         f"({plural(n, 'card')}).", auto=True)


def h_end_discard(c: Ctx, w: Work) -> None:
    if not c.state.players[w.seat].hand:  # (said, not skipped unseen: issue 16, lesson 22 showed no step 3)
        c.ev("sd.end.discard", f"{end_step('discard')}{c.who(w.seat)} has no card in hand, so there is nothing to "
             "discard.", auto=True, actor=w.seat)
        return
    c.ask(EndDiscard(actor=w.seat, work=w))


def h_end_draw(c: Ctx, w: Work) -> None:
    p = c.state.players[w.seat]
    need = HAND_SIZE - len(p.hand)
    if need > 0:
        draw(c, w.seat, need, "sd.end.draw", prefix=end_step("draw"))
    else:
        c.ev("sd.end.draw", f"{end_step('draw')}{c.who(w.seat)} already holds {plural(len(p.hand), 'card')} "
             "and draws none.", auto=True, actor=w.seat)


def h_end_essence(c: Ctx, w: Work) -> None:
    for p in c.state.players:
        p.essence += ROUND_ESSENCE
    c.ev("sd.end.essence", f"{end_step('essence')}each player gains {ROUND_ESSENCE} Essence ("
         + ", ".join(f"{c.who(p.seat)} now has {p.essence}" for p in c.state.players) + ").", auto=True)


def h_place_adv_die(c: Ctx, w: Work) -> None:
    if not any(is_spirit(sl) for sl in c.state.players[w.seat].spirits):
        return
    c.ask(PlaceAdvantageDie(actor=w.seat, work=w))


def h_burn(c: Ctx, w: Work) -> None:
    """At the end of the round each Burning Spirit takes damage equal to its burn tokens, then loses one."""
    works = []
    for p in c.state.players:
        for i, sl in enumerate(p.spirits):
            if sl.burn and not sl.defeated:
                works.append(Work(kind="burn-tick", seat=p.seat, spirit=i,
                                  source=f"Burn on {c.who(p.seat)}'s {c.sname(p.seat, i)}"))
    if works:
        c.ev("sd.ruling.burn-timing", "The round ends: Burning Spirits now take their burn damage.", auto=True)
        simultaneous(c, works, "Burn at the end of the round")


def h_burn_tick(c: Ctx, w: Work) -> None:
    sl = c.slot(w.seat, w.spirit)
    if not sl.burn or sl.defeated:
        return
    n = sl.burn
    c.ev("sd.burn.end-of-round", f"{c.sname(w.seat, w.spirit)} is Burning with {plural(n, 'burn token')}: it is "
         f"dealt {n} "
         "damage, then loses 1 burn token.", auto=True, actor=w.seat)
    deal_damage(c, w.seat, w.spirit, n, "Burn")
    if not sl.defeated:
        sl.burn -= 1


def h_new_round(c: Ctx, w: Work) -> None:
    """A new round, unless round :data:`ROUND_LIMIT` has just ended: then nobody wins (ruling
    ``sd.ruling.round-limit``)."""
    if c.state.round >= ROUND_LIMIT:
        no_winner(c, f"round {c.state.round} has ended and neither player has won; a game ends after round "
                     f"{ROUND_LIMIT} at the latest", "sd.ruling.round-limit")
        return
    new_round(c)


HANDLERS = {"mulligan": h_mulligan, "mulligan-draw": h_mulligan_draw, "setup-done": h_setup_done,
            "end-return": h_end_return, "end-ready": h_end_ready, "end-discard": h_end_discard,
            "end-draw": h_end_draw, "end-essence": h_end_essence, "place-adv-die": h_place_adv_die, "burn": h_burn,
            "burn-tick": h_burn_tick, "new-round": h_new_round, "order": h_order}
