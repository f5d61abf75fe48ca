"""Spirit Duels' options (Setup: pre-built teams or the draft; how Spirit Lines are chosen), checked by one pydantic
model (:mod:`tutor.core.options`). Team ids are checked against the card file by the game."""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, field_validator

from ...core.options import GameOptions, one_of
from .draft import LINE_MODES

#: The set-ups: the rulebook's pre-built teams, or the draft ("What's Next? Drafting").
SETUPS = ("prebuilt", "draft")


class SDOptions(GameOptions):
    """``setup``: one of :data:`SETUPS`; ``lines``: ``"casual"`` or ``"competitive"`` Line choice; ``cards``: a card
    file's path, or ``None`` for the shipped one; ``teams``: two team ids (seat 1, seat 2) for the pre-built set-up,
    or ``None`` for the default teams."""

    setup: Annotated[Any, AfterValidator(one_of("setup", SETUPS))] = "prebuilt"
    lines: Annotated[Any, AfterValidator(one_of("lines", LINE_MODES))] = "casual"
    cards: Any = None
    teams: Any = None

    @field_validator("cards")
    @classmethod
    def _cards(cls, v: Any) -> str | None:
        return None if v is None else str(v)
