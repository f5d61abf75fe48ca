"""Random full games with every invariant checked at every step (used by tests and ``rules-tutor check``).

Checks per step: the game's own invariants (cards conserved, counters in range), legal actions sorted, unique and
non-empty until the end, every cited clause exists, undo restores the exact earlier state, JSON round trip exact;
at the end, replay of seed + action ids gives the same final state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .core.rng import Rng


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
                 check_json: bool = True, json_every: int = 1, **options) -> GameReport:
    """Play one random game from ``seed`` checking invariants; returns a :class:`GameReport`."""
    import tutor
    rep = GameReport(game_id, players, seed)
    s = tutor.new_game(game_id, players=players, seed=seed, **options)
    clauses = s.clauses()
    policy_rng = Rng.from_seed(seed ^ 0x5EED)

    def problem(msg: str) -> None:
        rep.problems.append(f"step {rep.steps}: {msg}")

    for e in s.setup_events:
        if e.clause not in clauses:
            problem(f"setup event cites unknown clause {e.clause}")
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
        before = s.state.model_dump(mode="json")
        a = random_policy(acts, policy_rng)
        step = s.apply(a)
        rep.steps += 1
        if not step.events:
            problem(f"action {a.id} produced no event")
        for e in step.events:
            if e.clause not in clauses:
                problem(f"event cites unknown clause {e.clause}: {e.text}")
        for msg in s.game.check_invariants(s.state):
            problem(msg)
        if check_undo:
            after = s.state.model_dump(mode="json")
            s.undo()
            if s.state.model_dump(mode="json") != before:
                problem("undo did not restore the exact state")
            s.redo()
            if s.state.model_dump(mode="json") != after:
                problem("redo did not restore the exact state")
        if check_json and rep.steps % json_every == 0:
            text = s.to_json()
            if tutor.load_session(text).to_json() != text:
                problem("JSON round trip not exact")
        if len(rep.problems) > 20:
            break
    rep.over = s.is_over
    rep.winners = s.winners
    if not s.is_over:
        rep.problems.append(f"game not over after {rep.steps} steps")
    again = tutor.new_game(game_id, players=players, seed=seed, **options)
    for st in s.history:
        again.apply(st.action.id)
    if again.state.model_dump(mode="json") != s.state.model_dump(mode="json"):
        rep.problems.append("replay of seed + action ids differs")
    return rep
