"""Spirit Duels on the stepwise engine (see :mod:`.game`)."""
from .game import SpiritDuels

__all__ = ["SpiritDuels"]
