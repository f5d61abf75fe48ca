"""Attack 47, M3: login names with Latin letters that look like plain ones (a dotless i or j, a kra) passed the hub's
name rule and its teacher look-alike check. Now a letter no name is written with is refused (``ȷohn``, ``ĸate``),
and a name that reads as a teacher's once accents are off and the dotless i, ø, ł... read as i, o, l (``alıce``)
is refused as a teacher's look-alike; the progress store refuses such a name beside a learner's. Fast: the hub's
login code is run without a hub (and without deploy/node_modules)."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

import pytest

from tutor.progress.names import lookalike_of
from tutor.progress.names import name_skeleton as store_skeleton

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


@pytest.fixture(scope="module")
def hub():
    spec = importlib.util.spec_from_file_location("_tutor_hub_lookalikes", DEPLOY / "tutor_hub.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _login(hub, teachers: set[str], name: str, password: str):
    """What the class hub's login does with a typed name (None: refused; a tuple: refused with the name rule)."""
    from tornado import web

    auth = hub.TutorSharedPasswordAuthenticator(user_password="spirits-2026", allow_all=True)
    auth.teacher_users, auth.teacher_password = frozenset(teachers), "teachers-only-2026"
    try:
        user = asyncio.run(auth.get_authenticated_user(None, {"username": name, "password": password}))
    except web.HTTPError as exc:
        return ("refused", exc.status_code)
    return user and user["name"]


@pytest.mark.parametrize("name", ["ȷohn", "ĸate", "ƚeo", "ɨvy", "mǝg"])
def test_latin_letters_no_name_is_written_with_are_off_the_allow_list(hub, name):
    assert not hub.tutor_name_ok(hub.plain_name(name))
    assert _login(hub, {"john", "kate"}, name, "spirits-2026") == ("refused", 403)


def test_a_dotless_i_name_is_a_teachers_look_alike(hub):
    teachers = {"alice", "john", "kate"}
    assert hub.tutor_name_ok("alıce") and hub.name_skeleton("alıce") == "alice"
    assert _login(hub, teachers, "alıce", "spirits-2026") is None
    assert _login(hub, teachers, "alıce", "teachers-only-2026") is None
    for look_alike in ("alicé", "bjørn", "łeo", "a.lıce"):
        assert _login(hub, {"alice", "bjorn", "leo"}, look_alike, "spirits-2026") is None, look_alike


def test_names_of_living_languages_still_log_in(hub):
    for name in ("zoë", "bjørn", "łucja", "ışık", "straße", "þóra", "ðrífa", "josé", "ærø", "李", "ada.lovelace"):
        assert hub.tutor_name_ok(name), name
        assert _login(hub, {"tess"}, name, "spirits-2026") == name


def test_the_progress_store_refuses_a_dotless_look_alike_of_a_learner():
    assert (store_skeleton("alıce"), store_skeleton("ȷohn"), store_skeleton("ĸate")) == ("alice", "john", "kate")
    for name, other in (("alıce", "alice"), ("ȷohn", "john"), ("ĸate", "kate"), ("bjørn", "bjorn")):
        assert lookalike_of(name, [other]) is not None, name
    assert lookalike_of("alice", ["bob"]) is None
