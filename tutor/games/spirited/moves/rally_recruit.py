"""Rally and Recruit (Rally vs Recruit; Turn Structure: Scout; Battles: bonus actions; the Final Battle).

Rally moves a face-up Road card into the Hand. Recruit moves one into a Camp, and a Camp takes a card only if it is
empty, holds only face-down cards, or already holds that clan (``sp.recruit.camp``): :func:`camp_takes` is that one
check, giving the Recruit options of every decision that recruits (Scout's take, a power's Recruit, the Battle's
face-down Recruit, the Final Battle's Recruits from the Hand) and, on the main turn and at those decisions, the
refusals naming the Camp's clan. A Shield is face down and can be neither (see :mod:`.shields`).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built
from ..state import Player, SPState
from ..zones import camp_clan, hand_clans, road_clans
from .common import actor, an, clan_name

#: The clause of each decision that takes a card from the Road (Scout's take, a power, a Battle bonus).
TAKE_CLAUSE = {"scout-take": "sp.scout.take", "effect-rally": "sp.provisional.power",
               "bonus-rally": "sp.battle.bonus", "effect-recruit": "sp.provisional.power"}
#: Decisions whose options include a Rally.
RALLY_DECISIONS = ("scout-take", "effect-rally", "bonus-rally")
#: Decisions whose options include a Recruit (``None``: the main turn, refusals only).
RECRUIT_DECISIONS = (None, "scout-take", "effect-recruit", "bonus-recruit", "final-recruit")


@built
def rally_action(g, seat: int, clan: str, clause: str) -> Action:
    return make_action("rally", seat, f"Rally {an(clan_name(g, clan))} card into your Hand", "Rally moves a face-up "
                       "Road card into your Hand.", ("sp.rally", clause, "sp.ruling.same-clan-cards"), clan=clan)


@built
def skip_action(g, seat: int, kind: str, label: str, why: str, clauses: tuple[str, ...]) -> Action:
    """Declining an optional step (decision ``kind``)."""
    return make_action(kind, seat, label, why, clauses)


def rally(g, s: SPState, out: Check) -> None:
    """A decision that takes a Road card: Rally each clan with a face-up Road card; a power's or a Battle bonus's
    Rally may be skipped."""
    d = out.decision
    if d is None or d.kind not in RALLY_DECISIONS:
        return
    seat = d.actor
    clause = TAKE_CLAUSE[d.kind]
    for clan in road_clans(s.players[seat]):
        out.ok(rally_action(g, seat, clan, clause))
    if d.kind != "scout-take":
        out.ok(skip_action(g, seat, "skip", "Skip the Rally", "This step is optional.", (clause,)))


def _camp_why(g, camp: int, clan: str, holds_clan: bool, holds_any: bool) -> str:
    if holds_clan:
        return f"Camp {camp + 1} already holds {clan_name(g, clan)} cards."
    if holds_any:
        return f"Camp {camp + 1} holds only face-down cards."
    return f"Camp {camp + 1} is empty."


@built
def recruit_action(g, seat: int, clan: str, camp: int, clause: str, holds_clan: bool, holds_any: bool) -> Action:
    return make_action("recruit", seat, f"Recruit {an(clan_name(g, clan))} card into Camp {camp + 1}",
                       _camp_why(g, camp, clan, holds_clan, holds_any),
                       ("sp.recruit", "sp.recruit.camp", clause, "sp.ruling.same-clan-cards"), clan=clan,
                       camp=camp + 1)


@built
def recruit_face_down_action(g, seat: int, clan: str, camp: int) -> Action:
    return make_action("recruit-face-down", seat, f"Recruit {an(clan_name(g, clan))} card face down into Camp "
                       f"{camp + 1}", "With no Allegiance, the open City Board space grants a face-down Recruit.",
                       ("sp.battle.bonus", "sp.recruit.camp", "sp.ruling.facedown-camp"), clan=clan, camp=camp + 1)


@built
def final_recruit_action(g, seat: int, clan: str, camp: int) -> Action:
    return make_action("final-recruit", seat, f"Recruit {an(clan_name(g, clan))} card from your Hand into Camp "
                       f"{camp + 1}", "In the Final Battle you may Recruit any number of cards from your Hand into "
                       "legal Camps.", ("sp.final.recruit", "sp.recruit.camp"), clan=clan, camp=camp + 1)


def camp_takes(g, p: Player, clans: list[str], out: Check | None = None) -> list[tuple[str, int]]:
    """(clan, camp) pairs where a card of each of ``clans`` may be Recruited into ``p``'s Camps (``sp.recruit.camp``);
    with ``out`` (wanting refusals) each Camp that holds another clan is refused there."""
    refuse = out is not None and out.wants_blocked
    found = []
    for clan in clans:
        for i in range(2):
            cc = camp_clan(p.camps[i])
            if cc is None or cc == clan:
                found.append((clan, i))
            elif refuse:
                out.no("recruit", p.seat, f"Recruit {an(clan_name(g, clan))} card into Camp {i + 1}",
                       "sp.recruit.camp", f"Camp {i + 1} holds {clan_name(g, cc)} cards; a Camp takes a card only if "
                       "it is empty, holds only face-down cards, or already holds that clan", clan=clan, camp=i + 1)
    return found


def recruit(g, s: SPState, out: Check) -> None:
    """Every decision that recruits offers its Recruits into a Camp that takes the card (from the Road; in the Final
    Battle from the Hand) and may be declined, except Scout's take; the main turn and those decisions refuse the
    Camps holding another clan (``sp.recruit.camp``)."""
    d = out.decision
    k = d.kind if d is not None else None
    if k not in RECRUIT_DECISIONS:
        return
    seat = actor(s, out)
    p = s.players[seat]
    takes = camp_takes(g, p, hand_clans(p) if k == "final-recruit" else road_clans(p), out)
    if k is None:
        return
    if k == "bonus-recruit":
        for clan, camp in takes:
            out.ok(recruit_face_down_action(g, seat, clan, camp))
        out.ok(skip_action(g, seat, "skip", "Skip the face-down Recruit", "Bonus actions are optional.",
                           ("sp.battle.bonus",)))
    elif k == "final-recruit":
        for clan, camp in takes:
            out.ok(final_recruit_action(g, seat, clan, camp))
        out.ok(skip_action(g, seat, "done", "Stop Recruiting from your Hand", "Any number, including none.",
                           ("sp.final.recruit",)))
    else:
        clause = TAKE_CLAUSE[k]
        for clan, camp in takes:
            cc = camp_clan(p.camps[camp])
            out.ok(recruit_action(g, seat, clan, camp, clause, cc == clan, bool(p.camps[camp])))
        if k == "effect-recruit":
            out.ok(skip_action(g, seat, "skip", "Skip the Recruit", "This step is optional.", (clause,)))
