"""Helper of tests/test_hostile_content.py (run as a script in a fresh interpreter, so that its content folder and
the caches built from it stay out of the test process): copy ``content/`` with an HTML attack appended to every
free text a file holds, build every page over it, walk lessons, hints, scenarios, walkthrough steps, clause cards and
a few free-play steps, the ability graph's node details, and report every HTML value a widget carried that holds markup the attack put there.

Usage: ``python tests/hostile_render.py OUT_FOLDER`` prints a JSON report ``{"checked": N, "found": [...],
"errors": [...]}``.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]

#: Appended to every free text of every content file.
ATTACK = (' <img src=x onerror="alert(1)"><script>alert(2)</script><iframe src="https://evil.example/"></iframe>'
          ' [click](javascript:alert(3)) ![pic](https://evil.example/p.png) <a href="https://evil.example" '
          'onclick="alert(4)">site</a> <svg onload=alert(5)>')
#: Appended to a ``name`` (card files refuse names over 80 characters, so a name carries a shorter attack).
NAME_ATTACK = ' <img src=x onerror=alert(1)><script>'
#: Fields whose values are free text (shown to learners or teachers).
TEXT_FIELDS = {"intro", "goal", "title", "question", "answer", "narration", "notes", "text", "reason", "name",
               "hints", "provisional", "provisional_note", "summary", "label", "description"}

BAD_TAGS = {"script", "img", "iframe", "svg", "object", "embed", "frame", "video", "audio", "source", "form", "math",
            "link", "meta", "base"}
URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "data", "srcset", "poster"}
SCHEME = re.compile(r"^\s*([a-z][a-z0-9+.-]*:|//|\\)", re.I)


def poison(value, key=None):
    """``value`` with :data:`ATTACK` appended to each text under a free-text key."""
    if isinstance(value, dict):
        return {k: poison(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [poison(v, key) for v in value]
    if isinstance(value, str) and key == "name":
        return value[:40] + NAME_ATTACK
    if isinstance(value, str) and key in TEXT_FIELDS:
        return value + ATTACK
    return value


def hostile_content(dest: Path) -> Path:
    """A copy of ``content/`` in ``dest`` with every free text poisoned; returns the copy's root."""
    root = dest / "content"
    shutil.copytree(ROOT / "content", root)
    for f in root.rglob("*.yaml"):
        if f.parent.name == "graph":
            continue
        data = yaml.safe_load(f.read_text("utf-8"))
        f.write_text(yaml.safe_dump(poison(data), sort_keys=False, allow_unicode=True), "utf-8")
    return root


class Checker(HTMLParser):
    """Collects the markup an attack could have put in a page: script-capable tags, ``on*`` handlers, URLs with a
    scheme or a host."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in BAD_TAGS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if name in URL_ATTRS and value is not None and SCHEME.match(value):
                self.found.append(f"<{tag} {name}={value[:60]!r}>")


def check_all(report: dict) -> None:
    """Check the HTML of every live widget (and of every rich output of an Output widget)."""
    import ipywidgets as w
    from ipywidgets.widgets.widget import _instances
    for x in list(_instances.values()):
        values = []
        if isinstance(x, (w.HTML, w.HTMLMath)):
            values.append(x.value)
        if isinstance(x, w.Output):
            for out in x.outputs:
                values.append(str(out.get("data", {}).get("text/html", "")))
        for v in values:
            report["checked"] += 1
            c = Checker()
            c.feed(v)
            c.close()
            for f in c.found:
                entry = f"{type(x).__name__}: {f} in {v[:160]!r}"
                if entry not in report["found"]:
                    report["found"].append(entry)


def main(out: Path) -> dict:
    os.environ["RULES_TUTOR_CONTENT"] = str(hostile_content(out))
    os.environ["RULES_TUTOR_WALKTHROUGHS"] = str(out / "saved")
    report: dict = {"checked": 0, "found": [], "errors": [], "refused": []}

    def attempt(what, fn):
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - reported, the test fails on it
            report["errors"].append(f"{what}: {type(exc).__name__}: {str(exc)[:300]}")
        check_all(report)

    import tutor
    from tutor.scenario import find
    from widgets.faq import FaqExplorer
    from widgets.lessons import LearnApp
    from widgets.presenter import PresenterApp

    for game in tutor.GAMES:
        def learn(game=game):
            app = LearnApp(game)
            runner = app.lessons
            for said in runner.left_out:  # left out when the folder is read (never listed): said in the notice
                report["refused"].append([said.split(": ", 1)[0].rsplit("/", 1)[-1],
                                          "the goal is not reached" in said])
            check_all(report)
            for i in range(len(runner.lessons)):
                runner.picker.value = i  # as a learner chooses it: a refusal is said in the page's error panel
                check_all(report)
                if runner.index != i:  # refused (a renamed card its goal names): said, the lesson shown kept
                    said = "".join(o.get("text", "") for o in runner.errors.output.outputs)
                    report["refused"].append([runner.lessons[i].id, "the goal is not reached" in said])
                    continue
                for _ in runner.lesson.hints:
                    runner.show_hint()
                check_all(report)
                for ref in runner.lesson.solution[:2]:
                    runner.app.actions.button_for(find(runner.app.session, ref).id).click()
                check_all(report)
            free = app.open_free_play()
            for _ in range(3):
                free.model.click(free.session.legal_actions()[0].id)
            for cid in list(free.session.game.clauses):
                free.model.show_clause(cid)
                check_all(report)
        attempt(f"learn page {game}", learn)

    def faq_page():
        page = FaqExplorer()
        for e in page.index.entries[::4]:
            page.open(e.id)
            page.show_answer() if hasattr(page, "show_answer") else None
            check_all(report)
    attempt("faq page", faq_page)

    def presenter_page():
        app = PresenterApp()
        for label, path in list(app.present.picker.options):
            app.present.open(path)
            app.present.show_notes(True)
            for k in range(app.present.playable + 1):
                app.present.go(k)
                check_all(report)
        app.open_recorder()
    attempt("presenter page", presenter_page)

    def graph_page():
        from widgets.graph import GraphView
        for game in tutor.GAMES:
            view = GraphView(game)
            for nid in view._game_nodes()[::6]:
                view.select(nid)
                check_all(report)
            some = view._game_nodes()
            if len(some) > 1:
                view.ask_path(some[0], some[-1])
    attempt("graph page", graph_page)
    return report


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
