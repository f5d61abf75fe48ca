"""The look of free play's seats (:mod:`widgets.opponent`): the hinted action, the computer's reason under its
step, the "you"/"computer" tags and the order of the players' areas."""

#: The seats' own CSS (in a hidden ``<style>`` widget of the row): the hinted action stands out and comes first in
#: its list; the computer's reason under its step; "you"/"computer" tags; the learner's area first on a table of
#: three or more (the current player's area comes first otherwise, which would push the learner's away while the
#: computer plays).
SEATS_CSS = """
.tutor-action.rt-hint.jupyter-button, .tutor-action.rt-hint.widget-button { outline: 3px solid #d4a514;
  outline-offset: -2px; background: #fff6cc; }
.tutor-action.rt-hint.jupyter-button::before { content: "Hint"; display: inline-block; font-size: 10px;
  font-weight: 800; text-transform: uppercase; background: #d4a514; color: #fff; border-radius: 5px; padding: 0 5px;
  margin-right: 6px; vertical-align: 1px; }
.rt-agrid > :first-child { order: -2; }
.rt-agrid > .tutor-action.rt-hint, .rt-agrid > .tutor-action.rt-hint + .tutor-clause { order: -1; }
.rt-actions > :nth-child(-n+3), .rt-actions > .rt-apart-prompt { order: -3; }
.rt-actions-head { align-items: center; justify-content: space-between; flex-wrap: wrap; gap: 0 6px; }
.rt-actions-head > .widget-html { flex: 1 1 auto; }
.rt-seats-play .widget-button, .rt-seats-play .jupyter-button { height: 26px; margin: 0 2px; }
.rt-last-head > .rt-seats-setup { flex: 0 1 auto; align-items: center; gap: 0 4px; }
.rt-last-head > .rt-seats-setup .widget-dropdown { margin: 0 2px; }
.rt-last-head > .rt-seats-setup select { height: 24px; font-size: 12.5px; }
.rt-last-head > .rt-seats-setup .widget-checkbox { width: auto !important; margin: 0 6px; }
.rt-actions > .rt-apart:has(.rt-hint):not(.rt-apart-turn) { order: -2; }
.rt-actions-note > * { margin: 2px 0 4px 0; }
.rt-actions-note .rt-hint, .rt-actions-note .rt-undo-note { font-size: 12.5px; line-height: 1.35; }
/* the stronger hint says what the move does, its why folded under "Hint: why this move" (newuser45, 1366x768: the
   two together in a box bounded to 7.2em, its own scroll area, scrolled the why out of view and cut the rest): the
   box is as tall as its text, and the page script scrolls the list to show it whole (widgets.hint_script) */
.rt-hint-why > summary { cursor: pointer; font-weight: 700; color: #3d1f66; margin-top: 2px; }
.rt-hint-why > summary:focus-visible { outline: 2px solid #5b2d90; outline-offset: 1px; }
.rt-undo-note { background: #eef7ff; border-left: 3px solid #1d4f91; padding: 3px 8px; }
.rt-step-note { margin: 0 0 3px 0; }
.rt-bot-why { background: #f4f0fb; border-left: 3px solid #5b2d90; padding: 2px 8px; font-size: 12.5px;
  line-height: 1.35; }
.rt-bot-who { font-weight: 700; color: #3d1f66; }
.rt-who { display: inline-block; font-size: 10.5px; font-weight: 700; border-radius: 6px; padding: 0 5px;
  margin-left: 5px; vertical-align: 1px; }
.rt-who-you { background: #e4f6e7; color: #1b5e20; }
.rt-who-computer { background: #ecebf2; color: #4b465e; }
.rt-turn.rt-turn-computer { background: #4b465e; }
.rt-compact .rt-bparts:has(.rt-who-you) > .rt-bpart-player:has(.rt-current) { order: 5; }
.rt-compact .rt-bparts:has(> .rt-bpart-player ~ .rt-bpart-player ~ .rt-bpart-player) >
  .rt-bpart-player:has(.rt-who-you) { order: 4; }
.rt-seats-row, .rt-seats-setup, .rt-seats-play { flex-flow: row wrap; align-items: center; gap: 0 4px; }
.tutor-seats .widget-dropdown > select { font-weight: 600; }
"""
