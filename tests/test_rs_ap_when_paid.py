"""Restless Spirits: an attract's AP is spent, and said, when the action is taken (rulebook "1 AP: Attract a Lost
Spirit": the action costs the AP; its first part is the offering), so the AP counter and the events agree while the
offering is chosen (issue 16 trial: the counter said "1 AP left" one step before the event said the AP was spent)."""
from __future__ import annotations

import re

import pytest

from tutor.lessons import all_lessons, start_lesson
from tutor.scenario import ActionRef, find


def lesson(order: int):
    return next(x for x in all_lessons("restless-spirits") if x.order == order)


@pytest.mark.parametrize(("order", "ref", "ap_after", "clause"), [
    (1, {"kind": "attract", "spirit": "gonga"}, None, "rs.attract"),
    (2, {"kind": "attract", "spirit": "wanwada"}, 2, "rs.mastery"),
    (2, {"kind": "refresh-and-attract"}, 1, "rs.refresh-attract"),
])
def test_the_step_that_takes_the_action_says_the_ap_it_spent(order, ref, ap_after, clause):
    s = start_lesson(lesson(order))
    seat = s.current_player
    before = s.state.players[seat].ap
    step = s.apply(find(s, ActionRef(**ref)))
    ap = s.state.players[seat].ap
    assert ap_after is None or ap == ap_after
    assert s.state.pending  # the offering is still to choose
    paid = [e for e in step.events if e.clause == clause and "AP left" in e.text]
    assert len(paid) == 1 and f"({ap} AP left)" in paid[0].text
    assert ("uses a Free Action" in paid[0].text) == (ap == before)
    assert step.events.index(paid[0]) < next(i for i, e in enumerate(step.events) if e.clause == "rs.attract.offering")
    # the offering's step says no AP again
    step2 = s.apply(s.legal_actions()[0])
    assert not any(re.search(r"AP left", e.text) for e in step2.events if e.clause == clause)
