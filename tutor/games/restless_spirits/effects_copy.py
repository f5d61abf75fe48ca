"""Copy abilities (Yotei, Uji, Grindavik; Glossary: Copy; General FAQs: copying an ability already used).

The copier chooses a Spirit from a zone given as data (``zone``); that Spirit's Activated ability then runs at once
as the copier's own: from the copier's space, for the copier's owner, and as an ability of the copier's type (a
Light copier's copy is a Light ability). The copied Spirit is not affected and may have been used already. A copied
Ongoing ability works for the copier while the copy holds (:func:`~.ongoing.copy_holds`): looked-up effects
(:data:`~.ongoing.LOOKUP_EFFECTS`) are found through the copier, and a requirement reduction (Barachu) lowers the
copier's own requirements at once (its owner chooses which). A copied on-release ability (Obayashi) works when the
copier is released, if the copy still holds then (ruling ``rs.ruling.copy-on-release``).
"""
from __future__ import annotations

import re
from typing import Literal

from .abilities import start
from .effect_registry import REGISTRY, Use, _P
from .ongoing import COPYABLE_ONGOING, ask_disregard
from .state import ChooseCopy, Decision
from .zones import Ctx



class CopyP(_P):
    """``zone``: ``opponent-board`` (a Spirit on the target's board), ``lost-spirits`` (a Lost Spirit) or
    ``opponent-released`` (a Spirit the target has released)."""

    zone: Literal["opponent-board", "lost-spirits", "opponent-released"]


def copy_options(g, s, zone: str, target: int | None) -> list[str]:
    """The Spirits whose ability may be copied from ``zone``: an Activated or on-release ability the tutor plays, or
    an Ongoing one made of effects a copier can have (:data:`~.ongoing.COPYABLE_ONGOING`)."""
    if zone == "lost-spirits":
        pool = [x for x in s.lost_spirits if x]
    elif target is None:
        pool = []
    elif zone == "opponent-board":
        pool = [ps.card for ps in s.players[target].board if ps is not None]
    else:
        pool = list(s.players[target].released)
    out = []
    for x in pool:
        ab = g.cards.by_id[x].ability
        if ab.effects and (ab.timing in ("activated", "on-release") or ab.timing == "ongoing" and all(
                e.effect in COPYABLE_ONGOING for e in ab.effects)):
            out.append(x)
    return out


def nothing_to_copy(zone: str, target: int | None) -> str:
    """Why a copy from ``zone`` finds nothing: ``"Player 2 has no Spirit on their board to copy"``..."""
    who = "the target" if target is None else f"Player {target + 1}"
    if zone == "opponent-board":
        return f"{who} has no Spirit on their board to copy"
    if zone == "opponent-released":
        return f"{who} has released no Spirit to copy"
    return "no Lost Spirit has an ability to copy"


def as_copier(spirit, copier: str) -> str:
    """``spirit``'s ability text as the copier uses it: the copied Spirit's own name in it becomes the copier's
    (a copy is read from the copier's place, ruling ``rs.ruling.copy-is-copier``): Yotei copying Seone reads
    "Choose a Light Spirit next to Yotei: …", not "next to Seone" (new-user trial 34)."""
    return re.sub(rf"\b{re.escape(spirit.name)}\b", copier, spirit.ability.text)


def _copy(c: Ctx, u: Use, p: CopyP) -> None:
    opts = copy_options(c.game, c.state, p.zone, u.target)
    if not opts:
        why = nothing_to_copy(p.zone, u.target)
        c.ev("rs.effect.copy", f"{why[0].upper()}{why[1:]}, so {u.source_name} does nothing.", actor=u.seat)
        return
    c.ask(ChooseCopy(actor=u.seat, purpose=p.zone, target=u.target, space=u.space,
                    source=u.source_card))


def _copy_actions(g, s, d, a) -> None:
    for x in copy_options(g, s, d.purpose, d.target):
        sp = g.cards.by_id[x]
        a("choose-copy", f"Copy {sp.name}: {sp.ability.text}", f"{g.cards.by_id[d.source].name} copies the ability "
          "and uses it at once as its own, read from its own place.", ("rs.effect.copy", "rs.ruling.copy-is-copier"),
          spirit=x)


def _copy_resolve(c: Ctx, d: Decision, action) -> None:
    x = action.param("spirit")
    sp = c.cards.by_id[x]
    if sp.ability.timing == "ongoing":
        ps = c.state.players[d.actor].board[d.space]
        ps.copied, ps.copied_from = x, d.purpose
        c.ev("rs.effect.copy-ongoing", f"{c.name(d.source)} copies {sp.name}'s Ongoing ability and has it while the "
             f"copy holds: {as_copier(sp, c.name(d.source))}", cards=(x,), actor=d.actor)
        if any(e.effect == "requirement-reduction" for e in sp.ability.effects) and None in ps.slots:
            ask_disregard(c, d.actor, d.space, d.source)
        return
    if sp.ability.timing == "on-release":
        ps = c.state.players[d.actor].board[d.space]
        ps.copied, ps.copied_from = x, d.purpose
        c.ev("rs.ruling.copy-on-release", f"{c.name(d.source)} copies {sp.name}'s ability, which only works on "
             f"release: it will work when {c.name(d.source)} is released, if the copy still holds then. "
             f"{as_copier(sp, c.name(d.source))}",
             cards=(x,), actor=d.actor)
        return
    c.ev("rs.effect.copy", f"{c.name(d.source)} copies {sp.name}'s ability and uses it at once as its own: "
         f"{as_copier(sp, c.name(d.source))}", cards=(x,), actor=d.actor)
    start(c, d.actor, d.space, d.source, sp.ability.target, None, effects_of=x)


REGISTRY.register("copy-ability", CopyP, _copy, False, ("use",))

HANDLERS = {"choose-copy": (_copy_actions, _copy_resolve)}
