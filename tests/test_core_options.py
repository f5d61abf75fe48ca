"""Each game's options are checked by one pydantic model (issue #17, tutor/core/options.py), with the same words as
before: an unknown option names the valid ones, a bad value names the option and what it must be."""
import pytest

import tutor
from tutor.core.options import parse_options
from tutor.games.restless_spirits.options import RSOptions
from tutor.games.spirit_duels.options import SDOptions
from tutor.games.spirited.options import SPOptions


@pytest.mark.parametrize("game, options, words", [
    ("restless-spirits", {"side": "C"}, "restless-spirits: side must be 'A' or 'B', got 'C'"),
    ("restless-spirits", {"first_game": "yes"}, "restless-spirits: first_game must be true or false, got 'yes'"),
    ("restless-spirits", {"bogus": 1}, "restless-spirits: unknown option(s) bogus; valid options: side, first_game, "
                                       "guides, cards, promos"),
    ("restless-spirits", {"guides": "x"}, "restless-spirits: guides must be a list of guide ids, got 'x'"),
    ("spirit-duels", {"setup": "full"}, "spirit-duels: setup must be one of 'prebuilt', 'draft'; got 'full'"),
    ("spirit-duels", {"lines": ["x"] * 9999}, "spirit-duels: lines must be one of 'casual', 'competitive'; got a list of 9,999 items ('x',"),
    ("spirited", {"clans": 5}, "spirited: clans must list the clan ids to play with, got 5"),
    ("spirited", {"x" * 5000: 1}, "spirited: unknown option(s) xxxxxxxx"),
])
def test_a_bad_option_is_refused_in_words(game, options, words):
    with pytest.raises(ValueError) as ei:
        tutor.new_game(game, players=2, seed=1, **options)
    assert str(ei.value).startswith(words) and len(str(ei.value)) < 300, str(ei.value)


def test_defaults_fill_in_and_order_follows_the_model():
    assert parse_options(RSOptions, "restless-spirits", {"side": "B"}) == {
        "side": "B", "first_game": False, "guides": None, "cards": None, "promos": None}
    assert parse_options(SDOptions, "spirit-duels", {}) == {"setup": "prebuilt", "lines": "casual", "cards": None,
                                                            "teams": None}
    assert parse_options(SPOptions, "spirited", {}) == {"clans": None}
    assert tutor.new_game("restless-spirits", players=2, seed=1, cards=None).game.options["cards"] is None


#: Values of every shape a saved question, a scenario or a typed option could carry.
_SHAPES = [None, 1, 1.5, True, "x", "", [], {}, [1], [[1]], [{}], [None], ["x", "x"], [["fire"], {}], {"a": 1},
           [1, "x"], ["aztecs"] * 7, [[1]] * 7, [["x"]] * 7, [{}] * 3, {1, 2}, b"x", ["fire", ["electric"]]]


@pytest.mark.parametrize("game, names, extra", [
    ("restless-spirits", ["side", "first_game", "guides", "cards", "promos"], {"side": "B"}),
    ("spirit-duels", ["setup", "lines", "cards", "teams"], {"setup": "draft"}),
    ("spirited", ["clans"], {}),
])
def test_an_option_of_any_shape_starts_the_game_or_is_refused_as_a_value_error(game, names, extra):
    """The sessions no longer turn TypeError/KeyError/... from a game's set-up into a refusal (that hid real bugs):
    the options models refuse what the game cannot read. ``clans: [[x]] * 7`` made ``TypeError: unhashable``."""
    for name in names:
        for value in _SHAPES:
            for more in ({}, extra):
                try:
                    tutor.new_game(game, players=2, seed=1, **{**more, name: value})
                except ValueError:
                    pass
