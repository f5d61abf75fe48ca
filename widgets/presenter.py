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

import os
from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as w

from tutor.walkthrough import Walkthrough, all_walkthroughs, saved_walkthroughs

from . import kernel_timing
from .clicker_keys import CLICKER_KEYS, KEYS_JS, clicker_keys
from .problems import refuses_broken_content
from .model import ErrorPanel
from .notes_window import notes_window
from .present_tab import LIST_PARSE_BYTES, CurrentStep, Presenter, catalog, saved_label
from .presenter_style import BUTTON_WIDTH, COUNTER_WIDTH, CSS, LARGE_TYPE, presenter_style
from .board_reveal import board_reveal
from .record_style import record_style
from .record_tab import Recorder
from .style import busy_html, close_tree, style_widget
from .text_caps import text_caps
from .strip_fit import strip_fit
from .table import table_style

__all__ = ["PresenterApp", "presenter_app", "Presenter", "Recorder", "CurrentStep", "catalog", "saved_label",
           "clicker_keys", "presenter_style", "CLICKER_KEYS", "KEYS_JS", "CSS", "LARGE_TYPE", "BUTTON_WIDTH",
           "COUNTER_WIDTH", "LIST_PARSE_BYTES"]


class PresenterApp:
    """The presenter page: a "Present" tab and a "Record" tab (built when first opened), each with its error panel.
    Attributes: ``errors`` (the Present tab's; the recorder has its own), ``present`` (:class:`Presenter`),
    ``recorder`` (:class:`Recorder` or ``None``),
    ``tabs`` and ``widget`` (the root, CSS classes ``rt-root tutor-presenter``; the large type is under the Present
    tab only, the Record tab's box ``rt-record`` is in normal type)."""

    def __init__(self, game_id: str | None = None, paths: list[str | Path] | None = None) -> None:
        self.errors = ErrorPanel()
        # the shipped walkthroughs, then those saved from this page earlier (a reload keeps them)
        self.paths = [str(p) for p in (all_walkthroughs(game_id) + saved_walkthroughs() if paths is None else paths)]
        self.present = Presenter(self.errors, self.paths, game_id, head_outside=True)
        self.game_id = game_id or self.present.walkthrough.setup.game
        self.recorder: Recorder | None = None
        # the Record tab: the teacher's list of walkthrough files that do not load (never on the projected Present
        # tab: trial 23), then the recorder
        self._record_box = w.VBox([self.present.problems,
                                   w.HTML(busy_html("Getting the recorder ready: a game to play and boxes for "
                                                    "what you will say…"), _dom_classes=("tutor-record-busy",))])
        self._record_box.add_class("rt-record")  # a form for the teacher: normal type (no LARGE_TYPE)
        self.tabs = w.Tab(children=[self.present.widget, self._record_box])
        self.tabs.titles = ("Present", "Record a walkthrough")
        self.tabs.observe(self.errors.guard(lambda ch: ch["new"] == 1 and self.open_recorder()),
                          names="selected_index")
        # (text_caps: the Record tab's boxes; record_style, strip_fit and board_reveal: its one-screen table)
        styles = [style_widget(), table_style(), presenter_style(), record_style(), strip_fit(), text_caps(),
                  board_reveal()]
        for x in styles:
            x.add_class("rt-style")
        # the Present tab's title and tools (walkthrough, notes window, notes toggle) go on the tab bar's line
        # (presenter_style: it frees a row for the board); shown only with the Present tab
        self.present.head.add_class("rt-present-tools")
        self.widget = w.VBox([*styles, self.present.head, self.tabs], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.widget.add_class("tutor-presenter")
        # Record's "Start from" offers what Present offers: a file that turns out not to load leaves both (trial 26)
        self.present.picker.observe(self._offer, names="options")

    def open_recorder(self) -> Recorder:
        """Build the recorder (once) and show it."""
        if self.recorder is None:
            # (an error panel of its own: what goes wrong while recording shows in the Record tab, never on the
            # projected Present tab, trial 23)
            self.recorder = Recorder(ErrorPanel(), list(self.present.picker.options), self.game_id,
                                     on_saved=self._saved)
            self._record_box.children = (self.present.problems, self.recorder.widget)
        if self.tabs.selected_index != 1:
            self.tabs.selected_index = 1
        return self.recorder

    def _offer(self, change: dict) -> None:
        """The Present list changed: Record's "Start from" offers the same walkthroughs."""
        if self.recorder is not None:
            self.recorder.set_choices(list(change["new"]))

    def _saved(self, path: Path, wt: Walkthrough) -> None:
        self.present.add(saved_label(wt, path), path)  # (Start from follows the picker's options)


def _notes_asked() -> bool:
    """Whether the page's address asks for the notes window (``notes=1`` in Voila's ``QUERY_STRING``)."""
    return parse_qs(os.environ.get("QUERY_STRING", "")).get("notes", [""])[0] in ("1", "true", "yes")


def _saved_files() -> list[tuple[str, int, int]]:
    """``(path, mtime_ns, size)`` of each saved walkthrough listed (:func:`tutor.walkthrough.saved_walkthroughs`): what a
    presenter made earlier would list differently once it changes."""
    out = []
    for p in saved_walkthroughs():
        try:
            st = p.stat()
            out.append((str(p), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(p), 0, 0))
    return out


@refuses_broken_content("Teacher walkthrough")
def presenter_app(game_id: str | None = None, notes: bool | None = None) -> w.Widget:
    """The teacher's presenter page over every shipped walkthrough (of ``game_id``, or all games); with ``notes``
    (by default: ``notes=1`` in the page address's query, Voila's ``QUERY_STRING``) the teacher's notes window
    instead (:func:`widgets.notes_window.notes_window`), which follows the presenter open in another tab.

    In a kernel Voila pre-heats (``rules-tutor serve``'s ``--page-pool``), the presenter is made before anyone asks
    for the page and the cell then waits for the visit (:func:`widgets.kernel_timing.wait_until_page_asked`): a visit
    asking for the notes window gets it instead, and a presenter made before a walkthrough was saved, changed or
    removed in the save folder is made again, so that the list is as of the visit."""
    if notes is None and kernel_timing.preheating():
        saved = _saved_files()
        app = PresenterApp(game_id)
        kernel_timing.wait_until_page_asked()
        if _notes_asked():
            close_tree(app.widget)
            return notes_window()
        if _saved_files() != saved:
            close_tree(app.widget)
            app = PresenterApp(game_id)
        return app.widget
    if notes is None:
        notes = _notes_asked()
    if notes:
        return notes_window()
    return PresenterApp(game_id).widget
