"""Card files with impossible contents are refused before a game uses them (issue 14, item 5).

Each refusal is a ContentError whose message starts with the file and names the field, in words a card-file author
understands; nothing is set up. Then random games on the smallest files that pass the checks (``card_files.py``)
run with every invariant of the conformance checker (``tutor.conformance.play_checked``), and every game ends.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import tutor
from tutor import ContentError
from tutor.conformance import play_checked
from tutor.games.restless_spirits.cards import SPIRIT_TYPES
from tutor.games.restless_spirits.playable import spirits_needed, totems_needed

import card_files as cf


def _refused(match: str, field: str, path: str, make):
    with pytest.raises(ContentError) as ei:
        make()
    msg = str(ei.value)
    assert msg.startswith(f"{path}: {field}: "), msg
    assert ei.value.field == field and ei.value.path == path
    assert match in msg, msg
    return msg


# ------------------------------------------------------------------------------------------------ Restless Spirits
def _rs(tmp_path: Path, data: dict, name: str = "cards.yaml") -> str:
    return cf.write(data, tmp_path / name)


def _rs_game(path, players=2, **options):
    return lambda: tutor.new_game("restless-spirits", players=players, seed=1, cards=path, **options)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rs_no_totems_two_totems_and_only_wild_totems(tmp_path, players):
    d = cf.shipped("restless-spirits")
    totems = d["totems"]
    d["totems"] = []
    p = _rs(tmp_path, d, "none.yaml")
    _refused("no Totems in this file can meet all three", "spirits[0].requirements", p, _rs_game(p, players))
    d["totems"] = totems[:2]
    p = _rs(tmp_path, d, "two.yaml")
    _refused("could never be released", "spirits[0].requirements", p, _rs_game(p, players))
    d["totems"] = [t for t in totems if t["kind"] == "wild"]  # 6 Wild Totems: every Spirit can be met, too few
    p = _rs(tmp_path, d, "wild.yaml")
    msg = _refused(f"the file has 6", "totems", p, _rs_game(p, players))
    assert f"deals {totems_needed(players, False) if players == 1 else 6 * players + 6} Totems at set-up" in msg


@pytest.mark.parametrize("players,first_game", [(2, False), (3, False), (4, False), (2, True), (4, True), (1, False)])
def test_rs_too_few_totems_for_the_draft_or_the_table(tmp_path, players, first_game):
    d = cf.rs_minimal(players, first_game=first_game)
    need = totems_needed(players, first_game)
    assert len(d["totems"]) == need
    tutor.new_game("restless-spirits", players=players, seed=1, cards=_rs(tmp_path, d, "ok.yaml"),
                   first_game=first_game)
    d["totems"] = d["totems"][:-1]
    p = _rs(tmp_path, d, "short.yaml")
    msg = _refused(f"the file has {need - 1}", "totems", p, _rs_game(p, players, first_game=first_game))
    assert f"at least {need}" in msg or f"deals {need}" in msg


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rs_guides_fewer_than_players(tmp_path, players):
    d = cf.shipped("restless-spirits")
    guides = d["guides"]
    for have in range(players):
        d["guides"] = guides[:have]
        p = _rs(tmp_path, d, f"g{have}.yaml")
        _refused(f"the file has {have}", "guides", p, _rs_game(p, players))


@pytest.mark.parametrize("spirits", [0, 1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rs_zero_to_six_spirits(tmp_path, spirits, players):
    d = cf.shipped("restless-spirits")
    main = [s for s in d["spirits"] if not s.get("promo")]
    d["spirits"] = [next(s for s in main if s["type"] == t) for t in SPIRIT_TYPES[:spirits]]  # different types
    p = _rs(tmp_path, d)
    if players == 1 and spirits == 6:
        tutor.new_game("restless-spirits", players=1, seed=1, cards=p)
        return
    msg = _refused("Spirits in the Spirit deck", "spirits", p, _rs_game(p, players))
    assert f"at least {spirits_needed(players)}" in msg and f"deck has {spirits}" in msg


def test_rs_solo_needs_every_spirit_type(tmp_path):
    d = cf.shipped("restless-spirits")
    d["spirits"] = [s for s in d["spirits"] if s["type"] != "shrouded" and not s.get("promo")][:8]
    p = _rs(tmp_path, d)
    _refused("has no shrouded Spirit", "spirits", p, _rs_game(p, 1))


def test_rs_unreleasable_spirit_names_the_spirit(tmp_path):
    d = cf.rs_minimal(2, totems="single")
    needed = d["spirits"][3]["requirements"][1]
    d["totems"] = [t for t in d["totems"] if t["icons"] != [needed]] + [
        dict(d["totems"][0], id=f"extra-{i}") for i in range(30)]
    p = _rs(tmp_path, d)
    msg = _refused("could never be released", "spirits[3].requirements", p, _rs_game(p))
    assert d["spirits"][3]["id"] in msg


@pytest.mark.parametrize("second", ["t01", "T01", "t01\u200b", "\uff54\uff10\uff11", " t01"])
def test_rs_ids_that_are_the_same_once_normalised(tmp_path, second):
    d = cf.shipped("restless-spirits")
    first = d["totems"][0]["id"]
    assert first == "t01"
    d["totems"][1]["id"] = second
    p = _rs(tmp_path, d)
    with pytest.raises(ContentError) as ei:
        _rs_game(p)()
    msg = str(ei.value)
    assert msg.startswith(f"{p}: totems[1].id: ") and ("must be different" in msg or "duplicate card id" in msg), msg
    assert ei.value.field == "totems[1].id"


def test_rs_a_totem_icon_id_used_twice_is_named(tmp_path):
    """Attack 26: a Totem icon id used twice was refused as "unknown totem icon" (the id it replaced): the
    duplicate is named, where it is."""
    d = cf.shipped("restless-spirits")
    d["totem_icons"][1]["id"] = d["totem_icons"][0]["id"]
    p = _rs(tmp_path, d)
    with pytest.raises(ContentError) as ei:
        _rs_game(p)()
    msg = str(ei.value)
    assert msg.startswith(f"{p}: totem_icons[1].id: duplicate totem icon id 'cloak'"), msg
    assert "unknown totem icon" not in msg and ei.value.field == "totem_icons[1].id"


def test_rs_numbers_out_of_range(tmp_path):
    d = cf.shipped("restless-spirits")
    d["spirits"][0]["number"] = 0
    p = _rs(tmp_path, d, "n.yaml")
    _refused("card number is 1 to 999", "spirits[0].number", p, _rs_game(p))
    d = cf.shipped("restless-spirits")
    i, e = next((i, s["ability"]["effects"][0]) for i, s in enumerate(d["spirits"]) if s["ability"]["effects"]
                and isinstance(s["ability"]["effects"][0].get("params", {}).get("count"), dict)
                and "fixed" in s["ability"]["effects"][0]["params"]["count"])
    e["params"]["count"]["fixed"] = 10 ** 9  # "draw a billion cards"
    p = _rs(tmp_path, d, "big.yaml")
    with pytest.raises(ContentError) as ei:
        _rs_game(p)()
    assert str(ei.value).startswith(f"{p}: spirits[{i}].ability.effects[0]"), str(ei.value)
    assert ei.value.field.startswith(f"spirits[{i}].ability.effects[0]")


def test_rs_refusal_changes_nothing_and_a_good_file_still_plays(tmp_path):
    s = tutor.new_game("restless-spirits", players=2, seed=3)
    before = s.to_json()
    d = cf.shipped("restless-spirits")
    d["guides"] = []
    with pytest.raises(ContentError):
        tutor.new_game("restless-spirits", players=2, seed=3, cards=_rs(tmp_path, d))
    assert s.to_json() == before
    assert tutor.new_game("restless-spirits", players=4, seed=3, cards=_rs(tmp_path, cf.shipped(
        "restless-spirits"), "good.yaml")).legal_actions()


# ------------------------------------------------------------------------------------------------ Spirited
@pytest.fixture
def sp_file(tmp_path, monkeypatch):
    """Install a Spirited card file in a copy of content/ and return (path, install)."""
    def install(data: dict) -> str:
        root = cf.sp_content(tmp_path, data)
        monkeypatch.setenv("RULES_TUTOR_CONTENT", str(root))
        return str(root / "spirited" / "cards.yaml")
    return install


def _sp_game(players=2):
    return lambda: tutor.new_game("spirited", players=players, seed=1)


@pytest.mark.parametrize("edit,field,words", [
    (lambda d: d.__setitem__("wonders", d["wonders"][:2]), "wonders", "3 Wonders on display"),
    (lambda d: d.__setitem__("wonders", []), "wonders", "the file has 0"),
    (lambda d: d["medals"]["silver"].__setitem__("count", 6), "medals.silver.count", "at least 7"),
    (lambda d: d["time_track"].pop(5), "time_track", "none is given for 5 players"),
    (lambda d: d["time_track"].__setitem__(7, d["time_track"][2]), "time_track[7]", "2 to 6 players"),
    (lambda d: d.__setitem__("clans_per_game", 0), "clans_per_game", "at least 1 clan"),
    (lambda d: d["clans"][2].__setitem__("cards", 0), "clans[2].cards", "1 to 99 cards"),
    (lambda d: d["clans"][2].__setitem__("id", "time"), "clans[2].id", "Passing of Time"),
    (lambda d: d["clans"][2].__setitem__("id", "Aztecs\u200b"), "clans[2].id", "must be different"),
    (lambda d: d.__setitem__("overrun_limit", 0), "overrun_limit", "1 or more"),
    (lambda d: d["medals"]["gold"].__setitem__("value", 3), "medals", "less than a Gold"),
    (lambda d: d["wonders"][0].__setitem__("spirit", 10 ** 6), "wonders[0].spirit", "out of range"),
])
def test_sp_impossible_files_are_refused(sp_file, edit, field, words):
    d = cf.shipped("spirited")
    edit(d)
    path = sp_file(d)
    _refused(words, field, path, _sp_game())


# ------------------------------------------------------------------------------------------------ Spirit Duels
def _sd_game(path, **options):
    return lambda: tutor.new_game("spirit-duels", players=2, seed=1, cards=path, **options)


def test_sd_empty_teams_names_the_file(tmp_path):
    d = cf.shipped("spirit-duels")
    d["teams"] = []
    p = cf.write(d, tmp_path / "sd.yaml")
    _refused("'teams' section, but it is empty", "teams", p, _sd_game(p))
    tutor.new_game("spirit-duels", players=2, seed=1, cards=p, setup="draft")  # the draft needs no team


@pytest.mark.parametrize("edit,options,field,words", [
    (lambda d: [t.update(id=t["id"] + "-x") for t in d["teams"]], {}, "teams", "no team 'fire', 'electric'"),
    # (a 'teams' option naming a team the file lacks, or one team twice, blames the option: tests/test_option_ids.py)
    (lambda d: d["teams"][0].update(lines=[d["teams"][0]["lines"][0]] * 3), {}, "teams[0].lines",
     "three different Spirit Lines"),
    (lambda d: d.pop("classes"), {"setup": "draft"}, "classes", "needs the nine Classes"),
    (lambda d: d["cards"][4].update(bonuses=[{"stat": "health", "amount": -3}]), {}, "cards[4].bonuses[0].amount",
     "may not lower Health"),
    (lambda d: d["cards"][0].update(cost=10 ** 6), {}, "cards[0].cost", "out of range"),
    (lambda d: d["lines"][0]["spirits"][0].update(health=10 ** 6), {}, "lines[0].spirits[0].health", "out of range"),
    (lambda d: d["teams"][1].update(id="Fire\u200b"), {}, "teams[1].id", "must be different"),
])
def test_sd_impossible_files_are_refused(tmp_path, edit, options, field, words):
    d = cf.shipped("spirit-duels")
    if field == "cards[4].bonuses[0].amount":
        assert d["cards"][4]["kind"] == "trait"
    edit(d)
    p = cf.write(d, tmp_path / "sd.yaml")
    _refused(words, field, p, _sd_game(p, **options))


# ------------------------------------------------------------------------------------------------ minimal files play
#: Random games per game and player count on the minimal files (shared by the files of that count).
GAMES = 20


def _check(rep):
    assert rep.problems == [] and rep.over and rep.steps > 0, (rep.seed, rep.problems[:3])


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_rs_minimal_files_are_minimal_and_every_random_game_ends(tmp_path, players):
    files = [(f"{kind}-{'first' if fg else 'draft'}", cf.rs_minimal(players, first_game=fg, totems=kind), fg)
             for kind in ("wild", "single") for fg in (False, True)]
    for name, d, fg in files:
        # minimal: one Totem, Spirit or guide fewer and the file is refused for this game
        for group in ("totems", "spirits", "guides"):
            less = dict(d, **{group: d[group][:-1]})
            with pytest.raises(ContentError, match=rf"{group}"):
                tutor.new_game("restless-spirits", players=players, seed=0,
                               cards=cf.write(less, tmp_path / f"{name}-less.yaml"), first_game=fg)
    paths = [(cf.write(d, tmp_path / f"{name}.yaml"), fg) for name, d, fg in files]
    for seed in range(GAMES):
        path, fg = paths[seed % len(paths)]
        _check(play_checked("restless-spirits", players, seed, json_every=25, cards=path, first_game=fg))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sp_minimal_files_every_random_game_ends(sp_file, players):
    for i, d in enumerate((cf.sp_minimal(), cf.sp_small())):
        sp_file(d)
        for seed in range(i, GAMES, 2):
            _check(play_checked("spirited", players, seed, json_every=10))


def test_sp_minimal_file_is_minimal(sp_file):
    d = cf.sp_minimal()
    sp_file(d)
    tutor.new_game("spirited", players=6, seed=0)
    for edit in (lambda x: x.__setitem__("wonders", x["wonders"][:2]),
                 lambda x: x["clans"][0].__setitem__("cards", 0),
                 lambda x: x["medals"]["gold"].__setitem__("count", 0),
                 lambda x: x.__setitem__("clans_per_game", 0)):
        less = cf.sp_minimal()
        edit(less)
        sp_file(less)
        with pytest.raises(ContentError):
            tutor.new_game("spirited", players=2, seed=0)


def test_sd_minimal_file_every_random_game_ends(tmp_path):
    d = cf.sd_minimal()
    p = cf.write(d, tmp_path / "sd-min.yaml")
    with pytest.raises(ContentError, match="teams"):  # the default teams are not in it
        tutor.new_game("spirit-duels", players=2, seed=0, cards=p)
    for seed in range(GAMES):
        _check(play_checked("spirit-duels", 2, seed, json_every=25, cards=p, teams=["one", "two"]))
