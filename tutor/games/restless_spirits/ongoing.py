"""Ongoing abilities, protections and what ends when a Spirit leaves play (Spirit Abilities; Spirit Ability
Clarifications: Aluak, Baikeng, Nordheim, Onota, Virley; General FAQs: released Spirits lose their abilities).

An Ongoing ability works while its Spirit is on a board and not disabled (an Activation Token on an Ongoing Spirit
marks it disabled, Nozawa). What differs between cards is data: a ``protection`` names what it protects against, a
``mastery-lock`` stops target opponents attracting their Mastery type, a ``requirement-reduction`` lowers the
Spirit's own requirements. Nothing here branches on a card's name.
"""
from __future__ import annotations

from typing import Literal

from .effect_registry import REGISTRY, _P
from .state import ChooseDisregard, PlacedSpirit, RSState
from .zones import Ctx

PROTECT = "protect"
#: Ongoing effects that are looked up while their Spirit is in play (so a copier can have them too)
LOOKUP_EFFECTS = ("protection", "mastery-lock")
#: Ongoing effects a copier (Yotei, Uji, Grindavik) can have: the looked-up ones and a reduction of its own
#: requirements (Barachu), which marks the copier's disregarded requirement with the copier's id
COPYABLE_ONGOING = LOOKUP_EFFECTS + ("requirement-reduction",)
#: The ruling on Uji's and Yotei's Copy token: it marks the copied Spirit whatever ability was copied (cited where
#: such a token is placed), and comes off in the cases their card notes leave unsaid (the copier destroyed, a copied
#: Lost Spirit attracted, the copier copying anew)
COPY_TOKEN = "rs.ruling.copy-token"
#: The rule for the cases the card notes print: the copier released, the copied opponent's Spirit released or
#: destroyed, the copied Lost Spirit moved to the Spirit discard pile (new user 47: these cited the ruling)
COPY_TOKEN_OFF = "rs.effect.copy-token-off"
#: The rule of a copied ability that lasts (Ongoing or on release): cited where such a copy is made or ends
COPY_ONGOING = "rs.effect.copy-ongoing"


class Protection(_P):
    """``against``: ``dark-abilities`` (abilities used by Dark Spirits) or ``curses`` (Curse cards)."""

    against: Literal["dark-abilities", "curses"]


class NoParams(_P):
    """An effect without parameters."""


class Reduction(_P):
    """``amount`` requirements fewer (the owner chooses which to disregard)."""

    amount: Literal[1] = 1


REGISTRY.register("protection", Protection, None, False, ("ongoing",))
REGISTRY.register("mastery-lock", NoParams, None, False, ("ongoing",))
REGISTRY.register("requirement-reduction", Reduction, None, False, ("ongoing",))


def ongoing_active(g, ps: PlacedSpirit | None) -> bool:
    """True when ``ps`` is a Spirit on a board with an Ongoing ability that is not disabled."""
    return ps is not None and not ps.used and g.cards.by_id[ps.card].ability.timing == "ongoing"


def token_clause(g, q: PlacedSpirit, printed: bool = False) -> str:
    """The clause a Copy token's removal cites: the Ongoing copy rule when the copied ability lasts (Ongoing or on
    release); after an Activated copy, the rule :data:`COPY_TOKEN_OFF` when the card notes print the case
    (``printed``), else the ruling :data:`COPY_TOKEN`."""
    if g.cards.by_id[q.copied].ability.timing != "activated":
        return COPY_ONGOING
    return COPY_TOKEN_OFF if printed else COPY_TOKEN


def copy_holds(g, s: RSState, ps: PlacedSpirit) -> bool:
    """True while the copy kept by ``ps`` holds (an Ongoing ability copied still works; its Copy token stays): a
    copied Spirit on a board or in the Lost Spirits row must still be there; a copied released Spirit keeps working
    until the copier leaves play (Grindavik)."""
    if ps.copied is None:
        return False
    if ps.copied_from == "lost-spirits":
        return ps.copied in s.lost_spirits
    if ps.copied_from == "opponent-board":
        return any(q is not None and q.card == ps.copied for p in s.players for q in p.board)
    return True


def active_effects(g, s: RSState, seat: int, effect: str):
    """``(space, PlacedSpirit, params)`` for each active Ongoing effect named ``effect`` on ``seat``'s board, copied
    ones included (the copier is then the Spirit giving it)."""
    out = []
    for i, ps in enumerate(s.players[seat].board):
        if ps is None:  # (an empty space: neither test below can hold; asked for every targeting card, every step)
            continue
        cards = [ps.card] if ongoing_active(g, ps) else []
        if ps.copied is not None and copy_holds(g, s, ps):
            cards.append(ps.copied)
        for card in cards:
            for e in g.cards.by_id[card].ability.effects:
                if e.effect == effect:
                    out.append((i, ps, g.effect_params(e)))
    return out


def kinds_of(card_kind: str, light: bool) -> set[str]:
    """What a protection may stop about a card of ``card_kind`` (``"spirit"``, ``"curse"``, ``"blessing"``):
    ``{"curses"}`` for a Curse, ``{"dark-abilities"}`` for a Dark Spirit (``light`` False), else nothing. The
    ability graph reads protections through this function too (:mod:`tutor.interactions_cards`)."""
    if card_kind == "curse":
        return {"curses"}
    if card_kind == "spirit" and not light:
        return {"dark-abilities"}
    return set()


def source_kinds(g, source: str | None) -> set[str]:
    """What a protection may stop about ``source``: ``{"curses"}`` for a Curse card, ``{"dark-abilities"}`` for a
    Dark Spirit's ability (a copied ability counts as the copier's), else nothing."""
    if source is None:
        return set()
    kind = g.card_kind(source)
    return kinds_of(kind, kind == "spirit" and g.cards.by_id[source].light)


def shield(g, s: RSState, seat: int, source: str | None) -> str | None:
    """The Spirit whose Ongoing protection stops ``source`` from targeting ``seat`` (``None``: not protected)."""
    kinds = source_kinds(g, source)
    if not kinds:  # (a protection stops Curses or Dark abilities only: nothing on the board can stop this source)
        return None
    for _, ps, prm in active_effects(g, s, seat, "protection"):
        if prm.against in kinds:
            return ps.card
    return None


def protect_token_space(s: RSState, seat: int) -> int | None:
    """Space of ``seat``'s Spirit carrying a Protect token (Onota), or ``None``."""
    for i, ps in enumerate(s.players[seat].board):
        if ps is not None and PROTECT in ps.tokens:
            return i
    return None


def mastery_locked(g, s: RSState, seat: int, sid: str) -> str | None:
    """The opponent's Spirit whose ``mastery-lock`` stops ``seat`` attracting ``sid`` with the attract actions, or
    ``None``. It applies when ``sid`` is of ``seat``'s Mastery type and ``seat`` can be targeted by that Spirit."""
    guide = s.players[seat].guide
    if not guide or g.cards.by_id[guide].mastery != g.cards.by_id[sid].type:
        return None
    for o in s.players:
        if o.seat == seat:
            continue
        for _, ps, _ in active_effects(g, s, o.seat, "mastery-lock"):
            if seat in g.targets(s, o.seat, ps.card):
                return ps.card
    return None


def turn_lock(s: RSState, seat: int, action: str):
    """The :class:`~.state.TurnLock` forbidding ``seat`` to take ``action`` now, or ``None``."""
    return next((x for x in s.players[seat].locks if x.action == action), None)


def clear_markers(c: Ctx, source: str, why: str) -> None:
    """Remove every requirement reduction that ``source`` placed; those requirements count again."""
    for p in c.state.players:
        for ps in p.board:
            if ps is not None and source in ps.slots:
                ps.slots = [None if x == source else x for x in ps.slots]
                c.ev("rs.effect.requirement-reduction", f"{c.name(source)} {why}, so the requirement it removed "
                     f"from {c.name(ps.card)} counts again.", auto=True, cards=(ps.card,), actor=p.seat)


def end_copy(c: Ctx, seat: int, q: PlacedSpirit, why: str, printed: bool = False) -> None:
    """End the copy held by ``q`` (on ``seat``'s board) because ``why``: its copied ability stops working (an
    Activated one was used at once: only its Copy token comes off, citing :func:`token_clause` with ``printed``, True
    when the card notes name this case), and a requirement of ``q`` that the copied reduction removed counts again."""
    copied, clause = q.copied, token_clause(c.game, q, printed)
    q.copied = q.copied_from = None
    if clause != COPY_ONGOING:
        c.ev(clause, f"{why}, so {c.name(q.card)}'s Copy token comes off {c.name(copied)}.", auto=True,
             cards=(copied,), actor=seat)
    else:
        c.ev(clause, f"{why}, so {c.name(q.card)}'s copy of {c.name(copied)}'s ability ends.", auto=True, actor=seat)
    if q.card in q.slots:
        q.slots = [None if x == q.card else x for x in q.slots]
        c.ev("rs.effect.requirement-reduction", f"The requirement of {c.name(q.card)} that the copy removed counts "
             "again.", auto=True, cards=(q.card,), actor=seat)


def end_lapsed_copies(c: Ctx) -> None:
    """End every copy that no longer holds (a copied Lost Spirit left the row; :func:`copy_holds`): the card notes
    name a Lost Spirit moved to the Spirit discard pile; one attracted onto a board is the ruling's case."""
    for p in c.state.players:
        for q in p.board:
            if q is not None and q.copied is not None and not copy_holds(c.game, c.state, q):
                end_copy(c, p.seat, q, f"{c.name(q.copied)} has left the Lost Spirits row",
                         printed=q.copied in c.state.spirit_discard)


def leave_play(c: Ctx, seat: int, ps: PlacedSpirit, how: str) -> None:
    """End what the Spirit ``ps`` (leaving ``seat``'s board: ``how`` is "released" or "destroyed") was doing: its
    effects on other players' next turns, turn locks, requirement reductions and Spirit Tokens."""
    s = c.state
    name = c.name(ps.card)
    for other in s.players:
        if any(m.source == ps.card for m in other.next_turn_ap):
            other.next_turn_ap = [m for m in other.next_turn_ap if m.source != ps.card]
            c.ev("rs.release.ends-ability", f"{name} is no longer in play, so its effect on {c.who(other.seat)}'s "
                 "next turn ends.", auto=True, actor=seat)
        if any(m.source == ps.card for m in other.locks):
            other.locks = [m for m in other.locks if m.source != ps.card]
            c.ev("rs.release.ends-ability", f"{name} is no longer in play, so {c.who(other.seat)} may play Totems "
                 "again.", auto=True, actor=seat)
    clear_markers(c, ps.card, f"is {how}")
    if ps.copied is not None and copy_holds(c.game, s, ps):  # its own Copy token comes off (the copy stays on ps)
        # (the notes print the copier's release; a destroyed copier is the ruling's case)
        c.ev(token_clause(c.game, ps, printed=how == "released"), f"{name} is {how}, so its Copy token comes off "
             f"{c.name(ps.copied)}.", auto=True, cards=(ps.copied,), actor=seat)
    for other in s.players:
        for q in other.board:
            if q is not None and q.copied == ps.card and q.copied_from == "opponent-board":
                end_copy(c, other.seat, q, f"{name} is {how}", printed=True)  # (released or destroyed: printed)
    if ps.tokens:
        ps.tokens = []
        c.ev("rs.release.spirit-tokens", f"Spirit Tokens on {name} return to the supply.", auto=True, actor=seat)
    sp = c.cards.by_id[ps.card]
    if sp.ability.timing == "ongoing" and sp.ability.effects and not ps.used:
        c.ev("rs.release.ends-ability", f"{name}'s Ongoing ability ends: it is {how}.", auto=True, actor=seat)


def return_token(c: Ctx, seat: int, ps: PlacedSpirit, clause: str) -> None:
    """Give the Activation Token on ``ps`` (on ``seat``'s board) back to the board of the player it belongs to."""
    if not ps.used:
        return
    owner = seat if ps.token_owner is None else ps.token_owner
    q = c.state.players[owner]
    q.activation_tokens += 1
    ps.used, ps.token_owner = False, None
    moved = owner != seat  # a Spirit moved to another board (Twizel): the token goes home (ruling)
    c.ev("rs.ruling.moved-token" if moved else clause, f"The Activation Token on {c.name(ps.card)} returns to "
         f"{c.who(owner)}'s board ({q.activation_tokens} available)"
         + (f", since {c.who(owner)} placed it before the Spirit moved." if moved else "."), auto=True, actor=owner)


def destroy(c: Ctx, seat: int, space: int) -> None:
    """Destroy the Spirit on ``seat``'s ``space``: it goes to the Spirit discard pile, its Totems to the Totem
    discard pile and its tokens back; no reward, and an on-release ability does not happen (Glossary: Destroy)."""
    s = c.state
    ps = s.players[seat].board[space]
    s.players[seat].board[space] = None
    s.spirit_discard.append(ps.card)
    s.totem_discard.extend(ps.totems)
    c.ev("rs.effect.destroy", f"{c.who(seat)}'s {c.game.spirit_label(ps.card)} is destroyed: it goes to the Spirit "
         "discard pile" + (f" and its Totems ({', '.join(c.name(x) for x in ps.totems)}) to the Totem discard pile"
                           if ps.totems else "") + ".", cards=(ps.card, *ps.totems), actor=seat)
    return_token(c, seat, ps, "rs.effect.destroy")
    leave_play(c, seat, ps, "destroyed")


def ask_disregard(c: Ctx, seat: int, space: int, source: str) -> None:
    """Ask ``seat`` which unmet requirement of the Spirit on ``space`` the reduction from ``source`` removes."""
    c.ask(ChooseDisregard(actor=seat, purpose="reduce", space=space, source=source))
