"""The public engine contract: new_game, legal/blocked actions, apply, undo/redo, save/load, clauses."""
import json

import pytest

import tutor
from tutor import IllegalAction, ContentError


def test_unknown_game_names_valid_ids():
    with pytest.raises(ValueError) as e:
        tutor.new_game("chess")
    assert "restless-spirits" in str(e.value) and "spirit-duels" in str(e.value)


def test_bad_options_are_named():
    with pytest.raises(ValueError, match="valid options: side, first_game, guides, cards"):
        tutor.new_game("restless-spirits", players=2, colour="red")
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        tutor.new_game("restless-spirits", players=5)
    with pytest.raises(ValueError, match="guides must list 2 different guide ids"):
        tutor.new_game("restless-spirits", players=2, guides=["okada-mitsuo", "okada-mitsuo"])
    with pytest.raises(ValueError, match=r"seed: a seed is a whole number from 0 to 999,999,999, .*got the text 'x', "
                                         r"not a whole number$"):
        tutor.new_game("restless-spirits", players=2, seed="x")


def test_legal_actions_sorted_unique_and_explained(rs2):
    acts = rs2.legal_actions()
    ids = [a.id for a in acts]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert ids[0] == "choose-guide:guide=hana"
    assert all(a.why and a.clauses and a.actor == 0 for a in acts)


def test_illegal_action_leaves_session_unchanged(rs2):
    before = rs2.to_json()
    with pytest.raises(IllegalAction) as e:
        rs2.apply("attract:spirit=gonga")
    assert isinstance(e.value, ValueError)
    assert e.value.code == "unknown-action"
    assert "choose-guide:guide=hana" in str(e.value)
    assert rs2.to_json() == before and rs2.history == []


def test_undo_redo_exact(rs2):
    s0 = rs2.state.model_dump()
    step = rs2.apply("choose-guide:guide=okada-mitsuo")
    s1 = rs2.state.model_dump()
    assert step.index == 0 and step.events[0].clause == "rs.setup.guides"
    assert rs2.undo().action.id == "choose-guide:guide=okada-mitsuo"
    assert rs2.state.model_dump() == s0
    rs2.redo()
    assert rs2.state.model_dump() == s1
    with pytest.raises(IllegalAction, match="nothing to redo"):
        rs2.redo()
    rs2.undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        rs2.undo()


def test_apply_clears_redo(rs2):
    rs2.apply("choose-guide:guide=okada-mitsuo")
    rs2.undo()
    rs2.apply("choose-guide:guide=hana")
    assert not rs2.can_redo


def test_observers_fire_once_per_change(rs2):
    seen = []
    stop = rs2.observe(lambda s, change: seen.append(change))
    rs2.apply(rs2.legal_actions()[0])
    rs2.undo()
    rs2.redo()
    rs2.reset()
    stop()
    rs2.apply(rs2.legal_actions()[0])
    assert seen == ["apply", "undo", "redo", "reset"]


def test_json_round_trip_and_replay(rs2):
    for _ in range(20):
        rs2.apply(rs2.legal_actions()[-1])
    text = rs2.to_json()
    again = tutor.load_session(text)
    assert again.to_json() == text
    assert again.state == rs2.state
    replay = tutor.new_game("restless-spirits", players=2, seed=3)
    for st in rs2.history:
        replay.apply(st.action.id)
    assert replay.state == rs2.state


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.pop("actions"), "actions"),
    (lambda d: d.update(actions=["nope"]), "actions[0]"),
    (lambda d: d["state"].update(turn=999), "state.turn"),
    (lambda d: d.update(game="chess"), "options"),
])
def test_load_session_refuses_broken_files(rs2, edit, field):
    rs2.apply(rs2.legal_actions()[0])
    data = json.loads(rs2.to_json())
    edit(data)
    with pytest.raises(ContentError) as e:
        tutor.load_session(json.dumps(data))
    assert e.value.field == field


def test_load_session_refuses_truncated_text(rs2):
    with pytest.raises(ContentError, match="not valid JSON"):
        tutor.load_session(rs2.to_json()[:50])


def test_clauses_have_sources_and_rulings_have_reasons():
    cl = tutor.clauses("restless-spirits")
    assert len(cl) > 60
    assert cl["rs.release"].source.file == "restless-spirits.txt"
    rulings = [c for c in cl.values() if c.kind == "ruling"]
    assert len(rulings) >= 8 and all(c.reason for c in rulings)
    for c in cl.values():
        for r in c.related:
            assert r in cl


def test_every_clause_cited_in_code_exists():
    import re
    from pathlib import Path
    cl = tutor.clauses("restless-spirits")
    src = "".join(p.read_text() for p in Path(tutor.__file__).parent.rglob("restless_spirits/*.py"))
    cited = set(re.findall(r'"(rs\.[a-z0-9.-]+[a-z0-9])"', src))
    assert cited, "no clause ids found"
    assert sorted(cited - set(cl)) == []


def test_stale_action_object_is_refused(rs2):
    rs2.apply("choose-guide:guide=okada-mitsuo")
    objs = rs2.legal_actions()  # seat 2's choices
    rs2.undo()
    before = rs2.to_json()
    with pytest.raises(IllegalAction) as e:
        rs2.apply(objs[-1])
    assert e.value.code == "stale-action" and rs2.to_json() == before


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.update(players=3), "players"),
    (lambda d: d.update(seed=4), "initial_state"),
    (lambda d: d["initial_state"]["totem_deck"].reverse(), "initial_state"),
    (lambda d: d.pop("state"), "state"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d.update(options=[]), "options"),
])
def test_load_session_refuses_contradictions(rs2, edit, field):
    data = json.loads(rs2.to_json())
    edit(data)
    with pytest.raises(ContentError) as e:
        tutor.load_session(json.dumps(data))
    assert e.value.field == field or e.value.field.startswith(field + ".")  # e.g. initial_state.totem_deck[0]


def test_deep_nesting_is_refused_cleanly(tmp_path):
    with pytest.raises(ContentError, match="nested too deeply"):
        tutor.load_session('{"a":' * 100000 + "1" + "}" * 100000)
    p = tmp_path / "deep.yaml"
    p.write_text("a: " + "[" * 5000 + "]" * 5000)
    with pytest.raises(ContentError, match="nested too deeply"):
        tutor.new_game("restless-spirits", players=2, cards=p)
    with pytest.raises(ContentError, match="a card file is a .yaml file"):
        tutor.new_game("restless-spirits", players=2, cards=tmp_path)
    (tmp_path / "folder.yaml").mkdir()
    with pytest.raises(ContentError, match="not a regular file"):
        tutor.new_game("restless-spirits", players=2, cards=tmp_path / "folder.yaml")


def test_duplicate_yaml_keys_are_refused():
    from tutor.core.content import parse_yaml
    with pytest.raises(ContentError, match="duplicate key 'seed'"):
        parse_yaml("seed: 1\nseed: 2\n", "x.yaml")


def test_scenario_param_typo_is_invalid(tmp_path, capsys):
    from tutor.cli import main
    from tutor.core.content import content_root
    text = (content_root() / "restless-spirits" / "scenarios" / "faq-double-totem.yaml").read_text()
    p = tmp_path / "typo.yaml"
    p.write_text(text.replace("- {kind: play-totem, totem: t34", "- {kind: play-totem, totme: t34"))
    assert main(["scenario", "run", str(p)]) == 2
    assert "unknown parameter 'totme' for play-totem" in capsys.readouterr().out
    p.write_text(text.replace("p1.ap: 1", "p1.aq: 1"))
    assert main(["scenario", "run", str(p)]) == 2
    assert "unknown state fact 'p1.aq'" in capsys.readouterr().out
