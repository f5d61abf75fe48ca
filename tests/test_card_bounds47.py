"""Attack 47: card files whose numbers or texts are far beyond any card are refused before a game uses them, with a
ContentError naming the file and the field, and quickly.

H1: a Spirited supply of 1,000,000,000 Gold medals (one id per medal: 14 GB). H2: a Restless Spirits ability text
of one 100,000-letter word (the copy wording's regex took 35 s): every text of a card file is now at most
``MAX_TEXT_CHARS`` characters, and the regex is linear. M1: a Spirited Overrun Limit or Battle hand limit of 10**39.
M2: a Spirit Duels Spirit of 5,000 dice or of none.
"""
from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

import tutor
from tutor import ContentError
from tutor.core.cardcheck import MAX_TEXT_CHARS
from tutor.games.restless_spirits.effects_copy import as_copier

import card_files as cf

LONG = "A" * 100_000


def _refused(make, path: str, field: str, words: str) -> str:
    start = time.perf_counter()
    with pytest.raises(ContentError) as ei:
        make()
    assert time.perf_counter() - start < 5  # (a loaded machine: it is a few milliseconds of checks)
    msg = str(ei.value)
    assert msg.startswith(f"{path}: {field}: ") and words in msg, msg
    assert (ei.value.path, ei.value.field) == (path, field)
    return msg


# ------------------------------------------------------------------------------------------------ Spirited (H1, M1)
@pytest.mark.parametrize("edit,field,words", [
    (lambda d: d["medals"]["gold"].__setitem__("count", 10 ** 9), "medals.gold.count",
     "at most 99 gold medals (each is a card of the box), got 1000000000"),
    (lambda d: d["medals"]["bronze"].__setitem__("count", 100), "medals.bronze.count", "at most 99 bronze medals"),
    (lambda d: d.__setitem__("overrun_limit", 10 ** 39), "overrun_limit", "1 or more and at most 99"),
    (lambda d: d.__setitem__("overrun_limit", 100), "overrun_limit", "got 100"),
    (lambda d: d.__setitem__("hand_limit_in_battle", 10 ** 39), "hand_limit_in_battle", "0 or more and at most 20"),
    (lambda d: d.__setitem__("hand_limit_in_battle", 21), "hand_limit_in_battle", "the rulebook's is 5), got 21"),
    (lambda d: d["clans"][3]["power"].__setitem__("text", LONG), "clans[3].power.text",
     "a text on a card may have at most 1,000 characters (this one has 100,000)"),
    (lambda d: d["clans"][0]["allegiance"]["battle"].__setitem__("text", "x" * 1001),
     "clans[0].allegiance.battle.text", "this one has 1,001"),
    (lambda d: d.__setitem__("provisional_note", LONG), "provisional_note", "at most 1,000 characters"),
])
def test_sp_numbers_and_texts_beyond_any_card_are_refused(tmp_path, monkeypatch, edit, field, words):
    d = cf.shipped("spirited")
    edit(d)
    root = cf.sp_content(tmp_path, d)
    monkeypatch.setenv("RULES_TUTOR_CONTENT", str(root))
    path = str(root / "spirited" / "cards.yaml")
    _refused(lambda: tutor.new_game("spirited", players=3, seed=1), path, field, words)


def test_sp_the_highest_bounds_still_play(tmp_path, monkeypatch):
    d = cf.shipped("spirited")
    for kind in ("bronze", "silver", "gold"):
        d["medals"][kind]["count"] = 99
    d["overrun_limit"], d["hand_limit_in_battle"] = 99, 20
    d["clans"][0]["power"]["text"] = "x" * MAX_TEXT_CHARS
    monkeypatch.setenv("RULES_TUTOR_CONTENT", str(cf.sp_content(tmp_path, d)))
    s = tutor.new_game("spirited", players=3, seed=1)
    assert len(s.game.cards.medal_ids()) == 3 * 99 and s.game.cards.overrun_limit == 99


# ------------------------------------------------------------------------------------------------ Restless Spirits (H2)
@pytest.mark.parametrize("edit,field", [
    (lambda d: d["spirits"][0]["ability"].__setitem__("text", LONG), "spirits[0].ability.text"),
    (lambda d: d["blessings"][1].__setitem__("text", LONG), "blessings[1].text"),
    (lambda d: d["curses"][0].__setitem__("text", "y " * 600), "curses[0].text"),
    (lambda d: d["spirits"][2].setdefault("provisional", {}).__setitem__("name", LONG), "spirits[2].provisional.name"),
])
def test_rs_long_texts_are_refused_naming_the_field(tmp_path, edit, field):
    d = cf.shipped("restless-spirits")
    assert d["spirits"][0]["name"] == "Abbari"
    edit(d)
    path = cf.write(d, tmp_path / "rs.yaml")
    _refused(lambda: tutor.new_game("restless-spirits", players=2, seed=1, cards=path), path, field,
             "a text on a card may have at most 1,000 characters")


def test_the_copy_wording_is_linear_in_the_text():
    """The regex of as_copier tried a 100,000-letter word from each of its letters (35 s); now under a second, and the
    wording is unchanged."""
    spirit = SimpleNamespace(name="Miki", ability=SimpleNamespace(text=LONG + " each Fortune Spirit on your board, "
                                                                               "Miki included" + " B" * 50_000))
    start = time.perf_counter()
    out = as_copier(spirit, "Yotei", "trickster")
    assert time.perf_counter() - start < 1
    assert out == LONG + " each Fortune Spirit on your board" + " B" * 50_000
    assert as_copier(spirit, "Yotei", "fortune").startswith(LONG + " each Fortune Spirit on your board, Yotei included")


# ------------------------------------------------------------------------------------------------ Spirit Duels (M2)
@pytest.mark.parametrize("edit,field,words", [
    (lambda d: d["lines"][0]["spirits"][0].__setitem__("dice", ["attack-1"] * 5000), "lines[0].spirits[0].dice",
     "a Spirit card shows 1 to 5 dice, rolled when it is activated (the shipped Spirits show 2 or 3), got 5,000"),
    (lambda d: d["lines"][0]["spirits"][0].__setitem__("dice", []), "lines[0].spirits[0].dice", "got 0"),
    (lambda d: d["lines"][1]["spirits"][2].__setitem__("dice", ["magic-2"] * 6), "lines[1].spirits[2].dice", "got 6"),
    (lambda d: d["lines"][0]["spirits"][1]["presence"].__setitem__("dice", []), "lines[0].spirits[1].presence.dice",
     "got 0"),
    (lambda d: d["cards"][0].__setitem__("text", LONG), "cards[0].text", "at most 1,000 characters"),
    (lambda d: d["lines"][0]["spirits"][2]["ability"].__setitem__("text", LONG), "lines[0].spirits[2].ability.text",
     "at most 1,000 characters"),
    (lambda d: d["reasons"].setdefault("x", {}).__setitem__("y", LONG), "reasons.x.y", "at most 1,000 characters"),
])
def test_sd_dice_counts_and_long_texts_are_refused(tmp_path, edit, field, words):
    d = cf.shipped("spirit-duels")
    edit(d)
    path = cf.write(d, tmp_path / "sd.yaml")
    _refused(lambda: tutor.new_game("spirit-duels", players=2, seed=1, cards=path), path, field, words)


def test_sd_five_dice_still_play(tmp_path):
    d = cf.shipped("spirit-duels")
    d["lines"][0]["spirits"][0]["dice"] = ["attack-1"] * 5
    path = cf.write(d, tmp_path / "sd.yaml")
    s = tutor.new_game("spirit-duels", players=2, seed=1, cards=path)
    assert len(s.game.cards.lines[0].spirits[0].dice) == 5


def test_text_patterns_try_a_run_of_spaces_once():
    """Attack 47 (H2's grep): patterns that began with ``\\s*`` or ``\\s+`` tried a run of spaces from each of its
    spaces (20,000 spaces: 3 to 18 s each); now from its first only, with the same matches."""
    from tutor.lesson_hints import _CLAUSE_START
    from tutor.step_words import _LAST_BRACKET
    from widgets.style import _CITED, rule_text

    spaces = " " * 100_000
    start = time.perf_counter()
    assert _CLAUSE_START.search(spaces + "andx") is None and _LAST_BRACKET.search(spaces + "x") is None
    assert _CITED.search(spaces + "and") is None and rule_text(spaces + ";", {}).endswith(";")
    assert time.perf_counter() - start < 1
    assert _CLAUSE_START.search("Attract Gonga,  and ").end() == 20
    assert _LAST_BRACKET.search("Score the medal  (2 Spirit) [provisional]").span() == (15, 41)
    assert _CITED.sub("", "Buy it  [rs.buy].") == "Buy it."
