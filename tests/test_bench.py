"""The benchmark command runs and prints its documented shape (figures are never asserted: no timed tests)."""
import json

from tutor.bench import bench_game
from tutor.cli import main


def test_bench_game_shape():
    r = bench_game("restless-spirits", 2, games=1)
    assert set(r) == {"steps_per_s", "p50_us", "p99_us", "steps"} and r["steps"] > 50


def test_bench_json_output(capsys, monkeypatch):
    import tutor.bench as b
    monkeypatch.setattr(b, "memory_kib", lambda: {"bare_kib": 1, "loaded_kib": 1, "ratio": 1.0})
    monkeypatch.setattr(b, "python_loop_ms", lambda: 500.0)
    assert main(["bench", "--json", "--games", "1", "--repeat", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["restless-spirits"]) == {"steps_per_s", "p50_us", "p99_us", "median_steps_per_s"}
    assert data["spirited"]["median_steps_per_s"] <= data["spirited"]["steps_per_s"]
    assert data["_machine"] == {"python_loop_ms": 500.0}


def test_python_loop_ms_is_a_positive_time():
    from tutor.bench import python_loop_ms
    assert 1 < python_loop_ms(repeat=1) < 60_000
