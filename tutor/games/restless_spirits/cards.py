"""Restless Spirits card data: schema and loader (``content/restless-spirits/cards.yaml``).

The rulebook names the cards and gives their counts (Components; Spirit Abilities; Totems), but prints few card
values. Every value it does not give carries a ``provisional`` entry ``{field: reason}``; every view that shows such
a value says so. A user's own card file with the same schema can replace ours: ``new_game(..., cards=PATH)``.
"""
from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.content import CardName, CardRef, CardText, NormalisedId
from ...core.errors import said, short

SpiritType = Literal["guardian", "sacred", "fortune", "malicious", "trickster", "shrouded"]
LIGHT_TYPES: tuple[str, ...] = ("guardian", "sacred", "fortune")
DARK_TYPES: tuple[str, ...] = ("malicious", "trickster", "shrouded")
SPIRIT_TYPES: tuple[str, ...] = LIGHT_TYPES + DARK_TYPES


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Provisional(_Strict):
    """Mixin field: ``provisional`` maps a field name to the reason its value is our assumption."""


class TotemIcon(_Strict):
    """A Totem item icon (what a Spirit may require). ``provisional`` names assumed fields."""

    id: NormalisedId
    name: CardName
    provisional: dict[str, str] = Field(default_factory=dict)


class Guide(_Strict):
    """A Spirit Guide character board: its Mastery type lets its owner attract that type for free
    (Character Mastery)."""

    id: NormalisedId
    name: CardName
    mastery: SpiritType
    provisional: dict[str, str] = Field(default_factory=dict)


class Effect(_Strict):
    """An effect by registered name with its parameters (see ``effects.py``). Unknown names fail at load."""

    effect: str
    params: dict[str, Any] = Field(default_factory=dict)


class Ability(_Strict):
    """A Spirit's printed ability.

    ``timing``: ``activated`` (once per game, on your turn, with an Activation Token), ``ongoing`` (active while on
    the board) or ``on-release`` (Obayashi). ``text`` is the ability in our words. ``effects`` run in order; a card
    file must give at least one (:func:`.playable.check_file`: the tutor plays every ability it shows). ``target``:
    ``one-opponent`` (chosen when activating), ``all-opponents`` (every opponent that can be targeted) or
    ``split-opponents`` (one target pick per unit of the first effect's count: Jiangsu, Kielderlings).
    """

    timing: Literal["activated", "ongoing", "on-release"]
    text: CardText
    target: Literal["none", "one-opponent", "all-opponents", "split-opponents", "player"] = "none"
    effects: tuple[Effect, ...] = ()


class Spirit(_Strict):
    """A Spirit card: number, name, type (Light or Dark follows from it), 3 Totem Requirements, ability."""

    id: NormalisedId
    number: int
    name: CardName
    type: SpiritType
    requirements: tuple[str, ...]  # 3 icons of the file's totem_icons: checked by CardSet, which knows them
    ability: Ability
    promo: bool = False
    replaces: CardRef | None = None
    provisional: dict[str, str] = Field(default_factory=dict)

    @property
    def light(self) -> bool:
        """True for Guardian, Sacred and Fortune Spirits (Spirit Types)."""
        return self.type in LIGHT_TYPES


class Totem(_Strict):
    """A Totem card: ``single`` (1 icon), ``double`` (2 icons) or ``wild`` (any 1 requirement; any 2 on a Spirit of
    its ``wild_type``)."""

    id: NormalisedId
    name: CardName
    kind: Literal["single", "double", "wild"]
    icons: tuple[str, ...] = ()
    wild_type: SpiritType | None = None
    provisional: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _shape(self) -> "Totem":
        want = {"single": 1, "double": 2, "wild": 0}[self.kind]
        if len(self.icons) != want:
            raise ValueError(f"a {self.kind} Totem has {want} icon(s), got {len(self.icons)}")
        if (self.kind == "wild") != (self.wild_type is not None):
            raise ValueError("wild_type is required for a wild Totem and only for it")
        return self


class RewardCard(_Strict):
    """A Blessing or Curse: cost in AP (0 = Free Action), what it targets, its effects, solo-mode icon."""

    id: NormalisedId
    name: CardName
    cost: Literal[0, 1, 2]
    text: CardText
    target: Literal["none", "one-opponent", "all-opponents", "player"] = "none"
    effects: tuple[Effect, ...] = ()
    solo: bool = False
    provisional: dict[str, str] = Field(default_factory=dict)


BonusName = Literal["draw-totem", "gain-ap", "take-market"]


class BSide(_Strict):
    """The 'B' side of the Character Boards (Game Variants): the placement bonus of each board space, left to right.
    ``draw-totem``: draw the top Totem; ``gain-ap``: +1 AP this turn; ``take-market``: take any face-up market Totem."""

    bonuses: tuple[BonusName, BonusName, BonusName] = ("draw-totem", "gain-ap", "take-market")
    provisional: dict[str, str] = Field(default_factory=lambda: {
        "bonuses": "The rulebook names the three B-side bonuses (A, B, C) but not which board space shows which; "
                   "left to right A, B, C is our assumption."})


#: Most icon ids one message lists (a hostile file may declare thousands).
MAX_ICONS_LISTED = 12


def icons_of_the_file(totem_icons) -> str:
    """The icon ids a card file declares, for a refusal naming an unknown one: ``"the icons of this file
    (totem_icons): cloak, key, lantern, ..."`` (at most :data:`MAX_ICONS_LISTED`, then how many more), or that it
    declares none."""
    ids = [short(i.id, 30, quote=False) for i in totem_icons]
    if not ids:
        return "this file declares no icons (totem_icons is empty)"
    more = len(ids) - MAX_ICONS_LISTED
    return ("the icons of this file (totem_icons): " + ", ".join(ids[:MAX_ICONS_LISTED])
            + (f" and {more:,} more" if more > 0 else ""))


def self_type(spirits, sid: str) -> str | None:
    """Type of Spirit ``sid`` among ``spirits``."""
    return next((x.type for x in spirits if x.id == sid), None)


class CardSet(_Strict):
    """The whole card file. Cross-references (requirements -> icons, wild types, promo replacements) are checked."""

    provisional_note: str = ""
    b_side: BSide = Field(default_factory=BSide)
    totem_icons: tuple[TotemIcon, ...]
    guides: tuple[Guide, ...]
    spirits: tuple[Spirit, ...]
    totems: tuple[Totem, ...]
    blessings: tuple[RewardCard, ...]
    curses: tuple[RewardCard, ...]

    @model_validator(mode="after")
    def _refs(self) -> "CardSet":
        icons: set[str] = set()
        for i, icon in enumerate(self.totem_icons):  # (attack 26: a repeated icon id was said as "unknown totem icon")
            if icon.id in icons:
                raise ValueError(f"totem_icons[{i}].id: duplicate totem icon id {said(icon.id)} (ids are compared "
                                 "in Unicode NFKC form without format characters)")
            icons.add(icon.id)
        ids: set[str] = set()
        for group in ("guides", "spirits", "totems", "blessings", "curses"):
            for i, card in enumerate(getattr(self, group)):
                if card.id in ids:
                    raise ValueError(f"{group}[{i}].id: duplicate card id {said(card.id)} (ids are compared "
                                     "in Unicode NFKC form without format characters)")
                ids.add(card.id)
        for i, s in enumerate(self.spirits):
            # (attack 42: ``requirements: [nonexistent]`` was said as "[1]: required, but missing", the icon unnamed)
            unknown = next((r for r in s.requirements if r not in icons), None)
            count = "" if len(s.requirements) == 3 else \
                f"a Spirit has 3 Totem Requirements (icons of totem_icons), this one {len(s.requirements):,}"
            if unknown is not None:
                raise ValueError(f"spirits[{i}].requirements: unknown totem icon {said(unknown)}; "
                                 f"{icons_of_the_file(self.totem_icons)}" + (f"; and {count}" if count else ""))
            if count:
                raise ValueError(f"spirits[{i}].requirements: {count}")
            if s.replaces is not None and s.replaces not in {x.id for x in self.spirits}:
                raise ValueError(f"spirits[{i}].replaces: unknown spirit {said(s.replaces)}")
            if s.promo and s.replaces is None:
                raise ValueError(f"spirits[{i}].replaces: a promo Spirit must name the Spirit it replaces")
            if s.replaces is not None and self_type(self.spirits, s.replaces) != s.type:
                raise ValueError(f"spirits[{i}].replaces: {s.id} ({s.type}) must replace a Spirit of its own type so "
                                 "the deck keeps 5 of each type")
        for i, t in enumerate(self.totems):
            for ic in t.icons:
                if ic not in icons:
                    raise ValueError(f"totems[{i}].icons: unknown totem icon {said(ic)}; "
                                     f"{icons_of_the_file(self.totem_icons)}")
        return self

    @cached_property
    def by_id(self) -> dict[str, Any]:
        """Every card (and guide) by id."""
        out: dict[str, Any] = {}
        for group in (self.guides, self.spirits, self.totems, self.blessings, self.curses):
            for c in group:
                out[c.id] = c
        return out

    @cached_property
    def icon_names(self) -> dict[str, str]:
        """Totem icon id -> display name."""
        return {i.id: i.name for i in self.totem_icons}

    def promos(self) -> list[Spirit]:
        """The Promo Spirits (each replaces one numbered Spirit of its type)."""
        return [s for s in self.spirits if s.promo]

    def main_spirits(self) -> list[Spirit]:
        """The 30 Spirits of the main deck (promos excluded)."""
        return [s for s in self.spirits if not s.promo]
