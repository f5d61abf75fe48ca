"""The FAQ explorer laid out as a game table (the learn pages' one-screen table, :mod:`widgets.table`): a title line
(the page's name, a link to all pages, the Questions button, Undo / Redo / Restart), the question in two short lines
with its script stepper, "Show the answer" and "What if…", then the board (``tutor-board``) beside the legal
actions (``tutor-actions``) and, under both, what just happened (``tutor-last-step``).

The question list, the answer and the what-if panel share one side panel (:class:`SidePanel`, CSS class
``rt-faq-panel``): over the board while open on a screen narrower than 1600 px (closed when a question is chosen, so
its board is in view; the list then also takes the last step's strip, so several questions show at 1024x768), a
column of its own left of the board on a wider screen (the question list when nothing else is open). The what-if
panel never covers the board: it takes the actions' column, widened, while open; so does the answer on a screen
narrower than 1600 px (newuser31). The last step's strip (the set-up
log first) is capped at a quarter of the window. Under Voila the page is the window: the notebook's Markdown cell folds away (its words are in the
"How it works" line of the question list) and only the list, the board, the actions and a long last step scroll.
"""
from __future__ import annotations

import ipywidgets as w

from .board_fit import board_fit_js
from .faq_compare import COMPARE_JS
from .faq_save import SAVE_JS
from .style import box, button, esc, html_widget, page_script

#: Wider than this (px), the side panel is a column of its own; narrower, it opens over the board.
WIDE_PX = 1600

#: The side panel's section ``VIEW`` open beside the board: it takes the actions' column (hidden), the board the first
#: column (``BOARD`` fr wide against its 1 fr), whose empty places are one short line (trial 15, P3: a Restless Spirits
#: board was cut at its foot at 1024x768, already at its least scale).
_BESIDE = """.rt-faq-page .rt-main:has(> .rt-faq-panel.rt-view-VIEW.rt-open) {
  grid-template-columns: minmax(0, BOARDfr) minmax(0, 1fr) !important; }
.rt-faq-page .rt-main:has(> .rt-faq-panel.rt-view-VIEW.rt-open) > .rt-board-area .rt-space.rt-empty {
  min-height: 0 !important; padding: 0 4px !important; }
.rt-faq-page .rt-main:has(> .rt-faq-panel.rt-view-VIEW.rt-open) > .tutor-actions { display: none !important; }
.rt-faq-page .rt-main:has(> .rt-faq-panel.rt-view-VIEW.rt-open) > .rt-board-area { grid-column: 1 !important;
  grid-row: 1 !important; }
.rt-faq-page .rt-main > .rt-faq-panel.rt-view-VIEW.rt-open { position: relative !important; left: auto; top: auto;
  bottom: auto; grid-column: 2 !important; grid-row: 1 !important; width: auto !important; z-index: 0;
  box-shadow: none !important; }"""

CSS = """
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div .rt-faq-page) { display: none; }
body[data-voila] #rendered_cells:has(.rt-faq-page) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(.rt-faq-page) .jp-Cell:has(.rt-faq-page) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(.rt-faq-page) .jp-Cell-outputWrapper { margin: 0; }
.rt-faq-page { height: 100vh; min-height: 560px; box-sizing: border-box; padding: 4px 8px 0 8px; display: flex;
  flex-direction: column; overflow: hidden !important; }
.rt-faq-page > .rt-style { display: none !important; }
.rt-faq-page > .rt-faq-box { flex: 1 1 auto; min-height: 0; }
.rt-faq-page > .rt-faq-box > .rt-onescreen { flex: 1 1 auto; min-height: 0; }
.rt-faq-title { display: flex; align-items: baseline; gap: 12px; }
.rt-faq-name { font-size: 17px; font-weight: 800; color: #3d1f66; }
.rt-faq-home { font-size: 12.5px; color: #5b2d90; text-decoration: none; border: 1px solid #d9cdee; border-radius: 8px;
  padding: 1px 8px; }
.rt-faq-home:hover { background: #f1eafb; }
.rt-faq-head { align-items: center; gap: 8px; flex: 1 1 auto; }
/* the question: a kicker line and the question itself, then the stepper with the answer and what-if buttons */
.rt-faq-status { gap: 2px; }
.rt-faq-status .rt-faq-card { margin: 0; padding: 3px 12px 4px 12px; border-radius: 8px; }
.rt-faq-status .rt-faq-kicker { font-size: 11.5px; }
.rt-faq-kicker .rt-faq-src { text-transform: none; letter-spacing: 0; }
.rt-faq-status .rt-faq-q { font-size: 16px; margin: 1px 0 0 0; }
.rt-faq-status .rt-faq-whatif { margin-top: 2px; padding: 1px 8px; }
.rt-faq-status .rt-faq-script { margin: 0; padding: 2px 8px; gap: 2px 4px; }
.rt-faq-script .jupyter-button, .rt-faq-script .widget-button { height: 28px; }
.rt-faq-script > .widget-html:nth-child(5) { flex: 1 1 200px; min-width: 0; }
.tutor-faq-whatif-open.jupyter-button { background: #fff4e0; color: #7c3f00; border: 1px solid #f0b35a; }
.rt-faq-tool.rt-on.jupyter-button { box-shadow: 0 0 0 2px #5b2d90; }
/* the side panel: over the board while open (narrow), a column of its own (wide) */
.rt-faq-panel { position: absolute !important; left: 0; top: 0; bottom: 0; z-index: 5;
  width: calc(100% - clamp(300px, 31vw, 460px) - 16px); box-sizing: border-box; background: #fbfaff;
  border: 1px solid #c9c2e0; border-radius: 10px; padding: 4px 8px; box-shadow: 0 10px 30px rgba(40, 20, 80, .28);
  overflow: hidden !important; }
.rt-faq-panel:not(.rt-open) { display: none !important; }
.rt-faq-panel > * { flex: 0 0 auto; }
.rt-faq-panel > .rt-faq-sect { flex: 1 1 auto; min-height: 0; overflow-y: auto !important; margin: 0; }
.rt-faq-panel > .rt-faq-off { display: none !important; }
.rt-faq-panel-head { justify-content: space-between; align-items: center; }
.rt-faq-panel-head h3 { margin: 2px 0; }
.rt-faq-panel .rt-faq-side { border: none; background: none; padding: 0; margin: 0; }
.rt-faq-panel .rt-faq-side h3, .rt-faq-page .rt-reload-note { display: none; }
.rt-faq-panel .rt-faq-side > .widget-inline-hbox { width: auto !important; max-width: calc(100% - 4px); }
.rt-faq-panel .rt-faq-list { max-height: none; overflow: visible !important; }
.rt-faq-panel .tutor-faq-answer, .rt-faq-panel .rt-faq-edit { margin: 0; }
/* the what-if's rows keep their height under a long comparison (the side panel's section scrolls instead): they
   shrank to nothing, Save among them (trial 13) */
.rt-faq-panel .rt-faq-sect > *, .rt-faq-panel .rt-faq-edit > * { flex-shrink: 0 !important; }
.rt-faq-panel .rt-faq-edit h3 { display: none; }
.rt-faq-how { font-size: 12.5px; color: #3d3850; }
.rt-faq-how summary { cursor: pointer; color: #5b2d90; font-weight: 600; }
/* the question list: search and game on one line, so several questions show at once even at 1024x768; while it is
   open over the board (narrow), the last step's strip folds away and the list takes its height too */
.rt-faq-panel .rt-faq-side:not(.rt-faq-off) { display: grid !important; grid-template-columns: minmax(0, 1fr) minmax(130px, 32%);
  align-content: start; gap: 2px 8px; }
.rt-faq-panel .rt-faq-side > * { grid-column: 1 / -1; margin-top: 0; margin-bottom: 0; }
.rt-faq-panel .rt-faq-side > .tutor-faq-search { grid-column: 1; }
.rt-faq-panel .rt-faq-side > .widget-dropdown { grid-column: 2; }
.rt-faq-panel .rt-faq-side .rt-faq-count { margin: 0 0 0 2px; }
.rt-faq-panel .rt-faq-side .rt-faq-game { margin-top: 4px; }
.rt-faq-panel .rt-faq-side .rt-faq-item { margin: 2px 0; }
.rt-onescreen:has(.rt-faq-panel.rt-view-questions.rt-open) > .tutor-last-step { display: none !important; }
/* a step that cannot happen: said whole under the stepper, why and what to play instead (trial 16: a 2-line box that
   scrolled hid "You could play instead") */
.rt-faq-status .rt-faq-script .tutor-faq-error { display: block; line-height: 1.35; padding: 1px 8px; }
/* ... on a line of its own under the buttons, the stepper's whole width, so it takes few lines (at 1024 beside the
   buttons it took seven and cut the board) */
.rt-faq-status .rt-faq-script > .rt-faq-infobox:has(.tutor-faq-error) { order: 10; flex: 1 0 100%; width: 100%; }
.rt-faq-status .rt-faq-script > .rt-faq-infobox:has(.tutor-faq-error) .rt-faq-info { margin-left: 0; }
/* the set-up log and every last step: a capped strip (older lines scroll inside it), so the board keeps its room */
.rt-faq-page .rt-onescreen > .tutor-last-step { max-height: 24vh; }
/* the what-if panel takes the actions' column, widened, never the board: the board stays in view beside it, so each
   change of the set-up is seen where it happens (the actions come back when it closes) */
/* ... and the board gets the height: the last step's strip keeps its first lines (the rest scrolls in it) and the
   question's "What if: ..." note folds away (the panel lists the changes); the board is scaled to fit what is left
   (board_fit) */
@media (max-height: 900px) {
  .rt-faq-page .rt-onescreen:has(.rt-faq-panel.rt-view-whatif.rt-open) > .tutor-last-step { max-height: 12vh; }
  /* a step that cannot be played (session 31: said whole under the stepper, 3 lines, it pushed the strip down to its
     heading): one line on the stepper's line after its buttons, cut with "…", the whole of it over the board on
     hover or keyboard focus (fixed where it stands: the bars around it clip and scroll what is absolute); the
     what-if panel's table says the same step cannot be played. The strip keeps its heading, the step's title and
     its first line */
  .rt-faq-page:has(.rt-faq-panel.rt-view-whatif.rt-open) .rt-faq-status .rt-faq-script { position: relative; }
  .rt-faq-page:has(.rt-faq-panel.rt-view-whatif.rt-open) .rt-faq-script > .rt-faq-infobox:has(.tutor-faq-error) {
    order: 0; flex: 1 1 0; width: auto; min-width: 0; min-height: 24px; }
  .rt-faq-page:has(.rt-faq-panel.rt-view-whatif.rt-open) .rt-faq-script .tutor-faq-error { white-space: nowrap;
    overflow: hidden; text-overflow: ellipsis; cursor: help; }
  .rt-faq-page:has(.rt-faq-panel.rt-view-whatif.rt-open) .rt-faq-script > .rt-faq-infobox:is(:hover, :focus-within)
    .tutor-faq-error { position: fixed; width: calc(100vw - 380px); max-width: 900px; box-sizing: border-box;
    z-index: 30; white-space: normal; overflow: visible; box-shadow: 0 6px 18px rgba(60, 20, 20, .25); }
  .rt-faq-page .rt-onescreen:has(.rt-faq-panel.rt-view-whatif.rt-open):has(.tutor-faq-error) > .tutor-last-step {
    max-height: 100px; } }
.rt-faq-page:has(.rt-faq-panel.rt-view-whatif.rt-open) .rt-faq-status .rt-faq-whatif { display: none; }
BESIDE_WHATIF
/* the answer too, on a screen narrower than the side panel's column (newuser31: over the board at 1366x768 it hid the
   game it is checked on), the board a little wider than it */
@media (max-width: NARROW_PXpx) {
BESIDE_ANSWER }
@media (max-width: 1200px) and (max-height: 900px) {  /* (a narrow low window: the strip keeps its first lines) */
  .rt-faq-page .rt-onescreen:has(.rt-faq-panel.rt-view-answer.rt-open) > .tutor-last-step { max-height: 112px; } }
@media (min-width: WIDE_PXpx) {
  .rt-faq-page .rt-main { grid-template-columns: 400px minmax(0, 1fr) clamp(300px, 28vw, 520px); }
  .rt-faq-page .rt-main > .rt-board-area { grid-column: 2; grid-row: 1; }
  .rt-faq-page .rt-main > .tutor-actions { grid-column: 3; grid-row: 1; }
  .rt-faq-panel, .rt-faq-panel:not(.rt-open) { display: flex !important; position: relative !important; grid-column: 1;
    grid-row: 1; width: auto; box-shadow: none; border-color: #ddd6ee; z-index: 0; }
  .rt-faq-page .rt-drawer { left: 408px; width: calc(100% - 408px - clamp(300px, 28vw, 520px) - 16px); }
}
""".replace("WIDE_PX", str(WIDE_PX)).replace("NARROW_PX", str(WIDE_PX - 1)).replace(
    "BESIDE_WHATIF", _BESIDE.replace("VIEW", "whatif").replace("BOARD", "1")).replace(
    "BESIDE_ANSWER", _BESIDE.replace("VIEW", "answer").replace("BOARD", "1.2"))

#: The least scale of the board (CSS zoom) when it does not fit its box (beside the open what-if panel at 1366x768,
#: say): below it its words get too small to read, and the board scrolls in its box instead. It never grows.
FIT_MIN = 0.8

# Once per page (under Voila, where the page is the window): the board (.rt-faq-page .rt-board-area > the board) gets
# the largest CSS zoom, between FIT_MIN and 1, at which it fits its box without scrolling (found by halving, each try
# a layout of the board only); again whenever the box changes size (the what-if panel opened or closed, the window)
# or the board's contents change (a step, another question). The box's ``data-fit`` attribute says the scale. No
# file, nothing from the internet.
FIT_JS = board_fit_js(".rt-faq-page .rt-board-area", "tutorFaqBoardFit", FIT_MIN, 1, 7) + COMPARE_JS + SAVE_JS


def board_fit() -> w.Output:
    """A hidden Output (CSS class ``tutor-faq-board-fit``) whose only output is :data:`FIT_JS`: on the Voila page the
    board is scaled down (to :data:`FIT_MIN` at least) to fit its box, so it is seen whole beside the what-if panel."""
    return page_script(FIT_JS, "tutor-faq-board-fit")


#: The words of the notebook's Markdown cell (folded away under Voila), in the question list.
HOW = ("Every rules question we answer is a <b>scenario</b>: a prepared table, a few scripted moves and checks that "
       "prove the answer. Pick a question (search by question, card or Spirit name, or rule), then step through its "
       "script with <b>Next step</b> or play your own moves on the board. <b>Show the answer</b> checks it on the "
       "board, and <b>What if…</b> changes the set-up (move a card, set a counter, choose whose turn or decision it "
       "is, fix a die), runs the question again and compares the two runs; <b>Save as my question</b> keeps a "
       "what-if under <b>My questions</b>.")


def title_line() -> w.HTML:
    """The page's name and the link to all pages (the notebook's own title folds away under Voila)."""
    return html_widget('<div class="rt-faq-title"><span class="rt-faq-name">FAQ explorer</span>'
                       '<a class="rt-faq-home" href="index.ipynb">← All pages</a></div>')


def how_it_works() -> w.HTML:
    """A folded "How it works" line (the notebook's introduction)."""
    return html_widget(f'<details class="rt-faq-how"><summary>How it works</summary>{HOW}</details>')


class SidePanel:
    """The FAQ explorer's side panel (``widget``, CSS class ``rt-faq-panel``): one of its ``sections`` at a time,
    ``{name: (heading, widget)}`` (the question list, the answer, the what-if panel), under a heading and a close
    button (``close``, CSS class ``rt-pop-close``). ``view`` is the section open (``None``: closed, which on a wide
    screen shows the first section in its column). ``guard`` wraps the close button's click (the page's error
    panel)."""

    def __init__(self, sections: dict[str, tuple[str, w.Widget]], guard) -> None:
        self.sections = sections
        self.view: str | None = None
        self.title = html_widget()
        self.close = button("×", "Close", classes=("rt-pop-close",))
        self.close.on_click(guard(lambda _b: self.show(None)))
        for _heading, part in sections.values():
            part.add_class("rt-faq-sect")
        head = box([self.title, self.close], cls=w.HBox, classes=("rt-faq-panel-head",))
        self.widget = box([head, *(part for _h, part in sections.values())], classes=("rt-faq-panel",))
        self.show(None)

    def show(self, name: str | None) -> None:
        """Open section ``name`` (over the board on a narrow screen), or close the panel (``None``)."""
        self.view = name
        shown = name or next(iter(self.sections))
        for key, (heading, part) in self.sections.items():
            (part.remove_class if key == shown else part.add_class)("rt-faq-off")
            if key == shown:
                self.title.value = f"<h3>{esc(heading)}</h3>"
        (self.widget.add_class if name else self.widget.remove_class)("rt-open")
        for key in self.sections:  # which one is open, for the page's CSS (``rt-view-<name>``)
            (self.widget.add_class if key == name else self.widget.remove_class)(f"rt-view-{key}")
        (self.close.remove_class if name else self.close.add_class)("rt-hidden")
