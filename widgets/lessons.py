"""The lesson runner and the "learn" page: lessons in order (intro, goal, hints, the board and actions from the
prepared state, "Goal reached!" once the goal check passes), then free play with the same panels."""
from __future__ import annotations

import threading

import ipywidgets as w

import tutor
from tutor.lessons import Lesson, all_lessons, goal_failures, start_lesson
from tutor.scenario import find

from .app import TutorApp
from .model import ErrorPanel, clause_chip
from .style import box, button, close_tree, esc, html_widget, markdown, style_widget
from .table import table_style


#: Seconds after the learner's first step before the page's kernel opens the progress database in the background
#: (importing SQLAlchemy and migrating take about a second): off the page's load and off that step's answer, and
#: done before the first lesson's goal, so the click that reaches it does not wait for it.
PROGRESS_WARM_S = 1.0


def warm_progress(delay: float = PROGRESS_WARM_S) -> threading.Timer:
    """Open the learner's progress store (:func:`tutor.progress.default_store`) in a daemon thread after ``delay``
    seconds; a failure is left to the later real use (which never raises on a learn page). Returns the timer."""
    def run() -> None:
        try:
            from tutor.progress import default_store
            default_store()
        except Exception:  # noqa: BLE001 - record_lesson reports it when it is used
            pass
    timer = threading.Timer(delay, run)
    timer.daemon = True
    timer.start()
    return timer


class _OutOfBudget(Exception):
    """The goal search looked at as many positions as it may."""


class LessonRunner:
    """Runs the lessons of one game. Attributes: ``lessons``, ``index`` (the lesson shown), ``app`` (the
    :class:`TutorApp` over the lesson's session), ``done`` (HTML widget, CSS class ``tutor-goal``), ``widget``."""

    def __init__(self, game_id: str = "restless-spirits", errors: ErrorPanel | None = None) -> None:
        self.lessons: list[Lesson] = all_lessons(game_id)
        if not self.lessons:
            raise ValueError(f"no lessons for game {game_id!r}")
        self.errors = errors or ErrorPanel()
        self.index = 0
        self.hints_shown = 0
        g = self.errors.guard
        self.picker = w.Dropdown(options=[(f"{x.order}. {x.title}", i) for i, x in enumerate(self.lessons)],
                                 value=0, description="Lesson", layout=w.Layout(width="250px"))
        self.picker.add_class("rt-lesson-picker")
        self.picker.add_class("rt-sr-label")  # its label is for screen readers: the list says what it is
        self.prev = button("", "Previous lesson", icon="arrow-left")
        self.next = button("Next lesson", "Next lesson", icon="arrow-right")
        self.hint = button("Hint", "Show a hint", icon="lightbulb-o")
        self.picker.observe(g(lambda ch: self.open(ch["new"])), names="value")
        self.prev.on_click(g(lambda _b: self._go(-1)))
        self.next.on_click(g(lambda _b: self._go(1)))
        self.hint.on_click(g(lambda _b: self.show_hint()))
        self.intro = html_widget()
        self.goal = html_widget()
        self.hints = html_widget()
        self.done = html_widget()
        self.done.add_class("tutor-goal")
        # said at once when the goal can no longer be reached from here (see :meth:`check`), with Undo and Restart
        self.stuck_text = html_widget()
        self.stuck_undo = button("Undo", "Take back the last step", icon="undo")
        self.stuck_restart = button("Restart the lesson", "Back to the lesson's start", icon="refresh")
        self.stuck = box([self.stuck_text, self.stuck_undo, self.stuck_restart], cls=w.HBox,
                         classes=("rt-stuck", "tutor-stuck", "rt-hidden"))
        self.read = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self._read_label = html_widget('<span class="rt-muted">Rules in this lesson:&nbsp;</span>')
        lesson = self.lessons[0]
        # one line: the lesson picker and its buttons, the goal (or "Goal reached!"), then the app's controls; the
        # introduction and the rules of the lesson ("about") show where the last step will be until the first step
        self.about = box([self.intro, self.read], classes=("rt-lesson", "rt-about"))
        line = box([self.picker, self.prev, self.next, self.hint, self.goal, self.done], cls=w.HBox,
                   classes=("rt-lesson-line",))
        self.app = TutorApp(start_lesson(lesson), show_setup=False, errors=self.errors, with_style=False,
                            header=line, status=box([self.stuck, self.hints], classes=("rt-status",)),
                            one_screen=True, about=self.about)
        self.app.model.observe(lambda m, change: change != "clause" and self.check())
        self.stuck_undo.on_click(g(lambda _b: self.app.model.undo()))
        self.stuck_restart.on_click(g(lambda _b: self.app.model.reset()))
        self.widget = self.app.widget
        self._show(0, fresh=True)  # the app already shows lesson 0's prepared state

    @property
    def lesson(self) -> Lesson:
        """The lesson shown now."""
        return self.lessons[self.index]

    def _go(self, delta: int) -> None:
        self.picker.value = max(0, min(len(self.lessons) - 1, self.index + delta))

    def open(self, index: int) -> None:
        """Show lesson ``index`` from its prepared state."""
        self.index = index
        self.hints_shown = 0
        if self.picker.value != index:
            self.picker.value = index  # fires open() again through the observer
            return
        self._show(index)

    def _show(self, index: int, fresh: bool = False) -> None:
        """Show lesson ``index``: its texts, and its prepared state unless ``fresh`` (the app already has it)."""
        self.index = index
        lesson = self.lesson
        self.intro.value = f"<h3>{esc(lesson.title)}</h3>{markdown(lesson.intro)}"
        self.goal.value = (f'<div class="rt-goal" title="{esc(lesson.goal)}"><b>Goal:</b> {esc(lesson.goal)}</div>')
        self.prev.disabled = index == 0
        self.next.disabled = index == len(self.lessons) - 1
        old = [x for x in self.read.children if x is not self._read_label]
        self.read.children = tuple(([self._read_label] if lesson.clauses else [])
                                   + [clause_chip(self.app.model, c) for c in lesson.clauses])
        close_tree(*old)
        self._render_hints()
        if fresh:
            self.check()
        else:
            self.app.model.replace(start_lesson(lesson))

    def show_hint(self) -> None:
        """Reveal the next hint."""
        self.hints_shown = min(self.hints_shown + 1, len(self.lesson.hints))
        self._render_hints()

    def _render_hints(self) -> None:
        hs = self.lesson.hints[: self.hints_shown]
        self.hints.value = "".join(f'<div class="rt-hint">Hint: {esc(h)}</div>' for h in hs)
        self.hint.disabled = self.hints_shown >= len(self.lesson.hints)

    def check(self) -> bool:
        """Check the goal after a step; show "Goal reached!" when it holds. Returns whether it holds."""
        ok = bool(self.app.session.history) and not goal_failures(self.lesson, self.app.session)
        nxt = " Press <b>Next lesson</b> to go on." if self.index < len(self.lessons) - 1 else \
            " That was the last lesson: try a free game in the <b>Free play</b> tab."
        self.done.value = f'<div class="rt-done">✓ Goal reached!{nxt}</div>' if ok else ""
        if ok:
            self.goal.add_class("rt-hidden")
            # kept in the learner's progress (the practice page's mastery map shows its rules as seen)
            from tutor.progress import record_lesson
            record_lesson(self.app.session.game_id, self.lesson.id)
        else:
            self.goal.remove_class("rt-hidden")
        lost = not ok and self.unreachable()
        if lost:
            n = self.search_depth()
            why = ("The game is over and the goal was not reached." if self.app.session.is_over else
                   f"From here the goal can no longer be reached (no way of {n} more steps or fewer reaches it).")
            self.stuck_text.value = (f'<span class="rt-stuck-text">⚠ {esc(why)} Undo the last step, or restart the '
                                     "lesson.</span>")
            self.stuck.remove_class("rt-hidden")
        else:
            self.stuck.add_class("rt-hidden")
        return ok

    #: Most positions a goal check looks at after a step off the lesson's solution (about a millisecond each).
    SEARCH_BUDGET = 250

    def search_depth(self) -> int:
        """How many more steps the goal search tries: the solution's length and a few more (a learner off the
        solution may need a detour, e.g. finishing a decision first)."""
        return len(self.lesson.solution) + self.SEARCH_SLACK

    #: Steps beyond the solution's length that the goal search tries.
    SEARCH_SLACK = 4

    def unreachable(self) -> bool:
        """True when the lesson's goal can no longer be reached from the step now shown: the game is over, or the
        learner has left the lesson's solution and no sequence of legal actions of up to :meth:`search_depth` steps
        reaches the goal (a search on a replayed copy of the session, at most :data:`SEARCH_BUDGET` positions). False when
        not sure (the search ran out of budget) or while the learner follows the solution (one of its steps is
        always legal next)."""
        lesson, session = self.lesson, self.app.session
        if not session.history:
            return False
        if session.is_over:
            return True
        scratch = start_lesson(lesson)
        on_path = True
        for k, st in enumerate(session.history):
            if on_path and k < len(lesson.solution):
                try:
                    on_path = find(scratch, lesson.solution[k]).id == st.action.id
                except Exception:  # noqa: BLE001 - a step the solution does not name: off the path
                    on_path = False
            else:
                on_path = False
            scratch.apply(st.action.id)
        if on_path:
            return False
        seen = [0]

        def reaches(depth: int) -> bool:
            if not goal_failures(lesson, scratch):
                return True
            if depth == 0 or scratch.is_over:
                return False
            for a in scratch.legal_actions():
                seen[0] += 1
                if seen[0] > self.SEARCH_BUDGET:
                    raise _OutOfBudget
                scratch.apply(a.id)
                try:
                    if reaches(depth - 1):
                        return True
                finally:
                    scratch.undo()
            return False

        try:
            return not reaches(self.search_depth())
        except _OutOfBudget:
            return False


class LearnApp:
    """The learn page: one title line (the game's name, the "Lessons" and "Free play" tabs, a link back to the
    landing page), then the tab shown as a one-screen game table (see :class:`TutorApp`): under Voila the page
    fills the window without scrolling (CSS of :mod:`widgets.table`). Free play is built when first opened.
    ``widget`` is the root (CSS classes ``rt-root rt-learn``)."""

    def __init__(self, game_id: str = "restless-spirits", seed: int = 1, players: int = 2) -> None:
        self.game_id, self.seed, self.players = game_id, seed, players
        self.errors = ErrorPanel()
        self.lessons = LessonRunner(game_id, errors=self.errors)
        self.free: TutorApp | None = None
        self._free_box = w.VBox([w.HTML('<div class="rt-muted">Loading a new game…</div>')])
        self.tabs = w.Tab(children=[self.lessons.widget, self._free_box])
        self.tabs.titles = ("Lessons", "Free play")
        self.tabs.observe(self.errors.guard(lambda ch: ch["new"] == 1 and self.open_free_play()),
                          names="selected_index")
        from tutor.registry import game_class
        name = getattr(game_class(game_id), "title", game_id.replace("-", " ").title())
        title = html_widget(f'<div class="rt-learn-title"><span class="rt-learn-name">Learn {esc(name)}</span>'
                            '<a class="rt-learn-home" href="index.ipynb">← All pages</a></div>')
        title.add_class("rt-learn-head")
        styles = [style_widget(), table_style()]
        for x in styles:
            x.add_class("rt-style")
        self.widget = w.VBox([*styles, title, self.tabs], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.widget.add_class("rt-learn")
        #: the progress store's warm-up (:func:`warm_progress`), started by the learner's first step
        self._warm: threading.Timer | None = None

        def first_step(_m, change: str) -> None:
            if self._warm is None and change != "clause":
                self._warm = warm_progress()  # the first "Goal reached!" then keeps the lesson without waiting
        self.lessons.app.model.observe(first_step)

    def open_free_play(self) -> TutorApp:
        """Build the free-play game (once) and show it."""
        if self.free is None:
            session = tutor.new_game(self.game_id, players=self.players, seed=self.seed)
            if "first_game" in session.game.options:  # the game has a first-game set-up: use it
                session = tutor.new_game(self.game_id, players=self.players, seed=self.seed, first_game=True)
            self.free = TutorApp(session, new_game=True, errors=self.errors, with_style=False, one_screen=True,
                                 opponent=True)
            self._free_box.children = (self.free.widget,)
        return self.free


def learn_app(game_id: str = "restless-spirits") -> w.Widget:
    """The learn page for ``game_id`` (lessons, then free play); returns the widget to display."""
    return LearnApp(game_id).widget
