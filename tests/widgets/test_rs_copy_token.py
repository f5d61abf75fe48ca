"""The Copy token of Uji, Yotei and Grindavik is drawn on the board (newuser 38: "Uji's Copy token is not drawn"):
while a copy the engine keeps holds (an Ongoing or on-release ability copied: ``PlacedSpirit.copied``), the copied
Spirit shows "◇ Uji's Copy token" with a tooltip saying whose token it is and what it means, and the copier shows
which Spirit it copies; the token goes when the copy ends (the copied Lost Spirit attracted, the opponent's copied
Spirit released). Uji's and Yotei's token also stays after an Activated copy (ruling rs.ruling.copy-token: Uji
copying Kafrat, engine40), drawn with words saying the ability was used at once; it comes off as their notes print
(rule rs.effect.copy-token-off) or, in the cases they leave unsaid, by the ruling."""
from __future__ import annotations

import re

from rs_helpers import act, rs_session
from widgets.boards.restless_spirits import parts

TOKEN = re.compile(r'<div class="rt-tok rt-copy-tok" title="([^"]*)">(.*?)</div>')


def _tokens(html: str) -> list[tuple[str, str]]:
    """``(tooltip, words)`` of each Copy-token line in ``html`` (the words without the screen reader's)."""
    return [(t.replace("&#x27;", "'"), re.sub(r'<span class="rt-sr-only">.*?</span>', "", w).replace("&#x27;", "'"))
            for t, w in TOKEN.findall(html)]


def test_uji_copy_token_lies_on_the_copied_lost_spirit_while_the_copy_holds():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "hand": ["t01", "t11"], "board": [{"card": "uji", "totems": ["t02"]}, None, None]}],
        "lost_spirits": ["barachu", "gonga", "miki"]})
    before = dict(parts(s))
    assert _tokens(before["wide:lost"]) == [] and _tokens(before["player:0"]) == []
    act(s, "activate-ability", space=1)
    act(s, "choose-copy", spirit="barachu")
    act(s, "choose-disregard", slot=3)
    board = dict(parts(s))
    lost = board["wide:lost"]
    barachu = lost[lost.index(">Barachu"):lost.index(">Gonga")]
    assert _tokens(barachu) == [("Uji's Copy token: Uji (Player 1's board) has this Spirit's ability as its own while "
                                 "the copy holds", "◇ Uji's Copy token")]
    assert _tokens(lost) == _tokens(barachu)  # (on Barachu only)
    assert _tokens(board["player:0"]) == [("Its Copy token is on Barachu: it has Barachu's ability as its own while "
                                           "the copy holds", "◇ copies Barachu")]
    assert "Uji's Copy token" in re.sub(r"<[^>]+>", "", barachu).replace("&#x27;", "'")  # (a screen reader too)
    act(s, "attract", spirit="barachu")  # Barachu leaves the row: the copy ends, and its token goes
    act(s, "choose-offering", totem="t01")
    act(s, "choose-space", space=2)
    board = dict(parts(s))
    assert _tokens(board["wide:lost"]) == [] and _tokens(board["player:0"]) == []


def test_yotei_copy_token_lies_on_the_opponents_spirit_until_it_is_released():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "yotei"}, None, None]},
        {"seat": 2, "hand": ["t02"], "board": [{"card": "virley", "totems": ["t01", "t05"]}, None, None]}]})
    act(s, "activate-ability", space=1, target=2)
    board = dict(parts(s))
    assert [w for _t, w in _tokens(board["player:1"])] == ["◇ Yotei's Copy token"]
    assert [w for _t, w in _tokens(board["player:0"])] == ["◇ copies Virley"]
    act(s, "end-turn")
    act(s, "play-totem", totem="t02", space=1)  # Player 2 releases Virley: the copy ends
    board = dict(parts(s))
    assert _tokens(board["player:0"]) == [] and _tokens(board["player:1"]) == []


def test_uji_copy_token_stays_on_kafrat_after_an_activated_copy():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "uji"}, None, None]},
        {"seat": 2, "hand": ["t01", "t02", "t03", "t04"], "released": ["gonga"]}],
        "lost_spirits": ["kafrat", "miki", "muko"]})
    act(s, "activate-ability", space=1)
    act(s, "choose-copy", spirit="kafrat")
    act(s, "choose-discard", card="t01")
    act(s, "choose-discard", card="t02")
    board = dict(parts(s))
    lost = board["wide:lost"]
    kafrat = lost[lost.index(">Kafrat"):lost.index(">Miki")]
    assert _tokens(kafrat) == _tokens(lost) == [
        ("Uji's Copy token: Uji (Player 1's board) copied this Spirit's ability and used it at once; the token marks "
         "the copy", "◇ Uji's Copy token")]
    assert _tokens(board["player:0"]) == [("Its Copy token is on Kafrat: it copied Kafrat's ability and used it at "
                                           "once", "◇ copied Kafrat")]
