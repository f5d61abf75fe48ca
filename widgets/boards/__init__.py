"""Board views, one module per game, chosen by game id (a new game only adds its module here).

A board module provides ``render(session) -> str`` (HTML), ``decision_prompt(session) -> str | None``,
``group_of(kind) -> str``, ``GROUP_TITLES`` and ``GROUP_ORDER``.
"""
from __future__ import annotations

import importlib
import importlib.util
import weakref
from types import ModuleType

#: session -> the seats whose hidden cards (hand, draft packet) the page must not show: the computer's seats when a
#: learner plays against it (their observation, see :func:`tutor.observation`), set by :class:`widgets.opponent.Seats`.
_HIDDEN: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def hide_hands(session, seats) -> bool:
    """Show ``session`` as the seats in ``seats`` may not see it: their hands as counts. Returns True when that
    changed (the board must be drawn again)."""
    new = frozenset(seats)
    if _HIDDEN.get(session, frozenset()) == new:
        return False
    _HIDDEN[session] = new
    return True


def hidden_hands(session) -> frozenset:
    """The seats of ``session`` whose hands the page shows only as a count (empty: every hand as the board shows
    it by default)."""
    return _HIDDEN.get(session, frozenset())


#: session -> the seats the computer plays (set by :class:`widgets.opponent.Seats`); the others are the learner's.
_COMPUTER: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def mark_computer(session, seats) -> bool:
    """Say which seats of ``session`` the computer plays (the board names them "computer" and the others "you").
    Returns True when that changed (the board must be drawn again)."""
    new = frozenset(seats)
    if _COMPUTER.get(session, frozenset()) == new:
        return False
    _COMPUTER[session] = new
    return True


def computer_seats(session) -> frozenset:
    """The seats of ``session`` the computer plays (empty: people play every seat)."""
    return _COMPUTER.get(session, frozenset())


def named(session, seat: int) -> str:
    """``"Player 2 (computer)"``, ``"Player 1 (you)"`` against the computer, else ``"Player N"`` (plain text made of
    fixed words and the seat number: safe in HTML as it is)."""
    comp = computer_seats(session)
    if not comp:
        return f"Player {seat + 1}"
    return f"Player {seat + 1} ({'computer' if seat in comp else 'you'})"


def whose_turn(session, seat: int) -> str:
    """The banner's words: ``"Your turn (Player 1)"`` or ``"The computer's turn (Player 2)"`` against the computer,
    else ``"Player N's turn"`` (plain text)."""
    comp = computer_seats(session)
    if not comp:
        return f"Player {seat + 1}'s turn"
    who = "The computer's" if seat in comp else "Your"
    return f"{who} turn (Player {seat + 1})"


#: The sessions no seat of which is the viewer's: a walkthrough a presenter projects to a room
#: (:mod:`widgets.present_tab`) and a practice question's position (:mod:`widgets.practice`). Their turn badge names
#: the player by its name ("Player 2 TO PLAY"; trial 20: "YOUR TURN" on the projected page).
_PRESENTED: "weakref.WeakSet" = weakref.WeakSet()


def presented(session):
    """Mark ``session`` as one no seat of which is the viewer's (:data:`_PRESENTED`): its turn badge names the
    player. Returns ``session``."""
    _PRESENTED.add(session)
    return session


def turn_badge(session, seat: int, text: str = "YOUR TURN") -> str:
    """The badge by the acting player's name (HTML): ``text``, or for a computer seat "COMPUTER'S TURN" (a
    ``text`` other than "YOUR TURN", e.g. "CHOOSING", gets "COMPUTER " before it); in a projected walkthrough
    (:func:`presented`) "YOUR TURN" becomes "TO PLAY", by the player's name: "Player 2 TO PLAY" (as short as
    "YOUR TURN", so a projected board keeps its size)."""
    if text == "YOUR TURN" and session in _PRESENTED:  # (after the player's name: "Player 2 TO PLAY")
        return '<span class="rt-turn">TO PLAY</span>'
    if seat in computer_seats(session):
        text = "COMPUTER'S TURN" if text == "YOUR TURN" else f"COMPUTER {text}"
        return f'<span class="rt-turn rt-turn-computer">{text}</span>'
    return f'<span class="rt-turn">{text}</span>'


def who_tag(session, seat: int) -> str:
    """Against the computer, a small tag after a player's name (HTML): "you" or "computer"; else nothing."""
    comp = computer_seats(session)
    if not comp:
        return ""
    return (f'<span class="rt-who rt-who-computer">computer</span>' if seat in comp else
            '<span class="rt-who rt-who-you">you</span>')


#: The sessions of lessons (set by :class:`widgets.lesson_runner.LessonRunner`): one learner plays every seat to learn the
#: rules, so every hand is shown face up, the other seat's too (trial 12 item 9).
_OPEN_HANDS: "weakref.WeakSet" = weakref.WeakSet()


def open_hands(session):
    """Show every hand of ``session`` face up (a lesson: one learner plays both seats, and a lesson about the other
    seat's cards needs them in view; a Spirit Duels hand is hidden only from an opponent: Arcane's
    Drain, rulebook "Class Abilities", reveals cards from it). Returns ``session``."""
    _OPEN_HANDS.add(session)
    return session


def projected(session):
    """A walkthrough the presenter projects to a room (:mod:`widgets.present_tab`): :func:`presented` (no seat is the
    viewer's) and :func:`open_hands` (every hand face up: a walkthrough teaches the rules, its narration names the
    cards of either hand, and the room is no player; newuser45: Player 1's hand read "5 cards, hidden" beside Player
    2's face up at step 4 of the Spirit Duels walkthrough, as people passing one screen would see it). Returns
    ``session``."""
    return open_hands(presented(session))


def hand_shown(session, seat: int, acting: bool) -> bool:
    """Whether the page shows ``seat``'s hand face up: never a hidden seat's (:func:`hidden_hands`); against the
    computer every other (the learner's own; the computer's too with "Show all hands"); in a lesson or a projected
    walkthrough (:func:`open_hands`, :func:`projected`) every hand; otherwise (people passing one screen) only the acting player's, and every hand
    once the game is over (no one acts then, and the learner's own hand must not turn into a count at the end)."""
    if seat in hidden_hands(session):
        return False
    return acting or bool(computer_seats(session)) or session.is_over or session in _OPEN_HANDS

def end_words(session) -> str:
    """How the game ended, in the engine's own words: the last event of the step that ended it (``"Player 1 wins
    with 5 released Spirits."``), or the state's ``win_reason`` when no step ended it (a game set up as over); plain
    text, to be escaped. The view never restates the rule that decided it."""
    if session.history and session.history[-1].events:
        return session.history[-1].events[-1].text
    return str(getattr(session.state, "win_reason", "") or "")


BOARDS = {"restless-spirits": "widgets.boards.restless_spirits", "spirited": "widgets.boards.spirited",
          "spirit-duels": "widgets.boards.spirit_duels"}


def board_for(game_id: str) -> ModuleType:
    """The board module of ``game_id``.

    Raises:
        ValueError: no board view for that game yet (naming the games that have one).
    """
    name = BOARDS.get(game_id)
    if name is None or importlib.util.find_spec(name) is None:
        have = [g for g, m in BOARDS.items() if importlib.util.find_spec(m) is not None]
        raise ValueError(f"no board view for game {game_id!r}; boards exist for: {', '.join(have)}")
    return importlib.import_module(name)
