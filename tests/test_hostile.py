"""Hostile and broken input: every kind of input a user can give, with broken values.

Each must give a clear error naming the file, field or action; what was already loaded is untouched (the session's
``to_json()`` is compared before and after); nothing is half-loaded; YAML is read only with the safe loader (python
tags refused, nothing run); file sizes are bounded.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import tutor
from tutor import ContentError, IllegalAction
from tutor.cli import main as cli_main
from tutor.core.content import MAX_FILE_BYTES, content_root
from tutor.lessons import lesson_files, load_lesson, start_lesson
from tutor.scenario import all_scenarios, load_scenario, run, run_paths, start
from tutor.walkthrough import all_walkthroughs, load_walkthrough, play_to

GAMES = ("restless-spirits", "spirited", "spirit-duels")
PWNED = "rules-tutor-pwned"


def _session(game="restless-spirits", steps=6, seed=3, players=2):
    s = tutor.new_game(game, players=players, seed=seed)
    for i in range(steps):
        acts = s.legal_actions()
        s.apply(acts[i % len(acts)])
    return s


# ------------------------------------------------------------------------------------------------ action ids
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", ["no-such-action", "", " ", "end-turn ", "END-TURN", "\x00", "attract:spirit=",
                                 "../../etc/passwd", "x" * 100_000, "é"])
def test_unknown_action_id(game, bad):
    s = _session(game)
    before = s.to_json()
    with pytest.raises(IllegalAction) as ei:
        s.apply(bad)
    assert ei.value.code == "unknown-action"
    assert "not a legal action now" in str(ei.value)
    assert s.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", [None, 0, 5, -1, 2.5, True, b"end-turn", ["end-turn"], {"id": "end-turn"}, ("a",),
                                 object()])
def test_action_of_wrong_type(game, bad):
    s = _session(game)
    before = s.to_json()
    with pytest.raises(IllegalAction) as ei:
        s.apply(bad)
    assert ei.value.code == "bad-type"
    assert "Action or its id" in str(ei.value)
    assert s.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_stale_ids_after_undo(game):
    """Ids legal only after a step are refused once the step is undone (and after a reset)."""
    s = _session(game, steps=4)
    now = {a.id for a in s.legal_actions()}
    s.apply(s.legal_actions()[0])
    later = [a for a in s.legal_actions() if a.id not in now]
    s.undo()
    before = s.to_json()
    assert later, "the step should make new actions legal"
    for a in later:
        for given in (a, a.id):
            with pytest.raises(IllegalAction) as ei:
                s.apply(given)
            assert ei.value.code == "unknown-action" and a.id in str(ei.value)
            assert s.to_json() == before
    s.reset()
    assert s.history == []


@pytest.mark.parametrize("game", GAMES)
def test_action_objects_from_another_game(game):
    s = _session(game)
    before = s.to_json()
    legal = {a.id: a for a in s.legal_actions()}
    for other in GAMES:
        if other == game:
            continue
        for a in _session(other, steps=3).legal_actions():
            if a.id in legal and legal[a.id] == a:
                continue  # the very same action (same id, actor, label, clauses) is legal here too
            with pytest.raises(IllegalAction) as ei:
                s.apply(a)
            assert ei.value.code in ("unknown-action", "stale-action")
            assert a.id in str(ei.value)
            assert s.to_json() == before


def test_undo_redo_with_nothing_to_do_and_after_the_end():
    s = tutor.new_game("spirit-duels", players=2, seed=1)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.undo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        s.redo()
    assert s.to_json() == before
    from tutor.conformance import random_policy
    from tutor.core.rng import Rng
    rng = Rng.from_seed(1)
    while not s.is_over:
        s.apply(random_policy(s.legal_actions(), rng))
    done = s.to_json()
    with pytest.raises(IllegalAction) as ei:
        s.apply("end-turn")
    assert ei.value.code == "game-over"
    assert s.to_json() == done


# ------------------------------------------------------------------------------------------------ saved sessions
@pytest.fixture(scope="module")
def saved():
    s = _session("restless-spirits", steps=12)
    return s.to_json()


def _edit(text, fn):
    d = json.loads(text)
    fn(d)
    return json.dumps(d)


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


def _in_state(*path_and_value):
    *path, value = path_and_value

    def fn(d):
        x = d["state"]
        for p in path[:-1]:
            x = x[p]
        x[path[-1]] = value
    return fn


EDITS = [
    ("format", _set("format", "something-else"), "format"),
    ("version 2", _set("version", 2), "version"),
    ("version '1'", _set("version", "1"), "version"),
    ("version null", _set("version", None), "version"),
    ("no game", lambda d: d.pop("game"), "game"),
    ("unknown game", _set("game", "chess"), "chess"),
    ("other game", _set("game", "spirited"), "spirited"),
    ("other game 2", _set("game", "spirit-duels"), "spirit-duels"),
    ("game not a string", _set("game", ["restless-spirits"]), "game"),
    ("players 9", _set("players", 9), "players"),
    ("players 3", _set("players", 3), "players"),
    ("players text", _set("players", "2"), "players"),
    ("players float", _set("players", 2.0), "players"),
    ("seed text", _set("seed", "3"), "seed"),
    ("seed other", _set("seed", 4), "initial_state"),
    ("options list", _set("options", []), "options"),
    ("options unknown", _set("options", {"cheat": True}), "cheat"),
    ("options side", lambda d: d["options"].__setitem__("side", "C"), "side"),
    ("prepared text", _set("prepared", "yes"), "prepared"),
    ("actions text", _set("actions", "end-turn"), "actions"),
    ("actions ints", _set("actions", [1, 2]), "actions"),
    ("actions unknown", lambda d: d["actions"].append("no-such-action"), "actions[12]"),
    ("actions reordered", lambda d: d["actions"].reverse(), "actions["),
    ("actions dropped", lambda d: d["actions"].pop(), "state"),
    ("state edited", _in_state("turn", 99), "state"),
    ("state wrong type", _set("state", []), "state"),
    ("initial_state bad", _set("initial_state", {"phase": 5}), "initial_state"),
    ("initial_state null", _set("initial_state", None), "initial_state"),
    ("extra field", _set("cheat", 1), "cheat"),
    ("missing state", lambda d: d.pop("state"), "state"),
    # attack 19 L3: a field left out is said as "nothing", never as Python's "<object object at 0x...>"
    ("initial_state field dropped", lambda d: d["initial_state"].pop("blessing_deck"),
     "initial_state.blessing_deck: the file says nothing but seed"),
    ("options of the wrong kind", _set("options", {"first_game": True, "guides": {"a": 1}}), "options: "),
]


@pytest.mark.parametrize("name,edit,needle", EDITS, ids=[e[0] for e in EDITS])
def test_edited_session_is_refused_naming_the_field(saved, name, edit, needle):
    keep = tutor.load_session(saved)
    keep_text = keep.to_json()
    with pytest.raises(ContentError) as ei:
        tutor.load_session(_edit(saved, edit))
    msg = str(ei.value)
    assert msg.startswith("<saved session>") and needle in msg, msg
    assert keep.to_json() == keep_text


@pytest.mark.parametrize("frac", [0.0, 0.01, 0.1, 0.5, 0.9, 0.999])
def test_truncated_session(saved, frac):
    with pytest.raises(ContentError, match="not valid JSON"):
        tutor.load_session(saved[:int(len(saved) * frac)])


@pytest.mark.parametrize("text", ["", "null", "[]", "1", '"x"', "{}", "\ufeff{}", "{'a': 1}", "NaN"])
def test_not_a_session(text):
    with pytest.raises(ContentError) as ei:
        tutor.load_session(text)
    assert str(ei.value).startswith("<saved session>")


@pytest.mark.parametrize("value", [None, 5, 2.5, ["{}"], {"format": "rules-tutor-session"}])
def test_session_of_wrong_type(value):
    with pytest.raises(ContentError, match="expected JSON text"):
        tutor.load_session(value)


def test_huge_and_deeply_nested_sessions(saved):
    with pytest.raises(ContentError, match="larger than 16 MiB"):
        tutor.load_session(saved[:-1] + ',"pad":"' + "x" * (17 * 1024 * 1024) + '"}')
    with pytest.raises(ContentError, match="nested too deeply"):
        tutor.load_session("[" * 200_000 + "]" * 200_000)
    with pytest.raises(ContentError, match="nested too deeply"):
        tutor.load_session(saved[:-1] + ',"x":' + '{"a":' * 100_000 + "1" + "}" * 100_000 + "}")
    with pytest.raises(ContentError):
        tutor.load_session(saved.replace('"actions":[', '"actions":[' + '"x",' * 100_000, 1))


def test_session_with_huge_integer_is_a_content_error(saved):
    """An integer too long for Python's int parser (more than 4300 digits) must be a ContentError naming the file.
"""
    text = saved.replace('"seed":3', '"seed":' + "9" * 5000, 1)
    assert text != saved
    with pytest.raises(ContentError):
        tutor.load_session(text)


def test_session_version_must_be_the_integer_1(saved):
    """``"version": true`` is refused (True == 1 in Python, so the type is checked too)."""
    with pytest.raises(ContentError, match="version"):
        tutor.load_session(saved.replace('"version":1', '"version":true'))


def test_prepared_session_with_broken_state_is_refused(saved):
    """A session marked ``prepared`` trusts its initial_state; an edited one whose cards are not conserved must still
    be refused (load_session runs the game's check_invariants on it)."""
    d = json.loads(saved)
    d["prepared"] = True
    d["actions"] = []
    d["initial_state"]["players"][0]["hand"] = d["initial_state"]["players"][0]["hand"] * 2 or ["t01", "t01"]
    d["state"] = d["initial_state"]
    s_state = d["initial_state"]
    game = tutor.new_game("restless-spirits", players=2, seed=3).game
    from tutor.core.content import validate
    assert game.check_invariants(validate(game.state_model, s_state, "x")) != []
    with pytest.raises(ContentError):
        tutor.load_session(json.dumps(d))


def test_saved_session_may_name_a_card_file_only_as_a_file(saved, tmp_path):
    """A saved session names its options; a ``cards`` path is read as a card file and refused if it is not, in the
    same words whatever is wrong (missing, not a file, or a YAML file of other keys): no key or value of the file it
    names, nor whether it exists, reaches the message, only the file's name (fresh attack, session 11: a kept game
    naming a server's settings file showed its keys and numbers)."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("api_key: 12345.678\npassword_hint: swordfish\n")
    messages = set()
    for path in ("/etc", str(tmp_path / "nope.yaml"), "/dev/zero", str(secret)):
        text = _edit(saved, lambda d: d["options"].__setitem__("cards", path))
        with pytest.raises(ContentError) as ei:
            tutor.load_session(text)
        msg = str(ei.value)
        assert ei.value.field == "options.cards"
        assert "api_key" not in msg and "12345" not in msg and "swordfish" not in msg and str(tmp_path) not in msg
        messages.add(msg.replace(Path(path).name, "NAME"))
    assert messages == {"<saved session>: options.cards: the card file this game was played with (NAME) cannot be "
                        "used here (missing, changed, or not a card file); start a new game, or open it where that "
                        "card file is"}


# ------------------------------------------------------------------------------------------------ YAML files
PY_TAGS = [
    f"!!python/object/apply:os.system ['touch /tmp/{PWNED}']\n",
    f"x: !!python/object/apply:subprocess.check_output [['touch', '/tmp/{PWNED}']]\n",
    "x: !!python/name:os.system\n",
    "x: !!python/object:tutor.core.model.Clause {}\n",
    "x: !!python/module:os\n",
]


def _loaders(tmp_path):
    def scenario(p):
        return run(load_scenario(p), str(p))

    def lesson(p):
        return start_lesson(load_lesson(p))

    def walkthrough(p):
        w = load_walkthrough(p)
        return play_to(w, len(w.steps), str(p))

    def rs_cards(p):
        return tutor.new_game("restless-spirits", players=2, seed=1, cards=p)

    def sd_cards(p):
        return tutor.new_game("spirit-duels", players=2, seed=1, cards=p)

    def clauses(p):
        from tutor.core.content import load_clauses
        return load_clauses(p)

    return {"scenario": scenario, "lesson": lesson, "walkthrough": walkthrough, "rs-cards": rs_cards,
            "sd-cards": sd_cards, "clauses": clauses}


KINDS = ["scenario", "lesson", "walkthrough", "rs-cards", "sd-cards", "clauses"]


def _good_file(kind) -> Path:
    root = content_root()
    return {"scenario": all_scenarios("restless-spirits")[0], "lesson": lesson_files("restless-spirits")[0],
            "walkthrough": all_walkthroughs("restless-spirits")[0],
            "rs-cards": root / "restless-spirits" / "cards.yaml", "sd-cards": root / "spirit-duels" / "cards.yaml",
            "clauses": root / "spirited" / "clauses.yaml"}[kind]


@pytest.fixture
def witness():
    """A session loaded before the broken file; it must be exactly the same afterwards."""
    s = _session("restless-spirits", steps=5)
    text = s.to_json()
    yield s
    assert s.to_json() == text


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("tag", PY_TAGS)
def test_python_yaml_tags_are_refused(kind, tag, tmp_path, witness):
    p = tmp_path / "evil.yaml"
    p.write_text(tag, encoding="utf-8")
    marker = Path("/tmp") / PWNED
    marker.unlink(missing_ok=True)
    with pytest.raises(ContentError) as ei:
        _loaders(tmp_path)[kind](p)
    assert str(p) in str(ei.value) and "YAML" in str(ei.value)
    assert not marker.exists()


BROKEN = {
    "empty": "",
    "null": "null\n",
    "list": "- 1\n- 2\n",
    "scalar": "just text\n",
    "syntax": "a: [1, 2\nb: }\n",
    "tabs": "a:\n\t- 1\n",
    "duplicate key": "id: a\nid: b\n",
    "anchors loop": "a: &x [*x]\n",
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", list(BROKEN))
def test_broken_yaml_names_the_file(kind, name, tmp_path, witness):
    p = tmp_path / f"{name.replace(' ', '-')}.yaml"
    p.write_text(BROKEN[name], encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        _loaders(tmp_path)[kind](p)
    assert str(ei.value).startswith(str(p)), str(ei.value)


@pytest.mark.parametrize("kind", KINDS)
def test_truncated_files_name_the_file(kind, tmp_path, witness):
    """A file cut short is refused naming the file, or (cut at a line break that leaves a complete, shorter list)
    loads whole; it never half-loads or crashes. The early cuts always lose required fields."""
    good = _good_file(kind).read_text(encoding="utf-8")
    load = _loaders(tmp_path)[kind]
    refused = 0
    for frac in (0.02, 0.05, 0.3, 0.6, 0.95):
        p = tmp_path / f"cut-{int(frac * 100)}.yaml"
        p.write_text(good[:int(len(good) * frac)], encoding="utf-8")
        try:
            load(p)
        except ContentError as exc:
            refused += 1
            assert str(p) in str(exc) or "lesson " in str(exc), str(exc)
    assert refused >= 2


@pytest.mark.parametrize("kind", KINDS)
def test_files_that_are_not_yaml_text(kind, tmp_path, witness):
    load = _loaders(tmp_path)[kind]
    cases = {
        "missing.yaml": None,
        "binary.yaml": b"\xff\xfe\x00\x01garbage",
        "big.yaml": b"# " + b"x" * (MAX_FILE_BYTES + 10) + b"\n",
    }
    for name, data in cases.items():
        p = tmp_path / name
        if data is not None:
            p.write_bytes(data)
        with pytest.raises(ContentError) as ei:
            load(p)
        assert str(p) in str(ei.value), str(ei.value)
    d = tmp_path / "folder.yaml"
    d.mkdir()
    with pytest.raises(ContentError, match="regular file"):
        load(d)
    with pytest.raises(ContentError, match="regular file|a card file is a .yaml file"):
        load(Path("/dev/zero"))  # (a card file must also be named .yaml)


@pytest.mark.parametrize("kind", KINDS)
def test_deeply_nested_yaml(kind, tmp_path, witness):
    p = tmp_path / "deep.yaml"
    p.write_text("a: " + "[" * 20_000 + "]" * 20_000 + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        _loaders(tmp_path)[kind](p)
    assert str(p) in str(ei.value)


@pytest.mark.parametrize("kind", ["scenario", "lesson", "walkthrough"])
def test_alias_bomb_is_refused_quickly(kind, tmp_path, witness):
    """'Billion laughs': aliases that would expand to 10^9 nodes must not hang validation."""
    import time
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    bomb = "\n".join(lines) + "\n"
    good = _good_file(kind).read_text(encoding="utf-8")
    p = tmp_path / "bomb.yaml"
    p.write_text(bomb + good, encoding="utf-8")
    t0 = time.perf_counter()
    with pytest.raises(ContentError) as ei:
        _loaders(tmp_path)[kind](p)
    assert time.perf_counter() - t0 < 5
    assert str(p) in str(ei.value)


# -- field-level edits of each kind of file: the error names file and field ------------------------------------
def _yaml_edit(kind, fn, tmp_path):
    import yaml
    data = yaml.safe_load(_good_file(kind).read_text(encoding="utf-8"))
    fn(data)
    p = tmp_path / f"edited-{kind}.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return p


FIELD_EDITS = [
    ("scenario", "unknown top field", lambda d: d.__setitem__("cheat", 1), "cheat"),
    ("scenario", "meta missing", lambda d: d.pop("meta"), "meta"),
    ("scenario", "setup.game unknown", lambda d: d["setup"].__setitem__("game", "chess"), "setup.game"),
    ("scenario", "setup.players text", lambda d: d["setup"].__setitem__("players", "two"), "setup.players"),
    ("scenario", "setup.players 9", lambda d: d["setup"].__setitem__("players", 9), "setup"),
    ("scenario", "setup.options unknown", lambda d: d["setup"].__setitem__("options", {"cheat": 1}), "cheat"),
    ("scenario", "setup.state unknown", lambda d: d["setup"].__setitem__("state", {"cheat": 1}), "setup.state"),
    ("scenario", "script not list", lambda d: d.__setitem__("script", "attract"), "script"),
    ("scenario", "script no kind", lambda d: d.__setitem__("script", [{"spirit": "gonga"}]), "script[0].kind"),
    ("scenario", "expect fired unknown", lambda d: d.__setitem__("expect", [{"fired": ["rs.nope"]}]), "rs.nope"),
    ("scenario", "expect after out of range", lambda d: d.__setitem__("expect", [{"after": 999}]), "after"),
    ("lesson", "order text", lambda d: d.__setitem__("order", "first"), "order"),
    ("lesson", "goal missing", lambda d: d.pop("goal"), "goal"),
    ("lesson", "clauses unknown", lambda d: d.__setitem__("clauses", ["rs.nope"]), "rs.nope"),
    ("lesson", "check.after", lambda d: d["check"].__setitem__("after", 1), "check.after"),
    ("lesson", "check unknown field", lambda d: d["check"].__setitem__("cheat", 1), "check.cheat"),
    ("lesson", "setup.state bad", lambda d: d["setup"]["state"].__setitem__("players", "lots"), "setup.state"),
    ("walkthrough", "steps not list", lambda d: d.__setitem__("steps", {"a": 1}), "steps"),
    ("walkthrough", "step without action", lambda d: d["steps"][0].pop("action"), "steps[0].action"),
    ("walkthrough", "step illegal action", lambda d: d["steps"][1].__setitem__("action", {"kind": "fly"}),
     "steps[1].action"),
    ("walkthrough", "setup.game unknown", lambda d: d["setup"].__setitem__("game", "chess"), "setup"),
    ("rs-cards", "spirits not list", lambda d: d.__setitem__("spirits", 5), "spirits"),
    ("rs-cards", "spirit type", lambda d: d["spirits"][3].__setitem__("type", "dragon"), "spirits[3].type"),
    ("rs-cards", "unknown top field", lambda d: d.__setitem__("cheat", 1), "cheat"),
    ("rs-cards", "effect unknown", lambda d: d["spirits"][0]["ability"]["effects"][0].__setitem__("effect", "win"),
     "spirits[0].ability.effects[0]"),
    ("sd-cards", "teams missing", lambda d: d.pop("teams"), "teams"),
    ("sd-cards", "cards not list", lambda d: d.__setitem__("cards", "many"), "cards"),
    ("sd-cards", "unknown top field", lambda d: d.__setitem__("cheat", 1), "cheat"),
    ("clauses", "clause missing text", lambda d: d["clauses"][0].pop("text"), "clauses[0].text"),
    ("clauses", "duplicate id", lambda d: d["clauses"].append(dict(d["clauses"][0])), "duplicate clause id"),
]


@pytest.mark.parametrize("kind,name,edit,needle", FIELD_EDITS, ids=[f"{k}-{n}" for k, n, _, _ in FIELD_EDITS])
def test_edited_file_names_file_and_field(kind, name, edit, needle, tmp_path, witness):
    p = _yaml_edit(kind, edit, tmp_path)
    with pytest.raises(ContentError) as ei:
        _loaders(tmp_path)[kind](p)
    msg = str(ei.value)
    # a lesson's prepared state is checked when it starts, naming the lesson by id ("lesson rs-01-goal: setup...")
    assert (str(p) in msg or (kind == "lesson" and msg.startswith("lesson "))) and needle in msg, msg


def test_spirited_has_no_card_file_option_and_says_so(witness, tmp_path):
    with pytest.raises(ValueError, match="unknown option.*cards.*valid options: clans"):
        tutor.new_game("spirited", players=3, seed=1, cards=str(tmp_path / "x.yaml"))


def test_bad_card_file_leaves_default_cards_intact(tmp_path, witness):
    """Nothing half-loaded: after a refused card file, new games deal exactly as before."""
    before = {g: tutor.new_game(g, players=2, seed=5).to_json() for g in ("restless-spirits", "spirit-duels")}
    for kind, g in (("rs-cards", "restless-spirits"), ("sd-cards", "spirit-duels")):
        p = _yaml_edit(kind, lambda d: d.__setitem__("cheat", 1), tmp_path)
        with pytest.raises(ContentError):
            tutor.new_game(g, players=2, seed=5, cards=p)
        assert tutor.new_game(g, players=2, seed=5).to_json() == before[g]


def test_card_file_fixed_after_a_failure_is_reread(tmp_path):
    """A card file refused once and then fixed in place is read again (no stale cache of the failure)."""
    p = tmp_path / "mine.yaml"
    p.write_text("cheat: 1\n", encoding="utf-8")
    with pytest.raises(ContentError):
        tutor.new_game("restless-spirits", players=2, seed=1, cards=p)
    p.write_text(_good_file("rs-cards").read_text(encoding="utf-8"), encoding="utf-8")
    s = tutor.new_game("restless-spirits", players=2, seed=1, cards=p)
    assert s.legal_actions()


def test_scenario_run_reports_each_bad_file_and_runs_the_rest(tmp_path, capsys):
    good = all_scenarios("restless-spirits")[0]
    (tmp_path / "a-good.yaml").write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "b-evil.yaml").write_text(PY_TAGS[0], encoding="utf-8")
    (tmp_path / "c-cut.yaml").write_text(good.read_text(encoding="utf-8")[:200], encoding="utf-8")
    assert run_paths([tmp_path], verbose=False) == 2
    out = capsys.readouterr().out
    assert "PASS" in out and out.count("INVALID") == 2 and "b-evil.yaml" in out and "c-cut.yaml" in out


def test_scenario_run_over_a_folder_without_scenarios_names_the_folder(tmp_path):
    (tmp_path / "notes.txt").write_text("no YAML here", encoding="utf-8")
    lines: list[str] = []
    assert run_paths([tmp_path], verbose=False, out=lines.append) == 2
    assert lines == [f"error: no scenario files (.yaml) found in {tmp_path}"]


def test_scenario_start_with_bad_partial_state_names_field():
    sc = load_scenario(text=all_scenarios("restless-spirits")[0].read_text(encoding="utf-8"))
    bad = sc.model_copy(update={"setup": sc.setup.model_copy(update={"state": {"players": [{"seat": 9}]}})})
    with pytest.raises(ContentError, match="setup.state"):
        start(bad, "x.yaml")


# ------------------------------------------------------------------------------------------------ CLI arguments
CLI_BAD = [
    [],
    ["bogus"],
    ["--bogus"],
    ["play"],
    ["play", "chess"],
    ["play", "restless-spirits", "--players", "9"],
    ["play", "restless-spirits", "--players", "two"],
    ["play", "restless-spirits", "--seed", "x"],
    ["play", "spirit-duels", "--players", "3"],
    ["play", "spirit-duels", "--option", "setup=drat"],
    ["play", "spirit-duels", "--option", "setup"],
    ["play", "spirit-duels", "--option", "=draft"],
    ["play", "restless-spirits", "--option", "colour=red"],
    ["scenario"],
    ["scenario", "walk"],
    ["scenario", "run", "/no/such/file.yaml"],
    ["scenario", "run", "/dev/null"],
    ["check", "--games", "0"],
    ["check", "--games", "many"],
    ["check", "--game", "chess"],
    ["check", "--players", "7"],
    ["check", "--variant", "C-side"],
    ["check", "--game", "spirited", "--variant", "B-side"],
    ["check", "--jobs", "-1"],
    ["check", "--json-every", "0"],
    ["bench", "--games", "0"],
    ["bench", "--repeat", "0"],
    ["check", "--per", "game"],
    ["check", "--start", "-5"],
    ["bench", "--nope"],
    ["serve", "--bogus"],
    ["serve", "--port", "abc"],
    ["serve", "--port", "-1"],
    ["serve", "--port", "70000"],
]


@pytest.mark.parametrize("argv", CLI_BAD, ids=[" ".join(a) or "<none>" for a in CLI_BAD])
def test_bad_cli_arguments_exit_2_without_traceback(argv, capsys):
    assert cli_main(argv) == 2
    out, err = capsys.readouterr()
    text = out + err
    assert "Traceback" not in text
    assert "error" in text.lower() or "INVALID" in text
    assert len(text.strip()) > 10


def test_cli_play_takes_only_seeds_a_page_can_replay(capsys):
    """Attack 36: ``play --seed 12345678901`` played a game no page's seed box could deal again (0 to 999,999,999)."""
    assert cli_main(["play", "restless-spirits", "--seed", "1000000000"]) == 2
    err = capsys.readouterr().err
    assert "a seed is a whole number from 0 to 999,999,999, written with the digits 0 to 9, got '1000000000'" in err
    assert cli_main(["play", "restless-spirits", "--seed", "999999999"]) == 0
    assert capsys.readouterr().out.startswith("Restless Spirits: 2 players, seed 999999999 (random moves)")


def test_cli_help_exits_0(capsys):
    assert cli_main(["--help"]) == 0
    assert cli_main(["check", "--help"]) == 0
    assert cli_main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--network" in out and "--variant" in out


def test_cli_check_runs_a_subset(capsys):
    assert cli_main(["check", "--game", "spirit-duels", "--games", "1", "--jobs", "1", "--fast"]) == 0
    out = capsys.readouterr().out
    assert "prebuilt" in out and "draft" in out and "games played passed every check" in out


def test_a_card_file_that_is_not_a_mapping_is_named_in_words(tmp_path, capsys):
    bad = tmp_path / "cards.yaml"
    bad.write_text("- just\n- a list\n", encoding="utf-8")
    assert cli_main(["play", "restless-spirits", "--option", f"cards={bad}", "--max-steps", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: the top level must be a mapping of named fields (key: value lines), got a list" in err
    assert "<root>" not in err


def test_missing_subcommands_are_named_by_their_choices(capsys):
    assert cli_main(["scenario"]) == 2
    assert "rules-tutor scenario: error: missing the command (give run)\n" in capsys.readouterr().err
    assert cli_main([]) == 2
    assert "error: missing the command (give serve, play, scenario, check or bench)\n" in capsys.readouterr().err


def test_play_header_says_one_player(capsys):
    assert cli_main(["play", "restless-spirits", "--players", "1", "--max-steps", "1"]) == 0
    assert capsys.readouterr().out.startswith("Restless Spirits: 1 player, seed 1 (random moves)")


def test_serve_on_a_port_in_use_says_so_and_exits_2(capsys):
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert cli_main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"port {port} on 127.0.0.1 is in use" in err and "Traceback" not in err


def test_an_unknown_state_fact_is_invalid_and_names_the_file(tmp_path, capsys):
    from tutor.core.content import content_root
    src = (content_root() / "restless-spirits" / "scenarios" / "faq-buy-at-hand-limit.yaml").read_text("utf-8")
    bad = tmp_path / "zz.yaml"
    bad.write_text(src.replace("p1.hand: [t01", "p9.zz: 3, p1.hand: [t01"), encoding="utf-8")
    assert cli_main(["scenario", "run", "--quiet", str(bad)]) == 2
    assert f"INVALID {bad}: expect[0].state.p9.zz: unknown state fact 'p9.zz'" in capsys.readouterr().out


def test_a_lost_solo_game_says_nobody_won(capsys):
    assert cli_main(["play", "restless-spirits", "--players", "1", "--seed", "1"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("Game over after 44 steps. Nobody won (a lost solo game).")
