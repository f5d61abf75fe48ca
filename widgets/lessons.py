"""The lesson runner and the "learn" page: lessons in order (intro, goal, hints, the board and actions from the
prepared state, "Goal reached!" once the goal check passes), then free play with the same panels."""
from __future__ import annotations

import json
import logging
import re
import secrets
import threading

import ipywidgets as w

import tutor
from tutor.lessons import Lesson, goal_failures, goal_out_of_reach, readable_lessons
from tutor.lessons import start_lesson as _start_lesson
from tutor.scenario import find

from .app import TutorApp
from .boards import open_hands
from .kernel_timing import after_cell, after_view, wait_until_page_asked, warm_progress
from .model import ErrorPanel, clause_chip
from .problems import split_problem
from .style import box, button, close_tree, esc, html_widget, markdown, prov_text, style_widget
from .strip_fit import strip_fit
from .table import table_style

log = logging.getLogger("tutor.learn")
#: the server's log of lesson files left out, with their full paths (not under ``tutor``: the page never shows it)
_content_log = logging.getLogger("rules_tutor.content")


def start_lesson(lesson: Lesson):
    """The prepared game of ``lesson`` (:func:`tutor.lessons.start_lesson`), every hand shown face up
    (:func:`widgets.boards.open_hands`: the learner plays every seat of a lesson)."""
    return open_hands(_start_lesson(lesson))


class _OutOfBudget(Exception):
    """The goal search looked at as many positions as it may."""


class LessonRunner:
    """Runs the lessons of one game. Attributes: ``lessons``, ``index`` (the lesson shown), ``app`` (the
    :class:`TutorApp` over the lesson's session), ``done`` (HTML widget, CSS class ``tutor-goal``), ``widget``."""

    def __init__(self, game_id: str = "restless-spirits", errors: ErrorPanel | None = None) -> None:
        self.lessons: list[Lesson]
        #: the messages of lesson files left out (a file that does not load: see tutor.lessons.readable_lessons)
        self.left_out: list[str]
        self.lessons, self.left_out = readable_lessons(game_id)
        # the page opens its first lesson at once: one whose table or solution does not play (found only when it is
        # started) is left out and named, and the next one opens (attack 18: such a file as lesson 1 took the whole
        # learn page down); a later one is refused when it is chosen, the game kept (see the error panel)
        first = None
        while self.lessons and first is None:
            try:
                first = start_lesson(self.lessons[0])
            except tutor.ContentError as exc:
                self.left_out.append(str(exc))
                self.lessons.pop(0)
        if not self.lessons:
            raise ValueError(f"no lessons for game {game_id!r}")
        self.errors = errors or ErrorPanel()
        self.index = 0
        self.hints_shown = 0
        self._hint_at: int | None = None  # the number of steps taken when the hint shown was revealed
        self._step_hint: str | None = None  # the engine's step hint once the written ones are all shown
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
        self.app = TutorApp(first, show_setup=False, errors=self.errors, with_style=False,
                            header=line, status=box([self.stuck], classes=("rt-status",)),
                            one_screen=True, about=self.about)
        # the hint is a line at the head of the action list (the panel's note, as in free play), beside the actions
        # it is about: a line of its own above the board pushed the board down (trial 13 item L3: Spirited's Player 1
        # at 1024x768, Restless Spirits' key line at 1366x768)
        self.hints.close()
        self.hints = self.app.actions.note
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
        self._hint_at = None
        self._step_hint = None
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
        self.picker.tooltip = f"Lesson {lesson.order}. {lesson.title}"  # the whole title, should the list be cut
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
            self.app.model.replace(start_lesson(lesson))

    #: Most steps of a lesson a kept place replays (a longer list is cut there).
    RESUME_STEPS = 200

    def resume(self, lesson_id: str, actions: list) -> int:
        """Open the lesson ``lesson_id`` and replay the action ids ``actions`` from its prepared state, as far as
        each is a legal action in turn (the rest is dropped: a kept place is text from the database, never
        trusted). Returns how many steps were replayed.

        Raises:
            ValueError: this game has no lesson ``lesson_id``.
        """
        ids = [x.id for x in self.lessons]
        if lesson_id not in ids:
            raise ValueError(f"no lesson {str(lesson_id)[:60]!r} in this game")
        self.open(ids.index(lesson_id))
        session = start_lesson(self.lesson)
        n = 0
        for aid in actions[: self.RESUME_STEPS] if isinstance(actions, list) else []:
            if not isinstance(aid, str) or len(aid) > 500:
                break
            try:
                session.apply(aid)
            except ValueError:  # IllegalAction: the lesson changed since, or the text was edited
                break
            n += 1
        if n:
            self.app.model.replace(session)
        return n

    def show_hint(self) -> None:
        """Reveal the next hint: one line above the board, replacing the hint before it, until the next step (or
        undo, restart, another lesson) or the goal is reached (trial 10: two hint lines stayed under "Goal reached!",
        pushing the board down)."""
        if getattr(self, "_reached", False):  # the goal holds: no hint points at a step no longer asked for
            self.hint.disabled = True  # (trial 11 item d: a hint after "Goal reached!" named a group not listed)
            return
        nxt = self._next_step()
        if self.hints_shown < len(self.lesson.hints):
            self.hints_shown += 1
            self._step_hint = None
        else:  # every written hint is out: the engine's next step of the lesson's solution, named and marked
            self._step_hint = self._step_hint_text(nxt)
        self._hint_at = len(self.app.session.history)
        self._render_hints()
        self._mark_hint(nxt)

    def _step_hint_text(self, action_id: str | None) -> str:
        """The hint (HTML) once the lesson's written hints are all shown (trial 12: Hint went grey mid-lesson, steps
        before the goal): the next step of the lesson's solution by its label, or, off that path, how to get back."""
        label = next((a.label for a in self.app.session.legal_actions() if a.id == action_id), None)
        if label is None:
            return ("These moves have left the lesson's path to its goal: press Undo to go back a step, or Restart "
                    "the lesson.")
        return f"The next step toward the goal is marked: {prov_text(label)}."

    def _next_step(self) -> str | None:
        """The id of the lesson solution's next step when it is a legal action now (the learner on its path), else
        None."""
        session, solution = self.app.session, self.lesson.solution
        k = len(session.history)
        if k >= len(solution):
            return None
        try:
            return find(session, solution[k]).id
        except Exception:  # noqa: BLE001 - off the solution's path: no action to point at
            return None

    def _mark_hint(self, action_id: str | None) -> None:
        """Mark the legal action ``action_id`` as the hinted one (CSS class ``rt-hint``: it stands out, and it and
        its group come first in the action list, so a hint such as "look at the Dice actions group" never points
        at a group scrolled out of sight); None unmarks every action."""
        for b in self.app.actions.action_buttons:
            on = action_id is not None and getattr(b, "_action_id", None) == action_id
            if on and "rt-hint" not in b._dom_classes:
                b.add_class("rt-hint")
            elif not on and "rt-hint" in b._dom_classes:
                b.remove_class("rt-hint")

    def _render_hints(self) -> None:
        """Show the newest hint revealed (none before the first press, nor once the step it was given at is gone)."""
        hs = self.lesson.hints[: self.hints_shown]
        stale = self._hint_at is None or self._hint_at != len(self.app.session.history)
        text = self._step_hint or (esc(hs[-1]) if hs else None)  # HTML
        self.hints.value = "" if not text or stale else f'<div class="rt-hint">Hint: {text}</div>'
        self.hint.disabled = bool(getattr(self, "_reached", False))  # a hint at every step until the goal holds

    def check(self) -> bool:
        """Check the goal after a step; show "Goal reached!" when it holds. Returns whether it holds."""
        ok = bool(self.app.session.history) and not goal_failures(self.lesson, self.app.session)
        nxt = " Press <b>Next lesson</b> to go on." if self.index < len(self.lessons) - 1 else \
            " That was the last lesson: try a free game in the <b>Free play</b> tab."
        self.done.value = f'<div class="rt-done">✓ Goal reached!{nxt}</div>' if ok else ""
        self._reached = ok  # Hint is off while the goal holds (an undo turns it back on)
        self.hint.disabled = ok
        if self.hints.value and (ok or self._hint_at != len(self.app.session.history)):
            self.hints.value = ""  # a hint is about the step it was given at: gone with it, and once the goal holds
            self._mark_hint(None)
        if ok:
            self.goal.add_class("rt-hidden")
            # kept in the learner's progress (the practice page's mastery map shows its rules as seen)
            from tutor.progress import record_lesson
            record_lesson(self.app.session.game_id, self.lesson.id)
        else:
            self.goal.remove_class("rt-hidden")
        why = None if ok or not self.app.session.history else self.out_of_reach()
        if why:
            self.stuck_text.value = f'<span class="rt-stuck-text">⚠ {esc(why)}</span>'
            self.stuck.remove_class("rt-hidden")
        else:
            self.stuck.add_class("rt-hidden")
        return ok

    def out_of_reach(self) -> str | None:
        """Why the lesson's goal can no longer be reached from the step shown, in plain words with what to do, or
        ``None`` while it may still be. First the lesson's own word (:func:`tutor.lessons.goal_out_of_reach`: its
        ``out_of_reach`` conditions, or the game over), said at once; else the result of a short search
        (:meth:`unreachable`)."""
        said = goal_out_of_reach(self.lesson, self.app.session)
        if said:
            return said
        if self.unreachable():
            n = self.search_depth()
            return (f"The goal can no longer be reached from here (not in {n} more steps). Press Undo to take back "
                    "the last step, or Restart the lesson.")
        return None

    #: Most positions a goal check looks at after a step off the lesson's solution (about a millisecond each).
    SEARCH_BUDGET = 250

    def search_depth(self) -> int:
        """How many more steps the goal search tries: the solution's length and a few more (a learner off the
        solution may need a detour, e.g. finishing a decision first)."""
        return len(self.lesson.solution) + self.SEARCH_SLACK

    #: Steps beyond the solution's length that the goal search tries.
    SEARCH_SLACK = 4

    def _replayed(self) -> tuple[tutor.Session, bool]:
        """A scratch copy of the session shown (its steps replayed on the lesson's prepared state) and whether every
        step so far followed the lesson's solution. The copy is kept between checks: a step on from the position
        checked last replays only that step (before, every click replayed the whole lesson from its start: a few
        milliseconds of the click); an undo, a restart or another lesson starts a fresh copy."""
        lesson, ids = self.lesson, [st.action.id for st in self.app.session.history]
        memo = getattr(self, "_scratch", None)  # [lesson, the ids replayed, the copy, on the solution so far]
        if memo is None or memo[0] is not lesson or memo[1] != ids[:len(memo[1])]:
            memo = self._scratch = [lesson, [], start_lesson(lesson), True]
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


#: Said once on a learn page when another tab or window of the same page kept its place since this one last did.
OTHER_TAB_NOTICE = ("This page is open in another tab or window too: the tab you play in last is the one kept when "
                    "you come back.")
#: Said (once until the learner loads it) by a tab whose free game another tab or window of the page moved on since:
#: this tab's older game is not written over the newer one (fresh attack 13); the line offers to load the newer game.
FREE_MOVED_ON = ("Your free-play game has moved on in another tab or window, so what you play here is not kept: load "
                 "the newer game to play on from where it is.")


#: Said once above the tabs when the free game kept from the learner's last visit cannot be restored (``why``: the
#: engine's reason, naming the field, cut to :data:`KEPT_GAME_WHY_MAX` characters).
KEPT_GAME_LOST = "⚠ The free game kept from your last visit could not be restored ({why}), so a new game has started."
KEPT_GAME_WHY_MAX = 200
#: Said once, quietly, at the top of the Free play tab when it opens on the free game kept from before (a reload, or
#: coming back to the page); never over the Lessons tab, whose lesson it is not about.
RESUMED_NOTICE = ("Your free-play game from before is back ({steps}): play on, or press New game to start a fresh "
                  "one.")


def learner_words(exc: ValueError) -> str:
    """Why a kept free game does not load, in words for the learner: a step that no longer replays is named by its
    number, never by the action ids or the list of legal actions the engine's message gives (fresh attack, session
    11); any other reason is the message without its ``<saved session>:`` prefix."""
    field = getattr(exc, "field", None) or ""
    m = re.fullmatch(r"actions\[(\d+)\]", field)
    if m:
        return f"its step {int(m.group(1)) + 1} is not a legal move with this tutor's rules"
    return str(exc).removeprefix("<saved session>: ")


def _short(text: str) -> str:
    """``text`` on one line, at most :data:`KEPT_GAME_WHY_MAX` characters (cut with "…")."""
    text = " ".join(str(text).split())
    return text if len(text) <= KEPT_GAME_WHY_MAX else text[:KEPT_GAME_WHY_MAX - 1] + "…"


class LearnApp:
    """The learn page: one title line (the game's name, the "Lessons" and "Free play" tabs, a link back to the
    landing page), then the tab shown as a one-screen game table (see :class:`TutorApp`): under Voila the page
    fills the window without scrolling (CSS of :mod:`widgets.table`). Free play is built when first opened.
    ``widget`` is the root (CSS classes ``rt-root rt-learn``).

    With a ``store`` (a :class:`tutor.progress.ProgressStore`, given here or later to :meth:`keep_place`) the page
    keeps the learner's place there after every step, undo, new game and change of tab (:meth:`remember`: the lesson
    and its steps, the tab, the free game as a saved session) and opens where the learner was (:meth:`resume`);
    without one it keeps nothing."""

    def __init__(self, game_id: str = "restless-spirits", seed: int = 1, players: int = 2, store=None) -> None:
        self.game_id, self.seed, self.players = game_id, seed, players
        self.store = None  # set by keep_place
        self.errors = ErrorPanel()
        self.lessons = LessonRunner(game_id, errors=self.errors)
        self.free: TutorApp | None = None
        self._free_kept: str | None = None  # the saved free game kept in the place (until free play opens)
        self._restoring = False
        self._free_seats: list[str] | None = None  # who played each free-play seat (kept in the place)
        self._free_auto = True  # whether "Auto" is ticked in free play (on by default; kept in the place)
        self._free_redo: list[str] = []  # the free game's undone actions, the next to redo last (kept in the place)
        self._free_box = w.VBox([w.HTML('<div class="rt-muted">Loading a new game…</div>')])
        self._free_notes: list[w.Widget] = []  # notice lines at the top of the Free play tab (see _notice)
        #: this page's own mark in the place it keeps (``"page"``), and the mark it expects to find there: its own
        #: once it has written, else the one of the place it resumed from; another mark there means another tab or
        #: window of the same page wrote since (:meth:`remember` then says so once)
        self.page_token = secrets.token_hex(8)
        self._expected_writer: str | None = None
        self._told_other_tab = False
        #: the mark of the place this page last wrote or read (``"rev"``, new at every save): another mark there
        #: means another tab or window wrote since, even one that resumed from this page's place (its page mark
        #: alone would look like this page's)
        self._expected_rev: str | None = None
        #: the free game (JSON) as this page last wrote or read it: another one kept there, written since by another
        #: tab, is newer than this page's and is not written over (see :meth:`remember`)
        self._free_known: str | None = None
        self._moved_on_row: w.Widget | None = None  # the FREE_MOVED_ON line while it is shown
        self.tabs = w.Tab(children=[self.lessons.widget, self._free_box])
        self.tabs.titles = ("Lessons", "Free play")
        self.tabs.observe(self.errors.guard(lambda ch: ch["new"] == 1 and self.open_free_play(self._newest_free())),
                          names="selected_index")
        self.tabs.observe(lambda ch: self._show_free_notes(ch["new"] == 1), names="selected_index")
        from tutor.registry import game_class
        name = getattr(game_class(game_id), "title", game_id.replace("-", " ").title())
        title = html_widget(f'<div class="rt-learn-title"><span class="rt-learn-name">Learn {esc(name)}</span>'
                            '<a class="rt-learn-home" href="index.ipynb">← All pages</a></div>')
        title.add_class("rt-learn-head")
        styles = [style_widget(), table_style(), strip_fit()]
        for x in styles:
            x.add_class("rt-style")
        self.widget = w.VBox([*styles, title, self.tabs], layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.widget.add_class("rt-learn")
        left = self.lessons.left_out
        if left:  # said once, naming the file (its name only: the server's folders go to its log): the other
            # lessons and free play work on
            for said in left:
                _content_log.warning("learn page: a lesson file is left out: %s", said[:500])
            named = [split_problem(x)[0] for x in left]
            self._notice(f"⚠ {'A lesson file' if len(left) == 1 else f'{len(left)} lesson files'} could not be read "
                         f"and {'is' if len(left) == 1 else 'are'} left out: "
                         + _short(", ".join(n for n in named if n) or "a lesson file") + ". The other lessons work.")
        #: the progress store's warm-up (:func:`warm_progress`), started by the learner's first step
        self._warm: threading.Timer | None = None

        def first_step(_m, change: str) -> None:
            if self._warm is None and self.store is None and change != "clause":
                self._warm = warm_progress()  # the first "Goal reached!" then keeps the lesson without waiting
        self.lessons.app.model.observe(first_step)  # (a page given no store yet opens the learner's one later)
        if store is not None:
            self.keep_place(store)

    def keep_place(self, store) -> None:
        """Keep the learner's place in ``store`` (a :class:`tutor.progress.ProgressStore`) from now on, and go back
        to the place kept there (see :meth:`resume`; in a kernel Voila pre-heated, once the learner asks for the
        page). Given after the page was shown (:func:`learn_app` opens the database after the first render), a place
        the learner already left by taking a step or changing lesson or tab is not resumed: what they did is kept.
        Once only (ValueError for a second store)."""
        if self.store is not None:
            raise ValueError("this page already keeps its place in a progress store")
        self.store = store
        if store.saving:  # a reload comes back to the same place: the "reload starts a new game" note is hidden
            self.widget.add_class("rt-kept")
        told = store.take_notice()  # the database cannot save: said once, the page works on
        if told:
            self._notice(f"⚠ {told}")
        runner = self.lessons
        moved = bool(runner.app.session.history) or runner.index != 0 or self.tabs.selected_index != 0
        if moved:  # the learner was quicker than the database: their newest place is the one kept
            kept = self.place()
            self._synced(kept)
            if self.free is not None:
                self._watch_free()
            self.remember(free=self.free is not None)
        else:  # a kernel Voila pre-heated resumes once the learner asks for the page (its cell waits); any other at once
            if wait_until_page_asked() and not store.recheck():  # opened before the visit: damaged since?
                self.widget.remove_class("rt-kept")
                told = store.take_notice()
                if told:
                    self._notice(f"⚠ {told}")
            self.errors.guard(self.resume)()
        self.lessons.app.model.observe(lambda m, change: change != "clause" and self.remember())
        self.tabs.observe(self.errors.guard(lambda ch: self.remember()), names="selected_index")

    def _notice(self, text: str, quiet: bool = False, free: bool = False) -> w.HBox:
        """Show ``text`` (plain text) in a calm line above the tabs, with a "Got it" button that hides the line (the
        learner has read it; it would otherwise stay for as long as the page is open). ``quiet``: news rather than
        a warning (CSS class ``rt-quiet``, a pale lilac line instead of an orange one). ``free``: news of the free
        game, shown at the top of the Free play tab instead (a learner in the Lessons tab does not see it). Returns
        the line (an HBox of CSS class ``rt-learn-notice-row``)."""
        look = ("background: #f6f3fc; border: 1px solid #ddd3f0; color: #3d1f66;" if quiet
                else "background: #fff4e0; border: 1px solid #f0b35a;")
        if free:  # one line on the tab bar's line (CSS of widgets.table): the advice after ": " goes on a narrow
            # window (CSS class rt-notice-tail), the whole sentence on hover
            head, sep, tail = text.partition(": ")
            words = esc(head) + (f'<span class="rt-notice-tail">{esc(sep + tail)}</span>' if sep else "")
            note = html_widget(f'<div class="tutor-notice rt-learn-notice{" rt-quiet" if quiet else ""}" '
                               f'title="{esc(text)}" style="{look} border-radius: 8px; padding: 2px 8px; '
                               f'font-size: 12.5px;">{words}</div>')
        else:
            note = html_widget(f'<div class="tutor-notice rt-learn-notice{" rt-quiet" if quiet else ""}" '
                               f'style="{look} border-radius: 8px; padding: 4px 8px; font-size: 13px;">'
                               f'{esc(text)}</div>')
        got_it = button("Got it", tooltip="Hide this note")
        got_it.add_class("rt-notice-close")
        row = w.HBox([note, got_it], layout=w.Layout(align_items="center", gap="6px"))
        row.add_class("rt-learn-notice-row")
        got_it.on_click(self.errors.guard(lambda _b: self._hide_notice(row)))
        if free:  # on the page's head line, beside the tabs, shown only with the Free play tab: it never moves the
            # table down (trial 14, T3: at 1024x768 the line pushed the board under the fold)
            row.add_class("rt-free-notice")
            if self.tabs.selected_index != 1:
                row.add_class("rt-hidden")
            self._free_notes.append(row)
        self.widget.children = (*self.widget.children[:-1], row, self.tabs)
        return row

    def _show_free_notes(self, free_tab: bool) -> None:
        """Show the free game's notice lines while the Free play tab is shown, hide them otherwise."""
        for row in self._free_notes:
            if free_tab and "rt-hidden" in row._dom_classes:
                row.remove_class("rt-hidden")
            elif not free_tab and "rt-hidden" not in row._dom_classes:
                row.add_class("rt-hidden")

    def _hide_notice(self, row: w.Widget) -> None:
        """Take the notice line ``row`` off the page (its "Got it" button)."""
        self.widget.children = tuple(c for c in self.widget.children if c is not row)
        if row in self._free_notes:
            self._free_notes.remove(row)
            self._free_box.children = tuple(c for c in self._free_box.children if c is not row)

    def notices(self) -> list[str]:
        """The HTML of the notice lines shown now, oldest first: those above the tabs, then those at the top of the
        Free play tab (for tests and the page's own checks)."""
        rows = [c for c in self.widget.children if "rt-learn-notice-row" in c._dom_classes
                and c not in self._free_notes] + self._free_notes
        return [c.children[0].value for c in rows]

    def open_free_play(self, saved: str | None = None) -> TutorApp:
        """Build the free-play game (once) and show it: the game ``saved`` (a session's JSON, see
        :func:`tutor.load_session`) when it loads, else a new one."""
        if self.free is None:
            session = None
            if saved:
                why = None
                try:
                    session = tutor.load_session(saved)
                except ValueError as exc:  # ContentError: edited, or from an older tutor
                    why = learner_words(exc)
                    log.info("learn page: the saved free game of %s is not readable, a new game starts: %s",
                             self.game_id, why[:200])
                if session is not None and session.game_id != self.game_id:
                    session, why = None, "it is a game of another kind"
                if why is not None:  # said once, in plain words: the kept game is not silently replaced
                    self._notice(KEPT_GAME_LOST.format(why=_short(why)))
                else:  # said once, quietly: the game on the table is the one from before, not a new one
                    _restore_redo(session, self._free_redo)
                    n = len(session.history)
                    self._notice(RESUMED_NOTICE.format(steps=f"{n} step{'' if n == 1 else 's'}" if n
                                                       else "no steps yet"), quiet=True, free=True)
            resumed = self._free_notes[-1] if session is not None and self._free_notes else None
            if session is None:
                session = tutor.new_game(self.game_id, players=self.players, seed=self.seed)
                if "first_game" in session.game.options:  # the game has a first-game set-up: use it
                    session = tutor.new_game(self.game_id, players=self.players, seed=self.seed, first_game=True)
            self.free = TutorApp(session, new_game=True, errors=self.errors, with_style=False, one_screen=True,
                                 opponent=True)
            self._free_box.children = (self.free.widget,)
            if resumed is not None:  # "from before is back" is news until the learner plays on or starts afresh
                self.free.model.observe(lambda _m, change: change != "clause" and self._hide_notice(resumed))
            seats = self.free.seats.seats if self.free.seats is not None else []
            kept = self._free_seats
            if kept and len(kept) == len(seats):  # the computer keeps the seats it played
                for d, value in zip(seats, kept):
                    if value in {v for _label, v in d.options}:
                        d.value = value
            if self.free.seats is not None:  # and Auto as it was (on unless the learner unticked it)
                self.free.seats.auto.value = self._free_auto
            if kept and getattr(self.free, "last", None) is not None:  # whose steps are the learner's: as kept
                self.free.last.render()
            if self.store is not None:
                self._watch_free()
        return self.free

    def _watch_free(self) -> None:
        """Keep the place after every step, undo and new game of free play, and change of who plays a seat."""
        self.free.model.observe(lambda m, change: change != "clause" and self.remember(free=True))
        for d in self.free.seats.seats if self.free.seats is not None else []:
            d.observe(self.errors.guard(lambda _ch: self.remember(free=True)), names="value")
        if self.free.seats is not None:
            self.free.seats.auto.observe(self.errors.guard(lambda _ch: self.remember(free=True)), names="value")

    # -- where the learner was ----------------------------------------------------------------------------------
    @property
    def place_key(self) -> str:
        """The page's key in the progress store (``"learn:<game id>"``)."""
        return f"learn:{self.game_id}"

    def place(self) -> dict:
        """The kept place of this page (``{"tab": "lessons" | "free", "lesson": id, "actions": [action ids],
        "free": saved game JSON or None, "seats": who plays each free-play seat, "auto": whether free play's Auto
        is ticked (absent: ticked, the default), "redo": the free game's undone action ids, the next to redo last}``), or ``{}`` when none is kept or it is not readable."""
        text = self.store.place(self.place_key) if self.store is not None else None
        told = self.store.take_damage_notice() if self.store is not None else None
        if told:  # a kept place the store would not read (a tampered row larger than it writes): said once
            self._notice(f"⚠ {told}")
        if not text:
            return {}
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            log.info("learn page: the kept place of %s is not readable; starting afresh", self.game_id)
            return {}
        return data if isinstance(data, dict) else {}

    def remember(self, free: bool = False) -> None:
        """Keep where the learner is (the tab, the lesson and its steps, the free game) in the progress store.
        ``free``: the change is this page's free play (a step, undo, new game, who plays a seat): its game is kept.
        Otherwise the free game kept stays as it is, perhaps newer from another tab or window of this page (a tab
        that only changed lesson or tab never writes its older game over it). A free game kept by another tab since
        this page last wrote or loaded one is never written over: the page says so once (:data:`FREE_MOVED_ON`,
        with a "Load the newer game" button, :meth:`load_newer_free`) and keeps nothing until it is loaded. Every
        save carries a fresh mark (``"rev"``): a tab that finds another mark says once that the page is open in
        another tab (:data:`OTHER_TAB_NOTICE`). A notice the store gives meanwhile (saving stopped) is said once."""
        if self.store is None or self._restoring:
            return
        kept = self.place()
        rev, writer = kept.get("rev"), kept.get("page")
        moved = (rev != self._expected_rev) if isinstance(rev, str) else (
            isinstance(writer, str) and writer != self._expected_writer)
        if (free and self.free is not None and isinstance(kept.get("free"), str)
                and kept.get("free") != self._free_known):
            # another tab or window moved the free game on since this page last wrote or loaded it (a page's other
            # writes keep the free game as they find it): this page's older game is never written over it; said
            # once, with a button to load the newer game
            self._say_moved_on()
            return
        if free and self.free is not None:  # this page's free game is the one kept now
            self._free_kept = self.free.session.to_json()
            if self.free.seats is not None:
                self._free_seats = [d.value for d in self.free.seats.seats]
                self._free_auto = bool(self.free.seats.auto.value)
            self._free_redo = list(self.free.session.redo_ids)
        else:  # the free game kept (perhaps by another tab) stays kept
            self._take_kept_free(kept)
        data = {"tab": "free" if self.tabs.selected_index == 1 else "lessons", "lesson": self.lessons.lesson.id,
                "actions": [st.action.id for st in self.lessons.app.session.history], "free": self._free_kept}
        if self._free_seats:
            data["seats"] = self._free_seats
        data["auto"] = self._free_auto
        if self._free_redo:
            data["redo"] = self._free_redo
        if moved and not self._told_other_tab:
            # another tab or window of this page kept its place since this one last did: said once, saving goes on
            self._told_other_tab = True
            self._notice(OTHER_TAB_NOTICE)
        data["page"] = self._expected_writer = self.page_token
        data["rev"] = self._expected_rev = secrets.token_hex(8)
        try:
            self.store.save_place(self.place_key, json.dumps(data))
        except ValueError as exc:  # a free game too large to keep: the lesson's place is kept without it
            log.info("learn page: place not kept: %s", exc)
            data["free"] = None
            self.store.save_place(self.place_key, json.dumps(data))
        told = self.store.take_notice()  # the database stopped saving during the visit: said once, the page works on
        if told:
            self._notice(f"⚠ {told}")
        if free and self.free is not None:  # (a free game kept for another tab is not the one this page shows)
            self._free_known = data["free"]

    def _synced(self, kept: dict) -> None:
        """This page has read the kept place ``kept``: its marks and free game are the ones expected next time."""
        writer, rev, free = kept.get("page"), kept.get("rev"), kept.get("free")
        self._expected_writer = writer if isinstance(writer, str) else None
        self._expected_rev = rev if isinstance(rev, str) else None
        self._free_known = free if isinstance(free, str) else None

    def _say_moved_on(self) -> None:
        """Show :data:`FREE_MOVED_ON` (once while it is shown) with a "Load the newer game" button."""
        if self._moved_on_row is not None and self._moved_on_row in self.widget.children:
            return
        row = self._moved_on_row = self._notice(FREE_MOVED_ON)
        load = button("Load the newer game", tooltip="Play on from the free game kept by your other tab or window")
        load.add_class("rt-load-newer")
        load.on_click(self.errors.guard(lambda _b: self.load_newer_free()))
        row.children = (row.children[0], load, *row.children[1:])

    def load_newer_free(self) -> None:
        """Open, in this page's free play, the free game kept now (newer, from another tab or window), with its
        seats, Auto and redo steps; the :data:`FREE_MOVED_ON` line goes. A kept game that does not load leaves this
        page's game as it is, and says why."""
        kept = self.place()
        free = kept.get("free")
        if not isinstance(free, str) or self.free is None:
            return
        try:
            session = tutor.load_session(free)
            if session.game_id != self.game_id:
                raise ValueError("it is a game of another kind")
        except ValueError as exc:
            self._notice(f"⚠ The newer free game could not be loaded ({_short(learner_words(exc))}); the game here "
                         "stays as it is.")
            return
        self._synced(kept)
        self._take_kept_free(kept)
        _restore_redo(session, self._free_redo)
        if self._moved_on_row is not None:
            self._hide_notice(self._moved_on_row)
            self._moved_on_row = None
        self.free.model.replace(session)  # (kept again at once, as this page's now)

    def _newest_free(self) -> str | None:
        """The free game to open when free play is first opened here: the one kept now (another tab may have played
        since this page read its place)."""
        if self.free is None and self.store is not None and not self._restoring:
            self._take_kept_free(self.place())
            self._free_known = self._free_kept  # the game opened is the newest kept: playing on is kept
        return self._free_kept

    def _take_kept_free(self, data: dict) -> None:
        """Take the free game of the kept place ``data`` (its JSON, who plays each seat, Auto and the redo steps, each
        checked as :meth:`resume` does) as the one this page keeps and opens: for a page that has not opened free
        play, whose saving must not replace a game another tab or window kept since."""
        free = data.get("free")
        self._free_kept = free if isinstance(free, str) else None
        seats = data.get("seats")
        self._free_seats = ([str(v)[:16] for v in seats] if isinstance(seats, list) and len(seats) <= 8
                            and all(isinstance(v, str) for v in seats) else None)
        self._free_auto = data.get("auto") is not False  # absent (an older place): the default, ticked
        redo = data.get("redo")
        self._free_redo = (list(redo) if isinstance(redo, list) and len(redo) <= 500
                           and all(isinstance(v, str) and len(v) <= 300 for v in redo) else [])

    def resume(self) -> None:
        """Go back to where the learner was: the lesson and its steps, and the free game when free play was the tab
        shown (a place that cannot be read, or a lesson no longer there, starts afresh)."""
        data = self.place()
        self._synced(data)
        self._restoring = True
        try:
            self._take_kept_free(data)
            lesson = data.get("lesson")
            if isinstance(lesson, str) and lesson in {x.id for x in self.lessons.lessons}:
                self.lessons.resume(lesson, data.get("actions") or [])
            if data.get("tab") == "free":
                self.open_free_play(saved=self._free_kept)
                self.tabs.selected_index = 1
        finally:
            self._restoring = False


def _restore_redo(session: tutor.Session, redo: list[str]) -> None:
    """Give ``session`` back the undone steps ``redo`` (action ids, the next to redo last, as
    :attr:`tutor.Session.redo_ids` gives them): each applied in turn, then all undone. An id not legal when its
    turn comes ends the rebuilding there (those before it stay redoable); the session's game is as it was."""
    done = 0
    for aid in reversed(redo):
        if all(a.id != aid for a in session.legal_actions()):
            log.info("learn page: a kept redo step is not legal now, the rest are dropped: %s", aid[:120])
            break
        session.apply(aid)
        done += 1
    for _ in range(done):
        session.undo()


def learn_app(game_id: str = "restless-spirits") -> w.Widget:
    """The learn page for ``game_id`` (lessons, then free play), resuming where the learner was (their place in the
    default progress store, :func:`tutor.progress.default_store`); returns the widget to display.

    In a page's own kernel the page is shown first and the progress database is opened just after (importing
    SQLAlchemy and Alembic and checking the schema take about half a second of the kernel's time, which the first
    render then does not wait for); the place is resumed on the kernel's loop once it is open and the browser has
    drawn the page (a notice made while the browser still builds the page's widgets would break it)."""
    app = LearnApp(game_id)
    ready: dict = {}

    def keep() -> None:  # on the kernel's loop, once the store is open and the browser has drawn the page: a notice
        # made before that (a damaged database) reached a browser still building the page's widgets, which then
        # showed two "widget model not found" errors instead of it (attack 18, M1)
        if "store" in ready and ready.get("seen") and not ready.get("kept"):
            ready["kept"] = True
            app.errors.guard(lambda: app.keep_place(ready["store"]))()

    def seen() -> None:
        ready["seen"] = True
        keep()

    def open_store() -> None:
        from tutor.progress import default_store
        try:
            store = default_store()
        except Exception as exc:  # noqa: BLE001 - the page works on without keeping its place
            log.warning("learn page: the progress database could not be opened: %s", str(exc)[:300])
            return
        from IPython import get_ipython
        get_ipython().kernel.io_loop.add_callback(lambda: (ready.__setitem__("store", store), keep()))

    if after_view(app.widget, seen, delay=0.0) and after_cell(open_store):
        return app.widget
    from tutor.progress import default_store
    app.keep_place(default_store())
    return app.widget
