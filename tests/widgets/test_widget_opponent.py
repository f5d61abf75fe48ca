"""Free play against the computer (widgets.opponent): seats, the computer's moves with their reasons, Undo of the
learner's own move with the computer's replies, and the Hint."""
from __future__ import annotations

import re

from html import unescape

import ipywidgets as w
import pytest

import tutor
from tutor.step_words import past_sentence
from widgets import TutorApp
from widgets.opponent import Seats
from widgets.style import prov_text
from widget_texts import html_values


def table(game_id: str, seed: int = 1, **kw) -> tuple[TutorApp, Seats]:
    options = {"first_game": True} if game_id == "restless-spirits" else {}
    app = TutorApp(tutor.new_game(game_id, players=2, seed=seed, **options), new_game=True)
    return app, Seats(app.model, app.actions, **kw)


def person_moves(app: TutorApp, seats: Seats) -> str:
    s = app.session
    assert not seats.computer_to_move()
    a = s.legal_actions()[0]
    app.actions.button_for(a.id).click()
    return a.id


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_play_a_few_turns_against_the_computer(game_id):
    app, seats = table(game_id)
    assert [d.value for d in seats.seats] == ["you", "normal"]
    computer_steps = person_steps = 0
    for _ in range(40):
        if app.session.is_over:
            break
        if seats.computer_to_move():
            assert seats.next.disabled is False
            assert all(b.disabled for b in app.actions.action_buttons)
            n = len(app.session.history)
            assert seats.step() is True
            assert len(app.session.history) == n + 1
            assert app.session.history[-1].action.actor == 1
            # the computer's step said of the computer (third person), never the label written to "you"
            assert '<span class="rt-bot-who">Player 2 (computer, normal)' in seats.say.value
            assert not re.search(r"\b(your?|yours)\b", seats.say.value.split("</span>")[0]), seats.say.value
            computer_steps += 1
        else:
            assert seats.next.disabled is True and seats.step() is False
            assert any(not b.disabled for b in app.actions.action_buttons)
            person_moves(app, seats)
            person_steps += 1
    assert computer_steps > 0 and person_steps > 0


def test_undo_takes_back_my_move_and_the_computers_replies():
    app, seats = table("spirit-duels", seed=3)
    while not (app.session.current_player == 0 and len(app.session.history) > 6):
        if seats.computer_to_move():
            seats.step()
        else:
            person_moves(app, seats)
    before = app.session.to_json()
    mine = person_moves(app, seats)
    replies = 0
    while seats.computer_to_move():
        seats.step()
        replies += 1
    assert replies >= 1
    undone = seats.undo_mine()
    assert undone == replies + 1
    assert app.session.to_json() == before


def test_hint_marks_the_move_and_explains_it_without_playing_it():
    app, seats = table("restless-spirits", seed=2)
    while seats.computer_to_move() or app.session.state.phase != "play":
        seats.step() if seats.computer_to_move() else person_moves(app, seats)
    n = len(app.session.history)
    seats.hint()
    assert len(app.session.history) == n
    marked = [b for b in app.actions.action_buttons if "rt-hint" in b._dom_classes]
    assert len(marked) == 1
    expected, why = tutor.bot("restless-spirits", "normal", 0).hint(app.session)
    assert marked[0]._action_id == expected.id
    assert seats.say.value.startswith('<span class="rt-bot-who">Hint:</span>') and "(rules: " in seats.say.value
    assert "[rs." not in seats.say.value
    marked[0].click()
    assert not [b for b in app.actions.action_buttons if "rt-hint" in b._dom_classes]


def test_all_seats_people_is_hot_seat_and_a_new_game_keeps_the_choices():
    app, seats = table("spirited")
    seats.seats[1].value = "you"
    assert not seats.computer_to_move() and seats.next.disabled
    seats.seats[0].value = "easy"
    assert seats.computer_to_move() is (app.session.current_player == 0)
    app.controls.players.value = 3
    app.controls.new.click()
    assert len(seats.seats) == 3 and [d.value for d in seats.seats] == ["easy", "you", "normal"]


def test_undo_says_how_far_it_went():
    app, seats = table("spirit-duels", seed=3)
    while not (app.session.current_player == 0 and len(app.session.history) > 6):
        seats.step() if seats.computer_to_move() else person_moves(app, seats)
    mine = person_moves(app, seats)
    label = next(st.action.label for st in reversed(app.session.history) if st.action.id == mine)
    replies = 0
    while seats.computer_to_move():
        seats.step()
        replies += 1
    seats.undo_mine()
    said = (f"Took back your move ({prov_text(label)}) and the computer's {replies} "
            f"repl{'y' if replies == 1 else 'ies'}.")
    assert said in app.actions.note.value
    assert "rt-hidden" not in app.actions.note._dom_classes
    person_moves(app, seats)  # the game moves on: the note goes
    assert app.actions.note.value == "" and "rt-hidden" in app.actions.note._dom_classes


def test_undo_words():
    from widgets.opponent import undo_words
    assert undo_words("Pass", 2) == "Took back your move (Pass) and the computer's 2 replies."
    assert undo_words("Pass", 1) == "Took back your move (Pass) and the computer's 1 reply."
    assert undo_words("Pass", 0) == "Took back your move (Pass)."
    assert undo_words(None, 3) == "Took back the computer's 3 moves: no move of yours was left to take back."


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_one_screen_free_play_shows_the_learners_view(game_id):
    """The learn page's free play: Player 2 is the computer; on its turn its actions (its hidden hand) are not
    shown; its step carries its reason; the board names whose turn it is and hides the computer's hand."""
    from widgets.lessons import LearnApp
    learn = LearnApp(game_id)
    app = learn.open_free_play()
    seats = app.seats
    seats.auto.value = False  # (on by default) the computer's moves here come by "Computer's move"
    assert [d.value for d in seats.seats] == ["you", "normal"]
    for _ in range(60):
        if seats.computer_to_move():
            break
        person_moves(app, seats)
    assert seats.computer_to_move()
    assert app.actions.action_buttons == []
    assert "is the computer's seat" in unescape(app.actions._prompt.value)
    board = unescape(app.board.html.value)
    assert "The computer's turn (Player 2)" in board or "Player 2 (computer)" in board
    assert "COMPUTER'S TURN" in board or "COMPUTER CHOOSING" in board or "COMPUTER DECIDING" in board
    assert "hidden" in board
    assert seats.next.button_style == "primary" and not seats.next.disabled
    assert seats.request() is True  # no event loop in a test: the step is taken at once
    note = [x for x in app.last.lines() if "rt-step-note" in x._dom_classes]
    assert note and "Why the computer chose this:" in note[0].value and "[" not in note[0].value
    assert " your " not in note[0].value  # the computer's reason speaks of its own board, not the learner's
    seats.show_all.value = True
    assert "cards, hidden" not in app.board.html.value or game_id == "spirited"


def _slow(seats: Seats, monkeypatch, delay: float = 0.4) -> None:
    """Make the computer take ``delay`` seconds per move (as a long search would)."""
    import time
    decide = seats._decide

    def slow(still, level):
        time.sleep(delay)
        return decide(still, level)
    monkeypatch.setattr(seats, "_decide", slow)


def _computer_turn(app: TutorApp, seats: Seats) -> None:
    while not seats.computer_to_move():
        person_moves(app, seats)


def test_a_slow_computer_move_shows_progress_and_keeps_the_page_free(monkeypatch):
    """On the kernel's event loop the computer thinks in a worker thread: "Thinking…" shows, the loop stays free
    (other handlers run meanwhile), and the move is played when ready, with its reason."""
    import asyncio
    from widgets.lessons import LearnApp
    app = LearnApp("spirit-duels").open_free_play()
    seats = app.seats
    _computer_turn(app, seats)
    _slow(seats, monkeypatch)
    n = len(app.session.history)
    ticks = []

    async def play():
        assert seats.request() is True
        assert seats.thinking and seats.request() is False  # one move at a time
        for _ in range(3):
            await asyncio.sleep(0.1)
            ticks.append(seats.next.description)  # the loop runs while the computer thinks
        assert seats.next.description == "Thinking…" and seats.next.disabled
        assert "is thinking" in unescape(app.actions._prompt.value)
        while seats.thinking:
            await asyncio.sleep(0.05)
    asyncio.run(play())
    assert len(ticks) == 3
    assert len(app.session.history) == n + 1 and app.session.history[-1].action.actor == 1
    assert seats.next.description == "Computer's move"
    assert "Why the computer chose this:" in seats.annotate(app.session, app.session.history[-1])


def test_undo_while_the_computer_thinks_drops_its_move(monkeypatch):
    import asyncio
    from widgets.lessons import LearnApp
    app = LearnApp("restless-spirits").open_free_play()
    seats = app.seats
    _computer_turn(app, seats)
    _slow(seats, monkeypatch)

    async def play():
        assert seats.request() is True
        await asyncio.sleep(0.05)
        app.controls.undo.click()  # the learner takes back the move that gave the computer its turn
        while seats.thinking:
            await asyncio.sleep(0.05)
    asyncio.run(play())
    assert not seats.computer_to_move()  # the learner's turn again; the computer's answer was not played
    assert app.session.history == [] or app.session.history[-1].action.actor == 0
    assert "Took back your move" in unescape(app.actions.note.value)


def test_auto_plays_after_a_pause_and_unticking_stops_it(monkeypatch):
    import asyncio
    import widgets.opponent as opponent
    from widgets.lessons import LearnApp
    monkeypatch.setattr(opponent, "AUTO_PAUSE", 0.05)
    app = LearnApp("spirited").open_free_play()
    seats = app.seats
    assert seats.auto.value is True  # on by default (trial 14, T5); off here, to tick it below
    seats.auto.value = False
    _computer_turn(app, seats)
    n = len(app.session.history)

    async def play():
        seats.auto.value = True  # the computer plays on by itself
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(app.session.history) > n and not seats.thinking:
                break
        seats.auto.value = False
        at = len(app.session.history)
        await asyncio.sleep(0.5)
        return at
    at = asyncio.run(play())
    assert at > n  # it moved by itself
    assert len(app.session.history) == at  # and stopped when Auto was unticked
    assert seats._pending is None


def _free_play_until_the_computer_moves(game_id: str):
    """``(app, seats)`` of a learn page's free game, played by the learner until the computer is to move."""
    from widgets.lessons import LearnApp
    app = LearnApp(game_id).open_free_play()
    seats = app.seats
    seats.auto.value = False  # (on by default) the computer's moves here come by "Computer's move"
    for _ in range(60):
        if seats.computer_to_move():
            break
        person_moves(app, seats)
    return app, seats


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_the_learners_own_step_stays_in_view_under_the_computers_replies(game_id):
    """Free play on the learn page: after the turn passes and the computer plays, "What just happened" shows the
    learner's own last step first, then "Then the computer played…" and the computer's steps, the newest last."""
    app, seats = _free_play_until_the_computer_moves(game_id)
    mine = app.session.history[-1]
    assert mine.action.actor == 0
    replies = 0
    while seats.computer_to_move() and replies < 10:
        assert seats.step() is True
        replies += 1
    assert replies >= 1
    kids = app.last.lines()
    titles = [unescape(x.value) for x in kids if "rt-step-now" in getattr(x, "value", "")]
    # (issue #16: every step of the learner's move, e.g. Spirited's Scout and its Recruit, each under its title)
    own = [x for x in titles if " · Player 1:" in x]
    assert own == titles[:len(own)] and f"Step {mine.index + 1} · Player 1:" in own[-1]
    last = app.session.history[-1]
    assert last.action.actor == 1 and f"Step {last.index + 1} · The computer " in titles[-1]
    then = [x for x in kids if "rt-then" in x._dom_classes]
    assert len(then) == 1 and "Then the computer played" in then[0].value
    assert kids.index(then[0]) > kids.index([x for x in kids if "rt-step-now" in getattr(x, "value", "")][0])
    assert len(titles) == len(own) + min(replies, app.last.MAX_REPLIES)


def test_the_computers_newest_steps_are_the_ones_a_low_window_shows():
    """"What just happened" after many computer steps: the line above them says which are shown (the latest ones,
    the older ones in the History), and on a low window (CSS class ``rt-older-reply`` hidden) only the newest
    three remain; when the one-screen strip hides some of the reply's lines, a third variant (CSS class
    ``rt-then-few``) stands in for both counts."""
    from widgets.last_step import _then_text
    assert _then_text(1, 1, 3) == "Then the computer played"
    few = '<span class="rt-muted rt-then-few"> (the newest below, all {} in the History)</span>'
    assert _then_text(2, 2, 3) == "Then the computer played 2 steps" + few.format(2)
    assert _then_text(10, 6, 3) == (
        'Then the computer played 10 steps<span class="rt-muted rt-then-n rt-then-tall"> (the latest 6 below, the 4 '
        'before them in the History)</span><span class="rt-muted rt-then-n rt-then-short"> (the latest 3 below, the 7 '
        'before them in the History)</span>' + few.format(10))
    assert _then_text(5, 5, 3) == ('Then the computer played 5 steps<span class="rt-muted rt-then-n rt-then-tall">'
                                   '</span><span class="rt-muted rt-then-n rt-then-short"> (the latest 3 below, the 2 '
                                   'before them in the History)</span>' + few.format(5))


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_older_computer_steps_come_before_the_cut_a_low_window_hides(game_id):
    """The computer's steps shown before its newest :attr:`LastStep.SHORT_REPLIES` sit between "Then the computer
    played" and a hidden line of CSS class ``rt-reply-cut`` (the one-screen table hides them on a low window); the
    newest ones and the learner's own step lie outside."""
    app, seats = _free_play_until_the_computer_moves(game_id)
    replies = 0
    while seats.computer_to_move() and replies < 10:
        assert seats.step() is True
        replies += 1
    kids = app.last.lines()
    titles = [kids.index(x) for x in kids if "rt-step-now" in getattr(x, "value", "")]
    then = [i for i, x in enumerate(kids) if "rt-then" in x._dom_classes][0]
    cut = [i for i, x in enumerate(kids) if "rt-reply-cut" in x._dom_classes]
    shown = min(replies, app.last.MAX_REPLIES)
    older = max(0, shown - app.last.SHORT_REPLIES)
    if older:
        assert len(cut) == 1 and len([t for t in titles if then < t < cut[0]]) == older
        assert len([t for t in titles if t > cut[0]]) == app.last.SHORT_REPLIES
    else:
        assert cut == []
    assert titles[0] < then


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_a_forged_click_never_moves_for_the_computer(game_id):
    """While a computer seat is to move, no click from the page takes a step: not a legal action's id, not a forged
    click message to a Button still alive in the kernel (rows kept for a few renders after they stop showing), which
    once let a learner choose the computer's guide for it (fresh attack, session 11)."""
    from ipywidgets.widgets.widget import _instances

    app, seats = table(game_id)
    while not seats.computer_to_move():
        person_moves(app, seats)
    before = app.session.to_json()
    legal = [a.id for a in app.session.legal_actions()]
    assert legal and all(app.model.click(a) is False for a in legal)
    forged = [b for b in list(_instances.values()) if hasattr(b, "_action_id") and isinstance(b, w.Button)]
    assert forged  # the learner's Buttons of earlier renders are among them
    for b in forged:
        b._handle_button_msg(None, {"event": "click"}, [])  # what the front end sends on a click
    assert app.session.to_json() == before
    assert seats.step() is True  # the computer's own move still goes
    assert app.session.history[-1].action.actor == 1


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_redo_brings_back_my_move_and_the_computers_replies_as_they_were(game_id):
    """Trial 12 item 8: after Undo (the learner's move and the computer's replies), Redo brings back both, the same
    steps with the same reasons, and says so; the computer's choices are not made again."""
    options = {"first_game": True} if game_id == "restless-spirits" else {}
    app = TutorApp(tutor.new_game(game_id, players=2, seed=4, **options), new_game=True, one_screen=True,
                   opponent=True)
    seats = app.seats
    while not (app.session.current_player == 0 and len(app.session.history) > 4):
        seats.step() if seats.computer_to_move() else person_moves(app, seats)
    mine = person_moves(app, seats)
    while not seats.computer_to_move():  # my turn goes on (AP left): my last move is the one the computer answers
        mine = person_moves(app, seats)
    replies = 0
    while seats.computer_to_move() and replies < 30:
        seats.step()
        replies += 1
    assert replies >= 1
    after = app.session.to_json()
    steps = [(st.index, st.action.id) for st in app.session.history]
    reasons = [seats.annotate(app.session, st) for st in app.session.history[-replies:]]
    assert all("Why the computer chose this:" in r for r in reasons)
    app.controls.undo.click()
    assert app.session.history[-1].index == steps[-replies - 2][0]
    assert app.controls.redo.disabled is False
    assert app.controls.redo.tooltip == "Bring back your move and the computer's replies, as they were"
    app.controls.redo.click()
    assert app.session.to_json() == after  # exactly as they were (the same seeded game)
    assert [(st.index, st.action.id) for st in app.session.history] == steps
    assert [seats.annotate(app.session, st) for st in app.session.history[-replies:]] == reasons
    assert app.controls.redo.disabled is True and not seats.computer_to_move()
    assert app.session.history[-replies - 1].action.id == mine
    label = app.session.history[-replies - 1].action.label
    said = (f"Brought back your move ({prov_text(label)}) and the computer's {replies} "
            f"repl{'y' if replies == 1 else 'ies'}.")
    assert said in app.actions.note.value


def test_redo_words():
    from widgets.opponent import redo_words
    assert redo_words("Pass", 2) == "Brought back your move (Pass) and the computer's 2 replies."
    assert redo_words("Pass", 1) == "Brought back your move (Pass) and the computer's 1 reply."
    assert redo_words(None, 1) == "Brought back the computer's 1 move."


def test_auto_is_on_by_default_and_shows_on_the_learners_turn_too():
    """Trial 14, T5: a new learner clicked a move and the computer just waited (Auto was off). Auto is ticked when
    free play opens, and shown (untickable) on the learner's turn too, not only while the computer is to move; a
    table made with ``auto=False`` starts unticked."""
    app = TutorApp(tutor.new_game("spirited", players=2, seed=1), new_game=True, one_screen=True, opponent=True)
    seats = app.seats
    assert seats.auto.value is True and not seats.computer_to_move()
    assert "rt-hidden" not in seats.auto._dom_classes and "rt-hidden" in seats.next._dom_classes
    seats.auto.value = False
    assert "rt-hidden" not in seats.auto._dom_classes
    assert Seats(app.model, auto=False).auto.value is False


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_the_computers_steps_are_said_of_the_computer(game_id):
    """Trial 14, T6: "Player 2: Destroy your Takayama" was shown for the computer's step; trial 17, U3: a computer
    step is titled by what the computer did, in the past tense, from its action's label ("Step 4 · The computer
    ended its turn", "The computer attracted Ruby"), in the last-step strip and the History; the learner's own steps
    keep their label ("Step 1 · Player 1: End your turn")."""
    options = {"first_game": True} if game_id == "restless-spirits" else {}
    app = TutorApp(tutor.new_game(game_id, players=2, seed=2, **options), new_game=True, one_screen=True,
                   opponent=True)
    seats = app.seats
    seats.auto.value = False
    while not any(st.action.actor == 1 for st in app.session.history) and len(app.session.history) < 60:
        seats.step() if seats.computer_to_move() else person_moves(app, seats)
    app.log.lazy = False  # the History, built
    titles = [unescape(re.sub(r"<[^>]+>", "", x.value)) for x in app.log.lines() + app.last.lines()
              if isinstance(x, w.HTML) and "rt-step" in x.value]
    theirs = [t for t in titles if re.match(r"Step \d+ · The computer ", t)]
    mine = [t for t in titles if re.match(r"Step \d+ · Player 1", t)]
    assert theirs and mine, titles
    assert not any(re.match(r"Step \d+ · Player 2", t) for t in titles), titles
    past = re.compile(r"Step \d+ · The computer (\w+ed|bought|built|broke|chose|drew|gave|kept|left|paid|put|set|"
                      r"spent|stole|took)[ :,]")  # ("The computer meditated, discarding …")
    for t in theirs:
        assert past.match(t + " "), t
        assert not re.search(r"\b(you|your|yours|their)\b", t, re.IGNORECASE), t
    for st in app.session.history:  # each computer step's title is its own label's, in the past tense
        if st.action.actor == 1:
            plain = lambda x: re.sub(r"\s+", " ", x.replace("[provisional]", "").replace("\u2020", "")).strip()
            title = past_sentence(st.action.label, 'The computer', st.action.cost, app.session.game.cost_unit)
            said = plain(f"Step {st.index + 1} · {title}")
            assert any(plain(t).startswith(said) for t in theirs), (said, theirs)
    assert all(re.match(r"Step \d+ · Player 1: ", t) for t in mine), mine


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_a_second_hint_press_says_what_the_move_itself_does(game_id):
    """Trial 18: a second Hint press at the same position repeated the first, though the tooltip suggested more. The
    ladder per position: the first press marks the move and says why; the second says what the move itself
    does (its rule and, for a card, the card's text: tutor.bots.Bot.more), the why folded under it; the tooltip says what the next press
    gives, and that there is no more at the last rung; a new position starts the ladder again."""
    from widgets.opponent import HINT_TIPS
    app, seats = table(game_id, seed=2)
    for _ in range(12):  # a few steps in, on the learner's turn
        seats.step() if seats.computer_to_move() else person_moves(app, seats)
    while seats.computer_to_move():
        seats.step()
    n = len(app.session.history)
    assert seats.hint_button.tooltip == HINT_TIPS[0]
    seats.hint_button.click()
    first = unescape(app.actions.note.value)
    marked = [b._action_id for b in app.actions.action_buttons if "rt-hint" in b._dom_classes]
    expected, why = tutor.bot(game_id, "normal", 0).hint(app.session)
    assert marked == [expected.id] and "Hint:" in first and "More:" not in first
    assert seats.hint_button.tooltip == HINT_TIPS[1]
    seats.hint_button.click()
    second = unescape(app.actions.note.value)
    more = tutor.bot(game_id, "normal", 0).more(app.session, expected)
    main = next(tutor.clauses(game_id)[c] for c in expected.clauses if c in tutor.clauses(game_id))
    # (what the move does first, the first press's why folded under it, newuser45: the two made a box too tall)
    said_why = first[first.index("Hint:</span> ") + len("Hint:</span> "):-len("</div>")]
    assert second.startswith('<div class="rt-hint"><div class="rt-hint-more"><span class="rt-bot-who">More:</span> '
                             "What it does (")
    assert f"<summary>Hint: why this move</summary>{said_why}</details></div>" in second
    assert f"{main.text}" in second and "[" + main.id + "]" not in second  # the rule by its title, never its id
    assert more.startswith("What it does (")
    assert seats.hint_button.tooltip == HINT_TIPS[2] and len(app.session.history) == n
    seats.hint_button.click()  # no third rung: the same words, the tooltip already says so
    assert unescape(app.actions.note.value) == second and seats.hint_button.tooltip == HINT_TIPS[2]
    for text in (first, second):
        assert ".:" not in text and ".." not in text.replace("...", "") and " :" not in text
    app.actions.button_for(expected.id).click()
    assert seats.hint_button.tooltip == HINT_TIPS[0]


def _page_text(root) -> str:
    """Every HTML value under ``root`` (the widgets the page holds), unescaped, one per line."""
    return "\n".join(html_values(root))


@pytest.mark.parametrize("game_id", tutor.GAMES)
def test_the_computers_hidden_hand_is_never_named_in_the_step_lines(game_id):
    """Trial 22 (high): Spirit Duels free play listed the computer's opening hand in the Set-up lines ("Player 2
    draws Leafy Tome, Sink Deep, …") and kept it in the History, while the board said "5 cards, hidden". An event
    naming cards only its actor sees carries what the others are told (``Event.public``); a page hiding that seat's
    hand shows those words and no card links, and "Show all hands" shows the cards again."""
    from widgets.lessons import LearnApp
    app = LearnApp(game_id).open_free_play()
    seats = app.seats
    seats.auto.value = False
    s = app.session
    private = [e for e in s.setup_events if e.public is not None and e.actor == 1]
    if game_id == "spirit-duels":  # its opening hand: a count in the set-up lines shown before the first step
        assert [e.public for e in private] == ["Player 2 draws 5 cards (25 left in the deck)."]
        page = _page_text(app.widget)
        assert private[0].public in page and private[0].text not in page
    for _ in range(80):
        if s.is_over:
            break
        if seats.computer_to_move():
            assert seats.request() is True
        else:
            person_moves(app, seats)
        private += [e for e in s.history[-1].events if e.public is not None and e.actor == 1 and e.text != e.public]
        app.log.render() if hasattr(app.log, "render") else None
        page = _page_text(app.widget)
        for e in private:
            assert e.text not in page, e.text
    shown = [e for e in private if e.public in page]  # (the History shows the newest steps)
    if shown:
        seats.show_all.value = True  # the learner asked to see every hand: the cards are named again
        page = _page_text(app.widget)
        assert all(e.text in page for e in shown), [e.text for e in shown]


def test_the_computers_set_aside_cards_are_not_named_in_its_step_titles():
    """Trial 22 (high, with the opening hand): the computer's mulligan was titled with the card it set aside ("The
    computer set aside Blitzrush …"). Its hand hidden, the title says what the learner may know (the game's view:
    ``public_label``), and "Show all hands" names the card again."""
    from widgets.lessons import LearnApp
    app = LearnApp("spirit-duels").open_free_play()
    seats = app.seats
    seats.auto.value = False
    s = app.session
    keep = next(a for a in s.legal_actions() if a.kind == "keep-hand")
    app.actions.button_for(keep.id).click()  # the learner keeps their hand; the computer decides on its own
    aside = next((a for a in s.legal_actions() if a.kind == "set-aside"), None)
    assert aside is not None and seats.computer_to_move()
    app.model.apply(aside.id)  # (as the computer would: a set-aside of its own)
    page = _page_text(app.widget)
    card = aside.label.removeprefix("Set aside ").split(" (")[0]
    assert "The computer set aside a card" in page and f"set aside {card}" not in page, page[-800:]
    seats.show_all.value = True
    assert f"The computer set aside {card}" in _page_text(app.widget)


def test_showing_a_hand_keeps_every_shown_widget_open():
    """The page failed to load ("Loading widget…", a browser test of resuming free play): making Player 2 a person's
    seat showed the computer's hand again, and the set-up lines drawn without its cards were closed at once while the
    folded History (drawn when opened) still held them; the page's next request for every widget's state then
    failed. They are closed once the new lines are shown."""
    from ipywidgets.widgets.widget import _instances
    from widgets.lessons import LearnApp
    before = set(_instances)
    app = LearnApp("restless-spirits")
    app.tabs.selected_index = 1
    free = app.free

    def states() -> int:  # the state of every widget of this page, as the page asks for it when it loads
        mine = [x for k, x in list(_instances.items()) if k not in before]
        for x in mine:
            x.get_state()  # raised AttributeError: 'NoneType' object has no attribute 'comm_id'
        return len(mine)
    free.seats.seats[1].value = "you"  # the computer's hand is shown from now on: its lines are drawn again
    free.seats.seats[1].value = "normal"
    assert states() > 100
    free.seats.show_all.value = True
    assert states() > 100


class _Handle:
    def cancel(self) -> None:
        pass


class _StepLoop:
    """A stand-in for the kernel's event loop that runs nothing by itself: it keeps each timer (its delay and
    callback) for the test to fire, and does the computer's thinking at once."""

    def __init__(self) -> None:
        self.timers: list = []

    def call_later(self, delay, fn, *args):
        self.timers.append((delay, fn, args))
        return _Handle()

    def run_in_executor(self, _pool, fn, *args):
        import concurrent.futures
        fut = concurrent.futures.Future()
        fut.set_result(fn(*args))
        return fut


def _long_reply(app, seats, loop: _StepLoop | None) -> tuple[list[str], list[float]]:
    """The learner plays its first legal action each turn until the computer answers with 8 steps or more: that
    reply's action ids and (with ``loop``, Auto on) the pauses Auto waited before each of its steps."""
    while True:
        start, pauses = len(app.session.history), []
        while seats.computer_to_move():
            if loop is None:
                assert seats.step() is True
                continue
            auto = [t for t in loop.timers if t[1].__name__ == "later"]
            assert len(auto) == 1, loop.timers
            loop.timers.clear()
            pauses.append(auto[0][0])
            auto[0][1]()
        played = [st.action.id for st in app.session.history[start:]]
        if len(played) >= 8:
            return played, pauses
        assert not app.session.is_over
        person_moves(app, seats)
        loop is None or loop.timers.clear() if not seats.computer_to_move() else None


def test_a_long_computer_reply_plays_out_in_a_few_seconds(monkeypatch):
    """Newuser 38: in Spirit Duels free play the computer's first whole turn (10 steps or more) took ~9 s to play
    out, 0.8 s before each step. Auto now waits :data:`AUTO_PAUSE` before a reply's first step and less before each
    later one (half the one before): the pauses of a reply of 22 steps add up to at most 2.5 s, and its steps are the ones (and in the order)
    the computer plays one by one with "Computer's move"."""
    import widgets.opponent as opponent
    from widgets.lessons import LearnApp
    loop = _StepLoop()
    monkeypatch.setattr(opponent, "_loop", lambda: loop)
    app = LearnApp("spirit-duels").open_free_play()
    assert app.seats.auto.value is True
    played, pauses = _long_reply(app, app.seats, loop)
    assert len(pauses) == len(played) >= 8, (played, pauses)
    assert pauses[0] == opponent.AUTO_PAUSE and sum(pauses) <= 2.5, pauses
    assert sum(pauses[:10]) <= 2.0, pauses  # (a reply of 10 steps: under 2 s of pauses)
    assert pauses == [opponent.auto_pause(i) for i in range(len(pauses))]
    # the same game, step by step with "Computer's move" (no loop: each step at once)
    monkeypatch.setattr(opponent, "_loop", lambda: None)
    again = LearnApp("spirit-duels").open_free_play()
    again.seats.auto.value = False
    assert _long_reply(again, again.seats, None)[0] == played
