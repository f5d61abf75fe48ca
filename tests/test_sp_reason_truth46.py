"""Spirited: what a reason or Hint says the choices after a draw from the face-down pile do is said as a chance
(truth 46, from a new user's free play against the normal computer, 2 players, seed 46: "then the next choice shields
a clan stack on your Road" of a Rally, a Shield only the Summon's revealed card allowed; the look-ahead plays a
determinised state whose draw pile is the bot's guess). A Regroup that discards two Shields says two, not "one of".
Positions: normal bots in both seats of a 2-player game, seed 46 (steps 0-based), re-found in fairsp47 once the
computer no longer knew where the Passing of Time cards lie (seed 46's game changed from step 9; the Rally and the
Forge are seed 13's)."""
from __future__ import annotations

from test_sp_spirit_source46 import _at, _moves

SHIELD_CHANCE = ("if a card revealed from the face-down draw pile is of a clan already on {} Road, {} may shield that "
                 "stack, which opponents then cannot touch: a chance, not a sure thing [sp.summon] [sp.shield.protect]")


def _drew(seed: int, step: int) -> int:
    """How many cards the real game's step ``step`` took from the face-down draw pile."""
    s, _, a = _at(seed, step)
    before = len(s.state.deck)
    s.apply(a.id)
    return before - len(s.state.deck)


def test_a_shield_after_a_summon_is_said_as_a_chance():
    s, b, a = _at(46, 13)  # the computer (seat 1) Recruits a Sao card; its Summon reveals two cards
    assert (s.current_player, a.label) == (1, "Recruit a Sao card into Camp 1")
    said = b.reason(s, a)
    assert said == ("it grows a Camp toward a better medal at its next March [sp.march] [sp.recruit] "
                    "[sp.recruit.camp]; " + SHIELD_CHANCE.format("its", "it") + "."), said
    assert "then the next choice shields" not in said
    assert _drew(46, 13) >= 1  # the Shield's chance comes from cards drawn after the choice
    s, b, a = _at(13, 68)  # the learner's seat Rallies a Persians card: the Hint
    assert (s.current_player, a.label) == (0, "Rally a Persians card into your Hand")
    hint = b.explain(s, a)
    assert hint == ("Rally a Persians card into your Hand: it adds 1 card to your Hand, to play while Scouting or spend "
                    "on a Wonder [sp.rally] [sp.scout.take]; " + SHIELD_CHANCE.format("your", "you") + "."), hint
    assert _drew(13, 68) >= 1


def test_what_comes_before_the_draw_stays_sure():
    # the Camp the Recruit grows is the Recruit's own, before the Summon: said as sure, and true in the game
    s, b, a = _at(46, 13)
    camps = [len(c) for c in s.state.players[1].camps]
    s.apply(a.id)
    assert sum(len(c) for c in s.state.players[1].camps) == sum(camps) + 1


def test_a_regroup_that_discards_two_shields_says_two():
    s, b, a = _at(13, 45)
    assert a.label == "Forge the Chinese Allegiance with Camp 2 (3 cards)"
    seat = s.current_player
    said = b.reason(s, a)
    assert said.endswith("; but two of its Shields (Babylonians, Greeks) go to the discard pile with it "
                         "[sp.shield.abandon]."), said
    assert "one of its Shields" not in said
    assert sum(st.shield is not None for st in s.state.players[seat].road) == 2
    for i in _moves(13)[45:48]:  # the March's last Camp, then its Regroup clears the Road
        if s.current_player != seat:
            break
        s.apply(i)
    assert sum(st.shield is not None for st in s.state.players[seat].road) == 0

