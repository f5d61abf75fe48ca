"""Plain attribute reads for the engine's pydantic models (a speed measure, no change of behaviour).

Every pydantic model class inherits ``BaseModel.__getattr__`` (it finds private attributes and extra fields). In
CPython a class with a ``__getattr__`` gets a slower attribute lookup for *every* read, found or not (the slot
``tp_getattro`` becomes a hook that calls ``__getattribute__`` and then ``__getattr__``, and the interpreter does not
specialise the read): about 40 ns instead of 10 ns a read, and a step of play reads a state's, an action's and a
card's fields several hundred times.

For a model class without private attributes and without extra fields, ``__getattr__`` can only raise
``AttributeError`` (the same message as Python's own), so the plain lookup (``object.__getattribute__``) behaves
exactly the same. :func:`plain_reads` gives such classes, and the model classes reachable through their fields, the
plain lookup; a class that has private attributes or allows extra fields keeps pydantic's. Where the interpreter is
not CPython, or its type layout is not the one expected, it changes nothing (everything still works, only slower).

How it is kept safe (each condition is checked once, when this module is imported; any failure leaves every class
with pydantic's own lookup, :data:`ACTIVE` is then ``False`` and :data:`WHY_OFF` says why):

- only CPython 3.8 to 3.13 with its global interpreter lock (the type layout this relies on; a free-threaded build
  or a newer version is left alone until checked), and not when ``RULES_TUTOR_PLAIN_READS=0`` is set;
- the slot is found by value, exactly once, in a plain class (never by a hard-coded offset);
- a probe model class is changed first and must then read its fields, raise the same ``AttributeError`` message as
  before for a missing attribute, and answer ``getattr``/``hasattr`` the same; otherwise it is put back;
- only a class whose ``__getattr__`` can only raise (see above) is changed, each one once, and
  ``PyType_Modified`` is called so CPython's attribute caches see the change. A subclass made later, or a class
  that is later given its own ``__getattr__``, gets Python's usual slot again (CPython recomputes it), so the
  change can only fall back to pydantic's lookup, never the other way.

The only behaviour that differs: a *property* of such a class that raises ``AttributeError`` is called once
instead of twice (pydantic's ``__getattr__`` retries it). The engine's models have no such property.
"""
from __future__ import annotations

import ctypes
import dataclasses
import os
import platform
import sys
import typing
from typing import Any

from pydantic import BaseModel

#: The model classes already given plain reads (or found unable to have them), so each is looked at once.
_DONE: set[type] = set()


class _Plain:
    """A class with Python's own attribute lookup: where the slot sits in a type object, and what it holds."""


def _unsupported() -> str | None:
    """Why this interpreter is left alone (see the module's text), or ``None`` when it is supported."""
    if os.environ.get("RULES_TUTOR_PLAIN_READS", "1") == "0":
        return "switched off by RULES_TUTOR_PLAIN_READS=0"
    if platform.python_implementation() != "CPython":
        return f"not CPython ({platform.python_implementation()})"
    if not (3, 8) <= sys.version_info[:2] <= (3, 13):
        return f"CPython {sys.version_info[0]}.{sys.version_info[1]} not checked (3.8 to 3.13 are)"
    gil = getattr(sys, "_is_gil_enabled", None)
    if gil is not None and not gil():
        return "a free-threaded CPython (no global interpreter lock)"
    return None


def _slot_offset() -> int | None:
    """The byte offset of ``tp_getattro`` in a type object, found on :class:`_Plain` (it holds
    ``PyObject_GenericGetAttr`` there); ``None`` when it is not found exactly once."""
    generic = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
    ptr = ctypes.sizeof(ctypes.c_void_p)
    # tp_getattro is the 19th pointer-sized word of a type object in CPython 3.8 to 3.13 (looked for in the first 24)
    found = [o for o in range(0, 24 * ptr, ptr) if ctypes.c_void_p.from_address(id(_Plain) + o).value == generic]
    return found[0] if len(found) == 1 else None


def _set_slot(cls: type, value: int | None) -> None:
    """Write ``value`` into ``cls``'s ``tp_getattro`` and tell CPython the type changed (its caches)."""
    ctypes.c_void_p.from_address(id(cls) + _OFFSET).value = value
    ctypes.pythonapi.PyType_Modified(ctypes.py_object(cls))


def _probe() -> str | None:
    """Change a throwaway model class and check it behaves as before (see the module's text); ``None`` when it
    does, else what differed (the class is then put back)."""

    class _Probe(BaseModel):
        x: int = 1

    p = _Probe()
    try:
        p.missing  # noqa: B018
        return "the probe model read a missing attribute"
    except AttributeError as exc:
        before = str(exc)
    old = ctypes.c_void_p.from_address(id(_Probe) + _OFFSET).value
    _set_slot(_Probe, _GENERIC)
    try:
        p.missing  # noqa: B018
        after = None
    except AttributeError as exc:
        after = str(exc)
    ok = (p.x == 1 and _Probe(x=3).x == 3 and after == before and getattr(p, "missing", 7) == 7
          and not hasattr(p, "missing") and p.model_dump() == {"x": 1})
    if not ok:
        _set_slot(_Probe, old)
        return f"the probe model did not behave as before (missing attribute: {before!r} then {after!r})"
    return None


_GENERIC: int | None = None
_OFFSET: int | None = None
#: Why plain reads are off in this process (``None`` while they are on).
WHY_OFF: str | None = _unsupported()
if WHY_OFF is None:
    _OFFSET = _slot_offset()
    if _OFFSET is None:
        WHY_OFF = "the tp_getattro slot was not found exactly once"
    else:
        _GENERIC = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
        WHY_OFF = _probe()
if WHY_OFF is not None:
    _OFFSET = _GENERIC = None
#: True when :func:`plain_reads` changes classes in this process (see :data:`WHY_OFF` otherwise).
ACTIVE: bool = WHY_OFF is None


def _models_in(annotation: Any) -> list[type]:
    """The pydantic model classes and dataclasses named anywhere in a field's annotation (inside lists, unions,
    Annotated...)."""
    if isinstance(annotation, type) and (issubclass(annotation, BaseModel) or dataclasses.is_dataclass(annotation)):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _field_types(cls: type) -> list[Any]:
    """The annotations of the fields of a pydantic model class or a dataclass (:mod:`tutor.core.items`)."""
    if issubclass(cls, BaseModel):
        return [f.annotation for f in cls.model_fields.values()]
    hints = typing.get_type_hints(cls, include_extras=True)
    return [hints[f.name] for f in dataclasses.fields(cls)]


def _eligible(cls: type[BaseModel]) -> bool:
    """True when ``BaseModel.__getattr__`` can only raise for ``cls``: no private attributes, no extra fields, no
    ``__getattr__`` or ``__getattribute__`` of its own."""
    own = any(name in vars(k) for k in cls.__mro__ if k is not BaseModel and k is not object
              for name in ("__getattr__", "__getattribute__"))
    return not (own or cls.__private_attributes__ or cls.model_config.get("extra") == "allow"
                or cls.__pydantic_root_model__)


def plain_reads(*roots: type[BaseModel]) -> int:
    """Give ``roots`` and every pydantic model class reachable through their fields (also through the fields of a
    dataclass, such as the flow items of :mod:`tutor.core.items`, which have plain reads already) Python's plain
    attribute lookup (see the module's text); a class that cannot have it keeps pydantic's. Returns how many
    classes were changed now (0 when :data:`ACTIVE` is False). Safe to call again: each class is looked at once."""
    changed = 0
    todo = list(roots)
    while todo:
        cls = todo.pop()
        if cls in _DONE:
            continue
        _DONE.add(cls)
        for annotation in _field_types(cls):
            todo.extend(_models_in(annotation))
        if _OFFSET is None or not issubclass(cls, BaseModel) or not _eligible(cls):
            continue
        if ctypes.c_void_p.from_address(id(cls) + _OFFSET).value != _GENERIC:
            _set_slot(cls, _GENERIC)
            changed += 1
    return changed
