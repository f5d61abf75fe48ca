"""Positions to ask questions about: real game states reached by the engine.

Three sources, all deterministic:

- random play: a new game (player count and set-up options drawn from the game's own choices) dealt from a seed,
  then a number of random legal actions (the engine's seeded generator :class:`tutor.core.rng.Rng`, never
  :mod:`random`), as ``rules-tutor check`` plays them;
- scenarios (``content/<game>/scenarios``): the prepared state and every state along the script;
- lessons (``content/<game>/lessons``): the prepared state and every state along the solution.

Each position is a :class:`Position`: a session *re-rooted* at that state (a prepared session with no history, so it
is cheap to copy and to save) and where it came from, in plain words.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..core import chance
from ..conformance import random_policy
from ..core.rng import Rng
from ..core.session import Session, copy_state
from ..lessons import playable_lessons, readable_lessons, start_lesson
from ..registry import game_class
from ..scenario import all_scenarios, find, load_scenario, start
from ..sessions import new_game

#: The most random steps taken from a set-up before a position is kept.
MAX_STEPS = 80


@dataclass(frozen=True)
class Position:
    """A session at one position (``session``, prepared, no history) and its origin (``origin``, e.g.
    ``"random game 12, step 31"`` or ``"scenario: Buying at the hand limit"``)."""

    session: Session
    origin: str


def rerooted(session: Session) -> Session:
    """A new prepared session whose start is ``session``'s current state (no history; the original is unchanged).

    Its ``partial`` is empty: no partial state rebuilds this start from the seed, so a saved copy of it is refused by
    :func:`tutor.load_session` rather than trusted (practice never saves positions)."""
    state = copy_state(session.state)
    # Outcomes a scenario fixed for its own script (dice, draws: tutor.core.chance) would serve other rolls and draws
    # in a question's move: the position's chance comes from its seeded generator instead.
    chance.clear(state)
    return Session(session.game, state, partial={})


def copy_session(session: Session) -> Session:
    """An independent session at the same state as ``session`` (prepared, no history)."""
    return rerooted(session)


def random_options(game_id: str, rng: Rng) -> tuple[int, dict]:
    """A player count and set-up options for a random game of ``game_id``, drawn with ``rng``: any player count the
    game supports, its teaching options, and each free-play choice (``Game.option_choices``)."""
    cls = game_class(game_id)
    counts = cls.player_counts
    players = counts[rng.below(len(counts))]
    options = dict(cls.teaching_options)
    if "first_game" in options:
        options["first_game"] = bool(rng.below(2))
    for name, choices in cls.option_choices.items():
        options[name] = choices[rng.below(len(choices))][1]
    return players, options


def random_positions(game_id: str, seed: int, games: int, per_game: int = 3) -> Iterator[Position]:
    """Positions from ``games`` random games of ``game_id``; ``per_game`` positions from each, at random depths.

    Everything is drawn from :class:`Rng` seeded with ``seed`` (same seed, same positions).
    """
    rng = Rng.from_seed(seed ^ 0x9A4C71CE)
    for g in range(games):
        players, options = random_options(game_id, rng)
        game_seed = rng.below(1_000_000_000)
        s = new_game(game_id, players=players, seed=game_seed, **options)
        stops = sorted({rng.below(MAX_STEPS) for _ in range(per_game)})
        step = 0
        for stop in stops:
            while step < stop and not s.is_over:
                s.apply(random_policy(s.legal_actions(), rng))
                step += 1
            if s.is_over:
                break
            yield Position(rerooted(s), f"random game {g + 1} ({players} players, seed {game_seed}), step {step}")


def _along(s: Session, script, origin: str) -> Iterator[Position]:
    """The prepared state of ``s``, then the state after each step of ``script`` (action references) as far as it
    plays and the game goes on."""
    yield Position(rerooted(s), origin)
    for i, ref in enumerate(script):
        try:
            s.apply(find(s, ref))
        except ValueError:
            return
        if s.is_over:
            return
        yield Position(rerooted(s), f"{origin}, step {i + 1}")


def scenario_positions(game_id: str) -> Iterator[Position]:
    """Every state along every scenario script of ``game_id`` (the prepared state, then after each step)."""
    for path in all_scenarios(game_id):
        sc = load_scenario(path)
        yield from _along(start(sc, str(path)), sc.script, f"scenario: {sc.meta.title or sc.meta.question}")


def lesson_positions(game_id: str, left_out: list[str] | None = None) -> Iterator[Position]:
    """Every state along every lesson's solution of ``game_id`` (the prepared state, then after each step). A lesson
    file that does not load or whose solution does not play (:func:`tutor.lessons.playable_lessons`) is left out, its
    message added to ``left_out`` (when given) once the first position is asked for."""
    lessons, left = playable_lessons(game_id)
    if left_out is not None:
        left_out.extend(left)
    for lesson in lessons:
        yield from _along(start_lesson(lesson), lesson.solution, f"lesson: {lesson.title}")


def origins(game_id: str, source: str) -> set[str]:
    """The origins of the first positions of ``source`` (``"lesson"`` or ``"scenario"``) of ``game_id``: each
    lesson's or scenario's own (its later positions add ``", step <n>"``), read from the files without playing them."""
    if source == "lesson":
        return {f"lesson: {lesson.title}" for lesson in readable_lessons(game_id)[0]}
    out = set()
    for path in all_scenarios(game_id):
        sc = load_scenario(path)
        out.add(f"scenario: {sc.meta.title or sc.meta.question}")
    return out
