"""The one stateful object the views observe, and the error panel every callback reports to.

:class:`SessionModel` holds a :class:`tutor.Session` (replaced whole for a new game or a new lesson) plus the clause
the learner is reading. Views call :meth:`SessionModel.observe` and re-render on a change; callbacks only call the
model's few methods (apply, undo, redo, reset, show_clause). :class:`ErrorPanel` routes exceptions and log records
into an Output widget, because Voila otherwise swallows errors raised in callbacks.
"""
from __future__ import annotations

import functools
import logging
import traceback
from contextlib import contextmanager
from typing import Callable, Iterator

import ipywidgets as w

from tutor import ContentError, IllegalAction, Session

from .kernel_timing import soon
from .problems import of_game, plain_problem, split_problem
from .style import button, close_tree, mark_shared

log = logging.getLogger("widgets")

Observer = Callable[["SessionModel", str], None]

#: What the page says when something fails that is neither an illegal action nor a bad file (its details, which name
#: the server's files, go to the server's log only).
UNEXPECTED_ERROR = ("Something went wrong on our side, and that click was not completed; the details are in the "
                    "server's log. If the page looks wrong, Undo or reload it.")
#: The logger of those details: not under ``widgets`` or ``tutor``, whose warnings the error panel shows; in a page's
#: kernel it writes to the kernel's stderr, which the server keeps in its log, never the browser.
_fault_log = logging.getLogger("rules_tutor.page_faults")


class ErrorPanel(logging.Handler):
    """An Output widget (CSS class ``tutor-errors``) showing callback exceptions and warnings logged by the tutor."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.output = w.Output()
        self.output.add_class("tutor-errors")
        for name in ("widgets", "tutor"):
            logging.getLogger(name).addHandler(self)

    def emit(self, record: logging.LogRecord) -> None:
        """Write a log record into the Output widget."""
        try:
            text = self.format(record) if record.exc_info is None else f"{record.getMessage()}"
            name, _reason = split_problem(text)
            if name:  # a file that did not load (a broken prompts file): named, no server folder (attack 20, M1)
                self.output.append_stdout(f"Not loaded: {of_game(text)}{plain_problem(text)}\n")
            else:
                self.output.append_stdout(f"{record.levelname}: {plain_problem(text)}\n")
        except Exception:  # pragma: no cover - never let logging break the page
            self.handleError(record)

    def report(self, exc: BaseException) -> None:
        """Show ``exc`` in the page: a one-line message for an illegal action or a bad file (:class:`ContentError`,
        whose message names the file and field), else :data:`UNEXPECTED_ERROR` (its traceback goes to the server's
        log only)."""
        if isinstance(exc, IllegalAction):
            self.output.append_stdout(f"Not allowed: {exc}\n")
            return
        if isinstance(exc, ContentError):  # a file or an edit the user gave: its file's name and field, plain words
            _fault_log.info("A file was not loaded: %s", str(exc)[:500])  # (its full path: the server's log only)
            self.output.append_stdout(f"Not loaded: {plain_problem(str(exc))}\n")
            return
        # anything else is a fault of ours, or a message forged by a script in the page: its traceback (server
        # paths, code) goes to the server's log only, and the page says so in plain words
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-6:])
        _fault_log.warning("An error on the page, kept from it: %s: %s\n%s", type(exc).__name__, str(exc)[:500],
                           tb[-4000:])
        self.output.append_stderr(UNEXPECTED_ERROR + "\n")

    def clear(self) -> None:
        """Remove every message shown."""
        self.output.outputs = ()

    def guard(self, fn: Callable) -> Callable:
        """Wrap a widget callback so that any exception lands in this panel instead of vanishing."""
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the user, not hidden
                self.report(exc)
                return None
        return wrapper

    def close(self) -> None:
        """Detach from the loggers."""
        for name in ("widgets", "tutor"):
            logging.getLogger(name).removeHandler(self)
        super().close()


class SessionModel:
    """Holds the current session and the clause being read; notifies observers after every change.

    Changes passed to observers: ``"apply"``, ``"undo"``, ``"redo"``, ``"reset"`` (from the session), ``"new"``
    (a different session) and ``"clause"`` (another clause to show).

    Observers are called in the order they registered: the app registers the step log first, so after a click the
    events reach the page before the actions, the buttons and the board.
    """

    def __init__(self, session: Session, errors: ErrorPanel | None = None) -> None:
        self.errors = errors or ErrorPanel()
        self.session = session
        self.clause_id: str | None = None
        #: True while a rule card is popped out over the page (set by ``widgets.clauses.ClauseCard``)
        self.card_open = False
        self._observers: list[Observer] = []
        self._notifying = 0
        self._held: list[str] | None = None  # changes not shown yet, inside held()
        self._retired: list[w.Widget] = []
        self._after: list[Callable[[], None]] = []  # called once every view has shown the change (see after)
        self._chips: dict[str, w.Button] = {}  # clause id -> its chip, for the game of ``_chips_game``
        self._chips_game = session.game_id
        #: when set, a callable that says whether a person may take a step now (False while a computer seat is to
        #: move: :class:`widgets.opponent.Seats` sets it); a click it refuses changes nothing
        self.person_may_move: Callable[[], bool] | None = None
        #: when set, a callable that says whether another tab or window plays this page now (its cover shown,
        #: :meth:`widgets.learn_place.PlaceKeeping._stopped`); a click then changes nothing (trial 36: a covered
        #: tab's actions, reached by the keyboard or a script, were played and never kept)
        self.held_elsewhere: Callable[[], bool] | None = None
        #: when set, a callable asked with a legal action's id before a click plays it: False stops the click, which
        #: changes nothing (the recorder asks first when the move would drop steps Undo took back: attack 38)
        self.may_move: Callable[[str], bool] | None = None
        self._unobserve = session.observe(self._forward)

    # -- observing ----------------------------------------------------------------------------------------------
    def observe(self, callback: Observer) -> None:
        """Call ``callback(model, change)`` after every change (see the class doc)."""
        self._observers.append(callback)

    def _forward(self, _session: Session, change: str) -> None:
        if self._held is not None:
            self._held.append(change)  # shown once, when :meth:`held` ends
            return
        self._notify(change)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Within ``with model.held():`` the session's changes are not shown one by one: the views are told once, at
        the end, with the last change (the views draw from the session's state, so many steps then cost one
        drawing; used by the FAQ explorer's Play to end, and by free play's Undo and Redo of a move with the
        computer's replies). Inside another ``held()`` it adds nothing: the outer one tells the views."""
        if self._held is not None:
            yield
            return
        self._held = []
        try:
            yield
        finally:
            held, self._held = self._held, None
            if held:
                self._notify(held[-1])

    def _notify(self, change: str) -> None:
        self._notifying += 1
        try:
            for cb in list(self._observers):
                try:
                    cb(self, change)
                except Exception as exc:  # noqa: BLE001 - a broken view must not hide the others
                    self.errors.report(exc)
        finally:
            self._notifying -= 1
            if not self._notifying:
                after, self._after = self._after, []
                for fn in after:
                    try:
                        fn()
                    except Exception as exc:  # noqa: BLE001 - as a view's: reported, the others still run
                        self.errors.report(exc)
                retired, self._retired = self._retired, []
                if retired:  # (off the change's answer in a page's kernel, see retire)
                    soon(close_tree, *retired)

    def after(self, fn: Callable[[], None]) -> None:
        """Call ``fn()`` once every view has shown the current change (now, when not in a change): its messages then
        reach the page after the views' updates (issue 16: the focus of the next action, which makes the browser
        lay the page out at once, came amid a click's updates, and the board's update after it laid it out again)."""
        if self._notifying:
            self._after.append(fn)
        else:
            fn()

    def retire(self, *widgets: w.Widget) -> None:
        """Close ``widgets`` (and the widgets under them) once every view has shown the current change: their
        close messages then reach the page after the views' updates (when not in a change, close them now). In a
        page's kernel they are closed once the kernel has answered the change (its loop runs again): the page draws
        a click's answer without waiting for them (session 29: a free-play click retired up to 45 widgets)."""
        if self._notifying:
            self._retired.extend(widgets)
        else:
            close_tree(*widgets)

    def chip(self, clause_id: str) -> w.Button:
        """The clause chip of ``clause_id`` (see :func:`clause_chip`): one Button per clause, shown by every row,
        event, card and search result that cites the clause, so a click sends a chip to the page only the first
        time a clause appears. Chips stay open while the game stays the same (lessons and new games of one game
        share them); switching to another game closes them after the change is shown."""
        chip = self._chips.get(clause_id)
        if chip is None or chip.comm is None:
            chip = self._chips[clause_id] = mark_shared(_make_chip(self, clause_id))
        return chip

    # -- changing -----------------------------------------------------------------------------------------------
    def replace(self, session: Session) -> None:
        """Switch to another session (a new game or lesson)."""
        self._unobserve()
        self.session = session
        self._unobserve = session.observe(self._forward)
        old: list[w.Widget] = []
        if session.game_id != self._chips_game:
            old = [mark_shared(c, False) for c in self._chips.values()]
            self._chips, self._chips_game = {}, session.game_id
        self._retired.extend(old)  # closed once the views have shown the new session (end of _notify)
        self._notify("new")

    def apply(self, action_id: str) -> None:
        """Apply the legal action with id ``action_id``."""
        self.session.apply(action_id)

    def click(self, action_id: str) -> bool:
        """Apply ``action_id`` from a button click. A click that arrives after the game has moved on (a fast double
        click, or a button drawn for the previous step) no longer matches a legal action: it changes nothing and is
        not an error, so it is only logged at debug level. So is a click while a computer seat is to move (a Button
        still alive in the kernel, clicked by a forged message: the computer's move is the computer's), and one while
        another tab plays this page (:attr:`held_elsewhere`). Returns True when the action was applied."""
        if self.held_elsewhere is not None and self.held_elsewhere():
            log.debug("click on %r ignored: another tab plays this page", action_id)
            return False
        if self.person_may_move is not None and not self.person_may_move():
            log.debug("click on %r ignored: a computer seat is to move", action_id)
            return False
        if all(a.id != action_id for a in self.session.legal_actions()):
            log.debug("click on %r ignored: not a legal action any more", action_id)
            return False
        if self.may_move is not None and not self.may_move(action_id):
            return False
        self.apply(action_id)
        return True

    def undo(self) -> None:
        """Undo the last step."""
        self.session.undo()

    def redo(self) -> None:
        """Redo the last undone step."""
        self.session.redo()

    def reset(self) -> None:
        """Go back to the start of the session."""
        self.session.reset()

    def show_clause(self, clause_id: str) -> None:
        """Show clause ``clause_id`` in the clause card. Its chip is marked as the one opened (CSS class
        ``rt-chip-open``, on that chip only), so the one-screen table opens the rule card beside it (CSS anchor
        positioning, ``widgets.table``); a related rule chosen inside the open card keeps the card where it is."""
        self.session.clause(clause_id)  # KeyError naming the id when unknown
        before = self.session.game.clauses.get(self.clause_id) if self.clause_id else None
        if not (self.card_open and before is not None and clause_id in before.related):
            self._mark_open_chip(self._chips.get(clause_id))
        self.clause_id = clause_id
        self._notify("clause")

    def _mark_open_chip(self, chip: w.Button | None) -> None:
        """Move the CSS class ``rt-chip-open`` to ``chip`` (from the chip that had it)."""
        old = getattr(self, "_open_chip", None)
        if old is chip:
            return
        if old is not None and old.comm is not None:
            old.remove_class("rt-chip-open")
        self._open_chip = chip
        if chip is not None:
            chip.add_class("rt-chip-open")


def clause_chip(model: SessionModel, clause_id: str) -> w.Button:
    """A small clickable chip (CSS class ``tutor-clause``) that shows ``clause_id`` in the clause card. Chips are
    shared: every place that cites a clause shows the same Button (:meth:`SessionModel.chip`)."""
    return model.chip(clause_id)


def _make_chip(model: SessionModel, clause_id: str) -> w.Button:
    cl = model.session.game.clauses.get(clause_id)
    title = cl.title if cl is not None else clause_id
    # a learner sees the rule's title only (its id is in the rule card, for teachers)
    # a ruling (our choice where the rulebook is silent) is marked "ruling" on every chip that cites it (CSS
    # ``rt-chip-ruling``), so the learner sees "ruling", not "rule", on the very action or event
    ruling = cl is not None and cl.kind == "ruling"
    chip = button(f"§ {title}", f"{title}: {'our ruling' if ruling else 'a rule'}, click to read it",
                  classes=("tutor-clause", "rt-chip-ruling") if ruling else ("tutor-clause",))
    chip._clause_id = clause_id
    chip.on_click(model.errors.guard(lambda _b: model.show_clause(clause_id)))
    return chip
