"""docs/scenarios.md lists exactly the scenario fields that exist (issue 15, "Refusals name the real rule"): every
field of each game's partial state (``setup.state``), of an expectation, and every state fact a game reports is
documented, and every field the partial-state sections name in backticks exists. The fields every game shares
(``decision``, ``chance`` and its ``roll`` / ``draw`` / ``pick`` entries) are documented once, in their own sections."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import BaseModel

import tutor
from tutor.scenario import Expect

DOC = (Path(__file__).resolve().parents[1] / "docs" / "scenarios.md").read_text()
PARTIAL = {"restless-spirits": ("tutor.games.restless_spirits.partial", "Restless Spirits"),
           "spirited": ("tutor.games.spirited.partial", "Spirited"),
           "spirit-duels": ("tutor.games.spirit_duels.partial", "Spirit Duels")}


#: words the partial-state sections show in backticks that are values, not fields
VALUE_WORDS = {"time", "null", "true", "false", "draft", "play"}


def _section(title: str) -> str:
    """The text of the ``### title`` section of the doc (up to the next heading)."""
    m = re.search(rf"^### {re.escape(title)}\n(.*?)(?=^#)", DOC, re.S | re.M)
    assert m, f"docs/scenarios.md has no section '### {title}'"
    return m.group(1)


def _fields(model: type[BaseModel], seen=None) -> set[str]:
    """Every field name of ``model`` and of the models its fields hold."""
    seen = seen if seen is not None else set()
    if model in seen:
        return set()
    seen.add(model)
    out = set(model.model_fields)
    for f in model.model_fields.values():
        for a in _models_in(f.annotation):
            out |= _fields(a, seen)
    return out


def _models_in(annotation) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for a in getattr(annotation, "__args__", ()) for m in _models_in(a)]


@pytest.mark.parametrize("game", list(PARTIAL))
def test_every_partial_state_field_is_documented_and_no_other(game):
    import importlib
    module, title = PARTIAL[game]
    model = importlib.import_module(module).PartialState
    text = _section(f"`setup.state` for {title}")
    spans = re.findall(r"`([^`]+)`", text)
    shared = re.findall(r"`([^`]+)`", _section("A set-up that ends on a decision (every game)"))
    shared += re.findall(r"`([^`]+)`", _section("Outcomes of chance fixed in advance (every game)"))
    tokens = {w for sp in spans + shared for w in re.findall(r"[a-z_]+", sp)}
    fields = _fields(model)
    assert sorted(fields - tokens) == [], f"{game}: partial-state fields docs/scenarios.md does not list"
    alone = {sp for sp in spans if re.fullmatch(r"[a-z_]+", sp)}  # a backticked lone word names a field
    assert sorted(alone - fields - VALUE_WORDS) == [], f"{game}: fields docs/scenarios.md lists that do not exist"


def test_every_expectation_field_is_documented():
    text = _section("Expectations")
    named = {w for sp in re.findall(r"`([^`]+)`", text) for w in re.findall(r"[a-z_]+", sp)}
    assert sorted(set(Expect.model_fields) - named) == []


@pytest.mark.parametrize("game", list(PARTIAL))
def test_every_state_fact_is_documented(game):
    facts_text = DOC[DOC.index(f"{PARTIAL[game][1]} facts:"):]
    facts_text = facts_text[:facts_text.index("\n\n")]
    named = set(re.findall(r"`([^`]+)`", facts_text))
    words = {w for n in named for w in re.split(r"[./ ]+", n)}
    s = tutor.new_game(game, players=2, seed=1)
    missing = set()
    for key in s.game.facts(s.state):
        norm = re.sub(r"^p\d+\.", "pN.", key)
        norm = re.sub(r"\.s\d+\.", ".sK.", norm)
        if norm in named:
            continue
        last = re.split(r"\.", key)[-1]
        parts = key.split(".")
        if last in words or (len(parts) > 1 and parts[-2] in words and not parts[-2].startswith("p")):
            continue
        missing.add(norm)
    assert sorted(missing) == [], f"{game}: state facts docs/scenarios.md does not list"


def test_chance_section_names_exactly_the_outcomes_that_exist():
    """The shared chance section lists the outcome kinds of ``tutor.core.chance`` (and every game's partial state
    has the field)."""
    import importlib
    from tutor.core.chance import KINDS, FixedEntry
    text = _section("Outcomes of chance fixed in advance (every game)")
    listed = set(re.findall(r"^- `([a-z]+)`:", text, re.M))
    assert listed == set(KINDS) == set(FixedEntry.model_fields)
    for module, _title in PARTIAL.values():
        assert "chance" in importlib.import_module(module).PartialState.model_fields
