"""The engine's work per step counted in machine instructions (valgrind's callgrind), not timed and not in bytecodes.

``scripts/bench_ops.py`` counts Python bytecodes and calls, which a busy machine cannot disturb; but it does not see
work done in C, and a change that executes fewer bytecodes may execute more machine code: measured this way, a
``filter`` over a hand of a few cards, ``id(x) in map(id, actions)`` or ``any(map(ge, counts, numbers))`` each cost
more instructions than the short Python loops they replaced, although they executed fewer bytecodes. This script
runs the same seeded random games under callgrind, which counts the instructions the processor executes (the
interpreter, pydantic-core, the C library), and collects only inside the part the benchmark times: each
``Session.legal_actions()`` and each ``Session.apply(action)`` + :func:`tutor.transcript.step_text` (each wrapped in a
call of :func:`operator.call`, the only place that C function runs, named to callgrind with ``--toggle-collect``);
the random choice and the set-up of each game are left out. The counts depend on the code, the seeds, the
interpreter and the libraries, never on the machine's load (``PYTHONHASHSEED=0`` is set), so two versions of the
engine can be compared one after the other on a busy machine. Slow: about 50 times the time of the games.

With ``--rlcard-python PATH`` (an interpreter whose environment has rlcard, as for ``scripts/bench_compare.py``) it
also counts RLCard's Dou Dizhu random play the same way (each ``env.step``, the step ``scripts/bench_rlcard.py``
times; the random choice left out) and prints, per game, RLCard's instructions per step over ours: issue #17's
4x goal counted in work rather than in time, a figure a busy machine cannot move. It is not the ratio in time:
the same number of instructions of different code does not take the same time (``scripts/bench_compare.py`` gives
that one, on a quiet machine).

Usage::

    .venv/bin/python scripts/bench_instructions.py [--games 4] [--warm 40] [--rlcard-python PATH] [GAME_ID ...]

Prints per game: steps and instructions per step (and the ratio to RLCard's). Exit code 0 (a measurement: it never
fails on its figures), 2 when valgrind is not installed or Python is older than 3.11 (``operator.call``).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The games run under callgrind: ``--warm`` games uncounted (the kept actions and labels made, as in the
#: benchmark's later runs), then ``--games`` games whose timed part is counted.
CHILD = """
import sys
from operator import call
sys.path.insert(0, {root!r})
import tutor
from tutor.conformance import random_policy
from tutor.core.rng import Rng
from tutor.transcript import step_text
gid, warm, games = {gid!r}, {warm}, {games}
def play(seed, counted):
    s = tutor.new_game(gid, players=2, seed=seed)
    rng = Rng.from_seed(seed)
    n = 0
    while not s.is_over:
        acts = call(s.legal_actions) if counted else s.legal_actions()
        action = random_policy(acts, rng)
        if counted:
            call(lambda: step_text(s, s.apply(action)))
        else:
            step_text(s, s.apply(action))
        n += 1
    return n
for g in range(warm):
    play(1000 + g, False)
print("steps", sum(play(100 + g, True) for g in range(games)))
"""


#: RLCard's Dou Dizhu under callgrind: ``{warm}`` uncounted games, then ``{games}`` whose ``env.step`` calls are counted
#: (as ``scripts/bench_rlcard.py`` plays them: one environment, a seeded ``random.Random`` choosing).
RLCARD_CHILD = """
import random
from operator import call
import rlcard
env = rlcard.make("doudizhu", config={{"seed": 0}})
rng = random.Random(0)
def play(counted):
    n = 0
    state, _ = env.reset()
    while not env.is_over():
        action = rng.choice(list(state["legal_actions"].keys()))
        state, _ = call(env.step, action) if counted else env.step(action)
        n += 1
    return n
for _ in range({warm}):
    play(False)
print("steps", sum(play(True) for _ in range({games})))
"""


def _callgrind(python: str, code: str, what: str) -> tuple[int, int]:
    """Run ``code`` with ``python`` under callgrind, collecting inside ``operator.call`` only; returns ``(steps,
    instructions)`` (the child prints ``steps N``)."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=_operator_call",
                          "--callgrind-out-file=/dev/null", python, "-c", code],
                         capture_output=True, text=True, env=env, timeout=7200)
    steps = re.search(r"^steps (\d+)$", out.stdout, re.M)
    collected = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode != 0 or steps is None or collected is None:
        raise RuntimeError(f"callgrind run of {what} failed (exit {out.returncode}): {out.stderr.strip()[-800:]}")
    return int(steps.group(1)), int(collected.group(1))


def count_rlcard(python: str, warm: int, games: int) -> tuple[int, int]:
    """Run ``games`` counted RLCard Dou Dizhu games (after ``warm`` uncounted ones) under callgrind with the
    interpreter ``python``; returns ``(steps, instructions)`` of the counted ``env.step`` calls."""
    return _callgrind(python, RLCARD_CHILD.format(warm=warm, games=games), "RLCard Dou Dizhu")


def count(game_id: str, warm: int, games: int) -> tuple[int, int]:
    """Run ``games`` counted games of ``game_id`` (after ``warm`` uncounted ones) under callgrind; returns
    ``(steps, instructions)`` of the counted part."""
    return _callgrind(sys.executable, CHILD.format(root=str(ROOT), gid=game_id, warm=warm, games=games), game_id)


def main(argv: list[str] | None = None) -> int:
    """Count and print the instructions per step of each game given (default: every playable game)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games_ids", nargs="*", metavar="GAME_ID")
    p.add_argument("--games", type=int, default=4, help="counted games per game id (default 4)")
    p.add_argument("--warm", type=int, default=40, help="uncounted games played first (default 40)")
    p.add_argument("--rlcard-python", help="an interpreter whose environment has rlcard: count RLCard's Dou Dizhu "
                   "steps too (20 counted games after 5) and print the ratio")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 100 or not 0 <= args.warm <= 1000:
        print("--games must be 1..100, --warm 0..1000", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None or sys.version_info < (3, 11):
        print("needs valgrind on the PATH and Python 3.11 or newer (operator.call)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    from tutor.registry import game_classes
    rl_per_step = None
    if args.rlcard_python:
        rl_steps, rl_instructions = count_rlcard(args.rlcard_python, 5, 20)
        rl_per_step = rl_instructions / rl_steps
        print(f"RLCard Dou Dizhu: {rl_steps} steps; per step {rl_per_step:,.0f} instructions")
    for gid in args.games_ids or list(game_classes()):
        steps, instructions = count(gid, args.warm, args.games)
        per_step = instructions / steps
        ratio = f" (RLCard's per step / ours: {rl_per_step / per_step:.2f}x)" if rl_per_step else ""
        print(f"{gid}: {steps} steps; per step {per_step:,.0f} instructions{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
