"""Clauses about the tutor itself (``teach: false``, e.g. "a lesson can fix a draw") are not rules of the game: the
mastery map leaves them out and practice never asks about them; the field is validated."""
from __future__ import annotations

import importlib

import pytest
from pydantic import ValidationError

from tutor.core.model import Clause
from tutor.practice.mastery import mastery, sections
from tutor.registry import clauses_for

questions = importlib.import_module("tutor.practice.questions")  # (tutor.practice.questions is also a function)

GAMES = ("restless-spirits", "spirited", "spirit-duels")
TUTOR_ONLY = {"rs.ruling.fixed-chance", "sd.ruling.fixed-chance", "sd.roll.forced", "sp.ruling.fixed-chance",
              # a table prepared for a lesson or question is the tutor's device, not a rule (trial 27)
              "rs.ruling.prepared-table", "sp.ruling.prepared-table", "sd.ruling.prepared-table",
              # the tutor's bound on a game that cannot move on: no game played for real reaches round 50 (attack 42)
              "sd.ruling.round-limit"}


def test_fixed_chance_rulings_are_marked_not_taught():
    untaught = {c.id for g in GAMES for c in clauses_for(g).values() if not c.teach}
    assert untaught == TUTOR_ONLY
    assert {c.kind for g in GAMES for c in clauses_for(g).values() if not c.teach} == {"ruling"}


@pytest.mark.parametrize("game_id", GAMES)
def test_mastery_map_leaves_out_clauses_about_the_tutor(game_id):
    shown = {cid for _, ids in sections(game_id) for cid in ids}
    titles = {clauses_for(game_id)[c].title for c in shown}
    assert not any("A lesson can fix" in t for t in titles)
    assert shown == {c.id for c in clauses_for(game_id).values() if c.taught}  # (no provisional notes: trial 39)
    assert not TUTOR_ONLY & set(mastery(game_id, {}, set()))


def test_practice_never_uses_a_clause_about_the_tutor():
    clauses = clauses_for("restless-spirits")
    assert not clauses["rs.ruling.fixed-chance"].taught and clauses["rs.attract.offering"].taught

    class E:
        def __init__(self, clause):
            self.clause = clause
    chain = questions.chain_of([E("rs.refill.lost-spirits"), E("rs.ruling.fixed-chance")], clauses) \
        if "rs.refill.lost-spirits" in clauses else questions.chain_of([E("rs.ruling.fixed-chance")], clauses)
    assert "rs.ruling.fixed-chance" not in chain
    assert "rs.ruling.fixed-chance" not in questions.neighbours(clauses, ("rs.ruling.spirit-deck-empty",))


def test_teach_false_only_on_a_ruling():
    base = dict(id="x.y", title="T", text="t", source={"file": "restless-spirits.txt", "section": "Setup"})
    with pytest.raises(ValidationError, match="teach: false"):
        Clause(**base, teach=False)
    with pytest.raises(ValidationError):
        Clause(**base, kind="ruling", reason="r", teach="no")
    assert not Clause(**base, kind="ruling", reason="r", teach=False).taught
