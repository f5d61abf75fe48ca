"""The lesson runner and the "learn" page: lessons in order (intro, goal, hints, the board and actions from the
prepared state, "Goal reached!" once the goal check passes), then free play with the same panels."""
from __future__ import annotations

import ipywidgets as w

import tutor
from tutor.lessons import Lesson, all_lessons, goal_failures, start_lesson

from .app import TutorApp
from .model import ErrorPanel, clause_chip
from .style import button, close_tree, esc, html_widget, markdown, style_widget


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
                                 value=0, description="Lesson", layout=w.Layout(width="380px"))
        self.prev = button("Previous", "", icon="arrow-left")
        self.next = button("Next lesson", "", icon="arrow-right")
        self.hint = button("Hint", "", icon="lightbulb-o")
        self.picker.observe(g(lambda ch: self.open(ch["new"])), names="value")
        self.prev.on_click(g(lambda _b: self._go(-1)))
        self.next.on_click(g(lambda _b: self._go(1)))
        self.hint.on_click(g(lambda _b: self.show_hint()))
        self.intro = html_widget()
        self.goal = html_widget()
        self.hints = html_widget()
        self.done = html_widget()
        self.done.add_class("tutor-goal")
        self.read = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self._read_label = html_widget('<span class="rt-muted">Rules in this lesson:&nbsp;</span>')
        lesson = self.lessons[0]
        status = w.VBox([self.goal, self.done], layout=w.Layout(margin="0 4px"))
        self.app = TutorApp(start_lesson(lesson), show_setup=False, errors=self.errors, with_style=False,
                            header=self._header(), status=status)
        self.app.model.observe(lambda m, change: change != "clause" and self.check())
        self.widget = self.app.widget
        self._show(0, fresh=True)  # the app already shows lesson 0's prepared state

    def _header(self) -> w.Widget:
        nav = w.HBox([self.picker, self.prev, self.next, self.hint], layout=w.Layout(align_items="center"))
        box = w.VBox([nav, self.intro, self.read, self.hints])
        box.add_class("rt-lesson")
        return box

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
        self.goal.value = f'<div class="rt-goal"><b>Your goal:</b> {esc(lesson.goal)}</div>'
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
        if ok:  # kept in the learner's progress (the practice page's mastery map shows its rules as seen)
            from tutor.progress import record_lesson
            record_lesson(self.app.session.game_id, self.lesson.id)
        return ok


class LearnApp:
    """The learn page: a "Lessons" tab and a "Free play" tab (built when first opened). ``widget`` is the root."""

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
        self.widget = w.VBox([style_widget(), self.tabs], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")

    def open_free_play(self) -> TutorApp:
        """Build the free-play game (once) and show it."""
        if self.free is None:
            session = tutor.new_game(self.game_id, players=self.players, seed=self.seed)
            if "first_game" in session.game.options:  # the game has a first-game set-up: use it
                session = tutor.new_game(self.game_id, players=self.players, seed=self.seed, first_game=True)
            self.free = TutorApp(session, new_game=True, errors=self.errors, with_style=False)
            self._free_box.children = (self.free.widget,)
        return self.free


def learn_app(game_id: str = "restless-spirits") -> w.Widget:
    """The learn page for ``game_id`` (lessons, then free play); returns the widget to display."""
    return LearnApp(game_id).widget
