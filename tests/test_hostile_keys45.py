"""Field names a file may not have, and a file of too many values, said as written (attack 45): a key YAML reads as
null, true/false or a number with a point was said in Python's words ("meta.None", "meta[1]"), a key over YAML's
1,024 characters as "mapping values are not allowed in this context", a list as a key as "found unhashable key", a
whole-number key a lesson may not have as a list's place ("meta[5]"), and a saved session of 100,000 actions blamed
one action ("actions[425]: more than 100,000 values")."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import tutor
from tutor.core.errors import ContentError
from tutor.core.safe_yaml import parse_yaml
from tutor.lessons import load_lesson


@pytest.mark.parametrize("key,said", [("~", "the field name '~' reads as null (no value)"),
                                      ("null", "the field name 'null' reads as null (no value)"),
                                      ("true", "the field name 'true' reads as true or false"),
                                      ("1.5", "the field name '1.5' reads as a number with a point")])
def test_a_key_that_is_no_name_is_said_as_written(key, said):
    with pytest.raises(ContentError) as ei:
        parse_yaml(f"meta:\n  title: A\n  {key}: 1\n", "f.yaml")
    assert str(ei.value) == (f"f.yaml: meta (line 3): {said}, not as a name: not a field this file can have (in "
                             "quotes it is text)")
    assert ei.value.field == "meta"


def test_a_list_as_a_key_and_a_long_key():
    with pytest.raises(ContentError) as ei:
        parse_yaml("meta:\n  ? [a, b]\n  : 1\n", "f.yaml")
    assert str(ei.value) == "f.yaml: meta (line 2): a list or mapping is written where a field name goes; a field " \
                            "name is a word"
    with pytest.raises(ContentError) as ei:
        parse_yaml("meta:\n  " + "k" * 5000 + ": 1\n", "f.yaml")
    assert str(ei.value) == ("f.yaml: line 2: a field name of about 5,002 characters; YAML takes at most 1,024 (a "
                             "long text goes after the colon, as a value)")
    # a long value line with a stray ": " in it is still the parser's own problem, not a long name
    with pytest.raises(ContentError) as ei:
        parse_yaml("a: " + "x " * 600 + "b: c\n", "f.yaml")
    assert "mapping values are not allowed" in str(ei.value) and "field name" not in str(ei.value)


def test_whole_number_keys_stay_and_quoted_ones_are_text():
    assert parse_yaml("t:\n  2: a\n  '~': b\n  'true': c\n", "f") == {"t": {2: "a", "~": "b", "true": "c"}}


def test_a_whole_number_key_a_lesson_may_not_have_is_a_key():
    path = Path(__file__).parents[1] / "content" / "restless-spirits" / "lessons" / "01-goal-and-first-spirit.yaml"
    text = path.read_text(encoding="utf-8").replace("\ntitle:", "\n5: 1\ntitle:", 1)
    with pytest.raises(ContentError) as ei:
        load_lesson(text=text)
    assert "<text>: 5: not a field this file can have (a field name is a word)" in str(ei.value), str(ei.value)


def test_a_session_of_too_many_values_names_its_list():
    saved = json.loads(tutor.new_game("restless-spirits", seed=4).to_json())
    saved["actions"] = ["x"] * 100_000
    with pytest.raises(ContentError) as ei:
        tutor.load_session(json.dumps(saved))
    assert str(ei.value) == "<saved session>: the file holds more than 100,000 values (its list actions holds 100,000)"
    assert ei.value.field == "actions"
