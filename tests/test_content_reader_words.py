"""What a learner or a teacher reads from the shipped content names no file and no internal id (new-user trial 36:
the mastery map's rule card showed "(content/spirited/cards.yaml)" in a provisional rule's reason, and the projected
walkthrough's teacher notes showed "(FAQ faq-double-totem)"). Checked: every clause's title, text and reason, and
every walkthrough's title, intro, narration and notes, of the three games."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

CONTENT = Path(__file__).resolve().parent.parent / "content"
GAMES = ("restless-spirits", "spirited", "spirit-duels")

#: a file or folder path, or an id a person would not say: a scenario id (faq-..., clar-...) or a clause id
#: (rs.…, sp.…, sd.…)
NOT_WORDS = re.compile(r"\.ya?ml\b|\bcontent/|\btutor/|\b(?:faq|clar)-[a-z0-9-]+|\b(?:rs|sp|sd)\.[a-z][a-z0-9.-]*")


def _clause_texts(game: str):
    for c in yaml.safe_load((CONTENT / game / "clauses.yaml").read_text(encoding="utf-8"))["clauses"]:
        for field in ("title", "text", "reason"):
            if isinstance(c.get(field), str):
                yield f"{game} clause {c['id']} {field}", c[field]


def _walkthrough_texts(game: str):
    for path in sorted((CONTENT / game / "walkthroughs").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for field in ("title", "intro", "intro_notes"):
            if isinstance(data.get(field), str):
                yield f"{path.name} {field}", data[field]
        for n, step in enumerate(data.get("steps") or [], 1):
            for field in ("narration", "notes"):
                if isinstance(step.get(field), str):
                    yield f"{path.name} step {n} {field}", step[field]


@pytest.mark.parametrize("game", GAMES)
def test_clauses_and_walkthroughs_name_no_file_and_no_id(game):
    texts = list(_clause_texts(game)) + list(_walkthrough_texts(game))
    assert len(texts) > 100  # every clause has a title and a text
    bad = [(where, NOT_WORDS.search(text).group()) for where, text in texts if NOT_WORDS.search(text)]
    assert bad == []


def test_the_provisional_clan_count_says_where_its_values_come_from_in_words():
    clans = next(c for c in yaml.safe_load((CONTENT / "spirited" / "clauses.yaml").read_text(encoding="utf-8"))["clauses"]
                 if c["id"] == "sp.setup.clans")
    assert clans["kind"] == "provisional"
    assert "its card file, which you may replace with yours" in clans["reason"]
