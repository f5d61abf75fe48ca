"""`rules-tutor check`: which configurations it covers, how it reports, and that a short run passes."""
from __future__ import annotations

import pytest

from tutor import conformance
from tutor.cli import main as cli_main
from tutor.conformance import CONFIGS, ConfigResult, play_checked, run_check, select_configs, summary_table


def _have(game, variant, players):
    return any(c.game_id == game and c.variant == variant and c.players == players for c in CONFIGS)


def test_every_game_variant_and_player_count_is_covered():
    for p in (1, 2, 3, 4):
        for v in ("base", "B-side", "promos", "B-side+promos", "first-game"):
            assert _have("restless-spirits", v, p)
    for p in (2, 3, 4, 5, 6):
        assert _have("spirited", "base", p)
    assert _have("spirit-duels", "prebuilt", 2)
    draft = [c for c in CONFIGS if c.variant == "draft"]
    assert len(draft) == 1 and not draft[0].skipped
    promos = next(c for c in CONFIGS if c.variant == "promos" and c.players == 2)
    assert promos.kwargs == {"promos": ["knockgour-light", "knockgour-dark"]}
    assert next(c for c in CONFIGS if c.variant == "B-side" and c.players == 1).kwargs == {"side": "B"}


def test_select_configs_filters_and_names_bad_values():
    assert {c.players for c in select_configs(["spirited"])} == {2, 3, 4, 5, 6}
    assert [c.variant for c in select_configs(["restless-spirits"], [1], ["B-side"])] == ["B-side"]
    with pytest.raises(ValueError, match="--game: unknown value 'chess'"):
        select_configs(["chess"])
    with pytest.raises(ValueError, match="--variant"):
        select_configs(variants=["C-side"])
    with pytest.raises(ValueError, match="no game"):
        select_configs(["spirited"], variants=["B-side"])


@pytest.mark.parametrize("cfg", [c for c in CONFIGS if not c.skipped], ids=lambda c: f"{c.game_id}-{c.variant}-{c.players}")
def test_one_checked_game_per_configuration(cfg):
    rep = play_checked(cfg.game_id, cfg.players, 11, json_every=100, **cfg.kwargs)
    assert rep.problems == [] and rep.over and rep.steps > 0


def test_run_check_in_workers_and_table():
    cfgs = select_configs(["spirit-duels"]) + select_configs(["spirited"], [2])
    res = run_check(cfgs, 2, jobs=2, fast=True)
    assert [r.config for r in res] == cfgs
    played = [r for r in res if not r.config.skipped]
    assert all(r.games == 2 and r.steps > 0 and not r.failures for r in played)
    table = summary_table(res, wall=1.0)
    head = table.splitlines()[0].split()
    assert head == ["game", "variant", "players", "games", "steps", "failures", "seconds"]
    assert "draft" in table and "total" in table and "wall time" in table


def test_run_check_reports_problems_and_crashes(monkeypatch):
    def fake(game_id, players, seed, **kw):
        if seed == 1:
            raise KeyError("boom")
        rep = conformance.GameReport(game_id, players, seed, steps=3)
        if seed == 2:
            rep.problems.append("step 3: invented problem")
        return rep

    monkeypatch.setattr(conformance, "play_checked", fake)
    seen = []
    res = run_check(select_configs(["spirited"], [3]), 4, jobs=1, on_result=lambda *a: seen.append(a))
    (r,) = res
    assert r.games == 4 and [s for s, _ in r.failures] == [1, 2]
    assert "crashed: KeyError" in r.failures[0][1][0] and "invented problem" in r.failures[1][1][0]
    assert len(seen) == 4
    cmd = conformance.reproduce_command(r.config, 2)
    assert "--game spirited --variant base --players 3 --start 2 --games 1" in cmd


def test_time_budget_stops_starting_games():
    res = run_check(select_configs(["spirited"], [2]), 1000, jobs=1, seconds=1)
    assert 0 < res[0].games < 1000


def test_cli_check_failure_exit_code_and_reproduction(monkeypatch, capsys):
    def fake(game_id, players, seed, **kw):
        rep = conformance.GameReport(game_id, players, seed, steps=1)
        rep.problems.append("step 1: invented")
        return rep

    monkeypatch.setattr(conformance, "play_checked", fake)
    assert cli_main(["check", "--game", "spirited", "--players", "2", "--games", "1", "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "FAIL spirited base players=2 seed=0" in out and "reproduce: rules-tutor check" in out
    assert "1 game(s) failed" in out


def test_summary_counts_failures():
    r = ConfigResult(CONFIGS[0], games=3, steps=30, failures=[(1, ["x"])], seconds=0.5)
    line = [ln for ln in summary_table([r]).splitlines() if ln.startswith("restless-spirits")][0]
    assert line.split()[3:6] == ["3", "30", "1"]


def test_games_per_player_count_are_shared_by_the_variants():
    from tutor.conformance import games_per_config, player_count_table
    counts = games_per_config(list(CONFIGS), 3000, "players")
    rs2 = [c for c in CONFIGS if c.game_id == "restless-spirits" and c.players == 2]
    assert len(rs2) == 5 and all(counts[c] == 600 for c in rs2)
    assert {counts[c] for c in CONFIGS if c.game_id == "spirit-duels"} == {1500}
    assert {counts[c] for c in CONFIGS if c.game_id == "spirited"} == {3000}
    assert games_per_config(list(CONFIGS), 7, "players")[rs2[0]] == 2  # rounded up: 5 x 2 >= 7
    assert set(games_per_config(list(CONFIGS), 4).values()) == {4}
    with pytest.raises(ValueError, match="per must be"):
        games_per_config(list(CONFIGS), 4, "game")
    cfgs = select_configs(["spirit-duels"])
    res = run_check(cfgs, 2, jobs=1, fast=True, per="players")
    assert [r.games for r in res] == [1, 1]
    table = player_count_table(res)
    row = [ln.split() for ln in table.splitlines() if ln.startswith("spirit-duels")]
    assert row == [["spirit-duels", "2", "2", str(sum(r.steps for r in res)), "0", "2"]]


def test_check_cli_per_players(capsys):
    from tutor.cli import main
    assert main(["check", "--game", "spirit-duels", "--games", "2", "--per", "players", "--jobs", "1",
                 "--fast"]) == 0
    out = capsys.readouterr().out
    assert "2 game(s) per game and player count, shared by its variants (2 games over 2 configuration(s))" in out
    assert "by game and player count:" in out
