"""``rules-tutor bench``: engine speed and memory figures (printed, never asserted by tests).

Per playable game, the fastest of ``--repeat`` runs, each on new seeds (as :mod:`timeit` does; the median run is
printed too): steps per second for ``legal_actions`` + ``apply`` + the step's explanation text over random games,
the median (p50) and 99th-percentile (p99) step latency in microseconds, and the resident memory of a
process with every game loaded against a bare Python process that imports only ``ipykernel``. It also times a fixed
pure-Python loop (:func:`python_loop_ms`), as the speed of shared machines varies from run to run.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

from .conformance import random_policy
from .core.rng import Rng


def bench_game(game_id: str, players: int, games: int = 20, seed: int = 0, **options) -> dict:
    """Play ``games`` random games; return ``{"steps_per_s", "p50_us", "p99_us", "steps"}``.

    A step's time is ``legal_actions`` + ``apply`` + its explanation text (:func:`tutor.transcript.step_text`), in
    microseconds for the latencies; choosing the random action is left out (it is the benchmark's player).
    """
    import tutor
    from .transcript import step_text
    lat: list[float] = []
    for g in range(games):
        s = tutor.new_game(game_id, players=players, seed=seed + g, **options)
        rng = Rng.from_seed(seed + g)
        while not s.is_over:
            t0 = time.perf_counter()
            acts = s.legal_actions()
            t1 = time.perf_counter()
            action = random_policy(acts, rng)  # the benchmark's stand-in for a player: not engine time
            t2 = time.perf_counter()
            step = s.apply(action)
            step_text(s, step)
            lat.append(time.perf_counter() - t2 + (t1 - t0))
    lat.sort()
    total = sum(lat)
    return {"steps_per_s": len(lat) / total, "p50_us": statistics.median(lat) * 1e6,
            "p99_us": lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e6, "steps": len(lat)}


_MEM = "import resource, {imports}; {body}; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"


def memory_kib() -> dict:
    """Peak RSS (KiB) of a bare ``ipykernel`` import vs one with tutor, widgets and a session of each game."""
    bare = _MEM.format(imports="ipykernel", body="pass")
    from .registry import game_classes
    body = "; ".join(f"tutor.new_game({g!r}, players={2})" for g in game_classes())
    full = _MEM.format(imports="ipykernel, tutor, widgets", body=body)
    out = {}
    for name, code in (("bare_kib", bare), ("loaded_kib", full)):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        out[name] = int(r.stdout.strip().splitlines()[-1])
    out["ratio"] = out["loaded_kib"] / out["bare_kib"]
    return out


def bench_best(game_id: str, players: int, games: int = 20, repeat: int = 3) -> dict:
    """Run :func:`bench_game` ``repeat`` times and return the fastest run, as :mod:`timeit` recommends (slower runs
    measure other processes and the host, not the engine), with ``"median_steps_per_s"``: the median over the runs,
    so a noisy machine shows in the figures.

    Each run plays new seeds (run ``r`` plays seeds ``r * games`` to ``r * games + games - 1``), as
    ``scripts/bench_rlcard.py`` does for Dou Dizhu: a run repeating the seeds of an earlier one would find its texts
    and labels already made and time the caches, not the rules."""
    runs = [bench_game(game_id, players, games=games, seed=r * games) for r in range(repeat)]
    best = max(runs, key=lambda r: r["steps_per_s"])
    return {**best, "median_steps_per_s": statistics.median(r["steps_per_s"] for r in runs), "runs": repeat}


def python_loop_ms(repeat: int = 3) -> float:
    """Milliseconds for a fixed pure-Python loop (5 million additions), the fastest of ``repeat``: how fast this
    machine runs Python at the time of the benchmark, so figures from runs on a machine whose speed varies (shared
    hosts) can be compared (steps/s times this figure is roughly constant for the same engine)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        x = 0
        for i in range(5_000_000):
            x += i % 7
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


def main(as_json: bool = False, games: int = 20, repeat: int = 3) -> int:
    """Run the benchmark and print figures (text or the JSON shape ``{game_id: {steps_per_s, p50_us, p99_us,
    median_steps_per_s}}``): per game the fastest of ``repeat`` runs of ``games`` random 2-player games."""
    from .registry import game_classes
    results = {}
    loop = python_loop_ms()
    for gid in game_classes():
        results[gid] = bench_best(gid, 2, games=games, repeat=repeat)
    loop = min(loop, python_loop_ms())  # before and after: the machine's best speed during the run
    mem = memory_kib()
    if as_json:
        print(json.dumps({**{g: {k: round(v, 1) for k, v in r.items() if k not in ("steps", "runs")}
                             for g, r in results.items()}, "_memory": mem,
                          "_machine": {"python_loop_ms": round(loop, 1)}}, indent=2))
        return 0
    for gid, r in results.items():
        print(f"{gid}: {r['steps_per_s']:.0f} steps/s over {r['steps']} steps (best of {r['runs']} runs; median "
              f"{r['median_steps_per_s']:.0f}); p50 {r['p50_us']:.0f} us, p99 {r['p99_us']:.0f} us")
    print(f"machine: a fixed pure-Python loop took {loop:.0f} ms (shared machines change speed from run to run: "
          "compare figures of two runs with this time)")
    print(f"memory: bare kernel {mem['bare_kib'] / 1024:.1f} MiB, with every game loaded "
          f"{mem['loaded_kib'] / 1024:.1f} MiB (x{mem['ratio']:.2f})")
    return 0
