"""Spirited in the app: the board view (2 and 6 players), clicks that advance the session and the step log, the
lessons (each completable by its solution, directly and by clicking), the first-round walkthrough and free play."""
from __future__ import annotations

import random

import ipywidgets as w
import pytest

import tutor
from tutor.lessons import all_lessons, goal_failures, goal_reached, play_solution, start_lesson
from tutor.scenario import find
from tutor.walkthrough import all_walkthroughs, load_walkthrough, play_to
from widgets import LearnApp, LessonRunner, TutorApp
from widgets.boards import board_for
from widgets.panels import _walk
from widgets.style import esc

LESSONS = all_lessons("spirited")
IDS = [x.id for x in LESSONS]


def with_class(root: w.Widget, cls: str) -> list[w.Widget]:
    return [x for x in _walk(root) if cls in getattr(x, "_dom_classes", ())]


def html_of(root: w.Widget) -> str:
    return "\n".join(x.value for x in _walk(root) if isinstance(x, w.HTML))


def n_players(html: str) -> int:
    return html.count('class="rt-player"') + html.count('class="rt-player rt-current"')


def lesson_app(lesson_id: str) -> TutorApp:
    return TutorApp(start_lesson(next(x for x in LESSONS if x.id == lesson_id)), show_setup=False)


# -- board ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 6])
def test_board_renders_every_player_and_the_main_board(players):
    s = tutor.new_game("spirited", players=players, seed=3)
    app = TutorApp(s)
    html = app.board.html.value
    st, g = s.state, s.game
    for seat in range(players):
        assert f'<span class="rt-pname">Player {seat + 1}</span>' in html
    assert n_players(html) == players
    assert html.count("rt-current") == 1
    assert f"Draw pile <b>{len(st.deck)}</b>" in html and f"Discard <b>{len(st.discard)}</b>" in html
    assert "Time Track" in html and "sp-hourglass" in html and "Final Battle" in html and "⚔ Battle" in html
    for wid in st.wonder_display:
        assert esc(g.cards.wonder[wid].name) in html
    for clan in st.clans:
        assert g.cards.clan[clan].name in html
    for kind in ("Bronze 2 ×7", "Silver 3 ×7", "Gold 4 ×7"):
        assert kind in html
    road = st.players[st.current].road
    for stack in road:
        assert f'<div class="sp-n">×{len(stack.cards)}</div>' in html


def test_board_shows_camps_hand_medals_and_whose_hand_is_private():
    app = lesson_app("sp-09-final")
    html = app.board.html.value
    assert "Greeks ×2" in html  # Camp 1 and the current player's Hand
    assert "Norse" in html
    assert "Gold 4" in html and "exhausted 2" in html  # P1 refreshed Gold; P2 exhausted Silver
    assert html.count("private") == 0  # Player 2's hand is empty
    assert "open space" in html
    html8 = lesson_app("sp-08-battles").board.html.value
    assert "3 Passing of Time cards still in the draw pile" in html8
    lesson = LESSONS[IDS.index("sp-09-final")]
    for ref in lesson.solution[:9]:  # up to Player 2's part of the Final Battle
        app.actions.button_for(find(app.session, ref).id).click()
    assert app.session.current_player == 1
    html = app.board.html.value
    assert "DECIDING" in html and "Final Battle: Player 2 is deciding" in html
    assert '1 card</span> <span class="rt-muted">private</span>' in html  # Player 1's leftover Aztecs card
    assert "Greeks ×4" in html  # Camp 1 after the Final Battle Recruits


def test_board_shows_a_shield_with_its_public_hidden_side():
    app = lesson_app("sp-04-shields")
    for ref in LESSONS[IDS.index("sp-04-shields")].solution[:3]:
        app.actions.button_for(find(app.session, ref).id).click()
    html = app.board.html.value
    assert "◈ Shield · Greeks" in html
    assert "its hidden side is public" in html.lower() or "Its hidden side is public" in html
    assert "Break the Shield" in html_of(app.actions.widget)


def test_board_marks_provisional_values_with_their_reason():
    s = tutor.new_game("spirited", players=3, seed=1)
    html = board_for("spirited").render(s)
    assert 'class="rt-prov"' in html
    g = s.game
    assert esc(g.track.provisional["battles"]) in html
    w0 = g.cards.wonder[s.state.wonder_display[0]]
    assert esc(w0.provisional["spirit"]) in html
    clan = g.cards.clan[s.state.clans[0]]
    assert esc(clan.provisional["power"]) in html
    assert esc(clan.allegiance.provisional["battle"]) in html


def test_clicking_a_tutor_action_advances_and_logs_events():
    app = lesson_app("sp-02-rally-recruit")
    assert not with_class(app.log.widget, "tutor-event")
    buttons = app.actions.action_buttons
    assert [b.description for b in buttons] == ["Scout (play a card, Rally or Recruit 1, Summon 2)"]
    assert "rt-b-turn-action" in buttons[0]._dom_classes
    app.actions.button_for("scout").click()
    assert len(app.session.history) == 1
    events = with_class(app.log.widget, "tutor-event")
    assert len(events) == len(app.session.history[0].events) >= 1
    assert "Scout, part 2" in html_of(app.actions.widget)
    assert "Your choice" in html_of(app.actions.widget)
    assert any("Camp 2 holds Chinese cards" in x for x in [html_of(app.actions.widget)])
    app.actions.button_for("recruit:camp=1,clan=greeks").click()
    assert len(app.session.history) == 2
    assert len(with_class(app.log.widget, "tutor-event")) == sum(len(st.events) for st in app.session.history)
    assert "Player 2&#x27;s turn" in app.board.html.value or "Player 2's turn" in app.board.html.value
    assert not app.errors.output.outputs


# -- lessons -------------------------------------------------------------------------------------------------------
def test_lessons_in_teaching_order():
    assert len(LESSONS) >= 9
    assert [x.order for x in LESSONS] == list(range(1, len(LESSONS) + 1))
    titles = [x.title.lower() for x in LESSONS]
    for i, word in enumerate(["road check", "recruit", "overrun", "shields", "marching", "stealing", "wonder",
                              "battles", "final battle"]):
        assert word in titles[i], (word, titles[i])


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_is_completable_by_its_solution(lesson):
    s = start_lesson(lesson)
    assert s.state.phase == "play"
    assert not s.state.pending or lesson.id == "sp-10-first-turn"  # a fresh deal, in the first Road Check
    assert not goal_reached(lesson, s), f"{lesson.id}: goal already holds before any step"
    assert lesson.solution and lesson.hints and lesson.clauses
    play_solution(lesson, s)
    assert goal_failures(lesson, s) == []
    assert s.game.check_invariants(s.state) == []


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=IDS)
def test_lesson_runner_reaches_goal_by_clicking(index):
    runner = LessonRunner("spirited")
    runner.picker.value = index
    lesson = runner.lesson
    assert lesson.id == LESSONS[index].id
    assert runner.app.session.history == [] and runner.done.value == ""
    for ref in lesson.solution:
        assert runner.done.value == ""
        runner.app.actions.button_for(find(runner.app.session, ref).id).click()
    assert "Goal reached!" in runner.done.value
    runner.app.controls.undo.click()  # no longer holds, but was reached: kept, said calmly (trial 16, U2)
    assert "Goal reached!" not in runner.done.value and "rt-done-kept" in runner.done.value
    assert not runner.errors.output.outputs


# -- walkthrough ---------------------------------------------------------------------------------------------------
def test_first_round_walkthrough_plays_a_full_round_of_three_players():
    [path] = [p for p in all_walkthroughs("spirited") if p.name == "first-round.yaml"]
    wt = load_walkthrough(path)
    assert wt.setup.players == 3
    assert all(st.narration for st in wt.steps)
    s = play_to(wt, len(wt.steps), str(path))
    actors = [st.action.actor for st in s.history]
    assert set(actors) == {0, 1, 2}
    assert s.state.turn == 4 and s.state.current == 0  # every player took a turn: the round is over
    fired = {e.clause for st in s.history for e in st.events}
    assert {"sp.scout", "sp.recruit", "sp.battle", "sp.battle.manoeuvre", "sp.scout.play"} <= fired
    for n in range(len(wt.steps) + 1):  # every prefix renders
        board_for("spirited").render(play_to(wt, n, str(path)))


# -- free play -----------------------------------------------------------------------------------------------------
def test_learn_app_free_play_opens_a_spirited_game():
    app = LearnApp("spirited")
    app.tabs.selected_index = 1
    assert app.free is not None and app.free.session.game_id == "spirited"
    assert app.free.actions.action_buttons
    assert not app.errors.output.outputs


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_free_play_with_2_to_6_players_by_clicking(players):
    app = TutorApp(tutor.new_game("spirited", players=players, seed=players))
    rng = random.Random(players)
    for _ in range(60):
        buttons = app.actions.action_buttons
        if not buttons:
            break
        rng.choice(buttons).click()
    assert len(app.session.history) >= 30
    assert not app.errors.output.outputs
    assert n_players(app.board.html.value) == players


@pytest.mark.parametrize("players", [5, 6])
def test_free_play_new_game_controls_offer_5_and_6_players(players):
    app = TutorApp(tutor.new_game("spirited", players=2, seed=1), new_game=True)
    app.controls.players.value = players
    app.controls.new.click()
    assert app.session.game.players == players
    assert app.controls.first_game.layout.display == "none"
    assert not app.errors.output.outputs
