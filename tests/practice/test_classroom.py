"""The class report for a teacher: three learners' lessons, answers and mastery by rule area, the rules the class
misses most; anyone not named as a teacher is refused (a learner reads only their own progress)."""
from __future__ import annotations

import pytest

from tutor.progress import ProgressStore
from tutor.progress.classroom import NotATeacher, class_report

TEACHERS = frozenset({"tess"})


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_teacher_sees_three_learners_and_a_learner_is_refused(backend, request):
    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    tag = f"-{backend}"
    ann, bob, cleo = (ProgressStore(url, learner=n + tag) for n in ("ann", "bob", "cleo"))
    ann.complete_lesson("spirit-duels", "sd-01-goal")
    ann.record_answer("spirit-duels", "why-not", "sd.evolve", True)
    bob.record_answer("spirit-duels", "why-not", "sd.evolve", False)
    cleo.record_answer("spirit-duels", "can-do", "sd.pass", True)
    cleo.record_answer("spirit-duels", "why-not", "sd.evolve", False)
    for s in (ann, bob, cleo):
        s.close()
    with pytest.raises(NotATeacher, match="only a teacher"):
        class_report(url, "spirit-duels", viewer="bob" + tag, teachers=TEACHERS)
    report = class_report(url, "spirit-duels", viewer="tess", teachers=TEACHERS)
    mine = {lp.name: lp for lp in report.learners if lp.name.endswith(tag)}
    assert sorted(mine) == ["ann" + tag, "bob" + tag, "cleo" + tag]
    a = mine["ann" + tag]
    assert a.lessons == {"sd-01-goal"} and (a.answers, a.right) == (1, 1)
    assert (mine["cleo" + tag].answers, mine["cleo" + tag].right) == (2, 1)
    sec_evolve = "Actions > Evolve a Spirit"
    assert mine["ann" + tag].areas[sec_evolve][0] == 1 and mine["bob" + tag].areas[sec_evolve][0] == 0
    assert mine["ann" + tag].areas[sec_evolve][1] == 3
    assert report.most_missed[0] == ("sd.evolve", 2) or ("sd.evolve", 2) in report.most_missed
    with pytest.raises(ValueError, match="unknown game"):
        class_report(url, "chess", viewer="tess", teachers=TEACHERS)


def test_the_hub_gives_every_server_the_class_database_and_the_teachers(monkeypatch, tmp_path):
    from pathlib import Path

    from traitlets.config.loader import PyFileConfigLoader

    deploy = Path(__file__).resolve().parents[2] / "deploy"
    if not (deploy / "node_modules" / ".bin" / "configurable-http-proxy").exists():
        pytest.skip("deploy/node_modules is missing: run `make hub-deps` (the hub configuration needs its proxy)")
    for name in list(__import__("os").environ):
        if name.startswith("TUTOR_HUB_") or name == "RULES_TUTOR_DB":
            monkeypatch.delenv(name)
    monkeypatch.setenv("TUTOR_HUB_STATE", str(tmp_path))
    monkeypatch.setenv("TUTOR_HUB_TEACHERS", "tess, tom")
    monkeypatch.setenv("TUTOR_HUB_TEACHER_PASSWORD", "teachers-only-2026")  # teachers need their own password
    env = PyFileConfigLoader("jupyterhub_config.py", path=str(deploy)).load_config().Spawner.environment
    assert env["RULES_TUTOR_DB"] == f"sqlite:///{tmp_path.resolve() / 'progress.sqlite'}"
    assert env["RULES_TUTOR_TEACHERS"] == "tess,tom"
    monkeypatch.setenv("RULES_TUTOR_DB", "postgresql+psycopg://tutor@db/class")
    env = PyFileConfigLoader("jupyterhub_config.py", path=str(deploy)).load_config().Spawner.environment
    assert env["RULES_TUTOR_DB"] == "postgresql+psycopg://tutor@db/class"


@pytest.mark.parametrize("game", ["restless-spirits", "spirited", "spirit-duels"])
def test_the_class_page_and_the_practice_page_count_the_same_rules(game, sqlite_url):
    """Attack 27 (low): the practice page said "1 of 156 rules" and the class page "0 of 157" for one learner: the
    class page counted every clause, the tutor's own devices (``teach: false``) too. Both count the mastery map's
    rules, and a card of a clause that is not one (a "prepared table" ruling) is not counted as known."""
    from tutor.practice.mastery import mastery
    from tutor.registry import clauses_for
    own = [c.id for c in clauses_for(game).values() if not c.teach]
    assert own, "each game has clauses about the tutor itself"
    notes = [c.id for c in clauses_for(game).values() if c.teach and not c.taught]  # provisional notes (trial 39)
    store = ProgressStore(sqlite_url, learner="dana")
    store.record_answer(game, "why-not", own[0], True)
    store.close()
    report = class_report(sqlite_url, game, viewer="tess", teachers=TEACHERS)
    assert report.rules == len(mastery(game, {}, set())) == len(clauses_for(game)) - len(own) - len(notes)
    (dana,) = [lp for lp in report.learners if lp.name == "dana"]
    assert sum(k for k, _n in dana.areas.values()) == 0
    assert sum(n for _k, n in dana.areas.values()) == report.rules
