"""The tutor app: controls (undo, redo, restart, new game) around the board, actions, step log, clause card and
glossary, all observing one :class:`~widgets.model.SessionModel`."""
from __future__ import annotations

import ipywidgets as w
from ipywidgets.widgets.widget_bool import ToggleButtonStyle
from traitlets import TraitError

import tutor
from tutor import SEED_MAX, Session, typed_seed
from tutor.registry import game_class
from tutor.safefile import visible

from .boards import board_for
from .clauses import ClauseCard, Glossary
from .model import ErrorPanel, SessionModel
from .opponent import Seats
from .actions_panel import OVER_WORDS
from .panels import ActionsPanel, BoardView, LastStep, StepLog, warm_up
from .style import box, button, esc, html_widget, layout, shared_style, style_widget

#: The drawers of the one-screen table: (name, button caption, tooltip, icon).
DRAWERS = (("about", "About this lesson", "The lesson's introduction and its rules", "info-circle"),
           ("history", "History", "Every step taken so far, with every rule that fired", "history"),
           ("rules", "Search the rules", "Find a rule by a word", "search"))


#: A refused seed's note floats under the row of controls that holds the seed box (CSS class ``tutor-seed-row``),
#: over the top of the board, rather than taking a line of its own (trial 31: a 60-digit seed's note pushed New game
#: to a second line and the whole board down about 60 px). It goes once a good seed is typed or a game starts.
#: ``position: fixed`` with no offsets keeps the note where the row's start is (its static place: the row's top-left,
#: ``align-self: flex-start``), pushed under the row by its margin, and out of every box's overflow clip between it
#: and the page (the table's boxes clip what leaves them).
SEED_CSS = """
.tutor-seed-row > .tutor-seed-note { position: fixed; align-self: flex-start; margin: 36px 0 0 8px; z-index: 60;
  max-width: min(620px, calc(100vw - 32px)); box-shadow: 0 3px 10px rgba(0, 0, 0, .22); }
.tutor-seed-row > .tutor-seed-note .rt-reason { display: block; background: #fff7e6; line-height: 1.35;
  padding: 6px 8px; }
"""


class SeedBox:
    """A seed box (``box``, a Text box) that takes a whole number from 0 to :data:`SEED_MAX`. Anything else (a
    negative or too large number, "0.5", "1e30", a word) is put back to the last good seed (``good``) and ``note``
    (an HTML widget, CSS class ``tutor-seed-note``, hidden otherwise) says why, until a good seed is typed. A Text
    box, not a number box: the browser's number box turns "0.5" or "1e30" into another number without a word. Used
    by free play and by the walkthrough recorder."""

    def __init__(self, value: int, guard, width: str = "160px") -> None:
        self.box = w.Text(value=str(value), description="Seed", continuous_update=False,
                          style={"description_width": "initial"}, layout=w.Layout(width=width))
        self.note = w.HTML(layout=w.Layout(display="none"))
        self.note.add_class("tutor-seed-note")
        self.good = value  # the last good seed
        #: a value was just put back: the next button that reads the seed starts nothing (attack 26: "-1" typed,
        #: then New game or Start recording, started a game anyway and the game in progress was gone)
        self.refused = False
        self._said = ""  # the note's sentence about the value put back
        self.box.observe(guard(lambda change: self.check(change["new"])), names="value")
        self.box.tutor_refused = lambda why: self.refuse_long()  # a value too long to take (widgets.comm_guard)
        #: the note's CSS (a hidden ``<style>``), to go in the row that holds the box (see :meth:`row_of`)
        self.css = w.HTML(f"<style>{SEED_CSS}</style>")
        self.css.add_class("rt-hidden")

    def row_of(self, row: w.Box) -> w.Box:
        """Mark ``row`` (the controls' row holding :attr:`box`, :attr:`note` and :attr:`css`) as the one the note
        floats under; returns ``row``."""
        row.add_class("tutor-seed-row")
        return row

    def check(self, text) -> None:
        """The box's observer: keep ``text`` when it is a good seed (:func:`tutor.typed_seed`, the command line's
        rule too: digits 0 to 9 and nothing else, attack 45), else put the last good one back and say so."""
        text = str(text)
        seed, why = typed_seed(text)
        if seed is not None:
            if seed != self.good or self.box.value != str(self.good):
                self.good, self.refused = seed, False
                self.note.layout.display = "none"
                if self.box.value != str(self.good):
                    self.box.value = str(self.good)  # "007" shows as 7
            return
        if text == str(self.good):
            return
        shown = visible(text if len(text) <= 24 else text[:24] + "...")  # a NUL or a bidi control escaped (trial 34)
        said = f": “{esc(shown)}” {why}" if text.strip() != text or not text.strip() else f": {esc(shown)} {why}"
        self._say(f"A seed is a whole number from 0 to {SEED_MAX:,}{said if text else ''}. The seed stays {self.good}.")
        self.box.value = str(self.good)

    def refuse_long(self) -> None:
        """The page sent a value too long for the box (refused unread by :mod:`widgets.comm_guard`; the box shows
        the last good seed again): say so, as for any other refused value."""
        self._say(f"A seed is a whole number from 0 to {SEED_MAX:,}: what was typed is far too long. "
                  f"The seed stays {self.good}.")

    def _say(self, sentence: str) -> None:
        self._said = sentence
        self.note.value = f'<span class="rt-reason">{sentence}</span>'
        self.note.layout.display = None
        self.refused = True

    @property
    def value(self) -> int:
        """The seed shown (always a good one)."""
        return self.good

    def taken(self, button: str) -> int | None:
        """The seed to play (the last good one), or ``None`` right after a value was put back: the press of
        ``button`` (its name, e.g. "New game") that comes with a refused seed starts nothing, and the note says so
        (a refused seed changes nothing). The next press plays the seed kept."""
        if not self.refused:
            self.note.layout.display = "none"  # a game starts: the note would lie over its board
            return self.good
        self.refused = False
        self.note.value = (f'<span class="rt-reason">{self._said} Nothing was started: press {esc(button)} again to '
                           f"play seed {self.good}.</span>")
        self.note.layout.display = None
        return None


#: The most games Undo can walk back through after New game (each kept with its steps).
KEPT_GAMES = 10


class Controls:
    """Undo / Redo / Restart for the current session; with ``new_game=True`` also seed, player count and a
    "New game" button that replaces the session with a fresh full game. The seed box is a :class:`SeedBox`
    (``seed_box``; its ``box`` and ``note`` are also ``seed`` and ``seed_note``)."""

    def __init__(self, model: SessionModel, *, new_game: bool = False, first_game: bool = True) -> None:
        self.model = model
        g = model.errors.guard
        self.undo = button("Undo", "Take back the last step", icon="undo")
        self.redo = button("Redo", "Step forward again", icon="repeat")
        self.restart = button("Restart", "Back to the start of this game", icon="refresh")
        #: what Undo does: one step back, or (against the computer) the learner's last move with its replies
        self.undo_step = model.undo
        self.undo.on_click(g(lambda _b: self.take_back()))
        #: the games "New game" started, oldest first, each replaced game kept only when it had steps (at most
        #: :data:`KEPT_GAMES`), and the one shown (``_at``): Undo at a game's start brings back the one before it,
        #: Redo at a brought-back game's end the one after it (trial 17: New game lost a game in progress; attack 36:
        #: Undo reached only one game back)
        self._games: list[Session] = [model.session]
        self._at = 0
        #: the action ids of each game when Undo left it for the game before (``_marks[i]`` for ``_games[i]``, set
        #: when Undo brought back ``_games[i]``): a new move there drops the later games, as a new move drops redo
        self._marks: dict[int, list[str]] = {}
        #: where a sentence about what Undo or New game did is said (``say(html)``; the computer's seats set it)
        self.say = None
        #: what Redo does: one step forward, or (against the computer) the learner's move with its replies again
        self.redo_step = model.redo
        self.redo.on_click(g(lambda _b: self.bring_forward()))
        #: what Restart does: back to the session's start (the recorder asks first when steps are not saved)
        self.restart_step = model.reset
        self.restart.on_click(g(lambda _b: self.restart_step()))
        kids: list[w.Widget] = [self.undo, self.redo, self.restart]
        if new_game:
            self.restart_step = self.restart_game
            s = model.session
            self.seed_box = SeedBox(s.game.seed, g)
            self.seed, self.seed_note = self.seed_box.box, self.seed_box.note
            self.players = w.Dropdown(options=[(f"{n} (solo)" if n == 1 else str(n), n)
                                               for n in type(s.game).player_counts], value=s.game.players,
                                      description="Players",
                                      layout=w.Layout(width="190px"))
            self.first_game = w.Checkbox(value=first_game, description="first-game set-up (no draft)",
                                         indent=False, layout=w.Layout(width="auto"))
            self.new = w.Button(description="New game", icon="play", button_style="primary")
            self.new.on_click(g(lambda _b: self.start_new()))
            has_first_game = "first_game" in s.game.options
            self.first_game.layout.display = None if has_first_game else "none"
            #: one dropdown per option the game offers (``Game.option_choices``), e.g. Spirit Duels' set-up
            self.choices = {name: w.Dropdown(options=list(opts), value=s.game.options.get(name, opts[0][1]),
                                             layout=w.Layout(width="auto"))
                            for name, opts in type(s.game).option_choices.items()}
            kids += [w.HTML("&nbsp;&nbsp;"), self.players, self.seed, self.seed_note, self.first_game,
                     *self.choices.values(), self.new, self.seed_box.css]
        self.widget = w.HBox(kids, layout=w.Layout(flex_flow="row wrap", align_items="center"))
        if new_game:
            self.seed_box.row_of(self.widget)
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    def start_new(self) -> None:
        """Replace the session with a new game using the chosen seed and player count. A game with steps is not lost:
        Undo at the new game's start brings it back (:meth:`take_back`), and the page says so when it can (``say``).
        Chosen over a "Start a new game?" question: the learner who meant it is not stopped, the one who did not
        gets the game back with the button they reach for (trial 17)."""
        seed = self.seed_box.taken("New game")
        if seed is None:  # a refused seed starts nothing: the game in progress stays as it is
            return
        s = self.model.session
        if not self._shown(s):  # another session was put in (a lesson's own game): the chain starts again from it
            self._games, self._at, self._marks = [s], 0, {}
        keep = bool(s.history or s.can_redo)
        extra = {"first_game": self.first_game.value} if "first_game" in s.game.options else {}
        extra.update({name: box.value for name, box in self.choices.items()})
        new = tutor.new_game(s.game_id, players=self.players.value, seed=seed, **extra)
        # the games after the one shown are dropped (a new game is a new move); a game without steps is replaced
        self._games = self._games[:self._at + 1] if keep else self._games[:self._at]
        self._games = (self._games + [new])[-KEPT_GAMES:]
        self._at = len(self._games) - 1
        self._marks = {}  # each is set again when Undo brings its game back
        self.model.replace(new)
        if self._at > 0 and self.say is not None:
            self.say(f'<div class="rt-undo-note">A new game has started. Undo brings back the game you were playing '
                     f'({_where(self._games[self._at - 1])}).</div>')

    def restart_game(self) -> None:
        """Restart in free play: the game from its start again, as a new game of the chain (as New game starts one),
        so Undo at its start brings back the game with its moves and Redo steps (attack 38: Restart dropped them
        without a word, and Undo could not bring them back). A game with no step to lose just goes back to its
        start; so does a game outside the chain (a lesson's own)."""
        s = self.model.session
        if not (self._shown(s) and (s.history or s.can_redo)):
            self.model.reset()
            return
        new = s.restarted()
        self._games = (self._games[:self._at + 1] + [new])[-KEPT_GAMES:]
        self._at = len(self._games) - 1
        self._marks = {}
        self.model.replace(new)
        if self.say is not None:
            self.say(f'<div class="rt-undo-note">The game is back at its start. Undo brings back the moves you had '
                     f'played ({_where(s)}).</div>')

    def _show_setup(self, s: Session) -> None:
        """Set the set-up boxes (seed, players, first-game box, each option's choice) to what game ``s`` was dealt
        with, so a learner who notes them can deal it again (attack 38: after Undo brought back an earlier game they
        still described the newest one). A value a box cannot show leaves that box as it is."""
        if not hasattr(self, "seed_box"):
            return
        g = s.game
        boxes = [(self.players, g.players), *((box, g.options.get(name)) for name, box in self.choices.items())]
        if "first_game" in g.options:
            boxes.append((self.first_game, bool(g.options["first_game"])))
        for box, value in boxes:
            if value is None:  # (a Dropdown set to None shows nothing chosen)
                continue
            try:
                box.value = value
            except TraitError:
                pass
        if 0 <= g.seed <= SEED_MAX:
            self.seed_box.box.value = str(g.seed)

    def _shown(self, s: Session) -> bool:
        """Whether ``s`` (the model's session) is the game of the chain Undo and Redo walk (``_games[_at]``)."""
        return s is self._games[self._at]

    def can_bring_back(self) -> bool:
        """Whether Undo now brings back the game "New game" replaced: a game New game started is shown, at its
        start, and the game before it had steps."""
        s = self.model.session
        return self._at > 0 and self._shown(s) and not s.can_undo

    def take_back(self) -> None:
        """Undo: one step back (``undo_step``), or at the start of a game "New game" started, the game it replaced,
        as it was (its steps and redo steps); from that game's start, Undo goes on to the game before it."""
        if self.can_bring_back():
            self._at -= 1
            old = self._games[self._at]
            self._marks[self._at] = _moves(old)  # where the game brought back was: a new move there drops the rest
            self.model.replace(old)
            self._show_setup(old)
            if self.say is not None:
                more = " Undo at its start brings back the game before it." if self._at > 0 else ""
                self.say(f'<div class="rt-undo-note">Your game is back ({_where(old)}).{more}</div>')
            return
        self.undo_step()

    def can_bring_forward(self) -> bool:
        """Whether Redo now returns to the game Undo left when it brought back the game before it: that game is
        shown as Undo left it, with no step of its own to redo."""
        s = self.model.session
        return (self._at < len(self._games) - 1 and self._shown(s) and not s.can_redo
                and _moves(s) == self._marks.get(self._at))

    def bring_forward(self) -> None:
        """Redo: one step forward (``redo_step``), or, where Undo brought back a game "New game" had replaced, the
        newer game again as Undo left it (its steps to redo kept), which Undo at its start swaps back again."""
        if self.can_bring_forward():
            self._at += 1
            new = self._games[self._at]
            self.model.replace(new)
            self._show_setup(new)
            if self.say is not None:
                n = len(new.redo_ids)
                self.say('<div class="rt-undo-note">The new game is back'
                         + (f" (Redo brings back its {n} step{'' if n == 1 else 's'})" if n else "")
                         + ". Undo brings back the game you were playing before.</div>")
            return
        self.redo_step()

    def render(self) -> None:
        """Enable Undo/Redo only when there is something to undo/redo (Undo also at the start of a new game that
        replaced a game with steps: it brings that game back; Redo also where Undo brought it back: it returns to
        the new game)."""
        s = self.model.session
        self.undo.disabled = not (s.can_undo or self.can_bring_back())
        self.redo.disabled = not (s.can_redo or self.can_bring_forward())
        self.restart.disabled = not s.can_undo


def _where(s: Session) -> str:
    """Where game ``s`` stands, in words for the undo notes: "12 steps", or at its start "at its start; Redo brings
    back its 3 steps" when Undo took all its steps back (a game with neither is never kept)."""
    n, r = len(s.history), len(s.redo_ids)
    if n or not r:
        return f"{n} step{'' if n == 1 else 's'}"
    return f"at its start; Redo brings back its {r} step{'' if r == 1 else 's'}"


def _moves(s: Session) -> list[str]:
    """The action ids of ``s``'s steps, in order."""
    return [st.action.id for st in s.history]


class TutorApp:
    """All panels over one session.

    ``header`` goes above the controls and ``status`` just below them (the lesson runner puts its intro and its
    goal there). Attributes: ``model``, ``board``, ``actions``, ``log``, ``clause_card``, ``glossary``,
    ``controls``, ``errors`` and ``widget`` (the root to display). ``over``: what the actions panel says once the
    game is over (default: :data:`~widgets.actions_panel.OVER_WORDS`, with or without New game as ``new_game``).

    With ``one_screen`` the app is a game table that fills the window (CSS class ``rt-onescreen``; the page's
    height is set by its container, see :mod:`widgets.table`): ``header`` and the controls on one line, ``status``
    under them, then the board (CSS class ``tutor-board``, scrolling inside when it must) beside the legal actions
    (``tutor-actions``, scrolling inside, the end-of-turn group pinned at its foot), and under both the last step
    (``last``, a :class:`~widgets.panels.LastStep`, CSS class ``tutor-last-step``; before the first step it shows
    ``about``, e.g. the lesson's introduction). The history (``log``), the glossary and ``about`` open in a drawer
    over the board (``drawer``, one at a time, from the buttons ``toggles`` on the last step's line); a rule chip
    opens the rule card over the board. ``overlays`` (one screen only) go into the board's row after the board and
    the actions, for the page to place with its CSS (the FAQ explorer's side panel).
    """

    def __init__(self, session: Session, *, new_game: bool = False, show_setup: bool = True,
                 header: w.Widget | None = None, status: w.Widget | None = None, errors: ErrorPanel | None = None,
                 with_style: bool = True, one_screen: bool = False, about: w.Widget | None = None,
                 opponent: bool = False, overlays: tuple[w.Widget, ...] = (), over: str | None = None) -> None:
        self.errors = errors or ErrorPanel()
        self.model = SessionModel(session, self.errors)
        board = board_for(session.game_id)
        self.one_screen = one_screen
        if one_screen:  # the step just taken reaches the page first
            self._drawer_parts: dict[str, w.Widget] = {}
            self.toggles = {name: w.ToggleButton(value=False, description=label, tooltip=tip, icon=icon,
                                                 layout=layout("chip"), style=shared_style(ToggleButtonStyle),
                                                 _dom_classes=("rt-drawer-toggle",))
                            for name, label, tip, icon in DRAWERS if name != "about" or about is not None}
            self.last = LastStep(self.model, tools=tuple(self.toggles.values()), intro=about,
                                 before="Before your first step" if about is not None else "Set-up",
                                 classes=("tutor-last-step",))
        # Views update in the order they observe the model: after a click the step log (what just happened) reaches
        # the page first, then the new actions, the Undo/Redo buttons and the board's zones that changed.
        self.log = StepLog(self.model, show_setup=show_setup, lazy=one_screen)  # one screen: built when opened
        # once the game is over, the panel names what this page offers (``over``, else with or without New game)
        self.actions = ActionsPanel(self.model, board, over=over or OVER_WORDS["free" if new_game else "replay"],
                                    fold_blocked=one_screen, keep_rows=10 if one_screen else None)
        self.controls = Controls(self.model, new_game=new_game,
                                 first_game=bool(session.game.options.get("first_game", True)))
        self.board = BoardView(self.model, board)
        self.clause_card = ClauseCard(self.model)
        self.glossary = Glossary(self.model)
        #: with ``opponent``: who plays each seat, the computer's moves and the Hint (:class:`~widgets.opponent.Seats`)
        self.seats: Seats | None = None
        if opponent:
            # the learner plays Player 1 against the computer (normal); any seat can be made a person's (hot seat)
            self.seats = Seats(self.model, self.actions, board_view=self.board, controls=self.controls,
                               last=self.last if one_screen else None)
            # the computer's steps are titled in the third person, in the History and the last step alike, each with
            # why the computer chose it (newuser42: the History showed no reason)
            self.log.annotate = self.seats.annotate
            self.log.set_people(lambda _s: set(self.seats.people))
            if one_screen:  # a person's own last step stays in "What just happened" under the computer's replies
                # (drawn again: a game resumed on the computer's step shows the learner's own step too)
                self.last.set_people(lambda _s: set(self.seats.people))

            def hands_changed() -> None:  # a hand hidden or shown: the lines naming its cards are drawn again
                self.log.set_people(self.log.mine)
                if one_screen:
                    self.last.set_people(self.last.mine)
            self.seats.on_hands = hands_changed
            if not self.seats.placed:  # the one-screen table has the seats on its lines, no row of their own
                status = self.seats.widget if status is None else w.VBox([status, self.seats.widget])
        kids: list[w.Widget] = [style_widget()] if with_style else []
        if one_screen:
            kids += self._table(header, status, about, overlays)
        else:
            top = w.HBox([w.Box([self.board.widget], layout=w.Layout(flex="3 1 0", min_width="420px")),
                          w.Box([self.actions.widget], layout=w.Layout(flex="2 1 0", min_width="300px"))],
                         layout=w.Layout(width="100%", align_items="flex-start"))
            bottom = w.HBox([w.Box([self.log.widget], layout=w.Layout(flex="3 1 0", min_width="420px")),
                             w.VBox([self.clause_card.widget, self.glossary.widget],
                                    layout=w.Layout(flex="2 1 0", min_width="300px"))],
                            layout=w.Layout(width="100%", align_items="flex-start"))
            kids += [header] if header is not None else []
            kids += [self.errors.output, self.controls.widget] + ([status] if status is not None else [])
            kids += [top, bottom]
        self.widget = w.VBox(kids, layout=w.Layout(width="100%"))
        self.widget.add_class("rt-root")
        if one_screen:
            self.widget.add_class("rt-onescreen")
            self.widget.add_class("rt-compact")
        warm_up(session, board)

    def _table(self, header: w.Widget | None, status: w.Widget | None, about: w.Widget | None,
               overlays: tuple[w.Widget, ...] = ()) -> list[w.Widget]:
        """The one-screen table's rows (see the class doc)."""
        g = self.errors.guard
        self._drawer_parts = {"about": about, "history": self.log.widget, "rules": self.glossary.widget}
        for name, t in self.toggles.items():
            t.observe(g(lambda ch, name=name: self.open_drawer(name if ch["new"] else None)), names="value")
        close = button("×", "Close", classes=("rt-pop-close",))
        close.on_click(g(lambda _b: self.open_drawer(None)))
        self._drawer_title = html_widget()
        self.drawer = box([box([self._drawer_title, close], cls=w.HBox, classes=("rt-drawer-head",))],
                          classes=("rt-drawer", "rt-hidden"))
        self.board.classes = ("tutor-board",)
        self.board.render()
        board = box([self.board.widget], cls=w.Box, classes=("rt-board-area",))
        main = self._main = box([board, self.actions.widget, self.drawer, self.clause_card.widget, *overlays], cls=w.Box,
                                classes=("rt-main",))
        top = self.topline = box(([header] if header is not None else []) + [self.controls.widget], cls=w.HBox,
                                 classes=("rt-topline",))
        return [self.errors.output, top] + ([status] if status is not None else []) + [main, self.last.widget]

    def open_drawer(self, name: str | None) -> None:
        """Open the drawer ``name`` (``"about"``, ``"history"`` or ``"rules"``) over the board, or close it (None)."""
        for other, t in self.toggles.items():
            if t.value != (other == name):
                t.value = other == name  # its observer calls back here with the same outcome
        self.log.lazy = name != "history"  # the history is built only while it is shown
        part = self._drawer_parts.get(name) if name else None
        if part is None:
            self.drawer.add_class("rt-hidden")
            self._main.remove_class("rt-drawer-open")  # (the main row's mark of it, read by CSS: widgets/table.py)
            return
        label = next(label for n, label, *_ in DRAWERS if n == name)
        self._drawer_title.value = f"<h3>{esc(label)}</h3>"
        self.drawer.children = (self.drawer.children[0], part)
        self.drawer.remove_class("rt-hidden")
        self._main.add_class("rt-drawer-open")

    @property
    def session(self) -> Session:
        """The session now shown."""
        return self.model.session


def play_app(game_id: str = "restless-spirits", players: int = 2, seed: int = 1, first_game: bool = True) -> w.Widget:
    """A free-play page: a new full game with seed and player-count controls. Returns the widget to display."""
    options = dict(game_class(game_id).teaching_options)
    if "first_game" in options:
        options["first_game"] = first_game
    return TutorApp(tutor.new_game(game_id, players=players, seed=seed, **options), new_game=True).widget
