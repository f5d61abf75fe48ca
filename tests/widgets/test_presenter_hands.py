"""newuser45: the presenter treats every hand alike. At step 4 of the Spirit Duels walkthrough (1024x768) Player 1's
hand read "5 cards, hidden" beside Player 2's face up: a projected walkthrough was drawn as people passing one
screen see a game (only the acting player's hand). A walkthrough teaches the rules to a room that plays no seat, and
its narration names the cards of either hand, so every hand is face up (:func:`widgets.boards.projected`), on the
first steps of every shipped walkthrough, whoever acts, after Next, Back and a jump."""
from __future__ import annotations

import html as h

import pytest

from tutor.walkthrough import all_walkthroughs
from widgets import PresenterApp
from widgets.boards import hand_shown

#: The first steps checked in every walkthrough (0 = its start).
FIRST = 6
#: What a board draws for a hand it hides: Spirit Duels' card backs and count, Restless Spirits' count, Spirited's
#: "private" count (its other face-down marks are cards recruited face down into a Camp, a rule of the game).
FACE_DOWN = ('class="sd-back"', "cards, hidden", "card, hidden", 'title="The Hand is private"')

WALKS = all_walkthroughs()


def names(s, seat: int) -> list[str]:
    """The words the board shows for ``seat``'s hand: its cards' names (Spirit Duels, Restless Spirits), or its
    cards' clans (Spirited), HTML-escaped."""
    g, hand = s.game, s.state.players[seat].hand
    if hasattr(g, "card_label"):  # Spirit Duels
        return [h.escape(g.card_label(c).split(" (")[0]) for c in hand]
    if hasattr(g, "totem_label"):  # Restless Spirits
        return [h.escape(g.totem_label(c).split(" (")[0]) for c in hand]
    v = g.view(s)  # Spirited: the hand by clan
    from widgets.boards.spirited import _name
    return [h.escape(_name(g, v.clan_of(c))) for c in hand]


def test_every_game_has_a_shipped_walkthrough():
    assert sorted(p.parent.parent.name for p in WALKS) == ["restless-spirits", "spirit-duels", "spirited"]


@pytest.mark.parametrize("path", WALKS, ids=[p.parent.parent.name for p in WALKS])
def test_both_hands_face_up_on_the_first_steps(path):
    app = PresenterApp(paths=[path])
    p = app.present
    seen_cards = 0
    actors = set()
    for k in [*range(FIRST), 2, 1, 0, FIRST - 1]:  # Next to step 5, Back, a jump back to the start and forward again
        p.go(k)
        assert p.position == k
        s = p.session
        html = p.board.html.value
        actors.add(s.current_player)
        for seat, pl in enumerate(s.state.players):
            assert hand_shown(s, seat, acting=seat == s.current_player), (k, seat)
            for name in names(s, seat):
                assert name in html, (k, seat, name)
                seen_cards += 1
        for mark in FACE_DOWN:
            assert mark not in html, (k, mark)
    assert len(actors) >= 2  # (both seats acted in these steps: the hand of the seat not acting was checked)
    assert seen_cards > 0  # some hand held a card (the check above had something to find)
    assert not app.errors.output.outputs


def test_spirit_duels_step_4_shows_player_1s_hand():
    """The step of the trial: Player 2 to act, Player 1's five cards named (they were "5 cards, hidden")."""
    path = next(p for p in WALKS if p.parent.parent.name == "spirit-duels")
    p = PresenterApp(paths=[path]).present
    p.go(4)
    s, html = p.session, p.board.html.value
    assert s.current_player == 1 and len(s.state.players[0].hand) == 5
    assert sorted(s.state.players[0].hand)[:3] == ["fortify", "mystic-tome", "searing-strike"]
    assert "Fortify" in html and "Mystic Tome" in html and "Searing Strike" in html
    assert "Harsh Tide" in html and "Invigorate" in html  # Player 2's, as before
    assert "5 cards, hidden" not in html


def test_spirit_duels_projector_layout_folds_what_the_strip_says():
    """presenter46: with both hands face up the Spirit Duels board fell to 15.8 px at 1024x768; on a projector it folds
    what another line says (widgets/presenter_duels.py). The holder's token tag keeps its gold mark and puts its words
    in their own span (folded there), the round strip names the holder, and the presenter's style carries the rules
    (measured in tests/browser/test_presenter_board.py and test_presenter_hands.py)."""
    from widgets.presenter_style import presenter_style

    path = next(p for p in WALKS if p.parent.parent.name == "spirit-duels")
    p = PresenterApp(paths=[path]).present
    p.go(2)
    html = p.board.html.value
    assert p.session.state.advantage == 0 and "Advantage Token: <b>Player 1</b>" in html  # the strip
    player_2 = html.index('<span class="rt-pname">Player 2</span>')
    flags = [i for i in range(len(html)) if html.startswith('class="sd-flag sd-advflag"', i)]
    assert len(flags) == 1 and flags[0] < player_2  # on Player 1's area only
    assert html.count('<span class="sd-advword">Advantage Token</span>') == 1
    css = presenter_style().value
    assert ".rt-phead .sd-advflag > .sd-advword { display: none; }" in css
    assert ".sd-board > .rt-legend { display: none; }" in css and ".sd-spirits > .sd-col { flex: 1 1 auto; }" in css
