"""A rule chip says "ruling" where it cites a ruling (brief, Truth first: "cite that ruling clause on the very event
or action where it applies, so the learner sees 'ruling', not 'rule'"). Trial 29: Spirited's Shield action cites the
ruling "How a Shield is placed" and its chip looked like any rule's."""
from __future__ import annotations

import tutor
from widgets import TutorApp
from widgets.style import CSS


def test_a_ruling_chip_is_marked_ruling_and_a_rule_chip_is_not():
    app = TutorApp(tutor.new_game("spirited", players=2, seed=3), show_setup=False)
    ruling, rule = app.model.chip("sp.shield.place"), app.model.chip("sp.shield")
    assert ruling._dom_classes == ("tutor-clause", "rt-chip-ruling")
    assert ruling.description == "§ How a Shield is placed" and ruling.tooltip.endswith("our ruling, click to read it")
    assert rule._dom_classes == ("tutor-clause",) and rule.tooltip.endswith("a rule, click to read it")
    assert '.tutor-clause.rt-chip-ruling::before { content: "ruling";' in CSS
