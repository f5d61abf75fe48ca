"""Attack 42 (low): some card-file errors showed the validation library's own words ("Unable to parse input string
as an integer, exceeded maximum size", "Input should be a valid tuple", a mapping key's place "[key]"). Every
problem a hostile card file can cause now reads as our sentence, naming the file and the field.

Hostile values of every kind a YAML file holds (text, a number as text, a 5,000-digit text, a fraction, true, nothing,
a list, a mapping, a huge number) are put in fields of each shape of the three games' card files (whole numbers,
numbers from a short list, names from a list, lists of fixed and of any length, mappings keyed by numbers or names,
effect parameters); each is refused with the file and field named and none of pydantic's words.
"""
from __future__ import annotations

import re

import pytest

import card_files as cf
from tutor.core.errors import ContentError
from tutor.games.restless_spirits.game import CARD_FILES as RS_FILES
from tutor.games.spirit_duels.loading import CARD_FILES as SD_FILES
from tutor.games.spirited.game import CARD_FILES as SP_FILES

LOADERS = {"restless-spirits": RS_FILES, "spirited": SP_FILES, "spirit-duels": SD_FILES}

#: A field of each shape, per game (a path into the file as plain data).
FIELDS = {
    "restless-spirits": [("spirits", 0, "number"), ("spirits", 0, "type"), ("spirits", 0, "requirements"),
                         ("spirits", 0, "ability"), ("spirits", 0, "ability", "effects"), ("spirits", 0, "promo"),
                         ("spirits", 0, "ability", "effects", 0, "params", "count", "fixed"),
                         ("blessings", 0, "cost"), ("totems", 0, "wild_type"), ("b_side", "bonuses"),
                         ("totem_icons",)],
    "spirited": [("clans_per_game",), ("clans", 0, "cards"), ("medals",), ("medals", "bronze", "value"),
                 ("time_track",), ("time_track", 2, "battles"), ("wonders", 0, "spirit"),
                 ("clans", 0, "allegiance", "battle", "params", "amount")],
    "spirit-duels": [("lines", 0, "spirits", 0, "health"), ("lines", 0, "spirits", 0, "stage"),
                     ("lines", 0, "spirits", 0, "classes"), ("lines", 0, "spirits", 0, "dice"), ("cards", 0, "cost"),
                     ("cards", 0, "charged"), ("cards", 0, "kind"), ("teams", 0, "lines"),
                     ("cards", 0, "effects", 0, "params", "amount")],
}
VALUES = ["x", "9" * 5000, 2.5, True, None, [], [1], {}, {"a": 1}, 10 ** 30, "a" * 3000]
#: pydantic's own words and marks (its messages, its places, its type names)
PYDANTIC = re.compile(r"Input should|Unable to|valid |should have|Field required|\[key\]|function-|Value error|"
                      r"after validation|exceeded|Assertion|\bstr\]|\bint\]|literal\[|Object has|Tuple|Dictionary|"
                      r"Extra inputs|object of type|model_|<class|Traceback|input_value|pydantic|http")


def _set(data, path, value):
    for k in path[:-1]:
        data = data[k]
    data[path[-1]] = value


def _refusal(game, data, tmp_path) -> tuple[str, ContentError | None]:
    path = cf.write(data, tmp_path / "cards.yaml")
    LOADERS[game].cache_clear()
    try:
        LOADERS[game].load(path)
    except ContentError as err:
        return path, err
    return path, None


def _our_words(msg: str, path: str, err: ContentError) -> None:
    assert PYDANTIC.search(msg) is None, msg
    assert all(line.startswith(f"{path}: ") for line in msg.splitlines()), msg
    assert err.path == path and err.field, (err.path, err.field)
    assert len(msg) < 1500, len(msg)


@pytest.mark.parametrize("game,field", [(g, f) for g, fs in FIELDS.items() for f in fs],
                         ids=[f"{g}:{'.'.join(map(str, f))}" for g, fs in FIELDS.items() for f in fs])
def test_every_hostile_value_is_refused_in_our_words(tmp_path, game, field):
    refused = []
    for value in VALUES:
        data = cf.shipped(game)
        _set(data, field, value)
        path, err = _refusal(game, data, tmp_path)
        if err is None:  # nothing (None) where a field may be left empty; a list where it is
            assert value is None or isinstance(value, list), value
            continue
        _our_words(str(err), path, err)
        refused.append(value)
    assert len(refused) >= 7, refused


@pytest.mark.parametrize("key,words", [
    ("x", "time_track: key 'x': a whole number is needed, not a text ('x')"),
    (True, "time_track.True.length"),  # a true/false key is taken for 1 by pydantic; the mapping's checks follow
], ids=["text", "true"])
def test_a_key_of_the_wrong_kind_is_named_without_pydantics_place(tmp_path, key, words):
    data = cf.shipped("spirited")
    data["time_track"][key] = {"length": "three"}
    path, err = _refusal("spirited", data, tmp_path)
    assert err is not None
    _our_words(str(err), path, err)
    if key == "x":
        assert str(err).startswith(f"{path}: {words}"), str(err)


def test_a_medal_that_is_not_one_of_the_three_is_named(tmp_path):
    data = cf.shipped("spirited")
    data["medals"]["platinum"] = data["medals"]["gold"]
    path, err = _refusal("spirited", data, tmp_path)
    assert str(err) == f"{path}: medals: key 'platinum': must be 'bronze', 'silver' or 'gold'", str(err)
    assert err.field == "medals"


def test_a_huge_number_written_as_text_is_our_sentence(tmp_path):
    """The attack's own case: ``health: '999…'`` (5,000 digits, quoted) said "Unable to parse input string as an
    integer, exceeded maximum size"."""
    data = cf.shipped("spirit-duels")
    data["lines"][0]["spirits"][0]["health"] = "9" * 5000
    path, err = _refusal("spirit-duels", data, tmp_path)
    msg = str(err)
    assert msg.startswith(f"{path}: lines[0].spirits[0].health: "), msg
    assert "whole number" in msg and len(msg) < 200 + len(path), msg
    _our_words(msg, path, err)
