"""Loading a Spirit Duels card file: the file read and validated (``cards.yaml``; :class:`.cards.CardSet`), every
effect's parameters parsed (:func:`.effects.validate_effect`) and the cards checked playable (:mod:`.playable`).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel

from ...core.content import card_file_path, content_root, load_yaml_model
from ...core.errors import ContentError
from .cards import CardSet
from .effects import validate_effect
from .playable import check_file


@lru_cache(maxsize=8)
def _load(path: str, mtime: float) -> tuple[CardSet, dict]:
    cards = load_yaml_model(CardSet, path)
    params: dict[int, BaseModel] = {}

    def check(effects, field: str, name: str) -> None:
        for j, e in enumerate(effects):
            try:
                params[id(e)] = validate_effect(e.effect, e.params)
            except ValueError as exc:
                msg = " ".join(m.strip() for m in str(exc).splitlines())
                raise ContentError(f"{path}: {field}.effects[{j}] ({name}): {msg}", path=path,
                                   field=f"{field}.effects[{j}]") from None

    for i, ln in enumerate(cards.lines):
        for j, sp in enumerate(ln.spirits):
            if sp.ability:
                check(sp.ability.effects, f"lines[{i}].spirits[{j}].ability", sp.id)
    for i, c in enumerate(cards.cards):
        check(c.effects, f"cards[{i}]", c.id)
        if c.ability:
            check(c.ability.effects, f"cards[{i}].ability", c.id)
    check_file(cards, path)
    return cards, params


def load_cards(path: str | Path | None = None) -> tuple[CardSet, dict]:
    """Load and check a Spirit Duels card file (default ``content/spirit-duels/cards.yaml``).

    Returns ``(CardSet, {id(effect): parsed params})``. Raises :class:`ContentError` naming file and field.
    """
    p = card_file_path(path) if path else content_root() / "spirit-duels" / "cards.yaml"  # a user's file: a regular .yaml file, never a link
    try:
        mtime = p.stat().st_mtime
    except OSError as exc:
        raise ContentError(f"{p}: cannot read card file ({exc.strerror})", path=str(p)) from None
    return _load(str(p), mtime)
