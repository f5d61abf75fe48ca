"""Attack 15 F3: card files whose values mean nothing were accepted: ``count: {fixed: -3}`` (played as 0 while the
text said "up to 3"), ``number: true`` / ``number: 1.0`` (taken as 1), blank names (``""``, spaces, a lone
zero-width character) and a 1,000,000-character name. Each is now a ContentError naming the file and the field, and
the shipped files still load."""
from __future__ import annotations

import pytest

import card_files as cf
import tutor
from tutor.core.cardcheck import MAX_NAME_CHARS
from tutor.core.errors import ContentError
from tutor.games.restless_spirits.game import CARD_FILES as RS_FILES
from tutor.games.spirit_duels.loading import CARD_FILES as SD_FILES
from tutor.games.spirited.game import CARD_FILES as SP_FILES

LOADERS = {"restless-spirits": RS_FILES, "spirited": SP_FILES, "spirit-duels": SD_FILES}
#: where a name sits in each game's card file
NAMED = {"restless-spirits": ("spirits", 1), "spirited": ("clans", 1), "spirit-duels": ("cards", 1)}


def _refused(game: str, data: dict, tmp_path, field: str, words: str) -> None:
    path = cf.write(data, tmp_path / "cards.yaml")
    with pytest.raises(ContentError) as ei:
        LOADERS[game].load(path)
    msg = str(ei.value)
    assert msg.startswith(f"{path}: {field}"), msg
    assert words in msg, msg
    assert ei.value.path == path and ei.value.field.startswith(field), (ei.value.path, ei.value.field)
    assert len(msg) < 600, len(msg)
    assert "pydantic" not in msg and "http" not in msg and "input_value" not in msg, msg  # words for a person


def test_a_negative_fixed_count_is_refused(tmp_path):
    d = cf.shipped("restless-spirits")
    d["spirits"][0]["ability"]["effects"][0]["params"]["count"] = {"fixed": -3}
    _refused("restless-spirits", d, tmp_path, "spirits[0].ability.effects[0].params",
             "(abbari): count.fixed: must be at least 0")


@pytest.mark.parametrize("value,words", [(True, "true is not a number here"), (False, "false is not a number here"),
                                         (1.0, "1.0 is not a whole number"), (2.5, "2.5 is not a whole number")])
def test_a_spirit_number_that_is_not_a_whole_number_is_refused(tmp_path, value, words):
    d = cf.shipped("restless-spirits")
    d["spirits"][1]["number"] = value
    _refused("restless-spirits", d, tmp_path, "spirits[1].number", words)


def test_a_true_effect_parameter_taken_as_a_number_is_refused(tmp_path):
    d = cf.shipped("restless-spirits")
    d["spirits"][0]["ability"]["effects"][0]["params"]["count"] = {"fixed": True}
    _refused("restless-spirits", d, tmp_path, "spirits[0].ability.effects[0].params.count.fixed",
             "true is not a number here")


def test_a_true_cost_in_spirit_duels_is_refused(tmp_path):
    d = cf.shipped("spirit-duels")
    i = next(i for i, c in enumerate(d["cards"]) if isinstance(c.get("cost"), int))
    d["cards"][i]["cost"] = True
    _refused("spirit-duels", d, tmp_path, f"cards[{i}].cost", "true is not a number here")


@pytest.mark.parametrize("game", sorted(LOADERS))
@pytest.mark.parametrize("name,words", [
    ("", "at least one visible character"), ("   ", "at least one visible character"),
    # an invisible character is named wherever it is (the shared text check, attack 18 L2), before the blank check
    ("\u200b", "holds an invisible character (U+200B ZERO WIDTH SPACE) at character 1"),
    ("\u2060\u200b\u00ad ", "holds an invisible character (U+2060 WORD JOINER) at character 1"),
    ("x" * (MAX_NAME_CHARS + 1), f"at most {MAX_NAME_CHARS} characters (this one has 81)"),
    ("x" * 1_000_000, f"at most {MAX_NAME_CHARS} characters (this one has 1,000,000)"),
], ids=["empty", "spaces", "zero-width", "marks", "81", "million"])
def test_a_blank_or_overlong_name_is_refused_in_every_game(tmp_path, game, name, words):
    d = cf.shipped(game)
    group, i = NAMED[game]
    d[group][i]["name"] = name
    _refused(game, d, tmp_path, f"{group}[{i}].name", words)


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_the_shipped_card_files_and_a_longest_name_still_load(tmp_path, game):
    LOADERS[game].load()
    d = cf.shipped(game)
    group, i = NAMED[game]
    d[group][i]["name"] = "N" * MAX_NAME_CHARS
    cards, _ = LOADERS[game].load(cf.write(d, tmp_path / "cards.yaml"))
    assert getattr(cards, group)[i].name == "N" * MAX_NAME_CHARS
    assert tutor.new_game(game, players=2, seed=1).legal_actions()


#: A number field of each game and of each kind (a plain whole number, one from a short list, an effect parameter, a
#: list of numbers), its place in the file as plain data and the words of what it needs.
NUMBER_FIELDS = [
    ("spirit-duels", ("lines", 0, "spirits", 0, "health"), "lines[0].spirits[0].health", "a whole number"),
    ("spirit-duels", ("lines", 0, "spirits", 0, "stage"), "lines[0].spirits[0].stage", "a whole number (1, 2 or 3)"),
    ("spirit-duels", ("cards", 0, "cost"), "cards[0].cost", "a whole number"),
    ("restless-spirits", ("blessings", 0, "cost"), "blessings[0].cost", "a whole number (0, 1 or 2)"),
    ("restless-spirits", ("spirits", 1, "number"), "spirits[1].number", "a whole number"),
    ("restless-spirits", ("spirits", 0, "ability", "effects", 0, "params", "count", "fixed"),
     "spirits[0].ability.effects[0].params.count.fixed", "a whole number"),
    ("spirited", ("clans_per_game",), "clans_per_game", "a whole number"),
    ("spirited", ("wonders", 0, "spirit"), "wonders[0].spirit", "a whole number"),
    ("spirited", ("time_track", 2, "battles", 0), "time_track[2].battles[0]", "a whole number"),
    ("spirited", ("clans", 0, "allegiance", "battle", "params", "amount"), "clans[0].allegiance.battle.params.amount",
     "a whole number"),
]


@pytest.mark.parametrize("game,place,field,needed", NUMBER_FIELDS, ids=[f"{g}:{f}" for g, _, f, _ in NUMBER_FIELDS])
def test_a_number_written_as_text_is_refused_the_same_way_in_every_game(tmp_path, game, place, field, needed):
    """Attack 42 (low): Spirit Duels played ``health: '4'`` as 4 (so did Spirited's and Restless Spirits' plain
    numbers and effect parameters) while Restless Spirits refused ``cost: '1'`` with "must be 0, 1 or 2", true of
    '1' as the reader sees it. Numbers in card files are strict in all three games: a text is refused, saying a number
    is needed, not a text."""
    d = cf.shipped(game)
    holder = d
    for k in place[:-1]:
        holder = holder[k]
    number = holder[place[-1]]
    assert isinstance(number, int) and not isinstance(number, bool), number  # the shipped value: a number
    holder[place[-1]] = str(number)
    _refused(game, d, tmp_path, field, f"{needed} is needed, not a text ('{number}'): write it without quotes")
    holder[place[-1]] = "four"  # (an effect's parameters are checked as a whole first: "...params (abbari): count...")
    _refused(game, d, tmp_path, field[:field.index(".params") + 7] if ".params" in field else field, needed)
    path = cf.write(d, tmp_path / "cards.yaml")
    with pytest.raises(ContentError) as ei:
        LOADERS[game].load(path)
    assert f"not a text ('four')" in str(ei.value) and "write it without quotes" not in str(ei.value), str(ei.value)


def test_a_number_out_of_a_short_list_says_the_list_and_the_number(tmp_path):
    d = cf.shipped("restless-spirits")
    d["blessings"][0]["cost"] = 5
    _refused("restless-spirits", d, tmp_path, "blessings[0].cost", "must be 0, 1 or 2, not 5")


def test_a_key_written_as_text_where_a_number_goes_is_refused(tmp_path):
    """Spirited's ``time_track`` is keyed by player count: ``'2':`` was taken for 2."""
    d = cf.shipped("spirited")
    d["time_track"] = {("2" if k == 2 else k): v for k, v in d["time_track"].items()}
    _refused("spirited", d, tmp_path, "time_track",
             "key '2': a whole number is needed, not a text ('2'): write it without quotes")


@pytest.mark.parametrize("value,words", [("1", "a text ('1')"), ("yes", "a text ('yes')"), ("x", "a text ('x')"),
                                         (0, "0"), (1, "1"), ([], "a list")])
def test_true_or_false_written_otherwise_is_refused(tmp_path, value, words):
    """Attack 42 (low), found again here: ``solo: '1'`` (or ``'yes'``, or ``1``) was taken for true, in a card's
    field and in an effect's parameters alike."""
    d = cf.shipped("restless-spirits")
    d["blessings"][0]["solo"] = value
    _refused("restless-spirits", d, tmp_path, "blessings[0].solo", f"true or false is needed, not {words}")
    d = cf.shipped("restless-spirits")
    d["spirits"][0]["ability"]["effects"][0]["params"]["optional"] = value
    _refused("restless-spirits", d, tmp_path, "spirits[0].ability.effects[0].params",
             f"optional: true or false is needed, not {words}" if value in ("x", []) else
             f"true or false is needed, not {words}")


def test_an_unknown_effect_name_is_bounded(tmp_path):
    d = cf.shipped("restless-spirits")
    d["spirits"][0]["ability"]["effects"][0]["effect"] = "a" * 5000
    _refused("restless-spirits", d, tmp_path, "spirits[0].ability.effects[0]", "unknown effect 'aaaa")
