"""Spirited and Spirit Duels define each move once (``tutor/games/<game>/moves/``): the legal and blocked lists come
from the same checks, so they agree.

Over random games, at every step:
- running every move of the game (as the blocked list does) offers exactly the legal actions of the step (the table
  of which moves answer which situation leaves none out);
- no blocked action naming its parameters covers a legal one (a move never both offers and refuses an action);
- every kept action equals one built afresh (``tutor.core.moves.VERIFY_BUILT``: a builder's arguments hold all it
  reads).
"""
import pytest

import tutor
from tutor.conformance import random_policy
from tutor.core import moves as core_moves
from tutor.core.model import sort_actions
from tutor.core.rng import Rng
from tutor.games.spirit_duels import moves as sd_moves
from tutor.games.spirited import moves as sp_moves

GAMES = [("spirited", 2, {}), ("spirited", 4, {}), ("spirited", 6, {}), ("spirit-duels", 2, {"setup": "prebuilt"}),
         ("spirit-duels", 2, {"setup": "draft"}), ("spirit-duels", 2, {"setup": "draft", "lines": "competitive"})]


def _every_move_offers(s) -> list:
    """What the game's moves offer when all of them run (refusals wanted), as the blocked list runs them."""
    g, st = s.game, s.state
    d = st.pending[-1] if st.pending else None
    if g.game_id == "spirited":
        moves = sp_moves.MOVES
    elif d is None:
        moves = sd_moves.TURN
    elif d.kind in ("draft-class", "draft-line"):
        moves = sd_moves.DRAFT
    else:  # an effect's choice, the mulligan, the End Phase: options of tutor.games.spirit_duels.decisions
        return s.legal_actions()
    return sort_actions(core_moves.run_moves(moves, g, st, blocked=True, decision=d).legal)


@pytest.mark.parametrize("game_id,players,options", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_move_agrees_with_the_legal_and_blocked_lists(monkeypatch, game_id, players, options, seed):
    monkeypatch.setattr(core_moves, "VERIFY_BUILT", True)
    s = tutor.new_game(game_id, players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    steps = refused = 0
    while not s.is_over and steps < 400:
        legal = s.legal_actions()
        assert [a.model_dump() for a in _every_move_offers(s)] == [a.model_dump() for a in legal]
        for b in s.blocked_actions():
            refused += 1
            if not b.params:  # a refusal of a whole kind ("Choose an Arcane Spirit Line") names no single action
                continue
            assert not any(b.covers(a.kind, dict(a.params)) for a in legal), (b.why, [a.id for a in legal])
        s.apply(random_policy(legal, rng))
        steps += 1
    assert steps > 50 and refused > 0


def test_a_kept_action_built_from_too_few_arguments_is_caught(monkeypatch):
    """The check the test above relies on: a builder reading something outside its arguments fails it."""
    monkeypatch.setattr(core_moves, "VERIFY_BUILT", True)
    g = tutor.new_game("spirited", players=2, seed=1).game
    said = ["first"]

    @core_moves.built
    def leaky(game, seat):
        from tutor.core.model import make_action
        return make_action("x", seat, said[0], "why", ("sp.scout",))

    leaky(g, 0)
    said[0] = "second"
    with pytest.raises(AssertionError, match="leaky"):
        leaky(g, 0)
