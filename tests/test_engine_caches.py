"""The engine's speed mechanisms change nothing observable: undo snapshots kept every few steps (the states in
between rebuilt by replay), and the memos of built actions shared by every game set up alike."""
import pytest

import tutor
from tutor.conformance import random_policy
from tutor.core.rng import Rng
from tutor.core.session import SNAPSHOT_EVERY

GAMES = [("restless-spirits", 2, {}), ("restless-spirits", 1, {}), ("spirited", 2, {}), ("spirit-duels", 2, {}),
         ("spirit-duels", 2, {"setup": "draft"})]
#: GAMES with a seed whose random game runs past SNAPSHOT_EVERY steps (seed 5's games of Spirited and solo Restless
#: Spirits end sooner)
UNDO_GAMES = [(*game, {"spirited": 8, "restless-spirits": 7 if game[1] == 1 else 5}.get(game[0], 5)) for game in GAMES]


def _play(s, rng, steps):
    states = [s.state.model_dump_json()]
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(random_policy(s.legal_actions(), rng))
        states.append(s.state.model_dump_json())
    return states


@pytest.mark.parametrize("game_id,players,options,seed", UNDO_GAMES)
def test_undo_through_several_snapshot_intervals_restores_every_state(game_id, players, options, seed):
    s = tutor.new_game(game_id, players=players, seed=seed, **options)
    states = _play(s, Rng.from_seed(seed), 3 * SNAPSHOT_EVERY + 3)
    assert len(states) > SNAPSHOT_EVERY + 2  # past a snapshot kept in play, and several kept by undo's rebuilding
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


def _transcript(game_id, players, options, seed, steps=400):
    """Every legal action (all fields) and event of a random game, as dumps."""
    s = tutor.new_game(game_id, players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    out = []
    for _ in range(steps):
        if s.is_over:
            break
        acts = s.legal_actions()
        out.append([a.model_dump() for a in acts])
        out.append([e.model_dump() for e in s.apply(random_policy(acts, rng)).events])
    return out


@pytest.mark.parametrize("game_id,players,options", GAMES)
def test_memos_warmed_by_other_games_change_nothing(game_id, players, options):
    from tutor.core import game as core_game
    core_game._SHARED.clear()
    cold = _transcript(game_id, players, options, seed=11)
    for seed in (12, 13):  # other games of the same set-up fill the shared memos
        _transcript(game_id, players, options, seed=seed)
    warm = _transcript(game_id, players, options, seed=11)
    assert warm == cold


def test_games_set_up_alike_share_memos_and_others_do_not():
    from tutor.core.game import SHARED_SETUPS, _SHARED
    a = tutor.new_game("restless-spirits", players=2, seed=1).game
    b = tutor.new_game("restless-spirits", players=2, seed=2).game
    c = tutor.new_game("restless-spirits", players=3, seed=1).game
    d = tutor.new_game("restless-spirits", players=2, seed=1, side="B").game
    assert a.action_memo is b.action_memo and a.fill_cache is b.fill_cache
    assert c.action_memo is not a.action_memo and d.action_memo is not a.action_memo
    sp = tutor.new_game("spirited", players=2, seed=1).game
    assert sp.action_memo is not a.action_memo
    for n in range(2, 7):  # more set-ups than are kept: the oldest are dropped, the count stays bounded
        for seed in (1, 2):
            tutor.new_game("spirited", players=n, seed=seed, clans=None)
    for side in ("A", "B"):
        for first in (True, False):
            for players in (1, 2, 3, 4):
                tutor.new_game("restless-spirits", players=players, seed=0, side=side, first_game=first)
    assert len(_SHARED) == SHARED_SETUPS


@pytest.mark.parametrize("game_id,players,options", GAMES)
def test_legal_actions_given_by_a_step_equal_those_worked_out_afresh(game_id, players, options):
    """A step returns the legal actions it worked out on the way (``StepResult.legal``: the options of the decision
    it ends on; Restless Spirits' turn actions after the automatic turn-pass check): the list is the one
    ``legal_actions`` gives afresh, after every step of several random games, and the session uses it."""
    given_steps = 0
    for seed in range(4):
        s = tutor.new_game(game_id, players=players, seed=seed, **options)
        rng = Rng.from_seed(seed)
        while not s.is_over:
            action = random_policy(s.legal_actions(), rng)
            probe = s.state.model_copy(deep=True)
            result = s.game.apply(probe, action)
            s.apply(action)
            assert list(result.events) == list(s.history[-1].events)
            assert s._legal_cache == result.legal  # the session's list is the step's, when it gave one
            if result.legal is not None:
                given_steps += 1
                assert result.legal == s.game.legal_actions(s.state), f"seed {seed}, step {len(s.history)}"
                assert [a.id for a in result.legal] == sorted(a.id for a in result.legal)
    assert given_steps > 20  # the mechanism is used in every game


def test_the_game_keeps_nothing_between_steps():
    """No side channel: ``apply`` gives what it knows in its result, and the static Game object is not changed by a
    step (its attributes are the same before and after many steps)."""
    s = tutor.new_game("spirited", players=2, seed=1)
    rng = Rng.from_seed(1)
    before = dict(vars(s.game))
    for _ in range(60):
        if s.is_over:
            break
        s.apply(random_policy(s.legal_actions(), rng))
    assert set(vars(s.game)) == set(before)
    assert not hasattr(s.game, "keep_legal") and not hasattr(s.game, "legal_after_apply")
