"""Buy a Totem, Refresh a market row and buy from it, and Retrieve a Totem from the Shrine (On Your Turn: Buy a
Totem; Refresh & Buy; Retrieve from the Shrine; Hand Limit: at the limit a new Totem is swapped for one in hand).

Candidates: each Totem in the two market rows; each row to refresh; one retrieve. The check: 1 AP, and room in hand
or a Totem to swap out (rulings ``rs.ruling.retrieve-at-limit``, ``rs.ruling.retrieve-short-shrine``); a Totem in
the Shrine to retrieve. Resolution: :func:`..resolve.main_action` (``buy-totem``, ``refresh-market-and-buy``,
``retrieve-from-shrine``), then :func:`..resolve.buy` / :func:`..resolve.retrieve_choice`.
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, KeptTable, built_once
from ..zones import plural
from .turn import AP_COST, NO_AP, Turn


def buy_totem(g, t: Turn, out: Check) -> None:
    """Buy a Totem from a market row, or refresh a row and buy from it (1 AP each)."""
    seat, ap, room = t.seat, t.ap, t.room
    if ap < AP_COST:
        out.no("buy-totem", seat, "Buy a Totem", "rs.turn.ap", NO_AP)
        return
    if not (room or t.totems):  # at the limit a new Totem is swapped for one in hand
        out.no("buy-totem", seat, "Buy a Totem", "rs.hand-limit.swap",
               "your hand is at the limit of 7 and holds no Totem to swap out")
        return
    buys = row_buys.kept(g)
    ok = out.ok
    for r, row in enumerate(t.s.markets):
        buy = buys[seat, r, ap, room]
        for card in row:
            if card is not None:
                ok(buy[card])
    refresh = refresh_market_action.kept(g)
    ok(refresh[seat, 0, ap, room])
    ok(refresh[seat, 1, ap, room])


def _swap(room: bool) -> str:
    return "" if room else " (your hand is full, so you will give up a Totem)"


@built_once
def buy_totem_action(g, seat: int, card: str, r: int, ap: int, room: bool) -> Action:
    """Buy ``card`` from market row ``r`` (0-based) with ``ap`` AP; ``room``: the hand is below its limit."""
    return make_action("buy-totem", seat, f"Buy {g.totem_label(card)} from market row {r + 1}",
                       f"You have {ap} AP{_swap(room)}.",
                       ("rs.buy",) if room else ("rs.buy", "rs.hand-limit", "rs.hand-limit.swap"), AP_COST,
                       totem=card)


@built_once
def row_buys(g, seat: int, r: int, ap: int, room: bool) -> KeptTable:
    """``{totem id: the Action buying it from market row r}`` (:func:`buy_totem_action`; 0-based row, ``ap`` AP,
    ``room``: the hand is below its limit), each worked out when first asked: a check of the buys is one lookup per
    row and one per Totem in it."""
    return KeptTable(lambda card: buy_totem_action(g, seat, card, r, ap, room))


@built_once
def refresh_market_action(g, seat: int, r: int, ap: int, room: bool) -> Action:
    """Refresh market row ``r`` (0-based) and buy from it; refreshing at the limit swaps too (ruling
    ``rs.ruling.retrieve-at-limit``)."""
    return make_action("refresh-market-and-buy", seat, f"Refresh market row {r + 1} and buy from it",
                       f"You have {ap} AP{_swap(room)}.",
                       ("rs.refresh-buy",) if room else
                       ("rs.refresh-buy", "rs.hand-limit", "rs.hand-limit.swap", "rs.ruling.retrieve-at-limit"),
                       AP_COST, row=r + 1)


def retrieve(g, t: Turn, out: Check) -> None:
    """Retrieve a Totem from the Shrine: look at its top 3 and keep 1 (1 AP)."""
    seat, ap, shrine = t.seat, t.ap, t.s.shrine
    if ap < AP_COST:
        out.no("retrieve-from-shrine", seat, "Retrieve a Totem from the Shrine", "rs.turn.ap", NO_AP)
        return
    if not shrine:
        out.no("retrieve-from-shrine", seat, "Retrieve a Totem from the Shrine", "rs.retrieve", "the Shrine is empty")
        return
    if t.room or t.totems:  # (a full hand with no Totem to swap is refused once, by buy_totem)
        out.ok(retrieve_action(g, seat, ap, len(shrine), t.room))


@built_once
def retrieve_action(g, seat: int, ap: int, n: int, room: bool) -> Action:
    """Retrieve from a Shrine of ``n`` Totems with ``ap`` AP; ``room``: the hand is below its limit."""
    return make_action(
        "retrieve-from-shrine", seat, "Retrieve a Totem from the Shrine "
        + ("(its only Totem)" if n == 1 else f"(keep 1 of the top {min(3, n)})"),
        f"You have {ap} AP and the Shrine holds {plural(n, 'Totem')}{_swap(room)}.",
        ("rs.retrieve",) + (() if room else ("rs.hand-limit", "rs.hand-limit.swap", "rs.ruling.retrieve-at-limit"))
        + (("rs.ruling.retrieve-short-shrine",) if n < 3 else ()), AP_COST)
