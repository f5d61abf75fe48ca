"""Restless Spirits state: only the facts that change during play (the cards themselves live in ``CardSet``).

Zones hold card ids. Decks are lists whose *last* element is the top card; the Shrine's last element is its top.
"""
from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field

from ...core.chance import FixedOutcomes
from ...core.flow import by_kind, upgrade_item
from ...core.items import flow_item
from ...core.rng import Rng
from ...core.state_model import StateModel


class _S(StateModel):
    model_config = ConfigDict(extra="forbid")


class PlacedSpirit(_S):
    """A Spirit on a board space.

    ``slots[i]`` holds the id of the Totem that meets requirement ``i`` (``None`` while unmet); one Double or Double
    Wild Totem may meet two slots. ``used`` is True once its Activation Token is on it (ability used or disabled);
    ``token_owner`` is the seat that token belongs to when it is not the board's owner (Twizel moved after use).
    ``copied`` is the Spirit this Spirit's Copy token lies on (Yotei, Uji, Grindavik), from ``copied_from``: a copied
    Ongoing or on-release ability, or for Uji and Yotei any copied ability (ruling ``rs.ruling.copy-token``).
    ``tokens`` are Spirit Tokens lying on it (e.g. ``"protect"`` for Onota). A slot may also be met by a
    reduction: the id of the Spirit giving it (Barachu, Seone), meaning that requirement is disregarded.
    """

    card: str
    slots: list[str | None] = Field(default_factory=lambda: [None, None, None])
    totems: list[str] = Field(default_factory=list)
    used: bool = False
    token_owner: int | None = None
    tokens: list[str] = Field(default_factory=list)
    copied: str | None = None
    copied_from: Literal["opponent-board", "lost-spirits", "opponent-released"] | None = None


class ApModifier(_S):
    """A change to a player's starting AP on their next turn, from ``source`` (a Spirit) used by ``by`` (a seat).
    Ends when the player's turn starts, when ``by``'s next turn starts, or when the source leaves play."""

    source: str
    by: int
    delta: int
    #: the Spirit whose printed ability this is (the copied Spirit for a copy, e.g. Nalpa copied by Yotei): one
    #: instance of an ability at a time (Spirit Ability Clarifications: Nalpa)
    ability: str | None = None


class TurnLock(_S):
    """An action ``action`` (e.g. ``"play-totem"``) a player may not take, from ``source`` (a Spirit) used by ``by``
    (a seat). Ends when ``by``'s next turn starts or when the source leaves play (Baikeng)."""

    source: str
    by: int
    action: str


class TurnStats(_S):
    """What a player did this turn and this game, for the Achievements: Spirits released this turn, Blessings and
    Curses played this turn, Spirits whose Spirit Token was used this turn, and Blessings/Curses played this game."""

    released: int = 0
    blessings: int = 0
    curses: int = 0
    token_spirits: list[str] = Field(default_factory=list)
    cards_played_game: int = 0


class Player(_S):
    """One seat: guide, board (3 spaces, left to right), hand, released Spirits, AP, Activation Tokens."""

    seat: int
    guide: str | None = None
    board: list[PlacedSpirit | None] = Field(default_factory=lambda: [None, None, None])
    hand: list[str] = Field(default_factory=list)
    released: list[str] = Field(default_factory=list)
    ap: int = 0
    activation_tokens: int = 3
    turns_taken: int = 0
    no_hand_limit: bool = False
    next_turn_ap: list[ApModifier] = Field(default_factory=list)
    locks: list[TurnLock] = Field(default_factory=list)
    stats: TurnStats = Field(default_factory=TurnStats)
    achievements: list[str] = Field(default_factory=list)


class EffectRun(_S):
    """An ability or card whose effects are being carried out, kept while a decision inside it is pending.

    ``source`` is the card used (its type decides Light/Dark), ``effects_of`` the card whose effects run, ``targets``
    the targeted seats in order (``None``: no target), ``step`` the next (target, effect) pair to run, ``units`` the
    target picks still to make for a split ability (Jiangsu, Kielderlings), ``then_discard`` a played Blessing or
    Curse that goes to the bottom of its deck once the effects are done.
    """

    seat: int
    space: int | None = None
    source: str
    effects_of: str
    name: str
    targets: list[int | None] = Field(default_factory=list)
    step: int = 0
    units: int = 0
    then_discard: str | None = None


@flow_item
class _Decision:
    """A choice the rules ask player ``actor`` to make inside an action; its options are the next legal actions
    (:data:`.decisions.OPTIONS`). ``purpose`` names the action it belongs to; ``allow_decline``: the player may choose
    nothing (a decision with one option is then still asked). Each kind is its own model (:data:`Decision`) with
    only the context already chosen."""

    actor: int
    purpose: str
    allow_decline: bool = False

    def waiting_cards(self) -> list[str]:
        """Cards that wait in no other zone while the choice is made (none but for the kinds that hold some)."""
        return []


@flow_item
class ChooseOffering(_Decision):
    """Attract or refresh-and-attract (``purpose``: ``attract`` / ``refresh-attract``): the Totem offered to the Shrine; ``cards``: the Spirit to attract, ``count``: the AP paid."""

    kind: Literal["choose-offering"] = "choose-offering"
    cards: list[str] = field(default_factory=list)
    count: int = 0


@flow_item
class ChooseSpace(_Decision):
    """The empty board space for the Spirit ``cards[0]`` (``source``: where it comes from)."""

    kind: Literal["choose-space"] = "choose-space"
    cards: list[str] = field(default_factory=list)
    source: str | None = None


@flow_item
class ChooseLostSpirit(_Decision):
    """After a refresh: the Lost Spirit to attract, or none."""

    kind: Literal["choose-lost-spirit"] = "choose-lost-spirit"


@flow_item
class ChooseMarketTotem(_Decision):
    """After refreshing market row ``space``: the Totem to take, or none."""

    kind: Literal["choose-market-totem"] = "choose-market-totem"
    space: int | None = None


@flow_item
class ChooseSwapOut(_Decision):
    """At the hand limit (``purpose``: ``buy`` / ``retrieve``): the Totem given up; ``cards``: the Totem bought, or
    the Shrine Totem chosen (still on the Shrine with the others shown until the swap is made)."""

    kind: Literal["choose-swap-out"] = "choose-swap-out"
    cards: list[str] = field(default_factory=list)


@flow_item
class ChooseShrineTotem(_Decision):
    """Retrieve: the Totem kept of those shown (``options``)."""

    kind: Literal["choose-shrine-totem"] = "choose-shrine-totem"
    options: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)


@flow_item
class ChooseRequirement(_Decision):
    """The requirement(s) the Wild Totem ``cards[0]`` meets on the Spirit on ``space``."""

    kind: Literal["choose-requirement"] = "choose-requirement"
    cards: list[str] = field(default_factory=list)
    space: int | None = None


@flow_item
class ChooseBonusTotem(_Decision):
    """B side: the market Totem a placement bonus takes."""

    kind: Literal["choose-bonus-totem"] = "choose-bonus-totem"


@flow_item
class ChooseTarget(_Decision):
    """The target opponent of the ability ``run`` (``purpose``: ``one`` / ``split``; ``count``: picks left)."""

    kind: Literal["choose-target"] = "choose-target"
    run: EffectRun | None = None
    count: int = 0


@flow_item
class ChooseDisregard(_Decision):
    """The requirement of the Spirit on ``space`` that ``source`` lets its owner disregard."""

    kind: Literal["choose-disregard"] = "choose-disregard"
    space: int | None = None
    source: str | None = None


@flow_item
class ChooseDiscard(_Decision):
    """A card to discard (``purpose``: ``any`` / ``curse``; ``count``: how many are left)."""

    kind: Literal["choose-discard"] = "choose-discard"
    count: int = 0


@flow_item
class ChooseZoneCard(_Decision):
    """A card of the zone ``purpose`` (``count``: how many are left)."""

    kind: Literal["choose-zone-card"] = "choose-zone-card"
    count: int = 0


@flow_item
class ChooseDisable(_Decision):
    """The Spirit of ``target`` that ``source`` disables."""

    kind: Literal["choose-disable"] = "choose-disable"
    target: int | None = None
    source: str | None = None


@flow_item
class ChooseReduce(_Decision):
    """The requirement ``source`` reduces (``options``: the numbers offered)."""

    kind: Literal["choose-reduce"] = "choose-reduce"
    source: str | None = None
    options: list[str] = field(default_factory=list)


@flow_item
class ChooseCopy(_Decision):
    """The ability ``source`` (on ``space``) copies, from the zone ``purpose`` (``target``: whose); ``token``: the
    copy ability's token rule (``every-copy``: its Copy token marks any copy, ``lasting-copy``: only a lasting one)."""

    kind: Literal["choose-copy"] = "choose-copy"
    target: int | None = None
    space: int | None = None
    source: str | None = None
    token: Literal["every-copy", "lasting-copy"] = "lasting-copy"
    #: a copy asked by a copied copy ability: the Spirits copied so far in this chain, none of which (nor ``source``)
    #: may be copied again (ruling ``rs.ruling.copy-chain``); left out of the saved state while empty
    chain: Annotated[list[str], Field(exclude_if=lambda v: not v)] = field(default_factory=list)


@flow_item
class ChooseHandCard(_Decision):
    """A card of ``target``'s hand."""

    kind: Literal["choose-hand-card"] = "choose-hand-card"
    target: int | None = None


@flow_item
class ChooseCardUse(_Decision):
    """What to do with the card taken from ``target``'s hand (``held``)."""

    kind: Literal["choose-card-use"] = "choose-card-use"
    target: int | None = None
    held: list[str] = field(default_factory=list)

    def waiting_cards(self) -> list[str]:
        return self.held


@flow_item
class ChooseOwnDestroy(_Decision):
    """An own Spirit of the type ``purpose`` to destroy, or none (``target``: the opponent)."""

    kind: Literal["choose-own-destroy"] = "choose-own-destroy"
    target: int | None = None


@flow_item
class ChooseDestroy(_Decision):
    """The Spirit of ``target`` to destroy."""

    kind: Literal["choose-destroy"] = "choose-destroy"
    target: int | None = None


@flow_item
class ChooseMoveSpace(_Decision):
    """The space of ``target``'s board the Spirit on ``space`` moves to."""

    kind: Literal["choose-move-space"] = "choose-move-space"
    target: int | None = None
    space: int | None = None


@flow_item
class ChooseDrawnSpirit(_Decision):
    """Which drawn Spirit (``held``) to place, ``count`` more at most, or none."""

    kind: Literal["choose-drawn-spirit"] = "choose-drawn-spirit"
    held: list[str] = field(default_factory=list)
    count: int = 0

    def waiting_cards(self) -> list[str]:
        return self.held


@flow_item
class ChooseDrawnSpace(_Decision):
    """The space for the drawn Spirit ``cards[0]`` (the others still ``held``)."""

    kind: Literal["choose-drawn-space"] = "choose-drawn-space"
    held: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    count: int = 0

    def waiting_cards(self) -> list[str]:
        return self.held


@flow_item
class ChooseWildType(_Decision):
    """The type a wild Totem ``source`` retrieves counts as."""

    kind: Literal["choose-wild-type"] = "choose-wild-type"
    source: str | None = None


@flow_item
class ChooseLimitDiscard(_Decision):
    """A Totem to discard down to the hand limit (``count`` more)."""

    kind: Literal["choose-limit-discard"] = "choose-limit-discard"
    count: int = 0


@flow_item
class ChooseMalicious(_Decision):
    """Solo Mode: the Malicious ability's choice."""

    kind: Literal["choose-malicious"] = "choose-malicious"


@flow_item
class ChooseReactivate(_Decision):
    """Solo Mode: whether to use again the Spirit ``source`` on ``space``."""

    kind: Literal["choose-reactivate"] = "choose-reactivate"
    space: int | None = None
    source: str | None = None


@flow_item
class ChooseSoloDiscard(_Decision):
    """Solo Mode: a card to discard (``count`` more)."""

    kind: Literal["choose-solo-discard"] = "choose-solo-discard"
    count: int = 0


#: A pending decision, typed by its ``kind``.
Decision = Annotated[Union[ChooseOffering, ChooseSpace, ChooseLostSpirit, ChooseMarketTotem, ChooseSwapOut,
                           ChooseShrineTotem, ChooseRequirement, ChooseBonusTotem, ChooseTarget, ChooseDisregard,
                           ChooseDiscard, ChooseZoneCard, ChooseDisable, ChooseReduce, ChooseCopy, ChooseHandCard,
                           ChooseCardUse, ChooseOwnDestroy, ChooseDestroy, ChooseMoveSpace, ChooseDrawnSpirit,
                           ChooseDrawnSpace, ChooseWildType, ChooseLimitDiscard, ChooseMalicious, ChooseReactivate,
                           ChooseSoloDiscard], Field(discriminator="kind")]
#: The model of each decision kind.
DECISIONS = by_kind(Decision)


@flow_item
class _Work:
    """Rules work waiting on the state's ``work`` stack (run by the game's flow, :mod:`tutor.core.flow`): the rest of
    something that paused for decisions it asked. ``under``: how many decisions stay pending below it (those asked
    before it paused); it runs once the decisions above them are answered."""

    under: int = 0


@flow_item
class ResumeEffects(_Work):
    """The rest of an ability or a played card (``run``), paused while a decision one of its effects asked is made
    (:func:`.abilities.go_on`)."""

    kind: Literal["resume-effects"] = "resume-effects"
    run: EffectRun


@flow_item
class ResumeSolo(_Work):
    """Solo Mode: the Spirit Type ability of ``card``, placed by ``seat`` on board ``space``, waiting for the choice
    of a B-side placement bonus (:func:`.solo.after_placement`)."""

    kind: Literal["resume-solo"] = "resume-solo"
    seat: int
    space: int
    card: str


#: An item of the state's ``work`` stack, typed by its ``kind``.
Work = Annotated[Union[ResumeEffects, ResumeSolo], Field(discriminator="kind")]


def _no_work(work: list) -> bool:
    return not work


#: The fields every decision had, with their defaults, when one model stood for every kind (sessions saved then).
_OLD_DECISION_DEFAULTS = {"cards": [], "options": [], "space": None, "target": None, "source": None, "count": 0,
                          "run": None, "held": []}


def upgrade_saved_state(data: Any) -> Any:
    """A saved state (JSON data) in today's shape: states saved when one ``Decision`` model stood for every kind
    dumped all its fields in each pending decision (each is now its kind's own model: the fields its kind lacks are
    left out where they hold their old default, :func:`tutor.core.flow.upgrade_item`), and states saved before the
    ``work`` stack kept each paused ability as a ``resume-effects`` (or, in Solo Mode, ``resume-solo``) marker among
    the pending decisions, under the decisions it waits for; each becomes a work item in the same order, with
    ``under``, the real decisions below it. Anything else, or data of another shape, is returned as it is (the
    argument is never changed), for the caller's checks to name what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("pending"), list):
        return data
    pending = [upgrade_item(d, DECISIONS, _OLD_DECISION_DEFAULTS) for d in data["pending"]]
    if any(new is not old for new, old in zip(pending, data["pending"])):
        data = {**data, "pending": pending}
    if "work" in data:
        return data
    pending, work = [], []
    for d in data["pending"]:
        kind = d.get("kind") if isinstance(d, dict) else None
        if kind == "resume-effects":
            work.append({"kind": kind, "run": d.get("run"), "under": len(pending)})
        elif kind == "resume-solo" and isinstance(d.get("cards"), list) and d["cards"]:
            work.append({"kind": kind, "seat": d.get("actor"), "space": d.get("space"), "card": d["cards"][0],
                         "under": len(pending)})
        else:
            pending.append(d)
    if not work:
        return data
    return {**data, "pending": pending, "work": work}


class DraftState(_S):
    """The Totem draft: each player's current packet and which seats have already picked this round (kept Totems
    go straight to the hand)."""

    packets: list[list[str]]
    picked: list[bool]
    round: int = 1


class RSState(_S):
    """The whole changing state of a Restless Spirits game."""

    phase: Literal["guides", "draft", "solo-discard", "play", "over"] = "guides"
    players: list[Player]
    side: Literal["A", "B"] = "A"
    spirit_deck: list[str] = Field(default_factory=list)
    spirit_discard: list[str] = Field(default_factory=list)
    lost_spirits: list[str | None] = Field(default_factory=lambda: [None, None, None])
    totem_deck: list[str] = Field(default_factory=list)
    totem_discard: list[str] = Field(default_factory=list)
    markets: list[list[str | None]] = Field(default_factory=lambda: [[None] * 3, [None] * 3])
    shrine: list[str] = Field(default_factory=list)
    blessing_deck: list[str] = Field(default_factory=list)
    curse_deck: list[str] = Field(default_factory=list)
    out_of_game: list[str] = Field(default_factory=list)
    draft: DraftState | None = None
    current: int = 0
    first_player: int = 0
    turn: int = 0
    endgame_by: int | None = None
    pending: list[Decision] = Field(default_factory=list)
    #: rules work waiting for decisions (:data:`Work`, the last item runs first); left out of the state's JSON
    #: while empty, so states without paused work dump as they did before the field existed
    work: list[Work] = Field(default_factory=list, exclude_if=_no_work)
    winners: list[int] = Field(default_factory=list)
    win_reason: str = ""
    #: solo mode: the Spirit Guide Ranking reached at the end (None before the end or without a win)
    solo_rank: str | None = None
    #: outcomes of chance a scenario or lesson fixed in advance, in order (tutor/core/chance.py)
    chance: FixedOutcomes
    rng: Rng = Field(default_factory=Rng)
