"""The presenter's "Present" tab: :class:`Presenter` plays one walkthrough step by step in large type (Back / Next /
Jump to, the narration, the teacher's notes, the board beside the rules that fired, each with its clause chip);
:func:`catalog` lists the walkthrough files it offers; :class:`CurrentStep` shows the events of the step shown.
"""
from __future__ import annotations

import functools
from pathlib import Path

import ipywidgets as w

from tutor import ContentError, IllegalAction
from tutor.safefile import display_path, shown
from tutor.scenario import find
from tutor.step_words import step_sentence
from tutor.walkthrough import (MAX_FILE_BYTES, SAVED_LIMIT, Walkthrough, begin, load_walkthrough, play_to, playable,
                               saved_left_out, saved_not_read, size_words, walkthrough_folder)

from .boards import board_for, projected
from .clauses import ClauseCard
from .clicker_keys import clicker_keys
from .model import ErrorPanel, SessionModel
from .notes_window import NOTEBOOK as NOTES_NOTEBOOK, WINDOW_NAME as NOTES_WINDOW, feed_html, feed_script, feed_state
from .panels import BoardView, StepLog
from .walk_files import (LABEL_TITLE_MAX, FileProblems, IdClaims, file_problem, list_title, move_words,  # noqa: F401
                         saved_label, stop_problem)
from .presenter_style import BUTTON_WIDTH, COUNTER_WIDTH, LARGE_TYPE, board_fit
from .style import PROV_SUMMARY, esc, html_widget, plain_label, prov_text

def _guard(errors: ErrorPanel, fn):
    """``errors.guard(fn)``, but a problem the teacher can fix (a walkthrough that does not play, a file that cannot
    be written) is one plain line in the error panel rather than a traceback."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except IllegalAction:
            raise
        except (ContentError, OSError, ValueError) as exc:
            errors.output.append_stderr(plain_problem(exc) + "\n")
            return None
    return errors.guard(wrapper)


def plain_problem(exc: BaseException) -> str:
    """``exc`` as one sentence for the page: a file named by its name only (never the server's folders), no class
    name. :class:`ContentError`: ``"Not loaded: big.yaml: file is 3000014 bytes…"``; :class:`OSError`: ``"Could not use
    big.yaml: Permission denied"``; anything else: ``"Not possible: <message>"``."""
    if isinstance(exc, ContentError):
        text = str(exc)
        if exc.path:
            text = text.replace(str(exc.path), shown(str(exc.path)))
        return f"Not loaded: {text}"
    if isinstance(exc, OSError):
        name = shown(str(exc.filename)) if exc.filename else "the file"
        return f"Could not use {name}: {exc.strerror or exc}"
    return f"Not possible: {exc}"


#: Most characters of a step's words in the Jump list (after "12 · "): a label that long fits the list's box on a
#: projector's 1024x768 (measured in tests/browser/test_presenter_board.py), so what the closed list shows is the
#: whole label, never a word cut at the box's edge (trial 13, item P1); the step's full words are the narration's.
JUMP_WORDS = 40


def jump_words(text: str, n: int = JUMP_WORDS) -> str:
    """``text`` on one line, at most ``n`` characters: whole words, then "…" when some were left out (the first
    sentence alone when it fits). ``jump_words("They Recruit the Babylonians card into Camp 1: the first step")`` is
    ``"They Recruit the Babylonians card into…"``."""
    text = " ".join(text.split())
    if len(text) <= n:
        return text
    first = text.split(". ")[0].rstrip(".")
    if len(first) <= n:
        return first
    cut = text[: n].rsplit(" ", 1)[0].rstrip(" ,;:·-")
    return (cut or text[: n - 1]) + "…"


#: Saved walkthrough files larger than this (bytes) are listed by file name, not read, when the page starts: a
#: folder of large files someone else made would otherwise keep the page loading for minutes (one the recorder
#: saves is a few KB; the largest shipped walkthrough is 6.5 KB; reading YAML costs up to about 40 ms per KB).
LIST_PARSE_BYTES = 16 * 1024
#: Most bytes of saved walkthroughs read when the page starts, all files together: the files after that are listed
#: by file name and read when chosen (the fresh attack's 200 files of 64 KB kept the page loading for 200 s).
LIST_PARSE_TOTAL = 128 * 1024


def catalog(paths: list[str | Path], errors: ErrorPanel, game_id: str | None = None,
            refused: list[str] | None = None, ids: IdClaims | None = None) -> list[tuple[str, str]]:
    """``(label, path)`` per walkthrough file that can be shown; a file that does not load is left out (trial 26: it
    was offered, "(does not load)", and chosen it bounced back), its error message added to ``refused`` in words
    (:func:`widgets.walk_files.file_problem`, shown folded in the Record tab), or without ``refused`` reported in
    ``errors``. Files in the save folder (:func:`~tutor.walkthrough.walkthrough_folder`) are labelled ``"<title>
    (saved: <file>)"`` (a long title cut: :func:`list_title`); with ``game_id``, saved files of other games are left
    out. Saved files over :data:`LIST_PARSE_BYTES`, and those after :data:`LIST_PARSE_TOTAL` bytes of saved files
    read, are listed by file name and read only when chosen; one over the size limit of every file read
    (:data:`tutor.walkthrough.MAX_FILE_BYTES`) is left out, named in ``refused`` as too big to load. A saved file read is also started and replayed (a few milliseconds): one whose set-up does
    not start is left out, one whose steps stop early is named in ``refused`` (session 32: the count said "1 file"
    until the teacher chose the other two). A file whose Id a file read before it has (in ``ids``, kept by the
    presenter for the files read when chosen) is left out and named in ``refused`` with both files (issue 14)."""
    out, ids = [], IdClaims() if ids is None else ids
    saved_in = walkthrough_folder().resolve()
    read = 0  # bytes of saved files read so far
    for p in paths:
        saved = Path(p).resolve().parent == saved_in
        try:
            size = Path(p).stat().st_size
        except OSError:
            size = 0
        if saved and size > MAX_FILE_BYTES:  # never read, never offered (trial 22: "loads when chosen")
            if refused is not None:
                refused.append(f"{display_path(Path(p).name)}: the file is {size_words(size)}, over the limit of "
                               f"{size_words(MAX_FILE_BYTES)}")
            continue
        if saved and (size > LIST_PARSE_BYTES or read + size > LIST_PARSE_TOTAL):  # by name; read when chosen
            out.append((f"{display_path(Path(p).stem)} (saved, {max(1, size // 1024)} KB: loads when chosen)",
                        str(p)))
            continue
        read += size if saved else 0
        try:
            wt = load_walkthrough(p)
            other_game = saved and game_id is not None and wt.setup.game != game_id  # (left out below)
            if not other_game:
                ids.claim(wt, p)  # (refused when a file read before has its Id)
            if saved:  # (the shipped files are checked by the tests)
                n, problem = playable(wt, str(p))
                if problem is not None and refused is not None:
                    refused.append(stop_problem(wt, str(p), n)[0])
        except (ContentError, ValueError) as exc:
            if refused is None:
                errors.report(exc)
            else:
                refused.append(file_problem(p, exc))
            continue
        if other_game:
            continue
        out.append((saved_label(wt, p) if saved else list_title(wt.title), str(p)))
    return out


class CurrentStep(StepLog):
    """The events of the last step only (or the set-up events before the first step), each with its clause chip
    (rows built by :class:`~widgets.panels.StepLog`, CSS class ``tutor-event``). Like the step log, it keeps its
    headings and each step's widgets in its row cache: Back and Next show the same widgets again, and those not
    shown for a few renders are closed."""

    UPSIDE_DOWN = False  # one step, read from the top
    #: a walkthrough's steps are the players' at the table, none the viewer's: each is titled in the third person
    #: ("Step 3 · Player 2 destroys their Takayama", not "Player 2: Destroy your Takayama")
    OTHER = "Player {n}"

    #: Rules that fired shown before the rest fold under "+k more" (trial 17: on a 1024x768 projector, a Spirit Duels
    #: step of eight fired rules made the column scroll; the board, the narration and the rules must be whole in view)
    FOLD = 3

    def __init__(self, model: SessionModel) -> None:
        self.mine = lambda _s: frozenset()
        self._open_step = None  # the step whose folded rules the teacher opened
        self._more = w.Button(description="", layout=w.Layout(width="auto"), tooltip="Show every rule that fired")
        self._more.add_class("rt-pmore-rules")
        self._more.on_click(lambda _b: self._unfold())
        super().__init__(model, show_setup=True, max_steps=1)

    def _unfold(self) -> None:
        """Show every rule that fired in the step shown (the "+k more" button)."""
        hist = self._latest_session().history
        self._open_step = hist[-1] if hist else None
        self.render()

    def _frame(self) -> w.VBox:
        self._did = html_widget("<h3>What the rules did</h3>")
        self._before = html_widget("<h3>Before the first step</h3>")
        # no width: stretched to the side column, inside its border (a width of 100% plus the panel's margin
        # overflowed the column, which cut off the panel's right border)
        self._list = w.VBox(_dom_classes=("rt-panel", "rt-scroll", "rt-current-step"))
        return self._list  # the panel is the box of the step's widgets

    def render(self) -> None:
        """Show the latest step's events (reusing the step's box when it was shown before)."""
        s = self._latest_session()
        hist = s.history
        if hist:
            st = hist[-1]
            self._cache = {st: self._steps.get(st, lambda: self._step_box(st))}
            row = self._cache[st]
            rest = len(row.lines) - 1 - self.FOLD
            if rest > 0 and self._open_step is not st:  # the first FOLD rules, then "+k more" that opens the rest
                self._more.description = f"+{rest} more rule{'s' if rest > 1 else ''} that fired"
                kids = (self._did, *(x for line in row.lines[:1 + self.FOLD] for x in line), self._more)
            else:
                kids = (self._did, *row.cells)
        else:
            if self._setup_cache is None:
                self._setup_cache = (0, self._events_box("Set-up", "", s.setup_events))
            self._cache = {}
            kids = (self._before, *self._setup_cache[1].cells)
        self.widget.children = kids
        self._steps.done()


class Presenter:
    """Plays one walkthrough step by step for a room. The step shown is ``position`` (steps applied so far);
    Back / Next / the jump list all go through :meth:`go`. Attributes: ``model``, ``walkthrough``, ``picker``,
    ``back``, ``next``, ``jump``, ``narration``, ``notes_toggle``, ``notes_box``, ``board``, ``step``,
    ``clause_card``, ``keys`` (:func:`clicker_keys`: a clicker's keys press Back and Next), ``fit`` (the script that
    scales the board to its box, :func:`~widgets.presenter_style.board_fit`), ``head`` and ``widget``."""

    def __init__(self, errors: ErrorPanel, paths: list[str | Path], game_id: str | None = None,
                 head_outside: bool = False) -> None:
        if not paths:
            raise ValueError("no walkthrough files to present")
        self.errors = errors
        g = functools.partial(_guard, errors)
        refused: list[str] = []
        self.ids = IdClaims()  # (each walkthrough Id and the file that has it: a later file with one is refused)
        options = catalog(paths, errors, game_id, refused, self.ids)
        saved_in = walkthrough_folder().resolve()
        refused += saved_not_read()  # links, folders, pipes, devices named *.yaml: never read, never silently
        if any(Path(p).resolve().parent == saved_in for p in paths):
            left = saved_left_out()
            if left:  # never silently: the oldest beyond the limit, named
                refused.append(f"{len(left)} older saved walkthrough{'s' if len(left) > 1 else ''} in "
                               f"the saved walkthroughs folder {'are' if len(left) > 1 else 'is'} not listed (at most "
                               f"{SAVED_LIMIT}, the newest): {', '.join(display_path(p.name) for p in left[:5])}"
                               + (" …" if len(left) > 5 else ""))
        #: walkthrough files that do not load or stop early, named (file name and reason) for the teacher only: one
        #: folded box (``problems``) the page shows in the Record tab, and a line in the notes window (trial 23: they
        #: were on the projected page)
        self.files = FileProblems(refused, on_change=lambda: self.render())
        self.problems = self.files.widget
        self._reverting = False  # True while the picker is put back after a walkthrough that did not open
        if not options:
            raise ValueError("no walkthrough file loads")
        self.where = options[0][1]
        self.walkthrough = load_walkthrough(self.where)
        #: how many of the walkthrough's steps can be played (all but those from a step that is not legal on)
        self.playable = len(self.walkthrough.steps)
        #: the teacher's quiet line when the walkthrough shown stops before its end (trial 26: only the Record tab
        #: said it): in the presenter's controls, its reason on hover and in the teacher notes
        self.stops = w.HTML(layout=w.Layout(display="none"))
        self.stops.add_class("rt-pstops")
        #: the whole sentence of the problem :attr:`stops` marks, on a line of its own under the Back / Next bar
        #: until the teacher steps: never squeezing the picker (session 32)
        self.stops_why = w.HTML(layout=w.Layout(display="none"))
        self.stops_why.add_class("rt-pstops-line")
        self._stop_line = ""
        self.model = SessionModel(projected(begin(self.walkthrough, self.where)), errors)
        self.picker = w.Dropdown(options=options, value=self.where, description="Walkthrough",
                                 style={"description_width": "initial"}, layout=w.Layout(width="560px"))
        self.picker.add_class("tutor-presenter-picker")
        self.back = w.Button(description="Back", icon="arrow-left", tooltip="Previous step (← or Page Up)")
        self.next = w.Button(description="Next", icon="arrow-right", tooltip="Play the next step (→ or Page Down)")
        self.back.add_class("tutor-presenter-back")
        self.next.add_class("tutor-presenter-next")
        self.counter = w.HTML(layout=w.Layout(width=COUNTER_WIDTH))
        self.counter.add_class("rt-counter-box")
        # as wide as its longest step label (on the bar's line when it fits there, else on a line of its own),
        # never wider than the page: the labels can be read
        self.jump = w.Dropdown(options=self._jump_options(), value=0, description="Jump to",
                               style={"description_width": "initial"},
                               layout=w.Layout(width="auto", flex="0 1 auto", max_width="100%"))
        self.jump.add_class("tutor-presenter-jump")
        self.title = w.HTML()
        self.narration = w.HTML()
        self.narration.add_class("tutor-narration")
        self.notes_toggle = w.ToggleButton(value=False, description="Show teacher notes", icon="eye",
                                           tooltip="Teacher notes are hidden while you project; click to show them",
                                           layout=w.Layout(width="auto"))
        self.notes = w.HTML()
        self.notes_box = w.VBox([self.notes], layout=w.Layout(display="none"))
        self.notes_box.add_class("tutor-teacher-notes")
        # The notes window (widgets.notes_window): a link that opens it (a window of its own for the teacher's
        # screen), and the hidden feed it follows: the notes are never drawn on the projected page.
        self.notes_link = w.HTML(f'<a class="tutor-notes-open" href="{NOTES_NOTEBOOK}" target="{NOTES_WINDOW}" '
                                 'title="Your notes, the step counter and the next step, in a window of their own '
                                 'for your screen: it follows this page">Notes window</a>')
        self.feed = w.HTML(layout=w.Layout(display="none"))
        self.feed.add_class("tutor-notes-feed")
        self.board = BoardView(self.model, board_for(self.walkthrough.setup.game))
        self.step = CurrentStep(self.model)
        self.clause_card = ClauseCard(self.model, pop_out=False)  # beside the step's chips: always in sight
        t = functools.partial(self._for_teacher, g)
        self.picker.observe(t(lambda ch: self.open(ch["new"])), names="value")
        self.back.on_click(t(lambda _b: self.go(self.position - 1)))
        self.next.on_click(t(lambda _b: self.go(self.position + 1)))
        self.jump.observe(t(lambda ch: ch["new"] is not None and self.go(ch["new"])), names="value")
        self.notes_toggle.observe(g(lambda ch: self.show_notes(ch["new"])), names="value")
        self.model.observe(lambda m, change: change != "clause" and self.render())
        for b in (self.back, self.next):
            b.layout.width = BUTTON_WIDTH
        bar = w.HBox([self.back, self.counter, self.next, self.jump, self.stops_why])
        bar.add_class("rt-pbar")
        tools = w.HBox([self.picker, self.stops, self.notes_link, self.notes_toggle])  # the teacher's own controls, beside the title
        tools.add_class("rt-phead-tools")
        head = w.HBox([self.title, tools], layout=w.Layout(justify_content="space-between",
                                                            align_items="center", flex_flow="row wrap"))
        # the rules that fired and the rule card scroll in the column (rt-pside-scroll); under them, outside what
        # scrolls, a line that says "more below" while there is (it never covers a word: trial 16, U5), then the key of
        # the provisional mark while the projector layout folds the board's own (CSS of widgets.presenter_style)
        scroll = w.VBox([self.step.widget, self.clause_card.widget])
        scroll.add_class("rt-pside-scroll")
        more = html_widget('<div class="rt-more-line">▾ more below: scroll</div>')
        more.add_class("rt-more-below")
        key = html_widget(f'<div>{PROV_SUMMARY}</div>')
        key.add_class("rt-pkey")
        side = w.VBox([scroll, more, key], layout=w.Layout(flex="2 1 0", min_width="420px"))
        side.add_class("rt-pside")
        board = w.Box([self.board.widget], layout=w.Layout(flex="3 1 0", min_width="560px"))
        board.add_class("rt-pboard")
        board.add_class("rt-compact")  # the board's compact look (widgets.table)
        main = w.HBox([board, side], layout=w.Layout(width="100%", align_items="flex-start", flex_flow="row wrap"))
        main.add_class("rt-pmain")
        head.add_class("rt-phead-line")
        #: the title and the teacher's own controls (walkthrough, notes window, notes toggle); with ``head_outside``
        #: the page places it (the presenter page: on the tab bar's line, see :mod:`widgets.presenter_style`)
        self.head = head
        self.keys = clicker_keys()  # a clicker's keys press Back and Next
        self.fit = board_fit()  # the board scaled to fill its box while presenting (widgets.presenter_style)
        self.widget = w.VBox([errors.output, self.keys, self.fit, feed_script(), self.feed,
                              *(() if head_outside else (head,)), bar, self.narration,
                              self.notes_box, main],
                             layout=w.Layout(width="100%"))
        self.widget.add_class("rt-present")
        self.widget.add_class(LARGE_TYPE)
        self._check_steps(self.walkthrough, self.where)
        self.render()

    def _for_teacher(self, guard, fn):
        """``guard(fn)`` (the error panel's), but a problem of the walkthrough file shown or chosen (one that does
        not load, or a step that does not play) goes to the teacher's list of files (:attr:`files`), never to the
        projected page."""
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except (ContentError, OSError) as exc:
                self.files.add(getattr(exc, "path", None) or self.where, file_problem(self.where, exc))
                return None
        return guard(wrapper)

    @property
    def session(self):
        """The session now shown."""
        return self.model.session

    @property
    def position(self) -> int:
        """How many steps of the walkthrough have been played (0 = its start)."""
        return len(self.model.session.history)

    def _jump_options(self) -> list[tuple[str, int]]:
        wt = self.walkthrough
        first = [(f"0 · Start: {jump_words(wt.intro or wt.title, JUMP_WORDS - 7)}", 0)]
        return first + [(f"{i} · {jump_words(plain_label(st.narration or move_words(st.action)))}", i)
                        for i, st in enumerate(wt.steps[:self.playable], start=1)]

    def add(self, label: str, path: str | Path) -> None:
        """Offer another walkthrough file in the picker (a recorded one, say)."""
        opts = [o for o in self.picker.options if o[1] != str(path)]
        self.picker.options = opts + [(label, str(path))]

    def open(self, path: str | Path) -> None:
        """Show walkthrough ``path`` from its start. Messages about the walkthrough shown before are cleared; a
        walkthrough whose steps cannot all be played (a step that is not legal where it comes) is still shown from
        its start, and the error panel says at once which step stops it (rather than when Next reaches it)."""
        if self._reverting:  # the picker put back on the walkthrough shown: nothing to open
            return
        self.errors.clear()
        try:
            wt = load_walkthrough(path)
            self.ids.claim(wt, path)  # (a file listed by name, read now, whose Id a file read before has)
            session = begin(wt, str(path))
            n, problem = playable(wt, str(path))
        except (ContentError, OSError, ValueError) as exc:
            # the walkthrough shown stays, and so does the picker's choice of it (Next and Back step what is seen);
            # the file is named in the teacher's list, and its choice in the picker says it does not load
            self._reverting = True
            try:  # never offered again (trial 26): the Record tab's list names it
                self.picker.options = [(label, p) for label, p in self.picker.options if p != str(path)]
                self.picker.value = self.where
            finally:
                self._reverting = False
            said = file_problem(path, exc)
            self.files.add(path, said)
            said = f"{display_path(Path(str(path)).name)}: {said[len(display_path(path)) + 2:]}"  # (never a folder)
            # said at the picker too (attack 28: the choice went back and nothing on screen said why), whole
            self._say("Not loaded", f"Not loaded: {said.rstrip('.')}. Still showing: {self.walkthrough.title}.",
                      "alert")
            return
        self.walkthrough, self.where, self.playable = wt, str(path), n
        self.board.board = board_for(wt.setup.game)
        self.model.replace(projected(session))
        self.jump.options = self._jump_options()
        self.jump.value = 0
        if self.picker.value != str(path):
            self.picker.value = str(path)
        self._check_steps(wt, str(path), n, problem)
        self.render()  # (the teacher notes and the notes window say where it stops)

    def _check_steps(self, wt: Walkthrough, path: str, n: int | None = None, problem: object = None) -> None:
        """Say it when walkthrough ``wt`` (shown from ``path``) stops before its end: its first ``n`` steps play,
        ``problem`` why the next does not (found here when ``n`` is not given). Said as soon as it is chosen, to the
        teacher only: the Record tab's list (its moves by their labels, never by action ids, trial 24; the step
        counted from 1, trial 26), and the presenter's controls (:meth:`_say`: which step, and why, session 32)."""
        if n is None:
            n, problem = playable(wt, path)
            self.playable = n
        self._stop_line = ""
        self.stops.layout.display = self.stops_why.layout.display = "none"
        if problem is None:
            return
        message, self._stop_line, where = stop_problem(wt, path, n)
        self.files.add(path, message)
        self._say(f"Stops at {where}", self._stop_line, "note")

    def _say(self, mark: str, line: str, role: str) -> None:
        """A problem of the walkthrough chosen, in the presenter's controls: a short ``mark`` ("⚠ Not loaded") on the
        picker's line (``line`` on hover), and the whole ``line`` on a line of its own under the Back / Next bar
        (:attr:`stops_why`) until the teacher steps. Session 32: a long note on the picker's line squeezed the picker
        (its label read "hrough") and was cut with "…"."""
        self.stops.value = (f'<span class="rt-muted rt-pstops-mark" role="{role}" title="{esc(line)}">⚠ '
                            f'{esc(mark)}</span>')
        self.stops_why.value = f'<div class="rt-pstops-why">{esc(line)}</div>'
        self.stops.layout.display = self.stops_why.layout.display = ""

    def go(self, k: int) -> None:
        """Show the walkthrough after ``k`` steps (clamped to 0..number of steps): one step forward or back is an
        apply or an undo of the live session, a longer jump replays from the start."""
        wt, pos = self.walkthrough, self.position
        k = max(0, min(self.playable, int(k)))
        self.stops_why.layout.display = "none"  # (read: the mark's tooltip says it from now)
        try:
            if k == pos:
                return
            if k == pos + 1:
                try:
                    action = find(self.model.session, wt.steps[pos].action)
                except IllegalAction as exc:
                    raise ContentError(f"{self.where}: steps[{pos}].action: {exc}", path=self.where,
                                       field=f"steps[{pos}].action") from None
                self.model.apply(action.id)
            elif k == pos - 1:
                self.model.undo()
            else:
                self.model.replace(projected(play_to(wt, k, self.where)))
        finally:
            self.render()
            if getattr(self, "_stop_line", "") and self.position >= self.playable:  # Next is off here: say why as
                self.stops_why.layout.display = ""  # text, not in a tooltip alone (attack 33: a projector shows none)

    def show_notes(self, on: bool) -> None:
        """Show or hide the teacher-notes box."""
        if self.notes_toggle.value != on:
            self.notes_toggle.value = on
        self.notes_box.layout.display = "" if on else "none"
        self.notes_toggle.description = "Hide teacher notes" if on else "Show teacher notes"
        self.notes_toggle.icon = "eye-slash" if on else "eye"

    def render(self) -> None:
        """Redraw title, counter, narration and notes for the step shown."""
        wt, k = self.walkthrough, self.position
        n = len(wt.steps)
        self.title.value = f'<div class="rt-ptitle">{esc(wt.title)}</div>'
        self.counter.value = (f'<div class="rt-counter">Step {k} of {n}</div>' if k
                              else f'<div class="rt-counter">Start · {n} step{"" if n == 1 else "s"}</div>')
        self.back.disabled = k == 0
        self.next.disabled = k >= self.playable
        if self.jump.value != k:
            self.jump.value = k
        if k == 0:
            head, text, notes = "Introduction", wt.intro or wt.title, wt.intro_notes
        else:
            st, done = wt.steps[k - 1], self.session.history[k - 1]
            head = f"Step {k} · Player {done.action.actor + 1}"
            # (a step without narration: its label as a sentence about its player, never "Destroy your …")
            text, notes = st.narration or step_sentence(done.action.label, f"Player {done.action.actor + 1}"), st.notes
            if k == n:
                head += " · last step"
        self.narration.value = f'<div class="rt-nhead">{esc(head)}</div><div class="rt-ntext">{prov_text(text)}</div>'
        stop = self._stop_line if self.playable < n else ""
        self.notes.value = ((f'<div class="rt-notes"><b>Teacher notes:</b> {esc(notes)}</div>' if notes
                             else '<div class="rt-notes rt-muted">No teacher notes for this step.</div>')
                            + (f'<div class="rt-notes rt-muted rt-pstops-why">{esc(stop)}</div>' if stop else ""))
        if k < self.playable:
            st = wt.steps[k]
            following = f"Step {k + 1}: {st.narration or move_words(st.action)}"
        else:
            following = "The end of the walkthrough." if k >= n else stop
        self.feed.value = feed_html(feed_state(wt.title, k, n, head, plain_label(text), notes, plain_label(following),
                                               files=self.files.count_line(), playable=self.playable))

