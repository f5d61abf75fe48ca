"""The engine's speed mechanisms change nothing observable: undo snapshots kept every few steps (the states in
between rebuilt by replay), and the per-game memo of built actions."""
import pytest

import tutor
from tutor.conformance import random_policy
from tutor.core.rng import Rng
from tutor.core.session import SNAPSHOT_EVERY

GAMES = [("restless-spirits", 2, {}), ("restless-spirits", 1, {}), ("spirited", 2, {}), ("spirit-duels", 2, {}),
         ("spirit-duels", 2, {"setup": "draft"})]


def _play(s, rng, steps):
    states = [s.state.model_dump_json()]
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(random_policy(s.legal_actions(), rng))
        states.append(s.state.model_dump_json())
    return states


@pytest.mark.parametrize("game_id,players,options", GAMES)
def test_undo_through_several_snapshot_intervals_restores_every_state(game_id, players, options):
    s = tutor.new_game(game_id, players=players, seed=5, **options)
    states = _play(s, Rng.from_seed(5), 3 * SNAPSHOT_EVERY + 3)
    assert len(states) > 2 * SNAPSHOT_EVERY
    ids = [st.action.id for st in s.history]
    for i in range(len(states) - 2, -1, -1):
        s.undo()
        assert s.state.model_dump_json() == states[i], f"undo back to step {i}"
        assert len(s.history) == i
    for i, aid in enumerate(ids):
        assert s.redo().action.id == aid
        assert s.state.model_dump_json() == states[i + 1]


def test_a_step_failing_between_snapshots_leaves_the_session_unchanged(monkeypatch):
    s = tutor.new_game("restless-spirits", players=2, seed=3)
    _play(s, Rng.from_seed(3), SNAPSHOT_EVERY + 2)  # the next step has no snapshot of its own
    assert len(s.history) % SNAPSHOT_EVERY != 0
    before, legal = s.to_json(), s.legal_actions()
    real = type(s.game).apply
    calls = []

    def broken(game, state, action):
        real(game, state, action)
        calls.append(action.id)
        if len(calls) == 1:  # the step changes the state in place, then fails like an engine bug
            raise RuntimeError("boom")  # (re-applying the earlier steps to rebuild the state works)

    monkeypatch.setattr(type(s.game), "apply", broken)
    with pytest.raises(RuntimeError):
        s.apply(legal[0])
    monkeypatch.undo()
    assert s.to_json() == before and s.legal_actions() == legal
    assert len(calls) > 1  # the state before the failed step was rebuilt from the last snapshot


@pytest.mark.parametrize("game_id,players,options", GAMES)
def test_memoised_actions_equal_freshly_built_ones(game_id, players, options):
    s = tutor.new_game(game_id, players=players, seed=11, **options)
    rng = Rng.from_seed(11)
    memo = getattr(s.game, "action_memo", {})
    for _ in range(150):
        if s.is_over:
            break
        acts = s.legal_actions()
        memo.clear()
        fresh = s.game.legal_actions(s.state)
        assert [a.model_dump() for a in acts] == [a.model_dump() for a in fresh]
        s.apply(random_policy(acts, rng))
