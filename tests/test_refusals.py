"""Refusals name the real rule: ``Session.apply`` of a tempting-but-illegal action raises ``IllegalAction`` whose
``clause`` forbids that very action; the scenario format checks refusals, rulings and the order of clauses; its
errors say what went wrong (issue 15, "Refusals name the real rule")."""
import pytest

import tutor
from tutor import ContentError, IllegalAction
from tutor.core.content import content_root
from tutor.scenario import load_scenario, run, start

YOTEI = (content_root() / "restless-spirits" / "scenarios" / "faq-yotei-copy-activated-ability.yaml").read_text()


def _scenario(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(text)
    return load_scenario(p), str(p)


def test_apply_of_a_used_ability_names_its_clause(tmp_path):
    """Player 2's Gonga was used; on Player 2's turn, activating it again is refused by rs.ability.once (not by the
    first blocked clause of any kind, such as rs.play-totem)."""
    sc, where = _scenario(tmp_path, YOTEI.replace("current: 1", "current: 2"))
    s = start(sc, where)
    blocked = {(b.kind, b.clause) for b in s.blocked_actions()}
    assert ("activate-ability", "rs.ability.once") in blocked
    before, n = s.to_json(), len(s.history)
    with pytest.raises(IllegalAction) as e:
        s.apply("activate-ability:space=1")
    assert e.value.clause == "rs.ability.once"
    assert "already been used" in str(e.value)
    assert s.to_json() == before and len(s.history) == n


def test_apply_of_an_unknown_id_has_no_clause(tmp_path):
    sc, where = _scenario(tmp_path, YOTEI)
    s = start(sc, where)
    with pytest.raises(IllegalAction) as e:
        s.apply("fly-away")
    assert e.value.clause is None and e.value.code == "unknown-action"


def test_spirit_duels_refusal_names_the_clause_of_that_spirit():
    s = tutor.new_game("spirit-duels", players=2, seed=1)
    while s.game.blocked_actions(s.state) == [] and s.legal_actions() and s.state.phase != "action":
        s.apply(s.legal_actions()[0])
    for b in s.blocked_actions():
        if not b.params:
            continue
        aid = b.kind + ":" + ",".join(f"{k}={v}" for k, v in b.params)
        with pytest.raises(IllegalAction) as e:
            s.apply(aid)
        assert e.value.clause == b.clause


def test_scenario_runner_cites_the_forbidding_clause_of_the_step(tmp_path):
    text = YOTEI.replace("current: 1", "current: 2").replace("  - {kind: activate-ability, space: 2, target: 2}",
                                                             "  - {kind: activate-ability, space: 1}")
    sc, where = _scenario(tmp_path, text)
    res = run(sc, where)
    assert len(res.failures) == 1
    assert "forbidden: Activate Gonga: its ability has already been used this game [rs.ability.once]" \
        in res.failures[0]


def test_refused_expectation(tmp_path):
    ok = YOTEI.replace("current: 1", "current: 2").replace(
        "script:\n  - {kind: activate-ability, space: 2, target: 2}\nexpect:\n"
        "  - fired: [rs.ruling.single-option, rs.effect.copy, rs.effect.gain-ap]\n"
        "    state: {p1.ap: 3, p2.activation_tokens: 2, p2.board: [gonga, null, null]}",
        "expect:\n  - refused: [{action: {kind: activate-ability, space: 1}, clause: rs.ability.once}]\n"
        "    state: {p2.activation_tokens: 2}")
    assert "refused:" in ok
    sc, where = _scenario(tmp_path, ok)
    assert run(sc, where).failures == []
    sc, where = _scenario(tmp_path, ok.replace("clause: rs.ability.once", "clause: rs.ability.activate"))
    (f,) = run(sc, where).failures
    assert "refused by rs.ability.once" in f
    with pytest.raises(ContentError, match="expect\\[0\\].refused: unknown clause id 'rs.nope'"):
        _scenario(tmp_path, ok.replace("clause: rs.ability.once", "clause: rs.nope"))
    legal = ok.replace("{kind: activate-ability, space: 1}", "{kind: end-turn}")
    sc, where = _scenario(tmp_path, legal)
    (f,) = run(sc, where).failures
    assert "expected refused: end-turn(); but legal" in f


def test_rulings_and_in_order_expectations(tmp_path):
    good = YOTEI.replace("  - fired: [rs.ruling.single-option,",
                         "  - rulings: [rs.ruling.single-option]\n"
                         "    in_order: [rs.ability.activate, rs.ruling.single-option, rs.effect.gain-ap]\n"
                         "    fired: [rs.ruling.single-option,")
    sc, where = _scenario(tmp_path, good)
    assert run(sc, where).failures == []
    wrong_order = good.replace("in_order: [rs.ability.activate, rs.ruling.single-option, rs.effect.gain-ap]",
                               "in_order: [rs.effect.gain-ap, rs.ability.activate]")
    sc, where = _scenario(tmp_path, wrong_order)
    (f,) = run(sc, where).failures
    titles = {c: x.title for c, x in tutor.clauses("restless-spirits").items()}
    assert (f"the rules “{titles['rs.effect.gain-ap']}” (rs.effect.gain-ap) then “{titles['rs.ability.activate']}” "
            "(rs.ability.activate) were expected to apply in that order") in f and "['" not in f, f
    not_ruling = good.replace("rulings: [rs.ruling.single-option]", "rulings: [rs.effect.copy]")
    with pytest.raises(ContentError, match="expect\\[0\\].rulings: 'rs.effect.copy' is a clause of kind 'rule', "
                                           "not a ruling"):
        _scenario(tmp_path, not_ruling)
    uncited = good.replace("rulings: [rs.ruling.single-option]", "rulings: [rs.ruling.endgame-equal-turns]")
    if "rs.ruling.endgame-equal-turns" in tutor.clauses("restless-spirits"):
        sc, where = _scenario(tmp_path, uncited)
        (f,) = run(sc, where).failures
        assert "the ruling “" in f and "(rs.ruling.endgame-equal-turns) was expected to be cited" in f


def test_a_step_naming_a_choice_that_resolved_itself_says_so(tmp_path):
    text = YOTEI.replace("  - {kind: activate-ability, space: 2, target: 2}",
                         "  - {kind: activate-ability, space: 2, target: 2}\n  - {kind: choose-copy, spirit: gonga}")
    sc, where = _scenario(tmp_path, text.replace("expect:\n  - fired", "expect:\n  - after: 1\n    fired"))
    (f,) = run(sc, where).failures
    assert "the step before resolved a choice by itself, as it had a single option (Only one choice is possible: " \
           "Copy Gonga" in f
    assert "[ruling rs.ruling.single-option]" in f and "leave this step out" in f


def test_contradictory_partial_state_is_refused_naming_both(tmp_path):
    text = YOTEI.replace("  state:\n", "  state:\n    spirit_deck: [miki]\n    spirit_discard: [nalpa]\n")
    sc, where = _scenario(tmp_path, text)
    with pytest.raises(ContentError) as e:
        start(sc, where)
    assert "spirit_deck and spirit_discard contradict each other" in str(e.value) and where in str(e.value)
    text = YOTEI.replace("  state:\n", "  state:\n    spirit_deck: [miki]\n    deck_tops: {spirit: [nalpa]}\n")
    sc, where = _scenario(tmp_path, text)
    with pytest.raises(ContentError, match="spirit_deck and deck_tops.spirit contradict each other"):
        start(sc, where)


def test_spirit_duels_deck_size_and_discard_refused_naming_both(tmp_path):
    text = """meta: {id: x, question: q, answer: a, source: {file: spirit-duels.txt, section: Setup}}
setup:
  game: spirit-duels
  state:
    players: [{seat: 1, deck_size: 3, discard: []}]
"""
    sc, where = _scenario(tmp_path, text)
    with pytest.raises(ContentError, match="players\\[0\\].deck_size and players\\[0\\].discard contradict"):
        start(sc, where)


def test_failed_legal_check_says_how_many_it_left_out(tmp_path):
    text = YOTEI.replace("expect:\n", "expect:\n  - after: 0\n    legal: [{kind: fly-away}]\n")
    sc, where = _scenario(tmp_path, text)
    (f,) = run(sc, where).failures
    n = len(start(sc, where).legal_actions())
    assert n > 12 and f"(and {n - 12} more)" in f
