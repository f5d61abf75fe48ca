"""Every text that says how much memory a page's kernel takes says the figure measured (issue #16, session 29): the
help texts and the README said "about 70 MB" while a built page's kernel measured 133-136 MiB RSS and the 8
pre-heated kernels 969 MiB (docs/click-timing.md, session 28)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor import serve

ROOT = Path(__file__).resolve().parents[1]
#: The per-kernel figure the texts give, in MiB
SAID = 135


def _measured_learn_kernels() -> list[int]:
    """The learn pages' kernels' RSS, MiB, as docs/click-timing.md gives them ("learn Spirited 133 / 110")."""
    text = " ".join((ROOT / "docs" / "click-timing.md").read_text(encoding="utf-8").split())
    return [int(x) for x in re.findall(r"learn (?:Restless Spirits|Spirited|Spirit Duels) (\d+) / \d+", text)]


def test_the_figure_said_is_the_one_measured():
    measured = _measured_learn_kernels()
    assert len(measured) == 3 and all(abs(m - SAID) <= 3 for m in measured), measured


def test_the_serve_help_says_the_measured_figure(capsys):
    with pytest.raises(SystemExit):
        serve.parse_args(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert f"about {SAID} MiB each" in said and "70 MB" not in said
    with pytest.raises(SystemExit):
        serve.parse_args(["--max-kernels", "501"])
    assert f"(each kernel takes about {SAID} MiB)" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["README.md", "tutor", "widgets", "content", "notebooks", "deploy", "docs"])
def test_no_text_says_a_kernel_takes_about_70_mb(where):
    """(docs/click-timing.md keeps the old figure once, as what the help texts said before.)"""
    path = ROOT / where
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and p.suffix in
                                           {".md", ".py", ".yaml", ".ipynb", ".txt"}]
    found = []
    for p in files:
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if re.search(r"(about|~) ?70 MB|kernel (about )?70 MiB|kernel \(about 70", line) and "said" not in line:
                found.append(f"{p.relative_to(ROOT)}:{n}")
    assert found == []
