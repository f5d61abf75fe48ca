"""A Spirit's slot for the moves that act with it: the values its words are made from, and a stand-in slot with
just those values for the builders (:func:`tutor.core.moves.built` keys an action by its builder's arguments, so a
builder takes values, never the state's slot)."""
from __future__ import annotations

from ..state import SpiritSlot


def slot(line: str, stage: int, defeated: bool) -> SpiritSlot:
    """A slot of Spirit Line ``line`` at ``stage`` (defeated or not), for naming the Spirit and reading its card."""
    # every list field given: model_construct would otherwise inspect each default factory's signature (1 ms)
    return SpiritSlot.model_construct(line=line, stage=stage, defeated=defeated, traits=[], pool=[])
