"""Strength and speed of the computer players: ``normal`` against ``easy`` in 2-player games of every game.

Prints, per game, the share of games the ``normal`` bot won (with a 95% Wilson confidence interval), shared
victories, and the median and 99th-percentile time the ``normal`` bot took per move. Seats alternate: in even games
the ``normal`` bot sits first. A benchmark, not a test: it prints figures and exits 0.

    .venv/bin/python scripts/bench_bots.py [--games 200] [--game spirited] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tutor  # noqa: E402
from tutor.bots import bot  # noqa: E402

MAX_STEPS = 5000


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def play(game_id: str, seed: int, normal_seat: int, times: list[float]) -> tuple[bool, bool]:
    """One game; returns (normal won alone or shared, shared victory)."""
    s = tutor.new_game(game_id, players=2, seed=seed)
    bots = {normal_seat: bot(game_id, "normal", seed), 1 - normal_seat: bot(game_id, "easy", seed)}
    for _ in range(MAX_STEPS):
        if s.is_over:
            break
        b = bots[s.current_player]
        t = time.perf_counter()
        a = b.choose(s)
        if b.level == "normal":
            times.append(time.perf_counter() - t)
        s.apply(a)
    w = s.winners
    return normal_seat in w and len(w) == 1, len(w) > 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per game (default 200)")
    ap.add_argument("--game", action="append", choices=tutor.GAMES, help="only this game (repeatable)")
    ap.add_argument("--json", help="also write the figures to this JSON file")
    args = ap.parse_args(argv)
    rows = {}
    print(f"{'game':18} {'games':>5} {'normal wins':>11} {'95% CI':>15} {'shared':>6} {'median ms':>9} "
          f"{'p99 ms':>7}")
    for g in args.game or tutor.GAMES:
        times: list[float] = []
        wins = shared = 0
        for i in range(args.games):
            won, tie = play(g, 1000 + i, i % 2, times)
            wins += won
            shared += tie
        lo, hi = wilson(wins, args.games)
        times.sort()
        med = statistics.median(times) * 1000
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
        rows[g] = {"games": args.games, "normal_wins": wins, "share": wins / args.games, "ci95": [lo, hi],
                   "shared": shared, "median_ms": med, "p99_ms": p99, "moves": len(times)}
        print(f"{g:18} {args.games:5d} {wins / args.games:10.1%} [{lo:5.1%}, {hi:5.1%}] {shared:6d} {med:9.2f} "
              f"{p99:7.1f}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
