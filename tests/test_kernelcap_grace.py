"""Session 20: at the kernel cap, kernels whose pages have just left make room for a new page once their reconnect
grace ends, instead of the page getting the busy page (HTTP 503). In the fresh-clone CI run (2 cores, load about 3)
a page asked for right after other tabs closed got "Rules Tutor is busy" although every kernel's page was gone.
Jupyter Server's kernel start and shutdown are replaced by fakes (no process); the grace is shortened."""
from __future__ import annotations

import asyncio
import contextlib
import time
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from tutor import kernelcap, kernelpools

GRACE = 0.6


@pytest.fixture
def fake_kernels(monkeypatch):
    """Kernel starts and shutdowns without processes: ``(started ids, stopped ids)``."""
    started, stopped = [], []

    async def start(self, *args, **kwargs):
        kid = f"new-{len(started)}"
        self._kernels[kid] = SimpleNamespace(execution_state="idle", last_activity=datetime.now(timezone.utc))
        started.append(kid)
        return kid

    async def stop(self, kernel_id, *args, **kwargs):
        self._kernels.pop(kernel_id, None)
        stopped.append(kernel_id)
    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", stop)
    return started, stopped


def _full_of_closed_tabs(left_ago: dict[str, float]) -> kernelcap.CappedKernelManager:
    """A manager at its cap: one idle kernel per entry, whose page connected and left ``left_ago[kid]`` s ago; the
    first has the oldest activity."""
    km = kernelcap.CappedKernelManager(max_kernels=len(left_ago), reconnect_grace=GRACE)
    base = datetime.now(timezone.utc) - timedelta(minutes=5)
    for i, (kid, ago) in enumerate(left_ago.items()):
        km._kernels[kid] = SimpleNamespace(execution_state="idle", last_activity=base + timedelta(seconds=i))
        km._kernel_connections[kid] = 0
        km._connected_once.add(kid)
        km._left_at[kid] = time.monotonic() - ago
    return km


def test_a_page_at_the_cap_waits_for_a_closed_tabs_grace_and_takes_its_kernel(fake_kernels):
    started, stopped = fake_kernels
    km = _full_of_closed_tabs({"older": 0.0, "left-first": 0.3})
    assert km.cull_candidates() == []  # both pages left less than the grace ago: kept for a reconnect, for now
    assert km.cull_candidates(within=GRACE) == ["older", "left-first"]  # oldest activity first
    assert not km.no_room("learn-spirited.ipynb")  # not the busy page: room comes within the grace
    t = time.monotonic()
    kid = asyncio.run(km.start_kernel(env={}))
    waited = time.monotonic() - t
    assert kid == "new-0" and stopped == ["left-first"]  # the first whose grace ended, shut down for the page
    assert 0.15 < waited < GRACE + 1.0, waited
    assert set(km._kernels) == {"older", "new-0"} and km.page_protected("new-0") is False
    # past the grace the other closed tab's kernel is taken at once, oldest activity first
    km._left_at["older"] = time.monotonic() - GRACE - 1
    km._connected_once.add("new-0")
    km._left_at["new-0"] = time.monotonic() - GRACE - 1
    t = time.monotonic()
    asyncio.run(km.start_kernel(env={}))
    assert stopped == ["left-first", "older"] and time.monotonic() - t < 0.2


def test_a_page_that_connects_again_keeps_its_kernel_and_then_the_page_is_told_busy(fake_kernels):
    started, stopped = fake_kernels
    km = _full_of_closed_tabs({"a": 0.0, "b": 0.1})

    async def ask():
        loop = asyncio.get_running_loop()
        for kid in ("a", "b"):  # both pages reconnect (a dropped websocket) while the new page waits
            loop.call_later(0.15, km.notify_connect, kid)
        await km.start_kernel(env={})
    with pytest.raises(kernelcap.KernelCapReached):
        asyncio.run(ask())
    assert stopped == [] and started == [] and set(km._kernels) == {"a", "b"}
    assert km.no_room("learn-spirited.ipynb")


def test_busy_kernels_or_connected_pages_give_the_busy_page_at_once(fake_kernels):
    started, stopped = fake_kernels
    km = _full_of_closed_tabs({"a": 0.0, "b": 0.0})
    km._kernels["a"].execution_state = "busy"
    km._kernel_connections["b"] = 1  # a page open now
    assert km.no_room("learn-spirited.ipynb")
    t = time.monotonic()
    with pytest.raises(kernelcap.KernelCapReached):
        asyncio.run(km.start_kernel(env={}))
    assert time.monotonic() - t < 0.2 and stopped == [] and started == []


def test_the_pools_part_is_its_own_module_and_still_the_managers():
    """kernelcap.py was split by topic (pre-heating: tutor/kernelpools.py); the names the server and the hub use are
    where they were, and the manager is still one class."""
    assert kernelcap.POOL_ENV == kernelpools.POOL_ENV and kernelcap.HEAT_FIRST_WAIT_S == kernelpools.HEAT_FIRST_WAIT_S
    assert issubclass(kernelcap.CappedKernelManager, kernelpools.PreHeating)
    for name in ("pool_victims", "pool_heated", "heat_before", "watch_pool_handouts", "guard_pool_shutdowns",
                 "refill_pools_if_room", "drop_failed_pool_tasks", "note_page_kernel"):
        assert callable(getattr(kernelcap.CappedKernelManager, name)), name


def test_kernelcap_loads_on_its_own_by_file_path_as_on_the_hub():
    """The hub's servers load tutor/kernelcap.py by its path, without the engine (deploy/singleuser_config.py): its
    pools part is loaded from beside it the same way."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(kernelcap.__file__)
    spec = importlib.util.spec_from_file_location("_rules_tutor_kernelcap_test", path)
    module = importlib.util.module_from_spec(spec)
    before = sys.modules.get("_rules_tutor_kernelpools")
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        assert module.CappedKernelManager.__mro__[1].__module__ == "_rules_tutor_kernelpools"
        assert module.POOL_ENV == "RULES_TUTOR_POOL"
    finally:
        sys.modules.pop(spec.name, None)
        if before is None:
            sys.modules.pop("_rules_tutor_kernelpools", None)
        else:
            sys.modules["_rules_tutor_kernelpools"] = before


class _LoginFirstPage:
    """A page handler as Voila's on the hub: its ``get`` is under tornado's ``@web.authenticated``, which redirects a
    visitor not yet logged in and returns ``None`` (no coroutine)."""

    def __init__(self, user, km) -> None:
        self.current_user, self.kernel_manager, self.redirected = user, km, None
        self.request = SimpleNamespace(method="GET", uri="/user/ann/voila/render/index.ipynb")

    def get_login_url(self) -> str:
        """The hub's login (the OAuth start)."""
        return "/hub/oauth_login"

    def redirect(self, url: str) -> None:
        """Where the visitor is sent."""
        self.redirected = url

    @kernelcap.web.authenticated
    async def get(self, path):
        """The page itself, for a logged-in visitor."""
        return f"page {path}"


def test_a_page_request_redirected_to_the_login_is_no_uncaught_exception():
    """Attack 26: every learner's first GET of a page on the hub, before the OAuth redirect, logged "TypeError:
    object NoneType can't be used in 'await' expression" from track_page_requests' ``get``: the redirect is now
    returned as it is, and a logged-in visitor still gets the page inside the manager's page_request."""
    class Page(_LoginFirstPage):
        pass

    kernelcap.track_page_requests(Page)
    entered = []

    @contextlib.contextmanager
    def page_request():
        entered.append(True)
        yield

    km = SimpleNamespace(page_request=page_request)
    stranger = Page(None, km)
    assert asyncio.run(stranger.get("index.ipynb")) is None
    assert stranger.redirected == "/hub/oauth_login?next=%2Fuser%2Fann%2Fvoila%2Frender%2Findex.ipynb"
    assert asyncio.run(Page("ann", km).get("index.ipynb")) == "page index.ipynb" and entered == [True, True]
    assert asyncio.run(Page(None, SimpleNamespace()).get("index.ipynb")) is None  # a manager without page_request
