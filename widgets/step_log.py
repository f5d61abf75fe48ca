"""The step log: every step so far (action, why, and each event with its clause chip), newest first; and
:class:`LastStep`, the events of the last step only.
"""
from __future__ import annotations

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from tutor import Event, Session, Step, view
from tutor.own_move import MoveSteps
from tutor.step_words import past_sentence, step_sentence

from .model import SessionModel, clause_chip
from .style import box, esc, html_widget, layout, prov_text, shared_style
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
        s = self._latest_session()
        hist = s.history
        first = 0
        if len(hist) > self.max_steps:  # drop the oldest steps a chunk at a time
            first = -(-(len(hist) - self.max_steps) // self.chunk) * self.chunk
        shown = hist[first:]
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
        self._changed()

    def _step_box(self, st: Step) -> "_Row":
        return self._events_box(*self._step_title(st), st.events, escaped=True)

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
            head = f"Step {st.index + 1} · {prov_text(said)}"
        else:
            head = f"Step {st.index + 1} · Player {a.actor + 1}: {prov_text(a.label)}"
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


def _slot_set(classes: tuple[str, ...], lines: int = 2) -> tuple[w.HTML, list[w.HTML | None]]:
    """A place of :class:`LastStep`'s move: a title (CSS classes ``classes``) and ``lines`` empty event lines."""
    made = [w.HTML(layout=layout("plain"), style=shared_style(HTMLStyle), _dom_classes=c)
            for c in (classes, *[("tutor-event",)] * lines)]
    return made[0], made[1:]


def _plain(event: Event) -> bool:
    """No event is a key one (a game whose view does not say)."""
    return False


def _then_text(replies: int, shown: int, short: int, keys: int = 0, short_keys: int = 0) -> str:
    """The line above the computer's steps in :class:`LastStep` (HTML): "Then the computer played N steps", and
    when not all of them are shown, which ones are (the newest ``shown``, or the newest ``short`` on a low window:
    the two variants carry CSS classes ``rt-then-tall`` and ``rt-then-short``, one shown by the window's height),
    with the ``keys`` (``short_keys`` on a low window) earlier key steps shown besides them (steps that changed the
    score or released or claimed something, trial 19). Raises nothing; ``replies`` and ``shown`` are step counts,
    ``replies >= shown + keys``, ``shown >= 1``."""
    text = "Then the computer played" + (f" {replies} steps" if replies > 1 else "")

    def which(n: int, k: int) -> str:
        if n + k >= replies:
            return ""
        if not k:
            return f" (the latest {n} below, the {replies - n} before them in the History)"
        return (f" (the latest {n} below and {k} earlier key step{'s' if k > 1 else ''}, the other "
                f"{replies - n - k} in the History)")
    tall, low = which(shown, keys), which(min(short, shown), short_keys)
    # (the one-screen strip may hide the oldest lines of the reply: then it shows the third variant, CSS class
    # ``rt-then-few``, in place of the other two, widgets/strip_fit.py)
    few = (f'<span class="rt-muted rt-then-few"> (the newest below, all {replies} in the History)</span>'
           if replies > 1 else "")
    if tall == low:
        return text + (f'<span class="rt-muted rt-then-n">{tall}</span>' if tall else "") + few
    return (text + f'<span class="rt-muted rt-then-n rt-then-tall">{tall}</span>'
            + f'<span class="rt-muted rt-then-n rt-then-short">{low}</span>' + few)


def _upside_down(row: _Row) -> list[w.Widget]:
    """A step's widgets for the box of steps, which CSS shows upside down (lines from the bottom up, see
    :class:`StepLog`): its lines reversed, each line's own widgets (text, then chip) in order."""
    return [x for line in reversed(row.lines) for x in line]


class LastStep(StepLog):
    """The events of the last step only (before the first step: the set-up events, or ``intro`` when given, e.g. a
    lesson's introduction), each with its clause chip (rows built by :class:`StepLog`, CSS class ``tutor-event``),
    read from the top. Like the step log, it keeps each step's widgets in its row cache: an undo and a redo show
    the same widgets again, and those not shown for a few renders are closed.

    ``widget`` is the panel: a head line (``heading`` and the step's title, then ``tools``, e.g. the buttons that
    open the history) and the box of the step's lines (CSS class ``rt-current-step``); after the computer replied
    (free play), that box holds two columns (CSS class ``rt-step-col``): the person's own step (``rt-mine-col``)
    and the computer's reply (``rt-reply-col``), side by side (:meth:`lines` reads them in order). The step's title has CSS
    class ``rt-step-now`` (not ``rt-step``, which the history's step titles have): a page shows each step once in
    its history. ``classes`` are added to the panel's CSS classes (the learn page's ``tutor-last-step``)."""

    UPSIDE_DOWN = False  # one step, read from the top
    STEP_CLASS = "rt-step-now"
    #: Said beside the title at every step (the learn pages show no step log, whose first line says it): a reload
    #: loses the game in progress.
    RELOAD_NOTE = ('<span class="rt-muted rt-reload-note" title="The game is kept only while this page is open.">'
                   " · reloading the page starts a new game</span>")

    def __init__(self, model: SessionModel, *, heading: str = "What just happened", before: str = "Before the first "
                 "step", tools: tuple[w.Widget, ...] = (), intro: w.Widget | None = None,
                 classes: tuple[str, ...] = ()) -> None:
        self._heading, self._before_text, self._tools, self._intro = heading, before, tools, intro
        self._classes = classes
        #: ``(session, step) -> str`` (HTML, "" for none), set by the free-play seats: a line under the step's title
        #: (CSS class ``rt-step-note``), e.g. why the computer chose its move
        self.annotate = None
        #: ``(session) -> set[int]``, set by the free-play seats: the seats a person plays. When the last step is the
        #: computer's, the panel shows the person's own last step first and, under "Then the computer played:", the
        #: computer's steps since (at most :attr:`MAX_REPLIES`): a person's step never vanishes without their doing
        self.mine = None
        self._then, self._note, self._cut = html_widget(), html_widget(), html_widget()
        self._then._dom_classes, self._cut._dom_classes, self._note._dom_classes = ("rt-then",), ("rt-reply-cut",), (
            "rt-step-note",)
        # free play, after the computer replied: the person's own step (left) and the computer's reply (right) side
        # by side, so both are in view at once in a low strip (trial 10: the reply sat under the fold at 1366x768)
        self._mine_col = box(classes=("rt-step-col", "rt-mine-col"))
        self._reply_col = box(classes=("rt-step-col", "rt-reply-col"))
        # In the reply column, the computer's steps before its newest sit in boxes of their own by kind (plain steps
        # before its newest SHORT_REPLIES, followed by the hidden line ``_cut``; plain steps after them; key steps),
        # which CSS lays out as if their lines were the column's (``display: contents``): on a low window the
        # one-screen table hides the first kind, shows the second by its titles only and the third by its titles and
        # key lines (the rest is in the History). Boxes, not ":has()" with ":not(.x ~ *)", which restyled the whole
        # page at every change (4x a click's style time). ``_parts``: kind -> the boxes made (when first needed), reused.
        self._parts: dict[str, list[w.Box]] = {}
        #: said on the head line when the step hands the learner another seat (:meth:`seat_words`), with why
        self.seat_reason = ""
        # each place of the move shown when every seat is a person's (a lesson; :meth:`_one_step`): its title and lines,
        # three made with the page, so a click sends words, not widgets (session 32: an Offer's and a Place's were new)
        self._slot_sets = [_slot_set(("rt-later-step",) if k else ()) for k in range(3)]
        self._moves = MoveSteps()  # (which steps make the move shown)
        super().__init__(model, show_setup=True, max_steps=1)

    #: The most computer steps shown under a person's own last step (the older ones are in the History): a whole
    #: turn of the computer's (play26: at 1024x768 only its last step showed, and what its Sao card did to the
    #: learner's Overrun Limits, two steps before, was in the History only); the reply column scrolls inside, its
    #: newest lines in view (:mod:`widgets.strip_fit`).
    MAX_REPLIES = 16
    #: The most computer steps shown on a low window (under 900 px high, e.g. 1366x768): as many (play26: the
    #: Summon lines after a Scout and its Rally were hidden there); the steps before the newest ones would come
    #: before a hidden line of CSS class ``rt-reply-cut``, which the one-screen table hides on such a window.
    SHORT_REPLIES = MAX_REPLIES
    #: How far back (in steps) the panel looks for a person's own last step.
    LOOK_BACK = 40

    def _since_mine(self, s: Session) -> tuple[list[Step], list[Step]]:
        """The steps to show, oldest first: the own move (every step of the last step's move, or, when the last step
        is the computer's and :attr:`mine` is set, of the person's own last move within :attr:`LOOK_BACK` steps:
        :class:`tutor.own_move.MoveSteps`), and the computer's steps since, its last :attr:`MAX_REPLIES` after its
        earlier key steps (:meth:`_key_test`: it released or scored something; a learner must see that, trial 19)."""
        hist = s.history
        people = self.mine(s) if self.mine is not None else None
        if not people or hist[-1].action.actor in people:
            return self._moves.move(s, hist, len(hist) - 1), []
        for i in range(len(hist) - 2, max(-1, len(hist) - 2 - self.LOOK_BACK), -1):
            if hist[i].action.actor in people:
                first = max(i + 1, len(hist) - self.MAX_REPLIES)
                key = self._key_test()
                earlier = [st for st in hist[i + 1:first] if any(key(e) for e in st.events)]
                return self._moves.move(s, hist, i), [*earlier, *hist[first:]]
        return [hist[-1]], []

    def _reply_parts(self, steps: list[Step]) -> tuple[list[w.Widget], int]:
        """The reply column's boxes for the computer's steps before its newest (``steps``, oldest first), and how
        many of them are key steps a low window shows besides the newest :attr:`SHORT_REPLIES`. Each run of steps
        of one kind shares a box (CSS class ``rt-reply-part``, its lines laid out as the column's own): plain steps
        before the newest :attr:`SHORT_REPLIES` (``rt-reply-older``: hidden on a low window), plain steps after
        them (``rt-reply-titles``: their titles only on a low window) and key steps (``rt-reply-key``: their
        titles and key lines on a low window, trial 19: the computer's release of a Spirit showed only in the
        History). The hidden line ``_cut`` follows the steps before the newest :attr:`SHORT_REPLIES`."""
        older_n = max(0, len(steps) + 1 - self.SHORT_REPLIES)
        runs: list[tuple[str, list[Step]]] = []
        for i, st in enumerate(steps):
            kind = "key" if getattr(self._cache[st], "key", False) else ("older" if i < older_n else "titles")
            if i == older_n and older_n:
                runs.append(("cut", []))
            if runs and runs[-1][0] == kind:
                runs[-1][1].append(st)
            else:
                runs.append((kind, [st]))
        if older_n and older_n == len(steps):
            runs.append(("cut", []))
        used: dict[str, int] = {}
        parts: list[w.Widget] = []
        for kind, run in runs:
            if kind == "cut":
                parts.append(self._cut)
                continue
            n = used[kind] = used.get(kind, 0) + 1
            pool = self._parts.setdefault(kind, [])
            if len(pool) < n:
                pool.append(box(classes=("rt-reply-part", f"rt-reply-{kind}")))
            pool[n - 1].children = tuple(x for y in run for x in self._cache[y].cells)
            parts.append(pool[n - 1])
        for kind, pool in self._parts.items():  # the boxes not used this time show nothing
            for b in pool[used.get(kind, 0):]:
                b.children = ()
        return parts, sum(1 for st in steps[:older_n] if getattr(self._cache[st], "key", False))

    def _frame(self) -> w.Widget:
        self._title = html_widget()
        self._list = box(classes=("rt-scroll", "rt-current-step"))
        #: the head line (its title, then the tools): the free-play seats put who plays each seat here
        self.head = box([self._title, *self._tools], cls=w.HBox, classes=("rt-last-head",))
        self._panel = box([self.head, self._list], classes=("rt-panel", *self._classes))
        return self._panel

    def render(self) -> None:
        """Show the latest step's events (reusing the step's box when it was shown before)."""
        s = self._latest_session()
        hist = s.history
        if hist:
            st = hist[-1]
            own, replies = self._since_mine(s)
            if self.mine is None:  # (the steps of one move: free play against the computer keeps its rows, see above)
                self._cache = {x: self._one_step(x, k) for k, x in enumerate(own)}
            else:
                self._cache = {x: self._steps.get(x, lambda x=x: self._step_box(x)) for x in (*own, *replies)}
            for x in own[1:]:  # (a later step's title as low as a line, widgets/table.py: the move's steps fit)
                self._cache[x].cells[0]._dom_classes = ("rt-later-step",)
            kids = newest = tuple(self._cache[st].cells)
            note = self.annotate(s, st) if self.annotate is not None else ""
            if note:  # after the computer's own line and chip, before the rules' own lines (newuser29)
                self._note.value, at = note, 3 if len(kids) >= 3 else 1
                kids = (*kids[:at], self._note, *kids[at:])
            mine = tuple(x for y in own for x in self._cache[y].cells)
            if replies:  # the person's own move, then the computer's steps since, the newest last
                n = len(hist) - 1 - own[-1].index
                window = min(n, self.MAX_REPLIES)  # the newest steps shown whatever they did
                # (the older steps are not marked themselves: a clause chip is one widget wherever its clause fires)
                parts, short_keys = self._reply_parts(replies[:-1])
                self._then.value = '<div class="rt-then">' + _then_text(
                    n, window, self.SHORT_REPLIES, len(replies) - window, short_keys) + ":</div>"
                self._mine_col.children = mine
                self._reply_col.children = (self._then, *parts, *kids)
                kids = (self._mine_col, self._reply_col)
            else:  # (the move's earlier steps above its newest, each under its own title)
                kids = mine[:len(mine) - len(newest)] + kids
            title = f'<span class="rt-last-title">{esc(self._heading)}</span>' + self.seat_words(s, own[-1])
        else:
            self._cache = {}
            if self._intro is not None:
                kids = (self._intro,)
            else:
                if self._setup_cache is None:
                    # the strip's own title already says what this is: the set-up's lines without a title of their own
                    lines = [self._event_line(e) for e in shown_events(s, s.setup_events)]
                    cells = [x for line in lines for x in line]
                    self._setup_cache = (0, _Row(cells, lines[0][0] if lines else None, lines))
                kids = tuple(self._setup_cache[1].cells)
            title = f'<span class="rt-last-title">{esc(self._before_text)}</span>'
        self._title.value = title + self.RELOAD_NOTE
        if self._mine_col not in kids:  # a column shown no more forgets its lines (their widgets may be closed)
            self._mine_col.children = self._reply_col.children = ()
            for pool in self._parts.values():
                for part in pool:
                    part.children = ()
        self._list.children = kids
        # what the box holds as a CSS class of the panel, for widgets/table.py (":has()" restyled the strip at each
        # change): two columns, or the lesson's introduction (the same value again sends nothing)
        about = self._intro is not None and kids == (self._intro,) and "rt-about" in self._intro._dom_classes
        shape = ("rt-with-cols",) if self._mine_col in kids else ("rt-with-about",) if about else ()
        self._panel._dom_classes = ("rt-panel", *self._classes) + shape
        self._steps.done()

    def _one_step(self, st: Step, k: int = 0) -> _Row:
        """The row of step ``st``, the ``k``-th (from 0) of the move shown, in its place's title and event-line widgets
        (:attr:`_slot_sets`, more made when a step has more lines than any before): a click sends changed words."""
        while len(self._slot_sets) <= k:
            self._slot_sets.append(_slot_set(("rt-later-step",), 0))
        title, slots = self._slot_sets[k]
        key, events = self._key_test(), shown_events(self.model.session, st.events)  # (alike runs joined)
        marks = [key(e) for e in events]
        cls = self.STEP_CLASS + (" rt-key-step" if any(marks) else "")
        title.value = '<div class="{}">{}{}</div>'.format(cls, *self._step_title(st))
        slots += [None] * (len(events) - len(slots))
        lines: list[tuple[w.Widget, ...]] = [(title,)]
        for i, (e, m) in enumerate(zip(events, marks)):
            lines.append(self._event_line(e, m, slots[i]))
            slots[i] = lines[-1][0]
        row = _Row([x for line in lines for x in line], title, lines)
        row.key = any(marks)
        return row

    def seat_words(self, s: Session, mine: Step) -> str:
        """The line (HTML, CSS class ``rt-seat-now``; "" for none) that says plainly which seat the learner plays now
        when the step hands them another one (trial 15, U3: lesson 1's "End your turn" made the learner Player 2
        without a word): the seat to act now is one a person plays (:attr:`mine`; every seat when it is not set,
        as in a lesson) and not the seat of the person's own last step ``mine``."""
        now = s.current_player
        people = self.mine(s) if self.mine is not None else None
        if now is None or (people is not None and now not in people) or mine.action.actor == now:
            return ""
        name = f"Player {now + 1}"
        return (f'<span class="rt-seat-now" title="It is {esc(name)}&#39;s turn to act{esc(self.seat_reason)}.">'
                f'You now play <b>{esc(name)}</b>{esc(self.seat_reason)}</span>')

    def lines(self) -> list[w.Widget]:
        """The widgets of the step(s) shown, in reading order: the person's own step, then (after the computer
        replied) "Then the computer played" and the computer's steps, whether or not they sit in two columns."""
        parts = (self._mine_col, self._reply_col, *(b for pool in self._parts.values() for b in pool))
        return [x for k in self._list.children for x in (k.children if k in parts else (k,))
                for x in (x.children if x in parts else (x,))]
