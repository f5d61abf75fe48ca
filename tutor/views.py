"""Read-only views of a session's state for the pages: :func:`view` answers what a board shows that the rules
decide (stats, die values, limits, pick order), so the widgets never restate a rule nor import the engine's
internals (``tutor.games.*``, ``tutor.core.*``; see ``.importlinter``).
"""
from __future__ import annotations

from .core.session import Session


def view(session: Session):
    """The read-only view of ``session``'s current state, made by its game (``Game.view(state)``): Spirit Duels a
    :class:`~tutor.games.spirit_duels.view.DuelView`, Spirited a :class:`~tutor.games.spirited.view.SpiritedView`,
    Restless Spirits a :class:`~tutor.games.restless_spirits.view.RSView`.
    Read it again after every change of the session; it never changes the state.

    Raises:
        ValueError: the session's game has no view (naming the game).
    """
    make = getattr(session.game, "view", None)
    if make is None:
        raise ValueError(f"{session.game_id}: this game has no read-only view for the pages")
    return make(session.state)
