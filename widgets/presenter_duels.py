"""The presenter's projector layout for Spirit Duels (:data:`CSS`, after :data:`widgets.presenter_style.CSS`).

A projected walkthrough shows both hands face up (:func:`widgets.boards.projected`; newuser45: Player 1's hand read
"5 cards, hidden" beside Player 2's). Two face-up hands, each a line or two of card chips, took the room that kept
the board's words at 16 px on a 1024x768 projector (step 2 of the Spirit Duels walkthrough fell to 15.8 px). On a
projector (a window up to 1180 px wide or 800 px high) the board gets that room back by folding what another line
of the page already says:

* the board's key line goes to the foot of the rules' column, as Restless Spirits' does (the provisional mark's
  meaning; a die says its face and its type in words, and its tooltip its odds);
* the Advantage Token's holder shows the token's gold "?" after their name, its words folded: the round strip above
  says "Advantage Token: Player N" (the player's line then keeps its counts beside the name);
* a player's "gained the advantage" or "passed" tag is folded while the round strip's pill says the same;
* a player's Spirits share the row's width by what they hold (a Spirit with a pool of dice or an ability line wider
  than one with neither), not in equal thirds, so no Spirit's column runs far below the others.

Measured in tests/browser/test_presenter_board.py (every step at 1024x768: every board word 16 px or more as drawn,
the board whole in its box) and tests/browser/test_presenter_hands.py (both hands face up, every card inside the
board's box). At 1366x768 the same layout applies; at 1920x1080 none of it (the board has the room).
"""
from __future__ import annotations

CSS = """
@media (max-width: 1180px), (max-height: 800px) {
  .rt-present .rt-pboard .sd-board > .rt-legend { display: none; }
  .rt-present:has(.rt-pboard .sd-board) .rt-pside > .rt-pkey { display: block; flex: 0 0 auto;
    padding: 2px 4px 0 4px; color: #6a6484; }
  .rt-present .rt-pboard .rt-board .rt-phead .sd-advflag { padding-left: 2px; padding-right: 2px; }
  .rt-present .rt-pboard .rt-board .rt-phead .sd-advflag > .sd-advword { display: none; }
  .rt-present .rt-pboard .sd-board:has(> .sd-strip .sd-hot) .rt-phead .sd-flag.sd-hot { display: none; }
  .rt-present .rt-pboard .sd-spirits > .sd-col { flex: 1 1 auto; }
}
"""
