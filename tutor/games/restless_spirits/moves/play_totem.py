"""Play a Totem to one of your Spirits (On Your Turn: Play a Totem; Totems: Single & Double Totems, Wild Totems,
Double Wild; Spirit Abilities: a turn lock such as Baikeng's).

Candidates: each different Totem in hand on each Spirit of the board. The check: 1 AP, no opponent's turn lock on
playing Totems, and the Totem meets an unmet requirement of that Spirit (:func:`..requirements.fill_options`).
Resolution: :func:`..resolve.main_action` (``play-totem``), then :func:`..resolve.attach_totem` (or the choice of
requirement when the Totem fits more than one way).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built_once
from ..ongoing import turn_lock
from ..requirements import totems_fitting
from .turn import AP_COST, NO_AP, Turn


def play_totem(g, t: Turn, out: Check) -> None:
    """Play a Totem from hand to a Spirit whose unmet requirement it meets (1 AP)."""
    seat, p = t.seat, t.p
    if t.ap < AP_COST:
        out.no("play-totem", seat, "Play a Totem to a Spirit", "rs.turn.ap", NO_AP)
        return
    lock = turn_lock(t.s, seat, "play-totem") if p.locks else None
    if lock:
        out.no("play-totem", seat, "Play a Totem to a Spirit", "rs.effect.turn-lock",
               f"{g.cards.by_id[lock.source].name} stops you playing Totems until Player {lock.by + 1}'s next turn")
        return
    board = p.board
    if not any(board):  # (a placed Spirit is always true)
        out.no("play-totem", seat, "Play a Totem to a Spirit", "rs.play-totem", "you have no Spirit on your board")
        return
    if not t.totems:
        return
    # each Spirit with the Totems in hand that meet one of its unmet requirements now (the Fitting's ``fits``
    # intersected with the hand: offered in no particular order, as the legal list is sorted by id afterwards). How
    # a Totem fits is kept per Spirit card and unmet slots (the Fitting, shared by both seats and every space); an
    # action only for a Totem that fits, kept by everything it is made from.
    acts = play_totem_action.kept(g)
    hand = set(t.totems)
    for i, ps in enumerate(board):
        if ps is not None:
            spirit = ps.card
            fits = totems_fitting(g, ps)
            for card in fits.fits.intersection(hand):
                out.ok(acts[seat, card, i, spirit, fits[card]])
    if out.wants_blocked:
        cards = sorted(hand)
        fittings = [totems_fitting(g, ps) for ps in board if ps is not None]
        for card in cards:
            if not any(fitting[card] for fitting in fittings):
                out.no("play-totem", seat, f"Play {g.totem_label(card)}", "rs.play-totem",
                       "none of your Spirits has an unmet requirement this Totem provides", totem=card)


@built_once
def play_totem_action(g, seat: int, card: str, i: int, spirit: str, opts: tuple[tuple[int, ...], ...]) -> Action:
    """Play Totem ``card`` to the Spirit ``spirit`` on space ``i`` (0-based), which it fits the ways ``opts``."""
    why, clauses = play_totem_reason(g, card, spirit, opts)
    return make_action("play-totem", seat, f"Play {g.totem_label(card)} to {g.spirit_label(spirit)} (space {i + 1})",
                       why, clauses, AP_COST, totem=card, space=i + 1)


@built_once
def play_totem_reason(g, card: str, spirit: str, opts: tuple[tuple[int, ...], ...]) -> tuple[str, tuple[str, ...]]:
    """The why and the clauses of playing Totem ``card`` to the Spirit ``spirit`` it fits the ways ``opts``, kept by
    these three alone: the same for both seats and every space, so an action for a new seat or space (most of the
    kept actions' misses: 3,198 keys after 40 random games against 1,548 of these) words no sentence again."""
    return play_totem_why(g, card, spirit, opts), play_totem_clauses(g, card, spirit)


def play_totem_why(g, card: str, spirit: str, opts: tuple[tuple[int, ...], ...]) -> str:
    """One sentence: why Totem ``card`` may be played to the Spirit ``spirit`` it fits the ways ``opts``."""
    t = g.cards.by_id[card]
    sp = g.cards.by_id[spirit]
    if t.kind == "wild":
        if t.wild_type == sp.type:
            return f"A Wild Totem of {sp.name}'s own type is a Double Wild: it meets any two unmet requirements."
        return "A Wild Totem meets any one unmet requirement you choose."
    names = " and ".join(g.icon_label(sp.requirements[i]) for i in opts[0])
    return f"{sp.name} still needs {names}{g.mark(sp, 'requirements')}, which this Totem provides."


def play_totem_clauses(g, card: str, spirit: str) -> tuple[str, ...]:
    """The clauses that make playing Totem ``card`` to the Spirit ``spirit`` legal."""
    t = g.cards.by_id[card]
    if t.kind == "wild":
        extra = ("rs.totem.double-wild",) if t.wild_type == g.cards.by_id[spirit].type else ()
        return ("rs.play-totem", "rs.totem.wild") + extra
    return ("rs.play-totem", "rs.totem." + t.kind)
