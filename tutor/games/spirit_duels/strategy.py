"""What a computer player of Spirit Duels sees, and how it judges a position (used by :mod:`tutor.bots`).

Observation (Setup: decks are shuffled and hands drawn in secret; Drain reveals cards of a hand, so hands are
otherwise hidden): the seat's own hand; the opponent's hand and set-aside cards as counts; both decks as counts
(their order never); Spirits, dice, tokens, Items, discards and the Advantage Token as they are.

Judging a position follows the rulebook's objective (defeat all of the opponent's Spirits): damage on enemy
Spirits and Spirits defeated, the dice in one's active pools (what they can deal or gain when resolved), Essence,
status tokens placed, the stage of one's Spirits and cards in hand.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from .ctx import card_of, is_spirit
from . import judge as _judge
from .dice import SUPPLY_KINDS, kind_label, odds, symbol
from .state import SDState

#: Feature weights: damage dealt is the goal; a die in the pool is worth part of what it resolves for.
WEIGHTS = {"damage": 1.0, "defeated": 4.0, "pool": _judge.POOL_WEIGHT, "essence": _judge.ESSENCE_WEIGHT,
           "status": 0.4, "armor": 0.4, "stage": _judge.STAGE_WEIGHT, "hand": 0.15, "zap": 1.0}


#: How a reason names what the decisions after an action do (:meth:`tutor.bots.Bot.reasons`), by the action's
#: kind: a card's or a die's target, the dice a meditation rerolls.
FOLLOW = {"play-card": "with the target chosen next, it", "resolve-dice": "with the die resolved next, it",
          "resolve-die": "with the target chosen next, it", "meditate": "then the reroll",
          "mark-die": "then the reroll", "use-item": "with the target chosen next, it"}


def observation(g, s: SDState, seat: int) -> dict[str, Any]:
    """The state as ``seat`` may see it (see the module docstring); JSON-like."""
    d = s.model_dump(mode="json")
    d.pop("rng", None)
    d.pop("chance", None)
    for p in d["players"]:
        p["deck"] = {"hidden": len(p["deck"])}
        if p["seat"] != seat:
            p["hand"] = {"hidden": len(p["hand"])}
            p["aside"] = {"hidden": len(p["aside"])}
    return d


def hidden_groups(g, s: SDState, seat: int) -> list[list[tuple[Any, Any]]]:
    """Places whose cards ``seat`` cannot see: its own deck (order unknown) as one group; the opponent's deck, hand
    and set-aside cards as another, less the cards of that hand a Drain of ``seat``'s has revealed and is about to
    discard one of (Class Abilities: Drain; dealt again, the card chosen would no longer be in the hand)."""
    shown = Counter(x for d in s.pending if d.actor == seat and d.kind == "choose-card"
                    and d.work.kind == "drain-discard" for x in d.work.cards)
    groups = []
    for p in s.players:
        if p.seat == seat:
            groups.append([(p.deck, i) for i in range(len(p.deck))])
            continue
        left = Counter(shown)
        hand = []
        for i, x in enumerate(p.hand):
            if left[x] > 0:
                left[x] -= 1
            else:
                hand.append((p.hand, i))
        groups.append([(p.deck, i) for i in range(len(p.deck))] + hand + [(p.aside, i) for i in range(len(p.aside))])
    return groups


def category(g, card: str) -> str:
    """Every card of a deck can stand in any hidden place of that deck's owner."""
    return "card"


def mid_move(g, s: SDState, seat: int) -> bool:
    """True while ``seat`` is answering a decision inside its action (which die, which target...)."""
    return bool(s.pending) and s.pending[-1].actor == seat


def features(g, s: SDState, seat: int) -> dict[str, float]:
    """Named counts of ``seat``'s progress (see :data:`WEIGHTS`)."""
    me = s.players[seat]
    damage = defeated = status = 0.0
    for p in s.players:
        if p.seat == seat:
            continue
        for sl in p.spirits:
            if sl.defeated:
                defeated += 1
            elif is_spirit(sl):
                damage += min(sl.damage, g.health(sl))
                status += sl.burn + sl.poison + sl.freeze
    pool = armor = stage = 0.0
    for sl in me.spirits:
        if sl.defeated:
            continue
        armor += sl.armor
        stage += sl.stage
        for die in sl.pool:
            if symbol(die.face) != "blank":
                pool += _judge.face_value(g, sl, die.face)
    return {"damage": damage, "defeated": defeated, "pool": pool, "essence": float(me.essence), "status": status,
            "armor": armor, "stage": stage, "hand": float(len(me.hand)), "zap": _zap_waiting(g, s, seat)}


def _zap_waiting(g, s: SDState, seat: int) -> float:
    """The damage of ``seat``'s Zap still to be spread by the opponent (sd.ruling.zap-opponent-spreads: the spreading
    is the opponent's decision, where the look-ahead stops), as much as is sure to land: less what armor tokens may
    ignore, at most the Health left on the Spirits that can take it (verify 44: "Use Electric: Zap 1" was said to be
    taken as "no move now deals damage")."""
    w = getattr(s.pending[-1], "work", None) if s.pending else None
    if w is None or w.kind != "zap" or w.seat != seat or w.amount <= 0:
        return 0.0
    live = [sl for sl in s.players[1 - seat].spirits if is_spirit(sl) and not sl.defeated]
    room = sum(max(0, g.health(sl) - sl.damage) for sl in live)
    return float(max(0, min(w.amount - sum(sl.armor for sl in live), room)))


def judge(g, s: SDState, seat: int, action) -> float | None:
    """The change in worth of a move the look-ahead judges badly (Meditate's reroll, the opening hand, End Phase
    discards, the Advantage Die's Spirit), judged by rule (:func:`.judge.judge`), and Replace's kind of die (its mean
    roll on the Spirit whose pool it joins, :func:`_replace_worth`); None for the others."""
    if action.kind == "choose-die-kind":
        return _replace_worth(g, s, action)
    return _judge.judge(g, s, seat, action)


def _replace_target(s: SDState):
    """The Spirit slot whose die the waiting Replace decision rolls again, or None."""
    w = getattr(s.pending[-1], "work", None) if s.pending else None
    try:
        return s.players[w.target_seat].spirits[w.target]
    except (AttributeError, IndexError, TypeError):
        return None


def _replace_worth(g, s: SDState, action) -> float | None:
    """What rolling a die of the chosen kind is worth on the Spirit whose pool it joins: its mean roll
    (:func:`.judge.roll_worth`), the same for every kind but for that (new user 44: the look-ahead saw its own guess
    at the roll, and the hint took a Level 1 Magic die where a Level 2 one rolls better); None without a Spirit."""
    sl = _replace_target(s)
    if sl is None or not is_spirit(sl):
        return None
    return _judge.roll_worth(g, sl, action.param("die") or "")


def reasons(g, s: SDState, mine) -> list[str]:
    """Why ``mine`` (a :class:`tutor.bots.Scored`) is sensible: phrases citing clauses, for
    :meth:`tutor.bots.Bot.explain` to join."""
    a, ch = mine.action, mine.changes
    cite = " ".join(f"[{c}]" for c in a.clauses[:2])
    said = _judge.reasons(g, s, a.actor, a)
    if said is not None:  # a move judged by rule: its reason is the rule's, not the look-ahead's counts
        return said
    if a.kind == "choose-line":  # (the Line's first Spirit joins the team: no Spirit evolves, trial 35)
        return [f"{{your}} team needs one Spirit Line of each drafted Class; its first Spirit joins the team now and "
                f"the later Stages come in by evolving {cite}"]
    if a.kind == "draft-class":
        return [f"each Class drafted brings one Spirit Line and its cards to {{your}} team {cite}"]
    if a.kind == "choose-die-kind":  # (new user 44: "No move now deals damage ..., so it takes 'Flicker Flame: ...'")
        return [_replace_reason(g, s, a, cite)]
    if a.kind == "pass":  # what a Pass is for, not what the End Phase after it brings (new user 44: "then the next
        ch = {}           # choice gains Essence ..." was said as why the computer passed)
    reasons = []
    if ch.get("defeated", 0) > 0:
        reasons.append(f"it defeats an enemy Spirit, and defeating all of them wins [sd.win.defeat-all] {cite}")
    elif ch.get("damage", 0) > 0:
        n = int(ch["damage"])
        reasons.append(f"it deals {n} damage to an enemy Spirit [sd.damage] {cite}")
    if ch.get("zap", 0) > 0 and not reasons:  # (the opponent spreads it: a decision the look-ahead stops before)
        n = int(ch["zap"])
        reasons.append(f"it deals {n} Zap damage, which {{your}} opponent must spread over their own Spirits "
                       f"[sd.ruling.zap-opponent-spreads] {cite}")
    if ch.get("status", 0) > 0:
        reasons.append(f"it puts status tokens on an enemy Spirit {cite}")
    if ch.get("pool", 0) > 0:  # (Activate rolls a Spirit's dice into the pool; a reroll only turns a die: trial 39)
        reasons.append(f"it puts dice in {{your}} active pool to resolve next {cite}" if a.kind == "activate" else
                       f"it leaves the dice in {{your}} active pool worth more when they are resolved {cite}")
    if ch.get("stage", 0) > 0:
        reasons.append(f"it evolves a Spirit into a stronger stage {cite}")
    if ch.get("essence", 0) > 0 and not reasons:
        reasons.append(f"it gains Essence to play cards and evolve later {cite}")
    if ch.get("armor", 0) > 0 and not reasons:
        reasons.append(f"it armors one of {{your}} Spirits against the next attack {cite}")
    if not reasons:
        ends = _pass_ends(s, a)
        if ends:  # (verify 43: "it may still act later" was said when this Pass ended the Action Phase)
            why, clause = ends
            also = "" if clause in a.clauses[:2] else f"[{clause}] "
            reasons.append(f"no action now deals damage or builds {{your}} dice; {why}, so this Pass ends the "
                           f"Action Phase {also}{cite}")
        elif a.kind == "pass":  # (a Pass gives up one turn, gaining the advantage the round's: trial 41)
            reasons.append(f"no action now deals damage or builds {{your}} dice, and after a Pass {{you}} may still "
                           f"act later in the round, unless {{your}} opponent passes next {cite}")
        elif a.kind == "gain-advantage":
            reasons.append(f"no action now deals damage or builds {{your}} dice; it takes the Advantage Token, which "
                           f"places the Advantage Die on one of {{your}} Spirits in the End Phase "
                           f"[sd.end.advantage-die] and gives {{your}} side the first action next round "
                           f"[sd.action-phase], but it ends {{your}} actions for the rest of this round {cite}")
        else:  # what the move does now (trial 42: a stock phrase said nothing, e.g. for a Splash)
            said = card_text(g, s, a)
            if said and "Splash" in said[1]:
                reasons.append(f"no move now deals damage; {said[0]} turns the opponent's dice to chosen faces "
                               f"({said[1].rstrip('.')}), so they can be made to resolve for less [sd.class.splash] "
                               f"{cite}")
            elif said:
                reasons.append(f"no move now deals damage; this one uses {said[0]} now ({said[1].rstrip('.')}) "
                               f"{cite}")
            else:
                reasons.append(f"no move now deals damage or builds {{your}} dice, so it takes "
                               f"“{a.label}” {cite}")
    return reasons


def _replace_reason(g, s: SDState, action, cite: str) -> str:
    """Why Replace rolls this kind of die: its faces' odds, and how its mean roll on the Spirit whose pool it joins
    (:func:`.judge.roll_worth`: each side by that Spirit's power for it) stands against the other kinds Replace may
    roll; a chance, said as one."""
    kind = action.param("die") or ""
    sl = _replace_target(s)
    head = f"the new die is rolled at random: a {kind_label(kind)} shows {odds(kind)}"
    if sl is None or not is_spirit(sl):
        return f"{head} {cite}"
    name = card_of(g, sl).name
    worth = {k: _judge.roll_worth(g, sl, k) for k in SUPPLY_KINDS}
    best = max(worth.values())
    if worth.get(kind, 0.0) >= best - 1e-9:
        return (f"{head}, and with {name}'s powers it resolves for the most on average of the dice Replace may roll "
                f"{cite}")
    top = max(worth, key=worth.get)
    return (f"{head}; with {name}'s powers a {kind_label(top)} would resolve for more on average {cite}")


def _pass_ends(s: SDState, action) -> tuple[str, str] | None:
    """When ``action`` is a Pass that ends the Action Phase: why (in the strategy's voice) and the clause; else None
    (the conditions of the engine's Pass, :func:`.actions._pass`)."""
    if action.kind != "pass":
        return None
    if s.gained_by is not None and s.gained_by != action.actor:
        return "{your} opponent gained the advantage earlier this round", "sd.advantage.locked"
    if s.last_was_pass:
        return "{your} opponent passed just before", "sd.pass.consecutive"
    return None


def card_text(g, s: SDState, action) -> tuple[str, str] | None:
    """The card ``action`` plays (its text in our words) or the Spirit it activates (its ability, when it has one);
    None otherwise."""
    if action.kind == "play-card":
        card = g.cards.by_id.get(action.param("card") or "")
        return (card.name, card.text) if card is not None and card.text else None
    if action.kind == "activate" and s.current is not None:
        spirits = s.players[s.current].spirits
        k = action.param("spirit")
        if isinstance(k, int) and 0 < k <= len(spirits):
            sp = card_of(g, spirits[k - 1])
            if sp.ability is not None and sp.ability.text:
                return sp.name, sp.ability.text
    return None
