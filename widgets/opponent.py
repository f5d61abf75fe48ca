"""Free play against the computer: who plays each seat, the computer's moves step by step, Undo of the learner's
own move with the computer's replies, and a Hint that explains itself.

The engine decides and explains (:func:`tutor.bot`); this module only turns clicks into calls and shows the answers.
A computer seat's move goes through the same :class:`~widgets.model.SessionModel` as a click, so its step shows the
same events and clause chips as the learner's, and under the step's title (the one-screen table's last step) the
computer's reason in a sentence. While a computer seat is to move its legal actions are not shown (they would show
its hidden hand): the actions panel says whose turn it is and how to go on. The computer moves when the learner
presses "Computer's move", or by itself while "Auto" is ticked (ticked by default, trial 14 item T5: a new learner's
move was answered by nothing; unticking stops it), after :data:`AUTO_PAUSE` seconds and less before each later move of
a long reply (:func:`auto_pause`). It thinks in a worker thread, so the page stays responsive (Undo, Auto, the rule
chips); a move that takes longer than :data:`PROGRESS_AFTER` seconds shows "Thinking…".
"""
from __future__ import annotations

import asyncio
import concurrent.futures
from itertools import islice

import ipywidgets as w

import tutor
from tutor import Action
from tutor.bots import Still as _Still
from tutor.step_words import bare, redo_words, step_sentence, undo_words  # noqa: F401 - (undo/redo words: here before)

from .boards import hidden_hands, hide_hands, mark_computer
from .model import SessionModel
from .opponent_style import SEATS_CSS
from .opponent_undo import SeatsUndo
from .rows import shown_label
from .seat_fold import FOLD_CSS, SeatFold
from .style import button, esc, prov_text, rule_text

#: Seat choices: (label, value); "you" is a person at this screen.
SEAT_CHOICES = (("You", "you"), ("Computer (easy)", "easy"), ("Computer (normal)", "normal"))
#: Seconds before the computer's first move of a reply when "Auto" is on.
AUTO_PAUSE = 0.8
#: The shortest pause before a move of a long reply: each later move of a reply waits half the pause before it, down
#: to this (newuser38: Spirit Duels' first computer turn, 10 steps at 0.8 s each, took ~9 s to play out).
MIN_BEAT = 0.05

def auto_pause(done: int) -> float:
    """Seconds before the computer's next move, ``done`` moves into its reply: :data:`AUTO_PAUSE`, then halved."""
    return max(MIN_BEAT, AUTO_PAUSE / 2 ** min(max(done, 0), 16))


#: A computer move still being thought about after this many seconds shows "Thinking…".
PROGRESS_AFTER = 0.15

class Seats(SeatsUndo):
    """The seat controls of a free-play table and the computer players behind them.

    Attributes:
        seats: one Dropdown per seat (``"you"``, ``"easy"`` or ``"normal"``); by default the seats in
            ``computer_seats`` are the computer's at ``level``.
        next: the "Computer's move" Button (enabled while a computer seat is to move and not thinking).
        auto: Checkbox, ticked unless ``auto=False`` is given (a new learner who clicks a move sees the computer
            answer without looking for a button); when ticked the computer moves by itself after :data:`AUTO_PAUSE`
            seconds, its steps one by one; unticking stops.
        hint_button: the "Hint" Button; ``say``: the HTML of the last message (the computer's reason, a hint, what
            Undo took back); shown in the row only when the table has no better place for it (``last``, the actions
            panel's ``note``).
        widget: the row to display.

    With ``last`` (a :class:`~widgets.panels.LastStep`) the computer's reason shows under its step's title; with
    ``actions`` the hint and what Undo took back show under the actions panel's heading, the hinted action is
    marked (CSS class ``rt-hint``) and, while the computer is to move, its actions are not shown.
    """

    def __init__(self, model: SessionModel, actions=None, *, computer_seats: tuple[int, ...] = (1,),
                 level: str = "normal", seed: int = 0, board_view=None, controls=None, last=None,
                 auto: bool = True) -> None:
        self.model, self.actions, self.seed, self.board_view, self.last = model, actions, seed, board_view, last
        #: called (no arguments) when the hands the page hides change (the computer's seats, "Show all hands")
        self.on_hands = None
        if controls is not None:  # Undo takes back the learner's last move with the computer's replies, Redo
            controls.undo_step = self.undo_mine  # brings both back as they were
            controls.redo_step = self.redo_mine
            controls.say = self._note  # what New game and Undo did, under the actions panel's heading
            controls.redo.tooltip = "Bring back your move and the computer's replies, as they were"
        g = model.errors.guard
        self.seats: list[w.Dropdown] = []
        self.next = button("Computer's move", "Let the computer take its next step", icon="play")
        self.next.on_click(g(lambda _b: self.request()))
        self.auto = w.Checkbox(value=bool(auto), description="Auto", indent=False, layout=w.Layout(width="62px"),
                               tooltip="The computer moves by itself, step by step (a long reply quicker); "
                               "untick to stop")
        self.auto.observe(g(lambda ch: self._auto_changed(ch["new"])), names="value")
        self.hint_button = button("Hint", HINT_TIPS[0], icon="lightbulb-o", classes=("rt-hint-once",))
        self.hint_button.on_click(g(lambda _b: self.hint()))
        self.show_all = w.Checkbox(value=False, description="Show all hands", indent=False,
                                   layout=w.Layout(width="130px"),
                                   tooltip="Show the computer's cards too (for a teacher); off, you see what your "
                                   "seat may see")
        self.show_all.observe(g(lambda _ch: self.render()), names="value")
        self.say = w.HTML(layout=w.Layout(width="100%", display="none"))
        self.say.add_class("rt-bot-say")
        self._say_here = last is None or actions is None  # no better place on the page for the messages
        if self._say_here:
            self.say.observe(lambda ch: setattr(self.say.layout, "display", None if ch["new"] else "none"),
                             names="value")
        css = w.HTML(f"<style>{SEATS_CSS}{FOLD_CSS}</style>")
        css.add_class("rt-hidden")
        self._seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self._build_seats(computer_seats, level)
        #: who plays each seat, and Show all hands (folded behind one button on a table of many players)
        self.fold = SeatFold(css, self._seat_box, self.show_all)
        self.setup_box = self.fold.box
        #: Computer's move (shown while the computer is to move), Auto (until the game ends), Hint (a person's turn)
        self.play_box = w.HBox([self.next, self.auto, self.hint_button], _dom_classes=("tutor-seats", "rt-seats-play"))
        self.placed = last is not None and actions is not None
        if self.placed:  # the one-screen table: seats on the last step's head line, the buttons by the actions
            last.head.children = (last.head.children[0], self.setup_box, *last.head.children[1:])
            actions.tools.children = (self.play_box,)
            self.widget = w.VBox([self.say], layout=w.Layout(display="none"))
        else:
            row = w.HBox([self.setup_box, self.play_box], _dom_classes=("rt-seats-row",))
            self.widget = w.VBox([row, self.say])
        self.widget.add_class("tutor-seats")
        self._hinted: str | None = None
        self._hint_rung: tuple[tuple, int, str] | None = None  # (position, rung shown, the first rung's words)
        self._note_at: tuple | None = None  # the position the actions panel's note speaks of
        # (step index, action id) -> the computer's reason (HTML), in full and in public words
        self._reasons: dict[tuple[int, str], tuple[str, str]] = {}
        self._pending = None  # the Auto timer
        self._thinking: asyncio.Future | None = None
        self._progress = None  # the timer that shows "Thinking…"
        self._session = model.session
        self._game = model.session.game_id
        if last is not None:
            last.annotate = self.annotate
        if actions is not None:
            actions.waiting = self._waiting
        model.person_may_move = lambda: not self.computer_to_move()  # the computer's moves are its own
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()
        if actions is not None:
            actions.render()
        if last is not None:
            last.render()

    # -- seats ---------------------------------------------------------------------------------------------------
    def _build_seats(self, computer_seats: tuple[int, ...], level: str) -> None:
        n = self.model.session.game.players
        old = [d.value for d in self.seats]
        self.seats = []
        for i in range(n):
            value = old[i] if i < len(old) else (level if i in computer_seats else "you")
            d = w.Dropdown(options=list(SEAT_CHOICES), value=value, description=f"P{i + 1}",
                           tooltip=f"Who plays Player {i + 1}: you, or the computer", layout=w.Layout(width="180px"),
                           style={"description_width": "24px"})
            d.observe(self.model.errors.guard(lambda _ch: self._seats_changed()), names="value")
            self.seats.append(d)
        self._seat_box.children = tuple(self.seats)

    def _seats_changed(self) -> None:
        self.fold.update()
        self.render()
        if self.actions is not None:
            self.actions.render()  # the computer's actions hidden, a person's shown

    def level_of(self, seat: int) -> str | None:
        """``"easy"``/``"normal"`` for a computer seat, ``None`` for a person's."""
        v = self.seats[seat].value if 0 <= seat < len(self.seats) else "you"
        return None if v == "you" else v

    @property
    def people(self) -> list[int]:
        """The seats a person plays."""
        return [i for i in range(len(self.seats)) if self.level_of(i) is None]

    def computer_to_move(self) -> bool:
        """True while the game is on and the seat to decide is a computer's."""
        s = self.model.session
        return not s.is_over and s.current_player is not None and self.level_of(s.current_player) is not None

    @property
    def thinking(self) -> bool:
        """True while the computer is choosing a move in its worker thread."""
        return self._thinking is not None

    # -- the computer's moves ------------------------------------------------------------------------------------
    def _words(self, text: str) -> str:
        """A bot's sentence for the page: rule titles instead of clause ids (:func:`~widgets.style.rule_text`)."""
        return rule_text(text, self.model.session.clauses())

    def _bot(self, level: str):
        return tutor.bot(self.model.session.game_id, level, self.seed)

    def _decide(self, still, level: str) -> tuple[Action, tuple[str, str]]:
        """The computer's move at ``still`` (a session or :class:`_Still`) and its reason (plain text with [ids]),
        in full and in public words (:meth:`_decide_for`)."""
        return self._decide_for(still, self._bot(level).choose(still), level)

    def _decide_for(self, still, action: Action, level: str) -> tuple[Action, tuple[str, str]]:
        """The reason (as :meth:`_decide`'s) the computer of ``level`` gives for ``action`` at ``still``: ``(full,
        public)``, the public one for a page that hides its hand (play26: "then 2 Totems already in its hand fit"
        told the learner what the hidden hand held; :meth:`tutor.bots.Bot.reason_pair`)."""
        if level != "normal":
            easy = "the easy computer picks one of its legal moves at random."
            return action, (easy, easy)
        return action, self._bot(level).reason_pair(still, still.find_action(action.id), voice="it")

    def _why_html(self, why: tuple[str, str]) -> tuple[str, str]:
        """The notes under a computer step's title (CSS class ``rt-bot-why``) saying ``why`` it chose it, in full
        and in public words."""
        return tuple(f'<div class="rt-bot-why"><span class="rt-bot-who">Why the computer chose this:</span> '
                     f"{self._words(x)}</div>" for x in why)

    def _play(self, seat: int, level: str, action: Action, why: tuple[str, str]) -> None:
        """Apply the computer's chosen move, its reason kept for its step (shown under the step's title; in public
        words while its hand is hidden)."""
        s = self.model.session
        who = f"Player {seat + 1} (computer, {level})"
        self._reasons[(len(s.history), action.id)] = self._why_html(why)
        # (the label is written to the seat choosing: said of the computer, in the third person; its hand hidden,
        # what the learner may know of it, trial 24: "keeps Spirit Cloak (single)" was in the page's hidden line)
        said = step_sentence(bare(shown_label(s, action)), who)
        words = why[seat in hidden_hands(s)]
        self.say.value = f'<span class="rt-bot-who">{prov_text(said)}:</span> {self._words(words)}'
        self.model.apply(action.id)

    def step(self) -> bool:
        """Play one step for the computer seat to move, now, on this thread (with its reason); False when it is not a
        computer's turn or it is already thinking."""
        if not self.computer_to_move() or self.thinking:
            return False
        s = self.model.session
        seat = s.current_player
        level = self.level_of(seat)
        action, why = self._decide(s, level)
        self._play(seat, level, action, why)
        return True

    def request(self, auto: bool = False) -> bool:
        """The computer's next step, thought about in a worker thread when the kernel's event loop runs (the page
        stays responsive; "Thinking…" shows after :data:`PROGRESS_AFTER` s), else at once (:meth:`step`). The move
        is dropped if the game changed meanwhile (Undo, a new game) or, for an ``auto`` step, if Auto was unticked.
        Returns False when it is not a computer's turn or it is already thinking."""
        if not self.computer_to_move() or self.thinking:
            return False
        loop = _loop()
        if loop is None:
            return self.step()
        s = self.model.session
        seat, level, n = s.current_player, self.level_of(s.current_player), len(s.history)
        still = _Still(s)
        self._thinking = loop.run_in_executor(_worker(), self._decide, still, level)
        self._progress = loop.call_later(PROGRESS_AFTER, self._show_thinking)
        self.next.disabled = True

        def done(fut) -> None:
            self._thinking = None
            if self._progress is not None:
                self._progress.cancel()
                self._progress = None
            self.next.description, self.next.icon = "Computer's move", "play"
            try:
                action, why = fut.result()
            finally:
                still_here = (self.model.session is s and len(s.history) == n and s.current_player == seat
                              and self.level_of(seat) == level and (self.auto.value or not auto))
                if not still_here:
                    self.render()
                    if self.actions is not None:
                        self.actions.render()
            if still_here:
                self._play(seat, level, action, why)

        self._thinking.add_done_callback(lambda fut: self.model.errors.guard(done)(fut))
        return True

    def _show_thinking(self) -> None:
        self._progress = None
        if self.thinking:
            self.next.description, self.next.icon = "Thinking…", "spinner spin"
            if self.actions is not None:
                self.actions.render()

    def _waiting(self, s) -> str | None:
        """The actions panel's line while a computer seat is to move (its actions stay hidden), else None."""
        if s is not self.model.session or not self.computer_to_move():
            return None
        seat = s.current_player
        if self._progress is None and self.thinking:
            return f"Player {seat + 1} (the computer) is thinking…"
        if self.auto.value:
            return f"Player {seat + 1} (the computer) is playing: its steps follow one by one. Untick Auto to stop."
        return (f"Player {seat + 1} is the computer's seat: press “Computer's move” to see its next step, or tick "
                "Auto to let it play on by itself.")

    def annotate(self, s, st) -> str:
        """The computer's reason for step ``st`` (HTML; "" for a person's), under every computer step here and in the
        History. A step played before the page loaded (a resumed game) has it worked out again at the position before
        it by its seat's level, never read from stored text (ui22: after a reload the last one lost its reason)."""
        if s is not self._session:  # (a new session: a view may ask before render() has seen it)
            if s is not self.model.session:
                return ""
            self._session, self._reasons = s, {}
        key = (st.index, st.action.id)
        if key not in self._reasons:
            level = self.level_of(st.action.actor) if st.action.actor is not None else None
            if level is None:
                return ""
            try:
                _, why = self._decide_for(_Still.before(s, st.index), st.action, level)
            except (ValueError, IndexError):  # (the step's action is no longer explained there: no note, as before)
                return ""
            self._reasons[key] = self._why_html(why)
        return self._reasons[key][st.action.actor in hidden_hands(s)]

    # -- the hint ------------------------------------------------------------------------------------------------
    def _position(self) -> tuple:
        s = self.model.session
        return (id(s), tuple(st.action.id for st in s.history), s.current_player)

    def hint(self) -> None:
        """Show the ``normal`` computer's move for the seat to play, highlighted in the action list, and why; the
        move is not played. A hint ladder per position (trial 18: a second press repeated the first): the first press
        marks the move and says why; a second press at the same position says what the move itself does (its rule and
        card, :meth:`tutor.bots.Bot.more`), the why folded under it ("Hint: why this move", opened by a click); there
        is no third rung, and the button's tooltip says so."""
        s = self.model.session
        if s.is_over:
            self._note('<div class="rt-hint">The game is over: there is nothing to hint.</div>')
            return
        bot, here = self._bot("normal"), self._position()
        if self._hint_rung is not None and self._hint_rung[0] == here and self._hinted is not None:
            why = self._hint_rung[2]
            more = bot.more(s, self._hinted)
            self._hint_rung = (here, 2, why)
            # what the move does in place of why (told by the first press, folded under it): the two together
            # made a box taller than the list shows at 1366x768 (newuser45: a scroll box of its own, cut)
            text = (f'<div class="rt-hint-more"><span class="rt-bot-who">More:</span> {self._words(more)}</div>'
                    f'<details class="rt-hint-why"><summary>Hint: why this move</summary>{self._words(why)}</details>')
        else:
            action, why = bot.hint(s)
            self._hinted = action.id
            self._hint_rung = (here, 1, why)
            text = f'<span class="rt-bot-who">Hint:</span> {self._words(why)}'
        self._mark_hint()
        self.hint_button.tooltip = HINT_TIPS[self._hint_rung[1]]
        self._note(f'<div class="rt-hint">{text}</div>', say=text)

    def _note(self, html: str, say: str | None = None) -> None:
        """Show ``html`` under the actions panel's heading until the game moves on (and in ``say``)."""
        self.say.value = say if say is not None else html
        if self.actions is not None:
            self.actions.note.value = html
            s = self.model.session
            self._note_at = (id(s), len(s.history), s.current_player)

    def _mark_hint(self) -> None:
        if self.actions is None:
            return
        for b in self.actions.action_buttons:
            hinted = getattr(b, "_action_id", None) == self._hinted
            if hinted and "rt-hint" not in b._dom_classes:
                b.add_class("rt-hint")
            elif not hinted and "rt-hint" in b._dom_classes:
                b.remove_class("rt-hint")

    # -- view ----------------------------------------------------------------------------------------------------
    def render(self) -> None:
        """Seat controls for the session's player count; the hint mark and note gone once the game moves on; the
        computer's hands hidden and its seats named on the board; the next computer move scheduled when Auto is
        on."""
        s = self.model.session
        if s is not self._session:
            self._session, self._reasons = s, {}
        if s.game_id != self._game or len(self.seats) != s.game.players:
            self._game = s.game_id
            self._build_seats(tuple(range(1, s.game.players)), "normal")
            self.fold.update()
        computer = self.computer_to_move()
        # (each Button's changes in one message: hold_sync sends them together, session 29)
        with self.next.hold_sync(), self.hint_button.hold_sync(), self.auto.hold_sync():
            self.next.disabled = not computer or self.thinking
            self.next.button_style = "primary" if computer else ""  # the button to press now stands out
            self.hint_button.disabled = s.is_over or computer
            if self.placed:  # beside the actions heading: only the buttons that do something now
                # (Auto shows on the learner's turn too: it is ticked by default and can be unticked before a move)
                show = {self.next: computer, self.auto: not s.is_over,
                        self.hint_button: not computer and not s.is_over}
                for b, on in show.items():  # by a CSS class: the Buttons share their layout with every other Button
                    if on and "rt-hidden" in b._dom_classes:
                        b.remove_class("rt-hidden")
                    elif not on and "rt-hidden" not in b._dom_classes:
                        b.add_class("rt-hidden")
        if self._hinted is not None and self._hinted not in {a.id for a in s.legal_actions()}:
            self._hinted = None
        if self._hint_rung is not None and self._hint_rung[0] != self._position():  # a new position: a new ladder
            self._hint_rung = None
            self.hint_button.tooltip = HINT_TIPS[0]
        if self._note_at is not None and self._note_at != (id(s), len(s.history), s.current_player):
            self._note_at = None
            self._hinted = None
            if self.actions is not None:
                self.actions.note.value = ""
        self._mark_hint()
        comp = [i for i in range(len(self.seats)) if self.level_of(i) is not None]
        hidden = () if self.show_all.value else comp
        changed = hide_hands(s, hidden)
        changed = mark_computer(s, comp) or changed
        if changed and self.board_view is not None:
            self.board_view.render()
        if changed and self.on_hands is not None:
            self.on_hands()  # the step lines drawn with the other hands' cards (Event.public) are drawn again
        self._schedule()

    def _auto_changed(self, on: bool) -> None:
        if not on and self._pending is not None:
            self._pending.cancel()
            self._pending = None
        self.render()
        if self.actions is not None:
            self.actions.render()  # its line says how the computer goes on

    def _schedule(self) -> None:
        """When Auto is on and a computer seat is to move, ask for its step after :func:`auto_pause` seconds (on the
        kernel's event loop, so the page stays responsive); nothing when no loop runs (tests call :meth:`step`)."""
        loop = _loop()
        if not (self.auto.value and self.computer_to_move()) or self._pending is not None or self.thinking or not loop:
            return
        recent = list(islice(reversed(self.model.session.history), 8))  # (the reply's moves so far, as far as counts)
        done = next((i for i, st in enumerate(recent) if self.level_of(st.action.actor) is None), len(recent))

        def later() -> None:
            self._pending = None
            self.model.errors.guard(self.request)(auto=True)
        self._pending = loop.call_later(auto_pause(done), later)


#: The Hint button's tooltip before a hint at this position, after the first rung, after the last (the ladder's
#: rungs: the move marked and why; then what the move itself does; nothing more, and the tooltip says so).
HINT_TIPS = ("What would be a sensible move here, and why? (The hint never plays it.)",
             "Press again for what that move itself does (its rule and card).",
             "That is all the hint can say here: the move is marked, with why and what it does.")


_POOL: concurrent.futures.ThreadPoolExecutor | None = None


def _worker() -> concurrent.futures.ThreadPoolExecutor:
    """One worker thread for the computer players of this kernel (made when first needed)."""
    global _POOL
    _POOL = _POOL or concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="rules-tutor-bot")
    return _POOL


def _loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running event loop, or None (tests, scripts)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return None
        return loop if loop.is_running() else None
