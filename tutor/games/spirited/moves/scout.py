"""Scout (Turn Structure): the turn action that is always possible. It first lets the player play 1 card from the
Hand (decision ``scout-play``: a card of each clan in the Hand, or none); taking a card (Rally or Recruit 1) is in
:mod:`.rally_recruit`.
"""
from __future__ import annotations

from ....core.model import Action, make_action, mark_before_stop
from ....core.moves import Check, built
from ..state import SPState
from ..zones import hand_clans
from .common import an, clan_name


@built
def scout_action(g, seat: int) -> Action:
    return make_action("scout", seat, "Scout (play a card, Rally or Recruit 1, Summon 2)",
                       "Scouting is always possible as your one action this turn.", ("sp.scout", "sp.turn.one-action"))


def scout(g, s: SPState, out: Check) -> None:
    """Main turn: Scout is always legal (``sp.scout``)."""
    if out.decision is None:
        out.ok(scout_action(g, s.current))


@built
def play_card_action(g, seat: int, clan: str) -> Action:
    return make_action("play-card", seat, f"Play {an(clan_name(g, clan))} card: "
                       f"{mark_before_stop(g.cards.clan[clan].power.text, ' [provisional]')}",
                       "Scouting lets you play 1 card from your Hand first; it is resolved, then discarded.",
                       ("sp.scout.play", "sp.provisional.power"), clan=clan)


@built
def play_no_card_action(g, seat: int) -> Action:
    return make_action("skip", seat, "Play no card", "Playing a card is optional when you Scout.", ("sp.scout.play",))


def play_card(g, s: SPState, out: Check) -> None:
    """Decision ``scout-play``: play a card of a clan in the Hand (its power is resolved), or none
    (``sp.scout.play``)."""
    d = out.decision
    if d is None or d.kind != "scout-play":
        return
    seat = d.actor
    for clan in hand_clans(s.players[seat]):
        out.ok(play_card_action(g, seat, clan))
    out.ok(play_no_card_action(g, seat))
