"""The zones and counters the what-if audit added (docs/scenarios.md, "What if"): the top of each deck, Spirited's
built Wonders, Spirit Duels' Traits under a Spirit; Restless Spirits' first player and endgame trigger; Spirit Duels'
round, Advantage Die, Item and Limited Action marks. Each applied, refused with a reason, and undone (the original
scenario is never changed: "Original set-up" reopens it)."""
from __future__ import annotations

import pytest
import yaml

from tutor import ContentError, faq
from tutor.core.content import content_root
from tutor.scenario import load_scenario, start

RS = "restless-spirits/scenarios/faq-buy-at-hand-limit.yaml"
SP = "spirited/scenarios/rule-battle-medal-score.yaml"
SD = "spirit-duels/scenarios/rule-trait-attach.yaml"


def sc_of(rel):
    return load_scenario(content_root() / rel)


def applied(rel, *edits):
    """The scenario after ``edits``, checked to load back from its YAML text and to leave the original unchanged;
    returns (new scenario, its prepared session)."""
    sc = sc_of(rel)
    before = sc.model_dump()
    new = sc
    for e in edits:
        new = faq.edit_setup(new, e)
    assert sc.model_dump() == before
    again = load_scenario(text=yaml.safe_dump(new.model_dump(mode="json")))
    return again, start(again)


# -- Restless Spirits --------------------------------------------------------------------------------------------------
def test_rs_top_of_a_deck():
    s = start(sc_of(RS))
    tops = faq.zone_cards(s, faq.Zone("deck_top"))
    assert len(tops) == 4 and s.state.totem_deck[-1] in tops
    new, s2 = applied(RS, faq.MoveCard("t01", faq.Zone("hand", 1), faq.Zone("deck_top")))
    assert s2.state.totem_deck[-1] == "t01" and "t01" not in s2.state.players[0].hand
    assert faq.zone_label(s2, faq.Zone("deck_top")) == "the top of its deck"
    # a card on top is in its deck: it goes elsewhere, never "to the deck"
    assert faq.Zone("deck") not in faq.targets(s2, "t01", faq.Zone("deck_top"))
    with pytest.raises(ContentError, match="on top of its deck: say where it goes"):
        faq.edit_setup(new, faq.MoveCard("t01", faq.Zone("deck_top"), faq.Zone("deck")))
    spirit = faq.zone_cards(s, faq.Zone("deck_top"))[0]
    _, s3 = applied(RS, faq.MoveCard(spirit, faq.Zone("deck_top"), faq.Zone("board", 2)))
    assert s3.state.players[1].board[0].card == spirit and s3.state.spirit_deck[-1] != spirit


def test_rs_first_player_and_endgame_trigger():
    spec = {c.key: c for c in faq.counters(start(sc_of(RS)))}
    assert spec["endgame_by"].value is None and spec["endgame_by"].words(None) == "nobody yet"
    _, s = applied(RS, faq.SetCounter("endgame_by", 2), faq.SetCounter("first_player", 2))
    f = s.game.facts(s.state)
    assert f["endgame_by"] == 2 and s.state.first_player == 1
    with pytest.raises(ContentError, match="the endgame triggered by can be nobody yet, Player 1, Player 2"):
        faq.edit_setup(sc_of(RS), faq.SetCounter("endgame_by", 3))


# -- Spirited ----------------------------------------------------------------------------------------------------------
def test_sp_top_of_the_draw_pile():
    s = start(sc_of(SP))
    assert faq.zone_cards(s, faq.Zone("deck_top")) == ["time"]  # the set-up put a Passing of Time on top
    assert "time" in faq.card_choices(s, faq.Zone("deck_top"))
    assert "time" not in faq.card_choices(s, faq.Zone("hand", 1))
    new, s2 = applied(SP, faq.MoveCard("japanese", faq.Zone("hand", 1), faq.Zone("deck_top")))
    assert faq.zone_cards(s2, faq.Zone("deck_top")) == ["japanese"] and s2.game.facts(s2.state)["p1.hand"] == []
    assert faq.zone_label(s2, faq.Zone("deck_top")) == "the top of the draw pile"
    _, s3 = applied(SP, faq.MoveCard("japanese", faq.Zone("hand", 1), faq.Zone("deck_top")),
                    faq.MoveCard("japanese", faq.Zone("deck_top"), faq.Zone("hand", 2)))
    assert faq.zone_cards(s3, faq.Zone("deck_top")) == ["time"] and s3.game.facts(s3.state)["p2.hand"] == ["japanese"]
    dealt = sc_of("spirited/scenarios/faq-shield-no-rally.yaml")  # its set-up puts nothing on top
    top = faq.zone_cards(start(dealt), faq.Zone("deck_top"))[0]
    with pytest.raises(ContentError, match="the top card of the draw pile is as the set-up dealt it"):
        faq.edit_setup(dealt, faq.MoveCard(top, faq.Zone("deck_top"), faq.Zone("hand", 1)))
    assert faq.targets(s, "time", faq.Zone("deck_top")) == []  # a Passing of Time card stays in the draw pile


def test_sp_built_wonders():
    s = start(sc_of(SP))
    w = s.state.wonder_deck[0]
    assert faq.card_choices(s, faq.Zone("wonders", 1)) == s.state.wonder_deck
    _, s2 = applied(SP, faq.AddCard(faq.Zone("wonders", 1), w))
    assert s2.game.facts(s2.state)["p1.wonders"] == 1 and w not in s2.state.wonder_deck
    assert faq.targets(s2, w, faq.Zone("wonders", 1)) == [faq.Zone("wonders", 2), faq.Zone("wonder_deck")]
    assert w not in faq.zone_cards(s2, faq.Zone("wonder_deck"))
    _, back = applied(SP, faq.MoveCard(w, faq.Zone("wonder_deck"), faq.Zone("wonders", 2)),
                      faq.MoveCard(w, faq.Zone("wonders", 2), faq.Zone("wonder_deck")))  # as the page does it
    assert back.game.facts(back.state)["p2.wonders"] == 0 and w in back.state.wonder_deck
    _, s3 = applied(SP, faq.AddCard(faq.Zone("wonders", 1), w), faq.MoveCard(w, faq.Zone("wonders", 1),
                                                                            faq.Zone("wonders", 2)))
    assert (s3.game.facts(s3.state)["p1.wonders"], s3.game.facts(s3.state)["p2.wonders"]) == (0, 1)
    _, s4 = applied(SP, faq.AddCard(faq.Zone("wonders", 1), w), faq.RemoveCard(faq.Zone("wonders", 1), w))
    assert s4.game.facts(s4.state)["p1.wonders"] == 0 and w in s4.state.wonder_deck
    shown = s.state.wonder_display[0]
    with pytest.raises(ContentError, match="is not in the Wonder deck \\(on the Wonder display\\)"):
        faq.edit_setup(sc_of(SP), faq.AddCard(faq.Zone("wonders", 1), shown))
    with pytest.raises(ContentError, match="Japanese is not a Wonder: only Wonders are built"):
        faq.edit_setup(sc_of(SP), faq.MoveCard("japanese", faq.Zone("hand", 1), faq.Zone("wonders", 1)))
    name = faq.card_names(s)[w]
    said = faq.AddCard(faq.Zone("wonders", 1), w).describe(faq.edit_names(s))
    assert said == f"added {name} to Player 1's built Wonders"


# -- Spirit Duels ------------------------------------------------------------------------------------------------------
def test_sd_traits_under_a_spirit():
    s = start(sc_of(SD))
    assert faq.zone_label(s, faq.Zone("traits1", 1)) == "Player 1's Traits under Tychomp"
    assert faq.card_choices(s, faq.Zone("traits1", 1)) == ["armor-up", "fire-breathing"]  # Traits only
    _, s2 = applied(SD, faq.MoveCard("fire-breathing", faq.Zone("hand", 1), faq.Zone("traits2", 1)))
    f = s2.game.facts(s2.state)
    assert f["p1.s2.traits"] == ["fire-breathing"] and f["p1.hand"] == []
    _, s3 = applied(SD, faq.MoveCard("fire-breathing", faq.Zone("hand", 1), faq.Zone("traits2", 1)),
                    faq.MoveCard("fire-breathing", faq.Zone("traits2", 1), faq.Zone("discard", 1)))
    assert s3.game.facts(s3.state)["p1.s2.traits"] == [] and s3.game.facts(s3.state)["p1.discard"] == ["fire-breathing"]
    with pytest.raises(ContentError, match="is not a Trait: only Traits are attached under a Spirit"):
        faq.edit_setup(sc_of(SD), faq.MoveCard("bolder-toss", faq.Zone("deck", 1), faq.Zone("traits1", 1)))
    said = faq.MoveCard("fire-breathing", faq.Zone("hand", 1), faq.Zone("traits1", 1)).describe(faq.edit_names(s))
    assert said == "moved Fire Breathing from Player 1's hand to Player 1's Traits under Tychomp"


def test_sd_top_of_a_deck():
    s = start(sc_of(SD))
    top = faq.zone_cards(s, faq.Zone("deck_top", 1))
    assert len(top) == 1 and top[0] == s.state.players[0].deck[-1]
    _, s2 = applied(SD, faq.MoveCard("fire-breathing", faq.Zone("hand", 1), faq.Zone("deck_top", 1)))
    assert s2.state.players[0].deck[-1] == "fire-breathing" and s2.state.players[0].hand == []
    assert faq.Zone("deck", 1) not in faq.targets(s2, "fire-breathing", faq.Zone("deck_top", 1))
    with pytest.raises(ContentError, match="move it to another zone"):
        faq.edit_setup(sc_of(SD), faq.MoveCard(top[0], faq.Zone("deck_top", 1), faq.Zone("deck", 1)))


def test_sd_round_advantage_die_and_marks():
    s = start(sc_of(SD))
    spec = {c.key: c for c in faq.counters(s)}
    assert spec["round"].value == 1 and spec["advantage_die"].value is None
    assert ("on Player 1's Tychomp", "p1.s1") in spec["advantage_die"].choices
    _, s2 = applied(SD, faq.SetCounter("round", 3), faq.SetCounter("advantage_die", "p1.s1"))
    f = s2.game.facts(s2.state)
    assert f["round"] == 3 and f["p1.s1.advantage_die"] is True
    _, s3 = applied(SD, faq.SetCounter("advantage_die", "p1.s1"), faq.SetCounter("advantage_die", "p1.s2"))
    f = s3.game.facts(s3.state)
    assert (f["p1.s1.advantage_die"], f["p1.s2.advantage_die"]) == (False, True)  # on one Spirit at most
    with pytest.raises(ContentError, match="the round must be between 1 and 30"):
        faq.edit_setup(sc_of(SD), faq.SetCounter("round", 0))
    item, s4 = applied(SD, faq.MoveCard("earthy-brew", faq.Zone("deck", 1), faq.Zone("items", 1)))
    spec = {c.key: c for c in faq.counters(s4)}
    assert spec["p1.item1.exhausted"].label == "Player 1's Earthy Brew: exhausted"
    _, s5 = applied(SD, faq.MoveCard("earthy-brew", faq.Zone("deck", 1), faq.Zone("items", 1)),
                    faq.SetCounter("p1.item1.exhausted", True))
    assert s5.state.players[0].items[0].exhausted is True
