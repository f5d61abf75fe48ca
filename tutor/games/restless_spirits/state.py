"""Restless Spirits state: only the facts that change during play (the cards themselves live in ``CardSet``).

Zones hold card ids. Decks are lists whose *last* element is the top card; the Shrine's last element is its top.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from ...core.chance import FixedOutcomes
from ...core.rng import Rng


class _S(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlacedSpirit(_S):
    """A Spirit on a board space.

    ``slots[i]`` holds the id of the Totem that meets requirement ``i`` (``None`` while unmet); one Double or Double
    Wild Totem may meet two slots. ``used`` is True once its Activation Token is on it (ability used or disabled);
    ``token_owner`` is the seat that token belongs to when it is not the board's owner (Twizel moved after use).
    ``copied`` is the Spirit whose Ongoing ability this Spirit copied (Yotei, Uji, Grindavik), from ``copied_from``.
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


class Decision(_S):
    """A choice the rules ask a player to make inside an action; its options are the next legal actions.

    ``kind`` names the choice (e.g. ``"choose-offering"``); ``purpose`` names the action it belongs to;
    ``cards``/``space``/``target`` carry the context already chosen; ``options`` the card ids offered, when fixed;
    ``count`` how many more picks the same decision repeats for; ``run`` the ability being carried out, when the
    choice belongs to one; ``held`` cards that wait in no other zone while the choice is made (Paringa's Spirits).
    """

    kind: str
    actor: int
    purpose: str
    cards: list[str] = Field(default_factory=list)
    options: list[str] = Field(default_factory=list)
    space: int | None = None
    target: int | None = None
    source: str | None = None
    allow_decline: bool = False
    count: int = 0
    run: EffectRun | None = None
    held: list[str] = Field(default_factory=list)


class _Work(_S):
    """Rules work waiting on the state's ``work`` stack (run by the game's flow, :mod:`tutor.core.flow`): the rest of
    something that paused for decisions it asked. ``under``: how many decisions stay pending below it (those asked
    before it paused); it runs once the decisions above them are answered."""

    under: int = 0


class ResumeEffects(_Work):
    """The rest of an ability or a played card (``run``), paused while a decision one of its effects asked is made
    (:func:`.abilities.go_on`)."""

    kind: Literal["resume-effects"] = "resume-effects"
    run: EffectRun


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


def upgrade_saved_state(data: Any) -> Any:
    """A saved state (JSON data) in today's shape: states saved before the ``work`` stack kept each paused ability
    as a ``resume-effects`` (or, in Solo Mode, ``resume-solo``) marker among the pending decisions, under the
    decisions it waits for; each becomes a work item in the same order, with ``under``, the real decisions below it.
    Anything else, or data of another shape, is returned as it is (a new mapping when changed; the argument is
    never changed), for the caller's checks to name what is wrong."""
    if not isinstance(data, dict) or "work" in data or not isinstance(data.get("pending"), list):
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
