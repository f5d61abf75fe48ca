"""Where a practice question's position comes from, in words (trial 38: "From the lesson “Single”" for the lesson
"Single, Double, Wild": its title was cut at its first comma)."""
from __future__ import annotations

import pytest

from widgets.practice import _origin


@pytest.mark.parametrize("origin, words", [
    ("lesson: Single, Double, Wild", "From the lesson “Single, Double, Wild”"),
    ("lesson: Single, Double, Wild, step 3", "From the lesson “Single, Double, Wild”"),
    ("scenario: Buying at the hand limit, step 12", "From the scenario “Buying at the hand limit”"),
    ("random game 12 (2 players, seed 5), step 31", "From a random game"),
])
def test_origin_words_keep_a_title_with_commas(origin, words):
    assert _origin(origin) == words
