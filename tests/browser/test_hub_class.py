"""The teacher's class page on the classroom hub, in a real browser: the hub (deploy/jupyterhub_config.py) gives every
learner's server the class's progress database and the teachers' names; three learners' progress is in that
database; the teacher logs in (with the teachers' own password) and sees all three on the class page, a learner who
logs in is refused it, and a learner who types the teacher's name with the class password, or a name that the tutor
would clean into the teacher's (a zero-width space in it), is refused at login.

The hub runs as in test_hub.py (free ports, a temporary state folder, a class password), here with
``TUTOR_HUB_TEACHERS=tess``, ``TUTOR_HUB_TEACHER_PASSWORD`` and ``RULES_TUTOR_DB`` a fresh SQLite file; its log goes to
``test-artifacts/hub-class.log``.
"""
from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

from conftest import CheckedPage
from test_hub import (CHP, HUB_CONFIG, HUB_START_S, RUN_HUB, SPAWN_MS, Hub, _free_port, _health, _log_in, _stop_hub,
                      _tail)
from tutor.progress import ProgressStore

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = HUB_CONFIG.parents[1] / "test-artifacts"
LEARNERS = {"ada": True, "grace": False, "linus": True}
PAGE = "voila/render/class-progress.ipynb"


@pytest.fixture(scope="module")
def class_hub(tmp_path_factory):
    if not CHP.exists():
        message = f"{CHP} is missing: run `make hub-deps` (npm ci --prefix deploy)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    state = tmp_path_factory.mktemp("hub-class-state")
    db = f"sqlite:///{state / 'class-progress.sqlite'}"
    for name, right in LEARNERS.items():  # three learners' progress, as their practice pages would have kept it
        store = ProgressStore(db, learner=name)
        store.record_answer("restless-spirits", "why-not", "rs.turn.ap", right)
        store.complete_lesson("restless-spirits", "rs-01-goal")
        store.close()
    port, hub_port, api_port = _free_port(), _free_port(), _free_port()
    password = secrets.token_urlsafe(12)
    teacher_password = secrets.token_urlsafe(12)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TUTOR_HUB_", "JUPYTERHUB_", "CONFIGPROXY_"))}
    env.update(TUTOR_HUB_IP="127.0.0.1", TUTOR_HUB_PORT=str(port), TUTOR_HUB_STATE=str(state),
               TUTOR_HUB_PASSWORD=password, TUTOR_HUB_TEACHERS="tess", TUTOR_HUB_TEACHER_PASSWORD=teacher_password,
               RULES_TUTOR_DB=db)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / "hub-class.log"
    started = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-c", RUN_HUB, "-f", str(HUB_CONFIG),
                                 f"--JupyterHub.hub_port={hub_port}",
                                 f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}",
                                 f"--Spawner.start_timeout={SPAWN_MS // 1000}",
                                 f"--Spawner.http_timeout={SPAWN_MS // 1000}"],
                                cwd=state, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
    hub = Hub(f"http://127.0.0.1:{port}", password, proc, log_path, 0.0)
    try:
        while not _health(port):
            if proc.poll() is not None or time.monotonic() - started > HUB_START_S:
                pytest.fail("jupyterhub did not start:\n" + _tail(log_path))
            time.sleep(0.25)
        hub.figures["teacher_password"] = teacher_password
        yield hub
    finally:
        _stop_hub(hub)


def _open_class_page(browser, hub: Hub, name: str, label: str, password: str | None = None):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(SPAWN_MS)
    checked = CheckedPage(page, f"hub-class-{label}")
    _log_in(page, hub, name, password or hub.password)
    expect(page).to_have_url(f"{hub.url}/user/{name}/voila/render/index.ipynb", timeout=SPAWN_MS)
    page.goto(f"{hub.url}/user/{name}/{PAGE}")
    return context, page, checked


def test_the_teacher_sees_the_class_and_a_learner_is_refused(class_hub, chromium_browser):
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 768})
    try:  # a learner typing the teacher's name with the class password, or a name that cleans into it: refused
        page = context.new_page()
        # (attack 18, L4: look-alikes with a Cyrillic letter or a combining accent; full-width letters are the
        # teacher's own name once normalised)
        for name in ("tess", "te\u200bss", "tess\u200b", "t\u0435ss", "tess\u0307", "ｔｅｓｓ"):
            _log_in(page, class_hub, name, class_hub.password)
            # (a name off the hub's rule is told the rule instead: attack 20, L8)
            expect(page.get_by_text(re.compile("Invalid username or password|This name cannot be used"))
                   ).to_be_visible()
            if name in ("tess", "ｔｅｓｓ"):  # the teacher's own name with another password: no reason given
                assert "Invalid username or password" in page.content()
            assert "/hub/login" in page.url
    finally:
        context.close()
    log = class_hub.log_path.read_text(errors="replace")
    assert "Refused login as teacher 'tess'" in log and "Refused login name" in log
    context, page, checked = _open_class_page(chromium_browser, class_hub, "tess", "teacher",
                                              class_hub.figures["teacher_password"])
    try:
        table = page.locator(".tutor-class-table")
        expect(table).to_be_visible(timeout=SPAWN_MS)
        for name in LEARNERS:
            expect(table).to_contain_text(name)
        expect(page.locator(".tutor-class-missed")).to_contain_text("1 learner")
        checked.screenshot("teacher")
        checked.assert_clean()
    finally:
        context.close()
    context, page, checked = _open_class_page(chromium_browser, class_hub, "grace", "learner")
    try:
        refused = page.locator(".tutor-refused")
        expect(refused).to_be_visible(timeout=SPAWN_MS)
        expect(refused).to_contain_text("not one of them")
        expect(page.locator(".tutor-class-table")).to_have_count(0)
        for other in ("ada", "linus"):
            assert other not in page.locator(".rt-root").inner_text()
        checked.screenshot("learner")
        checked.assert_clean()
    finally:
        context.close()
