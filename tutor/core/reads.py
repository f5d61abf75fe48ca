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
"""
from __future__ import annotations

import ctypes
import platform
import typing
from typing import Any

from pydantic import BaseModel

#: The model classes already given plain reads (or found unable to have them), so each is looked at once.
_DONE: set[type] = set()


class _Plain:
    """A class with Python's own attribute lookup: where the slot sits in a type object, and what it holds."""


def _slot_offset() -> int | None:
    """The byte offset of ``tp_getattro`` in a type object, found on :class:`_Plain` (it holds
    ``PyObject_GenericGetAttr`` there); ``None`` off CPython or when it cannot be found."""
    if platform.python_implementation() != "CPython":
        return None
    generic = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
    ptr = ctypes.sizeof(ctypes.c_void_p)
    # tp_getattro is the 19th pointer-sized word of a type object in CPython 3.8 to 3.13 (looked for in the first 24)
    found = [o for o in range(0, 24 * ptr, ptr) if ctypes.c_void_p.from_address(id(_Plain) + o).value == generic]
    return found[0] if len(found) == 1 else None


_OFFSET = _slot_offset()
_GENERIC = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value if _OFFSET else None


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic model classes named anywhere in a field's annotation (inside lists, unions, Annotated...)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _eligible(cls: type[BaseModel]) -> bool:
    """True when ``BaseModel.__getattr__`` can only raise for ``cls``: no private attributes, no extra fields, no
    ``__getattr__`` or ``__getattribute__`` of its own."""
    own = any(name in vars(k) for k in cls.__mro__ if k is not BaseModel and k is not object
              for name in ("__getattr__", "__getattribute__"))
    return not (own or cls.__private_attributes__ or cls.model_config.get("extra") == "allow"
                or cls.__pydantic_root_model__)


def plain_reads(*roots: type[BaseModel]) -> int:
    """Give ``roots`` and every pydantic model class reachable through their fields Python's plain attribute lookup
    (see the module's text); a class that cannot have it keeps pydantic's. Returns how many classes were changed
    now (0 off CPython). Safe to call again: each class is looked at once."""
    changed = 0
    todo = list(roots)
    while todo:
        cls = todo.pop()
        if cls in _DONE:
            continue
        _DONE.add(cls)
        for field in cls.model_fields.values():
            todo.extend(_models_in(field.annotation))
        if _OFFSET is None or not _eligible(cls):
            continue
        slot = ctypes.c_void_p.from_address(id(cls) + _OFFSET)
        if slot.value != _GENERIC:
            slot.value = _GENERIC
            ctypes.pythonapi.PyType_Modified(ctypes.py_object(cls))
            changed += 1
    return changed
