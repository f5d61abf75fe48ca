"""The lesson runner: the lessons of one game in order (intro, goal, hints, the board and actions from the prepared
state, "Goal reached!" once the goal check passes, and "the goal can no longer be reached" with Undo and Restart).
The learn page (:mod:`widgets.lessons`) shows it in its Lessons tab."""
from __future__ import annotations

import ipywidgets as w

import tutor
from tutor.lesson_hints import OutOfBudget, current_hints, hint_names_enabled, hint_now, lesson_verbs, way_on
from tutor.lesson_words import goal_gap, undo_hint
from tutor.step_words import bare
from tutor.lessons import GAME_OVER, Lesson, goal_failures, goal_out_of_reach, playable_lessons
from tutor.lessons import start_lesson as _start_lesson
from tutor.scenario import find

from .actions_panel import OVER_WORDS
from .app import TutorApp
from .boards import open_hands
from .kernel_timing import soon
from .lesson_hints import hint_fits
from .goal_step import goal_step_id, mark, mark_goal_step
from .model import ErrorPanel, clause_chip
from .style import box, button, close_tree, esc, html_widget, markdown, prov_text


def start_lesson(lesson: Lesson):
    """The prepared game of ``lesson`` (:func:`tutor.lessons.start_lesson`), every hand shown face up
    (:func:`widgets.boards.open_hands`: the learner plays every seat of a lesson)."""
    return open_hands(_start_lesson(lesson))


#: The lesson's Hint tooltip while a stronger hint is left at this position, and once the strongest is shown.
HINT_TIP = "Show a hint (press again for a stronger one)"
LAST_HINT_TIP = "This is the strongest hint here: the next step is marked. Undo, or take it."
#: The tooltip once the hint says to Undo (the goal is out of reach from the position shown).
UNDO_HINT_TIP = "The goal is out of reach from here: the hint says what to take back"


class NoLessons(ValueError):
    """No lesson of a game can be opened: every lesson file is left out (a card or rules file of the game that does
    not load makes every lesson fail). ``reasons``: the messages of the files left out, each ``"<path>: <reason>"``,
    for the server's log; the page shows them by file name only (:func:`widgets.problems.plain_problem`)."""

    def __init__(self, game_id: str, reasons: list[str]) -> None:
        super().__init__(f"no lesson of {game_id!r} can be opened" + (f": {reasons[0]}" if reasons else ""))
        self.game_id, self.reasons = game_id, list(reasons)


class LessonRunner:
    """Runs the lessons of one game. Attributes: ``lessons``, ``index`` (the lesson shown), ``app`` (the
    :class:`TutorApp` over the lesson's session), ``done`` (HTML widget, CSS class ``tutor-goal``), ``widget``."""

    def __init__(self, game_id: str = "restless-spirits", errors: ErrorPanel | None = None) -> None:
        self.lessons: list[Lesson]
        #: the messages of lesson files left out (a file that does not load, or whose goal or solution does not
        #: play: see tutor.lessons.playable_lessons, the practice page's reader too: one count)
        self.left_out: list[str]
        self.lessons, self.left_out = playable_lessons(game_id)
        # the page opens its first lesson at once (attack 18: a lesson 1 that did not play took the page down): all
        # were checked when read, so it starts; should one not, it is left out, named, and the next one opens
        first = None
        while self.lessons and first is None:
            try:
                first = start_lesson(self.lessons[0])
            except tutor.ContentError as exc:
                self.left_out.append(str(exc))
                self.lessons.pop(0)
        if not self.lessons:
            raise NoLessons(game_id, self.left_out)
        self.errors = errors or ErrorPanel()
        self.index = 0
        self.hints_shown = 0
        self._hint_at: tuple | None = None  # the position (see _position) the hint shown was revealed at
        self._step_hint: str | None = None  # the engine's step hint once the written ones are all shown
        self._written: str | None = None  # the written hint shown (of those that fit the position)
        self._stuck: str | None = None  # why the goal is out of reach from the step shown (see check), else None
        g = self.errors.guard
        self.picker = w.Dropdown(options=[(f"{x.order}. {x.title}", i) for i, x in enumerate(self.lessons)],
                                 value=0, description="Lesson", layout=w.Layout(width="250px"))
        self.picker.add_class("rt-lesson-picker")
        self.picker.add_class("rt-sr-label")  # its label is for screen readers: the list says what it is
        self.prev = button("", "Previous lesson", icon="arrow-left", classes=("rt-click-once",))
        self.next = button("Next lesson", "Next lesson", icon="arrow-right", classes=("rt-click-once",))
        self.hint = button("Hint", HINT_TIP, icon="lightbulb-o",
                           classes=("rt-hint-once",))  # (a double click is one press: HINT_ONCE_JS)
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
        self.stuck_restart = button("Restart", "Back to the lesson's start", icon="refresh")
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
        self._status = box([self.stuck], classes=("rt-status",))
        self.app = TutorApp(first, show_setup=False, errors=self.errors, with_style=False, header=line, status=self._status,
                            one_screen=True, about=self.about, over=OVER_WORDS["lesson"])
        self.app.widget.add_class("rt-lesson-table")  # (a lesson's table, for its CSS: widgets/table.py)
        self.goal.add_class("rt-goal-box")  # (the goal's box and line, for the CSS: widgets/table.py; set once)
        self.app.topline.add_class("rt-goal-line")
        # the hint is a line at the head of the action list (the panel's note, as in free play), beside the actions
        # it is about: a line of its own above the board pushed the board down (trial 13 item L3: Spirited's Player 1
        # at 1024x768, Restless Spirits' key line at 1366x768)
        self.hints.close()
        self.hints = self.app.actions.note
        # a lesson's learner plays every seat: a step that hands them another one says so on the strip's head line
        self.app.last.seat_reason = " (in a lesson you play every seat)"
        self.app.model.observe(lambda m, change: change != "clause" and self.check(restarted=change == "reset"))
        self.app.actions.goal_step = lambda: goal_step_id(self)  # (its row made marked: widgets/goal_step.py)
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
        """Show lesson ``index`` from its prepared state.

        Raises:
            ContentError: the lesson's table or solution does not play, or its solution does not reach its goal
                (:func:`tutor.lessons.check_lesson`, e.g. a user's card file renamed a card the goal names). Nothing
                changes: the picker goes back to the lesson shown, whose texts, board, steps and hints stay as they
                were (before, the picker, the texts and the hint ladder moved to the refused lesson over the old
                lesson's board, and the next Hint raised the same refusal again).
        """
        if getattr(self, "_putting_back", False):
            return
        try:
            session = start_lesson(self.lessons[index])
        except tutor.ContentError:
            if self.picker.value != self.index:
                self._putting_back = True
                try:
                    self.picker.value = self.index
                finally:
                    self._putting_back = False
            raise
        self.index = index
        self.hints_shown = 0
        self._hint_at = None
        self._step_hint = None
        self._written = None
        if self.picker.value != index:
            self.picker.value = index  # fires open() again through the observer
            return
        self._show(index, session=session)

    def _show(self, index: int, fresh: bool = False, session: tutor.Session | None = None) -> None:
        """Show lesson ``index``: its texts, and its prepared state unless ``fresh`` (the app already has it);
        ``session``: that prepared state, already started (:func:`start_lesson`)."""
        self.index = index
        self._achieved = False  # another lesson (or this one opened again): its goal is still to reach
        lesson = self.lesson
        self.intro.value = f"<h3>{esc(lesson.title)}</h3>{markdown(lesson.intro)}"
        self.goal.value = (f'<div class="rt-goal" tabindex="0" title="{esc(lesson.goal)}"><b>Goal:</b> {esc(lesson.goal)}</div>')
        self.picker.tooltip = f"Lesson {lesson.order}. {lesson.title}"  # the whole title, should the list be cut
        self.app.last.checked = frozenset(lesson.check.fired)  # (the rules its goal checks: their lines fold last)
        self.prev.disabled = index == 0
        self.next.disabled = index == len(self.lessons) - 1
        old = [x for x in self.read.children if x is not self._read_label]
        self.read.children = tuple(([self._read_label] if lesson.clauses else [])
                                   + [clause_chip(self.app.model, c) for c in lesson.clauses])
        close_tree(*old)
        self._render_hints()
        self._mark_hint(None)
        if fresh:
            self.check()
        else:
            self.app.model.replace(session or start_lesson(lesson))

    #: Most steps of a lesson a kept place replays (a longer list is cut there).
    RESUME_STEPS = 200

    def resume(self, lesson_id: str, actions: list) -> int:
        """Open lesson ``lesson_id``, replay the action ids ``actions`` from its start as far as each is legal (the
        rest is dropped: kept text is never trusted). Returns the steps replayed; a goal reached on the way is shown.

        Raises:
            ValueError: this game has no lesson ``lesson_id``.
        """
        ids = [x.id for x in self.lessons]
        if lesson_id not in ids:
            raise ValueError(f"no lesson {str(lesson_id)[:60]!r} in this game")
        self.open(ids.index(lesson_id))
        session = start_lesson(self.lesson)
        n, reached = 0, False
        for aid in actions[: self.RESUME_STEPS] if isinstance(actions, list) else []:
            if not isinstance(aid, str) or len(aid) > 500:
                break
            try:
                session.apply(aid)
            except ValueError:  # IllegalAction: the lesson changed since, or the text was edited
                break
            n, reached = n + 1, reached or not goal_failures(self.lesson, session)  # (trial 26: "Not reached yet")
        if n:
            self._achieved = reached
            self.app.model.replace(session)
        return n

    def _position(self) -> tuple:
        """The position on the board now, as the hint ladder knows it: the game shown and the steps taken (an undo,
        a redo, a restart or another lesson is another position)."""
        session = self.app.session
        return (id(session), tuple(st.action.id for st in session.history))

    def show_hint(self) -> None:
        """Reveal the next rung of the position's hint ladder: the lesson's written hints that fit the position in
        turn, then the next step of the lesson's solution, marked. The ladder belongs to the position (trial 17: the
        hints followed the number of presses, so after a step the next press showed a hint about the step already
        taken): a new position starts again at the first rung, a second press at the same position goes one rung
        further. A written hint that names a group of actions fits only while that group is shown with an enabled
        action in it (:func:`widgets.lesson_hints.hint_fits`; trial 19: Spirit Duels lesson 1's hint named the
        "Dice actions" group while a decision hid it). Once the goal is out of reach from the step shown, the only
        rung says to Undo, and why (:func:`tutor.lesson_words.undo_hint`; trial 19: Spirited lesson 1 still said
        "Click Scout…" after a wrong Rally). One line at the head of the action list, replacing the hint before it,
        until the next step (or undo, restart, another lesson) or the goal is reached (trial 10: two hint lines
        stayed under "Goal reached!")."""
        if getattr(self, "_reached", False):  # the goal holds: no hint points at a step no longer asked for
            self.hint.disabled = True  # (trial 11 item d: a hint after "Goal reached!" named a group not listed)
            return
        # (the next step toward the goal, found once for a position: off the lesson's way it takes a search)
        pos = self._position()
        if getattr(self, "_next_at", (None,))[0] != pos:
            self._next_at = (pos, None if self._stuck else self._next_step())
        nxt = self._next_at[1]
        if self._hint_at != self._position():  # a new position: its ladder starts at the first rung
            self.hints_shown, self._step_hint, self._written = 0, None, None
        fits = self.fitting_hints()
        if self._stuck:  # the goal is out of reach: take back, and why; no step is marked
            self._step_hint, self._written, nxt = esc(undo_hint(self.lesson, self.app.session,
                                                                self.steps_back())), None, None
        elif self.hints_shown < len(fits):
            self._written = fits[self.hints_shown]
            self.hints_shown += 1
            self._step_hint = None
        else:  # every written hint is out: the engine's next step of the lesson's solution, named and marked
            self._step_hint, self._written = self._step_hint_text(nxt), None
        self._hint_at = self._position()
        self._render_hints()
        self._mark_hint(nxt)

    def fitting_hints(self) -> list[str]:
        """The lesson's written hints that fit the position shown, in order: not spent on the lesson's way (trial 27),
        each group one names shown with an enabled action (:func:`widgets.lesson_hints.hint_fits`), an action it names
        enabled now, or it names none and every step so far followed the lesson's own way (trial 20); a hint of several
        steps of one move from the clause of the step now (:func:`tutor.lesson_hints.hint_now`, session 33)."""
        shown, n = self.app.actions.shown_groups(), len(self.app.session.history)
        verbs, labels = lesson_verbs(self.lesson), [a.label for a in self.app.session.legal_actions()]
        on_path, board = not n or self._replayed()[1], self.app.actions.board
        # (a hint written for several steps of one move speaks from the step the learner is at: session 33)
        done = n if on_path else None
        return [hint_now(self.lesson, h, done) for h in current_hints(self.lesson, done) if hint_fits(h, board, shown)
                and hint_names_enabled(h, verbs, labels, on_path)]

    def steps_back(self) -> int:
        """How many steps to take back to where the goal could still be reached: the step that put it out of reach
        and those after it, as the page saw them (:meth:`check`); else the steps since the last one that followed
        the lesson's solution. At least 1."""
        n = len(self.app.session.history)
        since = getattr(self, "_stuck_since", None)
        if since is not None:
            return max(1, n - since + 1)
        self._replayed()
        return max(1, n - self._scratch[4])

    def _step_hint_text(self, action_id: str | None) -> str:
        """The hint (HTML) once the lesson's written hints are all shown (trial 12: Hint went grey mid-lesson, steps
        before the goal): the next step of the lesson's solution by its label, or, off that path, how to get back."""
        label = next((a.label for a in self.app.session.legal_actions() if a.id == action_id), None)
        if label is None:
            return ("These moves have left the lesson's path to its goal: press Undo to go back a step, or Restart "
                    "the lesson.")
        return f"The next step toward the goal is marked: {prov_text(bare(label))}."

    def _next_step(self) -> str | None:
        """The id of the next step toward the goal: the lesson solution's next step while every step so far followed
        it, else the first step of a way to the goal the engine finds from here (a short search,
        :func:`tutor.lesson_hints.way_on`; trial 20), else None."""
        session, solution = self.app.session, self.lesson.solution
        k = len(session.history)
        scratch, on_path = self._replayed() if k else (None, True)
        if on_path and k < len(solution):
            try:
                return find(session, solution[k]).id
            except Exception:  # noqa: BLE001 - the solution does not replay: no action to point at
                return None
        try:
            return (way_on(self.lesson, scratch, self.search_depth(), self.HINT_BUDGET, shortest=True) if k
                    else None)
        except OutOfBudget:
            return None

    def _mark_hint(self, action_id: str | None) -> None:
        """Mark the legal action ``action_id`` as the hinted one (CSS class ``rt-hint``: it stands out, and it and
        its group come first in the action list, so a hint such as "look at the Dice actions group" never points
        at a group scrolled out of sight); None unmarks every action."""
        mark(self.app.actions.action_buttons, action_id, "rt-hint")

    def _render_hints(self) -> None:
        """Show the newest hint revealed (none before the first press, nor once the step it was given at is gone)."""
        stale = self._hint_at is None or self._hint_at != self._position()
        text = self._step_hint or (esc(self._written) if self._written else None)  # HTML
        self.hints.value = "" if not text or stale else f'<div class="rt-hint">Hint: {text}</div>'
        self.hint.disabled = bool(getattr(self, "_reached", False))  # a hint at every step until the goal holds
        # the tooltip promises a stronger hint only while the position's ladder has one (trial 18)
        last = not stale and self._step_hint is not None
        self.hint.tooltip = (UNDO_HINT_TIP if last and self._stuck else LAST_HINT_TIP if last else HINT_TIP)

    def check(self, restarted: bool = False) -> bool:
        """Check the goal after a step; show "Goal reached!" when it holds. Once reached, the lesson keeps saying so
        (a calm "✓ Goal reached" mark with the way on, in place of the goal) while the learner plays on or undoes
        (trial 16, U2: the words went at the next step), until they restart it (``restarted``: the lesson is played
        again from its start, so its goal is shown again and a wrong step is said; trial 20) or open another
        lesson. Returns whether the goal holds now."""
        if restarted:
            self._achieved = False
            self._lost = None
        ok = bool(self.app.session.history) and not goal_failures(self.lesson, self.app.session)
        last = self.index >= len(self.lessons) - 1
        self._achieved = getattr(self, "_achieved", False) or ok
        if ok:
            nxt = (" That was the last lesson: try a free game in the <b>Free play</b> tab." if last
                   else " Press <b>Next lesson</b> to go on.")
            done = f'<div class="rt-done">✓ Goal reached!{nxt}</div>'
        elif self._achieved:
            nxt = "a free game is in the <b>Free play</b> tab" if last else "<b>Next lesson</b> when you are ready"
            tip = esc(f"You reached this lesson's goal: {self.lesson.goal}")
            done = f'<div class="rt-done rt-done-kept" title="{tip}">✓ Goal reached · {nxt}</div>'
        else:
            done = ""
        with self.done.hold_sync():  # (its words and its box's CSS class, widgets/table.py: one message)
            self.done.value = done
            (self.done.add_class if done else self.done.remove_class)("rt-goal-box")
        self._reached = ok  # Hint is off while the goal holds (an undo turns it back on)
        self.hint.disabled = ok
        # a hint is about the step it was given at: gone with it, and once the goal holds (its words set once, below:
        # "" then a "Not reached yet" line was four messages a click, Spirit Duels' lessons; issue 16)
        drop = bool(self.hints.value) and (ok or self._hint_at != self._position())
        if drop:
            self._mark_hint(None)
            self.hint.tooltip = HINT_TIP  # (a new position: its ladder starts again)
        if self._achieved:  # the kept mark says it in place of the goal
            self.goal.add_class("rt-hidden")
        if ok:
            # kept in the learner's progress (the practice page's mastery map shows its rules as seen), once the
            # click is answered
            from tutor.progress import record_lesson
            soon(record_lesson, self.app.session.game_id, self.lesson.id)
        elif not self._achieved:
            self.goal.remove_class("rt-hidden")
        # (once reached, never "the goal can no longer be reached")
        why = None if self._achieved or not self.app.session.history else self.out_of_reach()
        # once out of reach, the steps played on from there stay so (the search may not be sure again from a later
        # position): the same words, until the learner takes back the step that lost the goal
        ids = tuple(st.action.id for st in self.app.session.history)
        lost = getattr(self, "_lost", None)  # (the steps when the goal went out of reach, why), else None
        if lost and not self._achieved and ids[:len(lost[0])] == lost[0] and self.app.session is lost[2]:
            why = why or lost[1]
        else:
            lost = self._lost = (ids, why, self.app.session) if why else None
        self._stuck = why  # the hint ladder says to Undo while the goal is out of reach (trial 19)
        self._stuck_since = len(lost[0]) if lost else None  # how many steps when the goal went out of reach
        if why:
            self.stuck_text.value = f'<span class="rt-stuck-text">⚠ {esc(why)}</span>'
            self.stuck.remove_class("rt-hidden")
            self._status.add_class("rt-status-on")  # (its line shows: CSS, widgets/table.py, no ":has()")
        else:
            self.stuck.add_class("rt-hidden")
            self._status.remove_class("rt-status-on")
        mark_goal_step(self)  # the fold keeps the lesson's next step in view (widgets/goal_step.py)
        yet = None if ok or why or self._achieved else self.not_yet()
        if yet:  # the step did not reach the goal: said at the head of the actions, until the next step or a hint
            self.hints.value = f'<div class="rt-hint rt-gap"><b>Not reached yet.</b> {esc(yet)} Undo, or play on.</div>'
        elif drop:
            self.hints.value = ""
        return ok

    def out_of_reach(self) -> str | None:
        """Why the lesson's goal can no longer be reached from the step shown, in plain words with what to do, or
        ``None`` while it may still be. First the lesson's own word (:func:`tutor.lessons.goal_out_of_reach`: its
        ``out_of_reach`` conditions), said at once; else the game over or the result of a short search
        (:meth:`unreachable`), after what the last step did and what the goal asks instead
        (:func:`tutor.lesson_words.goal_gap`, trial 18)."""
        session = self.app.session
        said = goal_out_of_reach(self.lesson, session)
        if said and said != GAME_OVER:
            return said
        gap = lambda: goal_gap(self.lesson, session)  # noqa: E731 - what the last step did, what the goal asks
        if said:  # the game is over: what the goal asked, then that it is over (the Undo and Restart buttons beside)
            return f"{gap() or ''} The game is over, so the goal can no longer be reached.".strip()
        if self.unreachable():  # (short: the line must stay within two lines at 1024 px, trial 18)
            within = (f"The goal can no longer be reached from here: no way of playing on gets there within "
                      f"{self.search_depth()} steps.")
            return f"{gap() or ''} {within}".strip()
        return None

    def not_yet(self) -> str | None:
        """After a step that did not reach the goal, once the learner has taken as many steps as the lesson's own
        way and left it (the goal not out of reach, as far as the page knows): what the step did and what the goal
        asks (:func:`tutor.lesson_words.goal_gap`), else None. Shown as the action list's head line (a note, like a
        hint), so the board does not move (trial 18: the lesson line told only when the goal was lost)."""
        session = self.app.session
        if not session.history or len(session.history) < len(self.lesson.solution) or self._replayed()[1]:
            return None
        return goal_gap(self.lesson, session)

    #: Most positions a goal check looks at after a step off the lesson's solution (about a millisecond each).
    SEARCH_BUDGET = 250

    def search_depth(self) -> int:
        """How many more steps the goal search tries: the solution's length and a few more (a learner off the
        solution may need a detour, e.g. finishing a decision first)."""
        return len(self.lesson.solution) + self.SEARCH_SLACK

    #: Most positions the search for the hint's next step looks at, off the lesson's way (a press of Hint).
    HINT_BUDGET = 500
    #: Steps beyond the solution's length that the goal search tries.
    SEARCH_SLACK = 4

    def _replayed(self) -> tuple[tutor.Session, bool]:
        """A scratch copy of the session shown (its steps replayed on the lesson's prepared state) and whether every
        step so far followed the lesson's solution. The copy is kept between checks: a step on from the position
        checked last replays only that step (before, every click replayed the whole lesson from its start: a few
        milliseconds of the click); an undo, a restart or another lesson starts a fresh copy."""
        lesson, ids = self.lesson, [st.action.id for st in self.app.session.history]
        # [lesson, the ids replayed, the copy, on the solution so far, how many leading steps followed it]
        memo = getattr(self, "_scratch", None)
        if memo is None or memo[0] is not lesson or memo[1] != ids[:len(memo[1])]:
            memo = self._scratch = [lesson, [], self.app.session.restarted(), True, 0]  # (the lesson's start)
        done, scratch = memo[1], memo[2]
        for k in range(len(done), len(ids)):
            on_path = memo[3] and k < len(lesson.solution)
            if on_path:
                try:
                    on_path = find(scratch, lesson.solution[k]).id == ids[k]
                except Exception:  # noqa: BLE001 - a step the solution does not name: off the path
                    on_path = False
            scratch.apply(ids[k])  # (a step that does not replay raises, as before: the copy stays as it was)
            done.append(ids[k])
            memo[3] = on_path
            if on_path:
                memo[4] = k + 1
        return scratch, memo[3]

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
        scratch, on_path = self._replayed()
        if on_path or not goal_failures(lesson, scratch):
            return False
        try:
            return way_on(lesson, scratch, self.search_depth(), self.SEARCH_BUDGET) is None
        except OutOfBudget:
            return False
