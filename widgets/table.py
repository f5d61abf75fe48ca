"""The one-screen game table: CSS that lays out a learn page (:class:`~widgets.lessons.LearnApp`, tutor apps with
``one_screen=True``) as a fixed-height grid of the window, the way a digital board game lays out its screen.

- A title line (the game, the Lessons / Free play tabs, a link to all pages).
- A line with the lesson (picker, Previous/Next, Hint, the goal, wrapping rather than cut) and the controls (Undo, Redo, Restart;
  in free play the seed and New game).
- The board (``tutor-board``, scrolling inside only when it must) beside the legal actions (``tutor-actions``,
  scrolling inside; its end-of-turn group, "End your turn" or "Pass", pinned at its foot; the blocked ones folded).
- The last step (``tutor-last-step``): what just happened, each event with its clause chip; the history, the
  glossary and the lesson's introduction open in a drawer over the board, and a rule chip opens the rule card over
  the board.

Under Voila the page is the window: the notebook's Markdown cell above the app is hidden (its title and link are
on the title line) and nothing scrolls but the action list, the board area, the drawer and a long last step. In
JupyterLab the table is as high as the window, inside the notebook.
"""
from __future__ import annotations

import ipywidgets as w

from .table_board import BOARD_CSS
from .reply_fit import REPLY_CSS
from .strip_room import DENSE_CSS
from .table_large import LARGE_CSS

#: The table's CSS: its frame (the title line, the lesson line, the board beside the actions, the drawer and the rule
#: card), the board (:data:`widgets.table_board.BOARD_CSS`), then the last-step strip and the narrow windows,
#: and the large window's (:data:`widgets.table_large.LARGE_CSS`), the reply column's signs last.
TABLE_CSS = """
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div .rt-learn) { display: none; }
body[data-voila] #rendered_cells:has(.rt-learn) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(.rt-learn) .jp-Cell:has(.rt-learn) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(.rt-learn) .jp-Cell-outputWrapper { margin: 0; }
.rt-learn { height: 100vh; min-height: 560px; box-sizing: border-box; padding: 4px 8px 0 8px;
  display: flex; flex-direction: column; overflow: hidden !important; position: relative; }
/* keyboard focus, always visible: a 2 px ring on the control the focus is on (buttons, lists, tabs, the board) */
.rt-learn :focus-visible { outline: 2px solid #5b2d90 !important; outline-offset: 1px; }
/* the board may be drawn larger (CSS zoom up to 1.35 on a wide window) or smaller: its ring is 3 px there, so it
   stays at least 2 px as drawn (a 2 px ring in Spirited's board at zoom 1.05 measured 1.9 px) */
.rt-learn .tutor-board :focus-visible { outline-width: 3px !important; }
.rt-learn > .rt-learn-head { position: absolute !important; right: 12px; top: 6px; z-index: 2; margin: 0; }
.rt-learn-notice-row > .rt-notice-close { flex: 0 0 auto !important; }
.rt-learn > .rt-style { display: none !important; }
/* the browser tab's id (widgets/learn_tabs.py): a text box out of sight and out of reach */
.rt-learn > .rt-tab-id { position: absolute !important; width: 1px; height: 1px; overflow: hidden; opacity: 0;
  pointer-events: none; left: -9999px; }
/* another tab or window plays this page (trial 15, U2): a cover over the whole page says so, with Play here */
.rt-learn > .rt-other-tab { position: absolute !important; inset: 0; z-index: 60; background: rgba(246, 243, 252, .94);
  display: flex; align-items: center; justify-content: center; }
.rt-other-tab-card { max-width: 560px; background: #fff; border: 1px solid #c9b8ec; border-radius: 12px;
  padding: 18px 22px; box-shadow: 0 10px 30px rgba(40, 20, 80, .22); gap: 12px; align-items: flex-start; }
.rt-other-tab-text { font-size: 15px; line-height: 1.45; color: #2b1a4a; white-space: normal; }
/* a notice line (trial 14, T3; trial 17): on the tab bar's line, between the tabs and the page's title, so it never
   moves the table down; its whole sentence on up to two lines (trial 18: cut with an ellipsis at 1024 px), its
   buttons never cut */
.rt-learn > .rt-head-notice { position: absolute !important; top: 3px; left: 304px; right: 345px; min-height: 30px;
  height: auto; z-index: 3; margin: 0; flex-flow: row nowrap; align-items: center; overflow: hidden;
  background: #fff; border-radius: 8px; }
/* two or more at once (trial 24: the second lay over the free play's controls until its "Got it"): one at a time on
   the title line, the oldest first, "1 more" beside it; its "Got it" brings the next. A sentence longer than two
   lines ends with "…" (the whole of it on hover): the line never reaches down over the table */
.rt-learn > .rt-head-notice:not(.rt-hidden) ~ .rt-head-notice { display: none !important; }
.rt-learn > .rt-head-notice::after { flex: 0 0 auto; font-size: 11.5px; color: #5b4a73; white-space: nowrap; }
.rt-learn > .rt-head-notice:has(~ .rt-head-notice:not(.rt-hidden))::after { content: "1 more"; }
.rt-learn > .rt-head-notice:has(~ .rt-head-notice:not(.rt-hidden) ~ .rt-head-notice:not(.rt-hidden))::after {
  content: "2 more"; }
.rt-learn > .rt-head-notice:has(~ .rt-head-notice:not(.rt-hidden) ~ .rt-head-notice:not(.rt-hidden)
  ~ .rt-head-notice:not(.rt-hidden))::after { content: "3 or more"; }
.rt-learn > .rt-head-notice > .widget-html { flex: 0 1 auto; min-width: 0; margin: 0; height: auto; }
.rt-learn > .rt-head-notice > .widget-html > :is(.widget-html-content, .jupyter-widget-html-content) { height: auto;
  line-height: 1; }
.rt-learn > .rt-head-notice .rt-learn-notice { white-space: normal; overflow-wrap: anywhere; font-size: 12px !important;
  line-height: 14px; padding-top: 1px !important; padding-bottom: 1px !important; display: -webkit-box;
  -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.rt-learn > .rt-head-notice .jupyter-button { flex: 0 0 auto; width: auto; height: 24px; padding: 0 8px; margin: 0; }
/* the files a notice names, folded at the end of its sentence ("Which and why"); opened, the list lies over the
   top of the table (a long one scrolls), until folded again or the notice is read */
.rt-learn > .rt-head-notice details.rt-notice-more { display: inline; }
.rt-learn > .rt-head-notice:has(details.rt-notice-more[open]) { align-items: flex-start !important; }
.rt-learn > .rt-head-notice details.rt-notice-more > summary { display: inline; cursor: pointer; margin-left: 6px;
  color: #5b2d90; text-decoration: underline; }
.rt-learn > .rt-head-notice details.rt-notice-more > ul { margin: 4px 0 2px 0; padding-left: 18px; max-height: 40vh;
  overflow-y: auto; }
.rt-learn > .rt-head-notice details.rt-notice-more li { margin: 2px 0; }
/* (a narrow window, 1024 px: the tabs a little narrower and the line over the page's name, up to its "All pages"
   link, so the sentence has the room for two lines) */
@media (max-width: 1279px) {
  .rt-learn > .widget-tab > .widget-tab-bar .lm-TabBar-tab { flex-basis: 112px; max-width: 112px; }
  .rt-learn > .rt-head-notice { left: 236px; right: 116px; }
}
.rt-learn-title { display: flex; align-items: baseline; gap: 14px; }
.rt-learn-name { font-size: 17px; font-weight: 800; color: #3d1f66; letter-spacing: .01em; }
.rt-learn-home { font-size: 12.5px; color: #5b2d90; text-decoration: none; border: 1px solid #d9cdee;
  border-radius: 8px; padding: 1px 8px; }
.rt-learn-home:hover { background: #f1eafb; }
.rt-learn > .widget-tab { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; }
.rt-learn > .widget-tab > .widget-tab-bar { flex: 0 0 auto; min-height: 30px; }
.rt-learn > .widget-tab > .widget-tab-contents { flex: 1 1 auto; min-height: 0; display: flex;
  flex-direction: column; padding: 4px 0 0 0; overflow: hidden; border: none; border-top: 1px solid #ddd6ee; }
.rt-learn > .widget-tab > .widget-tab-contents > * { flex: 1 1 auto; min-height: 0; }
.rt-learn > .widget-tab > .widget-tab-contents > .widget-vbox:not(.rt-onescreen) > .rt-onescreen { flex: 1 1 auto;
  min-height: 0; }

/* the table: a column of rows; only the main row (board and actions) grows */
.rt-onescreen { display: flex; flex-direction: column; overflow: hidden !important; height: 100%; gap: 4px; }
.rt-onescreen > * { flex: 0 0 auto; }
.rt-onescreen > .tutor-errors:empty, .rt-onescreen > .tutor-errors:not(:has(.jp-OutputArea-child)) { display: none; }
.rt-onescreen > .tutor-errors { max-height: 72px; overflow-y: auto; }
.rt-topline { display: flex; flex-flow: row wrap; align-items: center; gap: 4px 10px; }
.rt-topline > .widget-hbox { flex-flow: row nowrap; align-items: center; }
.rt-topline > .rt-lesson-line { flex: 1 1 560px; min-width: 0; }
.rt-topline .widget-button, .rt-topline .jupyter-button { height: 28px; margin: 0 2px; }
.rt-lesson-line > .widget-html { flex: 1 1 auto; min-width: 0; margin-left: 8px; }
/* the goal is the learner's task, and "Goal reached!" (in its place) what to do next: two lines' height, always, so
   the board never moves between steps (trial 32: a two-line goal, then a one-line "Goal reached", moved it ~14 px;
   Spirited's goal took four lines at 1024); a longer one shows whole on hover or focus; no padding under (trial 34)
   (rt-goal-box, rt-goal-line: set by widgets/lesson_runner.py in place of ":has()", which restyled at each change) */
.rt-lesson-line > .widget-html.rt-goal-box { height: 44px; }
.rt-topline.rt-goal-line, .rt-topline .rt-lesson-line, .rt-lesson-line > .widget-html.rt-goal-box,
  .rt-lesson-line .rt-goal-box > .widget-html-content { overflow: visible !important; }
.rt-topline:has(.rt-goal:is(:hover, :focus), .rt-done:is(:hover, :focus)) { position: relative; z-index: 40; }
.rt-lesson-line :is(.rt-goal, .rt-done) { white-space: normal; overflow-wrap: anywhere; font-size: 14px;
  line-height: 1.25; padding: 5px 10px 0; margin: 0; border-width: 1.5px; height: 2.5em; box-sizing: content-box;
  overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; }
.rt-lesson-line :is(.rt-goal, .rt-done):is(:hover, :focus) { height: auto; -webkit-line-clamp: unset; padding-bottom: 4px;
  position: relative; z-index: 40; box-shadow: 0 6px 18px rgba(20, 40, 80, .25); outline: none; }
@media (max-width: 1200px) { .rt-lesson-line > .widget-html.rt-goal-box { height: 40px; }
  .rt-lesson-line :is(.rt-goal, .rt-done) { font-size: 13px; padding: 4px 8px 0; } }
/* kept once the goal was reached, while the learner plays on (trial 16, U2): said calmly, not as a fresh success */
.rt-lesson-line .rt-done.rt-done-kept { font-weight: 400; border-width: 1px; background: #f1faf2; }
.rt-lesson-line .rt-done.rt-done-kept b { font-weight: 600; }
.rt-lesson-picker { flex: 0 1 250px; min-width: 190px; }
.rt-lesson-line > .widget-button, .rt-lesson-line > .jupyter-button { flex: 0 0 auto; }
.rt-status:not(.rt-status-on.rt-status-on.rt-status-on) { display: none; }  /* (widgets/lesson_runner.py) */
.rt-stuck { align-items: center; gap: 6px; background: #fff1e6; border: 1.5px solid #e07a1f; border-radius: 8px;
  padding: 2px 8px; margin: 0 0 2px 0; }
.rt-stuck-text { font-weight: 700; color: #7c3f00; font-size: 13.5px; }
.rt-stuck > .widget-html { flex: 1 1 auto; min-width: 0; }
.rt-stuck > .widget-button, .rt-stuck > .jupyter-button { flex: 0 0 auto; width: auto; height: 28px; }
.rt-status .rt-hint { margin: 0 0 2px 0; }
.rt-onescreen .rt-actions-note .rt-hint { font-size: 13px; line-height: 1.35; margin: 2px 0 4px 0; }

.rt-main { flex: 1 1 auto !important; min-height: 0; display: grid !important;
  grid-template-columns: minmax(0, 1fr) clamp(300px, 31vw, 460px); grid-template-rows: minmax(0, 1fr); gap: 8px;
  position: relative; }
.rt-board-area { min-height: 0; min-width: 0; overflow: auto !important; }
.rt-board-area > .tutor-board { width: 100%; }
.rt-onescreen .tutor-actions { max-height: none !important; height: auto; min-height: 0; margin: 0; overflow-y: auto !important;
  overflow-x: hidden !important; padding-bottom: 0; }
.rt-compact .rt-prompt { line-height: 1.35; padding: 4px 8px; }
.rt-onescreen .tutor-actions h3 { margin: 0 0 2px 0; }
/* its head ("What can you do?", Auto, Hint) stays in view when the list scrolls (newuser46: a Hint scrolled it away) */
.rt-onescreen .tutor-actions > .rt-actions-head { position: sticky; top: 0; z-index: 2; background: #fbfaff; }
/* "End your turn" / "Pass": always in sight at the foot of the list */
.rt-onescreen .tutor-actions > .rt-apart-turn { position: sticky; bottom: 0; z-index: 1; background: #fbfaff;
  box-shadow: 0 -6px 8px -6px rgba(40, 20, 80, .25); padding-bottom: 6px; margin-top: 4px; }
.rt-onescreen .tutor-actions > .rt-apart-turn > .widget-html:first-child { display: none; }
/* while the list scrolls on below the pinned group, the action it cuts fades out above the group and a line says
   more actions follow (trial 13 item L4: the last action in view sat half-hidden behind "Gain the advantage" and
   "Pass", as if it were the end of the list). A scroll-state container query: no ":has()", no script */
.rt-onescreen .tutor-actions { container-type: scroll-state; }
.rt-onescreen .tutor-actions > .rt-apart-turn { overflow: visible !important; }
.rt-onescreen .tutor-actions > .rt-apart-turn::before { content: none; }
@container scroll-state(scrollable: bottom) {
  .rt-onescreen .tutor-actions > .rt-apart-turn::before { content: "\\25BE  more actions: scroll down";
    position: absolute; left: 0; right: 0; bottom: 100%; height: 40px; box-sizing: border-box;
    display: flex; align-items: flex-end; justify-content: center; padding-bottom: 1px; pointer-events: none;
    font-size: 11.5px; font-weight: 700; color: #5b2d90; letter-spacing: .02em;
    background: linear-gradient(to bottom, rgba(251, 250, 255, 0), rgba(251, 250, 255, .92) 45%, #fbfaff 72%); }
}
/* every kind of action in view (trial 27: Spirit Duels' "Resolve dice", the one action lessons 1 and 16 needed, sat
   under "more actions: scroll down"): when a group's first action is below what the list shows, each group folds to
   the first action of each kind, its title saying how many more and opening them (widgets/action_fold.py) */
.rt-onescreen .tutor-actions .rt-folded { display: none !important; }
.rt-onescreen .tutor-actions .rt-group-title[data-rt-more] { cursor: pointer; }
.rt-onescreen .tutor-actions .rt-group-title[data-rt-more]::after { content: attr(data-rt-more); margin-left: 8px;
  padding: 0 6px; border-radius: 8px; background: #efe8fb; font-size: 11px; font-weight: 700; color: #5b2d90;
  white-space: nowrap; text-transform: none; letter-spacing: 0; }
.rt-onescreen .tutor-actions .rt-group-title[data-rt-more]:focus-visible { outline: 2px solid #5b2d90; }
/* a decision's many options that run below (action_fold.py, CSS class rt-many: six guides, seven Totems to give up):
   two columns in reading order, each option's "why" in its tooltip, the rule chip they share said once, at the end */
.rt-onescreen .tutor-actions > .rt-agrid.rt-many { display: grid !important; grid-template-columns: repeat(2, minmax(0, 1fr));
  column-gap: 6px; align-items: stretch; }
.rt-onescreen .tutor-actions > .rt-agrid.rt-many > :not(.tutor-action):not(.tutor-clause) { grid-column: 1 / -1; }
.rt-onescreen .tutor-actions > .rt-agrid.rt-many > .tutor-action { margin: 2px 0; min-width: 0; height: auto; }
.rt-onescreen .tutor-actions > .rt-agrid.rt-many > .tutor-action::after { display: none; }
.rt-onescreen .tutor-actions > .rt-agrid.rt-many > .tutor-clause { order: 1; grid-column: 1 / -1; justify-self: end;
  max-width: 100% !important; margin: 2px 0; }
.rt-onescreen .tutor-actions > .rt-agrid.rt-many > .tutor-clause.rt-same-chip { display: none; }
/* (still one below: every action's "why" goes to its tooltip, a pinned pair's too (a lone "End your turn" keeps its
   "your unused AP are lost", trial 18), and the list is tighter) */
.rt-onescreen .tutor-actions[data-rt-tight] > .rt-agrid:not(.rt-apart-turn) > .tutor-action::after,
.rt-onescreen .tutor-actions[data-rt-tight] > .rt-apart-turn.rt-two-acts.rt-two-acts > .tutor-action::after {
  display: none; }
.rt-onescreen .tutor-actions[data-rt-tight] > .rt-agrid > .tutor-action { margin: 1px 0; padding-top: 2px;
  padding-bottom: 2px; min-height: 26px; }
.rt-onescreen .tutor-actions[data-rt-tight] .rt-group-title { margin-top: 2px; }
.rt-onescreen .tutor-actions[data-rt-tight] > .rt-apart-turn { margin-top: 0; padding-bottom: 2px; }
/* (its "why" is whole too: "your 2 unused AP are lost" is what the learner weighs; trial 18) */
.rt-onescreen .tutor-actions > .rt-apart-turn .tutor-action::after { font-size: 11.5px; line-height: 1.25; }
.rt-onescreen .tutor-actions .rt-group-title { line-height: 1.3; margin-top: 6px; }
/* a narrow action column (a 1024 px window): each action takes the column's width, its rule chip goes under it on
   the right, whole (beside it, both were squeezed: a label of four lines and "§ Only onto an emp…") */
@media (max-width: 1200px) {
  .rt-onescreen .tutor-actions .rt-agrid > .tutor-action { flex-basis: 100%; margin-bottom: 0; }
  .rt-onescreen .tutor-actions .rt-agrid > .tutor-clause { max-width: 100% !important; margin: 1px 0 4px auto; }
}
/* a narrow or low window (a 1024x768 projector): each action's "why" is whole, in smaller type (trial 18: cut to one
   line, the learner could not read why an action was there; the list scrolls, its first action and the pinned
   end-of-turn group in view), and the pinned group is tight: its label and "why", its chip beside them */
@media (max-width: 1200px) {
  .rt-onescreen .tutor-actions .tutor-action::after { font-size: 11.5px; line-height: 1.25; margin-top: 1px; }
  .rt-onescreen .tutor-actions .rt-agrid > .tutor-action { margin: 2px 0; padding-top: 3px; padding-bottom: 3px; }
  .rt-onescreen .tutor-actions > .rt-apart-turn { margin-top: 2px; padding-bottom: 2px; }
  .rt-onescreen .tutor-actions > .rt-apart-turn .tutor-action::after { font-size: 11px; }
  /* (two pinned actions, Spirit Duels' "Gain the advantage" and "Pass": their "why" in the tooltip, so the list
     keeps the room for three whole actions above them) */
  .rt-onescreen .tutor-actions > .rt-apart-turn.rt-two-acts.rt-two-acts .tutor-action::after {
    display: none; }
  .rt-onescreen .tutor-actions > .rt-apart-turn.rt-agrid > .tutor-action { flex: 1 1 58%; margin: 1px 0;
    min-height: 24px; padding: 2px 8px; font-size: 12.5px; }
  .rt-onescreen .tutor-actions > .rt-apart-turn.rt-agrid > .tutor-clause { max-width: 36% !important; margin: 1px 0; }
}
/* a lesson's hint marks the action it is about (CSS class rt-hint): it stands out, and it and its group come first in
   the list, so the hint never points at something scrolled out of sight (the free-play seats' CSS does the same) */
.rt-onescreen .tutor-action.rt-hint.jupyter-button, .rt-onescreen .tutor-action.rt-hint.widget-button {
  outline: 3px solid #d4a514; outline-offset: -2px; background: #fff6cc; }
.rt-onescreen .tutor-action.rt-hint.jupyter-button::before { content: "Hint"; display: inline-block; font-size: 10px;
  font-weight: 800; text-transform: uppercase; background: #d4a514; color: #fff; border-radius: 5px; padding: 0 5px;
  margin-right: 6px; vertical-align: 1px; }
.rt-onescreen .rt-agrid > :first-child { order: -2; }
.rt-onescreen .rt-agrid > .tutor-action.rt-hint, .rt-onescreen .rt-agrid > .tutor-action.rt-hint + .tutor-clause {
  order: -1; }
.rt-onescreen .rt-actions > :nth-child(-n+3), .rt-onescreen .rt-actions > .rt-apart-prompt { order: -3; }
.rt-onescreen .rt-actions > .rt-apart:has(.rt-hint):not(.rt-apart-turn) { order: -2; }
.rt-onescreen .tutor-actions > .rt-apart-blocked:not(.rt-open) > .tutor-blocked { display: none; }
/* folded, "Not possible now (N) ▸ show" is pinned at the list's foot under the end-of-turn group, always in view
   (trial 27: at 1024x768 it sat under the pinned "End your turn"); opened, it scrolls with its lines, and the page's
   script (widgets/strip_fit.py) scrolls the list so the toggle and the first blocked action are in view */
.rt-onescreen .rt-blocked-head { height: 26px; margin: 0; align-items: center; }
.rt-onescreen .tutor-actions > .rt-apart-blocked:not(.rt-open) { position: sticky; bottom: 0; z-index: 1;
  background: #fbfaff; height: 26px; margin: 0; padding: 0; overflow: hidden; }
.rt-onescreen .tutor-actions.rt-show-blocked:not(.rt-blocked-open.rt-blocked-open) > .rt-apart-turn { bottom: 26px; }
.rt-onescreen .rt-blocked-head > .widget-html { display: none; }
.rt-blocked-head > .rt-fold { display: none; }
.rt-onescreen .rt-blocked-head > .rt-fold { display: inline-flex; }
.rt-fold.jupyter-button, .rt-fold.widget-button { background: none; box-shadow: none; color: #6a6484;
  font-weight: 700; font-size: 12.5px; padding: 0 4px; height: 24px; }
.rt-fold.jupyter-button:hover { color: #3d1f66; text-decoration: underline; }
/* the drawer (history, glossary, the lesson's introduction) and the rule card: over the board */
.rt-drawer { position: absolute !important; left: 0; top: 0; bottom: 0; width: calc(100% - clamp(300px, 31vw, 460px) - 16px);
  z-index: 5; background: #fbfaff; border: 1px solid #c9c2e0; border-radius: 10px; padding: 6px 10px;
  box-shadow: 0 10px 30px rgba(40, 20, 80, .28); overflow: hidden !important; }
.rt-drawer > * { flex: 0 0 auto; }
.rt-drawer > :last-child { flex: 1 1 auto; min-height: 0; overflow-y: auto !important; max-height: none !important;
  margin: 0; border: none; background: none; padding: 0 2px; }
.rt-drawer-head { justify-content: space-between; align-items: center; }
.rt-drawer-head h3 { margin: 2px 0; }
.rt-drawer .rt-log > .widget-html:first-child { display: none; }
.rt-onescreen .tutor-clause-card:not(.rt-clause-float) { display: none !important; }
.rt-onescreen .rt-clause-float { position: absolute !important; left: 10px; top: 10px; bottom: auto;
  max-height: calc(100% - 20px); z-index: 6; }
/* the rule card opens beside the chip clicked (trial 11 item g): the chip marked rt-chip-open is its anchor; the
   card sits above or below it (where there is more room), its right edge at the chip's, in the window */
.rt-onescreen:not([data-rt-anchored]) .tutor-clause.rt-chip-open { anchor-name: --rt-open-chip; }
/* (a chip shows wherever its rule is cited: the page's script, widgets/card_place.py, marks the very showing clicked
   and its table while it holds it, data-rt-anchored, and keeps the card whole inside the window) */
.rt-onescreen .tutor-clause[data-rt-anchor] { anchor-name: --rt-open-chip; }
.rt-onescreen .rt-main:not(.rt-drawer-open.rt-drawer-open) > .rt-clause-float {
  position: fixed !important; position-anchor: --rt-open-chip; inset: auto; margin: 4px 0 !important;
  position-area: top span-left; position-try-fallbacks: flip-block, flip-inline, flip-block flip-inline;
  position-try-order: most-height; max-height: min(100%, 70vh); z-index: 1000; }

""" + BOARD_CSS + """
/* "reloading the page starts a new game" is about free play: a lesson's strip never says it (a reload restores the
   lesson, or starts it again; trial 11 item c saw it in a Spirit Duels lesson after a reload) */
.rt-onescreen.rt-lesson-table .rt-reload-note { display: none; }
/* the last step: a strip under the board and the actions */
.rt-onescreen > .tutor-last-step { margin: 0 0 4px 0; padding: 4px 10px 6px 10px;
  max-height: max(34vh, calc(100vh - 620px));
  display: flex; flex-direction: column; border-color: #c9b8e6; background: #fff; }
.rt-last-head { flex: 0 0 auto; align-items: center; gap: 6px; }
.rt-last-head > .widget-html { flex: 1 1 auto; min-width: 0; }
.rt-last-title { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #6a6484; font-weight: 700; }
/* the step handed the learner another seat (trial 15, U3): said on the strip's head line, beside its title */
.rt-seat-now { margin-left: 10px; padding: 1px 8px; border-radius: 10px; background: #efe8fb; color: #3d1f66;
  border: 1px solid #c9b8ec; font-size: 12.5px; white-space: nowrap; }
.rt-drawer-toggle.jupyter-button, .rt-drawer-toggle.widget-toggle-button { height: 24px; font-size: 12.5px;
  padding: 0 8px; border-radius: 12px; background: #f1eefa; color: #3d1f66; box-shadow: none; }
.rt-drawer-toggle.mod-active { background: #5b2d90; color: #fff; }
.tutor-last-step > .rt-current-step { flex: 1 1 auto; min-height: 0; overflow-y: auto !important; overflow-x: hidden; }
/* the newest event of the last step is always in view (trial 12 item 2: the strip scrolled inside itself and hid it
   under its fold): when a step's lines are more than the strip holds, they sit at the strip's foot and the oldest go
   out of sight at its top, under the step's title, which stays (every line is in the History); a lesson's
   introduction, which is read from its top, still scrolls */
.rt-onescreen .tutor-last-step:not(.rt-with-about) > .rt-current-step { overflow: hidden !important;
  align-content: flex-end; }
.rt-onescreen .tutor-last-step.rt-with-cols > .rt-current-step { grid-template-rows: minmax(0, 1fr); }
.rt-onescreen .tutor-last-step > .rt-current-step > .rt-step-col { overflow: hidden !important; align-content: flex-end;
  align-self: start; max-height: 100%; }
.rt-onescreen .tutor-last-step:not(.rt-with-about) > .rt-current-step > .widget-html:first-child,
.rt-onescreen .tutor-last-step > .rt-current-step > .rt-mine-col > .widget-html:first-child,
.rt-onescreen .tutor-last-step > .rt-current-step > .rt-reply-col > :is(.rt-then, .rt-reply-cut, .rt-reply-part) +
  .widget-html { position: sticky; top: 0; z-index: 1; background: #fff;
  box-shadow: 8px 0 0 0 #fff, 0 5px 5px -5px rgba(40, 20, 80, .35); }
/* the computer's reply keeps its head: "Then the computer played" stays pinned at the column's top, the newest
   step's title under it (the page's script sets how far down: the head line's height) */
.rt-onescreen .tutor-last-step > .rt-current-step > .rt-reply-col > .rt-then { position: sticky; top: 0; z-index: 2;
  background: #fff; }
/* the strip hid some of the reply's lines: its head line no longer counts the steps below it; the pinned title's note
   names the reply */
.rt-then-few { display: none; }
.rt-onescreen .tutor-last-step .rt-then[data-rt-fewer] .rt-then-n { display: none; }
.rt-onescreen .tutor-last-step .rt-then[data-rt-fewer] .rt-then-few { display: inline; }
/* whole lines only (trial 13 item L1: an older line sat half-cut under the pinned title): the page's script
   (widgets/strip_fit.py) hides the lines the title or the strip's top edge cuts, and marks the title, which then says
   where the earlier lines are */
.rt-onescreen .tutor-last-step .rt-cut { visibility: hidden !important; }
/* the note sits on the title's own line when the line has the room for both (trial 20: on a line of its own under
   a short title it cost the strip a line of the step), else under it */
.rt-onescreen .tutor-last-step [data-rt-earlier] { flex-wrap: wrap; column-gap: 14px; }
.rt-onescreen .tutor-last-step [data-rt-earlier] > :is(.widget-html-content, .jupyter-widget-html-content) {
  flex: 0 1 auto; width: auto; min-width: 0; }
.rt-onescreen .tutor-last-step [data-rt-earlier]::after { content: "\\2191  earlier lines of this step: History";
  flex: 0 0 auto; display: block; font-size: 11.5px; font-weight: 400; font-style: italic; color: #6a6484;
  line-height: 1.35; }
.rt-onescreen .tutor-last-step .rt-reply-col [data-rt-earlier]::after {
  content: "\\2191  earlier lines of the computer's reply: History"; }
/* (own lines in view, automatic ones after them hidden: trial 27; "none": a later step's own title says it, s33) */
.rt-onescreen .tutor-last-step [data-rt-earlier="more"]::after { content: "more lines of this step: History"; }
.rt-onescreen .tutor-last-step [data-rt-earlier="none"]::after { content: none; }
/* (a whole later step of the move hidden: the script names it, e.g. "Step 2: in History", newuser31) */
.rt-onescreen .tutor-last-step [data-rt-earlier="step"]::after { content: attr(data-rt-fold); }
/* (in the computer's reply, the title that stays is its newest step's: the line "Then the computer played" and its
   older steps go under it first) */
.rt-step-now { margin: 0 0 2px 0; font-weight: 700; font-size: 14px; color: #1f1d2b; }
/* a later step of a move of several clicks (issue #16): its title no taller than a line, so the move's steps fit */
.rt-onescreen .tutor-last-step .rt-later-step { min-height: 0; margin-top: 2px; }
.rt-onescreen .tutor-last-step .rt-later-step > * { line-height: 1.25; }
.rt-onescreen .tutor-last-step .rt-later-step .rt-step-now { font-size: 13px; margin: 0; }
/* free play: the strip holding a person's step and the computer's replies is capped lower (it scrolls inside), so
   the board keeps the learner's hand in view */
.rt-onescreen > .tutor-last-step.rt-with-cols { max-height: max(24vh, calc(100vh - 640px)); }
/* a low window (1366x768) shows the computer's newest few steps (the older ones are in the History); a tall one
   (1920x1080) gives the strip the room the board does not need */
@media (max-height: 899px) {
  .rt-onescreen .tutor-last-step .rt-reply-col > .rt-reply-older { display: none !important; }
  .rt-then .rt-then-tall { display: none; }
}
/* the computer's reply shows every line of its steps since the learner's own (play26: at 1024x768 what its Sao card
   did to the learner's Overrun Limits was in the History only; at 1366x768 the Summon lines after a Scout and its
   Rally were hidden): the column scrolls inside, the page's script keeps its newest lines in view at its foot
   (widgets/strip_fit.py); a short reply sits at the foot ("safe": a long one starts at the top, so it scrolls) */
.rt-onescreen .tutor-last-step > .rt-current-step > .rt-reply-col { overflow-x: hidden !important;
  overflow-y: auto !important; align-content: safe flex-end; scrollbar-width: thin; }
/* (a key line of an older step, pinned under the head line by the page's script; of the newest step, at the foot) */
.rt-onescreen .tutor-last-step .rt-reply-col [data-rt-pin] { position: sticky; z-index: 1; background: #fff; }
/* the newest step of the reply is marked: its title (the one after the older steps' boxes) says "newest" */
.rt-onescreen .tutor-last-step .rt-reply-col > :is(.rt-then, .rt-reply-cut, .rt-reply-part) + .widget-html
  .rt-step-now::after { content: "newest"; margin-left: 8px; padding: 0 6px; border-radius: 8px; background: #5b2d90;
  color: #fff; font-size: 10.5px; font-weight: 700; vertical-align: 1px; letter-spacing: .03em; }
/* a key event (a Spirit released, Spirit scored, a medal claimed, a Spirit defeated: the game's engine says which)
   stands out a little, with a star, wherever a step is told: the strip keeps it in view when it folds other lines */
.tutor-event.rt-key-ev .rt-ev { font-weight: 600; }
/* ... and when the strip cannot hold every key line of its step whole (two in one step at its floor: a Spirit
   released and the endgame it triggers, ui22), the page's script marks the box (data-rt-tight): each key line takes
   one line, its end cut with an ellipsis (the whole line in its tooltip and the History), so both are in view */
.rt-onescreen .tutor-last-step [data-rt-tight] > .tutor-event.rt-key-ev,
.rt-onescreen .tutor-last-step [data-rt-tight] > .rt-reply-part > .tutor-event.rt-key-ev { min-width: 0; overflow: hidden; }
.rt-onescreen .tutor-last-step [data-rt-tight] .tutor-event.rt-key-ev .rt-ev { white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
/* ... and in the computer's reply, when its newest step's title, own line, reason and key lines do not fit whole (the
   late game of trial 21 at 1024x768), the reason takes one line too, then the newest title (their whole text in
   their tooltips; the page's script, widgets/reply_fit.py) */
.rt-onescreen .tutor-last-step .rt-reply-col[data-rt-short] > .rt-step-note .rt-bot-why,
.rt-onescreen .tutor-last-step .rt-reply-col[data-rt-short="all"] > :is(.rt-then, .rt-reply-cut, .rt-reply-part) +
  .widget-html .rt-step-now { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.tutor-event.rt-key-ev .rt-ev::before { content: "\\2605 "; color: #9a6b00; font-weight: 400; }
/* the reply column's boxes of older steps (widgets.step_log.LastStep): their lines are laid out as the column's own;
   no ":has()" or ":not(.x ~ *)" here, which made every change of the page restyle the whole page */
.rt-reply-col > .rt-reply-part { display: contents !important; }
@media (min-height: 900px) { .rt-then .rt-then-short { display: none; } }
/* (the reply column's scroll signs, "more below" and the steps above its view: widgets/reply_fit.py, REPLY_CSS) */
/* a lesson's introduction, before its first step: a little lower (it scrolls inside), so the board under the goal
   shows both players (Spirit Duels lesson 1's Shark 1) */
.rt-onescreen > .tutor-last-step.rt-with-about { max-height: 30vh; }
/* ... and when the board needs the room (the page's script, widgets/strip_fit.py, lowers the strip), a line at its
   foot says the introduction goes on below (it scrolls; "About this lesson" shows it whole) */
.rt-onescreen .tutor-last-step.rt-with-about > .rt-current-step { container-type: scroll-state; }
.rt-onescreen .tutor-last-step > .rt-current-step > .rt-about { overflow: visible !important; }
@container scroll-state(scrollable: bottom) {
  .rt-onescreen .tutor-last-step > .rt-current-step > .rt-about::after {
    content: "\\25BE  more of this lesson's introduction: scroll down"; position: sticky; bottom: 0; display: block;
    padding: 3px 0 1px 0; text-align: center; pointer-events: none;
    font-size: 11.5px; font-weight: 700; color: #5b2d90; letter-spacing: .02em; background: #fff;
    box-shadow: 0 -9px 8px -3px rgba(255, 255, 255, .95); }  /* (newuser38: words on white: chips showed through) */
}

/* free play: a person's own last step, then "Then the computer played:" and the computer's steps since */
.rt-current-step > .rt-reply-cut, .rt-reply-col > .rt-reply-cut { display: none !important; }
.rt-current-step > .rt-then { font-size: 12.5px; font-weight: 700; color: #4b465e; border-top: 1px dashed #cfc8e2;
  margin-top: 3px; padding-top: 2px; }
.rt-step-now small { font-weight: 400; color: #6a6484; }
/* free play after the computer replied: the learner's own step on the left, the computer's reply on the right, each
   column's lines laid out as the strip's (text, then its chip), so both are in view in one low strip */
.rt-with-cols > .rt-current-step { display: grid !important; grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr);
  column-gap: 14px; align-items: start; }
.rt-current-step > .rt-step-col { min-width: 0; flex-flow: row wrap !important; align-items: center; column-gap: 6px; }
/* (a chip wraps to a second line rather than losing its last words: "§ Fill the Road to 2 face-u…", trial 12 item 6) */
:is(.rt-step-col, .rt-reply-part) > * { flex: 0 0 calc(100% - 4px); min-width: 0; }
:is(.rt-step-col, .rt-reply-part) > .tutor-event { flex: 1 1 51%; margin: 1px 0; }
:is(.rt-step-col, .rt-reply-part) > .tutor-clause { flex: 0 1 auto; max-width: 44% !important; overflow: hidden;
  margin: 1px 0 1px auto; white-space: normal !important; height: auto !important; min-height: 22px;
  line-height: 1.25 !important; text-align: left; padding-top: 1px; padding-bottom: 1px; }
/* a rule chip beside an action or an event wraps to a second line rather than losing its last words too (trial 15,
   U1: "§ Refresh the Lost Spirits an…", "§ Mastery makes one type fr…" at 1366 and 1024) */
.rt-onescreen :is(.rt-agrid, .rt-current-step) > .tutor-clause { overflow: hidden; white-space: normal !important;
  height: auto !important; min-height: 22px; line-height: 1.25 !important; text-align: left; padding-top: 1px;
  padding-bottom: 1px; text-overflow: clip; }
.rt-current-step > .rt-reply-col { border-left: 2px solid #e3d6f7; padding-left: 10px; }
.rt-reply-col > .rt-then { border-top: none !important; margin-top: 0 !important; padding-top: 0 !important; }
.rt-step-col .rt-step-now { font-size: 13px; line-height: 1.3; margin: 0 0 1px 0; }
.rt-step-col .rt-step-now small { font-size: 11.5px; }
.rt-step-col .rt-ev { font-size: 12px; line-height: 1.28; }
:is(.rt-step-col, .rt-reply-part) > .tutor-event { margin: 0; }
:is(.rt-step-col, .rt-reply-part) > .tutor-clause:is(.jupyter-button, .widget-button) { height: 19px;
  line-height: 17px; font-size: 11px; padding: 0 6px; max-width: 38% !important; margin: 1px 0 1px auto; }
.rt-reply-col .rt-step-note { font-size: 12px; line-height: 1.28; margin: 0 0 1px 0; }
.rt-reply-col > .rt-then { font-size: 12px; font-weight: 700; color: #4b465e; }
:is(.rt-step-col, .rt-reply-part) > .widget-html,
:is(.rt-step-col, .rt-reply-part) > .widget-html > :is(.widget-html-content, .jupyter-widget-html-content) {
  min-height: 0; height: auto; line-height: 1.3; }
.rt-reply-col .rt-bot-why { font-size: 12px; line-height: 1.28; padding: 1px 6px; }
/* ... and the strip a little higher, so a two-event step and a reply of a step or two are whole at 1366x768 */
.rt-onescreen > .tutor-last-step.rt-with-cols { max-height: max(30vh, calc(100vh - 600px)); padding-top: 2px;
  padding-bottom: 2px; }
.tutor-last-step.rt-with-cols > .rt-last-head .widget-dropdown,
.tutor-last-step.rt-with-cols > .rt-last-head .widget-dropdown > select,
.tutor-last-step.rt-with-cols > .rt-last-head .widget-checkbox { height: 24px; margin-top: 0; margin-bottom: 0; }
.tutor-last-step.rt-with-cols > .rt-last-head { height: 26px; }
/* ... and every control of that 26 px head line is 24 px high, its text too (the dropdowns' labels, the checkbox's
   label and the title were 28 px, Jupyter's default, in a 24 px box: the browser drew little scroll arrows beside
   "P1", "P2" and the row); a head line never scrolls, nor do its boxes */
.tutor-last-step.rt-with-cols > .rt-last-head :is(.widget-label, .widget-label-basic),
.tutor-last-step.rt-with-cols > .rt-last-head > .widget-html,
.tutor-last-step.rt-with-cols > .rt-last-head > .widget-html > :is(.widget-html-content,
  .jupyter-widget-html-content) { height: 24px; line-height: 24px; margin-top: 0; margin-bottom: 0; }
.tutor-last-step.rt-with-cols > .rt-last-head > .widget-html > :is(.widget-html-content,
  .jupyter-widget-html-content) { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.rt-last-head, .rt-last-head .widget-box { overflow: visible !important; }
.tutor-last-step .rt-about { flex: 0 0 100% !important; border: none; padding: 0; }
.rt-about h3 { display: none; }
.rt-about p { margin: 2px 0; line-height: 1.4; }
.rt-drawer .rt-about h3 { display: block; }
/* a narrow low window (a 1024x768 projector or laptop: the players' areas stacked): the strip a little lower, the
   board the room (the strip's newest lines stay in view, the oldest going under the step's title; the lesson's
   introduction scrolls); Spirit Duels' banner says only whose turn and the round, so the round strip shares its
   line (trial 12 item 5: the Shrine, Spirited's Player 2 to act and Spirit Duels' Player 2 sat under the fold) */
@media (max-width: 1200px) and (max-height: 899px) {
  .rt-onescreen > .tutor-last-step { max-height: max(27vh, calc(100vh - 620px)); }
  .rt-onescreen > .tutor-last-step.rt-with-cols { max-height: 20vh; }
  .rt-onescreen > .tutor-last-step.rt-with-about { max-height: 23vh; }
  .rt-compact .sd-board > .rt-banner .sd-turnnote { display: none; }
  .rt-compact .sd-board > .sd-strip { column-gap: 8px; }
  .rt-compact .sd-board > .sd-strip .sd-flag { font-size: 11.5px; }
}
/* a narrow low window (1024x768), free play after the computer replied (trial 13 item L2): Spirited's folded
   reference panels (wonders, clans) are one line each (their whole summary in the panel, opened), so they are whole
   above the strip (the computer's reason for a step sits right after its own action line, newuser29, and the
   reply column scrolls so the newest step's action line and reason are in view: widgets/strip_fit.py) */
@media (max-width: 1200px) {
  .rt-compact :is(.rt-bpart-wonders, .rt-bpart-clans) details.rt-ref:not([open]) > summary { white-space: nowrap;
    overflow: hidden; text-overflow: ellipsis; }
}
/* a large window (1920x1080): the list of legal actions takes the height the window offers, down beside the
   last-step strip, which sits under the board (trial 18: the list scrolled with room free under it); the page's
   script (widgets/strip_fit.py) sets the strip's height, --rt-strip-h */
@media (min-width: 1700px) and (min-height: 1000px) {
  .rt-learn .rt-onescreen > .tutor-last-step { margin-right: calc(clamp(300px, 31vw, 460px) + 8px); }
  .rt-learn .rt-onescreen > .rt-main { overflow: visible !important; }
  .rt-learn .rt-onescreen > .rt-main > .tutor-actions { margin-bottom: calc(-4px - var(--rt-strip-h, 0px)); }
}
/* free play's controls on one line at 1024 px (the number of players and the seed are short) */
@media (max-width: 1200px) {
  .rt-learn .rt-topline .widget-hbox > .widget-dropdown:has(+ .widget-text),
  .rt-learn .rt-topline .widget-hbox > .widget-text { width: auto !important; }
  .rt-learn .rt-topline .widget-hbox > .widget-dropdown:has(+ .widget-text) > select { flex: 0 0 64px; width: 64px; }
  .rt-learn .rt-topline .widget-hbox > .widget-text > input { flex: 0 0 64px; width: 64px; }
  .rt-learn .rt-topline .widget-hbox > .widget-dropdown:has(+ .widget-text) > .widget-label,
  .rt-learn .rt-topline .widget-hbox > .widget-text > .widget-label { width: auto; min-width: 0; max-width: none;
    margin-right: 6px; }
}""" + LARGE_CSS + REPLY_CSS + DENSE_CSS


def table_style() -> w.HTML:
    """The ``<style>`` of the one-screen table; put it after :func:`widgets.style.style_widget`."""
    return w.HTML(f"<style>{TABLE_CSS}</style>")
