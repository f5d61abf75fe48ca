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


@pytest.fixture
def faq_after_a_move(tmp_path):
    """The FAQ explorer on "faq-buy-at-hand-limit", its questions kept in ``tmp_path``, after one move of its what-if
    (a Totem from the hand to the deck): a question that can be saved."""
    from tutor import faq
    from widgets import FaqExplorer

    ex = FaqExplorer("faq-buy-at-hand-limit", questions_folder=tmp_path)
    ex.move_from.value = faq.Zone("hand", 1)
    ex.move_card.value = "t01"
    ex.move_to.value = faq.Zone("deck")
    ex.apply_move.click()
    return ex
