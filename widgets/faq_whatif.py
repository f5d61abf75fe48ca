"""The FAQ explorer's "What if…?" panel: the controls that change a question's set-up (a card moved, a counter set,
whose turn or decision it is, a die fixed, "Original set-up"), the two runs side by side and "Save as my question".

Views only: what can be edited, every check and the comparison are :mod:`tutor.faq_whatif` (every game the same way;
no game-specific code here). :class:`WhatIfPanel` is mixed into :class:`widgets.faq.FaqExplorer`, whose attributes
(``scenario``, ``entry``, ``edits``, ``app``, ``errors``...) it uses.
"""
from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as w

from tutor import ContentError, IllegalAction, faq
from tutor.safefile import NAME_CHARS, NAME_MAX, visible
from tutor.scenario import start

from .comm_guard import TEXT_MAX_CHARS, TEXTAREA_MAX_CHARS
from .faq_compare import CSS as COMPARE_CSS, compare_html, marked
from .faq_save import CSS as SAVE_CSS, exists_words, fit_name, saved_html
from .style import esc, plain, prov_text, rule_text
from .text_caps import cap

#: Most characters the question and note boxes of "Save as my question" take from the browser: the kernel's bound
#: for a text area (:data:`widgets.comm_guard.TEXTAREA_MAX_CHARS`), above the saved file's limits
#: (:data:`~tutor.faq_whatif.QUESTION_LIMIT`, :data:`~tutor.faq_whatif.NOTE_LIMIT`), which Save checks and says.
TYPED_ROOM = TEXTAREA_MAX_CHARS

def _same_start(session, scenario) -> bool:
    """Whether ``session`` (just started from a changed set-up) starts in the very state ``scenario`` starts in."""
    try:
        return session.state == start(scenario, "what if").state
    except ContentError:
        return False


#: Most changes one what-if holds (a new value for a counter, die or turn replaces its earlier one, and a change
#: that puts back what the last one changed drops both): past this, the page asks to start again.
MAX_EDITS = 20

CSS = """
.rt-faq-edit { background: #fffdf6; border: 1px solid #eadba8; border-radius: 10px; padding: 6px 10px; margin: 4px; }
.rt-faq-edit h3 { margin-bottom: 2px; }
.rt-faq-saved { color: #1b5e20; font-size: 12.5px; }
/* which moment the changes apply to (the start) and which the board shows */
.rt-faq-moment-bar { margin: 4px 0 2px 0; gap: 8px; }
/* (its note takes the panel's width and its button goes under it on a narrow panel, newuser31: at 1024x768 the note
   was squeezed to three lines beside "Back to step 2") */
.rt-faq-moment { flex: 1 1 340px; min-width: 0; }
.rt-faq-edit > .widget-html:first-child .widget-html-content { line-height: 1.35; }
/* the question to save gives way on a narrow panel; "overwrite" (a file of that name) goes with the name and Save */
.rt-faq-save > .widget-hbox > .widget-text { width: auto !important; flex: 1 1 200px; max-width: 340px; min-width: 0; }
.rt-faq-save-bar > .rt-faq-overwrite { flex: 0 0 auto; width: auto !important; max-width: 100px; margin: 0 6px; }
.rt-faq-save-bar > .tutor-faq-save-name { flex: 0 1 160px; min-width: 120px; }
.rt-faq-moment-bar > .tutor-faq-to-start { flex: 0 0 auto; }
.rt-faq-moment-now, .rt-faq-moment-later { font-size: 13px; line-height: 1.35; padding: 3px 8px; border-radius: 6px; }
.rt-faq-moment-now { background: #eef7ee; border-left: 4px solid #2e7d32; color: #1b4d1f; }
.rt-faq-moment-later { background: #fff4e0; border-left: 4px solid #e08a00; color: #4a3200; }
/* (the panel's box must not clip: the bar sticks to the scrolling section around it) */
.rt-faq-panel .rt-faq-edit { overflow: visible !important; }
.rt-faq-save-bar { position: sticky; bottom: 0; z-index: 1; background: #fffdf6; padding: 4px 0 2px 0;
  box-shadow: 0 -6px 8px -6px rgba(80, 60, 0, .25); }
.rt-faq-save-said { flex: 1 1 0; min-width: 0; margin-left: 8px; line-height: 1.3; }
.rt-faq-save-said .tutor-faq-error, .rt-faq-save-said .rt-faq-saved { padding: 2px 8px; margin: 0; }
/* a refusal is a calm note under the name and the button, as wide as the bar (trial 21: a tall red column beside
   the button) */
.rt-faq-save-bar:has(.tutor-faq-error) { flex-wrap: wrap !important; }
.rt-faq-save-said:has(.tutor-faq-error) { flex: 1 0 100%; margin: 3px 0 0 0; }
.rt-faq-save-said .tutor-faq-error { color: #6b2a00; background: #fff6e8; border: 0; border-left: 3px solid #d9822b;
  border-radius: 4px; font-size: 12.5px; line-height: 1.35; }
/* each control's list gives room to its button on a narrow panel (trial 17: at 1024x768 "Fix" was cut at the panel's
   edge, and "the card" ran past it): a group shrinks its lists down to a floor, its button keeps its whole label */
.rt-faq-edit .widget-hbox > .widget-hbox { flex: 0 1 auto; min-width: 0; max-width: 100%; }
.rt-faq-edit :is(.tutor-faq-from, .tutor-faq-card, .tutor-faq-to, .tutor-faq-which, .tutor-faq-seat,
  .tutor-faq-die-pick) { flex: 0 1 auto; min-width: 140px; }
.rt-faq-edit .tutor-faq-face { flex: 0 1 150px; min-width: 80px; }
.rt-faq-edit .tutor-faq-edit { flex: 0 0 auto; white-space: nowrap; overflow: visible; }
.tutor-faq-error { color: #9b1c1c; background: #fdecec; border: 1px solid #f2b8b8; border-radius: 6px;
  padding: 4px 8px; font-size: 12.5px; }
""" + COMPARE_CSS + SAVE_CSS


#: Most characters the what-if's number box takes (a whole number in any counter's range is far shorter).
NUMBER_CHARS = 12


def whole_number(text: str, lo: int, hi: int, box: str) -> int:
    """``text`` (what was typed in a number box) as a whole number from ``lo`` to ``hi``. ValueError naming ``box``
    (``"The New value box for AP"``) for anything else: ``"1e10"``, ``"0.5"``, ``""``, ``"21"``; an invisible or
    control character of ``text`` is shown escaped in the message (``\u200b``, :func:`tutor.safefile.visible`), never
    echoed as it is."""
    said = str(text).strip()
    if re.fullmatch(r"[+-]?[0-9]{1,9}", said) and lo <= int(said) <= hi:
        return int(said)
    shown = said if len(said) <= NUMBER_CHARS else said[:NUMBER_CHARS - 1] + "…"
    # an invisible character is named, not echoed as it is (attack 28: "\u200b2" read on screen as "“2” is not one")
    shown = visible(shown)  # escaped as every box shows it (attack 35: "[U+0000]" here, "\x00" in the Seed box)
    what = f"“{shown}” is not one" if said else "it is empty"
    raise ValueError(f"{box} takes a whole number from {lo} to {hi}: {what}. Nothing was changed.")


def _button(text: str, cls: str, icon: str = "", tooltip: str = "") -> w.Button:
    b = w.Button(description=text, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
    b.add_class(cls)
    return b


class WhatIfPanel:
    """The what-if controls and their handlers (a mixin of :class:`widgets.faq.FaqExplorer`)."""

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
        self.counter = dd("Set", "270px")
        # labels for screen readers only (CSS class rt-sr-label): the counter's list beside them says what they set
        # a text box read here, never the browser's number box (trial 26: it read "1e10" as 1 and "0.5" as 0)
        self.counter_num = cap(w.Text(value="0", description="New value", placeholder="a number",
                                      layout=w.Layout(width="70px"), _dom_classes=("rt-sr-label",)), NUMBER_CHARS)
        self._num_range = (0, 20)  # the range of the counter chosen
        self.counter_pick = w.Dropdown(description="New value", layout=w.Layout(width="170px"),
                                       _dom_classes=("rt-sr-label",))
        self.apply_counter = _button("Set", "tutor-faq-edit", "bolt", "Set this counter and run the question again")
        self.apply_counter.add_class("tutor-faq-counter")
        # whose turn; a die's face
        self.turn_seat = dd("Turn of", "170px")
        self.apply_turn = _button("Set turn", "tutor-faq-edit", "user")
        self.apply_turn.add_class("tutor-faq-turn")
        self.die = dd("Fix", "280px")
        self.die_face = w.Dropdown(description="Face", layout=w.Layout(width="150px"), _dom_classes=("rt-sr-label",))
        self.apply_die = _button("Fix", "tutor-faq-edit", "cube", "Fix this die's face and run the question "
                                 "again")
        self.apply_die.add_class("tutor-faq-die")
        self.undo_edits = _button("Original set-up", "tutor-faq-original", "undo", "Forget every change")
        self.edit_error = w.HTML()
        # which moment the panel edits (the start) against the moment the board shows (trial 15, P2)
        self.moment = w.HTML()
        self.moment.add_class("rt-faq-moment")
        self.to_start = _button("Show the start", "tutor-faq-to-start", "step-backward",
                                "Take the board back to the start the changes apply to (Redo brings your steps back)")
        self.to_start.on_click(g(lambda _b: self.show_start()))
        # back to the step the learner was on when the panel took the board to the start (session 30, issue #16)
        self.back_to = _button("Back to your step", "tutor-faq-back-to", "step-forward",
                               "Take the board back to the step you were on (with your changes, if any)")
        self.back_to.on_click(g(lambda _b: self.back_to_step()))
        self.moment_bar = w.HBox([self.moment, self.to_start, self.back_to],
                                 layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.moment_bar.add_class("rt-faq-moment-bar")
        self.edit_list = w.HTML()
        self.compare_html = w.HTML()
        self.compare_html.add_class("tutor-faq-compare")
        # save as my question
        self.save_name = w.Text(placeholder="file name, e.g. room-in-hand", layout=w.Layout(width="200px"))
        self.save_question_text = w.Text(placeholder="Your question (optional)", layout=w.Layout(width="340px"))
        self.save_note = w.Textarea(placeholder="Your note: what this what-if shows", layout=w.Layout(width="100%",
                                                                                                     height="48px"))
        # the question and note boxes take more than a saved file keeps (TYPED_ROOM), so a longer text arrives
        # whole and Save refuses it with both numbers, the text left in its box (trial 24: the browser cut a
        # 10,000-character question to 2,000 without a word, and that was saved); the name box takes a one-line
        # box's bound, and Save keeps a long name's first 80 characters and says so (trial 32: the browser cut a
        # 400-character name to 80 without a word; widgets.faq_save)
        cap(self.save_name, TEXT_MAX_CHARS)
        cap(self.save_question_text, TYPED_ROOM)
        cap(self.save_note, TYPED_ROOM)
        self.save_overwrite = w.Checkbox(value=False, description="overwrite", indent=False, layout=w.Layout(
            width="auto"), tooltip="Replace a question you saved under this file name")
        self.save_button = _button("Save as my question", "tutor-faq-save", "save",
                                   "Save this what-if as a question of your own (listed under My questions)")
        self.save_status = w.HTML()
        self.move_from.observe(g(lambda _ch: self._fill_cards()), names="value")
        self.move_card.observe(g(lambda _ch: self._fill_targets()), names="value")
        self.counter.observe(g(lambda _ch: self._show_counter()), names="value")
        self.die.observe(g(lambda _ch: self._show_die()), names="value")
        self.apply_move.on_click(g(lambda _b: self._apply_move()))
        self.apply_counter.on_click(g(lambda _b: self._apply_counter()))
        self.apply_turn.on_click(g(lambda _b: self.apply_edit(faq.turn_edit(self.scenario, self.turn_seat.value))))
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
        # The file name, Save and what Save says (saved, or why not) are one bar pinned at the panel's foot, so the
        # button and its answer are in view together however long the comparison above is (the answer was under
        # the note, below the window at 1366x768, trial 14); the question and the note to save go above the bar.
        self.save_status.add_class("rt-faq-save-said")
        # "overwrite" (the word of "Not saved: ... tick overwrite") sits between the file name it is about and Save
        # (ui45, new-user trial: beside the question box it read as part of the question, far from the name)
        self.save_overwrite.add_class("rt-faq-overwrite")
        self.save_box = w.VBox([row([self.save_question_text]), self.save_note], layout=w.Layout(display="none"))
        self.save_box.add_class("rt-faq-save")
        self.save_bar = w.HBox([self.save_name, self.save_overwrite, self.save_button, self.save_status],
                               layout=w.Layout(display="none", align_items="center", flex_flow="row nowrap"))
        self.save_bar.add_class("rt-faq-save-bar")
        box_ = w.VBox([
            w.HTML('<h3>What if…?</h3><div class="rt-muted">Change the starting set-up: the question runs again from '
                   "it, and the two runs are compared.</div>"), self.moment_bar,
            row([group([self.move_from, self.move_card]), group([self.move_to, self.apply_move])]),
            row([group([self.counter, self.counter_num, self.counter_pick, self.apply_counter]),
                 group([self.turn_seat, self.apply_turn]), self.die_group]),
            self.edit_error, row([self.edit_list, group([self.undo_edits])]), self.compare_html, self.save_box,
            self.save_bar])
        box_.add_class("rt-faq-edit")
        return box_

    def apply_edit(self, edit: faq.Edit) -> bool:
        """Change the set-up by ``edit``, run the question again from it and compare the two runs. A refused edit
        is shown in the page (CSS class ``tutor-faq-error``) with its reason and leaves the session as it was; an
        edit that leaves the set-up as it is (a counter set to the value it has) is said to change nothing (CSS class
        ``rt-faq-same``) and is not listed. Returns whether it was made."""
        if len(self.edits) >= MAX_EDITS and not any(faq.supersedes(edit, x) for x in self.edits):
            self.edit_error.value = (f'<div class="tutor-faq-error">{MAX_EDITS} changes is the most one question '
                                     "holds: press Original set-up to start again.</div>")
            return False
        try:
            changed = faq.edit_setup(self.scenario, edit)
            session = start(changed, "what if")
            comparison = faq.compare(self.entry.scenario, changed)
        except ContentError as exc:
            msg = str(exc).removeprefix("what if: ")
            said = rule_text(msg, self.app.session.clauses())  # the rules' titles, never their ids
            self.edit_error.value = f'<div class="tutor-faq-error">This change is not possible: {said}</div>'
            return False
        names = {**faq.edit_names(session), **faq.edit_names(self._prepared)}
        if _same_start(session, self.scenario):  # (trial 32: AP "set" to the 2 it had was listed as a change)
            self.edit_error.value = (f'<div class="rt-muted rt-faq-same" role="status">Nothing changes: the set-up '
                                     f"already has that ({esc(edit.describe(names))}).</div>")
            return False
        self.edit_error.value = ""
        self.save_status.value = ""
        where = faq.script_status(self.scenario, self.app.session).done  # the scripted steps the learner had taken
        before, self.scenario, self.comparison = self.scenario, changed, comparison
        last = self._last_edit
        if last is not None and self.edits and self.edits[-1] is last[0] and _same_start(session, last[1]):
            # This change puts back the set-up the last one changed (a card moved there and back): the list of
            # changes is again what it was before that one (an AP set to 3, then 5, then 3 again: "AP: 3").
            self.edits, self._last_edit = list(last[2]), None
        else:
            # A new value for the same counter, die or turn replaces the earlier one (the list says what the set-up
            # is).
            self._last_edit = (edit, before, tuple(self.edits))
            self.edits = [x for x in self.edits if not faq.supersedes(edit, x)] + [edit]
        # said in words once, with the names of the set-up it changed (a counter may not exist in the new one)
        self._said[edit] = edit.describe(marked(names, session))  # (its provisional cards marked, as on the board)
        self._asked[edit] = edit.asked(names)
        self._replace(session)
        self._replay = (where, self._replay_to(where))
        self._show_entry()
        return True

    def _replay_to(self, where: int) -> int:
        """Take the changed script's first ``where`` steps again on the new start, drawn once, stopping before one
        that cannot be taken after the change (the script line under the board says why); returns how many were
        taken. Session 30 (issue #16): a what-if took a learner on step 3 back to the start without a word."""
        session, taken = self.app.session, 0
        with self.app.model.held():
            for ref in self.scenario.script[:where]:
                try:
                    session.apply(faq.find(session, ref).id)
                except (IllegalAction, ContentError):
                    break
                taken += 1
        return taken

    def show_start(self) -> None:
        """Take the board back to the set-up the what-if changes (the start, before the script's first step), in
        one drawing; the steps taken stay on the Redo list."""
        model = self.app.model
        self._replay = None
        done = faq.script_status(self.scenario, model.session).done
        if done:  # said on the panel, with a button back there (session 30: the board went back without a word)
            self._left_at = done
        if model.session.can_undo:
            with model.held():
                while model.session.can_undo:
                    model.undo()

    def back_to_step(self) -> None:
        """Take the board back to the scripted step the learner was on when it was taken to the start: the steps
        on the Redo list when nothing was changed, else the changed script's steps taken again as far as they go
        (:meth:`_replay_to`)."""
        where, model = getattr(self, "_left_at", 0), self.app.model
        self._left_at = 0
        if not self.edits and model.session.can_redo:
            with model.held():
                while model.session.can_redo and len(model.session.history) < where:
                    model.redo()
            self._replay = None
        else:
            self._replay = (where, self._replay_to(where))
        self.refresh()

    def show_moment(self) -> None:
        """Say on the panel which moment its changes apply to (the start, before step 1) and which moment the board
        shows; "Show the start" only when the board shows a later one."""
        done = len(self.app.session.history)
        total = len(self.scenario.script)
        start_words = "before step 1" if total else "before any step"
        left_at = getattr(self, "_left_at", 0)
        if done == 0 and left_at:
            self.moment.value = (f'<div class="rt-faq-moment-now"><b>You are changing the start</b> ({start_words}): '
                                 f"the board went back to it from step {left_at}, where you were.</div>")
        elif done == 0:
            self.moment.value = (f'<div class="rt-faq-moment-now"><b>You are changing the start</b> ({start_words}): '
                                 "the board shows it.</div>")
        else:
            self.moment.value = (f'<div class="rt-faq-moment-later"><b>You are changing the start</b> ({start_words}); '
                                 f"the board shows the game after {done} step{'s' if done != 1 else ''}.</div>")
        self.to_start.layout.display = None if done else "none"
        self.back_to.description = f"Back to step {left_at}"
        self.back_to.layout.display = None if done == 0 and left_at else "none"
        where, taken = getattr(self, "_replay", None) or (0, 0)
        if where and done == taken:  # the change was just made: the board was taken back to where the learner was
            again = (f"the script's steps were taken again to step {where}, where you were" if taken == where else
                     f"the script's steps were taken again as far as step {taken}: step {taken + 1} cannot be played "
                     "after your change (the line under the board says why)")
            self.moment.value += f'<div class="rt-faq-replayed" role="status">Your change applies to the start; {again}.</div>'

    def said(self, marks: bool = False) -> str:
        """The changes made, in words (``"moved Spirit Cloak from Player 1's hand to ...; it is Player 2's turn"``);
        with ``marks`` a provisional card's name is marked ``[provisional]`` (:func:`prov_text` makes it "†")."""
        said = "; ".join(self._said.get(x) or x.describe() for x in self.edits)
        return said if marks else said.replace(" [provisional]", "")

    def asked(self) -> str:
        """The changes made as a "What if …?" question says them (``"we moved Spirit Cloak from Player 1's hand to
        ...; it is Player 2's turn"``), for the question a saved what-if is given when none is typed."""
        return "; ".join(self._asked.get(x) or x.asked() for x in self.edits)

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
        if spec.choices:
            value = self.counter_pick.value
        else:
            label = next((lb for lb, v in self.counter.options if v == self.counter.value), "the counter")
            try:
                value = whole_number(self.counter_num.value, *self._num_range, f"The New value box for {plain(label)}")
            except ValueError as exc:  # said beside the boxes; nothing changes
                self.edit_error.value = f'<div class="tutor-faq-error" role="alert">{esc(str(exc))}</div>'
                return
        self.apply_edit(faq.SetCounter(spec.key, value))

    def _apply_die(self) -> None:
        if self.die.value is not None:
            self.apply_edit(faq.FixDie(self.die.value, self.die_face.value))

    def save_mine(self) -> Path | None:
        """Save the what-if as the learner's own question (name, question and note from the boxes) in the questions
        folder, list it under "My questions" and say where it went; a refused name or an existing file is said in
        ``save_status`` (CSS class ``tutor-faq-error``). Returns the path, or ``None``."""
        name, typed_len = "", len(str(self.save_name.value).strip())
        try:
            name, typed_len = fit_name(self.save_name.value)  # a name over 80 characters: its first 80, said
            if not self.edits:
                raise ValueError("change the set-up first: a question of your own is a what-if")
            if not name:
                raise ValueError(f"give a file name: 1 to {NAME_MAX} of {NAME_CHARS}")
            mine = faq.what_if_scenario(self.entry.scenario, self.scenario, name.removesuffix(".yaml"),
                                        self.save_question_text.value, self.save_note.value,
                                        changes=self.asked())
            # A shortened name never replaces a file: its first 80 characters may name another question of theirs.
            shortened = typed_len > NAME_MAX
            before = set(faq.list_my_questions(self.questions_folder)[1])
            path = faq.save_question(mine, name, overwrite=self.save_overwrite.value and not shortened,
                                     folder=self.questions_folder)
        except FileExistsError as exc:
            said = exists_words(exc, name, typed_len, "a question you saved")
            self.save_status.value = f'<div class="tutor-faq-error" role="alert">Not saved: {esc(said)}</div>'
            return None
        except (ValueError, OSError, ContentError) as exc:
            self.save_status.value = f'<div class="tutor-faq-error" role="alert">Not saved: {esc(str(exc))}</div>'
            return None
        self._load_mine()
        self.filter()
        # older questions the folder's byte budget leaves out now, said (attack 40: only the problems box named them)
        crowded = [x for x in faq.list_my_questions(self.questions_folder)[1] if x not in before]
        self.save_status.value = saved_html(path, typed_len, crowded)  # beside the button (the whole name on hover)
        return path


    def _fill_zones(self) -> None:
        """Fill the what-if controls from the prepared set-up of the scenario shown (every game the same way)."""
        prepared = faq.prepared_for_edits(self.scenario)
        reason = faq.why_not_editable(prepared)
        for kid in self.edit_panel.children[1:3]:
            kid.layout.display = "none" if reason else "flex"
        if reason:
            self.edit_list.value = f'<div class="rt-muted">No what-if here: {esc(reason)}.</div>'
            self.undo_edits.layout.display = "none"
            self.compare_html.value = ""
            self.save_box.layout.display = self.save_bar.layout.display = "none"
            return
        self._prepared = prepared
        cap = lambda text: plain(text[:1].upper() + text[1:])  # plain-text choices: no bidi controls
        zones = faq.zones(prepared)
        keep = self.move_from.value if self.move_from.value in zones else zones[0]
        self.move_from.options = [(cap(faq.zone_label(prepared, z)), z) for z in zones]
        self.move_from.value = keep
        self._fill_cards()
        self._counters = {c.key: c for c in faq.counters(prepared)}
        keep = self.counter.value if self.counter.value in self._counters else next(iter(self._counters))
        self.counter.options = [(cap(c.label), c.key) for c in self._counters.values()]
        self.counter.value = keep
        self._show_counter()
        kind, seats = faq.turn_choice(self.scenario, prepared)
        self.turn_seat.description = "Decision of" if kind == "decision" else "Turn of"
        self.apply_turn.description = "Set decision" if kind == "decision" else "Set turn"
        self.apply_turn.tooltip = ("Make the action this question starts inside another player's, and run it again"
                                   if kind == "decision" else "Make it this player's turn and run the question again")
        seats = [(f"Player {n}", n) for n in seats]
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
        self.edit_list.value = f'<div class="rt-muted">Your changes: {prov_text(self.said(True))}</div>' if self.edits else ""
        self.undo_edits.layout.display = None if self.edits else "none"  # beside the changes it forgets
        self.save_box.layout.display = self.save_bar.layout.display = "flex" if self.edits else "none"
        self.compare_html.value = self._compare_view() if self.edits else ""

    def _fill_cards(self) -> None:
        prepared, zone = getattr(self, "_prepared", None), self.move_from.value
        if prepared is None or zone is None:
            return
        ids = faq.zone_cards(prepared, zone)
        self.move_card.options = list(zip(map(plain, faq.choice_labels(ids, faq.card_names(prepared))), ids))
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
        said = [faq.zone_label(prepared, z) for z in to]
        self.move_to.options = [(plain(x[:1].upper() + x[1:]), z) for x, z in zip(said, to)]
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
            self._num_range = (spec.lo, spec.hi)
            self.counter_num.value = str(spec.value)
            self.apply_counter.description = f"Set ({spec.lo}-{spec.hi})"

    def _show_die(self) -> None:
        spec = getattr(self, "_dice", {}).get(self.die.value)
        if spec is None:
            return
        opts = list(spec.faces) + ([("random (not fixed)", None)] if spec.can_be_random else [])
        self.die_face.options = opts
        self.die_face.value = spec.face if spec.face in [f for _w, f in opts] else opts[0][1]

    def _compare_view(self) -> str:
        """The two runs compared (:func:`widgets.faq_compare.compare_html`): what differs first, side by side."""
        return compare_html(getattr(self, "comparison", None), self.app.session.clauses(), self.said(True))
