"""Play a Blessing or a Curse, and Discard three Blessings or Curses for 1 AP (On Your Turn: Blessings & Curses;
Discard 3 for 1 AP, a Free Action).

Candidates: each different Blessing or Curse in hand (on each opponent it may target); each three of them to
discard. The check: its AP cost, an opponent it can target (not protected, e.g. by Nordheim or Virley); three of
them in hand. A card that would do nothing now is still legal and says so (:func:`..idle.idle_card`). Resolution:
:func:`..resolve.main_action` (``play-blessing``, ``play-curse``, ``discard-three-for-ap``), then the card's effects
(:func:`..abilities.start`).
"""
from __future__ import annotations

from itertools import combinations

from ....core.model import Action, make_action, mark_idle
from ....core.moves import Check, built_once
from ..idle import idle_card
from ..zones import plural
from .turn import Turn


def play_card(g, t: Turn, out: Check) -> None:
    """Play a Blessing or Curse from hand (its printed AP cost; 0 is a Free Action)."""
    s, seat, ap = t.s, t.seat, t.ap
    for card in sorted(set(t.bc)):
        rc = g.cards.by_id[card]
        if ap < rc.cost:
            if out.wants_blocked:
                out.no("play-" + g.card_kind(card), seat, f"Play {rc.name}", "rs.play-card",
                       f"it costs {rc.cost} AP and you have {ap}", card=card)
            continue
        if rc.target == "one-opponent":
            targets: list[int | None] = g.targets(s, seat, card)
            if not targets:
                out.no("play-" + g.card_kind(card), seat, f"Play {rc.name}", "rs.play-card.target",
                       "no opponent can be targeted", card=card)
                continue
        else:
            targets = [None]
        if not rc.effects:
            continue
        for t in targets:
            out.ok(play_card_action(g, seat, card, ap, t, idle_card(g, s, seat, card, t)))


@built_once
def play_card_action(g, seat: int, card: str, ap: int, target: int | None, idle: tuple[str, str] | None) -> Action:
    """Play Blessing or Curse ``card`` with ``ap`` AP (on opponent seat ``target`` when it targets one); ``idle``:
    ``(clause, sentence)`` when it would do nothing now."""
    rc = g.cards.by_id[card]
    cost_txt = "a Free Action" if rc.cost == 0 else f"{rc.cost} AP and you have {ap}"
    why = f"It is your turn and this card costs {cost_txt}."
    kind = "play-" + g.card_kind(card)
    cl = ("rs.play-card", "rs.play-card.own-turn") + (("rs.free-action",) if rc.cost == 0 else ())
    if target is None:
        a = make_action(kind, seat, f"Play {rc.name}", why, cl, rc.cost, card=card)
    else:
        a = make_action(kind, seat, f"Play {rc.name} on Player {target + 1}", why, cl, rc.cost, card=card,
                        target=target + 1)
    return mark_idle(a, *idle) if idle else a


def discard_three(g, t: Turn, out: Check) -> None:
    """Discard three Blessings or Curses from hand for 1 AP (a Free Action)."""
    seat = t.seat
    n = len(t.bc)
    if n >= 3:
        acts = discard_three_action.kept(g)
        for a, b, c in combinations(sorted(t.bc), 3):
            out.ok(acts[seat, a, b, c])
    elif n and out.wants_blocked:
        out.no("discard-three-for-ap", seat, "Discard 3 Blessings/Curses for +1 AP", "rs.discard-three",
               f"you hold only {plural(n, 'Blessing or Curse', 'Blessings or Curses')}")


@built_once
def discard_three_action(g, seat: int, a: str, b: str, c: str) -> Action:
    """Discard the Blessings or Curses ``a``, ``b`` and ``c`` for 1 AP."""
    name = g.cards.by_id
    return make_action("discard-three-for-ap", seat, f"Discard {name[a].name}, {name[b].name} and {name[c].name} "
                       "for +1 AP", "You hold at least 3 Blessings or Curses; discarding 3 is a Free Action.",
                       ("rs.discard-three", "rs.free-action"), 0, card1=a, card2=b, card3=c)
