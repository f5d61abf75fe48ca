"""Attack 20: a broken content file never gives Voila's generic cell error on a page. Each page kind is built (in a
fresh interpreter: tests/broken_page.py) over a copy of ``content/`` with one file it reads broken, and shows our
named refusal (the file's name, what is wrong, no server folder); the ability graph still draws the games whose
files load (M1). Also the refusal texts about files: the real missing clause ids, every one in the server's log
(L5), and file names with bidi or control characters shown whole and escaped (L6).
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def _page(tmp_path: Path, page: str, rel: str, how: str = "syntax") -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "broken_page.py"), str(tmp_path), page, rel, how],
                         capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["raised"] is None, report["raised"]  # (Voila would show its generic error for the cell)
    text = "\n".join(report["texts"])
    assert str(tmp_path) not in text  # the server's folders never reach the page
    return {**report, "text": text}


def test_a_broken_graph_file_of_one_game_leaves_that_game_out_and_names_it(tmp_path):
    r = _page(tmp_path, "graph", "graph/spirited.yaml")
    assert "Spirited is not in the graph:" in r["text"]
    assert "spirited.yaml: YAML syntax error (line 2, column 3)" in r["text"]
    assert r["games"] == ["all", "restless-spirits", "spirit-duels"]  # the other games are drawn


def test_a_broken_clauses_file_leaves_its_game_out_of_the_graph_which_opens_on_another(tmp_path):
    r = _page(tmp_path, "graph", "restless-spirits/clauses.yaml", "list")
    assert "Restless Spirits is not in the graph:" in r["text"]
    assert "clauses.yaml: the top level must be a mapping of named fields" in r["text"]
    assert r["games"] == ["all", "spirited", "spirit-duels"]


def test_a_broken_graph_vocabulary_gives_the_graph_page_a_named_refusal(tmp_path):
    r = _page(tmp_path, "graph", "graph/vocabulary.yaml", "list")
    assert "The ability graph cannot be drawn here" not in r["text"]  # (the shared refusal's words)
    assert "This page cannot open here:" in r["text"] and "<h1>Ability graph</h1>" in r["text"]
    assert "vocabulary.yaml: the top level must be a mapping of named fields" in r["text"]


@pytest.mark.parametrize("page,rel,says", [
    ("practice", "spirited/cards.yaml", "cards.yaml: YAML syntax error (line 2, column 3)"),
    ("presenter", "restless-spirits/clauses.yaml", "Restless Spirits: clauses.yaml: YAML syntax error (line 2, col"),
    ("learn", "spirit-duels/cards.yaml", "cards.yaml: YAML syntax error (line 2, column 3)"),
])
def test_a_page_whose_game_file_is_broken_names_it(tmp_path, page, rel, says):
    r = _page(tmp_path, page, rel)
    assert says in r["text"] and 'role="alert"' in r["text"]


@pytest.mark.parametrize("page,rel,says", [
    ("faq", "spirited/scenarios/faq-shield-no-overrun.yaml", "faq-shield-no-overrun.yaml"),
    ("presenter", "spirited/walkthroughs/first-round.yaml", "first-round.yaml"),
    ("learn", "spirited/lessons/01-goal-and-road-check.yaml", "01-goal-and-road-check.yaml"),
])
def test_a_page_with_one_broken_file_of_many_opens_and_names_it(tmp_path, page, rel, says):
    r = _page(tmp_path, page, rel, "list")
    assert says in r["text"] and "This page cannot open here" not in r["text"]


@pytest.mark.parametrize("page", ["landing", "class"])
def test_pages_that_read_no_game_file_open_over_broken_content(tmp_path, page):
    _page(tmp_path, page, "restless-spirits/cards.yaml")


# -- L5: a clauses file's missing ids ---------------------------------------------------------------------------------
def test_a_clauses_file_missing_many_cited_clauses_names_them_and_logs_every_one(content_copy, caplog):
    """Attack 20, L5: the page said "no clause with id 'a rule'" and "…and 20 more (in the server's log)", and the
    20 were not in the log."""
    import tutor
    from tutor.registry import MISSING_NAMED, cited_clauses
    from widgets.problems import plain_problem
    p = content_copy / "spirited" / "clauses.yaml"
    data = yaml.safe_load(p.read_text("utf-8"))
    gone = sorted(cited_clauses("spirited"))[:23]
    data["clauses"] = [c for c in data["clauses"] if c["id"] not in gone]
    for c in data["clauses"]:
        c["related"] = [x for x in c.get("related", []) if x not in gone]
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="rules_tutor.content"), pytest.raises(tutor.ContentError) as ei:
        tutor.new_game("spirited")
    shown = plain_problem(str(ei.value))
    assert shown.startswith("clauses.yaml: clauses: no clause with id " + ", ".join(repr(g) for g in gone[:8]))
    assert f"(and {23 - MISSING_NAMED} more, all in the server's log)" in shown and "a rule" not in shown
    logged = [r.getMessage() for r in caplog.records if "are missing" in r.getMessage()]
    assert len(logged) == 1 and all(repr(g) in logged[0] for g in gone)


def test_the_learn_page_names_a_broken_clauses_file_once_with_its_real_clause_id(content_copy, caplog):
    import widgets
    from tutor.lessons import readable_lessons  # noqa: F401 - (the page's loader)
    p = content_copy / "spirited" / "clauses.yaml"
    data = yaml.safe_load(p.read_text("utf-8"))
    data["clauses"] = [c for c in data["clauses"] if c["id"] != "sp.end.winner"]
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="rules_tutor.content"):
        page = widgets.learn_app("spirited")
    html = page.children[1].value
    assert html.count("<li>") == 1 and "…and" not in html, html  # one cause, said once (not once per lesson)
    assert "clauses.yaml: clauses[0].related: unknown clause id &#x27;sp.end.winner&#x27;" in html
    assert "cannot open" in caplog.text and "01-goal-and-road-check.yaml" in caplog.text


def test_plain_problem_keeps_a_quoted_id_and_hides_the_engines():
    from widgets.problems import plain_problem
    assert plain_problem("/a/x.yaml: cites rs.rule.fake (sd.ruling.y)") == "x.yaml: cites a rule"
    assert plain_problem("/a/x.yaml: f: unknown clause id 'rs.x.y'") == "x.yaml: f: unknown clause id 'rs.x.y'"


# -- L6: file names with bidi or control characters --------------------------------------------------------------------
@pytest.mark.parametrize("name", ["ev\u202elmy.yaml", "a\\b\u2066c.yaml", "tab\there.yaml", "x" * 200 + "\u202e.yaml"])
def test_a_refused_file_name_with_bidi_or_control_characters_is_shown_whole_and_escaped(tmp_path, name):
    from tutor.core.errors import PATH_LIMIT, display_path
    from widgets.problems import refused_html, split_problem
    folder = tmp_path / "walkthroughs"
    folder.mkdir()
    (folder / name).write_text("- 1\n", encoding="utf-8")
    from tutor.walkthrough import load_walkthrough
    with pytest.raises(Exception) as ei:
        load_walkthrough(folder / name)
    for message in (str(ei.value), f"{display_path(folder / name)}: it does not load", f"{folder / name}: no"):
        shown, reason = split_problem(message)
        assert (shown == display_path(name) or name.startswith("x")) and len(shown) <= PATH_LIMIT and reason
        assert not any(ch in shown for ch in "\u202e\u2066\t")
        assert any(e in shown for e in ("\\u202e", "\\u2066", "\\t"))
        html = refused_html("Some files do not load", [message])
        assert "\u202e" not in html and "\u2066" not in html
    if name.startswith("a"):
        assert shown == "a\\b\\u2066c.yaml"  # whole: not cut at its backslash (nor at the escape's)
    if name.startswith("x"):
        assert shown.endswith("xxx\\u202e.yaml")  # (a path too long for the message is cut before its name's end)


_PARTIAL = """
import json, os, sys
os.environ["RULES_TUTOR_CONTENT"] = sys.argv[1]
from widgets import kernel_timing
kernel_timing.in_page_kernel = lambda: True  # a page's kernel: the page opens on its game alone, the rest later
kernel_timing.after_view = lambda *a, **k: False
import widgets.graph as g
v = g.GraphView("restless-spirits", None)
first = [x for _l, x in v.game.options]
v.game.value = "spirited"  # chosen before the three games' graph is known: then left out, named, no error
w = g.GraphView("restless-spirits", None)
w.whole_graph()  # the background's work: the game shown stays shown
print(json.dumps({"kept": w.game.value, "first": first, "partial": v._partial, "then": [x for _l, x in v.game.options],
                  "value": v.game.value, "refused": v.refused_box.value, "shown": v.refused_box.layout.display,
                  "errors": list(v.errors.output.outputs)}))
"""


def test_a_graph_page_opened_on_one_game_learns_of_a_broken_one_later_and_names_it(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content", root)
    (root / "graph" / "spirited.yaml").write_text("- 1\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", _PARTIAL, str(root)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    r = json.loads(out.stdout.strip().splitlines()[-1])
    assert r["first"] == ["all", "restless-spirits", "spirited", "spirit-duels"] and r["kept"] == "restless-spirits"
    assert r["then"] == ["all", "restless-spirits", "spirit-duels"] and r["value"] == "all" and not r["partial"]
    assert "Spirited is not in the graph:" in r["refused"] and r["shown"] is None and not r["errors"]


def test_a_warning_about_a_broken_file_reaches_the_page_named_without_the_servers_folders():
    """A broken prompts file is logged as a warning (the decisions then read as their own words); the page's error
    panel showed "WARNING: /srv/.../restless-spirits/prompts.yaml: ..." with the server's folders."""
    from widgets.model import ErrorPanel
    panel = ErrorPanel()
    try:
        logging.getLogger("tutor.prompts").warning("%s", "/srv/c/restless-spirits/prompts.yaml: the top level must "
                                                   "be a mapping of named fields (key: value lines), got a list")
        logging.getLogger("widgets").warning("seen at /srv/c/x/notes.txt today")
        shown = [o["text"] for o in panel.output.outputs]
    finally:
        panel.close()
    assert shown == ["Not loaded: Restless Spirits: prompts.yaml: the top level must be a mapping of named fields "
                     "(key: value lines), got a list\n", "WARNING: seen at notes.txt today\n"]


# -- trial 26: a walkthrough file that is not a mapping, in the teacher page's words -------------------------------------
@pytest.mark.parametrize("text, got", [("# only a comment\n", "nothing (an empty file)"), ("[]\n", "a list"),
                                       ("5\n", "a number")])
def test_a_walkthrough_file_that_is_not_a_mapping_is_said_in_words_not_pydantics(tmp_path, text, got):
    from tutor import ContentError
    from tutor.walkthrough import load_walkthrough
    from widgets.walk_files import file_problem
    path = tmp_path / "notes.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        load_walkthrough(path)
    said = file_problem(path, ei.value).split(": ", 1)[1]
    assert said == f"The walkthrough: the top level must be a mapping of named fields (key: value lines), got {got}"


def test_a_walkthrough_part_that_is_not_a_mapping_is_said_in_words(tmp_path):
    from tutor import ContentError
    from tutor.walkthrough import load_walkthrough
    from widgets.walk_files import file_problem
    path = tmp_path / "part.yaml"
    path.write_text("id: a\ntitle: A\nsetup: 5\n", encoding="utf-8")
    with pytest.raises(ContentError) as ei:
        load_walkthrough(path)
    assert "setup: must be a mapping of named fields (key: value lines), got a number" in str(ei.value)
    assert "instance of" not in file_problem(path, ei.value)
