"""Spirit Duels dice (Dice Types; Resolve Dice): the seven die kinds with exactly their printed faces, and rolling.

Every roll is a chance event (:mod:`tutor.core.chance`): the face comes from the state's seeded generator
(``state.rng``), or from a roll the scenario fixed in advance (``setup.state.chance``, used first, so a lesson can say
"suppose you roll Attack").
The event text lists the die's outcome probabilities.
"""
from __future__ import annotations

from collections import Counter
from functools import cache
from fractions import Fraction

from ...core import chance as core_chance

#: die kind -> its six faces, as face names: a symbol, with ``+1`` when the face carries the Boost icon.
DIE_FACES: dict[str, tuple[str, ...]] = {
    "attack-1": ("attack", "attack", "magic", "essence", "blank", "blank"),
    "attack-2": ("attack+1", "attack", "attack", "magic", "essence", "blank"),
    "magic-1": ("magic", "magic", "attack", "essence", "blank", "blank"),
    "magic-2": ("magic+1", "magic", "magic", "attack", "essence", "blank"),
    "essence-1": ("essence", "essence", "attack", "magic", "blank", "blank"),
    "essence-2": ("essence+1", "essence", "essence", "attack", "magic", "blank"),
    "advantage": ("attack", "magic", "essence", "blank", "blank", "blank"),
}
DIE_KINDS: tuple[str, ...] = tuple(DIE_FACES)
#: the kinds a player may roll from the supply (Replace): every die but the single Advantage Die.
SUPPLY_KINDS: tuple[str, ...] = tuple(k for k in DIE_KINDS if k != "advantage")
SYMBOLS: tuple[str, ...] = ("attack", "magic", "essence")
FACE_NAMES: tuple[str, ...] = ("attack", "attack+1", "magic", "magic+1", "essence", "essence+1", "blank")


def symbol(face: str) -> str:
    """``"attack+1"`` -> ``"attack"``."""
    return face.split("+")[0]


def boosted(face: str) -> bool:
    """True when the face carries the Boost icon (+1 to the die's value)."""
    return face.endswith("+1")


def level(kind: str) -> int | None:
    """1 or 2 for the typed dice, ``None`` for the Advantage Die."""
    return None if kind == "advantage" else int(kind[-1])


def die_type(kind: str) -> str:
    """``"attack-2"`` -> ``"attack"``; ``"advantage"`` -> ``"advantage"``."""
    return kind.split("-")[0]


@cache  # pure, and asked for every die shown or rolled
def kind_label(kind: str) -> str:
    """``"Level 2 Attack die"`` / ``"Advantage Die"``."""
    if kind == "advantage":
        return "Advantage Die"
    return f"Level {level(kind)} {die_type(kind).capitalize()} die"


@cache  # pure, and asked for every die shown or rolled
def face_label(face: str) -> str:
    """``"Attack +1 (Boost)"``, ``"Blank"``."""
    return symbol(face).capitalize() + (" +1 (Boost)" if boosted(face) else "")


@cache  # pure, and asked for every die shown or rolled
def odds(kind: str) -> str:
    """The die's outcome probabilities: ``"Attack 2/6, Magic 1/6, Essence 1/6, Blank 2/6"``."""
    counts = Counter(DIE_FACES[kind])
    return ", ".join(f"{face_label(f)} {n}/6" for f, n in counts.items())


def chance(kind: str, face: str) -> Fraction:
    """Probability that ``kind`` shows ``face``."""
    return Fraction(DIE_FACES[kind].count(face), 6)


def roll(state, kind: str) -> tuple[str, bool]:
    """Roll one die of ``kind``: returns ``(face, forced)``, through :func:`tutor.core.chance.roll`: a roll fixed in
    advance (``setup.state.chance``, scenarios and lessons) is used first, else the seeded generator.

    Raises:
        IllegalAction: a forced face that this die does not have (the scenario is wrong; the session is unchanged).
    """
    return core_chance.roll(state, DIE_FACES[kind], kind_label(kind))


@cache  # pure, and asked for every die shown or rolled
def roll_text(kind: str, face: str, forced: bool) -> str:
    """``"Level 1 Attack die rolls Magic (chance 1/6; this die: Attack 2/6, ...)"``."""
    how = "is set to" if forced else "rolls"
    p = chance(kind, face)
    # (new user 43: "fixed by the lesson" was read on a FAQ page; lessons, FAQ questions and walkthroughs fix rolls)
    extra = "; chosen in advance for this example" if forced else ""
    return f"{kind_label(kind)} {how} {face_label(face)} (chance {p.numerator}/{p.denominator}{extra}; " \
           f"this die: {odds(kind)})"
