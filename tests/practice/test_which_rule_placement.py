"""Practice's which-rule questions about placing a Spirit (issue 16, item 5): "Adjacent Spirits" was offered about a
placement, as the answer ("Place Miki on space 3 (right)": the engine cited adjacency among the reasons the placement
is allowed, which it is not) and as a wrong answer about attracting (where the Spirit goes decides what is
adjacent: not certainly wrong). The placement cites only the rule that allows it; a question's right answer is a
rule the engine cites for the move (a reason or a rule that fired), and no wrong answer is a rule the rest of the
move (its later choices) cites or speaks of."""
from __future__ import annotations

import tutor
from tutor.core.rng import Rng
from tutor.practice.positions import copy_session, lesson_positions, scenario_positions
from tutor.practice.which_rule import _rest_of_move, which_rule

PLACING = {"attract", "refresh-and-attract", "choose-space", "choose-drawn-space"}


def _attract_position():
    """Restless Spirits lesson positions, the first where Player 1 may attract a Lost Spirit."""
    for pos in lesson_positions("restless-spirits"):
        hit = [a for a in pos.session.legal_actions() if a.kind == "attract"]
        if hit:
            return pos, hit[0]
    raise AssertionError("no attract in the lessons")


def test_a_placement_cites_the_empty_space_rule_only():
    pos, attract = _attract_position()
    s = copy_session(pos.session)
    s.apply(attract.id)
    while not any(a.kind == "choose-space" for a in s.legal_actions()):
        s.apply(s.legal_actions()[0].id)  # the offering (a forced choice may be made at once)
    spaces = [a for a in s.legal_actions() if a.kind == "choose-space"]
    assert spaces and all(a.clauses == ("rs.attract.empty-space",) for a in spaces)
    assert spaces[0].why == ("An attracted Spirit goes to an empty space of your board; where matters for abilities "
                             "that count adjacent Spirits.")


def test_the_rest_of_an_attract_speaks_of_adjacency():
    pos, attract = _attract_position()
    after = copy_session(pos.session)
    after.apply(attract.id)
    rules, said = _rest_of_move(after, attract.actor)
    assert "rs.attract.offering" in rules and "rs.attract.empty-space" in rules
    assert "adjacent" in said


def test_no_placement_question_offers_adjacent_spirits_and_its_answer_is_cited():
    seen = 0
    positions = list(lesson_positions("restless-spirits")) + list(scenario_positions("restless-spirits"))
    for i, pos in enumerate(positions):
        q = which_rule(pos, Rng.from_seed(i))
        if q is None:
            continue
        move = next(a for a in pos.session.legal_actions() if a.id == q.action_id)
        fired = {e.clause for e in copy_session(pos.session).apply(move.id).events}
        assert q.clause in set(move.clauses) | fired, q.key  # the right answer: a reason, or a rule that fired
        wrong = {o.clause for o in q.options if not o.correct}
        assert not wrong & (set(move.clauses) | fired), q.key  # a wrong answer is one the move does not cite
        if move.kind in PLACING:
            seen += 1
            assert q.clause != "rs.adjacent" and "rs.adjacent" not in wrong, (q.key, q.clause, wrong)
            titles = [o.text for o in q.options]
            assert "Adjacent Spirits" not in titles, (move.label, titles)
    assert seen >= 10


def test_adjacency_is_still_asked_where_it_fires():
    """Gonga counts the Sacred Spirits next to it: "Adjacent Spirits" fires when it is activated (not lost to
    practice by the placement's change)."""
    clauses = tutor.clauses("restless-spirits")
    assert clauses["rs.adjacent"].title == "Adjacent Spirits"
    fired = False
    for pos in scenario_positions("restless-spirits"):
        for a in pos.session.legal_actions():
            if a.kind == "activate-ability" and "Gonga" in a.label:
                ev = copy_session(pos.session).apply(a.id).events
                fired |= any(e.clause == "rs.adjacent" for e in ev)
    assert fired
