"""Helper of tests/test_hostile_pages.py (run in a fresh interpreter, so that its content folder and the caches built
from it stay out of the test process): copy ``content/``, break one file of the copy, build one page over it, and
print a JSON report ``{"raised": None or "<type>: <message>", "texts": [...], "games": [...]}`` (every text the page's
widgets carry, and the Game filter's choices when the page has one).

Usage: ``python tests/broken_page.py WORK_FOLDER PAGE FILE HOW`` (``FILE`` relative to ``content/``; ``HOW`` is
``syntax`` (not YAML) or ``list`` (a list where a mapping is wanted)).
"""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROKEN = {"syntax": "nodes: [\n  - {id: x\n", "list": "- 1\n- 2\n"}


def texts(widget, out: list[str]) -> list[str]:
    """Every text value of ``widget`` and its children (a choice's value stays in the kernel: not one)."""
    import ipywidgets as w
    value = getattr(widget, "value", None)
    if isinstance(value, str) and not isinstance(widget, w.widgets.widget_selection._Selection):
        out.append(value)
    for child in getattr(widget, "children", ()) or ():
        texts(child, out)
    return out


def games(widget) -> list[str]:
    """The values of the first dropdown described "Game" in ``widget``'s tree."""
    import ipywidgets as w
    if isinstance(widget, w.Dropdown) and widget.description == "Game":
        return [v for _label, v in widget.options]
    for child in getattr(widget, "children", ()) or ():
        found = games(child)
        if found:
            return found
    return []


def main(work: Path, page: str, rel: str, how: str) -> dict:
    root = work / "content"
    shutil.copytree(ROOT / "content", root)
    (root / rel).write_text(BROKEN[how], encoding="utf-8")
    os.environ["RULES_TUTOR_CONTENT"] = str(root)
    os.environ["RULES_TUTOR_DB"] = f"sqlite:///{work / 'progress.sqlite'}"
    os.environ["RULES_TUTOR_WALKTHROUGHS"] = str(work / "walkthroughs")
    import widgets
    from widgets.classroom import class_page
    from widgets.graph import graph_view
    from widgets.landing import landing
    from widgets.practice import practice_app
    build = {"graph": graph_view, "learn": lambda: widgets.learn_app(rel.split("/")[0]), "faq": widgets.faq_explorer,
             "practice": lambda: practice_app(rel.split("/")[0]), "presenter": widgets.presenter_app,
             "landing": landing, "class": class_page}[page]
    try:
        widget = build()
    except BaseException as exc:  # noqa: BLE001 - reported: the test fails on it
        return {"raised": f"{type(exc).__name__}: {exc}", "texts": [], "games": []}
    return {"raised": None, "texts": texts(widget, []), "games": games(widget)}


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), *sys.argv[2:5])))
