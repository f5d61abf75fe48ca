"""Build a Wonder (Turn Structure): spend one card of each clan, from face-up Road or Camp cards or the Hand, and
take 1 of the Wonders on display (``sp.wonder``, ``sp.wonder.sources``).

One check, :func:`missing_clans`, says whether a Wonder can be built: the turn action is offered when nothing is
missing and refused naming what is. Which card of a clan to spend and which Wonder to take are then asked as
decisions (:mod:`..decisions`, from :func:`wonder_sources`).
"""
from __future__ import annotations

from ....core.model import Action, make_action
from ....core.moves import Check, built
from ..cards import clan_of
from ..state import SPState
from ..zones import camp_clan, stack
from .common import an, clan_name


def wonder_sources(s: SPState, seat: int, clan: str) -> list[str]:
    """Where ``seat`` can take a card of ``clan`` for a Wonder: ``road``, ``camp1``, ``camp2``, ``hand``."""
    p = s.players[seat]
    out = []
    st = stack(p, clan)
    if st is not None and st.cards:
        out.append("road")
    for i in range(2):
        if camp_clan(p.camps[i]) == clan:
            out.append(f"camp{i + 1}")
    if any(clan_of(x) == clan for x in p.hand):
        out.append("hand")
    return out


def missing_clans(s: SPState, seat: int) -> list[str]:
    """Clans ``seat`` has no card of for a Wonder (empty: a Wonder can be built); ``["(no Wonder on display)"]`` when
    there is no Wonder to take."""
    if not any(w is not None for w in s.wonder_display):
        return ["(no Wonder on display)"]
    # the clans :func:`wonder_sources` finds a source of, in one pass
    p = s.players[seat]
    have = {st.clan for st in p.road if st.cards}
    have.update(camp_clan(camp) for camp in p.camps)
    have.update(clan_of(x) for x in p.hand)
    return [cl for cl in s.clans if cl not in have]


@built
def build_wonder_action(g, seat: int, n: int) -> Action:
    return make_action("build-wonder", seat, "Build a Wonder (spend 1 card of each clan)", f"You can spend one card of "
                       f"each of the {n} clans from your face-up Road or Camp cards or your Hand.",
                       ("sp.wonder", "sp.turn.one-action"))


def build_wonder(g, s: SPState, out: Check) -> None:
    """Main turn: Build a Wonder when no clan is missing, else refused naming the missing clans
    (``sp.wonder.sources``)."""
    if out.decision is not None:
        return
    seat = s.current
    missing = missing_clans(s, seat)
    if not missing:
        out.ok(build_wonder_action(g, seat, len(s.clans)))
    elif out.wants_blocked:
        out.no("build-wonder", seat, "Build a Wonder", "sp.wonder.sources",
               "you need one face-up Road or Camp card or a Hand card of every clan; missing: "
               + ", ".join(clan_name(g, m) if m in g.cards.clan else m for m in missing))


_WHERE = {"road": "your Road (face up)", "hand": "your Hand"}


def spend_card(g, s: SPState, out: Check) -> None:
    """Decision ``wonder-source``: where to take the card of the clan asked (a face-up Road or Camp card, or the
    Hand)."""
    d = out.decision
    if d is None or d.kind != "wonder-source":
        return
    seat = d.actor
    for src in wonder_sources(s, seat, d.clan):
        where = _WHERE.get(src, f"Camp {src[-1]} (face up)")
        out.ok(make_action("wonder-card", seat, f"Spend {an(clan_name(g, d.clan))} card from {where}", "A Wonder "
                           "needs one card of each clan, from face-up Road or Camp cards or the Hand.",
                           ("sp.wonder.sources",), clan=d.clan, source=src))


def take_wonder(g, s: SPState, out: Check) -> None:
    """Decision ``take-wonder``: take 1 of the Wonders on display (``sp.wonder.take``)."""
    d = out.decision
    if d is None or d.kind != "take-wonder":
        return
    for w in s.wonder_display:
        if w is not None:
            out.ok(make_action("take-wonder", d.actor, f"Take {g.wonder_label(w)} from the Wonders on display", "You spent one card of each clan: "
                               "take 1 of the Wonders on display.", ("sp.wonder.take", "sp.provisional.wonder"),
                               wonder=w))
