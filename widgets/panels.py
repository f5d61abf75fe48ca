"""The board, legal-actions and step-log panels. Each observes a :class:`~widgets.model.SessionModel` and updates
its widget children after a change, keeping the rows that did not change and closing the ones it drops; button
callbacks only call the model. Rows share their layouts and styles (see :func:`widgets.style.layout`), so the page
holds a few widget models per row instead of a dozen.

Stable CSS classes (tests and browser checks rely on them): ``tutor-action`` on each legal-action Button (its
tooltip is the action's "why", which the page shows under its caption), ``tutor-blocked`` on each blocked action,
``tutor-event`` on each event line's text (its clause chip is the next widget: CSS ``.tutor-event + .tutor-clause``),
``tutor-clause`` on each clause chip.
"""
from __future__ import annotations

import re
from functools import lru_cache
from types import ModuleType

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from tutor import Action, Blocked, Event, Session, Step

from .boards import board_for
from .model import SessionModel, clause_chip, log
from .style import box, button, esc, html_widget, layout, plain_label, prov_text, shared_style


class BoardView:
    """The board of the current session (``widget``): one HTML widget per zone of the board (banner, table zones,
    each player, legend), so that after a step only the zones that changed are sent to the page.

    A board module that has ``parts(session)`` (a list of ``(key, html)``: the key names the zone and, before any
    ``:``, its kind, which sets its width: ``wide``, ``zone``, ``player``, ``style`` or full width) is shown zone by
    zone in a box with the module's ``BOARD_CLASSES``; one with only ``render(session)`` is one HTML widget."""

    def __init__(self, model: SessionModel, board: ModuleType) -> None:
        self.model, self.board = model, board
        self._board_game = model.session.game_id
        self._parts: dict[str, w.HTML] = {}
        #: CSS classes the board's box always has (the one-screen table's ``tutor-board``)
        self.classes: tuple[str, ...] = ()
        self.widget = w.Box(layout=w.Layout(width="100%"))
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    @property
    def html(self) -> "_WholeBoard":
        """The whole board's HTML as one string, in ``html.value`` (read only)."""
        return _WholeBoard(self)

    def parts(self) -> list[tuple[str, str]]:
        """``(key, html)`` of every zone of the board now (the board of the session's game: the recorder can switch
        to another game)."""
        s = self.model.session
        if s.game_id != self._board_game:
            self.board, self._board_game = board_for(s.game_id), s.game_id
        if hasattr(self.board, "parts"):
            return list(self.board.parts(s))
        return [("board", self.board.render(s))]

    def render(self) -> None:
        """Redraw the board from the session state: only zones whose HTML changed are sent."""
        parts = self.parts()
        kids = []
        for key, html in parts:
            part = self._parts.get(key)
            if part is None:
                kind = key.split(":")[0]
                # the first zone takes the keyboard's focus: a board that scrolls inside its box scrolls by keys too
                part = self._parts[key] = w.HTML(html, layout=layout("plain"), style=shared_style(HTMLStyle),
                                                 _dom_classes=("rt-bpart", f"rt-bpart-{kind}"),
                                                 tabbable=True if not kids else None)
            else:
                part.value = html  # sent only when it differs
            kids.append(part)
        classes = ("rt-bparts",) + tuple(getattr(self.board, "BOARD_CLASSES", ())) if len(parts) > 1 else ()
        classes += self.classes
        if self.widget._dom_classes != classes:
            self.widget._dom_classes = classes
        self.widget.children = tuple(kids)
        gone = [k for k in self._parts if k not in dict(parts)]
        self.model.retire(*[self._parts.pop(k) for k in gone])


class _WholeBoard:
    """The board's zones joined into one HTML string (``value``), for reading (tests, debugging)."""

    def __init__(self, view: BoardView) -> None:
        self._view = view

    @property
    def value(self) -> str:
        box = self._view.widget
        inner = "".join(x.value for x in box.children)
        return f'<div class="{" ".join(box._dom_classes)}">{inner}</div>' if box._dom_classes else inner


class RowCache:
    """Widgets by key (what they show), kept while shown and for ``keep`` more renders after (a decision and back,
    an undo, often show the same rows again), then closed through :meth:`SessionModel.retire`."""

    def __init__(self, model: SessionModel, keep: int = 3) -> None:
        self.model, self.keep = model, keep
        self.rows: dict[object, w.Widget] = {}
        self._seen: dict[object, int] = {}  # key -> render in which it was last shown
        self._render = 0
        self._dropped: list[w.Widget] = []  # rows forgotten (see forget), retired at the next done()

    def get(self, key: object, make) -> w.Widget:
        """The row of ``key`` (built by ``make()`` when there is none), marked as shown in this render."""
        row = self.rows.get(key)
        if row is None:
            row = self.rows[key] = make()
            row._key = key  # what it shows (tests and debugging)
        self._seen[key] = self._render
        return row

    def forget(self, key: object) -> None:
        """Never show the row of ``key`` again: the next render builds a new one if it needs that key (the row is
        retired at the end of that render, after the page has been told to stop showing it)."""
        row = self.rows.pop(key, None)
        self._seen.pop(key, None)
        if row is not None:
            self._dropped.append(row)

    def done(self) -> None:
        """End of a render: retire the rows not shown in the last ``keep`` + 1 renders, and those forgotten."""
        old = [k for k, n in self._seen.items() if n < self._render - self.keep]
        dropped, self._dropped = self._dropped, []
        self.model.retire(*[self.rows.pop(k) for k in old], *dropped)
        for k in old:
            del self._seen[k]
        self._render += 1

    def touch(self, key: object) -> None:
        """Mark the row of ``key`` as shown in this render (kept, though not shown)."""
        if key in self.rows:
            self._seen[key] = self._render

    def clear(self) -> None:
        """Retire every row."""
        self.model.retire(*self.rows.values())
        self.rows, self._seen = {}, {}


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
    they were (for ``keep`` renders; then a hidden group lets its rows go)."""

    BASE_CLASSES = ("rt-panel", "rt-scroll", "rt-actions", "tutor-actions")

    def __init__(self, model: SessionModel, board: ModuleType, keep: int = 3) -> None:
        self.model, self.board, self.keep = model, board, keep
        self._board_game = model.session.game_id
        self.rows = RowCache(model, keep)  # legal-action and blocked rows
        self._title = html_widget("<h3>What can you do?</h3>")
        self._css = html_widget()
        self._css._dom_classes = ("rt-hidden",)
        self._prompt = self._part("prompt", html_widget())
        self._over = self._part("over", html_widget('<div class="rt-prompt">The game is over. Undo, restart, or '
                                                    "start a new game.</div>"))
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
        self.widget.children = (self._css, self._title, *parts)

    def _switch_board(self, game_id: str) -> None:
        """Group the actions as the board of ``game_id`` does (its groups first, in its order): the session now
        shown is of another game (the recorder can start any game's walkthrough)."""
        self.board, self._board_game = board_for(game_id), game_id
        order = list(self.board.GROUP_ORDER)
        for g in order:
            self._group_box(g)
        self._groups = {g: self._groups[g] for g in order + [g for g in self._groups if g not in order]}
        self._set_children()

    def render(self) -> None:
        """Show the session's legal and blocked actions, reusing the rows that did not change."""
        s = self.model.session
        if s.game_id != self._board_game:
            self._switch_board(s.game_id)
        over = s.is_over
        prompt = None if over else self.board.decision_prompt(s)
        if prompt:
            self._prompt.value = f'<div class="rt-prompt">{esc(prompt)}</div>'
        rows: dict[str, list[_Row]] = {}
        for a in ([] if over else s.legal_actions()):
            g = self.board.group_of(a.kind)
            key = self._action_key(a, g)
            why = plain_label(a.why)
            row = self.rows.get(key, lambda: self._action_row(key, why))
            row._text.tooltip = why  # sent only when it changed
            rows.setdefault(g, []).append(row)
        for g in list(rows):
            self._group_box(g)
        blocked: list[_Row] = []
        seen: dict[tuple, int] = {}
        for b in ([] if over else s.blocked_actions()):
            what = ("blocked", b.clause, self._clause_title(b.clause))
            seen[what] = seen.get(what, -1) + 1
            key = what + (seen[what],)  # blocked lines citing the same clause get a row each
            why = f'<div class="rt-blocked-text">✕ {prov_text(b.why)}</div>'
            row = self.rows.get(key, lambda: self._blocked_row(key, why))
            row._text.value = why
            blocked.append(row)
        rows["blocked"] = blocked
        shut = "rt-open" not in self._blocked._dom_classes
        self.fold.description = f"Not possible now ({len(blocked)}) {'▸ show' if shut else '▾ hide'}"
        shown = {"prompt"} if prompt else {"over"} if over else set()
        for g, group in [*self._groups.items(), ("blocked", self._blocked)]:
            mine = rows.get(g, [])
            if mine:
                group.children = (group._heading, *[x for row in mine for x in row.cells])
                group._rows = mine
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
        classes = self.BASE_CLASSES + tuple(f"rt-show-{p}" for p in sorted(shown))
        if self.widget._dom_classes != classes:
            self.widget._dom_classes = classes  # one update shows and hides every part
        self.rows.done()

    def unfold(self, on: bool) -> None:
        """Show (``on``) or fold away the blocked actions on the one-screen table (elsewhere they always show)."""
        if on:
            self._blocked.add_class("rt-open")
        else:
            self._blocked.remove_class("rt-open")
        n = len(self._blocked._rows)
        self.fold.description = f"Not possible now ({n}) {'▾ hide' if on else '▸ show'}"

    def _clause_title(self, clause_id: str) -> str:
        cl = self.model.session.game.clauses.get(clause_id)
        return cl.title if cl is not None else clause_id

    def _action_key(self, a: Action, group: str) -> tuple:
        """What identifies an action's row: group, caption, id, clause id and title. The "why" text is not part of
        it: a row whose only change is its why (say "You have 1 AP" after a step) is kept and only its tooltip is
        updated."""
        cost = cost_text(self.model, a.cost)
        clause = a.clauses[0] if a.clauses else None
        return ("action", group, plain_label(a.label) + cost, a.id, clause, clause and self._clause_title(clause))

    def _action_row(self, key: tuple, why: str) -> "_Row":
        """An action's Button and its clause chip: two items of its group's wrapping flex box (CSS class
        ``rt-agrid``), no box of their own. The Button's caption is the action's label and cost; its tooltip is the
        "why" sentence, which the page also shows under the caption (CSS ``::after`` from the tooltip), so a row is
        two widgets, and a row whose only change is its why sends one update. ``_action_id`` is the action id."""
        _, group, caption, action_id, clause, _title = key
        btn = button(caption, why, classes=("tutor-action", f"rt-b-{group}"))
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
        self.model.click(btn._action_id)

    def _blocked_row(self, key: tuple, why_html: str) -> "_Row":
        _, clause, _title, _n = key
        text = html_widget(why_html)
        line = box([text, clause_chip(self.model, clause)], "line", w.HBox, classes=("tutor-blocked",))
        line._key = key
        return _Row([line], text)


class _Row:
    """The widgets one row of the actions panel puts in its group (``cells``), and the HTML widget whose text a
    render updates (``_text``). :func:`widgets.style.close_tree` closes its widgets (not the shared chip)."""

    def __init__(self, widgets: list[w.Widget], text: w.Widget, lines: list[tuple[w.Widget, ...]] | None = None
                 ) -> None:
        self.cells, self._text = tuple(widgets), text
        self.lines = lines if lines is not None else [self.cells]  # the cells a line of the page shows together

    @property
    def children(self) -> tuple[w.Widget, ...]:
        return self.cells

    def close(self) -> None:
        """Nothing of its own to close (its widgets are closed as its children)."""


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
    closed when the session is replaced.

    The steps' widgets (a title, then a line per event: its text and its clause chip; no box of their own) are
    children of one box in the order the steps happened (set-up first), each step's lines reversed, which CSS shows
    upside down (``flex-flow: row wrap-reverse``: lines fill from the bottom up): newest step first, each read from
    its title down, each event's chip beside its text. A new step is appended,
    so the page only adds its views (it re-creates the views of every child after the first one that changes, which
    would be every step shown if the new one came first). For the same reason, past ``max_steps`` the oldest steps
    leave ``chunk`` at a time.

    With ``lazy`` (the one-screen table's history, shown only in its drawer) the log is not built while it is not
    shown: a step only marks it out of date, and it catches up when ``lazy`` is set to False (the drawer opens) or
    ``widget`` or :meth:`event_lines` is read. A click then sends the page no history rows it does not show."""

    #: the box of steps is shown upside down by CSS (see above)
    UPSIDE_DOWN = True
    #: the CSS class of a step's title
    STEP_CLASS = "rt-step"

    def _latest_session(self) -> Session:
        """The session shown; when it is another than last time, forget the step boxes of the old one (for the
        views of the latest step only: :class:`LastStep` and the presenter's ``CurrentStep``)."""
        s = self.model.session
        if s is not getattr(self, "_for", None):
            self._steps.clear()
            if self._setup_cache is not None:
                self.model.retire(self._setup_cache[1])
            self._cache, self._setup_cache, self._for = {}, None, s
        return s

    def __init__(self, model: SessionModel, *, show_setup: bool = True, max_steps: int = 40, chunk: int = 10,
                 lazy: bool = False) -> None:
        self.model, self.show_setup, self.max_steps, self.chunk = model, show_setup, max_steps, chunk
        self._cache: dict[Step, w.Widget] = {}  # the steps shown
        self._steps = RowCache(model)  # every step box still open
        self._setup_cache: tuple[int, w.Widget] | None = None
        self._lazy, self._stale = lazy, False
        self._widget = self._frame()
        model.observe(lambda m, change: change != "clause" and self._changed())
        self.render()

    def _changed(self) -> None:
        if self._lazy:
            self._stale = True  # built when shown (see the class doc)
        else:
            self.render()

    def _catch_up(self) -> None:
        if self._stale:
            self._stale = False
            self.render()

    @property
    def lazy(self) -> bool:
        """Whether the log waits until it is shown to build new steps (see the class doc)."""
        return self._lazy

    @lazy.setter
    def lazy(self, value: bool) -> None:
        self._lazy = bool(value)
        if not self._lazy:
            self._catch_up()

    @property
    def widget(self) -> w.Widget:
        """The panel (up to date when read)."""
        self._catch_up()
        return self._widget

    def _frame(self) -> w.VBox:
        """The panel: a heading, a line shown until the first step, and the box of steps."""
        self._head = html_widget('<h3 title="The game is kept only while this page is open: reloading the page starts '
                                 'a new game.">What happened</h3>')
        # in the box of steps, before them: CSS shows it only while it is the last child (no step yet)
        self._empty = w.HTML('<div class="rt-muted">No step yet: pick an action. Each step you take is explained '
                             "here, rule by rule. <b>Reloading the page starts a new game</b>: the game is kept only "
                             "while the page is open.</div>", layout=layout("plain"), style=shared_style(HTMLStyle),
                             _dom_classes=("rt-log-empty",))
        self._more = html_widget()
        self._list = box(classes=("rt-log-steps",))
        return w.VBox([self._head, self._list],
                      layout=w.Layout(width="100%", max_height="560px", overflow="auto"),
                      _dom_classes=("rt-panel", "rt-scroll", "rt-log"))

    def render(self) -> None:
        """Show the log of the session history, building only the steps not shown yet."""
        s = self.model.session
        hist = s.history
        first = 0
        if len(hist) > self.max_steps:  # drop the oldest steps a chunk at a time
            first = -(-(len(hist) - self.max_steps) // self.chunk) * self.chunk
        shown = hist[first:]
        if s is not getattr(self, "_for", None):
            self._steps.clear()
            if self._setup_cache is not None:
                self.model.retire(self._setup_cache[1])
            self._cache, self._setup_cache, self._for = {}, None, s
        self._cache = {st: self._steps.get(st, lambda st=st: self._step_box(st)) for st in shown}
        self._empty._rt_hidden = bool(hist)  # hidden by CSS once a step follows it: no message for that
        kids: list[w.Widget] = []  # in the order they happened, each step's own widgets reversed (see the class doc)
        if self.show_setup and s.setup_events:
            if self._setup_cache is None:
                self._setup_cache = (0, self._events_box("Set-up", "", s.setup_events))
            kids += _upside_down(self._setup_cache[1])
        if first:
            self._more.value = f'<div class="rt-muted">… {first} earlier step{"" if first == 1 else "s"} not shown</div>'
            kids.append(self._more)
        kids.append(self._empty)
        for st in shown:
            kids += _upside_down(self._cache[st])
        self._list.children = tuple(kids)
        self._steps.done()

    def event_lines(self) -> list[tuple[w.HTML, w.Button]]:
        """The event lines shown, in the order the page shows them (newest step first): ``(text, chip)`` each, the
        text an HTML widget with CSS class ``tutor-event``, the chip its clause's Button."""
        self._catch_up()
        kids = self._list.children
        pairs = [(x, kids[i + 1]) for i, x in enumerate(kids[:-1]) if "tutor-event" in x._dom_classes]
        return pairs[::-1] if self.UPSIDE_DOWN else pairs

    def _step_box(self, st: Step) -> "_Row":
        a = st.action
        cost = cost_text(self.model, a.cost)
        head = f"Step {st.index + 1} · Player {a.actor + 1}: {prov_text(a.label)}"
        return self._events_box(head, f"<small>{cost}</small>", st.events, escaped=True)

    def _events_box(self, head: str, small: str, events, escaped: bool = False) -> "_Row":
        """A step's widgets (no box of their own): its title, then a line per event (``lines``: the title alone,
        then each event's text and chip)."""
        title = html_widget(f'<div class="{self.STEP_CLASS}">{head if escaped else esc(head)}{small}</div>')
        lines = [(title,)] + [self._event_line(e) for e in events]
        return _Row([x for line in lines for x in line], title, lines)

    def _event_line(self, e: Event) -> tuple[w.Widget, w.Widget]:
        """An event's text (CSS class ``tutor-event``) and its clause chip: two items of the box of steps, which
        CSS lays out as lines (no box per event)."""
        text = w.HTML(event_html(self.model.session, e), layout=layout("plain"), style=shared_style(HTMLStyle),
                      _dom_classes=("tutor-event",))
        return text, clause_chip(self.model, e.clause)


def _upside_down(row: _Row) -> list[w.Widget]:
    """A step's widgets for the box of steps, which CSS shows upside down (lines from the bottom up, see
    :class:`StepLog`): its lines reversed, each line's own widgets (text, then chip) in order."""
    return [x for line in reversed(row.lines) for x in line]


def event_html(session, e: Event) -> str:
    """An event line's HTML: its tags (auto, ruling, provisional), its text and its ability-graph links."""
    cl = session.game.clauses.get(e.clause)
    tags = '<span class="rt-tag rt-auto" title="the rules did this on their own">auto</span>' if e.automatic else ""
    if cl is not None and cl.kind == "ruling":
        tags += f'<span class="rt-tag rt-ruling" title="{esc(cl.reason)}">ruling</span>'
    elif cl is not None and cl.kind == "provisional":
        tags += f'<span class="rt-tag rt-provk" title="{esc(cl.reason)}">provisional</span>'
    return f'<div class="rt-ev">{tags}{prov_text(e.text)}{graph_links(session, e.cards)}</div>'


def warm_up(session, board: ModuleType) -> None:
    """Run once, while the page is built, what a first click runs, on a scratch copy of ``session``: the engine's
    first step (its lazily imported modules, first-use caches), the board and an event line (the ability-graph card
    names are read from disk once). A page is one fresh kernel, so otherwise the learner's first click would pay
    for all of it. Never fails the page: any problem is left for the real click to show."""
    from tutor import Session
    try:
        _graph_cards(session.game_id, session.game.options.get("cards"))
        state = type(session.state).model_validate_json(session.state.model_dump_json())
        scratch = Session(session.game, state)
        legal = scratch.legal_actions()
        scratch.blocked_actions()
        if legal:
            step = scratch.apply(legal[0])
            scratch.legal_actions()
            scratch.blocked_actions()
            for e in step.events:
                event_html(scratch, e)
        (board.parts if hasattr(board, "parts") else board.render)(scratch)
        board.decision_prompt(scratch)
    except Exception as exc:  # noqa: BLE001 - a warm-up only; the click itself reports errors
        log.debug("warm-up skipped: %s", exc)


def _css_name(name: str) -> str:
    """``name`` as a CSS class fragment (lower case letters, digits and hyphens)."""
    return re.sub(r"[^a-z0-9-]", "-", name.lower())


def _walk(widget: w.Widget):
    """Every widget the page shows under ``widget`` (depth first, itself included): hidden ones (CSS class
    ``rt-hidden``, or a part of the actions panel its classes hide) and what is under them are left out."""
    if getattr(widget, "_rt_hidden", False) or "rt-hidden" in getattr(widget, "_dom_classes", ()):
        return
    yield widget
    for c in getattr(widget, "children", ()):
        yield from _walk(c)


class LastStep(StepLog):
    """The events of the last step only (before the first step: the set-up events, or ``intro`` when given, e.g. a
    lesson's introduction), each with its clause chip (rows built by :class:`StepLog`, CSS class ``tutor-event``),
    read from the top. Like the step log, it keeps each step's widgets in its row cache: an undo and a redo show
    the same widgets again, and those not shown for a few renders are closed.

    ``widget`` is the panel: a head line (``heading`` and the step's title, then ``tools``, e.g. the buttons that
    open the history) and the box of the step's lines (CSS class ``rt-current-step``). The step's title has CSS
    class ``rt-step-now`` (not ``rt-step``, which the history's step titles have): a page shows each step once in
    its history. ``classes`` are added to the panel's CSS classes (the learn page's ``tutor-last-step``)."""

    UPSIDE_DOWN = False  # one step, read from the top
    STEP_CLASS = "rt-step-now"

    def __init__(self, model: SessionModel, *, heading: str = "What just happened", before: str = "Before the first "
                 "step", tools: tuple[w.Widget, ...] = (), intro: w.Widget | None = None,
                 classes: tuple[str, ...] = ()) -> None:
        self._heading, self._before_text, self._tools, self._intro = heading, before, tools, intro
        self._classes = classes
        super().__init__(model, show_setup=True, max_steps=1)

    def _frame(self) -> w.Widget:
        self._title = html_widget()
        self._list = box(classes=("rt-scroll", "rt-current-step"))
        head = box([self._title, *self._tools], cls=w.HBox, classes=("rt-last-head",))
        return box([head, self._list], classes=("rt-panel", *self._classes))

    def render(self) -> None:
        """Show the latest step's events (reusing the step's box when it was shown before)."""
        s = self._latest_session()
        hist = s.history
        if hist:
            st = hist[-1]
            self._cache = {st: self._steps.get(st, lambda: self._step_box(st))}
            kids = tuple(self._cache[st].cells)
            title = f'<span class="rt-last-title">{esc(self._heading)}</span>'
        else:
            self._cache = {}
            if self._intro is not None:
                kids = (self._intro,)
            else:
                if self._setup_cache is None:
                    self._setup_cache = (0, self._events_box("Set-up", "", s.setup_events))
                kids = tuple(self._setup_cache[1].cells)
            title = f'<span class="rt-last-title">{esc(self._before_text)}</span>'
        self._title.value = title
        self._list.children = kids
        self._steps.done()
