"""The FAQ explorer: every scenario of every game in a searchable list; pick one to see its question and prepared
board, step through its script (or play your own moves), show the answer with its expectations checked live, and
ask "what if" by changing the set-up.

Views only: searching, following the script, checking expectations and editing the set-up are
:mod:`tutor.faq`; the what-if panel is :mod:`widgets.faq_whatif`. Stable CSS classes: ``tutor-scenario`` (a list item's button), ``tutor-faq-search`` (the search
box), ``tutor-faq-next`` / ``tutor-faq-back`` / ``tutor-faq-play`` (the script buttons), ``tutor-faq-show`` (the
"Show the answer" button), ``tutor-faq-answer`` (the answer box), ``tutor-faq-error`` (a refused "what if" edit);
what if: ``tutor-faq-from`` / ``tutor-faq-card`` / ``tutor-faq-to`` and the button ``tutor-faq-move`` (move a card),
``tutor-faq-which`` / ``tutor-faq-number`` / ``tutor-faq-choice`` and ``tutor-faq-counter`` (set a counter),
``tutor-faq-seat`` and ``tutor-faq-turn``, ``tutor-faq-die-pick`` / ``tutor-faq-face`` and ``tutor-faq-die``,
``tutor-faq-original``, ``tutor-faq-compare`` (the two runs side by side), ``tutor-faq-save-name`` /
``tutor-faq-save-note`` and ``tutor-faq-save`` (Save as my question), ``rt-faq-mine`` (the My questions heading);
the embedded :class:`~widgets.app.TutorApp` keeps ``tutor-action``, ``tutor-event`` and ``tutor-clause``.
"""
from __future__ import annotations

import dataclasses
import os
import time
from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as w

from tutor import Session, faq
from tutor import short
from tutor.registry import rulebook_name
from tutor.scenario import Scenario, start

from . import faq_table, faq_whatif, kernel_timing
from .app import TutorApp
from .boards import board_for
from .model import ErrorPanel, clause_chip
from .problems import refused_html
from .style import box, button, echo, esc, html_widget, plain, plural, prov_text, rule_text, style_widget, typed
from .table import table_style

CSS = """
.rt-faq-problem { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 8px; padding: 4px 8px; margin: 4px 0;
  font-size: 13px; color: #4a3200; }
.rt-faq-side { background: #fbfaff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 8px; margin: 4px; }
.rt-faq-list { max-height: 460px; overflow-y: auto; padding-right: 4px; }
.rt-faq-count { font-size: 12px; color: #6a6484; margin: 2px 0 4px 2px; }
.rt-faq-game { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #5b2d90; font-weight: 700;
  margin: 8px 0 2px 2px; }
.rt-faq-item { background: #fff; border: 1px solid #e2ddef; border-radius: 8px; margin: 3px 0; padding: 2px 4px 5px 4px; }
/* the list's boxes hold wrapping text only: no sideways scroll bar for their widgets' 2px margins */
.rt-faq-side, .rt-faq-item { overflow-x: hidden !important; }
.rt-faq-item.rt-selected { border-color: #5b2d90; background: #f5effd; box-shadow: 0 0 0 2px #e3d6f7; }
.tutor-scenario.jupyter-button, .tutor-scenario.widget-button { height: auto; min-height: 24px; white-space: normal;
  text-align: left; background: transparent; box-shadow: none; color: #1f1d2b; font-weight: 600; padding: 2px 6px;
  line-height: 1.3; font-size: 13.5px; }
.tutor-scenario.jupyter-button:hover { color: #5b2d90; text-decoration: underline; }
.tutor-faq-more.jupyter-button, .tutor-faq-more.widget-button { margin: 6px 0 2px 0; background: #efe9f9;
  color: #4a2577; font-weight: 600; border-radius: 8px; box-shadow: none; border: 1px dashed #c9b8e8; }
.tutor-faq-more.jupyter-button:hover { background: #e4dbf5; }
.rt-faq-tags { padding: 0 6px; line-height: 1.5; }
.rt-ftag { display: inline-block; font-size: 11px; border-radius: 9px; padding: 0 7px; margin: 1px 2px 1px 0;
  background: #f1eafc; color: #4a2577; border: 1px solid #d9c9f2; white-space: nowrap; }
.rt-ftag.rt-fcard { background: #eef7ee; color: #1b4d1f; border-color: #c3e2c5; }
.rt-faq-card { background: #fff; border: 1px solid #ddd6ee; border-radius: 10px; padding: 10px 14px; margin: 4px; }
.rt-faq-kicker { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #6a6484; }
.rt-faq-q { font-size: 19px; font-weight: 700; line-height: 1.3; margin: 4px 0 6px 0; color: #2b1650; }
.rt-faq-src { font-size: 12px; color: #6a6484; }
.rt-faq-whatif { background: #fff4e0; border: 1px solid #f0b35a; border-radius: 8px; padding: 4px 8px; margin-top: 6px;
  font-size: 13px; }
.rt-faq-script { background: #f4f0fb; border: 1px solid #ddd6ee; border-radius: 10px; padding: 6px 10px; margin: 4px; }
.rt-faq-script .rt-faq-info { font-size: 13px; margin-left: 8px; }
.tutor-faq-next.jupyter-button, .tutor-faq-play.jupyter-button { background: #5b2d90; color: #fff; }
.tutor-faq-show.jupyter-button { background: #2e7d32; color: #fff; }
.tutor-faq-answer { background: #f3fbf4; border: 1px solid #9fd3a6; border-radius: 10px; padding: 8px 12px; margin: 4px; }
.rt-faq-from { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; color: #1b5e20; }
.rt-faq-atext { font-size: 15px; line-height: 1.45; margin: 4px 0 8px 0; }
.rt-faq-checks { list-style: none; margin: 0; padding: 0; }
.rt-faq-checks li { margin: 3px 0; padding: 3px 8px; border-radius: 6px; font-size: 12.5px; background: #fff;
  border-left: 4px solid #cfc8e2; }
.rt-faq-checks li.rt-x-pass { border-left-color: #2e7d32; }
.rt-faq-checks li.rt-x-fail { border-left-color: #c62828; background: #fff5f5; }
.rt-x-badge { display: inline-block; font-weight: 700; font-size: 11px; border-radius: 5px; padding: 0 5px;
  margin-right: 6px; }
.rt-x-pass .rt-x-badge { background: #e4f6e7; color: #1b5e20; }
.rt-x-fail .rt-x-badge { background: #fde3e3; color: #7a1010; }
.rt-x-waiting .rt-x-badge, .rt-x-off-script .rt-x-badge { background: #eeecf3; color: #55506a; }
.rt-x-why { color: #7a1010; font-size: 12px; margin-top: 2px; }
.rt-x-now { color: #5b2d90; font-size: 12px; margin-top: 2px; }
.rt-faq-mine { color: #8a5a00; }
"""

_STATE_WORDS = {"pass": "✓ holds", "fail": "✕ fails", "waiting": "… later", "off-script": "– skipped"}


#: Seconds after the page's cell ran before the explorer reads every scenario file in the background (about half a
#: second of the kernel's time): the browser fetches the page's widgets from the kernel meanwhile, not slowed by it.
FILL_AFTER_S = 2.0


def _button(text: str, cls: str, icon: str = "", tooltip: str = "") -> w.Button:
    b = w.Button(description=text, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
    b.add_class(cls)
    return b


class FaqExplorer(faq_whatif.WhatIfPanel):
    """The FAQ explorer page.

    Attributes: ``index`` (:class:`tutor.faq.Index`), ``entry`` (the scenario shown), ``scenario`` (its scenario
    after any "what if" edits), ``edits``, ``app`` (the :class:`TutorApp` over its session), ``search`` and
    ``game`` (the list filters), ``next`` / ``back`` / ``play`` (script buttons), ``show`` and ``answer`` (the
    answer button and box), ``errors`` and ``widget`` (the root to display).
    """

    def __init__(self, open_id: str | None = None, game_id: str | None = None,
                 index: faq.Index | None = None, list_limit: int | None = 30,
                 questions_folder: str | Path | None = None) -> None:
        self.errors = ErrorPanel()
        #: True while the list holds only the first question(s): the rest are read after the page's first render
        self.filling = False
        if index is None and open_id is None and _in_kernel():
            # the page opens on the first question with a board; every other file is read (and validated) after
            # the first render, then listed (:meth:`_fill_index`)
            index = faq.build_index(game_id, until=lambda e: _has_board(e.game))
            self.filling = True
        self.index = index or faq.build_index(game_id)
        if not self.index.entries:
            raise ValueError(f"no scenarios found{f' for game {game_id!r}' if game_id else ''}")
        self.game_id = game_id
        self.questions_folder = questions_folder  # None: $RULES_TUTOR_QUESTIONS or ~/rules-tutor-questions
        self.mine_ids: set[str] = set()
        self.comparison: faq.Comparison | None = None
        self._said: dict = {}  # edit -> its words
        self._load_mine()
        g = self.errors.guard
        self.edits: list[faq.Edit] = []
        self.answer_shown = False

        # the list
        self.search = w.Text(placeholder="Search: question, card, Spirit, rule…", continuous_update=True,
                             layout=w.Layout(width="100%"))
        self.search.add_class("tutor-faq-search")
        games = self.index.games
        self.game = w.Dropdown(options=[("All games", "")] + [(faq.game_title(x), x) for x in games], value="",
                               description="Game", layout=w.Layout(width="100%"), _dom_classes=("rt-sr-label",))
        self.count = w.HTML()
        #: why the question last clicked could not be opened (a saved question of one's own that no longer loads)
        self.open_error = w.HTML()
        self.open_error.add_class("tutor-faq-open-error")
        # files left out (saved questions, scenario files) are named here, folded, by file name: never printed
        self._refused = refused_html("Some question files were not loaded",
                                     self.index.problems)
        self.open_error.value = self._refused
        self.results = w.VBox()
        self.results.add_class("rt-faq-list")
        self.results.add_class("rt-scroll")
        self._items: dict[str, w.Widget] = {}  # list items by scenario id, built when first shown
        self._lines: dict[str, w.HTML] = {}
        self._none = html_widget()
        self.limit: int | None = list_limit  # items shown before "Show all" (None: all)
        self.more = button("", "Show every matching question", "item", classes=("tutor-faq-more",))
        self.more.on_click(g(lambda _b: self.show_all()))
        self.search.observe(g(lambda _ch: self.filter()), names="value")
        self.game.observe(g(lambda _ch: self.filter()), names="value")
        side = w.VBox([w.HTML("<h3>Questions</h3>"), self.search, self.game, faq_table.how_it_works(), self.count,
                       self.open_error, self.results])
        side.add_class("rt-faq-side")

        # the scenario: question, answer, what if (the answer and the what-if panel open in the side panel)
        self.card = w.HTML()
        self.show = _button("Show the answer", "tutor-faq-show", "eye", "Reveal the answer and check it")
        self.show.on_click(g(lambda _b: self.toggle_answer()))
        self.whatif_open = _button("What if…", "tutor-faq-whatif-open", "random",
                                   "Change the set-up, run the question again and compare the two runs")
        self.whatif_open.on_click(g(lambda _b: self.show_panel(None if self.panel.view == "whatif" else "whatif")))
        self.questions_open = _button("Questions", "tutor-faq-questions", "list", "Every question: search and pick one")
        self.questions_open.on_click(g(lambda _b: self.show_panel(None if self.panel.view == "questions"
                                                                  else "questions")))
        for b in (self.show, self.whatif_open, self.questions_open):
            b.add_class("rt-faq-tool")
        self.answer_html = w.HTML()
        self.checks = w.HTML()
        self.chips = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.answer = w.VBox([self.answer_html, self.checks, self.chips], layout=w.Layout(display="none"))
        self.answer.add_class("tutor-faq-answer")
        self.edit_panel = self._edit_panel()
        self.panel = faq_table.SidePanel({"questions": ("Questions", side), "answer": ("The answer", self.answer),
                                          "whatif": ("What if…", self.edit_panel)}, g)
        self.header = w.HBox([faq_table.title_line(), self.questions_open])
        self.header.add_class("rt-faq-head")

        # the script stepper (under the question, with the answer and what-if buttons)
        self.back = _button("Back", "tutor-faq-back", "step-backward", "Take back the last step")
        self.next = _button("Next step", "tutor-faq-next", "step-forward", "Take the scenario's next step")
        self.play = _button("Play to end", "tutor-faq-play", "fast-forward", "Take every remaining scripted step")
        self.back.on_click(g(lambda _b: self.step_back()))
        self.next.on_click(g(lambda _b: self.step()))
        self.play.on_click(g(lambda _b: self.play_to_end()))
        self.script_info = w.HTML()
        self.stepper = w.HBox([w.HTML("<b>Script</b>"), self.back, self.next, self.play, self.script_info,
                               self.show, self.whatif_open], layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.stepper.add_class("rt-faq-script")
        self.status = w.VBox([self.card, self.stepper])
        self.status.add_class("rt-faq-status")

        try:
            first, session = self._initial_entry(open_id)
        except ValueError:
            if not self.filling:
                raise
            self._fill_index(faq.build_index(game_id))  # the first question did not open: read them all now
            first, session = self._initial_entry(open_id)
        self.entry = first
        self.scenario: Scenario = first.scenario
        self.app = self._make_app(session)
        self.box = w.VBox([self.app.widget], layout=w.Layout(width="100%"))
        self.box.add_class("rt-faq-box")
        styles = [style_widget(), w.HTML(f"<style>{CSS}{faq_whatif.CSS}</style>"), table_style(),
                  w.HTML(f"<style>{faq_table.CSS}</style>")]
        for x in styles:
            x.add_class("rt-style")
        self.widget = w.VBox([*styles, self.box], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.widget.add_class("rt-faq-page")
        self.filter()
        self._show_entry()
        if self.filling and not kernel_timing.after_cell(self._read_every_question):
            self._fill_index(faq.build_index(game_id))

    def _read_every_question(self) -> None:
        """Read every scenario file (in a thread, :data:`FILL_AFTER_S` after the page's cell ran), then list them on the kernel's
        loop (:meth:`_fill_index`)."""
        from IPython import get_ipython
        loop = get_ipython().kernel.io_loop
        time.sleep(FILL_AFTER_S)  # the browser first fetches the page's widgets from this kernel: not slowed by this
        try:
            full = faq.build_index(self.game_id)
        except Exception as exc:  # noqa: BLE001 - said in the list; the question shown stays usable
            log.warning("FAQ explorer: cannot read the questions: %s", exc)
            loop.add_callback(self.errors.guard(lambda: self._not_filled(exc)))
            return
        loop.add_callback(self.errors.guard(lambda: self._fill_index(full)))

    def _not_filled(self, exc: Exception) -> None:
        self.filling = False
        self.count.value = (f'<div class="rt-faq-problem" role="alert">Cannot read the questions: '
                            f'{esc(short(str(exc), 300, quote=False))}</div>')

    def _fill_index(self, full: faq.Index) -> None:
        """List every question of ``full`` (the shipped questions, every file read and validated) with the saved
        ones, keeping the search and game filter as the learner left them."""
        self.index = full
        self.mine_ids = set()
        self._load_mine()
        self._refused = refused_html("Some question files were not loaded", self.index.problems)
        self.open_error.value = self._refused
        chosen = self.game.value
        games = self.index.games
        self.game.options = [("All games", "")] + [(faq.game_title(x), x) for x in games]
        self.game.value = chosen if chosen in games else ""
        self.filling = False
        self.filter()

    # -- building ------------------------------------------------------------------------------------------------
    def _initial_entry(self, open_id: str | None) -> tuple[faq.Entry, Session]:
        """The question the page opens on and its started session: ``open_id`` when it opens, else the first
        question that does (a saved question of one's own that no longer loads is passed over, and named)."""
        if open_id:
            try:
                entry = self.index.get(open_id)
                board_for(entry.game)
                return entry, start(entry.scenario, str(entry.path))
            except (KeyError, ValueError) as exc:
                said = short(str(exc.args[0]), 600, quote=False)
                self.errors.output.append_stdout(f"Cannot open scenario {short(open_id)}: {said}\n")
        for e in self.index.entries:
            if not _has_board(e.game):
                continue
            try:
                return e, start(e.scenario, str(e.path))
            except ValueError as exc:  # ContentError: e.g. a saved question naming a card that does not exist
                self._cannot_open(e, exc)
        raise ValueError("no question of this page can be opened")

    def _cannot_open(self, entry: faq.Entry, exc: Exception) -> None:
        said = short(str(exc.args[0]) if exc.args else str(exc), 300, quote=False)
        title = short(entry.title, 80, quote=False)
        self.open_error.value = (getattr(self, "_refused", "")  # files left out stay named above it
                                 + f'<div class="rt-faq-problem" role="alert">Cannot open “{esc(title)}”: '
                                 f'{esc(said)}</div>')

    def _click(self, scenario_id: str) -> None:
        self.open_error.value = self._refused  # files left out stay named; a message about a question goes
        try:
            self.open(scenario_id)
            self.show_panel(None)  # the board of the question chosen comes into view
        except (KeyError, ValueError) as exc:
            try:
                entry = self.index.get(scenario_id)
            except KeyError:
                self.errors.output.append_stdout(f"Cannot show this scenario: {short(str(exc), 300)}\n")
                return
            self._cannot_open(entry, exc)

    def _make_app(self, session) -> TutorApp:
        app = TutorApp(session, show_setup=False, errors=self.errors, with_style=False, header=self.header,
                       status=self.status, one_screen=True, overlays=(self.panel.widget,))
        app.model.observe(lambda m, change: change != "clause" and self.refresh())
        return app

    def _item(self, e: faq.Entry) -> w.Widget:
        btn = button(plain(e.question), plain(e.title), "item", classes=("tutor-scenario",))
        btn.on_click(self.errors.guard(lambda _b, sid=e.id: self._click(sid)))
        tags = [f'<span class="rt-ftag">{esc(t)}</span>' for t in e.covers]
        names = list(e.tags[len(e.covers):])
        tags += [f'<span class="rt-ftag rt-fcard">{esc(n)}</span>' for n in names[:4]]
        if len(names) > 4:
            tags.append(f'<span class="rt-ftag rt-fcard" title="{esc(", ".join(names[4:]))}">+{len(names) - 4}'
                        "</span>")
        selected = ("rt-selected",) if getattr(self, "entry", None) is not None and self.entry.id == e.id else ()
        return box([btn, html_widget(f'<div class="rt-faq-tags">{"".join(tags)}</div>')],
                   classes=("rt-faq-item",) + selected)

    def item(self, scenario_id: str) -> w.Widget:
        """The list item of a scenario (built the first time it is shown)."""
        if scenario_id not in self._items:
            self._items[scenario_id] = self._item(self.index.get(scenario_id))
        return self._items[scenario_id]

    def _html(self, html: str) -> w.HTML:
        """A fixed line of the list (a game heading, a note), one widget per text, kept for the next filter."""
        if html not in self._lines:
            self._lines[html] = html_widget(html)
        return self._lines[html]

    # -- the list ----------------------------------------------------------------------------------------------
    @property
    def shown_ids(self) -> list[str]:
        """Ids of the scenarios the list shows now (in order)."""
        return [e.id for e in faq.search(self.index.entries, typed(self.search.value), self.game.value or None)]

    def filter(self) -> None:
        """Show the scenarios matching the search box and the game filter, grouped by game: the first ``limit`` of
        them, then a "Show all" button (``more``) when there are more. List items are built when first shown."""
        hits = faq.search(self.index.entries, typed(self.search.value), self.game.value or None)
        room = len(hits) if self.limit is None else self.limit
        kids: list[w.Widget] = []
        own = [e for e in hits if e.id in self.mine_ids]
        if own and room:
            kids.append(self._html(f'<div class="rt-faq-game rt-faq-mine">My questions · {len(own)}</div>'))
            kids += [self.item(e.id) for e in own[:room]]
            room -= min(room, len(own))
        for game in self.index.games:
            mine = [e for e in hits if e.game == game and e.id not in self.mine_ids]
            if mine and room:
                note = "" if _has_board(game) else ' <span class="rt-muted">(board view coming)</span>'
                kids.append(self._html(f'<div class="rt-faq-game">{esc(faq.game_title(game))} · {len(mine)}{note}'
                                       "</div>"))
                kids += [self.item(e.id) for e in mine[:room]]
                room -= min(room, len(mine))
        if len(hits) > (len(hits) if self.limit is None else self.limit):
            self.more.description = f"Show all {len(hits)} questions"
            kids.append(self.more)
        if not hits:
            self._none.value = f'<div class="rt-muted">No scenario matches “{echo(self.search.value)}”.</div>'
            kids.append(self._none)
        for game, n in self.index.waiting:
            kids.append(self._html(f'<div class="rt-faq-game">{esc(faq.game_title(game))} · {n}</div>'
                                   f'<div class="rt-muted">{plural(n, "question")} wait until the tutor plays '
                                   f"{esc(faq.game_title(game))}.</div>"))
        total = len(self.index.entries)
        shown = len(hits) if self.limit is None else min(len(hits), self.limit)
        more = f" · {shown} shown" if shown < len(hits) else ""
        loading = ' · <span class="rt-muted">reading every question…</span>' if self.filling else ""
        self.count.value = (f'<div class="rt-faq-count">{len(hits)} of {plural(total, "question")}{more}{loading}'
                            '</div>')
        self.results.children = tuple(kids)

    def show_all(self) -> None:
        """Show every matching scenario (no ``limit``)."""
        self.limit = None
        self.filter()

    # -- opening and editing -----------------------------------------------------------------------------------
    def open(self, scenario_id: str) -> None:
        """Show scenario ``scenario_id`` from its prepared state, forgetting any "what if" edits.

        Raises:
            KeyError: no scenario has that id (naming the known ids). ValueError: no board view for its game.
        """
        entry = self.index.get(scenario_id)
        board_for(entry.game)  # ValueError (shown in the page) before anything changes when it has no board view
        session = start(entry.scenario, str(entry.path))
        self.entry, self.scenario, self.edits = entry, entry.scenario, []
        self.comparison = None
        self.save_status.value = ""
        self.answer_shown = False
        self.show_panel(None if self.panel.view == "answer" else self.panel.view)
        self.edit_error.value = ""
        self.errors.clear()  # a message about the question left behind would only confuse
        self._replace(session)
        self._show_entry()

    def _replace(self, session) -> None:
        if session.game_id != self.app.session.game_id:
            self.app = self._make_app(session)
            self.box.children = (self.app.widget,)
            self.refresh()
        else:
            self.app.model.replace(session)

    def _load_mine(self) -> None:
        """Read the saved questions (of the page's game) into the index, under "My questions"."""
        shipped = tuple(e for e in self.index.entries if e.id not in self.mine_ids)
        paths, left_out = faq.list_my_questions(self.questions_folder)
        mine = faq.build_index(paths=paths)
        entries = tuple(e for e in mine.entries if self.game_id is None or e.game == self.game_id)
        taken = {e.id for e in shipped}
        entries = tuple(_own_id(e, taken) for e in entries)  # a shipped question's id: listed under another id
        for e in entries:
            getattr(self, "_items", {}).pop(e.id, None)  # a replaced file gets a new list item
        self.mine_ids = {e.id for e in entries}
        self.mine_problems = mine.problems + tuple(left_out)  # saved questions not listed, and why (shown in view)
        self.index = faq.Index(entries + shipped, self.index.problems + mine.problems + tuple(left_out),
                               self.index.waiting)

    # -- the script --------------------------------------------------------------------------------------------
    def step(self) -> None:
        """Take the script's next step (an error in the panel when off script, finished or not legal)."""
        self.app.model.apply(faq.next_action(self.scenario, self.app.session).id)

    def step_back(self) -> None:
        """Take back the last step."""
        self.app.model.undo()

    def play_to_end(self) -> None:
        """Take every remaining scripted step, stopping before one that cannot be taken now (the script line under
        the board says why, e.g. after a "what if" edit)."""
        while True:
            st = faq.script_status(self.scenario, self.app.session)
            if st.next_ref is None or st.problem is not None:
                return
            self.step()

    def toggle_answer(self) -> None:
        """Show or hide the answer box (in the side panel)."""
        self.answer_shown = not self.answer_shown
        self.show_panel("answer" if self.answer_shown else None)
        self.refresh()

    def show_panel(self, name: str | None) -> None:
        """Open the side panel's ``"questions"``, ``"answer"`` or ``"whatif"``, or close it (``None``); the
        buttons that open them say which is open."""
        if name != "answer" and self.answer_shown:
            self.answer_shown = False
            self.refresh()
        self.panel.show(name)
        for key, b in (("questions", self.questions_open), ("answer", self.show), ("whatif", self.whatif_open)):
            (b.add_class if key == name else b.remove_class)("rt-on")

    # -- rendering ---------------------------------------------------------------------------------------------
    def _show_entry(self) -> None:
        e, names = self.entry, faq.card_names(self.app.session)
        for sid, item in self._items.items():
            selected = "rt-selected" in item._dom_classes
            if selected != (sid == e.id):
                (item.add_class if sid == e.id else item.remove_class)("rt-selected")
        src = e.scenario.meta.source
        whatif = ""
        if self.edits:
            said = self.said()
            whatif = (f'<div class="rt-faq-whatif"><b>What if:</b> {esc(said)}. The answer below is for the original '
                      "set-up; the checks run on yours.</div>")
        self.card.value = (f'<div class="rt-faq-card"><div class="rt-faq-kicker">{esc(faq.game_title(e.game))} · '
                           f'{esc(e.title)} <span class="rt-faq-src">· Source: {esc(rulebook_name(src.file))} › '
                           f'{esc(src.section)}</span></div><div class="rt-faq-q">{esc(e.question)}</div>{whatif}</div>')
        self.answer_html.value = (f'<div class="rt-faq-from">Answer · from the scenario file</div>'
                                  f'<div class="rt-faq-atext">{esc(e.answer)}</div>')
        model = self.app.model
        known = model.session.game.clauses
        chips = [clause_chip(model, c) for c in e.clauses if c in known]
        self.chips.children = tuple(([self._html('<span class="rt-muted">Rules involved:&nbsp;</span>')]
                                     if chips else []) + chips)
        self._fill_zones()
        self.refresh()

    def refresh(self) -> None:
        """Redraw the script status, the script buttons and the live expectation checks."""
        s, sc = self.app.session, self.scenario
        st = faq.script_status(sc, s)
        names = faq.card_names(s)
        self.back.disabled = not s.can_undo
        self.next.disabled = self.play.disabled = st.next_ref is None or st.problem is not None
        if st.off_script:
            info = (f"You are playing your own moves (you left the script after step {st.done}). "
                    "<b>Back</b> to follow it again.")
        elif st.next_ref is None:
            info = f"Script done ({plural(st.total, 'step')}). " + ("" if self.answer_shown else
                                                           "Now press <b>Show the answer</b>.")
        elif st.problem:
            stop = self.comparison.what_if.stop if self.comparison is not None else None
            step = faq.describe_ref(st.next_ref, names)
            if stop is not None and stop.step == st.done + 1:  # the rule's words, and what is possible instead
                why = "; ".join(stop.why) + (f". Possible instead: {'; '.join(stop.possible)}" if stop.possible else "")
                step = stop.action  # as the original run took it
            else:
                why = st.problem
            info = (f'<span class="tutor-faq-error">Step {st.done + 1} ({esc(step)}) is not possible in this '
                    f"set-up: {rule_text(why, s.clauses())}</span>")
        else:
            try:  # the step as the engine labels it now (the Spirit's name, not its position)
                step = prov_text(faq.next_action(sc, s).label)
            except ValueError:
                step = esc(faq.describe_ref(st.next_ref, names))
            info = f"Step {st.done} of {st.total} done · next: <b>{step}</b> · or play your own move"
        self.script_info.value = f'<span class="rt-faq-info">{info}</span>'
        self.show.description = "Hide the answer" if self.answer_shown else "Show the answer"
        self.answer.layout.display = "flex" if self.answer_shown else "none"
        rows = []
        # what each checked fact is on the board shown (after a what-if it is not what the original expects)
        now: dict[int, list[str]] = {}
        for p in faq.part_checks(sc, s):
            if p.actual and p.state != "holds":
                at = "now" if p.at == len(s.history) else f"after step {p.at}"
                now.setdefault(p.index, []).append(f"on this board {at}: {p.line.split(':')[0]}: {p.actual}")
        known = s.clauses()
        for x in faq.expectation_status(sc, s):
            when = "before the script" if x.after == 0 else f"after step {x.after}"
            why = "".join(f'<div class="rt-x-now">{rule_text(t, known)}</div>' for t in now.get(x.index, []))
            rows.append(f'<li class="rt-x-{x.state}"><span class="rt-x-badge">{_STATE_WORDS[x.state]}</span>'
                        f'<span class="rt-muted">{when}:</span><br>{"<br>".join(rule_text(t, known) for t in x.lines)}{why}</li>')
        self.checks.value = ('<div class="rt-faq-from">Does it hold on this board?</div>'
                             f'<ul class="rt-faq-checks">{"".join(rows)}</ul>')


def _own_id(entry: faq.Entry, taken: set[str]) -> faq.Entry:
    """``entry`` (a saved question), under an id no other question has: its own, else ``<id>-mine``, ``<id>-mine-2``...
    (a question saved under, or edited to, a shipped question's id is listed too, never dropped). Adds it to
    ``taken``."""
    new, n = entry.id, 1
    while new in taken:
        n += 1
        new = f"{entry.id}-mine" if n == 2 else f"{entry.id}-mine-{n - 1}"
    taken.add(new)
    return entry if new == entry.id else dataclasses.replace(entry, id=new)


def _has_board(game_id: str) -> bool:
    try:
        board_for(game_id)
    except ValueError:
        return False
    return True


def _in_kernel() -> bool:
    """True in a Jupyter kernel Voila started for the page (not a pre-heated one) or a notebook's kernel: there the
    list can be filled after the first render (:func:`widgets.kernel_timing.after_cell`)."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        return False
    try:
        from IPython import get_ipython
        return getattr(get_ipython(), "kernel", None) is not None
    except ImportError:
        return False


def _query_id() -> str | None:
    """The ``scenario`` parameter of the page's address under Voila (``?scenario=faq-double-totem``), if any."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("scenario")
    return values[0] if values else None


def faq_explorer(open_id: str | None = None, game_id: str | None = None) -> w.Widget:
    """The FAQ explorer page (every scenario, or those of ``game_id``), opened on scenario ``open_id`` (else the
    page address's ``?scenario=ID``, else the first scenario). Returns the widget to display."""
    return FaqExplorer(open_id or _query_id(), game_id).widget
