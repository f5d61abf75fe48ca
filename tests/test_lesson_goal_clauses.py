"""A lesson's check accepts what its goal says in words (trial 26: Restless Spirits lesson 1 says "Attract any Lost
Spirit to your board" but its check asked for the rule of the paid attract, so a free Mastery attract, which cites
the Mastery rule, was refused)."""
from __future__ import annotations

import copy

from tutor.lessons import all_lessons, goal_reached, play_solution, start_lesson
from tutor.scenario import ActionRef, find


def _lesson_one(lost: list[str]):
    """Restless Spirits lesson 1 with ``lost`` as its Lost Spirits row."""
    x = next(x for x in all_lessons("restless-spirits") if x.id == "rs-01-goal")
    state = copy.deepcopy(x.setup.state)
    state["lost_spirits"] = lost
    return x.model_copy(update={"setup": x.setup.model_copy(update={"state": state})})


def _play(x, refs: list[dict]):
    s = start_lesson(x)
    for r in refs:
        s.apply(find(s, ActionRef(**r)))
    return s


def _attract_first(s) -> None:
    """Finish an attract begun: the first offering, the first empty space."""
    while s.state.pending:
        s.apply(s.legal_actions()[0])


def test_a_free_mastery_attract_reaches_lesson_ones_goal():
    x = _lesson_one(["gonga", "barachu", "nozawa"])  # Barachu is a Guardian: Okada Mitsuo's Mastery type
    s = start_lesson(x)
    attract = find(s, ActionRef(kind="attract", spirit="barachu"))
    assert attract.cost == 0 and "rs.mastery" in attract.clauses  # a free Mastery attract
    s.apply(attract)
    assert not goal_reached(x, s)  # (the offering and the space are still to choose)
    _attract_first(s)
    fired = {ev.clause for st in s.history for ev in st.events}
    assert "rs.mastery" in fired and "rs.attract" not in fired
    assert s.state.players[0].ap == 1 and goal_reached(x, s)  # (the first turn's 1 AP, unspent: trial 27)


def test_every_way_to_attract_a_lost_spirit_reaches_it_and_nothing_else_does():
    x = _lesson_one(["gonga", "seone", "nozawa"])
    s = _play(x, [{"kind": "attract", "spirit": "gonga"}])  # paid (1 AP)
    _attract_first(s)
    assert goal_reached(x, s) and s.state.players[0].ap == 0
    s = _play(x, [{"kind": "refresh-and-attract"}])  # a refresh, then one of the new Spirits attracted
    _attract_first(s)
    assert any(sp is not None for sp in s.state.players[0].board) and goal_reached(x, s)
    s = _play(x, [{"kind": "refresh-and-attract"}])
    s.apply(s.legal_actions()[0])  # the offering
    decline = [a for a in s.legal_actions() if "rs.refresh-attract.decline" in a.clauses]
    assert decline
    s.apply(decline[0])  # a refresh that attracts none: the board stays empty
    assert s.state.players[0].board == [None, None, None] and not goal_reached(x, s)
    s = _play(x, [{"kind": "buy-totem", "totem": "t31"}])
    assert not goal_reached(x, s)


def test_the_draft_lesson_says_each_players_leftover_totem_starts_the_shrine():
    """Trial 26: lesson 8 said "The Totem nobody kept at the end goes face up to the Shrine"; the rulebook discards
    each player's 6th card to form the Shrine (rs.setup.draft-shrine), two Totems in this 2-player lesson."""
    x = next(x for x in all_lessons("restless-spirits") if x.id == "rs-08-draft")
    assert "nobody kept" not in x.intro
    assert "Each player is left with one Totem they did not keep (their 6th)" in " ".join(x.intro.split())
    assert "(2 Totems here, one per player)" in " ".join(x.intro.split())
    s = play_solution(x)
    assert len(s.state.shrine) == x.setup.players == 2
    assert [ev.clause for st in s.history for ev in st.events].count("rs.setup.draft-shrine") == 1
