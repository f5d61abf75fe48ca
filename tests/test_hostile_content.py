"""Untrusted content and hostile users (issue 14, items 1, 2, 6 and 8): each attack is reproduced and must meet a
clean refusal (file and field named, nothing changed, nothing run) or, for text shown in a page, come out as text or
sanitised Markdown."""
from __future__ import annotations

import os
import json
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml

import tutor
from tutor import ContentError
from tutor.core.content import MAX_NODES, content_root, normalise_id, parse_yaml
from tutor.core.errors import MAX_MESSAGE, short
from tutor.lessons import lesson_files, load_lesson
from tutor.scenario import all_scenarios, load_scenario, run_paths
from tutor.walkthrough import all_walkthroughs, load_walkthrough, save_walkthrough

sys.path.insert(0, str(Path(__file__).parent))
from hostile_render import Checker  # noqa: E402

RS_SCENARIO = all_scenarios("restless-spirits")[0]
RS_LESSON = lesson_files("restless-spirits")[0]
RS_WALK = all_walkthroughs("restless-spirits")[0]
#: The issue's 3.6 KB alias bomb: 9 levels of 9 references each (9**9 = 387 million values once expanded).
BOMB = "".join(f"    {c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
BOMB = "    a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + BOMB


def _yaml(path: Path) -> dict:
    return yaml.safe_load(path.read_text("utf-8"))


def _markup(html_text: str) -> list[str]:
    c = Checker()
    c.feed(html_text)
    c.close()
    return c.found


# ------------------------------------------------------------------------------------------------ 1. sanitising
ATTACKS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "<iframe src='https://evil.example/'></iframe>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[site](https://evil.example/)",
    "[host](//evil.example/x)",
    "![pixel](https://evil.example/p.png)",
    "![data](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    '<a href="https://evil.example" onclick="alert(1)">x</a>',
    "<svg onload=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "<style>body{display:none}</style>",
    "text\n\n<div onmouseover=alert(1)>block</div>\n",
    "<!-- <img src=x onerror=alert(1)> -->",
    "`<img src=x onerror=alert(1)>`",
    "<a href='x' title='\" onmouseover=alert(1)'>x</a>",
]


@pytest.mark.parametrize("attack", ATTACKS)
def test_markdown_keeps_no_markup_from_a_file(attack):
    from widgets.style import markdown
    out = markdown("Intro **bold** " + attack)
    assert _markup(out) == [], out
    for tag in ("<script", "<img", "<iframe", "<svg", "<style", "<details", "<div"):
        assert tag not in out.lower()
    assert "<strong>bold</strong>" in out


def test_markdown_keeps_formatting_and_links_inside_the_tutor():
    from widgets.style import markdown
    out = markdown("A *b* **c** `d`\n\n- one\n- two\n\n[FAQ](faq-explorer.ipynb?scenario=x) [rules](#rules)\n\n"
                   "| a | b |\n|---|---|\n| 1 | 2 |")
    for want in ("<em>b</em>", "<strong>c</strong>", "<code>d</code>", "<li>one</li>", "<td>1</td>",
                 'href="faq-explorer.ipynb?scenario=x"', 'href="#rules"'):
        assert want in out
    off = markdown("see [the site](https://evil.example/) and ![a map](https://evil.example/m.png)")
    assert off == "<p>see the site and a map</p>\n"  # off-site links and images become their plain text
    assert markdown("x" * 30_000).endswith("(10,000 more characters not shown)</p>")


def test_a_hostile_lesson_intro_reaches_the_page_as_text(tmp_path, monkeypatch):
    from widgets.lessons import LessonRunner
    data = _yaml(RS_LESSON)
    data["intro"] += "\n\n" + "\n\n".join(ATTACKS)
    data["title"] += ATTACKS[0]
    data["goal"] += ATTACKS[1]
    data["hints"] = [h + ATTACKS[2] for h in data["hints"]]
    bad = load_lesson(text=yaml.safe_dump(data))
    runner = LessonRunner("restless-spirits")
    monkeypatch.setattr(runner, "lessons", [bad] + runner.lessons[1:])
    runner.open(0)
    for _ in bad.hints:
        runner.show_hint()
    for widget in (runner.intro, runner.goal, runner.hints):
        assert _markup(widget.value) == [], widget.value
    assert "&lt;script&gt;" in runner.goal.value  # shown as text
    assert "&lt;img src=x onerror=alert(1)&gt;" in runner.intro.value and "<strong>" in runner.intro.value


@pytest.mark.slow
def test_every_page_shows_file_text_as_text_or_sanitised_markdown(tmp_path):
    """Every free text of every content file (lessons, scenarios, walkthrough narration and notes, clause texts, card
    names and texts, provisional reasons) carries an attack; every page is built and walked over that content
    (lessons with hints and steps, free play with every clause card, FAQ scenarios, every walkthrough step with
    notes), and no widget's HTML holds a script-capable tag, an ``on*`` handler or an off-site URL."""
    script = Path(__file__).parent / "hostile_render.py"
    done = subprocess.run([sys.executable, str(script), str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["errors"] == []
    assert report["found"] == []
    # a lesson whose goal names a card by its name (Spirit Duels' evolve lesson: "Magmaros") cannot be reached once
    # the card file renames that card: it is left out when the folder is read, named with its reason (CI, session
    # 20; trial 24: before, it was listed, then refused when chosen)
    assert report["refused"] == [["07-evolve.yaml", True]], report["refused"]
    assert report["checked"] > 10_000  # the pages were really built and walked


# ------------------------------------------------------------------------------------------------ 2. alias bombs
def _scenario_with(field: str, value_yaml: str) -> str:
    """The first Restless Spirits scenario with ``field`` replaced by ``value_yaml`` (YAML text, block style)."""
    data = _yaml(RS_SCENARIO)
    marker = "__HOSTILE__"
    if field == "setup.options":
        data["setup"]["options"]["x"] = marker
    elif field == "script":
        data["script"][0]["x"] = marker
    elif field == "expect.state":
        data["expect"][0]["state"] = {"x": marker}
    text = yaml.safe_dump(data, sort_keys=False, width=10_000)
    line = next(ln for ln in text.splitlines() if marker in ln)
    indent = len(line) - len(line.lstrip()) + 2
    block = "\n" + "".join(" " * indent + ln.strip() + "\n" for ln in value_yaml.strip().splitlines())
    return text.replace(marker, block.rstrip("\n"), 1)


@pytest.mark.parametrize("field,where", [("setup.options", "setup.options.x"), ("script", "script[0].x"),
                                         ("expect.state", "expect[0].state.x")])
def test_an_alias_bomb_in_a_scenario_is_refused_at_once_naming_file_and_field(tmp_path, field, where):
    p = tmp_path / "bomb.yaml"
    p.write_text(_scenario_with(field, BOMB), encoding="utf-8")
    assert p.stat().st_size < 4000  # a small file...
    t0 = time.process_time()
    with pytest.raises(ContentError) as ei:
        load_scenario(p)
    assert time.process_time() - t0 < 1.0
    msg = str(ei.value)
    assert msg.startswith(str(p)) and where in msg and "alias" in msg and len(msg) < 400
    assert ei.value.field.startswith(where)
    out: list[str] = []
    t0 = time.process_time()
    assert run_paths([p], out=out.append) == 2  # the runner: one INVALID line, no hang, no huge line
    assert time.process_time() - t0 < 2.0
    assert max(map(len, out)) < 500 and out[0].startswith(f"INVALID {p}")


def test_an_alias_bomb_in_a_walkthrough_step_or_a_lesson_or_a_card_file_is_refused(tmp_path):
    data = _yaml(RS_WALK)
    text = yaml.safe_dump(data, sort_keys=False, width=10_000).replace(
        "  narration:", "  bomb:\n" + BOMB.replace("    ", "      ") + "  narration:", 1)
    with pytest.raises(ContentError) as ei:
        load_walkthrough(text=text)
    assert "steps[0].bomb" in str(ei.value) and "alias" in str(ei.value)
    lesson = RS_LESSON.read_text("utf-8").replace("setup:\n", "setup:\n  extra:\n" + BOMB.replace("    ", "      "), 1)
    with pytest.raises(ContentError) as ei:
        load_lesson(text=lesson)
    assert "setup.extra" in str(ei.value)
    cards = tmp_path / "cards.yaml"
    cards.write_text((content_root() / "restless-spirits" / "cards.yaml").read_text("utf-8")
                     + "bomb:\n" + BOMB.replace("    ", "  "), encoding="utf-8")
    t0 = time.process_time()
    with pytest.raises(ContentError) as ei:
        tutor.new_game("restless-spirits", cards=cards)
    assert str(ei.value).startswith(str(cards)) and "bomb" in str(ei.value)
    assert time.process_time() - t0 < 2.0


def test_shipped_content_keeps_its_small_aliases():
    """The shipped Spirited card file repeats a few small mappings with aliases: still read."""
    assert "*id001" in (content_root() / "spirited" / "cards.yaml").read_text("utf-8")
    assert tutor.new_game("spirited").legal_actions()


@pytest.mark.parametrize("text,words", [
    ("a: " + "[" * 60 + "]" * 60, "nested too deeply"),
    ("a: " + "[" * 3000 + "]" * 3000, "nested too deeply"),
    ("a: &x [*x]", "refers to a value that contains it"),
    ("a: *nothing", "names no anchor"),
    ("a: !!python/object/apply:os.system ['touch /tmp/rules-tutor-pwned']", "YAML tag"),
    ("a: !!binary aGk=", "YAML tag"), ("a: !!set {x, y}", "YAML tag"), ("a: !local x", "YAML tag"),
    ("a: !!timestamp 2024-01-01", "YAML tag"),
    ("seed: " + "9" * 5000, "whole number of 5,000 characters"),
    ("a: [" + ", ".join(["x"] * (MAX_NODES + 10)) + "]", "more than 100,000 values"),
    ("a: &s " + "x" * 1_000_000 + "\nb: [" + ", ".join(["*s"] * 5) + "]", "characters of text"),
])
def test_yaml_bounds(text, words):
    with pytest.raises(ContentError) as ei:
        parse_yaml(text, "f.yaml")
    assert words in str(ei.value) and str(ei.value).startswith("f.yaml: ") and len(str(ei.value)) < 500


def test_dates_stay_text_and_plain_data_loads():
    assert parse_yaml("d: 2024-01-01\nn: 12\nf: 1.5\nb: true\nz: null\nl: [a, {k: v}]", "f") == {
        "d": "2024-01-01", "n": 12, "f": 1.5, "b": True, "z": None, "l": ["a", {"k": "v"}]}


def test_a_saved_session_within_bounds_only():
    saved = json.loads(tutor.new_game("restless-spirits", seed=4).to_json())
    saved["actions"] = [1] * 300_000  # validated, it would give 300,000 problems
    t0 = time.process_time()
    with pytest.raises(ContentError) as ei:
        tutor.load_session(json.dumps(saved))
    assert time.process_time() - t0 < 2.0 and "more than 100,000 values" in str(ei.value) and ei.value.field
    saved["actions"] = []
    saved["initial_state"]["players"][0]["released"] = [1] * 50_000
    with pytest.raises(ContentError) as ei:
        tutor.load_session(json.dumps(saved))
    # compared with the state its origin deals (the file's state is never validated on trust): one bounded line
    assert "initial_state.players[0].released[0]" in str(ei.value) and len(str(ei.value)) < 2000


def test_short_bounds_any_value_in_size_and_time():
    cyclic: list = []
    cyclic.append(cyclic)
    deep: list = []
    for _ in range(10_000):
        deep = [deep]
    t0 = time.perf_counter()
    for v in ("x" * 10**7, list(range(10**6)), {str(i): i for i in range(10**5)}, 10**5000, cyclic, deep,
              b"y" * 10**6, 2.5, None, "short"):
        s = short(v)
        assert len(s) <= 80
    assert time.perf_counter() - t0 < 5.0  # about 0.05 s: an unbounded repr of these takes far longer (or never ends)
    assert short("short") == "'short'" and short("ab" * 100, 5, quote=False) == "abab…"
    assert short(10**5000).startswith("<a whole number of about 500")


def test_messages_never_print_an_unbounded_value(tmp_path):
    huge = "g" * 200_000
    data = _yaml(RS_SCENARIO)
    data["setup"]["options"]["guides"] = [huge, huge]
    data["expect"][0]["fired"] = [huge]
    with pytest.raises(ContentError) as ei:
        load_scenario(text=yaml.safe_dump(data))
    assert len(str(ei.value)) < 600
    data = _yaml(RS_SCENARIO)
    data["setup"]["options"]["guides"] = [huge, huge]
    sc = load_scenario(text=yaml.safe_dump(data))
    from tutor.scenario import start
    with pytest.raises(ContentError) as ei:
        start(sc, "s.yaml")
    assert len(str(ei.value)) < 1000 and "guides" in str(ei.value)
    data = _yaml(RS_SCENARIO)
    data["script"][0]["totem"] = huge
    sc = load_scenario(text=yaml.safe_dump(data))
    from tutor.scenario import run
    res = run(sc, "s.yaml")
    assert res.failures and max(map(len, res.failures)) < 2000 and len(sc.script[0].describe()) < 200
    assert len(str(ContentError("x" * 10**6))) <= MAX_MESSAGE + 60
    with pytest.raises(ValueError) as ei:
        tutor.new_game("restless-spirits", players=[1] * 10**6)
    assert len(str(ei.value)) < 300


# ------------------------------------------------------------------------------------------------ 6. reserved options
@pytest.mark.parametrize("name", ["seed", "players", "game_id"])
def test_scenario_options_naming_seed_players_or_game_id_are_an_invalid_file_and_the_others_still_run(tmp_path, name):
    files = sorted(all_scenarios("restless-spirits"))[:2]
    shutil.copy(files[0], tmp_path / "a.yaml")
    shutil.copy(files[1], tmp_path / "c.yaml")
    data = _yaml(files[0])
    data["meta"]["id"] = "evil"
    data["setup"]["options"][name] = 3
    (tmp_path / "b.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    out: list[str] = []
    assert run_paths([tmp_path], verbose=False, out=out.append) == 2
    invalid = [x for x in out if x.startswith("INVALID")]
    assert len(invalid) == 1 and str(tmp_path / "b.yaml") in invalid[0] and "setup.options" in invalid[0]
    assert f"'{name}' is not a game option" in invalid[0]
    assert sum(x.startswith("PASS") for x in out) == 2 and "Traceback" not in "\n".join(out)
    for loader, path in ((load_lesson, RS_LESSON), (load_walkthrough, RS_WALK)):
        d = _yaml(path)
        d["setup"].setdefault("options", {})[name] = 3
        with pytest.raises(ContentError) as ei:
            loader(text=yaml.safe_dump(d))
        assert ei.value.field == "setup.options" and "is not a game option" in str(ei.value)


def test_the_command_line_refuses_option_seed(capsys):
    from tutor.cli import main
    try:
        code = main(["play", "restless-spirits", "--option", "seed=3", "--max-steps", "1"])
    except SystemExit as exc:
        code = exc.code
    assert code == 2 and "'seed' is not a game option: use --seed" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------------ 8. smaller ones
def _seed_app():
    from widgets.app import TutorApp
    app = TutorApp(tutor.new_game("restless-spirits", players=2, seed=5, first_game=True), new_game=True)
    return app, app.controls.seed, app.controls.seed_note


@pytest.mark.parametrize("typed,shown,says", [
    ("9" * 5000, "5", "999999999999999999999999... is too large. The seed stays 5."),
    ("١٢", "5", "١٢ is not written with the digits 0 to 9. The seed stays 5."),
    # (attack 45: a sign is refused, as by the command line's --seed: one rule, tutor.typed_seed)
    ("-0", "5", "-0 has a sign: write the digits alone"), ("+12", "5", "+12 has a sign: write the digits alone"),
    ("0" * 5000, "0", None), ("-7", "5", "-7 is below 0"),
])
def test_seed_box_refuses_cleanly(typed, shown, says):
    app, box, note = _seed_app()
    box.value = typed
    assert box.value == shown and not app.errors.output.outputs  # no traceback in the page
    if says is None:
        assert note.layout.display == "none"
    else:
        assert says in note.value and note.layout.display is None
    app.controls.new.click()
    assert app.session.game.seed == int(shown) and not app.errors.output.outputs


def test_a_seed_too_long_to_take_is_said_next_to_the_box_not_left_under_an_older_note():
    """Trial 30: "<img ...>" typed (refused, said), then 5,000 nines typed in the browser: the page's message is refused
    unread by the comm guard (longer than a Text box takes), and the note still named the "<img" value. Now the note
    says this value was refused, and New game starts nothing."""
    app, box, note = _seed_app()
    box.value = "<img src=x onerror=alert(1)>"
    assert "&lt;img" in note.value and "<img" not in note.value
    app.controls.new.click()  # the refused value starts nothing
    box._handle_msg({"content": {"comm_id": box.comm.comm_id, "data": {"method": "update", "state": {
        "value": "9" * 5000}, "buffer_paths": []}}, "buffers": [], "header": {"msg_type": "comm_msg"},
        "parent_header": {}, "metadata": {}})  # as the kernel's comm manager hands the browser's message over
    assert box.value == "5" and "far too long" in note.value and "img" not in note.value
    assert note.layout.display is None
    app.controls.new.click()
    assert "Nothing was started" in note.value and app.session.game.seed == 5 and not app.errors.output.outputs
    app.controls.new.click()  # the next press plays the seed kept
    assert app.session.game.seed == 5 and not app.errors.output.outputs


def test_saves_of_one_walkthrough_name_at_once_do_not_collide(tmp_path):
    w = load_walkthrough(RS_WALK)
    w = w.model_copy(update={"steps": w.steps[:2]})
    target = tmp_path / "same.yaml"
    save_walkthrough(w, target)
    errors: list[BaseException] = []

    def save():
        try:
            save_walkthrough(w, target, overwrite=True)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=save) for _ in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert load_walkthrough(target).id == w.id
    assert sorted(p.name for p in tmp_path.iterdir()) == ["same.yaml"]  # no temporary file left


def test_a_clauses_file_missing_a_clause_the_engine_cites_is_refused_at_load(content_copy):
    from tutor.registry import cited_clauses
    p = content_copy / "restless-spirits" / "clauses.yaml"
    data = _yaml(p)
    assert "rs.buy" in cited_clauses("restless-spirits")
    data["clauses"] = [c for c in data["clauses"] if c["id"] != "rs.buy"]
    for c in data["clauses"]:
        c["related"] = [r for r in c.get("related", []) if r != "rs.buy"]
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        tutor.new_game("restless-spirits")
    assert str(ei.value).startswith(str(p)) and ei.value.field == "clauses" and "'rs.buy'" in str(ei.value)
    with pytest.raises(ContentError):
        tutor.clauses("restless-spirits")


def test_every_shipped_clauses_file_has_every_cited_clause():
    from tutor.registry import cited_clauses
    for g in tutor.GAMES:
        assert len(cited_clauses(g)) > 50 and cited_clauses(g) <= set(tutor.clauses(g))


@pytest.mark.parametrize("game,group", [("restless-spirits", "totems"), ("spirited", "clans"),
                                        ("spirit-duels", "cards")])
@pytest.mark.parametrize("trick", ["\u200b", "nfkc"])
def test_card_ids_that_differ_only_by_a_zero_width_space_or_normal_form_are_one_id(tmp_path, game, group, trick):
    src = content_root() / game / "cards.yaml"
    data = _yaml(src)
    first = data[group][0]["id"]
    twin = first[:1] + "\u200b" + first[1:] if trick == "\u200b" else "".join(
        chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in first)  # fullwidth letters and digits
    assert twin != first and normalise_id(twin) == first
    data[group][1]["id"] = twin
    p = tmp_path / "cards.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        if game == "spirited":  # no cards option: its loader
            from tutor.core.content import load_yaml_model
            from tutor.games.spirited.cards import CardSet
            load_yaml_model(CardSet, p)
        else:
            tutor.new_game(game, cards=p)
    assert str(ei.value).startswith(str(p)) and f"{group}[1].id" in str(ei.value) and "duplicate" in str(ei.value)


def test_normalise_id():
    assert normalise_id("t\u200b0\u200d1\ufeff") == "t01" and normalise_id("ｔ０１") == "t01"
    assert normalise_id("e\u0301") == "\u00e9"
    with pytest.raises(ValueError):
        normalise_id("\u200b")


def test_a_10000_character_scenario_parameter_is_not_echoed_whole():
    from widgets.faq import FaqExplorer
    page = FaqExplorer(open_id="x" * 10_000)
    said = page.notice.value
    assert "a question called “xxx" in said and len(said) < 2000 and not page.errors.output.outputs


def test_the_page_says_a_reload_starts_a_new_game():
    from widgets.app import TutorApp
    app = TutorApp(tutor.new_game("restless-spirits", players=2, seed=5, first_game=True), new_game=True)
    assert "Reloading the page starts a new game" in app.log._empty.value
    assert "reloading the page starts a new game" in app.log._head.value


def test_saves_never_write_through_a_symbolic_link_in_the_folder(tmp_path):
    """A walkthrough or question folder received from someone else may hold links to files elsewhere: a save names
    a file in the folder and never writes through a link (refused without overwrite; the link itself replaced with
    it)."""
    from tutor.faq_whatif import save_question
    from tutor.scenario import load_scenario
    from tutor.walkthrough import all_walkthroughs, load_walkthrough, save_in_folder
    folder, outside = tmp_path / "folder", tmp_path / "outside"
    folder.mkdir(), outside.mkdir()
    (outside / "victim.yaml").write_text("victim")
    (folder / "fresh.yaml").symlink_to(outside / "newdir" / "created.yaml")
    (folder / "mine.yaml").symlink_to(outside / "victim.yaml")
    w = load_walkthrough(all_walkthroughs("restless-spirits")[0])
    sc = load_scenario(next(iter(sorted((content_root() / "restless-spirits" / "scenarios")
                                        .glob("*.yaml")))))
    for save, what in ((lambda n, ow: save_in_folder(w, n, overwrite=ow, folder=folder), "walkthrough"),
                       (lambda n, ow: save_question(sc, n, overwrite=ow, folder=folder), "question")):
        with pytest.raises(FileExistsError, match="fresh.yaml already exists") as ei:
            save("fresh", False)
        assert str(tmp_path) not in str(ei.value), what  # attack 19 M2: no server folder in a learner's notice
        with pytest.raises(FileExistsError, match="mine.yaml already exists") as ei:
            save("mine", False)
        assert str(ei.value) == "mine.yaml already exists; tick overwrite to replace it", what
        p = save("mine", True)
        assert p == folder.resolve() / "mine.yaml" and not p.is_symlink(), what
        (folder / "mine.yaml").unlink()
        (folder / "mine.yaml").symlink_to(outside / "victim.yaml")
    assert not (outside / "newdir").exists() and (outside / "victim.yaml").read_text() == "victim"
    assert sorted(x.name for x in outside.iterdir()) == ["victim.yaml"]


def test_shown_text_drops_bidi_overrides_and_markdown_links_stay_in_the_pages():
    from widgets.style import esc, local_url, markdown
    assert esc("Gon\u202ega <b>") == "Gonga &lt;b&gt;"
    assert esc("a\u2066b\u2069c") == "abc"
    for url in ("/hub/logout", "../../hub/api/users", "a/../b", "//evil.example", "https://x.example"):
        assert not local_url(url), url
    for url in ("lesson-2", "?scenario=x", "#rules", "faq-explorer.ipynb?scenario=faq-1"):
        assert local_url(url), url
    out = markdown("[out](/hub/logout) [up](../../hub/api/users) [in](#rules)")
    assert "/hub" not in out and 'href="#rules"' in out and "out" in out and "up" in out


@pytest.mark.parametrize("url", [
    "%2e%2e/%2e%2e/%2e%2e/%2e%2e/hub/logout", ".%2E/.%2E/.%2E/.%2E/user/bob/", "%2E%2E/x", "%2e./x", ".%2e/x",
    "%252e%252e/hub/logout", "%25252e%25252e/x", "%2525252525252e%2e/x", "a/%2e%2e/%2e%2e/%2e%2e/hub",
    "%2f%2fevil.example/x", "%2Fhub/logout", "%5c%5cevil.example", "%2e%2e%5chub", "javascript%3aalert(1)",
    "x" * 501,
])
def test_percent_encoded_dot_segments_and_slashes_never_make_a_live_link(url):
    """Attack 15 F1: ``[Next](%2e%2e/%2e%2e/hub/logout)`` in a lesson intro stayed a live link and the browser
    resolved it up the path to the hub's logout. Links are now checked percent-decoded (repeatedly, any case,
    backslashes read as ``/``): such a link is shown as its plain text."""
    from widgets.style import local_url, markdown
    assert not local_url(url), url
    out = markdown(f"Go to [Next lesson]({url}) now.")
    assert "<a" not in out and "href" not in out and "Next lesson" in out, out


def test_plain_local_links_still_work_after_percent_decoding():
    from widgets.style import local_url, markdown
    for url in ("lesson-2", "?scenario=faq-1", "#rules", "lesson%2D2", "a.b/c", "100%"):
        assert local_url(url), url
    assert 'href="lesson%2D2"' in markdown("[n](lesson%2D2)")


def test_a_true_or_false_seed_players_or_order_is_refused(tmp_path):
    base = yaml.safe_load((content_root() / "restless-spirits" / "scenarios" / "faq-double-totem.yaml").read_text())
    for field, value in (("seed", True), ("players", False)):
        data = json.loads(json.dumps(base))
        data["setup"][field] = value
        with pytest.raises(ContentError, match=f"setup.{field}"):
            load_scenario(text=yaml.safe_dump(data))


# ------------------------------------------------------------------------------------------------ issue 14, gaps
@pytest.mark.parametrize("game,entry", [
    ("restless-spirits", {"seat": 1, "ap": 3}),
    ("spirited", {"seat": 1, "hand": []}),
    ("spirit-duels", {"seat": 1, "hand": []}),
])
def test_a_seat_given_twice_in_a_partial_state_is_refused_naming_file_and_field(tmp_path, game, entry, capsys):
    """Two ``players`` entries for one seat: the second silently overrode the first; now the file is refused, naming
    the file and ``setup.state.players[1].seat``, in ``scenario run`` (exit 2) and when a page starts it."""
    from tutor.scenario import start
    data = _yaml(all_scenarios(game)[0])
    data["setup"]["state"] = {"players": [dict(entry), {**entry, "seat": 2}, dict(entry)]}
    p = tmp_path / "twice.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    sc = load_scenario(p)
    with pytest.raises(ContentError) as ei:
        start(sc, str(p))
    msg = str(ei.value)
    assert msg.startswith(f"{p}: setup.state: players[2].seat: seat 1 is already set by players[0]"), msg
    assert ei.value.field == "players[2].seat"
    assert run_paths([str(p)]) == 2
    assert "players[2].seat" in capsys.readouterr().out
    data["setup"]["state"]["players"][0]["seat"] = True  # true is not seat 1
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        start(load_scenario(p), str(p))
    assert "players[0].seat" in str(ei.value)


@pytest.mark.parametrize("edit,field,words", [
    (lambda d: d["solution"].__setitem__(0, {"kind": "no-such-kind"}), "solution[0]",
     "step 1 of the solution, no-such-kind(), does not play"),
    (lambda d: d["solution"].__setitem__(0, {**d["solution"][0], "no_such_param": [1, {"x": None}]}), "solution[0]",
     "unknown parameter 'no_such_param'"),
    (lambda d: d["solution"].append({"kind": "buy", "card": "\u202e" + "x" * 5000}), "solution[",
     "does not play"),
    (lambda d: d.__setitem__("solution", d["solution"][:0]) or d["solution"].append({"kind": "end-turn"}),
     "solution", "the goal is not reached"),
    (lambda d: d["check"].setdefault("state", {}).__setitem__("no.such.fact", 1), "check.state",
     "unknown state fact 'no.such.fact'"),
])
def test_a_lesson_whose_solution_or_goal_cannot_work_is_refused_when_it_starts(tmp_path, edit, field, words):
    """A lesson's ``solution`` and the facts its goal names can only be checked against a game: the lesson is
    refused when it starts (one replay of its solution), naming the file, the field and the step, never a traceback
    at the first step or a solution that fails when a test or a page plays it."""
    from tutor.lessons import start_lesson
    data = _yaml(RS_LESSON)
    assert data["solution"], "the first Restless Spirits lesson has a solution"
    edit(data)
    p = tmp_path / "lesson.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    lesson = load_lesson(p)  # the file itself is well formed
    with pytest.raises(ContentError) as ei:
        start_lesson(lesson)
    msg = str(ei.value)
    assert msg.startswith(f"{p}: {field}"), msg
    assert words in msg and len(msg) < 1200, msg
    assert ei.value.field.startswith(field)


def test_a_solution_that_misses_its_goal_is_said_in_rule_titles_without_a_python_list(tmp_path):
    """Trial 22: "after its 1 step(s) the goal is not reached: expected clause a rule to fire; fired: ['rs.turn.ap',
    'rs.turn.no-carry']" reached the page (a raw list of ids, an ungrammatical sentence). The message names each rule
    by its title with its id in brackets (for ``rules-tutor check``), and on a page (plain_problem) by title only."""
    from tutor.lessons import check_lesson
    from widgets.problems import plain_problem
    src = RS_LESSON.parent / "02-attract-and-mastery.yaml"
    data = _yaml(src)
    data["solution"] = [{"kind": "end-turn"}]
    p = tmp_path / src.name
    p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        check_lesson(load_lesson(p))
    msg = str(ei.value)
    t = {c: x.title for c, x in tutor.clauses("restless-spirits").items()}
    assert msg == (f"{p}: solution: after its 1 step the goal is not reached: the rule “{t['rs.mastery']}” "
                   f"(rs.mastery) was expected to apply but did not; the rules that applied: “{t['rs.turn.ap']}” "
                   f"(rs.turn.ap) and “{t['rs.turn.no-carry']}” (rs.turn.no-carry)"), msg
    shown = plain_problem(msg)
    assert shown == (f"{p.name}: solution: after its 1 step the goal is not reached: the rule “{t['rs.mastery']}” "
                     f"was expected to apply but did not; the rules that applied: “{t['rs.turn.ap']}” and "
                     f"“{t['rs.turn.no-carry']}”"), shown


def test_every_shipped_lesson_starts_and_its_solution_reaches_its_goal():
    from tutor.lessons import all_lessons, goal_reached, play_solution, start_lesson
    for g in tutor.GAMES:
        for lesson in all_lessons(g):
            start_lesson(lesson)
            assert goal_reached(lesson, play_solution(lesson)), lesson.id


def test_a_learn_page_with_a_broken_lesson_says_so_and_keeps_its_game(content_copy, monkeypatch):
    """A lesson whose solution does not play is left out when the folder is read (trial 24: it was listed, then
    refused when chosen), named with its field in words; should a listed lesson still not start when chosen, the
    error panel says so (file and field) and the game on the board stays as it was."""
    import widgets.lesson_runner as runner_module
    from widgets.lessons import LessonRunner
    folder = content_copy / "restless-spirits" / "lessons"
    files = sorted(folder.glob("*.yaml"))
    data = _yaml(files[1])
    data["solution"] = [{"kind": "no-such-kind"}]
    files[1].write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    runner = LessonRunner("restless-spirits")
    assert data["id"] not in [x.id for x in runner.lessons]
    assert len(runner.left_out) == 1 and f"{files[1].name}: solution[0]" in runner.left_out[0], runner.left_out
    before = runner.app.session.to_json()
    shown = (runner.index, runner.picker.value, runner.intro.value, runner.goal.value, runner.lesson.id)
    later = runner.lessons[3].id

    def refused(lesson):
        if lesson.id == later:
            raise ContentError(f"{files[4]}: solution[0]: step 1 of the solution, x(), does not play: no",
                               path=str(files[4]), field="solution[0]")
        return runner_module.open_hands(runner_module._start_lesson(lesson))
    monkeypatch.setattr(runner_module, "start_lesson", refused)
    runner.picker.value = 3
    said = "".join(o.get("text", "") for o in runner.errors.output.outputs)
    assert f"{files[4].name}: solution[0]" in said and str(files[4].parent) not in said and "Traceback" not in said, said
    assert runner.app.session.to_json() == before
    # the picker goes back and the lesson shown stays whole: before, its texts and hints moved to the refused lesson
    # over the old board, and the next Hint raised the refusal again (CI, session 20)
    assert (runner.index, runner.picker.value, runner.intro.value, runner.goal.value, runner.lesson.id) == shown
    runner.errors.output.outputs = ()
    runner.show_hint()
    assert runner.hints.value and not runner.errors.output.outputs
    with pytest.raises(ContentError):
        runner.open(3)  # called directly, the refusal is raised, and nothing moves either
    assert (runner.index, runner.picker.value, runner.lesson.id) == shown[:2] + shown[4:]


GRAPH_EDITS = [
    (lambda d: d["effects"]["gain-ap"][0].__setitem__("why", "{p.__class__.__init__.__globals__}"),
     "effects.gain-ap[0].why", "placeholder '{p.__class__.__init__.__globals__}' is not allowed"),
    (lambda d: d["effects"]["gain-ap"][0].__setitem__("why", "{value:>999999999}"),
     "effects.gain-ap[0].why", "placeholder '{value:>999999999}' is not allowed"),
    (lambda d: d["effects"]["gain-ap"][0].__setitem__("to", "{card!r}"), "effects.gain-ap[0].to", "not allowed"),
    (lambda d: d["effects"]["gain-ap"][0].__setitem__("why", "a lone { brace"), "effects.gain-ap[0].why",
     "not a valid template"),
    (lambda d: d["nodes"][0].__setitem__("Ongoing or on release)", None), "nodes[0]", "not a field this file can have"),
    (lambda d: d["effects"]["gain-ap"][0].__setitem__("kind", "explodes"), "effects.gain-ap[0].kind",
     "'explodes' is not an edge kind of the vocabulary"),
    (lambda d: d["nodes"][1].__setitem__("id", d["nodes"][0]["id"]), "nodes[1].id", "is already the id of nodes[0]"),
    (lambda d: d["nodes"][0].__setitem__("kind", "dragon"), "nodes[0].kind", "not a node kind"),
    (lambda d: d["rules"][0]["clauses"].append("rs.no-such-clause"), "rules[0].clauses",
     "unknown clause id 'rs.no-such-clause'"),
    (lambda d: d.__setitem__("game", "spirited"), "game", "not of spirited"),
    (lambda d: d.__setitem__("rules", [{"kind": "blocks", "to": "ap", "why": "x"}] * 101), "rules", "at most 100"),
    (lambda d: d["effects"]["gain-ap"][0].__setitem__("to", {"select": {"x": {"y": 1}}}), "effects.gain-ap[0].to",
     ""),
    (lambda d: d.__setitem__("nodes", "ap"), "nodes", "must be a list"),
]


@pytest.mark.parametrize("edit,field,words", GRAPH_EDITS)
def test_a_hostile_graph_file_is_refused_naming_file_and_field(tmp_path, edit, field, words):
    """The ability graph's files had no schema: a template such as ``{p.__class__...}`` read Python's insides into
    the page, ``{value:>999999999}`` built a gigabyte of text, a mistyped node (a comma in a label) was taken
    silently. Each is refused at load, naming the file and the field, before any graph is built."""
    from tutor.interactions import load_graph_table
    data = _yaml(content_root() / "graph" / "restless-spirits.yaml")
    edit(data)
    p = tmp_path / "restless-spirits.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        load_graph_table(p, "restless-spirits")
    msg = str(ei.value)
    assert msg.startswith(f"{p}: {field}"), msg
    assert words in msg and len(msg) <= MAX_MESSAGE + 100, msg


def test_a_hostile_graph_vocabulary_is_refused_and_the_shipped_graph_files_pass(tmp_path):
    from tutor.interactions import GAMES, build, graph_dir, load_graph_table, load_vocabulary
    p = tmp_path / "vocabulary.yaml"
    p.write_text("edge_kinds: {}\nnode_kinds: {spirit: a Spirit}\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"vocabulary.yaml: edge_kinds: "):
        load_vocabulary(p)
    p.write_text("edge_kinds: {blocks: x}\nnode_kinds: {spirit: [a, b]}\nextra: 1\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"vocabulary.yaml: node_kinds.spirit: "):
        load_vocabulary(p)
    load_vocabulary(graph_dir() / "vocabulary.yaml")
    for g in GAMES:
        load_graph_table(graph_dir() / f"{g}.yaml", g)
    G = build("restless-spirits", scenarios=False)
    assert G.nodes["restless-spirits:spirit-abilities"]["label"] == "Copyable abilities (Activated, Ongoing or on release)"


def test_a_users_content_folder_with_a_hostile_graph_file_is_refused_by_build(content_copy):
    from tutor import interactions
    p = content_copy / "graph" / "spirited.yaml"
    data = _yaml(p)
    data["rules"][0]["why"] = "{p.__dict__}"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    interactions.vocabulary.cache_clear()
    try:
        with pytest.raises(ContentError) as ei:
            interactions.build("spirited", scenarios=False)
        assert str(ei.value).startswith(str(p)) and "not allowed" in str(ei.value)
    finally:
        interactions.vocabulary.cache_clear()


# ------------------------------------------------------------------------------------------------ attacked afresh
BIG_ARG = "9" * 5000


@pytest.mark.parametrize("argv", [
    ["play", "restless-spirits", "--players", BIG_ARG], ["play", "restless-spirits", "--seed", "x" * 5000],
    ["play", "restless-spirits", "--max-steps", BIG_ARG], ["check", "--games", BIG_ARG], ["check", "--start", BIG_ARG],
    ["check", "--jobs", BIG_ARG], ["bench", "--repeat", BIG_ARG], ["serve", "--port", BIG_ARG],
    ["serve", "--pool", BIG_ARG], ["serve", "--max-kernels", BIG_ARG], ["scenario", "run", "x" * 5000],
    ["play", "x" * 5000],
])
def test_the_command_line_never_echoes_a_long_argument_whole(argv, capsys):
    """argparse said ``invalid int value: '999...'`` with all 5,000 digits (and an OSError the whole path): each
    refusal now shows at most a short part of what was typed, exit 2, no traceback."""
    from tutor.cli import main
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err) < 1500, err[-300:]
    assert "9" * 100 not in err and "x" * 100 not in err


def test_check_refuses_more_games_or_worker_processes_than_the_machine_can_hold(capsys):
    """``check --jobs 100000`` started 100,000 processes at once, and ``check --games 10000000`` made a list of
    hundreds of millions of games before the first: both are refused, naming the argument and the bound."""
    import os
    from tutor.cli import main
    assert main(["check", "--jobs", "100000", "--games", "1"]) == 2
    assert f"error: --jobs: must be at most {4 * (os.cpu_count() or 1)}" in capsys.readouterr().err
    assert main(["check", "--games", "10000000"]) == 2
    assert "error: --games: must be at most 100,000" in capsys.readouterr().err


def test_bench_refuses_runs_that_would_never_end(capsys):
    """``bench --repeat 100000000000`` was taken and ran on (fresh attack, session 11): ``--repeat`` and ``--games``
    are bounded, naming the argument and the bound."""
    from tutor.cli import main
    assert main(["bench", "--repeat", "100000000000"]) == 2
    assert "error: --repeat: must be at most 100 " in capsys.readouterr().err
    assert main(["bench", "--games", "10000001"]) == 2
    assert "error: --games: must be at most 10,000 " in capsys.readouterr().err


def test_guides_that_are_not_ids_are_a_value_error_not_a_type_error():
    """``--option 'guides=[[1],{}]'`` raised a raw TypeError (unhashable list) from new_game."""
    with pytest.raises(ValueError, match="guides must list 2 different guide ids"):
        tutor.new_game("restless-spirits", players=2, guides=[[1], {}])


def test_a_questions_folder_of_large_files_is_not_read_whole(tmp_path):
    """``~/rules-tutor-questions`` (a class may share one) with large files: each took seconds to read and the FAQ
    page read up to 200 of them as it opened. Files over 16 KB, and files past 128 KB in all, are left out, named."""
    import time as _time
    from tutor.faq_whatif.mine import QUESTION_BYTES, list_my_questions
    from widgets.faq import FaqExplorer
    data = _yaml(all_scenarios("restless-spirits")[0])
    data["meta"]["id"] = "my-small"
    (tmp_path / "a-small.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    data["meta"]["covers"] = [f"w{i}" for i in range(90_000)]
    for i in range(3):
        data["meta"]["id"] = f"my-big-{i}"
        (tmp_path / f"big-{i}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    kept, left = list_my_questions(tmp_path)
    assert kept == [tmp_path / "a-small.yaml"] and len(left) == 3
    assert left[0].startswith("big-0.yaml: ") and f"{QUESTION_BYTES // 1024} KB" in left[0]
    assert not any(str(tmp_path) in x for x in left)  # a learner sees file names, never the server's folders
    t0 = _time.perf_counter()
    page = FaqExplorer(game_id="restless-spirits", questions_folder=tmp_path)
    assert _time.perf_counter() - t0 < 30
    assert page.mine_ids == {"my-small"}
    assert any("big-2.yaml: " in p for p in page.index.problems)
    t0 = _time.process_time()  # (the same page) a search of 1 MB: quick, and said back short
    page.search.value = " ".join(f"w{i}" for i in range(150_000))
    assert _time.process_time() - t0 < 2 and "No scenario matches “w0 w1" in page._none.value
    assert len(page._none.value) < 200


def test_a_questions_folder_is_read_only_up_to_128_kb_in_all(tmp_path):
    """The fresh attack's folder: 32 files just under the per-file bound (64 KB then) of one-letter values took 94 s
    to open the FAQ page. Now each file is at most 16 KB and all of them together at most 128 KB; the rest are
    left out, each named with why. The budget is spent on the newest first (attack 19 L1: a question just saved
    into a full folder was confirmed as listed, then left out as the last by name)."""
    from tutor.faq_whatif.mine import QUESTION_BYTES, QUESTIONS_BYTES, list_my_questions
    assert (QUESTION_BYTES, QUESTIONS_BYTES) == (16 * 1024, 128 * 1024)
    for i in range(12):
        q = tmp_path / f"q{i:02}.yaml"
        q.write_text("[" + ",".join(["a"] * 7_000) + "]", encoding="utf-8")  # 14 KB
        os.utime(q, (1_700_000_000 + i, 1_700_000_000 + (i + 3) % 12))  # q09 the oldest, q08 the newest
    kept, left = list_my_questions(tmp_path)
    assert [p.name for p in kept] == [f"q{i:02}.yaml" for i in range(9)]  # 9 x 14,000 bytes = 126,000
    assert len(left) == 3 and all("not read: newer saved questions already hold 128 KB" in x for x in left)
    assert [x.split(":")[0] for x in left] == ["q09.yaml", "q10.yaml", "q11.yaml"]  # the oldest left out
    (tmp_path / "q99-new.yaml").write_text("[" + ",".join(["a"] * 7_000) + "]", encoding="utf-8")  # just saved
    kept, left = list_my_questions(tmp_path)
    assert "q99-new.yaml" in [p.name for p in kept] and len(kept) == 9 and len(left) == 4


def test_a_huge_search_is_neither_slow_nor_said_back_whole():
    """A browser may send a search box any text over the widget socket: 1 MB made each keystroke take seconds and
    came back whole in "No rule mentions “...”". Searches look at 200 characters and say back at most 60."""
    import time as _time
    from widgets.clauses import Glossary
    from widgets.model import ErrorPanel, SessionModel
    from widgets.style import TYPED_LIMIT, echo, typed
    assert len(typed("x" * 10**6)) == TYPED_LIMIT and echo("<" * 100).startswith("&lt;") and len(echo("y" * 10**6)) == 60
    g = Glossary(SessionModel(tutor.new_game("restless-spirits", players=2, seed=1), ErrorPanel()))
    for query in ("shrine " * 150_000, "x" * 1_000_000, " ".join(f"w{i}" for i in range(150_000))):
        t0 = _time.process_time()
        g.box.value = query
        assert _time.process_time() - t0 < 1.0
        assert len(g._none.value) < 300 if g.results.children == (g._none,) else True
    g.box.value = "x" * 1_000_000
    assert "No rule mentions “xxx" in g._none.value and len(g._none.value) < 200


def test_a_huge_name_in_the_graph_is_not_said_back_whole():
    from tutor import interactions
    G = interactions.build("restless-spirits", scenarios=False)
    node, why = interactions.resolve(G, "q" * 1_000_000)
    assert node is None and "No card or rule word is called “qqq" in why and len(why) < 200


@pytest.mark.parametrize("overwrite", [True, False])
def test_the_pages_saves_of_one_name_at_once_do_not_collide(tmp_path, overwrite):
    """Item 8, as the pages save (two teachers' pages, two kernels, saving one walkthrough name at the same moment):
    with overwrite every save lands whole, without it exactly one does and the others are told the name exists;
    no temporary file is left and the file reads back."""
    from tutor.walkthrough import save_in_folder
    w = load_walkthrough(RS_WALK)
    w = w.model_copy(update={"steps": w.steps[:2]})
    results: list = []

    def save():
        try:
            results.append(save_in_folder(w, "same", overwrite=overwrite, folder=tmp_path))
        except BaseException as exc:  # noqa: BLE001
            results.append(exc)

    threads = [threading.Thread(target=save) for _ in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    saved = [r for r in results if isinstance(r, Path)]
    refused = [r for r in results if not isinstance(r, Path)]
    if overwrite:
        assert len(saved) == 24 and not refused
    else:
        assert len(saved) == 1 and len(refused) == 23
        assert all(isinstance(r, FileExistsError) and "already exists" in str(r) for r in refused)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["same.yaml"]
    assert load_walkthrough(tmp_path / "same.yaml").id == w.id


@pytest.mark.parametrize("field,entry,most", [
    ("refused", {"action": {"kind": "attract", "spirit": "s1"}, "clause": "rs.attract"}, 20),
    ("not_legal", {"kind": "attract", "spirit": "s1"}, 200),
])
def test_a_scenario_asking_thousands_of_checks_is_refused_at_load(field, entry, most):
    """A file within the YAML bounds held 30,000 ``refused`` checks: 15 s of work each time it ran (the runner, the
    FAQ page). The number of checks per expectation, of expectations and of steps is bounded; a refusal names the
    file and the field."""
    data = _yaml(RS_SCENARIO)
    data["expect"] = [{field: [entry] * (most + 1)}]
    with pytest.raises(ContentError) as ei:
        load_scenario(text=yaml.safe_dump(data, sort_keys=False))
    assert str(ei.value).startswith(f"<text>: expect[0].{field}: too many: {most + 1:,}, at most {most:,}"), str(ei.value)
    data["expect"] = [{}] * 101
    with pytest.raises(ContentError, match=r"<text>: expect: too many: 101, at most 100"):
        load_scenario(text=yaml.safe_dump(data, sort_keys=False))


def test_the_one_screen_pages_say_a_reload_starts_a_new_game_at_every_step():
    """Item 8: the learn pages (one-screen table) have no step log, whose first line said it; their last-step strip
    says it beside its title, before the first step and after every step."""
    from widgets.app import TutorApp
    from widgets.panels import LastStep
    app = TutorApp(tutor.new_game("restless-spirits", players=2, seed=5, first_game=True), new_game=True,
                   one_screen=True)
    last = LastStep(app.model)
    assert "reloading the page starts a new game" in last._title.value
    app.model.apply(app.session.legal_actions()[0].id)
    assert app.session.history and "reloading the page starts a new game" in last._title.value


@pytest.mark.parametrize("kind,edit,field", [
    ("lesson", lambda d: d.__setitem__("title", "T" * 100_000), "title"),
    ("lesson", lambda d: d.__setitem__("hints", ["h"] * 51), "hints"),
    ("scenario", lambda d: d["meta"].__setitem__("question", "Q" * 100_000), "meta.question"),
    ("walkthrough", lambda d: d["steps"][0].__setitem__("narration", "N" * 100_000), "steps[0].narration"),
    ("clauses", lambda d: d["clauses"][0].__setitem__("title", "C" * 100_000), "clauses[0].title"),
])
def test_a_label_from_a_file_is_bounded(tmp_path, kind, edit, field):
    """A lesson title, a question, a narration or a clause title of 100,000 characters became a page's label (the
    lesson picker, the FAQ list, the presenter, a clause chip) whole: each text field has a length bound, and a file
    beyond it is refused naming the file and the field."""
    from tutor.core.content import load_clauses
    src = {"lesson": RS_LESSON, "scenario": RS_SCENARIO, "walkthrough": RS_WALK,
           "clauses": content_root() / "spirited" / "clauses.yaml"}[kind]
    data = _yaml(src)
    edit(data)
    p = tmp_path / f"{kind}.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    load = {"lesson": load_lesson, "scenario": load_scenario, "walkthrough": load_walkthrough,
            "clauses": load_clauses}[kind]
    with pytest.raises(ContentError) as ei:
        load(p)
    assert str(ei.value).startswith(f"{p}: {field}: "), str(ei.value)[:300]
    assert len(str(ei.value)) < 1000


def test_a_saved_session_whose_partial_state_gives_a_seat_twice_is_refused():
    from tutor.lessons import all_lessons, start_lesson
    s = start_lesson(all_lessons("restless-spirits")[0])
    data = json.loads(s.to_json())
    players = data["partial_state"]["players"]
    data["partial_state"]["players"] = players + [dict(players[0], ap=3)]
    with pytest.raises(ContentError) as ei:
        tutor.load_session(json.dumps(data))
    assert f"players[{len(players)}].seat: seat 1 is already set by players[0]" in str(ei.value)


def test_a_recorded_narration_too_long_is_refused_naming_the_step():
    from tutor.walkthrough import TEXT_LIMIT, begin, record
    w = load_walkthrough(RS_WALK)
    s = begin(w)
    from tutor.scenario import find
    for st in w.steps[:2]:
        s.apply(find(s, st.action))
    ok = record(s, id="x", title="X", setup=w.setup, narration=["a", "b"])
    assert [st.narration for st in ok.steps] == ["a", "b"]
    with pytest.raises(ContentError) as ei:
        record(s, id="x", title="X", setup=w.setup, narration=["a", "N" * (TEXT_LIMIT + 1)])
    assert str(ei.value).startswith("the recorded walkthrough: steps[1].narration: too long: 5,001 characters, at most "
                                    "5,000")
    assert ei.value.problems == ((("steps", 1, "narration"), "too long: 5,001 characters, at most 5,000"),)
    assert len(str(ei.value)) < 500


def test_links_in_the_learners_folders_are_never_read(tmp_path):
    """A symbolic link in the saved walkthroughs or saved questions folder (to /etc/shadow, say) is never read, so no
    page can show what it points to: walkthroughs leave it out, questions name it as left out, without its content."""
    from tutor.faq_whatif.mine import list_my_questions
    from tutor.walkthrough import saved_walkthroughs
    secret = tmp_path / "secret.txt"
    secret.write_text("root:*:20228:0:99999:7:::\n")
    for name in ("w", "q"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "lnk.yaml").symlink_to(secret)
        (tmp_path / name / "plain.yaml").write_text("meta: {}\n")
    assert [p.name for p in saved_walkthroughs(tmp_path / "w")] == ["plain.yaml"]
    kept, left = list_my_questions(tmp_path / "q")
    assert [p.name for p in kept] == ["plain.yaml"]
    assert len(left) == 1 and "lnk.yaml: a link to another file, not read" in left[0] and "root" not in left[0]


def test_hard_links_in_the_learners_folders_are_never_read(tmp_path):
    """A hard link (a second name of another file: ``ln secret.txt walkthroughs/hard.yaml``) is not a file of the
    folder either: it is left out like a symbolic link, so its keys never show in a refusal (fresh attack, session
    11)."""
    import os

    from tutor.faq_whatif.mine import list_my_questions
    from tutor.walkthrough import saved_walkthroughs
    for name in ("w", "q"):
        (tmp_path / name).mkdir()
        secret = tmp_path / f"secret-{name}.txt"
        secret.write_text("secret: swordfish\n")
        os.link(secret, tmp_path / name / "hard.yaml")
        (tmp_path / name / "plain.yaml").write_text("meta: {}\n")
    assert [p.name for p in saved_walkthroughs(tmp_path / "w")] == ["plain.yaml"]
    kept, left = list_my_questions(tmp_path / "q")
    assert [p.name for p in kept] == ["plain.yaml"]
    assert len(left) == 1 and "hard.yaml: a link to another file, not read" in left[0] and "secret" not in left[0]


@pytest.mark.parametrize("game", ["restless-spirits", "spirit-duels"])
def test_a_file_cannot_make_the_tutor_read_another_file(tmp_path, game):
    """A saved question, walkthrough or lesson naming ``cards: /etc/shadow`` is refused at load, naming
    setup.options; a card path (an option or a saved session) is read only when it is a regular .yaml file that is
    not a link, so no line of another file reaches an error message."""
    import yaml
    from tutor.scenario import load_scenario
    secret = tmp_path / "secret.txt"
    secret.write_text("topsecret:*:20228:0:99999:7:::\n")
    data = {"meta": {"id": "x", "title": "x", "question": "x?", "answer": "x",
                     "source": {"file": "rulebook", "section": "x"}},
            "setup": {"game": game, "options": {"cards": str(secret)}}, "expect": []}
    with pytest.raises(ContentError, match=r"setup\.options.*'cards' \(a card file\) cannot be named") as ei:
        load_scenario(text=yaml.safe_dump(data))
    assert "topsecret" not in str(ei.value)
    link = tmp_path / "cards.yaml"
    link.symlink_to(secret)
    for path, said in ((secret, "a card file is a .yaml file"), (link, "a symbolic link is not read")):
        with pytest.raises(ContentError, match=said) as ei:
            tutor.new_game(game, cards=str(path))
        assert "topsecret" not in str(ei.value)
    saved = json.loads(tutor.new_game(game, seed=3).to_json())
    saved["options"]["cards"] = str(secret)
    with pytest.raises(ContentError) as ei:
        tutor.load_session(json.dumps(saved))
    # (the saved session's card file is refused in the same words whatever is wrong with it: test_hostile.py)
    assert "topsecret" not in str(ei.value) and "cannot be used here" in str(ei.value) and ei.value.field == \
        "options.cards"


def test_beyond_200_saved_files_the_oldest_are_left_out_and_said(tmp_path, monkeypatch):
    """The second fresh attack: with 300 saved walkthroughs the presenter listed the first 200 by name and nothing
    said more existed, so a new recording named zz-mine was missing. Now the newest 200 are kept (whatever their
    names) and the older ones are named as left out; the same for saved questions."""
    import os as _os
    from tutor.faq_whatif.mine import list_my_questions
    from tutor.walkthrough import SAVED_LIMIT, saved_left_out, saved_walkthroughs
    for i in range(SAVED_LIMIT + 3):
        f = tmp_path / f"a{i:03}.yaml"
        f.write_text("x: 1\n", encoding="utf-8")
        _os.utime(f, (1_000_000 + i, 1_000_000 + i))
    mine = tmp_path / "zz-mine.yaml"
    mine.write_text("x: 1\n", encoding="utf-8")  # the newest
    kept = saved_walkthroughs(tmp_path)
    assert len(kept) == SAVED_LIMIT and kept[-1] == mine and kept[0].name == "a004.yaml"
    assert [p.name for p in saved_left_out(tmp_path)] == ["a000.yaml", "a001.yaml", "a002.yaml", "a003.yaml"]
    files, left = list_my_questions(tmp_path)
    assert mine in files and len(files) == SAVED_LIMIT
    assert left[0].startswith("4 older saved questions not read (at most 200, the newest): a000.yaml, a001.yaml")


def test_scenario_run_on_a_huge_folder_stops_with_a_plain_error(tmp_path, monkeypatch):
    """Attack 19 L4: ``rules-tutor scenario run /`` walked the whole file system, /proc included, and ended on a
    bare "[Errno 2] No such file or directory: '/proc/30984'". A folder holding more folders than a scenario folder
    would is refused naming it (exit 2); a folder that vanishes while walked is skipped."""
    import tutor.scenario as scenario
    monkeypatch.setattr(scenario, "MAX_WALK_FOLDERS", 3)
    for i in range(5):
        (tmp_path / f"d{i}").mkdir()
    lines: list[str] = []
    assert scenario.run_paths([tmp_path], out=lines.append) == 2
    assert lines == [f"error: {tmp_path}: more than 3 folders or 20,000 YAML files under it; give the folder of the "
                     "scenarios themselves"]


def test_a_link_named_on_the_command_line_is_not_read(tmp_path):
    """Attack 19: `rules-tutor scenario run link.yaml`, the link pointing at a secrets file, printed that file's
    lines as the keys its refusal named. A symbolic link is never read, wherever it is named (the folder walk left
    links out already): the refusal names the link, shows none of what it points to, and the run goes on (exit 2)."""
    secret = tmp_path / "secret.txt"
    secret.write_text("topsecret:*:20228:0:99999:7:::\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(secret)
    with pytest.raises(ContentError, match="a symbolic link is not read; name the file itself") as ei:
        load_scenario(link)
    assert "topsecret" not in str(ei.value)
    for loader in (load_lesson, load_walkthrough):
        with pytest.raises(ContentError, match="a symbolic link is not read") as ei:
            loader(link)
        assert "topsecret" not in str(ei.value)
    done = subprocess.run([sys.executable, "-c", "import sys, tutor.cli; sys.exit(tutor.cli.main())", "scenario",
                           "run", str(link)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})
    assert done.returncode == 2, done
    assert "a symbolic link is not read" in done.stdout + done.stderr
    assert "topsecret" not in done.stdout + done.stderr
    linked_folder = tmp_path / "folder-link"  # a folder that is a link is still read (a learner's folder elsewhere)
    real = tmp_path / "real"
    real.mkdir()
    (real / "plain.yaml").write_text("meta: {}\n")
    linked_folder.symlink_to(real, target_is_directory=True)
    with pytest.raises(ContentError) as ei:
        load_scenario(linked_folder / "plain.yaml")
    assert "symbolic link" not in str(ei.value)
