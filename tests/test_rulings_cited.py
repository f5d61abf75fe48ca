"""Every ruling is shown where it applies: each clause of kind ``ruling`` is cited by what the engine does in at least
one shipped scenario (an event, the action taken, or a legal or blocked action offered on the way), so a learner sees
the ruling chip where the choice was made (issue 15, "Rulings are cited where they apply")."""
import pytest

import tutor
from tutor.scenario import all_scenarios, find, load_scenario, start

GAMES = ("restless-spirits", "spirited", "spirit-duels")
#: Rulings only a card file of one's own reaches (a scenario cannot name one): shown instead by the test file that
#: tests/test_clause_coverage.py's CARD_FILE_ONLY names.
CARD_FILE_ONLY = {"restless-spirits": {"rs.ruling.copy-chain"}, "spirited": set(), "spirit-duels": set()}


def cited_in_scenarios(game: str) -> set[str]:
    """Clause ids cited while the game's shipped scenarios run: set-up events, every step's events and action, and
    the legal and blocked actions before each step and at the end."""
    out: set[str] = set()
    for path in all_scenarios(game):
        sc = load_scenario(path)
        s = start(sc, str(path))
        out |= {e.clause for e in s.setup_events}

        def offered():
            out.update(c for a in s.legal_actions() for c in a.clauses)
            out.update(b.clause for b in s.blocked_actions())
        offered()
        for ref in sc.script:
            try:
                step = s.apply(find(s, ref))
            except tutor.IllegalAction:
                break
            out.update(step.action.clauses)
            out.update(e.clause for e in step.events)
            offered()
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_is_cited_by_a_shipped_scenario(game):
    rulings = {cid for cid, c in tutor.clauses(game).items() if c.kind == "ruling"}
    missing = sorted(rulings - cited_in_scenarios(game) - CARD_FILE_ONLY[game])
    assert missing == [], f"{game}: rulings no shipped scenario shows where they apply: {missing}"
