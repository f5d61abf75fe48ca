"""A clause's section splits into levels only at " > " (attack 45: a ">" inside a heading's own name split it): the
content files write a heading under another after a ">" with a space on each side (``tutor.Source.section``)."""
from __future__ import annotations

import re

import pytest

import tutor
from widgets.clauses import ClauseCard, source_words
from widgets.model import SessionModel


@pytest.mark.parametrize("section, shown", [
    ("Actions > Evolve a Spirit", "Actions › Evolve a Spirit"),
    ("Cost>3 > Spirits", "Cost>3 › Spirits"),
    ("Setup > A->B swaps", "Setup › A->B swaps"),
    ("Scores >= 10", "Scores >= 10"),
    ("Turn › Draw", "Turn › Draw"),
    ("Glyphs›Runes > End", "Glyphs›Runes › End"),
    ("  Turn   >   Draw  ", "Turn › Draw"),
])
def test_a_section_splits_only_at_a_spaced_separator(section, shown):
    assert source_words("spirit-duels.txt", section) == f"Spirit Duels rulebook › {shown}"


def test_the_rule_card_keeps_a_greater_than_inside_a_heading():
    model = SessionModel(tutor.new_game("spirit-duels", seed=1))
    card = ClauseCard(model)
    cid, clause = next(iter(model.session.game.clauses.items()))
    source = clause.source.model_copy(update={"section": "Cost>3 > Spirits"})
    model.session.game.clauses[cid] = clause.model_copy(update={"source": source})
    try:
        model.show_clause(cid)
        line = card.html.value.split("Source: ", 1)[1].split("</div>", 1)[0]
        assert line.endswith("Cost&gt;3 › Spirits"), line
    finally:
        model.session.game.clauses[cid] = clause


def test_every_shipped_section_writes_its_levels_with_spaced_separators():
    """The content as shipped reads as before: each of its ">" has a space on each side."""
    sections = {c.source.section for game in tutor.GAMES for c in tutor.clauses(game).values()}
    assert all(not re.search(r"(?<! )[>›]|[>›](?! )", s) for s in sections), sorted(sections)
    assert sum(" > " in s for s in sections) >= 5
