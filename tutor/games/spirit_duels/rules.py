"""Which Action Phase actions are legal now, why, and which tempting ones are not (Actions; Gameplay).

Pure functions of (game, state). Action ids are ``kind:param=value,...`` (see :func:`.decisions.make_action`),
stable for the same state and never parsed back.
"""
from __future__ import annotations

from ...core.model import Action, Blocked, make_blocked, mark_before_stop, mark_idle, sort_actions
from .ctx import ability_of, card_of, evolve_cost, is_presence, is_spirit, printed_dice, spirit_name
from .decisions import decision_actions, make_action
from .draft import blocked as draft_blocked
from .dice import SYMBOLS, face_label, kind_label, symbol
from .idle import idle_card
from .state import SDState


def legal_actions(g, s: SDState) -> list[Action]:
    if s.phase == "over":
        return []
    if s.pending:
        acts = decision_actions(g, s, s.pending[-1])
    else:
        acts = turn_actions(g, s)
    return sort_actions(acts)



def _activate(g, seat: int, i: int, sl) -> Action:
    name = spirit_name(g, sl)
    dice = list(printed_dice(g, sl)) + (["advantage"] if sl.advantage_die else [])
    return make_action(
        "activate", seat, f"Activate {name} (roll {', '.join(kind_label(d) for d in dice) or 'no dice'})",
        f"{name} is ready: exhaust it and roll its dice into its active pool.",
        ("sd.activate", "sd.dice.faces", "sd.ready-exhausted")
        + (("sd.activate.advantage-die",) if sl.advantage_die else ()), spirit=i + 1)


def _evolve(g, seat: int, i: int, sl, essence: int) -> Action:
    name = spirit_name(g, sl)
    nxt = g.cards.line_by_id[sl.line].spirits[sl.stage]
    return make_action(
        "evolve", seat, f"Evolve {name} into {nxt.name}{g.mark(nxt, 'health')}", f"{name} is ready and at Stage "
        f"{sl.stage}: evolving costs {evolve_cost(sl)} Essence and you have {essence}.",
        ("sd.evolve", "sd.evolve.carry"), evolve_cost(sl), spirit=i + 1)


def turn_actions(g, s: SDState) -> list[Action]:
    """Every action the current player may take in the Action Phase (Actions).

    Actions are frozen, so each one is built once and taken from ``g.action_memo`` afterwards (``get(key) or
    put(key, built)``), keyed by the action's kind and every value its fields are made from.
    """
    seat = s.current
    p = s.players[seat]
    out: list[Action] = []
    add = out.append
    memo = g.action_memo
    get, put = memo.get, memo.put
    essence = p.essence
    hand = sorted(set(p.hand))
    by_id = g.cards.by_id
    for cid in hand:
        card = by_id[cid]
        if card.cost <= essence:
            idle = idle_card(g, s, seat, card.effects, card.name) if card.effects else None
            k = ("play-card", seat, cid, essence, idle)
            a = get(k)
            if a is None:
                a = make_action(
                    "play-card", seat, f"Play {g.card_label(cid)}", f"It costs {card.cost} Essence and you have "
                    f"{essence}." + (" Fast: you act again afterwards." if card.fast else ""),
                    ("sd.play-card", "sd.play." + card.kind) + (("sd.kw.fast",) if card.fast else ()), card.cost,
                    card=cid)
                a = put(k, mark_idle(a, *idle) if idle else a)
            add(a)
    showing = []
    for i, sl in enumerate(p.spirits):
        for d in sl.pool:
            showing.append(symbol(d.face))
        if sl.exhausted or not is_spirit(sl):
            continue
        # the name, the printed dice and the next stage depend on these only
        k = ("activate", seat, i, sl.line, sl.stage, sl.defeated, sl.advantage_die)
        add(get(k) or put(k, _activate(g, seat, i, sl)))
        if not sl.defeated and sl.stage < 3 and essence >= evolve_cost(sl):
            k = ("evolve", seat, i, sl.line, sl.stage, essence)
            add(get(k) or put(k, _evolve(g, seat, i, sl, essence)))
    if showing:
        for sym in SYMBOLS:
            if sym in showing:
                n = showing.count(sym)
                k = ("resolve-dice", seat, sym, n)
                add(get(k) or put(k, make_action(
                    "resolve-dice", seat, f"Resolve dice: declare {sym.capitalize()} ({n} showing)", f"You have {n} "
                    f"{'die' if n == 1 else 'dice'} showing {sym.capitalize()}.",
                    ("sd.resolve-dice", "sd.resolve." + sym, "sd.ruling.resolve-first-die"), None, symbol=sym)))
    no_dice = not any(sl.pool for sl in p.spirits)
    for cid in hand:
        k = ("meditate", seat, cid, no_dice)
        add(get(k) or put(k, _meditate(g, seat, cid, no_dice)))
    for i, sl in enumerate(p.spirits):
        ab = ability_of(g, sl)
        if ab is None or ab.timing == "activate" or (ab.timing == "limited-action" and sl.limited_used):
            continue
        idle = idle_card(g, s, seat, ab.effects, "", spirit=i, still="the ability would still be used"
                         + ("" if ab.symbol is None else " and its die spent")) if ab.effects else None
        if ab.symbol is None:
            # the name, ability text and its mark follow from the Spirit card and whether it is defeated
            k = ("use-ability", seat, i, sl.line, sl.stage, sl.defeated, idle)
            add(get(k) or put(k, _idle(_use_ability(g, seat, i, sl, ab, None), idle)))
            continue
        seen = set()
        for n, d in enumerate(sl.pool):
            if symbol(d.face) == ab.symbol and (d.kind, d.face) not in seen:
                seen.add((d.kind, d.face))
                k = ("use-ability", seat, i, sl.line, sl.stage, sl.defeated, n, d.kind, d.face, idle)
                add(get(k) or put(k, _idle(_use_ability(g, seat, i, sl, ab, (n, d)), idle)))
    for j, it in enumerate(p.items):
        card = by_id[it.card]
        ab = card.ability
        if ab is None or (ab.timing == "limited-action" and it.limited_used) or it.charges == 0:
            continue
        idle = idle_card(g, s, seat, ab.effects, "", still="the Item would still be used") if ab.effects else None
        k = ("use-item", seat, j, it.card, it.charges, idle)
        add(get(k) or put(k, _idle(_use_item(g, seat, j, it, card), idle)))
    k = ("pass", seat, s.gained_by, s.last_was_pass)  # what _pass_why and the clauses read
    add(get(k) or put(k, make_action(
        "pass", seat, "Pass", _pass_why(s, seat), ("sd.pass",) + (("sd.pass.consecutive",) if s.last_was_pass
                                                                 else ()))))
    if s.gained_by is None:
        holds = s.advantage == seat
        k = ("gain-advantage", seat, holds)
        add(get(k) or put(k, make_action(
            "gain-advantage", seat, "Gain the advantage" + (" (you already hold the token)" if holds
                                                           else " (take the Advantage Token)"),
            "Nobody has gained the advantage this round; you take no more actions and your opponent acts until "
            "they pass.", ("sd.advantage.gain",))))
    return out


def _idle(a: Action, idle: tuple[str, str] | None) -> Action:
    """``a``, marked as doing nothing now when ``idle`` is ``(clause, sentence)``."""
    return mark_idle(a, *idle) if idle else a


def _meditate(g, seat: int, cid: str, no_dice: bool) -> Action:
    """Meditate discarding ``cid``; with ``no_dice`` (no die in any active pool of the player) it is still legal but
    would only discard the card, and says so (:func:`~tutor.core.model.mark_idle`)."""
    a = make_action("meditate", seat, f"Meditate: discard {g.card_label(cid)} and reroll dice you declare",
                    "Meditate lets you discard a card to reroll any of your dice.", ("sd.meditate",), None, card=cid)
    if not no_dice:
        return a
    return mark_idle(a, "sd.meditate", "It would do nothing now: none of your Spirits has a die in its active pool, "
                                       "so there is nothing to reroll (the card would still be discarded).")


def _use_ability(g, seat: int, i: int, sl, ab, die) -> Action:
    """Use the ability of the Spirit ``sl`` on space ``i``: free, or paid with ``die`` = (index, die)."""
    cl = ("sd.limited-action",) if ab.timing == "limited-action" else ("sd.ability-action",)
    name = spirit_name(g, sl)
    said = mark_before_stop(ab.text, g.mark(card_of(g, sl), "ability"))
    if die is None:
        return make_action("use-ability", seat, f"Use {name}: {said}", "This Action costs no die.", cl,
                           spirit=i + 1)
    n, d = die
    return make_action("use-ability", seat, f"Use {name}: {said} (remove its {kind_label(d.kind)} showing "
                       f"{face_label(d.face)})", f"The cost is a die showing {ab.symbol.capitalize()} on {name}.",
                       cl + ("sd.action.symbol-cost",), None, spirit=i + 1, die=n + 1)


def _use_item(g, seat: int, j: int, it, card) -> Action:
    """Use the Item ``it`` (card ``card``) in item space ``j``."""
    ab = card.ability
    charges = f" ({it.charges} charge{'s' if it.charges != 1 else ''})" if it.charges is not None else ""
    return make_action("use-item", seat, f"Use {card.name}{charges}: {mark_before_stop(ab.text, g.mark(card, 'text'))}",
                       f"{card.name} is in play" + (" and its charges pay for the use." if it.charges else "."),
                       ("sd.limited-action",) if ab.timing == "limited-action" else ("sd.ability-action",),
                       item=j + 1)


def _pass_why(s: SDState, seat: int) -> str:
    if s.gained_by is not None and s.gained_by != seat:
        return "Your opponent gained the advantage: passing ends the Action Phase."
    if s.last_was_pass:
        return "Your opponent just passed: if you pass too, the Action Phase ends."
    return "You may pass instead of acting; your opponent then acts."


def blocked_actions(g, s: SDState) -> list[Blocked]:
    """Tempting actions the current player may not take now, each with the forbidding clause (in the Action Phase
    and during the draft)."""
    if s.phase == "draft" and s.pending:
        return draft_blocked(g, s)
    if s.phase != "action" or s.pending:
        return []
    seat = s.current
    p = s.players[seat]
    out: list[Blocked] = []

    def no(kind: str, label: str, clause: str, why: str, **params) -> None:
        out.append(make_blocked(kind, seat, label, clause, why, **params))

    for cid in sorted(set(p.hand)):
        card = g.cards.by_id[cid]
        if card.cost > p.essence:
            no("play-card", f"Play {card.name}", "sd.play-card", f"it costs {card.cost} Essence and you have "
               f"{p.essence}", card=cid)
    for i, sl in enumerate(p.spirits):
        name = spirit_name(g, sl)
        if not is_spirit(sl):
            no("activate", f"Activate {name}", "sd.ruling.stage1-not-a-spirit", "a defeated Stage 1 Spirit is a "
               "face-down card, no longer a Spirit", spirit=i + 1)
            continue
        if sl.exhausted:
            no("activate", f"Activate {name}", "sd.activate", "it is exhausted; only ready Spirits can be activated",
               spirit=i + 1)
        if is_presence(sl):
            no("evolve", f"Evolve {name}", "sd.ruling.no-evolve-defeated", "a defeated Spirit (Presence) cannot "
               "evolve", spirit=i + 1)
        elif sl.stage == 3:
            no("evolve", f"Evolve {name}", "sd.evolve", "Stage 3 is the last stage of its Spirit Line",
               spirit=i + 1)
        elif sl.exhausted:
            no("evolve", f"Evolve {name}", "sd.evolve", "only a ready Spirit can evolve", spirit=i + 1)
        elif p.essence < evolve_cost(sl):
            no("evolve", f"Evolve {name}", "sd.evolve", f"it costs {evolve_cost(sl)} Essence (stage {sl.stage} + 1) "
               f"and you have {p.essence}", spirit=i + 1)
        ab = ability_of(g, sl)
        if ab is not None and ab.timing == "limited-action" and sl.limited_used:
            no("use-ability", f"Use {name}'s Limited Action", "sd.limited-action", "a Limited Action can be used "
               "only once per round", spirit=i + 1)
        elif ab is not None and ab.symbol and not any(symbol(d.face) == ab.symbol for d in sl.pool):
            no("use-ability", f"Use {name}'s Action", "sd.action.symbol-cost", f"it needs a die showing "
               f"{ab.symbol.capitalize()} in {name}'s active pool", spirit=i + 1)
    for j, it in enumerate(p.items):
        card = g.cards.by_id[it.card]
        if card.ability and card.ability.timing == "limited-action" and it.limited_used:
            no("use-item", f"Use {card.name}", "sd.limited-action", "a Limited Action can be used only once per "
               "round", item=j + 1)
    if any(d.face == "blank" for sl in p.spirits for d in sl.pool):
        no("resolve-dice", "Resolve dice: declare Blank", "sd.resolve-dice", "Blank cannot be declared",
           symbol="blank")
    if s.gained_by is not None:
        who = "you" if s.gained_by == seat else "your opponent"
        no("gain-advantage", "Gain the advantage", "sd.advantage.gain", f"{who} already gained the advantage this "
           "round; only one player may each round")
    return out
