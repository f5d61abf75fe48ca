"""Plain dict lookups for the engine's dict subclasses (tutor/core/lookups.py): a speed measure that changes no
behaviour."""
from __future__ import annotations

import ctypes
import platform

import pytest

from tutor.core import lookups
from tutor.core.moves import Built, KeptTable, _VerifiedBuilt
from tutor.games.restless_spirits.requirements import Fitting

CPYTHON = platform.python_implementation() == "CPython"


def _subscript(cls: type) -> int:
    table = ctypes.c_void_p.from_address(id(cls) + lookups._OFFSET).value
    return ctypes.c_void_p.from_address(table + ctypes.sizeof(ctypes.c_void_p)).value


@pytest.mark.skipif(not CPYTHON, reason="the plain lookup is a CPython measure (elsewhere nothing changes)")
def test_the_kept_tables_look_up_with_dicts_own_subscript():
    assert lookups.WHY_OFF is None and lookups._OFFSET is not None
    for cls in (Built, KeptTable, Fitting):
        assert _subscript(cls) == lookups._DICT_SUBSCRIPT
    # a class with a __getitem__ of its own keeps it (the check of kept actions against fresh ones)
    assert _subscript(_VerifiedBuilt) != lookups._DICT_SUBSCRIPT
    assert lookups.plain_lookups(_VerifiedBuilt, int) == 0


def test_a_kept_table_answers_hits_misses_and_membership_as_a_dict_subclass_does():
    built = Built(lambda g, *args: ("made", g, args), "game")
    first = built[("a", 1)]
    assert first == ("made", "game", ("a", 1)) and built[("a", 1)] is first and len(built) == 1
    assert ("b", 2) not in built and built.get(("b", 2)) is None
    table = KeptTable(lambda key: key * 3)
    assert table[4] == 12 and dict(table) == {4: 12}


def test_a_subclass_without_missing_still_raises_key_error():
    class Plain(dict):
        __slots__ = ()

    assert lookups.plain_lookups(Plain) == (1 if lookups.WHY_OFF is None else 0)
    d = Plain(x=1)
    assert d["x"] == 1
    with pytest.raises(KeyError, match="'y'"):
        d["y"]  # noqa: B018
