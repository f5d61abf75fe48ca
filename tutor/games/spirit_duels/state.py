"""Spirit Duels state: only the facts that change during play (card values live in ``CardSet``).

With the draft set-up (``phase == "draft"``) the state also holds the Class cards still on the table
(:class:`DraftState`) and each player's drafted Classes (``Player.classes``); a Spirit slot is added as each Spirit
Line is chosen, and the deck is built once all six Lines are chosen.

Decks are lists whose *last* element is the top card. A player's Spirits are three slots, one per Spirit Line of
the team (Setup): the slot names its line and current stage; the other stages of the line are set aside. Dice in an
active pool are ``Die`` values (kind + face showing). Work still to do inside a step (an effect waiting for a
choice, the rest of the End Phase) is a stack of :class:`Work` items (``work``, the last runs first; see
:mod:`tutor.core.flow`), so every choice is a pending decision.
"""
from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, model_validator

from ...core.chance import FixedOutcomes, upgrade_saved_state as upgrade_chance
from ...core.flow import by_kind
from ...core.items import flow_item, item_fields
from ...core.rng import Rng
from ...core.state_model import StateModel


class _S(StateModel):
    model_config = ConfigDict(extra="forbid")


class Die(_S):
    """A die in an active pool: its kind (``attack-1``... ``advantage``) and the face it shows."""

    kind: str
    face: str


class SpiritSlot(_S):
    """One Spirit in play: line, stage, and what lies on it (Damage, Defeated Spirits and Presence).

    ``defeated``: a defeated Stage 1 Spirit is a face-down card (no longer a Spirit); a defeated Stage 2/3 Spirit
    shows its Presence side. ``advantage_die``: the Advantage Die is assigned to it (End Phase).
    """

    line: str
    stage: int = 1
    defeated: bool = False
    exhausted: bool = False
    damage: int = 0
    armor: int = 0
    burn: int = 0
    freeze: int = 0
    poison: int = 0
    traits: list[str] = Field(default_factory=list)
    pool: list[Die] = Field(default_factory=list)
    advantage_die: bool = False
    limited_used: bool = False


class ItemInPlay(_S):
    """An Item card in a play area, with its charge tokens (Charged(X)) and once-a-round use."""

    card: str
    exhausted: bool = False
    charges: int | None = None
    limited_used: bool = False


class Player(_S):
    """One seat: team, deck, hand, discard pile, Essence, Spirits in play, Items in play. ``aside``: opening cards
    set aside during the mulligan; ``resolving``: a card being played (a Move resolving, a Trait being attached).
    ``team``: the pre-built team id, or ``None`` for a drafted team, whose Classes are ``classes`` (in draft order)
    and whose Spirit Lines are the lines of ``spirits``."""

    seat: int
    team: str | None = None
    classes: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    aside: list[str] = Field(default_factory=list)
    resolving: list[str] = Field(default_factory=list)
    essence: int = 0
    spirits: list[SpiritSlot] = Field(default_factory=list)
    items: list[ItemInPlay] = Field(default_factory=list)


class DieRef(_S):
    """A die in one of the acting player's active pools: die ``die`` of Spirit ``spirit`` (both 0-based)."""

    spirit: int
    die: int


def _empty(value: list) -> bool:
    return not value


@flow_item
class Work:
    """A piece of rules work waiting on the work stack (or for a decision): its ``kind`` names the handler; the other
    fields are the context chosen so far (who acts, source card or Spirit, target, die, amount...)."""

    kind: str
    seat: int = 0
    source: str = ""
    card: str | None = None
    index: int | None = None
    origin: Literal["card", "spirit", "item", "class", "die"] | None = None
    spirit: int | None = None
    ability: str | None = None
    amount: int = 0
    symbol: str | None = None
    side: Literal["ally", "enemy", "any"] | None = None
    target_seat: int | None = None
    target: int | None = None
    die: int | None = None
    face: str | None = None
    die_kind: str | None = None
    first: bool = False
    works: list[Work] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    #: the dice declared for a Meditate reroll (left out of the state's JSON while empty)
    marked: Annotated[list[DieRef], Field(exclude_if=_empty)] = field(default_factory=list)
    #: the names of the other parts of the card or ability this work is one part of (``["damage"]`` for Stunning
    #: Strike's exhaust part), so a part with nothing to work on says the rest still happens (left out while empty)
    others: Annotated[list[str], Field(exclude_if=_empty)] = field(default_factory=list)


@flow_item
class _Decision:
    """A choice of player ``actor`` inside an action or phase; its options are the next legal actions
    (:data:`.decisions.OPTIONS`); ``work`` is what the answer completes. Each kind is its own model
    (:data:`Decision`)."""

    actor: int
    work: Work


@flow_item
class ChooseSpirit(_Decision):
    """A Spirit the effect of ``work`` works on (``side``: whose, seen from the effect's owner; ``need``: which Spirits qualify)."""

    kind: Literal["choose-spirit"] = "choose-spirit"
    side: Literal["ally", "enemy", "any"] = "any"
    need: str = ""


@flow_item
class ChooseDie(_Decision):
    """A die the effect of ``work`` works on (``side``, ``need``: which dice qualify)."""

    kind: Literal["choose-die"] = "choose-die"
    side: Literal["ally", "enemy", "any"] = "any"
    need: str = ""


@flow_item
class ChooseFace(_Decision):
    """The face the die chosen for ``work`` is turned to."""

    kind: Literal["choose-face"] = "choose-face"


@flow_item
class ChooseDieKind(_Decision):
    """The kind of die ``work`` (Replace) rolls instead."""

    kind: Literal["choose-die-kind"] = "choose-die-kind"


@flow_item
class ChooseClass(_Decision):
    """Which Class Ability of a dual-Class Spirit the Magic die of ``work`` resolves."""

    kind: Literal["choose-class"] = "choose-class"


@flow_item
class ChooseCard(_Decision):
    """The revealed card ``work`` (Drain) discards."""

    kind: Literal["choose-card"] = "choose-card"


@flow_item
class Mulligan(_Decision):
    """Set-up: a card of the opening hand to set aside, or keep the rest."""

    kind: Literal["mulligan"] = "mulligan"


@flow_item
class EndDiscard(_Decision):
    """End Phase: a card to discard, or keep the rest."""

    kind: Literal["end-discard"] = "end-discard"


@flow_item
class MeditatePick(_Decision):
    """Meditate: one more die to mark for the reroll (``work.marked``), or reroll the marked dice."""

    kind: Literal["meditate-pick"] = "meditate-pick"


@flow_item
class ResolveDie(_Decision):
    """A die showing the declared symbol (``work.symbol``) to resolve, or stop."""

    kind: Literal["resolve-die"] = "resolve-die"


@flow_item
class PlaceAdvantageDie(_Decision):
    """End Phase: the Spirit the Advantage Die goes on."""

    kind: Literal["place-advantage-die"] = "place-advantage-die"


@flow_item
class OrderEffects(_Decision):
    """Simultaneous effects (``work.works``): the one that resolves first."""

    kind: Literal["order-effects"] = "order-effects"


@flow_item
class DraftClass(_Decision):
    """The draft: a Class card to take."""

    kind: Literal["draft-class"] = "draft-class"


@flow_item
class DraftLine(_Decision):
    """The draft: a Spirit Line for a Class drafted."""

    kind: Literal["draft-line"] = "draft-line"


#: A pending decision, typed by its ``kind``.
Decision = Annotated[Union[ChooseSpirit, ChooseDie, ChooseFace, ChooseDieKind, ChooseClass, ChooseCard, Mulligan,
                           EndDiscard, MeditatePick, ResolveDie, PlaceAdvantageDie, OrderEffects, DraftClass,
                           DraftLine], Field(discriminator="kind")]
#: The model of each decision kind.
DECISIONS = by_kind(Decision)


def _upgrade_marks(w: Any) -> Any:
    """A Meditate work item saved when the dice declared were kept as ``"spirit.die"`` texts in ``cards``."""
    if not (isinstance(w, dict) and w.get("kind") in ("meditate-pick", "meditate-roll") and "marked" not in w
            and isinstance(w.get("cards"), list) and w["cards"]):
        return w
    marked = []
    for ref in w["cards"]:
        i, dot, k = ref.partition(".") if isinstance(ref, str) else ("", "", "")
        if not (dot and i.isdigit() and k.isdigit() and len(ref) < 12):
            return w  # not a reference this tutor ever wrote: left for the session loader to name
        marked.append({"spirit": int(i), "die": int(k)})
    return {**w, "cards": [], "marked": marked}


def upgrade_saved_state(data: Any) -> Any:
    """A saved state (JSON data, untrusted) in today's shape: fixed die faces saved as ``forced_rolls``
    (:func:`tutor.core.chance.upgrade_saved_state`), and Meditate's declared dice saved as ``"spirit.die"`` texts
    (now :class:`DieRef` items in ``marked``), on the work stack and in a pending decision's work, and decisions saved
when one model stood for every kind (:func:`_upgrade_decision`). Data of another
    shape is kept for the session loader to name; the argument is never changed."""
    data = upgrade_chance(data)
    if not isinstance(data, dict):
        return data
    out = dict(data)
    if isinstance(data.get("work"), list):
        out["work"] = [_upgrade_marks(w) for w in data["work"]]
    if isinstance(data.get("pending"), list):
        out["pending"] = [_upgrade_decision(d) for d in data["pending"]]
    return out


def _upgrade_decision(d: Any) -> Any:
    """A decision saved when one model stood for every kind: ``side`` and ``need`` were kept on every kind, but
    only ``choose-spirit`` and ``choose-die`` have them (the others never read them); its work's old Meditate marks
    as in :func:`_upgrade_marks`."""
    if not isinstance(d, dict):
        return d
    if "work" in d:
        d = {**d, "work": _upgrade_marks(d["work"])}
    model = DECISIONS.get(d.get("kind")) if isinstance(d.get("kind"), str) else None
    if model is None:
        return d
    return {k: v for k, v in d.items() if k in item_fields(model) or k not in ("side", "need")}


class DraftState(_S):
    """The draft in progress (What's Next? Drafting; Forming Your Team): the Class cards still on the table, in
    rulebook order, and whether the chosen Spirit Lines are shown (casual Line choice keeps them hidden until both
    teams are complete)."""

    left: list[str]
    revealed: bool = True


class SDState(_S):
    """The whole changing state of a Spirit Duels game. ``phase``: ``draft`` (Classes and Spirit Lines being
    chosen), ``setup`` (opening hands), ``action``, ``end``, ``over``."""

    phase: Literal["draft", "setup", "action", "end", "over"] = "setup"
    players: list[Player]
    round: int = 0
    current: int = 0
    advantage: int = 0
    gained_by: int | None = None
    last_was_pass: bool = False
    fast: bool = False
    pending: list[Decision] = Field(default_factory=list)
    work: list[Work] = Field(default_factory=list)
    winners: list[int] = Field(default_factory=list)
    win_reason: str = ""
    draft: DraftState | None = None
    #: outcomes of chance a scenario or lesson fixed in advance, in order (tutor/core/chance.py)
    chance: FixedOutcomes
    rng: Rng = Field(default_factory=Rng)

    @model_validator(mode="before")
    @classmethod
    def _old_forced_rolls(cls, data):
        """States saved before the ``chance`` field kept the fixed die faces in ``forced_rolls``: they are the
        same fixed rolls (:func:`tutor.core.chance.upgrade_saved_state`)."""
        return upgrade_chance(data)

    @property
    def forced_rolls(self) -> list[str]:
        """The faces of the die rolls still fixed, in order (the ``roll`` entries of :attr:`chance`)."""
        return [f.value for f in self.chance if f.kind == "roll"]
