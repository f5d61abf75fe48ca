"""The step log: every step so far (action, why, and each event with its clause chip), newest first (the events of
the last step only: :class:`widgets.last_step.LastStep`, built from the same rows).
"""
from __future__ import annotations

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from tutor import Event, Session, Step, view
from tutor.step_words import one_phrase, past_sentence, step_sentence

from .history_turns import TURNS_CSS, turn_widget, turns
from .model import SessionModel, clause_chip
from .style import box, button, esc, html_widget, layout, prov_text, shared_style
from .rows import RowCache, _Row, cost_text, event_html, shown_events, shown_label


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
    #: The ids of the clauses whose lines a lesson checks (its ``check.fired``, set by the lesson runner): their lines
    #: carry CSS class ``rt-check-ev`` (:func:`~widgets.rows.event_html`), which the strip folds last
    checked: frozenset[str] = frozenset()

    def _latest_session(self) -> Session:
        """The session shown; when it is another than last time, forget the step boxes of the old one (for the
        views of the latest step only: :class:`LastStep` and the presenter's ``CurrentStep``)."""
        s = self.model.session
        if s is not getattr(self, "_for", None):
            self._steps.clear()
            if self._setup_cache is not None:
                self.model.retire(self._setup_cache[1])
            self._cache, self._setup_cache, self._for = {}, None, s
            self.model.retire(*self._turns.values())
            self._turns = {}
        return s

    def __init__(self, model: SessionModel, *, show_setup: bool = True, max_steps: int = 40, chunk: int = 10,
                 lazy: bool = False) -> None:
        self.model, self.show_setup, self.max_steps, self.chunk = model, show_setup, max_steps, chunk
        self._cache: dict[Step, w.Widget] = {}  # the steps shown
        self._steps = RowCache(model)  # every step box still open
        self._setup_cache: tuple[int, w.Widget] | None = None
        self._lazy, self._stale = lazy, False
        self._all = False  # the whole game shown (show_all)
        self._turns: dict[tuple[int, int], w.HTML] = {}  # (first, last step index) -> the turn's folded line
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
        # the line that says how many earlier steps there are and opens them (the whole game, one folded line per
        # turn: widgets/history_turns.py, newuser42), or folds them away again
        self._more = button("", "Show every earlier step of this game, one folded line per turn", icon="history",
                            classes=("rt-log-more",))
        self._more.on_click(self.model.errors.guard(lambda _b: self.show_all(not self._all)))
        css = w.HTML(f"<style>{TURNS_CSS}</style>", _dom_classes=("rt-hidden",))
        self._list = box(classes=("rt-log-steps",))
        return w.VBox([self._head, css, self._list],
                      layout=w.Layout(width="100%", max_height="560px", overflow="auto"),
                      _dom_classes=("rt-panel", "rt-scroll", "rt-log"))

    def render(self) -> None:
        """Show the log of the session history, building only the steps not shown yet."""
        s = self._latest_session()
        hist = s.history
        first = 0
        if len(hist) > self.max_steps:  # drop the oldest steps a chunk at a time
            first = -(-(len(hist) - self.max_steps) // self.chunk) * self.chunk
        shown = hist[first:]
        self._cache = {st: self._steps.get(st, lambda st=st: self._step_box(st)) for st in shown}
        self._empty._rt_hidden = bool(hist)  # hidden by CSS once a step follows it: no message for that
        kids: list[w.Widget] = []  # in the order they happened, each step's own widgets reversed (see the class doc)
        gone: list[w.Widget] = []  # earlier turns shown no more (closed once the page has the new children)
        if self.show_setup and s.setup_events:
            if self._setup_cache is None:
                self._setup_cache = (0, self._events_box("Set-up", "", s.setup_events))
            kids += _upside_down(self._setup_cache[1])
        if first:
            turns_now = {(r[0].index, r[-1].index): r for r in turns(hist[:first])} if self._all else {}
            for key, run in turns_now.items():  # (one widget per turn, built once: widgets/history_turns.py)
                if key not in self._turns:
                    self._turns[key] = turn_widget(self, run)
                kids.append(self._turns[key])
            gone = [self._turns.pop(k) for k in [k for k in self._turns if k not in turns_now]]
            n = f'{first} earlier step{"" if first == 1 else "s"}'
            self._more.description = f"Fold the {n} away" if self._all else f"… {n}: show them, by turn"
            kids.append(self._more)
        kids.append(self._empty)
        for st in shown:
            kids += _upside_down(self._cache[st])
        self._list.children = tuple(kids)
        self.model.retire(*gone)
        self._steps.done()

    def show_all(self, on: bool = True) -> None:
        """Show the whole game (``on``): the steps older than the newest :attr:`max_steps` too, one folded line per
        turn (:mod:`widgets.history_turns`); or only the newest again."""
        self._all = bool(on)
        self._changed()

    def event_lines(self) -> list[tuple[w.HTML, w.Button]]:
        """The event lines shown, in the order the page shows them (newest step first): ``(text, chip)`` each, the
        text an HTML widget with CSS class ``tutor-event``, the chip its clause's Button."""
        self._catch_up()
        kids = self.lines()
        pairs = [(x, kids[i + 1]) for i, x in enumerate(kids[:-1]) if "tutor-event" in x._dom_classes]
        return pairs[::-1] if self.UPSIDE_DOWN else pairs

    def lines(self) -> list[w.Widget]:
        """The widgets of the box of steps, in the order of its children."""
        return list(self._list.children)

    #: ``(session) -> set[int]`` or None, set by the free-play seats: the seats a person at this screen plays. A step
    #: of any other seat (the computer's) is titled in the third person: "Player 2 (computer) destroys their
    #: Takayama", never the label written to the player choosing ("Destroy your Takayama"); None: every seat is a
    #: person's (lessons, hot seat) and a step's title is its label.
    mine = None
    #: How a step of a seat no person at this screen plays names its actor, in the present tense (``{n}``: the seat's
    #: number from 1; a teacher's walkthrough: "Player {n}"), or None: the computer's step, said in the past tense.
    OTHER = None
    #: A computer step's actor when one seat is the computer's, and when more are (``{n}``: its seat from 1).
    COMPUTER = "The computer"
    COMPUTERS = "The computer (Player {n})"

    def set_people(self, mine) -> None:
        """Set :attr:`mine` (``(session) -> set[int]``, the seats a person plays) and title again the steps shown
        (a game resumed on the computer's step was drawn before the page knew whose seats are whose)."""
        self.mine = mine
        for key in list(self._steps.rows):
            self._steps.forget(key)
        if getattr(self, "_setup_cache", None) is not None:  # (its lines too: a hidden hand's draws, Event.public)
            # retired at the end of the next render, once the page shows the new lines: a folded History renders
            # when opened, and a closed widget still among a box's children breaks the page's next load
            self._steps._dropped.append(self._setup_cache[1])
            self._setup_cache = None
        self._steps._dropped.extend(self._turns.values())  # (the earlier turns' words too)
        self._turns = {}
        self._changed()

    #: ``(session, step) -> str`` (HTML, "" for none), set by the free-play seats: the line (CSS class
    #: ``rt-step-note``) that follows a step's own action line, e.g. why the computer chose its move. Every step's row
    #: carries its own (newuser42: with Auto on, only the computer's last step of a turn kept its "Why the computer
    #: chose this", and the History showed none).
    annotate = None

    def _step_box(self, st: Step) -> "_Row":
        row = self._events_box(*self._step_title(st), st.events, escaped=True)
        note = self.annotate(self.model.session, st) if self.annotate is not None else ""
        if note:  # after the step's own action line and chip, before what the rules did on their own (newuser29)
            text = w.HTML(note, layout=layout("plain"), style=shared_style(HTMLStyle), _dom_classes=("rt-step-note",))
            at = min(2, len(row.lines))
            row.lines.insert(at, (text,))
            row.cells = tuple(x for line in row.lines for x in line)
            row.note = text
        return row

    def _step_title(self, st: Step) -> tuple[str, str]:
        """A step's title (HTML) and its cost (HTML, ``<small>``): "Step 3 · Player 1: Attract Gonga", " · 1 AP"."""
        a = st.action
        cost = cost_text(self.model, a.cost)
        people = self.mine(self.model.session) if self.mine is not None else None
        if people is not None and a.actor not in people:
            # what the computer did, in the past tense, from its action's label (trial 17, U3): "The computer
            # attracted Ruby", "The computer ended its turn"; with two computer seats or more, which one
            others = self.model.session.game.players - len(people)
            # its hand hidden: what the learner may know of it (trials 22 and 24: "set aside Blitzrush", "kept Spirit
            # Cloak (single)")
            label = shown_label(self.model.session, a)
            if self.OTHER is not None:  # (a teacher's walkthrough: the players at the table, in the third person)
                said = step_sentence(label, self.OTHER.format(n=a.actor + 1))
            else:  # (its cost in words on the sentence, trial 19: not a "· 1 AP" suffix)
                said = past_sentence(label, self.COMPUTER if others <= 1 else self.COMPUTERS.format(n=a.actor + 1),
                                     a.cost, self.model.session.game.cost_unit)
                cost = ""
            head = f"Step {st.index + 1} · {prov_text(one_phrase(said))}"
        else:  # (two brackets in a row said as one: verify 44, "Activate Ocevolt (Presence) (roll ...)")
            head = f"Step {st.index + 1} · Player {a.actor + 1}: {prov_text(one_phrase(a.label))}"
        return head, f"<small>{cost}</small>"

    def _events_box(self, head: str, small: str, events, escaped: bool = False) -> "_Row":
        """A step's widgets (no box of their own): its title, then a line per event (``lines``: the title alone,
        then each event's text and chip). The row's ``key`` says whether any event is a key one (:meth:`_key_test`):
        its title's CSS class ``rt-key-step`` and the event's ``rt-key-ev`` mark them."""
        key, events = self._key_test(), shown_events(self.model.session, events)  # (runs of alike events joined)
        marks = [key(e) for e in events]
        cls = self.STEP_CLASS + (" rt-key-step" if any(marks) else "")
        title = html_widget(f'<div class="{cls}">{head if escaped else esc(head)}{small}</div>')
        lines = [(title,)] + [self._event_line(e, k) for e, k in zip(events, marks)]
        row = _Row([x for line in lines for x in line], title, lines)
        row.key = any(marks)
        return row

    def _key_test(self):
        """``(event) -> bool``: whether an event is one a learner must not miss, the game's own answer
        (``tutor.view(session).key_event``: a Spirit released, Spirit scored, a medal claimed, a Spirit defeated);
        every event is plain for a game whose view does not say."""
        try:
            return view(self.model.session).key_event
        except (ValueError, AttributeError):
            return _plain

    def _event_line(self, e: Event, key: bool = False, text: w.HTML | None = None) -> tuple[w.Widget, w.Widget]:
        """An event's text (CSS class ``tutor-event``, and ``rt-key-ev`` for a key event) and its clause chip: two
        items of the box of steps, which CSS lays out as lines (no box per event). With ``text`` (an event line
        shown before) that widget shows it: only what changed is sent."""
        value = event_html(self.model.session, e, self.checked)
        classes = ("tutor-event", "rt-key-ev") if key else ("tutor-event",)
        if text is None:
            text = w.HTML(value, layout=layout("plain"), style=shared_style(HTMLStyle), _dom_classes=classes)
        else:  # (a trait set to the value it has sends nothing)
            text.value, text._dom_classes = value, classes
        return text, clause_chip(self.model, e.clause)


def _plain(event: Event) -> bool:
    """No event is a key one (a game whose view does not say)."""
    return False


def _upside_down(row: _Row) -> list[w.Widget]:
    """A step's widgets for the box of steps, which CSS shows upside down (lines from the bottom up, see
    :class:`StepLog`): its lines reversed, each line's own widgets (text, then chip) in order."""
    return [x for line in reversed(row.lines) for x in line]
