"""Restless Spirits: carrying out actions (On Your Turn), releasing Spirits (Releasing a Spirit) and the turn and
endgame flow (Action Points; Triggering the Endgame; Tiebreaker).

Every function mutates the session's private copy of the state through a :class:`~.zones.Ctx` and records events,
each citing its clause.
"""
from __future__ import annotations

from ...core.model import Action, and_list
from ...core.state_model import trusted
from .abilities import start
from .achievements import check, on_activate, on_release
from .effect_registry import Use, run_effect
from .ongoing import ask_disregard, copy_holds, end_lapsed_copies, leave_play, return_token
from .requirements import fill_options, is_complete
from .moves import turn_actions
from .state import ChooseMarketTotem, ChooseOffering, ChooseRequirement, ChooseShrineTotem, ChooseSwapOut, PlacedSpirit
from .variants import placement_bonus
from .zones import (HAND_LIMIT, Ctx, discard_card, draw_reward, draw_totem, hand_room, plural, refill_lost_spirits,
                    refill_markets, take_from_market)

RELEASES_TO_TRIGGER = {2: 5, 3: 4, 4: 3}


def _pay(c: Ctx, seat: int, cost: int, what: str, clause: str) -> None:
    p = c.state.players[seat]
    p.ap -= cost
    pay_event(c, seat, cost, what, clause)


def pay_event(c: Ctx, seat: int, cost: int, what: str, clause: str) -> None:
    """Log that ``seat`` paid ``cost`` AP (already taken) to do ``what``."""
    p = c.state.players[seat]
    if cost:
        c.ev(clause, f"{c.who(seat)} spends {cost} AP to {what} ({p.ap} AP left).", actor=seat)
    else:
        c.ev(clause, f"{c.who(seat)} uses a Free Action to {what} ({p.ap} AP left).", actor=seat)


def main_action(c: Ctx, a: Action) -> None:
    """Carry out a main action of the play phase (no decision pending)."""
    g, s = c.game, c.state
    seat = a.actor
    p = s.players[seat]
    k = a.kind
    if k == "attract":
        # the action costs its AP when it is taken (rulebook: "1 AP: Attract..."; the offering is its first part),
        # so the AP is paid and said now, and the counter and the events agree while the offering is chosen
        _pay(c, seat, a.cost, f"attract {g.spirit_label(a.param('spirit'))}",
             "rs.mastery" if a.cost == 0 else "rs.attract")
        c.ev("rs.attract.offering", f"{c.who(seat)} sets out to attract {g.spirit_label(a.param('spirit'))}: first "
             "comes an offering to the Shrine.", actor=seat)
        c.ask(ChooseOffering(actor=seat, purpose="attract", cards=[a.param("spirit")],
                        count=a.cost))
    elif k == "refresh-and-attract":
        _pay(c, seat, a.cost, "refresh the Lost Spirits and attract one", "rs.refresh-attract")
        c.ev("rs.attract.offering", f"{c.who(seat)} sets out to refresh the Lost Spirits: first comes an offering "
             "to the Shrine.", actor=seat)
        c.ask(ChooseOffering(actor=seat, purpose="refresh-attract", count=a.cost))
    elif k == "buy-totem":
        card = a.param("totem")
        _pay(c, seat, a.cost, f"buy {g.totem_label(card)}", "rs.buy")
        buy(c, seat, card)
    elif k == "refresh-market-and-buy":
        row = a.param("row") - 1
        _pay(c, seat, a.cost, f"refresh market row {row + 1} and buy from it", "rs.refresh-buy")
        old = [x for x in s.markets[row] if x is not None]
        s.totem_discard.extend(old)
        s.markets[row] = [None, None, None]
        # what left and what came in, each said plainly (issue 16: lesson 3's strip named the new Totems only in the
        # fixed-draw lines it hid, beside the discarded Bowl): a lesson's fixed draws are said after what came in
        c.ev("rs.refresh-buy", f"Market row {row + 1} is cleared: {and_list([g.totem_label(x) for x in old])} "
             f"{'go' if len(old) > 1 else 'goes'} to the Totem discard pile." if old else f"Market row {row + 1} is "
             "empty: nothing goes to the Totem discard pile.", cards=tuple(old), actor=seat)
        mark = len(c.events)
        for i in range(3):
            card = draw_totem(c)
            if card is None:
                break
            s.markets[row][i] = card
        drawn, c.events[mark:] = c.events[mark:], [e for e in c.events[mark:] if e.clause != "rs.ruling.fixed-chance"]
        for e in drawn:
            if e.clause == "rs.ruling.fixed-chance":
                c.hold(e)  # (said right after what came in)
        new = [x for x in s.markets[row] if x is not None]
        c.ev("rs.refresh-buy", f"{plural(len(new), 'new Totem')} {'are' if len(new) != 1 else 'is'} dealt into market "
             f"row {row + 1}: {and_list([g.totem_label(x) for x in new])}." if new else f"No Totem is left to deal into "
             f"market row {row + 1}.", cards=tuple(new), actor=seat)
        c.ask(ChooseMarketTotem(actor=seat, purpose="refresh-buy", space=row, allow_decline=True))
    elif k == "retrieve-from-shrine":
        _pay(c, seat, a.cost, "retrieve a Totem from the Shrine", "rs.retrieve")
        retrieve_choice(c, seat)  # the Totem is chosen first; a swap at the hand limit follows (retrieve_chosen)
    elif k == "play-totem":
        card, space = a.param("totem"), a.param("space") - 1
        ps = p.board[space]
        _pay(c, seat, a.cost, f"play {g.totem_label(card)} to {g.spirit_label(ps.card)}", "rs.play-totem")
        opts = fill_options(g, ps, card)
        if len(opts) == 1:
            attach_totem(c, seat, space, card, opts[0])
        else:
            c.ask(ChooseRequirement(actor=seat, purpose="play-totem", cards=[card], space=space))
    elif k in ("play-blessing", "play-curse"):
        _play_card(c, a)
    elif k == "discard-three-for-ap":
        cards = [a.param("card1"), a.param("card2"), a.param("card3")]
        for card in cards:
            p.hand.remove(card)
            discard_card(c, card)
        p.ap += 1
        c.ev("rs.discard-three", f"{c.who(seat)} puts {', '.join(c.name(x) for x in cards)} at the bottom of their "
             f"decks and gains 1 AP ({p.ap} AP now).", cards=tuple(cards), actor=seat)
    elif k == "activate-ability":
        _activate(c, a)
    elif k == "end-turn":
        end_turn(c, seat, automatic=False)
    else:  # pragma: no cover - only legal actions reach here
        raise ValueError(f"unknown action kind {k!r}")


def _target_of(a: Action) -> int | None:
    t = a.param("target")
    return None if t is None else t - 1


def _play_card(c: Ctx, a: Action) -> None:
    g, s = c.game, c.state
    seat, card = a.actor, a.param("card")
    rc = g.cards.by_id[card]
    word = "Blessing" if a.kind == "play-blessing" else "Curse"
    _pay(c, seat, rc.cost, f"play the {word} {rc.name}", "rs.play-card")
    s.players[seat].hand.remove(card)
    if rc.provisional:
        c.ev("rs.provisional.cards", f"{rc.name}'s text is provisional (not printed in the rulebook): "
             f"\u201c{rc.text}\u201d", cards=(card,), actor=seat)
    start(c, seat, None, card, rc.target, _target_of(a), then_discard=card)


def _activate(c: Ctx, a: Action) -> None:
    g, s = c.game, c.state
    seat, space = a.actor, a.param("space") - 1
    p = s.players[seat]
    ps = p.board[space]
    sp = g.cards.by_id[ps.card]
    p.activation_tokens -= 1
    ps.used = True
    on_activate(c, seat, ps.card)
    c.ev("rs.ability.activate", f"{c.who(seat)} places an Activation Token on {sp.name} "
         f"({p.activation_tokens} left on the board) and uses its ability: {sp.ability.text}", cards=(ps.card,),
         actor=seat)
    start(c, seat, space, ps.card, sp.ability.target, _target_of(a))


def buy(c: Ctx, seat: int, card: str, clause: str = "rs.hand-limit.swap") -> None:
    """Take ``card`` from a market into the hand, swapping a Totem out first at the hand limit: the swap is said
    citing ``clause`` (the FAQ's rule ``rs.hand-limit.swap`` for a buy; ruling ``rs.ruling.retrieve-at-limit`` for a
    refreshed row's buy) before the player chooses the Totem to give up."""
    p = c.state.players[seat]
    if hand_room(p) <= 0:
        n = len(p.hand)
        full = "at the limit of 7 cards" if n == HAND_LIMIT else f"over the limit of 7 ({n} cards)"
        c.ev(clause, f"{c.who(seat)}'s hand is {full}, so buying {c.game.totem_label(card)} is a swap: a Totem "
             "from the hand must go to make room for it.", cards=(card,), actor=seat)
        c.ask(ChooseSwapOut(actor=seat, purpose="buy", cards=[card]))
    else:
        take_from_market(c, seat, card)


def shrine_top(s) -> list[str]:
    """The top 3 (or fewer) Totems of the Shrine, the top one first: the ones a retrieve shows."""
    return list(reversed(s.shrine[-3:]))


def retrieve_choice(c: Ctx, seat: int) -> None:
    """Show the top 3 (or fewer) Shrine Totems and ask which one to keep (Retrieve a Totem from the Shrine)."""
    top = shrine_top(c.state)
    c.ev("rs.retrieve", f"The top of the Shrine shows {', '.join(c.game.totem_label(x) for x in top)}.",
         cards=tuple(top), actor=seat)
    if len(top) < 3:
        c.ev("rs.ruling.retrieve-short-shrine", f"The Shrine holds only {len(top)} Totem{'s' if len(top) > 1 else ''}"
             f", so {'it is' if len(top) == 1 else 'they are'} all there is to choose from"
             + ("; the one not kept goes to the Totem discard pile." if len(top) == 2 else "."), actor=seat)
    c.ask(ChooseShrineTotem(actor=seat, purpose="retrieve", options=top, cards=list(top)))


def retrieve_chosen(c: Ctx, seat: int, top: list[str], keep: str) -> None:
    """``keep`` was chosen of the Shrine's ``top`` cards: with a full hand a Totem of the hand is given up next
    (ruling ``rs.ruling.retrieve-at-limit``: the Totem is chosen first, then the swap makes room for it; the shown
    Totems wait on the Shrine meanwhile), else it is kept at once (:func:`retrieve_keep`)."""
    if hand_room(c.state.players[seat]) > 0:
        retrieve_keep(c, seat, top, keep)
        return
    c.ev("rs.ruling.retrieve-at-limit", f"{c.who(seat)} chooses {c.game.totem_label(keep)}, but the hand is full: "
         "a Totem from it is given up next to make room.", cards=(keep,), actor=seat)
    c.ask(ChooseSwapOut(actor=seat, purpose="retrieve", cards=[keep]))


def retrieve_keep(c: Ctx, seat: int, top: list[str], keep: str) -> None:
    """Keep ``keep`` from the Shrine's top cards; the others go to the Totem discard pile."""
    s = c.state
    for x in top:
        s.shrine.remove(x)
    s.players[seat].hand.append(keep)
    rest = [x for x in top if x != keep]
    s.totem_discard.extend(rest)
    c.ev("rs.retrieve", f"{c.who(seat)} keeps {c.game.totem_label(keep)}"
         + (f"; {', '.join(c.game.totem_label(x) for x in rest)} {'goes' if len(rest) == 1 else 'go'} to the Totem "
            "discard pile." if rest else "."),
         cards=(keep, *rest), actor=seat)


def refresh_lost_spirits(c: Ctx, seat: int) -> None:
    """Move the 3 Lost Spirits to the Spirit discard pile and deal 3 new ones (Refresh the Lost Spirits)."""
    s = c.state
    old = [x for x in s.lost_spirits if x is not None]
    s.spirit_discard.extend(old)
    s.lost_spirits = [None, None, None]
    c.ev("rs.refresh-attract", f"The Lost Spirits ({', '.join(c.name(x) for x in old)}) go to the Spirit discard "
         "pile.", cards=tuple(old), actor=seat)
    refill_lost_spirits(c)


def _still_unmet(n: int) -> str:
    """``"2 requirements still unmet"``, ``"1 requirement still unmet"``, ``"all three requirements now met"``."""
    return "all three requirements now met" if n == 0 else f"{plural(n, 'requirement')} still unmet"


def place_spirit(c: Ctx, seat: int, spirit: str, space: int, source: str) -> None:
    """Put ``spirit`` on ``seat``'s empty ``space``: from the Lost Spirits row (``source="lost"``, or
    ``"lost-free"`` for an attract Mastery made free; then the row is refilled) or straight from an ability
    (``source="ability"``, Paringa). The event cites the attract's rule (rs.attract, "1 AP"), for a free attract the
    rule that made it free (rs.mastery: trial 17 found the free attract citing the 1 AP rule)."""
    s = c.state
    free = source == "lost-free"
    if free:
        source = "lost"
    if source == "lost":
        s.lost_spirits[s.lost_spirits.index(spirit)] = None
    # (every field given, none validated: the engine's own values)
    s.players[seat].board[space] = trusted(PlacedSpirit, card=spirit, slots=[None, None, None], totems=[], used=False,
                                           token_owner=None, tokens=[], copied=None, copied_from=None)
    sp = c.cards.by_id[spirit]
    how = "attracts" if source == "lost" else "places"
    clause = ("rs.mastery" if free else "rs.attract") if source == "lost" else "rs.effect.place-spirit"
    c.ev(clause, f"{c.who(seat)} {how} "
         f"{c.game.spirit_label(spirit)} to space {space + 1}. It needs {c.game.requirements_label(spirit)}.",
         cards=(spirit,), actor=seat)
    if c.game.solo:
        pass
    elif sp.ability.timing == "ongoing":
        c.ev("rs.ability.ongoing", f"{sp.name}'s Ongoing ability is active while it is on the board: "
             f"{sp.ability.text}", auto=True, cards=(spirit,), actor=seat)
    elif sp.ability.timing == "on-release":
        c.ev("rs.effect.on-release", f"{sp.name}'s ability works only when it is released: {sp.ability.text}",
             auto=True, cards=(spirit,), actor=seat)
    if source == "lost":
        refill_lost_spirits(c)
    before = c.game.flow.mark(s)
    placement_bonus(c, seat, space)
    if c.game.solo:
        c.game.solo_after_placement(c, seat, space, before)
    elif sp.ability.timing == "ongoing" and any(e.effect == "requirement-reduction" for e in sp.ability.effects):
        ask_disregard(c, seat, space, spirit)


def attach_totem(c: Ctx, seat: int, space: int, card: str, slots: tuple[int, ...]) -> None:
    """Put ``card`` under the Spirit on ``space`` meeting requirement ``slots``, then release if complete."""
    g = c.game
    p = c.state.players[seat]
    ps = p.board[space]
    p.hand.remove(card)
    ps.totems.append(card)
    req = g.cards.by_id[ps.card].requirements
    for i in slots:
        ps.slots[i] = card
    t = g.cards.by_id[card]
    met = " and ".join(g.icon_label(req[i]) for i in slots)
    clause = {"single": "rs.totem.single", "double": "rs.totem.double", "wild": "rs.totem.wild"}[t.kind]
    if t.kind == "wild" and len(slots) == 2:
        clause = "rs.totem.double-wild"
    extra = ""
    if t.kind == "double" and len(slots) == 1:
        extra = " (its other icon is not needed and goes unused)"
    c.ev(clause, f"{g.totem_label(card)} meets {g.spirit_label(ps.card)}'s {met} requirement"
         f"{'s' if len(slots) > 1 else ''}{extra}; "
         f"{_still_unmet(3 - sum(x is not None for x in ps.slots))}.", cards=(card, ps.card), actor=seat)
    check_releases(c)


def check_releases(c: Ctx) -> None:
    """Release every Spirit whose three requirements are met (automatic; costs no AP)."""
    for p in c.state.players:
        for i, ps in enumerate(p.board):
            if ps is not None and is_complete(ps):
                release(c, p.seat, i)


def release(c: Ctx, seat: int, space: int) -> None:
    """The five release steps, in order (Releasing a Spirit), then the endgame trigger check."""
    g, s = c.game, c.state
    p = s.players[seat]
    ps = p.board[space]
    sp = g.cards.by_id[ps.card]
    # a copied on-release ability (Obayashi) works if the copy still holds (ruling rs.ruling.copy-on-release)
    copied_on_release = (ps.copied is not None and g.cards.by_id[ps.copied].ability.timing == "on-release"
                         and copy_holds(g, s, ps))
    p.board[space] = None
    p.released.append(ps.card)
    c.ev("rs.release", f"All of {sp.name}'s requirements are met: it is released at once, at no AP cost, and "
         f"tucked under {c.who(seat)}'s board ({len(p.released)} released).", auto=True, cards=(ps.card,), actor=seat)
    if ps.totems:
        s.totem_discard.extend(ps.totems)
        c.ev("rs.release.totems", f"Its Totems ({', '.join(g.totem_label(x) for x in ps.totems)}) go to the Totem "
             "discard pile.", auto=True, cards=tuple(ps.totems), actor=seat)
    return_token(c, seat, ps, "rs.release.token")
    leave_play(c, seat, ps, "released")
    on_release(c, seat, ps)
    if sp.ability.timing == "on-release" and sp.ability.effects and not g.solo:
        c.ev("rs.effect.on-release", f"{sp.name}'s ability works now that it is released: {sp.ability.text}",
             auto=True, cards=(ps.card,), actor=seat)
        c.ev("rs.ruling.on-release-order", f"{sp.name}'s ability is carried out first, in its printed order; the "
             f"usual {'Blessing' if sp.light else 'Curse'} for the release comes after it.", auto=True, actor=seat)
        u = Use(seat, None, None, "rs.effect.on-release", sp.name, ps.card)
        for e in sp.ability.effects:
            run_effect(c, u, e.effect, g.effect_params(e))
    elif copied_on_release and not g.solo:
        cp = g.cards.by_id[ps.copied]
        c.ev("rs.ruling.copy-on-release", f"{sp.name} is released with its copy of {cp.name}'s ability, which works "
             f"now as {sp.name}'s own: {cp.ability.text}", auto=True, cards=(ps.copied,), actor=seat)
        c.ev("rs.ruling.on-release-order", "The copied ability comes first, then the usual release reward.",
             auto=True, actor=seat)
        u = Use(seat, None, None, "rs.ruling.copy-on-release", sp.name, ps.card)
        for e in cp.ability.effects:
            run_effect(c, u, e.effect, g.effect_params(e))
    draw_reward(c, seat, "blessing" if sp.light else "curse", "rs.release.reward")
    need = RELEASES_TO_TRIGGER.get(len(s.players))
    if need is not None and s.endgame_by is None and len(p.released) >= need:
        s.endgame_by = seat
        last = (s.first_player - 1) % len(s.players)
        c.ev("rs.end.trigger", f"{c.who(seat)} has released {len(p.released)} Spirits: the endgame is triggered. "
             f"Play goes on until {c.who(last)} (right of the first player) finishes their turn.", auto=True,
             actor=seat)


def g_solo(c: Ctx) -> bool:
    """True in Solo Mode."""
    return c.game.solo


def end_turn(c: Ctx, seat: int, automatic: bool) -> None:
    """End ``seat``'s turn: unused AP is lost; the game ends after the last turn of the endgame round, else the
    next player clockwise starts with 2 AP (Action Points; Triggering the Endgame)."""
    s = c.state
    p = s.players[seat]
    lost = p.ap
    p.ap = 0
    p.turns_taken += 1
    if automatic:
        c.ev("rs.ruling.auto-pass", f"{c.who(seat)} has no AP and no Free Action left, so the turn passes.",
             auto=True, actor=seat)
    else:
        c.ev("rs.turn.no-carry" if lost else "rs.turn.end", f"{c.who(seat)} ends their turn"
             + (f"; {lost} unused AP {'is' if lost == 1 else 'are'} lost (AP never carries over)." if lost else "."),
             actor=seat)
    if g_solo(c):
        return c.game.solo_end_of_turn(c)
    nxt = (seat + 1) % len(s.players)
    if s.endgame_by is not None and nxt == s.first_player:
        finish(c)
        return
    start_turn(c, nxt)


def start_turn(c: Ctx, seat: int) -> None:
    """Begin ``seat``'s turn with 2 AP changed by effects on their next turn, never below 1 (Action Points;
    General FAQs). Effects that ``seat`` caused "until their next turn" end now."""
    s = c.state
    s.current = seat
    s.turn += 1
    for p in s.players:
        st = p.stats
        if st.released or st.blessings or st.curses:  # (set only when needed: pydantic's setattr is slow)
            st.released = st.blessings = st.curses = 0
        if st.token_spirits:
            st.token_spirits = []
        ended = [m for m in p.next_turn_ap if m.by == seat]
        if ended:
            p.next_turn_ap = [m for m in p.next_turn_ap if m.by != seat]
            c.ev("rs.effect.next-turn-ap", f"Effects {c.who(seat)} placed until their next turn on {c.who(p.seat)} "
                 "end.", auto=True, actor=seat)
        if any(m.by == seat for m in p.locks):
            p.locks = [m for m in p.locks if m.by != seat]
            c.ev("rs.effect.turn-lock", f"{c.who(seat)}'s turn starts: {c.who(p.seat)} may play Totems again.",
                 auto=True, actor=seat)
    me = s.players[seat]
    base = 2 + sum(m.delta for m in me.next_turn_ap)
    me.ap = max(1, base)
    if me.next_turn_ap:
        names = ", ".join(c.name(m.source) for m in me.next_turn_ap)
        me.next_turn_ap = []
        c.ev("rs.effect.next-turn-ap", f"{names} change{'s' if ',' not in names else ''} {c.who(seat)}'s starting "
             f"AP to {base}.", auto=True, actor=seat)
        if base <= 1:
            c.ev("rs.turn.min-ap", f"A turn never starts below 1 AP: {c.who(seat)} has 1 AP"
                 + (", and no effect can lower it further." if base == 1 else "."), auto=True, actor=seat)
    c.ev("rs.turn.ap", f"{c.who(seat)}'s turn begins with {me.ap} AP.", auto=True, actor=seat)


def finish(c: Ctx) -> None:
    """Decide the winner(s): most released; then most released of one's Mastery type; then who triggered the
    endgame; else a shared victory (Winning the Game; Tiebreaker)."""
    g, s = c.game, c.state
    s.phase = "over"
    if g.solo:
        c.game.solo_finish(c)
        return check(c, at_end=True)
    best = max(len(p.released) for p in s.players)
    tied = [p.seat for p in s.players if len(p.released) == best]
    c.ev("rs.end.equal-turns", "Every player has had the same number of turns: the game ends.", auto=True)
    how = ""  # (the tiebreak that decided it, said in the last line: the page's game-over banner shows that line)
    if len(tied) > 1:
        def mastery_count(seat: int) -> int:
            m = g.cards.by_id[s.players[seat].guide].mastery
            return sum(g.cards.by_id[x].type == m for x in s.players[seat].released)
        mbest = max(mastery_count(t) for t in tied)
        tied2 = [t for t in tied if mastery_count(t) == mbest]
        held = "all of them" if len(tied2) == len(tied) else and_list([c.who(t) for t in tied2])
        c.ev("rs.end.tiebreak-mastery", f"{and_list([c.who(t) for t in tied])} tie with {best} released Spirits "
             f"each. The tiebreak is the most released Spirits of one's own Mastery type: {mbest}, for {held}.",
             auto=True)
        how = f", on the tiebreak: the most released Spirits of their Mastery type ({mbest})"
        if len(tied2) > 1 and s.endgame_by in tied2:
            tied2 = [s.endgame_by]
            c.ev("rs.end.tiebreak-trigger", f"Still tied: {c.who(s.endgame_by)} triggered the endgame and wins.",
                 auto=True)
            how = ", on the tiebreak: they triggered the endgame"
        elif len(tied2) > 1:
            c.ev("rs.end.shared", f"Still tied: {and_list([c.who(t) for t in tied2])} share the victory.", auto=True)
            how = ", still tied after the tiebreaks"
        tied = tied2
    s.winners = tied
    c.ev("rs.end.winner", f"{' and '.join(c.who(t) for t in tied)} win{'s' if len(tied) == 1 else ''} with {best} "
         f"released Spirits{how}.", auto=True)
    check(c, at_end=True)


def after_step(c: Ctx) -> None:
    """Automatic checks after every step: pass the turn when the current player has no AP and no Free Action."""
    s = c.state
    end_lapsed_copies(c)
    check(c)
    if s.phase != "play" or s.pending:
        return
    if s.players[s.current].ap == 0:
        acts = turn_actions(c.game, s)
        if acts:
            c.turn_actions = acts  # the step ends here: these are the new state's turn actions (legal_after_apply)
        else:
            end_turn(c, s.current, automatic=True)
