"""The Battle's choices for a player (Battles & the Time Track): discarding down to the hand limit, scoring or
replacing medals, and the Manoeuvre bonus action, which swaps a face-up Road card with a Hand card of another clan
(``sp.battle.manoeuvre``), except the last face-up card under a Shield for a clan whose stack already has its own
Shield: a stack holds one Shield (ruling ``sp.ruling.manoeuvre-shield``). The Battle's face-down Recruit and Rally
bonus actions are in :mod:`.rally_recruit`.
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built
from ..state import SPState
from ..zones import hand_clans, held, medal_value, road_clans, stack
from .common import an, clan_name


@built
def manoeuvre_action(g, seat: int, road: str, hand: str) -> Action:
    return make_action("manoeuvre", seat, f"Manoeuvre: swap {an(clan_name(g, road))} card on your Road with "
                       f"{an(clan_name(g, hand))} card from your Hand", "Open City Board spaces grant a Manoeuvre in "
                       "Battles.", ("sp.battle.manoeuvre", "sp.shield.manoeuvre"), road=road, hand=hand)


@built
def skip_manoeuvre_action(g, seat: int) -> Action:
    return make_action("skip", seat, "Skip the Manoeuvre", "Bonus actions are optional.",
                       ("sp.battle.bonus", "sp.battle.manoeuvre"))


def manoeuvre(g, s: SPState, out: Check) -> None:
    """Decision ``bonus-manoeuvre``: each (Road clan, Hand clan) swap, or skip; a swap that would leave a Shield with
    no face-up card onto a stack that has its own Shield is refused."""
    d = out.decision
    if d is None or d.kind != "bonus-manoeuvre":
        return
    seat = d.actor
    p = s.players[seat]
    hands = hand_clans(p)
    for rc in road_clans(p):
        st = stack(p, rc)
        for hc in hands:
            if hc == rc:
                continue
            target = stack(p, hc)
            if st.shield and len(st.cards) == 1 and target is not None and target.shield:
                if out.wants_blocked:
                    out.no("manoeuvre", seat, f"Manoeuvre {clan_name(g, rc)} for {clan_name(g, hc)}",
                           "sp.ruling.manoeuvre-shield", f"the {clan_name(g, rc)} card is the last one under a Shield "
                           f"and the {clan_name(g, hc)} stack already has its own Shield; a stack holds one Shield",
                           road=rc, hand=hc)
            else:
                out.ok(manoeuvre_action(g, seat, rc, hc))
    out.ok(skip_manoeuvre_action(g, seat))


def discard(g, s: SPState, out: Check) -> None:
    """Decision ``battle-discard``: discard a card of a clan in the Hand, down to the Battle's hand limit
    (``sp.battle.discard``)."""
    d = out.decision
    if d is None or d.kind != "battle-discard":
        return
    seat = d.actor
    p = s.players[seat]
    for clan in hand_clans(p):
        out.ok(make_action("discard", seat, f"Discard {an(clan_name(g, clan))} card ({len(p.hand)} in hand)",
                           "In a Battle you discard down to 5 cards in hand.", ("sp.battle.discard",), clan=clan))


def medal(g, s: SPState, out: Check) -> None:
    """Decision ``battle-medal``: score a refreshed medal (then exhaust it), swap an exhausted one for a fresh
    Bronze, or neither."""
    d = out.decision
    if d is None or d.kind != "battle-medal":
        return
    seat = d.actor
    for al in held(s, seat):
        if not al.exhausted:
            out.ok(make_action("score-medal", seat, f"Score the {clan_name(g, al.clan)} medal ({medal_value(g, al)} "
                               "Spirit, then exhaust it)", "A refreshed medal scores its printed value, then is "
                               "flipped (its value drops by 1).", ("sp.battle.medal.score",), clan=al.clan))
        else:
            out.ok(make_action("replace-medal", seat, f"Swap the exhausted {clan_name(g, al.clan)} medal for a fresh "
                               "Bronze", "Instead of scoring you may return an exhausted medal and take a fresh "
                               "Bronze.", ("sp.battle.medal.replace",), clan=al.clan))
    out.ok(make_action("skip", seat, "Neither score nor replace a medal", "Scoring and replacing are both optional.",
                       ("sp.ruling.medal-optional", "sp.battle.medal.score")))
