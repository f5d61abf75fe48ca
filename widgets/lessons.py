"""The "learn" page: a title line, the Lessons tab (:class:`widgets.lesson_runner.LessonRunner`) and the Free play
tab, each a one-screen game table; the learner's place kept and resumed (:mod:`widgets.learn_place`)."""
from __future__ import annotations

import logging
import re
import secrets
import threading

import ipywidgets as w

import tutor
from tutor.lessons import field_words as lesson_field_words
from tutor.registry import game_class, game_title

from .app import TutorApp
from .hint_script import HINT_ONCE_JS
from .kernel_timing import after_cell, after_view, warm_progress
from .learn_tabs import TabHold, tab_id_box
from .learn_place import (FREE_MOVED_ON, KEPT_GAME_LOST, KEPT_GAME_WHY_MAX, OTHER_TAB_NOTICE, RESUMED_NOTICE,
                          PlaceKeeping, _restore_redo, _short, learner_words, load_free_game)
from .lesson_runner import LessonRunner, NoLessons, start_lesson
from .model import ErrorPanel
from .problems import NOTICE_FILES, left_out_lines, plain_problem
from .strip_fit import strip_fit
from .style import button, esc, html_widget, page_script, style_widget
from .table import table_style
from .problems import refuses_broken_content

__all__ = ["FREE_MOVED_ON", "KEPT_GAME_LOST", "KEPT_GAME_WHY_MAX", "OTHER_TAB_NOTICE", "RESUMED_NOTICE", "LearnApp",
           "LessonRunner", "learn_app", "start_lesson"]

log = logging.getLogger("tutor.learn")
#: the server's log of lesson files left out, with their full paths (not under ``tutor``: the page never shows it)
_content_log = logging.getLogger("rules_tutor.content")


class LearnApp(PlaceKeeping):
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
        name = getattr(game_class(game_id), "title", game_id.replace("-", " ").title())
        title = html_widget(f'<div class="rt-learn-title"><span class="rt-learn-name">Learn {esc(name)}</span>'
                            '<a class="rt-learn-home" href="index.ipynb">← All pages</a></div>')
        title.add_class("rt-learn-head")
        styles = [style_widget(), table_style(), strip_fit()]
        for x in styles:
            x.add_class("rt-style")
        #: which tab plays this page (:class:`widgets.learn_tabs.TabHold`, made by :meth:`keep_place`); a page another
        #: tab plays is covered by :attr:`cover`, which says so and offers to play here instead (trial 15, U2)
        self.hold: TabHold | None = None
        self._tab_id, tab_script = tab_id_box()
        self._tab_id.observe(self.errors.guard(lambda ch: self.hold is not None and self.hold.heard(ch["new"])),
                             names="value")
        self.cover: w.Box | None = None  # made when first needed (see PlaceKeeping._stopped)
        hint_once = page_script(HINT_ONCE_JS, "rt-hint-script")
        self.widget = w.VBox([*styles, self._tab_id, tab_script, hint_once, title, self.tabs],
                             layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        self.widget.add_class("rt-learn")
        left = self.lessons.left_out
        if left:  # said once: the files by name with what is wrong in a teacher's words (never the server's
            # folders, nor the engine's own names: the whole messages go to its log); the other lessons and free
            # play work on
            for said in left:
                _content_log.warning("learn page: a lesson file is left out: %s", said[:500])
            one = len(left) == 1
            self._notice(f"⚠ {'A lesson file' if one else f'{len(left)} lesson files'} could not be read and "
                         f"{'is' if one else 'are'} left out. The other lessons work.",
                         details=left_out_lines(left, lesson_field_words, limit=NOTICE_FILES))
        #: the progress store's warm-up (:func:`warm_progress`), started by the learner's first step
        self._warm: threading.Timer | None = None

        def first_step(_m, change: str) -> None:
            if self._warm is None and self.store is None and change != "clause":
                self._warm = warm_progress()  # the first "Goal reached!" then keeps the lesson without waiting
        self.lessons.app.model.observe(first_step)  # (a page given no store yet opens the learner's one later)
        self.lessons.app.model.held_elsewhere = self.covered
        if store is not None:
            self.keep_place(store)

    def _notice(self, text: str, quiet: bool = False, free: bool = False, details: list[str] = ()) -> w.HBox:
        """Show ``text`` (plain text) in a calm line on the page's title line, beside the tabs, with a "Got it" button
        that hides the line (the learner has read it; it would otherwise stay for as long as the page is open): it
        takes no height from the table (trial 17: a two-line warning above the tabs pushed the learner's hand under
        the fold and cut its button to "Load the newer …"). Up to two lines, the whole sentence on hover; a second
        line shown at once waits, "1 more" beside the first, until the first is read (trial 24: it lay over the
        free play's controls; CSS of :mod:`widgets.table`). ``quiet``: news rather than a warning (CSS class
        ``rt-quiet``, a pale lilac line instead of an orange one). ``free``: news of the free game, shown only with the Free play tab (a
        learner in the Lessons tab does not see it; CSS class ``rt-free-notice``). Returns the line (an HBox of CSS
        class ``rt-learn-notice-row``). ``details``: lines (plain text) listed under a "Which and why" fold at the
        end of the line (CSS class ``rt-notice-more``: opened, the list lies over the top of the table)."""
        look = ("background: #f6f3fc; border: 1px solid #ddd3f0; color: #3d1f66;" if quiet
                else "background: #fff4e0; border: 1px solid #f0b35a;")
        head, sep, tail = text.partition(": ")
        words = esc(head) + (f'<span class="rt-notice-tail">{esc(sep + tail)}</span>' if sep else "")
        if details:
            words += ('<details class="rt-notice-more"><summary>Which and why</summary><ul>'
                      + "".join(f"<li>{_file_first(x)}</li>" for x in details) + "</ul></details>")
        note = html_widget(f'<div class="tutor-notice rt-learn-notice{" rt-quiet" if quiet else ""}" '
                           f'title="{esc(text)}" style="{look} border-radius: 8px; padding: 2px 8px; '
                           f'font-size: 12.5px;">{words}</div>')
        got_it = button("Got it", tooltip="Hide this note")
        got_it.add_class("rt-notice-close")
        row = w.HBox([note, got_it], layout=w.Layout(align_items="center", gap="6px"))
        row.add_class("rt-learn-notice-row")
        got_it.on_click(self.errors.guard(lambda _b: self._hide_notice(row)))
        row.add_class("rt-head-notice")  # on the page's head line (CSS of widgets.table): never moves the table down
        if free:  # shown only with the Free play tab (trial 14, T3: at 1024x768 the line pushed the board under the fold)
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
                try:  # text from the database: a game of another kind, or one naming a file to read (trial 24: any
                    # card file on the server), is refused before anything is read or built
                    session = load_free_game(saved, self.game_id)
                except ValueError as exc:  # ContentError: edited, or from an older tutor
                    why, detail = learner_words(exc), str(exc)
                if why is not None:  # said once, in a person's words: the kept game is not silently replaced
                    self.place_lost(f"its free game: {why}", "", detail=detail)  # set aside and logged (attack 20, L4)
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
            self.free.model.held_elsewhere = self.covered
            if resumed is not None:  # "from before is back" is news until the learner plays on or starts afresh
                self.free.model.observe(lambda _m, change: change != "clause" and self._hide_notice(resumed))
            seats = self.free.seats.seats if self.free.seats is not None else []
            kept = self._free_seats
            if kept and len(kept) == len(seats):  # the computer keeps the seats it played
                for d, value in zip(seats, kept):
                    if value in {v for _label, v in d.options}:
                        d.value = value
            elif kept and seats:  # said and set aside, never a silent fall back (attack 42)
                self.place_lost(f"who plays each seat was kept for {len(kept)} players, and this game has "
                                f"{len(seats)}", "every seat is as a new game sets it")
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


def _file_first(line: str) -> str:
    """HTML of a line ``"<file>.yaml: <why>"`` with the file's name in bold (other lines escaped as they are)."""
    name, sep, why = line.partition(": ")
    return f"<b>{esc(name)}</b>: {esc(why)}" if sep and name.endswith((".yaml", ".yml")) else esc(line)


@refuses_broken_content("Learn")
def learn_app(game_id: str = "restless-spirits") -> w.Widget:
    """The learn page for ``game_id`` (lessons, then free play), resuming where the learner was (their place in the
    default progress store, :func:`tutor.progress.default_store`); returns the widget to display.

    In a page's own kernel the page is shown first and the progress database is opened just after (importing
    SQLAlchemy and Alembic and checking the schema take about half a second of the kernel's time, which the first
    render then does not wait for); the place is resumed on the kernel's loop once it is open and the browser has
    drawn the page (a notice made while the browser still builds the page's widgets would break it)."""
    try:
        app = LearnApp(game_id)
    except (NoLessons, tutor.ContentError) as exc:  # attack 19 M1: a game's cards or rules file that does not load
        return unopened_page(game_id, exc)
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


#: Most reasons an unopened learn page lists (the rest are in the server's log).
UNOPENED_REASONS = 3


#: ``"<lesson>.yaml: setup.game: <file>.yaml: <reason>"``: the game's own file is the cause (said once for all lessons)
_GAME_FILE_CAUSE = re.compile(r"^[^\n]*?\.ya?ml: setup\.game: ([^\n]*?\.(?:ya?ml|json): .*)$", re.S)


def unopened_page(game_id: str, exc: Exception) -> w.Widget:
    """The learn page of a game whose content does not load (its card or rules file refused, so every lesson and
    free play fail; attack 19 M1 found Voila's bare "error when executing cell" there): one plain paragraph saying
    the game cannot be played here and why, each reason by file name (never the server's folders), a link back to
    all pages. The whole messages go to the server's log."""
    raw = list(dict.fromkeys(exc.reasons if isinstance(exc, NoLessons) else [str(exc)]))
    for r in raw:  # every reason the page counts, whole (each is bounded where it is made): attack 20, L5
        _content_log.warning("learn page %s cannot open: %s", game_id, r[:4000])
    # one line per cause: a game's cards or rules file refused makes every lesson's "setup.game" fail with it
    reasons = list(dict.fromkeys(_GAME_FILE_CAUSE.sub(r"\1", plain_problem(r)) for r in raw))
    title = game_title(game_id)
    items = "".join(f"<li>{esc(r)}</li>" for r in reasons[:UNOPENED_REASONS])
    more = (f"<p>…and {len(reasons) - UNOPENED_REASONS} more (in the server's log).</p>"
            if len(reasons) > UNOPENED_REASONS else "")
    page = html_widget(
        f'<main class="rt-unopened"><h1>Learn {esc(title)}</h1>'
        f'<p role="alert"><b>{esc(title)} cannot be played here:</b> its game files do not load, so no lesson and no '
        f"free game can start. Whoever looks after this tutor can fix the file named below (or remove it to use the "
        f"shipped one).</p><ul>{items}</ul>{more}"
        f'<p><a href="index.ipynb">← All pages</a></p></main>')
    return w.VBox([style_widget(), page])
