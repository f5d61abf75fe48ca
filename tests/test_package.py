"""The package finds what it ships through importlib.resources (content, notebooks, page template) and knows its
version; pyproject.toml lists every package of the source tree. Fast: nothing is built (tests/browser/test_wheel.py
builds, installs and runs the wheel)."""
from __future__ import annotations

import importlib.resources
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.core.content import content_root, shipped_content_root
from tutor.serve import NOTEBOOKS_DIR, SHARE_DIR, TEMPLATE, shipped_folder

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

REPO_ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())


def test_version_flag_prints_the_installed_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"rules-tutor {version('rules-tutor')}\n"
    assert version("rules-tutor") == PYPROJECT["project"]["version"]


def test_content_and_notebooks_come_from_the_package(monkeypatch):
    monkeypatch.delenv("RULES_TUTOR_CONTENT", raising=False)
    # In this editable install the packages map onto the checkout's top-level folders.
    assert importlib.resources.files("tutor._content") == REPO_ROOT / "content"
    assert shipped_content_root() == content_root() == REPO_ROOT / "content"
    assert (content_root() / "restless-spirits" / "clauses.yaml").is_file()
    assert (content_root() / "scenario.schema.json").is_file()
    assert NOTEBOOKS_DIR == importlib.resources.files("tutor._notebooks") == REPO_ROOT / "notebooks"
    assert shipped_folder("tutor._notebooks") == NOTEBOOKS_DIR
    assert (SHARE_DIR / "voila" / "templates" / TEMPLATE).is_dir()


def test_rules_tutor_content_names_a_users_own_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("RULES_TUTOR_CONTENT", str(tmp_path))
    assert content_root() == tmp_path
    assert shipped_content_root() == REPO_ROOT / "content"


def test_notebooks_folder_is_found_without_importing_the_engine():
    # deploy/singleuser_config.py loads tutor/serve.py on its own: finding the notebooks must not import `tutor`.
    code = ("import importlib.util, sys\n"
            "spec = importlib.util.spec_from_file_location('_serve', sys.argv[1])\n"
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
            "print(m.NOTEBOOKS_DIR); print('tutor' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code, str(REPO_ROOT / "tutor" / "serve.py")], cwd="/",
                         capture_output=True, text=True, timeout=60, check=True).stdout.split()
    assert out == [str(REPO_ROOT / "notebooks"), "False"]


def test_unknown_package_is_a_clear_error():
    with pytest.raises(RuntimeError, match="tutor._no_such_folder: not installed"):
        shipped_folder("tutor._no_such_folder")


def test_pyproject_lists_every_package():
    setuptools = PYPROJECT["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    found = {".".join(p.parent.relative_to(REPO_ROOT).parts)
             for top in ("tutor", "widgets") for p in (REPO_ROOT / top).rglob("__init__.py")}
    mapped = setuptools["package-dir"]
    assert mapped == {"tutor._content": "content", "tutor._notebooks": "notebooks"}
    assert listed == found | set(mapped)
    for folder in mapped.values():
        assert (REPO_ROOT / folder / "__init__.py").is_file()


def test_package_data_covers_every_shipped_file():
    # Every file under content/ and notebooks/ matches a package-data pattern (the wheel test checks the wheel).
    from fnmatch import fnmatch
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    for package, folder in PYPROJECT["tool"]["setuptools"]["package-dir"].items():
        files = [p.relative_to(REPO_ROOT / folder).as_posix() for p in (REPO_ROOT / folder).rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts
                 and p.name != "__init__.py"]
        assert files
        missed = [f for f in files if not any(fnmatch(f, pat) and f.count("/") == pat.count("/")
                                              for pat in data[package])]
        assert missed == [], f"{folder}/: not in package-data of {package}: {missed}"


def test_game_titles_are_named_without_importing_the_games_and_match_their_classes():
    """A page's game picker names every game without importing their engines (seconds of a page's load); the names
    are the game classes' own titles."""
    import subprocess
    import sys

    from tutor.registry import KNOWN_GAMES, game_classes, game_title
    code = ("import sys; from tutor.registry import KNOWN_GAMES, game_title; [game_title(g) for g in KNOWN_GAMES]; "
            "print(sorted(m for m in sys.modules if m.startswith('tutor.games.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"
    for game in KNOWN_GAMES:
        assert game_title(game) == game_classes()[game].title


def test_a_learn_page_imports_only_its_own_games_engine():
    """The Spirited and Spirit Duels learn pages do not import the Restless Spirits engine (their step words once
    did, through the FAQ what-if package: a second of their load), nor each other's."""
    import subprocess
    import sys

    code = ("import sys; from widgets.lessons import LearnApp; LearnApp(sys.argv[1]); "
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('tutor.games.')}))")
    for game, package in (("spirited", "spirited"), ("spirit-duels", "spirit_duels")):
        out = subprocess.run([sys.executable, "-c", code, game], capture_output=True, text=True, timeout=300,
                             check=True)
        assert out.stdout.strip() == str([package]), out.stderr[-2000:]
