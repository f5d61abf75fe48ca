"""hints35 (issue #16, new-user trial of session 34): in Restless Spirits free play the hint for the offering repeated
the attract's reason before it ("it brings a Spirit to your board"), and a hint could take a Wild Totem and the next
offer that same Totem: every Totem that fitted a Spirit counted the same, so the offering was a coin toss among them.
Now the offering has its own reason, and the bot keeps the Totems that do more, by the same measure the reason tells
(:func:`tutor.games.restless_spirits.strategy.offering_loss`: the requirements the kept Totems can no longer meet,
each counted once (new user 43), then the spare fitting Totems lost)."""
from __future__ import annotations

import pytest

import tutor
from tutor.bots import bot
from tutor.games.restless_spirits.state import PlacedSpirit
from tutor.games.restless_spirits.strategy import offering_loss, totem_worth


def _loss(s, seat: int, totem: str) -> tuple[int, int]:
    """What offering ``totem`` costs the hand (requirements no longer met, spares lost): the bot offers the least."""
    d = s.state.pending[-1]
    spirits = [ps for ps in s.state.players[seat].board if ps is not None]
    spirits += [PlacedSpirit(card=c) for c in (d.cards or [])[:1]]
    hand = [c for c in s.state.players[seat].hand if s.game.is_totem(c)]
    return offering_loss(s.game, spirits, hand, totem)


def _fits(s, seat: int, totem: str) -> bool:
    d = s.state.pending[-1]
    spirits = [ps for ps in s.state.players[seat].board if ps is not None]
    spirits += [PlacedSpirit(card=c) for c in (d.cards or [])[:1]]
    return totem_worth(s.game, spirits, totem)[1] > 0


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
            hand = [c for c in s.state.players[0].hand if s.game.is_totem(c)]
            kept = [_loss(s, 0, c) for c in hand if c != a.param("totem")]
            mine = _loss(s, 0, a.param("totem"))
            assert all(mine <= k for k in kept), (why, mine, kept)
            if not _fits(s, 0, a.param("totem")):
                assert "meets no unmet Totem Requirement" in reason, why
            elif kept and mine[0] == 0:
                assert "the Totems kept can still meet every requirement it could" in reason, why
            elif kept:
                assert "giving up any other Totem in your hand loses as much or more" in reason, why
        before = why
        s.apply(a.id)
    assert offers >= 1  # (seed 0 following the hints meets one offering within 140 steps, the others two or more)


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
