"""The "what if" edits of a scenario's set-up, the same for every game: a card moved between two zones, a counter
set, the turn given to a seat, a die face fixed. Each game's adapter (``rs``, ``spirited``, ``duels``) says which
zones, counters and dice it has and turns an edit into a change of the scenario's partial state.
"""
from __future__ import annotations

from ..core.errors import short

from dataclasses import dataclass
from typing import Any, Union

#: Zones that belong to a seat (a player's own), and zones of the table; ``deck`` and ``discard`` are a player's own
#: in Spirit Duels and the table's in Restless Spirits (``deck``: the bottom of the card's deck).
SEATED = ("hand", "board", "space1", "space2", "space3", "released", "road", "shields", "camp1", "camp2",
          "camp1_down", "camp2_down", "items", "traits1", "traits2", "traits3", "wonders")
TABLE = ("lost_spirits", "markets", "shrine", "totem_discard", "spirit_discard", "draw_pile", "wonder_deck")
EITHER = ("deck", "deck_top", "discard")
_TITLES = {
    "hand": "hand", "board": "board", "space1": "Totems under the Spirit on space 1",
    "space2": "Totems under the Spirit on space 2", "space3": "Totems under the Spirit on space 3", "released": "released Spirits", "road": "Road", "camp1": "first Camp",
    "camp2": "second Camp", "camp1_down": "first Camp, face down",
    "camp2_down": "second Camp, face down", "shields": "Shields (on the Road)", "items": "Items in play", "deck": "deck", "discard": "discard pile",
    "deck_top": "deck, on top", "traits1": "Traits on Spirit 1", "traits2": "Traits on Spirit 2",
    "traits3": "Traits on Spirit 3", "wonders": "built Wonders", "wonder_deck": "the Wonder deck",
    "lost_spirits": "the Lost Spirits row", "markets": "the Totem markets", "shrine": "the Shrine",
    "totem_discard": "the Totem discard pile", "spirit_discard": "the Spirit discard pile",
    "draw_pile": "the draw pile",
}
_TABLE_TITLES = {"deck": "the bottom of its deck", "deck_top": "the top of its deck", "discard": "the discard pile"}


@dataclass(frozen=True)
class Zone:
    """A place for cards: a player's zone (``name`` in :data:`SEATED` or :data:`EITHER`, with a 1-based ``seat``)
    or a table zone (``name`` in :data:`TABLE` or :data:`EITHER`, no seat). Which zones a game has:
    :func:`tutor.faq_whatif.zones`.

    Raises:
        ValueError: an unknown zone name, or a seat given to a table zone / missing for a player's zone.
    """

    name: str
    seat: int | None = None

    def __post_init__(self) -> None:
        if self.name not in SEATED + TABLE + EITHER:
            raise ValueError(f"unknown zone {short(self.name)}; zones: {', '.join(SEATED + TABLE + EITHER)}")
        if self.name in SEATED and self.seat is None:
            raise ValueError(f"zone {short(self.name)}: say whose it is (a seat is needed)")
        if self.name in TABLE and self.seat is not None:
            raise ValueError(f"zone {short(self.name)} belongs to the table: no seat")

    @property
    def label(self) -> str:
        """``"Player 1's hand"``, ``"the Shrine"``."""
        if self.seat is not None:
            return f"Player {self.seat}'s {_TITLES[self.name]}"
        return _TABLE_TITLES.get(self.name, _TITLES[self.name])


def _name(names: dict[str, str] | None, key: Any) -> str:
    return (names or {}).get(str(key), str(key))


def zone_key(zone: "Zone") -> str:
    """The key of a zone's own words in an edit's ``names`` (``"zone=traits1@2"``), when a game names it better than
    :attr:`Zone.label` (Spirit Duels: the Spirit a Trait is under)."""
    return f"zone={zone.name}@{zone.seat}"


def _zone(names: dict[str, str] | None, zone: "Zone") -> str:
    return (names or {}).get(zone_key(zone), zone.label)


@dataclass(frozen=True)
class AddCard:
    """Put ``card`` into ``zone``, taken from wherever it was (Restless Spirits) or from the draw pile / the
    player's deck (Spirited, Spirit Duels)."""

    zone: Zone
    card: str

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The edit in words, names from ``names`` (see :func:`tutor.faq_whatif.edit_names`)."""
        return f"added {_name(names, self.card)} to {_zone(names, self.zone)}"

    def asked(self, names: dict[str, str] | None = None) -> str:
        """The edit as a "What if …?" question says it ("we added Sanabo to Player 1's hand")."""
        return f"we {self.describe(names)}"


@dataclass(frozen=True)
class RemoveCard:
    """Take ``card`` out of ``zone``; it goes to the bottom of its deck (the draw pile in Spirited)."""

    zone: Zone
    card: str

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The edit in words, names from ``names`` (see :func:`tutor.faq_whatif.edit_names`)."""
        return f"removed {_name(names, self.card)} from {_zone(names, self.zone)}"

    def asked(self, names: dict[str, str] | None = None) -> str:
        """The edit as a "What if …?" question says it ("we removed Sanabo from Player 1's hand")."""
        return f"we {self.describe(names)}"


@dataclass(frozen=True)
class MoveCard:
    """Move ``card`` (a card id; a clan in Spirited, whose cards are interchangeable) from ``source`` to ``target``."""

    card: str
    source: Zone
    target: Zone

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The edit in words, names from ``names`` (see :func:`tutor.faq_whatif.edit_names`)."""
        return f"moved {_name(names, self.card)} from {_zone(names, self.source)} to {_zone(names, self.target)}"

    def asked(self, names: dict[str, str] | None = None) -> str:
        """The edit as a "What if …?" question says it ("we moved Greeks from Player 1's Shields to Player 1's
        Road")."""
        return f"we {self.describe(names)}"


@dataclass(frozen=True)
class SetCounter:
    """Set counter ``key`` (see :func:`tutor.faq_whatif.counters`: ``"p1.ap"``, ``"hourglass"``,
    ``"p2.s1.burn"``, ``"holder.red"``...) to ``value`` (a number, or one of the counter's choices)."""

    key: str
    value: Any

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The edit in words, names from ``names`` (see :func:`tutor.faq_whatif.edit_names`)."""
        said = (names or {}).get(f"{self.key}={self.value}", str(self.value))
        return f"{_name(names, self.key)}: {said}"

    def asked(self, names: dict[str, str] | None = None) -> str:
        """The edit as a "What if …?" question says it ("we set Player 1's AP to 3")."""
        said = (names or {}).get(f"{self.key}={self.value}", str(self.value))
        return f"we set {_name(names, self.key)} to {said}"


@dataclass(frozen=True)
class SetAP:
    """Give player ``seat`` (1-based) ``ap`` Action Points (Restless Spirits; the counter ``pN.ap``)."""

    seat: int
    ap: int

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The edit in words, names from ``names`` (see :func:`tutor.faq_whatif.edit_names`)."""
        return f"Player {self.seat} has {self.ap} AP"

    def asked(self, names: dict[str, str] | None = None) -> str:
        """The edit as a "What if …?" question says it (as :meth:`describe`)."""
        return self.describe(names)


@dataclass(frozen=True)
class SetCurrent:
    """Make it player ``seat``'s (1-based) turn (or, in Spirit Duels, their action)."""

    seat: int

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The edit in words, names from ``names`` (see :func:`tutor.faq_whatif.edit_names`)."""
        return f"it is Player {self.seat}'s turn"

    def asked(self, names: dict[str, str] | None = None) -> str:
        """The edit as a "What if …?" question says it (as :meth:`describe`)."""
        return self.describe(names)


SetTurn = SetCurrent


@dataclass(frozen=True)
class SetDecision:
    """Make it player ``seat``'s (1-based) decision: in a set-up that ends inside an action (``setup.state.decision``,
    :mod:`tutor.core.opening`), that player is the one who has just taken the action, so the choice it asks for is
    theirs (or whoever the rules then ask). The game's rules check it: an action that player cannot take here, or one
    that asks them no decision, is refused with the reason."""

    seat: int

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The edit in words, names from ``names`` (see :func:`tutor.faq_whatif.edit_names`)."""
        return f"it is Player {self.seat}'s decision"

    def asked(self, names: dict[str, str] | None = None) -> str:
        """The edit as a "What if …?" question says it (as :meth:`describe`)."""
        return self.describe(names)


@dataclass(frozen=True)
class FixDie:
    """Fix a die's face: ``key`` ``"roll.N"`` (the N-th die rolled from now, Spirit Duels' forced rolls) or
    ``"pS.sK.die.N"`` (die N of a Spirit's active pool); ``face`` one of the die's faces (see
    :func:`tutor.faq_whatif.dice`), or ``None`` for ``roll.N`` to let that roll (and the later ones) be random."""

    key: str
    face: str | None

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The edit in words, names from ``names`` (see :func:`tutor.faq_whatif.edit_names`)."""
        face = "random" if self.face is None else _name(names, f"face={self.face}")
        return f"{_name(names, self.key)} shows {face}"

    def asked(self, names: dict[str, str] | None = None) -> str:
        """The edit as a "What if …?" question says it (as :meth:`describe`)."""
        return self.describe(names)


Edit = Union[AddCard, RemoveCard, MoveCard, SetCounter, SetAP, SetCurrent, SetDecision, FixDie]


@dataclass(frozen=True)
class Counter:
    """A counter of the prepared set-up a what-if can set.

    Attributes:
        key: stable key (``"p1.ap"``). label: in words (``"Player 1's AP"``). value: its value now.
        lo, hi: the inclusive range of a number; ``None`` for a choice.
        choices: ``(words, value)`` pairs for a choice (a seat, a medal, yes/no); empty for a number.
    """

    key: str
    label: str
    value: Any
    lo: int | None = None
    hi: int | None = None
    choices: tuple[tuple[str, Any], ...] = ()

    def check(self, value: Any) -> None:
        """Raise ``ValueError`` with a sentence when ``value`` is not allowed."""
        if self.choices:
            if value not in [v for _w, v in self.choices]:
                raise ValueError(f"{self.label} can be {', '.join(w for w, _v in self.choices)}, not {short(value)}")
            return
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.label} is a whole number, not {short(value)}")
        if not self.lo <= value <= self.hi:
            raise ValueError(f"{self.label} must be between {self.lo} and {self.hi}; {value} is out of range")

    def words(self, value: Any) -> str:
        """``value`` in words (a choice's words)."""
        return next((w for w, v in self.choices if v == value), str(value))


@dataclass(frozen=True)
class DieSpec:
    """A die face a what-if can fix: ``key`` (``"roll.1"``, ``"p1.s2.die.1"``), ``label`` in words, the ``face``
    now (``None``: not fixed), the ``faces`` it may show ``(words, face)`` and whether it may be left random
    (``can_be_random``: a roll still to come; a die already in a pool shows a face)."""

    key: str
    label: str
    face: str | None
    faces: tuple[tuple[str, str], ...]
    can_be_random: bool = False


def supersedes(new: Edit, old: Edit) -> bool:
    """True when ``new`` makes ``old`` pointless in a list of changes: a new value for the same counter or die, or a
    new current player."""
    key = lambda e: (("counter", f"p{e.seat}.ap") if isinstance(e, SetAP) else ("counter", e.key)
                     if isinstance(e, SetCounter) else ("die", e.key) if isinstance(e, FixDie) else
                     ("turn",) if isinstance(e, (SetCurrent, SetDecision)) else None)
    return key(new) is not None and key(new) == key(old)


def move_ends(edit, supply) -> tuple:
    """``(source, target)`` zones of a card edit: a :class:`MoveCard`'s own; an :class:`AddCard` takes the card from
    ``supply(zone)`` (the game's draw pile or deck for that zone), a :class:`RemoveCard` puts it back there."""
    if isinstance(edit, MoveCard):
        return edit.source, edit.target
    if isinstance(edit, AddCard):
        return supply(edit.zone), edit.zone
    return edit.zone, supply(edit.zone)
