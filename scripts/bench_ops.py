"""The engine's work per step counted, not timed: Python bytecodes, Python calls and C calls per benchmark step.

``rules-tutor bench`` times steps; on a shared machine its figures move by 20% or more from one minute to the next,
which hides a change of a few percent. This script plays the same seeded random games as the benchmark would
(after ``--warm`` untraced games, so the games' kept actions and labels are made, as in the benchmark's later runs)
and counts, with Python's tracing hooks, what each step executes in the part the benchmark times
(``Session.legal_actions`` + ``Session.apply`` + :func:`tutor.transcript.step_text`; the random choice left out).
The counts depend only on the code and the seeds, never on the machine's load, so two versions of the engine can be
compared one after the other on a busy machine. They track the time of Python-level work (fewer bytecodes and calls
in the same kind of code is faster); they do not see the cost of work done in C: a sort, a JSON snapshot, or a loop
moved into C (``map``/``filter`` over method wrappers, ``operator.methodcaller``) counts as one call however long it
takes, and such a loop over a few items is often slower than the Python loop it replaces although it executes fewer
bytecodes. Check such a change with a microbenchmark (``timeit``, the fastest of many short repeats) before keeping it.

Usage::

    .venv/bin/python scripts/bench_ops.py [--games 6] [--warm 40] [--top 20] [GAME_ID ...]

Prints per game: steps, bytecodes, Python calls and C calls per step; with ``--top N`` the N functions executing
the most bytecodes per step. Exit code 0 (a measurement: it never fails on its figures).
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(code) -> str:
    """``tutor/core/context.py:34:ev``: a code object's file (relative to the repository when inside it), first line
    and name."""
    path = code.co_filename
    if path.startswith(str(ROOT)):
        path = path[len(str(ROOT)) + 1:]
    return f"{path}:{code.co_firstlineno}:{code.co_name}"


class Counts:
    """Bytecodes and calls counted per function while :meth:`on` is in force: ``ops``, ``calls`` (Python functions)
    and ``c_calls`` (built-in functions and methods), each a :class:`collections.Counter` by function name."""

    def __init__(self) -> None:
        self.ops: collections.Counter = collections.Counter()
        self.calls: collections.Counter = collections.Counter()
        self.c_calls: collections.Counter = collections.Counter()

    def _trace(self, frame, event, arg):
        if event == "opcode":
            self.ops[_name(frame.f_code)] += 1
        elif event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            self.calls[_name(frame.f_code)] += 1
        return self._trace

    def _profile(self, frame, event, arg) -> None:
        if event == "c_call":
            self.c_calls[getattr(arg, "__qualname__", repr(arg))] += 1

    def on(self) -> None:
        """Start counting (this thread); ``sys.settrace(None)`` and ``sys.setprofile(None)`` stop it (called where
        the counting stops, as a call to a method would itself be counted)."""
        sys.settrace(self._trace)
        sys.setprofile(self._profile)


def play(game_id: str, games: int, seed: int, counts: Counts | None) -> int:
    """Play ``games`` random 2-player games of ``game_id`` from seed ``seed`` on, as ``rules-tutor bench`` does,
    counting the timed part of every step into ``counts`` (``None``: not counted); returns the number of steps."""
    before = sys.gettrace(), sys.getprofile()  # (a debugger's or coverage's hooks, put back at the end)
    try:
        steps = _play(game_id, games, seed, counts)
    finally:
        sys.settrace(before[0])
        sys.setprofile(before[1])
    return steps


def _play(game_id: str, games: int, seed: int, counts: Counts | None) -> int:
    import tutor
    from tutor.conformance import random_policy
    from tutor.core.rng import Rng
    from tutor.transcript import step_text
    steps = 0
    for g in range(games):
        s = tutor.new_game(game_id, players=2, seed=seed + g)
        rng = Rng.from_seed(seed + g)
        while not s.is_over:
            if counts is not None:
                counts.on()
            acts = s.legal_actions()
            sys.settrace(None)  # (stops the counting, see Counts.on)
            sys.setprofile(None)
            action = random_policy(acts, rng)
            if counts is not None:
                counts.on()
            step_text(s, s.apply(action))
            sys.settrace(None)
            sys.setprofile(None)
            steps += 1
    return steps


def main(argv: list[str] | None = None) -> int:
    """Count and print the work per step of each game given (default: every playable game)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games_ids", nargs="*", metavar="GAME_ID")
    p.add_argument("--games", type=int, default=6, help="counted games per game id (default 6)")
    p.add_argument("--warm", type=int, default=40, help="untraced games played first (default 40)")
    p.add_argument("--top", type=int, default=0, help="list the N functions executing the most bytecodes")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 200 or not 0 <= args.warm <= 1000 or not 0 <= args.top <= 200:
        print("--games must be 1..200, --warm 0..1000, --top 0..200", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    from tutor.registry import game_classes
    for gid in args.games_ids or list(game_classes()):
        play(gid, args.warm, 1000, None)
        counts = Counts()
        n = play(gid, args.games, 100, counts)
        print(f"{gid}: {n} steps; per step {sum(counts.ops.values()) / n:.0f} bytecodes, "
              f"{sum(counts.calls.values()) / n:.1f} Python calls, {sum(counts.c_calls.values()) / n:.1f} C calls")
        for name, ops in counts.ops.most_common(args.top):
            print(f"  {ops / n:7.1f} bytecodes {counts.calls[name] / n:5.2f} calls  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
