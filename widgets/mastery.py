"""The mastery map of one game: every rule clause, grouped by rulebook section, marked not seen yet / seen in a
lesson / practised right / missed lately. Clicking a clause opens its rule card and offers a question on it.

Each clause is a Button (CSS ``tutor-mastery-clause`` and ``rt-m-<status>``); the card below shows the chosen rule
(the shared :class:`widgets.clauses.ClauseCard`, not popped out) with "Ask me about this rule" (``tutor-mastery-ask``).
"""
from __future__ import annotations

import ipywidgets as w

from tutor.practice.mastery import (STATUS_WORDS, STATUSES, count_words, lessons_showing, lessons_showing_all,
                                    sections)

from .clauses import ClauseCard
from .model import ErrorPanel, SessionModel
from .style import close_tree, esc, html_widget
from .scroll_shade import more_below

MASTERY_CSS = """
.rt-m-legend { font-size: 12.5px; color: #3d3850; margin: 2px 0 6px 0; }
.rt-m-legend span { display: inline-block; border-radius: 10px; padding: 0 8px; margin-right: 6px; border: 1px solid; }
.rt-m-sec { font-weight: 700; font-size: 12.5px; color: #4a2577; margin: 6px 0 2px 0; }
.rt-m-row { flex-flow: row wrap; gap: 3px; flex-shrink: 0; }
.rt-m-grid > * { flex-shrink: 0; }
.rt-m-again { font-size: 12.5px; font-weight: 700; color: #7a1010; margin-right: 4px; align-self: center; }
.tutor-mastery-again { margin: 0 0 6px 0; align-items: center; }
.tutor-mastery-clause.jupyter-button, .tutor-mastery-again-rule.jupyter-button { height: 24px; font-size: 12px;
  border-radius: 12px; padding: 0 9px;
  border: 1px solid; width: auto; margin: 1px; }
.rt-m-unseen, .rt-m-legend .rt-m-unseen {
  background: #f4f3f7 !important; border-color: #c9c5d6 !important; color: #6a6484 !important; }
.rt-m-lesson, .rt-m-legend .rt-m-lesson {
  background: #e8eefc !important; border-color: #7b93d6 !important; color: #1f3a7a !important; }
.rt-m-right, .rt-m-legend .rt-m-right {
  background: #e4f6e7 !important; border-color: #2e7d32 !important; color: #1b4d1f !important; }
.rt-m-missed, .rt-m-legend .rt-m-missed {
  background: #fde3e3 !important; border-color: #c62828 !important; color: #7a1010 !important; }
/* a rule no question asks (ui40: it gave no sign until clicked): a dashed edge, in italics, the legend saying so in
   words and its tooltip where it is taught */
.tutor-mastery-clause.rt-m-noq.jupyter-button { border-style: dashed !important; font-style: italic; }
.rt-m-legend .rt-m-noq-key { border: 1px dashed #8a84a0; color: #4b465e; font-style: italic; }
""" + more_below(".rt-m-grid.rt-panel", "#fbfaff", 8)  # (its box scrolls: the sign at its foot while more is below)
MARK = {"unseen": "○", "lesson": "◐", "right": "✓", "missed": "✗"}
#: What the map says, in place of "Ask me about this rule", on a rule no question reaches: where else to meet it.
NO_QUESTION = ('<div class="rt-muted">No question on this rule comes up in the positions the tutor plays yet: read it '
               "here{lesson}.</div>")


#: The legend's words for the rules no question asks (their chips dashed, in italics).
NOQ_LEGEND = "dashed: not asked in practice (hover for where it is taught)"


def not_asked_words(titles: list[str]) -> str:
    """A rule's chip's tooltip words (plain text) when no question asks it: that it is not asked, and the first of the
    lessons that show it (``titles``), if one does."""
    more = f" (or {len(titles) - 1} more)" if len(titles) > 1 else ""
    where = f"taught in the lesson “{titles[0]}”{more}" if titles else "read it here"
    return f"Not asked in practice: {where}."


def no_question(game_id: str, clause_id: str) -> str:
    """:data:`NO_QUESTION` for ``clause_id``: naming the first lesson that shows the rule, if one does
    (:func:`tutor.practice.mastery.lessons_showing`), never a lesson that does not exist."""
    titles = lessons_showing(game_id, clause_id)
    more = f" (or {len(titles) - 1} more)" if len(titles) > 1 else ""
    return NO_QUESTION.format(lesson=f", or meet it in the lesson “{esc(titles[0])}”{more}" if titles else "")


class MasteryMap:
    """The mastery map of ``coach``'s game. ``ask(clause_id)`` is called by "Ask me about this rule".

    Attributes: ``buttons`` (``{clause id: Button}``), ``counts`` (``{status: number}``, after :meth:`render`),
    ``card`` (the rule card), ``ask_button``, ``stale`` (redraw at the next :meth:`render` when True), ``widget``.
    """

    def __init__(self, coach, errors: ErrorPanel, ask) -> None:
        self.coach, self.errors, self._ask = coach, errors, ask
        q = coach.question or coach.pool.at(0)
        # the card shows clauses of this game; its own model, not the practice board's
        self.model = SessionModel(q.session, errors)
        self.card = ClauseCard(self.model, pop_out=False,
                               empty="Click a rule on the left to read it here; then you can be asked about it.")
        self.card.widget.add_class("rt-m-card")
        # shown once a rule is chosen (trial 13, item Q1: a disabled blue button looked clickable with no rule
        # chosen); until then the card's place says what to do
        self.ask_button = w.Button(description="Ask me about this rule", icon="question", button_style="primary",
                                   disabled=True, _dom_classes=("tutor-mastery-ask",),
                                   layout=w.Layout(width="auto", margin="4px", display="none"))
        self.ask_button.on_click(errors.guard(lambda _b: self.ask()))
        self.note = html_widget()
        self.legend = html_widget()
        self.buttons: dict[str, w.Button] = {}
        self.counts: dict[str, int] = {}
        clauses = coach.pool.made[0].session.game.clauses if coach.pool.made else {}
        rows, taught = [], lessons_showing_all(coach.game_id)
        for section, ids in sections(coach.game_id):
            row = []
            for cid in ids:
                b = w.Button(description=clauses[cid].title if cid in clauses else cid,
                             _dom_classes=("tutor-mastery-clause", "rt-m-unseen"))
                b._status = "unseen"
                # (ui40) a rule no question asks says so without a click: dashed, and where it is taught on hover
                b._noq = "" if coach.has_question(cid) else not_asked_words(taught.get(cid, []))
                if b._noq:
                    b.add_class("rt-m-noq")
                b.on_click(errors.guard(lambda _b, cid=cid: self.pick(cid)))
                self.buttons[cid] = b
                row.append(b)
            rows.append(html_widget(f'<div class="rt-m-sec">{esc(section)}</div>'))
            rows.append(w.HBox(row, _dom_classes=("rt-m-row",)))
        self.chosen: str | None = None
        grid = w.VBox(rows, layout=w.Layout(flex="3 1 0", min_width="420px", max_height="calc(100vh - 235px)",
                                            overflow="auto"))
        grid.add_class("rt-panel")
        grid.add_class("rt-m-grid")
        side = w.VBox([self.card.widget, self.ask_button, self.note], layout=w.Layout(flex="2 1 0", min_width="300px"))
        # the rules missed lately, first: one click to read one again and be asked about it (the map is long)
        self.again = w.HBox(_dom_classes=("rt-m-row", "tutor-mastery-again"), layout=w.Layout(display="none"))
        self.widget = w.VBox([html_widget(f"<style>{MASTERY_CSS}</style>"), self.legend, self.again,
                              w.HBox([grid, side], layout=w.Layout(width="100%", align_items="flex-start"))])
        self.stale = True
        self.render()

    def render(self) -> None:
        """Mark every clause with the learner's status now (only when answers were given since the last time)."""
        if not self.stale:
            return
        status = self.coach.mastery()
        for cid, b in self.buttons.items():
            s = status.get(cid, "unseen")
            if s != b._status:
                b.remove_class(f"rt-m-{b._status}")
                b.add_class(f"rt-m-{s}")
                b._status = s
            title = self.model.session.game.clauses[cid].title
            b.description = f"{MARK[s]} {title}"
            b.tooltip = f"{title}: {STATUS_WORDS[s]}" + (f". {b._noq}" if b._noq else "")
        self.counts = {s: sum(1 for v in status.values() if v == s) for s in STATUSES}
        self.legend.value = ('<div class="rt-m-legend">' + "".join(
            f'<span class="rt-m-{s}">{MARK[s]} {esc(count_words(s, self.counts[s]))}</span>' for s in STATUSES)
            + (f'<span class="rt-m-noq-key">{esc(NOQ_LEGEND)}</span>'
               if any(b._noq for b in self.buttons.values()) else "")
            + " Click a rule to read it and to be asked about it.</div>")
        every = [cid for cid in self.buttons if status.get(cid) == "missed"]
        missed, more = every[: self.AGAIN_MAX], len(every) - self.AGAIN_MAX
        old = self.again.children
        if missed:
            kids: list[w.Widget] = [html_widget('<span class="rt-m-again">Practise again:</span>')]
            for cid in missed:
                b = w.Button(description=f"{MARK['missed']} {self.model.session.game.clauses[cid].title}",
                             tooltip="Read this rule and be asked about it",
                             _dom_classes=("tutor-mastery-again-rule", "rt-m-missed"))
                b.on_click(self.errors.guard(lambda _b, cid=cid: self.pick(cid)))
                kids.append(b)
            if more > 0:  # (newuser40: "11 rules missed lately" above 8 of them and no word of the others)
                kids.append(html_widget(f'<span class="rt-m-again">and {more} more, marked {MARK["missed"]} on the map'
                                        "</span>"))
            self.again.children = tuple(kids)
            self.again.layout.display = None
        else:
            self.again.children = ()
            self.again.layout.display = "none"
        close_tree(*old)
        self.stale = False

    #: Most missed rules listed first, above the map.
    AGAIN_MAX = 8

    def pick(self, clause_id: str) -> None:
        """Show ``clause_id``'s rule card, with "Ask me about this rule" only when a question on it can be asked
        (:meth:`tutor.practice.coach.Coach.has_question`; trial 27: it was offered on a rule with none, and only the
        click said so); else the card says there is none."""
        self.chosen = clause_id
        self.model.show_clause(clause_id)
        can = self.coach.has_question(clause_id)
        self.ask_button.disabled = not can
        self.ask_button.layout.display = None if can else "none"
        self.note.value = "" if can else no_question(self.coach.game_id, clause_id)

    def ask(self) -> None:
        """Ask a question on the chosen rule (in the Practice tab), or say there is none yet (as :meth:`pick` did)."""
        if self.chosen is None:
            return
        if not self._ask(self.chosen):
            self.note.value = no_question(self.coach.game_id, self.chosen)
