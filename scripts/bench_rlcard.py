"""RLCard's Dou Dizhu under random play, timed like ``rules-tutor bench`` times our games: the field's yardstick.

A step is RLCard's ``env.step`` (which also works out the next player's legal actions), the random choice left out
as in ``rules-tutor bench``. Prints steps per second (fastest of ``--repeat`` runs, the median run too) and the p50
and p99 step latency in microseconds. A benchmark, not a test: it prints figures and exits 0 (2 when rlcard is not
installed: it is not a dependency of Rules Tutor; install it in a separate environment).

    python scripts/bench_rlcard.py [--games 20] [--repeat 3] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time


def bench_doudizhu(games: int, seed: int = 0) -> dict:
    """Play ``games`` random Dou Dizhu games; return ``{"steps_per_s", "p50_us", "p99_us", "steps"}``."""
    import rlcard
    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)
    lat: list[float] = []
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"].keys()))
            t0 = time.perf_counter()
            state, _player = env.step(action)
            lat.append(time.perf_counter() - t0)
    lat.sort()
    return {"steps_per_s": len(lat) / sum(lat), "p50_us": statistics.median(lat) * 1e6,
            "p99_us": lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e6, "steps": len(lat)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("rlcard is not installed here (pip install rlcard in a separate environment)", file=sys.stderr)
        return 2
    runs = [bench_doudizhu(args.games, seed=r) for r in range(args.repeat)]
    best = max(runs, key=lambda r: r["steps_per_s"])
    best["median_steps_per_s"] = statistics.median(r["steps_per_s"] for r in runs)
    if args.json:
        print(json.dumps({"rlcard-doudizhu": best}, indent=2))
    else:
        print(f"RLCard Dou Dizhu (random play): {best['steps_per_s']:,.0f} steps/s (median run "
              f"{best['median_steps_per_s']:,.0f}), p50 {best['p50_us']:.0f} us, p99 {best['p99_us']:.0f} us, "
              f"{best['steps']} steps per run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
