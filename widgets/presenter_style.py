"""The presenter page's CSS (:data:`CSS`): the Present tab's large type (CSS class :data:`LARGE_TYPE`), its bar
with fixed widths (:data:`BUTTON_WIDTH`, :data:`COUNTER_WIDTH`), and, while presenting under Voila, the page as one
window: the narration, then the board scaled to fit beside the rules that fired. The Record tab keeps the tutor's
normal type.
"""
from __future__ import annotations

import ipywidgets as w

from .board_fit import board_fit_js
from .presenter_duels import CSS as DUELS_CSS
from .style import page_script

CSS = """
/* the page: the root (tutor-presenter) only sizes its tab bar; the large type is the Present tab's
   (tutor-large-type), the Record tab is a form for the teacher in the tutor's normal type */
.tutor-presenter { --jp-widgets-horizontal-tab-width: 240px; position: relative; }
/* the Present tab's title and the teacher's controls (walkthrough, notes window, notes toggle): a line above the
   tabs, shown with the Present tab only; while presenting under Voila, on the tab bar's own line, at its right */
.tutor-presenter > .rt-present-tools { align-items: center; gap: 8px; margin: 0 0 2px 0; }
.tutor-presenter > .rt-present-tools .rt-phead-tools { flex-wrap: nowrap; gap: 8px; min-width: 0; }
.tutor-presenter:has(> .widget-tab .rt-present.lm-mod-hidden) > .rt-present-tools { display: none !important; }
body[data-voila] .tutor-presenter:has(.rt-present:not(.lm-mod-hidden)) > .rt-present-tools {
  position: absolute !important; top: 1px; right: 8px; height: 32px; z-index: 2; flex-wrap: nowrap !important;
  left: calc(2 * var(--jp-widgets-horizontal-tab-width) + 20px); justify-content: flex-end !important; }
.rt-present-tools .tutor-presenter-picker { width: auto !important; flex: 0 1 480px; min-width: 180px; }
.rt-present-tools .rt-phead-tools > :not(.tutor-presenter-picker) { flex: 0 0 auto; }
.rt-present-tools .tutor-presenter-picker select { min-width: 0; }
/* a problem of the walkthrough chosen: a short mark on this line (never squeezing the picker or its label, session
   32), its whole sentence on a line of its own under the Back / Next bar (never squeezing the jump list) */
.rt-present-tools .tutor-presenter-picker > label, .rt-pstops-mark { flex: 0 0 auto; white-space: nowrap; }
.rt-pbar > .rt-pstops-line { flex: 1 1 100%; min-width: 0; }
.rt-present .rt-pbar:has(> .rt-pstops-line:not([style*="none"])) { flex-wrap: wrap; }
.rt-pstops-why { background: #fff7e6; color: #4a3200; font-size: 14px; line-height: 1.35; padding: 4px 8px;
  border-radius: 4px; overflow-wrap: anywhere; }
.rt-present-tools .rt-ptitle { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.rt-present-tools > .widget-html:first-child { flex: 0 1 auto; min-width: 0; }
.tutor-presenter > .widget-tab > .widget-tab-bar .lm-TabBar-tab,
.tutor-presenter > .widget-tab > .widget-tab-bar .p-TabBar-tab { font-size: 18px; }
.tutor-large-type { --jp-widgets-font-size: 17px; --jp-widgets-inline-height: 34px; font-size: 18px; }
.rt-present { padding: 4px 2px; }
.tutor-presenter :focus-visible { outline: 2px solid #5b2d90 !important; outline-offset: 1px; }
.rt-pbar { align-items: center; gap: 10px; flex-wrap: wrap; margin: 2px 0 8px 0; }
.rt-phead-tools { align-items: center; gap: 10px; flex-wrap: wrap; }
.rt-ptitle { font-size: 30px; font-weight: 800; color: #3d1f66; line-height: 1.2; }
/* Back, the step counter and Next have fixed widths: Next stays put from "Step 9" to "Step 10" */
.rt-counter-box { flex: 0 0 auto; }
.rt-counter-box .widget-html-content { width: 100%; }
.rt-counter { font-size: 24px; font-weight: 700; color: #3d3850; white-space: nowrap; padding: 0 4px;
  text-align: center; font-variant-numeric: tabular-nums; overflow: hidden; text-overflow: ellipsis; }
.tutor-presenter-next.jupyter-button, .tutor-presenter-back.jupyter-button { font-size: 24px; height: 54px;
  padding: 0 12px; border-radius: 10px; font-weight: 700; flex: 0 0 auto; }
.tutor-presenter-next.jupyter-button { background: #5b2d90; color: #fff; }
.tutor-presenter-back.jupyter-button { background: #ece6f7; color: #3d1f66; }
/* the jump list is as wide as its longest label (its select shrinks only on a page narrower than that) */
.tutor-presenter-jump { --jp-widgets-inline-height: 40px; }
.tutor-presenter-jump select { font-size: 18px !important; height: 40px !important; flex: 1 1 auto; min-width: 0;
  width: auto; }
.tutor-narration { background: #fff; border: 1px solid #ddd6ee; border-left: 12px solid #5b2d90;
  border-radius: 12px; padding: 10px 22px 14px 22px; margin: 4px 0; }
/* a long unbroken word (a pasted link, a run of letters in a file from someone else) wraps inside the box, never
   past the window's right edge (trial 20) */
.tutor-narration, .tutor-narration .rt-ntext, .tutor-teacher-notes, .tutor-teacher-notes .rt-notes {
  overflow-wrap: anywhere; min-width: 0; }
/* a very long narration (a walkthrough may say 5,000 characters) scrolls inside its box: the board stays in view */
.rt-present .tutor-narration { max-height: 36vh; overflow-y: auto; }
.tutor-narration .rt-nhead { font-size: 19px; font-weight: 700; color: #6a6484; letter-spacing: .04em;
  text-transform: uppercase; line-height: 1.4; }
.tutor-narration .rt-ntext { font-size: 34px; line-height: 1.35; color: #1f1d2b; font-weight: 500; white-space: pre-line; }
a.tutor-notes-open { display: inline-block; font-size: 15px; line-height: 30px; padding: 0 12px; border-radius: 6px;
  background: #f4f0fb; color: #3b2456; border: 1px solid #b9aed3; text-decoration: none; white-space: nowrap; }
a.tutor-notes-open:hover { background: #e8e0f7; }
.tutor-teacher-notes { background: #fffbea; border: 2px dashed #d4a514; border-radius: 10px; padding: 6px 14px; }
.tutor-teacher-notes .rt-notes { font-size: 22px; line-height: 1.4; color: #5c4600; white-space: pre-line; }
.tutor-presenter .tutor-large-type .rt-current-step { max-height: none; overflow-x: hidden; }
.tutor-presenter .tutor-large-type .rt-current-step h3, .tutor-presenter .tutor-large-type .rt-pside h3 {
  font-size: 22px; }
.tutor-presenter .tutor-large-type .rt-current-step .rt-step { font-size: 22px; }
.tutor-presenter .tutor-large-type .rt-current-step .rt-ev { font-size: 20px; line-height: 1.4; }
.tutor-presenter .tutor-large-type .rt-current-step .rt-tag { font-size: 14px; }
/* large type: an event's text takes the whole line, its chip goes under it, on the right */
.tutor-presenter .tutor-large-type .rt-current-step > .tutor-event { flex: 0 0 100%; margin-top: 6px;
  box-sizing: border-box; min-width: 0; max-width: 100%; }
/* an event's card links wrap as whole links (each may wrap inside), never run past the column's right border */
.tutor-presenter .tutor-large-type .rt-current-step .rt-ev { overflow-wrap: anywhere; }
.tutor-presenter .tutor-large-type .rt-current-step .rt-glink { display: inline-block; max-width: 100%;
  white-space: normal; margin: 2px 0 0 6px; box-sizing: border-box; }
.tutor-presenter .tutor-large-type .rt-current-step > .tutor-clause { max-width: 100% !important; }
.tutor-presenter .tutor-large-type .tutor-clause.jupyter-button { height: auto; min-height: 30px; font-size: 17px;
  line-height: 1.3; border-radius: 15px; padding: 2px 12px; white-space: normal; text-align: left; }
.tutor-presenter .tutor-large-type .rt-clause-card .rt-ctitle { font-size: 22px; }
.tutor-presenter .tutor-large-type .rt-clause-card .rt-ctext { font-size: 19px; }
.tutor-presenter .tutor-large-type .rt-pside .rt-muted { font-size: 16px; }
/* the rules that fired beyond the first three fold under one button ("+2 more rules that fired"), so the column holds
   the step without scrolling on a projector; the button opens them */
.rt-present .rt-pmore-rules.jupyter-button, .rt-present .rt-pmore-rules.widget-button { align-self: flex-start;
  height: 26px; margin: 4px 0 2px 0; padding: 0 12px; border-radius: 13px; background: #f1eefa; color: #3d1f66;
  font-weight: 700; font-size: 13px; box-shadow: none; }
/* no rule chosen yet: the rule card is one quiet line, so the rules that fired keep the column */
.tutor-presenter .tutor-large-type .rt-pside .tutor-clause-card.rt-clause-empty { padding: 2px 10px; min-height: 0; }
.tutor-presenter .tutor-large-type .rt-pside .tutor-clause-card.rt-clause-empty > .rt-clause-head { display: none; }
.tutor-presenter .tutor-large-type .rt-pside .tutor-clause-card.rt-clause-empty .rt-muted { font-size: 14px;
  line-height: 1.3; }
.tutor-presenter .tutor-large-type .rt-board { line-height: 1.3; zoom: 1.3; }
/* the board on a projector: no text cut short (a card's needs, ability and type wrap; the board is scaled to fit
   its box, see FIT_JS), empty spaces one line high, folded reference panels only as high as their line */
.tutor-presenter .tutor-large-type .rt-pboard .rt-ability, .tutor-presenter .tutor-large-type .rt-pboard .rt-stype,
.tutor-presenter .tutor-large-type .rt-pboard .rt-tok, .tutor-presenter .tutor-large-type .rt-pboard .rt-bonus,
.tutor-presenter .tutor-large-type .rt-pboard .sd-small, .tutor-presenter .tutor-large-type .rt-pboard .rt-shrine-top > .rt-chip {
  white-space: normal; overflow: visible; text-overflow: clip; }
.tutor-presenter .tutor-large-type .rt-pboard .rt-space.rt-empty { min-height: 0; }
/* scaled by the fit script (data-fit on the box): a board drawn inside a wrapper (Spirit Duels) is not scaled twice */
.tutor-presenter .tutor-large-type .rt-pboard[data-fit] > * .rt-board { zoom: 1; }
.tutor-presenter .tutor-large-type .rt-pboard .rt-bparts > .rt-bpart-wonders,
.tutor-presenter .tutor-large-type .rt-pboard .rt-bparts > .rt-bpart-clans { align-self: flex-start; }
.tutor-presenter .tutor-large-type .rt-pboard .rt-zone h4,
.tutor-presenter .tutor-large-type .rt-pboard .rt-player h4 { font-size: 12px; }
/* zoomed, a narrow zone (the Shrine beside the Lost Spirits) is narrower than a long card's chip: the chip's text
   wraps rather than running past the zone's right border */
.tutor-presenter .tutor-large-type .rt-board .rt-chip { white-space: normal; max-width: 100%; }
/* Presenting (the Present tab shown, under Voila): the page is the window. The notebook's own header folds away,
   and the tab is a fixed-height column: the bar, the narration, then the board (scaled to fit, scrolling inside
   only when it must) beside the rules that fired. The Record tab scrolls as a normal page. */
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div .rt-present:not(.lm-mod-hidden)) {
  display: none; }
body[data-voila] #rendered_cells:has(.rt-present:not(.lm-mod-hidden)) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(.rt-present:not(.lm-mod-hidden)) .jp-Cell:has(.tutor-presenter) {
  padding: 0 !important; }
body[data-voila] #rendered_cells:has(.rt-present:not(.lm-mod-hidden)) .jp-Cell-outputWrapper { margin: 0; }
body[data-voila] .tutor-presenter:has(.rt-present:not(.lm-mod-hidden)) { height: 100vh; box-sizing: border-box;
  padding: 2px 6px 0 6px; display: flex; flex-direction: column; overflow: hidden !important; }
body[data-voila] .tutor-presenter:has(.rt-present:not(.lm-mod-hidden)) > .rt-style { display: none !important; }
body[data-voila] .tutor-presenter:has(.rt-present:not(.lm-mod-hidden)) > .widget-tab { flex: 1 1 auto;
  min-height: 0; display: flex; flex-direction: column; }
body[data-voila] .tutor-presenter:has(.rt-present:not(.lm-mod-hidden)) > .widget-tab > .widget-tab-contents {
  flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; overflow: hidden; padding: 2px 6px; }
body[data-voila] .rt-present:not(.lm-mod-hidden) { flex: 1 1 auto; min-height: 0; overflow: hidden !important; }
body[data-voila] .rt-present > * { flex: 0 0 auto; }
body[data-voila] .rt-present > .rt-pmain { flex: 1 1 auto; min-height: 0; display: grid !important;
  grid-template-columns: minmax(0, 1fr) clamp(300px, 32vw, 620px); grid-template-rows: minmax(0, 1fr); gap: 8px;
  align-items: stretch; }
body[data-voila] .rt-pmain > .rt-pboard { min-width: 0 !important; min-height: 0; max-height: 100%;
  overflow: auto !important; }
body[data-voila] .rt-pmain > .rt-pside { min-width: 0 !important; min-height: 0; max-height: 100%;
  overflow: hidden !important; display: flex; flex-direction: column; timeline-scope: --rt-side; }
body[data-voila] .rt-pside > .rt-pside-scroll { flex: 1 1 auto; min-height: 0; overflow-y: auto !important;
  scroll-timeline: --rt-side block; container-type: scroll-state; }
body[data-voila] .rt-pside-scroll > * { flex-shrink: 0; }
.rt-phead-line .rt-ptitle { font-size: 22px; }
/* "What the rules did" longer than its column (trial 14, T4: cut at the foot with no sign): the rules and the rule
   card scroll in the column, and while more follows, a line under them, outside what scrolls, says so (trial 16, U5:
   the line pinned over the list's foot covered a rule chip's words). The line takes its room only while the column
   scrolls (a scroll-driven animation of the column's scroll timeline: no script; with nothing to scroll the timeline
   is inactive and the line has no height) and is hidden at the end of the list; the last line in view gets a thin
   fade at its foot (a scroll-state container query), never a word over it. */
.rt-pside > .rt-more-below { flex: 0 0 auto; visibility: hidden; height: 0; overflow: hidden; }
body[data-voila] .rt-pside > .rt-more-below { animation: rt-more-below linear both; animation-timeline: --rt-side; }
@keyframes rt-more-below { from, 99% { visibility: visible; height: 24px; } to { visibility: hidden; height: 24px; } }
.rt-pside > .rt-more-below .rt-more-line { height: 24px; line-height: 24px; text-align: center; font-size: 16px;
  font-weight: 700; color: #5b2d90; border-top: 1px solid #ddd6ee; }
@container scroll-state(scrollable: bottom) {
  .rt-pside-scroll::after { content: ""; display: block; flex: 0 0 auto; position: sticky; bottom: 0; height: 8px;
    margin-top: -8px; pointer-events: none; background: linear-gradient(to bottom, rgba(255, 255, 255, 0),
    rgba(255, 255, 255, .85)); }
}
.rt-pbar { margin: 0 0 4px 0; flex-wrap: nowrap; }
.rt-pbar .tutor-presenter-jump { flex: 1 1 200px; min-width: 0; }
.tutor-presenter-next.jupyter-button, .tutor-presenter-back.jupyter-button { height: 46px; }
.tutor-presenter .tutor-large-type .rt-board { zoom: 1; }
@media (max-width: 1180px), (max-height: 800px) {
  .tutor-presenter .tutor-large-type .rt-board { zoom: .86; }
  /* the tabs narrower, so the teacher's controls fit on their line */
  .tutor-presenter { --jp-widgets-horizontal-tab-width: 180px; }
  .tutor-presenter > .widget-tab > .widget-tab-bar .lm-TabBar-tab,
  .tutor-presenter > .widget-tab > .widget-tab-bar .p-TabBar-tab { font-size: 15px; }
  .tutor-teacher-notes { padding: 2px 12px; }
  .tutor-teacher-notes .rt-notes { font-size: 18px; line-height: 1.3; }
  .tutor-presenter .tutor-large-type .rt-current-step h3, .tutor-presenter .tutor-large-type .rt-pside h3 {
    font-size: 17px; margin: 2px 0; }

  /* a projector's 1024x768 (or any window 800 px high or less): the walkthrough list names the walkthrough (its title line folds away), the narration
     is two lines of 24px, the rules that fired take a narrower column: the board gets the room */
  .rt-phead-line .rt-ptitle { display: none; }
  .rt-phead-line { margin-bottom: 2px; }
  .tutor-narration { padding: 4px 16px 6px 16px; margin: 2px 0; border-left-width: 10px; }
  .tutor-narration .rt-ntext { font-size: 24px; line-height: 1.3; }
  .tutor-narration .rt-nhead { font-size: 14px; line-height: 1.3; }
  .tutor-presenter-next.jupyter-button, .tutor-presenter-back.jupyter-button { height: 40px; font-size: 21px; }
  .rt-counter { font-size: 21px; }
  /* the two drop-downs show their whole labels (trial 13, item P1: both were cut mid-word at 1024x768): the tabs
     only as wide as their titles, which leaves the walkthrough list the room for its longest title on the tab bar's
     line; the step counter only as wide as "Start · 120 steps" in this size, the jump list's labels in 16px (at
     most widgets.present_tab.JUMP_WORDS characters of a step's words) */
  .tutor-presenter > .widget-tab > .widget-tab-bar .lm-TabBar-tab { flex: 0 0 auto !important; min-width: 0 !important;
    padding: 0 12px; }
  body[data-voila] .tutor-presenter > .rt-present-tools { left: 270px !important; }
  .rt-present-tools .rt-phead-tools { flex: 1 1 auto; justify-content: flex-end; }
  .rt-present-tools .tutor-presenter-picker { flex: 1 1 auto !important; }
  .tutor-presenter-jump select { font-size: 16px !important; }
  .rt-counter-box { width: 210px !important; }
  body[data-voila] .rt-present > .rt-pmain { grid-template-columns: minmax(0, 1fr) clamp(250px, 25vw, 620px); }
  .tutor-presenter .tutor-large-type .rt-current-step .rt-ev { font-size: 16px; }
  .tutor-presenter .tutor-large-type .rt-current-step .rt-step { font-size: 16px; line-height: 1.3; }
  .rt-phead-line .rt-ptitle { font-size: 19px; }
}
/* A projector (1024x768, or any window up to 1180 px wide or 800 px high): the board's text read from the back of a
   room. The board gets the room (the narration's heading runs into its first line, the bar is lower, the rule card's
   "click a chip" line is left out until a chip is clicked), its small texts (ability and dice lines, types, labels)
   are set nearly as large as the card names, and its empty places take one line; with three players their areas sit
   side by side. Measured in tests/browser/test_presenter_board.py (all three games; Spirited's walkthrough has three
   players): card names at least 14 px, ability lines at
   least 12 px, the narration, the board and the rules that fired in view. */
@media (max-width: 1180px), (max-height: 800px) {
  .tutor-narration { padding: 2px 14px 4px 14px; }
  .tutor-narration .rt-nhead { display: inline; margin-right: 10px; font-size: 13px; vertical-align: 3px; }
  .tutor-narration .rt-ntext { display: inline; font-size: 22px; line-height: 1.28; }
  .rt-pbar { margin: 0 0 2px 0; }
  .tutor-presenter-next.jupyter-button, .tutor-presenter-back.jupyter-button { height: 36px; }
  .tutor-presenter .tutor-large-type .rt-pside .tutor-clause-card.rt-clause-empty { display: none; }
  .tutor-presenter .tutor-large-type .rt-pside h3 { font-size: 14px; margin: 0 0 2px 0; }
  .tutor-presenter .tutor-large-type .rt-current-step .rt-step { font-size: 14px; line-height: 1.25; }
  .tutor-presenter .tutor-large-type .rt-current-step .rt-ev { font-size: 14.5px; line-height: 1.25; }
  .tutor-presenter .tutor-large-type .rt-current-step > .tutor-event { margin-top: 2px; }
  .tutor-presenter .tutor-large-type .tutor-clause.jupyter-button { font-size: 14px; min-height: 24px; padding: 1px 10px; }
  .tutor-presenter .tutor-large-type .rt-current-step { padding: 4px 8px; }
  /* the board's small texts, flattened towards the names (the fit script scales the whole board) */
  .rt-pboard .rt-ability, .rt-pboard .rt-stype, .rt-pboard .rt-rowlabel, .rt-pboard .rt-muted, .rt-pboard small,
  .rt-pboard .rt-prov, .rt-pboard .rt-turn, .rt-pboard .rt-legend,
  .rt-pboard .sd-small, .rt-pboard .sd-card-chip, .rt-pboard .sd-flag,
  .rt-pboard .sd-phase, .rt-pboard .sp-power, .rt-pboard .sp-camp, .rt-pboard .sp-slot, .rt-pboard .sp-clan,
  .rt-pboard .sp-wsp, .rt-pboard .sp-lim, .rt-pboard .sp-space,
  .rt-pboard .sp-tracknote { font-size: 13px !important; }
  /* the counters (a player's AP, tokens, hand, Essence, deck; the shared piles, the medals left; a Spirit's health)
     read from the back of the room (trial 13, item P1: they were 12-13 px): their words as large as the card names
     and their numbers larger (measured in tests/browser/test_presenter_board.py) */
  .rt-pboard .rt-stats, .rt-pboard .rt-decks, .rt-pboard .sd-counts, .rt-pboard .sd-round, .rt-pboard .sp-pile,
  .rt-pboard .sp-medal { font-size: 15.5px !important; }
  .rt-pboard .rt-stats b, .rt-pboard .rt-decks b, .rt-pboard .sd-counts b, .rt-pboard .sd-round b,
  .rt-pboard .sp-pile b { font-size: 18px !important; }
  .rt-pboard .sd-hptext { font-size: 14px !important; }
  .rt-pboard .sd-hptext b { font-size: 16px !important; }
  .rt-pboard .sd-stage, .rt-pboard .sd-cls, .rt-pboard .sd-state, .rt-pboard .sd-cost, .rt-pboard .sp-hourglass,
  .rt-pboard .rt-zone h4, .rt-pboard .rt-player h4 { font-size: 12px !important; }
  .rt-pboard .sd-die .sd-k { font-size: 12px; }
  .rt-pboard .sd-die { height: auto; min-height: 36px; }
  .rt-pboard .sd-boost, .rt-pboard .sd-advtoken, .rt-pboard .sd-pool .sd-pl { font-size: 13px !important; }
  .rt-pboard .rt-chip, .rt-pboard .rt-hand-row .rt-chip { font-size: 14px; }
  .rt-pboard .rt-sname, .rt-pboard .sd-sname, .rt-pboard .sp-wname, .rt-pboard .rt-pname { font-size: 15.5px; }
  .rt-pboard .rt-compact .rt-zone, .rt-pboard .rt-zone, .rt-pboard .rt-player { padding: 2px 6px; }
  .rt-pboard .rt-bparts { gap: 4px; }
  .rt-pboard .rt-space { padding: 1px 5px; }
  .rt-pboard .rt-legend { margin: 0; }
  /* Spirited's empty places: an open Allegiance space is its dashed box alone (its words stay for a screen reader),
     a Camp one line */
  .rt-pboard .sp-slot.sp-open { font-size: 0 !important; min-height: 16px; padding: 0; }
  .rt-pboard .sp-camp { padding: 0 5px; line-height: 1.3; }
  .rt-pboard .sp-camps, .rt-pboard .sp-slots { margin: 1px 0 2px 0; gap: 4px; }
  .rt-pboard .sp-space { padding: 1px 3px; }
  /* Spirited's card names (clan chips, Road stacks) as large as the other games' card names, its clan powers as
     large as their ability lines */
  .rt-pboard .sp-clan, .rt-pboard .sp-stack > div:first-child { font-size: 16px !important; }
  .rt-pboard .sp-board .sp-wonder .sp-wname { font-size: 16px; }
  .rt-pboard .sp-board .sp-power { font-size: 14px !important; }
  .rt-pboard .sp-facedown { font-size: 14px !important; }
  .rt-pboard .sp-stack .sp-n { font-size: 16px; line-height: 18px; }
  .rt-pboard .rt-banner { padding: 2px 10px; font-size: 15px; }
}
/* the players' areas in seat order (Player 1 first) at every step: the room follows one table, where no one changes
   places (the learn table's "acting player first" order moved them between steps: trial 13, item P1); the acting
   player's area is marked by its border and badge */
.rt-pboard.rt-compact .rt-bparts > .rt-bpart-player { order: 5 !important; }
/* three players or more (Spirited's 3-player walkthrough, trial 12 item 1), at every size: their areas side by side,
   as wide as each other; in each area the Camps one
   under the other, the row labels only as wide as their words; the folded reference panels and the key share a line
   (a panel's summary words show when it is opened) */
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) > .rt-bpart-player {
  flex: 1 1 30%; min-width: 0; }
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) > .rt-bpart-wonders,
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) > .rt-bpart-clans,
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) > .rt-bpart-legend {
  flex: 1 1 auto; }
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player)
  details.rt-ref:not([open]) > summary > .rt-muted { display: none; }
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) .rt-player {
  padding: 2px 4px; }
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) .rt-player .rt-row {
  margin: 1px 0; }
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) .rt-player .rt-rowlabel {
  min-width: 0; }
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) .rt-player .sp-road {
  min-height: 0; margin: 0; gap: 2px 4px; }
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) .rt-player .sp-camps {
  flex-direction: column; gap: 2px; }
.rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) .rt-player .sp-camp {
  flex: 0 0 auto; }
/* a Time Track space is never narrower than its words (the Hourglass badge was cut at the zone's edge at 1366x768) */
.rt-pboard .sp-space { min-width: min-content; }
@media (min-width: 1600px) { .tutor-presenter .tutor-large-type .rt-board { zoom: 1.2; } }
/* a projector at 1920x1080 read from the back of a room (newuser32: the presenter was drawn as at 1366): the
   narration and what the rules did larger; the board grows with its box (FIT_JS), the page still one screen */
@media (min-width: 1700px) and (min-height: 1000px) {
  .tutor-narration .rt-nhead { font-size: 23px; }
  .tutor-narration .rt-ntext { font-size: 44px; }
  .tutor-teacher-notes .rt-notes { font-size: 27px; }
  body[data-voila] .rt-present > .rt-pmain > .rt-pside { zoom: 1.3; }
}
@media (max-width: 1599px) { body[data-voila] .rt-present-tools .rt-ptitle { display: none; } }
/* The projector layout (trial 15, P1; a 1024x768 projector, or any window up to 1180 px wide or 800 px high): every
   word on the board 16px or more as drawn (names and counts 18px), the board whole in its box beside the rules that
   fired. To make room the board shows fewer, larger things: empty places are their outline only (their words stay
   for a screen reader), secondary detail folds away (the piles' counts; a Spirit Duels Spirit's printed dice and
   next Stage, an empty dice pool or items row, the set-aside Stages; a Spirited stack's limit and the Hourglass
   note), and each game's zones use the width: Restless Spirits' Lost Spirits across the board, the Shrine beside the
   markets, the two players side by side; a Spirit Duels Spirit's state, health bar and health on one line; the
   Allegiances' heading beside its clans, a Camp's card beside its name, a player's counts after their name. Once a
   Restless Spirits player has Spirits on their spaces the boards stack and a Spirit takes the room of its empty
   neighbours: with the narration's three lines, those steps reach 14-16 px (fit 0.86-1.0). The learn pages show all
   of it. Measured in tests/browser/test_presenter_board.py. */
@media (max-width: 1180px), (max-height: 800px) {
  .tutor-narration .rt-ntext { font-size: 20px !important; line-height: 1.25 !important; }
  .rt-present .rt-pboard .rt-board, .rt-present .rt-pboard .rt-board * { font-size: max(16px, 1em) !important; }
  .rt-present .rt-pboard .rt-board { font-size: 16px !important; line-height: 1.2; }
  .rt-present .rt-pboard .rt-sname, .rt-present .rt-pboard .sd-sname, .rt-present .rt-pboard .rt-pname,
  .rt-present .rt-pboard .sp-wname, .rt-present .rt-pboard .rt-stats b, .rt-present .rt-pboard .rt-decks b,
  .rt-present .rt-pboard .sd-counts b, .rt-present .rt-pboard .sp-pile b, .rt-present .rt-pboard .sd-round b {
    font-size: 18px !important; }
  .rt-present .rt-pboard .rt-board .sp-slot.sp-open, .rt-present .rt-pboard .rt-board .sp-slot.sp-open *,
  .rt-present .rt-pboard .rt-board .rt-space.rt-empty, .rt-present .rt-pboard .rt-board .rt-space.rt-empty * {
    font-size: 0 !important; }
  .rt-present .rt-pboard .rt-space.rt-empty { min-height: 14px; padding: 0; }
  /* (over the large-type rule's min-height 0, which left a player with no Spirit yet 2 px high empty spaces: their
     board seemed gone, trial 20) */
  .tutor-presenter .tutor-large-type .rt-pboard .rt-space.rt-empty { min-height: 14px; }
  /* a folded reference line (Spirited's Wonders on display) wraps whole, not cut short with "…" (the learn pages'
     narrow layout keeps it to one line) */
  .rt-present .rt-pboard :is(.rt-bpart-wonders, .rt-bpart-clans) details.rt-ref:not([open]) > summary {
    white-space: normal; overflow: visible; text-overflow: clip; }
  .rt-present .rt-pboard .sp-slot.sp-open { min-height: 14px; }
  .rt-present .rt-pboard .rt-zone h4 { margin: 0 0 2px 0; letter-spacing: 0; line-height: 1.15; }
  .rt-present .rt-pboard .sd-card, .rt-present .rt-pboard .rt-zone, .rt-present .rt-pboard .rt-player {
    line-height: 1.22; }
  .rt-present .rt-pboard .rt-player { padding-top: 1px; padding-bottom: 1px; }
  .rt-present .rt-pboard .rt-phead { margin: 0; }
  .rt-present .rt-pboard .rt-chip { padding-top: 0; padding-bottom: 0; }
  .rt-present .rt-pboard .rt-bparts { row-gap: 3px; }
  /* folded away on the projector */
  .rt-present .rt-pboard .rt-decks, .rt-present .rt-pboard .sd-next, .rt-present .rt-pboard .sd-dice,
  .rt-present .rt-pboard details.sd-aside, .rt-present .rt-pboard .sd-pool.sd-nodice,
  .rt-present .rt-pboard .sd-items-row:has(> .rt-muted:nth-child(2):last-child), .rt-present .rt-pboard .sp-tracknote,
  .rt-present .rt-pboard .sp-piles-head, .rt-present .rt-pboard .sp-pile, .rt-present .rt-pboard .sp-stack .sp-lim {
    display: none; }
  /* Restless Spirits: the Lost Spirits across the board, the Shrine beside the markets, the players side by side */
  .rt-present .rt-pboard .rt-bparts > .rt-bpart-wide { flex: 1 1 100% !important; max-width: none !important; }
  .rt-present .rt-pboard .rt-bparts > .rt-bpart-zone:has(.rt-shrine-top) { flex: 0 0 21% !important; min-width: 0; }
  .rt-present .rt-pboard .rt-shrine-top { flex-wrap: wrap; }
  .rt-present .rt-pboard .rt-bparts > .rt-bpart-markets { flex: 1 1 70% !important; min-width: 0;
    width: auto !important; }
  .rt-present .rt-pboard .rt-bparts:has(> .rt-bpart-markets) .rt-rowlabel { min-width: 0; margin-right: 4px; }
  .rt-present .rt-pboard .rt-bparts:has(> .rt-bpart-markets) > .rt-bpart-player { flex: 1 1 40% !important;
    min-width: 0; }
  /* ... one above the other once a Spirit is on a player's spaces (its requirements and ability need the width) */
  .rt-present .rt-pboard .rt-bparts:has(> .rt-bpart-markets):has(.rt-player .rt-space:not(.rt-empty))
    > .rt-bpart-player { flex: 1 1 100% !important; }
  /* a Spirit on a player's spaces takes the width its empty neighbours (outlines) do not need; its name and type
     share a line */
  .rt-present .rt-pboard .rt-player .rt-spaces { display: flex !important; gap: 4px; }
  .rt-present .rt-pboard .rt-player .rt-spaces > .rt-space { flex: 4 1 0; min-width: 0; }
  .rt-present .rt-pboard .rt-player .rt-spaces > .rt-space.rt-empty { flex: 1 1 0; }
  .rt-present .rt-pboard .rt-player .rt-space > .rt-sname, .rt-present .rt-pboard .rt-player .rt-space > .rt-stype {
    display: inline; }
  .rt-present .rt-pboard .rt-player .rt-space > .rt-sname { margin-right: 6px; }
  /* Spirit Duels: a Spirit's name line, then its state, health bar and health on one line, its powers, its ability */
  .rt-present .rt-pboard .sd-card:not(.sd-down) { display: flex; flex-wrap: wrap; align-items: center;
    column-gap: 6px; padding: 2px 5px; }
  .rt-present .rt-pboard .sd-card > * { flex: 0 0 100%; min-width: 0; }
  .rt-present .rt-pboard .sd-card > div:first-child { flex: 0 1 auto; }
  .rt-present .rt-pboard .sd-card > div:nth-child(2) { flex: 1 1 auto; }
  /* (its state and tokens wrap inside the card: "exhausted" and "armor 1/3" ran past Tychomp's edge, trial 17) */
  .rt-present .rt-pboard .sd-card > .sd-statebox { flex: 0 1 auto; order: 1; max-width: 100%; display: flex;
    flex-wrap: wrap; align-items: center; column-gap: 3px; }
  .rt-present .rt-pboard .sd-card > .sd-hp { flex: 1 1 24px; order: 2; height: 5px; margin: 1px 0; }
  .rt-present .rt-pboard .sd-card > .sd-hptext { flex: 0 0 auto; order: 3; }
  .rt-present .rt-pboard .sd-card > .sd-powers { order: 4; }
  .rt-present .rt-pboard .sd-card > .sd-traits, .rt-present .rt-pboard .sd-card > .sd-ability { order: 5; }
  .rt-present .rt-pboard .sd-spirits { gap: 4px; }
  /* whose turn on one line, the round strip under it on one line; a die's type and level side by side */
  .rt-present .rt-pboard .sd-board > .rt-banner, .rt-present .rt-pboard .sd-board > .sd-strip {
    flex: 1 1 100% !important; }
  .rt-present .rt-pboard .sd-board > .sd-strip { row-gap: 2px; padding-top: 1px; padding-bottom: 1px; }
  .rt-present .rt-pboard .sd-pool { display: flex; flex-wrap: wrap; gap: 2px 3px; min-height: 0; }
  .rt-present .rt-pboard .sd-die { padding: 0 3px !important; margin: 0 !important; min-height: 0 !important; }
  .rt-present .rt-pboard .sd-die .sd-k { flex-direction: row; gap: 0 4px; }
  /* (in a narrow column the type and level go under the face: Pawnite's dice ran past theirs at 1024, newuser46) */
  .rt-present .rt-pboard .sd-pool { min-width: 0; max-width: 100%; } .rt-present .rt-pboard .sd-die { max-width: 100%; }
  .rt-present .rt-pboard .sd-die .sd-k { flex-wrap: wrap; min-width: 0; }
  /* Spirited: the Allegiances' heading beside its clans, compact Time Track spaces and Camps */
  .rt-present .rt-pboard .sp-alzone { display: flex; flex-wrap: wrap; align-items: center; column-gap: 8px; }
  .rt-present .rt-pboard .sp-alzone > h4 { margin: 0; }
  .rt-present .rt-pboard .sp-alzone > .sp-als { flex: 1 1 auto; }
  .rt-present .rt-pboard .sp-space { line-height: 1.15; }
  .rt-present .rt-pboard .rt-board .sp-camp { line-height: 1.15; padding: 0 3px; }
  .rt-present .rt-pboard .sp-als { display: flex; flex-wrap: wrap; gap: 2px 4px; }
  .rt-present .rt-pboard .sp-als > .rt-row { margin: 0; }
  .rt-present .rt-pboard .sp-als .sp-clan { padding-left: 4px; padding-right: 4px; }
  /* a Camp names itself ("Camp 1:"): its row needs no label, and its card goes beside its name */
  .rt-present .rt-pboard .rt-row:has(> .sp-camps) > .rt-rowlabel { display: none; }
  .rt-present .rt-pboard .rt-row:has(> .sp-camps) > .sp-camps { flex: 1 1 100%; }
  /* three players: a player's counts run on after their name and tags (not a line of their own under them) */
  .rt-present .rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) .rt-phead {
    display: block; }
  .rt-present .rt-pboard .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) .rt-phead > .rt-stats {
    display: inline-block; margin-left: 6px; white-space: nowrap; }
  /* the provisional mark as large as the words, raised without making its line taller */
  .rt-present .rt-pboard .rt-board .rt-prov { vertical-align: baseline !important; position: relative; top: -0.35em;
    line-height: 0 !important; }
  .rt-present .rt-pboard .rt-legend { line-height: 1.2; margin: 0; }
}
/* The projector layout, continued (trial 16, U1: Restless Spirits' steps 3-12 drew the board at 13.8-16 px once its
   players had Spirits on their spaces). The narration's lines are spaced for their own 20px (they took the widget's
   34px line height). Restless Spirits' board moves its key to the foot of the rules' column (.rt-pkey) and folds
   what another line says already: the turn banner when it only names the player and their AP (the acting player's
   area has both), the pips after a count, "waiting", the hand's count
   (the hand's cards are listed), the first-player star and a Spirit's "2/3 met" (its requirements are ticked). A
   player's line is then one line; a Spirit's requirements run on after its name; its empty neighbours are narrow
   outlines; a Lost Spirit's name and type share a line. A player's guide stays named, as on the learn page
   (session 30: the heading said only the Mastery). Every step is 16px or more as drawn (fit 1.03 or more),
   measured in tests/browser/test_presenter_board.py. */
.rt-present .rt-pside > .rt-pkey { display: none; }
@media (max-width: 1180px), (max-height: 800px) {
  .tutor-narration > .widget-html-content { font-size: 20px; line-height: 1.3; }
  .rt-present .rt-pboard .rt-bparts:has(> .rt-bpart-markets) > .rt-bpart-legend { display: none; }
  .rt-present:has(.rt-pboard .rt-bparts > .rt-bpart-markets) .rt-pside > .rt-pkey { display: block; flex: 0 0 auto;
    padding: 2px 4px 0 4px; color: #6a6484; }
  .rt-present .rt-pside > .rt-pkey > .widget-html-content { font-size: 13px; line-height: 1.25; }
  .rt-present .rt-pboard .rt-banner.rt-plainturn, .rt-present .rt-pboard .rt-bpart-banner:has(.rt-plainturn),
  .rt-present .rt-pboard .rt-player :is(.rt-pips, .rt-waiting, .rt-handn, .rt-first, .rt-nmet) {
    display: none; }
  .rt-present .rt-pboard .rt-player .rt-space > .rt-reqs { display: inline; margin: 0 0 0 6px; }
  .rt-present .rt-pboard .rt-player .rt-space > .rt-reqs > li { display: inline-block; margin: 0 8px 0 0;
    overflow: visible; }
  .rt-present .rt-pboard .rt-player .rt-spaces:has(> .rt-space:not(.rt-empty)) > .rt-space.rt-empty {
    flex: 0 0 40px; }
  .rt-present .rt-pboard .rt-space.rt-mini { display: block; }
  .rt-present .rt-pboard .rt-space.rt-mini > :is(.rt-sname, .rt-stype) { display: inline; margin-right: 6px; }
  /* a player's name is never broken ("Player / 2" in Spirited's narrow areas) */
  .rt-present .rt-pboard .rt-pname { white-space: nowrap; }
}
/* the board's box fills its row at every size (it was as high as the board: a box that grew later, as the narration
   got shorter, kept the board at the smaller scale) */
body[data-voila] .rt-present .rt-pmain > .rt-pboard { align-self: stretch !important; }
.rt-saved { color: #1b5e20; font-weight: 700; }
/* a refusal is a calm note as wide as the row, in one or two lines (trial 21: bold red lines of 28 px) */
.rt-notsaved { color: #6b2a00; background: #fff6e8; border-left: 3px solid #d9822b; border-radius: 4px;
  padding: 3px 8px; margin: 2px 0; font-size: 13px; line-height: 1.4; }
.rt-notsaved-list { margin: 2px 0 0 0; padding-left: 20px; }
"""


#: Bounds of the board's scale while presenting: below :data:`FIT_MIN` the board scrolls in its box rather than
#: shrinking further (its text would be too small to read); above :data:`FIT_MAX` it stops growing.
FIT_MIN, FIT_MAX = 0.72, 2.0

# Once per page (under Voila only, where the Present tab is a fixed-height column): the board in each shown Present
# tab (.rt-present .rt-pboard > the board) gets the largest CSS zoom, between FIT_MIN and FIT_MAX, at which it fits
# its box without scrolling (found by halving, each try a layout of the board only); again whenever the box
# changes size (the window, the narration's length, the teacher notes shown or hidden) or the board's contents
# change (a step), or a folded part of it is opened. No file, nothing from the internet.
FIT_JS = board_fit_js(".rt-present .rt-pboard", "tutorBoardFit", FIT_MIN, FIT_MAX, 9)


def board_fit() -> w.Output:
    """A hidden Output (CSS class ``tutor-board-fit``) whose only output is :data:`FIT_JS`: on a Voila page, the
    Present tab's board is scaled to fill its box (at most :data:`FIT_MAX`, at least :data:`FIT_MIN`), so it grows on
    a large screen and is never cut off on a projector's 1024x768; the box's ``data-fit`` attribute says the scale."""
    return page_script(FIT_JS, "tutor-board-fit")


LARGE_TYPE = "tutor-large-type"  # the CSS class of the large type: the Present tab's, never the Record tab's
# Fixed widths in the Present tab's bar, so that Next does not move from step to step: Back and Next (24px bold
# captions) and the step counter, wide enough for "Start · 120 steps" or "Step 100 of 120" in 24px bold (210px cut "Start · 12
# steps" in the browser: measured in tests/browser).
BUTTON_WIDTH = "124px"
COUNTER_WIDTH = "250px"


def presenter_style() -> w.HTML:
    """The presenter's own ``<style>`` (large type under ``.tutor-large-type``, the Present tab only); goes after
    :func:`style_widget`; with it Spirit Duels' projector layout, :mod:`widgets.presenter_duels`."""
    return w.HTML(f"<style>{CSS}{DUELS_CSS}</style>")
