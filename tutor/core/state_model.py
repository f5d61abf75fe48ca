"""The base class of the games' state models: pydantic models whose fields the rules assign in place.

Pydantic's ``BaseModel.__setattr__`` finds a handler for the attribute's name (a dict lookup) and calls it (a second
Python call) for every assignment; a step of play assigns a few fields of the state (AP, the current player, a
counter), so :class:`StateModel` assigns a field itself, in one call: it stores the value in the instance's
``__dict__`` and records the name in ``__pydantic_fields_set__``, exactly what pydantic's handler for a field of a
model without ``validate_assignment`` does. Any other name (a private attribute, a class variable, a name that is
not a field) goes to pydantic's own ``__setattr__``, with its errors.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from .model import _SET_FIELDS, _trusted


class StateModel(BaseModel):
    """A mutable pydantic model of game state (``extra="forbid"``, no ``validate_assignment``: the engine assigns
    values of the right types, as pydantic's own assignment without validation trusts them)."""

    model_config = ConfigDict(extra="forbid")

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__pydantic_fields__:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            BaseModel.__setattr__(self, name, value)


def trusted(cls: type[StateModel], **values: Any) -> StateModel:
    """A state model of ``cls`` holding ``values`` the engine made itself, built without validation (what pydantic's
    ``model_construct`` does, about 2.5 times faster than validating and 5 times faster than ``model_construct``, which
    looks at every field's default): ``values`` must give every field of ``cls``, each of the right type. For the
    small values a step makes often (a die rolled into a pool); a value read from a file, a saved session or a
    learner is always validated."""
    obj = _trusted(cls, values)
    _SET_FIELDS(obj, set(values))  # (a set of its own, not the class's shared one: the rules may assign a field later)
    return obj
