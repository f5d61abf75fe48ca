"""The session's seeded random generator (SplitMix64), kept inside the game state.

The whole generator state is one integer, so it serialises with the state and undo/replay reproduce every
shuffle and draw exactly. Nothing in the engine uses :mod:`random` or any other source of randomness.
"""
from __future__ import annotations

from typing import MutableSequence, TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng(BaseModel):
    """Generator state: a single 64-bit integer, advanced by every draw.

    Use :meth:`below` for an integer in ``[0, n)`` and :meth:`shuffle` to shuffle a list in place.
    """

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """Create a generator from any integer seed (negative and large seeds are folded to 64 bits)."""
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        """Advance and return the next 64-bit output."""
        # Written through __dict__: pydantic's __setattr__ costs more than the arithmetic (the field is a plain int).
        d = self.__dict__
        z = d["state"] = (d["state"] + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; ``n`` must be >= 1 (ValueError otherwise). Unbiased (rejection)."""
        if n < 1:
            raise ValueError(f"Rng.below needs n >= 1, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle of ``items`` in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
