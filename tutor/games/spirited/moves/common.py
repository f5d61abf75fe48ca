"""What the moves of Spirited share: who answers now, and the words for clans.

A move reads the decision it answers from its :class:`~tutor.core.moves.Check` (``out.decision``; ``None`` on the
main turn), as the options of a decision are asked before it is pending (see :mod:`..asking`).
"""
from __future__ import annotations

from ....core.moves import Check
from ..state import SPState


def actor(s: SPState, out: Check) -> int:
    """The seat that answers now: the decision's owner, else the player whose turn it is."""
    d = out.decision
    return d.actor if d is not None else s.current


def clan_name(g, clan: str) -> str:
    """``"Aztecs"``: a clan's display name."""
    return g.cards.clan[clan].name


def an(name: str) -> str:
    """``"an Aztecs"`` / ``"a Sao"``."""
    return ("an " if name[0] in "AEIOU" else "a ") + name
