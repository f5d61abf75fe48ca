"""Free play against the computer: who plays each seat, the computer's moves step by step, Undo of the learner's
own move with the computer's replies, and a Hint that explains itself.

The engine decides and explains (:func:`tutor.bot`); this module only turns clicks into calls and shows the answers.
A computer seat's move goes through the same :class:`~widgets.model.SessionModel` as a click, so its step shows the
same events and clause chips as the learner's. While a computer seat is to move, the legal actions are shown but not
clickable. The computer moves when the learner presses "Computer's move", or by itself after a short pause when
"Auto" is on.
"""
from __future__ import annotations

import asyncio

import ipywidgets as w

import tutor

from .boards import hide_hands
from .model import SessionModel
from .style import button, esc, rule_text

#: Seat choices: (label, value); "you" is a person at this screen.
SEAT_CHOICES = (("You", "you"), ("Computer (easy)", "easy"), ("Computer (normal)", "normal"))
#: Seconds between the computer's moves when "Auto" is on.
AUTO_PAUSE = 0.8


class Seats:
    """The seat controls of a free-play table and the computer players behind them.

    Attributes:
        seats: one Dropdown per seat (``"you"``, ``"easy"`` or ``"normal"``).
        next: the "Computer's move" Button (enabled while a computer seat is to move).
        auto: Checkbox; when ticked the computer moves by itself after :data:`AUTO_PAUSE` seconds.
        hint_button: the "Hint" Button; ``say``: the HTML line showing the last hint or the computer's reason.
        widget: the row to display.
    """

    def __init__(self, model: SessionModel, actions=None, *, computer_seats: tuple[int, ...] = (1,),
                 level: str = "normal", seed: int = 0, board_view=None, controls=None) -> None:
        self.model, self.actions, self.seed, self.board_view = model, actions, seed, board_view
        if controls is not None:  # Undo takes back the learner's last move with the computer's replies
            controls.undo_step = self.undo_mine
        g = model.errors.guard
        self.seats: list[w.Dropdown] = []
        self.next = button("Computer's move", "Let the computer take its next step", icon="play")
        self.next.on_click(g(lambda _b: self.step()))
        self.auto = w.Checkbox(value=False, description="Auto", indent=False, layout=w.Layout(width="70px"),
                               tooltip="The computer moves by itself after a short pause")
        self.auto.observe(g(lambda _ch: self._schedule()), names="value")
        self.hint_button = button("Hint", "What would be a sensible move here, and why?", icon="lightbulb-o")
        self.hint_button.on_click(g(lambda _b: self.hint()))
        self.show_all = w.Checkbox(value=False, description="Show all hands", indent=False,
                                   layout=w.Layout(width="130px"),
                                   tooltip="Show the computer's cards too (for a teacher); off, you see what your "
                                   "seat may see")
        self.show_all.observe(g(lambda _ch: self.render()), names="value")
        self.say = w.HTML(layout=w.Layout(width="100%", display="none"))  # shown once it has something to say
        self.say.add_class("rt-bot-say")
        self.say.observe(lambda ch: setattr(self.say.layout, "display", None if ch["new"] else "none"),
                         names="value")
        self._seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self._build_seats(computer_seats, level)
        self.widget = w.VBox([w.HBox([self._seat_box, self.next, self.auto, self.hint_button, self.show_all],
                                     layout=w.Layout(flex_flow="row wrap", align_items="center")), self.say])
        self.widget.add_class("tutor-seats")
        self._hinted: str | None = None
        self._pending = None
        self._game = model.session.game_id
        model.observe(lambda m, change: change != "clause" and self.render())
        self.render()

    # -- seats ---------------------------------------------------------------------------------------------------
    def _build_seats(self, computer_seats: tuple[int, ...], level: str) -> None:
        n = self.model.session.game.players
        old = [d.value for d in self.seats]
        self.seats = []
        for i in range(n):
            value = old[i] if i < len(old) else (level if i in computer_seats else "you")
            d = w.Dropdown(options=list(SEAT_CHOICES), value=value, description=f"P{i + 1}",
                           tooltip=f"Who plays Player {i + 1}", layout=w.Layout(width="190px"),
                           style={"description_width": "24px"})
            d.observe(self.model.errors.guard(lambda _ch: self.render()), names="value")
            self.seats.append(d)
        self._seat_box.children = tuple(self.seats)

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

    # -- moves ---------------------------------------------------------------------------------------------------
    def _words(self, text: str) -> str:
        """A bot's sentence for the page: rule titles instead of clause ids (:func:`~widgets.style.rule_text`)."""
        return rule_text(text, self.model.session.clauses())

    def _bot(self, level: str):
        return tutor.bot(self.model.session.game_id, level, self.seed)

    def step(self) -> bool:
        """Play one step for the computer seat to move (with its reason shown); False when it is not a computer's
        turn."""
        if not self.computer_to_move():
            return False
        s = self.model.session
        seat = s.current_player
        level = self.level_of(seat)
        b = self._bot(level)
        action = b.choose(s)
        why = b.explain(s, action) if level == "normal" else f"{action.label} (a random legal move)."
        self.model.apply(action.id)
        self.say.value = (f'<span class="rt-bot-who">Player {seat + 1} (computer, {esc(level)}):</span> '
                          f"{self._words(why)}")
        return True

    def undo_mine(self) -> int:
        """Take back the last step a person took, with every computer step after it (or, when no person has
        moved yet, every step). Returns the number of steps undone."""
        s = self.model.session
        people = set(self.people)
        n = 0
        while s.can_undo:
            last = s.history[-1]
            self.model.undo()
            n += 1
            s = self.model.session
            if last.action.actor in people:
                break
        return n

    def hint(self) -> None:
        """Show the ``normal`` computer's move for the seat to play, highlighted in the action list, and why. The
        move is not played."""
        s = self.model.session
        if s.is_over:
            self.say.value = "The game is over: there is nothing to hint."
            return
        action, why = self._bot("normal").hint(s)
        self._hinted = action.id
        self._mark_hint()
        self.say.value = f'<span class="rt-bot-who">Hint:</span> {self._words(why)}'

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
        """Seat controls for the session's player count; the legal actions clickable only on a person's turn; the
        hint mark gone once the game moves on; the next computer move scheduled when Auto is on."""
        s = self.model.session
        if s.game_id != self._game or len(self.seats) != s.game.players:
            self._game = s.game_id
            self._build_seats(tuple(range(1, s.game.players)), "normal")
        computer = self.computer_to_move()
        self.next.disabled = not computer
        self.hint_button.disabled = s.is_over or computer
        if self._hinted is not None and self._hinted not in {a.id for a in s.legal_actions()}:
            self._hinted = None
            if not computer:
                self.say.value = ""
        self._mark_hint()
        if self.actions is not None:
            for b in self.actions.action_buttons:
                if computer and not b.disabled:
                    b.disabled = True
                    b._rt_bot_off = True
                elif not computer and getattr(b, "_rt_bot_off", False):
                    b.disabled = False
                    b._rt_bot_off = False
        hidden = () if self.show_all.value else [i for i in range(len(self.seats)) if self.level_of(i) is not None]
        if hide_hands(s, hidden) and self.board_view is not None:
            self.board_view.render()
        self._schedule()

    def _schedule(self) -> None:
        """When Auto is on and a computer seat is to move, play its step after :data:`AUTO_PAUSE` seconds (on the
        kernel's event loop, so the page stays responsive); nothing when no loop runs (tests call :meth:`step`)."""
        if not (self.auto.value and self.computer_to_move()) or self._pending is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return
            if not loop.is_running():
                return

        def later() -> None:
            self._pending = None
            self.model.errors.guard(self.step)()

        self._pending = loop.call_later(AUTO_PAUSE, later)
