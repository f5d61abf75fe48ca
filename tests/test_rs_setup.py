"""Restless Spirits set-up: guides, draft, Shrine, rows, first player with 1 AP (rulebook: Setup)."""
import tutor
from rs_helpers import act


def test_guide_choice_then_draft_of_six():
    s = tutor.new_game("restless-spirits", players=3, seed=11)
    assert s.state.phase == "guides" and s.current_player == 0
    act(s, "choose-guide", guide="okada-mitsuo")
    assert "choose-guide:guide=okada-mitsuo" not in [a.id for a in s.legal_actions()]
    act(s, "choose-guide", guide="hana")
    step = act(s, "choose-guide", guide="riku")
    assert s.state.phase == "draft"
    assert [len(p) for p in s.state.draft.packets] == [6, 6, 6]
    assert step.events[-1].clause == "rs.setup.draft"


def test_draft_passes_left_and_sixth_cards_start_the_shrine():
    s = tutor.new_game("restless-spirits", players=2, seed=5, guides=["okada-mitsuo", "hana"])
    packets = [list(p) for p in s.state.draft.packets]
    # seat 1 keeps its first card, seat 2 its first card; then packets are passed left
    a0 = packets[0][0]
    a1 = packets[1][0]
    act(s, "draft-pick", totem=a0)
    act(s, "draft-pick", totem=a1)
    assert s.state.draft.round == 2
    assert sorted(s.state.draft.packets[1]) == sorted(packets[0][1:])  # seat 1's packet went to seat 2
    assert sorted(s.state.draft.packets[0]) == sorted(packets[1][1:])
    while s.state.phase == "draft":
        s.apply(s.legal_actions()[0])
    assert [len(p.hand) for p in s.state.players] == [5, 5]
    assert len(s.state.shrine) == 2
    assert all(x is not None for x in s.state.lost_spirits)
    assert all(x is not None for row in s.state.markets for x in row)
    first = s.state.first_player
    assert s.current_player == first and s.state.players[first].ap == 1
    assert s.game.check_invariants(s.state) == []


def test_first_game_shortcut_deals_five_and_three_to_shrine():
    s = tutor.new_game("restless-spirits", players=4, seed=2, first_game=True,
                       guides=["okada-mitsuo", "hana", "riku", "mara"])
    assert s.state.phase == "play"
    assert [len(p.hand) for p in s.state.players] == [5, 5, 5, 5]
    assert len(s.state.shrine) == 3
    assert [e.clause for e in s.setup_events].count("rs.setup.first-game") == 1
    assert s.state.players[s.state.first_player].ap == 1
    assert sum(p.ap for p in s.state.players) == 1


def test_same_seed_same_setup_and_different_seed_differs():
    a = tutor.new_game("restless-spirits", players=2, seed=42, first_game=True, guides=["kit", "yoru"])
    b = tutor.new_game("restless-spirits", players=2, seed=42, first_game=True, guides=["kit", "yoru"])
    c = tutor.new_game("restless-spirits", players=2, seed=43, first_game=True, guides=["kit", "yoru"])
    assert a.state == b.state
    assert a.state.spirit_deck != c.state.spirit_deck


def test_main_deck_has_five_of_each_type():
    s = tutor.new_game("restless-spirits", players=2, seed=1)
    from collections import Counter
    types = Counter(s.game.cards.by_id[x].type for x in s.state.spirit_deck)
    assert set(types.values()) == {5} and len(types) == 6
    assert sorted(s.state.out_of_game) == ["knockgour-dark", "knockgour-light"]
