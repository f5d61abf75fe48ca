"""A Totem Requirement taken away by a Spirit's "-1 Totem Requirement" ability (Seone, Barachu, or a copy of one) is
marked on the card of every player, the learner's and the opponent's alike (new-user trial 35: Yotei copying Seone
gave the opponent's Sanabo one requirement fewer and its card showed a plain "✓ Bell", as if a Totem met it; the
"(by …)" words are hidden on the compact table). The mark "−1" stands outside the hidden words; the tooltip and a
screen reader say the requirement is not needed and whose ability took it away."""
from __future__ import annotations

import re

from rs_helpers import act, rs_session
from widgets.boards.restless_spirits import render


def _reqs(html: str, spirit: str) -> list[str]:
    """The requirement lines of ``spirit``'s card on the board."""
    card = html[html.index(f'<div class="rt-sname">{spirit}'):]
    card = card[:card.index("</ul>")]
    return re.findall(r'<li class="[^"]*"[^>]*>.*?</li>', card)


def _reduced(lines: list[str]) -> list[str]:
    return [x for x in lines if 'class="rt-met rt-reduced"' in x and '<span class="rt-minus">−1</span>' in x]


def test_an_opponents_spirit_given_one_requirement_fewer_shows_the_mark():
    s = rs_session({"current": 2, "players": [
        {"seat": 1, "board": [{"card": "seone"}, None, None]},
        {"seat": 2, "ap": 2, "board": [{"card": "twizel"}, {"card": "yotei"}, {"card": "sanabo"}]}]})
    act(s, "activate-ability", space=2, target=1)  # Yotei copies Seone
    act(s, "choose-disregard", slot=2)  # Sanabo no longer needs Bell
    lines = _reqs(render(s), "Sanabo")
    marked = _reduced(lines)
    assert len(marked) == 1 and "Bell: not needed, one Totem Requirement fewer (Yotei's ability)" in marked[0]
    assert "−1</span> Bell" in marked[0]
    assert sum("rt-unmet" in x for x in lines) == 2


def test_the_learners_own_spirit_shows_the_same_mark():
    s = rs_session({"current": 1, "players": [
        {"seat": 1, "ap": 2, "board": [{"card": "seone", "totems": ["t02", "t06"]}, {"card": "gonga", "totems": ["t03"]},
                                       None]}]})
    act(s, "activate-ability", space=1)
    act(s, "choose-disregard", slot=3)
    lines = _reqs(render(s), "Gonga")
    marked = _reduced(lines)
    assert len(marked) == 1 and "one Totem Requirement fewer (Seone's ability)" in marked[0]
    # a requirement a Totem meets keeps its plain tick, with the Totem's name
    assert any('class="rt-met"' in x and "met by Lantern" in x for x in lines)
