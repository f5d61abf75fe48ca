"""Fixtures shared by the widget tests."""
from __future__ import annotations

import networkx as nx
import pytest

from tutor import interactions as tg


@pytest.fixture(scope="session")
def G() -> nx.MultiDiGraph:
    """The ability graph of every game (:func:`tutor.interactions.build` with the shipped cards), built once per test
    process: the graph page's tests read it and never change it."""
    return tg.build(None)
