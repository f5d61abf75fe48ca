"""The benchmark command runs and prints its documented shape (figures are never asserted: no timed tests)."""
import importlib.util
import json
import sys
from pathlib import Path

from tutor.bench import bench_game
from tutor.cli import main
from tutor.core.session import Session


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


def test_bench_ops_counts_the_work_of_each_step(capsys):
    """scripts/bench_ops.py: the same seeds played again give the same counts (they depend on the code and what it has
    kept, not on the machine), a step of play executes some hundreds of bytecodes, and the tracing hooks in force
    before are put back."""
    path = Path(__file__).resolve().parents[1] / "scripts" / "bench_ops.py"
    spec = importlib.util.spec_from_file_location("bench_ops", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    hooks = sys.gettrace(), sys.getprofile()
    first, second = mod.Counts(), mod.Counts()
    mod.play("spirited", 1, 100, None)  # (warm: the actions and labels this game needs are made once, then kept)
    n = mod.play("spirited", 1, 100, first)
    assert mod.play("spirited", 1, 100, second) == n > 20
    assert (sys.gettrace(), sys.getprofile()) == hooks
    assert first.ops == second.ops and first.calls == second.calls
    assert sum(first.ops.values()) / n > 300
    assert first.calls[f"tutor/core/session.py:{Session.apply.__code__.co_firstlineno}:apply"] == n  # one a step
    assert mod.main(["spirited", "--games", "1", "--warm", "0", "--top", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"spirited: {n} steps; per step ") and "bytecodes" in out[0] and len(out) == 4
