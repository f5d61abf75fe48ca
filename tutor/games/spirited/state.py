"""Spirited state: only the facts that change during play (card data lives in :mod:`.cards`).

Rulebook sections: "Your Play Area" (Road, Camps, Hand, Spirit tokens), "Marching & Allegiances" (medals),
"Battles & the Time Track" (Hourglass), "Shields".

Decks are lists whose *last* element is the top card. Clan cards have ids like ``aztecs-03``; the three Passing of
Time cards are ``time-1`` .. ``time-3``; Wonders ``w01`` .. ``w12``; medals ``bronze-1`` .. ``gold-7``.
The turn is driven by a stack of typed tasks (:data:`Task`, flow as data, see :mod:`.flow`); a pending
:data:`Decision` (one model per kind) stops the flow until its owner answers it.
"""
from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, model_validator

from ...core.chance import FixedOutcomes
from ...core.flow import by_kind, upgrade_item
from ...core.items import flow_item
from ...core.rng import Rng
from ...core.state_model import StateModel


class _S(StateModel):
    model_config = ConfigDict(extra="forbid")


class Stack(_S):
    """One clan's stack on a Road: face-up ``cards`` (bottom first) and an optional face-down ``shield`` card."""

    clan: str
    cards: list[str] = Field(default_factory=list)
    shield: str | None = None


class CampCard(_S):
    """A card in a Camp; face-down cards have no clan for Marching or Building."""

    card: str
    face_up: bool = True


class Player(_S):
    """One seat: Road (stacks by clan), 2 Camps, Hand, Spirit (score) and Wonders built."""

    seat: int
    road: list[Stack] = Field(default_factory=list)
    camps: list[list[CampCard]] = Field(default_factory=lambda: [[], []])
    hand: list[str] = Field(default_factory=list)
    spirit: int = 0
    wonders: list[str] = Field(default_factory=list)


class LimitMod(_S):
    """A card effect lowering ``seat``'s Overrun Limit of every clan by ``amount`` until player ``by`` starts their
    next turn (``source``: the card's name)."""

    seat: int
    amount: int = 1
    by: int
    source: str


class Allegiance(_S):
    """The Allegiance card of one clan: who holds it (``None``: still on the Main Board) and its medal."""

    clan: str
    holder: int | None = None
    medal: str | None = None
    exhausted: bool = False


@flow_item
class _Decision:
    """A choice of seat ``actor`` inside an action or a Battle; its options are the next legal actions (the moves
    :data:`.moves.ANSWERS` names for its kind). Each kind is its own model (:data:`Decision`) with only the context
    already fixed."""

    actor: int


@flow_item
class Reveal(_Decision):
    """A drawn ``card`` whose clan already has a stack on the Road: stack it, or make it (or break) the stack's
    Shield; ``purpose``: the clause of the rule that drew it (its events cite it)."""

    kind: Literal["reveal"] = "reveal"
    card: str
    purpose: str


@flow_item
class ScoutPlay(_Decision):
    """Scout: play a card of a clan in the Hand, or none."""

    kind: Literal["scout-play"] = "scout-play"


@flow_item
class ScoutTake(_Decision):
    """Scout: Rally or Recruit a face-up Road card."""

    kind: Literal["scout-take"] = "scout-take"


@flow_item
class EffectRally(_Decision):
    """A card's effect (``source``, its name): Rally a face-up Road card."""

    kind: Literal["effect-rally"] = "effect-rally"
    source: str


@flow_item
class EffectRecruit(_Decision):
    """A card's effect (``source``, its name): Recruit a face-up Road card."""

    kind: Literal["effect-recruit"] = "effect-recruit"
    source: str


@flow_item
class Raid(_Decision):
    """A card's effect (``source``, its name): discard a face-up card from an opponent's Road."""

    kind: Literal["raid"] = "raid"
    source: str


@flow_item
class WonderSource(_Decision):
    """Build a Wonder: where the card of ``clan`` comes from."""

    kind: Literal["wonder-source"] = "wonder-source"
    clan: str


@flow_item
class TakeWonder(_Decision):
    """Build a Wonder: which Wonder on display to take."""

    kind: Literal["take-wonder"] = "take-wonder"


@flow_item
class March(_Decision):
    """March: the next Camp to march with, or finish; ``used``: the Camps (0-based) already marched with."""

    kind: Literal["march"] = "march"
    used: list[int] = field(default_factory=list)


@flow_item
class BattleDiscard(_Decision):
    """Battle: discard a card down to the Battle's hand limit."""

    kind: Literal["battle-discard"] = "battle-discard"


@flow_item
class BattleMedal(_Decision):
    """Battle: score or replace a medal."""

    kind: Literal["battle-medal"] = "battle-medal"


@flow_item
class BonusRecruit(_Decision):
    """Battle bonus action (no Allegiance): Recruit a face-up Road card face down."""

    kind: Literal["bonus-recruit"] = "bonus-recruit"


@flow_item
class BonusRally(_Decision):
    """Battle bonus action (at most 1 Allegiance): Rally a face-up Road card."""

    kind: Literal["bonus-rally"] = "bonus-rally"


@flow_item
class BonusManoeuvre(_Decision):
    """Battle bonus action (at most 2 Allegiances): swap a Road card with a Hand card."""

    kind: Literal["bonus-manoeuvre"] = "bonus-manoeuvre"


@flow_item
class FinalRecruit(_Decision):
    """Final Battle: Recruit a card from the Hand."""

    kind: Literal["final-recruit"] = "final-recruit"


#: A pending decision, typed by its ``kind``.
Decision = Annotated[Union[Reveal, ScoutPlay, ScoutTake, EffectRally, EffectRecruit, Raid, WonderSource, TakeWonder,
                           March, BattleDiscard, BattleMedal, BonusRecruit, BonusRally, BonusManoeuvre, FinalRecruit],
                     Field(discriminator="kind")]
#: The model of each decision kind.
DECISIONS = by_kind(Decision)
#: The decisions a Battle's bonus actions ask (:class:`BonusAction`).
BonusDecision = Annotated[Union[BonusRecruit, BonusRally, BonusManoeuvre], Field(discriminator="kind")]


@flow_item
class _Task:
    """One step of the flow still to run, for seat ``seat`` (the state's ``work`` is a stack: the last task runs
    first). Each kind is its own model, its handler in :data:`.flow.WORK` (see :mod:`tutor.core.flow`)."""

    seat: int


@flow_item
class RoadCheck(_Task):
    """Announce the Road Check (Turn Structure: fill the Road, then the safe Overrun)."""

    kind: Literal["road-check"] = "road-check"


@flow_item
class RoadFill(_Task):
    """Draw onto the Road until it shows 2 face-up cards (Road Check)."""

    kind: Literal["road-fill"] = "road-fill"


@flow_item
class DrawRoad(_Task):
    """Draw one card onto the Road; ``why`` names the rule drawing it (its events cite that clause)."""

    kind: Literal["draw-road"] = "draw-road"
    why: Literal["road-check", "regroup", "summon"] = "summon"


@flow_item
class SafeRally(_Task):
    """Rally every clan at its Overrun Limit into the Hand (the safe version, at the Road Check)."""

    kind: Literal["safe-rally"] = "safe-rally"


@flow_item
class OverrunCheck(_Task):
    """The Overrun check after a Summon (the painful version)."""

    kind: Literal["overrun-check"] = "overrun-check"


@flow_item
class Regroup(_Task):
    """Regroup: discard the Road and the Camps, draw 2 onto the Road; ``after_march``: no Overrun check follows."""

    kind: Literal["regroup"] = "regroup"
    after_march: bool = False


@flow_item
class DiscardLimbo(_Task):
    """A played card (``card``) goes to the discard pile once it is resolved; its event cites ``clause``."""

    kind: Literal["discard-limbo"] = "discard-limbo"
    card: str
    clause: str = "sp.scout.play"


@flow_item
class WonderRefill(_Task):
    """Fill the Wonder display space left by ``card`` (the Wonder taken) from the Wonder deck."""

    kind: Literal["wonder-refill"] = "wonder-refill"
    card: str | None = None


@flow_item
class BattleBegin(_Task):
    """Announce one player's part of a Battle (``final``: of the Final Battle)."""

    kind: Literal["battle-begin"] = "battle-begin"
    final: bool = False


@flow_item
class BattleAllegiances(_Task):
    """The Battle effects of the player's Allegiances."""

    kind: Literal["battle-allegiances"] = "battle-allegiances"


@flow_item
class FinalScore(_Task):
    """Final Battle: score 1 Spirit per 2 cards in the Camps."""

    kind: Literal["final-score"] = "final-score"


@flow_item
class EndTurn(_Task):
    """End the turn: a Battle due now, or the next player's turn."""

    kind: Literal["end-turn"] = "end-turn"


@flow_item
class FinishGame(_Task):
    """End the game and name the winners."""

    kind: Literal["finish-game"] = "finish-game"


@flow_item
class Ask(_Task):
    """Ask the player the decision ``decision`` (when this task's turn comes)."""

    kind: Literal["ask"] = "ask"
    decision: Annotated[Union[ScoutPlay, ScoutTake, WonderSource, TakeWonder, March, BattleMedal, FinalRecruit],
                        Field(discriminator="kind")]


@flow_item
class DiscardDown(_Task):
    """Battle: discard one card at a time while the Hand holds more than the Battle's limit."""

    kind: Literal["discard-down"] = "discard-down"


@flow_item
class BonusAction(_Task):
    """Battle: the bonus action ``decision``, for a player holding at most ``max_allegiances`` Allegiances."""

    kind: Literal["bonus-action"] = "bonus-action"
    decision: BonusDecision
    max_allegiances: int


#: A task of the flow, typed by its ``kind``.
Task = Annotated[Union[RoadCheck, RoadFill, DrawRoad, SafeRally, OverrunCheck, Regroup, DiscardLimbo, WonderRefill,
                       BattleBegin, BattleAllegiances, FinalScore, EndTurn, FinishGame, Ask, DiscardDown,
                       BonusAction], Field(discriminator="kind")]


#: The fields every decision had, with their defaults, when one model stood for every kind (sessions saved then).
_OLD_DECISION_DEFAULTS = {"purpose": "", "card": None, "clan": None, "camp": None, "used": [], "chosen": [],
                          "source": None}


def upgrade_saved_state(data: Any) -> Any:
    """A saved state (JSON data, untrusted) in today's shape: sessions saved when one ``Decision`` model stood for
    every kind dumped every field of it in each pending decision, and ``ask`` / ``bonus-action`` tasks named their
    decision by its kind (with the ``clan`` of a Wonder source); each becomes its kind's own model. Data of another
    shape is kept, for the session loader's comparison to name; the argument is never changed."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    if isinstance(data.get("pending"), list):
        out["pending"] = [upgrade_item(_effect_purpose(d), DECISIONS, _OLD_DECISION_DEFAULTS) for d in data["pending"]]
    if isinstance(data.get("work"), list):
        out["work"] = [_upgrade_task(t) for t in data["work"]]
    return out


def _effect_purpose(d: Any) -> Any:
    """A card effect's decision said ``purpose: effect`` (its kind says so now)."""
    if isinstance(d, dict) and d.get("kind") in ("effect-rally", "effect-recruit", "raid") and d.get("purpose") == "effect":
        d = {k: v for k, v in d.items() if k != "purpose"}
    return d


def _upgrade_task(t: Any) -> Any:
    if not (isinstance(t, dict) and t.get("kind") in ("ask", "bonus-action") and isinstance(t.get("decision"), str)):
        return t
    t = dict(t)
    d = {"kind": t["decision"], "actor": t.get("seat")}
    if t["kind"] == "ask" and "clan" in t:
        clan = t.pop("clan")
        if clan is not None:
            d["clan"] = clan
    t["decision"] = d
    return t


class SPState(_S):
    """The whole changing state of a Spirited game."""

    phase: Literal["play", "over"] = "play"
    clans: list[str] = Field(default_factory=list)
    players: list[Player]
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    limbo: list[str] = Field(default_factory=list)
    allegiances: list[Allegiance] = Field(default_factory=list)
    medal_supply: list[str] = Field(default_factory=list)
    wonder_display: list[str | None] = Field(default_factory=lambda: [None, None, None])
    wonder_deck: list[str] = Field(default_factory=list)
    hourglass: int = 0
    limit_mods: list[LimitMod] = Field(default_factory=list)
    battles_due: list[Literal["battle", "final"]] = Field(default_factory=list)
    battle: Literal["battle", "final"] | None = None
    current: int = 0
    first_player: int = 0
    turn: int = 1
    work: list[Task] = Field(default_factory=list)
    pending: list[Decision] = Field(default_factory=list)
    winners: list[int] = Field(default_factory=list)
    win_reason: str = ""
    #: outcomes of chance a scenario or lesson fixed in advance, in order (tutor/core/chance.py)
    chance: FixedOutcomes
    rng: Rng = Field(default_factory=Rng)

    @model_validator(mode="before")
    @classmethod
    def _old_time_pile(cls, data):
        """Sessions saved before Passing of Time cards were discarded (sp.time.pass) kept them in ``time_pile``:
        they go to the discard pile, as the rulebook says; the Hourglass counter is unchanged."""
        if isinstance(data, dict) and "time_pile" in data:
            data = dict(data)
            pile = data.pop("time_pile")
            if isinstance(pile, list) and isinstance(data.get("discard", []), list):
                data["discard"] = list(data.get("discard", [])) + pile
        return data
