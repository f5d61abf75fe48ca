"""The legal-actions panel: every legal action as a button with its why and clauses, grouped by the game's action
groups, and the blocked (tempting but illegal) actions with the rule that forbids them.
"""
from __future__ import annotations

from types import ModuleType

import ipywidgets as w

from tutor import Action

from .boards import board_for
from .goal_step import GOAL_STEP
from .hint_script import ACTION_ONCE_JS
from .model import SessionModel, clause_chip
from .style import box, button, esc, html_widget, page_script, plain_label, prov_text
from .rows import RowCache, _Row, _css_name, _walk, cost_text


#: What the panel says once the game is over, by what the page offers: free play has New game; a lesson has Undo,
#: Restart and its list of lessons, no New game (trial 23: a lesson said "start a new game"); a walkthrough being
#: recorded or a question's game (the FAQ explorer) has Undo and Restart.
OVER_WORDS = {"free": "The game is over. Undo, restart, or start a new game.",
              "lesson": "The game is over. Undo a step or Restart the lesson to try again, or pick another lesson.",
              "replay": "The game is over. Undo a step, or Restart from the beginning."}


class ActionsPanel:
    """Legal actions grouped by kind (a Button each, with cost, why and a clause chip), then blocked actions greyed
    with the reason and the forbidding clause. A pending decision shows its prompt first.

    Rows are kept between renders, keyed by what they show (an action whose id, caption, cost and clause are
    unchanged keeps its widgets; only its "why" text is updated when that changed), and closed a few renders after
    they disappear. Rows share layouts and styles; clause chips are shared (one per clause, see
    :meth:`SessionModel.chip`).

    The panel's own children never change: the prompt, the game-over line, one box per group (in the board's
    group order) and the blocked box are always there, and the panel's CSS classes (``rt-show-<part>``, one update
    per render) say which of them the page shows. The page re-creates the views of every child after the first one
    that changes, so a decision that replaces the action groups only hides them, and they come back after it as
    they were (for ``keep`` renders; then a hidden group lets its rows go).

    With ``fold_blocked`` (the one-screen table, where the blocked lines fold under "Not possible now (N) ▸ show")
    the blocked lines are built only while they are unfolded: folded, a click sends the page their count, not the
    widgets of lines it does not show (session 29: 9 of the 29 messages of lesson 1's third click).

    ``keep_rows`` (default ``keep``): for how many renders a row no longer shown is kept for a later render that shows
    its action again (a hidden group still lets its rows go after ``keep``): the one-screen table keeps them longer
    (issue 16: a turn's decisions and actions often come back a few steps on, and a kept row is no new widget, no
    close and no new view)."""

    BASE_CLASSES = ("rt-panel", "rt-scroll", "rt-actions", "tutor-actions")

    def __init__(self, model: SessionModel, board: ModuleType, keep: int = 3, over: str = OVER_WORDS["free"],
                 fold_blocked: bool = False, keep_rows: int | None = None) -> None:
        self.model, self.board, self.keep, self.fold_blocked = model, board, keep, fold_blocked
        self._n_blocked = 0  # how many blocked actions there are now (built as lines or not, see fold_blocked)
        self._board_game = model.session.game_id
        self.rows = RowCache(model, keep if keep_rows is None else keep_rows)  # legal-action and blocked rows
        self._refocus = False  # the learner took an action: focus the next first action (see _focus_first)
        self._title = html_widget("<h3>What can you do?</h3>")
        #: buttons beside the heading (empty unless a page adds some: the free-play seats' Hint, Computer's move)
        self.tools = box(cls=w.HBox, classes=("rt-actions-tools",))
        self._head = box([self._title, self.tools], cls=w.HBox, classes=("rt-actions-head",))
        #: a line under the heading (HTML; hidden while empty): the free-play seats' hint or what Undo took back
        self.note = html_widget()
        self.note._dom_classes = ("rt-actions-note", "rt-hidden")
        self.note.observe(lambda ch: self.note.add_class("rt-hidden") if not ch["new"] else
                          self.note.remove_class("rt-hidden"), names="value")
        #: ``() -> str | None``, set by a lesson (:func:`widgets.goal_step.goal_step_id`): the legal action whose row
        #: is made with CSS class ``rt-goal-step`` (the lesson's next step; its mark then comes in the row's first
        #: message, not in an update of its own after it, issue 16; the lesson still marks the rows afterwards)
        self.goal_step = None
        #: ``session -> str | None``, set by the free-play seats: while it gives a text (the computer is to move),
        #: that text is shown instead of the actions, which would show the computer's hidden cards
        self.waiting = None
        self._css = html_widget()
        self._css._dom_classes = ("rt-hidden",)
        self._once = page_script(ACTION_ONCE_JS, "rt-action-once")  # a double click on an action is one click
        self._prompt = self._part("prompt", html_widget())
        self._over = self._part("over", html_widget(f'<div class="rt-prompt">{esc(over)}</div>'))
        self._groups: dict[str, w.VBox] = {}  # group -> its box (a heading, then its rows), in display order
        self._hidden_for: dict[str, int] = {}  # group -> renders since it was last shown
        for g in self.board.GROUP_ORDER:
            self._group_box(g)
        self._blocked = self._box("blocked", '<div class="rt-group-title rt-g-other">Not possible now</div>')
        # on the one-screen table the blocked lines fold under this button (CSS: a blocked box without rt-open)
        self.fold = button("Not possible now", "Show or hide the tempting actions that the rules forbid now, each "
                           "with its rule", classes=("rt-fold", "rt-g-other"))
        self.fold.on_click(model.errors.guard(lambda _b: self.unfold("rt-open" not in self._blocked._dom_classes)))
        head = box([self._blocked._heading, self.fold], cls=w.HBox, classes=("rt-blocked-head",))
        self._blocked._heading, self._blocked.children = head, (head,)
        self._hidden_for["blocked"] = keep + 1
        self.widget = w.VBox(layout=w.Layout(width="100%", max_height="900px", overflow="auto"),
                             _dom_classes=self.BASE_CLASSES)
        self._set_children()
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    @property
    def action_buttons(self) -> list[w.Button]:
        """Every legal-action Button now shown (in display order)."""
        return [b for b in _walk(self.widget) if isinstance(b, w.Button) and "tutor-action" in b._dom_classes]

    def shown_groups(self) -> dict[str, list[w.Button]]:
        """The action groups shown now (a decision hides the others), each with its enabled legal-action Buttons,
        keyed by the board's group name (``"dice"``, ``"turn-action"``, ``"choice"`` …), in display order. A lesson's
        hint names only a group listed here with at least one Button (trial 19: Spirit Duels lesson 1's hint named
        the "Dice actions" group while a decision hid it)."""
        out: dict[str, list[w.Button]] = {}
        for g, group in self._groups.items():
            if group._rt_hidden:
                continue
            out[g] = [b for b in _walk(group) if isinstance(b, w.Button) and "tutor-action" in b._dom_classes
                      and not b.disabled]
        return out

    def button_for(self, action_id: str) -> w.Button:
        """The Button of the legal action ``action_id`` (KeyError if not shown)."""
        for b in self.action_buttons:
            if b._action_id == action_id:
                return b
        raise KeyError(action_id)

    @staticmethod
    def _part(name: str, widget: w.Widget) -> w.Widget:
        widget._dom_classes = ("rt-apart", f"rt-apart-{name}")
        widget._part, widget._rt_hidden = name, True
        return widget

    def _box(self, name: str, heading_html: str, classes: tuple[str, ...] = ()) -> w.VBox:
        heading = html_widget(heading_html)
        group = self._part(name, box([heading]))
        group._dom_classes += classes
        group._heading, group._rows = heading, []
        return group

    def _group_box(self, g: str) -> w.VBox:
        if g not in self._groups:
            title = self.board.GROUP_TITLES.get(g, g.replace("-", " ").capitalize())
            self._groups[g] = self._box(_css_name(g), f'<div class="rt-group-title rt-g-{g}">{esc(title)}</div>',
                                        ("rt-agrid",))
            self._hidden_for[g] = self.keep + 1
            if hasattr(self, "widget"):  # a group the board's order does not name: added at the end
                self._set_children()
        return self._groups[g]

    def _set_children(self) -> None:
        parts = (self._prompt, self._over, *self._groups.values(), self._blocked)
        self._css.value = "<style>" + " ".join(
            f".rt-actions.rt-show-{p._part} > .rt-apart-{p._part} {{ display: flex; }}" for p in parts) + "</style>"
        self.widget.children = (self._css, self._once, self._head, self.note, *parts)

    def _switch_board(self, game_id: str) -> None:
        """Group the actions as the board of ``game_id`` does (its groups first, in its order): the session now
        shown is of another game (the recorder can start any game's walkthrough). The rows kept for the game left
        go: they hold its clause chips, which the model closes on a change of game (session 44: a recording of
        Spirit Duels, then Spirited, then Spirit Duels again showed the rows kept from the first, with closed chips,
        and the page said an error)."""
        self.rows.clear()
        for group in (*self._groups.values(), self._blocked):
            group.children, group._rows = (group._heading,), []
        self.board, self._board_game = board_for(game_id), game_id
        order = list(self.board.GROUP_ORDER)
        for g in order:
            self._group_box(g)
        self._groups = {g: self._groups[g] for g in order + [g for g in self._groups if g not in order]}
        self._set_children()

    def render(self, opening: bool = False) -> None:
        """Show the session's legal and blocked actions, reusing the rows that did not change (``opening``: the
        blocked lines are about to be unfolded, build them)."""
        s = self.model.session
        if s.game_id != self._board_game:
            self._switch_board(s.game_id)
        over = s.is_over
        waiting = None if over or self.waiting is None else self.waiting(s)
        prompt = waiting or (None if over else self.board.decision_prompt(s))
        if prompt:
            self._prompt.value = f'<div class="rt-prompt">{prov_text(prompt)}</div>'  # a provisional source: †
        hide = over or bool(waiting)
        rows: dict[str, list[_Row]] = {}
        goal: list[str | None] = []  # the lesson's next step, asked once, when a render makes a new row
        # within its group an action that would do nothing now comes last: the useful ones lead the list
        for a in sorted([] if hide else s.legal_actions(), key=lambda a: bool(a.idle)):
            g = self.board.group_of(a.kind)
            key = self._action_key(a, g)
            why = plain_label(f"{a.idle} {a.why}" if a.idle else a.why)  # an empty action says so first
            row = self.rows.get(key, lambda: self._action_row(key, why, self._goal_id(goal) == a.id))
            row._text.tooltip = why  # sent only when it changed
            rows.setdefault(g, []).append(row)
        for g in list(rows):
            self._group_box(g)
        blocked: list[_Row] = []
        seen: dict[tuple, int] = {}
        shut = "rt-open" not in self._blocked._dom_classes and not opening
        # one line per refusal a learner can tell apart: two copies of a card refused for the same reason are one line
        # (new-user trial 34 saw "✕ Play Charm (single)…" twice)
        refusals = [] if hide else list({(b.clause, b.why): b for b in s.blocked_actions()}.values())
        self._n_blocked = len(refusals)
        folded = self.fold_blocked and shut and bool(refusals)  # its lines are not built (see the class doc)
        for b in ([] if folded else refusals):
            what = ("blocked", b.clause, self._clause_title(b.clause))
            seen[what] = seen.get(what, -1) + 1
            key = what + (seen[what],)  # blocked lines citing the same clause get a row each
            why = f'<div class="rt-blocked-text">✕ {prov_text(b.why)}</div>'
            row = self.rows.get(key, lambda: self._blocked_row(key, why))
            row._text.value = why
            blocked.append(row)
        rows["blocked"] = blocked
        if refusals:  # (with none the part is hidden: its count is said when it shows again, one message less)
            self.fold.description = f"Not possible now ({len(refusals)}) {'▸ show' if shut else '▾ hide'}"
        shown = {"prompt"} if prompt else {"over"} if over else set()
        for g, group in [*self._groups.items(), ("blocked", self._blocked)]:
            mine = rows.get(g, [])
            if g == "blocked" and folded:  # its heading and fold button only, the lines let go
                group.children, group._rows = (group._heading,), []
                self._hidden_for[g] = 0
                shown.add(group._part)
            elif mine:
                group.children = (group._heading, *[x for row in mine for x in row.cells])
                group._rows = mine
                if group._part == "turn":  # (two pinned actions, "Gain the advantage" and "Pass": CSS, widgets/table.py)
                    _set_class(group, "rt-two-acts", len(mine) > 1)
                self._hidden_for[g] = 0
                shown.add(group._part)
            else:
                self._hidden_for[g] += 1
                if self._hidden_for[g] > self.keep:  # hidden long enough: let its rows go
                    group.children, group._rows = (group._heading,), []
                for row in group._rows:  # kept while hidden: a decision and back shows them again
                    self.rows.touch(row._key)
        for part in (self._prompt, self._over, *self._groups.values(), self._blocked):
            part._rt_hidden = part._part not in shown
        classes = self.BASE_CLASSES + tuple(f"rt-show-{p}" for p in sorted(shown)) + self._open_class()
        if self.widget._dom_classes != classes:
            self.widget._dom_classes = classes  # one update shows and hides every part
        self.rows.done()
        if self._refocus:
            self._focus_first(rows)

    def _focus_first(self, rows: dict[str, list["_Row"]]) -> None:
        """After the learner took an action, keyboard focus goes to the first legal action shown now (the Button
        clicked is gone, and the browser would put focus back at the top of the page: ten or more Tabs to the next
        choice). Waits, across renders, for a render that shows actions (the computer's replies come first)."""
        for g in self._groups:
            for row in rows.get(g, ()):
                self._refocus = False
                btn = row.cells[0]
                # sent after the other views' updates of this change (SessionModel.after): the page lays itself out
                # once for the focus, not once for it and again for the board's update after it (issue 16)
                self.model.after(lambda: btn.comm is not None and btn.focus())
                return

    def unfold(self, on: bool) -> None:
        """Show (``on``) or fold away the blocked actions on the one-screen table (elsewhere they always show)."""
        if on:
            if self.fold_blocked and self._n_blocked and not self._blocked._rows:
                self.render(opening=True)  # the lines first, then the class that shows them
            self._blocked.add_class("rt-open")
        else:
            self._blocked.remove_class("rt-open")
        _set_class(self.widget, "rt-blocked-open", on)  # (the list's own mark of it, read by CSS: widgets/table.py)
        n = self._n_blocked
        self.fold.description = f"Not possible now ({n}) {'▾ hide' if on else '▸ show'}"

    def _open_class(self) -> tuple[str, ...]:
        """``("rt-blocked-open",)`` while the blocked lines are unfolded: the list's CSS class for it (the table's CSS
        reads it in place of ":has()", which rechecked the list's style at every change of it)."""
        return ("rt-blocked-open",) if "rt-open" in self._blocked._dom_classes else ()

    def _clause_title(self, clause_id: str) -> str:
        cl = self.model.session.game.clauses.get(clause_id)
        return cl.title if cl is not None else clause_id

    def _action_key(self, a: Action, group: str) -> tuple:
        """What identifies an action's row: group, caption, id, clause id and title. The "why" text is not part of
        it: a row whose only change is its why (say "You have 1 AP" after a step) is kept and only its tooltip is
        updated."""
        cost = cost_text(self.model, a.cost) + (" · does nothing now" if a.idle else "")
        # an action that would do nothing now shows the rule that says why (Action.idle_clause)
        clause = a.idle_clause or (a.clauses[0] if a.clauses else None)
        return ("action", group, plain_label(a.label) + cost, a.id, clause, clause and self._clause_title(clause))

    def _goal_id(self, memo: list) -> str | None:
        """The id of the lesson's next step (:attr:`goal_step`), asked once per render (``memo``); None without a
        lesson, or when the lesson cannot say (it marks its rows itself afterwards, and says what went wrong)."""
        if not memo:
            try:
                memo.append(self.goal_step() if self.goal_step is not None else None)
            except Exception:  # noqa: BLE001 - the lesson's own mark, after the render, reports it
                memo.append(None)
        return memo[0]

    def _action_row(self, key: tuple, why: str, goal: bool = False) -> "_Row":
        """An action's Button and its clause chip: two items of its group's wrapping flex box (CSS class
        ``rt-agrid``), no box of their own. The Button's caption is the action's label and cost; its tooltip is the
        "why" sentence, which the page also shows under the caption (CSS ``::after`` from the tooltip), so a row is
        two widgets, and a row whose only change is its why sends one update. ``_action_id`` is the action id."""
        _, group, caption, action_id, clause, _title = key
        idle = caption.endswith(" · does nothing now")
        # an action that would do nothing now is styled quietly (muted grey, CSS class rt-idle), the same in every
        # game: never in its group's colour, which may be the refusal red
        # (its kind, CSS class rt-k-<kind>: a long list folds each group to the first action of each kind,
        # widgets/action_fold.py)
        kind = _css_name(action_id.split(":", 1)[0])
        btn = button(caption, why, classes=("tutor-action", f"rt-b-{group}", f"rt-k-{kind}")
                     + (("rt-idle",) if idle else ()) + ((GOAL_STEP,) if goal else ()))
        btn.on_click(self.model.errors.guard(self._clicked))
        btn._key, btn._action_id, btn._spent = key, action_id, False
        return _Row([btn] + ([clause_chip(self.model, clause)] if clause else []), btn)

    def _clicked(self, btn: w.Button) -> None:
        """A legal-action Button was clicked: take its action, once. The Button is then spent and its row forgotten,
        so the page shows a new Button should the same action be legal again ("End your turn" of the next player):
        the second click of a double click, sent to this Button before the page changed, does nothing."""
        if btn._spent:
            return
        btn._spent = True
        self.rows.forget(btn._key)
        self._refocus = True
        if not self.model.click(btn._action_id):  # refused (not legal now, or another tab plays the page): the
            btn._spent = False                   # Button stays live for a later click

    def _blocked_row(self, key: tuple, why_html: str) -> "_Row":
        _, clause, _title, _n = key
        text = html_widget(why_html)
        line = box([text, clause_chip(self.model, clause)], "line", w.HBox, classes=("tutor-blocked",))
        line._key = key
        return _Row([line], text)


def _set_class(widget: w.Widget, cls: str, on: bool) -> None:
    """Give ``widget`` the CSS class ``cls`` (``on``) or take it away; sends nothing when it already is so."""
    if on and cls not in widget._dom_classes:
        widget.add_class(cls)
    elif not on and cls in widget._dom_classes:
        widget.remove_class(cls)
