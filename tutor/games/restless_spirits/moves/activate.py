"""Activate a Spirit's ability (Spirit Abilities: Activated abilities, once per game, an Activation Token placed;
a Free Action on your turn; Solo Mode: Spirit Type abilities instead of printed ones).

Candidates: each Spirit on the board (on each opponent it may target). The check: not Solo Mode, an Activated
ability not yet used, an Activation Token left, an opponent it can target (protection). An activation that would do
nothing now is still legal and says so (:func:`..idle.idle_activation`). Resolution: :func:`..resolve.main_action`
(``activate-ability``), then the ability's effects (:func:`..abilities.start`).
"""
from __future__ import annotations

from ....core.model import Action, make_action, mark_idle
from ....core.moves import Check, built_once
from ..idle import idle_activation
from ..zones import plural
from .turn import Turn


def activate(g, t: Turn, out: Check) -> None:
    """Activate the ability of a Spirit on the current player's board (a Free Action)."""
    s, seat, p = t.s, t.seat, t.p
    tokens = p.activation_tokens
    solo = g.solo
    if (solo or tokens <= 0) and not out.wants_blocked:
        return  # (every Spirit is refused below, for Solo Mode or for the tokens: only refusals, not wanted)
    by_id = g.cards.by_id
    for i, ps in enumerate(p.board):
        if ps is None:
            continue
        ab = by_id[ps.card].ability
        targets: list[int] | tuple[None] = (None,)
        if solo:
            clause, why = ("rs.solo.type-abilities", "in Solo Mode printed abilities are not used; each Spirit's type "
                           "ability happened when it was attracted")
        elif ab.timing != "activated":
            clause, why = ("rs.ability.ongoing", "its ability is not Activated (it is Ongoing or works on release), so "
                           "there is nothing to activate")
        elif ps.used:
            clause, why = "rs.ability.once", "its ability has already been used this game"
        elif tokens <= 0:
            clause, why = "rs.ability.activate", "you have no Activation Token left on your board"
        elif ab.target == "one-opponent" or ab.target == "split-opponents":
            targets = g.targets(s, seat, ps.card)
            clause, why = (None, "") if targets else (
                "rs.effect.protection", "no opponent can be targeted by it (each one is protected)")
            if ab.target == "split-opponents":
                targets = (None,)  # its targets are picked as it resolves
        else:
            clause, why = None, ""
        if clause is not None:
            if out.wants_blocked:
                out.no("activate-ability", seat, f"Activate {by_id[ps.card].name}", clause, why, space=i + 1)
        elif ab.effects:
            for t in targets:
                out.ok(activate_action(g, seat, i, ps.card, tokens, t, idle_activation(g, s, seat, i, t)))


@built_once
def activate_action(g, seat: int, i: int, spirit: str, tokens: int, target: int | None,
                    idle: tuple[str, str] | None) -> Action:
    """Activate the Spirit ``spirit`` on space ``i`` (0-based) with ``tokens`` Activation Tokens left (targeting
    opponent seat ``target`` when it targets one); ``idle``: ``(clause, sentence)`` when it would do nothing now."""
    sp = g.cards.by_id[spirit]
    why = (f"{sp.name}'s ability is an Activated ability not yet used, you have "
           f"{plural(tokens, 'Activation Token')}, and activating is a Free Action on your turn.")
    cl = ("rs.ability.activate", "rs.ability.once", "rs.free-action")
    if target is None:
        a = make_action("activate-ability", seat, f"Activate {sp.name}", why, cl, 0, space=i + 1)
    else:
        a = make_action("activate-ability", seat, f"Activate {sp.name} targeting Player {target + 1}", why, cl, 0,
                        space=i + 1, target=target + 1)
    return mark_idle(a, *idle) if idle else a
