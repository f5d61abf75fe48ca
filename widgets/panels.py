"""The board, legal-actions and step-log panels. Each observes a :class:`~widgets.model.SessionModel` and rebuilds
its widget children whole after a change; button callbacks only call the model.

Stable CSS classes (tests and browser checks rely on them): ``tutor-action`` on each legal-action Button,
``tutor-blocked`` on each blocked action, ``tutor-event`` on each event line, ``tutor-clause`` on each clause chip.
"""
from __future__ import annotations

from types import ModuleType

import ipywidgets as w

from tutor import Action, Blocked, Event, Step

from .model import SessionModel, clause_chip
from .style import esc, plain_label, prov_text


class BoardView:
    """The board of the current session, as one HTML widget (``widget``)."""

    def __init__(self, model: SessionModel, board: ModuleType) -> None:
        self.model, self.board = model, board
        self.html = w.HTML()
        self.widget = w.Box([self.html], layout=w.Layout(width="100%"))
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    def render(self) -> None:
        """Redraw the board from the session state."""
        self.html.value = self.board.render(self.model.session)


class ActionsPanel:
    """Legal actions grouped by kind (a Button each, with cost, why and a clause chip), then blocked actions greyed
    with the reason and the forbidding clause. A pending decision shows its prompt first."""

    def __init__(self, model: SessionModel, board: ModuleType) -> None:
        self.model, self.board = model, board
        self.widget = w.VBox(layout=w.Layout(width="100%", max_height="900px", overflow="auto"))
        self.widget.add_class("rt-panel")
        self.widget.add_class("rt-scroll")
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    @property
    def action_buttons(self) -> list[w.Button]:
        """Every legal-action Button now shown (in display order)."""
        return [b for b in _walk(self.widget) if isinstance(b, w.Button) and "tutor-action" in b._dom_classes]

    def button_for(self, action_id: str) -> w.Button:
        """The Button of the legal action ``action_id`` (KeyError if not shown)."""
        for b in self.action_buttons:
            if b.tooltip and b.tooltip.endswith(f"[{action_id}]"):
                return b
        raise KeyError(action_id)

    def render(self) -> None:
        """Rebuild the panel from the session's legal and blocked actions."""
        s = self.model.session
        kids: list[w.Widget] = [w.HTML("<h3>What can you do?</h3>")]
        if s.is_over:
            kids.append(w.HTML('<div class="rt-prompt">The game is over. Undo, restart, or start a new game.</div>'))
            self.widget.children = tuple(kids)
            return
        prompt = self.board.decision_prompt(s)
        if prompt:
            kids.append(w.HTML(f'<div class="rt-prompt">{esc(prompt)}</div>'))
        groups: dict[str, list[Action]] = {}
        for a in s.legal_actions():
            groups.setdefault(self.board.group_of(a.kind), []).append(a)
        order = list(self.board.GROUP_ORDER) + sorted(set(groups) - set(self.board.GROUP_ORDER))
        for g in order:
            if g not in groups:
                continue
            title = self.board.GROUP_TITLES.get(g, g.replace("-", " ").capitalize())
            kids.append(w.HTML(f'<div class="rt-group-title rt-g-{g}">{esc(title)}</div>'))
            kids += [self._action_row(a, g) for a in groups[g]]
        blocked = s.blocked_actions()
        if blocked:
            kids.append(w.HTML('<div class="rt-group-title rt-g-other">Not possible now</div>'))
            kids += [self._blocked_row(b) for b in blocked]
        self.widget.children = tuple(kids)

    def _action_row(self, a: Action, group: str) -> w.Widget:
        cost = "" if a.cost is None else (" · free" if a.cost == 0 else f" · {a.cost} AP")
        btn = w.Button(description=plain_label(a.label) + cost, tooltip=f"{a.label} [{a.id}]",
                       layout=w.Layout(width="auto", max_width="100%"))
        btn.add_class("tutor-action")
        btn.add_class(f"rt-b-{group}")
        btn.on_click(self.model.errors.guard(lambda _b, aid=a.id: self.model.apply(aid)))
        why = w.HTML(f'<div class="rt-why">{prov_text(a.why)}</div>')
        chips = [clause_chip(self.model, a.clauses[0])] if a.clauses else []
        row = w.VBox([btn, w.HBox([why] + chips, layout=w.Layout(align_items="center", flex_flow="row wrap"))],
                     layout=w.Layout(margin="2px 0 4px 0"))
        return row

    def _blocked_row(self, b: Blocked) -> w.Widget:
        text = w.HTML(f'<div class="rt-blocked-text">✕ {prov_text(b.why)}</div>')
        row = w.HBox([text, clause_chip(self.model, b.clause)],
                     layout=w.Layout(align_items="center", flex_flow="row wrap"))
        row.add_class("tutor-blocked")
        return row


class StepLog:
    """Every event of every step, newest step on top; automatic events tagged "auto", rulings "ruling", each with
    its clause chip. Rows are cached per step, so a new step only builds its own rows."""

    def __init__(self, model: SessionModel, *, show_setup: bool = True, max_steps: int = 40) -> None:
        self.model, self.show_setup, self.max_steps = model, show_setup, max_steps
        self._cache: dict[Step, w.Widget] = {}
        self._setup_cache: tuple[int, w.Widget] | None = None
        self.widget = w.VBox(layout=w.Layout(width="100%", max_height="560px", overflow="auto"))
        self.widget.add_class("rt-panel")
        self.widget.add_class("rt-scroll")
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    def render(self) -> None:
        """Rebuild the log from the session history."""
        s = self.model.session
        hist = s.history
        shown = hist[-self.max_steps:]
        if self.model.session is not getattr(self, "_for", None):
            self._cache, self._setup_cache, self._for = {}, None, self.model.session
        self._cache = {st: self._cache.get(st) or self._step_box(st) for st in shown}
        kids: list[w.Widget] = [w.HTML("<h3>What happened</h3>")]
        if not hist:
            kids.append(w.HTML('<div class="rt-muted">No step yet: pick an action. Each step you take is '
                               "explained here, rule by rule.</div>"))
        kids += [self._cache[st] for st in reversed(shown)]
        if len(hist) > len(shown):
            kids.append(w.HTML(f'<div class="rt-muted">… {len(hist) - len(shown)} earlier step(s) not shown</div>'))
        if self.show_setup and s.setup_events:
            if self._setup_cache is None:
                self._setup_cache = (0, self._events_box("Set-up", "", s.setup_events))
            kids.append(self._setup_cache[1])
        self.widget.children = tuple(kids)

    def _step_box(self, st: Step) -> w.Widget:
        a = st.action
        cost = "" if a.cost is None else (" · free" if a.cost == 0 else f" · {a.cost} AP")
        head = f"Step {st.index + 1} · Player {a.actor + 1}: {prov_text(a.label)}"
        return self._events_box(head, f"<small>{cost}</small>", st.events, escaped=True)

    def _events_box(self, head: str, small: str, events, escaped: bool = False) -> w.Widget:
        title = head if escaped else esc(head)
        rows: list[w.Widget] = [w.HTML(f'<div class="rt-step">{title}{small}</div>')]
        rows += [self._event_row(e) for e in events]
        return w.VBox(rows)

    def _event_row(self, e: Event) -> w.Widget:
        cl = self.model.session.game.clauses.get(e.clause)
        tags = '<span class="rt-tag rt-auto" title="the rules did this on their own">auto</span>' if e.automatic \
            else ""
        if cl is not None and cl.kind == "ruling":
            tags += f'<span class="rt-tag rt-ruling" title="{esc(cl.reason)}">ruling</span>'
        elif cl is not None and cl.kind == "provisional":
            tags += f'<span class="rt-tag rt-provk" title="{esc(cl.reason)}">provisional</span>'
        text = w.HTML(f'<div class="rt-ev">{tags}{prov_text(e.text)}</div>')
        row = w.HBox([text, clause_chip(self.model, e.clause)],
                     layout=w.Layout(align_items="center", flex_flow="row wrap"))
        row.add_class("tutor-event")
        return row


def _walk(widget: w.Widget):
    """Every widget under ``widget`` (depth first), itself included."""
    yield widget
    for c in getattr(widget, "children", ()):
        yield from _walk(c)
