"""New game never loses a game in progress (trial 17: it discarded the game without a word and Undo was greyed
out afterwards). It starts at once, says that Undo brings the old game back, and Undo at the new game's start does:
the old game as it was, its steps and its redo steps; from there Undo takes back its steps as before."""
from __future__ import annotations

import json

import tutor
from widgets import LearnApp, TutorApp


def _free(game_id="restless-spirits", seed=2):
    options = {"first_game": True} if game_id == "restless-spirits" else {}
    app = TutorApp(tutor.new_game(game_id, players=2, seed=seed, **options), new_game=True, one_screen=True,
                   opponent=True)
    return app, app.seats


def _play(app, seats, steps: int) -> None:
    for _ in range(steps):
        if seats.computer_to_move():
            seats.step()
        else:
            app.actions.button_for(app.session.legal_actions()[0].id).click()


def test_undo_brings_back_the_game_new_game_replaced():
    app, seats = _free()
    _play(app, seats, 14)
    app.controls.undo.click()  # a redo step too: it comes back with the game
    old, before = app.session, app.session.to_json()
    steps, redo = len(old.history), list(old.redo_ids)
    assert steps >= 3 and redo
    app.controls.new.click()
    assert app.session is not old and not app.session.history
    assert not app.controls.undo.disabled  # (it was greyed out)
    assert app.actions.note.value == ('<div class="rt-undo-note">A new game has started. Undo brings back the game '
                                      f'you were playing ({steps} steps).</div>')
    app.controls.undo.click()
    assert app.session is old and app.session.to_json() == before and list(app.session.redo_ids) == redo
    assert app.actions.note.value == f'<div class="rt-undo-note">Your game is back ({steps} steps).</div>'
    app.controls.undo.click()  # and Undo goes on as before, in that game
    assert len(app.session.history) < steps
    assert not app.errors.output.outputs


def test_a_new_game_with_steps_taken_back_only_to_its_start():
    """Once the new game has steps, Undo takes them back first; at its start it brings the old game back. A New game
    on a game without steps keeps the older game to bring back; with nothing replaced Undo stays off."""
    app, seats = _free("spirited", seed=1)
    assert app.controls.undo.disabled
    app.controls.new.click()  # nothing to lose: nothing to bring back
    assert app.controls.undo.disabled and "Undo brings back" not in app.actions.note.value
    _play(app, seats, 3)
    old = app.session
    app.controls.new.click()
    started = app.session
    app.controls.new.click()  # again, on the new game without steps: the game with steps is still the one kept
    assert app.session is not started
    _play(app, seats, 1)
    app.controls.undo.click()
    assert app.session is not old and not app.session.history
    app.controls.undo.click()
    assert app.session is old and len(old.history) == 3
    assert not app.errors.output.outputs


def test_the_learn_page_keeps_the_game_undo_brought_back(tmp_path):
    from tutor.progress import ProgressStore
    page = LearnApp("restless-spirits", store=ProgressStore(f"sqlite:///{tmp_path / 'p.sqlite'}"))
    page.tabs.selected_index = 1
    free = page.free
    _play(free, free.seats, 5)
    before = free.session.to_json()
    free.controls.new.click()
    kept = json.loads(json.loads(page.store.place(page.place_key))["free"])
    assert kept["actions"] == []
    free.controls.undo.click()
    assert json.loads(page.store.place(page.place_key))["free"] == before
    assert not page.errors.output.outputs


def test_a_refused_seed_starts_no_new_game_on_the_learn_page(tmp_path):
    """Attack 26: on every learn page's Free play, a seed put back ("-1", "abc", 41 nines) and New game restarted
    the game anyway. The press that comes with a refused seed changes nothing and says so; the next one plays the
    seed kept."""
    from tutor.progress import ProgressStore
    for k, game in enumerate(("restless-spirits", "spirited", "spirit-duels")):
        page = LearnApp(game, store=ProgressStore(f"sqlite:///{tmp_path / f'p{k}.sqlite'}"))
        page.tabs.selected_index = 1
        free = page.free
        _play(free, free.seats, 1)
        for typed in ("-1", "abc", "9" * 41):
            old, before = free.session, free.session.to_json()
            kept = free.controls.seed.value
            free.controls.seed.value = typed
            free.controls.new.click()
            assert free.session is old and free.session.to_json() == before, (game, typed)
            assert len(free.session.history) >= 1 and not free.controls.undo.disabled
            assert free.controls.seed.value == kept
            assert (f"The seed stays {kept}. Nothing was started: press New game again to play seed {kept}."
                    in free.controls.seed_note.value)
        free.controls.new.click()  # the next press plays the seed kept
        assert free.session is not old and not free.session.history and free.session.game.seed == int(kept)
        assert not page.errors.output.outputs


def test_redo_returns_to_the_new_game_undo_left():
    """Attack 35 (medium): New game, two moves, Undo three times brought the old game back and Redo was grey: the
    new game and its moves could not be got back. Redo there returns to the new game as Undo left it (its steps to
    redo), and Undo at its start swaps back again; a new move in the old game drops it (as a new move drops redo)."""
    app, seats = _free()
    _play(app, seats, 6)
    old = app.session
    app.controls.new.click()
    new = app.session
    _play(app, seats, 2)
    while app.session is new:
        app.controls.undo.click()
    assert app.session is old and not old.can_redo and not app.controls.redo.disabled
    app.controls.redo.click()
    assert app.session is new and not new.history and new.can_redo
    assert app.actions.note.value.startswith('<div class="rt-undo-note">The new game is back (Redo brings back its ')
    while app.session.can_redo:
        app.controls.redo.click()
    assert len(new.history) >= 2
    while app.session is new:
        app.controls.undo.click()
    assert app.session is old
    app.controls.undo.click()
    _play(app, seats, 1)  # a new move in the old game: Redo has nothing to bring back
    assert app.controls.redo.disabled and not app.controls.can_bring_forward()
    assert not app.errors.output.outputs


def test_undo_walks_back_through_every_game_new_game_replaced():
    """Attack 36 (low): after two New games Undo reached only the game just before; the first game was gone. Undo
    now walks back game by game (each as it was), Redo forward again, and a New game in a brought-back game drops
    the later ones (as a new move drops redo)."""
    app, seats = _free()
    _play(app, seats, 4)
    first = app.session
    app.controls.new.click()
    _play(app, seats, 2)
    second = app.session
    app.controls.new.click()
    third = app.session
    assert len({id(first), id(second), id(third)}) == 3
    app.controls.undo.click()
    assert app.session is second and len(second.history) == 2
    assert app.actions.note.value == ('<div class="rt-undo-note">Your game is back (2 steps). Undo at its start '
                                      'brings back the game before it.</div>')
    while app.session is second:
        app.controls.undo.click()
    assert app.session is first and len(first.history) == 4
    assert app.actions.note.value == '<div class="rt-undo-note">Your game is back (4 steps).</div>'
    app.controls.redo.click()  # forward again: the second game at its start, its two steps to redo
    assert app.session is second and not second.history and len(second.redo_ids) == 2
    while app.session.can_redo:
        app.controls.redo.click()
    app.controls.redo.click()
    assert app.session is third
    while app.session is not first:
        app.controls.undo.click()
    app.controls.new.click()  # a New game from the first game: the second and third are dropped
    fourth = app.session
    app.controls.undo.click()
    assert app.session is first and app.controls.redo.disabled is False
    app.controls.redo.click()
    assert app.session is fourth
    assert not app.errors.output.outputs


def test_undo_keeps_at_most_ten_games():
    """The chain Undo walks is bounded (``widgets.app.KEPT_GAMES``): after 12 games with a step each, Undo reaches
    back 9 games (10 kept, the one shown among them) and then stops at the oldest kept game's start."""
    from widgets.app import KEPT_GAMES
    app, seats = _free("spirited", seed=1)
    games = []
    for _ in range(12):
        _play(app, seats, 1)
        games.append(app.session)
        app.controls.new.click()
    _play(app, seats, 1)
    games.append(app.session)
    reached = [app.session]
    while not app.controls.undo.disabled:
        app.controls.undo.click()
        if app.session is not reached[-1]:
            reached.append(app.session)
    assert KEPT_GAMES == 10 and reached == games[-10:][::-1]
    assert not app.errors.output.outputs


def test_a_game_taken_back_to_its_start_is_named_by_its_steps_to_redo():
    """Trial 38: a game whose steps were all taken back by Undo was named "(0 steps)" by New game's note; it is kept
    for its redo steps, and the note says so."""
    app, seats = _free()
    _play(app, seats, 3)
    while app.session.can_undo:
        app.controls.undo.click()
    redo = len(app.session.redo_ids)
    assert redo >= 3 and not app.session.history
    app.controls.new.click()
    assert app.actions.note.value == ('<div class="rt-undo-note">A new game has started. Undo brings back the game '
                                      f'you were playing (at its start; Redo brings back its {redo} steps).</div>')
    app.controls.undo.click()
    assert app.actions.note.value == ('<div class="rt-undo-note">Your game is back (at its start; Redo brings back '
                                      f'its {redo} steps).</div>')


def test_the_set_up_boxes_follow_the_game_undo_brings_back():
    """Attack 38: after Undo walked back into an earlier game, the Seed and set-up boxes still described the newest
    game, so a learner who noted the seed to deal the game again got another one."""
    app, seats = _free("spirit-duels", seed=5)
    c = app.controls
    _play(app, seats, 2)
    first = app.session
    c.seed.value = "6"
    c.choices["setup"].value = "draft"
    c.new.click()
    _play(app, seats, 1)
    second = app.session
    assert c.seed_box.value == 6
    while app.session is not first:
        c.undo.click()
    assert c.seed_box.value == 5 and c.seed.value == "5"
    assert c.choices["setup"].value == first.game.options.get("setup", "prebuilt") == "prebuilt"
    while app.session is not second:
        c.redo.click()
    assert c.seed_box.value == 6 and c.seed.value == "6"


def test_restart_in_free_play_can_be_undone():
    """Attack 38: Restart in free play dropped the game's moves without a word, and Undo could not bring them back.
    It now starts the game again as New game does: Undo at its start brings the moves back, Redo the restart."""
    app, seats = _free()
    _play(app, seats, 4)
    old, before = app.session, app.session.to_json()
    steps = len(old.history)
    app.controls.restart.click()
    assert app.session is not old and not app.session.history
    assert app.session.state == old.restarted().state  # the same game, at its start
    assert app.actions.note.value == ('<div class="rt-undo-note">The game is back at its start. Undo brings back the '
                                      f'moves you had played ({steps} steps).</div>')
    app.controls.undo.click()
    assert app.session is old and app.session.to_json() == before
    app.controls.redo.click()
    assert not app.session.history and app.session is not old
