"""Spirited: what a March's Regroup draws is said as the chance it is (truth 48, from a new user's free play against the
normal computer, 2 players, seed 1: a March's Hint said "a Passing of Time card may come up ...; then the next Camp
used shields a clan stack on your Road", and not the Bronze's sure 2 Spirit). A March cannot place a Shield: only the
second card its Regroup draws from the face-down pile, of the first one's clan, allows one (sp.regroup). The look-ahead
saw the draw, but a Hourglass moved by the March itself (a Passing of Time card drawn by the Regroup) made the whole
chance be said as the next Camp's; and that moved Hourglass made the March's own Spirit be said as a Battle's chance.
A Break's "to its Overrun Limit or one card short of it" now says which (the card revealed is in sight). Positions:
normal bots in both seats of a 2-player game (steps 0-based), each claim checked against what happens next."""
from __future__ import annotations

from test_sp_spirit_source46 import _at, _moves

from tutor.games.spirited.zones import overrun_limit

REGROUP = ("if the Regroup reveals a card of a clan already on {0} Road (its second card drawn from the face-down "
           "pile, of the first one's clan), {1} may shield that stack, which opponents then cannot touch: a chance, "
           "not a sure thing [sp.regroup] [sp.shield.protect]")
BATTLE = ("a Passing of Time card may come up as the Road fills and start a Battle, where {0} medals can score: a "
          "chance, not a sure thing [sp.time.pass] [sp.time.battle-space]")


def test_a_marchs_regroup_shield_is_a_chance_and_its_bronze_is_sure():
    s, b, a = _at(1, 96)
    seat = s.current_player
    assert (seat, a.kind) == (1, "march")
    said, hint = b.reason(s, a), b.explain(s, a)
    assert said == ("it scores 2 Spirit, and the most Spirit wins [sp.goal] [sp.march] [sp.turn.one-action]; but two "
                    "of its Shields (Olmecs, Romans) go to the discard pile with it [sp.shield.abandon]; "
                    + BATTLE.format("its") + "; " + REGROUP.format("its", "it") + "; depending on the cards drawn "
                    "from the face-down pile, it may then add 1 card to its Hand: a chance, not a sure thing "
                    "[sp.setup.deck] [sp.zones.road]."), said
    assert hint == ("March (forge or steal Allegiances with your Camps, then Regroup): it scores 2 Spirit, and the "
                    "most Spirit wins [sp.goal] [sp.march] [sp.turn.one-action]; but two of your Shields (Olmecs, "
                    "Romans) go to the discard pile with it [sp.shield.abandon]; " + BATTLE.format("your") +
                    "; depending on the cards drawn from the face-down pile, you may then add 1 card to your Hand: a "
                    "chance, not a sure thing [sp.setup.deck] [sp.zones.road]."), hint
    assert "next Camp used" not in said + hint
    spirit = s.state.players[seat].spirit
    events = s.apply(a.id).events
    assert s.state.players[seat].spirit == spirit + 2  # the Bronze forged: sure (sp.march.forge)
    clauses = [e.clause for e in events]
    assert clauses.index("sp.march.forge") < clauses.index("sp.regroup") < clauses.index("sp.time.pass")
    # the Shield now offered is the Regroup's second card (the first was Greeks too), not a Camp's doing
    assert events[-1].clause == "sp.regroup" and "reveals a Greeks card" in events[-1].text
    assert [e.text for e in events if e.clause == "sp.regroup"][1].endswith("draws a Greeks card face up onto their "
                                                                              "Road.")
    assert s.current_player == seat and s.find_action(_moves(1)[97]).label == ("Shield your Greeks clan: place this "
                                                                               "card face down on top")


def test_no_safe_move_is_said_of_a_marchs_later_choices():
    s, b, a = _at(23, 19)
    seat = s.current_player
    assert (seat, a.kind) == (0, "march")
    hint = b.explain(s, a)
    assert hint == ("March (forge or steal Allegiances with your Camps, then Regroup): it scores 2 Spirit, and the "
                    "most Spirit wins [sp.goal] [sp.march] [sp.turn.one-action]; " + REGROUP.format("your", "you")
                    + "."), hint  # (was also "then the next Camp used is a safe move: ...")
    said = b.reason(s, a)
    assert said == ("it scores 2 Spirit, and the most Spirit wins [sp.goal] [sp.march] [sp.turn.one-action]; "
                    + BATTLE.format("its") + "; depending on the cards drawn from the face-down pile, it may then "
                    "add 2 cards to its Hand: a chance, not a sure thing [sp.setup.deck] [sp.zones.road]."), said
    spirit = s.state.players[seat].spirit
    events = [e.clause for e in s.apply(a.id).events]
    assert s.state.players[seat].spirit == spirit + 2 and "sp.march.forge" in events
    # the Battle came by the Passing of Time cards the Regroup drew (the chance said), and its medal step follows
    assert events.index("sp.regroup") < events.index("sp.time.pass") < events.index("sp.battle")
    assert s.find_action(_moves(23)[20]).kind == "score-medal"


def test_a_break_says_which_the_card_stacked_face_up_would_reach():
    s, b, _ = _at(1, 1)
    seat = s.current_player
    brk = next(x for x in s.legal_actions() if x.kind == "break-shield")
    assert brk.label == "Break the Sao Shield (discard the Shield and this card)"
    hint = b.explain(s, brk)
    assert hint == ("Break the Sao Shield (discard the Shield and this card): stacking the card face up instead would "
                    "bring your Sao clan one card short of its Overrun Limit [sp.overrun.limit] [sp.shield.break]; "
                    "but it gives up a Shield [sp.shield.break]."), hint
    assert "or one card short" not in hint
    lim = overrun_limit(s.game, s.state, seat, "sao")
    sao = next(st for st in s.state.players[seat].road if st.clan == "sao")
    assert len(sao.cards) + 1 == lim - 1  # the card in sight makes the stack one short, not at the limit


def test_the_camp_used_keeps_its_sure_spirit_when_its_regroup_brings_a_battle():
    s, b, a = _at(3, 93)
    seat = s.current_player
    assert (seat, a.kind) == (0, "march")
    said = b.reason(s, a)
    assert said == ("then its Camps score 3 Spirit in all as they forge or steal Allegiances, each the value of the "
                    "medal it earns [sp.march.forge] [sp.march.steal], and the most Spirit wins [sp.goal] [sp.march] "
                    "[sp.turn.one-action]; but one of its Shields (Persians) goes to the discard pile with it "
                    "[sp.shield.abandon]; " + BATTLE.format("its") + "; depending on the cards drawn from the "
                    "face-down pile, it may then add 1 card to its Hand: a chance, not a sure thing [sp.setup.deck] "
                    "[sp.zones.road]."), said  # (was only the Battle's chance: the Silver's sure 3 Spirit unsaid)
    gained, drew = [], []
    for i in _moves(3)[93:96]:
        assert s.current_player == seat
        before, hand = s.state.players[seat].spirit, len(s.state.players[seat].hand)
        events = [e.clause for e in s.apply(i).events]
        gained.append(s.state.players[seat].spirit - before)
        drew.append((events, len(s.state.players[seat].hand) - hand))
    # the Camp used forges a Silver (3, sure); its Regroup draws the Passing of Time card that brings the Final
    # Battle, whose medal and Allegiances then score 5 and draw 1 card (the chance)
    assert gained == [0, 3, 5]
    assert drew[1][0].index("sp.march.forge") < drew[1][0].index("sp.regroup") < drew[1][0].index("sp.time.pass") \
        < drew[1][0].index("sp.final")
    assert drew[2][1] == 1
