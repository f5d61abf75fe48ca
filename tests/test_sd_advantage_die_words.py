"""The Spirit Duels FAQ question "The Advantage Die is assigned to Tychomp. What does activating it roll?" reads as a
person would say it on that page (new user 43: the activation said "rolls its 2 printed dice" and did not name the
Advantage Die rolled with them; a check then read "Player 1's Tychomp does not have the Advantage Die" though the die
was in its pool; the rolls said "fixed by the lesson" on a FAQ page)."""
from __future__ import annotations

from pathlib import Path

import tutor
from tutor import faq
from tutor.scenario import load_scenario, run, start

SCENARIOS = Path(__file__).resolve().parents[1] / "content" / "spirit-duels" / "scenarios"
QUESTION = "rule-advantage-die-joins-roll"


def _scenario(name: str):
    return load_scenario(SCENARIOS / f"{name}.yaml")


def _events(name: str) -> list[str]:
    return [e.text for st in run(_scenario(name), name).steps for e in st.events]


def test_the_activation_names_the_dice_on_the_card_and_the_advantage_die():
    texts = _events(QUESTION)
    assert texts[0] == ("Player 1 exhausts Tychomp and rolls the 2 dice on its card, and the Advantage Die placed on "
                        "it, into its active pool.")
    assert ("The Advantage Die placed on Tychomp is rolled with them; it waits on no Spirit until the next End Phase "
            "places it.") in texts
    assert not [t for t in texts if "printed" in t or "lesson" in t]
    assert tutor.clauses("spirit-duels")["sd.roll.forced"].title == "A roll chosen in advance"  # (its rule chip)
    assert ("Tychomp's Advantage Die is set to Essence (chance 1/6; chosen in advance for this example;"
            in " ".join(texts))
    # without the Advantage Die, the dice on the card only
    assert _events("rule-activate-rolls-into-pool")[0] == ("Player 1 exhausts Tychomp and rolls the 2 dice on its "
                                                             "card into its active pool.")


def test_the_check_after_the_roll_says_where_the_die_waits():
    sc = _scenario(QUESTION)
    session = start(sc)
    before = [x for st in faq.expectation_status(sc, session) for x in st.lines]
    session.apply(faq.next_action(sc, session).id)
    after = [x for st in faq.expectation_status(sc, session) for x in st.lines]
    assert "No Advantage Die waits on Player 1's Tychomp" in before + after
    assert not [x for x in before + after if "does not have the Advantage Die" in x]
    assert "The two dice on Tychomp's card and the Advantage Die placed on it" in sc.meta.answer


def test_the_board_says_rolls_are_chosen_in_advance_not_by_a_lesson():
    from widgets.boards import board_for
    sc = _scenario(QUESTION)
    html = board_for("spirit-duels").render(start(sc))
    assert "next 3 rolls chosen in advance" in html and "lesson" not in html.lower()
    assert tutor.new_game("spirit-duels", players=2, seed=1).state.forced_rolls == []
