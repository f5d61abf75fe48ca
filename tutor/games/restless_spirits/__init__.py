"""Restless Spirits on the stepwise engine (see :mod:`.game`)."""
from .game import RestlessSpirits

__all__ = ["RestlessSpirits"]
