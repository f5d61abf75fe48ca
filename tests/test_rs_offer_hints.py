"""hints35 (issue #16, new-user trial of session 34): in Restless Spirits free play the hint for the offering repeated
the attract's reason before it ("it brings a Spirit to your board"), and a hint could take a Wild Totem and the next
offer that same Totem: every Totem that fitted a Spirit counted the same, so the offering was a coin toss among them.
Now the offering has its own reason, and the bot keeps the Totems that do more (its ``reach`` feature), by the same
measure the reason tells (:func:`tutor.games.restless_spirits.strategy.totem_worth`)."""
from __future__ import annotations

import pytest

import tutor
from tutor.bots import bot
from tutor.games.restless_spirits.state import PlacedSpirit
from tutor.games.restless_spirits.strategy import totem_worth


def _worth(s, seat: int, totem: str) -> tuple[int, int]:
    """(fits a Spirit at all, most + fits): the order in which the bot keeps Totems."""
    d = s.state.pending[-1]
    spirits = [ps for ps in s.state.players[seat].board if ps is not None]
    spirits += [PlacedSpirit(card=c) for c in (d.cards or [])[:1]]
    most, fits = totem_worth(s.game, spirits, totem)
    return (1 if fits else 0), (most + fits if fits else 0)


@pytest.mark.parametrize("seed", range(4))
def test_following_the_hints_the_offering_has_its_own_reason_and_keeps_the_totems_that_do_more(seed):
    s = tutor.new_game("restless-spirits", players=2, seed=seed)
    me, other = bot("restless-spirits", "normal", 0), bot("restless-spirits", "normal", 1)
    offers, before = 0, None
    for _ in range(140):
        if s.is_over:
            break
        if s.current_player != 0:
            s.apply(other.choose(s).id)
            before = None
            continue
        a, why = me.hint(s)
        if a.kind == "choose-offering":
            offers += 1
            reason = why.split(": ", 1)[1]
            assert "[rs.attract.offering]" in reason and "brings a Spirit to your board" not in reason, why
            if before is not None:
                assert reason != before.split(": ", 1)[-1], (before, why)
            hand = [c for c in set(s.state.players[0].hand) if s.game.is_totem(c)]
            kept = [_worth(s, 0, c) for c in hand if c != a.param("totem")]
            mine = _worth(s, 0, a.param("totem"))
            assert all(mine <= k for k in kept), (why, mine, kept)
            if mine[0] == 0:
                assert "meets no unmet Totem Requirement" in reason, why
            elif kept:
                assert "does no more than any other" in reason, why
        before = why
        s.apply(a.id)
    assert offers >= 2


def test_the_computer_s_offering_names_none_of_the_totems_it_keeps():
    """Said of the computer with its hand hidden, the offering's reason tells only the Totem offered (face up on the
    Shrine now) and the open board."""
    said = []
    for seed in range(3):
        s = tutor.new_game("restless-spirits", players=2, seed=seed)
        b = bot("restless-spirits", "normal", 1)
        for _ in range(100):
            if s.is_over:
                break
            a = b.choose(s)
            if a.kind == "choose-offering":
                full, public = b.reason_pair(s, a, voice="it")
                said.append(public)
                assert "every Totem in its hand" not in public and "only kind of Totem" not in public, public
                assert "[rs.attract.offering]" in full and " it attract" not in full and "it keep " not in full
            s.apply(a.id)
    assert len(said) >= 3
