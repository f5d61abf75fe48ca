"""A saved session with a key written twice in one JSON object is refused, naming the key (issue 14, attack 42 L3:
``json.loads`` kept the last of two keys silently, so ``{"seed": 2, "seed": 3}`` read as a save of seed 3).

Refused at the top of the file and deep in a state alike; the session the text came from is unchanged, and a save
with each key once still loads.
"""
from __future__ import annotations

import pytest

import tutor
from tutor import ContentError

WORDS = ("this key is written twice in one object; a saved session writes each key once, so which value counts "
         "cannot be told")


def _saved() -> tuple[tutor.Session, str]:
    s = tutor.new_game("spirited", players=2, seed=2)
    s.apply(s.legal_actions()[0])
    return s, s.to_json()


@pytest.mark.parametrize("old,new,key", [
    ('"seed":2', '"seed":2,"seed":3', "seed"),
    ('"seed":2', '"seed":3,"seed":2', "seed"),
    ('"holder":null', '"holder":null,"holder":1', "holder"),
    ('"format":"rules-tutor-session"', '"format":"rules-tutor-session","format":"rules-tutor-session"', "format"),
])
def test_a_key_written_twice_is_refused_naming_it(old, new, key):
    s, text = _saved()
    assert old in text
    bad = text.replace(old, new, 1)
    with pytest.raises(ContentError) as err:
        tutor.load_session(bad)
    assert str(err.value) == f"<saved session>: {key!r}: {WORDS}"
    assert err.value.field == key
    assert s.to_json() == text  # nothing changed
    assert tutor.load_session(text).to_json() == text  # the save written once still loads


def test_a_long_key_written_twice_is_said_short():
    _, text = _saved()
    key = "k" * 5000
    bad = text[:-1] + f',"{key}":1,"{key}":2}}'
    with pytest.raises(ContentError) as err:
        tutor.load_session(bad)
    assert len(str(err.value)) < 300 and WORDS in str(err.value)
