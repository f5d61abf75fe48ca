"""Game options, one pattern for every game: a pydantic model per game (a :class:`GameOptions` subclass) names each
option with its type and default, and :func:`read_options` checks what a caller passed against it before the game
reads anything (an unknown option, or a value of the wrong type or outside its choices, is refused naming the option).

Checks that need the game's cards (a guide, promo, clan or team id that the card file must hold) stay in the game,
after its cards are loaded; they read the options :func:`read_options` returns.
"""
from __future__ import annotations

import os
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from .errors import short


class GameOptions(BaseModel):
    """Base of a game's options model. Each field is one option, with its default; its ``description`` says what a
    value must be, in the words of the refusal (``"'A' or 'B'"`` gives ``"side must be 'A' or 'B'; got 'C'"``).
    ``cards`` (a card file path, every game that takes one) is kept as text."""

    model_config = ConfigDict(extra="forbid")

    @field_validator("cards", mode="before", check_fields=False)
    @classmethod
    def _path_as_text(cls, v: Any) -> Any:
        return os.fspath(v) if isinstance(v, os.PathLike) else v


def read_options(model: type[GameOptions], game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` checked against ``model``: every option of the model, in its order, with the given values or the
    defaults (a new dict, JSON data as a saved session keeps it).

    Raises:
        ValueError: ``"<game>: unknown option(s) x, y; valid options: a, b"`` for options the model does not have;
            ``"<game>: <option> must be <description>; got <value>"`` for a value of the wrong type or outside its
            choices (the first such option).
    """
    names = list(model.model_fields)
    unknown = sorted((str(k) for k in options if k not in model.model_fields), key=str)
    if unknown:
        raise ValueError(f"{game_id}: unknown option(s) {', '.join(short(u, 60, quote=False) for u in unknown)}; "
                         f"valid options: {', '.join(names)}")
    try:
        parsed = model.model_validate(options)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        name = str(err["loc"][0]) if err["loc"] else "options"
        info = model.model_fields.get(name)
        want = info.description if info is not None and info.description else short(err["msg"], 200, quote=False)
        raise ValueError(f"{game_id}: {name} must be {want}; got {short(options.get(name))}") from None
    return parsed.model_dump()
