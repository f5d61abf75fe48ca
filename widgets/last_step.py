"""The last-step strip: :class:`LastStep`, the events of the step just taken (after the computer replied in free
play, the person's own step and the computer's steps since, side by side), built from :class:`~widgets.step_log.StepLog`'s
rows.
"""
from __future__ import annotations

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from tutor import Session, Step
from tutor.own_move import MoveSteps

from .model import SessionModel
from .rows import _Row, shown_events
from .step_log import StepLog
from .style import box, esc, html_widget, layout, shared_style


def _slot_set(classes: tuple[str, ...], lines: int = 2) -> tuple[w.HTML, list[w.HTML | None]]:
    """A place of :class:`LastStep`'s move: a title (CSS classes ``classes``) and ``lines`` empty event lines."""
    made = [w.HTML(layout=layout("plain"), style=shared_style(HTMLStyle), _dom_classes=c)
            for c in (classes, *[("tutor-event",)] * lines)]
    return made[0], made[1:]


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
            # (a row of the step log carries its own note, StepLog.annotate: every computer step keeps its reason)
            own_note = getattr(self._cache[st], "note", None) is not None
            note = self.annotate(s, st) if self.annotate is not None and not own_note else ""
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
