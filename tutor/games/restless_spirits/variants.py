"""Game Variants: Promo Spirits swapped into the Spirit deck, and the 'B' side placement bonuses of the Character
Boards (Game Variants; Promo Spirits; Spirit Ability Clarifications: Paringa, Twizel; Solo Mode: Playing with Variants).

Which board space gives which bonus is data (``CardSet.b_side``, provisional). A bonus is given whenever a Spirit is
*placed* on a space by attracting it or by an ability that places Spirits (Paringa); a Spirit moved onto a board
(Twizel) gives none. What each bonus does is the same for every space, so nothing here depends on a card's name.
"""
from __future__ import annotations

from ...core.errors import said

from .state import ChooseBonusTotem, Decision
from .zones import Ctx, draw_totems_to_hand, hand_room, take_from_market

BONUS_TEXT = {
    "draw-totem": "draw the top Totem of the Totem deck (up to the hand limit)",
    "gain-ap": "gain 1 AP to use this turn",
    "take-market": "take any face-up Totem from either Totem Market row (up to the hand limit); the row is refilled",
}


# ------------------------------------------------------------------------------------------------ promos
def check_promos(cards, promos) -> list[str]:
    """Validate the ``promos`` option: a list of Promo Spirit ids, each replacing a different Spirit."""
    if promos is None:
        return []
    valid = [s.id for s in cards.promos()]
    if not isinstance(promos, (list, tuple)) or any(x not in valid for x in promos) or len(set(promos)) != len(promos):
        raise ValueError(f"restless-spirits: promos must be a list of different promo Spirit ids from: "
                         f"{', '.join(valid)}; got {said(promos)}")
    out = list(promos)
    replaced = [cards.by_id[x].replaces for x in out]
    if len(set(replaced)) != len(replaced):
        raise ValueError(f"restless-spirits: promos {said(out)} replace the same Spirit")
    return out


def deck_spirits(g) -> list:
    """The 30 Spirits of this game's deck: each chosen promo takes the place of the Spirit it replaces, so the deck
    keeps exactly 5 Spirits of each type (rs.promo.swap)."""
    chosen = [g.cards.by_id[x] for x in g.options.get("promos") or []]
    out_ids = {p.replaces for p in chosen}
    deck = [s for s in g.cards.main_spirits() if s.id not in out_ids] + chosen
    return deck


# ------------------------------------------------------------------------------------------------ B side
def space_bonus(g, space: int) -> str | None:
    """The placement bonus of board ``space`` (0-based) on the B side, or ``None`` on the A side."""
    if g.options.get("side") != "B":
        return None
    return g.cards.b_side.bonuses[space]


def bonus_label(g, space: int) -> str:
    """``"draw a Totem [provisional]"`` style text for a space's bonus (empty on the A side)."""
    b = space_bonus(g, space)
    if b is None:
        return ""
    return BONUS_TEXT[b] + (" [provisional]" if "bonuses" in g.cards.b_side.provisional else "")


def placement_bonus(c: Ctx, seat: int, space: int) -> None:
    """Give the B-side bonus of ``space`` to ``seat`` after a Spirit was placed there (rs.variant.b-side)."""
    g, s = c.game, c.state
    b = space_bonus(g, space)
    if b is None:
        return
    p = s.players[seat]
    if "bonuses" in g.cards.b_side.provisional:  # which space has which bonus is our ruling (no card file sets it)
        c.ev("rs.ruling.b-side-spaces", f"The rulebook does not show which space has which bonus: the tutor gives "
             f"space {space + 1} the bonus listed {'first second third'.split()[space]} (left to right).", auto=True,
             actor=seat)
    c.ev("rs.variant.b-side", f"B side: space {space + 1}'s placement bonus is to {bonus_label(g, space)}.",
         auto=True, actor=seat)
    if "bonuses" in g.cards.b_side.provisional:
        c.ev("rs.ruling.b-side-spaces", "Which space gives which bonus is not printed: the tutor puts them left to "
             "right in the rulebook's order (draw a Totem, +1 AP, take a market Totem).", auto=True, actor=seat)
    if b == "gain-ap":
        p.ap += 1
        c.ev("rs.variant.b-side", f"{c.who(seat)} gains 1 AP ({p.ap} AP now; it is lost at the end of the turn).",
             auto=True, actor=seat)
    elif b == "draw-totem":
        draw_totems_to_hand(c, seat, 1, "rs.variant.b-side")
    elif hand_room(p) <= 0:
        c.ev("rs.ruling.hand-limit-draw", f"{c.who(seat)} is at the hand limit, so no market Totem is taken.",
             auto=True, actor=seat)
    elif not any(x for row in s.markets for x in row):
        c.ev("rs.variant.b-side", "Both Totem Market rows are empty; there is nothing to take.", auto=True,
             actor=seat)
    else:
        c.ask(ChooseBonusTotem(actor=seat, purpose="b-side"))


def _bonus_actions(g, s, d, a) -> None:
    for r, row in enumerate(s.markets):
        for card in row:
            if card is not None:
                a("choose-bonus-totem", f"Take {g.totem_label(card)} from market row {r + 1} (free)",
                  "The B-side bonus of this space lets you take any face-up market Totem.", ("rs.variant.b-side",),
                  totem=card)


def _bonus_resolve(c: Ctx, d: Decision, action) -> None:
    take_from_market(c, d.actor, action.param("totem"))


HANDLERS = {"choose-bonus-totem": (_bonus_actions, _bonus_resolve)}
