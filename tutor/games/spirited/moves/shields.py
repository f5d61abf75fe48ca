"""Shields (Shields): a card revealed onto a stack of its own clan may become that stack's face-down Shield, or break
the Shield it already has; a Shield is never placed afterwards, is never Rallied or Recruited, and protects its
stack from opponents (a power's discard, ``raid``).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built
from ..cards import clan_of
from ..state import SPState
from ..zones import stack
from .common import actor, an, clan_name

FACE_DOWN = "a Shield is face down; only face-up cards can be Rallied or Recruited"


def shielded(g, s: SPState, out: Check) -> None:
    """Refusals only: a Shield of the player to act can be neither Rallied nor Recruited (``sp.shield.no-rally``)."""
    if not out.wants_blocked:
        return
    seat = actor(s, out)
    for st in s.players[seat].road:
        if st.shield:
            name = clan_name(g, st.clan)
            out.no("rally", seat, f"Rally the {name} Shield", "sp.shield.no-rally", FACE_DOWN, shield=st.clan)
            out.no("recruit", seat, f"Recruit the {name} Shield", "sp.shield.no-rally", FACE_DOWN, shield=st.clan)


@built
def stack_card_action(g, seat: int, clan: str, purpose: str) -> Action:
    return make_action("stack-card", seat, f"Stack the {clan_name(g, clan)} card face up", "A revealed card joins its "
                       "clan's stack on your Road.", ("sp.road.stack", purpose))


@built
def place_shield_action(g, seat: int, clan: str) -> Action:
    # the rulebook's words ("Shields": a face-down card placed on top of a face-up clan card on your Road; a
    # "Shielded clan"), said as a player would (trial 13, item W1: "Place it face down as a Shield on your Sao stack")
    return make_action("place-shield", seat, f"Shield your {clan_name(g, clan)} clan: place this card face down on top",
                       "A card revealed onto a stack of its own clan may become that stack's Shield (the tutor's "
                       "ruling: the summary does not say how a Shield is placed).", ("sp.shield.place", "sp.shield"))


@built
def break_shield_action(g, seat: int, clan: str) -> Action:
    return make_action("break-shield", seat, f"Break the {clan_name(g, clan)} Shield (discard the Shield and this "
                       "card)", "A new card of a Shielded clan was drawn onto your Road: Breaking is optional.",
                       ("sp.shield.break",))


def reveal(g, s: SPState, out: Check) -> None:
    """A card revealed onto the Road (decision ``reveal``): stack it face up, and place it as the stack's Shield when
    it has none, else break the Shield (a second Shield is refused, ruling ``sp.shield.place``). At any other time placing a Shield on a face-up stack is refused
    (``sp.shield.no-retro``)."""
    d = out.decision
    seat = actor(s, out)
    p = s.players[seat]
    if d is not None and d.kind == "reveal":
        clan = clan_of(d.card)
        out.ok(stack_card_action(g, seat, clan, d.purpose))
        if stack(p, clan).shield is None:
            out.ok(place_shield_action(g, seat, clan))
        else:
            out.ok(break_shield_action(g, seat, clan))
            # a second Shield is tempting; the tutor's ruling places a Shield only on an unshielded stack (worded
            # only when refusals are wanted)
            if out.wants_blocked:
                out.no("place-shield", seat, f"Shield your {clan_name(g, clan)} clan again (a second Shield)",
                       "sp.shield.place", "this stack already has its Shield; you may break it or stack the card",
                       clan=clan)
        return
    if out.wants_blocked:
        for st in p.road:
            if st.cards and st.shield is None:
                out.no("place-shield", seat, f"Shield the {clan_name(g, st.clan)} stack now", "sp.shield.no-retro",
                       "a Shield is only placed when a card is revealed onto your Road, never afterwards",
                       clan=st.clan)


def raid(g, s: SPState, out: Check) -> None:
    """A power's discard from an opponent's Road (decision ``raid``, provisional): any face-up card of a stack no
    Shield protects, or nothing; a Shielded stack of an opponent is refused (``sp.shield.protect``) at any time."""
    d = out.decision
    raiding = d is not None and d.kind == "raid"
    if not raiding and not out.wants_blocked:
        return
    seat = actor(s, out)
    for o in s.players:
        if o.seat == seat:
            continue
        for st in o.road:
            if st.shield:
                if out.wants_blocked:
                    out.no("raid", seat, f"Discard from Player {o.seat + 1}'s {clan_name(g, st.clan)} stack",
                           "sp.shield.protect", "it is Shielded: opponents cannot touch Shielded cards",
                           target=o.seat + 1, clan=st.clan)
            elif raiding and st.cards:
                out.ok(make_action("raid", seat, f"Discard {an(clan_name(g, st.clan))} card from Player {o.seat + 1}'s "
                                   "Road [provisional]", "The power may hit any face-up card of an opponent that no "
                                   "Shield protects.", ("sp.provisional.power", "sp.shield.protect"),
                                   target=o.seat + 1, clan=st.clan))
    if raiding:
        out.ok(make_action("skip", seat, "Discard nothing", "The power is optional.", ("sp.provisional.power",)))
