"""Which games exist: game id -> :class:`~tutor.core.game.Game` subclass and content folder."""
from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from .core.content import content_root, load_clauses
from .core.errors import ContentError, short
from .core.model import Clause

#: the server's log of content files refused (a clauses file's every missing clause id is named there)
_content_log = logging.getLogger("rules_tutor.content")
#: most missing clause ids a clauses file's refusal names (the rest are counted, and all are in the server's log)
MISSING_NAMED = 8


#: Each playable game's package under ``tutor/games/`` and its Game subclass's name.
_GAME_CLASSES = {"restless-spirits": ("restless_spirits", "RestlessSpirits"), "spirited": ("spirited", "Spirited"),
                 "spirit-duels": ("spirit_duels", "SpiritDuels")}
#: Each playable game's display name, its class's ``title`` (kept here too, so that naming a game imports no engine:
#: a page's game picker would import all three; tests/test_package.py checks that they agree).
_GAME_TITLES = {"restless-spirits": "Restless Spirits", "spirited": "Spirited", "spirit-duels": "Spirit Duels"}


class _Games(Mapping):
    """``{game_id: Game subclass}`` that imports a game's package only when its class is asked for: listing the ids
    (``in``, ``set(...)``, ``len``) imports nothing, so a page imports only the games it uses."""

    def __getitem__(self, game_id: str):
        pkg, name = _GAME_CLASSES[game_id]
        return getattr(importlib.import_module(f"{__package__}.games.{pkg}"), name)

    def __iter__(self) -> Iterator[str]:
        return iter(_GAME_CLASSES)

    def __len__(self) -> int:
        return len(_GAME_CLASSES)

    def __repr__(self) -> str:
        return f"game_classes({', '.join(_GAME_CLASSES)})"


_GAMES = _Games()


def game_classes() -> Mapping:
    """``{game_id: Game subclass}`` for every game the tutor plays (a read-only mapping; a game's package is imported
    when its class is first looked up)."""
    return _GAMES


#: Every game id the tutor knows, including the ones whose rules are still being written.
KNOWN_GAMES = ("restless-spirits", "spirited", "spirit-duels")


def game_title(game_id: str) -> str:
    """A game's display name (its class's ``title``, without importing the game): ``"spirit-duels"`` ->
    ``"Spirit Duels"``; a game not playable yet is named from its id."""
    if game_id in _GAME_TITLES:
        return _GAME_TITLES[game_id]
    cls = game_classes().get(game_id)
    return cls.title if cls is not None else game_id.replace("-", " ").title()


def rulebook_name(file: str) -> str:
    """``"restless-spirits.txt"`` -> ``"Restless Spirits rulebook"`` (a clause's or scenario's source file, as
    learners know it); a file that is no game's rulebook is shown as it is."""
    stem = file.rsplit(".", 1)[0]
    return f"{game_title(stem)} rulebook" if stem in game_classes() else file


#: Each game's package and the prefix of its clause ids.
_CLAUSE_SOURCES = {"restless-spirits": ("restless_spirits", "rs"), "spirited": ("spirited", "sp"),
                   "spirit-duels": ("spirit_duels", "sd")}


@lru_cache(maxsize=None)
def cited_clauses(game_id: str) -> frozenset[str]:
    """The clause ids a game's engine cites by name: every quoted ``"<prefix>.<words>"`` literal in its package
    (``tutor/games/<game>/*.py``; ids built from card data, such as an achievement's, are checked with the cards).
    A clauses file must define them all (see :func:`_clauses`); empty for an unknown game."""
    pkg, prefix = _CLAUSE_SOURCES.get(game_id, (None, None))
    if pkg is None:
        return frozenset()
    pattern = re.compile(r"""["'](%s\.[a-z0-9.-]*[a-z0-9])["']""" % re.escape(prefix))
    folder = Path(__file__).resolve().parent / "games" / pkg
    return frozenset(cid for f in sorted(folder.rglob("*.py")) for cid in pattern.findall(f.read_text("utf-8")))


@lru_cache(maxsize=None)
def _clauses(game_id: str) -> dict[str, Clause]:
    """The game's clauses file, refused (ContentError naming the file and ``clauses``) when it lacks a clause the
    engine cites: a missing one would only fail when a learner clicks its chip."""
    path = content_root() / game_id / "clauses.yaml"
    clauses = load_clauses(path)
    missing = sorted(cited_clauses(game_id) - set(clauses))
    if missing:
        # the ids themselves (a file's fault is named by what it lacks); every one of them in the server's log, so
        # that "and N more" can be looked up there (attack 20, L5: the page's count was nowhere in the log)
        _content_log.warning("%s: clauses: %d clause id(s) the %s engine cites are missing: %s", path, len(missing),
                             game_id, ", ".join(short(m, 80) for m in missing))
        more = (f" (and {len(missing) - MISSING_NAMED} more, all in the server's log)"
                if len(missing) > MISSING_NAMED else "")
        raise ContentError(f"{path}: clauses: no clause with id {', '.join(short(m) for m in missing[:MISSING_NAMED])}"
                           f"{more}; the {game_id} engine cites {'it' if len(missing) == 1 else 'them'}",
                           path=str(path), field="clauses")
    return clauses


def game_class(game_id: str):
    """The Game subclass for ``game_id``.

    Raises:
        ValueError: naming the valid game ids (and saying when a known game is not playable yet).
    """
    classes = game_classes()
    if game_id in classes:
        return classes[game_id]
    if game_id in KNOWN_GAMES:
        raise ValueError(f"game {short(game_id)} is not playable yet; playable games: {', '.join(sorted(classes))}")
    raise ValueError(f"unknown game id {short(game_id)}; valid game ids: {', '.join(KNOWN_GAMES)} "
                     f"(playable now: {', '.join(sorted(classes))})")


def clauses_for(game_id: str) -> dict[str, Clause]:
    """``{clause id: Clause}`` of a game (ValueError for an unknown game id). Imports no game's engine: a page that
    only names rules (the ability graph's three games) does not load three engines for it."""
    if game_id not in _GAME_CLASSES:
        game_class(game_id)  # ValueError naming the valid game ids
    return _clauses(game_id)
