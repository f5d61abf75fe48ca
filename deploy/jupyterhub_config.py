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
import unicodedata
from pathlib import Path
from secrets import compare_digest

from jupyterhub.auth import DummyAuthenticator
from jupyterhub.authenticators.shared import SharedPasswordAuthenticator

from tutor.progress.store import NAME_MAX, clean_name
from tutor.serve import LANDING_NOTEBOOK, SHARE_DIR

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

DEPLOY = Path(__file__).resolve().parent
SINGLEUSER_CONFIG = DEPLOY / "singleuser_config.py"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, "").strip() or default


def _names(name: str) -> set[str]:
    # Lower case, as JupyterHub normalises the names people type at login.
    return {n.strip().lower() for n in _env(name).split(",") if n.strip()}


def tutor_name_ok(name: str) -> bool:
    """Whether ``name`` (a JupyterHub user name, already lower case) is one the tutor keeps as it is: the progress
    database stores :func:`tutor.progress.store.clean_name` of it and the class page compares that with the
    teachers' names, so a name the cleaning would change (control or zero-width characters, surrounding spaces,
    more than ``NAME_MAX`` characters) would share another learner's progress, or pass for a teacher. Names that
    Unicode compatibility normalisation (NFKC) changes (full-width letters, ligatures) are refused too: they look
    like another name on the class page."""
    return (0 < len(name) <= NAME_MAX and clean_name(name) == name
            and unicodedata.normalize("NFKC", name) == name)


class TutorNamesMixin:
    """Login rules of the class hub on top of a JupyterHub authenticator: a name must pass :func:`tutor_name_ok`,
    and the names in ``teacher_users`` (``TUTOR_HUB_TEACHERS``) log in with ``teacher_password``
    (``TUTOR_HUB_TEACHER_PASSWORD``) and nothing else, so a learner who types a teacher's name with the class
    password is refused. A refused login is JupyterHub's usual "Invalid username or password"; the hub's log says
    why."""

    teacher_users: frozenset = frozenset()
    teacher_password: str = ""

    def validate_username(self, username):
        if not tutor_name_ok(username):
            self.log.warning("Refused login name %r: the tutor would not keep it as it is (control, zero-width or "
                             "compatibility characters, spaces around it, or more than %d characters)",
                             username[:NAME_MAX + 20], NAME_MAX)
            return False
        return super().validate_username(username)

    async def authenticate(self, handler, data):
        name = self.normalize_username(str(data.get("username", "")))
        if name in self.teacher_users and name not in self.admin_users:
            if self.teacher_password and compare_digest(str(data.get("password", "")), self.teacher_password):
                return {"name": name, "admin": False}
            self.log.warning("Refused login as teacher %r: not the teachers' password", name)
            return None
        return await super().authenticate(handler, data)


class TutorSharedPasswordAuthenticator(TutorNamesMixin, SharedPasswordAuthenticator):
    """The class password for learners (``SharedPasswordAuthenticator``), the teachers' password for teachers."""


class TutorDummyAuthenticator(TutorNamesMixin, DummyAuthenticator):
    """The demo on 127.0.0.1: any learner name with any password; teachers still need the teachers' password."""


ip = _env("TUTOR_HUB_IP", "127.0.0.1")
port = int(_env("TUTOR_HUB_PORT", "8000"))
state = Path(_env("TUTOR_HUB_STATE", str(DEPLOY / "state"))).resolve()
state.mkdir(parents=True, exist_ok=True)

# --- The hub and its proxy -------------------------------------------------------------------------------------
# The public address is the proxy's; the hub itself (8081) and the proxy's API (8001) stay on 127.0.0.1.
c.JupyterHub.bind_url = f"http://{ip}:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
# No TLS here: on a network, put the hub behind an HTTPS reverse proxy, or set c.JupyterHub.ssl_cert/ssl_key.

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
teachers = _names("TUTOR_HUB_TEACHERS")
teacher_password = _env("TUTOR_HUB_TEACHER_PASSWORD")
if teachers:
    # The class page shows every learner's progress: its teachers have a password of their own.
    if len(teacher_password) < 8:
        raise SystemExit("TUTOR_HUB_TEACHERS is set: set TUTOR_HUB_TEACHER_PASSWORD (8+ characters), the password "
                         "the teachers log in with (the class password does not open the class page)")
    if teacher_password in (password, _env("TUTOR_HUB_ADMIN_PASSWORD")):
        raise SystemExit("TUTOR_HUB_TEACHER_PASSWORD must differ from TUTOR_HUB_PASSWORD and TUTOR_HUB_ADMIN_PASSWORD")
    bad = sorted(n for n in teachers if not tutor_name_ok(n))
    if bad:
        raise SystemExit(f"TUTOR_HUB_TEACHERS: {bad[0][:NAME_MAX]!r} is not a name the tutor keeps as it is "
                         "(no control, zero-width or full-width characters, at most 100 characters)")
    if users:
        users |= teachers
for cls in (TutorSharedPasswordAuthenticator, TutorDummyAuthenticator):
    cls.teacher_users = frozenset(teachers)
    cls.teacher_password = teacher_password if teachers else ""
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
    "RULES_TUTOR_DB": _env("RULES_TUTOR_DB", f"sqlite:///{state / 'progress.sqlite'}"),
    "RULES_TUTOR_TEACHERS": ",".join(sorted(teachers)),
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
