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
    init = quick_init(out)
    if init is not None:
        out.__init__ = init
    return out


#: The default of :func:`quick_init`'s first parameter: a call that gives an argument by position replaces it.
_KEYWORDS_ONLY = object()
#: A flow item class gets :func:`quick_init`'s ``__init__`` when at least this many of its fields have a default.
QUICK_INIT_MIN_DEFAULTS = 3


def quick_init(cls: type) -> Any:
    """The ``__init__`` of flow item class ``cls`` (a dataclass made by :func:`flow_item`) that does what the
    dataclass's own does, a little faster: each field a parameter (a field with a ``list`` or ``dict`` factory gets
    a fresh ``[]`` or ``{}``, another factory is called), stored in its slot, in declared order. The fields with a
    default are not keyword-only parameters in Python's sense, as CPython looks each missing keyword-only
    argument's default up by name in a dict, on every call (a Spirit Duels work item has 22 fields, mostly left at
    their defaults, and two are made in most steps): an argument given by position is refused instead
    (``TypeError``, as by the dataclass's own), by the first parameter's default. The fields without a default stay
    keyword-only (a missing one is refused by Python). ``None`` (the dataclass's own ``__init__`` kept) for a class
    with fewer than :data:`QUICK_INIT_MIN_DEFAULTS` fields with a default (the test of the first parameter costs
    about what a default looked up by name does: measured in instructions, Spirited's items, with one or two
    defaults each, gained nothing), with a ``__post_init__`` or with a field left out of ``__init__``."""
    fields = dataclasses.fields(cls)
    defaults = sum(f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
                   for f in fields)
    if hasattr(cls, "__post_init__") or any(not f.init for f in fields) or defaults < QUICK_INIT_MIN_DEFAULTS:
        return None
    env: dict[str, Any] = {"_KEYWORDS_ONLY": _KEYWORDS_ONLY, "_MISSING": dataclasses.MISSING}
    defaulted = ["_keywords_only_=_KEYWORDS_ONLY"]
    required = []
    body = ["    if _keywords_only_ is not _KEYWORDS_ONLY:",
            f"        raise TypeError({cls.__qualname__ + '() takes keyword arguments only'!r})"]
    for i, f in enumerate(fields):
        name = f.name
        if f.default is not dataclasses.MISSING:
            env[f"_default_{i}"] = f.default
            defaulted.append(f"{name}=_default_{i}")
            body.append(f"    self.{name} = {name}")
        elif f.default_factory is not dataclasses.MISSING:
            defaulted.append(f"{name}=_MISSING")
            fresh = {list: "[]", dict: "{}"}.get(f.default_factory)
            if fresh is None:
                env[f"_factory_{i}"] = f.default_factory
                fresh = f"_factory_{i}()"
            body.append(f"    self.{name} = {fresh} if {name} is _MISSING else {name}")
        else:
            required.append(name)
            body.append(f"    self.{name} = {name}")
    params = ", ".join(["self"] + defaulted + (["*"] + required if required else []))
    exec(f"def __init__({params}):\n" + "\n".join(body), env)  # (as dataclasses writes its own)
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = f"A {cls.__qualname__} from its fields, given by keyword (:func:`tutor.core.items.quick_init`)."
    return init


def item_fields(cls: type) -> dict[str, Any]:
    """``{name: default}`` of a flow item class (:func:`flow_item`) or a pydantic model, in declared order; a field
    without a default maps to :data:`dataclasses.MISSING` (pydantic's ``PydanticUndefined`` for a model)."""
    if dataclasses.is_dataclass(cls):
        return {f.name: f.default for f in dataclasses.fields(cls)}
    return {name: f.default for name, f in cls.model_fields.items()}
