"""New user 43 (high): with Seone on the board needing Timeweaver Thread, Mirror and Key, and the hand holding three
Totems with a Thread and one with a Mirror, the Restless Spirits Hint bought a fourth Thread, then a second Mirror,
while a Key lay in both markets: its measure counted every fitting Totem in hand, so a Totem for a requirement the
hand already met counted as much as the Key. The measure now counts the requirements the hand can meet, each once
(:func:`tutor.games.restless_spirits.strategy.cover`), and a spare fitting Totem a little.

Over seeded games of ``normal`` bots, at every position where the seat to move may buy a Totem that lets its hand
meet one more unmet requirement of its Spirits, the hint does not buy a Totem that does not (a spare, or one that
fits nothing), and a buy's reason says what the hand gains."""
from __future__ import annotations

import pytest

import tutor
from tutor.bots import bot
from tutor.games.restless_spirits.strategy import cover


def _cover(s, seat: int, extra: list[str]) -> int:
    spirits = [ps for ps in s.state.players[seat].board if ps is not None]
    hand = [c for c in s.state.players[seat].hand if s.game.is_totem(c)]
    return cover(s.game, spirits, hand + extra)[0]


@pytest.mark.parametrize("players,seeds", [(2, range(0, 6)), (3, range(0, 3))])
def test_the_hint_buys_a_totem_the_hand_needs_before_a_spare(players, seeds):
    checked = 0
    for seed in seeds:
        s = tutor.new_game("restless-spirits", players=players, seed=seed)
        bots = [bot("restless-spirits", "normal", seed * 10 + i) for i in range(players)]
        for _ in range(160):
            if s.is_over:
                break
            seat = s.current_player
            b = bots[seat]
            buys = [a for a in s.legal_actions() if a.kind == "buy-totem"]
            now = _cover(s, seat, [])
            gains = {a.id: _cover(s, seat, [a.param("totem")]) - now for a in buys}
            if any(g > 0 for g in gains.values()):
                a, why = b.hint(s)
                if a.kind == "buy-totem":
                    checked += 1
                    assert gains[a.id] > 0, (seed, why, [x.label for x in buys if gains[x.id] > 0])
                    n = gains[a.id]
                    assert (f"so the Totems in your hand can now meet {n} more unmet requirement{'s' if n > 1 else ''} "
                            f"there") in why, why
            s.apply(b.choose(s))
    assert checked >= 5, checked


def test_the_trial_s_hand_meets_two_of_seone_s_requirements_and_a_key_the_third():
    """The trial's position: Seone (Timeweaver Thread, Mirror, Key) and a hand of Timeweaver Thread, Bowl & Timeweaver
    Thread, Mirror & Bowl and Timeweaver Cloak (Cloak & Thread): the hand meets 2 requirements with 2 Totems, the other
    2 fit but are spares. Timeweaver Thread & Feather (the hint's buy) adds a spare; Bowl & Key or Drum & Key (in the
    markets) the third requirement."""
    from tutor.games.restless_spirits.state import PlacedSpirit
    g = tutor.new_game("restless-spirits", players=2, seed=1).game
    seone = [PlacedSpirit(card="seone")]
    hand = ["t02", "t59", "t56", "t31"]
    assert [g.cards.by_id[t].name for t in hand + ["t52", "t39", "t57"]] == [
        "Timeweaver Thread", "Bowl & Timeweaver Thread", "Mirror & Bowl", "Timeweaver Cloak",
        "Timeweaver Thread & Feather", "Bowl & Key", "Drum & Key"]
    assert cover(g, seone, hand) == (2, 2, 4)
    assert cover(g, seone, hand + ["t52"]) == (2, 2, 5)
    assert cover(g, seone, hand + ["t39"]) == (3, 3, 5) == cover(g, seone, hand + ["t57"])
