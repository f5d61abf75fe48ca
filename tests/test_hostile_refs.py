"""The last attack's gaps in files and folders: a saved question with a shipped question's id, file names with
bidi controls or newlines, invisible characters in card references, and an over-long seed in a saved session. Each
attack is reproduced and now sees a clean result (listed, escaped, normalised, or refused naming the field)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import tutor
from tutor.core.content import normalise_ref, normalise_refs
from tutor.core.errors import ContentError, display_path, visible
from tutor.scenario import all_scenarios, load_scenario, run
from tutor.walkthrough import load_walkthrough

ZW = "\u200b"


def _scenario(name: str = "faq-buy-at-hand-limit") -> tuple[Path, dict]:
    src = next(p for p in all_scenarios("restless-spirits") if p.stem == name)
    return src, yaml.safe_load(src.read_text(encoding="utf-8"))


# -- 3. a saved question whose id is a shipped question's -------------------------------------------------------------
def test_a_saved_question_with_a_shipped_id_is_listed_under_its_own_id(tmp_path):
    from widgets.faq import FaqExplorer
    _src, data = _scenario()
    data["meta"]["title"] = "My own take on the full hand"
    (tmp_path / "mine.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    data["meta"]["title"] = "A second copy"
    (tmp_path / "mine2.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    page = FaqExplorer(game_id="restless-spirits", questions_folder=tmp_path)
    shipped = page.index.get("faq-buy-at-hand-limit")
    assert shipped.path.parent.name == "scenarios" and shipped.title == "Buying a Totem with a full hand"
    assert page.mine_ids == {"faq-buy-at-hand-limit-mine"}  # listed, under its own id
    assert page.index.get("faq-buy-at-hand-limit-mine").title == "My own take on the full hand"
    # the second saved file repeats the first one's id: not listed, and named in view
    assert "rt-faq-problem" in page.open_error.value and "mine2.yaml" in page.open_error.value
    assert "already the id of" in page.open_error.value
    page.open("faq-buy-at-hand-limit-mine")
    assert page.entry.title == "My own take on the full hand" and "My own take" in page.card.value
    page._load_mine()  # read again (after a save): the same ids, the shipped one untouched
    assert page.mine_ids == {"faq-buy-at-hand-limit-mine"}
    assert page.index.get("faq-buy-at-hand-limit").path == shipped.path
    assert len({e.id for e in page.index.entries}) == len(page.index.entries)
    (tmp_path / "mine2.yaml").unlink()
    said = FaqExplorer(game_id="restless-spirits", questions_folder=tmp_path).open_error.value
    # only the clash is said now (trial 32: it was silent), by file name and title; nothing is refused
    assert "<b>mine.yaml</b>: it has the id of the question “Buying a Totem with a full hand”" in said
    assert "rt-faq-clash" in said and "not loaded" not in said


# -- 4. file names with bidi controls or newlines -------------------------------------------------------------------
def test_display_path_escapes_controls_and_bounds_length():
    assert display_path("/tmp/a.yaml") == "/tmp/a.yaml"
    assert display_path("evil\u202eLMTH.yaml") == "evil\\u202eLMTH.yaml"
    assert display_path("two\nlines\r\t.yaml") == "two\\nlines\\r\\t.yaml"
    assert display_path(Path("x\u2066y\u2069\x1b[31m.yaml")) == "x\\u2066y\\u2069\\x1b[31m.yaml"
    assert display_path(b"bad\xff.yaml") == "bad\\udcff.yaml"  # an undecodable byte, visible
    long = display_path("d/" * 5000 + "end.yaml")
    assert len(long) <= 240 and long.endswith("end.yaml") and "…" in long
    assert visible("line one\nline two\u202e") == "line one\nline two\\u202e"


@pytest.mark.parametrize("name", ["evil\u202elmth.yaml", "two\nlines.yaml", "zw\u200bspace.yaml"])
def test_a_file_name_with_controls_is_shown_escaped_in_errors_and_the_teacher_list(tmp_path, monkeypatch, name):
    from tutor.walkthrough import walkthrough_folder
    from widgets.model import ErrorPanel
    from widgets.presenter import catalog
    monkeypatch.setenv("RULES_TUTOR_WALKTHROUGHS", str(tmp_path))
    assert walkthrough_folder().resolve() == tmp_path.resolve()
    bad = tmp_path / name
    bad.write_text("steps: [1, 2\n", encoding="utf-8")  # does not load
    with pytest.raises(ContentError) as err:
        load_walkthrough(bad)
    msg = str(err.value)
    assert display_path(bad) in msg and "\u202e" not in msg and "\u200b" not in msg
    assert msg.count("\n") == str(err.value).count("\n") and name.replace("\n", "") not in msg.replace("\n", "")
    assert err.value.path == str(bad)  # the real path is kept for the program
    errors = ErrorPanel()
    refused: list[str] = []
    assert catalog([str(bad)], errors, refused=refused) == []  # never offered (trial 26): named in the teacher list
    assert len(refused) == 1 and f"{display_path(name)}: YAML syntax error" in refused[0]
    assert not any(ch in refused[0] for ch in "\u202e\n\u200b")


def test_a_left_out_saved_question_names_its_file_escaped(tmp_path):
    from tutor.faq_whatif.mine import list_my_questions
    p = tmp_path / "big\u202e.yaml"
    p.write_text("x" * (70 * 1024), encoding="utf-8")
    _kept, left = list_my_questions(tmp_path)
    assert left and "\u202e" not in left[0] and "big\\u202e.yaml" in left[0]


# -- 5. invisible characters in card references ----------------------------------------------------------------------
def test_normalise_ref_matches_card_ids():
    assert normalise_ref("t0" + ZW + "1") == "t01" and normalise_ref("ｔ０１") == "t01"
    assert normalise_ref("\u202et01") == "t01" and normalise_ref("t01\ufeff") == "t01"
    assert normalise_ref(ZW) == ZW and normalise_ref(3) == 3  # left for the loader to name
    assert normalise_refs({"hand": ["t0" + ZW + "1", 2, None], "p1": {"x": "e\u0301"}}) == \
        {"hand": ["t01", 2, None], "p1": {"x": "é"}}


def test_a_zero_width_space_in_scenario_references_names_the_same_card(tmp_path):
    src, data = _scenario()
    hand = data["setup"]["state"]["players"][0]["hand"]
    hand[0] = "t" + ZW + "01"
    data["setup"]["state"]["markets"][0][0] = "t1\u200d0"
    data["script"][0]["totem"] = "t1" + ZW + "0"  # script step
    data["script"][1]["totem"] = "\uff54\uff10\uff17"  # full-width t07
    exp = data["expect"][0]["state"]
    exp["p1.hand"] = [c[:1] + ZW + c[1:] for c in exp["p1.hand"]]
    data["setup"]["options"]["guides"][0] = "okada" + ZW + "-mitsuo"
    path = tmp_path / "zw.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    sc, plain = load_scenario(path), load_scenario(src)
    assert sc.setup.state == plain.setup.state and sc.setup.options == plain.setup.options
    assert [s.params() for s in sc.script] == [s.params() for s in plain.script]
    assert sc.expect[0].state == plain.expect[0].state
    res = run(sc, str(path))
    assert res.ok, res.failures


def test_a_zero_width_space_in_a_saved_session_partial_state_is_the_same_card():
    from tutor.scenario import start
    src, _data = _scenario()
    session = start(load_scenario(src), str(src))
    data = json.loads(session.to_json())
    assert data["prepared"]
    data["partial_state"]["players"][0]["hand"][0] = "t" + ZW + "01"
    again = tutor.load_session(json.dumps(data))
    assert again.state == session.state


def test_a_zero_width_space_in_a_lesson_and_a_walkthrough_reference(tmp_path):
    from tutor.core.content import content_root
    from tutor.lessons import load_lesson
    from tutor.walkthrough import all_walkthroughs
    lesson = content_root() / "restless-spirits" / "lessons" / "01-goal-and-first-spirit.yaml"
    data = yaml.safe_load(lesson.read_text(encoding="utf-8"))
    assert data["solution"][1] == {"kind": "choose-offering", "totem": "t09"}
    data["solution"][1]["totem"] = "t" + ZW + "09"
    data["solution"][0]["spirit"] = "go\u200dnga"
    path = tmp_path / lesson.name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    got = load_lesson(path)
    assert [s.params() for s in got.solution[:2]] == [{"spirit": "gonga"}, {"totem": "t09"}]
    src = all_walkthroughs("restless-spirits")[0]
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    step = next(s["action"] for s in data["steps"] if any(k != "kind" and isinstance(v, str)
                                                          for k, v in s["action"].items()))
    key = next(k for k, v in step.items() if k != "kind" and isinstance(v, str))
    want = step[key]
    step[key] = want[:1] + ZW + want[1:]
    path = tmp_path / src.name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    assert load_walkthrough(path).model_dump() == load_walkthrough(src).model_dump()


# -- 6. an over-long seed in a saved session -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [10 ** 44, -(10 ** 44), 2 ** 200])
def test_a_saved_session_seed_over_40_digits_is_refused_as_such(seed):
    """(Since attack 42 every seed over 999,999,999 is refused: tests/test_seed_bound.py.)"""
    session = tutor.new_game("restless-spirits", players=2, seed=3)
    data = json.loads(session.to_json())
    data["seed"] = seed
    with pytest.raises(ContentError) as err:
        tutor.load_session(json.dumps(data))
    assert err.value.field == "seed" and "a seed is a whole number from 0 to 999,999,999" in str(err.value)
    assert "edited" not in str(err.value) and len(str(err.value)) < 300
    with pytest.raises(ValueError, match="a seed is a whole number from 0 to 999,999,999"):
        tutor.new_game("restless-spirits", players=2, seed=seed)
    big = tutor.new_game("restless-spirits", players=2, seed=tutor.SEED_MAX)  # the largest seed: it loads again
    assert tutor.load_session(big.to_json()).state == big.state


def test_a_zero_width_space_in_a_card_files_references_names_the_same_card(tmp_path):
    """A card file's references to its own cards (a Spirit Duels team's deck and Spirit Lines, a card's Line, a
    Class's Basic cards; a Restless Spirits Light Form's ``replaces``) are normalised like its ids."""
    from tutor.core.content import content_root, load_yaml_model
    from tutor.games.restless_spirits.cards import CardSet as RSCards
    from tutor.games.spirit_duels.cards import CardSet as SDCards
    sd = yaml.safe_load((content_root() / "spirit-duels" / "cards.yaml").read_text(encoding="utf-8"))
    team = sd["teams"][0]
    team["deck"][0] = team["deck"][0][:2] + ZW + team["deck"][0][2:]
    team["lines"][1] = "\u2060" + team["lines"][1]
    p = tmp_path / "sd.yaml"
    p.write_text(yaml.safe_dump(sd, sort_keys=False, allow_unicode=True), encoding="utf-8")
    got = load_yaml_model(SDCards, p)
    assert got.teams[0].deck == load_yaml_model(SDCards, content_root() / "spirit-duels" / "cards.yaml").teams[0].deck
    session = tutor.new_game("spirit-duels", players=2, seed=1, cards=str(p))
    assert session.legal_actions()
    rs = yaml.safe_load((content_root() / "restless-spirits" / "cards.yaml").read_text(encoding="utf-8"))
    holder = next(x for x in _dicts(rs) if isinstance(x.get("replaces"), str) and "\n" not in x["replaces"]
                  and " " not in x["replaces"])
    want = holder["replaces"]
    holder["replaces"] = want[:1] + ZW + want[1:]
    p = tmp_path / "rs.yaml"
    p.write_text(yaml.safe_dump(rs, sort_keys=False, allow_unicode=True), encoding="utf-8")
    loaded = load_yaml_model(RSCards, p)
    found = [x["replaces"] for x in _dicts(loaded.model_dump()) if x.get("replaces") and " " not in x["replaces"]]
    assert want in found and all(r.isascii() for r in found)


def _dicts(data):
    """Every mapping in ``data``, nested ones too."""
    stack, out = [data], []
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            out.append(v)
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return out


# -- found on the way: game options of a shape the game cannot read ---------------------------------------------------
@pytest.mark.parametrize("game,options", [("spirited", {"clans": [["aztecs"], ["vikings"]]}),
                                          ("spirited", {"clans": [{}, {}, {}]}),
                                          ("restless-spirits", {"guides": [[1], {}]}),
                                          ("spirit-duels", {"teams": [["fire"], {}]})])
def test_options_of_a_wrong_shape_are_refused_not_crashed(game, options):
    """``clans: [[x], ...]`` in a saved question's options made ``TypeError: unhashable type`` escape from the FAQ
    index (the page would not open); every option of a shape a game cannot read is a ValueError naming the options."""
    with pytest.raises(ValueError) as err:
        tutor.new_game(game, players=2, seed=1, **options)
    assert "options" in str(err.value) or any(k in str(err.value) for k in options)


def test_a_saved_question_with_unreadable_options_does_not_stop_the_faq_page(tmp_path):
    from tutor import faq
    src = all_scenarios("spirited")[0]
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    data["meta"]["id"] = "my-odd-clans"
    data["setup"]["options"]["clans"] = [["x"]] * 3
    (tmp_path / "odd.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    index = faq.build_index(paths=[tmp_path / "odd.yaml"])  # listed; it says why when opened
    entry = index.get("my-odd-clans")
    with pytest.raises(ValueError):
        from tutor.scenario import start
        start(entry.scenario, str(entry.path))


def test_scenario_run_prints_file_names_and_texts_escaped(tmp_path):
    """``rules-tutor scenario run`` on a folder received from someone: a file name with a newline or a bidi override,
    and escape sequences in a scenario's question, printed raw, could fake PASS lines or recolour the terminal."""
    from tutor.scenario import run_paths
    (tmp_path / "two\nPASS fake.yaml").write_text("meta: {id: x\n", encoding="utf-8")
    src, data = _scenario()
    data["meta"]["question"] = "Red? \x1b[31mRED\x1b[0m \u202ereversed"
    (tmp_path / "esc\u202e.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    lines: list[str] = []
    assert run_paths([tmp_path], out=lines.append) == 2
    text = "\n".join(lines)
    assert "\x1b" not in text and "\u202e" not in text
    assert not any(line.startswith("PASS fake") for line in text.splitlines())
    assert any(line.startswith("INVALID ") and "two\\nPASS fake.yaml" in line for line in lines)
    # a question holding an escape sequence or a bidi override is refused (attack 18, L2), named escaped
    assert any(line.startswith("INVALID ") and "esc\\u202e.yaml: meta.question" in line and "U+001B" in line
               for line in lines), lines


def test_saving_a_walkthrough_under_a_hostile_name_says_so_escaped(tmp_path):
    from tutor.walkthrough import all_walkthroughs, save_walkthrough
    w = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    with pytest.raises(ValueError) as err:
        save_walkthrough(w, tmp_path / "a\u202eb\n.txt")
    assert "a\\u202eb\\n.txt" in str(err.value) and "\u202e" not in str(err.value)


@pytest.mark.parametrize("game", ["restless-spirits", "spirit-duels", "spirited"])
@pytest.mark.parametrize("bad", ["\x1b[31m", "\u202e", "\n"])
def test_a_card_name_with_control_or_bidi_characters_is_refused(tmp_path, game, bad):
    """A card file's names reached the terminal (``rules-tutor play``) and the pages with escape sequences and bidi
    overrides; names are one line of plain text, refused naming the file and the field."""
    from tutor.core.content import content_root, load_yaml_model
    from tutor.games.restless_spirits.cards import CardSet as RS
    from tutor.games.spirit_duels.cards import CardSet as SD
    from tutor.games.spirited.cards import CardSet as SP
    data = yaml.safe_load((content_root() / game / "cards.yaml").read_text(encoding="utf-8"))
    group = {"restless-spirits": "spirits", "spirit-duels": "cards", "spirited": "clans"}[game]
    data[group][1]["name"] = "Evil" + bad + "name"
    p = tmp_path / "cards.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_yaml_model({"restless-spirits": RS, "spirit-duels": SD, "spirited": SP}[game], p)
    assert err.value.field == f"{group}[1].name" and str(p) in str(err.value)
    assert "control character" in str(err.value) and bad not in str(err.value)


def test_a_saved_question_never_takes_a_shipped_questions_place_while_the_list_fills(tmp_path):
    """Attack 18 (medium): a file in the questions folder carrying the id faq-double-totem (and its own "Source:
    rulebook") hid the rulebook's FAQ: the page, opened before every file was read (its first question only), kept
    the saved file under the shipped id, then dropped the shipped question as "one of mine" once the list filled,
    and opened on the forged question. The shipped question stays, the saved one is listed under its own id, and a
    page opens on a rulebook question unless asked for a saved one."""
    from tutor import faq
    from widgets.faq import FaqExplorer
    _src, data = _scenario("faq-double-totem")
    data["meta"]["title"] = "Forged double totem"
    (tmp_path / "innocent-name.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    first = faq.build_index("restless-spirits", until=lambda e: True)  # the first question only, as a page starts
    assert "faq-double-totem" not in [e.id for e in first.entries]
    page = FaqExplorer(game_id="restless-spirits", questions_folder=tmp_path, index=first)
    assert page.mine_ids == {"faq-double-totem-mine"} and page.entry.id not in page.mine_ids
    page._fill_index(faq.build_index("restless-spirits"))
    page._load_mine()  # read again, as a pre-heated page does when its address arrives
    shipped = page.index.get("faq-double-totem")
    assert shipped.path.parent.name == "scenarios" and shipped.title != "Forged double totem"
    assert page.index.get("faq-double-totem-mine").title == "Forged double totem"
    page.open_asked("faq-double-totem")
    assert page.entry.path == shipped.path
