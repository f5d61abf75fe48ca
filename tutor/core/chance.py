"""Chance: every random outcome of every game comes from here, drawn from the session's seeded generator
(``state.rng``, :class:`~tutor.core.rng.Rng`) unless a scenario or lesson has fixed it in advance.

A game never calls its generator directly: it rolls a die with :func:`roll`, takes the top card of a shuffled deck
with :func:`draw`, picks cards of a hand at random with :func:`pick` and :func:`reveal`, and shuffles with
:func:`shuffle` (and :func:`below` for a seat chosen at random during set-up). When nothing is fixed each of them
draws from the generator exactly as the game did before this module existed, so a seeded game replays the same.

**Fixing outcomes.** A scenario's, lesson's or walkthrough's partial state may list the next outcomes of chance
(``setup.state.chance``, the same field in every game; see ``docs/scenarios.md``)::

    chance: [{roll: attack}, {roll: blank}, {draw: gonga}, {pick: t01}]

- ``roll: FACE``: the next die rolled shows FACE (Spirit Duels; it must be a face of that die);
- ``draw: CARD``: the next draw from the deck (or pile) that CARD belongs to takes CARD, wherever it lies in that
  deck (Restless Spirits: the Spirit, Totem, Blessing or Curse deck; Spirited: a clan id or ``time`` for the draw
  pile, a Wonder id for the Wonder deck; Spirit Duels: the deck of the player who owns the card);
- ``pick: CARD``: the next card picked at random from a hand is CARD (Restless Spirits' random Totem steals,
  Spirit Duels' Drain reveals).

Entries of one kind are used in their order; a fixed outcome is used by the first chance event of its kind (and,
for a draw, of its deck) and is then gone. Fixed outcomes live in the state (:data:`FixedOutcomes`, the state field
``chance``), so undo, replay and saved sessions keep them; the field is left out of the state's JSON while it is
empty. Each game cites its ruling on the event where a fixed outcome is used (``sd.roll.forced``,
``rs.ruling.fixed-chance``, ``sp.ruling.fixed-chance``, ``sd.ruling.fixed-chance``). A fixed outcome that cannot
happen when its turn comes (a face the die does not have, a card not in that deck or hand) raises
:class:`~tutor.core.errors.IllegalAction`, so the step is refused and the session stays as it was.

Spirit Duels' older spelling ``forced_rolls: [FACE, ...]`` (scenarios, lessons and sessions saved before this
field) is read as roll entries (:func:`roll_entries`, :func:`upgrade_saved_state`).
"""
from __future__ import annotations

from typing import Annotated, Any, Callable, Iterable, Literal, MutableSequence, Sequence, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .errors import ContentError, IllegalAction, said

T = TypeVar("T")

#: The kinds of outcome a scenario can fix, in the order the docs name them.
KINDS: tuple[str, ...] = ("roll", "draw", "pick")
Kind = Literal["roll", "draw", "pick"]


class Fixed(BaseModel):
    """One outcome fixed in advance, as the state keeps it: ``kind`` (``roll``, ``draw`` or ``pick``) and ``value``
    (a die face, or a card: a card id, or in Spirited a clan id)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Kind
    value: str = Field(max_length=200)

    def entry(self) -> dict[str, str]:
        """The file spelling: ``{"roll": "attack"}``."""
        return {self.kind: self.value}


def _nothing(v: list) -> bool:
    return not v


#: The state field every game's state declares as ``chance: FixedOutcomes``: the outcomes still fixed, in order.
#: Left out of the state's JSON while empty, so a game nobody fixed dumps exactly as before the field existed.
FixedOutcomes = Annotated[list[Fixed], Field(default_factory=list, exclude_if=_nothing)]


class FixedEntry(BaseModel):
    """One entry of ``setup.state.chance``: exactly one of ``roll`` (a die face), ``draw`` (a card) or ``pick``
    (a card). Any other key is refused naming it (``extra="forbid"``)."""

    model_config = ConfigDict(extra="forbid")
    roll: str | None = Field(default=None, max_length=200, description="the face the next die rolled shows")
    draw: str | None = Field(default=None, max_length=200, description="the card the next draw from its deck takes")
    pick: str | None = Field(default=None, max_length=200, description="the card the next random pick from a hand "
                                                                        "takes")

    @model_validator(mode="before")
    @classmethod
    def _known_outcomes(cls, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = [k for k in data if k not in KINDS]
            if unknown:
                raise ValueError(f"unknown outcome {said(unknown[0])}: an entry is {{roll: FACE}}, {{draw: CARD}} or "
                                 "{pick: CARD}")
        return data

    @model_validator(mode="after")
    def _exactly_one(self) -> "FixedEntry":
        given = [k for k in KINDS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one outcome per entry: roll, draw or pick (e.g. {roll: attack}), got "
                             + (", ".join(given) if given else "none"))
        return self

    def fixed(self) -> Fixed:
        """This entry as the state keeps it."""
        kind = next(k for k in KINDS if getattr(self, k) is not None)
        return Fixed(kind=kind, value=getattr(self, kind))


#: At most this many outcomes may be fixed at once (a lesson needs a handful).
MAX_FIXED = 200
#: ``setup.state.chance``'s type in every game's partial-state model.
ChanceEntries = Annotated[list[FixedEntry], Field(default_factory=list, max_length=MAX_FIXED,
                                                  description="outcomes of chance fixed in advance, in order "
                                                              "(tutor/core/chance.py): {roll: FACE}, {draw: CARD}, "
                                                              "{pick: CARD}")]


class PartialChance(BaseModel):
    """The ``chance`` field of any game's partial state, alone: :func:`check_partial` validates it when a scenario,
    lesson or walkthrough file is read, before the game is dealt."""

    chance: ChanceEntries


def check_partial(partial: dict) -> None:
    """Validate the shape of ``partial["chance"]`` when present (each entry one of ``roll``, ``draw``, ``pick`` with
    a text value). Raises pydantic's ``ValidationError`` located at ``chance[i].<key>``, so a file's ``setup.state``
    validator names ``setup.state.chance[i].<key>``; the values are checked against the game when it is set up
    (:func:`fix`)."""
    if "chance" in partial:
        PartialChance.model_validate({"chance": partial["chance"]})


def roll_entries(faces: Iterable[str]) -> list[FixedEntry]:
    """Spirit Duels' older spelling ``forced_rolls: [FACE, ...]`` as ``chance`` entries ``[{roll: FACE}, ...]``."""
    return [FixedEntry(roll=f) for f in faces]


def fix(state: Any, entries: Sequence[FixedEntry], values: dict[str, Callable[[str], str | None]], where: str,
        field: str = "chance") -> None:
    """Append ``entries`` to ``state.chance`` after checking each against the game.

    ``values`` maps each kind of outcome the game has to a check of one value: it returns ``None`` for a value the
    game knows, else what is wrong (e.g. ``"no card called 'x' in Restless Spirits"``).

    Raises:
        ContentError: naming ``where`` and the field (``chance[2].roll``) for a kind this game does not have or a
            value it does not know.
    """
    out = []
    for i, e in enumerate(entries):
        f = e.fixed()
        at = f"{field}[{i}].{f.kind}"
        check = values.get(f.kind)
        if check is None:
            have = ", ".join(k for k in KINDS if k in values) or "none"
            raise ContentError(f"{where}: {at}: this game has no {f.kind} outcome to fix (its outcomes: {have})",
                               path=where, field=at)
        problem = check(f.value)
        if problem:
            raise ContentError(f"{where}: {at}: {problem}", path=where, field=at)
        out.append(f)
    state.chance.extend(out)


def left(state: Any) -> int:
    """How many fixed outcomes are still to be used."""
    return len(state.chance)


def clear(state: Any) -> None:
    """Forget every fixed outcome: chance comes from the generator alone from now on."""
    state.chance.clear()


def _next(state: Any, kind: str) -> int | None:
    """Index in ``state.chance`` of the first fixed outcome of ``kind``, else ``None``."""
    for i, f in enumerate(state.chance):
        if f.kind == kind:
            return i
    return None


# -- the outcomes -----------------------------------------------------------------------------------------------------
def roll(state: Any, faces: Sequence[str], what: str) -> tuple[str, bool]:
    """Roll a die whose six faces are ``faces``: ``(face, fixed)``. A fixed ``roll`` is used first; else one face
    from the generator (``rng.below(len(faces))``).

    Raises:
        IllegalAction: ``code="bad-forced-roll"`` when the fixed face is not one of ``faces`` (``what`` names the die,
            e.g. ``"Level 1 Attack die"``); the fixed outcome is not used.
    """
    if state.chance:
        i = _next(state, "roll")
        if i is not None:
            face = state.chance[i].value
            if face not in faces:
                raise IllegalAction(f"forced roll {said(face)} is not a face of the {what} (its faces: "
                                    f"{', '.join(faces)})", code="bad-forced-roll")
            del state.chance[i]
            return face, True
    return faces[state.rng.below(len(faces))], False


def _eq(card: str, value: str) -> bool:
    return card == value


def draw(state: Any, pile: list[str], fits: Callable[[str], bool], what: str,
         match: Callable[[str, str], bool] = _eq) -> tuple[str | None, bool]:
    """Take the top card of ``pile`` (its last item) off it: ``(card, fixed)``; ``(None, False)`` when it is empty.

    When the first fixed ``draw`` is for this pile (``fits(value)``: the value is a card of this deck's kind), that
    card is taken instead, from wherever it lies in the pile (``match(card, value)``; the one nearest the top), and the
    fixed outcome is used. A fixed draw for another deck waits for a draw from its own deck.

    Raises:
        IllegalAction: ``code="bad-fixed-draw"`` when the fixed card is not in the pile now (``what`` names it, e.g.
            ``"the Spirit deck"``); nothing is taken.
    """
    if not pile:
        return None, False
    if state.chance:
        i = _next(state, "draw")
        if i is not None and fits(state.chance[i].value):
            value = state.chance[i].value
            for j in range(len(pile) - 1, -1, -1):
                if match(pile[j], value):
                    del state.chance[i]
                    return pile.pop(j), True
            raise IllegalAction(f"the fixed draw {said(value)} (setup.state.chance) is not in {what} now",
                                code="bad-fixed-draw")
    return pile.pop(), False


def pick(state: Any, items: Sequence[str], what: str, match: Callable[[str, str], bool] = _eq) -> tuple[int, bool]:
    """Pick one of ``items`` (not empty) at random: ``(its index, fixed)``. A fixed ``pick`` is used first (the first
    item that ``match``-es it); else ``rng.below(len(items))``.

    Raises:
        IllegalAction: ``code="bad-fixed-pick"`` when the fixed card is not among ``items`` (``what`` names them);
            the fixed outcome is not used.
    """
    if state.chance:
        i = _next(state, "pick")
        if i is not None:
            value = state.chance[i].value
            for j, x in enumerate(items):
                if match(x, value):
                    del state.chance[i]
                    return j, True
            raise IllegalAction(f"the fixed pick {said(value)} (setup.state.chance) is not in {what} now",
                                code="bad-fixed-pick")
    return state.rng.below(len(items)), False


def reveal(state: Any, items: Sequence[str], n: int, what: str,
           match: Callable[[str, str], bool] = _eq) -> tuple[list[int], bool]:
    """Choose ``min(n, len(items))`` different items at random: ``(their indexes in order, fixed)``.

    With no fixed ``pick``, the generator shuffles the indexes and the first ones are taken (the games' original
    draw order). Otherwise each item is a pick: the fixed ones first, in order, then random ones
    (``rng.below``) among those left; ``fixed`` is True when any was fixed.

    Raises:
        IllegalAction: as :func:`pick`, for a fixed card not among the items left.
    """
    n = min(n, len(items))
    if not state.chance or _next(state, "pick") is None:
        order = list(range(len(items)))
        state.rng.shuffle(order)
        return sorted(order[:n]), False
    left_over = list(range(len(items)))
    chosen = []
    for _ in range(n):
        if _next(state, "pick") is not None:
            k, _f = pick(state, [items[j] for j in left_over], what, match)
        else:
            k = state.rng.below(len(left_over))
        chosen.append(left_over.pop(k))
    return sorted(chosen), True


def shuffle(state: Any, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place with the generator (Fisher-Yates). A shuffle is never fixed itself: a scenario
    fixes the draws that follow it (``draw``)."""
    state.rng.shuffle(items)


def below(state: Any, n: int) -> int:
    """A number in ``[0, n)`` from the generator, for a choice made at random during set-up (the first player, the
    Advantage Token's first holder), before any scenario's partial state applies."""
    return state.rng.below(n)


# -- saved sessions -------------------------------------------------------------------------------------------------
def upgrade_saved_state(data: Any) -> Any:
    """A saved state (JSON data) in today's shape: Spirit Duels' ``forced_rolls: [FACE, ...]`` (sessions saved before
    the ``chance`` field) becomes ``chance: [{kind: roll, value: FACE}, ...]``, left out when empty. Anything else is
    returned as it is (a new mapping when changed; the argument is never changed)."""
    if not isinstance(data, dict) or "forced_rolls" not in data:
        return data
    out = dict(data)
    rolls = out.pop("forced_rolls")
    if isinstance(rolls, list) and rolls:
        out["chance"] = [{"kind": "roll", "value": f} for f in rolls] + list(out.get("chance") or [])
    elif not isinstance(rolls, list):
        out["forced_rolls"] = rolls  # not a list: left for the comparison to name
    return out
