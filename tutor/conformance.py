"""Random full games with every invariant checked at every step (used by tests and ``rules-tutor check``).

Checks per step: the game's own invariants (cards conserved, counters in range), legal actions sorted, unique and
non-empty until the end, every action's actor is the current player, every cited clause exists, every step has
events, undo restores the exact earlier state and redo the later one; the save/load (JSON) round trip is exact every
``json_every`` steps and at the end; at the end, replay of seed + action ids gives the same final state and reset
gives the initial one.

:data:`CONFIGS` lists every game, variant and player count ``rules-tutor check`` covers; :func:`run_check` plays
them (in several processes) and :func:`summary_table` prints the figures.
"""
from __future__ import annotations

import os
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .core.rng import Rng
from .core.errors import said
from .sessions import load_session, new_game


@dataclass
class GameReport:
    """Outcome of one checked random game."""

    game_id: str
    players: int
    seed: int
    steps: int = 0
    over: bool = False
    winners: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def random_policy(actions, rng: Rng):
    """Pick an action uniformly at random, but end the turn only 1 time in 4 when something else is possible
    (so random games make progress)."""
    others = [a for a in actions if a.kind != "end-turn"]
    if others and (len(others) == len(actions) or rng.below(4) != 0):
        return others[rng.below(len(others))]
    return actions[rng.below(len(actions))]


def play_checked(game_id: str, players: int, seed: int, *, max_steps: int = 5000, check_undo: bool = True,
                 check_json: bool = True, json_every: int = 1, json_at_end: bool = True, **options) -> GameReport:
    """Play one random game from ``seed`` checking invariants; returns a :class:`GameReport`.

    ``check_json``: round-trip the session through :meth:`Session.to_json` / :func:`tutor.load_session` every
    ``json_every`` steps (``json_at_end``: also once at the end, which stays on when ``check_json`` is false).
    """
    rep = GameReport(game_id, players, seed)
    s = new_game(game_id, players=players, seed=seed, **options)
    clauses = s.clauses()
    policy_rng = Rng.from_seed(seed ^ 0x5EED)
    initial = s.state.model_dump_json()

    def problem(msg: str) -> None:
        rep.problems.append(f"step {rep.steps}: {msg}")

    def round_trip() -> None:
        text = s.to_json()
        try:
            again = load_session(text)
        except Exception as exc:  # noqa: BLE001 - reported as a problem with the exact seed
            problem(f"load_session refused the session's own JSON: {type(exc).__name__}: {exc}")
            return
        if again.to_json() != text:
            problem("JSON round trip not exact")
        elif [a.id for a in again.legal_actions()] != [a.id for a in s.legal_actions()]:
            problem("legal actions differ after the JSON round trip")

    for e in s.setup_events:
        if e.clause not in clauses:
            problem(f"setup event cites unknown clause {e.clause}")
    for msg in s.game.check_invariants(s.state):
        problem(f"initial state: {msg}")
    while not s.is_over and rep.steps < max_steps:
        acts = s.legal_actions()
        ids = [a.id for a in acts]
        if not acts:
            problem("no legal action before the end")
            break
        if ids != sorted(ids) or len(set(ids)) != len(ids):
            problem("legal actions not sorted/unique")
        for a in acts:
            for cl in a.clauses:
                if cl not in clauses:
                    problem(f"action {a.id} cites unknown clause {cl}")
            if a.actor != s.current_player:
                problem(f"action {a.id} actor {a.actor} is not the current player {s.current_player}")
        for b in s.blocked_actions():
            if b.clause not in clauses:
                problem(f"blocked {b.label} cites unknown clause {b.clause}")
        before = s.state.model_dump_json() if check_undo else ""
        a = random_policy(acts, policy_rng)
        step = s.apply(a)
        rep.steps += 1
        if s.legal_actions() != s.game.legal_actions(s.state):  # the list a step may give (StepResult.legal)
            problem(f"after {a.id}: the legal actions kept by the step differ from those worked out afresh")
        if not step.events:
            problem(f"action {a.id} produced no event")
        for e in step.events:
            if e.clause not in clauses:
                problem(f"event cites unknown clause {e.clause}: {e.text}")
        for msg in s.game.check_invariants(s.state):
            problem(msg)
        if check_undo:
            after = s.state.model_dump_json()
            s.undo()
            if s.state.model_dump_json() != before:
                problem(f"undo of {a.id} did not restore the exact state")
            if [x.id for x in s.legal_actions()] != ids:
                problem(f"legal actions differ after undo of {a.id}")
            s.redo()
            if s.state.model_dump_json() != after:
                problem(f"redo of {a.id} did not restore the exact state")
        if check_json and json_every > 0 and rep.steps % json_every == 0:
            round_trip()
        if len(rep.problems) > 20:
            break
    rep.over = s.is_over
    rep.winners = s.winners
    if not s.is_over:
        rep.problems.append(f"game not over after {rep.steps} steps")
    if json_at_end:
        round_trip()
    final = s.state.model_dump_json()
    again = new_game(game_id, players=players, seed=seed, **options)
    for st in s.history:
        again.apply(st.action.id)
    if again.state.model_dump_json() != final:
        rep.problems.append("replay of seed + action ids differs")
    s.reset()
    if s.state.model_dump_json() != initial or s.history:
        rep.problems.append("reset did not restore the initial state")
    return rep


# ------------------------------------------------------------------------------------------------ configurations
PROMOS = ("knockgour-light", "knockgour-dark")


@dataclass(frozen=True)
class Config:
    """One game, variant and player count that ``rules-tutor check`` plays; ``skipped`` says why it cannot yet."""

    game_id: str
    variant: str
    players: int
    options: tuple = ()
    skipped: str | None = None

    @property
    def kwargs(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.options}


_RS_VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},
    "B-side": {"side": "B"},
    "promos": {"promos": PROMOS},
    "B-side+promos": {"side": "B", "promos": PROMOS},
    "first-game": {"first_game": True},
}


def _configs() -> list[Config]:
    out = [Config("restless-spirits", v, p, tuple(sorted(o.items())))
           for v, o in _RS_VARIANTS.items() for p in (1, 2, 3, 4)]
    out += [Config("spirited", "base", p) for p in (2, 3, 4, 5, 6)]
    out += [Config("spirit-duels", "prebuilt", 2, (("setup", "prebuilt"),)),
            Config("spirit-duels", "draft", 2, (("setup", "draft"),))]
    return out


#: Every configuration ``rules-tutor check`` covers (Restless Spirits players=1 is Solo Mode).
CONFIGS: tuple[Config, ...] = tuple(_configs())


def select_configs(games: Iterable[str] | None = None, players: Iterable[int] | None = None,
                   variants: Iterable[str] | None = None) -> list[Config]:
    """The configurations matching every given filter (``None``: no filter).

    Raises:
        ValueError: a filter value that matches no configuration at all (naming the valid values).
    """
    games, players, variants = (list(x) if x else None for x in (games, players, variants))
    for name, given, valid in (("game", games, sorted({c.game_id for c in CONFIGS})),
                               ("variant", variants, sorted({c.variant for c in CONFIGS})),
                               ("players", players, sorted({c.players for c in CONFIGS}))):
        for x in given or []:
            if x not in valid:
                raise ValueError(f"--{name}: unknown value {said(x)}; valid: {', '.join(map(str, valid))}")
    out = [c for c in CONFIGS if (games is None or c.game_id in games) and (players is None or c.players in players)
           and (variants is None or c.variant in variants)]
    if not out:
        raise ValueError("no game, variant and player count matches the filters given")
    return out


# ------------------------------------------------------------------------------------------------ running
@dataclass
class ConfigResult:
    """Figures of one configuration: games played, steps, failing games (with their problems), CPU seconds."""

    config: Config
    games: int = 0
    steps: int = 0
    failures: list[tuple[int, list[str]]] = field(default_factory=list)
    seconds: float = 0.0


def _one(task: tuple[Config, int, bool, int, float | None]) -> tuple[Config, int, int, list[str] | None, float]:
    cfg, seed, fast, json_every, deadline = task
    if deadline is not None and time.time() > deadline:
        return cfg, seed, 0, None, 0.0   # not played: out of time
    t0 = time.perf_counter()
    try:
        rep = play_checked(cfg.game_id, cfg.players, seed, check_json=not fast, json_every=json_every,
                           **cfg.kwargs)
        steps, problems = rep.steps, rep.problems
    except Exception as exc:  # noqa: BLE001 - an engine crash is a failure of this seed, not of the run
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        steps, problems = 0, [f"crashed: {type(exc).__name__}: {exc} (at {tb.filename}:{tb.lineno})"]
    return cfg, seed, steps, problems, time.perf_counter() - t0


def games_per_config(configs: list[Config], games: int, per: str = "config") -> dict[Config, int]:
    """How many games each non-skipped configuration gets.

    ``per="config"``: ``games`` each. ``per="players"``: ``games`` per game and player count, shared evenly by the
    variants of that game and player count among ``configs`` (rounded up, so each count gets at least ``games``):
    e.g. 3,000 for Restless Spirits with 2 players is 600 for each of its 5 variants.

    Raises:
        ValueError: ``per`` is neither ``"config"`` nor ``"players"``.
    """
    if per not in ("config", "players"):
        raise ValueError(f"per must be 'config' or 'players', got {per!r}")
    played = [c for c in configs if not c.skipped]
    if per == "config":
        return {c: games for c in played}
    groups: dict[tuple[str, int], int] = {}
    for c in played:
        groups[(c.game_id, c.players)] = groups.get((c.game_id, c.players), 0) + 1
    return {c: -(-games // groups[(c.game_id, c.players)]) for c in played}


def run_check(configs: list[Config], games: int, *, start: int = 0, fast: bool = False, json_every: int = 50,
              jobs: int | None = None, on_result: Callable | None = None,
              seconds: float | None = None, per: str = "config") -> list[ConfigResult]:
    """Play checked random games (seeds ``start`` ...) for every non-skipped configuration: ``games`` each, or
    ``games`` per game and player count shared by its variants when ``per="players"`` (see
    :func:`games_per_config`).

    Games are handed out seed by seed across the configurations, so ``seconds`` (a wall-time budget: no game starts
    after it) leaves every configuration with about the same number of games played.

    ``fast``: the JSON round trip only at the end of each game (not every ``json_every`` steps). ``jobs``: worker
    processes (default: the number of CPUs; 1 runs in this process). ``on_result(cfg, seed, steps, problems)`` is
    called as each game finishes. Returns one :class:`ConfigResult` per configuration, in ``configs`` order.
    """
    results = {c: ConfigResult(c) for c in configs}
    deadline = time.time() + seconds if seconds else None
    counts = games_per_config(configs, games, per)
    tasks = [(c, seed, fast, json_every, deadline) for seed in range(start, start + max(counts.values(), default=0))
             for c in configs if c in counts and seed < start + counts[c]]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))  # never a worker process with nothing to do

    def record(out) -> None:
        cfg, seed, steps, problems, secs = out
        if problems is None:
            return
        r = results[cfg]
        r.games += 1
        r.steps += steps
        r.seconds += secs
        if problems:
            r.failures.append((seed, problems))
        if on_result:
            on_result(cfg, seed, steps, problems)

    if jobs == 1 or len(tasks) < 2:
        for t in tasks:
            record(_one(t))
    else:
        import multiprocessing
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ctx.Pool(jobs) as pool:
            for out in pool.imap_unordered(_one, tasks, chunksize=1):
                record(out)
    for r in results.values():
        r.failures.sort(key=lambda f: f[0])
    return list(results.values())


def summary_table(results: list[ConfigResult], wall: float | None = None) -> str:
    """A plain-text table: game, variant, players, games, steps, failures, seconds (time spent playing the games,
    summed over the worker processes)."""
    head = ("game", "variant", "players", "games", "steps", "failures", "seconds")
    rows = []
    for r in results:
        c = r.config
        if c.skipped:
            rows.append((c.game_id, c.variant, str(c.players), "skipped", "-", "-", f"({c.skipped})"))
        else:
            rows.append((c.game_id, c.variant, str(c.players), str(r.games), str(r.steps), str(len(r.failures)),
                         f"{r.seconds:.1f}"))
    played = [r for r in results if not r.config.skipped]
    rows.append(("total", "", "", str(sum(r.games for r in played)), str(sum(r.steps for r in played)),
                 str(sum(len(r.failures) for r in played)), f"{sum(r.seconds for r in played):.1f}"))
    widths = [max(len(h), *(len(row[i]) for row in rows if i < 6 or not row[i].startswith("("))) for i, h in
              enumerate(head)]
    right = {2, 3, 4, 5, 6}

    def fmt(row) -> str:
        cells = []
        for i, v in enumerate(row):
            if i == 6 and v.startswith("("):
                cells.append(v)
            else:
                cells.append(v.rjust(widths[i]) if i in right else v.ljust(widths[i]))
        return "  ".join(cells).rstrip()

    lines = [fmt(head), "  ".join("-" * w for w in widths)] + [fmt(r) for r in rows[:-1]]
    lines += ["  ".join("-" * w for w in widths), fmt(rows[-1])]
    if wall is not None:
        lines.append(f"wall time {wall:.1f} s")
    return "\n".join(lines)


def player_count_table(results: list[ConfigResult]) -> str:
    """A plain-text table of the same figures summed by game and player count (variants together)."""
    sums: dict[tuple[str, int], list] = {}
    for r in results:
        if r.config.skipped:
            continue
        row = sums.setdefault((r.config.game_id, r.config.players), [0, 0, 0, set()])
        row[0] += r.games
        row[1] += r.steps
        row[2] += len(r.failures)
        row[3].add(r.config.variant)
    head = ("game", "players", "games", "steps", "failures", "variants")
    rows = [(g, str(n), str(v[0]), str(v[1]), str(v[2]), str(len(v[3]))) for (g, n), v in sums.items()]
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h) for i, h in enumerate(head)]
    fmt = lambda row: "  ".join(v.ljust(widths[i]) if i == 0 else v.rjust(widths[i])  # noqa: E731
                                for i, v in enumerate(row)).rstrip()
    return "\n".join([fmt(head), "  ".join("-" * w for w in widths)] + [fmt(r) for r in rows])


def reproduce_command(cfg: Config, seed: int) -> str:
    """The ``rules-tutor check`` command that replays exactly one game."""
    return (f"rules-tutor check --game {cfg.game_id} --variant {cfg.variant} --players {cfg.players} "
            f"--start {seed} --games 1 --jobs 1")
