"""The class hub's login rules, shared by both deployments of the hub:

* one machine: ``deploy/jupyterhub_config.py`` imports this file from ``deploy/``;
* Kubernetes: ``deploy/z2jh-values.yaml`` mounts this file into the hub pod (``hub.extraFiles.tutor_hub``, its
  content given with ``helm ... --set-file hub.extraFiles.tutor_hub.stringData=deploy/tutor_hub.py``) next to the
  chart's own ``jupyterhub_config.py``, whose folder is on ``sys.path``, and ``hub.extraConfig`` imports it.

It imports only the standard library and JupyterHub: the chart's hub image has no tutor installed. The one thing it
shares with the tutor, how the progress database cleans a learner's name (``tutor.progress.store.clean_name``,
``NAME_MAX``), is repeated here and tests/deploy/test_deploy_config.py checks that the two agree.
"""

from __future__ import annotations

import unicodedata
from secrets import compare_digest

from jupyterhub.auth import DummyAuthenticator
from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from tornado import web

#: Longest learner name the progress database keeps (``tutor.progress.models.NAME_MAX``).
NAME_MAX = 100

#: Environment variables of the hub process naming the teachers and their password (both deployments).
TEACHERS_ENV, TEACHER_PASSWORD_ENV = "TUTOR_HUB_TEACHERS", "TUTOR_HUB_TEACHER_PASSWORD"
#: Environment variables of every learner's server read by the tutor's pages (``tutor/progress``): the class's
#: shared progress database and the teachers' names (who may open the class page).
LEARNER_DB_ENV, LEARNER_TEACHERS_ENV = "RULES_TUTOR_DB", "RULES_TUTOR_TEACHERS"


#: Printable characters that show nothing (``tutor.progress.store.INVISIBLE``): a name holding one is refused, as the
#: tutor's progress store refuses it (it would look exactly like another learner's name on the class page).
INVISIBLE = frozenset(map(chr, (0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800,
                                0x3164, 0xFFA0, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))))


def clean_name(name: str) -> str:
    """``name`` as the progress database keeps it: no control characters, stripped, at most :data:`NAME_MAX`
    characters (the same as ``tutor.progress.store.clean_name``)."""
    return "".join(ch for ch in str(name) if ch.isprintable()).strip()[:NAME_MAX]


def names(text: str) -> set[str]:
    """Comma-separated names (an environment variable's value) as JupyterHub keeps them: lower case, stripped."""
    return {n.strip().lower() for n in (text or "").split(",") if n.strip()}


#: The characters a login name may hold besides the ASCII letters and digits (after NFKC and lower case).
NAME_PUNCTUATION = ".-_'"


#: Latin small letters of U+00DF-U+024F with no accent to take off that names in living languages are written with
#: (German, Danish and Norwegian, Icelandic, Croatian, Maltese, Turkish, Polish, Sami, French), each with the ASCII
#: letter it reads as beside another name (:func:`name_skeleton`), or itself when it looks like none.
NAME_LETTERS = {"ß": "ß", "æ": "æ", "ø": "o", "ð": "d", "þ": "þ", "đ": "d", "ħ": "h", "ı": "i", "ł": "l", "ŋ": "n",
                "œ": "œ", "ŧ": "t"}


def allowed_char(ch: str) -> bool:
    """Whether ``ch`` may be in a login name (the plain allow-list): ``a``-``z``, ``0``-``9``, ``. - _ '``, a Latin
    small letter that is an ASCII letter with an accent written as one character (``é``, ``ñ``, ``ǎ``: U+00E0-U+024F)
    or one of :data:`NAME_LETTERS` (``ø``, ``ł``, ``ı``, ``ß``), or a CJK ideograph (U+4E00-U+9FFF). Everything else
    is refused: Cyrillic and Greek letters that look like Latin ones (``а``, ``ο``), combining accents (``h`` +
    U+0301), spaces, symbols, and Latin letters no name is written with that look like plain ones (attack 47, M3:
    ``ȷohn`` with a dotless j, ``ĸate`` with a kra)."""
    if ch.isascii():
        return ch.isdigit() or "a" <= ch <= "z" or ch in NAME_PUNCTUATION
    code = ord(ch)
    if 0xDF <= code <= 0x24F:
        base = unicodedata.normalize("NFKD", ch)[0]
        return ch in NAME_LETTERS or (unicodedata.name(ch, "").startswith("LATIN SMALL LETTER")
                                      and "a" <= base <= "z")
    return 0x4E00 <= code <= 0x9FFF


def plain_name(name: str) -> str:
    """A typed login name as the hub keeps it: Unicode compatibility form (NFKC: full-width letters and ligatures
    become plain ones, an accent typed apart joins its letter where one character exists) and lower case."""
    return unicodedata.normalize("NFKC", str(name)).lower()


#: What the login page says when a name is refused by :func:`tutor_name_ok` (JupyterHub shows an HTTPError's message
#: on the login form in place of "Invalid username or password").
NAME_RULE = (f"This name cannot be used. A name is 1 to {NAME_MAX} letters (accented letters too) or digits, with "
             ". - _ or ' between them (not first, not last, not two together); no spaces or other signs.")


def tutor_name_ok(name: str) -> bool:
    """Whether ``name`` (a JupyterHub user name, already lower case) is one the tutor keeps as it is: the progress
    database stores :func:`clean_name` of it and the class page compares that with the teachers' names, so a name
    the cleaning would change (control or zero-width characters, surrounding spaces, more than :data:`NAME_MAX`
    characters) would share another learner's progress, or pass for a teacher. Names that Unicode compatibility
    normalisation (NFKC) changes (full-width letters, ligatures), or holding a character of :data:`INVISIBLE`, are
    refused too: they look like another name on the class page (the tutor's store would not save under them). And
    every character must be on the plain allow-list (:func:`allowed_char`; attack 18: ``аlice`` with a Cyrillic
    ``а`` and ``teach`` + a combining accent logged in as look-alikes of ``alice`` and ``teach``)."""
    return (0 < len(name) <= NAME_MAX and clean_name(name) == name
            and unicodedata.normalize("NFKC", name) == name and not INVISIBLE.intersection(name)
            and all(allowed_char(ch) for ch in name) and name[0] not in NAME_PUNCTUATION
            and name[-1] not in NAME_PUNCTUATION and not any(a in NAME_PUNCTUATION and b in NAME_PUNCTUATION
                                                             for a, b in zip(name, name[1:])))


def name_skeleton(name: str) -> str:
    """``name`` as it reads at a glance: without its punctuation (``. - _ '``) and its accents (NFKD, combining marks
    left out), each of :data:`NAME_LETTERS` as the ASCII letters it looks like (``ı`` is ``i``, ``ø`` is ``o``). Two
    names with one skeleton look alike on the class page (attack 19: ``tess.`` and ``tes's`` beside the teacher
    ``tess``; attack 47, M3: ``alıce`` with a dotless i beside the teacher ``alice``)."""
    bare = unicodedata.normalize("NFKD", "".join(NAME_LETTERS.get(ch, ch) for ch in name))
    return "".join(NAME_LETTERS.get(ch, ch) for ch in bare
                   if ch not in NAME_PUNCTUATION and not unicodedata.category(ch).startswith("M"))


class TutorNamesMixin:
    """Login rules of the class hub on top of a JupyterHub authenticator: a name must pass :func:`tutor_name_ok`,
    and the names in ``teacher_users`` (``TUTOR_HUB_TEACHERS``) log in with ``teacher_password``
    (``TUTOR_HUB_TEACHER_PASSWORD``) and nothing else, so a learner who types a teacher's name with the class
    password is refused. A name the rule refuses gets :data:`NAME_RULE` on the login page; any other refused login
    JupyterHub's usual "Invalid username or password" (the hub's log says why). Set both with :func:`set_teachers`."""

    teacher_users: frozenset = frozenset()
    teacher_password: str = ""

    def normalize_username(self, username):
        """JupyterHub's own normalising (lower case, ``username_map``), then :func:`plain_name` (NFKC)."""
        return plain_name(super().normalize_username(plain_name(username)))

    def validate_username(self, username):
        if not tutor_name_ok(username):
            self.log.warning("Refused login name %r: not a plain name (letters a-z, Latin letters with accents, CJK "
                             "ideographs, digits and . - _ ', at most %d characters)",
                             username[:NAME_MAX + 20], NAME_MAX)
            return False
        return super().validate_username(username)

    async def authenticate(self, handler, data):
        name = self.normalize_username(str(data.get("username", "")))
        if not tutor_name_ok(name):  # the login page says why (attack 20, L8: it said only "Invalid username ...")
            self.validate_username(name)  # (its log line)
            raise web.HTTPError(403, NAME_RULE)
        if name not in self.teacher_users and name_skeleton(name) in {name_skeleton(t) for t in self.teacher_users}:
            self.log.warning("Refused login name %r: it looks like a teacher's name", name[:NAME_MAX + 20])
            return None
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


def set_teachers(teachers_text: str, teacher_password: str, *, other_passwords=()) -> frozenset[str]:
    """Give both authenticators the teachers' names (``teachers_text``: ``TUTOR_HUB_TEACHERS``, comma-separated)
    and their password (``TUTOR_HUB_TEACHER_PASSWORD``); returns the names (lower case). ``other_passwords``: the
    class and admin passwords, which the teachers' password must differ from.

    Raises ``SystemExit`` (the hub does not start) when teachers are named without a password of 8+ characters of
    their own, or a teacher's name is not one the tutor keeps as it is (:func:`tutor_name_ok`)."""
    teachers = names(teachers_text)
    teacher_password = (teacher_password or "").strip()
    if teachers:
        # The class page shows every learner's progress: its teachers have a password of their own.
        if len(teacher_password) < 8:
            raise SystemExit(f"{TEACHERS_ENV} is set: set {TEACHER_PASSWORD_ENV} (8+ characters), the password the "
                             "teachers log in with (the class password does not open the class page)")
        if teacher_password in [p for p in other_passwords if p]:
            raise SystemExit(f"{TEACHER_PASSWORD_ENV} must differ from the class password (TUTOR_HUB_PASSWORD) and "
                             "the admin password (TUTOR_HUB_ADMIN_PASSWORD)")
        bad = sorted(n for n in teachers if not tutor_name_ok(n))
        if bad:
            raise SystemExit(f"{TEACHERS_ENV}: {bad[0][:NAME_MAX]!r} is not a name the tutor keeps as it is "
                             f"(letters a-z, Latin letters with accents, CJK ideographs, digits and . - _ ', at most "
                             f"{NAME_MAX} characters)")
    for cls in (TutorSharedPasswordAuthenticator, TutorDummyAuthenticator):
        cls.teacher_users = frozenset(teachers)
        cls.teacher_password = teacher_password if teachers else ""
    return frozenset(teachers)


# --- Host names: the hub answers only to its own (DNS rebinding) ---------------------------------------------------
# The one-machine hub uses tutor.webguard (deploy/jupyterhub_config.py); the chart's hub image has no tutor, so the
# same check is repeated here with the standard library and tornado (JupyterHub's own web server), and
# tests/deploy/test_deploy_config.py checks that the two agree.

import ipaddress  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402

#: Key of the hub's tornado settings holding the names it answers to (``tutor.webguard.HUB_HOSTS_SETTING``).
HUB_HOSTS_SETTING = "rules_tutor_hosts"
#: Environment variable of the hub naming the public host names (comma-separated), on both deployments.
HOST_NAMES_ENV = "TUTOR_HUB_HOST_NAMES"
#: The names the chart's own pods reach the hub by (learners' servers and the idle culler call ``http://hub:8081``):
#: the service ``hub``, also with the namespace (``POD_NAMESPACE``, set by the chart) and the cluster's domain.
CLUSTER_HUB_SERVICE = "hub"

_HOST_RE = re.compile(r"^(?P<host>\[[0-9A-Fa-f:.]+\]|[^:\[\]\s]+)(?::(?P<port>[0-9]{1,5}))?\Z")
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_NAME_RE = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\.?")
_LOOPBACK = (ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1"))


def valid_host_name(name: str) -> bool:
    """Whether ``name`` is a DNS host name (as ``tutor.webguard.valid_host_name``)."""
    return isinstance(name, str) and len(name) <= 253 and _NAME_RE.fullmatch(name) is not None


def host_name_allowed(host_header, *, names, any_address: bool = False) -> bool:
    """Whether a request's ``Host`` header (any port; none means 80) names the hub: ``127.0.0.1``, ``[::1]``, one of
    ``names`` (lower case), or with ``any_address`` any IP address; exactly, nothing around it. Never raises. The
    same answers as ``tutor.webguard.host_name_allowed``."""
    if not isinstance(host_header, str) or not host_header or len(host_header) > 300:
        return False
    m = _HOST_RE.match(host_header)
    if not m:
        return False
    port = m.group("port")
    if port is not None and port != str(int(port)):  # exactly a port's digits: no leading zeros
        return False
    host = m.group("host").lower()
    if host.startswith("["):
        host = host[1:-1]
    elif ":" in host:
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host in names
    return any_address or (address in _LOOPBACK and str(address) == host)


def hub_host_names(text: str, *, namespace: str = "") -> frozenset[str]:
    """The names the Kubernetes hub answers to: ``localhost``, the cluster's names of its service
    (:data:`CLUSTER_HUB_SERVICE`, with ``namespace``) and the public names in ``text`` (``TUTOR_HUB_HOST_NAMES``,
    comma-separated; the chart's ``proxy.https.hosts``). Raises ``SystemExit`` naming the variable for a value that
    is not a host name."""
    found = {"localhost", CLUSTER_HUB_SERVICE}
    if namespace:
        found |= {f"{CLUSTER_HUB_SERVICE}.{namespace}", f"{CLUSTER_HUB_SERVICE}.{namespace}.svc",
                  f"{CLUSTER_HUB_SERVICE}.{namespace}.svc.cluster.local"}
    for name in names(text):
        name = name.rstrip(".")
        if not valid_host_name(name):
            raise SystemExit(f"{HOST_NAMES_ENV}: {name[:80]!r} is not a host name (e.g. tutor.school.example)")
        found.add(name)
    return frozenset(found)


_REFUSAL = ("403 Forbidden: this Rules Tutor class hub only answers to its own addresses (its IP addresses, "
            "the cluster's name of the hub, and the names in TUTOR_HUB_HOST_NAMES), not to the host name this "
            "request used.\n")


def insert_host_guard(app) -> bool:
    """Put the Host check (:func:`host_name_allowed`, with the names of ``app.settings[HUB_HOSTS_SETTING]``) in front
    of every route of ``app`` (the hub's tornado Application): any other Host gets a short plain 403 before any page
    or API runs. Returns False (and does nothing) when the setting is absent."""
    from tornado import routing, web

    hosts = app.settings.get(HUB_HOSTS_SETTING)
    if not hosts:
        return False
    allowed, any_address = frozenset(hosts["names"]), bool(hosts["any_address"])

    class Refused(routing.Matcher):
        def match(self, request):
            ok = host_name_allowed(request.headers.get("Host"), names=allowed, any_address=any_address)
            return None if ok else {}

    class Refuse(web.RequestHandler):
        def prepare(self):
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(_REFUSAL)

        def check_xsrf_cookie(self):
            return None

    app.default_router.rules.insert(0, routing.Rule(Refused(), Refuse))
    return True


def install_host_guard(c, text: str | None = None) -> frozenset[str]:
    """For the Kubernetes hub (``z2jh-values.yaml``: ``hub.extraConfig``): answer only to :func:`hub_host_names`
    (from ``text``, by default ``TUTOR_HUB_HOST_NAMES``, and the chart's ``POD_NAMESPACE``) and any IP address (the
    load balancer's, the pods' own for the chart's health checks), on every port; ``c``: the hub's configuration.
    Puts the names in ``c.JupyterHub.tornado_settings`` and :func:`insert_host_guard` into every JupyterHub's
    ``init_tornado_application`` (once per process). Returns the names."""
    from jupyterhub.app import JupyterHub

    hosts = hub_host_names(os.environ.get(HOST_NAMES_ENV, "") if text is None else text,
                           namespace=os.environ.get("POD_NAMESPACE", ""))
    settings = dict(c.JupyterHub.get("tornado_settings") or {})
    settings[HUB_HOSTS_SETTING] = {"names": sorted(hosts), "any_address": True}
    c.JupyterHub.tornado_settings = settings
    if not getattr(JupyterHub, "_rules_tutor_hub_hosts", False):
        original = JupyterHub.init_tornado_application

        def init_tornado_application(self):
            original(self)
            insert_host_guard(self.tornado_application)

        JupyterHub.init_tornado_application = init_tornado_application
        JupyterHub._rules_tutor_hub_hosts = True
    return hosts
