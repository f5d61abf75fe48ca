"""A Spirit Duels game can always end (issue 14, attack 42 M1: a card file in which no damage is possible loaded, and
a game between computer players never ended).

The card file is refused when a team that plays can never deal damage (``tutor/games/spirit_duels/ending.py``),
naming the file and the field; and a game that cannot move on stops after round 50 with nobody winning (ruling
``sd.ruling.round-limit``), said on the board.
"""
from __future__ import annotations

import pytest

import tutor
from tutor import ContentError
from tutor.games.spirit_duels.phases import ROUND_LIMIT

import card_files as cf


def _harmless(d: dict, lines: set[str] | None = None, cards: set[str] | None = None) -> dict:
    """``d`` with no way to deal damage in the Lines ``lines`` and the cards ``cards`` (all when None): Attack
    Power and Class Power 0, Level 2 dice made Level 1, no abilities; cards with no effects, abilities or bonuses."""
    for ln in d["lines"]:
        if lines is not None and ln["id"] not in lines:
            continue
        for sp in ln["spirits"]:
            for side in (sp, sp.get("presence")):
                if side:
                    side.update(attack=0, magic=0, dice=[k.replace("-2", "-1") for k in side["dice"]])
            sp.pop("ability", None)
    for c in d["cards"]:
        if cards is None or c["id"] in cards:
            c["effects"] = []
            for k in ("ability", "bonuses", "charged"):
                c.pop(k, None)
    return d


def _refused(path: str, field: str, words: str, **options) -> str:
    with pytest.raises(ContentError) as ei:
        tutor.new_game("spirit-duels", players=2, seed=1, cards=path, **options)
    msg = str(ei.value)
    assert msg.startswith(f"{path}: {field}: ") and ei.value.field == field and ei.value.path == path, msg
    assert words in msg, msg
    return msg


def test_a_file_with_no_damage_at_all_is_refused(tmp_path):
    p = cf.write(_harmless(cf.shipped("spirit-duels")), tmp_path / "sd.yaml")
    msg = _refused(p, "teams[0]", "team 'fire' can never deal damage")
    assert "a Spirit is defeated only by damage, so without it the game might never end" in msg
    _refused(p, "classes", "the draft can make a team that can never deal damage", setup="draft")


def test_one_harmless_team_is_named(tmp_path):
    d = cf.shipped("spirit-duels")
    electric = next(t for t in d["teams"] if t["id"] == "electric")
    p = cf.write(_harmless(d, set(electric["lines"]), set(electric["deck"])), tmp_path / "sd.yaml")
    i = [t["id"] for t in d["teams"]].index("electric")
    _refused(p, f"teams[{i}]", "team 'electric' can never deal damage")
    _refused(p, f"teams[{i}]", "team 'electric' can never deal damage", teams=["fire", "electric"])


def test_one_way_to_deal_damage_is_enough(tmp_path):
    """A team whose only harm is one Move card (damage 1), or one Spirit with Attack Power 1, plays."""
    d = cf.shipped("spirit-duels")
    fire = next(t for t in d["teams"] if t["id"] == "fire")
    _harmless(d)
    move = next(c for c in d["cards"] if c["id"] in fire["deck"] and c["kind"] == "move")
    move["effects"] = [{"effect": "damage", "params": {"amount": 1}}]
    d["lines"][[ln["id"] for ln in d["lines"]].index("binx")]["spirits"][0]["attack"] = 1
    p = cf.write(d, tmp_path / "sd.yaml")
    s = tutor.new_game("spirit-duels", players=2, seed=1, cards=p)
    assert s.state.phase == "setup" and not s.is_over


def test_the_shipped_file_plays_both_set_ups():
    for options in ({}, {"setup": "draft"}):
        assert not tutor.new_game("spirit-duels", players=2, seed=3, **options).is_over


def _passive(ids: list[str]) -> str:
    """Both players keep their cards and pass: a game that never moves on."""
    for want in ("pass", "keep-hand"):
        if want in ids:
            return want
    skip = ("activate", "play", "evolve", "meditate", "gain", "set-aside", "mark")
    return next((i for i in ids if not i.startswith(skip)), ids[0])


def test_a_game_that_cannot_move_on_stops_after_the_last_round():
    from widgets.boards.spirit_duels.play_area import banner

    s = tutor.new_game("spirit-duels", players=2, seed=1)
    steps = 0
    while not s.is_over and steps < 2000:
        s.apply(_passive([a.id for a in s.legal_actions()]))
        steps += 1
    assert s.is_over and s.winners == [] and s.state.round == ROUND_LIMIT == 50
    last = s.history[-1].events[-1]
    assert last.clause == "sd.ruling.round-limit"
    assert last.text == ("The game ends and nobody wins: round 50 has ended and neither player has won; a game ends "
                         "after round 50 at the latest.")
    assert s.clause("sd.ruling.round-limit").kind == "ruling"
    assert "Game over: nobody wins. <small>Round 50 has ended" in banner(s)
    assert s.legal_actions() == []
    again = tutor.load_session(s.to_json())
    assert again.is_over and again.winners == [] and again.to_json() == s.to_json()
