"""The classroom deployment's files (deploy/) agree with each other and with `rules-tutor serve`, and the hub
config chooses its authenticator and spawner from the environment as deploy/README.md says. Fast: nothing is
started (tests/browser/test_hub.py runs the hub itself)."""

from __future__ import annotations

import unicodedata

import json
import os
import re
import sys
from pathlib import Path

import pytest
import yaml
from traitlets.config.loader import PyFileConfigLoader

import tutor.serve
from tutor.serve import LANDING_NOTEBOOK, NOTEBOOKS_DIR, SHARE_DIR, TEMPLATE, voila_config

REPO_ROOT = Path(__file__).resolve().parents[2]
DEPLOY = REPO_ROOT / "deploy"


def load(name: str):
    return PyFileConfigLoader(name, path=str(DEPLOY)).load_config()


@pytest.fixture
def hub_env(monkeypatch, tmp_path):
    for var in ("TUTOR_HUB_IP", "TUTOR_HUB_PORT", "TUTOR_HUB_PASSWORD", "TUTOR_HUB_USERS", "TUTOR_HUB_ADMINS",
                "TUTOR_HUB_ADMIN_PASSWORD", "TUTOR_HUB_SPAWNER", "TUTOR_HUB_MAX_SERVERS", "TUTOR_HUB_CULL_TIMEOUT",
                "TUTOR_HUB_TEACHERS", "TUTOR_HUB_TEACHER_PASSWORD", "TUTOR_HUB_HOST_NAMES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TUTOR_HUB_STATE", str(tmp_path / "state"))
    if not (DEPLOY / "node_modules" / ".bin" / "configurable-http-proxy").exists():
        pytest.skip("deploy/node_modules is missing: run `make hub-deps`")
    return monkeypatch


def test_demo_hub_on_loopback(hub_env, tmp_path):
    c = load("jupyterhub_config.py")
    assert c.JupyterHub.bind_url == "http://127.0.0.1:8000"
    assert c.JupyterHub.authenticator_class.__name__ == "TutorDummyAuthenticator"
    assert c.Authenticator.allow_all is True
    assert c.JupyterHub.spawner_class.endswith("SimpleLocalProcessSpawner")
    assert c.Spawner.default_url == f"/voila/render/{LANDING_NOTEBOOK}"
    assert c.Spawner.args == [f"--config={DEPLOY / 'singleuser_config.py'}"]
    assert c.Spawner.environment["JUPYTER_PATH"].split(":")[0] == str(SHARE_DIR)
    assert c.ConfigurableHTTPProxy.command == [str(DEPLOY / "node_modules" / ".bin" / "configurable-http-proxy")]
    assert c.JupyterHub.db_url == f"sqlite:///{tmp_path / 'state' / 'jupyterhub.sqlite'}"
    assert [s["name"] for s in c.JupyterHub.services] == ["idle-culler"]


def test_no_password_no_network(hub_env):
    hub_env.setenv("TUTOR_HUB_IP", "0.0.0.0")
    with pytest.raises(SystemExit, match="TUTOR_HUB_PASSWORD"):
        load("jupyterhub_config.py")


@pytest.mark.parametrize("var,value,words", [
    ("TUTOR_HUB_PASSWORD", "seven77", "TUTOR_HUB_PASSWORD is 7 characters long: the class password needs 8 or more"),
    ("TUTOR_HUB_ADMIN_PASSWORD", "x" * 31, "TUTOR_HUB_ADMIN_PASSWORD is too short: the admin password needs 32 "
                                           "characters or more"),
])
def test_a_short_password_stops_the_hub_with_one_line_not_a_traceback(hub_env, var, value, words):
    """Attack 41: a 7-character class password stopped ``make hub`` with the authenticator's traceback."""
    hub_env.setenv("TUTOR_HUB_PASSWORD", "spirits-2026")
    hub_env.setenv(var, value)
    with pytest.raises(SystemExit) as ei:
        load("jupyterhub_config.py")
    assert str(ei.value) == words


def test_class_password_users_and_options(hub_env):
    hub_env.setenv("TUTOR_HUB_IP", "0.0.0.0")
    hub_env.setenv("TUTOR_HUB_PORT", "8443")
    hub_env.setenv("TUTOR_HUB_PASSWORD", "spirits-2026")
    hub_env.setenv("TUTOR_HUB_USERS", "ada, grace,linus")
    hub_env.setenv("TUTOR_HUB_SPAWNER", "local")
    hub_env.setenv("TUTOR_HUB_CULL_TIMEOUT", "0")
    c = load("jupyterhub_config.py")
    assert c.JupyterHub.bind_url == "http://0.0.0.0:8443"
    assert c.JupyterHub.hub_ip == "127.0.0.1"
    assert c.JupyterHub.authenticator_class.__name__ == "TutorSharedPasswordAuthenticator"
    assert c.SharedPasswordAuthenticator.user_password == "spirits-2026"
    assert c.Authenticator.allowed_users == {"ada", "grace", "linus"}
    assert "allow_all" not in c.Authenticator
    assert c.JupyterHub.spawner_class.endswith(".LocalProcessSpawner")
    assert "services" not in c.JupyterHub


def test_unknown_spawner_refused(hub_env):
    hub_env.setenv("TUTOR_HUB_SPAWNER", "docker")
    with pytest.raises(SystemExit, match="TUTOR_HUB_SPAWNER"):
        load("jupyterhub_config.py")


def test_learner_server_config_matches_rules_tutor_serve(monkeypatch):
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")  # the config changes it: restored after the test
    c = load("singleuser_config.py")
    assert Path(os.environ["JUPYTER_PATH"].split(":")[0]) == SHARE_DIR
    assert c.ServerApp.root_dir == str(NOTEBOOKS_DIR)
    assert c.ServerApp.default_url == f"/voila/render/{LANDING_NOTEBOOK}"
    assert c.VoilaConfiguration.template == TEMPLATE
    assert c.ServerApp.terminals_enabled is False
    assert c.ServerApp.tornado_settings == {"mathjax_url": None, "mathjax_config": None}
    for section, options in voila_config().items():  # the rest of rules-tutor serve's Voila configuration
        if section == "MappingKernelManager":  # kernel culling: the hub's own (below), stricter for a class
            continue
        for name, value in options.items():
            assert c[section][name] == value, f"{section}.{name}"
    assert c.MappingKernelManager.cull_idle_timeout == 20 * 60 and c.MappingKernelManager.cull_connected is True


def test_learner_server_serves_the_pages_only():
    """The learner's server refuses the REST API beyond what a page needs, lets only widget messages reach a page's
    kernel (as standalone Voila does) and caps kernels (tests/browser/test_hub.py attacks a running hub)."""
    from jupyterhub.singleuser.extension import JupyterHubAuthorizer

    from tutor import kernelcap

    c = load("singleuser_config.py")
    authorizer = c.ServerApp.authorizer_class
    assert issubclass(authorizer, JupyterHubAuthorizer) and authorizer.__name__ == "LearnerAuthorizer"
    assert c.MappingKernelManager.allowed_message_types == list(kernelcap.KERNEL_MESSAGE_TYPES)
    assert "execute_request" not in c.MappingKernelManager.allowed_message_types
    assert c.ServerApp.kernel_manager_class.__name__ == "CappedKernelManager"
    assert c.CappedKernelManager.max_kernels == 6
    extensions = c.ServerApp.jpserver_extensions.get_value({})
    assert extensions["jupyterlab"] is False and extensions["jupyter_server_terminals"] is False

    class User:
        username, hub_user = "ada", {"name": "ada"}

    class Handler:
        class request:
            method, path = "PUT", "/user/ada/api/contents/index.ipynb"

    policy = authorizer()  # refusals are decided before JupyterHub's own check (which needs a running hub)
    assert policy.is_authorized(Handler, User, "write", "contents") is False
    assert policy.is_authorized(Handler, User, "write", "kernels") is False
    assert policy.is_authorized(Handler, User, "read", "sessions") is False


def test_kubernetes_values_match_the_image_and_the_hub():
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())
    single = values["singleuser"]
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert single["defaultUrl"] == f"/voila/render/{LANDING_NOTEBOOK}"
    assert single["cmd"][0] == "jupyterhub-singleuser"
    config_arg = single["cmd"][1]
    assert config_arg == "--config=/srv/rules-tutor/deploy/singleuser_config.py"
    cmd = json.loads(re.search(r"^CMD (.+)$", dockerfile, re.M).group(1))
    assert cmd == single["cmd"]
    assert "COPY deploy/singleuser_config.py deploy/singleuser_config.py" in dockerfile
    assert re.search(r"^WORKDIR /srv/rules-tutor$", dockerfile, re.M)
    # The image installs the wheel built in its first stage (no checkout, no editable install): the template is
    # package data in the image's site-packages, for the Python of both stages.
    assert "python -m build --wheel --outdir /dist" in dockerfile and "COPY --from=wheel /dist /tmp/dist" in dockerfile
    assert "pip install -e" not in dockerfile
    (python,) = set(re.findall(r"^FROM python:(\d+\.\d+)-slim\b", dockerfile, re.M))
    in_package = SHARE_DIR.relative_to(Path(tutor.serve.__file__).resolve().parents[1]).as_posix()
    share = f"/usr/local/lib/python{python}/site-packages/{in_package}"
    assert f"ENV JUPYTER_PATH={share}" in dockerfile
    assert single["extraEnv"]["JUPYTER_PATH"] == share
    assert values["cull"]["enabled"] is True


def test_proxy_version_pinned_in_lock_file():
    package = json.loads((DEPLOY / "package.json").read_text())
    lock = json.loads((DEPLOY / "package-lock.json").read_text())
    wanted = package["dependencies"]["configurable-http-proxy"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", wanted), "pin an exact version"
    assert lock["packages"]["node_modules/configurable-http-proxy"]["version"] == wanted
    assert lock["packages"][""]["dependencies"] == package["dependencies"]


def _login(c, name: str, password: str):
    """What the hub's login does with a name and password typed in its form (None: refused)."""
    import asyncio

    from tornado import web
    auth = c.JupyterHub.authenticator_class(config=c)
    try:
        user = asyncio.run(auth.get_authenticated_user(None, {"username": name, "password": password}))
    except web.HTTPError as exc:  # refused with a reason the login page shows
        return ("refused", exc.status_code, exc.log_message)
    return user and user["name"]


def _name_rule(c) -> tuple:
    """What :func:`_login` gives for a name the hub's name rule refuses: 403 and the rule in words."""
    rule = sys.modules[c.JupyterHub.authenticator_class.__module__].NAME_RULE
    return ("refused", 403, rule)


CLASS_PASSWORD, TEACHER_PASSWORD = "spirits-2026", "teachers-only-2026"


@pytest.fixture
def class_hub_config(hub_env):
    hub_env.setenv("TUTOR_HUB_PASSWORD", CLASS_PASSWORD)
    hub_env.setenv("TUTOR_HUB_TEACHERS", "Tess, tom")
    hub_env.setenv("TUTOR_HUB_TEACHER_PASSWORD", TEACHER_PASSWORD)
    return load("jupyterhub_config.py")


def test_a_learner_typing_a_teachers_name_with_the_class_password_is_refused(class_hub_config):
    c = class_hub_config
    assert c.Spawner.environment["RULES_TUTOR_TEACHERS"] == "tess,tom"
    assert _login(c, "tess", CLASS_PASSWORD) is None
    assert _login(c, "TESS", CLASS_PASSWORD) is None  # JupyterHub lower-cases the name first
    assert _login(c, "tess", TEACHER_PASSWORD) == "tess"
    assert _login(c, "ada", CLASS_PASSWORD) == "ada"
    assert _login(c, "ada", TEACHER_PASSWORD) is None  # the teachers' password is for teachers only
    assert _login(c, "tess", "wrong-password") is None


@pytest.mark.parametrize("name", ["te\u200bss", "tess\u200b", "t\x00ess", "a" * 101,
                                  "a" * 100 + "b", "ada\u00a0", "\u2028ada", "ada\ufe0f", "a\u2800", "ada\u115f",
                                  # attack 18, L4: look-alikes of plain names, and anything off the plain allow-list
                                  "\u0430lice", "teach\u0301", "\u03bfliver", "x y", "a\u202eb", "-ada",
                                  "ada!", "ada@school",
                                  # attack 19, L6: punctuation at the end or doubled, and a teacher's name re-punctuated
                                  "tess.", "tess'", "ada..b", "ada-_b", "te.ss", "t-e-s-s"])
def test_names_the_tutor_would_change_are_refused_at_login(class_hub_config, name):
    """The progress database keeps clean_name(name) and the class page compares it with the teachers: a name the
    cleaning (or NFKC) changes would merge into another learner's progress or pass for a teacher. A name off the
    rule is told the rule (attack 20, L8); one that looks like a teacher's gets the usual refusal."""
    want = None if name in ("te.ss", "t-e-s-s") else _name_rule(class_hub_config)
    assert _login(class_hub_config, name, CLASS_PASSWORD) == want
    assert _login(class_hub_config, name, TEACHER_PASSWORD) == want


def test_a_refused_name_is_told_the_name_rule(class_hub_config):
    """Attack 20, L8: the login page refused some names without saying why."""
    refused, status, rule = _login(class_hub_config, "ada@school", CLASS_PASSWORD)
    assert (refused, status) == ("refused", 403)
    assert rule.startswith("This name cannot be used. A name is 1 to 100 letters") and "no spaces" in rule
    assert _login(class_hub_config, "ada", "wrong-password") is None  # a wrong password: no reason given


def test_names_kept_as_typed_log_in(class_hub_config):
    for name in ("zoë", "a" * 100, "mary-jane", "o'neill", "李", "ada.lovelace", "bj\u00f8rn", "3rd_row"):
        assert _login(class_hub_config, name, CLASS_PASSWORD) == name


def test_typed_names_are_normalised_first_so_a_full_width_teacher_name_is_the_teacher(class_hub_config):
    """NFKC and lower case before the allow-list: full-width ``ｔｅｓｓ`` is the teacher ``tess`` (her password only),
    a ligature is its letters, and an accent typed apart joins its letter (``zoe`` + U+0308 is ``zoë``)."""
    assert _login(class_hub_config, "ｔｅｓｓ", CLASS_PASSWORD) is None
    assert _login(class_hub_config, "ｔｅｓｓ", TEACHER_PASSWORD) == "tess"
    assert _login(class_hub_config, "\ufb01ona", CLASS_PASSWORD) == "fiona"
    assert _login(class_hub_config, "Zoe\u0308", CLASS_PASSWORD) == "zo\u00eb"


def test_the_demo_hub_still_asks_teachers_for_their_password(hub_env):
    hub_env.setenv("TUTOR_HUB_TEACHERS", "tess")
    hub_env.setenv("TUTOR_HUB_TEACHER_PASSWORD", TEACHER_PASSWORD)
    c = load("jupyterhub_config.py")
    assert _login(c, "tess", "anything") is None
    assert _login(c, "tess", TEACHER_PASSWORD) == "tess"
    assert _login(c, "ada", "anything") == "ada"
    assert _login(c, "te\u200bss", "anything") == _name_rule(c)  # told the rule (attack 20, L8)


@pytest.mark.parametrize("env, message", [
    ({"TUTOR_HUB_TEACHERS": "tess"}, "TUTOR_HUB_TEACHER_PASSWORD"),
    ({"TUTOR_HUB_TEACHERS": "tess", "TUTOR_HUB_TEACHER_PASSWORD": "short"}, "TUTOR_HUB_TEACHER_PASSWORD"),
    ({"TUTOR_HUB_TEACHERS": "tess", "TUTOR_HUB_TEACHER_PASSWORD": CLASS_PASSWORD}, "must differ"),
    ({"TUTOR_HUB_TEACHERS": "te\u200bss", "TUTOR_HUB_TEACHER_PASSWORD": TEACHER_PASSWORD}, "TUTOR_HUB_TEACHERS"),
])
def test_teachers_without_their_own_password_are_refused_at_start(hub_env, env, message):
    hub_env.setenv("TUTOR_HUB_PASSWORD", CLASS_PASSWORD)
    for key, value in env.items():
        hub_env.setenv(key, value)
    with pytest.raises(SystemExit, match=message):
        load("jupyterhub_config.py")


# --- Kubernetes (z2jh-values.yaml) does what jupyterhub_config.py does on one machine ------------------------------

def _z2jh_values() -> dict:
    return yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())


def _z2jh_hub_config(monkeypatch, teachers: str = "", teacher_password: str = ""):
    """The hub configuration the chart builds from z2jh-values.yaml, as far as the tutor's settings go: ``hub.config``
    merged in, ``singleuser.extraEnv`` as the spawner's environment, then ``hub.extraConfig`` run with
    ``tutor_hub.py`` importable from the folder ``hub.extraFiles`` mounts it in (here: deploy/, its source)."""
    from traitlets.config import Config

    values = _z2jh_values()
    hub = values["hub"]
    mount = Path(hub["extraFiles"]["tutor_hub"]["mountPath"])
    assert mount.name == "tutor_hub.py" and mount.parent == Path("/usr/local/etc/jupyterhub")  # the chart's config folder
    c = Config()
    for section, options in hub["config"].items():
        c[section].merge(Config(options))
    c.SharedPasswordAuthenticator.user_password = CLASS_PASSWORD  # --set hub.config...user_password
    c.KubeSpawner.environment = dict(values["singleuser"]["extraEnv"])
    env = {name: value for name, value in hub["extraEnv"].items() if isinstance(value, str)}
    env["TUTOR_HUB_TEACHERS"] = teachers
    env["TUTOR_HUB_TEACHER_PASSWORD"] = teacher_password  # from the secret in the pod
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.syspath_prepend(str(DEPLOY))
    for name, snippet in hub["extraConfig"].items():
        exec(compile(snippet, f"hub.extraConfig.{name}", "exec"), {"c": c})
    return c


def test_kubernetes_learners_share_the_class_database_and_teacher_list(class_hub_config):
    """RULES_TUTOR_DB comes from a Kubernetes secret and the teachers' names reach every learner's server, the same
    variables jupyterhub_config.py gives each learner's server; the secrets are the ones the install commands make."""
    values = _z2jh_values()
    extra_env = values["singleuser"]["extraEnv"]
    hub_env = class_hub_config.Spawner.environment
    assert {"RULES_TUTOR_DB", "RULES_TUTOR_TEACHERS"} <= set(hub_env)
    assert extra_env["RULES_TUTOR_DB"] == {"valueFrom": {"secretKeyRef": {"name": "rules-tutor-db", "key": "url"}}}
    teacher_password = values["hub"]["extraEnv"]["TUTOR_HUB_TEACHER_PASSWORD"]["valueFrom"]["secretKeyRef"]
    assert teacher_password["name"] == "rules-tutor-teachers" and teacher_password["key"] == "password"
    header = (DEPLOY / "z2jh-values.yaml").read_text().split("\nhub:", 1)[0]
    assert "create secret generic rules-tutor-db" in header and "--from-literal=url='postgresql+psycopg://" in header
    assert "create secret generic rules-tutor-teachers --from-literal=password=" in header
    assert "--set-file hub.extraFiles.tutor_hub.stringData=deploy/tutor_hub.py" in header
    # Progress lives in the database; the home volume keeps saved walkthroughs across culls.
    assert values["singleuser"]["storage"]["type"] == "dynamic"
    assert values["singleuser"]["storage"]["homeMountPath"] == "/home/jovyan"


def test_kubernetes_hub_uses_the_tutors_login_rules(class_hub_config, monkeypatch):
    """The chart's hub gets the same authenticator class as jupyterhub_config.py (deploy/tutor_hub.py), the same
    teacher rules, and passes the same RULES_TUTOR_TEACHERS to learners' servers."""
    c = _z2jh_hub_config(monkeypatch, teachers="Tess, tom", teacher_password=TEACHER_PASSWORD)
    assert c.JupyterHub.authenticator_class is class_hub_config.JupyterHub.authenticator_class
    assert c.JupyterHub.authenticator_class.__name__ == "TutorSharedPasswordAuthenticator"
    assert c.KubeSpawner.environment["RULES_TUTOR_TEACHERS"] == class_hub_config.Spawner.environment[
        "RULES_TUTOR_TEACHERS"] == "tess,tom"
    assert c.KubeSpawner.environment["RULES_TUTOR_DB"]["valueFrom"]["secretKeyRef"]["name"] == "rules-tutor-db"
    assert _login(c, "tess", CLASS_PASSWORD) is None
    assert _login(c, "tess", TEACHER_PASSWORD) == "tess"
    assert _login(c, "ada", CLASS_PASSWORD) == "ada"
    assert _login(c, "ada", TEACHER_PASSWORD) is None
    assert _login(c, "te\u200bss", CLASS_PASSWORD) == _name_rule(c)
    assert _login(c, "ｔｅｓｓ", CLASS_PASSWORD) is None


@pytest.mark.parametrize("teachers, password, message", [
    ("tess", "", "TUTOR_HUB_TEACHER_PASSWORD"),
    ("tess", CLASS_PASSWORD, "must differ"),
    ("te\u200bss", TEACHER_PASSWORD, "TUTOR_HUB_TEACHERS"),
])
def test_kubernetes_hub_refuses_teachers_without_their_own_password(hub_env, monkeypatch, teachers, password, message):
    with pytest.raises(SystemExit, match=message):
        _z2jh_hub_config(monkeypatch, teachers=teachers, teacher_password=password)


def test_kubernetes_hub_without_teachers(hub_env, monkeypatch):
    c = _z2jh_hub_config(monkeypatch)
    assert c.KubeSpawner.environment["RULES_TUTOR_TEACHERS"] == ""
    assert _login(c, "ada", CLASS_PASSWORD) == "ada" and _login(c, "ada", "wrong-password") is None


def test_kubernetes_learners_reach_the_database_and_nothing_else():
    policy = _z2jh_values()["singleuser"]["networkPolicy"]
    assert policy["enabled"] is True
    allow = policy["egressAllowRules"]
    assert allow["nonPrivateIPs"] is False and allow["privateIPs"] is False and allow["cloudMetadataServer"] is False
    assert allow["dnsPortsKubeSystemNamespace"] is True  # to find the database's service by name
    (rule,) = policy["egress"]
    assert rule["ports"] == [{"port": 5432, "protocol": "TCP"}]
    (target,) = rule["to"]
    assert target == {"podSelector": {"matchLabels": {"app.kubernetes.io/name": "postgresql"}}}
    # ... the PostgreSQL release whose service the database URL names (tutor-db-postgresql)
    header = (DEPLOY / "z2jh-values.yaml").read_text().split("\nhub:", 1)[0]
    assert "@tutor-db-postgresql:5432/" in header


def test_login_rules_clean_names_as_the_progress_database_does():
    """deploy/tutor_hub.py repeats tutor.progress.store's name cleaning (the chart's hub image has no tutor)."""
    import importlib.util

    from tutor.progress.models import NAME_MAX
    from tutor.progress.store import clean_name

    spec = importlib.util.spec_from_file_location("_tutor_hub_check", DEPLOY / "tutor_hub.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.NAME_MAX == NAME_MAX
    for name in ["ada", " ada", "ada\u200b", "a\x00b", "\u2028x", "a" * 150, "zoë", "ｔｅｓｓ", "", "\t", "李 "]:
        assert module.clean_name(name) == clean_name(name), repr(name)
    # every name the hub lets in is one the progress store keeps exactly as it is (its own learner row)
    from tutor.progress.store import INVISIBLE, LearnerNameError, learner_key
    assert module.INVISIBLE == INVISIBLE
    for name in ["ada", "zoë", "a" * 100, "李", "x y", "ada\u115f", "ada\ufe0f", "a\u2800", "ada\u034f", "ada\u200b",
                 " ada", "a\u202eb", "a" * 101, "e\u0301"]:
        if module.tutor_name_ok(name):
            assert learner_key(name) == name, repr(name)
        else:
            try:
                learner_key(name)
            except LearnerNameError:
                continue
            assert (len(name) > NAME_MAX or unicodedata.normalize("NFKC", name) != name
                    or not all(module.allowed_char(ch) for ch in name)), repr(name)
    assert "import tutor" not in (DEPLOY / "tutor_hub.py").read_text()  # loads in the chart's hub image


# --- The hub's Host check (DNS rebinding; tests/browser/test_hub.py sends foreign Hosts to a running hub) ----------

def test_demo_hub_answers_loopback_names_only(hub_env):
    from tutor import webguard

    c = load("jupyterhub_config.py")
    hosts = c.JupyterHub.tornado_settings[webguard.HUB_HOSTS_SETTING]
    assert hosts == {"names": ["localhost"], "any_address": False}
    names = frozenset(hosts["names"])
    for ok in ("127.0.0.1:8000", "localhost:8000", "LOCALHOST:8081", "[::1]:8000", "127.0.0.1:8081", "localhost"):
        assert webguard.host_name_allowed(ok, names=names), ok
    for bad in ("evil.example:8000", "evil.example", "localhost.evil.example:8000", "127.1:8000", "0x7f000001:8000",
                "10.0.0.5:8000", "[::2]:8000", "localhost.:8000", "user@localhost:8000", "localhost:8000 ", "", None,
                "localhost:08000", "a" * 400):
        assert not webguard.host_name_allowed(bad, names=names), bad


def test_class_hub_on_the_network_answers_its_names_and_addresses(hub_env):
    import socket

    from tutor import webguard

    hub_env.setenv("TUTOR_HUB_IP", "0.0.0.0")
    hub_env.setenv("TUTOR_HUB_PASSWORD", CLASS_PASSWORD)
    hub_env.setenv("TUTOR_HUB_HOST_NAMES", "Tutor.School.example., hub.example")
    hosts = load("jupyterhub_config.py").JupyterHub.tornado_settings[webguard.HUB_HOSTS_SETTING]
    assert hosts["any_address"] is True
    assert {"localhost", "tutor.school.example", "hub.example", socket.gethostname().lower()} <= set(hosts["names"])
    names = frozenset(hosts["names"])
    for ok in ("tutor.school.example", "tutor.school.example:8000", "192.168.1.20:8000", "[fe80::1]:8000"):
        assert webguard.host_name_allowed(ok, names=names, any_address=True), ok
    for bad in ("evil.example:8000", "tutor.school.example.evil.example"):
        assert not webguard.host_name_allowed(bad, names=names, any_address=True), bad


def test_a_bad_host_name_setting_is_refused_at_start(hub_env):
    hub_env.setenv("TUTOR_HUB_HOST_NAMES", "tutor school")
    with pytest.raises(SystemExit, match="TUTOR_HUB_HOST_NAMES"):
        load("jupyterhub_config.py")


def test_hub_host_guard_answers_403_before_any_route(hub_env):
    """insert_hub_host_guard puts the check first in a tornado application (the hub's, in jupyterhub_config.py)."""
    import asyncio

    from jupyterhub.app import JupyterHub
    from tornado import httpclient, httpserver, netutil, web

    from tutor import webguard

    c = load("jupyterhub_config.py")
    assert JupyterHub._rules_tutor_host_guard is True  # the hub's application gets the guard when it is made

    class Page(web.RequestHandler):
        def get(self):
            self.write("page")

    async def run():
        app = web.Application([(r"/.*", Page)], **c.JupyterHub.tornado_settings)
        assert webguard.insert_hub_host_guard(app) is True
        (sock,) = netutil.bind_sockets(0, "127.0.0.1")
        server = httpserver.HTTPServer(app)
        server.add_sockets([sock])
        port = sock.getsockname()[1]
        client = httpclient.AsyncHTTPClient()
        try:
            out = {}
            for host in (f"127.0.0.1:{port}", f"evil.example:{port}"):
                r = await client.fetch(f"http://127.0.0.1:{port}/hub/login", headers={"Host": host},
                                       raise_error=False)
                out[host.split(":")[0]] = (r.code, r.body.decode())
            return out
        finally:
            server.stop()

    out = asyncio.run(run())
    assert out["127.0.0.1"] == (200, "page")
    assert out["evil.example"][0] == 403 and "only answers to its own addresses" in out["evil.example"][1]
    assert webguard.insert_hub_host_guard(web.Application([])) is False  # no setting, no guard (rules-tutor serve)


# --- The Kubernetes hub's Host check (z2jh-values.yaml: the same check in tutor_hub.py, for the chart's hub image) ----

def _tutor_hub_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("_tutor_hub_hosts", DEPLOY / "tutor_hub.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fetch_hosts(settings: dict, guard, hosts: list[str]) -> dict[str, tuple[int, str]]:
    """Serve a one-route tornado app with ``settings`` and ``guard(app)`` put in front; fetch /hub/login with each
    ``Host``."""
    import asyncio

    from tornado import httpclient, httpserver, netutil, web

    class Page(web.RequestHandler):
        def get(self):
            self.write("page")

        def post(self):
            self.write("posted")

    async def run():
        app = web.Application([(r"/.*", Page)], **settings)
        assert guard(app) is True
        (sock,) = netutil.bind_sockets(0, "127.0.0.1")
        server = httpserver.HTTPServer(app)
        server.add_sockets([sock])
        port = sock.getsockname()[1]
        client = httpclient.AsyncHTTPClient()
        try:
            out = {}
            for host in hosts:
                r = await client.fetch(f"http://127.0.0.1:{port}/hub/login", headers={"Host": host},
                                       raise_error=False)
                out[host] = (r.code, r.body.decode())
            return out
        finally:
            server.stop()

    return asyncio.run(run())


def test_kubernetes_hub_answers_its_own_names_only(hub_env, monkeypatch):
    """The chart's hub (its configuration built from z2jh-values.yaml as the chart does) refuses a foreign Host with
    a plain 403 before any route, as the one-machine hub does (test_hub_host_guard_answers_403_before_any_route);
    its public name, the cluster's names of the hub (learners' servers and the culler call http://hub:8081) and IP
    addresses (the load balancer, the chart's health checks) are served."""
    from jupyterhub.app import JupyterHub

    values = _z2jh_values()
    assert values["hub"]["extraEnv"]["TUTOR_HUB_HOST_NAMES"] == ""
    assert "install_host_guard(c)" in values["hub"]["extraConfig"]["rules-tutor"]
    monkeypatch.setenv("POD_NAMESPACE", "tutor")
    values["hub"]["extraEnv"]["TUTOR_HUB_HOST_NAMES"] = "Tutor.School.example."
    monkeypatch.setattr(yaml, "safe_load", lambda _text: values)  # the class's value of TUTOR_HUB_HOST_NAMES
    c = _z2jh_hub_config(monkeypatch)
    assert JupyterHub._rules_tutor_hub_hosts is True  # the hub's application gets the guard when it is made
    hosts = c.JupyterHub.tornado_settings["rules_tutor_hosts"]
    assert hosts["any_address"] is True
    assert {"hub", "hub.tutor", "hub.tutor.svc.cluster.local", "tutor.school.example", "localhost"} <= set(
        hosts["names"])
    module = _tutor_hub_module()
    good = ["tutor.school.example", "tutor.school.example:443", "hub:8081", "hub.tutor.svc.cluster.local:8081",
            "10.12.0.7:8081", "34.120.1.2", "[fd00::7]:8081", "127.0.0.1:8081", "localhost:8081"]
    bad = ["evil.example", "evil.example:8081", "tutor.school.example.evil.example", "hub.evil.example:8081",
           "127.0.0.1.nip.io", "localhost.:8081", "hub:08081", ""]
    out = _fetch_hosts(c.JupyterHub.tornado_settings, module.insert_host_guard, good + bad)
    for host in good:
        assert out[host] == (200, "page"), host
    for host in bad:
        code, body = out[host]
        assert code == 403 and body.startswith("403 Forbidden: this Rules Tutor class hub only answers"), host
        assert "TUTOR_HUB_HOST_NAMES" in body and "evil" not in body
    assert module.insert_host_guard(__import__("tornado.web").web.Application([])) is False


def test_kubernetes_hub_refuses_a_bad_host_name_setting(hub_env, monkeypatch):
    module = _tutor_hub_module()
    for bad in ("tutor school", "evil.example/x", "a" * 300):
        with pytest.raises(SystemExit, match="TUTOR_HUB_HOST_NAMES"):
            module.hub_host_names(bad)


def test_the_kubernetes_host_check_agrees_with_the_tutors():
    """tutor_hub.py repeats tutor.webguard's check (the chart's hub image has no tutor): the same answers."""
    from tutor import webguard

    module = _tutor_hub_module()
    assert module.HUB_HOSTS_SETTING == webguard.HUB_HOSTS_SETTING
    names = frozenset({"localhost", "hub", "tutor.school.example"})
    hosts = ["127.0.0.1:8000", "localhost", "LOCALHOST:8081", "hub:8081", "hub", "evil.example", "127.1:80",
             "0x7f000001:80", "[::1]:0", "[::1]", "[::2]:80", "localhost:08000", "x:99999", "a" * 400, "", None,
             "10.0.0.5:8081", "localhost:8000 ", " localhost", "user@localhost", "localhost.", "[::1", "::1:80",
             "tutor.school.example:443", "Tutor.School.Example", "127.0.0.1:8000:1", "[0:0:0:0:0:0:0:1]:80"]
    for host in hosts:
        for any_address in (False, True):
            assert module.host_name_allowed(host, names=names, any_address=any_address) == webguard.host_name_allowed(
                host, names=names, any_address=any_address), (host, any_address)
    for name in ("tutor.school.example", "-bad", "a..b", "x" * 64, "tütor.example", "a-b.c."):
        assert module.valid_host_name(name) == webguard.valid_host_name(name), name
