"""A market refresh says plainly what left the row and what came in (issue 16, item 2): Restless Spirits lesson 3's
strip said "The lesson fixed this draw in advance: Bowl" beside the Bowl just discarded and named the new Totems
only in the lines it hides. The refresh's own lines (the player's choice, not folded first) now name both, and a
lesson's fixed draws follow what came in."""
from __future__ import annotations

import tutor
from tutor.conformance import random_policy
from tutor.core.rng import Rng
from tutor.lessons import all_lessons, play_solution

OUT = ("Market row 2 is cleared: Bowl (single) [provisional], Feather (single) [provisional] and Charm & Spirit Cloak "
       "(double) [provisional] go to the Totem discard pile.")
IN = ("3 new Totems are dealt into market row 2: Bowl (single) [provisional], Lantern & Bell (double) [provisional] "
      "and Timeweaver Thread (single) [provisional].")


def test_lesson_3s_refresh_names_what_left_and_what_came_in():
    lesson = next(x for x in all_lessons("restless-spirits") if x.order == 3)
    s = play_solution(lesson)
    st = s.history[1]
    assert st.action.kind == "refresh-market-and-buy"
    lines = [(e.clause, e.text, e.automatic) for e in st.events]
    assert lines == [
        ("rs.refresh-buy", "Player 1 spends 1 AP to refresh market row 2 and buy from it (0 AP left).", False),
        ("rs.refresh-buy", OUT, False),
        ("rs.refresh-buy", IN, False),
        ("rs.ruling.fixed-chance", "The lesson fixed this draw in advance: Bowl is the card taken from the Totem deck.",
         True),
        ("rs.ruling.fixed-chance", "The lesson fixed this draw in advance: Lantern & Bell is the card taken from the "
         "Totem deck.", True),
        ("rs.ruling.fixed-chance", "The lesson fixed this draw in advance: Timeweaver Thread is the card taken from "
         "the Totem deck.", True)]
    assert st.events[1].cards == ("t29", "t15", "t58") and st.events[2].cards == ("t09", "t33", "t12")
    assert "t33" in s.state.players[0].hand


def test_a_random_refresh_names_the_row_it_dealt():
    """Without a lesson (no fixed draws) the two lines name exactly the row's cards before and after."""
    s, rng = tutor.new_game("restless-spirits", players=2, seed=3), Rng.from_seed(5)
    for _ in range(200):
        hit = [a for a in s.legal_actions() if a.kind == "refresh-market-and-buy"]
        if hit:
            break
        s.apply(random_policy(s.legal_actions(), rng).id)
    assert hit, "no refresh offered"
    row = int(hit[0].param("row")) - 1
    before = [s.game.totem_label(x) for x in s.state.markets[row] if x is not None]
    st = s.apply(hit[0].id)
    after = [s.game.totem_label(x) for x in s.state.markets[row] if x is not None]
    out, came = [e.text for e in st.events if e.clause == "rs.refresh-buy"][1:3]
    assert out.startswith(f"Market row {row + 1} is cleared: ") and all(b in out for b in before)
    assert came == f"{len(after)} new Totems are dealt into market row {row + 1}: {after[0]}, {after[1]} and {after[2]}."
