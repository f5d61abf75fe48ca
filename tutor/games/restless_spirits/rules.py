"""Restless Spirits: which actions are legal now, why, and which tempting ones are not (On Your Turn; Setup).

Pure functions of (game, state). Action ids are built from kind + sorted params, so they are stable for the same
state and never parsed back (the session looks ids up among the legal actions).
"""
from __future__ import annotations

from itertools import combinations

from ...core.model import Action, Blocked, make_action, make_blocked, mark_idle, sort_actions
from .idle import idle_activation, idle_card
from .requirements import fill_options, free_slots
from .state import RSState
from .zones import hand_room, plural
from .ongoing import mastery_locked, turn_lock

AP_COST = 1


def legal_actions(g, s: RSState) -> list[Action]:
    """The legal actions of the set-up phases (guides, draft) and of a main turn; the options of a pending decision
    (:func:`.decisions.decision_actions`) and the Solo Mode discard (:func:`.solo.discard_actions`) are picked by the
    game's ``legal_actions`` before it asks this function."""
    if s.phase == "over":
        return []
    if s.phase == "guides":
        return sort_actions(_guide_actions(g, s))
    if s.phase == "draft":
        return sort_actions(_draft_actions(g, s))
    return legal_turn_actions(g, s, turn_actions(g, s))


def legal_turn_actions(g, s: RSState, turn: list[Action]) -> list[Action]:
    """The legal actions of a main turn: ``turn`` (:func:`turn_actions` of ``s``) and ending the turn, sorted."""
    return sort_actions(turn + [end_turn_action(g, s)])


def _guide_actions(g, s: RSState) -> list[Action]:
    seat = g.current_player(s)
    taken = {p.guide for p in s.players}
    out = []
    for gd in g.cards.guides:
        if gd.id in taken:
            continue
        out.append(make_action("choose-guide", seat, f"Choose {g.guide_label(gd.id)}",
                               "Each player chooses a Spirit Guide board; this one is still free.",
                               ("rs.setup.guides", "rs.mastery"), guide=gd.id))
    return out


def _draft_actions(g, s: RSState) -> list[Action]:
    seat = g.current_player(s)
    d = s.draft
    seen: set[str] = set()
    out = []
    for card in d.packets[seat]:
        out.append(make_action("draft-pick", seat, f"Keep {g.totem_label(card)}",
                               f"Draft round {d.round}: keep one Totem from the {len(d.packets[seat])} in front of "
                               "you and pass the rest to your left.", ("rs.setup.draft", "rs.ruling.draft-order"),
                               totem=card))
        seen.add(card)
    return out


def end_turn_action(g, s: RSState) -> Action:
    """End the current player's turn (built once per seat and AP, kept in ``g.action_memo``)."""
    seat = s.current
    ap = s.players[seat].ap
    key = ("end-turn", seat, ap)
    act = g.action_memo.get(key)
    if act is None:
        lost = f"; your {ap} unused AP {'is' if ap == 1 else 'are'} lost" if ap else ""
        act = g.action_memo.put(key, make_action("end-turn", seat, "End your turn",
                                                 f"You may end your turn at any time{lost}.",
                                                 ("rs.turn.end", "rs.turn.no-carry")
                                                 + (("rs.ruling.end-turn-early",) if ap else ())))
    return act


def _attract(g, seat: int, spirit: str, cost: int, ap: int) -> Action:
    if cost == 0:
        why = (f"{g.spirit_label(spirit)} matches your guide's Mastery, so attracting it is a Free Action; you have "
               "an empty space and a Totem to offer.")
        cl = ("rs.mastery", "rs.attract", "rs.attract.offering", "rs.free-action")
    else:
        why = f"You have {ap} AP, an empty space and a Totem to offer to the Shrine."
        cl = ("rs.attract", "rs.attract.offering")
    return make_action("attract", seat, f"Attract {g.spirit_label(spirit)}", why, cl, cost, spirit=spirit)


def turn_actions(g, s: RSState) -> list[Action]:
    """Main-turn actions of the current player (no decision pending), end-turn excluded.

    Actions are frozen, so each one is built once and taken from ``g.action_memo`` afterwards (``get(key) or
    put(key, built)``), keyed by the action's kind and every value its id, label, why, clauses and cost are made from.
    """
    seat = s.current
    p = s.players[seat]
    ap = p.ap
    memo = g.action_memo
    get, put = memo.get, memo.put
    out: list[Action] = []
    add = out.append
    board = p.board
    has_space = not all(board)  # (a placed Spirit is always true; ``None in board`` would call pydantic's ==)
    kinds = g._kinds
    totems_in_hand: list[str] = []
    bc: list[str] = []  # Blessings and Curses
    for c in p.hand:
        kind = kinds[c]
        if kind == "totem":
            totems_in_hand.append(c)
        elif kind == "blessing" or kind == "curse":
            bc.append(c)
    room = hand_room(p) > 0
    # Attract / refresh and attract
    if has_space and totems_in_hand:
        for spirit in s.lost_spirits:
            if spirit is None or g.attract_locked(s, seat, spirit):
                continue
            cost = g.attract_cost(s, seat, spirit)
            if ap >= cost:
                k = ("attract", seat, spirit, cost, ap)
                add(get(k) or put(k, _attract(g, seat, spirit, cost, ap)))
    if totems_in_hand and ap >= AP_COST:
        # legal with a full board too: declining is then the only finish (ruling rs.ruling.refresh-full-board)
        k = ("refresh-and-attract", seat, ap, has_space)
        add(get(k) or put(k, make_action(
            "refresh-and-attract", seat, "Refresh the Lost Spirits and attract one" if has_space else
            "Refresh the Lost Spirits (your board is full: you will attract none)",
            f"You have {ap} AP, an empty space and a Totem to offer." if has_space else
            f"You have {ap} AP and a Totem to offer; with a full board the refresh ends by declining to attract.",
            ("rs.refresh-attract", "rs.attract.offering") if has_space else
            ("rs.refresh-attract", "rs.attract.offering", "rs.ruling.refresh-full-board"), AP_COST)))
    if ap >= AP_COST:
        can_take = room or bool(totems_in_hand)
        swap = "" if room else " (your hand is full, so you will give up a Totem)"
        clb = ("rs.buy",) if room else ("rs.buy", "rs.hand-limit", "rs.hand-limit.swap")
        # refreshing a market or retrieving at the limit swaps too (ruling rs.ruling.retrieve-at-limit)
        swap_too = () if room else ("rs.ruling.retrieve-at-limit",)
        if can_take:
            for r, row in enumerate(s.markets):
                for card in row:
                    if card is not None:
                        k = ("buy-totem", seat, card, r, ap, room)
                        add(get(k) or put(k, make_action(
                            "buy-totem", seat, f"Buy {g.totem_label(card)} from market row {r + 1}",
                            f"You have {ap} AP{swap}.", clb, AP_COST, totem=card)))
            for r in range(2):
                k = ("refresh-market-and-buy", seat, r, ap, room)
                add(get(k) or put(k, make_action(
                    "refresh-market-and-buy", seat, f"Refresh market row {r + 1} and buy from it",
                    f"You have {ap} AP{swap}.", ("rs.refresh-buy",) + clb[1:] + swap_too, AP_COST, row=r + 1)))
            if s.shrine:
                n = len(s.shrine)
                k = ("retrieve-from-shrine", seat, ap, n, room)
                add(get(k) or put(k, make_action(
                    "retrieve-from-shrine", seat, f"Retrieve a Totem from the Shrine (keep 1 of the top {min(3, n)})",
                    f"You have {ap} AP and the Shrine holds {plural(n, 'Totem')}{swap}.", ("rs.retrieve",) + clb[1:] + swap_too
                    + (("rs.ruling.retrieve-short-shrine",) if n < 3 else ()), AP_COST)))
        if not p.locks or not g.turn_locked(s, seat, "play-totem"):
            # fill_options' own memo, read here with its key built once per space (see requirements.fill_options)
            spaces = [(i, ps, ps.card, free_slots(ps)) for i, ps in enumerate(board) if ps is not None]
            if spaces:
                fits = g.fill_cache.get
                for card in sorted(set(totems_in_hand)):
                    for i, ps, spirit, free in spaces:
                        opts = fits((card, spirit, free))
                        if opts is None:
                            opts = fill_options(g, ps, card)
                        if opts:
                            # play_totem_why and play_totem_clauses depend on the two cards and fill_options only
                            k = ("play-totem", seat, card, i, ps.card, opts)
                            add(get(k) or put(k, make_action(
                                "play-totem", seat, f"Play {g.totem_label(card)} to "
                                f"{g.spirit_label(ps.card)} (space {i + 1})", g.play_totem_why(ps, card),
                                g.play_totem_clauses(ps, card), AP_COST, totem=card, space=i + 1)))
    # Blessings and Curses
    if bc:
        bc.sort()
        for card in sorted(set(bc)):
            rc = g.cards.by_id[card]
            if ap < rc.cost or not rc.effects:
                continue
            for t in (g.targets(s, seat, card) if rc.target == "one-opponent" else [None]):
                idle = idle_card(g, s, seat, card, t)
                k = ("play-card", seat, card, ap, t, idle)
                a = get(k)
                if a is None:
                    a = _play_card(g, seat, rc, ap, t)
                    a = put(k, mark_idle(a, *idle) if idle else a)
                add(a)
        if len(bc) >= 3:
            for a, b, c in combinations(bc, 3):
                k = ("discard-three-for-ap", seat, a, b, c)
                add(get(k) or put(k, make_action(
                    "discard-three-for-ap", seat, f"Discard {g.cards.by_id[a].name}, {g.cards.by_id[b].name} and "
                    f"{g.cards.by_id[c].name} for +1 AP", "You hold at least 3 Blessings or Curses; discarding 3 is a "
                    "Free Action.", ("rs.discard-three", "rs.free-action"), 0, card1=a, card2=b, card3=c)))
    # Spirit abilities
    for i, ps in enumerate(board):
        if ps is None or ps.used or not g.can_activate(s, seat, i):  # (a used Spirit is never activated)
            continue
        sp = g.cards.by_id[ps.card]
        target = sp.ability.target
        if target == "split-opponents" and not g.targets(s, seat, ps.card):
            continue
        tokens = p.activation_tokens
        if target == "one-opponent":
            for t in g.targets(s, seat, ps.card):
                idle = idle_activation(g, s, seat, i, t)
                k = ("activate-ability", seat, i, sp.id, tokens, t, idle)
                add(get(k) or put(k, _activate(seat, i, sp, tokens, t, idle)))
        else:
            idle = idle_activation(g, s, seat, i, None)
            k = ("activate-ability", seat, i, sp.id, tokens, None, idle)
            add(get(k) or put(k, _activate(seat, i, sp, tokens, None, idle)))
    return out


def _play_card(g, seat: int, rc, ap: int, target: int | None) -> Action:
    """Play Blessing or Curse ``rc`` (on opponent seat ``target`` when it targets one)."""
    cost_txt = "a Free Action" if rc.cost == 0 else f"{rc.cost} AP and you have {ap}"
    why = f"It is your turn and this card costs {cost_txt}."
    kind = "play-" + g.card_kind(rc.id)
    cl = ("rs.play-card", "rs.play-card.own-turn") + (("rs.free-action",) if rc.cost == 0 else ())
    if target is None:
        return make_action(kind, seat, f"Play {rc.name}", why, cl, rc.cost, card=rc.id)
    return make_action(kind, seat, f"Play {rc.name} on Player {target + 1}", why, cl, rc.cost, card=rc.id,
                       target=target + 1)


def _activate(seat: int, i: int, sp, tokens: int, target: int | None, idle: tuple[str, str] | None = None) -> Action:
    """Activate the Spirit ``sp`` on space ``i`` (targeting opponent seat ``target`` when it targets one); ``idle``:
    ``(clause, sentence)`` when it would do nothing now (:func:`.idle.idle_activation`)."""
    a = _activate_action(seat, i, sp, tokens, target)
    return mark_idle(a, *idle) if idle else a


def _activate_action(seat: int, i: int, sp, tokens: int, target: int | None) -> Action:
    why = (f"{sp.name}'s ability is an Activated ability not yet used, you have "
           f"{plural(tokens, 'Activation Token')}, and activating is a Free Action on your turn.")
    cl = ("rs.ability.activate", "rs.ability.once", "rs.free-action")
    if target is None:
        return make_action("activate-ability", seat, f"Activate {sp.name}", why, cl, 0, space=i + 1)
    return make_action("activate-ability", seat, f"Activate {sp.name} targeting Player {target + 1}", why, cl, 0,
                       space=i + 1, target=target + 1)


def blocked_actions(g, s: RSState) -> list[Blocked]:
    """Tempting actions the current player may not take now, each with the forbidding clause."""
    if s.phase != "play" or s.pending:
        return []
    seat = s.current
    p = s.players[seat]
    out: list[Blocked] = []

    def no(kind: str, label: str, clause: str, why: str, **params) -> None:
        out.append(make_blocked(kind, seat, label, clause, why, **params))

    totems = [c for c in p.hand if g.card_kind(c) == "totem"]
    free_attract = any(sp is not None and g.attract_cost(s, seat, sp) == 0 for sp in s.lost_spirits)
    if all(x is not None for x in p.board):
        no("attract", "Attract a Lost Spirit", "rs.attract.empty-space",
           "your board has no empty space (3 Spirits at most); release one first")
    elif not totems:
        no("attract", "Attract a Lost Spirit", "rs.attract.offering",
           "you have no Totem in hand to offer to the Shrine")
    elif p.ap < AP_COST and not free_attract:
        no("attract", "Attract a Lost Spirit", "rs.turn.ap", "you have no AP left (it costs 1 AP)")
    for sp in s.lost_spirits:
        by = mastery_locked(g, s, seat, sp) if sp is not None else None
        if by:
            no("attract", f"Attract {g.spirit_label(sp)}", "rs.effect.mastery-lock",
               f"an opponent's {g.cards.by_id[by].name} stops you attracting Spirits of your Mastery type with the "
               "attract actions", spirit=sp)
    if p.ap < AP_COST:
        for kind, label in (("buy-totem", "Buy a Totem"), ("play-totem", "Play a Totem to a Spirit"),
                            ("retrieve-from-shrine", "Retrieve a Totem from the Shrine")):
            no(kind, label, "rs.turn.ap", "you have no AP left (it costs 1 AP)")
    else:
        if hand_room(p) <= 0 and not totems:
            no("buy-totem", "Buy a Totem", "rs.hand-limit.swap",
               "your hand is at the limit of 7 and holds no Totem to swap out")
        if not s.shrine:
            no("retrieve-from-shrine", "Retrieve a Totem from the Shrine", "rs.retrieve", "the Shrine is empty")
        lock = turn_lock(s, seat, "play-totem")
        if lock:
            no("play-totem", "Play a Totem to a Spirit", "rs.effect.turn-lock",
               f"{g.cards.by_id[lock.source].name} stops you playing Totems until Player {lock.by + 1}'s next turn")
        elif not any(x is not None for x in p.board):
            no("play-totem", "Play a Totem to a Spirit", "rs.play-totem", "you have no Spirit on your board")
        else:
            for card in sorted(set(totems)):
                if not any(ps is not None and fill_options(g, ps, card) for ps in p.board):
                    no("play-totem", f"Play {g.totem_label(card)}", "rs.play-totem",
                       "none of your Spirits has an unmet requirement this Totem provides", totem=card)
    for card in sorted(set(c for c in p.hand if g.card_kind(c) in ("blessing", "curse"))):
        rc = g.cards.by_id[card]
        kind = "play-" + g.card_kind(card)
        if p.ap < rc.cost:
            no(kind, f"Play {rc.name}", "rs.play-card", f"it costs {rc.cost} AP and you have {p.ap}", card=card)
        elif rc.target == "one-opponent" and not g.targets(s, seat, card):
            no(kind, f"Play {rc.name}", "rs.play-card.target", "no opponent can be targeted", card=card)
    n_bc = sum(g.card_kind(c) in ("blessing", "curse") for c in p.hand)
    if 0 < n_bc < 3:
        no("discard-three-for-ap", "Discard 3 Blessings/Curses for +1 AP", "rs.discard-three",
           f"you hold only {plural(n_bc, 'Blessing or Curse', 'Blessings or Curses')}")
    for i, ps in enumerate(p.board):
        if ps is None:
            continue
        sp = g.cards.by_id[ps.card]
        label = f"Activate {sp.name}"
        if g.solo:
            no("activate-ability", label, "rs.solo.type-abilities", "in Solo Mode printed abilities are not used; "
               "each Spirit's type ability happened when it was attracted", space=i + 1)
        elif sp.ability.timing != "activated":
            no("activate-ability", label, "rs.ability.ongoing",
               "its ability is not Activated (it is Ongoing or works on release), so there is nothing to activate",
               space=i + 1)
        elif ps.used:
            no("activate-ability", label, "rs.ability.once", "its ability has already been used this game",
               space=i + 1)
        elif p.activation_tokens <= 0:
            no("activate-ability", label, "rs.ability.activate", "you have no Activation Token left on your board",
               space=i + 1)
        elif sp.ability.target in ("one-opponent", "split-opponents") and not g.targets(s, seat, ps.card):
            no("activate-ability", label, "rs.effect.protection", "no opponent can be targeted by it (each one is "
               "protected)", space=i + 1)
    return out
