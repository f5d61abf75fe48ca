"""Spirit Duels card data: schema and loader (``content/spirit-duels/cards.yaml``).

The rulebook names the pre-built teams, their Spirit Lines and their 15 deck cards (Pre-built Teams), the nine
Classes and how a drafted team and deck are made (What's Next? Drafting; Forming Your Team; Building Your Deck) and
describes card anatomy (Card Anatomy), but prints almost no values: only Tychomp's Attack Power (2). Every other
value is our assumption and carries a ``provisional`` entry ``{field: reason}``; labels showing one say
``[provisional]``. Names the rulebook does not give (the other Spirit Lines of each Class, the Ice, Toxic and Wind
cards) are placeholders such as "Ice Line A Stage 1", with ``name`` among their provisional fields.
Cards name effects from the registry (``effects.py``) with typed parameters; an unknown effect name or a bad
parameter fails at load, naming the file and field. Load your own file with ``new_game(..., cards=PATH)``.
"""
from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.content import CardName, CardRef, CardText, NormalisedId
from ...core.errors import said
from .dice import DIE_KINDS

ClassId = Literal["arcane", "earth", "electric", "fire", "ice", "nature", "toxic", "water", "wind"]
AbilityName = Literal["drain", "armor", "zap", "burn", "freeze", "heal", "poison", "splash", "lift"]
#: Class -> its Class Ability (Class Abilities).
CLASS_ABILITY: dict[str, str] = {"arcane": "drain", "earth": "armor", "electric": "zap", "fire": "burn",
                                 "ice": "freeze", "nature": "heal", "toxic": "poison", "water": "splash",
                                 "wind": "lift"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Strict):
    """An effect by registered name with its parameters (see ``effects.py``)."""

    effect: str
    params: dict[str, Any] = Field(default_factory=dict)


class Ability(_Strict):
    """Ability text on a Spirit or an Item (Perform Action or Limited Action; Keywords: Activate).

    ``timing``: ``activate`` (resolves after the Spirit is activated), ``action`` (any number of times, each an
    action) or ``limited-action`` (once per round). ``symbol``: an Action's die cost (remove a die showing it from
    this Spirit first). ``text`` is our wording; ``effects`` run in order.
    """

    timing: Literal["activate", "action", "limited-action"]
    symbol: Literal["attack", "magic", "essence"] | None = None
    text: CardText
    effects: tuple[Effect, ...]


class Bonus(_Strict):
    """A Trait's lasting change to the Spirit it is attached to."""

    stat: Literal["attack", "magic", "essence", "health"]
    amount: int


class PresenceSide(_Strict):
    """The back of a defeated Stage 2 or 3 Spirit: lower stats, fewer dice, no ability, the Presence keyword."""

    dice: tuple[str, ...]
    attack: int = Field(ge=0)
    magic: int = Field(ge=0)
    essence: int = Field(ge=0)


class Spirit(_Strict):
    """A Spirit card (Card Anatomy): stage, classes (primary first), health, dice, the three powers, ability."""

    id: NormalisedId
    name: CardName
    stage: Literal[1, 2, 3]
    classes: tuple[ClassId, ...] = Field(min_length=1, max_length=2)
    health: int = Field(ge=1)
    dice: tuple[str, ...]
    attack: int = Field(ge=0)
    magic: int = Field(ge=0)
    essence: int = Field(ge=0)
    ability: Ability | None = None
    presence: PresenceSide | None = None
    provisional: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _shape(self) -> "Spirit":
        for d in self.dice + (self.presence.dice if self.presence else ()):
            if d not in DIE_KINDS or d == "advantage":
                raise ValueError(f"unknown die kind {said(d)}; valid: {', '.join(k for k in DIE_KINDS if k != 'advantage')}")
        if (self.stage == 1) != (self.presence is None):
            raise ValueError("Stage 2 and 3 Spirits have a presence side; Stage 1 Spirits have none")
        return self


class Line(_Strict):
    """A Spirit Line: three Spirits related by evolution, Stage 1 to 3, of one Class (the Class that provides it
    in the draft). ``provisional``: e.g. ``{name: reason}`` for a placeholder Line."""

    id: NormalisedId
    name: CardName
    cls: ClassId = Field(alias="class")
    spirits: tuple[Spirit, Spirit, Spirit]
    provisional: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _stages(self) -> "Line":
        if [s.stage for s in self.spirits] != [1, 2, 3]:
            raise ValueError("a Spirit Line lists its Stage 1, 2 and 3 Spirits in that order")
        return self


class Card(_Strict):
    """A Move, Trait or Item card (Card Anatomy; Play a Card)."""

    id: NormalisedId
    name: CardName
    cls: ClassId = Field(alias="class")
    kind: Literal["move", "trait", "item"]
    rarity: Literal["basic", "special"]
    line: CardRef | None = None
    cost: int = Field(ge=0)
    text: CardText
    fast: bool = False
    effects: tuple[Effect, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    ability: Ability | None = None
    charged: int | None = Field(default=None, ge=1)
    provisional: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _shape(self) -> "Card":
        if (self.rarity == "special") != (self.line is not None):
            raise ValueError("special cards name their Spirit Line; basic cards name none")
        if self.kind != "move" and self.effects:
            raise ValueError("only Move cards resolve effects when played; Items and Traits use ability/bonuses")
        if self.kind != "trait" and self.bonuses:
            raise ValueError("only Traits give bonuses to the Spirit they are attached to")
        if self.kind != "item" and (self.ability is not None or self.charged is not None):
            raise ValueError("only Items have an Action ability or Charged(X) here")
        if self.ability is not None and self.ability.timing == "activate":
            raise ValueError("an Item's ability is an action or a limited-action")
        if self.ability is not None and self.ability.symbol is not None:
            raise ValueError("die-symbol costs belong to Spirit abilities only")
        return self


class Team(_Strict):
    """A pre-built team: three Spirit Lines and a deck listing each card once (``copies`` of each)."""

    id: NormalisedId
    name: CardName
    lines: tuple[CardRef, CardRef, CardRef]
    deck: tuple[CardRef, ...]
    copies: int = 2


class ClassDef(_Strict):
    """A Class card of the draft (What's Next? Drafting; Forming Your Team; Building Your Deck): the three Spirit
    Lines it offers and its Basic cards, each ``copies`` times in a deck (six Basic cards in all). Its name and
    Class Ability come from the rulebook (:data:`CLASS_ABILITY`)."""

    id: ClassId
    lines: tuple[CardRef, CardRef, CardRef]
    basic: tuple[CardRef, ...]
    copies: int = Field(default=2, ge=1)
    provisional: dict[str, str] = Field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.id.capitalize()


#: Cards a Class gives a drafted deck and cards each chosen Spirit Line gives (Building Your Deck).
BASIC_PER_CLASS = 6
SPECIAL_PER_LINE = 4


class CardSet(_Strict):
    """The whole card file; cross-references (lines, teams, cards, classes) are checked. ``classes`` (the nine
    Class cards) is needed for the draft set-up only; a file without it plays the pre-built teams."""

    provisional_note: str = ""
    reasons: dict[str, dict[str, str]] = Field(default_factory=dict)
    lines: tuple[Line, ...]
    cards: tuple[Card, ...]
    teams: tuple[Team, ...]
    classes: tuple[ClassDef, ...] = ()

    @model_validator(mode="after")
    def _refs(self) -> "CardSet":
        ids: set[str] = set()
        for i, ln in enumerate(self.lines):
            for j, sp in enumerate(ln.spirits):
                if sp.id in ids:
                    raise ValueError(f"lines[{i}].spirits[{j}].id: duplicate id {said(sp.id)} (ids are "
                                     "compared in Unicode NFKC form without format characters)")
                ids.add(sp.id)
        line_ids = {ln.id for ln in self.lines}
        for i, c in enumerate(self.cards):
            if c.id in ids:
                raise ValueError(f"cards[{i}].id: duplicate id {said(c.id)} (ids are compared in Unicode NFKC "
                                 "form without format characters)")
            ids.add(c.id)
            if c.line is not None and c.line not in line_ids:
                raise ValueError(f"cards[{i}].line: unknown Spirit Line {said(c.line)}")
        for i, t in enumerate(self.teams):
            for ln in t.lines:
                if ln not in line_ids:
                    raise ValueError(f"teams[{i}].lines: unknown Spirit Line {said(ln)}")
            for c in t.deck:
                if c not in {x.id for x in self.cards}:
                    raise ValueError(f"teams[{i}].deck: unknown card {said(c)}")
            if len(t.deck) * t.copies != 30:
                raise ValueError(f"teams[{i}].deck: a deck holds 30 cards ({len(t.deck)} x {t.copies} given)")
        self._check_classes()
        return self

    def _check_classes(self) -> None:
        """The nine Classes each once; each offers three Lines of its own Class (no Line offered twice); six Basic
        cards of its own Class; four Special cards for each of its Lines."""
        if not self.classes:
            return
        ids = [c.id for c in self.classes]
        if sorted(ids) != sorted(CLASS_ABILITY):
            raise ValueError(f"classes: the draft needs each of the nine Classes once ({', '.join(CLASS_ABILITY)}); "
                             f"got {', '.join(ids)}")
        lines = {ln.id: ln for ln in self.lines}
        cards = {c.id: c for c in self.cards}
        offered: set[str] = set()
        for i, cl in enumerate(self.classes):
            for ln in cl.lines:
                if ln not in lines:
                    raise ValueError(f"classes[{i}].lines: unknown Spirit Line {said(ln)}")
                if lines[ln].cls != cl.id:
                    raise ValueError(f"classes[{i}].lines: {said(ln)} is a {lines[ln].cls} Line, not {cl.id}")
                if ln in offered:
                    raise ValueError(f"classes[{i}].lines: {said(ln)} is offered by two Classes")
                offered.add(ln)
                specials = [c for c in self.cards if c.line == ln]
                if len(specials) * cl.copies != SPECIAL_PER_LINE:
                    raise ValueError(f"classes[{i}].lines: {said(ln)} has {len(specials)} Special card(s) x {cl.copies} "
                                     f"copies; a Spirit Line gives {SPECIAL_PER_LINE} Special cards")
            for b in cl.basic:
                if b not in cards:
                    raise ValueError(f"classes[{i}].basic: unknown card {said(b)}")
                if cards[b].rarity != "basic" or cards[b].cls != cl.id:
                    raise ValueError(f"classes[{i}].basic: {said(b)} is not a {cl.id} Basic card")
            if len(cl.basic) * cl.copies != BASIC_PER_CLASS or len(set(cl.basic)) != len(cl.basic):
                raise ValueError(f"classes[{i}].basic: a Class has {BASIC_PER_CLASS} Basic cards ({len(cl.basic)} "
                                 f"distinct x {cl.copies} given)")
        listed = {b for cl in self.classes for b in cl.basic}
        for i, c in enumerate(self.cards):
            if c.rarity == "basic" and c.id not in listed:
                raise ValueError(f"cards[{i}]: Basic card {said(c.id)} belongs to no Class under classes")

    @cached_property
    def by_id(self) -> dict[str, Any]:
        """Every Spirit and card by id."""
        out: dict[str, Any] = {c.id: c for c in self.cards}
        for ln in self.lines:
            for sp in ln.spirits:
                out[sp.id] = sp
        return out

    @cached_property
    def line_by_id(self) -> dict[str, Line]:
        return {ln.id: ln for ln in self.lines}

    @cached_property
    def team_by_id(self) -> dict[str, Team]:
        return {t.id: t for t in self.teams}

    @cached_property
    def class_by_id(self) -> dict[str, ClassDef]:
        return {c.id: c for c in self.classes}

    @cached_property
    def line_class(self) -> dict[str, str]:
        """Line id -> the Class whose card offers it in the draft."""
        return {ln: c.id for c in self.classes for ln in c.lines}

    def specials(self, line: str) -> tuple[str, ...]:
        """The Special cards of Spirit Line ``line`` (each card id once)."""
        return tuple(c.id for c in self.cards if c.line == line)
