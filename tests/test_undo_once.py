"""Free play's Undo takes back the learner's move with the computer's replies and the page is drawn (and the place
kept) once, not once per step taken back (new user 42: Undo at a Spirit Duels game over took 2.55 s, six steps each
drawing the whole table); Redo brings them back the same way."""
from __future__ import annotations

import tutor
from widgets.app import TutorApp


def _replied_game():
    """A Spirit Duels free game (the computer plays Player 2) where the computer answered the learner's last move
    with at least two steps."""
    app = TutorApp(tutor.new_game("spirit-duels", players=2, seed=1), new_game=True, one_screen=True, opponent=True)
    seats, s = app.seats, app.model.session
    for _ in range(400):
        if seats.computer_to_move():
            seats.step()
            continue
        mine = max((i for i, st in enumerate(s.history) if st.action.actor == 0), default=None)
        if mine is not None and len(s.history) - 1 - mine >= 2:
            return app, mine
        app.model.click(s.legal_actions()[0].id)
    raise AssertionError("the computer never replied with two steps")


def test_undo_and_redo_of_a_move_with_replies_notify_once():
    app, mine = _replied_game()
    s = app.model.session
    before = s.state.model_dump_json()
    n = len(s.history)
    told: list[str] = []
    app.model.observe(lambda _m, change: told.append(change))
    assert app.seats.undo_mine() == n - mine
    assert told == ["undo"] and len(s.history) == mine
    told.clear()
    assert app.seats.redo_mine() == n - mine
    assert told == ["redo"] and len(s.history) == n and s.state.model_dump_json() == before


def test_held_inside_held_tells_the_views_once():
    app, _ = _replied_game()
    told: list[str] = []
    app.model.observe(lambda _m, change: told.append(change))
    with app.model.held():
        app.seats.undo_mine()
        app.model.undo()
    assert told == ["undo"]
