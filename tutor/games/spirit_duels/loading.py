"""Loading a Spirit Duels card file (:class:`tutor.core.cardfile.CardFileLoader`): the file read and validated
(``cards.yaml``; :class:`.cards.CardSet`), every effect's parameters parsed with the game's registry
(:data:`.effects.REGISTRY`) and the cards checked playable (:mod:`.playable`).
"""
from __future__ import annotations

from pathlib import Path

from ...core.cardfile import CardFileLoader
from .cards import CardSet
from .effects import REGISTRY
from .playable import check_file


def _effect_sites(cards: CardSet):
    """Where effects sit in a Spirit Duels card set: each Spirit's ability, each card and its ability."""
    for i, ln in enumerate(cards.lines):
        for j, sp in enumerate(ln.spirits):
            if sp.ability:
                yield f"lines[{i}].spirits[{j}].ability", sp.ability.effects, sp.id
    for i, c in enumerate(cards.cards):
        yield f"cards[{i}]", c.effects, c.id
        if c.ability:
            yield f"cards[{i}].ability", c.ability.effects, c.id


#: Spirit Duels' card files.
CARD_FILES = CardFileLoader("spirit-duels", CardSet, REGISTRY, _effect_sites, (check_file,))


def load_cards(path: str | Path | None = None) -> tuple[CardSet, dict]:
    """Load and check a Spirit Duels card file (default ``content/spirit-duels/cards.yaml``).

    Returns ``(CardSet, {id(effect): parsed params})``. Raises :class:`ContentError` naming file and field.
    """
    return CARD_FILES.load(path)
