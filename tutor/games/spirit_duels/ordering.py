"""Effects that happen at the same time (Keywords and Terms: Before and After Effects): the Advantage Token holder
chooses their order, each fully resolved before the next.
"""
from __future__ import annotations

from .ctx import Ctx
from .state import OrderEffects, Work


def simultaneous(c: Ctx, works: list[Work], what: str) -> None:
    """Queue effects that happen at the same time: the Advantage Token holder orders them (Before and After
    Effects), each fully resolved before the next."""
    if len(works) > 1:
        c.ev("sd.simultaneous", f"{what}: {len(works)} effects happen at the same time; {c.who(c.state.advantage)} "
             "holds the Advantage Token and chooses their order.", auto=True)
        c.push(Work(kind="order", seat=c.state.advantage, works=works))
    else:
        c.push(*works)


def h_order(c: Ctx, w: Work) -> None:
    if len(w.works) == 1:
        c.push(w.works[0])
        return
    c.ask(OrderEffects(actor=c.state.advantage, work=w))
