"""The FAQ explorer: every scenario of every game in a searchable list; pick one to see its question and prepared
board, step through its script (or play your own moves), show the answer with its expectations checked live, and
ask "what if" by changing the set-up.

Views only: searching, following the script, checking expectations and editing the set-up are
:mod:`tutor.faq`. Stable CSS classes: ``tutor-scenario`` (a list item's button), ``tutor-faq-search`` (the search
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

import os
from pathlib import Path
from urllib.parse import parse_qs

import ipywidgets as w

from tutor import ContentError, faq
from tutor.core.errors import short
from tutor.registry import rulebook_name
from tutor.scenario import Scenario, start

from .app import TutorApp
from .boards import board_for
from .model import ErrorPanel, clause_chip, log
from .style import box, button, esc, html_widget, plural, prov_text, rule_text, style_widget

CSS = """
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
.rt-ftag.rt-fid { background: #f4f4f6; color: #6a6484; border-color: #e0dfe6; font-family: ui-monospace, Menlo,
  Consolas, monospace; }
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
.rt-faq-edit { background: #fffdf6; border: 1px solid #eadba8; border-radius: 10px; padding: 6px 10px; margin: 4px; }
.rt-faq-edit h3 { margin-bottom: 2px; }
.rt-x-now { color: #5b2d90; font-size: 12px; margin-top: 2px; }
.rt-faq-mine { color: #8a5a00; }
.rt-cmp { background: #fff; border: 1px solid #eadba8; border-radius: 8px; padding: 6px 8px; margin-top: 6px;
  font-size: 12.5px; line-height: 1.4; }
.rt-cmp li { margin: 1px 0; line-height: 1.4; }
.rt-cmp-rules { line-height: 1.4; }
.rt-cmp-cols { display: flex; gap: 10px; flex-wrap: wrap; }
.rt-cmp-col { flex: 1 1 240px; border-radius: 6px; padding: 4px 8px; }
.rt-cmp-a { background: #f4f0fb; } .rt-cmp-b { background: #fff4e0; }
.rt-cmp-col ul, .rt-cmp-diff { margin: 2px 0; padding-left: 18px; }
.rt-cmp-h { font-weight: 700; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: #4a2577;
  margin-top: 2px; }
.rt-cmp-only { font-weight: 700; background: #ffe9b8; border-radius: 4px; padding: 0 3px; }
.rt-cmp-stop { color: #9b1c1c; }
.rt-faq-saved { color: #1b5e20; font-size: 12.5px; }
.tutor-faq-error { color: #9b1c1c; background: #fdecec; border: 1px solid #f2b8b8; border-radius: 6px;
  padding: 4px 8px; font-size: 12.5px; }
"""

_STATE_WORDS = {"pass": "✓ holds", "fail": "✕ fails", "waiting": "… later", "off-script": "– skipped"}


def _button(text: str, cls: str, icon: str = "", tooltip: str = "") -> w.Button:
    b = w.Button(description=text, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
    b.add_class(cls)
    return b


class FaqExplorer:
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
        self.index = index or faq.build_index(game_id)
        if not self.index.entries:
            raise ValueError(f"no scenarios found{f' for game {game_id!r}' if game_id else ''}")
        self.game_id = game_id
        self.questions_folder = questions_folder  # None: $RULES_TUTOR_QUESTIONS or ~/rules-tutor-questions
        self.mine_ids: set[str] = set()
        self.comparison: faq.Comparison | None = None
        self._said: dict = {}  # edit -> its words
        self._load_mine()
        for problem in self.index.problems:
            log.warning("scenario left out: %s", problem)
        g = self.errors.guard
        self.edits: list[faq.Edit] = []
        self.answer_shown = False

        # the list
        self.search = w.Text(placeholder="Search: question, card, Spirit, rule id…", continuous_update=True,
                             layout=w.Layout(width="100%"))
        self.search.add_class("tutor-faq-search")
        games = self.index.games
        self.game = w.Dropdown(options=[("All games", "")] + [(faq.game_title(x), x) for x in games], value="",
                               description="Game", layout=w.Layout(width="100%"), _dom_classes=("rt-sr-label",))
        self.count = w.HTML()
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
        side = w.VBox([w.HTML("<h3>Questions</h3>"), self.search, self.game, self.count, self.results],
                      layout=w.Layout(flex="0 0 360px", width="360px"))
        side.add_class("rt-faq-side")

        # the scenario: question, answer, what if
        self.card = w.HTML()
        self.show = _button("Show the answer", "tutor-faq-show", "eye", "Reveal the answer and check it")
        self.show.on_click(g(lambda _b: self.toggle_answer()))
        self.answer_html = w.HTML()
        self.checks = w.HTML()
        self.chips = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.answer = w.VBox([self.answer_html, self.checks, self.chips], layout=w.Layout(display="none"))
        self.answer.add_class("tutor-faq-answer")
        self.edit_panel = self._edit_panel()
        main = w.VBox([self.card, w.HBox([self.show], layout=w.Layout(margin="0 4px")), self.answer,
                       self.edit_panel], layout=w.Layout(flex="1 1 0", min_width="420px"))
        self.header = w.HBox([side, main], layout=w.Layout(width="100%", align_items="flex-start"))

        # the script stepper (goes just above the board)
        self.back = _button("Back", "tutor-faq-back", "step-backward", "Take back the last step")
        self.next = _button("Next step", "tutor-faq-next", "step-forward", "Take the scenario's next step")
        self.play = _button("Play to end", "tutor-faq-play", "fast-forward", "Take every remaining scripted step")
        self.back.on_click(g(lambda _b: self.step_back()))
        self.next.on_click(g(lambda _b: self.step()))
        self.play.on_click(g(lambda _b: self.play_to_end()))
        self.script_info = w.HTML()
        self.stepper = w.HBox([w.HTML("<b>Scenario script</b>"), self.back, self.next, self.play, self.script_info],
                              layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.stepper.add_class("rt-faq-script")

        first = self._initial_entry(open_id)
        self.entry = first
        self.scenario: Scenario = first.scenario
        self.app = self._make_app(start(first.scenario, str(first.path)))
        self.box = w.VBox([self.app.widget], layout=w.Layout(width="100%"))
        self.widget = w.VBox([style_widget(), w.HTML(f"<style>{CSS}</style>"), self.box], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.filter()
        self._show_entry()

    # -- building ------------------------------------------------------------------------------------------------
    def _initial_entry(self, open_id: str | None) -> faq.Entry:
        if open_id:
            try:
                entry = self.index.get(open_id)
                board_for(entry.game)
                return entry
            except (KeyError, ValueError) as exc:
                said = short(str(exc.args[0]), 600, quote=False)
                self.errors.output.append_stdout(f"Cannot open scenario {short(open_id)}: {said}\n")
        return next(e for e in self.index.entries if _has_board(e.game))

    def _click(self, scenario_id: str) -> None:
        try:
            self.open(scenario_id)
        except ValueError as exc:
            self.errors.output.append_stdout(f"Cannot show this scenario yet: {exc}\n")

    def _make_app(self, session) -> TutorApp:
        app = TutorApp(session, show_setup=False, errors=self.errors, with_style=False, header=self.header,
                       status=self.stepper)
        app.model.observe(lambda m, change: change != "clause" and self.refresh())
        return app

    def _item(self, e: faq.Entry) -> w.Widget:
        btn = button(e.question, f"{e.title} [{e.id}]", "item", classes=("tutor-scenario",))
        btn.on_click(self.errors.guard(lambda _b, sid=e.id: self._click(sid)))
        tags = [f'<span class="rt-ftag">{esc(t)}</span>' for t in e.covers]
        names = list(e.tags[len(e.covers):])
        tags += [f'<span class="rt-ftag rt-fcard">{esc(n)}</span>' for n in names[:4]]
        if len(names) > 4:
            tags.append(f'<span class="rt-ftag rt-fcard" title="{esc(", ".join(names[4:]))}">+{len(names) - 4}'
                        "</span>")
        tags.append(f'<span class="rt-ftag rt-fid">{esc(e.id)}</span>')
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

    def _edit_panel(self) -> w.Widget:
        g = self.errors.guard
        auto = {"description_width": "auto"}
        dd = lambda desc, width: w.Dropdown(description=desc, layout=w.Layout(width=width), style=auto)
        # a card: from, which, to
        self.move_from = dd("Move from", "250px")
        self.move_card = dd("the card", "250px")
        self.move_to = dd("to", "250px")
        self.apply_move = _button("Move", "tutor-faq-edit", "arrow-right", "Move the card and run the question again")
        self.apply_move.add_class("tutor-faq-move")
        # a counter: which, value (a number or a choice)
        self.counter = dd("Set", "300px")
        # labels for screen readers only (CSS class rt-sr-label): the counter's list beside them says what they set
        self.counter_num = w.BoundedIntText(value=0, min=0, max=20, description="New value",
                                            layout=w.Layout(width="70px"), _dom_classes=("rt-sr-label",))
        self.counter_pick = w.Dropdown(description="New value", layout=w.Layout(width="190px"),
                                       _dom_classes=("rt-sr-label",))
        self.apply_counter = _button("Set", "tutor-faq-edit", "bolt", "Set this counter and run the question again")
        self.apply_counter.add_class("tutor-faq-counter")
        # whose turn; a die's face
        self.turn_seat = dd("Turn of", "170px")
        self.apply_turn = _button("Set turn", "tutor-faq-edit", "user")
        self.apply_turn.add_class("tutor-faq-turn")
        self.die = dd("Fix", "330px")
        self.die_face = w.Dropdown(description="Face", layout=w.Layout(width="190px"), _dom_classes=("rt-sr-label",))
        self.apply_die = _button("Fix", "tutor-faq-edit", "cube", "Fix this die's face and run the question "
                                 "again")
        self.apply_die.add_class("tutor-faq-die")
        self.undo_edits = _button("Original set-up", "tutor-faq-original", "undo", "Forget every change")
        self.edit_error = w.HTML()
        self.edit_list = w.HTML()
        self.compare_html = w.HTML()
        self.compare_html.add_class("tutor-faq-compare")
        # save as my question
        self.save_name = w.Text(placeholder="file name, e.g. room-in-hand", layout=w.Layout(width="220px"))
        self.save_question_text = w.Text(placeholder="Your question (optional)", layout=w.Layout(width="340px"))
        self.save_note = w.Textarea(placeholder="Your note: what this what-if shows", layout=w.Layout(width="100%",
                                                                                                     height="48px"))
        self.save_overwrite = w.Checkbox(value=False, description="replace a file of that name", indent=False,
                                         layout=w.Layout(width="auto"))
        self.save_button = _button("Save as my question", "tutor-faq-save", "save",
                                   "Save this what-if as a question of your own (listed under My questions)")
        self.save_status = w.HTML()
        self.move_from.observe(g(lambda _ch: self._fill_cards()), names="value")
        self.move_card.observe(g(lambda _ch: self._fill_targets()), names="value")
        self.counter.observe(g(lambda _ch: self._show_counter()), names="value")
        self.die.observe(g(lambda _ch: self._show_die()), names="value")
        self.apply_move.on_click(g(lambda _b: self._apply_move()))
        self.apply_counter.on_click(g(lambda _b: self._apply_counter()))
        self.apply_turn.on_click(g(lambda _b: self.apply_edit(faq.SetCurrent(self.turn_seat.value))))
        self.apply_die.on_click(g(lambda _b: self._apply_die()))
        self.undo_edits.on_click(g(lambda _b: self.open(self.entry.id)))
        self.save_button.on_click(g(lambda _b: self.save_mine()))
        for widget, cls in ((self.move_from, "tutor-faq-from"), (self.move_card, "tutor-faq-card"),
                            (self.move_to, "tutor-faq-to"), (self.counter, "tutor-faq-which"),
                            (self.counter_num, "tutor-faq-number"), (self.counter_pick, "tutor-faq-choice"),
                            (self.turn_seat, "tutor-faq-seat"), (self.die, "tutor-faq-die-pick"),
                            (self.die_face, "tutor-faq-face"), (self.save_name, "tutor-faq-save-name"),
                            (self.save_note, "tutor-faq-save-note")):
            widget.add_class(cls)
        # Each control goes with its button in one group that never splits; a narrow page wraps between groups.
        row = lambda kids: w.HBox(kids, layout=w.Layout(align_items="center", flex_flow="row wrap"))
        group = lambda kids: w.HBox(kids, layout=w.Layout(align_items="center", margin="0 14px 0 0"))
        self.die_group = group([self.die, self.die_face, self.apply_die])
        self.save_box = w.VBox([
            row([group([self.save_name, self.save_question_text]), group([self.save_overwrite, self.save_button])]),
            self.save_note, self.save_status], layout=w.Layout(display="none"))
        self.save_box.add_class("rt-faq-save")
        box_ = w.VBox([
            w.HTML('<h3>What if…?</h3><div class="rt-muted">Change the starting set-up: the question runs again from '
                   "it, and the two runs are compared.</div>"),
            row([group([self.move_from, self.move_card]), group([self.move_to, self.apply_move])]),
            row([group([self.counter, self.counter_num, self.counter_pick, self.apply_counter]),
                 group([self.turn_seat, self.apply_turn]), self.die_group, group([self.undo_edits])]),
            self.edit_error, self.edit_list, self.compare_html, self.save_box])
        box_.add_class("rt-faq-edit")
        return box_

    # -- the list ----------------------------------------------------------------------------------------------
    @property
    def shown_ids(self) -> list[str]:
        """Ids of the scenarios the list shows now (in order)."""
        return [e.id for e in faq.search(self.index.entries, self.search.value, self.game.value or None)]

    def filter(self) -> None:
        """Show the scenarios matching the search box and the game filter, grouped by game: the first ``limit`` of
        them, then a "Show all" button (``more``) when there are more. List items are built when first shown."""
        hits = faq.search(self.index.entries, self.search.value, self.game.value or None)
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
            self._none.value = f'<div class="rt-muted">No scenario matches “{esc(self.search.value)}”.</div>'
            kids.append(self._none)
        for game, n in self.index.waiting:
            kids.append(self._html(f'<div class="rt-faq-game">{esc(faq.game_title(game))} · {n}</div>'
                                   f'<div class="rt-muted">{plural(n, "question")} wait until the tutor plays '
                                   f"{esc(faq.game_title(game))}.</div>"))
        total = len(self.index.entries)
        shown = len(hits) if self.limit is None else min(len(hits), self.limit)
        more = f" · {shown} shown" if shown < len(hits) else ""
        self.count.value = f'<div class="rt-faq-count">{len(hits)} of {plural(total, "question")}{more}</div>'
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

    def apply_edit(self, edit: faq.Edit) -> bool:
        """Change the set-up by ``edit``, run the question again from it and compare the two runs. A refused edit
        is shown in the page (CSS class ``tutor-faq-error``) with its reason and leaves the session as it was.
        Returns whether it was made."""
        try:
            changed = faq.edit_setup(self.scenario, edit)
            session = start(changed, "what if")
            comparison = faq.compare(self.entry.scenario, changed)
        except ContentError as exc:
            msg = str(exc).removeprefix("what if: ")
            self.edit_error.value = f'<div class="tutor-faq-error">This change is not possible: {esc(msg)}</div>'
            return False
        self.edit_error.value = ""
        self.save_status.value = ""
        self.scenario, self.comparison = changed, comparison
        # A new value for the same counter, die or turn replaces the earlier one (the list says what the set-up is).
        self.edits = [x for x in self.edits if not faq.supersedes(edit, x)] + [edit]
        # said in words once, with the names of the set-up it changed (a counter may not exist in the new one)
        self._said[edit] = edit.describe({**faq.edit_names(session), **faq.edit_names(self._prepared)})
        self._replace(session)
        self._show_entry()
        return True

    def said(self) -> str:
        """The changes made, in words (``"moved Spirit Cloak from Player 1's hand to ...; it is Player 2's turn"``)."""
        return "; ".join(self._said.get(x) or x.describe() for x in self.edits)

    def _apply_move(self) -> None:
        src, card, dst = self.move_from.value, self.move_card.value, self.move_to.value
        if src is None or card is None or dst is None:
            self.edit_error.value = '<div class="tutor-faq-error">Choose where from, a card and where to first.</div>'
            return
        self.apply_edit(faq.MoveCard(card, src, dst))

    def _apply_counter(self) -> None:
        spec = self._counters.get(self.counter.value)
        if spec is None:
            return
        value = self.counter_pick.value if spec.choices else self.counter_num.value
        self.apply_edit(faq.SetCounter(spec.key, value))

    def _apply_die(self) -> None:
        if self.die.value is not None:
            self.apply_edit(faq.FixDie(self.die.value, self.die_face.value))

    def save_mine(self) -> Path | None:
        """Save the what-if as the learner's own question (name, question and note from the boxes) in the questions
        folder, list it under "My questions" and say where it went; a refused name or an existing file is said in
        ``save_status`` (CSS class ``tutor-faq-error``). Returns the path, or ``None``."""
        name = self.save_name.value.strip()
        try:
            if not self.edits:
                raise ValueError("change the set-up first: a question of your own is a what-if")
            if not name:
                raise ValueError("give a file name: letters, digits, '-' or '_'")
            mine = faq.what_if_scenario(self.entry.scenario, self.scenario, name.removesuffix(".yaml"),
                                        self.save_question_text.value, self.save_note.value,
                                        changes=self.said())
            path = faq.save_question(mine, name, overwrite=self.save_overwrite.value, folder=self.questions_folder)
        except (ValueError, OSError, ContentError) as exc:
            self.save_status.value = f'<div class="tutor-faq-error">Not saved: {esc(str(exc))}</div>'
            return None
        self._load_mine()
        self.filter()
        self.save_status.value = (f'<div class="rt-faq-saved">Saved as <b>{esc(path.name)}</b> in {esc(str(path.parent))}'
                                  " · listed under <b>My questions</b>.</div>")
        return path

    def _load_mine(self) -> None:
        """Read the saved questions (of the page's game) into the index, under "My questions"."""
        shipped = tuple(e for e in self.index.entries if e.id not in self.mine_ids)
        mine = faq.build_index(paths=faq.my_questions(self.questions_folder))
        entries = tuple(e for e in mine.entries if self.game_id is None or e.game == self.game_id)
        taken = {e.id for e in shipped}
        entries = tuple(e for e in entries if e.id not in taken)
        for e in entries:
            getattr(self, "_items", {}).pop(e.id, None)  # a replaced file gets a new list item
        self.mine_ids = {e.id for e in entries}
        self.index = faq.Index(entries + shipped, self.index.problems + mine.problems, self.index.waiting)

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
        """Show or hide the answer box."""
        self.answer_shown = not self.answer_shown
        self.refresh()

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
                           f'{esc(e.title)}</div><div class="rt-faq-q">{esc(e.question)}</div>'
                           f'<div class="rt-faq-src">Source: {esc(rulebook_name(src.file))} › {esc(src.section)} · scenario '
                           f'<code>{esc(e.id)}</code></div>{whatif}</div>')
        self.answer_html.value = (f'<div class="rt-faq-from">Answer · from the scenario file</div>'
                                  f'<div class="rt-faq-atext">{esc(e.answer)}</div>')
        model = self.app.model
        known = model.session.game.clauses
        chips = [clause_chip(model, c) for c in e.clauses if c in known]
        self.chips.children = tuple(([self._html('<span class="rt-muted">Rules involved:&nbsp;</span>')]
                                     if chips else []) + chips)
        self._fill_zones()
        self.refresh()

    def _fill_zones(self) -> None:
        """Fill the what-if controls from the prepared set-up of the scenario shown (every game the same way)."""
        prepared = start(self.scenario, "what if")
        reason = faq.why_not_editable(prepared)
        for kid in self.edit_panel.children[1:3]:
            kid.layout.display = "none" if reason else "flex"
        if reason:
            self.edit_list.value = f'<div class="rt-muted">No what-if here: {esc(reason)}.</div>'
            self.compare_html.value = ""
            self.save_box.layout.display = "none"
            return
        self._prepared = prepared
        cap = lambda text: text[:1].upper() + text[1:]
        zones = faq.zones(prepared)
        keep = self.move_from.value if self.move_from.value in zones else zones[0]
        self.move_from.options = [(cap(z.label), z) for z in zones]
        self.move_from.value = keep
        self._fill_cards()
        self._counters = {c.key: c for c in faq.counters(prepared)}
        keep = self.counter.value if self.counter.value in self._counters else next(iter(self._counters))
        self.counter.options = [(cap(c.label), c.key) for c in self._counters.values()]
        self.counter.value = keep
        self._show_counter()
        seats = [(f"Player {n}", n) for n in faq.turn_seats(prepared)]
        old = self.turn_seat.value
        self.turn_seat.options = seats
        self.turn_seat.value = old if old in dict(seats).values() else seats[0][1]
        self._dice = {d.key: d for d in faq.dice(prepared)}
        self.die_group.layout.display = "flex" if self._dice else "none"
        if self._dice:
            keep = self.die.value if self.die.value in self._dice else next(iter(self._dice))
            self.die.options = [(cap(d.label), d.key) for d in self._dice.values()]
            self.die.value = keep
            self._show_die()
        self.edit_list.value = "" if not self.edits else (
            '<div class="rt-muted">Your changes: ' + esc(self.said()) + "</div>")
        self.save_box.layout.display = "flex" if self.edits else "none"
        self.compare_html.value = self._compare_view() if self.edits else ""

    def _fill_cards(self) -> None:
        prepared, zone = getattr(self, "_prepared", None), self.move_from.value
        if prepared is None or zone is None:
            return
        ids = faq.zone_cards(prepared, zone)
        self.move_card.options = list(zip(faq.choice_labels(ids, faq.card_names(prepared)), ids))
        self.move_card.value = ids[0] if ids else None
        self._fill_targets()

    def _fill_targets(self) -> None:
        prepared, zone, card = getattr(self, "_prepared", None), self.move_from.value, self.move_card.value
        if prepared is None or zone is None or card is None:
            self.move_to.options = []
            self.apply_move.disabled = True
            return
        to = faq.targets(prepared, card, zone)
        old = self.move_to.value
        self.move_to.options = [(z.label[:1].upper() + z.label[1:], z) for z in to]
        self.move_to.value = old if old in to else (to[0] if to else None)
        self.apply_move.disabled = not to

    def _show_counter(self) -> None:
        """Show the chosen counter's value in the set-up: a number box (with its range) or a list of choices."""
        spec = getattr(self, "_counters", {}).get(self.counter.value)
        if spec is None:
            return
        self.counter_num.layout.display = "none" if spec.choices else "flex"
        self.counter_pick.layout.display = "flex" if spec.choices else "none"
        if spec.choices:
            self.counter_pick.options = list(spec.choices)
            self.counter_pick.value = spec.value
            self.apply_counter.description = "Set"
        else:
            box_ = self.counter_num
            if spec.lo > box_.max:  # keep min <= max at every moment
                box_.max, box_.min = spec.hi, spec.lo
            else:
                box_.min, box_.max = spec.lo, spec.hi
            self.counter_num.value = spec.value
            self.apply_counter.description = f"Set ({spec.lo}-{spec.hi})"

    def _show_die(self) -> None:
        spec = getattr(self, "_dice", {}).get(self.die.value)
        if spec is None:
            return
        opts = list(spec.faces) + ([("random (not fixed)", None)] if spec.key.startswith("roll.") else [])
        self.die_face.options = opts
        self.die_face.value = spec.face if spec.face in [f for _w, f in opts] else opts[0][1]

    def _compare_view(self) -> str:
        """The original run and the what-if run side by side, then what changed, in sentences."""
        c = getattr(self, "comparison", None)
        if c is None:
            return ""

        def column(title: str, r: faq.RunSummary, only: tuple[str, ...], cls: str) -> str:
            rules = " · ".join(f'<span class="{"rt-cmp-only" if cid in only else ""}">{esc(c.titles.get(cid, cid))}'
                               "</span>" for cid in r.fired)
            stop = (f'<div class="rt-cmp-stop">Stops before step {r.stop.step}.</div>' if r.stop else "")
            return (f'<div class="rt-cmp-col {cls}"><div class="rt-cmp-h">{title}</div>'
                    f"<div>Script: {r.done} of {plural(r.total, 'step')} played</div>{stop}"
                    f'<div class="rt-cmp-rules"><span class="rt-muted">Rules that fired:</span> {rules or "none"}</div></div>')

        known = self.app.session.clauses()
        said = "".join(f"<li>{rule_text(x, known)}</li>" for x in c.sentences())
        return ('<div class="rt-cmp"><div class="rt-cmp-cols">'
                + column("Original set-up", c.original, c.only_original, "rt-cmp-a")
                + column("Your what-if", c.what_if, c.only_what_if, "rt-cmp-b")
                + f'</div><div class="rt-cmp-h">What changed</div><ul class="rt-cmp-diff">{said}</ul></div>')

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
            if stop is not None and stop.step == st.done + 1:  # the rule's words, and what is possible instead
                why = "; ".join(stop.why) + (f". Possible instead: {'; '.join(stop.possible)}" if stop.possible else "")
            else:
                why = st.problem
            info = (f'<span class="tutor-faq-error">Step {st.done + 1} '
                    f"({esc(faq.describe_ref(st.next_ref, names))}) is not possible in this set-up: "
                    f"{rule_text(why, s.clauses())}</span>")
        else:
            info = (f"Step {st.done} of {st.total} done · next: <b>{esc(faq.describe_ref(st.next_ref, names))}</b>"
                    " · or play your own move below")
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
        for x in faq.expectation_status(sc, s):
            when = "before the script" if x.after == 0 else f"after step {x.after}"
            why = "".join(f'<div class="rt-x-now">{esc(t)}</div>' for t in now.get(x.index, []))
            rows.append(f'<li class="rt-x-{x.state}"><span class="rt-x-badge">{_STATE_WORDS[x.state]}</span>'
                        f'<span class="rt-muted">{when}:</span><br>{"<br>".join(esc(t) for t in x.lines)}{why}</li>')
        self.checks.value = ('<div class="rt-faq-from">Checked live on the board</div>'
                             f'<ul class="rt-faq-checks">{"".join(rows)}</ul>')


def _has_board(game_id: str) -> bool:
    try:
        board_for(game_id)
    except ValueError:
        return False
    return True


def _query_id() -> str | None:
    """The ``scenario`` parameter of the page's address under Voila (``?scenario=faq-double-totem``), if any."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("scenario")
    return values[0] if values else None


def faq_explorer(open_id: str | None = None, game_id: str | None = None) -> w.Widget:
    """The FAQ explorer page (every scenario, or those of ``game_id``), opened on scenario ``open_id`` (else the
    page address's ``?scenario=ID``, else the first scenario). Returns the widget to display."""
    return FaqExplorer(open_id or _query_id(), game_id).widget
