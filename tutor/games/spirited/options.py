"""Spirited's options (Setup: the clans in play), checked by one pydantic model (:mod:`tutor.core.options`). The
clan ids are checked against the card file by the game."""
from __future__ import annotations

from typing import Any

from pydantic import field_validator

from ...core.errors import said
from ...core.options import GameOptions


class SPOptions(GameOptions):
    """``clans``: the clan ids to play with instead of drawing them at random, or ``None``."""

    clans: Any = None

    @field_validator("clans")
    @classmethod
    def _clans(cls, v: Any) -> Any:
        if v is not None and (not isinstance(v, (list, tuple)) or not all(isinstance(x, str) for x in v)):
            raise ValueError(f"clans must list the clan ids to play with, got {said(v)}")
        return v
