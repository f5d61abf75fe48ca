"""Restless Spirits' options (Setup; Variants: the B side, the first-game set-up, promo Spirits), checked by one
pydantic model (:mod:`tutor.core.options`). Guide and promo ids are checked against the card file by the game."""
from __future__ import annotations

from typing import Any

from pydantic import field_validator

from ...core.errors import said
from ...core.options import GameOptions


class RSOptions(GameOptions):
    """``side``: 'A' or 'B' (the Spirit Guide boards' side); ``first_game``: the first-game set-up (no draft);
    ``guides``: one guide id per seat, or ``None`` to choose them in play; ``cards``: a card file's path, or ``None``
    for the shipped one; ``promos``: promo Spirit ids that replace their Spirits, or ``None``."""

    side: Any = "A"
    first_game: Any = False
    guides: Any = None
    cards: Any = None
    promos: Any = None

    @field_validator("side")
    @classmethod
    def _side(cls, v: Any) -> str:
        if v not in ("A", "B"):
            raise ValueError(f"side must be 'A' or 'B', got {said(v)}")
        return v

    @field_validator("first_game")
    @classmethod
    def _first_game(cls, v: Any) -> bool:
        if not isinstance(v, bool):
            raise ValueError(f"first_game must be true or false, got {said(v)}")
        return v

    @field_validator("guides")
    @classmethod
    def _guides(cls, v: Any) -> list[str] | None:
        if v is not None and not isinstance(v, (list, tuple)):
            raise ValueError(f"guides must be a list of guide ids, got {said(v)}")
        return None if v is None else list(v)

    @field_validator("cards")
    @classmethod
    def _cards(cls, v: Any) -> str | None:
        return None if v is None else str(v)
