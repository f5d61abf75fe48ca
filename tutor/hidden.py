"""What a seat may see of a game and a determinised copy of what it cannot (moved from :mod:`tutor.bots`, which
keeps the names :func:`observation` and :func:`determinise`; fairsp47: bots.py kept under 500 lines).

Public:

- :func:`observation` ``(session, seat) -> dict``: what one seat may see (its own hand; the other seats' hands,
  decks and face-down cards as counts; never deck order or the random generator's state).
- :func:`determinise` ``(game, state, seat, seed) -> state``: a copy in which the cards ``seat`` cannot see are dealt
  again at random among the places it cannot see and the random generator is replaced, so a computer that looks
  ahead on it knows no more than its seat's observation (the draw pile's Passing of Time cards included, fairsp46).
- :func:`strategy` ``(game_id) -> module``: the game's strategy module (``tutor/games/<game>/strategy.py``), which
  names the hidden places, the kinds of cards and, for the bots, the features of a position.
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

from pydantic import BaseModel

from .core.rng import Rng
from .core.session import Session, copy_state

#: Each game's strategy module (``tutor/games/<game>/strategy.py``), imported when a bot of that game is first asked
#: for (a page imports only its own game).
_STRATEGY: dict[str, str] = {"restless-spirits": "restless_spirits", "spirited": "spirited",
                             "spirit-duels": "spirit_duels"}


def strategy(game_id: str) -> ModuleType:
    """The strategy module of ``game_id`` (``tutor/games/<game>/strategy.py``), imported on first use.

    Raises:
        ValueError: not a known game.
    """
    try:
        pkg = _STRATEGY[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(sorted(_STRATEGY))}") from None
    return importlib.import_module(f"{__package__}.games.{pkg}.strategy")


def observation(session: Session, seat: int) -> dict[str, Any]:
    """What ``seat`` (0-based) may see of the session's current state, as plain JSON-like data.

    The seat's own hand is listed; the other seats' hands, every deck and face-down cards of others are given as
    ``{"hidden": N}`` (a count); the random generator's state is left out. Two states that differ only in what the
    seat cannot see give equal observations.

    Raises:
        ValueError: ``seat`` is not a seat of this game.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < session.game.players:
        raise ValueError(f"seat must be 0..{session.game.players - 1}, got {seat!r}")
    return strategy(session.game_id).observation(session.game, session.state, seat)


def determinise(game, state: BaseModel, seat: int, seed: int) -> BaseModel:
    """A copy of ``state`` in which every card ``seat`` cannot see is dealt again at random (from ``seed``) among
    the places it cannot see, each place keeping its size and each card its kind (a Totem stays where Totems are),
    and the random generator is replaced by one from ``seed``. The result depends only on ``seat``'s observation and
    ``seed``.

    A strategy's optional ``mixed_groups(game, state, seat)`` names places whose kinds are hidden too (Spirited's
    draw pile: where its Passing of Time cards lie among the clan cards, sp.time.pass): the kinds are shuffled
    among each such group's slots first, from a list sorted by (kind, card) so that which hidden card is where
    cannot change the pattern, and the cards are then dealt again within their kinds as above (fairsp46: the
    computer knew when a Battle would come)."""
    strat = strategy(game.game_id)
    copy = copy_state(state)
    rnd = random.Random(seed)
    mixed = getattr(strat, "mixed_groups", None)
    for group in mixed(game, copy, seat) if mixed else []:
        cards = sorted((_get(s) for s in group), key=lambda card: (strat.category(game, card), card))
        rnd.shuffle(cards)
        for s, card in zip(group, cards):
            _set(s, card)
    for group in strat.hidden_groups(game, copy, seat):
        by_kind: dict[str, list[tuple[Any, Any]]] = {}
        for slot in group:
            by_kind.setdefault(strat.category(game, _get(slot)), []).append(slot)
        for slots in by_kind.values():
            cards = sorted(_get(s) for s in slots)
            rnd.shuffle(cards)
            for s, card in zip(slots, cards):
                _set(s, card)
    copy.rng = Rng.from_seed(rnd.getrandbits(64))
    return copy


def _get(slot: tuple[Any, Any]) -> str:
    obj, key = slot
    return obj[key] if isinstance(obj, list) else getattr(obj, key)


def _set(slot: tuple[Any, Any], value: str) -> None:
    obj, key = slot
    if isinstance(obj, list):
        obj[key] = value
    else:
        setattr(obj, key, value)
