"""Helpers for rule tests: scenario-built sessions and action lookup."""
from __future__ import annotations

import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tutor  # noqa: E402
from tutor.scenario import Scenario, start  # noqa: E402


def rs_session(state: dict, players: int = 2, seed: int = 7, guides=None, **options):
    """A Restless Spirits session in play with the given partial state (first-game set-up, guides fixed)."""
    guides = guides or ["okada-mitsuo", "hana", "riku", "mara"][:players]
    sc = Scenario.model_validate({
        "meta": {"id": "t", "question": "q", "answer": "a", "source": {"file": "f", "section": "s"}},
        "setup": {"game": "restless-spirits", "players": players, "seed": seed,
                  "options": {"first_game": True, "guides": guides, **options}, "state": state}})
    return start(sc)


def act(session, kind, **params):
    """Apply the single legal action of ``kind`` with ``params``; fails the test when none or several match."""
    hits = [a for a in session.legal_actions() if a.kind == kind and all(a.param(k) == v for k, v in params.items())]
    assert len(hits) == 1, f"{kind} {params}: {len(hits)} matches among {[a.id for a in session.legal_actions()]}"
    return session.apply(hits[0])


def clauses_fired(step):
    return [e.clause for e in step.events]

