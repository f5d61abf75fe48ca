"""JupyterHub for a class on one machine: every learner logs in and lands on the tutor's landing page.

    make hub                                    # http://127.0.0.1:8000/, any name and any password
    TUTOR_HUB_PASSWORD=... TUTOR_HUB_IP=0.0.0.0 make hub   # the class: one shared class password

(`make hub` runs `.venv/bin/jupyterhub -f deploy/jupyterhub_config.py`; see deploy/README.md.)

    browser -> configurable-http-proxy (deploy/node_modules, public port) -> /hub/...     JupyterHub (login, spawning)
                                                                          -> /user/NAME/  NAME's own server
    NAME's server: `jupyterhub-singleuser --config=deploy/singleuser_config.py`, Jupyter Server with Voila's server
    extension over notebooks/, opening /user/NAME/voila/render/index.ipynb with the tutor's page template.

Settings come from the environment (all optional):

    TUTOR_HUB_IP            address the proxy listens on (default 127.0.0.1: this machine only)
    TUTOR_HUB_PORT          its port (default 8000)
    TUTOR_HUB_HOST_NAMES    comma-separated host names learners use to reach the hub (e.g. tutor.school.example,
                            also the name a reverse proxy in front of it passes on). The hub answers 403 to a
                            request for any other host name (DNS rebinding): it accepts 127.0.0.1, localhost and
                            [::1], these names, and when TUTOR_HUB_IP is not a loopback address also the machine's
                            own names and any IP address.
    TUTOR_HUB_PASSWORD      the class password (8 characters or more): any name may log in with it
                            (SharedPasswordAuthenticator). Unset: the demo authenticator (DummyAuthenticator: any
                            name, any password), which is only allowed on 127.0.0.1.
    TUTOR_HUB_USERS         comma-separated names: only these may log in (default: any name)
    TUTOR_HUB_ADMINS        comma-separated admin names (with TUTOR_HUB_ADMIN_PASSWORD, 32+ characters)
    TUTOR_HUB_ADMIN_PASSWORD
    TUTOR_HUB_SPAWNER       "simple" (default): every learner's server runs as the user who runs the hub, with
                            its home under the state folder; no system accounts needed, no isolation between
                            learners. "local": LocalProcessSpawner, each learner's server runs as the system user
                            of the same name (the hub must run as root, the users must exist).
    TUTOR_HUB_MAX_SERVERS   most learner servers running at once (default 0: no limit)
    TUTOR_HUB_CULL_TIMEOUT  stop a learner's server after this many idle seconds (default 3600; 0: never)
    TUTOR_HUB_TEACHERS      comma-separated names who may open the class page (notebooks/class-progress.ipynb);
                            they log in with TUTOR_HUB_TEACHER_PASSWORD, never with the class password
    TUTOR_HUB_TEACHER_PASSWORD  the teachers' own password (8+ characters, not the class or admin password);
                            required when TUTOR_HUB_TEACHERS is set
    RULES_TUTOR_DB          the class's progress database, shared by every learner's server (default: the SQLite
                            file progress.sqlite in TUTOR_HUB_STATE; a postgresql+psycopg:// URL for several machines)
    TUTOR_HUB_STATE         folder for the hub's database, cookie secret, pid file and learners' homes
                            (default deploy/state, git-ignored)

Everything here is ordinary JupyterHub configuration: override any of it with command-line options, e.g.
`--JupyterHub.hub_port=8082` (the hub's internal API, default 8081) or
`--ConfigurableHTTPProxy.api_url=http://127.0.0.1:8002` (the proxy's API, default 8001), as the tests do.
"""

import os
import shutil
import sys
from pathlib import Path

from jupyterhub.app import JupyterHub

from tutor import webguard
from tutor.serve import LANDING_NOTEBOOK, SHARE_DIR

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

DEPLOY = Path(__file__).resolve().parent
SINGLEUSER_CONFIG = DEPLOY / "singleuser_config.py"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}

# The login rules (names the tutor keeps as typed, the teachers' own password) live in deploy/tutor_hub.py, which
# the Kubernetes hub loads too (z2jh-values.yaml: hub.extraFiles + hub.extraConfig).
if str(DEPLOY) not in sys.path:
    sys.path.insert(0, str(DEPLOY))
from tutor_hub import (  # noqa: E402
    LEARNER_DB_ENV, LEARNER_TEACHERS_ENV, TutorDummyAuthenticator, TutorSharedPasswordAuthenticator, names,
    set_teachers)


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, "").strip() or default


def _names(name: str) -> set[str]:
    # Lower case, as JupyterHub normalises the names people type at login.
    return names(_env(name))


ip = _env("TUTOR_HUB_IP", "127.0.0.1")
port = int(_env("TUTOR_HUB_PORT", "8000"))
state = Path(_env("TUTOR_HUB_STATE", str(DEPLOY / "state"))).resolve()
state.mkdir(parents=True, exist_ok=True)

# --- The hub and its proxy -------------------------------------------------------------------------------------
# The public address is the proxy's; the hub itself (8081) and the proxy's API (8001) stay on 127.0.0.1.
c.JupyterHub.bind_url = f"http://{ip}:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
# No TLS here: on a network, put the hub behind an HTTPS reverse proxy, or set c.JupyterHub.ssl_cert/ssl_key.

# Only its own host names: a web site whose name resolves to this machine (DNS rebinding) gets a 403 from the hub
# (login, OAuth, API) on every port, as from `rules-tutor serve` (tutor/webguard.py). A learner's server sends a
# browser without the hub's cookie for that name to the hub's OAuth pages, so it is covered too.
host_names = set()
for name in _names("TUTOR_HUB_HOST_NAMES"):
    name = name.rstrip(".")
    if not webguard.valid_host_name(name):
        raise SystemExit(f"TUTOR_HUB_HOST_NAMES: {name[:80]!r} is not a host name (e.g. tutor.school.example)")
    host_names.add(name)
serves_network = ip not in LOOPBACK
if serves_network:
    import socket
    host_names |= {n.lower().rstrip(".") for n in (socket.gethostname(), socket.getfqdn()) if n}
c.JupyterHub.tornado_settings = {
    webguard.HUB_HOSTS_SETTING: {"names": sorted(webguard.LOOPBACK_NAMES | host_names), "any_address": serves_network},
}
if not getattr(JupyterHub, "_rules_tutor_host_guard", False):  # once per process (tests load this file often)
    _init_tornado_application = JupyterHub.init_tornado_application

    def _init_tornado_application_with_host_guard(self):
        _init_tornado_application(self)
        webguard.insert_hub_host_guard(self.tornado_application)

    JupyterHub.init_tornado_application = _init_tornado_application_with_host_guard
    JupyterHub._rules_tutor_host_guard = True

# configurable-http-proxy from npm, installed into deploy/node_modules by `make hub-deps` (`npm ci --prefix deploy`).
chp = DEPLOY / "node_modules" / ".bin" / "configurable-http-proxy"
if not chp.exists():
    raise SystemExit(f"{chp} is missing: run `make hub-deps` (npm ci --prefix deploy)")
c.ConfigurableHTTPProxy.command = [str(chp)]
c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")

# The hub's state: never in the repository's working tree root or the current directory.
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")
# Stopping the hub (Ctrl+C, SIGTERM) stops the proxy and every learner's server too.
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
c.JupyterHub.active_server_limit = int(_env("TUTOR_HUB_MAX_SERVERS", "0"))

# --- Who may log in ---------------------------------------------------------------------------------------------
password = _env("TUTOR_HUB_PASSWORD")
users = _names("TUTOR_HUB_USERS")
teachers = set_teachers(_env("TUTOR_HUB_TEACHERS"), _env("TUTOR_HUB_TEACHER_PASSWORD"),
                        other_passwords=(password, _env("TUTOR_HUB_ADMIN_PASSWORD")))
if teachers and users:
    users |= teachers
if password and len(password) < 8:  # (attack 41: the authenticator's own check stopped the hub with a traceback)
    raise SystemExit(f"TUTOR_HUB_PASSWORD is {len(password)} characters long: the class password needs 8 or more")
if _env("TUTOR_HUB_ADMIN_PASSWORD") and len(_env("TUTOR_HUB_ADMIN_PASSWORD")) < 32:
    raise SystemExit("TUTOR_HUB_ADMIN_PASSWORD is too short: the admin password needs 32 characters or more")
if password:
    # One class password, any name (or only TUTOR_HUB_USERS). Anyone with the password can log in as any
    # learner: fine for a classroom session, not for anything private. Teachers: their own password.
    c.JupyterHub.authenticator_class = TutorSharedPasswordAuthenticator
    c.SharedPasswordAuthenticator.user_password = password
    admins = _names("TUTOR_HUB_ADMINS")
    if admins:
        c.Authenticator.admin_users = admins
        c.SharedPasswordAuthenticator.admin_password = _env("TUTOR_HUB_ADMIN_PASSWORD")
else:
    # Demo: any name, any password. Never on a network.
    if ip not in LOOPBACK:
        raise SystemExit(
            f"TUTOR_HUB_IP={ip} serves to the network: set TUTOR_HUB_PASSWORD (8+ characters) for the class, "
            "or use a real authenticator (see deploy/README.md)"
        )
    c.JupyterHub.authenticator_class = TutorDummyAuthenticator
if users:
    c.Authenticator.allowed_users = users
else:
    c.Authenticator.allow_all = True
# A real authenticator instead (see deploy/README.md), for example a school's OAuth / LDAP login:
#   pip install oauthenticator;  c.JupyterHub.authenticator_class = "generic-oauth"  (+ its client id/secret/URLs)
#   pip install jupyterhub-ldapauthenticator;  c.JupyterHub.authenticator_class = "ldapauthenticator.LDAPAuthenticator"
#   system accounts of this machine: c.JupyterHub.authenticator_class = "pam" (the hub runs as root)

# --- Each learner's server: the tutor's Voila pages -------------------------------------------------------------
spawner = _env("TUTOR_HUB_SPAWNER", "simple")
if spawner == "simple":
    # No system users: every server runs as the hub's own user, with HOME under the state folder. Learners are not
    # isolated from each other (their kernels run as the same user): for a trusted class on one machine.
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    c.SimpleLocalProcessSpawner.home_dir_template = str(state / "home" / "{username}")
elif spawner == "local":
    # Real system users (useradd each learner first; the hub runs as root and starts each server as that user,
    # who must be able to read this repository and its .venv).
    c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
else:
    raise SystemExit(f"TUTOR_HUB_SPAWNER={spawner!r}: use 'simple' or 'local'")

# The same Python (the project's .venv) runs learners' servers, so `tutor` and `widgets` import in their kernels.
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.args = [f"--config={SINGLEUSER_CONFIG}"]
c.Spawner.default_url = f"/voila/render/{LANDING_NOTEBOOK}"
c.Spawner.disable_user_config = True  # ignore ~/.jupyter of the user a server runs as
c.Spawner.environment = {
    "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
    # The tutor's Voila template (tutor/share/jupyter). Set here, before the server starts: with
    # disable_user_config, JupyterHub fixes the Jupyter data path when the server starts.
    "JUPYTER_PATH": os.pathsep.join([str(SHARE_DIR), *filter(None, [os.environ.get("JUPYTER_PATH")])]),
    # One progress database for the class (tutor/progress), so the teachers' class page sees every learner.
    LEARNER_DB_ENV: _env(LEARNER_DB_ENV, f"sqlite:///{state / 'progress.sqlite'}"),
    LEARNER_TEACHERS_ENV: ",".join(sorted(teachers)),
}
# A server must answer within this time of being started (a cold start on a busy 2-core machine takes seconds).
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
# Local spawners do not enforce memory limits; on Kubernetes singleuser.memory in z2jh-values.yaml does.

# --- Idle learners --------------------------------------------------------------------------------------------
cull_timeout = int(_env("TUTOR_HUB_CULL_TIMEOUT", "3600"))
if cull_timeout > 0:
    # jupyterhub-idle-culler (PyPI, the `hub` extra) runs as a hub-managed service and stops servers idle longer
    # than the timeout; a learner who comes back gets a fresh server on their next visit.
    c.JupyterHub.services = [
        {
            "name": "idle-culler",
            "command": [
                sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={cull_timeout}",
                f"--cull-every={max(60, min(600, cull_timeout // 2))}",
            ],
        }
    ]
    c.JupyterHub.load_roles = [
        {
            "name": "idle-culler",
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            "services": ["idle-culler"],
        }
    ]

if shutil.which("node") is None and shutil.which("nodejs") is None:
    print("jupyterhub_config.py: warning: node is not on PATH; configurable-http-proxy needs it", file=sys.stderr)
