"""Ending one's actions (Gameplay: the Action Phase; Actions: Pass, Gain the Advantage): Pass is always legal; the
Action Phase ends when both players pass in a row or when the player who did not gain the advantage passes. Gaining
the advantage (taking the Advantage Token) is possible once per round, for one player only (``sd.advantage.gain``).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built
from ..state import SDState


def _pass_why(seat: int, gained_by: int | None, last_was_pass: bool) -> str:
    if gained_by is not None and gained_by != seat:
        return "Your opponent gained the advantage: passing ends the Action Phase."
    if last_was_pass:
        return "Your opponent just passed: if you pass too, the Action Phase ends."
    return "You may pass instead of acting; your opponent then acts."


@built
def pass_action(g, seat: int, gained_by: int | None, last_was_pass: bool) -> Action:
    return make_action("pass", seat, "Pass", _pass_why(seat, gained_by, last_was_pass),
                       ("sd.pass",) + (("sd.pass.consecutive",) if last_was_pass else ()))


def pass_turn(g, s: SDState, out: Check) -> None:
    """Pass: always legal in the Action Phase."""
    out.ok(pass_action(g, s.current, s.gained_by, s.last_was_pass))


@built
def gain_advantage_action(g, seat: int, holds: bool) -> Action:
    return make_action("gain-advantage", seat, "Gain the advantage" + (" (you already hold the token)" if holds
                                                                     else " (take the Advantage Token)"),
                       "Nobody has gained the advantage this round; you take no more actions and your opponent acts "
                       "until they pass.", ("sd.advantage.gain",))


def gain_advantage(g, s: SDState, out: Check) -> None:
    """Gain the advantage while nobody has this round, else refused naming who did."""
    seat = s.current
    if s.gained_by is None:
        out.ok(gain_advantage_action(g, seat, s.advantage == seat))
    elif out.wants_blocked:
        who = "you" if s.gained_by == seat else "your opponent"
        out.no("gain-advantage", seat, "Gain the advantage", "sd.advantage.gain", f"{who} already gained the "
               "advantage this round; only one player may each round")
