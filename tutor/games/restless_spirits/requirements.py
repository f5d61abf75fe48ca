"""Totem Requirements: which unmet requirements of a Spirit a Totem can meet (Totems; Single & Double Totems;
Wild Totems; General FAQs: a Double Totem used for one requirement).

A requirement slot is met when ``PlacedSpirit.slots[i]`` holds a card id: a Totem, or the Spirit whose requirement
reduction disregards it (Barachu, Seone). A Spirit whose three slots are all met is released.
"""
from __future__ import annotations

from itertools import combinations

from ...core.lookups import plain_lookups
from .state import PlacedSpirit


def unmet(g, ps: PlacedSpirit) -> list[int]:
    """Indices of the unmet requirement slots of ``ps``."""
    return [i for i, x in enumerate(ps.slots) if x is None]


def fill_options(g, ps: PlacedSpirit, totem: str) -> tuple[tuple[int, ...], ...]:
    """The ways ``totem`` can meet requirements of ``ps``; each is a tuple of slot indices it would fill.

    Single: one unmet slot with its icon. Double: for each of its two icons one unmet slot with that icon, together
    (an icon no unmet slot needs goes unused). Each icon meets one requirement, so a Spirit listing an icon twice
    needs two Totem icons for it (rs.totem.single).
    Wild: any one unmet slot; on a Spirit of the Wild's type (Double Wild)
    any two unmet slots (or the last one). Empty tuple: the Totem cannot be played to this Spirit.

    The answer depends only on the two cards and which slots are unmet, so it is kept in ``g.fill_cache`` (a dict
    shared by games with the same cards), keyed by the two cards and :func:`free_slots`.
    """
    return totems_fitting(g, ps)[totem]


class Fitting(dict):
    """``{totem id: its fill options}`` (:func:`fill_options`) on one Spirit card whose unmet slots are ``free``
    (``fitting[totem]``; an empty tuple: it does not fit), and ``fits``: the ids of the Totems that fit (a
    frozenset). Made from the Spirit card and ``free`` only, so one is kept per pair in ``g.fill_cache``
    (:func:`totems_fitting`).

    Every Totem of the card file is worked out when the Fitting is made (a few hundred Fittings, the same ones in
    every game), so :func:`..moves.play_totem.play_totem` finds a Spirit's fitting Totems in hand with one set
    intersection instead of looking each Totem in hand up; any other card id is worked out the first time it is
    asked."""

    __slots__ = ("g", "spirit", "free", "fits")

    def __init__(self, g, spirit: str, free: tuple[int, ...]) -> None:
        super().__init__()
        self.g, self.spirit, self.free = g, spirit, free
        for t in g.cards.totems:
            self[t.id] = _fill_options(g, spirit, t.id, free)
        #: the ids of the Totems that meet one of the unmet requirements
        self.fits: frozenset[str] = frozenset([k for k, v in self.items() if v])

    def __missing__(self, totem: str) -> tuple[tuple[int, ...], ...]:
        opts = self[totem] = _fill_options(self.g, self.spirit, totem, self.free)
        return opts


plain_lookups(Fitting)  # (a lookup is ``dict``'s own: see tutor.core.lookups)

#: :func:`free_slots` of a Spirit by which of its three slots are unmet: ``{(unmet 1, unmet 2, unmet 3): indices}``
FREE_BY_UNMET = {(a, b, c): tuple(i for i, x in enumerate((a, b, c)) if x) for a in (False, True) for b in (False, True)
         for c in (False, True)}


def totems_fitting(g, ps: PlacedSpirit) -> Fitting:
    """The :class:`Fitting` of the placed Spirit ``ps``: how each Totem meets its unmet requirements
    (``totems_fitting(g, ps)[totem]``, as :func:`fill_options`), kept in ``g.fill_cache`` (a dict shared by games
    with the same cards) by the Spirit card and which slots are unmet (:func:`free_slots`)."""
    sl = ps.slots
    key = (ps.card, FREE_BY_UNMET[sl[0] is None, sl[1] is None, sl[2] is None] if len(sl) == 3 else free_slots(ps))
    hit = g.fill_cache.get(key)
    if hit is None:
        hit = g.fill_cache[key] = Fitting(g, *key)
    return hit


def free_key(ps: PlacedSpirit) -> tuple[int, ...]:
    """:func:`free_slots` of ``ps`` (looked up for the usual three slots, not built)."""
    sl = ps.slots
    return FREE_BY_UNMET[sl[0] is None, sl[1] is None, sl[2] is None] if len(sl) == 3 else free_slots(ps)


def fitting_of(g, spirit: str, free: tuple[int, ...]) -> Fitting:
    """The :class:`Fitting` of the Spirit card ``spirit`` whose unmet slots are ``free`` (as :func:`totems_fitting`
    of a placed Spirit of that card with those slots unmet), kept in ``g.fill_cache``."""
    key = (spirit, free)
    hit = g.fill_cache.get(key)
    if hit is None:
        hit = g.fill_cache[key] = Fitting(g, spirit, free)
    return hit


def free_slots(ps: PlacedSpirit) -> tuple[int, ...]:
    """Indices of the unmet requirement slots of ``ps``, as a tuple (a memo key)."""
    return tuple([i for i, x in enumerate(ps.slots) if x is None])


def _fill_options(g, spirit: str, totem: str, free: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if not free:
        return ()
    t = g.cards.by_id[totem]
    req = g.cards.by_id[spirit].requirements
    if t.kind == "single" or t.kind == "double":
        # each icon of the Totem meets one requirement: a Spirit listing an icon twice needs it twice (plain loops:
        # a generator per icon cost more than the search)
        hit: list[int] = []
        for icon in t.icons:
            for i in free:
                if req[i] == icon and i not in hit:
                    hit.append(i)
                    break
        if not hit:
            return ()
        hit.sort()
        return (tuple(hit),)
    if t.wild_type == g.cards.by_id[spirit].type and len(free) >= 2:
        return tuple(combinations(free, 2))
    return tuple((i,) for i in free)


def is_complete(ps: PlacedSpirit) -> bool:
    """True when all three requirement slots are met (the Spirit is released at once)."""
    return None not in ps.slots  # (slots hold Totem ids or None)
