"""No dead clauses (issue #15): every clause of every game is shown by a shipped scenario, or is a word definition.

"Shown" means cited by what the engine does while the shipped scenarios under ``content/<game>/scenarios/`` run: the
set-up events, every event of every script step, and the clauses of the legal and blocked actions listed at each
point of the script (before the first step and after each one). A clause of kind ``glossary`` defines a word and is
never cited. Every other clause must be shown, except the ones in :data:`NOT_YET_SHOWN` below.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

import tutor
from tutor.scenario import all_scenarios, find, load_scenario, start

GAMES = ("restless-spirits", "spirited", "spirit-duels")

#: Clauses no shipped scenario shows yet. This list only shrinks: a clause leaves it when a scenario shows it (the
#: test below fails on an entry that is shown, so a stale entry cannot stay). Grouped by why it is still here.
#: Figures when this list was last cut: every clause but the glossary ones is shown (Restless Spirits 153 of 155,
#: Spirited 81 of 86, Spirit Duels 114 of 115); glossary clauses (2, 5 and 1) need no scenario.
NOT_YET_SHOWN: dict[str, set[str]] = {
    "restless-spirits": set(),
    "spirited": set(),
    "spirit-duels": set(),
}

#: Rulings only a card file of one's own can reach (shipped scenarios cannot name a card file), each shown instead by
#: the test file named, which plays games with such a file and asserts the ruling's event.
CARD_FILE_ONLY: dict[str, dict[str, str]] = {
    # the shipped copiers look in three different places, so a chain of copies never comes back to one of them
    "restless-spirits": {"rs.ruling.copy-chain": "test_rs_copy_chain.py"},
    "spirited": {},
    "spirit-duels": {},
}


@lru_cache(maxsize=None)
def shown_clauses(game: str) -> frozenset[str]:
    """Every clause id cited by what the shipped scenarios of ``game`` show (see the module docstring)."""
    got: set[str] = set()
    for path in all_scenarios(game):
        sc = load_scenario(path)
        s = start(sc, str(path))
        got |= {e.clause for e in s.setup_events}

        def point() -> None:
            for a in s.legal_actions():
                got.update(a.clauses)
            got.update(b.clause for b in s.blocked_actions())

        point()
        for ref in sc.script:
            step = s.apply(find(s, ref))
            got.update(e.clause for e in step.events)
            point()
    return frozenset(got)


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_is_shown_or_a_definition(game):
    clauses = tutor.clauses(game)
    shown = shown_clauses(game)
    dead = sorted(c for c, cl in clauses.items() if cl.kind != "glossary" and c not in shown
                  and c not in NOT_YET_SHOWN[game] and c not in CARD_FILE_ONLY[game])
    assert dead == [], f"{game}: clauses no shipped scenario shows (write a scenario, or mark a word definition " \
                       f"kind: glossary): {dead}"


@pytest.mark.parametrize("game", GAMES)
def test_the_allow_list_only_shrinks(game):
    """Every entry of :data:`NOT_YET_SHOWN` is a real clause that is still not shown (remove it once it is)."""
    clauses = tutor.clauses(game)
    shown = shown_clauses(game)
    assert sorted(NOT_YET_SHOWN[game] - set(clauses)) == []
    assert sorted(c for c in NOT_YET_SHOWN[game] if c in shown) == [], "now shown: remove from NOT_YET_SHOWN"
    assert sorted(c for c in NOT_YET_SHOWN[game] if clauses[c].kind == "glossary") == []


@pytest.mark.parametrize("game", GAMES)
def test_card_file_only_rulings_are_shown_by_their_test(game):
    """Each :data:`CARD_FILE_ONLY` entry is a ruling no shipped scenario shows, and its test file asserts it."""
    from pathlib import Path
    clauses, shown = tutor.clauses(game), shown_clauses(game)
    for clause, test in CARD_FILE_ONLY[game].items():
        assert clauses[clause].kind == "ruling" and clause not in shown, clause
        assert clause in (Path(__file__).parent / test).read_text(encoding="utf-8"), (clause, test)


@pytest.mark.parametrize("game", GAMES)
def test_glossary_clauses_are_never_cited(game):
    """A word definition is not something that happens: an event or action citing it should cite a rule instead."""
    clauses = tutor.clauses(game)
    cited = sorted(c for c in shown_clauses(game) if c in clauses and clauses[c].kind == "glossary")
    assert cited == []


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_clause_exists(game):
    assert sorted(shown_clauses(game) - set(tutor.clauses(game))) == []


def test_glossary_needs_no_reason_and_is_a_word():
    cl = tutor.clauses("restless-spirits")["rs.light-dark"]
    assert cl.kind == "glossary" and cl.reason is None
    assert tutor.clauses("spirited")["sp.zones.camps"].kind == "glossary"
