"""The effect registry and the rules work that effects, Class Abilities and dice keywords turn into (Class
Abilities; Keywords and Terms; Play a Card).

A card names an effect with typed parameters (``cards.yaml``); :func:`validate_effect` checks both at load. Each
effect becomes :class:`~.state.Work` items run in order; a choice (which Spirit, which die, which face) is a pending
decision and the work waits for its answer. Nothing here branches on a card's name.
"""
from __future__ import annotations

from typing import Callable, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...core import chance
from ...core.effects import EffectRegistry
from ...core.state_model import trusted
from .cards import AbilityName
from .combat import deal_damage, draw, heal, place_tokens
from .ctx import Ctx, plural, stat
from .dice import DIE_FACES, face_label, kind_label, roll, roll_text, symbol
from .state import ChooseCard, ChooseClass, ChooseDie, ChooseDieKind, ChooseFace, ChooseSpirit, Die, Work
from . import decisions

Side = Literal["ally", "enemy", "any"]


class _P(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Amount(_P):
    amount: int = Field(ge=0)


class Status(_P):
    token: Literal["armor", "burn", "freeze", "poison"]
    amount: int = Field(ge=0)
    target: Literal["chosen", "self"] = "chosen"


class Count(_P):
    count: int = Field(ge=1)


class ClassAbility(_P):
    ability: AbilityName
    amount: int = Field(ge=0)


class NoParams(_P):
    pass


class DieKeyword(_P):
    side: Side = "ally"


class RollDie(_P):
    die: Literal["attack-1", "attack-2", "magic-1", "magic-2", "essence-1", "essence-2"]


def _status_side(token: str) -> str:
    return "ally" if token == "armor" else "enemy"


#: Effect name -> :class:`~tutor.core.effects.EffectKind` (one registry per game, :mod:`tutor.core.effects`): its
#: parameter model and its builder, which returns the works to queue for one use (``builder(build, params)``).
REGISTRY = EffectRegistry("spirit-duels")
REGISTRY.register("damage", Amount, lambda b, p: [b("damage", amount=p.amount)])
REGISTRY.register("status", Status, lambda b, p: [b("tokens", ability=p.token, amount=p.amount,
                                                    side=_status_side(p.token), self_target=p.target == "self")])
REGISTRY.register("heal", Amount, lambda b, p: [b("heal", amount=p.amount)])
REGISTRY.register("gain-essence", Amount, lambda b, p: [b("essence", amount=p.amount)])
REGISTRY.register("draw", Count, lambda b, p: [b("draw", amount=p.count)])
REGISTRY.register("class-ability", ClassAbility, lambda b, p: [b("class", ability=p.ability, amount=p.amount)])
REGISTRY.register("exhaust", NoParams, lambda b, p: [b("exhaust", side="enemy")])
REGISTRY.register("ready", NoParams, lambda b, p: [b("ready", side="ally")])
REGISTRY.register("reroll", DieKeyword, lambda b, p: [b("die-kw", ability="reroll", side=p.side)])
REGISTRY.register("upgrade", DieKeyword, lambda b, p: [b("die-kw", ability="upgrade", side=p.side)])
REGISTRY.register("downgrade", DieKeyword, lambda b, p: [b("die-kw", ability="downgrade", side=p.side)])
REGISTRY.register("replace", DieKeyword, lambda b, p: [b("die-kw", ability="replace", side=p.side)])
REGISTRY.register("remove-die", DieKeyword, lambda b, p: [b("die-kw", ability="remove", side=p.side)])
REGISTRY.register("roll-die", RollDie, lambda b, p: [b("roll-into", die_kind=p.die, side="ally")])


def validate_effect(name: str, params: dict) -> _P:
    """Parse ``params`` for effect ``name``; ValueError names the known effects or the bad parameter."""
    return REGISTRY.validate(name, params)


def effect_works(g, effects, seat: int, source: str, spirit: int | None = None) -> list[Work]:
    """The works for a list of card effects used by ``seat`` (``spirit``: the Spirit whose ability it is)."""
    out: list[Work] = []
    for e in effects:
        def build(kind: str, self_target: bool = False, **kw) -> Work:
            w = Work(kind=kind, seat=seat, source=source, spirit=spirit, **kw)
            if self_target and spirit is not None:
                w.target_seat, w.target = seat, spirit
            return w
        out += REGISTRY[e.effect].run(build, g.effect_params(e))
    if len(out) > 1:  # each part knows the others, to say that they still happen when it has nothing to work on
        names = [part_name(w) for w in out]
        for i, w in enumerate(out):
            w.others = names[:i] + names[i + 1:]
    return out


#: work kind -> the name of that part of a card or ability, as a learner would call it ("the exhaust part")
_PART = {"damage": "damage", "heal": "heal", "essence": "Essence", "draw": "draw", "exhaust": "exhaust",
         "ready": "ready", "roll-into": "roll a die"}


def part_name(w: Work) -> str:
    """What a learner calls the part of a card or ability that ``w`` is: "damage", "exhaust", "Burn", "upgrade"..."""
    if w.kind in ("tokens", "class"):
        return (w.ability or w.kind).capitalize()
    if w.kind == "die-kw":
        return w.ability or "die"
    return _PART.get(w.kind, w.kind.replace("-", " "))


def _why_none(w: Work, what: str, side: str, filt: str) -> str:
    """Why no Spirit or die can be chosen for ``w``, as a sentence part: "no enemy Spirit is ready"."""
    if what == "die":
        level = {"level1": "level 1 ", "level2": "level 2 "}.get(filt, "")
        pools = {"ally": "your active pools", "enemy": "your opponent's active pools"}.get(side, "any active pool")
        return f"there is no {level}die in {pools}"
    who = {"ally": "Spirit of yours", "enemy": "enemy Spirit"}.get(side, "Spirit")
    return {"ready": f"no {who} is ready", "exhausted": f"no {who} is exhausted",
            "damaged": f"no {who} is damaged", "damageable": f"no {who} can take damage"}.get(
        filt, f"there is no {who} it can be used on")


def nothing_to_work_on(w: Work, what: str, side: str, filt: str) -> str:
    """The event line for a part of a card or ability that has no Spirit or die to work on (ruling
    ``sd.ruling.no-target``): which part does nothing, why, and, when the source has other parts, that they are not
    affected. E.g. "Stunning Strike: its exhaust part does nothing, because no enemy Spirit is ready; its damage
    part is not affected."""
    why = _why_none(w, what, side, filt)
    if not w.others:
        return f"{w.source} does nothing: {why}."
    others = " and ".join(w.others)
    verb = "is" if len(w.others) == 1 else "are"
    return (f"{w.source}: its {part_name(w)} part does nothing, because {why}; its {others} "
            f"part{'s' if len(w.others) > 1 else ''} {verb} not affected.")


def need(c: Ctx, w: Work, what: str, side: str, filt: str, actor: int | None = None) -> bool:
    """Make sure ``w`` has its ``what`` (``spirit``, ``die``, ``face``, ``die-kind``, ``class``) chosen. True when it
    is (already, or forced with a single option); False when the work waits for a decision (it is re-run with the
    answer) or has no option at all (it then does nothing, said by an event)."""
    decision_actions, fill = decisions.decision_actions, decisions.fill
    if _filled(w, what):
        return True
    chooser = w.seat if actor is None else actor
    if what in ("spirit", "die"):  # which Spirits or dice qualify: side and need
        d = (ChooseSpirit if what == "spirit" else ChooseDie)(actor=chooser, work=w, side=side, need=filt)
    else:
        d = {"face": ChooseFace, "die-kind": ChooseDieKind, "class": ChooseClass}[what](actor=chooser, work=w)
    opts = decision_actions(c.game, c.state, d)
    if not opts:
        c.ev("sd.ruling.no-target", nothing_to_work_on(w, what, side, filt), auto=True, actor=w.seat)
        return False
    only = c.game.flow.settle(c, d, opts)  # pending, or made at once (ruling sd.ruling.single-option)
    if only is None:
        return False
    fill(w, only)
    return True


def _filled(w: Work, what: str) -> bool:
    return {"spirit": w.target, "die": w.die, "face": w.face, "die-kind": w.die_kind, "class": w.ability}[what] \
        is not None


# ---------------------------------------------------------------------------------------------------- handlers
def h_damage(c: Ctx, w: Work) -> None:
    if need(c, w, "spirit", "enemy", "spirit"):
        deal_damage(c, w.target_seat, w.target, w.amount, w.source)


def h_tokens(c: Ctx, w: Work) -> None:
    if need(c, w, "spirit", w.side or "enemy", "spirit"):
        place_tokens(c, w.target_seat, w.target, w.ability, w.amount, w.source)


def h_heal(c: Ctx, w: Work) -> None:
    if need(c, w, "spirit", "ally", "damaged"):
        heal(c, w.target_seat, w.target, w.amount, w.source)


def h_essence(c: Ctx, w: Work) -> None:
    p = c.state.players[w.seat]
    p.essence += w.amount
    c.ev("sd.effect.gain-essence", f"{c.who(w.seat)} gains {w.amount} Essence from {w.source} ({p.essence} now).",
         auto=True, actor=w.seat)


def h_draw(c: Ctx, w: Work) -> None:
    draw(c, w.seat, w.amount, "sd.effect.draw")


def h_exhaust(c: Ctx, w: Work) -> None:
    if need(c, w, "spirit", "enemy", "ready"):
        c.slot(w.target_seat, w.target).exhausted = True
        c.ev("sd.effect.exhaust", f"{w.source} exhausts {c.who(w.target_seat)}'s {c.sname(w.target_seat, w.target)}.",
             auto=True, actor=w.seat)


def h_ready(c: Ctx, w: Work) -> None:
    if need(c, w, "spirit", "ally", "exhausted"):
        c.slot(w.target_seat, w.target).exhausted = False
        c.ev("sd.effect.ready", f"{w.source} readies {c.sname(w.target_seat, w.target)}.", auto=True, actor=w.seat)


def roll_into(c: Ctx, seat: int, i: int, kind: str, clause: str, why: str) -> None:
    """Roll a die of ``kind`` into Spirit ``i``'s active pool (a chance event)."""
    face, forced = roll(c.state, kind)
    c.slot(seat, i).pool.append(trusted(Die, kind=kind, face=face))  # (a rolled die: no validation)
    c.ev("sd.roll.forced" if forced else "sd.roll.chance", f"{why}: {c.sname(seat, i)}'s "
         f"{roll_text(kind, face, forced)}.", auto=True, actor=seat)
    if clause:
        c.ev(clause, f"The die lands in {c.sname(seat, i)}'s active pool.", auto=True, actor=seat)


def h_roll_into(c: Ctx, w: Work) -> None:
    if need(c, w, "spirit", "ally", "spirit"):
        roll_into(c, w.target_seat, w.target, w.die_kind, "sd.effect.roll-die", w.source)


def h_die_keyword(c: Ctx, w: Work) -> None:
    """Reroll, Upgrade, Downgrade, Replace and Remove (Keywords and Terms)."""
    kw = w.ability
    filt = {"upgrade": "level1", "downgrade": "level2"}.get(kw, "any")
    if not need(c, w, "die", w.side or "ally", filt):
        return
    if kw == "replace" and not need(c, w, "die-kind", "any", "any"):
        return
    sl = c.slot(w.target_seat, w.target)
    old = sl.pool.pop(w.die)
    clause = {"reroll": "sd.kw.reroll", "upgrade": "sd.kw.upgrade", "downgrade": "sd.kw.downgrade",
              "replace": "sd.kw.replace", "remove": "sd.kw.remove"}[kw]
    c.ev(clause, f"{w.source}: {c.sname(w.target_seat, w.target)}'s {kind_label(old.kind)} showing "
         f"{face_label(old.face)} is taken out" + (" and returned to the supply." if kw != "reroll" else "."),
         auto=True, actor=w.seat)
    if kw == "remove":
        return
    new = {"reroll": old.kind, "replace": w.die_kind, "upgrade": old.kind[:-1] + "2",
           "downgrade": old.kind[:-1] + "1"}[kw]
    face, forced = roll(c.state, new)
    sl.pool.insert(w.die, trusted(Die, kind=new, face=face))
    # (trial 41: "It is rolled back" read as the returned die rolled again; only a reroll rolls the same die)
    again = "It is rolled again in the same pool" if kw == "reroll" else \
        "In its place a new die from the supply is rolled into the same pool"
    c.ev("sd.roll.forced" if forced else "sd.roll.chance", f"{again}: {roll_text(new, face, forced)}.", auto=True,
         actor=w.seat)


def h_turn_die(c: Ctx, w: Work) -> None:
    """Splash X / Lift X: turn X dice (enemy / ally) to any side, one at a time."""
    if w.amount <= 0:
        return
    if not need(c, w, "die", w.side, "any") or not need(c, w, "face", "any", "any"):
        return
    d = c.slot(w.target_seat, w.target).pool[w.die]
    old = d.face
    d.face = w.face
    clause = "sd.class.splash" if w.side == "enemy" else "sd.class.lift"
    c.ev(clause, f"{w.source}: {c.who(w.target_seat)}'s {c.sname(w.target_seat, w.target)} "
         f"{kind_label(d.kind)} is turned from {face_label(old)} to {face_label(w.face)}.", auto=True, actor=w.seat)
    if w.amount > 1:
        c.push(Work(kind="turn-die", seat=w.seat, source=w.source, amount=w.amount - 1, side=w.side))


def h_zap(c: Ctx, w: Work) -> None:
    """Zap X: the opponent spreads X damage over their own Spirits, one point at a time (ruling: only on Spirits
    that can take damage)."""
    if w.amount <= 0:
        return
    opp = 1 - w.seat
    if not need(c, w, "spirit", "enemy", "damageable", actor=opp):
        return
    deal_damage(c, w.target_seat, w.target, 1, w.source)
    if w.amount > 1:
        c.push(Work(kind="zap", seat=w.seat, source=w.source, amount=w.amount - 1))


def h_drain(c: Ctx, w: Work) -> None:
    """Drain X: X random cards of the opponent's hand are revealed; the drainer discards one of them."""
    opp = 1 - w.seat
    hand = c.state.players[opp].hand
    if not hand or w.amount <= 0:
        c.ev("sd.class.drain", f"{w.source}: {c.who(opp)} has no card to reveal" if not hand
             else f"{w.source}: Drain 0 reveals nothing.", auto=True, actor=w.seat)
        return
    picks, fixed = chance.reveal(c.state, hand, w.amount, f"{c.who(opp)}'s hand")
    shown = [hand[k] for k in picks]
    if fixed:
        c.ev("sd.ruling.fixed-chance", f"{w.source}: the lesson fixed in advance which cards of {c.who(opp)}'s "
             "hand are revealed.", auto=True, cards=tuple(shown), actor=w.seat)
    c.ev("sd.ruling.drain-random", f"{w.source}: {plural(len(shown), 'card')} of {c.who(opp)}'s hand "
         f"{'is' if len(shown) == 1 else 'are'} revealed at "
         f"random: {', '.join(c.name(x) for x in shown)}.", auto=True, cards=tuple(shown), actor=w.seat)
    c.ask(ChooseCard(actor=w.seat, work=Work(kind="drain-discard", seat=w.seat, source=w.source, cards=shown)))


def h_drain_discard(c: Ctx, w: Work) -> None:
    opp = 1 - w.seat
    p = c.state.players[opp]
    p.hand.remove(w.card)
    p.discard.append(w.card)
    c.ev("sd.class.drain", f"{w.source}: {c.who(opp)} discards {c.name(w.card)}; the other revealed cards go back "
         "to their hand.", auto=True, cards=(w.card,), actor=w.seat)


def h_class(c: Ctx, w: Work) -> None:
    """Resolve one Class Ability with value X (a Magic die, or a card naming one)."""
    if w.ability is None:
        if not need(c, w, "class", "any", "any"):
            return
    x, ab = w.amount, w.ability
    c.ev("sd.resolve.magic" if w.origin == "die" else "sd.effect.class-ability",
         f"{w.source} resolves {ab.capitalize()} {x}.", auto=True, actor=w.seat)
    if x <= 0:
        c.ev("sd.die.value", f"{ab.capitalize()} 0 does nothing.", auto=True, actor=w.seat)
        return
    what = CLASS_TEXT[ab].format(x=x, s="" if x == 1 else "s", dice="die" if x == 1 else "dice",
                                 foe=c.who(1 - w.seat))
    c.ev("sd.class." + ab, f"{ab.capitalize()} {x}: {what}", auto=True, actor=w.seat)
    if ab == "zap":
        c.ev("sd.ruling.zap-opponent-spreads", f"{c.who(1 - w.seat)} chooses how the {x} damage is spread over their "
             "own Spirits, one point at a time.", auto=True, actor=1 - w.seat)
        c.ev("sd.ruling.zap-damageable", "Zap damage can only be put on Spirits that can take damage.", auto=True,
             actor=w.seat)
    base = dict(seat=w.seat, source=f"{ab.capitalize()} {x}", amount=x)
    if ab in ("armor", "burn", "freeze", "poison"):
        c.push(Work(kind="tokens", ability=ab, side=_status_side(ab), **base))
    elif ab == "heal":
        c.push(Work(kind="heal", **base))
    elif ab == "zap":
        c.push(Work(kind="zap", **base))
    elif ab == "drain":
        c.push(Work(kind="drain", **base))
    else:
        c.push(Work(kind="turn-die", side="enemy" if ab == "splash" else "ally", **base))


CLASS_TEXT = {
    "drain": "reveal {x} random card{s} of the opponent's hand and discard one of them.",
    "armor": "place {x} armor token{s} on an ally Spirit.",
    # (named, not "your opponent": said of the computer's Zap, the learner is that opponent: new user 44)
    "zap": "{foe}, the opponent, spreads {x} damage over their own Spirits.",
    "burn": "place {x} burn token{s} on an enemy Spirit.",
    "freeze": "place {x} freeze token{s} on an enemy Spirit.",
    "heal": "remove {x} damage token{s} from an ally Spirit.",
    "poison": "place {x} poison token{s} on an enemy Spirit.",
    "splash": "turn {x} enemy {dice} to any side.",
    "lift": "turn {x} ally {dice} to any side.",
}

HANDLERS: dict[str, Callable[[Ctx, Work], None]] = {
    "damage": h_damage, "tokens": h_tokens, "heal": h_heal, "essence": h_essence, "draw": h_draw,
    "exhaust": h_exhaust, "ready": h_ready, "roll-into": h_roll_into, "die-kw": h_die_keyword,
    "turn-die": h_turn_die, "zap": h_zap, "drain": h_drain, "drain-discard": h_drain_discard, "class": h_class,
}


#: The rulebook's name (Card Anatomy) of the stat that gives a die showing each symbol its value: Magic is Class Power.
POWER_NAME = {"attack": "Attack Power", "magic": "Class Power", "essence": "Essence Power"}


def die_value(c: Ctx, seat: int, i: int, face: str) -> tuple[int, list[str]]:
    """The value of a die showing ``face`` in Spirit ``i``'s pool: the Spirit's matching stat, +1 for Boost,
    minus its freeze tokens (floor 0). Returns ``(value, explanation parts)``."""
    sl = c.slot(seat, i)
    sym = symbol(face)
    v = stat(c.game, sl, sym)
    parts = [f"{POWER_NAME[sym]} {v}"]
    if face.endswith("+1"):
        v += 1
        parts.append("+1 Boost")
    if sl.freeze:
        parts.append(f"-{sl.freeze} Frozen")
        v -= sl.freeze
    return max(0, v), parts


assert all(len(f) == 6 for f in DIE_FACES.values())
