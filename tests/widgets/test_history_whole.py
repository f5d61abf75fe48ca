"""Newuser42: the History showed only the newest 40 steps or so ("… 120 earlier steps not shown"). A learner can
open the whole game: every earlier step, one folded line per turn (widgets/history_turns.py), each computer step with
its reason; a click late in a long game builds no earlier turn again."""
from __future__ import annotations

import re
import time
from html import unescape

from widgets.history_turns import turns
from widgets.lessons import LearnApp


def _long_free_game(steps: int = 104):
    """A learn page's free game (Spirited; the learner takes the first legal action, the computer answers) played
    to ``steps`` steps (or its end)."""
    app = LearnApp("spirited").open_free_play()
    seats = app.seats
    seats.auto.value = False
    while len(app.session.history) < steps and not app.session.is_over:
        if seats.computer_to_move():
            seats.step()
        else:
            app.model.click(app.session.legal_actions()[0].id)
    return app, seats


def test_the_whole_game_opens_by_turn_with_every_reason():
    app, seats = _long_free_game()
    log = app.log
    app.open_drawer("history")
    n = len(app.session.history)
    more = log._more
    first = int(re.search(r"(\d+) earlier steps", more.description).group(1))
    assert n >= 100 and first >= 60 and "show them" in more.description
    assert not [k for k in log._list.children if "rt-old-turns" in k._dom_classes]
    more.click()
    olds = [k for k in log._list.children if "rt-old-turns" in k._dom_classes]
    assert more.description.startswith(f"Fold the {first} earlier steps")
    text = unescape(" ".join(k.value for k in olds))
    # every earlier step once, under its turn's folded line; the turns in order, one seat each
    assert re.findall(r'<div class="rt-old-step">Step (\d+) ', text) == [str(i) for i in range(1, first + 1)]
    assert len(olds) == len(turns(app.session.history[:first])) == text.count("<summary>")
    computer = re.findall(r'<div class="rt-old-step">Step \d+ · The computer ', text)
    assert computer and text.count("Why the computer chose this:") == len(computer)
    assert "§ " in text and not re.search(r"\[[a-z]+\.[a-z.-]+\]", text)  # rule titles, never ids
    # a click later: the turns already built are the same widgets (nothing sent again), and quick
    before = {id(k) for k in olds}
    t = time.perf_counter()
    if seats.computer_to_move():
        seats.step()
    else:
        app.model.click(app.session.legal_actions()[0].id)
    took = time.perf_counter() - t
    again = [k for k in log._list.children if "rt-old-turns" in k._dom_classes]
    assert len(before & {id(k) for k in again}) >= len(olds) - 1, "earlier turns were built again"
    assert took < 1.0, took
    more.click()  # folded away again
    assert not [k for k in log._list.children if "rt-old-turns" in k._dom_classes]
