"""Restless Spirits moves (tutor/games/restless_spirits/moves/): one check per move gives both the legal actions and
the refusals, so they cannot disagree."""
from __future__ import annotations

import pytest

from rs_helpers import rs_session
import tutor
from tutor.conformance import random_policy
from tutor.core.rng import Rng
from tutor.core.moves import Check
from tutor.games.restless_spirits import moves
from tutor.games.restless_spirits.moves.play_totem import play_totem, play_totem_action
from tutor.games.restless_spirits.moves.turn import Turn
from tutor.games.restless_spirits.requirements import fill_options


def _states(players: int, seed: int, steps: int = 300, **options):
    s = tutor.new_game("restless-spirits", players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if s.is_over:
            return
        yield s
        s.apply(random_policy(s.legal_actions(), rng))


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 5), (3, 7), (4, 9)])
def test_one_check_gives_legal_and_blocked_and_they_agree(players, seed):
    seen_blocked = 0
    for s in _states(players, seed):
        st = s.state
        if st.phase != "play" or st.pending:
            continue
        plain = moves.turn_check(s.game, st)
        full = moves.turn_check(s.game, st, blocked=True)
        assert plain.blocked == []  # refusals are built only when asked for
        assert [a.id for a in full.legal] == [a.id for a in plain.legal]  # asking for them changes no legal action
        legal = s.legal_actions()
        assert [a.id for a in legal] == sorted(a.id for a in plain.legal + [next(
            a for a in legal if a.kind == "end-turn")])
        for b in full.blocked:
            seen_blocked += 1
            # a refusal never forbids an action that is legal now
            assert not any(b.covers(a.kind, dict(a.params)) for a in legal), (b, legal)
    assert seen_blocked > 0


def test_a_refused_action_names_the_clause_of_its_move():
    # Player 2 plays Hana (Sacred Mastery): Gonga is free to attract, so the turn goes on at 0 AP
    s = rs_session({"current": 2, "players": [{"seat": 2, "ap": 0, "hand": ["t01", "t02"],
                                                "board": [{"card": "seone"}, None, None]}],
                    "lost_spirits": ["gonga", "miki", "muko"]})
    with pytest.raises(tutor.IllegalAction) as e:
        s.apply("buy-totem:totem=" + next(c for row in s.state.markets for c in row if c))
    assert e.value.clause == "rs.turn.ap"
    # with no AP left the 1-AP Totem moves are refused in the order buy, play, retrieve
    assert [b.kind for b in s.blocked_actions() if b.clause == "rs.turn.ap"] == [
        "buy-totem", "play-totem", "retrieve-from-shrine"]
    ids = [a.id for a in s.legal_actions()]
    assert [i for i in ids if i.startswith("attract")] == ["attract:spirit=gonga"] and "end-turn" in ids
    assert not any(i.startswith(("buy-totem", "play-totem", "retrieve")) for i in ids)


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_kept_actions_equal_ones_built_afresh(monkeypatch, players, seed):
    """Every kept action (and every kept table of Totem plays and market buys, :class:`tutor.core.moves.KeptTable`)
    equals one built afresh over random games (``VERIFY_BUILT``: a builder reads only its arguments)."""
    from tutor.core import moves as core_moves
    monkeypatch.setattr(core_moves, "VERIFY_BUILT", True)
    plays = 0
    for s in _states(players, seed, steps=250):
        plays += sum(a.kind == "play-totem" for a in s.legal_actions())
    assert plays > 20


def test_totem_plays_give_the_action_of_each_fitting_totem_and_none_else():
    g = tutor.new_game("restless-spirits", players=2, seed=1).game
    s = next(st for st in _states(2, 1, steps=400) if any(st.state.players[st.state.current].board)
             and st.state.players[st.state.current].ap and not st.state.pending)
    st = s.state
    seat = st.current
    p = st.players[seat]
    i, ps = next((i, ps) for i, ps in enumerate(p.board) if ps is not None)
    fitting = [t.id for t in g.cards.totems if fill_options(g, ps, t.id)]
    assert fitting and len(fitting) < len(g.cards.totems)
    # with every Totem in hand, the plays offered on that Spirit are exactly the fitting Totems' actions
    p.hand = [t.id for t in g.cards.totems]
    out = Check()
    play_totem(g, Turn(g, st), out)
    # (offered in no particular order: the legal list is sorted by id afterwards)
    offered = sorted((a for a in out.legal if a.param("space") == i + 1), key=lambda a: a.id)
    expected = [play_totem_action.__wrapped__(g, seat, t, i, ps.card, fill_options(g, ps, t)) for t in sorted(fitting)]
    assert len(offered) == len(fitting) and offered == sorted(expected, key=lambda a: a.id)
