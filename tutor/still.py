"""A still copy of a session for the computer to think about in a worker thread (moved from :mod:`tutor.bots`,
which keeps the name)."""
from __future__ import annotations

from .core.model import Action
from .core.session import copy_state


class Still:
    """A still copy of a session for the computer to think about in a worker thread: what :class:`Bot`
    reads (game, state, history, current player, legal actions), taken on the kernel's thread, so an Undo or a new
    game meanwhile changes nothing the thread reads."""

    def __init__(self, s) -> None:
        self.game, self.game_id = s.game, s.game_id
        self.state = copy_state(s.state)
        self.history = s.history
        self.current_player = s.current_player
        self.is_over = s.is_over
        self._legal = s.legal_actions()

    @classmethod
    def before(cls, s, n: int) -> "Still":
        """A still copy of session ``s`` at the position before its step ``n`` (0-based), as it was when that step
        was chosen: its state, the history up to it, the seat to move and its legal actions."""
        still = cls.__new__(cls)
        still.game, still.game_id = s.game, s.game_id
        still.state = s.state_before(n)
        still.history = s.history[:n]
        still.current_player = s.game.current_player(still.state)
        still.is_over = s.game.is_over(still.state)
        still._legal = s.game.legal_actions(still.state)
        return still

    def legal_actions(self) -> list[Action]:
        """The legal actions of the copied position (a new list each time)."""
        return list(self._legal)

    def find_action(self, action: Action | str) -> Action:
        """The legal action ``action`` (an :class:`Action` or its id).

        Raises:
            ValueError: not a legal action of the copied position.
        """
        want = action.id if isinstance(action, Action) else action
        for a in self._legal:
            if a.id == want:
                return a
        raise ValueError(f"{want!r} is not a legal action now")
