"""Whose decision it is: a set-up that ends inside an action (``setup.state.decision``, tutor/core/opening.py) in every
game, and the what-if that gives that decision to another player (applied, refused with the rule's reason, undone)."""
from __future__ import annotations

import copy

import pytest
import yaml

from tutor import ContentError, faq
from tutor.core.content import content_root
from tutor.scenario import load_scenario, run, start

RS = "restless-spirits/scenarios/faq-buy-at-hand-limit.yaml"
SP = "spirited/scenarios/rule-battle-medal-score.yaml"
SD = "spirit-duels/scenarios/rule-zap-opponent-spreads.yaml"


def decision_sc(rel: str, seat: int, action: dict, **more):
    """The shipped scenario ``rel`` with its set-up ending inside ``action`` taken by ``seat`` (its first script step
    moved into the set-up), expectations dropped."""
    sc = load_scenario(content_root() / rel)
    state = copy.deepcopy(sc.setup.state)
    state.pop("current", None)
    state.update(more)
    state["decision"] = {"seat": seat, "action": action}
    return sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": state}), "script": sc.script[1:],
                                 "expect": []})


def facts(sc):
    s = start(sc)
    return s.game.facts(s.state)


RS_BUY = (RS, 1, {"kind": "buy-totem", "totem": "t10"})
SP_SCOUT = (SP, 1, {"kind": "scout"})
SD_ZAP = (SD, 2, {"kind": "play-card", "card": "chain-shock"})
#: Both players with 2 AP and 7 Totems in hand (Restless Spirits' hand limit).
BOTH_FULL = {"players": [{"seat": 1, "ap": 2, "hand": ["t01", "t02", "t03", "t04", "t05", "t06", "t07"]},
                         {"seat": 2, "ap": 2, "hand": ["t21", "t22", "t23", "t24", "t25", "t26", "t27"]}]}


@pytest.mark.parametrize("rel, seat, action, pending, decider", [
    (*RS_BUY, "choose-swap-out", 1),
    (*SP_SCOUT, "scout-play", 1),
    (*SD_ZAP, "choose-spirit", 1),  # Zap: the opponent chooses (ruling sd.ruling.zap-opponent-spreads)
])
def test_a_set_up_can_end_on_a_decision_in_every_game(rel, seat, action, pending, decider):
    sc = decision_sc(rel, seat, action)
    s = start(sc)
    f = s.game.facts(s.state)
    assert f["pending"] == pending and s.current_player == decider - 1
    assert s.legal_actions() and all(a.actor == decider - 1 for a in s.legal_actions())
    again = load_scenario(text=yaml.safe_dump(sc.model_dump(mode="json")))  # a real scenario file
    assert again.setup.state["decision"] == {"seat": seat, "action": action}
    assert run(again).ok  # its (shortened) script still runs from the decision
    assert faq.turn_choice(sc, start(sc))[0] == "decision" and faq.turn_choice(load_scenario(content_root() / rel),
                                                                                start(sc))[0] == "turn"


@pytest.mark.parametrize("rel, seat, action, new_seat, pending", [
    # Player 2 holds 7 Totems and 2 AP too: the swap is asked of them (rs.hand-limit.swap)
    (*RS_BUY, 2, "choose-swap-out"),
    # Player 2's hand is empty: nothing to play, so the Scout goes on at once to Rally or Recruit
    (*SP_SCOUT, 2, "scout-take"),
])
def test_whose_decision_applies(rel, seat, action, new_seat, pending):
    more = BOTH_FULL if rel == RS else {}
    sc = decision_sc(rel, seat, action, **more)
    before = sc.model_dump()
    new = faq.edit_setup(sc, faq.SetDecision(new_seat))
    assert facts(new)["current"] == new_seat and facts(new)["pending"] == pending
    assert new.setup.state["decision"]["seat"] == new_seat and "current" not in new.setup.state
    assert sc.model_dump() == before  # "Original set-up" is the scenario itself, untouched
    assert faq.SetDecision(2).describe() == "it is Player 2's decision"


def test_whose_decision_in_spirit_duels_follows_the_rules():
    """Zap: whoever plays Chain Shock, the opponent chooses; Player 1's team has no Chain Shock, so giving them the
    action is refused with the reason; given back to Player 2, Player 1 chooses again."""
    sc = decision_sc(*SD_ZAP)
    with pytest.raises(ContentError, match="Player 1 cannot play card here") as exc:
        faq.edit_setup(sc, faq.SetDecision(1))
    assert exc.value.field.startswith("decision")
    s = start(faq.edit_setup(sc, faq.SetDecision(2)))
    assert s.game.facts(s.state)["pending"] == "choose-spirit" and s.current_player == 0


def test_a_decision_the_rules_do_not_ask_for_is_refused_with_what_happens_instead():
    """The issue's point: with room in the hand, buying is a plain buy, no swap asked [rs.buy]."""
    sc = decision_sc(*RS_BUY)
    with pytest.raises(ContentError) as exc:
        faq.edit_setup(sc, faq.RemoveCard(faq.Zone("hand", 1), "t01"))  # edits change the set-up before the action
    msg = str(exc.value)
    assert "asks for no decision here" in msg and "takes Key (single) [provisional] into their hand. [rs.buy]" in msg
    assert "decision.action" not in msg  # the learner reads the reason, not the field
    with pytest.raises(ContentError, match="asks for no decision here"):
        faq.edit_setup(sc, faq.SetDecision(2))  # Player 2's hand has room


def test_turn_and_decision_edits_are_not_mixed_up():
    sc = decision_sc(*RS_BUY)
    with pytest.raises(ContentError, match="choose whose decision it is instead"):
        faq.edit_setup(sc, faq.SetCurrent(2))
    with pytest.raises(ContentError, match="choose whose turn it is instead"):
        faq.edit_setup(load_scenario(content_root() / RS), faq.SetDecision(2))
    with pytest.raises(ContentError, match="there is no Player 3"):
        faq.edit_setup(sc, faq.SetDecision(3))
    assert isinstance(faq.turn_edit(sc, 2), faq.SetDecision)
    assert isinstance(faq.turn_edit(load_scenario(content_root() / RS), 2), faq.SetCurrent)
    assert faq.supersedes(faq.SetDecision(2), faq.SetDecision(1))


def test_edits_in_a_decision_set_up_change_the_state_before_the_action():
    """Counters are set before the action is taken again (AP 3, less 1 for the buy: 2), never after it."""
    sc = decision_sc(*RS_BUY)
    prepared = faq.prepared_for_edits(sc)
    assert prepared.state.pending == [] and {c.key: c.value for c in faq.counters(prepared)}["p1.ap"] == 2
    new = faq.edit_setup(sc, faq.SetCounter("p1.ap", 3))
    assert facts(new)["p1.ap"] == 2 and facts(new)["pending"] == "choose-swap-out"


@pytest.mark.parametrize("state, words", [
    ({"current": 2, "decision": {"seat": 1, "action": {"kind": "buy-totem", "totem": "t10"}}},
     "current \\(2\\) and decision.seat \\(1\\) contradict each other"),
    ({"decision": {"seat": 3, "action": {"kind": "buy-totem"}}}, "seat must be 1..2"),
    ({"decision": {"seat": 1, "action": {"totem": "t10"}}}, "give the action's kind"),
    ({"decision": {"seat": 1, "action": {"kind": "buy-totem", "totem": "t99"}}}, "Player 1 cannot buy totem here"),
    ({"decision": {"seat": 1}}, "action"),
])
def test_a_bad_decision_in_a_partial_state_is_refused_naming_the_field(state, words):
    sc = load_scenario(content_root() / RS)
    partial = {**{k: v for k, v in sc.setup.state.items() if k != "current"}, **state}
    bad = sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": partial})})
    with pytest.raises(ContentError, match=words) as exc:
        start(bad, "x.yaml")
    assert exc.value.field.startswith("decision") or "decision" in str(exc.value)


def test_a_saved_whose_decision_what_if_loads_back_and_runs(tmp_path):
    """Both hands full, the buy given to Player 2: saved as my question, it loads back with its decision set-up and
    passes; the swap asked of Player 2 is the step the original script could not take (Player 2 holds no Drum)."""
    sc = decision_sc(*RS_BUY, **BOTH_FULL)
    new = faq.edit_setup(sc, faq.SetDecision(2))
    c = faq.compare(sc, new)
    assert c.original.stop is None and c.what_if.stop is not None and c.what_if.stop.step == 1
    assert any(x.startswith("Give up") for x in c.what_if.stop.possible)
    said = c.sentences()
    assert said[0] == ("Where the question starts, after your change: Player 2 spends 1 AP to buy Key (single) "
                       "[provisional] (1 AP left). [rs.buy] Player 2's hand is at the limit of 7 cards, so buying Key (single) "
                       "[provisional] is a swap: a Totem from the hand must go to make room for it. [rs.hand-limit.swap]")  # the action the set-up ends inside, taken again
    assert said[1].startswith("Step 1 (Give up Drum (single) for Key (single)) cannot be played after your change")  # as the original took it
    assert ("After your change the rule “Where a swapped-out Totem goes” [rs.ruling.swap-discard] no longer comes into play "
            "(it did in the rulebook's case).") in said
    assert not any("the rule “Where a swapped-out Totem goes” applies" in x for x in said)  # said once, not twice
    mine = faq.what_if_scenario(sc, new, "swap-for-two", "", "The swap is asked of whoever buys with a full hand.",
                                changes=faq.SetDecision(2).describe())
    p = faq.save_question(mine, "swap-for-two", folder=tmp_path)
    back = load_scenario(p)
    assert back.setup.state["decision"]["seat"] == 2 and back.script == [] and run(back).ok
    assert back.expect[0].state["pending"] == "choose-swap-out" and back.expect[0].state["current"] == 2


@pytest.mark.parametrize("decision", [
    {"seat": 1, "action": {"kind": ["buy-totem"]}},
    {"seat": 1, "action": {"kind": "buy-totem", "totem": {"nested": [1, 2, {"x": None}]}}},
    {"seat": 1, "action": {"kind": "x" * 5000}},
    {"seat": True, "action": {"kind": "buy-totem"}},
    {"seat": 1, "action": {"kind": "end-turn"}},  # legal, but it asks for no decision
    {"seat": 1, "action": "buy-totem"},
])
def test_hostile_decisions_are_refused_cleanly(decision):
    sc = load_scenario(content_root() / RS)
    partial = {**{k: v for k, v in sc.setup.state.items() if k != "current"}, "decision": decision}
    bad = sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": partial})})
    with pytest.raises(ContentError) as exc:
        start(bad, "hostile.yaml")
    assert "hostile.yaml" in str(exc.value) and len(str(exc.value)) < 2000
