"""Choices inside Spirited actions and Battles, as pending decisions whose options are the next legal actions.

Rulebook sections: "Rally vs Recruit", "Turn Structure" (Scout, Build a Wonder, March), "Shields", "Battles & the
Time Track". The engine never picks for a player; a choice with one option and no way to skip resolves itself and
says so (ruling ``sp.ruling.single-option``). Options name a clan, not a card: cards of a clan are interchangeable
(ruling ``sp.ruling.same-clan-cards``).
"""
from __future__ import annotations

from ...core.model import Action, make_action, mark_before_stop
from .cards import clan_of
from .state import Decision, SPState
from .zones import allegiance, camp_accepts, camp_clan, camp_count, held, medal_value, road_clans, stack


def _an(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def hand_clans(s: SPState, seat: int) -> list[str]:
    """Distinct clans in ``seat``'s hand, sorted."""
    return sorted(set(clan_of(x) for x in s.players[seat].hand))


def recruit_options(g, s: SPState, seat: int, clans: list[str]) -> list[tuple[str, int]]:
    """(clan, camp) pairs where a card of ``clan`` may be Recruited (sp.recruit.camp)."""
    p = s.players[seat]
    return [(cl, i) for cl in clans for i in range(2) if camp_accepts(p, i, cl)]


def march_options(g, s: SPState, seat: int, used: list[int]) -> list[tuple[int, str, str]]:
    """(camp, clan, "forge"|"steal") a March may still do with an unused Camp (sp.march.forge, sp.march.steal)."""
    p = s.players[seat]
    n_held = len(held(s, seat))
    out = []
    for i in range(2):
        clan = camp_clan(p.camps[i])
        if i in used or clan is None or clan not in s.clans:
            continue
        n = camp_count(p, i)
        a = allegiance(s, clan)
        if a.holder is None:
            if n >= 2 and n_held < 3:
                out.append((i, clan, "forge"))
        elif n >= medal_value(g, a) + 1 and (a.holder == seat or n_held < 3):
            out.append((i, clan, "steal"))
    return out


def wonder_sources(s: SPState, seat: int, clan: str) -> list[str]:
    """Where ``seat`` can take a card of ``clan`` for a Wonder: ``road``, ``camp1``, ``camp2``, ``hand``."""
    p = s.players[seat]
    out = []
    st = stack(p, clan)
    if st is not None and st.cards:
        out.append("road")
    for i in range(2):
        if camp_clan(p.camps[i]) == clan:
            out.append(f"camp{i + 1}")
    if any(clan_of(x) == clan for x in p.hand):
        out.append("hand")
    return out


def manoeuvre_options(s: SPState, seat: int) -> list[tuple[str, str]]:
    """(road clan, hand clan) swaps allowed (sp.battle.manoeuvre; ruling sp.ruling.manoeuvre-shield)."""
    p = s.players[seat]
    out = []
    for rc in road_clans(p):
        st = stack(p, rc)
        for hc in hand_clans(s, seat):
            if hc == rc:
                continue
            target = stack(p, hc)
            if st.shield and len(st.cards) == 1 and target is not None and target.shield:
                continue
            out.append((rc, hc))
    return out


def decision_actions(g, s: SPState, d: Decision) -> list[Action]:
    """The legal actions that answer decision ``d``."""
    seat = d.actor
    p = s.players[seat]
    out: list[Action] = []
    a = lambda kind, label, why, clauses, **kw: out.append(make_action(kind, seat, label, why, clauses, **kw))
    name = lambda clan: g.cards.clan[clan].name
    # The most frequent options are built once and kept in g.action_memo (get(key) or put(key, built)), keyed by
    # every value their id, label, why and clauses are made from.
    get, put = g.action_memo.get, g.action_memo.put
    add = out.append
    k = d.kind
    if k == "reveal":
        clan = clan_of(d.card)
        st = stack(p, clan)
        key = ("stack-card", seat, clan, d.purpose)
        add(get(key) or put(key, make_action(
            "stack-card", seat, f"Stack the {name(clan)} card face up", "A revealed card joins its clan's stack on "
            "your Road.", ("sp.road.stack", d.purpose))))
        if st.shield is None:
            key = ("place-shield", seat, clan)
            add(get(key) or put(key, make_action(
                "place-shield", seat, f"Place it face down as a Shield on your {name(clan)} stack",
                "A card revealed onto a stack of its own clan may become that stack's Shield (the tutor's "
                "ruling: the summary does not say how a Shield is placed).", ("sp.shield.place", "sp.shield"))))
        else:
            key = ("break-shield", seat, clan)
            add(get(key) or put(key, make_action(
                "break-shield", seat, f"Break the {name(clan)} Shield (discard the Shield and this card)",
                "A new card of a Shielded clan was drawn onto your Road: Breaking is optional.",
                ("sp.shield.break",))))
    elif k == "scout-play":
        for clan in hand_clans(s, seat):
            key = ("play-card", seat, clan)
            add(get(key) or put(key, make_action(
                "play-card", seat,
                f"Play {_an(name(clan))} card: {mark_before_stop(g.cards.clan[clan].power.text, ' [provisional]')}",
                "Scouting lets you play 1 card from your Hand first; it is resolved, then discarded.",
                ("sp.scout.play", "sp.provisional.power"), clan=clan)))
        key = ("skip", seat, "scout-play")
        add(get(key) or put(key, make_action("skip", seat, "Play no card", "Playing a card is optional when you "
                                             "Scout.", ("sp.scout.play",))))
    elif k in ("scout-take", "effect-rally", "bonus-rally", "effect-recruit"):
        cl = _TAKE_CLAUSE[k]
        clans = road_clans(p)
        if k != "effect-recruit":
            for clan in clans:
                key = ("rally", seat, clan, cl)
                add(get(key) or put(key, make_action(
                    "rally", seat, f"Rally {_an(name(clan))} card into your Hand", "Rally moves a face-up Road card "
                    "into your Hand.", ("sp.rally", cl, "sp.ruling.same-clan-cards"), clan=clan)))
        if k in ("scout-take", "effect-recruit"):
            for clan, camp in recruit_options(g, s, seat, clans):
                key = ("recruit", seat, clan, camp, cl) + _camp_why_key(p, camp, clan)
                add(get(key) or put(key, make_action(
                    "recruit", seat, f"Recruit {_an(name(clan))} card into Camp {camp + 1}",
                    _camp_why(p, camp, clan, name), ("sp.recruit", "sp.recruit.camp", cl, "sp.ruling.same-clan-cards"),
                    clan=clan,
                    camp=camp + 1)))
        if k != "scout-take":
            key = ("skip", seat, k)
            add(get(key) or put(key, make_action(
                "skip", seat, "Skip the Recruit" if k == "effect-recruit" else "Skip the Rally",
                "This step is optional.", (cl,))))
    elif k == "raid":
        for o in s.players:
            if o.seat == seat:
                continue
            for st in o.road:
                if st.cards and st.shield is None:
                    a("raid", f"Discard {_an(name(st.clan))} card from Player {o.seat + 1}'s Road [provisional]",
                      "The power may hit any face-up card of an opponent that no Shield protects.",
                      ("sp.provisional.power", "sp.shield.protect"), target=o.seat + 1, clan=st.clan)
        a("skip", "Discard nothing", "The power is optional.", ("sp.provisional.power",))
    elif k == "wonder-source":
        for src in wonder_sources(s, seat, d.clan):
            where = {"road": "your Road (face up)", "hand": "your Hand"}.get(src, f"Camp {src[-1]} (face up)")
            a("wonder-card", f"Spend {_an(name(d.clan))} card from {where}", "A Wonder needs one card of each clan, "
              "from face-up Road or Camp cards or the Hand.", ("sp.wonder.sources",), clan=d.clan, source=src)
    elif k == "take-wonder":
        for w in s.wonder_display:
            if w is not None:
                a("take-wonder", f"Take {g.wonder_label(w)}", "You spent one card of each clan: take 1 of the "
                  "Wonders on display.", ("sp.wonder.take", "sp.provisional.wonder"), wonder=w)
    elif k == "march":
        for camp, clan, how in march_options(g, s, seat, d.used):
            n = camp_count(p, camp)
            al = allegiance(s, clan)
            if how == "forge":
                a("march-use", f"Forge the {name(clan)} Allegiance with Camp {camp + 1} ({n} cards)",
                  f"{n} face-up {name(clan)} cards forge an unclaimed Allegiance (2 Bronze, 3 Silver, 4+ Gold).",
                  ("sp.march.forge", "sp.march", "sp.ruling.march-all-cards"), camp=camp + 1, clan=clan)
            else:
                whose = "your own" if al.holder == seat else f"Player {al.holder + 1}'s"
                a("march-use", f"Steal {whose} {name(clan)} Allegiance with Camp {camp + 1} ({n} cards)",
                  f"{n} cards is more than its medal's current value ({medal_value(g, al)}"
                  + (", one less as it is exhausted)." if al.exhausted else ")."),
                  ("sp.march.steal", "sp.march", "sp.ruling.march-all-cards")
                  + (("sp.ruling.steal-exhausted",) if al.exhausted else ()),
                  camp=camp + 1, clan=clan)
        if d.used:
            a("finish-march", "Finish the March (Regroup)", "You may stop after any Allegiance.",
              ("sp.march.multiple", "sp.march.regroup"))
    elif k == "battle-discard":
        for clan in hand_clans(s, seat):
            a("discard", f"Discard {_an(name(clan))} card ({len(p.hand)} in hand)", "In a Battle you discard down to 5 "
              "cards in hand.", ("sp.battle.discard",), clan=clan)
    elif k == "battle-medal":
        for al in held(s, seat):
            if not al.exhausted:
                a("score-medal", f"Score the {name(al.clan)} medal ({medal_value(g, al)} Spirit, then exhaust it)",
                  "A refreshed medal scores its printed value, then is flipped (its value drops by 1).",
                  ("sp.battle.medal.score",), clan=al.clan)
            else:
                a("replace-medal", f"Swap the exhausted {name(al.clan)} medal for a fresh Bronze",
                  "Instead of scoring you may return an exhausted medal and take a fresh Bronze.",
                  ("sp.battle.medal.replace",), clan=al.clan)
        a("skip", "Neither score nor replace a medal", "Scoring and replacing are both optional.",
          ("sp.ruling.medal-optional", "sp.battle.medal.score"))
    elif k == "bonus-recruit":
        for clan, camp in recruit_options(g, s, seat, road_clans(p)):
            key = ("recruit-face-down", seat, clan, camp)
            add(get(key) or put(key, make_action(
                "recruit-face-down", seat, f"Recruit {_an(name(clan))} card face down into Camp {camp + 1}",
                "With no Allegiance, the open City Board space grants a face-down Recruit.",
                ("sp.battle.bonus", "sp.recruit.camp", "sp.ruling.facedown-camp"), clan=clan, camp=camp + 1)))
        key = ("skip", seat, k)
        add(get(key) or put(key, make_action(
            "skip", seat, "Skip the face-down Recruit", "Bonus actions are optional.", ("sp.battle.bonus",))))
    elif k == "bonus-manoeuvre":
        for rc, hc in manoeuvre_options(s, seat):
            key = ("manoeuvre", seat, rc, hc)
            add(get(key) or put(key, make_action(
                "manoeuvre", seat, f"Manoeuvre: swap {_an(name(rc))} card on your Road with {_an(name(hc))} card "
                "from your Hand", "Open City Board spaces grant a Manoeuvre in Battles.",
                ("sp.battle.manoeuvre", "sp.shield.manoeuvre"), road=rc, hand=hc)))
        key = ("skip", seat, k)
        add(get(key) or put(key, make_action(
            "skip", seat, "Skip the Manoeuvre", "Bonus actions are optional.",
            ("sp.battle.bonus", "sp.battle.manoeuvre"))))
    elif k == "final-recruit":
        for clan, camp in recruit_options(g, s, seat, hand_clans(s, seat)):
            key = ("final-recruit", seat, clan, camp)
            add(get(key) or put(key, make_action(
                "final-recruit", seat, f"Recruit {_an(name(clan))} card from your Hand into Camp {camp + 1}",
                "In the Final Battle you may Recruit any number of cards from your Hand into legal Camps.",
                ("sp.final.recruit", "sp.recruit.camp"), clan=clan, camp=camp + 1)))
        key = ("done", seat, k)
        add(get(key) or put(key, make_action(
            "done", seat, "Stop Recruiting from your Hand", "Any number, including none.", ("sp.final.recruit",))))
    else:  # pragma: no cover
        raise ValueError(f"unknown decision kind {k!r}")
    return out


_TAKE_CLAUSE = {"scout-take": "sp.scout.take", "effect-rally": "sp.provisional.power", "bonus-rally": "sp.battle.bonus",
                "effect-recruit": "sp.provisional.power"}


def _camp_why_key(p, camp: int, clan: str) -> tuple[bool, bool]:
    """What :func:`_camp_why` reads of the Camp: whether it holds ``clan`` cards, whether it holds any card."""
    return camp_clan(p.camps[camp]) == clan, bool(p.camps[camp])


def _camp_why(p, camp: int, clan: str, name) -> str:
    cc = camp_clan(p.camps[camp])
    if cc == clan:
        return f"Camp {camp + 1} already holds {name(clan)} cards."
    if p.camps[camp]:
        return f"Camp {camp + 1} holds only face-down cards."
    return f"Camp {camp + 1} is empty."
