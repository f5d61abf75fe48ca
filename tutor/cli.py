"""``rules-tutor`` command line: serve | play | scenario run | check | bench, and ``--version``.

Exit codes: 0 success; 1 a scenario expectation or a check failed; 2 invalid input (bad file, bad arguments).
"""
from __future__ import annotations

import argparse
import json
import signal
import sys
from typing import Callable

from .core.errors import ContentError, bounded_parser_class, said, short, short_quoted, visible
from .core.rng import Rng
from .core.seeds import PAGE_SEED_WORDS, SEED_MAX, typed_seed_arg, whole_arg


def _play(args: argparse.Namespace) -> int:
    import tutor
    from .conformance import random_policy
    from .transcript import setup_text, step_text

    import builtins

    def print(*parts, **kw):  # noqa: A001 - a card file's names and texts reach the terminal escaped (visible)
        builtins.print(*(visible(str(x)) for x in parts), **kw)

    # Every argument is checked before the first line is printed: a refusal leaves no half transcript.
    if args.bots and len(args.bots) != args.players:
        print(f"rules-tutor play: --bots needs one level per seat ({args.players}), got {len(args.bots)}",
              file=sys.stderr)
        return 2
    options: dict = {}
    for key, value in args.option or []:
        if key in options:
            print(f"rules-tutor play: --option {said(key)} is given twice ({said(options[key])} and {said(value)}): "
                  "give each option once", file=sys.stderr)
            return 2
        options[key] = value
    s = tutor.new_game(args.game, players=args.players, seed=args.seed, **options)
    # each value as it was typed: text quoted, anything else as the JSON it was read from (first_game=true)
    shown = "".join(f", {k}={said(v) if isinstance(v, str) else short(json.dumps(v), quote=False)}"
                    for k, v in options.items())
    count = f"{args.players} player{'s' if args.players != 1 else ''}"
    print(f"{s.game.title}: {count}, seed {args.seed}{shown} " + ("(computer players)" if args.bots else
                                                                   "(random moves)"))
    print(setup_text(s))
    rng = Rng.from_seed(args.seed ^ 0x5EED)
    bots = None
    if args.bots:
        from .bots import bot
        levels = args.bots
        bots = [bot(args.game, lv, args.seed + i) for i, lv in enumerate(levels)]
        print("Seats: " + ", ".join(f"Player {i + 1} computer ({lv})" for i, lv in enumerate(levels)))
    n = 0
    while not s.is_over and n < args.max_steps:
        if bots is None:
            step = s.apply(random_policy(s.legal_actions(), rng))
        else:
            b = bots[s.current_player]
            action = b.choose(s)
            why = b.explain(s, action, voice="it") if b.level == "normal" else None
            step = s.apply(action)
            if why:
                print(f"  (Player {action.actor + 1} thinks: {why})")
        print(step_text(s, step))
        n += 1
    if s.is_over:
        won = ", ".join(f"Player {w + 1}" for w in s.winners)
        print(f"Game over after {n} steps. " + (f"{'Winner' if len(s.winners) == 1 else 'Winners'}: {won}" if won else
              "Nobody won (a lost solo game)." if len(s.state.players) == 1 else "Nobody won."))
    else:
        print(f"Stopped after {n} steps (--max-steps).")
    return 0


def _levels(text: str) -> list[str]:
    """``normal,easy`` from ``--bots``: one bot level per seat; argparse reports a bad one naming the argument."""
    from .bots import LEVELS
    levels = [x.strip() for x in text.split(",")]
    bad = [x for x in levels if x not in LEVELS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown level {said(bad[0], 20)}; levels: {', '.join(LEVELS)}")
    return levels


#: Most characters of one ``--option`` value, and how deep its lists and mappings may nest (checked before the
#: value is read as JSON, so ``[[[[...`` never reaches the parser).
OPTION_MAX_CHARS = 10_000
OPTION_MAX_DEPTH = 16


def _option(text: str) -> tuple[str, object]:
    """``KEY=VALUE`` from ``--option``: the value is read as JSON when it parses (``true``, ``3``, ``["a","b"]``),
    else kept as text (``draft``); a value over :data:`OPTION_MAX_CHARS` characters or nested deeper than
    :data:`OPTION_MAX_DEPTH` is refused. argparse reports a bad one naming the argument (one line, exit 2)."""
    from .scenario import RESERVED_OPTIONS
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {said(text)}")
    if key.strip() in RESERVED_OPTIONS:
        raise argparse.ArgumentTypeError(f"{said(key.strip())} is not a game option: use --{key.strip()}"
                                         if key.strip() != "game_id" else "'game_id' is not a game option: use --game")
    if len(value) > OPTION_MAX_CHARS:
        raise argparse.ArgumentTypeError(f"the value of {said(key.strip())} has {len(value):,} characters; "
                                         f"an option value may have at most {OPTION_MAX_CHARS:,}")
    depth = deepest = 0
    for ch in value:  # brackets inside a quoted text count too: a real option is never nested this deep
        depth += (ch in "[{") - (ch in "]}")
        deepest = max(deepest, depth)
    if deepest > OPTION_MAX_DEPTH:
        raise argparse.ArgumentTypeError(f"the value of {said(key.strip())} is nested {deepest} deep; "
                                         f"an option value may be nested at most {OPTION_MAX_DEPTH} deep")
    try:
        return key.strip(), json.loads(value)
    except (ValueError, RecursionError):
        return key.strip(), value


def _scenario(args: argparse.Namespace) -> int:
    from .scenario import all_scenarios, run_paths
    return run_paths(args.paths or all_scenarios(), verbose=not args.quiet)


def _version() -> str:
    """The installed package's version (``importlib.metadata``), e.g. ``"0.1.0"``."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("rules-tutor")
    except PackageNotFoundError:  # imported from a checkout that was never installed
        return "unknown (not installed)"


def _check(args: argparse.Namespace) -> int:
    import time
    from .conformance import (games_per_config, player_count_table, reproduce_command, run_check, select_configs,
                              summary_table)
    configs = select_configs(args.game, args.players, args.variant)
    skipped = [c for c in configs if c.skipped]
    for c in skipped:
        print(f"SKIP {c.game_id} {c.variant} players={c.players}: {c.skipped}")

    def on_result(cfg, seed, steps, problems) -> None:
        if problems:
            print(f"FAIL {cfg.game_id} {cfg.variant} players={cfg.players} seed={seed}: "
                  f"{'; '.join(problems[:3])}\n  reproduce: {reproduce_command(cfg, seed)}", flush=True)

    played = len(configs) - len(skipped)
    counts = games_per_config(configs, args.games, args.per)
    if args.per == "players":
        what = (f"{args.games} game(s) per game and player count, shared by its variants "
                f"({sum(counts.values())} games over {played} configuration(s))")
    else:
        what = f"{args.games} game(s) x {played} configuration(s)"
    last = args.start + max(counts.values(), default=1) - 1
    if last > SEED_MAX:  # every game's seed is one a page can replay (tutor.core.seeds.seed_problem)
        print(f"rules-tutor check: error: --start {args.start} with --games {args.games} would play seeds up to "
              f"{last:,}, but {PAGE_SEED_WORDS}; give a smaller --start or fewer --games", file=sys.stderr)
        return 2
    print(f"checking {what}, seeds {args.start}..{last}"
          f"{' (fast: JSON round trip at the end of each game only)' if args.fast else ''}"
          f"{f' within {args.seconds} s' if args.seconds else ''}", flush=True)
    t0 = time.perf_counter()
    results = run_check(configs, args.games, start=args.start, fast=args.fast, json_every=args.json_every,
                        jobs=args.jobs, on_result=on_result, seconds=args.seconds, per=args.per)
    print(summary_table(results, wall=time.perf_counter() - t0))
    print("\nby game and player count:")
    print(player_count_table(results))
    failures = sum(len(r.failures) for r in results)
    done, planned = sum(r.games for r in results), sum(counts[c] for c in configs if not c.skipped)
    if done < planned:  # the --seconds budget ran out first
        print(f"time budget of {args.seconds} s reached: {done} of {planned} games played")
    print(f"all {done} games played passed every check" if not failures else f"{failures} game(s) failed")
    return 1 if failures else 0


def _at_least(minimum: int, maximum: int | None = None, why: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum`` (and at most ``maximum``, for ``why``); argparse
    names the argument when it is not."""
    def parse(text: str) -> int:
        n = whole_arg(text)
        if n < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {said(n)}")
        if maximum is not None and n > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum:,} ({why}), got {said(n)}")
        return n
    return parse


_positive = _at_least(1)
def _seed(text: str) -> int:
    """An argparse type: a seed as a page's seed box takes it (:func:`tutor.core.seeds.typed_seed`, one rule for both,
    attack 45: ``--seed " 5"`` was taken): the ASCII digits 0 to 9 and nothing else, so ``--seed ١٢`` is refused,
    never read as 12, and at most :data:`tutor.core.seeds.SEED_MAX`, so a game played here can be replayed in a page
    (attack 36)."""
    return typed_seed_arg(text)


#: Most random games per game and most runs of ``bench`` (a bench of the most takes hours, not years).
MAX_BENCH_GAMES = 10_000
MAX_BENCH_REPEAT = 100
_bench_games = _at_least(1, MAX_BENCH_GAMES, "each is a whole random game, played --repeat times")
_bench_repeat = _at_least(1, MAX_BENCH_REPEAT, "the fastest run is reported; more runs change little")

#: Most games ``check --games`` plays per configuration: its list of games is made up front (about 100 bytes each).
MAX_CHECK_GAMES = 100_000
_check_games = _at_least(1, MAX_CHECK_GAMES, "the list of games to play is made before the first game")


def _jobs(text: str) -> int:
    """``check --jobs``: 1 to 4 worker processes per CPU (each is a whole Python process; more only slow the games)."""
    import os
    most = 4 * (os.cpu_count() or 1)
    return _at_least(1, most, "4 per CPU of this machine; each is a process of its own")(text)


def _parsed(top: argparse.ArgumentParser, parsers: dict[str, argparse.ArgumentParser],
            argv: list[str]) -> argparse.Namespace:
    """``argv`` parsed; an argument nobody takes is refused by the (sub)command it was given to, naming it
    (``rules-tutor scenario run: error: unknown option --x``; argparse names only ``rules-tutor``), and a missing
    command is said in words (attack 45). Exits 2 on a refusal (the parsers' ``error``)."""
    args, extras = top.parse_known_args(argv)
    here = top
    for name in (args.cmd, getattr(args, "scmd", None)):
        here = parsers.get(name, here) if name else here
    if extras:
        here.error("unrecognized arguments: " + " ".join(extras))
    if args.cmd is None or (args.cmd == "scenario" and args.scmd is None):
        here.error("the following arguments are required: " + ("{serve,play,scenario,check,bench}"
                                                                if args.cmd is None else "{run}"))
    return args


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``rules-tutor`` console script. Returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "serve":
        try:
            from .serve import main as serve_main
            return serve_main(argv[1:])
        except SystemExit as exc:  # argparse: --help (0) or a bad argument (2, message already printed)
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        except KeyboardInterrupt:  # Ctrl+C while it starts (attack 35: 40 lines of traceback): one line
            print("rules-tutor serve: stopped.", file=sys.stderr)
            return 130
    p = bounded_parser_class()(prog="rules-tutor", description="Interactive rules tutor for Restless Spirits, "
                                "Spirited and Spirit Duels.")
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = p.add_subparsers(dest="cmd", metavar="{serve,play,scenario,check,bench}")  # missing: said by _parsed
    sub.add_parser("serve", help="start the web app on 127.0.0.1 (see 'rules-tutor serve --help')")
    pp = sub.add_parser("play", help="print a readable transcript of a random game")
    pp.add_argument("game")
    pp.add_argument("--players", type=whole_arg, default=2, help="player count (default 2; 1 is Restless Spirits' "
                    "Solo Mode)")
    pp.add_argument("--seed", type=_seed, default=1, help="the seed of the deal and of the random moves (default 1)")
    pp.add_argument("--max-steps", type=_positive, default=5000)
    pp.add_argument("--bots", type=_levels, metavar="LEVEL,LEVEL",
                    help="computer players, one level per seat (easy or normal), e.g. normal,easy; the normal ones "
                    "say why they choose each move")
    pp.add_argument("--option", type=_option, action="append", metavar="KEY=VALUE",
                    help="a game option (repeatable), e.g. setup=draft, lines=competitive, first_game=true, "
                    "side=B; see the README's Engine API")
    ps = sub.add_parser("scenario", help="run scenario files")
    ps_sub = ps.add_subparsers(dest="scmd", metavar="{run}")
    pr = ps_sub.add_parser("run", help="run scenarios, printing each step's explanation")
    pr.add_argument("paths", nargs="*", help="scenario files or folders (default: every shipped scenario of every "
                    "game, or of the content in $RULES_TUTOR_CONTENT)")
    pr.add_argument("--quiet", action="store_true", help="print only the result of each scenario")
    pc = sub.add_parser("check", help="play random games of every game, variant and player count with every "
                        "invariant checked at every step; prints a summary table")
    pc.add_argument("--games", type=_check_games, default=100, help="games per configuration, or per game and player "
                    "count with --per players (default 100)")
    pc.add_argument("--per", choices=("config", "players"), default="config",
                    help="'config': --games for each game, variant and player count (default); 'players': --games "
                    "for each game and player count, shared evenly by its variants")
    pc.add_argument("--game", action="append", help="only this game id (repeatable; default: every game)")
    pc.add_argument("--players", type=whole_arg, action="append", help="only this player count (repeatable)")
    pc.add_argument("--variant", action="append", help="only this variant (repeatable): base, B-side, promos, "
                    "B-side+promos, first-game (Restless Spirits), prebuilt, draft (Spirit Duels)")
    pc.add_argument("--start", type=_seed, default=0, help="first seed (default 0)")
    pc.add_argument("--fast", action="store_true", help="round-trip the JSON only at the end of each game")
    pc.add_argument("--json-every", type=_positive, default=100, metavar="K",
                    help="round-trip the session through JSON every K steps, and at the end (default 100)")
    pc.add_argument("--jobs", type=_jobs, default=None, help="worker processes (default: number of CPUs)")
    pc.add_argument("--seconds", type=_positive, default=None, help="wall-time budget: start no game after it "
                    "(the table shows the games played)")
    pb = sub.add_parser("bench", help="print engine speed and memory figures")
    pb.add_argument("--json", action="store_true")
    pb.add_argument("--games", type=_bench_games, default=20, help=f"random games per game (default 20, at most "
                    f"{MAX_BENCH_GAMES})")
    pb.add_argument("--repeat", type=_bench_repeat, default=3, help="runs per game; the fastest is reported and the "
                    f"median printed too (default 3, at most {MAX_BENCH_REPEAT})")
    try:
        args = _parsed(p, {"play": pp, "scenario": ps, "run": pr, "check": pc, "bench": pb}, argv)
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
            return bench_main(as_json=args.json, games=args.games, repeat=args.repeat)
    except ContentError as exc:  # already bounded, and names the file and the field
        print(f"rules-tutor {args.cmd}: error: {exc}", file=sys.stderr)
        return 2
    except (ValueError, OSError) as exc:  # an OSError repeats the path it was given, whatever its length
        print(f"rules-tutor {args.cmd}: error: {short(short_quoted(str(exc)), 600, quote=False)}", file=sys.stderr)
        return 2
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
