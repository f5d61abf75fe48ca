"""tutor.core.items: work items and decisions as plain slotted dataclasses, validated by the state model at the edges."""
from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal, Union

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tutor.core.flow import by_kind, kind_of, upgrade_item
from tutor.core.items import QUICK_INIT_MIN_DEFAULTS, flow_item, item_fields
from tutor.core.reads import _DONE, plain_reads


class Ref(BaseModel):
    spirit: int


@flow_item
class _Item:
    seat: int


@flow_item
class Draw(_Item):
    kind: Literal["draw"] = "draw"
    cards: list[str] = field(default_factory=list)


@flow_item
class Mark(_Item):
    kind: Literal["mark"] = "mark"
    refs: list[Ref] = field(default_factory=list)


Item = Annotated[Union[Draw, Mark], Field(discriminator="kind")]


class State(BaseModel):
    model_config = ConfigDict(extra="forbid")
    work: list[Item] = Field(default_factory=list)


def test_built_without_validation_with_keywords_only_and_slots():
    d = Draw(seat=1, cards=["a"])
    assert (d.seat, d.kind, d.cards) == (1, "draw", ["a"])
    assert not hasattr(d, "__dict__")
    with pytest.raises(TypeError):
        Draw(1)  # keywords only
    assert Draw(seat=0).cards is not Draw(seat=0).cards  # a fresh list each


@flow_item
class Pick(_Item):
    kind: Literal["pick"] = "pick"
    count: int = 1
    cards: list[str] = field(default_factory=list)
    note: str | None = None


def test_items_with_several_defaults_get_the_quick_init_with_the_same_behaviour():
    assert QUICK_INIT_MIN_DEFAULTS == 3
    assert Pick.__init__.__doc__.startswith("A Pick from its fields")  # (Draw, two defaults, keeps the dataclass's)
    assert Draw.__init__.__doc__ is None
    p = Pick(seat=2, count=3, note="n")
    assert (p.seat, p.kind, p.count, p.cards, p.note) == (2, "pick", 3, [], "n")
    assert Pick(seat=0).cards is not Pick(seat=0).cards  # a fresh list each
    assert Pick(seat=0, cards=["a"]) == Pick(seat=0, count=1, cards=["a"], note=None)
    with pytest.raises(TypeError):
        Pick(1)  # keywords only
    with pytest.raises(TypeError):
        Pick(count=2)  # seat has no default
    with pytest.raises(TypeError):
        Pick(seat=0, colour="red")


def test_state_dumps_and_validates_them_as_before():
    s = State(work=[Draw(seat=0, cards=["x"]), Mark(seat=1, refs=[Ref(spirit=2)])])
    text = s.model_dump_json()
    assert text == ('{"work":[{"seat":0,"kind":"draw","cards":["x"]},'
                    '{"seat":1,"kind":"mark","refs":[{"spirit":2}]}]}')
    again = State.model_validate_json(text)
    assert again == s and type(again.work[1]) is Mark and type(again.work[1].refs[0]) is Ref


@pytest.mark.parametrize("bad,where", [
    ({"kind": "draw", "seat": 0, "colour": "red"}, "work.0.draw.colour"),
    ({"kind": "draw", "seat": "x"}, "work.0.draw.seat"),
    ({"kind": "fly", "seat": 0}, "work.0"),
])
def test_state_refuses_bad_items_from_data(bad, where):
    with pytest.raises(ValidationError) as e:
        State.model_validate({"work": [bad]})
    assert where in str(e.value)


def test_flow_helpers_read_dataclass_items():
    assert kind_of(Draw) == "draw" and by_kind(Item) == {"draw": Draw, "mark": Mark}
    assert list(item_fields(Draw)) == ["seat", "kind", "cards"]
    old = {"kind": "draw", "seat": 0, "cards": [], "count": 0}
    assert upgrade_item(old, by_kind(Item), {"count": 0}) == {"kind": "draw", "seat": 0, "cards": []}


def test_plain_reads_walks_through_dataclass_fields():
    class Holder(BaseModel):
        work: list[Item] = Field(default_factory=list)

    plain_reads(Holder)
    assert Mark in _DONE and Ref in _DONE
    assert Ref(spirit=3).spirit == 3
