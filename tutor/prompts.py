"""What each pending decision asks, in plain words, for the pages: read from ``content/<game>/prompts.yaml``.

The words a page shows above a decision's choices ("Choose the Totem you offer to the Shrine ...") live in content,
beside the clauses, not in the widgets' Python: :func:`prompt` fills one for a decision kind. The file may be a
user's own (``$RULES_TUTOR_CONTENT``), so it is read within the YAML bounds of every content file and validated: at
most :data:`MAX_PROMPTS` prompts of at most :data:`MAX_TEXT` characters, keys that are decision-kind names, and only
the game's placeholders (:data:`FIELDS`), with no attribute, index, conversion or format spec.
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from .core.content import check_template, content_root, parse_yaml, read_text, validate
from .core.errors import ContentError

#: The placeholders a game's prompts may use: Restless Spirits the draft round, Spirited a clan's name, Spirit Duels
#: the card or ability that asks.
FIELDS: dict[str, frozenset[str]] = {"restless-spirits": frozenset({"round"}), "spirited": frozenset({"clan"}),
                                     "spirit-duels": frozenset({"source"})}
log = logging.getLogger("tutor.prompts")
MAX_PROMPTS = 200
MAX_TEXT = 400

Kind = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]{0,59}$")]
Text = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TEXT)]


class PromptFile(BaseModel):
    """Schema of ``content/<game>/prompts.yaml``: ``prompts``, decision kind -> plain words."""

    model_config = ConfigDict(extra="forbid")
    prompts: dict[Kind, Text] = Field(max_length=MAX_PROMPTS)


def load_prompts(path, game_id: str) -> dict[str, str]:
    """Read and check a prompts file of game ``game_id``; returns ``{decision kind: text}``.

    Raises:
        ContentError: a bound, a YAML error, an unknown field, a bad key or text, or a placeholder the game does
            not allow, naming the file and the field (``prompts.<kind>``).
    """
    where = str(path)
    data = validate(PromptFile, parse_yaml(read_text(path), where), where)
    allowed = FIELDS.get(game_id, frozenset())
    for kind, text in data.prompts.items():
        try:
            check_template(text, allowed)
        except ValueError as exc:
            raise ContentError(f"{where}: prompts.{kind}: {exc}", path=where, field=f"prompts.{kind}") from None
    return dict(data.prompts)


#: Why a game's prompts file was not used (game id -> the ContentError's message), for a page to say so.
PROBLEMS: dict[str, str] = {}


@lru_cache(maxsize=8)
def prompts(game_id: str) -> dict[str, str]:
    """The prompts of game ``game_id`` (``content/<game>/prompts.yaml``, checked by :func:`load_prompts`); an empty
    dict when the content folder has no prompts file, or when the file is invalid (a user's own content folder): then
    every decision reads as its own words (:func:`prompt`), the page goes on, and :data:`PROBLEMS` says why."""
    path = content_root() / game_id / "prompts.yaml"
    if not path.is_file():
        return {}
    try:
        return load_prompts(path, game_id)
    except ContentError as exc:
        PROBLEMS[game_id] = str(exc)
        log.warning("%s", exc)
        return {}


def prompt(game_id: str, kind: str, **fields: object) -> str:
    """What a decision of ``kind`` asks in game ``game_id``, its placeholders filled from ``fields`` (missing ones
    read as "it"); a kind without a prompt reads as its words (``"choose-lost-spirit"`` -> ``"Choose lost
    spirit."``).

    Example: ``prompt("spirit-duels", "choose-die", source="Tychomp")`` -> ``"Choose a die for Tychomp."``
    """
    text = prompts(game_id).get(kind)
    if text is None:
        return re.sub(r"[-_]+", " ", kind).strip().capitalize() + "."
    allowed = FIELDS.get(game_id, frozenset())
    return text.format_map({k: str(fields.get(k, "it")) for k in allowed})
