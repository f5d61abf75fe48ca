"""Presenter mode for a room: play a recorded walkthrough step by step in large type, and record new ones.

- :class:`Presenter` (the "Present" tab): a walkthrough chosen from the shipped files, Back / Next / Jump-to-step,
  the step's narration in large type, the teacher's notes in a box that can be hidden while projecting, the events
  of the step with their clause chips, the clause card and the board.
- :class:`Recorder` (the "Record" tab): a live session (a free game, a walkthrough's start, or a walkthrough to
  edit) played with the normal actions panel; narration and notes typed per step; "Save walkthrough" writes YAML
  through :func:`tutor.walkthrough.save_in_folder` (one folder: ``$RULES_TUTOR_WALKTHROUGHS`` or ``~/rules-tutor-walkthroughs``) and shows it for copying.
- :class:`PresenterApp` / :func:`presenter_app`: both tabs under one root with CSS class ``tutor-presenter``; the
  large type is the Present tab's only (CSS class ``tutor-large-type``), the Record tab is in the tutor's normal type.
- A presentation clicker works the Present tab: its keys (:data:`CLICKER_KEYS`: Right / Page Down = Next, Left /
  Page Up = Back) press the shown Back or Next button, through :func:`clicker_keys`, a hidden Output holding a small
  script (no file, nothing from the internet), so a key goes through the button's own click. Keys typed in a text
  box (a drop-down that keeps the focus after a choice does not stop them), or while the Present tab is not shown (the Record tab), are left alone; in JupyterLab (not
  Voila) the keys step the walkthrough only with the focus in the Present tab.

Views only: the session lives in a :class:`~widgets.model.SessionModel`; the walkthrough files are read and
written by :mod:`tutor.walkthrough`. Stable CSS classes: ``tutor-presenter`` (root), ``tutor-large-type`` (the
Present tab), ``tutor-presenter-next``, ``tutor-presenter-back``, ``tutor-presenter-jump``, ``tutor-narration``,
``tutor-teacher-notes``, ``tutor-presenter-save``; the reused panels keep ``tutor-action``, ``tutor-event`` and
``tutor-clause``.
"""
from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as w

from tutor import ContentError, IllegalAction
from tutor.registry import game_class
from tutor.safefile import display_path
from tutor.scenario import Setup, find
from tutor.walkthrough import (Walkthrough, all_walkthroughs, begin, default_path, dump, load_walkthrough, play_to,
                               playable, record, save_in_folder, saved_walkthroughs, walkthrough_folder)

from .app import SeedBox, TutorApp
from .boards import board_for
from .clauses import ClauseCard
from .model import ErrorPanel, SessionModel
from .notes_window import NOTEBOOK as NOTES_NOTEBOOK, WINDOW_NAME as NOTES_WINDOW, feed_html, feed_script, feed_state, notes_window
from .panels import BoardView, StepLog
from .style import esc, html_widget, plain_label, prov_text, style_widget
from .table import table_style

CSS = """
/* the page: the root (tutor-presenter) only sizes its tab bar; the large type is the Present tab's
   (tutor-large-type), the Record tab is a form for the teacher in the tutor's normal type */
.tutor-presenter { --jp-widgets-horizontal-tab-width: 240px; }
.tutor-presenter > .widget-tab > .widget-tab-bar .lm-TabBar-tab,
.tutor-presenter > .widget-tab > .widget-tab-bar .p-TabBar-tab { font-size: 18px; }
.tutor-large-type { --jp-widgets-font-size: 17px; --jp-widgets-inline-height: 34px; font-size: 18px; }
.rt-present { padding: 4px 2px; }
.rt-pbar { align-items: center; gap: 10px; flex-wrap: wrap; margin: 2px 0 8px 0; }
.rt-phead-tools { align-items: center; gap: 10px; flex-wrap: wrap; }
.rt-ptitle { font-size: 30px; font-weight: 800; color: #3d1f66; line-height: 1.2; }
/* Back, the step counter and Next have fixed widths: Next stays put from "Step 9" to "Step 10" */
.rt-counter-box { flex: 0 0 auto; }
.rt-counter-box .widget-html-content { width: 100%; }
.rt-counter { font-size: 24px; font-weight: 700; color: #3d3850; white-space: nowrap; padding: 0 6px;
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
.tutor-presenter .tutor-large-type .rt-current-step > .tutor-event { flex: 0 0 100%; margin-top: 6px; }
.tutor-presenter .tutor-large-type .rt-current-step > .tutor-clause { max-width: 100% !important; }
.tutor-presenter .tutor-large-type .tutor-clause.jupyter-button { height: auto; min-height: 30px; font-size: 17px;
  line-height: 1.3; border-radius: 15px; padding: 2px 12px; white-space: normal; text-align: left; }
.tutor-presenter .tutor-large-type .rt-clause-card .rt-ctitle { font-size: 22px; }
.tutor-presenter .tutor-large-type .rt-clause-card .rt-ctext { font-size: 19px; }
.tutor-presenter .tutor-large-type .rt-pside .rt-muted { font-size: 16px; }
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
  .tutor-presenter .tutor-large-type .rt-board { zoom: .82; }
  .tutor-narration .rt-ntext { font-size: 27px; }
  .tutor-narration .rt-nhead { font-size: 15px; }
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


#: What a presentation clicker sends (``KeyboardEvent.key``) and the Present tab button it presses (its CSS class).
CLICKER_KEYS = {"ArrowRight": "tutor-presenter-next", "PageDown": "tutor-presenter-next",
                "ArrowLeft": "tutor-presenter-back", "PageUp": "tutor-presenter-back"}

# One listener per page (installed once, whatever the number of presenters). A key of CLICKER_KEYS without modifier
# keys clicks the matching button of a Present tab that is shown (one with a layout box: a hidden tab's has none):
# the Present tab that holds the focus, else (on a Voila page, whose body has data-voila) any shown on the page; in
# JupyterLab the notebook keeps its keys unless the focus is in the Present tab. Never while typing (a text box, text
# area or editable text has the focus); a drop-down that keeps the focus after a walkthrough or a step was chosen
# from it does not stop them (the key steps the walkthrough instead of changing the choice), and not when the focus is in a presenter whose Record tab is
# shown. It listens in the capture phase, so that a focused tab bar does not also take the arrow keys.
KEYS_JS = """(function () {
  if (window.tutorPresenterKeys) { return; }
  var KEYS = %s;
  var TYPING = 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=range]), ' +
               'textarea, [contenteditable]:not([contenteditable="false"])';
  function shown(el) { return el.getClientRects().length > 0; }
  window.tutorPresenterKeys = function (event) {
    var cls = Object.prototype.hasOwnProperty.call(KEYS, event.key) ? KEYS[event.key] : null;
    if (!cls || event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey || event.metaKey ||
        event.shiftKey) { return; }
    var target = event.target instanceof Element ? event.target : null;
    if (target && (target.isContentEditable || target.closest(TYPING))) { return; }
    var pane = target && target.closest('.rt-present');
    if (!pane && !document.body.hasAttribute('data-voila')) { return; }
    var scope = (target && target.closest('.tutor-presenter')) || document;
    var panes = pane ? [pane] : scope.querySelectorAll('.rt-present');
    for (var i = 0; i < panes.length; i++) {
      var buttons = panes[i].querySelectorAll('.' + cls);
      for (var j = 0; j < buttons.length; j++) {
        if (shown(buttons[j])) {
          event.preventDefault();
          event.stopPropagation();
          if (!buttons[j].disabled) { buttons[j].click(); }
          return;
        }
      }
    }
  };
  window.addEventListener('keydown', window.tutorPresenterKeys, true);
})();
""" % json.dumps(CLICKER_KEYS)


def clicker_keys() -> w.Output:
    """A hidden Output (CSS class ``tutor-presenter-keys``) whose only output is :data:`KEYS_JS`: where the page runs
    notebook JavaScript (Voila, JupyterLab), the keys of :data:`CLICKER_KEYS` press Next and Back."""
    out = w.Output(layout=w.Layout(display="none"))
    out.add_class("tutor-presenter-keys")
    out.outputs = ({"output_type": "display_data", "metadata": {},
                    "data": {"application/javascript": KEYS_JS, "text/plain": ""}},)
    return out


def _teaching_options(game_id: str) -> dict:
    """Options a recorded free game starts with: the game's first-game set-up where it has one."""
    return dict(getattr(game_class(game_id), "teaching_options", {}))


def presenter_style() -> w.HTML:
    """The presenter's own ``<style>`` (large type under ``.tutor-large-type``, the Present tab only); goes after
    :func:`style_widget`."""
    return w.HTML(f"<style>{CSS}</style>")


_WIDE = {"description_width": "90px"}
_FIT = {"description_width": "initial"}

LARGE_TYPE = "tutor-large-type"  # the CSS class of the large type: the Present tab's, never the Record tab's
# Fixed widths in the Present tab's bar, so that Next does not move from step to step: Back and Next (24px bold
# captions) and the step counter, wide enough for "Start · 120 steps" or "Step 100 of 120" in 24px bold.
BUTTON_WIDTH = "124px"
COUNTER_WIDTH = "210px"


def _guard(errors: ErrorPanel, fn):
    """``errors.guard(fn)``, but a problem the teacher can fix (a walkthrough that does not play, a file that cannot
    be written) is one plain line in the error panel rather than a traceback."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except IllegalAction:
            raise
        except (ContentError, OSError, ValueError) as exc:
            errors.output.append_stderr(f"Error: {type(exc).__name__}: {exc}\n")
            return None
    return errors.guard(wrapper)


def _short(text: str, n: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def saved_label(wt: Walkthrough, path: str | Path) -> str:
    """How the walkthrough lists a file saved from the page: ``"<title> (saved: <file name>)"``."""
    return f"{wt.title} (saved: {display_path(Path(path).name)})"


#: Saved walkthrough files larger than this (bytes) are listed by file name, not read, when the page starts: a
#: folder of large files someone else made would otherwise keep the page loading for minutes.
LIST_PARSE_BYTES = 64 * 1024


def catalog(paths: list[str | Path], errors: ErrorPanel, game_id: str | None = None) -> list[tuple[str, str]]:
    """``(label, path)`` per walkthrough file; a file that does not load is reported and still listed. Files in
    the save folder (:func:`~tutor.walkthrough.walkthrough_folder`) are labelled ``"<title> (saved: <file>)"``; with
    ``game_id``, saved files of other games are left out."""
    out = []
    saved_in = walkthrough_folder().resolve()
    for p in paths:
        saved = Path(p).resolve().parent == saved_in
        try:
            size = Path(p).stat().st_size
        except OSError:
            size = 0
        if saved and size > LIST_PARSE_BYTES:  # listed by name; read (and checked) only when chosen
            out.append((f"{display_path(Path(p).stem)} (saved, {size // 1024} KB: loads when chosen)", str(p)))
            continue
        try:
            wt = load_walkthrough(p)
        except ContentError as exc:
            errors.report(exc)
            out.append((f"{display_path(Path(p).name)} (does not load)", str(p)))
            continue
        if saved and game_id is not None and wt.setup.game != game_id:
            continue
        out.append((saved_label(wt, p) if saved else wt.title, str(p)))
    return out


class CurrentStep(StepLog):
    """The events of the last step only (or the set-up events before the first step), each with its clause chip
    (rows built by :class:`~widgets.panels.StepLog`, CSS class ``tutor-event``). Like the step log, it keeps its
    headings and each step's widgets in its row cache: Back and Next show the same widgets again, and those not
    shown for a few renders are closed."""

    UPSIDE_DOWN = False  # one step, read from the top

    def __init__(self, model: SessionModel) -> None:
        super().__init__(model, show_setup=True, max_steps=1)

    def _frame(self) -> w.VBox:
        self._did = html_widget("<h3>What the rules did</h3>")
        self._before = html_widget("<h3>Before the first step</h3>")
        # no width: stretched to the side column, inside its border (a width of 100% plus the panel's margin
        # overflowed the column, which cut off the panel's right border)
        self._list = w.VBox(_dom_classes=("rt-panel", "rt-scroll", "rt-current-step"))
        return self._list  # the panel is the box of the step's widgets

    def render(self) -> None:
        """Show the latest step's events (reusing the step's box when it was shown before)."""
        s = self._latest_session()
        hist = s.history
        if hist:
            st = hist[-1]
            self._cache = {st: self._steps.get(st, lambda: self._step_box(st))}
            kids = (self._did, *self._cache[st].cells)
        else:
            if self._setup_cache is None:
                self._setup_cache = (0, self._events_box("Set-up", "", s.setup_events))
            self._cache = {}
            kids = (self._before, *self._setup_cache[1].cells)
        self.widget.children = kids
        self._steps.done()


class Presenter:
    """Plays one walkthrough step by step for a room. The step shown is ``position`` (steps applied so far);
    Back / Next / the jump list all go through :meth:`go`. Attributes: ``model``, ``walkthrough``, ``picker``,
    ``back``, ``next``, ``jump``, ``narration``, ``notes_toggle``, ``notes_box``, ``board``, ``step``,
    ``clause_card``, ``keys`` (:func:`clicker_keys`: a clicker's keys press Back and Next) and ``widget``."""

    def __init__(self, errors: ErrorPanel, paths: list[str | Path], game_id: str | None = None) -> None:
        if not paths:
            raise ValueError("no walkthrough files to present")
        self.errors = errors
        g = functools.partial(_guard, errors)
        options = catalog(paths, errors, game_id)
        self.where = next((v for label, v in options if not label.endswith("(does not load)")), options[0][1])
        self.walkthrough = load_walkthrough(self.where)
        #: how many of the walkthrough's steps can be played (all but those from a step that is not legal on)
        self.playable = len(self.walkthrough.steps)
        self.model = SessionModel(begin(self.walkthrough, self.where), errors)
        self.picker = w.Dropdown(options=options, value=self.where, description="Walkthrough",
                                 style={"description_width": "initial"}, layout=w.Layout(width="560px"))
        self.back = w.Button(description="Back", icon="arrow-left", tooltip="Previous step (← or Page Up)")
        self.next = w.Button(description="Next", icon="arrow-right", tooltip="Play the next step (→ or Page Down)")
        self.back.add_class("tutor-presenter-back")
        self.next.add_class("tutor-presenter-next")
        self.counter = w.HTML(layout=w.Layout(width=COUNTER_WIDTH))
        self.counter.add_class("rt-counter-box")
        # as wide as its longest step label (on the bar's line when it fits there, else on a line of its own),
        # never wider than the page: the labels can be read
        self.jump = w.Dropdown(options=self._jump_options(), value=0, description="Jump to",
                               style={"description_width": "initial"},
                               layout=w.Layout(width="auto", flex="0 1 auto", max_width="100%"))
        self.jump.add_class("tutor-presenter-jump")
        self.title = w.HTML()
        self.narration = w.HTML()
        self.narration.add_class("tutor-narration")
        self.notes_toggle = w.ToggleButton(value=False, description="Show teacher notes", icon="eye",
                                           tooltip="Teacher notes are hidden while you project; click to show them",
                                           layout=w.Layout(width="auto"))
        self.notes = w.HTML()
        self.notes_box = w.VBox([self.notes], layout=w.Layout(display="none"))
        self.notes_box.add_class("tutor-teacher-notes")
        # The notes window (widgets.notes_window): a link that opens it (a window of its own for the teacher's
        # screen), and the hidden feed it follows: the notes are never drawn on the projected page.
        self.notes_link = w.HTML(f'<a class="tutor-notes-open" href="{NOTES_NOTEBOOK}" target="{NOTES_WINDOW}" '
                                 'title="Your notes, the step counter and the next step, in a window of their own '
                                 'for your screen: it follows this page">Notes window</a>')
        self.feed = w.HTML(layout=w.Layout(display="none"))
        self.feed.add_class("tutor-notes-feed")
        self.board = BoardView(self.model, board_for(self.walkthrough.setup.game))
        self.step = CurrentStep(self.model)
        self.clause_card = ClauseCard(self.model, pop_out=False)  # beside the step's chips: always in sight
        self.picker.observe(g(lambda ch: self.open(ch["new"])), names="value")
        self.back.on_click(g(lambda _b: self.go(self.position - 1)))
        self.next.on_click(g(lambda _b: self.go(self.position + 1)))
        self.jump.observe(g(lambda ch: ch["new"] is not None and self.go(ch["new"])), names="value")
        self.notes_toggle.observe(g(lambda ch: self.show_notes(ch["new"])), names="value")
        self.model.observe(lambda m, change: change != "clause" and self.render())
        for b in (self.back, self.next):
            b.layout.width = BUTTON_WIDTH
        bar = w.HBox([self.back, self.counter, self.next, self.jump])
        bar.add_class("rt-pbar")
        tools = w.HBox([self.picker, self.notes_link, self.notes_toggle])  # the teacher's own controls, beside the title
        tools.add_class("rt-phead-tools")
        head = w.HBox([self.title, tools], layout=w.Layout(justify_content="space-between",
                                                            align_items="center", flex_flow="row wrap"))
        side = w.VBox([self.step.widget, self.clause_card.widget],
                      layout=w.Layout(flex="2 1 0", min_width="420px"))
        side.add_class("rt-pside")
        board = w.Box([self.board.widget], layout=w.Layout(flex="3 1 0", min_width="560px"))
        board.add_class("rt-pboard")
        board.add_class("rt-compact")  # the board's compact look (widgets.table)
        main = w.HBox([board, side], layout=w.Layout(width="100%", align_items="flex-start", flex_flow="row wrap"))
        main.add_class("rt-pmain")
        head.add_class("rt-phead-line")
        self.keys = clicker_keys()  # a clicker's keys press Back and Next
        self.widget = w.VBox([errors.output, self.keys, feed_script(), self.feed, head, bar, self.narration,
                              self.notes_box, main],
                             layout=w.Layout(width="100%"))
        self.widget.add_class("rt-present")
        self.widget.add_class(LARGE_TYPE)
        self.render()

    @property
    def session(self):
        """The session now shown."""
        return self.model.session

    @property
    def position(self) -> int:
        """How many steps of the walkthrough have been played (0 = its start)."""
        return len(self.model.session.history)

    def _jump_options(self) -> list[tuple[str, int]]:
        wt = self.walkthrough
        first = [(f"0 · Start: {_short(wt.intro or wt.title)}", 0)]
        return first + [(f"{i} · {_short(st.narration or st.action.describe())}", i)
                        for i, st in enumerate(wt.steps[:self.playable], start=1)]

    def add(self, label: str, path: str | Path) -> None:
        """Offer another walkthrough file in the picker (a recorded one, say)."""
        opts = [o for o in self.picker.options if o[1] != str(path)]
        self.picker.options = opts + [(label, str(path))]

    def open(self, path: str | Path) -> None:
        """Show walkthrough ``path`` from its start. Messages about the walkthrough shown before are cleared; a
        walkthrough whose steps cannot all be played (a step that is not legal where it comes) is still shown from
        its start, and the error panel says at once which step stops it (rather than when Next reaches it)."""
        self.errors.clear()
        wt = load_walkthrough(path)
        session = begin(wt, str(path))
        n, problem = playable(wt, str(path))
        self.walkthrough, self.where, self.playable = wt, str(path), n
        self.board.board = board_for(wt.setup.game)
        self.model.replace(session)
        self.jump.options = self._jump_options()
        self.jump.value = 0
        if self.picker.value != str(path):
            self.picker.value = str(path)
        if problem is not None:
            bad = wt.steps[n]
            self.errors.output.append_stderr(
                f"This walkthrough can be shown up to step {n} of {len(wt.steps)}: its step {n + 1} "
                f"({_short(bad.narration or bad.action.describe())}) is not a legal move at that point, so Next stops "
                f"before it. To fix the file, see steps[{n}] (counted from 0) in {display_path(path)}. "
                f"Details: {problem}\n")

    def go(self, k: int) -> None:
        """Show the walkthrough after ``k`` steps (clamped to 0..number of steps): one step forward or back is an
        apply or an undo of the live session, a longer jump replays from the start."""
        wt, pos = self.walkthrough, self.position
        k = max(0, min(self.playable, int(k)))
        try:
            if k == pos:
                return
            if k == pos + 1:
                try:
                    action = find(self.model.session, wt.steps[pos].action)
                except IllegalAction as exc:
                    raise ContentError(f"{self.where}: steps[{pos}].action: {exc}", path=self.where,
                                       field=f"steps[{pos}].action") from None
                self.model.apply(action.id)
            elif k == pos - 1:
                self.model.undo()
            else:
                self.model.replace(play_to(wt, k, self.where))
        finally:
            self.render()

    def show_notes(self, on: bool) -> None:
        """Show or hide the teacher-notes box."""
        if self.notes_toggle.value != on:
            self.notes_toggle.value = on
        self.notes_box.layout.display = "" if on else "none"
        self.notes_toggle.description = "Hide teacher notes" if on else "Show teacher notes"
        self.notes_toggle.icon = "eye-slash" if on else "eye"

    def render(self) -> None:
        """Redraw title, counter, narration and notes for the step shown."""
        wt, k = self.walkthrough, self.position
        n = len(wt.steps)
        self.title.value = f'<div class="rt-ptitle">{esc(wt.title)}</div>'
        self.counter.value = (f'<div class="rt-counter">Step {k} of {n}</div>' if k
                              else f'<div class="rt-counter">Start · {n} step{"" if n == 1 else "s"}</div>')
        self.back.disabled = k == 0
        self.next.disabled = k >= self.playable
        if self.jump.value != k:
            self.jump.value = k
        if k == 0:
            head, text, notes = "Introduction", wt.intro or wt.title, ""
        else:
            st, done = wt.steps[k - 1], self.session.history[k - 1]
            head = f"Step {k} · Player {done.action.actor + 1}"
            text, notes = st.narration or done.action.label, st.notes
            if k == n:
                head += " · last step"
        self.narration.value = f'<div class="rt-nhead">{esc(head)}</div><div class="rt-ntext">{prov_text(text)}</div>'
        self.notes.value = (f'<div class="rt-notes"><b>Teacher notes:</b> {esc(notes)}</div>' if notes
                            else '<div class="rt-notes rt-muted">No teacher notes for this step.</div>')
        if k < self.playable:
            st = wt.steps[k]
            following = f"Step {k + 1}: {st.narration or st.action.describe()}"
        else:
            following = ("The end of the walkthrough." if k >= n
                         else f"Step {k + 1} cannot be played (see the message on the presenter).")
        self.feed.value = feed_html(feed_state(wt.title, k, n, head, plain_label(text), notes, plain_label(following)))


class Recorder:
    """Records a walkthrough from a live session played with the normal actions panel.

    Narration and notes are typed for the current step (the last one played) and kept per step (index and action
    id, so undoing and redoing the same move keeps them). Attributes: ``app`` (the :class:`TutorApp`), ``start_from``,
    ``players``, ``seed``, ``begin_button``, ``wid``, ``title``, ``intro``, ``narration``, ``notes``, ``path``,
    ``overwrite``, ``save``, ``status``, ``yaml`` and ``widget``; ``on_saved(path, walkthrough)`` runs after a save.
    """

    def __init__(self, errors: ErrorPanel, options: list[tuple[str, str]], game_id: str = "restless-spirits",
                 on_saved=None) -> None:
        self.errors, self.game_id, self.on_saved = errors, game_id, on_saved
        g = functools.partial(_guard, errors)
        self.texts: dict[tuple[int, str], list[str]] = {}
        self.setup = Setup(game=game_id, players=2, seed=1, options=_teaching_options(game_id))
        self.start_from = w.Dropdown(description="Start from", style=_WIDE, layout=w.Layout(width="640px"))
        self.set_choices(options)
        self.players = w.Dropdown(options=list(game_class(game_id).player_counts), value=2, description="Players",
                                  style=_FIT,
                                  layout=w.Layout(width="170px"))
        self.seed_box = SeedBox(1, g, width="170px")  # 0..SEED_MAX, says why it puts another value back
        self.seed = self.seed_box.box
        self.begin_button = w.Button(description="Start recording", icon="circle", button_style="danger",
                                     layout=w.Layout(width="auto"))
        self.wid = w.Text(value="my-walkthrough", description="Id", style=_WIDE, layout=w.Layout(width="320px"))
        self.title = w.Text(value="My walkthrough", description="Title", style=_WIDE, layout=w.Layout(width="560px"))
        # the text boxes have no width of 100%: stretched to their box, inside its border (no sideways scroll bar)
        self.intro = w.Textarea(description="Intro", style=_WIDE, placeholder="What you say before the first step",
                                layout=w.Layout(width="auto", height="64px"))
        self.step_label = w.HTML()
        self.narration = w.Textarea(description="Narration", style=_WIDE,
                                    layout=w.Layout(width="auto", height="64px"))
        self.notes = w.Textarea(description="Notes", style=_WIDE, placeholder="Only for you (hidden while projecting)",
                                layout=w.Layout(width="auto", height="52px"))
        self._auto_path = default_path(self.wid.value).name
        self.path = w.Text(value=self._auto_path, description="File name", style=_WIDE,
                           layout=w.Layout(width="340px"))
        self.folder = w.HTML(f'<span class="rt-muted">in {esc(walkthrough_folder())}</span>')
        self.overwrite = w.Checkbox(value=False, description="overwrite an existing file", indent=False,
                                    layout=w.Layout(width="auto"))
        self.save = w.Button(description="Save walkthrough", icon="save", button_style="primary",
                             layout=w.Layout(width="auto"))
        self.save.add_class("tutor-presenter-save")
        self.show_yaml = w.Button(description="Show YAML", icon="file-text-o", layout=w.Layout(width="auto"))
        self.status = w.HTML()
        self.yaml = w.Textarea(placeholder="The walkthrough's YAML appears here after Save or Show YAML, "
                                           "ready to copy.", layout=w.Layout(width="auto", height="140px"))
        self.begin_button.on_click(g(lambda _b: self.start(self.start_from.value)))
        self.wid.observe(g(lambda ch: self._id_changed(ch["new"])), names="value")
        self.narration.observe(g(lambda ch: self._store(0, ch["new"])), names="value")
        self.notes.observe(g(lambda ch: self._store(1, ch["new"])), names="value")
        self.save.on_click(g(lambda _b: self.save_file()))
        self.show_yaml.on_click(g(lambda _b: setattr(self.yaml, "value", dump(self.walkthrough()))))
        head = w.VBox([
            w.HTML("<h3>Record a walkthrough</h3><div class=\"rt-muted\">Pick a start, press <b>Start recording</b>, "
                   "then play the moves with the actions below. After each move, type what you will say about it."
                   "</div>"),
            w.HBox([self.start_from, self.players, self.seed, self.seed_box.note, self.begin_button],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            w.HBox([self.wid, self.title], layout=w.Layout(flex_flow="row wrap")), self.intro,
            w.HBox([self.path, self.folder, self.overwrite, self.save, self.show_yaml],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.status, self.yaml])
        head.add_class("rt-record-head")
        step = w.VBox([self.step_label, self.narration, self.notes])
        step.add_class("rt-record-step")
        self.app = TutorApp(begin(Walkthrough(id="recording", title="", setup=self.setup)), errors=errors,
                            with_style=False, show_setup=False, header=head, status=step)
        self.app.model.observe(lambda m, change: change != "clause" and self.render())
        self.widget = self.app.widget
        self.render()

    def set_choices(self, options: list[tuple[str, str]]) -> None:
        """Offer a free game, then each walkthrough's start and "edit" (all its steps, narration filled in)."""
        keep = self.start_from.value
        from tutor.registry import game_classes
        games = sorted(game_classes().items(), key=lambda kv: kv[0] != self.game_id)  # this page's game first
        self.start_from.options = ([(f"A new free game of {cls.title} (players, seed)",
                                     "free" if gid == self.game_id else f"free:{gid}") for gid, cls in games]
                                   + [(f"Start of: {label}", f"start:{p}") for label, p in options]
                                   + [(f"Edit: {label}", f"edit:{p}") for label, p in options])
        self.start_from.value = keep if keep in (v for _, v in self.start_from.options) else "free"

    @property
    def session(self):
        """The session being recorded."""
        return self.app.model.session

    def _key(self) -> tuple[int, str] | None:
        hist = self.session.history
        return (len(hist) - 1, hist[-1].action.id) if hist else None

    def _store(self, which: int, text: str) -> None:
        key = self._key()
        if key is not None:
            self.texts.setdefault(key, ["", ""])[which] = text

    def _id_changed(self, new: str) -> None:
        if self.path.value == self._auto_path:
            self._auto_path = default_path(new).name
            self.path.value = self._auto_path

    def start(self, choice: str) -> None:
        """Start recording from ``"free"`` (a new game of the page's game with the chosen players and seed),
        ``"free:GAME"`` (the same for game id GAME: any of the three games; a player count it does not offer is
        replaced by its first), ``"start:PATH"`` (that walkthrough's start) or ``"edit:PATH"`` (all its steps
        played, its narration and notes filled in)."""
        if choice == "free" or choice.startswith("free:"):
            game = self.game_id if choice == "free" else choice.split(":", 1)[1]
            counts = list(game_class(game).player_counts)
            players = self.players.value if self.players.value in counts else (2 if 2 in counts else counts[0])
            setup = Setup(game=game, players=players, seed=self.seed_box.taken(), options=_teaching_options(game))
            wt = Walkthrough(id="my-walkthrough", title="My walkthrough", setup=setup)
            session, texts = begin(wt), {}
        else:
            mode, path = choice.split(":", 1)
            wt = load_walkthrough(path)
            session = play_to(wt, len(wt.steps), path) if mode == "edit" else begin(wt, path)
            texts = ({(i, st.action.id): [ws.narration, ws.notes]
                      for i, (st, ws) in enumerate(zip(session.history, wt.steps))} if mode == "edit" else {})
        self.setup, self.texts = wt.setup, texts
        self.wid.value = wt.id if choice.startswith(("edit:", "free")) else f"my-{wt.id}"
        self.title.value, self.intro.value = wt.title, wt.intro
        self.status.value = ""
        self.app.model.replace(session)

    def render(self) -> None:
        """Bind the narration and notes boxes to the step just played."""
        key = self._key()
        for box in (self.narration, self.notes):
            box.disabled = key is None
        if key is None:
            self.step_label.value = ('<div class="rt-muted">No move yet: play one with the actions below, then type '
                                     "what to say about it here.</div>")
            self.narration.value = self.notes.value = ""
            self.narration.placeholder = ""
            return
        st = self.session.history[-1]
        self.step_label.value = (f"<b>Step {key[0] + 1} · Player {st.action.actor + 1}: {prov_text(st.action.label)}"
                                 "</b>")
        self.narration.placeholder = f"What to say (left empty: “{st.action.label}”)"
        said, notes = self.texts.get(key, ["", ""])
        self.narration.value, self.notes.value = said, notes

    def walkthrough(self) -> Walkthrough:
        """The walkthrough recorded so far (the session's steps with their narration and notes)."""
        hist = self.session.history
        texts = [self.texts.get((i, st.action.id), ["", ""]) for i, st in enumerate(hist)]
        wid = default_path(self.wid.value).stem  # letters, digits, - and _ only
        return record(self.session, id=wid, title=self.title.value.strip() or wid, setup=self.setup,
                      narration=[t[0] for t in texts], notes=[t[1] for t in texts], intro=self.intro.value.strip())

    def save_file(self) -> Path | None:
        """Write the walkthrough as the file named, in the walkthroughs folder only
        (:func:`tutor.walkthrough.save_in_folder`; an existing file is replaced only when overwrite is ticked), show
        its YAML, and tell ``on_saved``. Returns the path, or ``None`` when it was not saved: the reason (a bad name,
        an existing file, a step that does not play, a folder that cannot be written) is shown next to the button.
        Anything else is raised (to the error panel)."""
        try:
            if not self.session.history:
                raise ValueError("play at least one move before saving a walkthrough")
            wt = self.walkthrough()
            path = save_in_folder(wt, self.path.value, overwrite=self.overwrite.value)
        except (ValueError, ContentError, OSError) as exc:
            self.status.value = f'<div class="rt-notsaved">Not saved: {esc(exc)}</div>'
            return None
        self.yaml.value = dump(wt)
        self.status.value = (f'<div class="rt-saved">Saved {len(wt.steps)} step{"" if len(wt.steps) == 1 else "s"} to {esc(display_path(path))}. It is now in the '
                             "Present tab's list.</div>")
        if self.on_saved is not None:
            self.on_saved(path, wt)
        return path


class PresenterApp:
    """The presenter page: a "Present" tab and a "Record" tab (built when first opened) over one error panel.
    Attributes: ``errors``, ``present`` (:class:`Presenter`), ``recorder`` (:class:`Recorder` or ``None``),
    ``tabs`` and ``widget`` (the root, CSS classes ``rt-root tutor-presenter``; the large type is under the Present
    tab only, the Record tab's box ``rt-record`` is in normal type)."""

    def __init__(self, game_id: str | None = None, paths: list[str | Path] | None = None) -> None:
        self.errors = ErrorPanel()
        # the shipped walkthroughs, then those saved from this page earlier (a reload keeps them)
        self.paths = [str(p) for p in (all_walkthroughs(game_id) + saved_walkthroughs() if paths is None else paths)]
        self.present = Presenter(self.errors, self.paths, game_id)
        self.game_id = game_id or self.present.walkthrough.setup.game
        self.recorder: Recorder | None = None
        self._record_box = w.VBox([w.HTML('<div class="rt-muted">Loading the recorder…</div>')])
        self._record_box.add_class("rt-record")  # a form for the teacher: normal type (no LARGE_TYPE)
        self.tabs = w.Tab(children=[self.present.widget, self._record_box])
        self.tabs.titles = ("Present", "Record a walkthrough")
        self.tabs.observe(self.errors.guard(lambda ch: ch["new"] == 1 and self.open_recorder()),
                          names="selected_index")
        styles = [style_widget(), table_style(), presenter_style()]
        for x in styles:
            x.add_class("rt-style")
        self.widget = w.VBox([*styles, self.tabs], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.widget.add_class("tutor-presenter")

    def open_recorder(self) -> Recorder:
        """Build the recorder (once) and show it."""
        if self.recorder is None:
            self.recorder = Recorder(self.errors, list(self.present.picker.options), self.game_id,
                                     on_saved=self._saved)
            self._record_box.children = (self.recorder.widget,)
        if self.tabs.selected_index != 1:
            self.tabs.selected_index = 1
        return self.recorder

    def _saved(self, path: Path, wt: Walkthrough) -> None:
        self.present.add(saved_label(wt, path), path)
        if self.recorder is not None:
            self.recorder.set_choices(list(self.present.picker.options))


def presenter_app(game_id: str | None = None, notes: bool | None = None) -> w.Widget:
    """The teacher's presenter page over every shipped walkthrough (of ``game_id``, or all games); with ``notes``
    (by default: ``notes=1`` in the page address's query, Voila's ``QUERY_STRING``) the teacher's notes window
    instead (:func:`widgets.notes_window.notes_window`), which follows the presenter open in another tab."""
    if notes is None:
        notes = parse_qs(os.environ.get("QUERY_STRING", "")).get("notes", [""])[0] in ("1", "true", "yes")
    if notes:
        return notes_window()
    return PresenterApp(game_id).widget
