"""One card-file loader for every game (issue #17): find the file, read and validate it with the game's pydantic
model, parse every card effect with the game's :class:`~tutor.core.effects.EffectRegistry`, run the game's own
checks, and keep the result per file and modification time.

A game makes one :class:`CardFileLoader` with its model, its registry, a function listing where effects sit in a
card set (``effect_sites``) and its checks, and calls :meth:`CardFileLoader.load`. A shipped file is read from the
content folder; a user's file (the ``cards`` option, a saved session) only when it is a regular ``.yaml`` file that
is not a link (:func:`tutor.core.content.card_file_path`). Every refusal is a :class:`ContentError` naming the file
and the field, e.g. ``cards.yaml: spirits[3].ability.effects[0] (nozawa): unknown effect 'fly'; known effects: ...``.
"""
from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .cardcheck import card_words, check_raw, check_parsed, check_texts
from .content import (card_file_path, content_root, format_validation_error, parse_yaml, read_text, stat_file,
                      validate)
from .effects import EffectRegistry
from .errors import ContentError

#: Where effects sit in a card set: ``(field, effects, card id)`` for each list of effects, the field the path of the
#: list's holder in the file (``"cards[3].ability"``), so an error names ``cards[3].ability.effects[0]``; or
#: ``(field, effect, card id)`` for a single effect entry at ``field`` (``"clans[2].power"``).
EffectSites = Callable[[Any], Iterable[tuple[str, list, str]]]
#: A game's check of a parsed card set: ``check(cards, path)`` raises :class:`ContentError` naming the field.
CardCheck = Callable[[Any, str], None]


class CardFileLoader:
    """Loads one game's card files (see the module doc).

    Args:
        game_dir: the game's folder under the content root (``"spirit-duels"``); its ``cards.yaml`` is the default.
        model: the card set's pydantic model.
        registry: the game's effect registry (each effect's parameters parsed with it).
        effect_sites: where effects sit in a card set (:data:`EffectSites`).
        checks: the game's checks of a parsed card set, run in order after the effects parse.
        cache: how many parsed files to keep (by path and modification time).
    """

    def __init__(self, game_dir: str, model: type[BaseModel], registry: EffectRegistry, effect_sites: EffectSites,
                 checks: Iterable[CardCheck] = (), cache: int = 8) -> None:
        self.game_dir, self.model, self.registry = game_dir, model, registry
        self.effect_sites, self.checks = effect_sites, tuple(checks)
        self._load = lru_cache(maxsize=cache)(self._parse)

    def default_path(self) -> Path:
        """The shipped card file: ``<content root>/<game_dir>/cards.yaml``."""
        return content_root() / self.game_dir / "cards.yaml"

    def load(self, path: str | Path | None = None) -> tuple[Any, dict[int, BaseModel]]:
        """Load and check a card file (default :meth:`default_path`); returns ``(card set, {id(effect entry):
        parsed parameters})``, the same objects for the same unchanged file.

        Raises:
            ContentError: the file cannot be read, is not a regular ``.yaml`` file (a user's), or fails a check,
                naming the file and the field.
        """
        p = card_file_path(path) if path is not None else self.default_path()  # '' is refused, not the default
        return self._load(str(p), stat_file(p, "card file").st_mtime)

    def _parse(self, path: str, mtime: float) -> tuple[Any, dict[int, BaseModel]]:
        raw = parse_yaml(read_text(path), path)
        check_raw(path, raw)
        cards = validate(self.model, raw, path, words=card_words)  # numbers strict, said as in every game
        check_parsed(path, "", raw, cards)
        params: dict[int, BaseModel] = {}
        for field, effects, card_id in self.effect_sites(cards):
            several = isinstance(effects, (list, tuple))
            entries = [(f"{field}.effects[{j}]", e) for j, e in enumerate(effects)] if several else [(field, effects)]
            for where, e in entries:
                try:
                    params[id(e)] = self.registry.validate(e.effect, e.params)
                except ValidationError as exc:  # its parameters: each problem with its field, no pydantic links
                    msg = format_validation_error(exc, f"{path}: {where}.params ({card_id})", card_words)
                    raise ContentError(msg, path=path, field=f"{where}.params") from None
                except ValueError as exc:  # an unknown effect
                    msg = " ".join(m.strip() for m in str(exc).splitlines())
                    raise ContentError(f"{path}: {where} ({card_id}): {msg}", path=path, field=where) from None
                check_parsed(path, f"{where}.params", e.params, params[id(e)])
        check_texts(path, raw)  # (attack 47, H2: a 100,000-letter ability text)
        for check in self.checks:
            check(cards, path)
        settle_long_lived()
        return cards, params

    def cache_clear(self) -> None:
        """Forget every parsed file."""
        self._load.cache_clear()


def settle_long_lived() -> None:
    """Move every object alive now out of the cyclic garbage collector's way (:func:`gc.freeze`): called once a card
    file is loaded, when what lives as long as the process is there (the modules, the clauses, the parsed cards, the
    validators of their models).

    A speed measure that changes no behaviour: the collector's full collections, which come every few thousand steps
    of play, walked every one of those objects each time (about 120 ms with the three games loaded, the time of more
    than a thousand steps, in the middle of one); frozen, they are never looked at again (a full collection then
    takes well under a millisecond). Nothing is collected first (that would cost one such collection at every
    load): reference counting still frees what is dropped later (a user's card file out of the loader's cache)."""
    gc.freeze()
