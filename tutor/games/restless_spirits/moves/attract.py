"""Attract a Lost Spirit, and Refresh the Lost Spirits and attract one (On Your Turn: Attract a Lost Spirit; Refresh
& Attract; Character Mastery: attracting a Spirit of your Mastery type is a Free Action).

Candidates: each Lost Spirit on offer; one refresh. The check: an empty space, a Totem in hand to offer to the
Shrine, the AP (none for the Mastery type), no opponent's Ongoing mastery lock (Aluak). Resolution:
:func:`..resolve.main_action` (``attract``, ``refresh-and-attract``) asks the offering, then the Spirit.
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built_once
from ..ongoing import mastery_locked
from .turn import AP_COST, NO_AP, Turn


def attract(g, t: Turn, out: Check) -> None:
    """Attract a Lost Spirit (1 AP, or a Free Action for the guide's Mastery type)."""
    s, seat, ap, space, totems = t.s, t.seat, t.ap, t.space, t.totems
    if out.wants_blocked:
        if not space:
            out.no("attract", seat, "Attract a Lost Spirit", "rs.attract.empty-space",
                   "your board has no empty space (3 Spirits at most); release one first")
        elif not totems:
            out.no("attract", seat, "Attract a Lost Spirit", "rs.attract.offering",
                   "you have no Totem in hand to offer to the Shrine")
        elif ap < AP_COST and not any(sp is not None and g.attract_cost(s, seat, sp) == 0 for sp in s.lost_spirits):
            out.no("attract", seat, "Attract a Lost Spirit", "rs.turn.ap", NO_AP)
    elif not (space and totems):
        return  # (the mastery locks below are only refusals)
    if not out.wants_blocked:  # (the legal actions only: the same conditions, the cheap ones first)
        for spirit in s.lost_spirits:
            if spirit is not None:
                cost = g.attract_cost(s, seat, spirit)
                if ap >= cost and not mastery_locked(g, s, seat, spirit):
                    out.ok(attract_action(g, seat, spirit, cost, ap))
        return
    for spirit in s.lost_spirits:
        if spirit is None:
            continue
        by = mastery_locked(g, s, seat, spirit)
        if by:
            out.no("attract", seat, f"Attract {g.spirit_label(spirit)}", "rs.effect.mastery-lock",
                   f"an opponent's {g.cards.by_id[by].name} stops you attracting Spirits of your Mastery type with "
                   "the attract actions", spirit=spirit)
            continue
        if space and totems:
            cost = g.attract_cost(s, seat, spirit)
            if ap >= cost:
                out.ok(attract_action(g, seat, spirit, cost, ap))


@built_once
def attract_action(g, seat: int, spirit: str, cost: int, ap: int) -> Action:
    """Attract ``spirit`` for ``cost`` AP (0: it matches the guide's Mastery) with ``ap`` AP left."""
    if cost == 0:
        why = (f"{g.spirit_label(spirit)} matches your guide's Mastery, so attracting it is a Free Action; you have "
               "an empty space and a Totem to offer.")
        cl = ("rs.mastery", "rs.attract", "rs.attract.offering", "rs.free-action")
    else:
        why = f"You have {ap} AP, an empty space and a Totem to offer to the Shrine."
        cl = ("rs.attract", "rs.attract.offering")
    return make_action("attract", seat, f"Attract {g.spirit_label(spirit)}", why, cl, cost, spirit=spirit)


def refresh_and_attract(g, t: Turn, out: Check) -> None:
    """Refresh the Lost Spirits and attract one (1 AP and a Totem to offer). Legal with a full board too: declining
    to attract is then the only finish (ruling ``rs.ruling.refresh-full-board``)."""
    if t.ap >= AP_COST and t.totems:
        out.ok(refresh_and_attract_action(g, t.seat, t.ap, t.space))


@built_once
def refresh_and_attract_action(g, seat: int, ap: int, space: bool) -> Action:
    """Refresh the Lost Spirits with ``ap`` AP; ``space``: the board has an empty space."""
    return make_action(
        "refresh-and-attract", seat, "Refresh the Lost Spirits and attract one" if space else
        "Refresh the Lost Spirits (your board is full: you will attract none)",
        f"You have {ap} AP, an empty space and a Totem to offer." if space else
        f"You have {ap} AP and a Totem to offer; with a full board the refresh ends by declining to attract.",
        ("rs.refresh-attract", "rs.attract.offering") if space else
        ("rs.refresh-attract", "rs.attract.offering", "rs.ruling.refresh-full-board"), AP_COST)
