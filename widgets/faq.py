"""The FAQ explorer: every scenario of every game in a searchable list; pick one to see its question and prepared
board, step through its script (or play your own moves), show the answer with its expectations checked live, and
ask "what if" by changing the set-up.

Views only: searching, following the script, checking expectations and editing the set-up are
:mod:`tutor.faq`. The page's parts: this module (the question shown, its answer and the game tables),
:mod:`widgets.faq_script` (the script's steps and the answer's live checks), :mod:`widgets.faq_list` (the question
list), :mod:`widgets.faq_whatif` (the what-if panel),
:mod:`widgets.faq_table` (the layout) and :mod:`widgets.faq_css` (the look). Under Voila the page renders the first
question first; the other questions and the what-if controls are made after the first render. Stable CSS classes: ``tutor-scenario`` (a list item's button), ``tutor-faq-search`` (the search
box), ``tutor-faq-next`` / ``tutor-faq-back`` / ``tutor-faq-play`` (the script buttons), ``tutor-faq-show`` (the
"Show the answer" button), ``tutor-faq-answer`` (the answer box), ``tutor-faq-error`` (a refused "what if" edit, or a
script step the engine refused, said beside the script);
what if: ``tutor-faq-from`` / ``tutor-faq-card`` / ``tutor-faq-to`` and the button ``tutor-faq-move`` (move a card),
``tutor-faq-which`` / ``tutor-faq-number`` / ``tutor-faq-choice`` and ``tutor-faq-counter`` (set a counter),
``tutor-faq-seat`` and ``tutor-faq-turn``, ``tutor-faq-die-pick`` / ``tutor-faq-face`` and ``tutor-faq-die``,
``tutor-faq-original``, ``tutor-faq-compare`` (the two runs side by side), ``tutor-faq-save-name`` /
``tutor-faq-save-note`` and ``tutor-faq-save`` (Save as my question), ``rt-faq-mine`` (the My questions heading);
the embedded :class:`~widgets.app.TutorApp` keeps ``tutor-action``, ``tutor-event`` and ``tutor-clause``.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as w
from IPython import get_ipython

from tutor import Session, faq
from tutor import short, visible
from tutor.scenario import Scenario, start

from . import faq_table, faq_whatif, kernel_timing
from .app import TutorApp
from .boards import board_for
from .clauses import source_words
from .faq_css import CSS
from .faq_list import QuestionList, has_board, in_kernel, mine_name
from .faq_script import ScriptStepper
from .model import ErrorPanel, clause_chip
from .style import echo, esc, prov_text, style_widget
from .strip_fit import strip_fit
from .text_caps import text_caps
from .table import table_style
from .problems import refuses_broken_content


#: Seconds after the browser has drawn the page's first view before the explorer reads every scenario file in the
#: background (about half a second of the kernel's time) and makes the what-if controls
#: (:func:`widgets.kernel_timing.after_view`): the first view is not slowed by them.
FILL_AFTER_S = 0.3


def _button(text: str, cls: str, icon: str = "", tooltip: str = "") -> w.Button:
    b = w.Button(description=text, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
    b.add_class(cls)
    return b


class FaqExplorer(QuestionList, faq_whatif.WhatIfPanel, ScriptStepper):
    """The FAQ explorer page.

    Attributes: ``index`` (:class:`tutor.faq.Index`), ``entry`` (the scenario shown), ``scenario`` (its scenario
    after any "what if" edits), ``edits``, ``app`` (the :class:`TutorApp` over its session: the game table shown),
    ``apps`` (the game table of each game opened so far, by game id: made once, kept), ``search`` and
    ``game`` (the list filters), ``next`` / ``back`` / ``play`` (script buttons), ``show`` and ``answer`` (the
    answer button and box), ``edit_panel`` (the what-if controls; ``None`` until made: after the first render in
    a page's kernel, else at once), ``errors`` and ``widget`` (the root to display).
    """

    def __init__(self, open_id: str | None = None, game_id: str | None = None,
                 index: faq.Index | None = None, list_limit: int | None = 30,
                 questions_folder: str | Path | None = None) -> None:
        self.errors = ErrorPanel()
        #: True while the list holds only the first question(s): the rest are read after the page's first render
        self.filling = False
        if index is None and open_id is None and in_kernel():
            # the page opens on the first question with a board; every other file is read (and validated) after
            # the first render, then listed (:meth:`_fill_index`)
            index = faq.build_index(game_id, until=lambda e: has_board(e.game))
            self.filling = True
        self.index = index or faq.build_index(game_id)
        if not self.index.entries:
            raise ValueError(f"no scenarios found{f' for game {game_id!r}' if game_id else ''}")
        self.game_id = game_id
        self.questions_folder = questions_folder  # None: $RULES_TUTOR_QUESTIONS or ~/rules-tutor-questions
        self.mine_ids: set[str] = set()
        self.comparison: faq.Comparison | None = None
        self._said: dict = {}  # edit -> its words
        self._asked: dict = {}  # edit -> its words in a "What if …?" question
        self._load_mine()
        g = self.errors.guard
        self.edits: list[faq.Edit] = []
        self._last_edit = None  # (last edit, scenario and edits before it): an edit putting the set-up back restores them
        self.answer_shown = False
        self._refusal = ""  # a script step the engine refused, said beside the script until the board changes

        side = self._list_panel(list_limit)  # the question list (widgets.faq_list)

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
        self.edit_panel: w.Widget | None = None  # the what-if controls, made by _make_whatif
        self.whatif_box = w.VBox()
        self.panel = faq_table.SidePanel({"questions": ("Questions", side), "answer": ("The answer", self.answer),
                                          "whatif": ("What if…", self.whatif_box)}, g)
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
        self.script_info.add_class("rt-faq-infobox")
        self.stepper = w.HBox([w.HTML("<b>Script</b>"), self.back, self.next, self.play, self.script_info,
                               self.show, self.whatif_open], layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.stepper.add_class("rt-faq-script")
        #: a plain notice above the question (the page's address named a question that is not here)
        self.notice = w.HTML()
        self.notice.add_class("rt-faq-notice")
        self.status = w.VBox([self.notice, self.card, self.stepper])
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
        #: one game table per game, each made the first time a question of its game is opened and kept: opening a
        #: question of another game shows that game's table again (its session replaced) instead of building a new one
        #: (about 200 widget messages each time before)
        self.apps: dict[str, TutorApp] = {session.game_id: self.app}
        self.box = w.VBox([self.app.widget], layout=w.Layout(width="100%"))
        self.box.add_class("rt-faq-box")
        styles = [style_widget(), w.HTML(f"<style>{CSS}{faq_whatif.CSS}</style>"), table_style(),
                  w.HTML(f"<style>{faq_table.CSS}</style>")]
        for x in styles:
            x.add_class("rt-style")
        fit = faq_table.board_fit()  # the board scaled to fit its box (beside the what-if panel)
        fit.add_class("rt-style")
        # whole lines in the last-step strip, as on the learn pages (trial 17: at 1024x768 the pinned step title sat
        # over a half-cut first line of the step)
        lines = strip_fit()
        lines.add_class("rt-style")
        caps = text_caps()  # the what-if's boxes stop at what the kernel accepts (trial 19)
        caps.add_class("rt-style")
        self.widget = w.VBox([*styles, fit, lines, caps, self.box], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.widget.add_class("rt-faq-page")
        if not self.filling:  # made at once (filled by _show_entry); in a page's kernel after the first render
            self.edit_panel = self._edit_panel()
            self.whatif_box.children = (self.edit_panel,)
        self.filter()
        self._show_entry()
        if self.filling and not kernel_timing.after_view(self.questions_open, self._after_first_view,
                                                         delay=FILL_AFTER_S):
            self._fill_index(faq.build_index(game_id))
            self._make_whatif()

    def _make_whatif(self) -> None:
        """Make the what-if controls (once) and fill them from the question shown."""
        if self.edit_panel is not None:
            return
        self.edit_panel = self._edit_panel()
        self.whatif_box.children = (self.edit_panel,)
        self._fill_zones()

    def _after_first_view(self) -> None:
        """Once the browser has drawn the page (on the kernel's loop): read every question file in a thread, then,
        on the loop again, list them (or say in the problems box why they cannot be read) and make the what-if
        controls (opening "What if…" before then makes them at once)."""
        loop = get_ipython().kernel.io_loop

        def read() -> None:
            then = self._read_rest()
            loop.add_callback(self.errors.guard(lambda: (then(), self._make_whatif())))
        threading.Thread(target=read, name="tutor-faq-fill", daemon=True).start()

    # -- building ------------------------------------------------------------------------------------------------
    def _initial_entry(self, open_id: str | None) -> tuple[faq.Entry, Session]:
        """The question the page opens on and its started session: ``open_id`` when it opens, else the first
        question that does (a saved question of one's own that no longer loads is passed over, and named)."""
        if open_id:
            try:
                entry = self.index.get(open_id)
                board_for(entry.game)
                return entry, start(entry.scenario, str(entry.path))
            except KeyError:  # said in words, with no list of the ids there are (learners never see ids)
                self._no_such_question(open_id)
            except ValueError as exc:  # e.g. a game with no board view yet
                self._cannot_show_asked(exc)
        # the rulebook's questions first: the page never opens on a saved question of one's own unless asked
        for e in sorted(self.index.entries, key=lambda x: x.id in self.mine_ids):
            if not has_board(e.game):
                continue
            try:
                return e, start(e.scenario, str(e.path))
            except ValueError as exc:  # ContentError: e.g. a saved question naming a card that does not exist
                self._cannot_open(e, exc)
        raise ValueError("no question of this page can be opened")

    def _no_such_question(self, open_id: str) -> None:
        self.notice.value = (f'<div class="rt-faq-problem" role="status">The page\'s address asks for a question called '
                             f"“{echo(visible(open_id), 80)}”, and there is no such question here, so the "
                             "page opens on the first one. <b>Questions</b> lists them all.</div>")

    def _cannot_show_asked(self, exc: ValueError) -> None:
        said = short(str(exc.args[0]), 300, quote=False)
        self.notice.value = (f'<div class="rt-faq-problem" role="status">The question the page\'s address asks for '
                             f"cannot be shown here ({esc(said)}), so the page opens on the first one.</div>")

    def open_asked(self, scenario_id: str) -> None:
        """Open the question the page's address asks for (``?scenario=ID``) in a page made before the address was
        known (a pre-heated kernel's, on the first question): nothing is built again but the question's own
        session. An id that is no question here, or a question that cannot be shown, is said above the question,
        which stays the first one. The learner's own questions are read again first (saved since the page was made)."""
        # the learner's own questions as they are now (one may have been saved since the page was made)
        self._load_mine()
        self.filter()
        if scenario_id == self.entry.id and not self.edits:
            return
        try:
            self.open(scenario_id)
        except KeyError:
            self._no_such_question(scenario_id)
        except ValueError as exc:
            self._cannot_show_asked(exc)

    def _make_app(self, session) -> TutorApp:
        app = TutorApp(session, show_setup=False, errors=self.errors, with_style=False, header=self.header,
                       status=self.status, one_screen=True, overlays=(self.panel.widget,))
        app.model.observe(lambda m, change: change != "clause" and self._changed())
        return app

    def _changed(self) -> None:
        self._refusal = ""  # a refusal is about the board it was refused on
        self.refresh()

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
        self._last_edit = None
        self._replay = None  # (steps the learner had taken, steps taken again) after the last what-if change
        self._left_at = 0  # the scripted step the learner was on when the what-if took the board to the start
        self.comparison = None
        self._refusal = ""
        if self.edit_panel is not None:
            self.save_status.value = ""
            self.edit_error.value = ""
        self.answer_shown = False
        self.show_panel(None if self.panel.view == "answer" else self.panel.view)
        self.errors.clear()  # a message about the question left behind would only confuse
        self.notice.value = ""
        self._replace(session)
        self._show_entry()

    def _replace(self, session) -> None:
        """Show ``session`` on its game's table: the table shown when it is of the same game, else that game's
        kept table (made the first time), which takes the place of the one shown (the page's header, question, side
        panel and error box are parts of every table; only the table shown is on the page)."""
        app = self.apps.get(session.game_id)
        if app is self.app:  # (a question of the game shown)
            app.model.replace(session)
            return
        self.app = app if app is not None else self.apps.setdefault(session.game_id, self._make_app(session))
        self.box.children = (self.app.widget,)
        if app is None:
            self.refresh()
        else:  # (the model's observers redraw the table and, from self.app, the script's line)
            app.open_drawer(None)  # as a new table opens: no drawer left open from its last question
            app.model.replace(session)

    def toggle_answer(self) -> None:
        """Show or hide the answer box (in the side panel)."""
        self.answer_shown = not self.answer_shown
        self.show_panel("answer" if self.answer_shown else None)
        self.refresh()

    def show_panel(self, name: str | None) -> None:
        """Open the side panel's ``"questions"``, ``"answer"`` or ``"whatif"``, or close it (``None``); the
        buttons that open them say which is open."""
        if name == "whatif":
            self._make_whatif()
            if self.panel.view != "whatif":
                self.show_start()  # the board shows the set-up the panel changes (trial 15, P2)
        if name != "answer" and self.answer_shown:
            self.answer_shown = False
            self.refresh()
        self.panel.show(name)
        for key, b in (("questions", self.questions_open), ("answer", self.show), ("whatif", self.whatif_open)):
            (b.add_class if key == name else b.remove_class)("rt-on")

    # -- rendering ---------------------------------------------------------------------------------------------
    def _kicker_title(self, e: faq.Entry) -> str:
        """The title line above a question, as HTML: a shipped question's title; for a saved question "My question"
        and, in the case its author typed it, the name it was saved under when that is more than its file's name
        (trial 42: the header read "MY QUESTION: NU42-HAND-SIX", the file name in capitals, above the question)."""
        if e.id not in self.mine_ids:
            return esc(e.title)
        name = mine_name(e)
        own = f' <span class="rt-faq-own">“{esc(name)}”</span>' if name != e.path.stem else ""
        return "My question" + own

    def _source_word(self, e: faq.Entry) -> str:
        """"Source" for a shipped question; "Based on" for a saved one, whose source is the question it was made from
        (verify 43: "MY QUESTION · Source: Restless Spirits rulebook › General FAQs" read as if the rulebook asked it)."""
        return "Based on" if e.id in self.mine_ids else "Source"

    def _show_entry(self) -> None:
        e, names = self.entry, faq.card_names(self.app.session)
        for sid, item in self._items.items():
            selected = "rt-selected" in item._dom_classes
            if selected != (sid == e.id):
                (item.add_class if sid == e.id else item.remove_class)("rt-selected")
        src = e.scenario.meta.source
        whatif = ""
        if self.edits:
            said = self.said(marks=True)
            whatif = (f'<div class="rt-faq-whatif"><b>What if:</b> {prov_text(said)}. The answer below is for the original '
                      "set-up; the checks run on yours.</div>")
        self.card.value = (f'<div class="rt-faq-card"><div class="rt-faq-kicker">{esc(faq.game_title(e.game))} · '
                           f'{self._kicker_title(e)} <span class="rt-faq-src">· {self._source_word(e)}: '
                           f'{esc(source_words(src.file, src.section))}</span></div><div class="rt-faq-q">{esc(e.question)}</div>{whatif}</div>')
        self.answer_html.value = (f'<div class="rt-faq-from">In short</div>'
                                  f'<div class="rt-faq-atext">{esc(e.answer)}</div>')
        model = self.app.model
        known = model.session.game.clauses
        chips = [clause_chip(model, c) for c in e.clauses if c in known]
        self.chips.children = tuple(([self._html('<span class="rt-muted">Rules involved:&nbsp;</span>')]
                                     if chips else []) + chips)
        if self.edit_panel is not None:
            self._fill_zones()
        self.refresh()


def _query_id() -> str | None:
    """The ``scenario`` parameter of the page's address under Voila (``?scenario=faq-double-totem``), if any."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("scenario")
    return values[0] if values else None


@refuses_broken_content("FAQ explorer")
def faq_explorer(open_id: str | None = None, game_id: str | None = None) -> w.Widget:
    """The FAQ explorer page (every scenario, or those of ``game_id``), opened on scenario ``open_id`` (else the
    page address's ``?scenario=ID``, else the first scenario). Returns the widget to display. In a kernel Voila
    pre-heats, the page is made before the visit and the cell then waits for it (its address is known only then:
    :func:`widgets.kernel_timing.wait_until_page_asked`); the learner's saved questions are then read again, as the
    folder holds them at the visit (the shipped ones stay as read)."""
    page = FaqExplorer(open_id or _query_id(), game_id)
    if kernel_timing.wait_until_page_asked():
        if not open_id and _query_id():
            # made before anyone asked (a pre-heated kernel), but this visit names a question: it is opened in the
            # page made (the page was built twice before: once for the first question, then again for the asked one)
            page.open_asked(_query_id())
        else:  # the learner's own questions as the folder holds them at the visit, not at the heating (trial 22)
            page.reload_mine()
    return page.widget
