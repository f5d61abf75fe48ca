"""Lesson goals (issue #18): every lesson's goal is checked after every step and is first reached at the last step of
its solution; each game has a lesson that plays a whole turn (Restless Spirits, Spirited) or a whole round (Spirit
Duels) with several decisions; and a lesson says when its goal can no longer be reached."""
from __future__ import annotations

import pytest

from tutor.core.errors import ContentError
from tutor.lessons import GAME_OVER, all_lessons, goal_out_of_reach, goal_reached, load_lesson, start_lesson
from tutor.scenario import ActionRef, find

GAMES = ("restless-spirits", "spirited", "spirit-duels")
ALL = [(g, x) for g in GAMES for x in all_lessons(g)]

#: The lesson of each game that plays a whole turn (or, in Spirit Duels, a whole round).
WHOLE = {"restless-spirits": "rs-29-whole-turn", "spirited": "sp-10-first-turn", "spirit-duels": "sd-22-round"}


def lesson(game_id: str, lesson_id: str):
    return next(x for x in all_lessons(game_id) if x.id == lesson_id)


def play(game_id: str, lesson_id: str, refs: list[dict]):
    """The lesson's session after the action selectors ``refs``, and the lesson."""
    x = lesson(game_id, lesson_id)
    s = start_lesson(x)
    for r in refs:
        s.apply(find(s, ActionRef(**r)))
    return x, s


@pytest.mark.parametrize(("game_id", "x"), ALL, ids=[x.id for _, x in ALL])
def test_goal_is_checked_at_every_step_and_reached_only_at_the_end(game_id, x):
    s = start_lesson(x)
    assert not goal_reached(x, s) and goal_out_of_reach(x, s) is None
    for i, ref in enumerate(x.solution):
        s.apply(find(s, ref))
        last = i == len(x.solution) - 1
        assert goal_reached(x, s) == last, (x.id, i)
        assert goal_out_of_reach(x, s) is None, (x.id, i)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_a_whole_turn_or_round_with_several_decisions(game_id):
    x = lesson(game_id, WHOLE[game_id])
    s = start_lesson(x)
    first, start_round = s.current_player, getattr(s.state, "round", None)
    seen_players = set()
    for ref in x.solution:
        seen_players.add(s.current_player)
        s.apply(find(s, ref))
    kinds = {r.kind for r in x.solution}
    assert len(x.solution) >= 5 and len(kinds) >= 4, (x.id, kinds)  # several decisions of different kinds
    if game_id == "spirit-duels":
        assert s.state.round == start_round + 1 and seen_players == {0, 1}  # both players' actions, then End Phase
        assert {"pass", "gain-advantage", "activate", "place-advantage-die"} <= kinds
    else:
        assert seen_players == {first} and s.current_player != first  # one player's whole turn, then it passes
    assert x.out_of_reach, f"{x.id}: a whole-turn lesson says when its goal is out of reach"


def test_restless_spirits_turn_says_when_the_goal_is_out_of_reach():
    # Two Totems bought: no AP is left to release Gonga.
    x, s = play("restless-spirits", "rs-29-whole-turn", [{"kind": "buy-totem", "totem": "t31"}])
    assert goal_out_of_reach(x, s) is None  # one AP left: still possible
    s.apply(find(s, ActionRef(kind="buy-totem", totem="t40")))
    assert "Gonga is not released" in goal_out_of_reach(x, s)
    s.undo()
    assert goal_out_of_reach(x, s) is None  # Undo, as the message says, brings the goal back in reach
    # Gonga released, but the last AP spent on a purchase: Rinca can no longer be attracted.
    x, s = play("restless-spirits", "rs-29-whole-turn", [{"kind": "play-totem", "totem": "t06"},
                                                         {"kind": "buy-totem", "totem": "t31"}])
    assert "before Rinca was attracted" in goal_out_of_reach(x, s)
    # Ending the turn early.
    x, s = play("restless-spirits", "rs-29-whole-turn", [{"kind": "end-turn"}])
    assert "Your turn has ended" in goal_out_of_reach(x, s)


def test_spirited_turn_says_when_the_goal_is_out_of_reach():
    x, s = play("spirited", "sp-10-first-turn", [{"kind": "place-shield"}, {"kind": "break-shield"}])
    assert "Shield is broken" in goal_out_of_reach(x, s)
    x, s = play("spirited", "sp-10-first-turn", [{"kind": "stack-card"}])
    assert goal_out_of_reach(x, s) is None  # a later Sao may still become the Shield: not out of reach yet


def test_spirited_overrun_that_wipes_the_camp_says_the_goal_is_out_of_reach_at_once():
    """Spirited lesson 3: a Rally that leaves 2 Greeks, then the Summoned Greek stacked face up, Overruns Player 1
    (the Camps go with the Road): the lesson says so in the step it happens, with Undo and Restart named."""
    x, s = play("spirited", "sp-03-overrun", [{"kind": "scout"}, {"kind": "rally", "clan": "aztecs"}])
    assert goal_out_of_reach(x, s) is None  # the Greek may still go face down as a Shield
    s.apply(find(s, ActionRef(kind="stack-card")))
    msg = goal_out_of_reach(x, s)
    assert msg and "Overrun" in msg and "Undo" in msg and "Restart" in msg
    s.undo()
    assert goal_out_of_reach(x, s) is None


def test_spirit_duels_round_says_when_the_goal_is_out_of_reach():
    x, s = play("spirit-duels", "sd-22-round", [{"kind": "gain-advantage"}])
    msg = goal_out_of_reach(x, s)
    assert "Player 1 gained the advantage" in msg and "Undo" in msg
    s.undo()
    assert goal_out_of_reach(x, s) is None


def test_game_over_without_the_goal_is_out_of_reach():
    """Whatever the lesson, a game that is over without the goal can no longer reach it."""
    x = lesson("restless-spirits", "rs-07-end")
    unreachable = x.model_copy(update={"check": x.check.model_copy(update={"state": {"p1.released_count": 9}})})
    s = start_lesson(x)  # (the unreachable copy's solution does not reach its goal: start_lesson refuses it)
    for ref in x.solution:
        s.apply(find(s, ref))
    assert s.is_over and goal_out_of_reach(unreachable, s) == GAME_OVER


def test_out_of_reach_format_is_strict():
    from tutor.core.content import content_root
    text = (content_root() / "restless-spirits" / "lessons" / "29-a-whole-turn.yaml").read_text()
    with pytest.raises(ContentError, match="out_of_reach"):
        load_lesson(text=text.replace("  - when: {state: {current: 2}}", "  - when: {after: 1, state: {current: 2}}"))
    with pytest.raises(ContentError, match="unknown clause id"):
        load_lesson(text=text.replace("not_fired: [rs.attract]", "not_fired: [rs.no-such-clause]"))
    with pytest.raises(ContentError, match="say"):
        load_lesson(text=text.replace("say: Your turn has ended", "sy: Your turn has ended"))


def test_copy_on_release_lesson_says_when_the_turn_ends_first():
    x, s = play("restless-spirits", "rs-30-copy-on-release", [{"kind": "activate-ability", "space": 1, "target": 2}])
    assert goal_out_of_reach(x, s) is None  # Grindavik can still be released this turn
    s.apply(find(s, ActionRef(kind="end-turn")))
    assert "Grindavik was released" in goal_out_of_reach(x, s)


def test_mastery_lesson_says_at_once_when_ap_is_spent():
    """Restless Spirits lesson 2 (free Guardian, 2 AP left): attracting Gonga first (1 AP), then Wanwada for free,
    used to leave the goal silently stuck; the first paid attract says it is out of reach, and Undo brings it back."""
    x, s = play("restless-spirits", "rs-02-mastery", [{"kind": "attract", "spirit": "gonga"}])
    assert s.state.players[0].ap == 1
    assert "out of reach" in goal_out_of_reach(x, s) and "Undo" in goal_out_of_reach(x, s)
    s.undo()
    assert goal_out_of_reach(x, s) is None
    x, s = play("restless-spirits", "rs-02-mastery", [{"kind": "attract", "spirit": "gonga"},
                                                      {"kind": "choose-offering", "totem": "t01"},
                                                      {"kind": "choose-space", "space": 1},
                                                      {"kind": "attract", "spirit": "wanwada"},
                                                      {"kind": "choose-offering", "totem": "t18"},
                                                      {"kind": "choose-space", "space": 2}])
    assert not goal_reached(x, s) and "out of reach" in goal_out_of_reach(x, s)
    x, s = play("restless-spirits", "rs-02-mastery", [{"kind": "refresh-and-attract"}])
    assert "out of reach" in goal_out_of_reach(x, s)


@pytest.mark.parametrize(("game_id", "lesson_id", "wrong", "words"), [
    ("restless-spirits", "rs-10-refresh", [{"kind": "attract", "spirit": "gonga"}], "board is no longer empty"),
    ("restless-spirits", "rs-09-hand-limit", [{"kind": "attract", "spirit": "wanwada"}], "fewer than 7 cards"),
    ("restless-spirits", "rs-09-hand-limit", [{"kind": "refresh-market-and-buy", "row": 1}],
     "Refreshing the market row"),
    ("restless-spirits", "rs-09-hand-limit", [{"kind": "retrieve-from-shrine"}], "Retrieving from the Shrine"),
    # Spirited lessons 3 and 4 teach a Scout; a March forges the Camp and Regroups the Road the lesson prepared.
    ("spirited", "sp-03-overrun", [{"kind": "march"}], "2 Chinese cards of your Camp were used"),
    ("spirited", "sp-04-shields", [{"kind": "march"}], "the Regroup discarded your Road"),
    # Spirited lesson 7: a March forges the Chinese Camp for 2 Spirit (Spirit never goes down), so 6 exactly is gone.
    ("spirited", "sp-07-wonder", [{"kind": "march"}], "Great Pyramid can no longer leave you with exactly 6"),
    # Spirit Duels lesson 2: Binx evolved before its Activate ability fired; Ocevolt has none.
    ("spirit-duels", "sd-02-rounds", [{"kind": "evolve", "spirit": 1}], "Ocevolt has no Activate ability"),
])
def test_a_wrong_first_move_says_the_goal_is_out_of_reach(game_id, lesson_id, wrong, words):
    """Lessons whose goal a wrong first move makes unreachable (found by scripts/lesson_traps.py) say so at once,
    naming Undo, and Undo brings the goal back in reach."""
    x, s = play(game_id, lesson_id, wrong)
    msg = goal_out_of_reach(x, s)
    assert words in msg and "Undo" in msg
    while s.can_undo:
        s.undo()
    assert goal_out_of_reach(x, s) is None
