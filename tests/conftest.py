"""Shared fixtures for engine tests."""
from __future__ import annotations

import pytest

import tutor


@pytest.fixture
def rs2():
    """A new 2-player Restless Spirits game (seed 3), at the guide choice."""
    return tutor.new_game("restless-spirits", players=2, seed=3)
