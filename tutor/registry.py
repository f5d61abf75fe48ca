"""Which games exist: game id -> :class:`~tutor.core.game.Game` subclass and content folder."""
from __future__ import annotations

from functools import lru_cache

from .core.content import content_root, load_clauses
from .core.model import Clause


def game_classes() -> dict:
    """``{game_id: Game subclass}`` for every game the tutor plays."""
    from .games.restless_spirits import RestlessSpirits
    from .games.spirit_duels import SpiritDuels
    from .games.spirited import Spirited
    return {RestlessSpirits.game_id: RestlessSpirits, Spirited.game_id: Spirited, SpiritDuels.game_id: SpiritDuels}


#: Every game id the tutor knows, including the ones whose rules are still being written.
KNOWN_GAMES = ("restless-spirits", "spirited", "spirit-duels")


def game_title(game_id: str) -> str:
    """A game's display name (its class's ``title``): ``"spirit-duels"`` -> ``"Spirit Duels"``; a game not playable
    yet is named from its id."""
    cls = game_classes().get(game_id)
    return cls.title if cls is not None else game_id.replace("-", " ").title()


def rulebook_name(file: str) -> str:
    """``"restless-spirits.txt"`` -> ``"Restless Spirits rulebook"`` (a clause's or scenario's source file, as
    learners know it); a file that is no game's rulebook is shown as it is."""
    stem = file.rsplit(".", 1)[0]
    return f"{game_title(stem)} rulebook" if stem in game_classes() else file


@lru_cache(maxsize=None)
def _clauses(game_id: str) -> dict[str, Clause]:
    return load_clauses(content_root() / game_id / "clauses.yaml")


def game_class(game_id: str):
    """The Game subclass for ``game_id``.

    Raises:
        ValueError: naming the valid game ids (and saying when a known game is not playable yet).
    """
    classes = game_classes()
    if game_id in classes:
        return classes[game_id]
    if game_id in KNOWN_GAMES:
        raise ValueError(f"game {game_id!r} is not playable yet; playable games: {', '.join(sorted(classes))}")
    raise ValueError(f"unknown game id {game_id!r}; valid game ids: {', '.join(KNOWN_GAMES)} "
                     f"(playable now: {', '.join(sorted(classes))})")


def clauses_for(game_id: str) -> dict[str, Clause]:
    """``{clause id: Clause}`` of a game (ValueError for an unknown game id)."""
    game_class(game_id)
    return _clauses(game_id)
