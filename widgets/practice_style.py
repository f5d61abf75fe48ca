"""The practice page's CSS (:data:`PRACTICE_CSS`, after :func:`widgets.table.table_style`): the page as one window,
its title line, the board's box beside the question card, at 1024x768 and at 1920x1080 (:mod:`widgets.practice`)."""
from __future__ import annotations

import ipywidgets as w

from .board_fit import board_fit_js
from .scroll_shade import more_below
from .style import page_script

PRACTICE_CSS = """
.rt-pq-top { align-items: center; gap: 10px; flex-wrap: wrap; }
/* the question card comes first in the page (the keyboard reaches the answers in a few Tabs, not after every tooltip
   of the board: newuser43) and is drawn on the right of the board */
.rt-pq-main { align-items: flex-start; flex-direction: row-reverse; }
/* the board (the learn pages' compact board, tutor-board) scrolls inside its own box, so the question and its
   explanation stay beside it in one screen */
.rt-pq-board { max-height: calc(100vh - 110px); overflow-y: auto; overflow-x: hidden; }
/* the players in seat order (Player 1 first): the question names a player, and the learner plays no seat here, so
   the learn table's "current player first" order would only shuffle them */
.rt-pq-board.rt-compact .rt-bparts > .rt-bpart-player { order: 5 !important; }
/* the page as a table (under Voila the window): a title line with the games and the score, then the tabs; the
   notebook's Markdown cell folds away (its words are in "How it works"); the rule card opens over the page */
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div .rt-pq-page) { display: none; }
body[data-voila] #rendered_cells:has(.rt-pq-page) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(.rt-pq-page) .jp-Cell:has(.rt-pq-page) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(.rt-pq-page) .jp-Cell-outputWrapper { margin: 0; }
body[data-voila] .rt-pq-page { height: 100vh; box-sizing: border-box; padding: 4px 8px 0 8px; display: flex;
  flex-direction: column; overflow: hidden !important; }
.rt-pq-page > .rt-style { display: none !important; }
body[data-voila] .rt-pq-page > .widget-tab { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; }
body[data-voila] .rt-pq-page > .widget-tab > .widget-tab-contents { flex: 1 1 auto; min-height: 0; overflow-y: auto;
  padding: 6px 4px 0 4px; }
/* the practice tab's rule card shows only popped out (over the page); the mastery map's is in its side column */
.rt-pq-page .tutor-clause-card:not(.rt-clause-float):not(.rt-m-card) { display: none !important; }
.rt-pq-title { display: flex; align-items: baseline; gap: 12px; }
.rt-pq-name { font-size: 17px; font-weight: 800; color: #3d1f66; }
.rt-pq-home { font-size: 12.5px; color: #5b2d90; text-decoration: none; border: 1px solid #d9cdee; border-radius: 8px;
  padding: 1px 8px; }
.rt-pq-how { font-size: 12.5px; color: #3d3850; max-width: 640px; }
.rt-pq-how summary { cursor: pointer; color: #5b2d90; font-weight: 600; }
.rt-pq-page .rt-pq-top .widget-toggle-buttons .widget-toggle-button { height: 28px; }
/* narrower (1024x768), the title line keeps one row (the games' buttons as wide as their names, the score in two
   short lines): the board's box takes the row's room (newuser32: Player 3 cut at the box's foot; a board still
   taller than its box says "more below" there) */
@media (max-width: 1180px) {
  .rt-pq-page .rt-pq-top { flex-wrap: nowrap; }
  .rt-pq-top > :not(.tutor-pq-score) { flex: 0 0 auto !important; }
  .rt-pq-page .rt-pq-top .widget-toggle-buttons .widget-toggle-button { width: auto !important; padding: 0 12px; }
  .rt-pq-top > .tutor-pq-score { flex: 0 1 240px; min-width: 0; font-size: 12px; }
  .rt-pq-top > .tutor-pq-score, .rt-pq-top > .tutor-pq-score > .widget-html-content { line-height: 15px; height: auto; }
  .rt-pq-top > .widget-html:has(.rt-pq-how) { flex: 0 0 auto; }
  .rt-pq-board { max-height: calc(100vh - 90px); }
}
/* a large window (1920x1080): the board and the question card drawn larger, as the learn pages' table (a room, a
   projector: newuser32, the page was half empty) */
@media (min-width: 1700px) and (min-height: 1000px) {
  .rt-pq-board > .tutor-board { zoom: 1.3; }
  .rt-pq-board > .tutor-board:has(.sd-board) { zoom: 1.15; }
  .rt-pq-main > .rt-pq-side { zoom: 1.25; flex-basis: 500px !important; max-height: calc((100vh - 110px) / 1.25) !important; }
  .rt-pq-top, .rt-pq-page > .widget-tab > .widget-tab-bar { zoom: 1.15; }
  .rt-pq-board { max-height: calc(100vh - 125px); }
}
/* ... and Restless Spirits' board is taller than its box there: the players' areas (the player to play among them)
   come right under the banner, the Lost Spirits, the Shrine and the Totem Markets after them (trial 27: at 1024x768
   Player 2, to play, was cut at the box's foot) */
@media (max-width: 1200px) {
  .rt-pq-board.rt-compact .rt-bparts:has(> .rt-bpart-markets) > :is(.rt-bpart-wide, .rt-bpart-zone, .rt-bpart-markets) {
    order: 6; }
}
.rt-pq-side { gap: 6px; }
/* issue 16 (newuser37, practice-1024.png): after an answer the question card is whole in a 768-pixel window with no
   scroll box inside it (the 4th option was cut in a small scroll box and the feedback scrolled): its parts never
   shrink into boxes of their own, its texts drop the widgets' 28-pixel line height, and the answered card is set
   tighter (rt-pq-answered), its question smaller on a short window */
.rt-pq-side > * { flex-shrink: 0 !important; }
.rt-pq-side .widget-html-content { line-height: 1.35; }
.rt-pq-side.rt-pq-answered .tutor-pq-option.jupyter-button { min-height: 28px; padding: 3px 10px; margin: 2px 0; }
.rt-pq-side.rt-pq-answered .tutor-pq-feedback .rt-pq-expl div { margin: 0; }
@media (max-height: 820px) {
  .rt-pq-side.rt-pq-answered { gap: 3px; }
  .rt-pq-side.rt-pq-answered .tutor-pq-prompt { font-size: 13.5px; }
  .rt-pq-side.rt-pq-answered .tutor-pq-feedback .rt-pq-expl { font-size: 12px; line-height: 1.3; }
  .rt-pq-side.rt-pq-answered .tutor-pq-feedback { font-size: 12.5px; }
}
.rt-pq-kind { display: inline-block; font-size: 11px; font-weight: 700; text-transform: uppercase;
  letter-spacing: .05em; color: #5b2d90; background: #f1eafc; border-radius: 6px; padding: 1px 6px;
  margin-bottom: 4px; }
.tutor-pq-prompt { font-size: 15px; font-weight: 600; line-height: 1.4; }
.rt-pq-origin { font-size: 11.5px; color: #625d73; }
.rt-pq-again { display: inline-block; font-size: 11px; font-weight: 700; color: #8a3b00; background: #fff1e0;
  border-radius: 6px; padding: 1px 6px; margin: 0 4px 4px 0; }
.tutor-pq-option.jupyter-button, .tutor-pq-option.widget-button { white-space: normal; height: auto; min-height: 34px;
  text-align: left; line-height: 1.3; padding: 6px 10px; margin: 3px 0; width: 100%; background: #fff;
  border: 1.5px solid #cfc8e2; border-radius: 8px; color: #1f1d2b; }
.tutor-pq-option.jupyter-button:hover:enabled { background: #f4effc; border-color: #6b3fa0; }
.tutor-pq-option.jupyter-button:disabled { opacity: 1; cursor: default; color: #3d3850; }
.tutor-pq-option.rt-pq-right { background: #e4f6e7 !important; border-color: #2e7d32 !important; color: #1b4d1f; }
.tutor-pq-option.rt-pq-wrong { background: #fde3e3 !important; border-color: #c62828 !important; color: #7a1010; }
.tutor-pq-feedback .rt-pq-ok { color: #1b5e20; font-weight: 700; }
.tutor-pq-feedback .rt-pq-no { color: #b71c1c; font-weight: 700; }
.tutor-pq-feedback .rt-pq-expl { font-size: 12.5px; line-height: 1.4; color: #3d3850; margin-top: 2px; }
.tutor-pq-feedback .rt-pq-expl div { margin: 1px 0; }
.tutor-notice { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 8px; padding: 4px 8px; font-size: 13px; }
.tutor-pq-score { font-size: 13px; color: #3d3850; }
/* a long card name or answer wraps inside the question card, never past its edge (even one long word) */
.rt-pq-side, .tutor-pq-prompt, .tutor-pq-feedback, .tutor-pq-option.jupyter-button { overflow-wrap: anywhere;
  min-width: 0; }
.rt-pq-side .tutor-clause { max-width: 100%; }
""" + more_below(".rt-pq-board")  # (the board's box scrolls when a board is taller: the sign at its foot)

#: The least scale of the practice board (CSS zoom) that brings every player's area whole into its box (at 1024x768:
#: session 33's trial found Player 3 partly under the box's foot); below it the words get too small, and the box
#: scrolls (the player to act brought into view, :mod:`widgets.board_reveal`).
PLAYERS_FIT_MIN = 0.8

#: The page script that scales the practice board, from the zoom its CSS gives it down to :data:`PLAYERS_FIT_MIN`,
#: until the last player's area is whole in the board's box (what follows it, the markets at 1024x768, may scroll).
PLAYERS_FIT_JS = board_fit_js(".rt-pq-board", "tutorPracticeFit", PLAYERS_FIT_MIN, 0, 7, whole=".rt-bpart-player")


#: The practice page's keyboard (newuser43, issue 16): after an answer the focus is on the feedback's "Next question"
#: (the options it answered are disabled, so the focus fell to the page, and the learner tabbed through the whole
#: board again); after "Next question" on the new question's first option. Only when the focus was in the question
#: card or lost (a learner who went elsewhere keeps their place). The answers come before the board in the tab order
#: (the card first in the page, drawn on the right: ``.rt-pq-main``'s CSS).
PRACTICE_KEYS_JS = """(function () {
  if (window.tutorPracticeKeys) { return; }
  window.tutorPracticeKeys = true;
  function focus(side, sel, tries) {  // the control's view may come a frame or two after the class
    var b = Array.prototype.find.call(side.querySelectorAll(sel), function (x) {
      return !x.disabled && x.getClientRects().length; });
    if (b) { b.focus(); return; }
    if (tries > 0) { requestAnimationFrame(function () { focus(side, sel, tries - 1); }); }
  }
  new MutationObserver(function (records) {
    records.forEach(function (m) {
      var side = m.target;
      if (!side.classList || !side.classList.contains('rt-pq-side')) { return; }
      var was = (m.oldValue || '').split(/\\s+/).indexOf('rt-pq-answered') >= 0, now = side.classList.contains('rt-pq-answered');
      var a = document.activeElement;
      if (was === now || (a && a !== document.body && a.isConnected && !a.disabled && !side.contains(a))) { return; }
      focus(side, now ? '.tutor-pq-next' : '.tutor-pq-option', 30);
    });
  }).observe(document.body, {attributes: true, attributeFilter: ['class'], attributeOldValue: true, subtree: true});
})();
"""


def practice_keys() -> w.Output:
    """A hidden Output (CSS class ``tutor-pq-keys``) whose only output is :data:`PRACTICE_KEYS_JS`."""
    return page_script(PRACTICE_KEYS_JS, "tutor-pq-keys")


def players_fit() -> w.Output:
    """A hidden Output (CSS class ``tutor-pq-fit``) whose only output is :data:`PLAYERS_FIT_JS`."""
    return page_script(PLAYERS_FIT_JS, "tutor-pq-fit")
