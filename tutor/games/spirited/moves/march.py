"""March (Marching & Allegiances): each Camp with enough face-up cards of one clan forges that clan's unclaimed
Allegiance (2 cards or more) or steals it (more cards than its medal's current value), at most 3 Allegiances held;
any number of Camps, one after the other, then Regroup.

One check per Camp, :func:`march_camps`: what it can forge or steal, or (on the main turn) why it cannot. The turn
action is offered when some Camp can; each Camp's use is then an option of the ``march`` decision.
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built
from ..state import SPState
from ..zones import allegiance, camp_clan, camp_count, held, medal_value
from .common import actor, clan_name


def march_camps(g, s: SPState, seat: int, used: list[int], out: Check | None = None) -> list[tuple[int, str, str]]:
    """(camp, clan, ``"forge"``|``"steal"``) that ``seat``'s Camps not in ``used`` may still do (``sp.march.forge``,
    ``sp.march.steal``, ``sp.march.max-three``). With ``out`` (wanting refusals) each Camp that cannot is refused
    there with its clause, and ``March`` itself when no Camp holds a face-up card."""
    p = s.players[seat]
    n_held = len(held(s, seat))
    refuse = out is not None and out.wants_blocked
    found = []
    any_camp = False
    for i in range(2):
        clan = camp_clan(p.camps[i])
        if i in used or clan is None or clan not in s.clans:
            continue
        any_camp = True
        n = camp_count(p, i)
        al = allegiance(s, clan)
        if al.holder is None:
            if n >= 2 and n_held < 3:
                found.append((i, clan, "forge"))
            elif refuse:
                label = f"March with Camp {i + 1} ({n} {clan_name(g, clan)})"
                if n < 2:
                    out.no("march", seat, label, "sp.march.forge", "forging needs at least 2 cards of the clan",
                           camp=i + 1, clan=clan)
                else:
                    out.no("march", seat, label, "sp.march.max-three", "you already hold 3 Allegiances", camp=i + 1,
                           clan=clan)
            continue
        value = medal_value(g, al)
        if n >= value + 1 and (al.holder == seat or n_held < 3):
            found.append((i, clan, "steal"))
        elif refuse:
            label = f"March with Camp {i + 1} ({n} {clan_name(g, clan)})"
            if n < value + 1:
                out.no("march", seat, label, "sp.ruling.steal-exhausted" if al.exhausted else "sp.march.steal",
                       f"stealing needs at least {value + 1} cards (one more than the medal's current value "
                       f"{value}{', one less as it is exhausted' if al.exhausted else ''})", camp=i + 1, clan=clan)
            else:  # another player's Allegiance, and 3 held already
                out.no("march", seat, label, "sp.march.max-three", "you already hold 3 Allegiances", camp=i + 1,
                       clan=clan)
    if refuse and not any_camp:
        out.no("march", seat, "March", "sp.march", "your Camps hold no face-up cards")
    return found


@built
def march_action(g, seat: int) -> Action:
    return make_action("march", seat, "March (forge or steal Allegiances with your Camps, then Regroup)",
                       "A Camp holds enough face-up cards to forge or steal an Allegiance.",
                       ("sp.march", "sp.turn.one-action"))


def march(g, s: SPState, out: Check) -> None:
    """Main turn: March when a Camp can forge or steal (refusals per Camp); the ``march`` decision: each Camp's use,
    and finishing once one was used."""
    d = out.decision
    seat = actor(s, out)
    if d is None:
        if march_camps(g, s, seat, [], out):
            out.ok(march_action(g, seat))
        return
    if d.kind != "march":
        return
    p = s.players[seat]
    for camp, clan, how in march_camps(g, s, seat, d.used):
        n = camp_count(p, camp)
        if how == "forge":
            out.ok(make_action(
                "march-use", seat, f"Forge the {clan_name(g, clan)} Allegiance with Camp {camp + 1} ({n} cards)",
                f"{n} face-up {clan_name(g, clan)} cards forge an unclaimed Allegiance (2 Bronze, 3 Silver, 4+ Gold).",
                ("sp.march.forge", "sp.march", "sp.ruling.march-all-cards"), camp=camp + 1, clan=clan))
        else:
            al = allegiance(s, clan)
            whose = "your own" if al.holder == seat else f"Player {al.holder + 1}'s"
            out.ok(make_action(
                "march-use", seat, f"Steal {whose} {clan_name(g, clan)} Allegiance with Camp {camp + 1} ({n} cards)",
                f"{n} cards is more than its medal's current value ({medal_value(g, al)}"
                + (", one less as it is exhausted)." if al.exhausted else ")."),
                ("sp.march.steal", "sp.march", "sp.ruling.march-all-cards")
                + (("sp.ruling.steal-exhausted",) if al.exhausted else ()), camp=camp + 1, clan=clan))
    if d.used:
        out.ok(make_action("finish-march", seat, "Finish the March (Regroup)", "You may stop after any Allegiance.",
                           ("sp.march.multiple", "sp.march.regroup")))
