"""Plain ``dict`` lookups for the engine's dict subclasses (a speed measure, no change of behaviour).

The engine keeps built actions and fitting tables in subclasses of ``dict`` with a ``__missing__`` method
(:class:`tutor.core.moves.Built`, :class:`~tutor.core.moves.KeptTable`, Restless Spirits' ``Fitting``), looked up
with ``table[key]`` a few hundred times a step. CPython gives such a subclass a slow lookup: ``dict`` lists its
``__getitem__`` as a method (so the subclass's slot becomes a hook that finds that method by name and calls it)
where the C function it would call, ``dict``'s own subscript, already handles a subclass's ``__missing__``. Counted
with callgrind: 747 instructions a lookup against 576 with ``dict``'s own function in the slot.

:func:`plain_lookups` puts ``dict``'s own function in the class's slot. It is kept safe as :mod:`.reads` is: only
where :mod:`.reads` is on (CPython 3.8 to 3.13 with its global interpreter lock, not switched off by
``RULES_TUTOR_PLAIN_READS=0``); the slot is found by value on a probe class, exactly once, and the probe must then
answer a hit, a miss through its ``__missing__`` and ``in`` as before, or it is put back and nothing is changed
(:data:`WHY_OFF` says why). A class that defines ``__getitem__`` itself (or inherits one from a class between it and
``dict``) is never changed; a subclass made later gets CPython's own slot again.
"""
from __future__ import annotations

import ctypes
import sys

from .reads import WHY_OFF as _READS_OFF

_P = ctypes.sizeof(ctypes.c_void_p)
#: ``Py_TPFLAGS_HEAPTYPE``: a class made by a class statement (its slot tables are its own)
_HEAPTYPE = 1 << 9


def _word(address: int) -> int:
    return ctypes.c_void_p.from_address(address).value or 0


class _Probe(dict):
    """A dict subclass with ``__missing__``, changed first to check the change."""

    __slots__ = ()

    def __missing__(self, key):
        return -key


def _mapping_offset() -> int | None:
    """The offset of ``tp_as_mapping`` in a type object: the one word of the probe's first 24 that points into the
    probe's own type object at methods whose first entry is ``dict``'s and whose second (the subscript) is not."""
    start, end = id(_Probe), id(_Probe) + sys.getsizeof(_Probe)
    found = []
    for o in range(0, 24 * _P, _P):
        mine = _word(id(_Probe) + o)
        if not start <= mine < end - 2 * _P:
            continue
        theirs = _word(id(dict) + o)  # (dict's word at a tp_as_* slot: a static table or NULL)
        if theirs and _word(mine) == _word(theirs) and _word(mine + _P) != _word(theirs + _P):
            found.append(o)
    return found[0] if len(found) == 1 else None


def _set(cls: type, offset: int, value: int) -> None:
    ctypes.c_void_p.from_address(_word(id(cls) + offset) + _P).value = value
    ctypes.pythonapi.PyType_Modified(ctypes.py_object(cls))


def _probe(offset: int) -> str | None:
    """Change the probe class and check it answers as before; ``None`` when it does (else put back, and why)."""
    p = _Probe({1: "one"})
    old = _word(_word(id(_Probe) + offset) + _P)
    _set(_Probe, offset, _DICT_SUBSCRIPT)
    if p[1] == "one" and p[5] == -5 and 5 not in p and dict.__getitem__(p, 1) == "one":
        return None
    _set(_Probe, offset, old)
    return "the probe dict subclass did not answer as before"


_OFFSET: int | None = None
_DICT_SUBSCRIPT = 0
#: Why plain lookups are off in this process (``None`` while they are on).
WHY_OFF: str | None = _READS_OFF
if WHY_OFF is None:
    _OFFSET = _mapping_offset()
    if _OFFSET is None:
        WHY_OFF = "the tp_as_mapping slot was not found exactly once"
    else:
        _DICT_SUBSCRIPT = _word(_word(id(dict) + _OFFSET) + _P)
        WHY_OFF = _probe(_OFFSET)
if WHY_OFF is not None:
    _OFFSET = None


def plain_lookups(*classes: type) -> int:
    """Give each of ``classes`` (subclasses of ``dict``) ``dict``'s own subscript (see the module's text); a class
    that defines or inherits a ``__getitem__`` of its own is left alone. Returns how many were changed (0 when off)."""
    if _OFFSET is None:
        return 0
    changed = 0
    for cls in classes:
        mro = cls.__mro__
        if (dict not in mro or not cls.__flags__ & _HEAPTYPE
                or any("__getitem__" in k.__dict__ for k in mro[:mro.index(dict)])):
            continue
        _set(cls, _OFFSET, _DICT_SUBSCRIPT)
        changed += 1
    return changed


__all__ = ["WHY_OFF", "plain_lookups"]
