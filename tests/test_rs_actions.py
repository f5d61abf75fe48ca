"""Restless Spirits actions, costs and automatic rules, asserting real values (rulebook: On Your Turn)."""
import pytest

from rs_helpers import act, clauses_fired, rs_session
import tutor


def test_attract_offering_space_and_refill():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["t01", "t02"]}],
                    "lost_spirits": ["gonga", "miki", "muko"], "deck_tops": {"spirit": ["seone"]}})
    a = [x for x in s.legal_actions() if x.kind == "attract" and x.param("spirit") == "gonga"][0]
    assert a.cost == 1 and "rs.attract.offering" in a.clauses
    s.apply(a)
    assert s.state.pending[-1].kind == "choose-offering"
    act(s, "choose-offering", totem="t02")
    assert s.state.shrine[-1] == "t02"
    step = act(s, "choose-space", space=2)
    assert s.state.players[0].board[1].card == "gonga"
    assert s.state.lost_spirits == ["seone", "miki", "muko"]
    assert "rs.attract.refill" in clauses_fired(step)
    assert s.state.players[0].ap == 1 and s.state.players[0].hand == ["t01"]


def test_single_totem_offering_is_forced_and_said():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["t01"], "board": [None, {"card": "miki"},
                                                                                              {"card": "muko"}]}],
                    "lost_spirits": ["gonga", "seone", "abbari"]})
    step = act(s, "attract", spirit="gonga")
    assert clauses_fired(step).count("rs.ruling.single-option") == 2  # only one Totem, only one space
    assert s.state.players[0].board[0].card == "gonga"


def test_mastery_attract_is_free_even_at_zero_ap():
    # Player 2 plays Hana (Sacred Mastery); Gonga is Sacred
    s = rs_session({"current": 2, "players": [{"seat": 2, "ap": 0, "hand": ["t01"]}],
                    "lost_spirits": ["gonga", "miki", "muko"]})
    acts = [a for a in s.legal_actions() if a.kind == "attract"]
    assert [(a.param("spirit"), a.cost) for a in acts] == [("gonga", 0)]
    assert "rs.mastery" in acts[0].clauses
    assert not any(a.kind == "refresh-and-attract" for a in s.legal_actions())


def test_no_totem_means_no_attract():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["b01"]}]})
    assert not any(a.kind == "attract" for a in s.legal_actions())
    assert any(b.kind == "attract" and b.clause == "rs.attract.offering" for b in s.blocked_actions())


def test_refresh_and_attract_can_decline():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["t01", "t02"]}],
                    "lost_spirits": ["gonga", "miki", "muko"], "spirit_discard": [],
                    "deck_tops": {"spirit": ["seone", "abbari", "onota"]}})
    act(s, "refresh-and-attract")
    act(s, "choose-offering", totem="t01")
    assert sorted(x for x in s.state.lost_spirits) == ["abbari", "onota", "seone"]
    assert s.state.spirit_discard == ["gonga", "miki", "muko"]
    step = act(s, "decline")
    assert clauses_fired(step) == ["rs.refresh-attract.decline"]
    assert s.state.players[0].board == [None, None, None] and s.state.players[0].ap == 1


def test_buy_refills_from_totem_deck():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": []}],
                    "markets": [["t10", "t31", "t32"], ["t33", "t34", "t35"]], "deck_tops": {"totem": ["t40"]}})
    act(s, "buy-totem", totem="t31")
    assert s.state.players[0].hand == ["t31"]
    assert s.state.markets[0] == ["t10", "t40", "t32"]


def test_refresh_market_row_and_buy():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": []}], "totem_discard": [],
                    "markets": [["t10", "t31", "t32"], ["t33", "t34", "t35"]],
                    "deck_tops": {"totem": ["t41", "t42", "t43", "t44"]}})
    act(s, "refresh-market-and-buy", row=2)
    assert s.state.totem_discard == ["t33", "t34", "t35"]
    assert s.state.markets[1] == ["t41", "t42", "t43"]
    act(s, "choose-market-totem", totem="t42")
    assert s.state.players[0].hand == ["t42"] and s.state.markets[1] == ["t41", "t44", "t43"]


def test_retrieve_from_shrine_keeps_one_discards_two():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": []}], "totem_discard": [],
                    "shrine": ["t01", "t02", "t03", "t04"]})
    act(s, "retrieve-from-shrine")
    assert s.state.pending[-1].options == ["t04", "t03", "t02"]
    act(s, "choose-shrine-totem", totem="t03")
    assert s.state.players[0].hand == ["t03"]
    assert s.state.shrine == ["t01"] and sorted(s.state.totem_discard) == ["t02", "t04"]


def test_retrieve_with_a_full_hand_shows_the_shrine_before_the_swap():
    """Trial 23: the Totem to give up was asked before the Shrine's Totems were shown. The rulebook's order: see the
    top 3, choose 1; only then the swap (ruling rs.ruling.retrieve-at-limit) makes room for it."""
    hand = ["t01", "t02", "t03", "t04", "t05", "t06", "t07"]
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": hand}], "totem_discard": [],
                    "shrine": ["t20", "t21", "t22", "t23"]})
    step = act(s, "retrieve-from-shrine")
    assert [d.kind for d in s.state.pending] == ["choose-shrine-totem"]
    assert s.state.pending[-1].options == ["t23", "t22", "t21"]
    assert "rs.ruling.retrieve-at-limit" not in clauses_fired(step)
    step = act(s, "choose-shrine-totem", totem="t22")
    assert [(d.kind, d.cards) for d in s.state.pending] == [("choose-swap-out", ["t22"])]
    assert clauses_fired(step) == ["rs.ruling.retrieve-at-limit"]
    assert s.state.players[0].hand == hand and s.state.shrine == ["t20", "t21", "t22", "t23"]
    gives = [a for a in s.legal_actions() if a.kind == "choose-swap-out"]
    assert [a.param("totem") for a in gives] == hand  # the chosen Totem is not in the hand yet
    assert gives[0].clauses == ("rs.ruling.retrieve-at-limit", "rs.hand-limit.swap", "rs.ruling.swap-discard")
    step = act(s, "choose-swap-out", totem="t05")
    assert clauses_fired(step) == ["rs.ruling.swap-discard", "rs.ruling.retrieve-at-limit", "rs.retrieve"]
    assert s.state.players[0].hand == ["t01", "t02", "t03", "t04", "t06", "t07", "t22"]
    assert s.state.shrine == ["t20"] and s.state.totem_discard == ["t05", "t23", "t21"]
    assert s.state.players[0].ap == 1 and not s.state.pending


def test_single_totem_must_match_a_requirement():
    # Gonga needs lantern, bell, mirror; t01 is a Spirit Cloak
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["t01", "t03"],
                                               "board": [{"card": "gonga"}, None, None]}]})
    plays = [a.param("totem") for a in s.legal_actions() if a.kind == "play-totem"]
    assert plays == ["t03"]
    assert any(b.kind == "play-totem" and "Spirit Cloak" in b.label for b in s.blocked_actions())


def test_wild_totem_asks_which_requirement():
    # t61 is the Guardian Wild; Gonga is Sacred, so it meets one requirement of the player's choice
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["t61"],
                                               "board": [{"card": "gonga", "totems": ["t03"]}, None, None]}]})
    act(s, "play-totem", totem="t61", space=1)
    opts = sorted((a.param("slot1"), a.param("slot2")) for a in s.legal_actions())
    assert opts == [(2, None), (3, None)]
    step = act(s, "choose-requirement", slot1=3)
    assert "rs.totem.wild" in clauses_fired(step)
    assert s.state.players[0].board[0].slots == ["t03", None, "t61"]


def test_double_wild_on_matching_type_releases_with_two_unmet():
    # t62 is the Sacred Wild: on Gonga (Sacred) it meets the last two requirements at once
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "hand": ["t62"],
                                               "board": [{"card": "gonga", "totems": ["t03"]}, None, None]}]})
    a = [x for x in s.legal_actions() if x.kind == "play-totem"][0]
    assert "rs.totem.double-wild" in a.clauses
    step = s.apply(a)
    assert "rs.totem.double-wild" in clauses_fired(step) and "rs.release" in clauses_fired(step)
    assert s.state.players[0].released == ["gonga"]


def test_release_returns_activation_token_and_draws_curse_for_dark():
    # Muko (Shrouded, Dark) needs its requirements; its ability was used
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "hand": [], "board": [None, None, None]}]})
    req = s.game.cards.by_id["muko"].requirements
    by_icon = {t.icons[0]: t.id for t in s.game.cards.totems if t.kind == "single"}
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "hand": [by_icon[req[2]]],
                                               "board": [{"card": "muko", "used": True,
                                                          "totems": [by_icon[req[0]], by_icon[req[1]]]}, None, None]}],
                    "deck_tops": {"curse": ["c03"]}})
    assert s.state.players[0].activation_tokens == 2
    step = act(s, "play-totem", space=1)
    fired = clauses_fired(step)
    assert fired.index("rs.release") < fired.index("rs.release.totems") < fired.index("rs.release.token") \
        < fired.index("rs.release.reward")
    assert s.state.players[0].activation_tokens == 3 and s.state.players[0].hand == ["c03"]


def test_reward_not_drawn_at_hand_limit():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "hand": ["t06", "t01", "t02", "t05", "t07",
                                                                             "t08", "t09"],
                                               "board": [{"card": "gonga", "totems": ["t03", "t04"]}, None, None]}]})
    act(s, "play-totem", totem="t06")
    # the hand went 7 -> 6 by playing, so the Blessing is drawn (hand 7)
    assert len(s.state.players[0].hand) == 7


def test_discard_three_blessings_curses_for_ap():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 0, "hand": ["b01", "b02", "c01", "t01"]}]})
    a = [x for x in s.legal_actions() if x.kind == "discard-three-for-ap"]
    assert len(a) == 1 and a[0].cost == 0
    s.apply(a[0])
    p = s.state.players[0]
    assert p.ap == 1 and p.hand == ["t01"]
    assert s.state.blessing_deck[:2] == ["b02", "b01"] and s.state.curse_deck[0] == "c01"


def test_blessing_cost_and_bottom_of_deck():
    # b04 Second Wind: costs 1 AP, gains 2 AP (provisional text)
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "hand": ["b04"]}]})
    step = act(s, "play-blessing", card="b04")
    assert s.state.players[0].ap == 2
    assert s.state.blessing_deck[0] == "b04"
    assert "rs.provisional.cards" in clauses_fired(step)


def test_blessing_blocked_without_enough_ap():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "hand": ["b06"]}]})  # costs 2
    assert not any(a.kind == "play-blessing" for a in s.legal_actions())
    assert [b.clause for b in s.blocked_actions() if b.kind == "play-blessing"] == ["rs.play-card"]


def test_curse_targets_an_opponent():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "hand": ["c01"]},
                                              {"seat": 2, "hand": ["t05"]}]})
    act(s, "play-curse", card="c01", target=2)  # Pickpocket: steal a random Totem
    assert s.state.players[0].hand == ["t05"] and s.state.players[1].hand == []


def test_activated_ability_once_and_blocked_after():
    # Gonga with a Sacred Spirit (Seone) on each side gains 2 AP
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "board": [{"card": "seone"}, {"card": "gonga"},
                                                                              {"card": "uji"}]}]})
    act(s, "activate-ability", space=2)
    p = s.state.players[0]
    assert p.ap == 3 and p.activation_tokens == 2 and p.board[1].used
    assert not any(a.kind == "activate-ability" and a.param("space") == 2 for a in s.legal_actions())
    assert any(b.clause == "rs.ability.once" for b in s.blocked_actions())


def test_a_card_file_with_an_ability_the_tutor_cannot_play_is_refused(tmp_path):
    # the tutor plays every ability it shows: a user card file whose Spirit ability has no effects is refused, naming
    # the file, the field and the Spirit (it would otherwise show the text and play it as no ability at all)
    from tutor.core.content import content_root
    text = (content_root() / "restless-spirits" / "cards.yaml").read_text()
    mine = tmp_path / "cards.yaml"
    mine.write_text(text.replace("    effects:\n    - effect: retrieve-wild\n", ""))
    with pytest.raises(tutor.ContentError) as e:
        tutor.new_game("restless-spirits", players=2, seed=1, cards=str(mine))
    assert str(e.value).startswith(f"{mine}: spirits[") and "ability.effects" in str(e.value)
    assert "knockgour-light: its ability has no effects" in str(e.value)


def test_turn_passes_automatically_at_zero_ap_with_nothing_free():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 1, "hand": []}, {"seat": 2, "ap": 0}],
                    "lost_spirits": ["gonga", "miki", "muko"],
                    "markets": [["t10", "t31", "t32"], ["t33", "t34", "t35"]]})
    step = act(s, "buy-totem", totem="t10")
    assert clauses_fired(step)[-2:] == ["rs.ruling.auto-pass", "rs.turn.ap"]
    assert s.current_player == 1 and s.state.players[1].ap == 2


def test_min_one_ap_floor():
    from tutor.games.restless_spirits.resolve import start_turn
    from tutor.games.restless_spirits.state import ApModifier
    from tutor.games.restless_spirits.zones import Ctx
    s = rs_session({"current": 1})
    st = s.state.model_copy(deep=True)
    st.players[1].next_turn_ap = [ApModifier(source="nalpa", by=0, delta=-1), ApModifier(source="baikeng", by=0, delta=-2)]
    c = Ctx(s.game, st)
    start_turn(c, 1)
    assert st.players[1].ap == 1 and "rs.turn.min-ap" in [e.clause for e in c.events]


def test_spirit_deck_reshuffles_discard_when_empty():
    s = rs_session({"current": 1, "players": [{"seat": 1, "ap": 2, "hand": ["t01", "t02"]}],
                    "lost_spirits": ["gonga", "miki", "muko"]})
    st = s.state
    st.spirit_discard = st.spirit_discard + st.spirit_deck
    st.spirit_deck = []
    act(s, "attract", spirit="gonga")
    act(s, "choose-offering", totem="t01")
    step = act(s, "choose-space", space=1)
    assert "rs.ruling.spirit-deck-empty" in clauses_fired(step)
    assert None not in s.state.lost_spirits
    assert s.game.check_invariants(s.state) == []
