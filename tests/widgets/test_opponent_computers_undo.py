"""Attack 45: free play with every seat the computer's (the computers play each other). Undo took the whole game back
to its start ("Took back the computer's 8 moves: no move of yours was left to take back.") and left Auto on, so the
computers played it all again at once. Now Undo there stops Auto and goes back one step, saying so; Redo goes forward
one step; a move the computer was thinking about when Undo was pressed is dropped."""
from __future__ import annotations

import asyncio
from html import unescape

import pytest

import tutor
import widgets.opponent as opponent
from widgets import TutorApp
from widgets.style import prov_text


def _computers(game_id: str, seed: int = 1) -> TutorApp:
    options = {"first_game": True} if game_id == "restless-spirits" else {}
    app = TutorApp(tutor.new_game(game_id, players=2, seed=seed, **options), new_game=True, one_screen=True,
                   opponent=True)
    app.seats.seats[0].value = "easy"  # both seats the computer's
    assert app.seats.people == [] and app.seats.computer_to_move()
    return app


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_undo_with_only_computers_stops_auto_and_goes_back_one_step(game_id):
    app = _computers(game_id)
    seats = app.seats
    for _ in range(6):
        assert seats.step() is True
    before = app.session.to_json()
    last = app.session.history[-1]
    assert seats.auto.value is True
    app.controls.undo.click()
    assert len(app.session.history) == 5 and seats.auto.value is False  # one step back, and the computers wait
    said = (f"Took back the computer's last move ({prov_text(last.action.label)}). Auto is off now, so the computers "
            "wait: press “Computer's move” for one step, or tick Auto to let them play on.")
    assert said in app.actions.note.value
    assert "no move of yours" not in app.actions.note.value
    assert seats.computer_to_move() and seats.next.disabled is False  # "Computer's move" plays on from here
    app.controls.undo.click()  # Auto is off already: the sentence says only that the computers wait
    assert len(app.session.history) == 4 and seats.auto.value is False
    assert "). The computers wait: press “Computer's move” for one step" in app.actions.note.value
    app.controls.redo.click()
    app.controls.redo.click()
    assert app.session.to_json() == before  # the same two steps again, one per press
    assert app.actions.note.value == (f'<div class="rt-undo-note">Brought back the computer\'s move '
                                      f"({prov_text(last.action.label)}).</div>")
    assert seats.auto.value is False and app.controls.redo.disabled is True


def test_undo_while_the_computers_play_each_other_on_auto_stops_them(monkeypatch):
    """The attacker's case, on the kernel's event loop: Auto on, the computers playing each other step after step;
    Undo takes back one step and nothing is played after it (the move being thought about is dropped)."""
    monkeypatch.setattr(opponent, "AUTO_PAUSE", 0.02)
    app = _computers("spirited")
    seats = app.seats

    async def play():
        seats.render()  # (schedules the first step now that a loop runs)
        for _ in range(200):
            await asyncio.sleep(0.02)
            if len(app.session.history) >= 4:
                break
        app.controls.undo.click()
        at = len(app.session.history)
        for _ in range(20):  # long enough for several more steps had Auto still been on
            await asyncio.sleep(0.05)
        return at
    at = asyncio.run(play())
    assert at >= 3 and len(app.session.history) == at  # one step back, then nothing more was played
    assert seats.auto.value is False and seats._pending is None and not seats.thinking
    assert "Took back the computer's last move" in unescape(app.actions.note.value)


def test_a_table_with_a_person_still_takes_back_their_move_with_the_replies():
    """Unchanged where a person plays a seat: Undo takes back their move and the computer's replies, Auto stays."""
    app = _computers("spirit-duels", seed=3)
    seats = app.seats
    seats.seats[0].value = "you"
    while seats.computer_to_move() or not app.session.history:
        if seats.computer_to_move():
            seats.step()
        else:
            app.actions.button_for(app.session.legal_actions()[0].id).click()
    app.actions.button_for(app.session.legal_actions()[0].id).click()
    while seats.computer_to_move():
        seats.step()
    app.controls.undo.click()
    assert "Took back your move (" in app.actions.note.value and seats.auto.value is True
