"""The classroom JupyterHub (deploy/jupyterhub_config.py) in a real browser: three learners log in and each lands on
the tutor's landing page, interactive, in their own server under /user/NAME/.

The module starts one hub on 127.0.0.1 (free ports, a temporary folder for its database, cookie secret, pid files
and learners' homes, the log in ``test-artifacts/hub.log``) with a class password (SharedPasswordAuthenticator,
what JupyterHub 6 offers in place of a password on DummyAuthenticator). Then:

* each learner logs in through the hub's login form; the hub spawns their server
  (SimpleLocalProcessSpawner, `jupyterhub-singleuser` with Voila) and the browser lands on
  ``/user/NAME/voila/render/index.ipynb``, rendered with the tutor's template, its assets served under the
  learner's prefix, nothing loaded from off the machine; a link on the landing page opens a learn page whose
  first legal action, clicked, adds explained events (conftest.py's `tutor_page` fails on any page error,
  console error, failed request or outside request, and saves screenshots in ``test-artifacts/screenshots/``);
* the three servers run at once, a learner cannot open another's server, a wrong password is refused;
* stopping the hub (SIGTERM) stops the proxy, the idle culler, every learner's server and their kernels.

Timings and the memory each learner's server takes (server process plus kernels, RSS and PSS) go to
``test-artifacts/hub-figures.json``.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO_ROOT = Path(__file__).resolve().parents[2]
DEPLOY = REPO_ROOT / "deploy"
HUB_CONFIG = DEPLOY / "jupyterhub_config.py"
CHP = DEPLOY / "node_modules" / ".bin" / "configurable-http-proxy"
ARTIFACTS = REPO_ROOT / "test-artifacts"
FIGURES = ARTIFACTS / "hub-figures.json"

LEARNERS = ("ada", "grace", "linus")
LANDING = "voila/render/index.ipynb"
LEARN = "learn-restless-spirits.ipynb"

HUB_START_S = 120  # a busy 2-core machine
SPAWN_MS = 180_000  # login -> server started -> kernel started -> landing notebook run
RENDER_MS = 90_000
CLICK_MS = 30_000
STOP_S = 90  # the hub stops learners' servers one signal at a time (SIGINT, then SIGTERM after 10 s, ...)

# The hub runs its Python through this, so that SIGINT means "stop" in it and in what it starts (JupyterHub stops
# its services and learners' servers with SIGINT first): a process started in the background by a
# non-interactive shell inherits SIGINT ignored, and Python then keeps it ignored.
RUN_HUB = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from jupyterhub.app import main; sys.exit(main())"
)


def _free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _tail(path: Path, lines: int = 60) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _health(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", "/hub/health")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


# --- processes, from /proc (Linux) ------------------------------------------------------------------------------


def _children_map() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    return children


def _descendants(pid: int) -> list[int]:
    children, found, todo = _children_map(), [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def _environ(pid: int) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    return dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)


def _memory_kib(pid: int) -> dict[str, int]:
    """RSS and PSS (shared pages split between the processes sharing them) in KiB."""
    out = {"rss": 0, "pss": 0}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("Rss", "Pss"):
                out[key.lower()] = int(rest.split()[0])
    except OSError:
        pass
    return out


# --- the hub ----------------------------------------------------------------------------------------------------


@dataclass
class Hub:
    url: str
    password: str
    proc: subprocess.Popen
    log_path: Path
    start_seconds: float
    figures: dict = field(default_factory=dict)

    def save_figures(self) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        FIGURES.write_text(json.dumps(self.figures, indent=2) + "\n")


def _stop_hub(hub: Hub) -> tuple[float, list[str]]:
    """SIGTERM the hub, wait for it and everything it started. Returns the seconds it took and what was left
    running (then killed)."""
    procs = _descendants(hub.proc.pid)
    started = time.monotonic()
    if hub.proc.poll() is None:
        hub.proc.send_signal(signal.SIGTERM)
        try:
            hub.proc.wait(timeout=STOP_S)
        except subprocess.TimeoutExpired:
            pass
    deadline = time.monotonic() + 30  # a kernel whose server is gone notices within seconds and exits
    while any(_alive(p) for p in procs) and time.monotonic() < deadline:
        time.sleep(0.25)
    seconds = time.monotonic() - started
    left = [f"{p}: {_cmdline(p)}" for p in [hub.proc.pid, *procs] if _alive(p)]
    for pid in [hub.proc.pid, *procs]:
        if _alive(pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    try:
        hub.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    return seconds, left


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    if not CHP.exists():
        message = f"{CHP} is missing: run `make hub-deps` (npm ci --prefix deploy)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    state = tmp_path_factory.mktemp("hub-state")
    port, hub_port, api_port = _free_port(), _free_port(), _free_port()
    password = secrets.token_urlsafe(12)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TUTOR_HUB_", "JUPYTERHUB_", "CONFIGPROXY_"))}
    env.update(
        TUTOR_HUB_IP="127.0.0.1",
        TUTOR_HUB_PORT=str(port),
        TUTOR_HUB_STATE=str(state),
        TUTOR_HUB_PASSWORD=password,
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / "hub.log"
    started = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [
                sys.executable, "-c", RUN_HUB,
                "-f", str(HUB_CONFIG),
                f"--JupyterHub.hub_port={hub_port}",
                f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}",
                # more patience than a class needs: the test machine may be busy with other tests
                f"--Spawner.start_timeout={SPAWN_MS // 1000}",
                f"--Spawner.http_timeout={SPAWN_MS // 1000}",
            ],
            cwd=state,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    hub = Hub(f"http://127.0.0.1:{port}", password, proc, log_path, 0.0)
    try:
        while not _health(port):
            if proc.poll() is not None:
                pytest.fail(f"jupyterhub exited with {proc.returncode}:\n" + _tail(log_path))
            if time.monotonic() - started > HUB_START_S:
                pytest.fail(f"jupyterhub did not answer on port {port} within {HUB_START_S} s:\n" + _tail(log_path))
            time.sleep(0.25)
        hub.start_seconds = time.monotonic() - started
        hub.figures["hub_start_s"] = round(hub.start_seconds, 1)
        yield hub
    finally:
        # Normally test_hub_stops_cleanly has stopped it already.
        if proc.poll() is None:
            _stop_hub(hub)
        hub.save_figures()


def _log_in(page, hub: Hub, name: str, password: str) -> None:
    page.goto(hub.url + "/hub/login")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(password)
    page.locator("#login_submit").click()


def test_a_refused_login_name_is_told_the_rule(hub, chromium_browser):
    """Attack 20, L8: a name the hub's rule refuses (deploy/tutor_hub.py: tutor_name_ok) said only "Invalid username
    or password"; the login page now says what a name may hold. A wrong password still gets no reason."""
    context = chromium_browser.new_context()
    try:
        page = context.new_page()
        _log_in(page, hub, "ada@school", hub.password)
        expect(page.get_by_text("This name cannot be used. A name is 1 to 100 letters")).to_be_visible(
            timeout=CLICK_MS)
        assert "/hub/login" in page.url and page.locator("#username_input").is_visible()
        _log_in(page, hub, "ada", hub.password + "-wrong")
        expect(page.get_by_text("Invalid username or password")).to_be_visible(timeout=CLICK_MS)
    finally:
        context.close()


@pytest.mark.parametrize("name", LEARNERS)
def test_learner_lands_on_the_tutor(hub, tutor_page, name):
    page = tutor_page.page
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    prefix = f"{hub.url}/user/{name}/"

    started = time.monotonic()
    _log_in(page, hub, name, hub.password)
    expect(page).to_have_url(re.compile(re.escape(prefix + LANDING) + r"\??$"), timeout=SPAWN_MS)
    expect(page.locator(".rt-landing")).to_be_visible(timeout=SPAWN_MS)
    hub.figures.setdefault("login_to_landing_s", {})[name] = round(time.monotonic() - started, 1)
    expect(page.locator("h1").first).to_contain_text("Rules Tutor")
    # Voila's own assets (and through them Font Awesome) come from under the learner's prefix.
    expect(page.locator("a.tutor-link.rt-land-go i.fa-play").first).to_be_visible()
    assert any(u.startswith(prefix + "voila/static/") for u in requests), "no Voila asset under " + prefix
    local = [u for u in requests if u.startswith(hub.url)]
    stray = [u for u in local if not u.startswith((prefix, hub.url + "/hub/"))]
    assert not stray, f"requests outside {prefix} and /hub/: {stray}"
    # The tutor's template, not Voila's stock "lab" one (which links Font Awesome on a CDN).
    assert "cdn.jsdelivr.net" not in page.content()
    page.set_viewport_size({"width": 1280, "height": 1300})  # Voila scrolls inside the page: show it all
    tutor_page.screenshot("landing")
    page.set_viewport_size({"width": 1280, "height": 800})
    tutor_page.assert_clean()

    # Interactive: a link of the landing page opens a learn page, and its first legal action explains itself.
    links = page.locator("a.tutor-link").evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    target = LEARN if LEARN in links else next(h for h in links if h.startswith("learn-"))
    page.locator(f'a.tutor-link[href="{target}"]').first.click()
    expect(page).to_have_url(prefix + "voila/render/" + target, timeout=RENDER_MS)
    action = page.locator(".tutor-action:visible").first
    expect(action).to_be_visible(timeout=RENDER_MS)
    action.click()
    # The last step under the board is "Step 1", whose event lines carry clause chips.
    expect(page.locator(".tutor-last-step .rt-step-now").filter(has_text="Step 1 ·")).to_have_count(
        1, timeout=CLICK_MS)
    expect(page.locator(".tutor-event:visible + .tutor-clause").first).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 1800})  # the board and the step log below it
    tutor_page.screenshot("learn")
    tutor_page.assert_clean()


def _learner_servers(hub: Hub) -> dict[str, int]:
    """Learner name -> pid of their running `jupyterhub.singleuser` server (started by the hub)."""
    servers = {}
    for pid in _descendants(hub.proc.pid):
        if "jupyterhub.singleuser" in _cmdline(pid):
            servers[_environ(pid).get("JUPYTERHUB_USER", "?")] = pid
    return servers


def _open_learn_pages(hub: Hub, browser) -> list:
    """Each learner logged in (a browser context of their own) with the learn page open and playable; returns the
    contexts, for the caller to close. A closed tab shuts its page's kernel down (the template's pagehide), so a
    learner's kernels are only there while their page is open."""
    contexts = []
    for name in LEARNERS:
        context = browser.new_context()
        contexts.append(context)
        page = context.new_page()
        _log_in(page, hub, name, hub.password)
        expect(page.locator(".rt-landing")).to_be_visible(timeout=RENDER_MS)
        page.goto(f"{hub.url}/user/{name}/voila/render/{LEARN}")
        expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
    return contexts


def _memory_per_learner(servers: dict[str, int]) -> dict[str, dict]:
    """Learner name -> their server's and kernels' memory (MiB, RSS and PSS); each server must run a kernel."""
    memory = {}
    for name, pid in sorted(servers.items()):
        kernels = [p for p in _descendants(pid) if "ipykernel" in _cmdline(p)]
        assert kernels, f"{name}'s server runs no kernel"
        server_mem = _memory_kib(pid)
        kernel_mem = [_memory_kib(k) for k in kernels]
        memory[name] = {
            "server_rss_mib": round(server_mem["rss"] / 1024, 1),
            "kernels": len(kernels),
            "kernel_rss_mib": [round(m["rss"] / 1024, 1) for m in kernel_mem],
            "total_rss_mib": round((server_mem["rss"] + sum(m["rss"] for m in kernel_mem)) / 1024, 1),
            "total_pss_mib": round((server_mem["pss"] + sum(m["pss"] for m in kernel_mem)) / 1024, 1),
        }
    return memory


def test_three_servers_at_once(hub, chromium_browser):
    servers = _learner_servers(hub)
    assert sorted(servers) == sorted(LEARNERS), f"running learner servers: {servers}"

    # What one learner costs, their learn page open: their server process plus its kernels (the learn page's, and
    # the landing page's if it is still shutting down), as RSS and as PSS (shared libraries counted once across
    # processes).
    learners = _open_learn_pages(hub, chromium_browser)
    try:
        memory = _memory_per_learner(servers)
    finally:
        for context in learners:
            context.close()
    hub.figures["memory_per_learner"] = memory
    # The shared part: the hub, its proxy and the idle culler.
    shared = {"hub": _memory_kib(hub.proc.pid)["rss"]}
    for pid in _descendants(hub.proc.pid):
        cmd = _cmdline(pid)
        for key, marker in (("proxy", "configurable-http-proxy"), ("idle_culler", "jupyterhub_idle_culler")):
            if marker in cmd:
                shared[key] = _memory_kib(pid)["rss"]
    hub.figures["shared_rss_mib"] = {k: round(v / 1024, 1) for k, v in shared.items()}
    # The hub's own measure of each spawn: from the request to the server answering.
    spawns = re.findall(r"User (\S+) took ([0-9.]+) seconds to start", hub.log_path.read_text(errors="replace"))
    hub.figures["spawn_s"] = {name: round(float(s), 1) for name, s in spawns}
    hub.save_figures()

    context = chromium_browser.new_context()
    try:
        # A learner cannot open another learner's server...
        page = context.new_page()
        _log_in(page, hub, "eve", "not the class password")
        expect(page.get_by_text("Invalid username or password")).to_be_visible()
        _log_in(page, hub, LEARNERS[0], hub.password)
        expect(page.locator(".rt-landing")).to_be_visible(timeout=RENDER_MS)
        own = context.request.get(f"{hub.url}/user/{LEARNERS[0]}/api/status")
        assert own.status == 200, own.status
        other = context.request.get(f"{hub.url}/user/{LEARNERS[1]}/api/status")
        assert other.status == 403, f"{LEARNERS[0]} opening {LEARNERS[1]}'s server: HTTP {other.status}"
    finally:
        context.close()


def _notebook_digests() -> dict[str, str]:
    import hashlib

    root = REPO_ROOT / "notebooks"  # every file and folder under it (a checkpoint folder or new file counts too)
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "folder"
            for p in root.rglob("*") if "__pycache__" not in p.parts}


# A page's kernel websocket, opened from the learner's own page (same origin, the learner's cookies): sends an
# execute_request that would write a file and a kernel_info_request, and collects the message types that come back.
_EXECUTE_FROM_PAGE = """async ({url, code}) => await new Promise((resolve) => {
  const id = () => Math.random().toString(16).slice(2) + Math.random().toString(16).slice(2);
  const session = id();
  const message = (msg_type, content) => JSON.stringify({
    header: {msg_id: id(), msg_type, username: "learner", session, version: "5.3", date: ""},
    parent_header: {}, metadata: {}, content, channel: "shell", buffers: []});
  const got = [];
  const ws = new WebSocket(url);
  ws.onopen = () => {
    ws.send(message("execute_request", {code, silent: false, store_history: false, user_expressions: {},
                                        allow_stdin: false}));
    ws.send(message("kernel_info_request", {}));
  };
  ws.onmessage = (event) => { if (typeof event.data === "string") got.push(JSON.parse(event.data).msg_type); };
  ws.onerror = () => got.push("error");
  setTimeout(() => { ws.close(); resolve(got); }, 8000);
})"""


def test_learner_gets_the_pages_and_nothing_else(hub, chromium_browser, tmp_path):
    """A logged-in learner, attacking their own server through its Jupyter REST API and a page's kernel websocket,
    is refused everything but the pages (deploy/singleuser_config.py: LearnerAuthorizer and the kernel message
    list); the shared notebooks are unchanged and the page still plays."""
    import websocket  # websocket-client, a dependency of jupyter_server

    name = LEARNERS[1]
    base = f"{hub.url}/user/{name}"
    before = _notebook_digests()
    context = chromium_browser.new_context()
    try:
        page = context.new_page()
        _log_in(page, hub, name, hub.password)
        expect(page.locator(".rt-landing")).to_be_visible(timeout=RENDER_MS)
        page.goto(f"{base}/voila/render/{LEARN}")
        expect(page.locator(".tutor-action:visible").first).to_be_visible(timeout=RENDER_MS)
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
        cookies = {c["name"]: c["value"] for c in context.cookies(base + "/")}
        # The learner's XSRF token goes with every write, so that a 403 below is the authorizer's, not XSRF's.
        xsrf = {"X-XSRFToken": cookies["_xsrf"]}
        api = context.request

        def call(method: str, path: str, data=None):
            return api.fetch(base + path, method=method, headers=xsrf, data=data, max_redirects=0)

        # What a page needs still works.
        assert call("GET", "/api/status").status == 200
        assert call("GET", f"/api/kernels/{kernel}").status == 200

        notebook = {"type": "notebook", "format": "json",
                    "content": {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}}
        refused = {
            ("PUT", "/api/contents/index.ipynb", json.dumps(notebook)): "write on resource: contents",
            ("PATCH", "/api/contents/index.ipynb", json.dumps({"path": "moved.ipynb"})): "write on resource: contents",
            ("DELETE", "/api/contents/index.ipynb", None): "write on resource: contents",
            ("POST", "/api/contents", json.dumps({"type": "file", "ext": ".py"})): "write on resource: contents",
            ("PUT", "/api/contents/mine.py", json.dumps({"type": "file", "format": "text", "content": "x"})):
                "write on resource: contents",
            ("GET", "/api/contents/index.ipynb", None): "read on resource: contents",
            ("POST", "/api/kernels", json.dumps({"name": "python3"})): "write on resource: kernels",
            ("POST", f"/api/kernels/{kernel}/restart", None): "write on resource: kernels",
            ("POST", f"/api/kernels/{kernel}/interrupt", None): "write on resource: kernels",
            ("DELETE", f"/api/kernels/{kernel}", None): "write on resource: kernels",
            ("POST", "/api/sessions", json.dumps({"path": "x.ipynb", "type": "notebook",
                                                  "kernel": {"name": "python3"}})): "write on resource: sessions",
            ("GET", "/api/sessions", None): "read on resource: sessions",
            ("PUT", "/api/config/notebook", "{}"): "write on resource: config",
        }
        for (method, path, data), message in refused.items():
            response = call(method, path, data)
            assert response.status == 403, f"{method} {path}: HTTP {response.status}"
            assert response.json()["message"] == f"User is not authorized to {message}.", (method, path)
        # Pages that are not the tutor's: refused, or not there at all.
        for method, path in [("GET", "/files/index.ipynb"), ("GET", "/nbconvert/html/index.ipynb"),
                             ("POST", "/api/shutdown")]:
            assert call(method, path).status == 403, f"{method} {path}"
        for method, path in [("GET", "/lab"), ("GET", "/tree"), ("GET", "/terminals/1"), ("POST", "/api/terminals")]:
            assert call(method, path).status in (403, 404), f"{method} {path}"
        # Voila's own contents API (its JupyterLab tree page's, no tutor page's): 404 as from `rules-tutor serve`
        # (attack 20, L3: it listed the folder and gave each notebook's source with 200)
        for path in ("/voila/api/contents", "/voila/api/contents/", "/voila/api/contents/index.ipynb",
                     "/voila/api/contents/index.ipynb?content=1&format=text"):
            response = call("GET", path)
            assert response.status == 404 and b"cells" not in response.body(), f"GET {path}: {response.status}"
        log = hub.log_path.read_text(errors="replace")
        assert f"Refused for {name}: write on contents (PUT /user/{name}/api/contents/index.ipynb)" in log
        assert f"Refused for {name}: write on kernels (POST /user/{name}/api/kernels)" in log

        # The page's kernel, over its websocket from the learner's own page: code is never run.
        marker = tmp_path / "ran"
        got = page.evaluate(_EXECUTE_FROM_PAGE, {
            "url": f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels",
            "code": f"open({str(marker)!r}, 'w').write('ran')"})
        assert "kernel_info_reply" in got, got  # the websocket works...
        assert not {"execute_reply", "execute_input", "stream", "error"} & set(got), got  # ...but runs no code
        assert not marker.exists()
        assert 'Received message of type "execute_request", which is not allowed. Ignoring.' in \
            hub.log_path.read_text(errors="replace")
        # Another site's page cannot open it, even with the learner's cookies.
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        with pytest.raises(websocket.WebSocketBadStatusException) as foreign:
            websocket.create_connection(f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels",
                                        cookie=cookie, origin="http://evil.example", timeout=10)
        assert foreign.value.status_code == 403

        # The shared notebooks are as they were, and the page still plays.
        assert _notebook_digests() == before
        # (the learn page resumes this learner's lesson where an earlier test left it: one step more than that)
        now = page.locator(".tutor-last-step .rt-step-now")
        was = now.first.inner_text() if now.count() else ""
        page.locator(".tutor-action:visible").first.click()
        expect(now.filter(has_text="Step ")).to_have_count(1, timeout=CLICK_MS)
        expect(now.first).not_to_have_text(was or "\u0000", timeout=CLICK_MS)
    finally:
        context.close()


def test_learner_kernels_are_capped(hub, chromium_browser):
    """Many page requests at once from one learner: never more than the cap of kernels in their server
    (singleuser_config.py: KERNELS_PER_LEARNER); the pages beyond it say the server is busy and what to do."""
    from concurrent.futures import ThreadPoolExecutor

    import requests

    cap = 6
    name = LEARNERS[2]
    base = f"{hub.url}/user/{name}"
    context = chromium_browser.new_context()
    try:
        page = context.new_page()
        _log_in(page, hub, name, hub.password)
        expect(page.locator(".rt-landing")).to_be_visible(timeout=RENDER_MS)
        session = requests.Session()
        for c in context.cookies(base + "/"):
            session.cookies.set(c["name"], c["value"], path=c["path"])
    finally:
        context.close()
    server = _learner_servers(hub)[name]

    def get(_):
        response = session.get(f"{base}/voila/render/learn-spirited.ipynb", timeout=RENDER_MS / 1000,
                               allow_redirects=False)
        return response.status_code, response.text

    with ThreadPoolExecutor(max_workers=cap + 2) as pool:
        results = list(pool.map(get, range(cap + 2)))
    codes = sorted(code for code, _ in results)
    assert set(codes) <= {200, 503} and 503 in codes and 200 in codes, codes
    busy = next(text for code, text in results if code == 503)
    # a learner is told what they can do, never a command line (attack 20, L7)
    assert "Rules Tutor is busy" in busy and "Close another tab of the tutor" in busy and "ask your teacher" in busy
    assert "--max-kernels" not in busy and "rules-tutor" not in busy
    kernels = [p for p in _descendants(server) if "ipykernel" in _cmdline(p) and _alive(p)]
    assert len(kernels) <= cap, f"{len(kernels)} kernels in {name}'s server"


def _get(port: int, path: str, host: str, method: str = "GET", body: str | None = None):
    """One request to the hub's public port (through the proxy) with the given Host header: (status, headers, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Host": host}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.headers, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


def test_hub_answers_only_to_its_own_host_names(hub):
    """DNS rebinding (a web site whose name resolves to 127.0.0.1): the hub refuses a foreign Host with a plain 403
    before any page runs, the login form among them (so such a site cannot log in as a learner), and still answers
    the loopback names (deploy/jupyterhub_config.py, tutor/webguard.py: insert_hub_host_guard)."""
    port = int(hub.url.rsplit(":", 1)[1])
    login = f"username={LEARNERS[0]}&password={hub.password}"
    for host in (f"evil.example:{port}", "evil.example", f"localhost.evil.example:{port}", f"127.0.0.1.nip.io:{port}",
                 f"[::2]:{port}"):
        for method, path, body in (("GET", "/hub/login", None), ("POST", "/hub/login", login),
                                   ("GET", "/hub/api/", None), ("GET", "/hub/static/css/style.min.css", None)):
            status, headers, text = _get(port, path, host, method, body)
            assert status == 403, (host, method, path, status)
            assert "only answers to its own addresses" in text, (host, path, text[:200])
            assert headers.get("Content-Type", "").startswith("text/plain")
            assert not headers.get("Set-Cookie"), (host, path)  # no login, no session
    # A learner's page under a foreign name: without the hub's cookie for that name it is sent to the hub, which
    # refuses that name.
    status, headers, text = _get(port, f"/user/{LEARNERS[0]}/{LANDING}", f"evil.example:{port}")
    for _ in range(5):
        if status not in (301, 302, 303, 307):
            break
        location = urlsplit(headers["Location"])
        status, headers, text = _get(port, location.path + (f"?{location.query}" if location.query else ""),
                                     f"evil.example:{port}")
    assert status == 403 and "rt-landing" not in text
    # Its own names still work.
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        status, _, text = _get(port, "/hub/login", host)
        assert status == 200 and 'id="login_submit"' in text, host
    assert _health(port)


def test_hub_stops_cleanly(hub):
    assert hub.proc.poll() is None, "the hub is not running:\n" + _tail(hub.log_path)
    seconds, left = _stop_hub(hub)
    hub.figures["stop_s"] = round(seconds, 1)
    hub.save_figures()
    assert not left, "still running after the hub stopped (now killed):\n  " + "\n  ".join(left)
    assert hub.proc.returncode == 0, f"jupyterhub exited with {hub.proc.returncode}:\n" + _tail(hub.log_path)
