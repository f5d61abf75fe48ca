"""How varied a practice session is (session 45: a new user met "Meditate" with nothing to reroll 4 times in 15
Spirit Duels questions): a simulated learner answers the coach's questions, 45 seconds each, right except about one
in five (drawn from the seed; then again with every answer right), in a new progress database; per game and seed
(the seed of the question pool and of the learner's misses), over the first 15 and 30 questions:

- ``rules``: distinct rules practised (each question's own rule);
- ``most``: the most questions sharing one rule or situation (:func:`tutor.practice.variety.marks`: the rule, the
  move asked about, a what-happens answer's chain): the "4 times in 15";
- ``run``: the longest run of questions in a row each sharing a rule or situation with the one before;
- ``soon``: questions sharing a rule or situation with one of the :data:`~tutor.practice.variety.RECENT` before it
  although the learner had not missed its rule;
- ``again``: questions testing a rule the learner had missed (asked again: kept, that is the point).

Usage: ``python scripts/practice_variety.py [SEED ...]`` (default seeds 1 2 3).
"""
from __future__ import annotations

import sys
import tempfile
from datetime import timedelta

import tutor.practice.coach as coach_mod
import tutor.practice.schedule as schedule
import tutor.progress.store as store_mod
from tutor.core.rng import Rng
from tutor.practice.coach import GAMES, Coach
from tutor.practice.variety import RECENT, marks, most_alike
from tutor.progress import ProgressStore

WINDOWS = (15, 30)
STEP = timedelta(seconds=45)


def session(game: str, seed: int, n: int, folder: str, misses: bool = True) -> list[tuple[object, bool]]:
    """``[(question, asked again after a miss)]``: the first ``n`` questions a simulated learner is asked (who
    misses about one in five when ``misses``, else none)."""
    clock = [schedule.now()]
    for mod in (schedule, coach_mod, store_mod):  # one clock for the schedule, the coach and the store
        mod.now = lambda: clock[0]
    store = ProgressStore(f"sqlite:///{folder}/{game}-{seed}-{misses}.sqlite", learner="sim")
    coach = Coach(game, store, seed=seed, warm=60)
    rng = Rng.from_seed(seed ^ 0x7EA)
    out = []
    for _ in range(n):
        q = coach.next_question()
        cards = store.cards(game)  # asked again: it tests a rule the learner missed
        out.append((q, any(c in cards and schedule.missed(cards[c]) for c in q.clauses)))
        right = rng.below(5) != 0 or not misses
        coach.answer(next(i for i, o in enumerate(q.options) if o.correct == right))
        clock[0] += STEP
    store.close()
    return out


def figures(asked: list[tuple[object, bool]]) -> dict[str, int]:
    """The figures of one window of a session (see the module's docstring)."""
    qs = [q for q, _again in asked]
    seen = [marks(q) for q in qs]
    run = best = 1 if qs else 0
    for a, b in zip(seen, seen[1:]):
        run = run + 1 if a & b else 1
        best = max(best, run)
    soon = sum(1 for i, (q, again) in enumerate(asked)
               if not again and any(seen[i] & s for s in seen[max(0, i - RECENT):i]))
    return {"rules": len({q.clause for q in qs}), "most": most_alike(qs), "run": best, "soon": soon,
            "again": sum(1 for _q, again in asked if again)}


def main(seeds: list[int]) -> None:
    """Print the figures of every game and seed: for a learner who misses about one in five, then one who misses
    none."""
    folder = tempfile.mkdtemp(prefix="practice-variety-")
    for misses in (True, False):
        print("A learner who misses about one in five:" if misses else "A learner who answers every one right:")
        print(f"{'game':<17}{'seed':>5}  " + "  ".join(f"first {n}: rules most run soon again" for n in WINDOWS))
        for game in GAMES:
            for seed in seeds:
                asked = session(game, seed, max(WINDOWS), folder, misses)
                cells = ["  ".join(f"{v:>{len(k)}}" for k, v in figures(asked[:n]).items()) for n in WINDOWS]
                print(f"{game:<17}{seed:>5}  " + "  ".join(f"{'':>9}{c}" for c in cells))


if __name__ == "__main__":
    main([int(x) for x in sys.argv[1:]] or [1, 2, 3])
