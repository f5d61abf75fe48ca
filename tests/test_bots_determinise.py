"""Spirited's determinisation (tutor.bots.determinise with the strategy's ``mixed_groups``): the Passing of Time
cards of the draw pile lie where no player knows (sp.setup.deck: shuffled in), so the computer's dealt copy puts
them anywhere in the draw pile, never in a hand or Camp (fairsp46: it knew when the Final Battle would come)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import tutor
from tutor.bots import bot, determinise, observation
from tutor.games.spirited.cards import clan_of

#: Seeds of the dealt copies whose Passing of Time positions are counted.
DEALS = 2000
#: Each draw pile position holds a Passing of Time card within this share of its expected count (DEALS x times /
#: pile size; at step 30 of the game below 2000 x 2 / 51 = 78.4, a standard deviation of about 8.7, so 0.4 is
#: about 3.6 of them).
TOLERANCE = 0.4


def _at(step: int, seed: int = 3):
    """A 2-player Spirited game (seed 3) after ``step`` moves of easy bots."""
    s = tutor.new_game("spirited", players=2, seed=seed)
    easy = bot("spirited", "easy", seed)
    for _ in range(step):
        s.apply(easy.choose(s))
    return s


def _times(deck: list[str]) -> tuple[int, ...]:
    return tuple(i for i, x in enumerate(deck) if clan_of(x) == "time")


def _all_cards(st) -> Counter:
    out = Counter(st.deck) + Counter(st.discard) + Counter(st.limbo) + Counter(st.wonder_deck)
    for p in st.players:
        out += Counter(p.hand) + Counter(cc.card for camp in p.camps for cc in camp)
        out += Counter(x for stk in p.road for x in stk.cards + ([stk.shield] if stk.shield else []))
    return out


def test_passing_of_time_positions_are_dealt_uniformly_over_the_draw_pile():
    s = _at(30)
    st, seat = s.state, s.current_player
    assert len(st.deck) == 51 and _times(st.deck) == (3, 30)  # the true positions, which the seat cannot know
    per_position = Counter()
    patterns = Counter()
    for seed in range(DEALS):
        dealt = determinise(s.game, st, seat, seed).deck
        t = _times(dealt)
        assert len(t) == 2
        per_position.update(t)
        patterns[t] += 1
    expected = DEALS * 2 / len(st.deck)
    low, high = expected * (1 - TOLERANCE), expected * (1 + TOLERANCE)
    assert all(low <= per_position[i] <= high for i in range(len(st.deck))), sorted(per_position.items())
    # 1275 ways to place 2 cards among 51: uniform deals meet 1275 x (1 - e^(-2000/1275)) = 1010 of them on average
    assert len(patterns) > 900
    assert patterns[(3, 30)] < 10  # the true positions are one pattern among the others (expected 1.6 of 2000)


def test_dealt_copy_depends_only_on_what_the_seat_sees():
    """Two states that differ only in what the seat to play cannot see (the order of the draw pile, Passing of Time
    cards included; which clan cards the opponent holds or has face down in a Camp) deal the same copy."""
    s = _at(30)
    seat = s.current_player
    other = tutor.load_session(s.to_json())
    st = other.state
    opp = st.players[1 - seat]
    random.Random(1).shuffle(st.deck)
    assert _times(st.deck) != _times(s.state.deck)
    downs = [cc for camp in opp.camps for cc in camp if not cc.face_up]
    clans = [i for i, x in enumerate(st.deck) if clan_of(x) != "time"]
    assert opp.hand and downs
    # swap the opponent's hand cards and a face-down Camp card with clan cards of the draw pile
    for k, i in enumerate(range(len(opp.hand))):
        j = clans[-1 - k]
        opp.hand[i], st.deck[j] = st.deck[j], opp.hand[i]
    downs[0].card, st.deck[clans[0]] = st.deck[clans[0]], downs[0].card
    other._legal_cache = other._blocked_cache = None
    assert observation(other, seat) == observation(s, seat)
    assert st.model_dump() != s.state.model_dump()
    for seed in range(20):
        assert (determinise(s.game, s.state, seat, seed).model_dump()
                == determinise(other.game, st, seat, seed).model_dump())
    assert bot("spirited", "normal", 5).choose(s).id == bot("spirited", "normal", 5).choose(other).id


@pytest.mark.parametrize("step", [0, 10, 30, 70, 87, 110])
def test_passing_of_time_never_dealt_to_a_hand_or_camp(step):
    s = _at(step)
    st, seat = s.state, s.current_player
    for seed in range(40):
        copy = determinise(s.game, st, seat, seed)
        assert _all_cards(copy) == _all_cards(st)  # every card is still somewhere, once
        assert len(_times(copy.deck)) == len(_times(st.deck))
        for p in copy.players:
            assert not any(clan_of(x) == "time" for x in p.hand)
            assert not any(clan_of(cc.card) == "time" for camp in p.camps for cc in camp)
        me, mine = copy.players[seat], st.players[seat]
        assert me.hand == mine.hand and me.camps == mine.camps  # what the seat sees stays where it is
        assert copy.wonder_display == st.wonder_display
        assert sorted(copy.wonder_deck) == sorted(st.wonder_deck)
