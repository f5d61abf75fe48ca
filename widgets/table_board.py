"""The board's CSS on the one-screen game table (:mod:`widgets.table`): the compact board every game shares (the
shared table, then the current player's area, then the others; long texts folded to a line, whole on hover or
click), then each game's own rules: Restless Spirits' Lost Spirits, Shrine and Totem Markets, Spirited's Time Track
and Road, Spirit Duels' Spirit cards, and the narrow (1024 px) and wide (1920 px) windows. :data:`BOARD_CSS` sits in
:data:`widgets.table.TABLE_CSS` between the table's frame and its last-step strip."""
from __future__ import annotations

#: The board part of :data:`widgets.table.TABLE_CSS` (the order of the rules is the cascade's).
BOARD_CSS = """/* the board, compact (class rt-compact on the one-screen table and the presenter's board): the shared table, then the current player's area, then the others; long texts on one line */
.rt-compact .rt-bparts { gap: 6px; align-content: flex-start; }
.rt-compact .rt-bpart, .rt-compact .widget-html-content { min-width: 0; }
.rt-compact .rt-bpart-board { flex: 1 1 auto; }
/* with three or more players, the current player's area comes first after the shared table (two players keep
   their places, side by side) */
.rt-compact .rt-bparts > .rt-bpart-player { order: 5; }
.rt-compact .rt-bparts.rt-bparts-3p.rt-bparts-3p.rt-bparts-3p >
  .rt-bpart-player.rt-bpart-current { order: 4; }
.rt-compact .rt-bparts > .rt-bpart-legend { order: 7; }
/* Spirited's players' areas take the board's width each on a narrow window (ui45: at its end at 1024x768, drawn
   smaller, Player 2's area sat beside the Wonders and its third Allegiance was cut at its edge) */
@media (max-width: 1200px) { .rt-learn .rt-compact .rt-bparts.sp-board > .rt-bpart-player { flex: 1 1 100%; } }
/* the key line stays whole at the foot of the board's box when the board is taller than it (trial 15, U4: in free
   play at 1366x768 it sat half under the last-step strip): the board scrolls under it */
.rt-onescreen .rt-board-area .rt-bparts > .rt-bpart-legend { position: sticky; bottom: 0; z-index: 1;
  background: #fff; padding: 1px 0; }
/* ... at the foot of the board's box (the area, which scrolls), not of the board itself: a widget box scrolls
   (ipywidgets' overflow: auto), and the key line stuck to the board's own foot, under the box's edge (trial 23:
   Spirited at 1024x768, its words cut in half above the strip) */
.rt-onescreen .rt-board-area > .tutor-board.rt-bparts { overflow: visible !important; }
/* Spirit Duels' board is one piece with its key line inside it: the same pinning (trial 42's look: at 1366x768 after
   three steps of lesson 1 the board area scrolled 16 px and its key line showed its top half above the strip) */
.rt-onescreen .rt-board-area > .tutor-board.rt-board-sd { overflow: visible !important; }
.rt-onescreen .rt-board-area .sd-board > details.rt-legend { position: sticky; bottom: 0; z-index: 1;
  background: #fff; padding: 1px 0; }
/* reference panels (Spirited's wonders and clans, folded) come after the players' areas, so the learner's own area
   (with its hand) is in view under the shared table; against the computer the learner's area comes first */
.rt-compact .rt-bparts > .rt-bpart-wonders, .rt-compact .rt-bparts > .rt-bpart-clans { order: 6; }
.rt-compact .rt-bparts > .rt-bpart-player.rt-bpart-you { order: 3; }
.rt-compact .rt-banner { font-size: 15px; padding: 5px 12px; margin: 0; border-radius: 8px; }
.rt-compact .rt-banner small { font-size: 12.5px; }
.rt-compact .rt-zone { padding: 4px 8px; min-width: 0; overflow: hidden; }
.rt-compact .rt-zone h4, .rt-compact .rt-player h4 { margin: 0 0 2px 0; font-size: 11px; }
.rt-compact .rt-space { min-height: 0; padding: 3px 6px; line-height: 1.3; }
.rt-compact .rt-space.rt-mini { min-height: 0; }
.rt-compact .rt-space.rt-empty { min-height: 40px; }
/* Restless Spirits: a Lost Spirit's name and type share a line; the Totem Markets' rows sit beside their title;
   the hand's chips are a little smaller, so the current player's spaces, hand and released fit at 1366x768 */
.rt-compact .rt-space.rt-mini { display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 6px; }
.rt-compact .rt-space.rt-mini > * { flex: 1 1 100%; min-width: 0; }
.rt-compact .rt-space.rt-mini > .rt-sname { flex: 0 1 auto; }
/* (a type cut to a letter, "T.", reads as nothing: below about a word's room it goes under the name) */
.rt-compact .rt-space.rt-mini > .rt-stype { flex: 1 1 0; min-width: 8.5em; }
.rt-compact .rt-bpart-markets .rt-zone { display: flex; flex-wrap: wrap; align-items: center; gap: 0 14px; }
/* (its heading beside its rows, not on a line of its own: a line more of the players' areas in view) */
.rt-compact .rt-bpart-markets .rt-zone > h4 { flex: 0 0 auto; margin: 0; }
.rt-compact .rt-bpart-markets .rt-zone > .rt-row { flex: 0 1 auto; margin: 0; }
.rt-compact .rt-hand-row .rt-chip { font-size: 12.5px; }
/* the Shrine: its top card beside "top:" and the piles' counts in one wrapping line; a little wider than a zone */
.rt-compact .rt-bparts > .rt-bpart-zone { flex: 1.3 1 240px; }
.rt-compact .rt-shrine-top { flex-wrap: nowrap; align-items: baseline; gap: 4px; }
.rt-compact .rt-shrine-top > .rt-chip { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.rt-compact .rt-decks { font-size: 12px; line-height: 1.35; }
.rt-compact .rt-decks > span { white-space: nowrap; }
.rt-compact details.rt-legend > summary { cursor: pointer; }
/* an Activation Token's line ("◆ ability used") is short and whole: it wraps on a narrow card, never cut (trial 20) */
.rt-compact .rt-tok { white-space: normal; overflow-wrap: anywhere; cursor: help; }
.rt-compact .rt-ability, .rt-compact .rt-stype, .rt-compact .rt-bonus { white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; cursor: help; }
.rt-compact .rt-ability:hover, .rt-compact .rt-ability:focus { white-space: normal; }
/* every other line cut to one on a card (an Activation Token's note, a type, a bonus, Spirit Duels' ability and
   "evolves into" lines) shows whole on hover too (trial 12, item 6) */
.rt-compact .rt-tok:hover, .rt-compact .rt-stype:hover, .rt-compact .rt-bonus:hover, .rt-compact .sd-small:hover {
  white-space: normal; overflow: visible; }
/* a click or tap on a folded ability line opens it too (it takes the focus: trial 14, T8), with no focus ring for a
   mouse */
.rt-compact .rt-ability:focus { white-space: normal; overflow: visible; outline: none; }
.rt-compact .rt-ability:focus-visible { outline: 2px solid #5b2d90; }
.rt-compact .rt-stype:focus { white-space: normal; overflow: visible; outline: none; }
/* Spirit Duels' folded ability, "evolves into" and dice lines open on a click or tap as well (trial 26: "evolves into
   Rookr…" at 1024 px was whole only under a mouse) */
.rt-compact .sd-small[tabindex]:focus { white-space: normal; overflow: visible; outline: none; }
.rt-compact .sd-small[tabindex]:focus-visible { outline: 2px solid #5b2d90; }
.rt-compact .rt-spaces > .rt-space { min-width: 0; }
/* a Spirit on a player's board takes the room its empty neighbours ("space 2: empty") do not need: its name and
   type are whole at 1366 px (trial 16, U6: "Trickster · Dark · 0/…" was cut in a third of the area) */
.rt-compact .rt-player .rt-spaces > .rt-space:not(.rt-empty) { flex: 2.2 1 0; }
/* three Spirits side by side: a Spirit's "0/3 met" folds (its requirements are ticked below) and a requirement's
   name wraps rather than being cut ("○ Timeweaver Th…") */
.rt-compact .rt-player .rt-spaces.rt-full .rt-nmet { display: none; }
.rt-compact .rt-player .rt-spaces.rt-full .rt-reqs li { white-space: normal; }
/* a Lost Spirit's needs are what the learner chooses by: whole, on as many lines as they take (trial 15, U1), on a
   learn page at every width (trial 18: at 1024 px they were cut to a line, whole only on hover); the presenter's
   board, scaled to its box, keeps them whole from 1201 px */
@media (min-width: 1201px) {
  /* ... and its type goes under its name rather than being cut beside it (trial 32, the FAQ's board at 1920:
     "Wanwada Guardian · Lig…"); cut, with the whole on hover, only on a card narrower than it */
  .rt-compact .rt-space.rt-mini > .rt-stype { flex: 1 0 auto; max-width: 100%; }
  .rt-compact .rt-space.rt-mini > .rt-ability { white-space: normal !important; display: block !important;
    -webkit-line-clamp: unset !important; line-clamp: none !important; overflow: visible !important; }
}
/* (the FAQ explorer's and the practice page's boards too: trial 27 saw "needs Timeweaver Thread, Lantern, Dr…" there
   at 1024 px; beside the FAQ's open what-if panel too, newuser31: "needs Timeweaver Thread, La…" at 1024 px) */
:is(.rt-learn, .rt-faq-page, .rt-pq-page) .rt-compact .rt-space.rt-mini > .rt-ability { white-space: normal !important; display: block !important;
  -webkit-line-clamp: unset !important; line-clamp: none !important; overflow: visible !important; }
/* a wide window (1366 px and more) has room under the boards: a card's ability, its Activation Token's note, a Lost
   Spirit's needs and Spirit Duels' ability and "evolves into" lines take up to two lines before they are cut (trial
   13 item L5: "Activated: Move Twiz…" with free space under the board); the whole text stays on hover */
@media (min-width: 1201px) {
  .rt-learn .rt-compact :is(.rt-ability, .rt-tok, div.sd-small) { white-space: normal; display: -webkit-box;
    -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
  .rt-learn .rt-compact :is(.rt-ability, .rt-tok, div.sd-small):is(:hover, :focus) { -webkit-line-clamp: unset;
    line-clamp: none; }
  /* the abilities of the player to act are whole: what they choose by (trial 18: "Activated: Gain 1 AP for each
     Sacred Spirit next to…"); the others' take two lines, whole on hover, a click or the keyboard's focus */
  .rt-learn .rt-compact .rt-player.rt-current .rt-space > .rt-ability { -webkit-line-clamp: unset; line-clamp: none; }
}
/* a laptop's low window (1366x768): a late Restless Spirits game (three Spirits with long abilities, a full hand, five
   released) ran past the board's box, and the strip, shrunk to its floor to give the board room, lost the computer's
   release line (trial 21). The player to act's area takes more of the width (their Spirits' texts wrap less) and
   their abilities take up to three lines, whole on hover, a click or the keyboard's focus */
@media (min-width: 1201px) and (max-height: 899px) {
  .rt-learn .rt-compact .rt-bparts.rt-bparts-markets > .rt-bpart-player.rt-bpart-current { flex-grow: 1.6; }
  .rt-learn .rt-compact .rt-player.rt-current .rt-space > .rt-ability:not(:hover, :focus) { -webkit-line-clamp: 3;
    line-clamp: 3; }
}
/* a large window (1920x1080): the board is drawn larger, using the room the one-screen layout leaves under it
   (trial 13 item S1); the action list and the last step keep their size */
@media (min-width: 1700px) and (min-height: 1000px) {
  .rt-learn .rt-board-area > .tutor-board { zoom: 1.3; }
  /* Spirit Duels' two rows of three Spirit cards are taller: at 1.3 Player 2's hand row went under the last step's
     strip in free play (trial 16) */
  .rt-learn .rt-board-area > .tutor-board.rt-board-sd { zoom: 1.1; }
}
/* the board is as high as what it shows, not stretched to its box: the page's script (widgets/strip_fit.py) sees its
   size change (a late layout, the fonts) and fits the strip again, and on a large window draws it larger while its box
   has the room (trial 20) */
.rt-learn .rt-board-area > .tutor-board { align-self: flex-start; }
.rt-compact .rt-reqs { display: flex; flex-wrap: wrap; gap: 0 8px; margin: 1px 0 0 0; }
/* a long Totem name ("Timeweaver Thread") is cut at the card's edge, never past it; the whole name on hover */
.rt-compact .rt-reqs li { margin: 0; line-height: 1.3; white-space: nowrap; max-width: 100%; overflow: hidden;
  text-overflow: ellipsis; }
/* ... on a learn page a requirement's name is never cut: it wraps (trial 18) */
.rt-learn .rt-compact .rt-reqs li { white-space: normal; overflow: visible; }
.rt-compact .rt-reqs .rt-muted { display: none; }
/* a requirement a Spirit's "-1 Totem Requirement" took away shows its mark on every player's card (trial 35) */
.rt-reduced .rt-minus { padding: 0 3px; border-radius: 3px; background: #1b7a2a; color: #fff; font-size: 11px; }
.rt-dark .rt-reduced .rt-minus { background: #9ff0aa; color: #1d1430; }
.rt-compact .rt-player { padding: 4px 8px; }
.rt-compact .rt-phead { margin-bottom: 2px; }
.rt-compact .rt-pname { font-size: 14px; }
.rt-compact .rt-row { margin: 1px 0; }
.rt-compact .rt-chip { padding: 0 7px; }
.rt-compact .rt-legend { margin-top: 0; }
.rt-compact .rt-zone .rt-muted { line-height: 1.35; }
.rt-compact .rt-zone .rt-row { margin: 0 0 2px 0; }

/* Spirited's table: the Time Track's spaces lower, its note and the piles one line each, headings close; the space
   holding the Hourglass is as wide as its marker, whole ("Hourgla…" at 1366 px, trial 18) */
.rt-compact .sp-track .sp-space.sp-here { min-width: max-content; }
.rt-compact .sp-track .sp-hourglass { overflow: visible; text-overflow: clip; }
.rt-compact .sp-board .rt-zone h4 { margin-bottom: 2px; }
.rt-compact .sp-track .sp-space { padding: 1px 3px; line-height: 1.2; }
.rt-compact .sp-track .sp-space b { display: inline; margin-right: 3px; }
.rt-compact .sp-track .sp-hourglass { margin-top: 0; }
.rt-compact .sp-tracknote { font-size: 12px; line-height: 1.3; margin-top: 2px; }
.rt-compact .sp-piles-head { margin-top: 4px !important; }
.rt-compact .sp-nowrap { white-space: nowrap; }
.rt-compact .sp-als { display: flex; flex-wrap: wrap; gap: 0 10px; }
.rt-compact .sp-als > .rt-row { margin: 0 0 2px 0; }
.rt-compact .sp-space { padding: 1px 3px; line-height: 1.25; }
.rt-compact .sp-space b { font-size: 12px; }
.rt-compact .rt-bparts > .rt-bpart > .widget-html-content > .rt-table,
.rt-compact .rt-bparts > .rt-bpart > .jupyter-widget-html-content > .rt-table { margin-bottom: 0; }
.rt-compact .sp-alzone { flex: 2.2 1 300px; }
.rt-compact .sp-road { min-height: 0; margin: 1px 0; gap: 4px; }
.rt-compact .sp-camps, .rt-compact .sp-slots { margin: 1px 0; }
.rt-compact .sp-stack { display: flex; align-items: baseline; flex-wrap: wrap; gap: 0 6px; padding: 1px 7px;
  min-width: 0; }
.rt-compact .sp-stack .sp-n { font-size: 14px; line-height: 1.3; }
.rt-compact .sp-shield { display: inline-block; margin: 0; }
.rt-compact .rt-bparts > .rt-bpart-wonders, .rt-compact .rt-bparts > .rt-bpart-clans { flex: 1 1 calc(50% - 6px); }
.rt-compact .sp-board .rt-rowlabel { min-width: 74px; }
/* (the box's classes rt-bparts-3p, rt-bparts-5p, rt-bparts-markets and a player's zone's rt-bpart-current, rt-bpart-you
   are set by widgets/board_view.py, in place of ":has()", which restyled the whole board at every change of it;
   a class repeated keeps the specificity the ":has()" had; so are the boards' own marks, session 38: rt-full (a Restless
   Spirits player's spaces all taken), sd-col-down, sd-nodice, sd-turnnote-hot, sp-pile-zone) */
/* five or six players (session 35: Players 5 and 6 under the fold at 1366x768): a hand the learner may not see is not a
   row of its own (its count is on the area's head line, "hand 3"), and the folded reference panels are one line each
   (their whole summary in the panel, opened) */
.rt-compact
  .rt-bparts.rt-bparts-5p.rt-bparts-5p.rt-bparts-5p.rt-bparts-5p.rt-bparts-5p .sp-hand-hidden { display: none; }
.rt-compact
  .rt-bparts.rt-bparts-5p.rt-bparts-5p.rt-bparts-5p.rt-bparts-5p.rt-bparts-5p > :is(.rt-bpart-wonders, .rt-bpart-clans) details.rt-ref:not([open]) > summary {
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }

.rt-compact .rt-prompt { line-height: 1.35; padding: 4px 8px; }
.rt-compact .sd-strip { margin: 4px 0; padding: 3px 10px; }
.rt-compact .sd-board .rt-player { margin-top: 2px; }
.rt-compact .sd-spirits { margin: 2px 0; gap: 6px; }
.rt-compact .sd-pool { min-height: 0; padding: 2px 3px; }
.rt-compact .sd-die { min-width: 28px; height: auto; min-height: 28px; }
.rt-compact .sd-die .sd-g { font-size: 15px; }
.rt-compact .sd-card { line-height: 1.25; padding: 2px 6px; }
/* Spirit Duels: the banner and the round strip share a line; a Spirit card's name and Classes, Health and powers,
   state and next Stage share lines */
.rt-compact .sd-board { display: flex; flex-wrap: wrap; gap: 4px 6px; align-items: stretch; }
.rt-compact .sd-board > * { flex: 1 1 100%; min-width: 0; }
.rt-compact .sd-board > style { display: none; }
.rt-compact .sd-board > .rt-banner { flex: 1 0 auto; display: flex; align-items: center; gap: 0 .35em; }
/* (a flex line drops the space between its text and <small>: the gap puts it back, "(Player 1) · round 1") */
.rt-compact .sd-board > .sd-strip { flex: 1 1 300px; margin: 0; }
.rt-compact .sd-col { min-width: 0; }
.rt-compact .rt-player { min-width: 0; overflow: hidden; }
.rt-compact .rt-phead { line-height: 1.4; }
.rt-compact .sd-card { display: flex; flex-wrap: wrap; column-gap: 6px; align-items: baseline; align-content: flex-start; }
.rt-compact .sd-card > * { flex: 1 1 100%; min-width: 0; order: 6; }
/* lines of a Spirit card: name and Classes; Health and its bar; powers; state and next Stage; printed dice;
   tokens, Traits and ability (each cut to its line, the whole text on hover) */
.rt-compact .sd-card > div:nth-child(1), .rt-compact .sd-card > div:nth-child(2) { flex: 0 1 auto; order: 1; }
.rt-compact .sd-card > .sd-hptext { flex: 0 0 auto; order: 2; }
.rt-compact .sd-card > .sd-hp { flex: 1 1 30px; order: 2; align-self: center; }
.rt-compact .sd-card > .sd-powers { flex: 1 1 auto; order: 3; }
.rt-compact .sd-card > .sd-statebox { flex: 0 1 auto; order: 4; max-width: 100%; }
.rt-compact .sd-card > .sd-next { flex: 1 1 90px; order: 4; }
/* on a learn page "evolves into Tynagma for 2 Essence" is whole (session 41: "evolves into Tynagma f…" at 1024 px):
   beside the Spirit's state when it fits there, else on its own line, and on two lines on a card narrower still */
.rt-learn .rt-compact .sd-card > .sd-next { flex: 1 1 auto; white-space: normal; display: -webkit-box;
  -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
.rt-compact .sd-card > .sd-dice { order: 5; }
.rt-compact .sd-hp { margin: 2px 0 1px 0; height: 6px; }
.rt-compact .sd-small { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; margin-top: 0; }
.rt-compact .sd-small[title] { cursor: help; }
.rt-compact .sd-card.sd-down { min-height: 40px; font-size: 12px; }
.rt-compact .sd-col.sd-col-down { flex: .55 1 0; }
.rt-compact .sd-pool.sd-nodice { font-size: 11px; padding: 0 4px; }
.rt-compact .sd-strip .sd-advnote { display: none; }
/* a pass or a gained advantage (a long pill: "Player 1 passed: if Player 2 passes too, the End Phase begins"): the
   banner drops its "one action, then the other player acts" (the pill says what comes next), so the strip has the
   room for the pill's line; on a line too narrow still, the pill wraps as one rounded box, never as a pill broken
   across lines with a word left alone (trial 16, U4) */
.rt-compact .sd-board > .rt-banner .sd-turnnote.sd-turnnote-hot.sd-turnnote-hot { display: none; }
.rt-compact .sd-strip .sd-flag { display: inline-block; max-width: 100%; box-sizing: border-box; white-space: normal;
  line-height: 1.3; vertical-align: middle; text-wrap: balance; }
/* the banner says the round, and "no pass yet" is the usual state: the strip then shares the banner's line */
.rt-compact .sd-strip .sd-round, .rt-compact .sd-strip .sd-nopass { display: none; }
.rt-compact .sd-pool.sd-nodice { line-height: 14px; }
.rt-compact .sd-board .rt-player { padding-top: 3px; padding-bottom: 3px; }
/* a player's rows under the Spirits: hand, Items and the set-aside Stages share lines when they fit */
.rt-compact .sd-board .rt-player { display: flex; flex-wrap: wrap; align-items: center; column-gap: 14px; }
.rt-compact .sd-board .rt-player > * { flex: 1 1 100%; min-width: 0; }
.rt-compact .sd-board .rt-player > .rt-hand-row { flex: 0 1 auto; order: 3; width: auto; }
.rt-compact .sd-board .rt-player > .sd-items-row { flex: 0 1 auto; order: 4; width: auto; }
.rt-compact .sd-board .rt-player > .sd-aside { flex: 0 0 auto; order: 5; }
.rt-compact .sd-board .rt-player > .sd-aside[open] { flex: 1 1 100%; }
.rt-compact .sd-board .rt-hand-row .sd-card-chip { font-size: 12px; padding: 0 7px; }
@media (max-width: 1200px) {
  .rt-compact .sd-board .rt-hand-row .sd-card-chip { font-size: 11.5px; padding: 0 5px; }
  .rt-compact .sd-board .rt-hand-row .sd-card-chip small { display: none; }
  .rt-compact .sd-board .rt-player > .rt-hand-row > .rt-rowlabel { min-width: 0; margin-right: 4px; }
}
.rt-compact .sd-aside > summary { font-size: 11px; }

/* free play against the computer, after its reply (the strip at its highest): the board's rows are text-high, not
   the widgets' 28 px line, so the opponent's Spirits (Spirit Duels), the learner's hand (Spirited) and Player 2's
   board (Restless Spirits at 1024x768) stay in view above the strip (trial 11 item a) */
.rt-compact .rt-zone, .rt-compact .rt-player { line-height: 1.35; }
.rt-compact .rt-chip, .rt-compact .sd-card-chip, .rt-compact .sp-clan, .rt-compact .sp-medal { line-height: 18px; }
.rt-compact .sp-board .rt-zone.sp-pile-zone > .sp-piles-head { display: none; }
.rt-compact .sp-pile { font-size: 12px; line-height: 1.35; margin-top: 3px; }
.rt-compact .sp-medal { font-size: 11.5px; padding: 0 6px; }
.rt-compact .sp-slot { min-height: 0; padding: 1px 5px; }
.rt-compact .sp-camp { min-height: 0; padding: 1px 6px; }
.rt-compact .sp-slots, .rt-compact .sp-camps { margin: 1px 0; }
.rt-compact .sd-die { min-width: 26px; height: auto; min-height: 24px; padding-top: 1px; padding-bottom: 1px; }
.rt-compact .sd-die .sd-g { font-size: 13px; line-height: 1; }
.rt-compact .sd-die .sd-k { margin-top: 0; line-height: 1.1; font-size: 10px; }
.rt-compact .sd-card { line-height: 1.2; }
.rt-compact .sd-board .rt-player > .sd-aside { flex: 0 1 auto; }
/* Restless Spirits in a narrow window (1024 px): the Lost Spirits take the board's width (a type beside its name),
   the players' areas follow, each the board's width, then the Shrine and the Totem Markets side by side */
@media (max-width: 1200px) {
  /* (the key line one low line, in every game: Spirited's board ran 18 px past its box at 1024x768, trial 23) */
  .rt-learn .rt-onescreen .rt-bparts > .rt-bpart-legend details.rt-legend:not([open]) > summary { line-height: 15px; }
  /* (and Spirited's rows closer: its lesson 1 at the strip's floor still ran 7 px past the box) */
  .rt-learn .rt-onescreen .rt-bparts.sp-board { gap: 3px 6px; }
  .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-markets,
  .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-zone { order: 6; }
  .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-wide { flex-basis: 100%; }
  .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-markets { flex: 3 1 380px; }
  .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-player { flex-basis: 100%; }
  .rt-onescreen .rt-bparts.rt-bparts-markets .rt-space { line-height: 1.25; }
}
/* ... and the shared table (the Shrine, its piles and the Totem Markets) comes before the players' areas, right under
   the Lost Spirits, then the learner's own area (against the computer) or the current player's, then the others:
   the Shrine sat under both players, below the fold (trial 12 item 5). The Shrine is one low zone: its heading and
   top card on a line, its piles under them */
@media (max-width: 1200px) {
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-zone,
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-markets { order: 2; }
  /* (each the board's width: the Shrine one line, its heading, top card and piles; the markets a line a row; side by
     side they wrapped to four lines each and pushed Player 2's hand under the fold, trial 18) */
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-zone { flex: 1 1 100%; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-markets { flex: 1 1 100%; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > :is(.rt-bpart-zone, .rt-bpart-markets) h4 {
    letter-spacing: 0; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-markets .rt-zone {
    align-content: flex-start; }
  /* (the markets' chips a little smaller, each row on one line, the heading beside the first row) */
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-markets .rt-chip { font-size: 11.5px;
    padding: 0 5px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-markets .rt-zone { column-gap: 8px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-markets .rt-rowlabel { min-width: 0; }
  /* (the players' areas stacked, in every game: the current player's first, or the learner's own against the
     computer; Spirited lesson 1's Player 2, to act, sat under Player 1, cut) */
  .rt-learn .rt-onescreen .rt-bparts > .rt-bpart-player.rt-bpart-current { order: 4; }
  .rt-learn .rt-onescreen .rt-bparts > .rt-bpart-player.rt-bpart-you { order: 3; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-zone { padding: 2px 8px; }
  .rt-learn .rt-onescreen .rt-bpart-zone h4 { display: inline; }
  .rt-learn .rt-onescreen .rt-bpart-zone .rt-shrine-top { display: inline-flex; margin: 0 0 0 6px; }
  .rt-learn .rt-onescreen .rt-bpart-zone .rt-decks { font-size: 11px; line-height: 1.25; display: inline;
    margin-left: 10px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-banner { padding-top: 2px; padding-bottom: 2px;
    font-size: 14.5px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets { gap: 2px 4px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-player { padding-top: 2px; padding-bottom: 2px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-spaces { margin: 2px 0; }
  /* a player's name line and counts share one line when they fit: the pips after a count ("3 ◆◆◆") say the count
     again and go, the counts a little smaller; an empty space is a low dashed box (trial 18: Player 2's hand sat
     under the fold in lesson 9) */
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-player .rt-pips { display: none; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-player .rt-stats { font-size: 12px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-player .rt-stats b { font-size: 13px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-hand-row .rt-chip { font-size: 11px;
    padding: 0 4px; }
  /* (a hand of five or seven Totems on one line: trial 19, lessons 9, 10, 24, 28, 31 at 1024 px, a second line of
     chips made the board scroll inside after the first step) */
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-hand-row { gap: 3px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-hand-row > .rt-rowlabel { min-width: 34px; }
  /* a hidden hand's row says no more than the counts line ("hand 2/7"), and goes; a hand and the released Spirits
     share a line when they fit (trial 19: Player 2's released Spirits sat cut under the fold in free play) */
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-player > .rt-hand-row.rt-hand-hidden { display: none; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-player > :is(.rt-hand-row, .rt-released-row) {
    display: inline-flex; flex-wrap: wrap; align-items: center; vertical-align: top; margin-right: 14px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-released-row .rt-chip { font-size: 11.5px;
    padding: 0 6px; }
  /* (the key line at the board's foot one low line) */
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets > .rt-bpart-legend details.rt-legend:not([open]) > summary {
    line-height: 15px; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-space.rt-empty { min-height: 24px;
    padding-top: 1px; padding-bottom: 1px; }
  /* a Spirit on a player's board: its name and type share a line when they fit */
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-spaces > .rt-space:not(.rt-empty) {
    display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 6px; align-content: flex-start; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-spaces > .rt-space:not(.rt-empty) > * {
    flex: 1 1 100%; min-width: 0; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-spaces > .rt-space:not(.rt-empty) > .rt-sname {
    flex: 0 1 auto; }
  .rt-learn .rt-onescreen .rt-bparts.rt-bparts-markets .rt-spaces > .rt-space:not(.rt-empty) > .rt-stype {
    flex: 1 1 0; min-width: 7em; }
}
"""
