"""The built wheel is the whole tutor: installed into a new virtual environment, it runs from an empty folder.

Builds the sdist and a wheel from it (``python -m build``), and a second wheel straight from (a copy of) the checkout
(``python -m build --wheel``): both wheels hold the same files, and those are every module, every content file, every
notebook and the page template. The sdist's wheel is installed (``--no-deps``) into a new virtual environment under
``tmp_path``; its dependencies come from this project's virtual environment through a ``.pth`` line (nothing is
downloaded again; the checkout is not on the path, and the editable install's finder is not loaded, because ``.pth``
files are only read in the environment's own site-packages). Jupyter's data path gets this environment's
``share/jupyter`` for the same reason (Voila's base templates and the widgets' JavaScript live there).

Then, in an empty folder: ``rules-tutor --version``, ``play`` for each game, ``scenario run`` (no path: every
shipped scenario), ``check`` and ``bench`` (small), and ``rules-tutor serve``: every page and the listing are
fetched over HTTP (Voila runs each page's notebook on the server), and a learn page is rendered in chromium, where
clicking a legal action adds its events.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import zipfile
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tutor.registry import game_classes
from tutor.scenario import all_scenarios

pytestmark = [pytest.mark.slow]

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts"
BUILD_TIMEOUT = 600  # seconds: an isolated build installs setuptools first, on a busy machine
RUN_TIMEOUT = 300
SERVER_START_TIMEOUT = 90.0
RENDER_MS = 90_000
CLICK_MS = 30_000
LEARN = "learn-restless-spirits.ipynb"


def _version() -> str:
    """The version of this checkout's (editable) install; tests/test_package.py checks it is pyproject.toml's."""
    from importlib.metadata import version

    return version("rules-tutor")


def _run(argv: list, **kwargs) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in argv], capture_output=True, text=True, **kwargs)
    assert proc.returncode == 0, f"{argv} exited with {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


def _wheel_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as zf:
        return sorted(zf.namelist())


@dataclass(frozen=True)
class Dists:
    sdist: Path
    wheel: Path  # built from the sdist
    direct_wheel: Path  # built from the checkout


#: Left out of the copy of the checkout that is built: artefacts of earlier builds (setuptools reuses a stale
#: ``build/lib``), environments and test output.
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "test-artifacts", "node_modules",
                                     "__pycache__", ".ipynb_checkpoints", ".hypothesis", ".pytest_cache")


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> Dists:
    out = tmp_path_factory.mktemp("dist")
    # Built from a copy of the checkout: nothing is written into the repository, and no earlier build leaks in.
    src = out / "src"
    shutil.copytree(REPO_ROOT, src, ignore=NOT_SOURCES)
    _run([sys.executable, "-m", "build", "--outdir", out / "from-sdist", src], timeout=BUILD_TIMEOUT)
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", out / "direct", src], timeout=BUILD_TIMEOUT)
    (sdist,) = (out / "from-sdist").glob("*.tar.gz")
    (wheel,) = (out / "from-sdist").glob("*.whl")
    (direct,) = (out / "direct").glob("*.whl")
    return Dists(sdist, wheel, direct)


@dataclass(frozen=True)
class Installed:
    python: Path
    bin: Path
    site_packages: Path
    workdir: Path  # an empty folder: the current directory of every command
    env: dict


@pytest.fixture(scope="module")
def installed(tmp_path_factory, dists) -> Installed:
    root = tmp_path_factory.mktemp("installed")
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], timeout=RUN_TIMEOUT)
    python = venv / "bin" / "python"
    # Install first, while the new environment holds nothing else (pip then sees no other rules-tutor).
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", dists.wheel],
         timeout=RUN_TIMEOUT)
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                     timeout=RUN_TIMEOUT).stdout.strip())
    ours = Path(sysconfig.get_path("purelib"))
    (site / "_rules_tutor_test_dependencies.pth").write_text(f"{ours}\n")
    workdir = root / "empty"
    workdir.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "RULES_TUTOR_CONTENT", "VIRTUAL_ENV", "JUPYTER_PATH")}
    env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return Installed(python, venv / "bin", site, workdir, env)


def _cli(inst: Installed, *args) -> subprocess.CompletedProcess:
    return _run([inst.bin / "rules-tutor", *args], cwd=inst.workdir, env=inst.env, timeout=RUN_TIMEOUT)


def test_sdist_and_checkout_build_the_same_complete_wheel(dists):
    names = _wheel_names(dists.wheel)
    assert names == _wheel_names(dists.direct_wheel)
    shipped = set(names)
    for top in ("tutor", "widgets"):
        for py in (REPO_ROOT / top).rglob("*.py"):
            assert py.relative_to(REPO_ROOT).as_posix() in shipped, f"{py} is not in the wheel"
    for folder, package in (("content", "tutor/_content"), ("notebooks", "tutor/_notebooks")):
        files = [p for p in (REPO_ROOT / folder).rglob("*")
                 if p.is_file() and p.suffix in (".yaml", ".json", ".ipynb", ".py") and "__pycache__" not in p.parts
                 and ".ipynb_checkpoints" not in p.parts]
        assert len(files) > 5
        for p in files:
            assert f"{package}/{p.relative_to(REPO_ROOT / folder).as_posix()}" in shipped, f"{p} is not in the wheel"
    template = REPO_ROOT / "tutor" / "share" / "jupyter" / "voila" / "templates" / "tutor"
    for p in template.iterdir():
        assert p.relative_to(REPO_ROOT).as_posix() in shipped
    # Nothing but the two packages, their data and the metadata.
    assert {n.split("/")[0] for n in names} == {"tutor", "widgets", f"rules_tutor-{_version()}.dist-info"}
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]

    with tarfile.open(dists.sdist) as tf:
        sdist = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "content/scenario.schema.json",
            "content/restless-spirits/clauses.yaml", "notebooks/index.ipynb"} <= sdist

    with zipfile.ZipFile(dists.wheel) as zf:
        meta = Parser().parsestr(zf.read(f"rules_tutor-{_version()}.dist-info/METADATA").decode())
    assert meta["Name"] == "rules-tutor" and meta["Version"] == _version()
    assert meta["License-Expression"] == "MIT" and meta["Requires-Python"] == ">=3.10"
    assert meta["Summary"] and meta["Author"] and "Restless Spirits" in meta["Keywords"]
    classifiers = meta.get_all("Classifier")
    assert "Programming Language :: Python :: 3.11" in classifiers and "Topic :: Education" in classifiers


def test_installed_packages_are_the_wheels(installed):
    site = installed.site_packages
    code = ("import tutor, widgets, tutor.serve, tutor.core.content as c\n"
            "print(tutor.__file__); print(widgets.__file__); print(c.content_root()); print(tutor.serve.NOTEBOOKS_DIR)")
    # From the empty folder, and from the notebooks' folder (a page's kernel runs there).
    for cwd in (installed.workdir, site / "tutor" / "_notebooks"):
        out = _run([installed.python, "-c", code], cwd=cwd, env=installed.env, timeout=RUN_TIMEOUT).stdout.split()
        assert out == [str(site / "tutor" / "__init__.py"), str(site / "widgets" / "__init__.py"),
                       str(site / "tutor" / "_content"), str(site / "tutor" / "_notebooks")]
    # deploy/singleuser_config.py loads tutor/serve.py on its own: it finds the notebooks without the engine.
    code = ("import importlib.util, sys\n"
            "spec = importlib.util.spec_from_file_location('_serve', sys.argv[1])\n"
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
            "print(m.NOTEBOOKS_DIR); print(m.SHARE_DIR); print('tutor' in sys.modules)\n")
    out = _run([installed.python, "-c", code, site / "tutor" / "serve.py"], cwd=installed.workdir, env=installed.env,
               timeout=RUN_TIMEOUT).stdout.split()
    assert out == [str(site / "tutor" / "_notebooks"), str(site / "tutor" / "share" / "jupyter"), "False"]
    assert _cli(installed, "--version").stdout == f"rules-tutor {_version()}\n"


@pytest.mark.parametrize("game", sorted(game_classes()))
def test_play_each_game(installed, game):
    out = _cli(installed, "play", game, "--seed", "3").stdout
    last = out.rstrip().splitlines()[-1]
    assert re.fullmatch(r"Game over after \d+ steps\. .+", last), last
    assert len(out.splitlines()) > 20


def test_scenario_run_without_paths_runs_every_shipped_scenario(installed):
    n = len(all_scenarios())
    assert n > 100
    out = _cli(installed, "scenario", "run", "--quiet").stdout.splitlines()
    assert out[-1] == f"{n} scenario(s): {n} passed, 0 failed, 0 invalid"
    assert all(str(installed.site_packages / "tutor" / "_content") in line for line in out if line.startswith("PASS"))


def test_check_and_bench(installed):
    out = _cli(installed, "check", "--games", "1", "--jobs", "1", "--game", "spirit-duels").stdout
    assert re.search(r"^all \d+ games played passed every check$", out, re.M), out
    out = _cli(installed, "bench", "--games", "1", "--repeat", "1").stdout
    for game in game_classes():
        assert re.search(rf"^{game}: \d+ steps/s", out, re.M), out


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str) -> tuple[int, str, str]:
    """Status, final URL (after redirects) and body of a GET."""
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.status, response.url, response.read().decode("utf-8", "replace")


@pytest.fixture(scope="module")
def wheel_server(installed):
    """Base URL of `rules-tutor serve` run from the installed wheel in the empty folder."""
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / "wheel-serve.log"
    with open(log_path, "wb") as log:
        # every page is fetched over HTTP (no page connects, so each kernel waits out its grace): room for all; no
        # pre-heated kernels (a pre-heated page's cell waits for its visit, and a kernel stopped while it waits logs
        # a ZMQ traceback at shutdown, which this test looks for)
        proc = subprocess.Popen([str(installed.bin / "rules-tutor"), "serve", "--port", str(port), "--pool", "0",
                                 "--page-pool", "0", "--max-kernels", "32"],
                                cwd=installed.workdir, env=installed.env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            try:
                _get(base + "/voila/tree")
                break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"rules-tutor serve (from the wheel) did not answer on port {port}:\n"
                            + log_path.read_text(errors="replace")[-4000:])
            time.sleep(0.25)
        yield base
    finally:
        for sig, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
            if proc.poll() is not None:
                break
            try:
                os.killpg(proc.pid, sig)
                proc.wait(timeout=wait)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                continue
    assert "Traceback" not in log_path.read_text(errors="replace"), f"see {log_path}"


def test_every_page_runs_from_the_wheel(installed, wheel_server):
    # Voila runs a page's notebook on the server: its HTML holds the cell's widget output, or the error it raised.
    for nb in sorted(p.name for p in (installed.site_packages / "tutor" / "_notebooks").glob("*.ipynb")):
        status, _, html = _get(f"{wheel_server}/voila/render/{nb}")
        assert status == 200, nb
        assert "application/vnd.jupyter.widget-view+json" in html, f"{nb}: no widget output"
        for error in ("There was an error when executing cell", "Traceback", "application/vnd.jupyter.stderr"):
            assert error not in html, f"{nb}: {error}"


@pytest.mark.browser
def test_serve_from_the_wheel(installed, wheel_server, tutor_page):
    status, url, body = _get(wheel_server + "/")
    assert status == 200 and url == wheel_server + "/voila/render/index.ipynb"
    assert "from widgets.landing import landing" not in body  # Voila shows outputs, never the code
    status, _, tree = _get(wheel_server + "/voila/tree")
    notebooks = sorted(p.name for p in (installed.site_packages / "tutor" / "_notebooks").glob("*.ipynb"))
    assert notebooks == sorted(p.name for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))
    for nb in notebooks:
        assert f"/voila/render/{nb}" in tree
    assert "__init__" not in tree and "__pycache__" not in tree  # the package's own files are not pages

    page = tutor_page.page
    page.goto(f"{wheel_server}/voila/render/{LEARN}")
    action = page.locator(".tutor-action:visible").first
    expect(action).to_be_visible(timeout=RENDER_MS)
    events = page.locator(".tutor-event:visible")
    before = events.count()
    action.click()
    expect(events).not_to_have_count(before, timeout=CLICK_MS)
    assert events.count() > before
    tutor_page.screenshot("learn-from-wheel")
    tutor_page.assert_clean()
