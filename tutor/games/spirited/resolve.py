"""Carrying out Spirited actions and the answers to pending decisions.

Rulebook sections: "Turn Structure" (Scout, Build a Wonder, March), "Rally vs Recruit", "Marching & Allegiances",
"Shields", "Battles & the Time Track". Each function mutates the session's private copy of the state through a
:class:`~.zones.Ctx`, records events citing clauses, and schedules the rest of the action as tasks (:mod:`.flow`).
"""
from __future__ import annotations

from ...core.model import Action
from .cards import clan_of, medal_kind
from .effects import Use, run_effect
from .flow import summon
from .state import (Ask, CampCard, Decision, DiscardLimbo, EndTurn, FinalRecruit, March, Regroup, ScoutPlay, ScoutTake,
                    TakeWonder, WonderRefill, WonderSource)
from .zones import (Ctx, add_to_road, allegiance, article, camp_clan, drop_stack, held, medal_for, medal_value,
                    return_medal, stack, take_from_road, take_medal)


def main_action(c: Ctx, a: Action) -> None:
    """Begin a main action of the turn (Scout, Build a Wonder, March): its event, and the rest of it as tasks."""
    seat = a.actor
    end = EndTurn(seat=seat)
    if a.kind == "scout":
        c.ev("sp.scout", f"{c.who(seat)} Scouts: play up to 1 card from the Hand, Rally or Recruit 1 face-up card, "
             "then Summon 2 cards.", actor=seat)
        c.push(Ask(seat=seat, decision=ScoutPlay(actor=seat)), Ask(seat=seat, decision=ScoutTake(actor=seat)),
             *summon(seat), end)
    elif a.kind == "build-wonder":
        c.ev("sp.wonder", f"{c.who(seat)} Builds a Wonder: one card of each of the {len(c.state.clans)} clans is "
             "spent.", actor=seat)
        asks = [Ask(seat=seat, decision=WonderSource(actor=seat, clan=cl)) for cl in c.state.clans]
        c.push(*asks, Ask(seat=seat, decision=TakeWonder(actor=seat)), *summon(seat), end)
    elif a.kind == "march":
        c.ev("sp.march", f"{c.who(seat)} Marches with their Camps.", actor=seat)
        c.push(Ask(seat=seat, decision=March(actor=seat)), Regroup(seat=seat, after_march=True), end)
    else:  # pragma: no cover
        raise ValueError(f"unknown action kind {a.kind!r}")


def _rally(c: Ctx, seat: int, clan: str, clause: str) -> None:
    card = take_from_road(c, seat, clan)
    c.state.players[seat].hand.append(card)
    c.ev("sp.rally", f"{c.who(seat)} Rallies {c.card(card)} from their Road into their Hand.", cards=(card,),
         actor=seat)


def _recruit(c: Ctx, seat: int, card: str, camp: int, face_up: bool = True) -> None:
    c.state.players[seat].camps[camp].append(CampCard(card=card, face_up=face_up))
    how = "face up" if face_up else "face down"
    c.ev("sp.recruit", f"{c.who(seat)} Recruits {c.card(card)} {how} into Camp {camp + 1}.", cards=(card,),
         actor=seat)


def _reveal(c: Ctx, d: Decision, a: Action) -> None:
    """A card revealed onto a stack of its clan: stack it, place it as a Shield, or Break the Shield."""
    s, seat = c.state, d.actor
    card = d.card
    s.limbo.remove(card)
    st = stack(s.players[seat], clan_of(card))
    if a.kind == "stack-card":
        st.cards.append(card)
        c.ev("sp.road.stack", f"{c.who(seat)} stacks {c.card(card)} face up ({len(st.cards)} face-up "
             f"{c.clan(st.clan)} now).", cards=(card,), actor=seat)
    elif a.kind == "place-shield":
        st.shield = card
        c.ev("sp.shield.place", f"{c.who(seat)} places {c.card(card)} face down on top of their {c.clan(st.clan)} "
             "cards as a Shield; it does not count toward Overrun.", cards=(card,), actor=seat)
        c.ev("sp.shield.public", f"Its hidden face is public: anyone may look, so the tutor shows it as "
             f"{c.card(card)} under the {c.clan(st.clan)} stack.", auto=True, cards=(card,), actor=seat)
    else:
        old = st.shield
        st.shield = None
        s.discard += [old, card]
        c.ev("sp.shield.break", f"{c.who(seat)} Breaks the {c.clan(st.clan)} Shield: the Shield and the new "
             "card are discarded.", cards=(old, card), actor=seat)


def _skip(c: Ctx, d: Decision, a: Action) -> None:
    c.ev(a.clauses[0], f"{c.who(d.actor)}: {a.label}.", actor=d.actor)


def _play_card(c: Ctx, d: Decision, a: Action) -> None:
    seat = d.actor
    p = c.state.players[seat]
    clan = a.param("clan")
    card = next(x for x in p.hand if clan_of(x) == clan)
    p.hand.remove(card)
    c.state.limbo.append(card)
    c.ev("sp.scout.play", f"{c.who(seat)} plays {c.card(card)} from their Hand.", cards=(card,), actor=seat)
    c.push(DiscardLimbo(seat=seat, card=card, clause="sp.scout.play"))
    run_effect(c, Use(seat, f"{c.clan(clan)} power", "sp.provisional.power", clan), c.cards.clan[clan].power)


def _answer_rally(c: Ctx, d: Decision, a: Action) -> None:
    _rally(c, d.actor, a.param("clan"), "sp.rally")


def _answer_recruit(c: Ctx, d: Decision, a: Action) -> None:
    card = take_from_road(c, d.actor, a.param("clan"))
    _recruit(c, d.actor, card, a.param("camp") - 1, face_up=(a.kind == "recruit"))


def _raid(c: Ctx, d: Decision, a: Action) -> None:
    seat, t = d.actor, a.param("target") - 1
    card = take_from_road(c, t, a.param("clan"))
    c.state.discard.append(card)
    c.ev("sp.provisional.power", f"{c.who(seat)} discards {c.card(card)} from {c.who(t)}'s Road [provisional].",
         cards=(card,), actor=seat)


def _march_step(c: Ctx, d: Decision, a: Action) -> None:
    seat = d.actor
    _march_use(c, seat, a.param("camp") - 1, a.param("clan"))
    c.ask(March(actor=seat, used=d.used + [a.param("camp") - 1]))


def _finish_march(c: Ctx, d: Decision, a: Action) -> None:
    c.ev("sp.march.multiple", f"{c.who(d.actor)} finishes the March.", actor=d.actor)


def _battle_discard(c: Ctx, d: Decision, a: Action) -> None:
    seat = d.actor
    p = c.state.players[seat]
    card = next(x for x in p.hand if clan_of(x) == a.param("clan"))
    p.hand.remove(card)
    c.state.discard.append(card)
    c.ev("sp.battle.discard", f"{c.who(seat)} discards {c.card(card)} ({len(p.hand)} left in hand).",
         cards=(card,), actor=seat)


def _score_medal(c: Ctx, d: Decision, a: Action) -> None:
    g, seat = c.game, d.actor
    p = c.state.players[seat]
    al = allegiance(c.state, a.param("clan"))
    v = g.cards.medals[medal_kind(al.medal)].value
    p.spirit += v
    al.exhausted = True
    c.ev("sp.battle.medal.score", f"{c.who(seat)} scores the {c.clan(al.clan)} {c.medal(al.medal)} medal for "
         f"{v} Spirit ({p.spirit} now) and exhausts it (now worth {medal_value(g, al)}).", actor=seat)


def _replace_medal(c: Ctx, d: Decision, a: Action) -> None:
    al = allegiance(c.state, a.param("clan"))
    old = al.medal
    return_medal(c, al)
    al.medal = take_medal(c, "bronze")
    c.ev("sp.battle.medal.replace", f"{c.who(d.actor)} returns the exhausted {c.medal(old)} medal of the "
         f"{c.clan(al.clan)} Allegiance to the supply and takes a fresh Bronze medal.", actor=d.actor)


def _final_recruit(c: Ctx, d: Decision, a: Action) -> None:
    seat = d.actor
    p = c.state.players[seat]
    card = next(x for x in p.hand if clan_of(x) == a.param("clan"))
    p.hand.remove(card)
    _recruit(c, seat, card, a.param("camp") - 1)
    c.push(Ask(seat=seat, decision=FinalRecruit(actor=seat)))


#: The answer to a pending decision, by the kind of the chosen option (each kind belongs to one meaning; registered
#: once in the game's flow, :data:`.game.FLOW`).
ANSWERS = {
    "stack-card": _reveal, "place-shield": _reveal, "break-shield": _reveal, "skip": _skip, "done": _skip,
    "play-card": _play_card, "rally": _answer_rally, "recruit": _answer_recruit,
    "recruit-face-down": _answer_recruit, "raid": _raid,
    "wonder-card": lambda c, d, a: _wonder_card(c, d.actor, a.param("clan"), a.param("source")),
    "take-wonder": lambda c, d, a: _take_wonder(c, d.actor, a.param("wonder")),
    "march-use": _march_step, "finish-march": _finish_march, "discard": _battle_discard,
    "score-medal": _score_medal, "replace-medal": _replace_medal,
    "manoeuvre": lambda c, d, a: _manoeuvre(c, d.actor, a.param("road"), a.param("hand")),
    "final-recruit": _final_recruit,
}


def _wonder_card(c: Ctx, seat: int, clan: str, source: str) -> None:
    s = c.state
    p = s.players[seat]
    if source == "road":
        card = take_from_road(c, seat, clan)
    elif source == "hand":
        card = next(x for x in p.hand if clan_of(x) == clan)
        p.hand.remove(card)
    else:
        camp = p.camps[int(source[-1]) - 1]
        cc = next(x for x in reversed(camp) if x.face_up)
        camp.remove(cc)
        card = cc.card
    s.discard.append(card)
    where = {"road": "their Road", "hand": "their Hand"}.get(source, f"Camp {source[-1]}")
    c.ev("sp.wonder.sources", f"{c.who(seat)} spends {c.card(card)} from {where} (discarded).", cards=(card,),
         actor=seat)


def _take_wonder(c: Ctx, seat: int, w: str) -> None:
    s = c.state
    p = s.players[seat]
    wd = c.cards.wonder[w]
    s.wonder_display[s.wonder_display.index(w)] = None
    p.wonders.append(w)
    p.spirit += wd.spirit
    c.ev("sp.wonder.take", f"{c.who(seat)} takes {c.game.wonder_label(w)} and gains {wd.spirit} Spirit "
         f"[provisional] ({p.spirit} now).", cards=(w,), actor=seat)
    c.push(WonderRefill(seat=seat, card=w))
    run_effect(c, Use(seat, wd.name, "sp.provisional.wonder"), wd.effect)


def _march_use(c: Ctx, seat: int, camp: int, clan: str) -> None:
    g, s = c.game, c.state
    p = s.players[seat]
    n = sum(1 for x in p.camps[camp] if x.face_up)
    down = len(p.camps[camp]) - n
    c.ev("sp.ruling.march-all-cards", f"Camp {camp + 1} marches with all {n} of its face-up {c.clan(clan)} cards"
         + (f"; its {down} face-down card{'s' if down != 1 else ''} show no clan and do not count." if down else "."),
         auto=True, actor=seat)
    al = allegiance(s, clan)
    kind = medal_for(n)
    victim = al.holder
    if victim is None:
        clause = "sp.march.forge"
        text = f"{c.who(seat)} forges the {c.clan(clan)} Allegiance with {n} cards from Camp {camp + 1}, takes"
    else:
        clause = "sp.march.steal"
        whose = "their own" if victim == seat else f"{c.who(victim)}'s"
        text = (f"{c.who(seat)} steals {whose} {c.clan(clan)} Allegiance with {n} cards from Camp {camp + 1} (more "
                f"than its medal's value {medal_value(g, al)}). The old {c.medal(al.medal)} medal returns to the "
                f"supply, and {c.who(seat)} takes")
        if al.exhausted:
            c.ev("sp.ruling.steal-exhausted", f"The {c.medal(al.medal)} medal is exhausted, so its current value is "
                 f"{medal_value(g, al)} and {medal_value(g, al) + 1} cards are enough to steal it.", actor=seat)
        return_medal(c, al)
    al.holder = seat
    al.medal = take_medal(c, kind)
    al.exhausted = False
    v = g.cards.medals[kind].value
    p.spirit += v
    c.ev(clause, f"{text} {article(c.medal(kind))} medal and gains {v} Spirit ({p.spirit} now).", actor=seat)
    if victim is not None and victim != seat:
        cc = next(x for x in reversed(p.camps[camp]) if x.face_up)
        p.camps[camp].remove(cc)
        them = s.players[victim]
        st = stack(them, clan)
        c.ev("sp.march.give", f"{c.who(seat)} gives {c.card(cc.card)} from Camp {camp + 1} to {c.who(victim)}.",
             cards=(cc.card,), actor=seat)
        if st is not None and st.shield is not None:
            them.hand.append(cc.card)
            c.ev("sp.ruling.give-card", f"Their {c.clan(clan)} stack is Shielded, so the card goes to their Hand "
                 "instead of their Road.", cards=(cc.card,), actor=seat)
        else:
            add_to_road(them, cc.card)
            c.ev("sp.ruling.give-card", f"It goes face up onto {c.who(victim)}'s Road.", cards=(cc.card,),
                 actor=seat)


def _manoeuvre(c: Ctx, seat: int, road_clan: str, hand_clan: str) -> None:
    p = c.state.players[seat]
    st = stack(p, road_clan)
    shield = st.shield if len(st.cards) == 1 else None
    if shield:
        st.shield = None
    out = st.cards.pop()
    if not st.cards:
        drop_stack(p, st)
    card = next(x for x in p.hand if clan_of(x) == hand_clan)
    p.hand.remove(card)
    p.hand.append(out)
    add_to_road(p, card)
    c.ev("sp.battle.manoeuvre", f"{c.who(seat)} Manoeuvres: {c.card(out)} goes from the Road to the Hand and "
         f"{c.card(card)} from the Hand to the Road.", cards=(out, card), actor=seat)
    if shield:
        stack(p, hand_clan).shield = shield
        c.ev("sp.shield.manoeuvre", f"The Shield stays with the card that replaced the one under it: it now "
             f"covers the {c.clan(hand_clan)} stack.", cards=(shield,), actor=seat)
