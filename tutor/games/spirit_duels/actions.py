"""Carrying out the Action Phase actions (Actions: Play a Card, Evolve, Activate, Resolve Dice, Meditate, Action /
Limited Action, Pass, Gain the Advantage) and passing the turn (Gameplay: Action Phase; Keywords: Fast).
"""
from __future__ import annotations

from ...core.model import Action
from .combat import deal_damage
from .ctx import Ctx, ability_of, classes_of, evolve_cost, plural, printed_dice, stat
from .cards import CLASS_ABILITY
from .dice import face_label, kind_label, roll, roll_text, symbol
from .effects import die_value, effect_works, need, roll_into
from .phases import begin_end_phase
from .state import ItemInPlay, MeditatePick, ResolveDie, Work


def apply_action(c: Ctx, a: Action) -> None:
    """Apply one Action Phase action of the current player (no decision pending)."""
    g, s = c.game, c.state
    seat = a.actor
    p = s.players[seat]
    k = a.kind
    if k == "pass":
        _pass(c, seat)
        return
    s.last_was_pass = False
    if k == "gain-advantage":
        had = s.advantage == seat
        s.advantage = seat
        s.gained_by = seat
        c.ev("sd.advantage.gain", f"{c.who(seat)} gains the advantage" + (" (they already held the Advantage Token)"
             if had else " and takes the Advantage Token") + "; they take no more actions this round.", actor=seat)
        c.push(Work(kind="end-action", seat=seat))
        return
    if k == "play-card":
        card = g.cards.by_id[a.param("card")]
        p.essence -= card.cost
        p.hand.remove(card.id)
        if card.kind != "item":
            p.resolving.append(card.id)
        c.ev("sd.play-card", f"{c.who(seat)} spends {card.cost} Essence ({p.essence} left) to play "
             f"{g.card_label(card.id)}: {card.text}", cards=(card.id,), actor=seat)
        if card.provisional:
            c.ev("sd.provisional.cards", f"{card.name}'s cost and text are provisional (the rulebook does not print "
                 "them).", auto=True, cards=(card.id,))
        if card.fast:
            s.fast = True
        if card.kind == "move":
            c.push(*effect_works(g, card.effects, seat, card.name), Work(kind="discard-move", seat=seat, card=card.id),
                   Work(kind="end-action", seat=seat))
        elif card.kind == "trait":
            c.push(Work(kind="attach", seat=seat, card=card.id, source=card.name), Work(kind="end-action", seat=seat))
        else:
            p.items.append(ItemInPlay(card=card.id, charges=card.charged))
            c.ev("sd.play.item", f"{card.name} goes into {c.who(seat)}'s play area, ready"
                 + (f", with {card.charged} charge tokens (Charged({card.charged}))." if card.charged else "."),
                 auto=True, cards=(card.id,), actor=seat)
            if card.charged:
                c.ev("sd.item.charged", f"Each use of {card.name} spends a charge; after the last is spent it is "
                     "discarded.", auto=True, actor=seat)
            c.push(Work(kind="end-action", seat=seat))
        return
    if k == "evolve":
        i = a.param("spirit") - 1
        sl = p.spirits[i]
        old = c.sname(seat, i)
        cost = evolve_cost(sl)
        p.essence -= cost
        sl.stage += 1
        carried = ", ".join(x for x in [f"{sl.damage} damage" if sl.damage else ""] +
                            [f"{getattr(sl, t)} {t}" for t in ("armor", "burn", "freeze", "poison") if getattr(sl, t)]
                            + [f"Traits {', '.join(c.name(t) for t in sl.traits)}" if sl.traits else ""] if x)
        c.ev("sd.evolve", f"{c.who(seat)} spends {cost} Essence (stage {sl.stage - 1} + 1; {p.essence} left) to "
             f"evolve {old} into {c.sname(seat, i)} (Stage {sl.stage}, Health {stat(g, sl, 'health')}).",
             cards=(c.spirit_card(sl).id,), actor=seat)
        c.ev("sd.evolve.carry", f"{old}'s card leaves play and is set aside; "
             + (f"what was on it stays on {c.sname(seat, i)}: {carried}." if carried else "it had nothing on it to "
                "carry over."), auto=True, actor=seat)
        c.ev("sd.ruling.evolve-pool", f"{c.sname(seat, i)} keeps "
             + (f"the {len(sl.pool)} {'die' if len(sl.pool) == 1 else 'dice'} of its active pool" if sl.pool
                else "its (empty) active pool") + f" and stays {'exhausted' if sl.exhausted else 'ready'}.",
             auto=True, actor=seat)
        c.push(Work(kind="end-action", seat=seat))
        return
    if k == "activate":
        i = a.param("spirit") - 1
        sl = p.spirits[i]
        sl.exhausted = True
        dice = list(printed_dice(g, sl))
        # (new user 43: "rolls its 2 printed dice" did not name the Advantage Die that was rolled too)
        extra = ", and the Advantage Die placed on it," if sl.advantage_die else ""
        c.ev("sd.activate", f"{c.who(seat)} exhausts {c.sname(seat, i)} and rolls the {len(dice)} "
             f"{'die' if len(dice) == 1 else 'dice'} on its card{extra} into its active pool.",
             cards=(c.spirit_card(sl).id,), actor=seat)
        for kind in dice:
            roll_into(c, seat, i, kind, "", "Activate")
        if sl.advantage_die:
            sl.advantage_die = False
            c.ev("sd.activate.advantage-die", f"The Advantage Die placed on {c.sname(seat, i)} is rolled with them; "
                 "it waits on no Spirit until the next End Phase places it.", auto=True, actor=seat)
            roll_into(c, seat, i, "advantage", "", "Advantage Die")
        ab = ability_of(g, sl)
        if ab is not None and ab.timing == "activate":
            what = ab.text[len("Activate:"):].strip() if ab.text.startswith("Activate:") else ab.text
            c.ev("sd.kw.activate", f"{c.sname(seat, i)} has an Activate ability, which resolves now: {what}",
                 auto=True, actor=seat)
            # one push: the ability resolves fully before the action ends and the turn passes
            c.push(*effect_works(g, ab.effects, seat, c.sname(seat, i), spirit=i), Work(kind="end-action", seat=seat))
        else:
            c.push(Work(kind="end-action", seat=seat))
        return
    if k == "resolve-dice":
        sym = a.param("symbol")
        c.ev("sd.resolve-dice", f"{c.who(seat)} declares {sym.capitalize()}: they may resolve their dice showing "
             f"{sym.capitalize()}, one at a time.", actor=seat)
        c.push(Work(kind="pick-die", seat=seat, symbol=sym, first=True), Work(kind="end-action", seat=seat))
        return
    if k == "meditate":
        card = a.param("card")
        p.hand.remove(card)
        p.discard.append(card)
        c.ev("sd.meditate", f"{c.who(seat)} meditates, discarding {c.name(card)}, to reroll the dice they declare.",
             cards=(card,), actor=seat)
        c.push(Work(kind="meditate-pick", seat=seat), Work(kind="end-action", seat=seat))
        return
    if k == "use-ability":
        i = a.param("spirit") - 1
        sl = p.spirits[i]
        ab = ability_of(g, sl)
        clause = "sd.limited-action" if ab.timing == "limited-action" else "sd.ability-action"
        if ab.timing == "limited-action":
            sl.limited_used = True
        cost = ""
        if ab.symbol:
            die = sl.pool.pop(a.param("die") - 1)
            cost = f" It removes its {kind_label(die.kind)} showing {face_label(die.face)} to pay the cost."
            c.ev("sd.action.symbol-cost", f"{c.sname(seat, i)}'s ability costs a die showing "
                 f"{ab.symbol.capitalize()}.{cost}", auto=True, actor=seat)
        c.ev(clause, f"{c.who(seat)} uses {c.sname(seat, i)}'s {ab.timing.replace('-', ' ')}: {ab.text}", actor=seat)
        c.push(*effect_works(g, ab.effects, seat, c.sname(seat, i), spirit=i), Work(kind="end-action", seat=seat))
        return
    if k == "use-item":
        j = a.param("item") - 1
        it = p.items[j]
        card = g.cards.by_id[it.card]
        ab = card.ability
        if ab.timing == "limited-action":
            it.limited_used = True
        left = ""
        if it.charges is not None:
            it.charges -= 1
            left = f" and spends a charge token ({it.charges} left)"
        c.ev("sd.limited-action" if ab.timing == "limited-action" else "sd.ability-action",
             f"{c.who(seat)} uses {card.name}{left}: {ab.text}", cards=(card.id,), actor=seat)
        c.push(*effect_works(g, ab.effects, seat, card.name), Work(kind="item-spent", seat=seat, card=card.id),
               Work(kind="end-action", seat=seat))
        return
    raise ValueError(f"unknown action kind {k!r}")  # pragma: no cover


def _pass(c: Ctx, seat: int) -> None:
    """Pass: nothing happens; two passes in a row (or the pass of the player left acting after the other gained the
    advantage) end the Action Phase."""
    s = c.state
    if s.gained_by is not None and s.gained_by != seat:
        c.ev("sd.advantage.locked", f"{c.who(seat)} passes. {c.who(s.gained_by)} gained the advantage earlier this "
             "round, so the Action Phase ends.", actor=seat)
        begin_end_phase(c)
    elif s.last_was_pass:
        c.ev("sd.pass.consecutive", f"{c.who(seat)} passes too: both players passed one after the other, so the "
             "Action Phase ends.", actor=seat)
        begin_end_phase(c)
    else:
        s.last_was_pass = True
        s.fast = False
        s.current = 1 - seat
        c.ev("sd.pass", f"{c.who(seat)} passes; {c.who(s.current)} takes the next action.", actor=seat)


# ---------------------------------------------------------------------------------------------------- work handlers
def h_end_action(c: Ctx, w: Work) -> None:
    """The turn passes after one action, unless a Fast card gives another or the other player gained the advantage."""
    s = c.state
    if s.phase != "action":
        return
    if s.fast and s.gained_by != w.seat:
        s.fast = False
        s.current = w.seat
        c.ev("sd.kw.fast", f"Fast: {c.who(w.seat)} takes another action.", auto=True, actor=w.seat)
        return
    s.fast = False
    if s.gained_by is not None and s.gained_by != w.seat:
        s.current = w.seat
        c.ev("sd.advantage.locked", f"{c.who(s.gained_by)} gained the advantage, so {c.who(w.seat)} keeps taking "
             "actions until they pass.", auto=True, actor=w.seat)
    else:
        s.current = 1 - w.seat
        c.ev("sd.turn.one-action", f"That action over, the turn passes: {c.who(s.current)} takes the next action.",
             auto=True, actor=s.current)


def h_pick_die(c: Ctx, w: Work) -> None:
    p = c.state.players[w.seat]
    if not any(symbol(d.face) == w.symbol for sl in p.spirits for d in sl.pool):
        if not w.first:
            c.ev("sd.resolve-dice", f"{c.who(w.seat)} has no more dice showing {w.symbol.capitalize()}.", auto=True,
                 actor=w.seat)
        return
    c.ask(ResolveDie(actor=w.seat, work=w))


def h_resolve_die(c: Ctx, w: Work) -> None:
    """Resolve one die: its value from the Spirit's stat (+1 Boost, minus Freeze), then its symbol's effect, then
    Poison."""
    g, s = c.game, c.state
    sl = c.slot(w.seat, w.spirit)
    sym = symbol(w.face)
    value, parts = die_value(c, w.seat, w.spirit, w.face)
    name = c.sname(w.seat, w.spirit)
    c.ev("sd.die.value", f"{name}'s {kind_label(w.die_kind)} showing {face_label(w.face)} is resolved, worth {value} "
         f"({', '.join(parts)}), and goes back to the supply.", auto=True, actor=w.seat)
    if w.face.endswith("+1"):
        c.ev("sd.die.boost", "The Boost icon adds 1 to the value.", auto=True, actor=w.seat)
    if sl.freeze:
        c.ev("sd.freeze.reduce", f"{name} is Frozen: the value drops by {sl.freeze} and its "
             f"{plural(sl.freeze, 'freeze token')} {'is' if sl.freeze == 1 else 'are'} removed.", auto=True,
             actor=w.seat)
        sl.freeze = 0
    after = [Work(kind="poison-tick", seat=w.seat, spirit=w.spirit, source=f"Poison on {name}")] if sl.poison else []
    src = f"{name}'s {sym.capitalize()}"  # the symbol resolved ("Pruni's Attack"): a Magic die can show Attack
    if sym == "attack":
        c.ev("sd.resolve.attack", f"{src} deals {value} damage to an enemy Spirit of {c.who(w.seat)}'s choice.",
             auto=True, actor=w.seat)
        c.push(Work(kind="damage", seat=w.seat, amount=value, source=src), *after)
    elif sym == "essence":
        p = s.players[w.seat]
        p.essence += value
        c.ev("sd.resolve.essence", f"Essence: {c.who(w.seat)} gains {value} Essence ({p.essence} now).", auto=True,
             actor=w.seat)
        c.push(*after)
    else:
        classes = classes_of(g, sl)
        ab = CLASS_ABILITY[classes[0]] if len(classes) == 1 else None
        c.push(Work(kind="class", seat=w.seat, spirit=w.spirit, amount=value, ability=ab, source=src, origin="die"),
               *after)


def h_poison_tick(c: Ctx, w: Work) -> None:
    sl = c.slot(w.seat, w.spirit)
    if not sl.poison:
        return
    c.ev("sd.poison.after", f"{c.sname(w.seat, w.spirit)} is Poisoned: after its die is resolved it takes 1 damage "
         "and loses 1 poison token.", auto=True, actor=w.seat)
    sl.poison -= 1
    deal_damage(c, w.seat, w.spirit, 1, "Poison")


def h_meditate_pick(c: Ctx, w: Work) -> None:
    p = c.state.players[w.seat]
    if not any(sl.pool for sl in p.spirits):
        c.ev("sd.meditate", f"{c.who(w.seat)} has no dice in their active pools, so nothing is rerolled.", auto=True,
             actor=w.seat)
        return
    c.ask(MeditatePick(actor=w.seat, work=w))


def h_meditate_roll(c: Ctx, w: Work) -> None:
    p = c.state.players[w.seat]
    for ref in w.marked:
        i = ref.spirit
        d = p.spirits[i].pool[ref.die]
        face, forced = roll(c.state, d.kind)
        d.face = face
        c.ev("sd.roll.forced" if forced else "sd.roll.chance", f"Meditate reroll: {c.sname(w.seat, i)}'s "
             f"{roll_text(d.kind, face, forced)}; it returns to its active pool.", auto=True, actor=w.seat)


def h_discard_move(c: Ctx, w: Work) -> None:
    c.state.players[w.seat].resolving.remove(w.card)
    c.state.players[w.seat].discard.append(w.card)
    c.ev("sd.play.move", f"{c.name(w.card)} has resolved and goes to the discard pile.", auto=True, cards=(w.card,),
         actor=w.seat)


def h_attach(c: Ctx, w: Work) -> None:
    if not need(c, w, "spirit", "ally", "spirit"):
        if w.target is None and not c.state.pending:
            c.state.players[w.seat].resolving.remove(w.card)
            c.state.players[w.seat].discard.append(w.card)
        return
    c.state.players[w.seat].resolving.remove(w.card)
    sl = c.slot(w.target_seat, w.target)
    sl.traits.append(w.card)
    bon = ", ".join(f"{b.amount:+d} {b.stat}" for b in c.cards.by_id[w.card].bonuses)
    c.ev("sd.play.trait", f"{c.name(w.card)} is attached below {c.sname(w.target_seat, w.target)}"
         + (f" ({bon})." if bon else "."), auto=True, cards=(w.card,), actor=w.seat)


def h_item_spent(c: Ctx, w: Work) -> None:
    p = c.state.players[w.seat]
    for j, it in enumerate(p.items):
        if it.card == w.card and it.charges == 0:
            p.items.pop(j)
            p.discard.append(w.card)
            c.ev("sd.item.charged", f"The last charge of {c.name(w.card)} is spent: it is discarded.", auto=True,
                 cards=(w.card,), actor=w.seat)
            return


HANDLERS = {"end-action": h_end_action, "pick-die": h_pick_die, "resolve-die": h_resolve_die,
            "poison-tick": h_poison_tick, "meditate-pick": h_meditate_pick, "meditate-roll": h_meditate_roll,
            "discard-move": h_discard_move, "attach": h_attach, "item-spent": h_item_spent}
