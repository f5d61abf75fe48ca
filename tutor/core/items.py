"""Plain classes for the flow's work items and decisions (the objects a step makes and drops most often).

A step of play pushes and pops several work items and asks decisions (:mod:`tutor.core.flow`). As pydantic models
each one was validated when the engine built it (about 4 times the cost of a plain class's ``__init__``), although
the engine only ever builds them from its own values. :func:`flow_item` makes such a class a plain
``@dataclass(slots=True, kw_only=True)``: built without validation, read through slots.

Pydantic stays at the edges: a game's state model (a pydantic model) names these classes in its fields, so a state
read from a file, a saved session, an undo snapshot or a scenario's partial state is still validated field by field
(wrong types, unknown kinds and unknown fields are refused, see ``__pydantic_config__``), and dumped to JSON exactly
as before (fields in the order declared, base class first, every field written).
"""
from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from pydantic import ConfigDict

T = TypeVar("T", bound=type)

#: How pydantic validates a flow item read from data (a file, a saved session): unknown fields are refused.
ITEM_CONFIG = ConfigDict(extra="forbid")


def flow_item(cls: T) -> T:
    """Class decorator: ``cls`` (annotated fields, defaults as for a dataclass, a ``kind: Literal[...]`` field with
    its default) as a ``@dataclass(slots=True, kw_only=True)`` that pydantic validates with
    :data:`ITEM_CONFIG` when a state model reads it from data. Built with keywords only; never validated when
    the engine builds it (give the right types). Subclasses must be decorated too."""
    out = dataclasses.dataclass(slots=True, kw_only=True)(cls)
    out.__pydantic_config__ = ITEM_CONFIG
    return out


def item_fields(cls: type) -> dict[str, Any]:
    """``{name: default}`` of a flow item class (:func:`flow_item`) or a pydantic model, in declared order; a field
    without a default maps to :data:`dataclasses.MISSING` (pydantic's ``PydanticUndefined`` for a model)."""
    if dataclasses.is_dataclass(cls):
        return {f.name: f.default for f in dataclasses.fields(cls)}
    return {name: f.default for name, f in cls.model_fields.items()}
