"""A hostile saved session (a kept game edited by hand) is refused in words a person would say (attack 45: the
catch-alls of :func:`tutor.load_session` said "KeyError: None", "TypeError: ..."): the field named, what was wrong,
never a Python error's name nor a Python repr; the session it was saved from, and a page's game, stay as they were.
"""
from __future__ import annotations

import copy
import json
import re

import pytest

import tutor
from tutor.core.errors import ContentError, trouble_words
from tutor.core.session import Session

#: What a person would not say: a Python error's or type's name, a repr of a class, a traceback.
PYTHONIC = re.compile(r"[A-Z][A-Za-z]*(Error|Exception)\b|Traceback|<class|\bNoneType\b|\b(dict|str|int|float|bool|"
                      r"tuple)\b(?! (item|key))|object has no attribute|unhashable|not subscriptable")


def _game(game_id: str = "restless-spirits") -> tutor.Session:
    s = tutor.new_game(game_id, players=2, seed=3)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    return s


def _refused(data: dict) -> ContentError:
    with pytest.raises(ContentError) as ei:
        tutor.load_session(json.dumps(data))
    message = str(ei.value)
    assert not PYTHONIC.search(message), message
    return ei.value


def _not_legal_there(game_id: str, session: tutor.Session, at: int) -> str:
    """An action id of ``game_id`` that is not legal at ``session``'s step ``at`` (one legal at another step)."""
    probe = tutor.new_game(game_id, players=2, seed=3)
    for aid in json.loads(session.to_json())["actions"][:at]:
        probe.apply(aid)
    legal = {a.id for a in probe.legal_actions()}
    other = tutor.new_game(game_id, players=2, seed=3)
    seen: list[str] = []
    for _ in range(30):
        seen += [a.id for a in other.legal_actions()]
        other.apply(other.legal_actions()[-1])
    return next(a for a in seen if a not in legal)


@pytest.mark.parametrize("game_id", ["restless-spirits", "spirited", "spirit-duels"])
@pytest.mark.parametrize("key, value, field, words", [
    ("players", "two", "players", "players: must be a whole number (the number of seats), got 'two'"),
    ("players", [2], "players", "players: must be a whole number (the number of seats), got a list of 1 item (2)"),
    ("actions", "end-turn", "actions", "actions: must be a list of action ids, got 'end-turn'"),
    ("actions", None, "actions", "actions: must be a list of action ids, got nothing (null)"),
    ("actions", [7], "actions[0]", "actions[0]: must be an action's id (a text such as 'end-turn'), got 7"),
    ("options", [1], "options", "options: must be a mapping"),
    ("prepared", "yes", "prepared", "prepared: must be true or false"),
])
def test_a_field_of_the_wrong_kind_is_named_in_words(game_id, key, value, field, words):
    session = _game(game_id)
    before = session.to_json()
    data = json.loads(before)
    data[key] = value
    exc = _refused(data)
    assert str(exc) == f"<saved session>: {words}" and exc.field == field
    assert session.to_json() == before


@pytest.mark.parametrize("game_id", ["restless-spirits", "spirited", "spirit-duels"])
def test_a_missing_action_and_an_action_not_legal_there_are_named(game_id):
    session = _game(game_id)
    before = session.to_json()
    data = json.loads(before)
    gone = copy.deepcopy(data)
    del gone["actions"]
    assert str(_refused(gone)) == "<saved session>: actions: missing"
    short = {**data, "actions": data["actions"][:-1]}  # one step left out: the saved state no longer follows
    exc = _refused(short)
    assert str(exc).startswith("<saved session>: state") and "(was the file edited?)" in str(exc)
    wrong = {**data, "actions": [*data["actions"][:2], _not_legal_there(game_id, session, 2), *data["actions"][3:]]}
    exc = _refused(wrong)
    assert exc.field == "actions[2]" and "is not a legal action now" in str(exc)
    assert session.to_json() == before


@pytest.mark.parametrize("fault, words", [
    (KeyError(None), "it names something the game does not have"),
    (KeyError("ruby"), "it names something the game does not have ('ruby')"),
    (IndexError("list index out of range"), "it points past the end of a list of the game"),
    (TypeError("'NoneType' object is not subscriptable"), "a value of the wrong kind (a list or mapping where one "
                                                          "value belongs, a text where a number belongs, or the "
                                                          "reverse)"),
    (AttributeError("'dict' object has no attribute 'seat'"), "a value of the wrong kind (a list or mapping where "
                                                              "one value belongs, a text where a number belongs, or "
                                                              "the reverse)"),
    (ValueError("invalid literal for int() with base 10: 'x'"), "a value the game does not allow there"),
    (PermissionError(13, "Permission denied", "/srv/x"), "a file or folder it needs cannot be read (Permission "
                                                         "denied)"),
])
def test_an_engine_fault_on_replay_is_said_in_words(monkeypatch, fault, words):
    """Whatever the engine trips on while replaying (an edit no check foresaw), the learner reads the step and what
    kind of thing was wrong, never "KeyError: None" or Python's own sentence."""
    session = _game()
    before = session.to_json()
    first = json.loads(before)["actions"][0]

    def trip(self, action):
        raise fault
    monkeypatch.setattr(Session, "_apply", trip)
    exc = _refused(json.loads(before))
    assert str(exc) == (f"<saved session>: actions[0]: '{first}' cannot be played at that point of the game: "
                        f"{words}") and exc.field == "actions[0]"
    monkeypatch.undo()
    assert session.to_json() == before


def test_an_engine_fault_at_set_up_or_after_the_last_step_is_said_in_words(monkeypatch):
    session = _game("spirit-duels")
    text = session.to_json()
    real = type(session.game).initial_state

    def no_setup(self):
        raise KeyError(None)
    monkeypatch.setattr(type(session.game), "initial_state", no_setup)
    exc = _refused(json.loads(text))
    assert str(exc) == ("<saved session>: options: the game cannot be set up from it: it names something the game "
                        "does not have")
    monkeypatch.setattr(type(session.game), "initial_state", real)

    def no_moves(self):
        raise TypeError("'NoneType' object is not iterable")
    monkeypatch.setattr(Session, "legal_actions", no_moves)
    exc = _refused(json.loads(text))
    assert str(exc).startswith("<saved session>: actions[5]: the game cannot go on from the state it leads to: a "
                               "value of the wrong kind")


def test_trouble_words_never_name_the_error():
    for exc in (KeyError(None), KeyError(True), IndexError(), RecursionError(), ZeroDivisionError(), OverflowError(),
                LookupError("x"), RuntimeError("boom")):
        words = trouble_words(exc)
        assert not PYTHONIC.search(words) and "boom" not in words and "True" not in words, words
