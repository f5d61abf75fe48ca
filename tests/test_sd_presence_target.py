"""A Spirit with Presence may be chosen by an effect that deals damage or places status tokens, and the offer says
that it takes none (Damage, Defeated Spirits and Presence: "can still be targeted and chosen", "can not receive
damage or status tokens"; new user 42 read the bare offer "Magmaros: put 1 burn token on ... Leonyx (Presence)" as
a rules mistake)."""
from __future__ import annotations

import pytest

import tutor.registry as registry
from tutor.games.spirit_duels import SpiritDuels
from tutor.scenario import Scenario, start

IMMUNE = ("sd.choose.spirit", "sd.presence", "sd.presence.immune")


@pytest.fixture(autouse=True)
def sd(monkeypatch):
    orig = registry.game_classes
    monkeypatch.setattr(registry, "game_classes", lambda: {**orig(), SpiritDuels.game_id: SpiritDuels})


def _session(state):
    sc = Scenario.model_validate({"meta": {"id": "t", "question": "q", "answer": "a",
                                           "source": {"file": "f", "section": "s"}},
                                  "setup": {"game": "spirit-duels", "seed": 1, "state": state}})
    return start(sc)


def _do(s, kind, **params):
    hits = [a for a in s.legal_actions() if a.kind == kind and all(a.param(k) == v for k, v in params.items())]
    assert len(hits) == 1, [a.id for a in s.legal_actions()]
    return s.apply(hits[0])


def _targets(s):
    return {(a.param("player"), a.param("spirit")): a for a in s.legal_actions() if a.kind == "choose-spirit"}


def test_magmaros_burn_offers_the_presence_and_says_it_takes_no_token():
    s = _session({"players": [{"seat": 1, "spirits": [{"stage": 3}]},
                              {"seat": 2, "spirits": [{"stage": 3, "defeated": True}]}],
                  "chance": [{"roll": "blank"}] * 3})
    _do(s, "activate", spirit=1)
    t = _targets(s)
    assert sorted(t) == [(2, 1), (2, 2), (2, 3)]
    leonyx = t[(2, 1)]
    assert leonyx.label == ("Magmaros: put 1 burn token on Player 2's Leonyx (Presence) (no tokens); it can be chosen "
                            "but takes no burn token")
    assert leonyx.why == ("Magmaros needs an enemy Spirit, and a Spirit with Presence can still be chosen; but it "
                          "cannot receive damage or status tokens, so no burn token is placed on it.")
    assert leonyx.clauses == IMMUNE
    pruni = t[(2, 2)]
    assert pruni.label == "Magmaros: put 1 burn token on Player 2's Pruni (no tokens)"
    assert pruni.clauses == ("sd.choose.spirit",)
    step = s.apply(leonyx)
    assert [e.clause for e in step.events if e.clause.startswith("sd.presence")] == ["sd.presence.immune"]
    assert s.state.players[1].spirits[0].burn == 0


def test_attack_die_on_a_presence_says_it_takes_no_damage():
    s = _session({"players": [{"seat": 1, "spirits": [{"pool": ["attack-1/attack"]}]},
                              {"seat": 2, "spirits": [{"stage": 2, "defeated": True}]}]})
    _do(s, "resolve-dice", symbol="attack")
    a = _targets(s)[(2, 1)]
    assert a.label == ("Tychomp's Attack: deal 2 damage to Player 2's Ocevolt (Presence) (no tokens); it can be chosen "
                       "but takes no damage")
    assert a.clauses == IMMUNE


def test_armor_on_an_ally_presence_says_it_takes_no_token():
    s = _session({"players": [{"seat": 1, "spirits": [{"stage": 2, "defeated": True}, {"pool": ["magic-1/magic"]}]},
                              {"seat": 2, "spirits": [{"stage": 2, "defeated": True}]}]})
    _do(s, "resolve-dice", symbol="magic")
    a = _targets(s)[(1, 1)]
    assert a.label.endswith("Player 1's Tynagma (Presence) (no tokens); it can be chosen but takes no armor token")
    assert a.clauses == IMMUNE
    assert _targets(s)[(1, 2)].label == "Armor 1: put 1 armor token on Player 1's Pawnite (no tokens)"
