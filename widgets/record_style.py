"""The Record tab's CSS (:class:`widgets.record_tab.Recorder`): a game table like the learn pages.

Under Voila, while the Record tab is shown, the notebook's own header folds to its title, one line at the right of
the tabs' line, and the tab is a fixed-height column: the form's one line (Start from, Players, Seed, Start recording, Save and what it saves) with
Undo/Redo/Restart, the folded "more" part, the step's narration and notes, then the learn pages' one-screen table
(:mod:`widgets.table`): the board beside the legal actions, and under both what the last step did.
"""
from __future__ import annotations

import ipywidgets as w

from .scroll_shade import SIGN_H, more_below

_SHOWN = ".rt-record:not(.lm-mod-hidden)"

#: The height (px) of one line of the list of walkthrough files that do not load.
LINE_H = 20
#: The most height (px) of that list: three whole lines, or, when more lie below, two whole lines and the "more
#: below" sign (:data:`~widgets.scroll_shade.SIGN_H` high) over the rest (attack 41: the third line was cut in half).
FILES_H = 2 * LINE_H + SIGN_H

#: The Record tab's CSS (after :func:`widgets.table.table_style`).
RECORD_CSS = """
/* the page's header folds to its title, one line at the right of the tabs' line (session 30: hidden, the teacher lost
   which page this was; shown, it pushed the table down) */
body[data-voila] #rendered_cells > div > div:has(> .jp-MarkdownCell):has(~ div SHOWN) { position: fixed; top: 4px;
  right: 14px; z-index: 4; width: max-content; max-width: calc(100vw - 560px); margin: 0; padding: 0; }
body[data-voila] #rendered_cells > div > div:has(~ div SHOWN) .jp-MarkdownCell { margin: 0; padding: 0 !important; }
body[data-voila] #rendered_cells > div > div:has(~ div SHOWN) .jp-MarkdownCell :is(.jp-InputPrompt, .jp-Collapser,
  .anchor-link) { display: none; }
body[data-voila] #rendered_cells > div > div:has(~ div SHOWN) .jp-RenderedMarkdown { padding: 0; }
body[data-voila] #rendered_cells > div > div:has(~ div SHOWN) .jp-RenderedMarkdown > :not(h1) { display: none; }
body[data-voila] #rendered_cells > div > div:has(~ div SHOWN) .jp-RenderedMarkdown > h1 { font-size: 15px;
  line-height: 24px; margin: 0; padding: 0; white-space: nowrap; color: #3d1f66; }
body[data-voila] #rendered_cells:has(SHOWN) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(SHOWN) .jp-Cell:has(.tutor-presenter) { padding: 0 !important; }
body[data-voila] #rendered_cells:has(SHOWN) .jp-Cell-outputWrapper { margin: 0; }
body[data-voila] .tutor-presenter:has(SHOWN) { height: 100vh; min-height: 560px; box-sizing: border-box;
  padding: 2px 6px 0 6px; display: flex; flex-direction: column; overflow: hidden !important; }
body[data-voila] .tutor-presenter:has(SHOWN) > .rt-style { display: none !important; }
body[data-voila] .tutor-presenter:has(SHOWN) > .widget-tab { flex: 1 1 auto; min-height: 0; display: flex;
  flex-direction: column; }
body[data-voila] .tutor-presenter:has(SHOWN) > .widget-tab > .widget-tab-contents { flex: 1 1 auto; min-height: 0;
  display: flex; flex-direction: column; overflow: hidden; padding: 2px 6px; }
body[data-voila] SHOWN { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column;
  overflow: hidden !important; }
body[data-voila] .rt-record > * { flex: 0 0 auto; }
/* the table: as high as the window in JupyterLab, the rest of the tab under Voila */
.rt-record > .rt-onescreen { height: 94vh; min-height: 560px; }
body[data-voila] .rt-record > .rt-onescreen { flex: 1 1 auto; height: auto; min-height: 0; }
/* the form's line: the start, Start recording, Save and what it saves; Undo, Redo and Restart at its end */
.rt-record .rt-topline > .rt-record-head { flex: 0 1 auto; min-width: 0; flex-flow: row wrap !important; gap: 2px 6px; }
.rt-record .rt-record-head > * { margin: 0 !important; }
.rt-record .rt-record-head .widget-dropdown > select { min-width: 0; }
.rt-record .rt-record-head .rt-save-as { white-space: nowrap; font-size: 12.5px; }
/* a refused seed's note: a line of its own under the form's controls (session 32: floating, it covered Start from,
   Players, Seed, Start recording and the Undo row); the table below gives it the room */
.rt-record .rt-record-head.tutor-seed-row > .tutor-seed-note { position: static; margin: 0 !important; order: 99;
  flex: 1 1 100%; max-width: none; box-shadow: none; }
.rt-record .rt-record-head.tutor-seed-row > .tutor-seed-note .rt-reason { padding: 2px 8px; }
.rt-record-rows { gap: 2px; }
.rt-record-rows > .widget-html:first-child:not(:has(div)) { display: none; }
.rt-record-more { margin: 0; }
.rt-record-more .lm-TabPanel, .rt-record-more .p-Collapse-header, .rt-record-more .jupyter-widget-Collapse-header {
  padding-top: 3px; padding-bottom: 3px; }
/* opened, the fold scrolls in at most a quarter of the window: the table keeps its rows (trial 33: at 34vh, 1366x768,
   the board was squeezed and the choices' buttons went out of view) */
.rt-record-more .jupyter-widget-Collapse-contents, .rt-record-more .p-Collapse-contents { max-height: 24vh;
  overflow-y: auto; }
/* the walkthrough files that do not load, opened: a bounded box that scrolls (newuser31: at 1366x768 the four files'
   list pushed the board up out of its box), a shadow at its top once scrolled; its lines of LINE_H px each, so at
   rest it shows whole lines: three, or two and the "more below" sign over the rest (attack 41: at 44 px the third
   line was cut in half; scroll_shade.more_below) */
.rt-teacher-files .rt-refused-list { max-height: FILES_Hpx; overflow-y: auto; margin: 2px 0; padding: 0 6px 0 24px;
  background: linear-gradient(#fff4e0 30%, rgba(255, 244, 224, 0)) center top,
    radial-gradient(farthest-side at 50% 0, rgba(90, 60, 0, .3), transparent) center top;
  background-repeat: no-repeat; background-size: 100% 16px, 100% 7px;
  background-attachment: local, scroll; scrollbar-width: thin; }
.rt-teacher-files .rt-refused-list > li { line-height: LINE_Hpx; margin: 0; }
/* the step just played, what to say about it and the notes, side by side in two short boxes */
.rt-record-step { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 10px; padding: 2px 10px;
  margin: 0; }
.rt-record-step > .widget-html { margin: 0; }
.rt-record-step .rt-record-texts { gap: 8px; }
/* no move yet: the boxes (nothing to say yet) open with the first move, the board keeps their room (newuser32: at
   1024x768 Player 2's area was cut before the first move) */
.rt-record-step:has(textarea:disabled) .rt-record-texts { display: none !important; }
.rt-record-step .rt-record-texts > .widget-textarea { flex: 1 1 0; min-width: 0; margin: 0 0 2px 0; }
.rt-record-step .rt-record-texts > .widget-textarea > textarea { height: 46px !important; }
.rt-record-step .rt-record-texts > .widget-textarea > .widget-label { width: auto !important; min-width: 0;
  margin-right: 6px; }
/* the Start from list as wide as the entry chosen (at most 320 px): it reads whole (session 29: at 1024 px "A new
   free game of R…" was cut), and the form and what Save saves keep their line */
.rt-record .rt-record-head > .widget-dropdown:first-child { flex: 0 1 auto !important; min-width: 0 !important; }
.rt-record .rt-record-head > .widget-dropdown:first-child > select { field-sizing: content; flex: 0 1 auto;
  width: auto; max-width: 320px; }
/* a narrow window (1024 px): Players and Seed as wide as their short values, so the form, Save and what it saves keep
   one line beside that list */
@media (max-width: 1279px) {
  .rt-record .rt-record-head > .widget-dropdown:not(:first-child), .rt-record .rt-record-head > .widget-text {
    width: auto !important; }
  .rt-record .rt-record-head > .widget-dropdown:not(:first-child) > select { flex: 0 0 48px; width: 48px;
    min-width: 0; }
  .rt-record .rt-record-head > .widget-text > input { flex: 0 0 64px; width: 64px; }
  .rt-record .rt-record-head > :is(.widget-dropdown, .widget-text) > .widget-label { width: auto; min-width: 0;
    max-width: none; margin-right: 6px; }
}
""".replace("SHOWN", _SHOWN).replace("FILES_Hpx", f"{FILES_H}px").replace("LINE_Hpx", f"{LINE_H}px") + more_below(
    ".rt-teacher-files .rt-refused-list", "#fff4e0") + (
    # the sign covers the third line whole (its lines lie at whole steps of LINE_H): no half-faded words under it
    # and the bullet before it: the sign spans the list's left padding too
    ".rt-teacher-files .rt-refused-list::after { background: linear-gradient(rgba(255, 244, 224, 0), #fff4e0 3px);"
    " margin-left: -24px; }\n")


def record_style() -> w.HTML:
    """The Record tab's ``<style>`` (:data:`RECORD_CSS`)."""
    return w.HTML(f"<style>{RECORD_CSS}</style>")
