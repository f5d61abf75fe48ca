"""Restless Spirits hints that buy a fitting Totem while one in hand could be played say why (trial 40).

The ``normal`` bot often buys a fitting Totem first (held Totems stay in hand; the market's may be taken): head to
head, weights that made it play first instead won 35-65 and 44-56 of 100 games against it, so the move stays and its
reason says the choice: the Totem in hand can still be played with a later AP (rs.play-totem, rs.buy).
"""
from __future__ import annotations

import tutor
from tutor.bots import bot
from tutor.games.restless_spirits.strategy import features


def test_buy_with_a_playable_totem_in_hand_says_why():
    s = tutor.new_game("restless-spirits", players=2, seed=0)
    b = bot("restless-spirits", "normal", 0)
    said = []
    for _ in range(120):
        if s.is_over:
            break
        action, why = b.hint(s)
        kinds = {a.kind for a in s.legal_actions()}
        if action.kind == "buy-totem" and "play-totem" in kinds:
            said.append(why)
        s.apply(b.choose(s))
    assert len(said) >= 3
    assert all("a fitting Totem already in your hand can still be played with a later AP, while the market's "
               "Totem may not wait [rs.buy]" in w for w in said), said[0]


def test_no_such_words_without_a_fitting_totem_in_hand():
    checked = 0
    for seed in range(4):
        s = tutor.new_game("restless-spirits", players=2, seed=seed)
        b = bot("restless-spirits", "normal", seed)
        for _ in range(150):
            if s.is_over:
                break
            action, why = b.hint(s)
            if action.kind in ("buy-totem", "refresh-market-and-buy", "retrieve-from-shrine") and not features(
                    s.game, s.state, s.current_player)["fitting"]:
                checked += 1
                assert "already in your hand" not in why
            s.apply(b.choose(s))
    assert checked >= 1
