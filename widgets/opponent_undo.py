"""Undo and Redo at a free-play table with computer seats (:class:`widgets.opponent.Seats`): a person's Undo takes
back their last move with the computer's replies, Redo brings both back as they were; at a table where every seat is
the computer's (the computers play each other) Undo stops Auto and goes back one step, and Redo forward one, each
saying so (attack 45: Undo there took the whole game back to its start, said "no move of yours was left", and Auto
played it all again)."""
from __future__ import annotations

from tutor.step_words import bare, computers_redo_words, computers_undo_words, redo_words, undo_words

from .style import prov_text


class SeatsUndo:
    """Undo and Redo of :class:`widgets.opponent.Seats` (which gives ``model``, ``auto``, ``people``,
    ``computer_to_move`` and ``_note``)."""

    def undo_mine(self) -> int:
        """Take back the last step a person took, with every computer step after it (or, when no person has
        moved yet, every step), and say how far it went; with no person at the table, :meth:`undo_one`. Returns the
        number of steps undone."""
        people = set(self.people)
        if not people:
            return self.undo_one()
        s = self.model.session
        n = 0
        mine = None
        with self.model.held():  # drawn and kept once, not per step (new user 42: 2.55 s for 6 steps)
            while s.can_undo:
                last = s.history[-1]
                self.model.undo()
                n += 1
                s = self.model.session
                if last.action.actor in people:
                    mine = last
                    break
        replies = n - (mine is not None)
        if n:  # the label as the step's title shows it (the provisional mark), the rest plain words
            label = prov_text(bare(mine.action.label)) if mine else None
            self._note(f'<div class="rt-undo-note">{undo_words(label, replies)}</div>')
        return n

    def undo_one(self) -> int:
        """Every seat is the computer's: untick Auto (else the computers would play the step again at once) and take
        back one step, saying which and that Auto is off. A move the computer is still thinking about is dropped
        (the game changed: :meth:`request`). Returns the number of steps undone (0 or 1)."""
        stopped = bool(self.auto.value)
        if stopped:
            self.auto.value = False  # cancels the Auto timer (_auto_changed)
        s = self.model.session
        if not s.can_undo:
            if stopped:
                self._note(f'<div class="rt-undo-note">{computers_undo_words(None, True)}</div>')
            return 0
        last = s.history[-1]
        self.model.undo()
        self._note(f'<div class="rt-undo-note">{computers_undo_words(prov_text(bare(last.action.label)), stopped)}'
                   "</div>")
        return 1

    def redo_mine(self) -> int:
        """Bring back the last step Undo took back and the undone computer steps after it, up to a person's next
        step: after :meth:`undo_mine`, the learner's move and the computer's replies exactly as they were (the same
        actions: the same chance and reasons), shown once and said; with no person at the table one step (as
        :meth:`undo_one` took back one). Returns the number of steps redone."""
        if not self.model.session.can_redo:
            return 0
        if not self.people:
            self.model.redo()
            last = self.model.session.history[-1]
            self._note(f'<div class="rt-undo-note">{computers_redo_words(prov_text(bare(last.action.label)))}</div>')
            return 1
        with self.model.held():
            self.model.redo()
            s = self.model.session
            first = s.history[-1]
            n = 1
            while s.can_redo and self.computer_to_move():
                self.model.redo()
                n += 1
        mine = first if first.action.actor in set(self.people) else None
        replies = n - (mine is not None)
        label = prov_text(bare(mine.action.label)) if mine else None
        self._note(f'<div class="rt-undo-note">{redo_words(label, replies)}</div>')
        return n
