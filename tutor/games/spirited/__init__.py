"""Spirited on the stepwise engine (see :mod:`.game`)."""
from .game import Spirited

__all__ = ["Spirited"]
