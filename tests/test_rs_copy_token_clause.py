"""Which clause each removal of Uji's or Yotei's Copy token cites (new user 47: "AUTO RULING Seone is released, so
Yotei's Copy token comes off Seone" cited the ruling although Yotei's card note prints that case). A case the notes
print cites the rule ``rs.effect.copy-token-off``: the copier released, Yotei's copied Spirit released or destroyed,
Uji's Lost Spirit moved to the Spirit discard pile. A case they leave unsaid cites the ruling ``rs.ruling.copy-token``:
the copier destroyed, Uji's Lost Spirit attracted, the copier copying anew. An Ongoing copy's end cites the Ongoing
copy rule as before."""
from __future__ import annotations

import pytest

from rs_helpers import act, rs_session
from tutor.registry import clauses_for

RULE, RULING, ONGOING = "rs.effect.copy-token-off", "rs.ruling.copy-token", "rs.effect.copy-ongoing"


def _uji_kafrat(hand: list[str]):
    """Player 1's Uji (space 1, two Totems under it) copies the Lost Kafrat, an Activated ability used at once."""
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 3, "hand": hand, "board": [{"card": "uji", "totems": ["t02", "t04"]}, None, None]},
        {"seat": 2, "hand": ["t01", "t03", "t05", "t06"], "released": ["gonga"]}],
        "lost_spirits": ["kafrat", "miki", "muko"]})
    act(s, "activate-ability", space=1)
    act(s, "choose-copy", spirit="kafrat")
    act(s, "choose-discard", card="t01")
    act(s, "choose-discard", card="t03")
    return s


def _yotei_gonga(p1_board=None, p2_board=None, p1=None, p2=None):
    """Player 1's Yotei (space 2, Seone beside it) copies Player 2's Gonga, an Activated ability used at once."""
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": p1_board or [{"card": "seone"}, {"card": "yotei"}, None], **(p1 or {})},
        {"seat": 2, "board": p2_board or [{"card": "gonga", "used": True}, None, None], **(p2 or {})}]})
    act(s, "activate-ability", space=2, target=2)
    if s.state.pending:
        act(s, "choose-copy", spirit="gonga")
    return s


def uji_released():
    s = _uji_kafrat(["t10"])
    return act(s, "play-totem", totem="t10", space=1)


def uji_lost_spirit_discarded():
    s = _uji_kafrat(["t09"])
    return act(s, "refresh-and-attract")


def uji_lost_spirit_attracted():
    s = _uji_kafrat(["t09"])
    act(s, "attract", spirit="kafrat")
    return act(s, "choose-space", space=2)


def yotei_released():
    s = _yotei_gonga(p1_board=[{"card": "seone"}, {"card": "yotei", "totems": ["t03", "t06"]}, None],
                     p1={"hand": ["t08"]})
    return act(s, "play-totem", totem="t08", space=2)


def yotei_copied_released():
    s = _yotei_gonga(p2_board=[{"card": "gonga", "used": True, "totems": ["t13", "t14"]}, None, None],
                     p2={"hand": ["t16"]})
    act(s, "end-turn")
    return act(s, "play-totem", totem="t16", space=1)


def yotei_copied_destroyed():
    s = _yotei_gonga(p1_board=[{"card": "seone"}, {"card": "yotei"}, {"card": "takayama"}])
    act(s, "activate-ability", space=3, target=2)
    return act(s, "choose-own-destroy", space=3)


def yotei_destroyed():
    s = _yotei_gonga(p2_board=[{"card": "gonga", "used": True}, {"card": "takayama"}, None])
    act(s, "end-turn")
    act(s, "activate-ability", space=2, target=1)
    act(s, "choose-own-destroy", space=2)
    return act(s, "choose-destroy", space=2)


def yotei_copies_anew():
    """Yotei copies Player 2's Uji (token on Uji), whose copy then takes the Lost Gonga: the token moves."""
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "yotei"}, None, None]},
        {"seat": 2, "board": [{"card": "uji"}, None, None]}], "lost_spirits": ["gonga", "miki", "muko"]})
    act(s, "activate-ability", space=1, target=2)
    step = act(s, "choose-copy", spirit="gonga")
    assert s.game.facts(s.state)["p1.copies"] == ["gonga", None, None]
    return step


def yotei_ongoing_copy_ends():
    """Yotei copies Virley's Ongoing ability; Player 2 releases Virley: the copy ends (the Ongoing copy rule)."""
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "yotei"}, None, None]},
        {"seat": 2, "hand": ["t02"], "board": [{"card": "virley", "totems": ["t01", "t05"]}, None, None]}]})
    act(s, "activate-ability", space=1, target=2)
    act(s, "end-turn")
    return act(s, "play-totem", totem="t02", space=1)


CASES = [
    (uji_released, RULE, "Uji is released, so its Copy token comes off Kafrat."),
    (uji_lost_spirit_discarded, RULE, "Kafrat has left the Lost Spirits row, so Uji's Copy token comes off Kafrat."),
    (uji_lost_spirit_attracted, RULING, "Kafrat has left the Lost Spirits row, so Uji's Copy token comes off Kafrat."),
    (yotei_released, RULE, "Yotei is released, so its Copy token comes off Gonga."),
    (yotei_copied_released, RULE, "Gonga is released, so Yotei's Copy token comes off Gonga."),
    (yotei_copied_destroyed, RULE, "Gonga is destroyed, so Yotei's Copy token comes off Gonga."),
    (yotei_destroyed, RULING, "Yotei is destroyed, so its Copy token comes off Gonga."),
    (yotei_copies_anew, RULING, "Yotei copies Gonga now, so Yotei's Copy token comes off Uji."),
    (yotei_ongoing_copy_ends, ONGOING, "Virley is released, so Yotei's copy of Virley's ability ends."),
]


@pytest.mark.parametrize("case, clause, words", CASES, ids=[c[0].__name__ for c in CASES])
def test_each_removal_cites_the_rule_where_the_notes_print_it(case, clause, words):
    step = case()
    said = [(e.clause, e.text) for e in step.events
            if "Copy token comes off" in e.text or "copy of" in e.text and "ability ends" in e.text]
    assert said == [(clause, words)]


def test_the_rule_is_a_rule_and_the_ruling_a_ruling():
    by_id = clauses_for("restless-spirits")
    assert by_id[RULE].kind == "rule" and by_id[RULING].kind == "ruling"
    assert by_id[RULE].source.section == "Spirit FAQs > Spirit Ability Clarifications"
    assert RULING in by_id[RULE].related and RULE in by_id[RULING].related
