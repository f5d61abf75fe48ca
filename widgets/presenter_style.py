"""The presenter page's CSS (:data:`CSS`): the Present tab's large type (CSS class :data:`LARGE_TYPE`), its bar
with fixed widths (:data:`BUTTON_WIDTH`, :data:`COUNTER_WIDTH`), and, while presenting under Voila, the page as one
window: the narration, then the board scaled to fit beside the rules that fired. The Record tab keeps the tutor's
normal type.
"""
from __future__ import annotations

import ipywidgets as w

CSS = """
/* the page: the root (tutor-presenter) only sizes its tab bar; the large type is the Present tab's
   (tutor-large-type), the Record tab is a form for the teacher in the tutor's normal type */
.tutor-presenter { --jp-widgets-horizontal-tab-width: 240px; }
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
.tutor-narration .rt-nhead { font-size: 19px; font-weight: 700; color: #6a6484; letter-spacing: .04em;
  text-transform: uppercase; line-height: 1.4; }
.tutor-narration .rt-ntext { font-size: 34px; line-height: 1.35; color: #1f1d2b; font-weight: 500; }
a.tutor-notes-open { display: inline-block; font-size: 15px; line-height: 30px; padding: 0 12px; border-radius: 6px;
  background: #f4f0fb; color: #3b2456; border: 1px solid #b9aed3; text-decoration: none; white-space: nowrap; }
a.tutor-notes-open:hover { background: #e8e0f7; }
.tutor-teacher-notes { background: #fffbea; border: 2px dashed #d4a514; border-radius: 10px; padding: 6px 14px; }
.tutor-teacher-notes .rt-notes { font-size: 22px; line-height: 1.4; color: #5c4600; }
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
/* no rule chosen yet: the rule card is one quiet line, so the rules that fired keep the column */
.tutor-presenter .tutor-large-type .rt-pside .tutor-clause-card.rt-clause-empty { padding: 2px 10px; min-height: 0; }
.tutor-presenter .tutor-large-type .rt-pside .tutor-clause-card.rt-clause-empty > .rt-clause-head { display: none; }
.tutor-presenter .tutor-large-type .rt-pside .tutor-clause-card.rt-clause-empty .rt-muted { font-size: 14px;
  line-height: 1.3; }
.tutor-presenter .tutor-large-type .rt-board { line-height: 1.3; zoom: 1.3; }
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
  overflow-y: auto !important; }
.rt-phead-line .rt-ptitle { font-size: 22px; }
.rt-pbar { margin: 0 0 4px 0; flex-wrap: nowrap; }
.rt-pbar .tutor-presenter-jump { flex: 1 1 200px; min-width: 0; }
.tutor-presenter-next.jupyter-button, .tutor-presenter-back.jupyter-button { height: 46px; }
.tutor-presenter .tutor-large-type .rt-board { zoom: 1; }
@media (max-width: 1180px) {
  .tutor-presenter .tutor-large-type .rt-board { zoom: .86; }
  /* a projector's 1024x768: the walkthrough list names the walkthrough (its title line folds away), the narration
     is two lines of 24px, the rules that fired take a narrower column: the board gets the room */
  .rt-phead-line .rt-ptitle { display: none; }
  .rt-phead-line { margin-bottom: 2px; }
  .tutor-narration { padding: 4px 16px 6px 16px; margin: 2px 0; border-left-width: 10px; }
  .tutor-narration .rt-ntext { font-size: 24px; line-height: 1.3; }
  .tutor-narration .rt-nhead { font-size: 14px; line-height: 1.3; }
  .tutor-presenter-next.jupyter-button, .tutor-presenter-back.jupyter-button { height: 40px; font-size: 21px; }
  .rt-counter { font-size: 21px; }
  body[data-voila] .rt-present > .rt-pmain { grid-template-columns: minmax(0, 1fr) clamp(280px, 28vw, 620px); }
  .tutor-presenter .tutor-large-type .rt-current-step .rt-ev { font-size: 17px; }
  .tutor-presenter .tutor-large-type .rt-current-step .rt-step { font-size: 18px; }
  .rt-phead-line .rt-ptitle { font-size: 19px; }
}
@media (min-width: 1600px) { .tutor-presenter .tutor-large-type .rt-board { zoom: 1.2; } }
.rt-record-head { background: #fff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 6px 12px; }
.rt-record-step { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 10px; padding: 6px 12px;
  margin: 4px; }
.rt-saved { color: #1b5e20; font-weight: 700; }
.rt-notsaved { color: #9b1c1c; font-weight: 700; }
"""


LARGE_TYPE = "tutor-large-type"  # the CSS class of the large type: the Present tab's, never the Record tab's
# Fixed widths in the Present tab's bar, so that Next does not move from step to step: Back and Next (24px bold
# captions) and the step counter, wide enough for "Start · 120 steps" or "Step 100 of 120" in 24px bold (210px cut "Start · 12
# steps" in the browser: measured in tests/browser).
BUTTON_WIDTH = "124px"
COUNTER_WIDTH = "250px"


def presenter_style() -> w.HTML:
    """The presenter's own ``<style>`` (large type under ``.tutor-large-type``, the Present tab only); goes after
    :func:`style_widget`."""
    return w.HTML(f"<style>{CSS}</style>")
