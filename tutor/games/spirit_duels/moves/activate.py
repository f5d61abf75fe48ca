"""Activate (Actions: Activate): exhaust a ready Spirit and roll its dice (and the Advantage Die placed on it) into
its active pool. One check per Spirit: a ready Spirit is offered; an exhausted one is refused (``sd.activate``), and
a defeated Stage 1 Spirit, a face-down card, is no longer a Spirit (ruling ``sd.ruling.stage1-not-a-spirit``).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Built, Check, built
from ..ctx import is_spirit, printed_dice, spirit_name
from ..dice import kind_label
from ..state import SpiritSlot
from .spirit import slot


@built
def activate_action(g, seat: int, i: int, line: str, stage: int, defeated: bool, advantage_die: bool) -> Action:
    sl = slot(line, stage, defeated)
    name = spirit_name(g, sl)
    dice = list(printed_dice(g, sl)) + (["advantage"] if advantage_die else [])
    return make_action(
        "activate", seat, f"Activate {name} (roll {', '.join(kind_label(d) for d in dice) or 'no dice'})",
        f"{name} is ready: exhaust it and roll its dice into its active pool.",
        ("sd.activate", "sd.dice.faces", "sd.ready-exhausted")
        + (("sd.activate.advantage-die",) if advantage_die else ()), spirit=i + 1)


def activate(g, seat: int, i: int, sl: SpiritSlot, out: Check, acts: Built | None = None) -> None:
    """The Spirit ``sl`` on space ``i`` of ``seat``: Activate it when it is a ready Spirit, else refused. ``acts``:
    the actions :func:`activate_action` keeps (``activate_action.kept(g)``), for a caller that checks every Spirit."""
    if not is_spirit(sl):
        if out.wants_blocked:
            out.no("activate", seat, f"Activate {spirit_name(g, sl)}", "sd.ruling.stage1-not-a-spirit", "a defeated "
                   "Stage 1 Spirit is a face-down card, no longer a Spirit", spirit=i + 1)
    elif sl.exhausted:
        if out.wants_blocked:
            out.no("activate", seat, f"Activate {spirit_name(g, sl)}", "sd.activate", "it is exhausted; only ready "
                   "Spirits can be activated", spirit=i + 1)
    else:
        args = (seat, i, sl.line, sl.stage, sl.defeated, sl.advantage_die)
        out.ok(activate_action(g, *args) if acts is None else acts[args])
