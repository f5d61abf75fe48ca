"""``rules-tutor`` command line: serve | play | scenario run | check.

Exit codes: 0 success; 1 a scenario expectation or a check failed; 2 invalid input (bad file, bad arguments).
"""
from __future__ import annotations

import argparse
import signal
import sys

from .core.errors import ContentError


def _play(args: argparse.Namespace) -> int:
    import tutor
    from .conformance import random_policy
    from .core.rng import Rng
    from .transcript import setup_text, step_text
    s = tutor.new_game(args.game, players=args.players, seed=args.seed)
    print(f"{s.game.title}: {args.players} players, seed {args.seed} (random moves)")
    print(setup_text(s))
    rng = Rng.from_seed(args.seed ^ 0x5EED)
    n = 0
    while not s.is_over and n < args.max_steps:
        step = s.apply(random_policy(s.legal_actions(), rng))
        print(step_text(s, step))
        n += 1
    if s.is_over:
        print(f"Game over after {n} steps. Winner(s): {', '.join(f'Player {w + 1}' for w in s.winners)}")
    else:
        print(f"Stopped after {n} steps (--max-steps).")
    return 0


def _scenario(args: argparse.Namespace) -> int:
    from .scenario import run_paths
    return run_paths(args.paths, verbose=not args.quiet)


def _check(args: argparse.Namespace) -> int:
    from .conformance import play_checked
    failures = 0
    for players in args.players or [2, 3, 4]:
        total = steps = 0
        for seed in range(args.start, args.start + args.games):
            rep = play_checked(args.game, players, seed, check_json=not args.fast, json_every=25)
            total += 1
            steps += rep.steps
            if rep.problems:
                failures += 1
                print(f"FAIL {args.game} players={players} seed={seed}: {rep.problems[:3]}")
        print(f"{args.game} players={players}: {total} games, {steps} steps, "
              f"{failures} failing so far")
    print("all games passed every check" if not failures else f"{failures} game(s) failed")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``rules-tutor`` console script. Returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "serve":
        from .serve import main as serve_main
        return serve_main(argv[1:])
    p = argparse.ArgumentParser(prog="rules-tutor", description="Interactive rules tutor for Restless Spirits, "
                                "Spirited and Spirit Duels.")
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("serve", help="start the web app on 127.0.0.1 (see 'rules-tutor serve --help')")
    pp = sub.add_parser("play", help="print a readable transcript of a random game")
    pp.add_argument("game")
    pp.add_argument("--players", type=int, default=2)
    pp.add_argument("--seed", type=int, default=1)
    pp.add_argument("--max-steps", type=int, default=5000)
    ps = sub.add_parser("scenario", help="run scenario files")
    ps_sub = ps.add_subparsers(dest="scmd", required=True)
    pr = ps_sub.add_parser("run", help="run scenarios, printing each step's explanation")
    pr.add_argument("paths", nargs="+", help="scenario files or folders")
    pr.add_argument("--quiet", action="store_true", help="print only the result of each scenario")
    pc = sub.add_parser("check", help="play random games with every invariant checked")
    pc.add_argument("--game", default="restless-spirits")
    pc.add_argument("--games", type=int, default=100, help="games per player count")
    pc.add_argument("--players", type=int, action="append")
    pc.add_argument("--start", type=int, default=0, help="first seed")
    pc.add_argument("--fast", action="store_true", help="skip the JSON round-trip check")
    pb = sub.add_parser("bench", help="print engine speed and memory figures")
    pb.add_argument("--json", action="store_true")
    pb.add_argument("--games", type=int, default=20, help="random games per game")
    try:
        args = p.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        if args.cmd == "play":
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            return _play(args)
        if args.cmd == "scenario":
            return _scenario(args)
        if args.cmd == "check":
            return _check(args)
        if args.cmd == "bench":
            from .bench import main as bench_main
            return bench_main(as_json=args.json, games=args.games)
    except (ContentError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
