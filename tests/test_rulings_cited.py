"""Every ruling is shown where it applies: each clause of kind ``ruling`` is cited by what the engine does in at least
one shipped scenario (an event, the action taken, or a legal or blocked action offered on the way), so a learner sees
the ruling chip where the choice was made (issue 15, "Rulings are cited where they apply")."""
import pytest

import tutor
from tutor.scenario import all_scenarios, find, load_scenario, start

GAMES = ("restless-spirits", "spirited", "spirit-duels")
_LATER = ("the engine cites it where it applies; a shipped scenario showing it comes with the rest of issue 15 "
          "('No dead clauses')")
#: Rulings no shipped scenario shows yet, each with why (keep it short: each is cited by the engine, checked below).
NOT_SHOWN: dict[str, str] = {
    **{cid: _LATER for cid in (
        "rs.ruling.disable-unmarked", "rs.ruling.reward-deck-empty", "rs.ruling.solo-sacred-left",
        "rs.ruling.solo-shrouded", "rs.ruling.spirit-deck-empty", "rs.ruling.swap-over-limit",
        "rs.ruling.totem-deck-empty", "rs.ruling.unplayable-card", "rs.tutor.ability-pending",
        "sp.ruling.deck-empty", "sp.ruling.reshuffle", "sp.ruling.wonders-out")},
}


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
    missing = sorted(rulings - cited_in_scenarios(game) - set(NOT_SHOWN))
    assert missing == [], f"{game}: rulings no shipped scenario shows where they apply: {missing}"


def test_rulings_not_shown_yet_are_cited_by_the_engine():
    """Each ruling listed in NOT_SHOWN is a real ruling that the engine's code cites (as a string literal)."""
    from pathlib import Path
    src = "".join(p.read_text() for p in (Path(tutor.__file__).parent / "games").rglob("*.py"))
    every = {cid: c for g in GAMES for cid, c in tutor.clauses(g).items()}
    for cid in NOT_SHOWN:
        assert every[cid].kind == "ruling", cid
        assert f'"{cid}"' in src, f"{cid}: no engine code cites it"
