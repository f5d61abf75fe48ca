"""Spirited turn flow as data: the handler of every :class:`~.state.Task` kind (:data:`WORK`), run by the game's
flow (:class:`tutor.core.flow.Flow`) from the state's ``work`` stack until a decision is pending.

Rulebook sections: "Turn Structure" (Road Check, Scout, Build a Wonder, March), "Overrun" (the safe Road Check
version and the painful version after a Summon), "Battles & the Time Track" (Battles, Final Battle, tiebreakers).
Tasks are typed (:data:`.state.Task`): the Road Check, draws onto the Road, the Overrun check, Regroup, Battle steps,
the end of the turn and of the game, and ``Ask`` (ask the decision ``task.decision``, a typed
:data:`.state.Decision`; passed with an event when nothing can be chosen).
"""
from __future__ import annotations

from ...core import chance
from .cards import clan_of
from .effects import Use, run_effect
from .state import (Ask, BattleAllegiances, BattleBegin, BattleDiscard, BattleMedal, BonusAction, BonusManoeuvre,
                    BonusRally, BonusRecruit, DiscardDown, DiscardLimbo, DrawRoad, EndTurn, FinalRecruit, FinalScore,
                    FinishGame, OverrunCheck, Regroup, Reveal, RoadCheck, RoadFill, SafeRally, Task, WonderRefill)
from .zones import (LIMIT_FLOOR, Ctx, add_to_road, article, can_draw, discard_road_and_camps, draw_non_time, face_up,
                    held, is_wonder, limit_penalty, lowered_limit, overrun_limit, overrunning, plural, stack,
                    take_from_road)


def road_check(seat: int) -> list[Task]:
    """The Road Check tasks: fill the Road to 2 face-up cards, then Rally any clan at its limit (safe version)."""
    return [RoadCheck(seat=seat), RoadFill(seat=seat), SafeRally(seat=seat)]


def summon(seat: int, n: int = 2) -> list[Task]:
    """Summon: draw ``n`` cards onto the Road, then the Overrun check (painful version)."""
    return [DrawRoad(seat=seat) for _ in range(n)] + [OverrunCheck(seat=seat)]


def _road_check(c: Ctx, t: Task) -> None:
    c.ev("sp.road-check", f"{c.who(t.seat)}'s Road Check: first the Road is filled to 2 face-up cards, then any "
         "clan at its Overrun Limit is dealt with (the safe version).", auto=True, actor=t.seat)


def _road_fill(c: Ctx, t: Task) -> None:
    seat = t.seat
    if face_up(c.state.players[seat]) >= 2:
        return
    if not can_draw(c.state):
        c.ev("sp.ruling.deck-empty", "No card is left to draw onto the Road.", auto=True, actor=seat)
        return
    c.push(DrawRoad(seat=seat, why="road-check"), RoadFill(seat=seat))


def _draw_road(c: Ctx, t: Task) -> None:
    seat = t.seat
    p = c.state.players[seat]
    card = draw_non_time(c, seat)
    if card is None:
        c.ev("sp.ruling.deck-empty", "No card is left to draw onto the Road.", auto=True, actor=seat)
        return
    why = _DRAW_CLAUSE[t.why]
    st = stack(p, clan_of(card))
    if st is not None:
        c.state.limbo.append(card)
        c.ev(why, f"{c.who(seat)} reveals {c.card(card)}; their Road already has {article(c.clan(st.clan))} "
             "stack.",
             auto=True, cards=(card,), actor=seat)
        c.ask(Reveal(actor=seat, card=card, purpose=why))
    else:
        add_to_road(p, card)
        c.ev(why, f"{c.who(seat)} draws {c.card(card)} face up onto their Road.", auto=True, cards=(card,),
             actor=seat)


def _safe_rally(c: Ctx, t: Task) -> None:
    s, seat = c.state, t.seat
    p = s.players[seat]
    for clan in limit_notes(c, seat):
        lim = overrun_limit(c.game, s, seat, clan)
        _lowered(c, seat, clan)
        moved = []
        while face_up(p, clan) >= lim:
            card = take_from_road(c, seat, clan)
            p.hand.append(card)
            moved.append(card)
        c.ev("sp.road-check.rally", f"{c.who(seat)} has reached the Overrun Limit ({lim}) of {c.clan(clan)} at "
             f"the Road Check, so {plural(len(moved), 'card')} {'is' if len(moved) == 1 else 'are'} Rallied "
             "into their Hand (the safe version).", auto=True,
             cards=tuple(moved), actor=seat)


def _regroup(c: Ctx, t: Task) -> None:
    seat = t.seat
    p = c.state.players[seat]
    shields = [st.shield for st in p.road if st.shield]
    gone = discard_road_and_camps(c, seat)
    c.ev("sp.regroup", f"{c.who(seat)} Regroups: {plural(len(gone), 'card')} from their Road and Camps "
         f"{'is' if len(gone) == 1 else 'are'} discarded"
         + (f" (Shields too: {', '.join(c.card(x) for x in shields)})" if shields else "")
         + ", then 2 cards are drawn onto their Road"
         + (" (no Overrun check after a Regroup)." if t.after_march else "."), auto=True, cards=tuple(gone), actor=seat)
    c.push(DrawRoad(seat=seat, why="regroup"), DrawRoad(seat=seat, why="regroup"))


def _discard_limbo(c: Ctx, t: Task) -> None:
    s = c.state
    s.limbo.remove(t.card)
    s.discard.append(t.card)
    c.ev(t.clause, f"The played card, {c.card(t.card)}, goes to the discard pile.", auto=True,
         cards=(t.card,), actor=t.seat)


def _wonder_refill(c: Ctx, t: Task) -> None:
    s = c.state
    i = s.wonder_display.index(None)
    if s.wonder_deck:
        w, fixed = chance.draw(s, s.wonder_deck, lambda v: is_wonder(c.game, v), "the Wonder deck")
        if fixed:
            c.ev("sp.ruling.fixed-chance", f"The lesson fixed this draw in advance: {c.game.wonder_label(w)} is "
                 "the Wonder drawn.", auto=True, cards=(w,))
        s.wonder_display[i] = w
        c.ev("sp.wonder.refill", f"{c.game.wonder_label(w)} is drawn to replace {_taken(c, t)} on the display.",
             auto=True, cards=(w,))
    else:
        c.ev("sp.ruling.wonders-out", f"No Wonder is left to replace {_taken(c, t)}; the space stays empty.",
             auto=True)


def _battle_allegiances(c: Ctx, t: Task) -> None:
    for a in held(c.state, t.seat):
        ad = c.cards.clan[a.clan].allegiance
        run_effect(c, Use(t.seat, f"{c.clan(a.clan)} Allegiance", "sp.provisional.allegiance", a.clan), ad.battle)


def _final_score(c: Ctx, t: Task) -> None:
    seat = t.seat
    p = c.state.players[seat]
    n = sum(len(camp) for camp in p.camps)
    p.spirit += n // 2
    c.ev("sp.final.camps", f"{c.who(seat)} has {plural(n, 'card')} in their Camps and gains {n // 2} Spirit "
         f"({p.spirit} now).", auto=True, actor=seat)


def _battle_begin(c: Ctx, t: Task) -> None:
    c.ev("sp.battle", f"{c.who(t.seat)}'s part of the {'Final ' if t.final else ''}Battle: Road Check, Hand down "
         "to 5, a medal, Allegiance effects, then bonus actions.", auto=True, actor=t.seat)


#: Why a :class:`~.state.DrawRoad` task draws (its ``why``) -> the clause its events cite.
_DRAW_CLAUSE = {"road-check": "sp.road-check.draw", "regroup": "sp.regroup", "summon": "sp.summon"}


def _taken(c: Ctx, t: WonderRefill) -> str:
    """The Wonder a ``wonder-refill`` task replaces (its ``card``), by name."""
    return c.cards.wonder[t.card].name if t.card else "the Wonder taken"


def _ask(c: Ctx, t: Ask) -> None:
    c.ask(t.decision)


def _discard_down(c: Ctx, t: DiscardDown) -> None:
    if len(c.state.players[t.seat].hand) <= c.cards.hand_limit_in_battle:
        return
    c.push(DiscardDown(seat=t.seat))
    c.ask(BattleDiscard(actor=t.seat))


def _bonus_action(c: Ctx, t: BonusAction) -> None:
    if len(held(c.state, t.seat)) > t.max_allegiances:
        return
    c.ask(t.decision)


def _lowered(c: Ctx, seat: int, clan: str) -> None:
    """Say so when an Allegiance penalty or a card effect lowers ``seat``'s Overrun Limit of ``clan``
    (sp.overrun.lower), and when they would take it below 1, that it is held at 1 (ruling sp.ruling.limit-floor)."""
    n = limit_penalty(c.game, c.state, seat, clan)
    if n:
        c.ev("sp.overrun.lower", f"The {c.clan(clan)} Allegiance's penalty [provisional] lowers {c.who(seat)}'s "
             f"{c.clan(clan)} Overrun Limit by {n}, to {overrun_limit(c.game, c.state, seat, clan)}.", auto=True,
             actor=seat)
    for m in c.state.limit_mods:
        if m.seat == seat:
            c.ev("sp.overrun.lower", f"{m.source} [provisional] lowers {c.who(seat)}'s Overrun Limits by {m.amount} "
                 f"until {c.who(m.by)}'s next turn: the {c.clan(clan)} limit is "
                 f"{overrun_limit(c.game, c.state, seat, clan)}.", auto=True, actor=seat)
    raw = lowered_limit(c.game, c.state, seat, clan)
    if raw < LIMIT_FLOOR:
        c.ev("sp.ruling.limit-floor", f"Together these would take {c.who(seat)}'s {c.clan(clan)} Overrun Limit to "
             f"{raw}, but an Overrun Limit never goes below {LIMIT_FLOOR} (ruling): it is {LIMIT_FLOOR}, so every "
             f"face-up {c.clan(clan)} card counts.", auto=True, actor=seat)


def limit_notes(c: Ctx, seat: int) -> list[str]:
    """Say which Overrun Limits decide the check about to be made on ``seat``'s Road: a clan whose face-up cards
    reach its limit (sp.overrun.limit), a Gold Allegiance that raises a limit the clan would otherwise reach
    (sp.overrun.gold), and a Shield that would have tipped a stack over had it counted (sp.shield.no-overrun).
    Returns the clans at or over their limit, in Road order (:func:`.zones.overrunning`, from the same limits:
    saying them changes nothing on the Road)."""
    s = c.state
    p = s.players[seat]
    base = c.cards.overrun_limit
    over = []
    for st in p.road:
        n, lim = len(st.cards), overrun_limit(c.game, s, seat, st.clan)
        if n >= lim:
            over.append(st.clan)
        if lim > base and n >= base:
            c.ev("sp.overrun.gold", f"{c.clan(st.clan)} has {plural(n, 'face-up card')} on {c.who(seat)}'s Road, "
                 f"but their Gold {c.clan(st.clan)} Allegiance raises its Overrun Limit to {lim}.", auto=True,
                 actor=seat)
        elif n >= lim:
            c.ev("sp.overrun.limit", f"{c.clan(st.clan)} has {plural(n, 'face-up card')} on {c.who(seat)}'s Road: "
                 f"it has reached its Overrun Limit of {lim}.", auto=True, actor=seat)
        if st.shield is not None and n < lim <= n + 1:
            c.ev("sp.shield.no-overrun", f"The {c.clan(st.clan)} Shield is face down and does not count, so that "
                 f"stack counts {n}, below its limit of {lim}.", auto=True, actor=seat)
    return over


def _overrun_check(c: Ctx, t: Task) -> None:
    s, seat = c.state, t.seat
    p = s.players[seat]
    if overrunning(c.game, s, seat):  # the check is made either way (sp.overrun.check); it finds an Overrun here
        c.ev("sp.overrun.check", f"Overrun check after the Summon: a clan on {c.who(seat)}'s Road is at its Overrun "
             "Limit.", auto=True, actor=seat)
    clans = limit_notes(c, seat)
    if not clans:
        c.ev("sp.overrun.check", f"Overrun check: no clan on {c.who(seat)}'s Road is at its Overrun Limit.",
             auto=True, actor=seat)
        return
    for x in clans:
        _lowered(c, seat, x)
    names = ", ".join(f"{c.clan(x)} ({face_up(p, x)}/{overrun_limit(c.game, s, seat, x)})" for x in clans)
    c.ev("sp.overrun", f"{c.who(seat)} is Overrun by {names} after the Summon.", auto=True, actor=seat)
    for a in held(s, seat):
        ad = c.cards.clan[a.clan].allegiance
        run_effect(c, Use(seat, f"{c.clan(a.clan)} Allegiance (Overrun effect)", "sp.provisional.allegiance",
                          a.clan), ad.overrun)
    for clan in clans:
        st = stack(p, clan)
        if st is None or not st.cards:
            continue
        card = take_from_road(c, seat, clan)
        p.hand.append(card)
        c.ev("sp.overrun.city", f"City Board Overrun effect: {c.who(seat)} Rallies {c.card(card)} into their Hand.",
             auto=True, cards=(card,), actor=seat)
    c.push(Regroup(seat=seat))


def battle_tasks(c: Ctx, seat: int, final: bool) -> list[Task]:
    """One player's part of a Battle, in the City Board's order (then the Final Battle's extra steps). The bonus
    actions are for players holding few Allegiances: Recruit with none, Rally with at most 1, Manoeuvre with at
    most 2."""
    ts = [BattleBegin(seat=seat, final=final), *road_check(seat), DiscardDown(seat=seat),
          Ask(seat=seat, decision=BattleMedal(actor=seat)), BattleAllegiances(seat=seat),
          BonusAction(seat=seat, decision=BonusRecruit(actor=seat), max_allegiances=0),
          BonusAction(seat=seat, decision=BonusRally(actor=seat), max_allegiances=1),
          BonusAction(seat=seat, decision=BonusManoeuvre(actor=seat), max_allegiances=2)]
    if final:
        ts += [Ask(seat=seat, decision=FinalRecruit(actor=seat)), FinalScore(seat=seat)]
    return ts


def _end_turn(c: Ctx, t: Task) -> None:
    s, seat = c.state, t.seat
    n = len(s.players)
    if s.battles_due:
        kind = s.battles_due.pop(0)
        s.battle = kind
        order = [(s.current + i) % n for i in range(n)]
        tasks: list[Task] = []
        for x in order:
            tasks += battle_tasks(c, x, kind == "final")
        if kind == "final":
            s.battles_due = []
            c.ev("sp.final", "The Final Battle begins: every player resolves a normal Battle, then Recruits from "
                 "their Hand and scores their Camps; the game then ends. Players act one after another from "
                 f"{c.who(s.current)} ({', '.join(c.who(x) for x in order)}).", auto=True)
            c.push(*tasks, FinishGame(seat=seat))
        else:
            c.ev("sp.battle", "A Battle begins at the end of the turn. All players resolve it, one after another "
                 f"from {c.who(s.current)} ({', '.join(c.who(x) for x in order)}).", auto=True)
            c.push(*tasks, EndTurn(seat=seat))
        c.ev("sp.ruling.battle-order", "Battle steps that everyone takes at once are asked player by player in "
             "turn order.", auto=True)
        return
    s.battle = None
    s.current = (s.current + 1) % n
    s.turn += 1
    c.ev("sp.turn.next", f"{c.who(seat)}'s turn ends; {c.who(s.current)} begins their turn with the Road Check.",
         auto=True, actor=s.current)
    ending = [m for m in s.limit_mods if m.by == s.current]
    if ending:
        s.limit_mods = [m for m in s.limit_mods if m.by != s.current]
        c.ev("sp.overrun.lower", f"{ending[0].source} stops lowering Overrun Limits: {c.who(s.current)}'s turn has "
             "come round again.", auto=True, actor=s.current)
    c.push(*road_check(s.current))


def finish(c: Ctx) -> None:
    """End the game: most Spirit wins; ties broken by refreshed medals, then cards in hand, then shared."""
    s = c.state
    key = lambda seat: (s.players[seat].spirit,
                        sum(1 for a in held(s, seat) if a.medal and not a.exhausted),
                        len(s.players[seat].hand))
    seats = range(len(s.players))
    best = max(key(x) for x in seats)
    s.winners = [x for x in seats if key(x) == best]
    top_spirit = [x for x in seats if s.players[x].spirit == best[0]]
    if len(top_spirit) == 1:
        reason, clause = "most Spirit", "sp.end.winner"
    elif len(s.winners) == 1:
        reason, clause = "tiebreaker (refreshed medals, then cards in hand)", "sp.end.tiebreak"
    else:
        reason, clause = "shared victory after the tiebreakers", "sp.end.tiebreak"
    s.win_reason = reason
    s.phase = "over"
    s.work = []
    scores = ", ".join(f"{c.who(x)} {s.players[x].spirit}" for x in seats)
    c.ev(clause, f"The game is over ({scores} Spirit). {'Winner' if len(s.winners) == 1 else 'Winners'}: "
         f"{', '.join(c.who(w) for w in s.winners)} by {reason}.", auto=True)


#: Task model -> its handler (registered once in the game's flow, :data:`.game.FLOW`).
WORK = {
    Ask: _ask, DiscardDown: _discard_down, BonusAction: _bonus_action, RoadCheck: _road_check, RoadFill: _road_fill,
    DrawRoad: _draw_road, SafeRally: _safe_rally, OverrunCheck: _overrun_check, Regroup: _regroup,
    DiscardLimbo: _discard_limbo, WonderRefill: _wonder_refill, BattleAllegiances: _battle_allegiances,
    FinalScore: _final_score, BattleBegin: _battle_begin, EndTurn: _end_turn,
    FinishGame: lambda c, t: finish(c),
}
