"""One effect registry for every game: card effects are data (``{effect: name, params: {...}}`` in a card file),
each name registered once with its parameter model (pydantic) and its handler, parsed when the card file loads.

A game makes one :class:`EffectRegistry` and its effect modules register into it
(``REGISTRY.register("gain-ap", GainAP, _gain_ap, needs_target=False)``). At load, :meth:`EffectRegistry.parse`
turns each card's effect entry into the discriminated union of every registered effect (:class:`ParsedEffect`: the
name and its typed parameters), so a bad entry is refused before play, naming the effect and the parameter, and
play never validates again; :meth:`EffectRegistry.run` calls the handler. What a handler receives besides the
parameters (a context, the use, a builder of work items) is the game's own.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

from .errors import short


class EffectKind:
    """A registered effect: ``params`` (its pydantic parameter model), ``run`` (its handler, or ``None`` for an
    effect that is looked up rather than run, such as an Ongoing one), ``needs_target`` (it needs a target
    opponent) and ``timings`` (where a card may use it, the game's words: e.g. ``("use", "on-release")``)."""

    __slots__ = ("name", "params", "run", "needs_target", "timings")

    def __init__(self, params: type[BaseModel], run: Callable | None, needs_target: bool = False,
                 timings: tuple[str, ...] = (), name: str = "") -> None:
        self.name, self.params, self.run, self.needs_target, self.timings = name, params, run, needs_target, timings


class ParsedEffect:
    """One card effect entry parsed at load: ``effect`` (its registered name), ``params`` (an instance of its
    parameter model) and ``kind`` (its :class:`EffectKind`)."""

    __slots__ = ("effect", "params", "kind")

    def __init__(self, kind: EffectKind, params: BaseModel) -> None:
        self.effect, self.params, self.kind = kind.name, params, kind

    def __repr__(self) -> str:
        return f"ParsedEffect({self.effect!r}, {self.params!r})"


class EffectRegistry:
    """Effect name -> :class:`EffectKind`, for one game (``game``: its id, for messages). Content may name only
    registered effects. Reads like a mapping (``REGISTRY[name]``, ``name in REGISTRY``, iteration over names)."""

    def __init__(self, game: str, default_timings: tuple[str, ...] = ()) -> None:
        self.game = game
        self.default_timings = default_timings
        self._kinds: dict[str, EffectKind] = {}

    def register(self, name: str, params: type[BaseModel], run: Callable | None, needs_target: bool = False,
                 timings: tuple[str, ...] | None = None) -> EffectKind:
        """Register effect ``name`` once.

        Raises:
            ValueError: ``name`` is already registered (two modules claiming one effect).
        """
        if name in self._kinds:
            raise ValueError(f"{self.game}: effect {name!r} is registered twice")
        kind = self._kinds[name] = EffectKind(params, run, needs_target,
                                              self.default_timings if timings is None else timings, name)
        return kind

    def __getitem__(self, name: str) -> EffectKind:
        return self._kinds[name]

    def __contains__(self, name: object) -> bool:
        return name in self._kinds

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)

    def get(self, name: str) -> EffectKind | None:
        """The effect called ``name``, or ``None``."""
        return self._kinds.get(name)

    def validate(self, name: str, params: dict[str, Any]) -> BaseModel:
        """``params`` parsed by effect ``name``'s parameter model.

        Raises:
            ValueError: an unknown effect name (listing the known ones), or pydantic's ``ValidationError`` (a
                ``ValueError``) naming the bad parameter.
        """
        kind = self._kinds.get(name)
        if kind is None:
            raise ValueError(f"unknown effect {short(name)}; known effects: {', '.join(sorted(self._kinds))}")
        return kind.params.model_validate(params)

    def parse(self, name: str, params: dict[str, Any]) -> ParsedEffect:
        """One card effect entry as a :class:`ParsedEffect` (raises as :meth:`validate`)."""
        return ParsedEffect(self._kinds[name] if name in self._kinds else self._unknown(name),
                            self.validate(name, params))

    def _unknown(self, name: str) -> EffectKind:
        raise ValueError(f"unknown effect {short(name)}; known effects: {', '.join(sorted(self._kinds))}")

    def run(self, name: str, *args: Any) -> Any:
        """Call effect ``name``'s handler with ``args`` (the game's context, use and the parsed parameters)."""
        return self._kinds[name].run(*args)
