"""Evolve (Actions: Evolve): pay Essence equal to a ready Spirit's stage + 1 to turn it into the next stage of its
Spirit Line (``sd.evolve``, what it carries: ``sd.evolve.carry``). One check per Spirit: offered, or refused naming
why (a Presence cannot evolve, ruling ``sd.ruling.no-evolve-defeated``; Stage 3 is the last; only a ready Spirit;
the cost).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Built, Check, built
from ..ctx import evolve_cost, is_presence, is_spirit, spirit_name
from ..state import SpiritSlot
from .spirit import slot


@built
def evolve_action(g, seat: int, i: int, line: str, stage: int, essence: int) -> Action:
    sl = slot(line, stage, False)
    name = spirit_name(g, sl)
    nxt = g.cards.line_by_id[line].spirits[stage]
    return make_action(
        "evolve", seat, f"Evolve {name} into {nxt.name}{g.mark(nxt, 'health')}", f"{name} is ready and at Stage "
        f"{stage}: evolving costs {evolve_cost(sl)} Essence and you have {essence}.",
        ("sd.evolve", "sd.evolve.carry"), evolve_cost(sl), spirit=i + 1)


def evolve(g, seat: int, i: int, sl: SpiritSlot, essence: int, out: Check, acts: Built | None = None) -> None:
    """The Spirit ``sl`` on space ``i`` of ``seat``, who has ``essence``: Evolve it, or refused with the reason (a
    face-down card is refused as a Spirit already, :mod:`.activate`). ``acts``: the actions :func:`evolve_action`
    keeps (``evolve_action.kept(g)``), for a caller that checks every Spirit."""
    if not is_spirit(sl):
        return
    if is_presence(sl):
        if out.wants_blocked:
            out.no("evolve", seat, f"Evolve {spirit_name(g, sl)}", "sd.ruling.no-evolve-defeated", "a defeated Spirit "
                   "(Presence) cannot evolve", spirit=i + 1)
    elif sl.stage == 3:
        if out.wants_blocked:
            out.no("evolve", seat, f"Evolve {spirit_name(g, sl)}", "sd.evolve", "Stage 3 is the last stage of its "
                   "Spirit Line", spirit=i + 1)
    elif sl.exhausted:
        if out.wants_blocked:
            out.no("evolve", seat, f"Evolve {spirit_name(g, sl)}", "sd.evolve", "only a ready Spirit can evolve",
                   spirit=i + 1)
    elif essence < evolve_cost(sl):
        if out.wants_blocked:
            out.no("evolve", seat, f"Evolve {spirit_name(g, sl)}", "sd.evolve", f"it costs {evolve_cost(sl)} Essence "
                   f"(stage {sl.stage} + 1) and you have {essence}", spirit=i + 1)
    else:
        args = (seat, i, sl.line, sl.stage, essence)
        out.ok(evolve_action(g, *args) if acts is None else acts[args])
