"""Property-based (stateful) tests of the session API over the three games (hypothesis ``RuleBasedStateMachine``).

Rules: apply a random legal action (chosen by index), play a few random steps, undo, redo, reset, save/load (JSON)
round trip, and apply an illegal id (unknown, stale, from another game, or of a wrong type), which must raise
``IllegalAction`` and leave ``to_json()`` unchanged. A shadow model of the undo/redo stacks checks that undo and redo
restore the exact states. Invariants after every rule: legal actions sorted and unique, non-empty until the game is
over, the game's own invariants hold, every cited clause exists.

Sized for CI (60 examples of up to 40 rules per game: about 10 s per game on an idle 2-core machine); more:
``HYPOTHESIS_EXAMPLES=1000 pytest tests/test_stateful_session.py``.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition, rule,
                                 run_state_machine_as_test)

import tutor
from tutor import IllegalAction
from tutor.conformance import random_policy
from tutor.core.rng import Rng
from tutor.registry import game_classes

GAMES = ("restless-spirits", "spirited", "spirit-duels")
EXAMPLES = int(os.environ.get("HYPOTHESIS_EXAMPLES", "60"))


def _foreign_ids(game_id: str) -> list[str]:
    """Action ids seen in the other games (a few steps into a seeded game), not necessarily unknown here."""
    out: list[str] = []
    for other in GAMES:
        if other == game_id:
            continue
        s = tutor.new_game(other, players=2, seed=7)
        rng = Rng.from_seed(7)
        for _ in range(15):
            if s.is_over:
                break
            acts = s.legal_actions()
            out += [a.id for a in acts]
            s.apply(random_policy(acts, rng))
    return sorted(set(out))


_FOREIGN = {g: _foreign_ids(g) for g in GAMES}

WRONG_TYPES = st.sampled_from([None, 0, 7, -1, 3.5, True, b"end-turn", ["end-turn"], {"id": "end-turn"}, ("x",),
                               object()])
ODD_TEXT = st.one_of(st.text(max_size=40), st.sampled_from(["", " ", "end-turn ", "END-TURN", "\x00", "é" * 3,
                                                              "a" * 10_000, "../../etc/passwd", "{}", "null"]))


def make_machine(game_id: str):
    players_choices = sorted(game_classes()[game_id].player_counts)
    if game_id == "restless-spirits":
        players_choices = [1, *players_choices]   # Solo Mode
    options = st.sampled_from([{}]) if game_id != "restless-spirits" else st.sampled_from(
        [{}, {"side": "B"}, {"first_game": True}, {"promos": ["knockgour-light", "knockgour-dark"]}])

    class SessionMachine(RuleBasedStateMachine):
        """One session of ``game_id`` driven by hypothesis."""

        @initialize(players=st.sampled_from(players_choices), seed=st.integers(0, tutor.SEED_MAX), opts=options)
        def start(self, players, seed, opts):
            self.s = tutor.new_game(game_id, players=players, seed=seed, **opts)
            self.clauses = self.s.clauses()
            self.initial = self.s.state.model_dump_json()
            self.undo_model: list[str] = []   # state json before each applied step
            self.redo_model: list[str] = []   # state json after each undone step
            self.seen_ids: set[str] = set()

        # -- helpers ------------------------------------------------------------------------------------------
        def _apply(self, action) -> None:
            before = self.s.state.model_dump_json()
            n = len(self.s.history)
            step = self.s.apply(action)
            assert step.index == n and step.action.id == getattr(action, "id", action)
            assert step.events, f"{action.id} produced no event"
            for e in step.events:
                assert e.clause in self.clauses, f"event cites unknown clause {e.clause}"
            self.undo_model.append(before)
            self.redo_model.clear()

        # -- rules ----------------------------------------------------------------------------------------------
        @rule(i=st.integers(0, 10**6))
        def apply_legal(self, i):
            acts = self.s.legal_actions()
            self.seen_ids.update(a.id for a in acts)
            if not acts:
                assert self.s.is_over
                return
            self._apply(acts[i % len(acts)] if i % 2 else acts[i % len(acts)].id)

        @rule(k=st.integers(1, 40), seed=st.integers(0, 2**32))
        def play_some(self, k, seed):
            rng = Rng.from_seed(seed)
            for _ in range(k):
                if self.s.is_over:
                    break
                acts = self.s.legal_actions()
                self.seen_ids.update(a.id for a in acts)
                self._apply(random_policy(acts, rng))

        @rule()
        def undo(self):
            if not self.undo_model:
                text = self.s.to_json()
                with pytest.raises(IllegalAction) as ei:
                    self.s.undo()
                assert ei.value.code == "nothing-to-undo"
                assert self.s.to_json() == text
                return
            after = self.s.state.model_dump_json()
            self.s.undo()
            assert self.s.state.model_dump_json() == self.undo_model.pop()
            self.redo_model.append(after)

        @rule()
        def redo(self):
            if not self.redo_model:
                text = self.s.to_json()
                with pytest.raises(IllegalAction) as ei:
                    self.s.redo()
                assert ei.value.code == "nothing-to-redo"
                assert self.s.to_json() == text
                return
            before = self.s.state.model_dump_json()
            self.s.redo()
            assert self.s.state.model_dump_json() == self.redo_model.pop()
            self.undo_model.append(before)

        @precondition(lambda self: len(self.undo_model) > 0)
        @rule()
        def reset(self):
            self.s.reset()
            assert self.s.state.model_dump_json() == self.initial
            assert self.s.history == [] and not self.s.can_undo and not self.s.can_redo
            self.undo_model.clear()
            self.redo_model.clear()

        @rule()
        def save_and_load(self):
            text = self.s.to_json()
            again = tutor.load_session(text)
            assert again.to_json() == text
            assert [a.id for a in again.legal_actions()] == [a.id for a in self.s.legal_actions()]
            assert [st_.action.id for st_ in again.history] == [st_.action.id for st_ in self.s.history]
            # continue with the loaded session: undo works the same (the redo stack is not saved)
            self.s = again
            self.redo_model.clear()

        @rule(bad=st.one_of(ODD_TEXT, WRONG_TYPES, st.sampled_from(_FOREIGN[game_id] or ["x"]),
                            st.integers(0, 10**6)))
        def apply_illegal(self, bad):
            if isinstance(bad, int) and not isinstance(bad, bool) and self.seen_ids:
                # an id seen earlier in this session (stale now?) picked by index
                pool = sorted(self.seen_ids)
                bad = pool[bad % len(pool)]
            legal = {a.id for a in self.s.legal_actions()}
            if isinstance(bad, str) and bad in legal:
                return
            text = self.s.to_json()
            with pytest.raises(IllegalAction) as ei:
                self.s.apply(bad)
            assert ei.value.code in ("unknown-action", "game-over", "bad-type", "stale-action")
            assert self.s.to_json() == text

        # -- invariants ---------------------------------------------------------------------------------------
        @invariant()
        def legal_actions_sound(self):
            acts = self.s.legal_actions()
            ids = [a.id for a in acts]
            assert ids == sorted(ids) and len(set(ids)) == len(ids)
            assert bool(acts) != self.s.is_over, "legal actions must be non-empty exactly until the end"
            for a in acts:
                assert a.actor == self.s.current_player
                for c in a.clauses:
                    assert c in self.clauses, f"action {a.id} cites unknown clause {c}"
            for b in self.s.blocked_actions():
                assert b.clause in self.clauses, f"blocked {b.kind} cites unknown clause {b.clause}"

        @invariant()
        def game_invariants_hold(self):
            assert self.s.game.check_invariants(self.s.state) == []

        @invariant()
        def history_matches_model(self):
            assert len(self.s.history) == len(self.undo_model)

    SessionMachine.__name__ = f"SessionMachine_{game_id.replace('-', '_')}"
    return SessionMachine


_SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=40, deadline=None, database=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@pytest.mark.parametrize("game_id", GAMES)
def test_session_api_state_machine(game_id):
    run_state_machine_as_test(make_machine(game_id), settings=_SETTINGS)
