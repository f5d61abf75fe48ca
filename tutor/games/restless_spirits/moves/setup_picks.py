"""The set-up choices: each player chooses a Spirit Guide, then the Totem draft (Setup: Spirit Guides; Totem draft,
ruling ``rs.ruling.draft-order``).

Candidates: each guide not yet taken; each Totem of the packet in front of the player. Never refused. Resolution:
:func:`..setup.apply_setup`.
"""
from __future__ import annotations

from ....core.model import make_action
from ....core.moves import Check
from ..state import RSState


def choose_guide(g, s: RSState, out: Check) -> None:
    """Choose a Spirit Guide board no one has taken yet."""
    seat = g.current_player(s)
    taken = {p.guide for p in s.players}
    for gd in g.cards.guides:
        if gd.id not in taken:
            out.ok(make_action("choose-guide", seat, f"Choose {g.guide_label(gd.id)}",
                               "Each player chooses a Spirit Guide board; no one has taken this one yet.",
                               ("rs.setup.guides", "rs.mastery"), guide=gd.id))


def draft_pick(g, s: RSState, out: Check) -> None:
    """Keep one Totem of the packet in front of the player and pass the rest to the left."""
    seat = g.current_player(s)
    d = s.draft
    packet = d.packets[seat]
    for card in packet:
        out.ok(make_action("draft-pick", seat, f"Keep {g.totem_label(card)}",
                           f"Draft round {d.round}: keep one Totem from the {len(packet)} in front of you and pass "
                           "the rest to your left.", ("rs.setup.draft", "rs.ruling.draft-order"), totem=card))
