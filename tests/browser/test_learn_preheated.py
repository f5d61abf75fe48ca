"""The Spirit Duels learn page from a kernel `rules-tutor serve` pre-heated (session 28: every learn page has one, as
the Restless Spirits page had): the kernel built the page before anyone asked, and the page still opens where the
learner was, as kept at the visit, not as it was when the kernel was heated."""
from __future__ import annotations

import time

import psutil
import pytest

from conftest import keep_place, opens_at_kept_lesson_2, served_with_progress
from tutor.kernelcap import POOL_ENV

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE = "learn-spirit-duels.ipynb"
#: Most seconds to wait for the page's pre-heated kernel to have run its notebook (7 pools heat on 2 cores).
HEAT_S = 300


@pytest.fixture(scope="module")
def preheated_server(tmp_path_factory):
    """``(base URL, database URL)`` of a `rules-tutor serve` with its default page pools (the Spirited and Spirit
    Duels learn pages among them) and no Restless Spirits learn pool, its progress in a fresh SQLite file."""
    with served_with_progress(tmp_path_factory, "learn-preheated", pool=0, stop_later=True) as served:
        yield served


def _pool_kernel(notebook: str) -> psutil.Process | None:
    """The kernel process Voila pre-heats for ``notebook`` (its pool's name is in its environment), or None."""
    for proc in psutil.process_iter(["cmdline"]):
        try:
            if "ipykernel_launcher" in " ".join(proc.info["cmdline"] or ()) and \
                    proc.environ().get(POOL_ENV) == notebook:
                return proc
        except psutil.Error:
            continue
    return None


def _wait_heated(notebook: str) -> None:
    """Wait until the pre-heated kernel of ``notebook`` has run its notebook: it exists and has used no CPU for two
    seconds (its cell then waits for the page's request). Fails after HEAT_S seconds."""
    deadline = time.monotonic() + HEAT_S
    while time.monotonic() < deadline:
        kernel = _pool_kernel(notebook)
        if kernel is not None:
            try:
                before = sum(kernel.cpu_times()[:2])
                time.sleep(2)
                if sum(kernel.cpu_times()[:2]) == before:
                    return
            except psutil.Error:
                pass
        time.sleep(1)
    pytest.fail(f"no pre-heated kernel of {notebook} finished heating in {HEAT_S} s")


def test_a_preheated_learn_page_opens_where_the_learner_was(preheated_server, chromium_browser):
    server, db = preheated_server
    _wait_heated(PAGE)
    # kept after the kernel made its page: read at the visit
    keep_place(db, "learn:spirit-duels", {"tab": "lessons", "lesson": "sd-02-rounds", "actions": [], "free": None})
    opens_at_kept_lesson_2(chromium_browser, f"{server}/voila/render/{PAGE}")
