"""The board, legal-actions and step-log panels. Each observes a :class:`~widgets.model.SessionModel` and updates
its widget children after a change, keeping the rows that did not change and closing the ones it drops; button
callbacks only call the model. Rows share their layouts and styles (see :func:`widgets.style.layout`), so the page
holds a few widget models per row instead of a dozen.

Stable CSS classes (tests and browser checks rely on them): ``tutor-action`` on each legal-action Button,
``tutor-blocked`` on each blocked action, ``tutor-event`` on each event line, ``tutor-clause`` on each clause chip.
"""
from __future__ import annotations

from functools import lru_cache
from types import ModuleType

import ipywidgets as w

from tutor import Action, Blocked, Event, Step

from .boards import board_for
from .model import SessionModel, clause_chip
from .style import box, button, esc, html_widget, plain_label, prov_text


class BoardView:
    """The board of the current session, as one HTML widget (``widget``)."""

    def __init__(self, model: SessionModel, board: ModuleType) -> None:
        self.model, self.board = model, board
        self.html = html_widget()
        self.widget = w.Box([self.html], layout=w.Layout(width="100%"))
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    def render(self) -> None:
        """Redraw the board from the session state."""
        self.html.value = self.board.render(self.model.session)


class RowCache:
    """Widgets by key (what they show), kept while shown and for ``keep`` more renders after (a decision and back,
    an undo, often show the same rows again), then closed through :meth:`SessionModel.retire`."""

    def __init__(self, model: SessionModel, keep: int = 3) -> None:
        self.model, self.keep = model, keep
        self.rows: dict[object, w.Widget] = {}
        self._seen: dict[object, int] = {}  # key -> render in which it was last shown
        self._render = 0

    def get(self, key: object, make) -> w.Widget:
        """The row of ``key`` (built by ``make()`` when there is none), marked as shown in this render."""
        row = self.rows.get(key)
        if row is None:
            row = self.rows[key] = make()
            row._key = key  # what it shows (tests and debugging)
        self._seen[key] = self._render
        return row

    def done(self) -> None:
        """End of a render: retire the rows not shown in the last ``keep`` + 1 renders."""
        old = [k for k, n in self._seen.items() if n < self._render - self.keep]
        self.model.retire(*[self.rows.pop(k) for k in old])
        for k in old:
            del self._seen[k]
        self._render += 1

    def clear(self) -> None:
        """Retire every row."""
        self.model.retire(*self.rows.values())
        self.rows, self._seen = {}, {}


class ActionsPanel:
    """Legal actions grouped by kind (a Button each, with cost, why and a clause chip), then blocked actions greyed
    with the reason and the forbidding clause. A pending decision shows its prompt first.

    Rows are kept between renders, keyed by what they show (an action whose id, caption, cost, why and clause are
    unchanged keeps its widgets), and closed a few renders after they disappear. Rows share layouts and styles."""

    def __init__(self, model: SessionModel, board: ModuleType) -> None:
        self.model, self.board = model, board
        self.widget = w.VBox(layout=w.Layout(width="100%", max_height="900px", overflow="auto"),
                             _dom_classes=("rt-panel", "rt-scroll"))
        self.rows = RowCache(model)  # legal-action and blocked rows
        self._headings: dict[str, w.HTML] = {}  # fixed headings (panel and group titles) by their HTML
        self._prompt = html_widget()
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

    def _heading(self, html: str) -> w.HTML:
        if html not in self._headings:
            self._headings[html] = html_widget(html)
        return self._headings[html]

    def render(self) -> None:
        """Show the session's legal and blocked actions, reusing the rows that did not change."""
        s = self.model.session
        kids: list[w.Widget] = [self._heading("<h3>What can you do?</h3>")]
        if s.is_over:
            kids.append(self._heading('<div class="rt-prompt">The game is over. Undo, restart, or start a new game.'
                                      "</div>"))
        else:
            prompt = self.board.decision_prompt(s)
            if prompt:
                self._prompt.value = f'<div class="rt-prompt">{esc(prompt)}</div>'
                kids.append(self._prompt)
            groups: dict[str, list[Action]] = {}
            for a in s.legal_actions():
                groups.setdefault(self.board.group_of(a.kind), []).append(a)
            order = list(self.board.GROUP_ORDER) + sorted(set(groups) - set(self.board.GROUP_ORDER))
            for g in order:
                if g not in groups:
                    continue
                title = self.board.GROUP_TITLES.get(g, g.replace("-", " ").capitalize())
                kids.append(self._heading(f'<div class="rt-group-title rt-g-{g}">{esc(title)}</div>'))
                for a in groups[g]:
                    key = self._action_key(a, g)
                    kids.append(self.rows.get(key, lambda: self._action_row(key)))
            blocked = s.blocked_actions()
            if blocked:
                kids.append(self._heading('<div class="rt-group-title rt-g-other">Not possible now</div>'))
                seen: dict[tuple, int] = {}
                for b in blocked:
                    what = ("blocked", prov_text(b.why), b.clause, self._clause_title(b.clause))
                    seen[what] = seen.get(what, -1) + 1
                    key = what + (seen[what],)  # equal blocked lines get a row each
                    kids.append(self.rows.get(key, lambda: self._blocked_row(key)))
        self.widget.children = tuple(kids)
        self.rows.done()

    def _clause_title(self, clause_id: str) -> str:
        cl = self.model.session.game.clauses.get(clause_id)
        return cl.title if cl is not None else clause_id

    def _action_key(self, a: Action, group: str) -> tuple:
        """What an action's row shows: group, caption, tooltip (with the id), id, why, clause id and title."""
        cost = cost_text(self.model, a.cost)
        clause = a.clauses[0] if a.clauses else None
        return ("action", group, plain_label(a.label) + cost, f"{a.label} [{a.id}]", a.id, prov_text(a.why), clause,
                clause and self._clause_title(clause))

    def _action_row(self, key: tuple) -> w.Widget:
        _, group, caption, tooltip, action_id, why, clause, _title = key
        btn = button(caption, tooltip, classes=("tutor-action", f"rt-b-{group}"))
        btn.on_click(self.model.errors.guard(lambda _b, aid=action_id: self.model.click(aid)))
        kids = [btn, html_widget(f'<div class="rt-why">{why}</div>')]
        if clause:
            kids.append(clause_chip(self.model, clause))
        return box(kids, "action-row", w.Box, classes=("rt-arow",))

    def _blocked_row(self, key: tuple) -> w.Widget:
        _, why, clause, _title, _n = key
        text = html_widget(f'<div class="rt-blocked-text">✕ {why}</div>')
        return box([text, clause_chip(self.model, clause)], "line", w.HBox, classes=("tutor-blocked",))


@lru_cache(maxsize=8)
def _graph_cards(game_id: str, cards: str | None) -> dict[str, str]:
    from tutor.interactions_cards import READERS
    reader = READERS.get(game_id)
    return {r.id: r.label for r in reader(cards)} if reader else {}


def graph_links(session, cards: tuple[str, ...]) -> str:
    """Links from an event to the ability-graph nodes of the cards it involves (``tutor-graph-link``), or ``""``.
    Only cards that are graph nodes (cards with abilities or effects) get one."""
    try:
        known = _graph_cards(session.game_id, session.game.options.get("cards"))
    except Exception:  # a card file the graph cannot read: no links, the event still shows
        return ""
    out = []
    for card in dict.fromkeys(cards):
        if card in known:
            node = f"{session.game_id}:{card}"
            out.append(f'<a class="rt-glink tutor-graph-link" href="ability-graph.ipynb?node={esc(node)}" '
                       f'target="_blank" title="{esc(known[card])} in the ability graph: what it affects and what '
                       f'affects it">&#8599; {esc(known[card])}</a>')
    return "".join(out[:3])


def cost_text(model: SessionModel, cost: int | None) -> str:
    """``" · 2 AP"``, ``" · free"`` or ``""``, in the game's own cost unit (``Game.cost_unit``)."""
    if cost is None:
        return ""
    if cost == 0:
        return " · free"
    return f" · {cost} {model.session.game.cost_unit}"


class StepLog:
    """Every event of every step, newest step on top; automatic events tagged "auto", rulings "ruling", each with
    its clause chip. Rows are cached per step, so a new step only builds its own rows; the rows of a step no longer
    shown (undone, too old) are kept a few renders (a redo shows them again), then closed, and all of them are
    closed when the session is replaced."""

    def __init__(self, model: SessionModel, *, show_setup: bool = True, max_steps: int = 40) -> None:
        self.model, self.show_setup, self.max_steps = model, show_setup, max_steps
        self._cache: dict[Step, w.Widget] = {}  # the steps shown
        self._steps = RowCache(model)  # every step box still open
        self._setup_cache: tuple[int, w.Widget] | None = None
        self._head = html_widget("<h3>What happened</h3>")
        self._empty = html_widget('<div class="rt-muted">No step yet: pick an action. Each step you take is '
                                  "explained here, rule by rule.</div>")
        self._more = html_widget()
        self.widget = w.VBox(layout=w.Layout(width="100%", max_height="560px", overflow="auto"),
                             _dom_classes=("rt-panel", "rt-scroll"))
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    def render(self) -> None:
        """Show the log of the session history, building only the steps not shown yet."""
        s = self.model.session
        hist = s.history
        shown = hist[-self.max_steps:]
        if s is not getattr(self, "_for", None):
            self._steps.clear()
            if self._setup_cache is not None:
                self.model.retire(self._setup_cache[1])
            self._cache, self._setup_cache, self._for = {}, None, s
        self._cache = {st: self._steps.get(st, lambda st=st: self._step_box(st)) for st in shown}
        kids: list[w.Widget] = [self._head]
        if not hist:
            kids.append(self._empty)
        kids += [self._cache[st] for st in reversed(shown)]
        if len(hist) > len(shown):
            self._more.value = f'<div class="rt-muted">… {len(hist) - len(shown)} earlier step(s) not shown</div>'
            kids.append(self._more)
        if self.show_setup and s.setup_events:
            if self._setup_cache is None:
                self._setup_cache = (0, self._events_box("Set-up", "", s.setup_events))
            kids.append(self._setup_cache[1])
        self.widget.children = tuple(kids)
        self._steps.done()

    def _step_box(self, st: Step) -> w.Widget:
        a = st.action
        cost = cost_text(self.model, a.cost)
        head = f"Step {st.index + 1} · Player {a.actor + 1}: {prov_text(a.label)}"
        return self._events_box(head, f"<small>{cost}</small>", st.events, escaped=True)

    def _events_box(self, head: str, small: str, events, escaped: bool = False) -> w.Widget:
        title = head if escaped else esc(head)
        rows: list[w.Widget] = [html_widget(f'<div class="rt-step">{title}{small}</div>')]
        rows += [self._event_row(e) for e in events]
        return box(rows)

    def _event_row(self, e: Event) -> w.Widget:
        cl = self.model.session.game.clauses.get(e.clause)
        tags = '<span class="rt-tag rt-auto" title="the rules did this on their own">auto</span>' if e.automatic \
            else ""
        if cl is not None and cl.kind == "ruling":
            tags += f'<span class="rt-tag rt-ruling" title="{esc(cl.reason)}">ruling</span>'
        elif cl is not None and cl.kind == "provisional":
            tags += f'<span class="rt-tag rt-provk" title="{esc(cl.reason)}">provisional</span>'
        links = graph_links(self.model.session, e.cards)
        text = html_widget(f'<div class="rt-ev">{tags}{prov_text(e.text)}{links}</div>')
        return box([text, clause_chip(self.model, e.clause)], "line", w.HBox, classes=("tutor-event",))


def _walk(widget: w.Widget):
    """Every widget under ``widget`` (depth first), itself included."""
    yield widget
    for c in getattr(widget, "children", ()):
        yield from _walk(c)
