"""Attack 15 F6: a scenario's partial state took ``ap: 1000000000`` (and any Essence, Spirit, damage... however
large), and a scenario id such as ``a b/../c`` was accepted. Counters are now bounded by what the games reach and
ids are safe slugs; each refusal names the file and the field, in ``scenario run`` (exit 2) and when a page starts
the scenario."""
from __future__ import annotations

import pytest
import yaml

from tutor.core.errors import ContentError
from tutor.lessons import all_lessons, load_lesson
from tutor.scenario import all_scenarios, load_scenario, run_paths, start


def _data(game: str) -> dict:
    return yaml.safe_load(all_scenarios(game)[0].read_text(encoding="utf-8"))


@pytest.mark.parametrize("game,entry,field,bound", [
    ("restless-spirits", {"seat": 1, "ap": 1_000_000_000}, "players[0].ap", 20),
    ("restless-spirits", {"seat": 1, "ap": 21}, "players[0].ap", 20),
    ("spirited", {"seat": 1, "spirit": 1_000_000_000}, "players[0].spirit", 99),
    ("spirit-duels", {"seat": 1, "essence": 1_000_000_000}, "players[0].essence", 99),
])
def test_a_counter_beyond_what_the_game_reaches_is_refused(tmp_path, game, entry, field, bound):
    data = _data(game)
    data["setup"]["state"] = {"players": [entry]}
    p = tmp_path / "big.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        start(load_scenario(p), str(p))
    assert str(ei.value).startswith(f"{p}: setup.state: {field}: must be at most {bound:,}")
    assert ei.value.field == field
    assert run_paths([str(p)]) == 2


def test_the_highest_ap_allowed_still_starts():
    data = _data("restless-spirits")
    data["setup"]["state"] = {"players": [{"seat": 1, "ap": 20}]}
    s = start(load_scenario(text=yaml.safe_dump(data)), "<text>")
    assert s.state.players[0].ap == 20


@pytest.mark.parametrize("bad", ["a b/../c", "../x", "a/b", "a.b", "-x", "", " x", "x" * 121, "é", "a\u200bb"])
def test_a_scenario_id_that_is_not_a_safe_slug_is_refused(tmp_path, bad):
    data = _data("restless-spirits")
    data["meta"]["id"] = bad
    p = tmp_path / "id.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        load_scenario(p)
    msg = str(ei.value)
    assert msg.startswith(f"{p}: meta.id: "), msg
    assert "may hold only letters, digits, '-' and '_'" in msg or "at most 120" in msg, msg
    assert run_paths([str(p)]) == 2


def test_a_lesson_id_that_is_not_a_safe_slug_is_refused(tmp_path):
    lesson = all_lessons("restless-spirits")[0]
    from tutor.lessons import lesson_files
    data = yaml.safe_load(lesson_files("restless-spirits")[0].read_text(encoding="utf-8"))
    data["id"] = "a b/../c"
    p = tmp_path / "lesson.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError, match=r"id: the id 'a b/\.\./c' may hold only letters"):
        load_lesson(p)
    assert lesson.id and all(x.id for x in all_lessons("spirit-duels"))
