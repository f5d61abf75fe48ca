"""Plain attribute reads for the engine's models (tutor/core/reads.py): a speed measure that changes no behaviour."""
from __future__ import annotations

import ctypes
import platform

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

import tutor
from tutor.core import reads
from tutor.core.model import Action, Event, make_action

CPYTHON = platform.python_implementation() == "CPython"


def _plain(cls: type) -> bool:
    return ctypes.c_void_p.from_address(id(cls) + reads._OFFSET).value == reads._GENERIC


@pytest.mark.skipif(not CPYTHON, reason="the plain lookup is a CPython measure (elsewhere nothing changes)")
def test_slot_found_on_cpython():
    assert reads._OFFSET is not None and reads._GENERIC is not None
    assert _plain(Action) and _plain(Event)


@pytest.mark.skipif(not CPYTHON, reason="the plain lookup is a CPython measure (elsewhere nothing changes)")
@pytest.mark.parametrize("game_id", ["restless-spirits", "spirited", "spirit-duels"])
def test_state_and_card_models_of_a_new_game_read_plainly(game_id):
    s = tutor.new_game(game_id, players=2, seed=3)
    state_cls = type(s.state)
    assert _plain(state_cls) and _plain(type(s.game.cards))
    # every model class reachable through the state's fields, decisions and work items included
    nested = {m for f in state_cls.model_fields.values() for m in reads._models_in(f.annotation)}
    assert len(nested) >= 3 and all(_plain(m) for m in nested)


def test_missing_attribute_behaves_as_before():
    a = make_action("attract", 0, "Attract Abbari", "why", ("rs.attract",), 1, spirit="abbari")
    with pytest.raises(AttributeError, match="'Action' object has no attribute 'nope'"):
        a.nope  # noqa: B018
    assert not hasattr(a, "nope") and getattr(a, "nope", 7) == 7
    assert a.id == "attract:spirit=abbari" and a.param("spirit") == "abbari"
    with pytest.raises(ValidationError):  # still frozen
        a.label = "x"


def test_models_with_private_attributes_or_extra_fields_keep_pydantic_reads():
    class WithPrivate(BaseModel):
        x: int = 1
        _secret: int = PrivateAttr(default=5)

    class WithExtra(BaseModel):
        model_config = ConfigDict(extra="allow")
        x: int = 1

    class Holder(BaseModel):
        p: WithPrivate
        e: WithExtra

    reads.plain_reads(Holder)
    assert WithPrivate in reads._DONE and WithExtra in reads._DONE
    h = Holder(p=WithPrivate(), e=WithExtra(y=2))
    assert h.p._secret == 5 and h.e.y == 2 and h.p.x == 1
    if CPYTHON:
        assert _plain(Holder) and not _plain(WithPrivate) and not _plain(WithExtra)
    assert reads.plain_reads(Holder) == 0  # each class is looked at once


@pytest.mark.skipif(not CPYTHON, reason="the plain lookup is a CPython measure (elsewhere nothing changes)")
def test_checked_at_import_and_on_here():
    # this interpreter passed every check of the import (version, slot found once, the probe model behaved the same)
    assert reads.ACTIVE and reads.WHY_OFF is None


def test_switched_off_falls_back_to_pydantic_reads():
    import subprocess
    import sys
    code = ("import tutor; from tutor.core import reads; from tutor.core.model import Action; "
            "s = tutor.new_game('spirit-duels', players=2, seed=3); a = s.legal_actions()[0]; s.apply(a); "
            "print(reads.ACTIVE, reads.WHY_OFF, reads.plain_reads(Action), a.kind == s.history[0].action.kind)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"RULES_TUTOR_PLAIN_READS": "0", "PATH": ""}).stdout.strip()
    assert out == "False switched off by RULES_TUTOR_PLAIN_READS=0 0 True"
