"""Uji's and Yotei's Copy token is kept whatever they copy (ruling ``rs.ruling.copy-token``): after an Activated
copy (used at once) the token still lies on the copied Spirit (``PlacedSpirit.copied``, fact ``pN.copies``) and comes
off as their card notes say. Uji: when Uji leaves play, or the Lost Spirit leaves the row (taken by a player or
discarded by a refresh). Yotei: when Yotei leaves play, or the copied Spirit is released or destroyed. Grindavik
keeps a token only for an ability that lasts, so its Activated copy leaves none. A removal the notes print cites the
rule ``rs.effect.copy-token-off`` (the copier released, Yotei's copied Spirit released or destroyed, Uji's Lost
Spirit discarded; new user 47: these cited the ruling); the others cite the ruling (the copier destroyed, the Lost
Spirit attracted, the copier copying anew)."""
from __future__ import annotations

from rs_helpers import act, rs_session

TOKEN = "rs.ruling.copy-token"
OFF = "rs.effect.copy-token-off"


def _said(step, clause=TOKEN) -> list[str]:
    return [e.text for e in step.events if e.clause == clause]


def _copies(s, seat: int = 1) -> list:
    return s.game.facts(s.state)[f"p{seat}.copies"]


def _uji_copies_kafrat(**p1):
    """Player 1's Uji copies the Lost Kafrat (Activated: Player 2 discards half their hand); returns the session."""
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 3, "board": [{"card": "uji", "totems": ["t02", "t04"]}, None, None], **p1},
        {"seat": 2, "hand": ["t01", "t03", "t05", "t06"], "released": ["gonga"]}],
        "lost_spirits": ["kafrat", "miki", "muko"]})
    act(s, "activate-ability", space=1)
    step = act(s, "choose-copy", spirit="kafrat")
    assert _said(step) == ["Uji places its Copy token on Kafrat: it stays there until Uji leaves play or that Spirit "
                           "leaves the Lost Spirits row, although the copied ability is used at once."]
    assert [e.clause for e in step.events][:2] == ["rs.effect.copy", TOKEN]
    act(s, "choose-discard", card="t01")
    act(s, "choose-discard", card="t03")
    assert s.state.players[1].hand == ["t05", "t06"]  # the copied ability was used at once
    assert _copies(s) == ["kafrat", None, None] and s.state.players[0].board[0].copied_from == "lost-spirits"
    return s


def test_uji_token_stays_on_the_lost_spirit_after_an_activated_copy_until_uji_is_released():
    s = _uji_copies_kafrat(hand=["t10"])
    step = act(s, "play-totem", totem="t10", space=1)
    assert _said(step, OFF) == ["Uji is released, so its Copy token comes off Kafrat."] and _said(step) == []
    clauses = [e.clause for e in step.events]
    assert clauses.index("rs.release") < clauses.index(OFF)
    assert s.state.players[0].released == ["uji"] and s.state.lost_spirits == ["kafrat", "miki", "muko"]
    assert _copies(s) == [None, None, None]


def test_uji_token_comes_off_when_the_lost_spirit_is_taken():
    s = _uji_copies_kafrat(hand=["t09"])
    act(s, "attract", spirit="kafrat")  # (t09, the only Totem in hand, is offered at once)
    step = act(s, "choose-space", space=2)
    assert _said(step) == ["Kafrat has left the Lost Spirits row, so Uji's Copy token comes off Kafrat."]
    assert _said(step, OFF) == []  # (attracted: the notes say "released by a player"; the ruling reads it)
    assert s.game.facts(s.state)["p1.board"] == ["uji", "kafrat", None]
    assert _copies(s) == [None, None, None]


def test_uji_token_comes_off_when_the_lost_spirit_is_discarded():
    s = _uji_copies_kafrat(hand=["t09"])
    step = act(s, "refresh-and-attract")
    assert "kafrat" in s.state.spirit_discard and "kafrat" not in s.state.lost_spirits
    assert _said(step, OFF) == ["Kafrat has left the Lost Spirits row, so Uji's Copy token comes off Kafrat."]
    assert _said(step) == []  # (the notes print the discard: the rule, not the ruling)
    assert _copies(s) == [None, None, None]


def _yotei_copies_gonga(p1_board=None, p2_board=None, p1=None, p2=None):
    """Player 1's Yotei (space 2, Seone beside it) copies Player 2's used Gonga: +1 AP at once; returns the session."""
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": p1_board or [{"card": "seone"}, {"card": "yotei"}, None], **(p1 or {})},
        {"seat": 2, "board": p2_board or [{"card": "gonga", "used": True}, None, None], **(p2 or {})}]})
    step = act(s, "activate-ability", space=2, target=2)
    if s.state.pending:  # (Player 2 has another Spirit to copy)
        step = act(s, "choose-copy", spirit="gonga")
    assert _said(step) == ["Yotei places its Copy token on Gonga: it stays there until Yotei leaves play or that "
                           "Spirit is released or destroyed, although the copied ability is used at once."]
    assert s.state.players[0].ap == 3 and _copies(s) == [None, "gonga", None]
    assert s.state.players[0].board[1].copied_from == "opponent-board"
    return s


def test_yotei_token_comes_off_when_yotei_is_released():
    s = _yotei_copies_gonga(p1_board=[{"card": "seone"}, {"card": "yotei", "totems": ["t03", "t06"]}, None],
                            p1={"hand": ["t08"]})
    step = act(s, "play-totem", totem="t08", space=2)
    assert _said(step, OFF) == ["Yotei is released, so its Copy token comes off Gonga."] and _said(step) == []
    assert s.state.players[0].released == ["yotei"] and _copies(s) == [None, None, None]
    assert s.game.facts(s.state)["p2.board"] == ["gonga", None, None]


def test_yotei_token_comes_off_when_the_copied_spirit_is_released():
    s = _yotei_copies_gonga(p2_board=[{"card": "gonga", "used": True, "totems": ["t13", "t14"]}, None, None],
                            p2={"hand": ["t16"]})
    act(s, "end-turn")
    assert _copies(s) == [None, "gonga", None]  # (still there on the opponent's turn)
    step = act(s, "play-totem", totem="t16", space=1)
    assert _said(step, OFF) == ["Gonga is released, so Yotei's Copy token comes off Gonga."] and _said(step) == []
    assert s.state.players[1].released == ["gonga"] and _copies(s) == [None, None, None]


def test_yotei_token_comes_off_when_the_copied_spirit_is_destroyed():
    s = _yotei_copies_gonga(p1_board=[{"card": "seone"}, {"card": "yotei"}, {"card": "takayama"}])
    act(s, "activate-ability", space=3, target=2)
    step = act(s, "choose-own-destroy", space=3)  # (Gonga, the target's only Spirit, is then destroyed at once)
    assert _said(step, OFF) == ["Gonga is destroyed, so Yotei's Copy token comes off Gonga."] and _said(step) == []
    assert "gonga" in s.state.spirit_discard and _copies(s) == [None, None, None]


def test_a_destroyed_copier_takes_its_token_off():
    """The notes name the copier's release only; a destroyed copier has left play too (the ruling)."""
    s = _yotei_copies_gonga(p2_board=[{"card": "gonga", "used": True}, {"card": "takayama"}, None])
    act(s, "end-turn")
    act(s, "activate-ability", space=2, target=1)
    act(s, "choose-own-destroy", space=2)
    step = act(s, "choose-destroy", space=2)
    assert _said(step) == ["Yotei is destroyed, so its Copy token comes off Gonga."] and _said(step, OFF) == []
    assert "yotei" in s.state.spirit_discard and s.game.facts(s.state)["p1.board"] == ["seone", None, None]


def test_grindavik_keeps_no_token_for_an_activated_copy():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "seone"}, {"card": "grindavik"}, None]},
        {"seat": 2, "released": ["gonga"]}]})
    step = act(s, "activate-ability", space=2, target=2)
    assert [e.clause for e in step.events if e.clause in ("rs.effect.copy", TOKEN)] == ["rs.effect.copy"]
    assert s.state.players[0].ap == 3 and _copies(s) == [None, None, None]
