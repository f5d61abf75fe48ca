"""The core flow of pending work and decisions (tutor/core/flow.py) and the one context type (tutor/core/context.py),
on a tiny made-up game, and the flows of the games built on it."""
from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, Field

import tutor
from tutor.core.context import Context
from tutor.core.flow import Flow, SingleOption, merge
from tutor.core.model import make_action


class Work(BaseModel):
    kind: str
    seat: int = 0
    n: int = 0


class Decision(BaseModel):
    kind: str
    actor: int
    n: int = 0


class State(BaseModel):
    phase: Literal["play", "over"] = "play"
    work: list[Work] = Field(default_factory=list)
    pending: list[Decision] = Field(default_factory=list)
    log: list[str] = Field(default_factory=list)


def _note(c, w):
    c.state.log.append(f"note {w.n}")


def _pick(c, w):
    c.ask(Decision(kind="pick", actor=w.seat, n=w.n))


def _stop(c, w):
    c.state.phase = "over"


def _options(g, s, d):
    return [make_action("take", d.actor, f"Take {i}", "any", ("xx.take",), n=i) for i in range(1, d.n + 1)]


def _take(c, d, a):
    c.state.log.append(f"took {a.param('n')}")
    c.push(Work(kind="note", n=100 + a.param("n")))


class Game:
    cards = None
    flow = Flow(work={"note": _note, "pick": _pick, "stop": _stop}, answers={"pick": _take}, options=_options,
                single=SingleOption("xx.ruling.single-option", "{who} has one choice: {label}."))


def _ctx() -> Context:
    return Context(Game(), State())


def test_work_runs_in_the_order_pushed_until_a_decision():
    c = _ctx()
    c.push(Work(kind="note", n=1), Work(kind="pick", n=2), Work(kind="note", n=3))
    Game.flow.run(c)
    assert c.state.log == ["note 1"]
    assert [d.kind for d in c.state.pending] == ["pick"]
    d, options, n_events = c.asked
    assert d is c.state.pending[-1] and [a.label for a in options] == ["Take 1", "Take 2"] and n_events == 0
    Game.flow.step(c, options[1], main=lambda c, a: pytest.fail("a decision was pending"))
    # the answer's own work runs before the rest of the work that was waiting
    assert c.state.log == ["note 1", "took 2", "note 102", "note 3"]
    assert not c.state.pending and not c.state.work


def test_a_decision_with_one_option_is_made_at_once_citing_the_games_ruling():
    c = _ctx()
    c.push(Work(kind="pick", seat=1, n=1), Work(kind="note", n=7))
    Game.flow.run(c)
    assert c.state.log == ["took 1", "note 101", "note 7"]
    assert [(e.clause, e.text, e.automatic, e.actor) for e in c.events] == [
        ("xx.ruling.single-option", "Player 2 has one choice: Take 1.", True, 1)]
    assert c.asked is None


def test_the_flow_stops_when_the_game_is_over():
    c = _ctx()
    c.push(Work(kind="note", n=1), Work(kind="stop"), Work(kind="note", n=2))
    Game.flow.run(c)
    assert c.state.log == ["note 1"] and len(c.state.work) == 1


def test_a_passes_hook_drops_a_decision_and_a_forced_hook_keeps_one_option_asked():
    flow = Flow(work={"pick": _pick}, answers={"pick": _take}, options=_options, single=Game.flow.single,
                passes=lambda c, d, options: d.n == 0, forced=lambda d: d.actor == 0)
    c = Context(type("G", (), {"flow": flow, "cards": None})(), State())
    flow.ask(c, Decision(kind="pick", actor=0, n=0))
    assert not c.state.pending and not c.events
    flow.ask(c, Decision(kind="pick", actor=1, n=1))  # not forced: asked although it has one option
    assert [d.actor for d in c.state.pending] == [1] and not c.events


def test_a_kind_registered_twice_is_refused():
    with pytest.raises(ValueError, match="registered twice: note"):
        merge({"note": _note}, {"note": _pick})


@pytest.mark.parametrize("game_id, players", [("spirited", 3), ("spirit-duels", 2)])
def test_each_game_keeps_its_work_on_one_stack_run_by_its_flow(game_id, players):
    s = tutor.new_game(game_id, players=players, seed=3)
    work_kinds, answer_kinds = s.game.flow.kinds()
    assert work_kinds and answer_kinds
    assert "work" in type(s.state).model_fields
    assert not {"queue", "tasks"} & set(type(s.state).model_fields)


def test_a_flow_with_typed_work_needs_a_handler_for_each_model():
    from typing import Annotated, Union

    class A(BaseModel):
        kind: Literal["a"] = "a"

    class B(BaseModel):
        kind: Literal["b"] = "b"

    union = Annotated[Union[A, B], Field(discriminator="kind")]
    flow = Flow(work={A: _note, B: _note}, work_types=union, answers={}, options=_options, single=Game.flow.single)
    assert flow.kinds()[0] == {"a", "b"}
    with pytest.raises(ValueError, match=r"without a handler: \['b'\]"):
        Flow(work={A: _note}, work_types=union, answers={}, options=_options, single=Game.flow.single)


class NestedWork(BaseModel):
    kind: str
    n: int = 0
    under: int = 0


def _ask_then_pause(c, w):
    """Asks a decision, then pauses: the rest (``note``) waits under what it asked, above what was pending."""
    at = c.game.flow.mark(c.state)
    c.ask(Decision(kind="pick", actor=0, n=2))
    c.game.flow.push_under(c.state, NestedWork(kind="note", n=w.n), at)


class NestedState(BaseModel):
    phase: Literal["play", "over"] = "play"
    work: list[NestedWork] = Field(default_factory=list)
    pending: list[Decision] = Field(default_factory=list)
    log: list[str] = Field(default_factory=list)


def test_a_nested_flow_runs_work_pushed_under_decisions_before_the_decisions_pending_below_it():
    flow = Flow(work={"note": _note, "pause": _ask_then_pause}, answers={"pick": lambda c, d, a: c.state.log.append(
        f"took {a.param('n')}")}, options=_options, single=Game.flow.single, nested=True)
    c = Context(type("G", (), {"flow": flow, "cards": None})(), NestedState())
    c.state.pending.append(Decision(kind="pick", actor=1, n=2))  # asked before: waits below
    _ask_then_pause(c, NestedWork(kind="pause", n=5))
    assert [(w.kind, w.under) for w in c.state.work] == [("note", 1)] and len(c.state.pending) == 2
    flow.run(c)
    assert c.state.log == []  # the decision asked since the mark comes first
    flow.step(c, _options(None, None, c.state.pending[-1])[0], main=lambda c, a: pytest.fail("a decision was pending"))
    assert c.state.log == ["took 1", "note 5"] and [d.actor for d in c.state.pending] == [1]
    # a decision left pending under what was asked and pushed since a mark, as Paringa's next pick
    at = flow.mark(c.state)
    _ask_then_pause(c, NestedWork(kind="pause", n=6))
    flow.ask_under(c.state, Decision(kind="pick", actor=2, n=2), at)
    assert [d.actor for d in c.state.pending] == [1, 2, 0] and [w.under for w in c.state.work] == [2]
    flow.step(c, _options(None, None, c.state.pending[-1])[0], main=None)
    assert c.state.log[-2:] == ["took 1", "note 6"] and [d.actor for d in c.state.pending] == [1, 2]


@pytest.mark.parametrize("game_id, players", [("restless-spirits", 2), ("spirit-duels", 2)])
def test_each_decision_kind_has_its_options_and_its_answer_registered_once(game_id, players):
    from tutor.core.flow import OptionsByKind
    s = tutor.new_game(game_id, players=players, seed=1)
    table = s.game.flow.options
    assert isinstance(table, OptionsByKind) and table.kinds() == s.game.flow.kinds()[1]
    with pytest.raises(ValueError, match="unknown decision kind 'no-such-choice'"):
        table(s.game, s.state, type("D", (), {"kind": "no-such-choice"})())
    with pytest.raises(ValueError, match="registered twice: x"):
        OptionsByKind({"x": len}, {"x": len})
