"""Spirited card data: schema and loader (``content/spirited/cards.yaml``).

Public facts (rulebook summary, "What is the Game?" and the issue's card list): 12 clans of 10 cards, 7 clans per
game, 12 Wonders, 3 Passing of Time cards, Bronze/Silver/Gold medals worth 2/3/4 ("Marching & Allegiances").
Not public: each clan's card power, each Allegiance's effects, each Wonder's Spirit and effect, the medal supply,
how Shields are placed and the Battle spaces of the Time Track. Every such value carries a ``provisional`` entry
``{field: reason}`` and every label that shows one says ``[provisional]``.
"""
from __future__ import annotations

from functools import cache, cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.content import CardName, CardText, NormalisedId
from ...core.errors import short


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Strict):
    """An effect by registered name (see :mod:`.effects`) with its parameters and a text in our words."""

    effect: str
    params: dict[str, Any] = Field(default_factory=dict)
    text: CardText = ""


class LimitPenalty(_Strict):
    """An Allegiance penalty: while its holder keeps the Allegiance, their Overrun Limit for the Allegiance's clan is
    ``amount`` lower (Overrun: "some card effects or Allegiance penalties lower the limit")."""

    amount: int = Field(default=1, ge=1, le=2)
    text: CardText = ""


class AllegianceData(_Strict):
    """A clan's Allegiance card: its Battle effect, its Overrun effect and an optional ``penalty`` lowering its
    holder's Overrun Limit for that clan."""

    battle: Effect
    overrun: Effect
    penalty: LimitPenalty | None = None
    provisional: dict[str, str] = Field(default_factory=dict)


class Clan(_Strict):
    """A clan: 10 cards sharing one power (played from hand during Scout), and its Allegiance card."""

    id: NormalisedId
    name: CardName
    cards: int = 10
    power: Effect
    allegiance: AllegianceData
    provisional: dict[str, str] = Field(default_factory=dict)


class Wonder(_Strict):
    """A Wonder card: Spirit gained when taken, and an effect resolved at once."""

    id: NormalisedId
    name: CardName
    spirit: int = Field(ge=0)
    effect: Effect
    provisional: dict[str, str] = Field(default_factory=dict)


class Medal(_Strict):
    """A medal type: printed ``value`` and how many are in the supply."""

    value: int
    count: int = Field(ge=1)
    provisional: dict[str, str] = Field(default_factory=dict)


class TimeTrack(_Strict):
    """The Time Track for a player count: the Hourglass moves from 0 to ``length``; ``battles`` are the Battle
    spaces; the last space (``length``) is the Final Battle."""

    length: int = Field(ge=1)
    battles: tuple[int, ...] = ()
    provisional: dict[str, str] = Field(default_factory=dict)


#: Most Passing of Time cards a card file may shuffle in (the rulebook has 3): each is a space of the Time Track, so a
#: larger number is a mistake or an attack (attack 43, L3: 1000000000 was blamed on time_track[2].length).
MAX_PASSING_OF_TIME = 20


class CardSet(_Strict):
    """The whole card file; cross-references checked (clans in game, medal names, track spaces)."""

    provisional_note: str = ""
    clans_per_game: int = 7
    passing_of_time: int = Field(default=3, description="Passing of Time cards shuffled into the draw pile (3 in "
                                 "the rulebook), 1 to MAX_PASSING_OF_TIME; the Hourglass moves once per card")
    overrun_limit: int = 3
    hand_limit_in_battle: int = 5
    clans: tuple[Clan, ...]
    wonders: tuple[Wonder, ...]
    medals: dict[Literal["bronze", "silver", "gold"], Medal]
    time_track: dict[int, TimeTrack]

    @model_validator(mode="after")
    def _refs(self) -> "CardSet":
        seen: set[str] = set()
        for group, items in (("clans", self.clans), ("wonders", self.wonders)):
            for i, x in enumerate(items):
                if x.id in seen:
                    raise ValueError(f"{group}[{i}].id: duplicate id {short(x.id)} (clan and wonder ids must be "
                                     "unique; "
                                     "ids are compared in Unicode NFKC form without format characters)")
                seen.add(x.id)
        if len(self.clans) < self.clans_per_game:
            raise ValueError(f"clans: {len(self.clans)} clans but {self.clans_per_game} are used per game")
        if set(self.medals) != {"bronze", "silver", "gold"}:
            raise ValueError("medals: give bronze, silver and gold")
        if not 1 <= self.passing_of_time <= MAX_PASSING_OF_TIME:  # said with its range, before the track it sizes
            raise ValueError(f"passing_of_time: a whole number from 1 to {MAX_PASSING_OF_TIME} is needed (the "
                             f"rulebook's draw pile has 3 Passing of Time cards), not {short(self.passing_of_time)}")
        for n, t in self.time_track.items():
            if t.length != self.passing_of_time:
                raise ValueError(f"time_track[{n}].length: the Hourglass moves once per Passing of Time card, so the "
                                 f"track has {self.passing_of_time} moves")
            if any(not 1 <= b < t.length for b in t.battles):
                raise ValueError(f"time_track[{n}].battles: Battle spaces lie between 1 and {t.length - 1}")
        return self

    @cached_property
    def clan(self) -> dict[str, Clan]:
        """Clan by id."""
        return {c.id: c for c in self.clans}

    @cached_property
    def wonder(self) -> dict[str, Wonder]:
        """Wonder by id."""
        return {w.id: w for w in self.wonders}

    def clan_cards(self, clan: str) -> list[str]:
        """The card ids of a clan: ``aztecs-01`` .. ``aztecs-10``."""
        return [f"{clan}-{i:02d}" for i in range(1, self.clan[clan].cards + 1)]

    def time_cards(self) -> list[str]:
        """The Passing of Time card ids."""
        return [f"time-{i}" for i in range(1, self.passing_of_time + 1)]

    def medal_ids(self) -> list[str]:
        """Every medal id, Bronze first."""
        return [f"{m}-{i}" for m in ("bronze", "silver", "gold") for i in range(1, self.medals[m].count + 1)]


@cache
def clan_of(card: str) -> str:
    """The clan id of a clan card id (``"aztecs-03"`` -> ``"aztecs"``); ``"time"`` for Passing of Time (memoised:
    the rules ask it for the same few card ids thousands of times a game)."""
    return card.rsplit("-", 1)[0]


def medal_kind(medal: str) -> str:
    """``"gold"`` for ``"gold-2"``."""
    return medal.rsplit("-", 1)[0]
