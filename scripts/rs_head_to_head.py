"""Restless Spirits, head to head: the ``normal`` bot with one Totem measure against the same bot with another.

Each bot is the ``normal`` level of :mod:`tutor.bots` with its own copy of the Restless Spirits feature weights
(:data:`tutor.games.restless_spirits.strategy.WEIGHTS`): the *new* bot's weights with ``--set`` applied, the *old*
bot's with ``--old`` applied. Games are seeded
(``tutor.new_game(..., seed=n)``, bot seeds ``n * 10 + seat``), and the new bot's seat moves round the table with the
seed (seed ``n``: seat ``n % players``), so every seat is played by it equally often; the other seats are old bots.

The weights named must be features of :func:`tutor.games.restless_spirits.strategy.features` in the code checked out
(an unknown name changes nothing): a candidate feature is measured by its code with the feature's weight set for the
new bot and 0 for the old one. Branch ``bots45-covered`` adds ``covered`` (:func:`strategy.cover`: the unmet
requirements the hand's Totems can meet together, each counted once) on top of the features of ``main``; session 45
measured ``--set covered=1.0 --old covered=0``: 2 players new won 71 of 150 (47%, CI 40-55%), 3 players 28 of 90
(31%, CI 23-41%); ``covered=0.5``: 5 of 15 two-player games before it was stopped.

Printed per table size: games, the new bot's wins (a shared win counted apart), its win rate and the 95% Wilson
score interval, and the fair share (1 / players).

Usage::

    nice .venv/bin/python scripts/rs_head_to_head.py --players 2 --games 150 --set covered=1.0 --old covered=0
    nice .venv/bin/python scripts/rs_head_to_head.py --players 3 --games 45 --first 45 --set covered=1.0 --old covered=0

(a run may be split in chunks of seeds with ``--first``, run side by side, and the counts added).

Exit code 0 after printing (a measurement: it never fails on figures).
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tutor  # noqa: E402
from tutor.bots import bot  # noqa: E402
from tutor.games.restless_spirits import strategy  # noqa: E402

#: A game still going after this many steps is counted as unfinished (neither side wins).
MAX_STEPS = 4000


class _Weighted:
    """The strategy module seen through other weights (what :meth:`tutor.bots.Bot.value` reads)."""

    def __init__(self, weights: dict[str, float]) -> None:
        self.WEIGHTS = weights

    def __getattr__(self, name: str):
        return getattr(strategy, name)


def weighted_bot(seed: int, changes: dict[str, float]):
    """A ``normal`` Restless Spirits bot whose feature weights are :data:`strategy.WEIGHTS` with ``changes``."""
    b = bot("restless-spirits", "normal", seed)
    b._strategy = _Weighted({**strategy.WEIGHTS, **changes})
    return b


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def play(seed: int, players: int, new: dict[str, float], old: dict[str, float]) -> tuple[str, int]:
    """One game; ``("win"|"shared"|"loss"|"unfinished", steps)`` for the new bot."""
    s = tutor.new_game("restless-spirits", players=players, seed=seed)
    mine = seed % players
    bots = [weighted_bot(seed * 10 + i, new if i == mine else old) for i in range(players)]
    steps = 0
    while not s.is_over and steps < MAX_STEPS:
        s.apply(bots[s.current_player].choose(s))
        steps += 1
    if not s.is_over:
        return "unfinished", steps
    w = s.winners
    return ("win" if w == [mine] else "shared" if mine in w else "loss"), steps


def _changes(items: list[str]) -> dict[str, float]:
    out = {}
    for it in items:
        k, _, v = it.partition("=")
        out[k.strip()] = float(v)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--first", type=int, default=0, help="first seed")
    ap.add_argument("--set", nargs="*", default=[], help="the new bot's weights, e.g. covered=1.0")
    ap.add_argument("--old", nargs="*", default=[], help="the old bot's weights, e.g. covered=0")
    ap.add_argument("--every", type=int, default=10, help="print a running count every N games")
    args = ap.parse_args(argv)
    new, old = _changes(args.set), _changes(args.old)
    tally = {"win": 0, "shared": 0, "loss": 0, "unfinished": 0}
    t0 = time.time()
    for i, seed in enumerate(range(args.first, args.first + args.games), 1):
        res, _ = play(seed, args.players, new, old)
        tally[res] += 1
        if i % args.every == 0 or i == args.games:
            lo, hi = wilson(tally["win"], i)
            print(f"{args.players}p new {new} vs old {old}: {i} games, new won {tally['win']} "
                  f"({100 * tally['win'] / i:.0f}%, 95% CI {100 * lo:.0f}-{100 * hi:.0f}%), shared "
                  f"{tally['shared']}, lost {tally['loss']}, unfinished {tally['unfinished']}; fair share "
                  f"{100 / args.players:.0f}%; {time.time() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
