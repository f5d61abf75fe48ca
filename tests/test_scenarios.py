"""Every shipped scenario passes; the format refuses bad files naming file and field; the JSON Schema is current."""
import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.core.content import content_root
from tutor.scenario import all_scenarios, load_scenario, run, schema

FILES = all_scenarios()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path):
    res = run(load_scenario(path), str(path))
    assert res.failures == []


def test_base_faqs_are_covered():
    ids = {load_scenario(p).meta.id for p in FILES}
    for faq in ("faq-double-totem", "faq-hand-limit-counts-all-cards", "faq-buy-at-hand-limit",
                "faq-release-costs-no-ap", "faq-no-moving-spirits", "faq-max-three-spirits",
                "faq-no-ap-carry-over", "faq-minimum-one-ap"):
        assert faq in ids


def test_schema_file_is_current():
    committed = json.loads((content_root() / "scenario.schema.json").read_text())
    assert committed == json.loads(json.dumps(schema()))


GOOD = (content_root() / "restless-spirits" / "scenarios" / "faq-double-totem.yaml").read_text()


def test_cli_exit_codes(tmp_path, capsys):
    assert main(["scenario", "run", str(content_root() / "restless-spirits" / "scenarios" /
                                           "faq-double-totem.yaml")]) == 0
    out = capsys.readouterr().out
    assert "PASS faq-double-totem" in out and "rs.totem.double" in out
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(GOOD.replace("p1.ap: 1", "p1.ap: 2"))
    assert main(["scenario", "run", str(wrong)]) == 1
    out = capsys.readouterr().out
    assert "FAIL faq-double-totem: after step 1: expect[1]: state p1.ap: expected 2, got 1" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("question:", "questoin:"))
    assert main(["scenario", "run", str(bad)]) == 2
    assert "meta.questoin: not a field this file can have (a misspelt name?)" in capsys.readouterr().out


@pytest.mark.parametrize("edit,needle", [
    (lambda t: t.replace("fired: [rs.totem.double", "fired: [rs.nope"), "expect[1].fired: unknown clause id 'rs.nope'"),
    (lambda t: t.replace("hand: [t34, t01]", "hand: [t34, gonga]"), "players[0].hand[1]: 'gonga' is a spirit"),
    (lambda t: t.replace("hand: [t34, t01]", "hand: [t34, t34]"), "the Totem Bell & Feather (double) is named twice"),
    (lambda t: t.replace("game: restless-spirits", "game: chess"), "setup.game: unknown game id 'chess'"),
    (lambda t: t.replace("  state:\n", "  state:\n    colour: red\n"), "setup.state: colour: not a field this file can have"),
    (lambda t: t + "\n  - after: 9\n", "expect[2].after: 9 is outside"),
    (lambda t: t.replace("meta:", "meta: [", 1), "YAML syntax error"),
])
def test_bad_scenarios_named(tmp_path, edit, needle):
    from tutor import ContentError
    from tutor.scenario import start
    p = tmp_path / "s.yaml"
    p.write_text(edit(GOOD))
    with pytest.raises(ContentError) as e:
        start(load_scenario(p), str(p))
    assert needle in str(e.value) and str(p) in str(e.value)


def test_unmet_requirements_of_an_empty_space_is_null(tmp_path, capsys):
    """``pN.unmet.<space>`` is a fact on every space: the icons still unmet, or null where no Spirit stands."""
    f = tmp_path / "empty.yaml"
    f.write_text(GOOD.replace("state: {p1.unmet.1: [lantern, mirror],", "state: {p1.unmet.1: [lantern, mirror], "
                                                                         "p1.unmet.3: null,"))
    assert main(["scenario", "run", str(f)]) == 0, capsys.readouterr().out
    f.write_text(GOOD.replace("state: {p1.unmet.1: [lantern, mirror],", "state: {p1.unmet.3: [lantern],"))
    assert main(["scenario", "run", str(f)]) == 1
    assert "state p1.unmet.3: expected a list of 1 item ('lantern'), got nothing (null)" in capsys.readouterr().out


def test_a_misspelt_action_kind_is_named_with_the_kinds_legal_now(tmp_path, capsys):
    f = tmp_path / "typo.yaml"
    f.write_text(GOOD.replace("script:\n  - {kind: play-totem,", "script:\n  - {kind: play-totm,"))
    assert main(["scenario", "run", str(f)]) == 1
    out = capsys.readouterr().out
    assert "legal play-totm actions: none (kinds of the legal actions now: " in out and "play-totem" in out


def test_cli_scenario_run_without_paths_runs_every_shipped_scenario(capsys):
    assert main(["scenario", "run", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    n = len(FILES)
    assert n > 100
    assert out[-1] == f"{n} scenario(s): {n} passed, 0 failed, 0 invalid"
    assert sorted(line.split(" (", 1)[1].rstrip(")") for line in out if line.startswith("PASS ")) == sorted(
        map(str, FILES))
