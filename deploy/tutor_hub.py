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

#: Longest learner name the progress database keeps (``tutor.progress.models.NAME_MAX``).
NAME_MAX = 100

#: Environment variables of the hub process naming the teachers and their password (both deployments).
TEACHERS_ENV, TEACHER_PASSWORD_ENV = "TUTOR_HUB_TEACHERS", "TUTOR_HUB_TEACHER_PASSWORD"
#: Environment variables of every learner's server read by the tutor's pages (``tutor/progress``): the class's
#: shared progress database and the teachers' names (who may open the class page).
LEARNER_DB_ENV, LEARNER_TEACHERS_ENV = "RULES_TUTOR_DB", "RULES_TUTOR_TEACHERS"


def clean_name(name: str) -> str:
    """``name`` as the progress database keeps it: no control characters, stripped, at most :data:`NAME_MAX`
    characters (the same as ``tutor.progress.store.clean_name``)."""
    return "".join(ch for ch in str(name) if ch.isprintable()).strip()[:NAME_MAX]


def names(text: str) -> set[str]:
    """Comma-separated names (an environment variable's value) as JupyterHub keeps them: lower case, stripped."""
    return {n.strip().lower() for n in (text or "").split(",") if n.strip()}


def tutor_name_ok(name: str) -> bool:
    """Whether ``name`` (a JupyterHub user name, already lower case) is one the tutor keeps as it is: the progress
    database stores :func:`clean_name` of it and the class page compares that with the teachers' names, so a name
    the cleaning would change (control or zero-width characters, surrounding spaces, more than :data:`NAME_MAX`
    characters) would share another learner's progress, or pass for a teacher. Names that Unicode compatibility
    normalisation (NFKC) changes (full-width letters, ligatures) are refused too: they look like another name on the
    class page."""
    return (0 < len(name) <= NAME_MAX and clean_name(name) == name
            and unicodedata.normalize("NFKC", name) == name)


class TutorNamesMixin:
    """Login rules of the class hub on top of a JupyterHub authenticator: a name must pass :func:`tutor_name_ok`,
    and the names in ``teacher_users`` (``TUTOR_HUB_TEACHERS``) log in with ``teacher_password``
    (``TUTOR_HUB_TEACHER_PASSWORD``) and nothing else, so a learner who types a teacher's name with the class
    password is refused. A refused login is JupyterHub's usual "Invalid username or password"; the hub's log says
    why. Set both with :func:`set_teachers`."""

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
                             f"(no control, zero-width or full-width characters, at most {NAME_MAX} characters)")
    for cls in (TutorSharedPasswordAuthenticator, TutorDummyAuthenticator):
        cls.teacher_users = frozenset(teachers)
        cls.teacher_password = teacher_password if teachers else ""
    return frozenset(teachers)
