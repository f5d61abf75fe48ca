"""Which rules practice can ask about: computed once per game, content and code, then looked up per click.

A rule is askable when some question of the game's seeded question stream (:func:`tutor.practice.questions`, all
of it, to the end of its positions) tests it. That is a function of the content, the engine's code and the seed
only, so it is computed once (walking the whole stream: a few seconds a game) and kept: in the process, and on disk
in the cache folder (``$RULES_TUTOR_CACHE``, else ``~/.cache/rules-tutor``) under a name keyed by a hash of the
content folder's files and the ``tutor`` package's code, so a change to either computes it again. A cache folder
that cannot be written is passed over (kept in the process only); a cache file that does not read as what this
module writes is computed again (never trusted).

Session 30 (issue #16): the mastery map's "does this rule have a question" walked up to 200 more questions per
click (0.2-0.6 s); looking at the first 260 only offered "Ask me" on fewer rules (Restless Spirits 39 of 157).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path

from ..core.content import content_root
from . import questions

__all__ = ["askable", "cache_folder", "source_hash"]

_log = logging.getLogger("rules_tutor.practice")
#: Largest cache file read (bytes): a game's holds a few hundred clause ids and numbers.
CACHE_MAX = 200_000
_TUTOR = Path(__file__).resolve().parent.parent
_memo: dict[tuple[str, int, str], dict[str, int]] = {}  # (game, seed, content folder) -> askable (per process)


def cache_folder() -> Path:
    """The folder the askable rules are kept in: ``$RULES_TUTOR_CACHE``, else ``~/.cache/rules-tutor``."""
    env = os.environ.get("RULES_TUTOR_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "rules-tutor"


def _files(root: Path, pattern: str) -> list[Path]:
    return sorted(p for p in root.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts)


def source_hash() -> str:
    """A hash of everything the question stream depends on: the content folder's files and the ``tutor`` code."""
    h = hashlib.sha256()
    for root, pattern in ((content_root(), "*"), (_TUTOR, "*.py")):
        for p in _files(root, pattern):
            h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def _compute(game_id: str, seed: int) -> dict[str, int]:
    first: dict[str, int] = {}
    for i, q in enumerate(questions(game_id, seed)):
        for cid in q.clauses:
            first.setdefault(cid, i)
    return first


def _read(path: Path) -> dict[str, int] | None:
    try:
        if path.stat().st_size > CACHE_MAX:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(k, str) and type(v) is int and v >= 0
                                             for k, v in data.items()):
        return None
    return data


def _write(path: Path, data: dict[str, int]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".askable-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, sort_keys=True)
        os.replace(tmp, path)
    except OSError as e:  # a read-only or missing home: kept in this process only
        _log.info("practice: the askable rules are not cached on disk (%s)", e)


def askable(game_id: str, seed: int) -> dict[str, int]:
    """``{clause id: index of the first question of the stream of game_id and seed that tests it}`` for every rule
    some question of the whole stream tests (see the module's docstring for where it is kept)."""
    key = (game_id, seed, str(content_root()))
    if key in _memo:
        return _memo[key]
    path = cache_folder() / f"askable-{game_id}-{seed}-{source_hash()[:32]}.json"
    data = _read(path)
    if data is None:
        data = _compute(game_id, seed)
        _write(path, data)
    _memo[key] = data
    return data
