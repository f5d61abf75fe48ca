"""Spirited: which actions are legal now, why, and which tempting ones are not ("Turn Structure", "Rally vs
Recruit", "Marching & Allegiances", "Shields").

Pure functions of (game, state). Action ids are ``kind`` or ``kind:name=value,...`` (params sorted), so they are
stable for the same state and never parsed back.
"""
from __future__ import annotations

from ...core.model import Action, Blocked, make_blocked, sort_actions
from .decisions import decision_actions, hand_clans, make_action, manoeuvre_options, march_options, wonder_sources
from .state import SPState
from .zones import allegiance, camp_clan, camp_count, face_up, held, medal_value, road_clans, stack


def legal_actions(g, s: SPState) -> list[Action]:
    """All legal actions in ``s``, sorted by id (empty once the game is over)."""
    if s.phase == "over":
        return []
    if s.pending:
        return sort_actions(decision_actions(g, s, s.pending[-1]))
    return sort_actions(main_actions(g, s))



def can_build(g, s: SPState, seat: int) -> list[str]:
    """Clans ``seat`` is missing for a Wonder (empty: a Wonder can be built)."""
    missing = [cl for cl in s.clans if not wonder_sources(s, seat, cl)]
    if not any(w is not None for w in s.wonder_display):
        return ["(no Wonder on display)"]
    return missing


def main_actions(g, s: SPState) -> list[Action]:
    """The three turn actions: Scout always; Build a Wonder and March when possible."""
    seat = s.current
    get, put = g.action_memo.get, g.action_memo.put  # built once (keyed by every value they are made from)
    key = ("scout", seat)
    out = [get(key) or put(key, make_action(
        "scout", seat, "Scout (play a card, Rally or Recruit 1, Summon 2)",
        "Scouting is always possible as your one action this turn.", ("sp.scout", "sp.turn.one-action")))]
    if not can_build(g, s, seat):
        n = len(s.clans)
        key = ("build-wonder", seat, n)
        out.append(get(key) or put(key, make_action(
            "build-wonder", seat, "Build a Wonder (spend 1 card of each clan)", f"You can spend one card of each of "
            f"the {n} clans from your face-up Road or Camp cards or your Hand.", ("sp.wonder", "sp.turn.one-action"))))
    if march_options(g, s, seat, []):
        key = ("march", seat)
        out.append(get(key) or put(key, make_action(
            "march", seat, "March (forge or steal Allegiances with your Camps, then Regroup)",
            "A Camp holds enough face-up cards to forge or steal an Allegiance.", ("sp.march", "sp.turn.one-action"))))
    return out


def blocked_actions(g, s: SPState) -> list[Blocked]:
    """Tempting actions the player to act may not take now, each with the forbidding clause."""
    if s.phase == "over":
        return []
    seat = s.pending[-1].actor if s.pending else s.current
    p = s.players[seat]
    out: list[Blocked] = []
    name = lambda clan: g.cards.clan[clan].name

    def no(kind: str, label: str, clause: str, why: str, **params) -> None:
        out.append(make_blocked(kind, seat, label, clause, why, **params))

    for st in p.road:
        if st.shield:
            no("rally", f"Rally the {name(st.clan)} Shield", "sp.shield.no-rally",
               "a Shield is face down; only face-up cards can be Rallied or Recruited", shield=st.clan)
            no("recruit", f"Recruit the {name(st.clan)} Shield", "sp.shield.no-rally",
               "a Shield is face down; only face-up cards can be Rallied or Recruited", shield=st.clan)
    d = s.pending[-1] if s.pending else None
    reveal = d is not None and d.kind == "reveal"
    if not reveal:
        for st in p.road:
            if st.cards and st.shield is None:
                no("place-shield", f"Shield the {name(st.clan)} stack now", "sp.shield.no-retro",
                   "a Shield is only placed when a card is revealed onto your Road, never afterwards", clan=st.clan)
    if d is not None and d.kind == "bonus-manoeuvre":
        allowed = set(manoeuvre_options(s, seat))
        for rc in road_clans(p):
            for hc in hand_clans(s, seat):
                if hc != rc and (rc, hc) not in allowed:
                    no("manoeuvre", f"Manoeuvre {name(rc)} for {name(hc)}", "sp.ruling.manoeuvre-shield",
                       f"the {name(rc)} card is the last one under a Shield and the {name(hc)} stack already has its "
                       "own Shield; a stack holds one Shield", road=rc, hand=hc)
    if d is None or d.kind in ("scout-take", "effect-recruit", "bonus-recruit", "final-recruit"):
        clans = road_clans(p) if d is None or d.kind != "final-recruit" else sorted({x.split("-")[0] for x in p.hand})
        for clan in clans:
            for i in range(2):
                cc = camp_clan(p.camps[i])
                if cc is not None and cc != clan:
                    no("recruit", f"Recruit a {name(clan)} card into Camp {i + 1}", "sp.recruit.camp",
                       f"Camp {i + 1} holds {name(cc)} cards; a Camp takes a card only if it is empty, holds only "
                       "face-down cards, or already holds that clan", clan=clan, camp=i + 1)
    if d is not None and d.kind == "bonus-manoeuvre":
        allowed = set(manoeuvre_options(s, seat))
        hand = {x.split("-")[0] for x in p.hand}
        for st in p.road:
            for hc in sorted(hand - {st.clan}):
                target = stack(p, hc)
                if (st.clan, hc) not in allowed and st.cards and target is not None and target.shield:
                    no("manoeuvre", f"Manoeuvre: swap the {name(st.clan)} card for {name(hc)}",
                       "sp.ruling.manoeuvre-shield", f"it is the last card on the {name(st.clan)} Shield, and the "
                       f"{name(hc)} stack already has its own Shield: a stack holds one Shield")
    for o in s.players:
        if o.seat != seat:
            for st in o.road:
                if st.shield:
                    no("raid", f"Discard from Player {o.seat + 1}'s {name(st.clan)} stack", "sp.shield.protect",
                       "it is Shielded: opponents cannot touch Shielded cards", target=o.seat + 1, clan=st.clan)
    if d is None:
        missing = can_build(g, s, seat)
        if missing:
            no("build-wonder", "Build a Wonder", "sp.wonder.sources",
               "you need one face-up Road or Camp card or a Hand card of every clan; missing: "
               + ", ".join(name(m) if m in g.cards.clan else m for m in missing))
        _march_blocked(g, s, seat, no, name)
    return out


def _march_blocked(g, s: SPState, seat: int, no, name) -> None:
    p = s.players[seat]
    n_held = len(held(s, seat))
    any_camp = False
    for i in range(2):
        clan = camp_clan(p.camps[i])
        if clan is None:
            continue
        any_camp = True
        n = camp_count(p, i)
        al = allegiance(s, clan)
        label = f"March with Camp {i + 1} ({n} {name(clan)})"
        if al.holder is None and n < 2:
            no("march", label, "sp.march.forge", "forging needs at least 2 cards of the clan", camp=i + 1, clan=clan)
        elif al.holder is None and n_held >= 3:
            no("march", label, "sp.march.max-three", "you already hold 3 Allegiances", camp=i + 1, clan=clan)
        elif al.holder is not None and n < medal_value(g, al) + 1:
            no("march", label, "sp.ruling.steal-exhausted" if al.exhausted else "sp.march.steal",
               f"stealing needs at least {medal_value(g, al) + 1} cards (one more than the medal's current value "
               f"{medal_value(g, al)}{', one less as it is exhausted' if al.exhausted else ''})", camp=i + 1,
               clan=clan)
        elif al.holder is not None and al.holder != seat and n_held >= 3:
            no("march", label, "sp.march.max-three", "you already hold 3 Allegiances", camp=i + 1, clan=clan)
    if not any_camp:
        no("march", "March", "sp.march", "your Camps hold no face-up cards")
