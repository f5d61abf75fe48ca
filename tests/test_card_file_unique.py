"""Card files the rulebook's card rules do not allow are refused naming the file and field (issue 14, attack 42 L3):
two Restless Spirits Spirits with one card number or one combination of Totem Requirements, and a Spirit Duels team
whose deck is not built as the rulebook builds one (30 copies of one card). A Spirit that names one icon three times
is a combination the rulebook allows: it loads, and needs three Totem icons for it.
"""
from __future__ import annotations

import pytest

import tutor
from tutor import ContentError
from tutor.games.restless_spirits.game import load_cards as rs_cards
from tutor.games.restless_spirits.playable import releasable

import card_files as cf


def _refused(game: str, d: dict, tmp_path, field: str, words: str, **options) -> str:
    p = cf.write(d, tmp_path / "cards.yaml")
    with pytest.raises(ContentError) as ei:
        tutor.new_game(game, players=2, seed=1, cards=p, **options)
    msg = str(ei.value)
    assert msg.startswith(f"{p}: {field}: ") and ei.value.field == field and ei.value.path == p, msg
    assert words in msg, msg
    return msg


def test_two_spirits_with_one_number_are_refused(tmp_path):
    d = cf.shipped("restless-spirits")
    d["spirits"][5]["number"] = d["spirits"][2]["number"]
    first, second = d["spirits"][2]["name"], d["spirits"][5]["name"]
    msg = _refused("restless-spirits", d, tmp_path, "spirits[5].number",
                   f"{second} has card number {d['spirits'][2]['number']}, the same as {first} (spirits[2])")
    assert msg.endswith("so every Spirit's number must be different")


def test_two_spirits_with_one_combination_are_refused_in_any_order(tmp_path):
    d = cf.shipped("restless-spirits")
    d["spirits"][7]["requirements"] = list(reversed(d["spirits"][1]["requirements"]))
    msg = _refused("restless-spirits", d, tmp_path, "spirits[7].requirements",
                   f"the same combination as {d['spirits'][1]['name']} (spirits[1])")
    assert msg.endswith("every Spirit requires a different combination of 3 Totems")


def test_one_icon_three_times_loads_and_needs_three_of_it(tmp_path):
    d = cf.shipped("restless-spirits")
    d["spirits"][0]["requirements"] = ["cloak", "cloak", "cloak"]
    p = cf.write(d, tmp_path / "cards.yaml")
    cards, _ = rs_cards(p)
    assert releasable(cards, d["spirits"][0]["id"])
    assert tutor.new_game("restless-spirits", players=2, seed=1, cards=p).state
    # with two Totems that carry a cloak and no Wild, three cloaks can never be met: refused as unreleasable
    cloaks = [t for t in d["totems"] if "cloak" in t.get("icons", [])][:2]
    d["totems"] = [t for t in d["totems"] if "cloak" not in t.get("icons", []) and t["kind"] != "wild"] + cloaks
    msg = _refused("restless-spirits", d, tmp_path, "spirits[0].requirements", "so it could never be released")
    assert "Spirit Cloak, Spirit Cloak, Spirit Cloak" in msg


def test_a_deck_of_thirty_copies_of_one_card_is_refused(tmp_path):
    d = cf.shipped("spirit-duels")
    d["teams"][0].update(deck=["searing-strike"], copies=30)
    _refused("spirit-duels", d, tmp_path, "teams[0].deck",
             "team 'fire' has 30 Fire Basic cards (30 x Searing Strike); a deck holds the 6 Basic cards of each of "
             "its Lines' Classes and the 4 Special cards of each of its Lines, 30 in all (rulebook: Building Your "
             "Deck")


@pytest.mark.parametrize("edit,field,words", [
    # 15 cards once each, doubled: three Fire Basic cards in place of the Earth ones
    (lambda t: t.update(deck=[c if c not in ("taunting-roar", "fortify", "earthy-brew") else "searing-strike"
                              for c in t["deck"]]), "teams[0].deck", "has 12 Fire Basic cards"),
    (lambda t: t.update(deck=[c if c != "incinerate" else "searing-strike" for c in t["deck"]]), "teams[0].deck",
     "has 8 Fire Basic cards (4 x Searing Strike, 2 x Focus Fire, 2 x Inferno Brew)"),
], ids=["basics-of-another-class", "a-special-for-a-basic"])
def test_a_deck_not_built_as_the_rulebook_builds_one_is_refused(tmp_path, edit, field, words):
    d = cf.shipped("spirit-duels")
    edit(d["teams"][0])
    _refused("spirit-duels", d, tmp_path, field, words)


def test_two_lines_of_one_class_are_refused(tmp_path):
    d = cf.shipped("spirit-duels")
    fire_lines = [ln["id"] for ln in d["lines"] if ln["class"] == "fire"]
    d["teams"][0]["lines"] = [fire_lines[0], fire_lines[1], d["teams"][0]["lines"][2]]
    _refused("spirit-duels", d, tmp_path, "teams[0].lines", "has two Spirit Lines of one Class (fire, fire, arcane)")


def test_the_shipped_files_still_load():
    for game in ("restless-spirits", "spirit-duels"):
        assert tutor.new_game(game, players=2, seed=1).state
