"""Copy abilities (Yotei, Uji, Grindavik; Glossary: Copy; General FAQs: copying an ability already used).

The copier chooses a Spirit from a zone given as data (``zone``); that Spirit's Activated ability then runs at once
as the copier's own: from the copier's space, for the copier's owner, and as an ability of the copier's type (a
Light copier's copy is a Light ability). The copied Spirit is not affected and may have been used already. A copied
Ongoing ability works for the copier while the copy holds (:func:`~.ongoing.copy_holds`): looked-up effects
(:data:`~.ongoing.LOOKUP_EFFECTS`) are found through the copier, and a requirement reduction (Barachu) lowers the
copier's own requirements at once (its owner chooses which). A copied on-release ability (Obayashi) works when the
copier is released, if the copy still holds then (ruling ``rs.ruling.copy-on-release``). The copier's Copy token
marks a copy the state keeps (``PlacedSpirit.copied``): an Ongoing or on-release one for every copier, and any copy,
an Activated one too, for a copy ability whose ``token`` is ``every-copy`` (Uji, Yotei: ruling ``rs.ruling.copy-token``;
a copier copying a copier follows the rule of the ability it runs). That token comes off as their notes print (rule
``rs.effect.copy-token-off``, :mod:`.ongoing`) or, in the cases they leave unsaid, by the ruling.
"""
from __future__ import annotations

import re
from typing import Literal

from ...core.model import and_list
from .abilities import start
from .effect_registry import REGISTRY, Use, _P
from .ongoing import COPY_ONGOING, COPY_TOKEN, COPYABLE_ONGOING, ask_disregard, end_copy
from .state import ChooseCopy, Decision
from .zones import Ctx



class CopyP(_P):
    """``zone``: ``opponent-board`` (a Spirit on the target's board), ``lost-spirits`` (a Lost Spirit) or
    ``opponent-released`` (a Spirit the target has released). ``token``: ``every-copy`` when the copier's Copy token
    marks the copied Spirit whatever ability it copies (Uji, Yotei), ``lasting-copy`` when only an ability that lasts
    (Ongoing, or on release) is marked (Grindavik)."""

    zone: Literal["opponent-board", "lost-spirits", "opponent-released"]
    token: Literal["every-copy", "lasting-copy"] = "lasting-copy"


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


def left_open(options: list[str], chain: list[str], copier: str | None) -> list[str]:
    """Of ``options`` (:func:`copy_options`), those a copy in a chain of copies may still pick: not the copier, nor a
    Spirit the chain already copied (ruling ``rs.ruling.copy-chain``)."""
    return [x for x in options if x != copier and x not in chain]


def nothing_to_copy(zone: str, target: int | None) -> str:
    """Why a copy from ``zone`` finds nothing: ``"Player 2 has no Spirit on their board to copy"``..."""
    who = "the target" if target is None else f"Player {target + 1}"
    if zone == "opponent-board":
        return f"{who} has no Spirit on their board to copy"
    if zone == "opponent-released":
        return f"{who} has released no Spirit to copy"
    return "no Lost Spirit has an ability to copy"


def as_copier(spirit, copier: str, copier_type: str | None = None) -> str:
    """``spirit``'s ability text as the copier uses it: the copied Spirit's own name in it becomes the copier's
    (a copy is read from the copier's place, ruling ``rs.ruling.copy-is-copier``): Yotei copying Seone reads
    "Choose a Light Spirit next to Yotei: …", not "next to Seone" (new-user trial 34). A count of one type's Spirits
    that says the copied Spirit is included ("each Fortune Spirit on your board, Miki included") does not say so of
    a copier of another type (``copier_type``, e.g. ``trickster``; trial 42: "..., Yotei included" for a Trickster)."""
    text = spirit.ability.text
    if copier_type is not None:
        def own(m: re.Match) -> str:
            return m.group(0) if m.group(1).lower() == copier_type.lower() else m.group(1) + " Spirit on your board"
        # (\b: the type word is tried from a word's start only; without it a 100,000-letter word was tried from
        # each of its letters, 35 s: attack 47, H2)
        text = re.sub(rf"\b(\w+) Spirit on your board, {re.escape(spirit.name)} included", own, text)
    return re.sub(rf"\b{re.escape(spirit.name)}\b", copier, text)


def _copy(c: Ctx, u: Use, p: CopyP) -> None:
    # a copy ability run as a copy (Yotei copying a Spirit whose ability is a copy): the chain so far, which its
    # choices leave out (ruling rs.ruling.copy-chain; attack 42: two such Spirits copied each other without end)
    nested = u.run is not None and u.run.effects_of != u.run.source
    chain = list(c.copy_chain or [u.run.effects_of]) if nested else []
    every = copy_options(c.game, c.state, p.zone, u.target)
    opts = left_open(every, chain, u.source_card)
    if len(opts) < len(every):
        gone = and_list([c.name(x) for x in every if x not in opts])
        c.ev("rs.ruling.copy-chain", f"{u.source_name} is already using {gone}'s ability in this chain of copies, "
             f"so it cannot copy {'it' if len(every) - len(opts) == 1 else 'them'} again.", actor=u.seat)
    if not opts:
        why = nothing_to_copy(p.zone, u.target) if not every else "nothing else is there to copy"
        c.ev("rs.ruling.copy-chain" if every else "rs.effect.copy", f"{why[0].upper()}{why[1:]}, so {u.source_name} "
             "does nothing.", actor=u.seat)
        return
    c.ask(ChooseCopy(actor=u.seat, purpose=p.zone, target=u.target, space=u.space,
                    source=u.source_card, token=p.token, chain=chain))


def _copy_actions(g, s, d, a) -> None:
    for x in left_open(copy_options(g, s, d.purpose, d.target), d.chain, d.source):
        sp = g.cards.by_id[x]
        a("choose-copy", f"Copy {sp.name}: {sp.ability.text}", f"{g.cards.by_id[d.source].name} copies the ability "
          "and uses it at once as its own, read from its own place.", ("rs.effect.copy", "rs.ruling.copy-is-copier"),
          spirit=x)


def _until(copier: str, zone: str) -> str:
    """When the Copy token of ``copier`` (copying from ``zone``) comes off, in words (rule
    ``rs.effect.copy-token-off``; "leaves play" takes in the ruling's destroyed copier)."""
    if zone == "lost-spirits":
        return f"until {copier} leaves play or that Spirit leaves the Lost Spirits row"
    if zone == "opponent-released":
        return f"until {copier} leaves play"
    return f"until {copier} leaves play or that Spirit is released or destroyed"


def _keep(c: Ctx, d: Decision, x: str) -> None:
    """Keep the copy of ``x`` on the copier (its Copy token goes on ``x``); a copy it held before ends first (a
    copier copying a copier, e.g. Yotei copying Uji, ends with the last Spirit copied; the notes leave this case
    unsaid, so an Activated copy's token cites the ruling ``rs.ruling.copy-token``)."""
    ps = c.state.players[d.actor].board[d.space]
    if ps.copied is not None:
        end_copy(c, d.actor, ps, f"{c.name(d.source)} copies {c.name(x)} now")
    ps.copied, ps.copied_from = x, d.purpose


def _copy_resolve(c: Ctx, d: Decision, action) -> None:
    x = action.param("spirit")
    sp = c.cards.by_id[x]
    text = as_copier(sp, c.name(d.source), c.cards.by_id[d.source].type)
    if sp.ability.timing == "ongoing":
        _keep(c, d, x)
        ps = c.state.players[d.actor].board[d.space]
        c.ev(COPY_ONGOING, f"{c.name(d.source)} copies {sp.name}'s Ongoing ability and has it while the "
             f"copy holds: {text}", cards=(x,), actor=d.actor)
        if any(e.effect == "requirement-reduction" for e in sp.ability.effects) and None in ps.slots:
            ask_disregard(c, d.actor, d.space, d.source)
        return
    if sp.ability.timing == "on-release":
        _keep(c, d, x)
        c.ev("rs.ruling.copy-on-release", f"{c.name(d.source)} copies {sp.name}'s ability, which only works on "
             f"release: it will work when {c.name(d.source)} is released, if the copy still holds then. "
             f"{text}",
             cards=(x,), actor=d.actor)
        return
    c.ev("rs.effect.copy", f"{c.name(d.source)} copies {sp.name}'s ability and uses it at once as its own: "
         f"{text}", cards=(x,), actor=d.actor)
    if d.token == "every-copy":  # (the rule of the copy ability being run: Uji copying Grindavik follows Grindavik's)
        _keep(c, d, x)
        c.ev(COPY_TOKEN, f"{c.name(d.source)} places its Copy token on {sp.name}: it stays there "
             f"{_until(c.name(d.source), d.purpose)}, although the copied ability is used at once.", cards=(x,),
             actor=d.actor)
    before = c.copy_chain
    c.copy_chain = [*d.chain, x]  # (read by a copy ability this copy runs: _copy)
    try:
        start(c, d.actor, d.space, d.source, sp.ability.target, None, effects_of=x)
    finally:
        c.copy_chain = before


REGISTRY.register("copy-ability", CopyP, _copy, False, ("use",))

HANDLERS = {"choose-copy": (_copy_actions, _copy_resolve)}
