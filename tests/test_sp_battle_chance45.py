"""Spirited: the Spirit a Battle scores is not said to be scored by the move before it (new user 45, medium: "Step 49 ·
The computer played no card — then the card taken next scores 4 Spirit", the 4 scored by the medals of a Battle two
steps later, which a Passing of Time card from the face-down draw pile had started). A Battle the look-ahead meets
because the Hourglass moved is said as the chance it is (sp.time.pass, sp.time.battle-space); Spirit a move does
score (a Wonder) is still said. Positions: normal bots in both seats of a 2-player game (re-found in fairsp46, once
the computer no longer knew where the Passing of Time cards lie)."""
from __future__ import annotations

from tutor.bots import bot
from tutor.sessions import new_game

CHANCE = ("a Passing of Time card may come up as the Road fills and start a Battle, where its medals can score: a "
          "chance, not a sure thing [sp.time.pass] [sp.time.battle-space]")


def _at(seed: int, steps: int):
    s, b = new_game("spirited", 2, seed), bot("spirited", "normal", seed)
    for _ in range(steps):
        s.apply(b.choose(s).id)
    return s, b, b.choose(s)


def test_a_scout_before_a_battle_does_not_score_the_battles_spirit():
    s, b, a = _at(6, 43)
    assert a.kind == "scout" and s.state.hourglass == 1 and not s.state.battles_due
    said = b.reason(s, a)
    # (since truth 48 the Battle a drawn Passing of Time card brings is said with that draw's chance, after the sure
    # Camp the card taken next grows: the order they come in)
    assert "scores 4 Spirit" not in said and said == ("then the card taken next grows a Camp toward a better medal at "
                                                      "its next March [sp.march] [sp.scout] [sp.turn.one-action]; "
                                                      + CHANCE + "."), said
    for _ in range(3):  # (and the Battle does come: its medals score three steps later)
        s.apply(b.choose(s).id)
    assert s.state.battle == "battle" and s.state.hourglass == 2


def test_a_recruit_that_draws_passing_of_time_says_the_battle_as_a_chance():
    s, b, a = _at(8, 50)  # (the Battle's medal then scores 3 Spirit)
    said = b.reason(s, a)
    assert "scores 3 Spirit" not in said and CHANCE in said, said
    assert said.startswith("it grows a Camp toward a better medal at its next March [sp.march]"), said


def test_a_wonder_still_scores_its_spirit():
    s, b, a = _at(3, 83)
    assert a.label == "Build a Wonder (spend 1 card of each clan)"
    said = b.reason(s, a)
    # (its Spirit said as the Wonder's, from the display, since reason 46: "then the next choice scores 7 Spirit" was
    # the look-ahead's pick, and the Wonder taken two steps later showed 6: tests/test_sp_spirit_source46.py)
    assert ("then the Wonder taken from the display scores the Spirit shown on it, 6 or 7 here (our assumption: the "
            "rulebook prints no Wonder's Spirit) [sp.wonder.take] [sp.provisional.wonder], and the most Spirit wins "
            "[sp.goal]") in said and CHANCE not in said, said
