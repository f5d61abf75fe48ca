"""Rules truth (issue 15): clauses say what the rulebooks say, our choices are rulings cited where they apply, and
missing rules are there. Each test asserts the rulebook's answer."""
import pytest

import tutor


def _cl(game):
    return tutor.clauses(game)


def test_spirited_is_for_two_to_six_players():
    """Spirited: "a competitive card game for 2-6 players"; set-up says so with clause sp.players."""
    cl = _cl("spirited")["sp.players"]
    assert cl.kind == "rule" and "2 up to 6" in cl.text
    for n in (2, 6):
        s = tutor.new_game("spirited", players=n, seed=1)
        assert s.setup_events[0].clause == "sp.players" and f"{n} players" in s.setup_events[0].text
    for n in (1, 7):
        with pytest.raises(ValueError):
            tutor.new_game("spirited", players=n, seed=1)


def test_claims_beyond_the_rulebook_are_marked():
    """The Spirited summary names no clans; the Restless Spirits glossary has no "take from the Shrine" or
    "discard at random" entry; whether a targeted card needs a target is not printed."""
    sp = _cl("spirited")["sp.setup.clans"]
    assert sp.kind == "provisional" and "12 clans" in sp.reason
    rs = _cl("restless-spirits")
    for cid in ("rs.effect.take-shrine", "rs.effect.discard-random"):
        assert rs[cid].kind == "provisional" and "Glossary" not in rs[cid].source.section
    assert rs["rs.play-card.target"].kind == "ruling"
    assert "swap" in rs["rs.hand-limit"].text
    assert "at least one" not in rs["rs.achievement.perfectly-balanced"].text  # that part is the ruling's
    assert rs["rs.ruling.perfectly-balanced"].kind == "ruling"
    die = _cl("spirit-duels")["sd.die.value"].text
    assert "symbol it shows, whatever type of die" in die and "showing Attack is worth 2" in die


def test_glossary_citations_name_real_entries():
    """Clauses citing the Restless Spirits glossary are about a term the glossary defines."""
    from tutor.core.content import read_text, rulebooks_root
    root = rulebooks_root()
    if not (root / "restless-spirits.txt").is_file():
        pytest.skip("rulebooks not found")
    text = read_text(root / "restless-spirits.txt")
    glossary = text[text.index("Glossary of Terms & Icons\n\n"):text.index("Spirit FAQs\n\nSpirit Ability")]
    terms = [line.split(":")[0].strip().lower() for line in glossary.splitlines()[1:] if ":" in line]
    assert "adjacent" in terms and "hand limit" in terms
    for c in _cl("restless-spirits").values():
        if c.source.section == "Terminology > Glossary of Terms & Icons":
            said = (c.title + " " + c.text).lower()
            assert any(t.split("/")[0].split(" (")[0] in said for t in terms), c.id
