"""A lesson's goal that counts cards or Spirits says the count as a person would (trial 31: "the goal asks for
Player 1's hand size to be 2 (it is 0)")."""
from __future__ import annotations

from tutor.lesson_words import _state_part


def test_counts_read_as_sentences():
    assert _state_part("restless-spirits", "p1.hand_size", 2, 0, {}) == \
        "the goal asks for Player 1's hand to hold 2 cards (it holds 0)"
    assert _state_part("spirited", "p2.hand_size", 1, 3, {}) == \
        "the goal asks for Player 2's Hand to hold 1 card (it holds 3)"
    assert _state_part("restless-spirits", "p1.released_count", 2, 0, {}) == \
        "the goal asks for Player 1 to have released 2 Spirits (so far 0)"
    assert _state_part("restless-spirits", "totem_discard_size", 1, 0, {}) == \
        "the goal asks for the Totem discard pile to hold 1 card (it holds 0)"
