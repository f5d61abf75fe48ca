"""How many kernels a tutor's web server runs, and which one makes room for a new page.

Used by `rules-tutor serve` (``tutor/serve.py``, standalone Voila, whose pre-heating kernel manager is built on
:class:`CappedKernelManager`) and by each learner's server on the class hub (``deploy/singleuser_config.py``). Like
``tutor/webguard.py`` this module imports nothing of the engine, so the hub's servers can load it on its own (by
file path).

* **Kernel messages** (:data:`KERNEL_MESSAGE_TYPES`): a page's widgets only need comm messages; Jupyter Server's
  ``MappingKernelManager.allowed_message_types`` drops every other message from a browser (``execute_request``
  among them), as standalone Voila does with the same list.
* **Kernels per server** (:class:`CappedKernelManager`): at most ``max_kernels`` kernels at once, pre-heated ones
  included (their pools: ``tutor/kernelpools.py``). When a page needs one more, the kernel idle longest with no page
  connected is shut down first (one whose page left a moment ago once its reconnect grace ends); when every kernel is
  busy or has a page open, the page request gets :func:`busy_page` (HTTP 503) instead.
* **A page's kernel is its page's until the page is closed**: from the moment a page request is given a kernel
  (:meth:`CappedKernelManager.page_request`) until :data:`PAGE_CONNECT_GRACE_S` seconds after the page was sent or
  last asked about its kernel, a kernel whose page has not connected yet is never shut down to make room. Once its
  page has connected and left, it may be :data:`PAGE_RECONNECT_GRACE_S` seconds later (a closing tab shuts its
  kernel down itself at once; :meth:`CappedKernelManager.guard_pool_shutdowns` keeps that working at the cap).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import inspect
import os
import time
from contextvars import ContextVar
from datetime import datetime, timedelta, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Int, List, Unicode

try:
    from .kernelpools import HEAT_FIRST_WAIT_S, POOL_ENV, PreHeating, _quiet_renderer
except ImportError:  # loaded on its own by file path (the class hub's servers): its sibling file is loaded so too
    import importlib.util as _util
    import sys as _sys
    _spec = _util.spec_from_file_location("_rules_tutor_kernelpools",
                                          os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernelpools.py"))
    _pools = _util.module_from_spec(_spec)
    _sys.modules[_spec.name] = _pools
    _spec.loader.exec_module(_pools)
    HEAT_FIRST_WAIT_S, POOL_ENV, PreHeating, _quiet_renderer = (
        _pools.HEAT_FIRST_WAIT_S, _pools.POOL_ENV, _pools.PreHeating, _pools._quiet_renderer)

#: Kernel messages a page may send to its kernel: comms for the widgets and kernel info. Standalone Voila's own list
#: also has ``shutdown_request``, but Voila's page never sends it (leaving a page shuts its kernel down through
#: ``POST voila/api/shutdown/<id>``), and a script in the page could use it to end its kernel with the page still
#: open. Never ``execute_request``, ``complete_request``, ``inspect_request`` or ``history_request``: a page's code
#: is the notebook's, run by the server.
KERNEL_MESSAGE_TYPES = (
    "comm_open",
    "comm_close",
    "comm_msg",
    "comm_info_request",
    "kernel_info_request",
)

#: Default most kernels at once for `rules-tutor serve` (pre-heated ones included), about 135 MiB RSS each
#: (a built page's kernel, docs/click-timing.md).
MAX_KERNELS = 8
#: Seconds after its last activity before a kernel that no page of this server was ever given may be shut down to
#: make room (a kernel started some other way: the hub's REST API, a test).
CULL_GRACE_SECONDS = 10.0
#: Seconds a page's kernel is kept for its browser after the page was sent, until the page connects to it: on a
#: loaded machine a browser opening several tabs took over 20 s between a page's last byte and its widgets'
#: connection, and with the 10 s of CULL_GRACE_SECONDS the next page asked for at the cap shut that page's kernel
#: down: the page showed and then ignored every click. Each time the page asks the server about its kernel (Voila's
#: widget manager does that first, the page's watchdog every 20 s) the wait starts again.
PAGE_CONNECT_GRACE_S = 60.0
#: Seconds a page's kernel is kept after its page's last websocket closed, for the page to connect again (trial 16:
#: on a loaded server a loading page's websocket closed and reopened, and a page asked for at the cap in between shut
#: its kernel down: the page stayed on "Loading widget..." for minutes). A tab that closes says so itself (Voila's
#: ``POST voila/api/shutdown/<id>`` shuts its kernel down at once); only a tab gone without a word waits this long.
PAGE_RECONNECT_GRACE_S = 10.0
#: Seconds between two looks, while a page at the cap waits for a kernel whose page just left to end its grace.
GRACE_POLL_S = 0.25
#: Every kernel starts with this: what the kernel process writes to its own stderr (its log lines, such as the
#: comm layer's "No such comm: <the id a page sent>", and this package's refusal lines) goes to the server's log,
#: never over the page's websocket as output (attack 19, L2: ipykernel forwards its process's stderr to the page by
#: default). A cell's own output still reaches its page.
KERNEL_ARGUMENTS = ("--IPKernelApp.capture_fd_output=False",)

#: The kernels given to the page request being served (set by :meth:`CappedKernelManager.page_request`).
_PAGE_KERNELS: ContextVar = ContextVar("rules_tutor_page_kernels", default=None)


class KernelCapReached(web.HTTPError):
    """Raised by :meth:`CappedKernelManager.start_kernel` when the server runs ``max_kernels`` kernels and none of
    them can be shut down (each is busy, has a page connected, was active in the last few seconds, or is
    pre-heated). An HTTP 503 error: a page handler that does not catch it (Voila's, on the hub) answers with an error
    page carrying this message; `rules-tutor serve` shows :func:`busy_page` instead."""

    def __init__(self, max_kernels: int, in_use: int) -> None:
        self.max_kernels, self.in_use = max_kernels, in_use
        said = (f"Your tutor can keep at most {max_kernels} pages open at once, and all of them are open or starting. "
                + HUB_ADVICE if on_hub() else f"All {max_kernels} kernels this server can run at once are in use by "
                f"open or starting pages ({in_use}). Close a Rules Tutor tab you no longer need, wait a few seconds, "
                "then reload this page.")
        super().__init__(503, said, reason="Rules Tutor is busy")


#: What a hub learner can do when their server runs its most pages (never a command line: attack 20, L7).
HUB_ADVICE = ("Close another tab of the tutor that you no longer need, or wait a minute, then reload this page. If it "
              "still says this, ask your teacher.")


def on_hub() -> bool:
    """True in a learner's server that JupyterHub started (it sets JUPYTERHUB_USER and JUPYTERHUB_SERVICE_PREFIX)."""
    return bool(os.environ.get("JUPYTERHUB_SERVICE_PREFIX") and os.environ.get("JUPYTERHUB_USER"))


def busy_page(max_kernels: int, in_use: int, hub: bool | None = None) -> str:
    """The HTML page shown (HTTP 503) when a page cannot get a kernel: what happened and what to do (on a hub,
    ``hub`` or by default :func:`on_hub`: :data:`HUB_ADVICE`, no command line)."""
    cap, used = html.escape(str(max_kernels)), html.escape(str(in_use))
    what = (f"<p>Your tutor can keep at most {cap} pages open at once (each has its own game session, {used} in use "
            f"now), and every one is open or starting, so this page cannot start now.</p><p>{HUB_ADVICE}</p>"
            if (on_hub() if hub is None else hub) else
            f"<p>This server runs at most {cap} tutor pages at once (each has its own game session, {used} in use "
            "now), and every one is open or starting, so this page cannot start now.</p>"
            "<p>Close a Rules Tutor tab you no longer need, wait a few seconds, then reload this page. "
            "Whoever runs the server can allow more with <code>rules-tutor serve --max-kernels N</code>.</p>")
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Rules Tutor is busy</title>"
            "<style>body{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;line-height:1.5}</style>"
            f"</head><body><main><h1>Rules Tutor is busy</h1>{what}</main></body></html>")


class CappedKernelManager(PreHeating, AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with a most number of kernels at once (``max_kernels``).

    Voila's pre-heating manager is built on top of this class (``VoilaConfiguration.multi_kernel_manager_class``),
    so every kernel start passes through :meth:`start_kernel`: a page's, and a pre-heated pool's refill. A page's
    websocket carries only :data:`KERNEL_MESSAGE_TYPES`, whatever list Voila passes.
    """

    max_kernels = Int(MAX_KERNELS, config=True, help="Most kernels running or starting at once (pre-heated included).")
    cull_grace = Float(CULL_GRACE_SECONDS, config=True,
                       help="Seconds since a kernel's last activity before it may be shut down to make room (a "
                            "kernel no page request of this server was given).")
    connect_grace = Float(PAGE_CONNECT_GRACE_S, config=True,
                          help="Seconds a page's kernel is kept for the page's browser after the page was sent or "
                               "last asked about its kernel, until the page connects to it.")
    reconnect_grace = Float(PAGE_RECONNECT_GRACE_S, config=True,
                            help="Seconds a kernel whose page was connected is kept after its last websocket closed, "
                                 "for the page to connect again.")

    heat_first = List(Unicode(), config=True,
                      help="Notebooks whose pre-heated kernels are heated first, in this order: another pool's kernel "
                           "starts once these have made their pages (on a fresh server the first page is then ready "
                           "in seconds, not queued behind every pool heating at once).")
    heat_first_wait = Float(HEAT_FIRST_WAIT_S, config=True,
                            help="Most seconds a pre-heated kernel waits for the pools heated before it.")

    def __init__(self, **kwargs):
        # Standalone Voila passes its own list of the messages a page may send (with ``shutdown_request``): ours wins.
        kwargs["allowed_message_types"] = list(KERNEL_MESSAGE_TYPES)
        super().__init__(**kwargs)
        self._heated: set[str] = set()  # the heat_first pools known to have made their first page
        self._heat_phase_over = False  # True once the start-up order is done with (see _wait_for_heated)
        self._handed_renders: dict = {}  # notebook -> render task of the first pre-heated kernel a page took
        self._starting = 0
        self._culling: set[str] = set()
        self._connected_once: set[str] = set()
        # kernel id -> None while its page is being sent, then time.monotonic() when it was sent or last asked about
        # its kernel; only kernels whose page has not connected yet
        self._awaiting_page: dict[str, float | None] = {}
        self._left_at: dict[str, float] = {}  # kernel id -> time.monotonic() its page's last websocket closed

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected to ``kernel_id`` (Jupyter Server calls this for every kernel websocket)."""
        self._connected_once.add(kernel_id)
        self._awaiting_page.pop(kernel_id, None)
        self._left_at.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A websocket of ``kernel_id`` closed: when it was the last, the page may be gone or reconnecting (kept
        :attr:`reconnect_grace` seconds, see :meth:`cull_candidates`)."""
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._left_at[kernel_id] = time.monotonic()

    @contextlib.contextmanager
    def page_request(self):
        """Context of one page request (the page handler's ``get``): each kernel given to it inside (a kernel of its
        own from :meth:`start_kernel`, or a pre-heated one from Voila's ``get_rendered_notebook``) is kept for the
        page while the page is being made and sent, and then :attr:`connect_grace` seconds more for its browser to
        connect (:meth:`page_protected`). Yields the list of those kernel ids."""
        kernels: list[str] = []
        token = _PAGE_KERNELS.set(kernels)
        try:
            yield kernels
        finally:
            _PAGE_KERNELS.reset(token)
            for kid in kernels:
                if kid in self._awaiting_page:
                    self._awaiting_page[kid] = time.monotonic()

    def _given_to_page(self, kernel_id: str) -> None:
        """Note ``kernel_id`` as given to the page request being served (inside :meth:`page_request`), if any."""
        kernels = _PAGE_KERNELS.get()
        if kernels is not None and kernel_id not in self._connected_once:
            kernels.append(kernel_id)
            self._awaiting_page[kernel_id] = None

    def note_page_alive(self, kernel_id: str) -> None:
        """The page of ``kernel_id`` asked the server about its kernel (``GET api/kernels/<id>``: Voila's widget
        manager before it connects, the page's watchdog every 20 s): its browser is loading it, so the wait for its
        connection (:attr:`connect_grace`) starts again."""
        if self._awaiting_page.get(kernel_id) is not None:
            self._awaiting_page[kernel_id] = time.monotonic()

    def page_protected(self, kernel_id: str) -> bool:
        """Whether ``kernel_id`` is kept for a page that has not connected to it yet: the page is still being made
        or sent, or was sent (or last asked about its kernel) less than :attr:`connect_grace` seconds ago."""
        if kernel_id not in self._awaiting_page:
            return False
        since = self._awaiting_page[kernel_id]
        return since is None or time.monotonic() - since < self.connect_grace

    def kernels_in_use(self) -> int:
        """Kernels running or starting now."""
        return len(self._kernels) + self._starting

    def cull_candidates(self, within: float = 0.0) -> list[str]:
        """Kernel ids that may be shut down to make room, oldest activity first: idle, not pre-heated, no page
        connected now, and either a page was connected once and left :attr:`reconnect_grace` seconds ago or more (its
        tab is closed, without a word), or its page never connected and was
        sent more than :attr:`connect_grace` seconds ago (:meth:`page_protected`), or it was never given to a page of
        this server and has done nothing for ``cull_grace`` seconds. ``within`` (seconds): also those whose page left
        less than :attr:`reconnect_grace` seconds ago and whose grace ends within ``within`` seconds (they may be shut
        down then, unless their page connects again)."""
        pooled = self._pool_kernel_ids()
        self._connected_once &= set(self._kernels)
        for kid in [k for k in self._awaiting_page if k not in self._kernels]:
            del self._awaiting_page[kid]
        for kid in [k for k in self._left_at if k not in self._kernels]:
            del self._left_at[kid]
        now = datetime.now(timezone.utc)
        grace = timedelta(seconds=self.cull_grace)
        found = []
        for kid, kernel in list(self._kernels.items()):
            if kid in pooled or kid in self._culling or self._kernel_connections.get(kid, 0) > 0:
                continue
            if getattr(kernel, "execution_state", None) != "idle":
                continue
            last = getattr(kernel, "last_activity", None)
            if last is None or self.page_protected(kid):
                continue
            if time.monotonic() - self._left_at.get(kid, float("-inf")) < self.reconnect_grace - within:
                continue  # its page's websocket closed a moment ago: the page may be connecting again
            if kid not in self._connected_once and kid not in self._awaiting_page and now - last < grace:
                continue
            found.append((last, kid))
        return [kid for _, kid in sorted(found)]

    def no_room(self, notebook: str | None = None) -> bool:
        """Whether a page of ``notebook`` (its path as Voila's pools name it, e.g. ``index.ipynb``) would get
        :class:`KernelCapReached` now: ``max_kernels`` run or start, none may be shut down (:meth:`cull_candidates`)
        and no pre-heated kernel of that notebook is ready or starting for it. The page handler asks this before
        Voila reads the notebook and builds its page, so that the busy page is answered at once (it came only after
        that work, queued behind every other page being made)."""
        if self.kernels_in_use() < self.max_kernels:
            return False
        pool = getattr(self, "_pools", {}).get(notebook or "", ())
        if any(not task.done() or (not task.cancelled() and task.exception() is None) for task in pool):
            return False
        return not self.cull_candidates(within=self.reconnect_grace) and not self.pool_victims()

    async def start_kernel(self, *args, **kwargs) -> str:
        """Start a kernel once there is room, with :data:`KERNEL_ARGUMENTS` (Jupyter Server's ``start_kernel``
        otherwise unchanged). A pre-heated kernel (its environment names its notebook in :data:`POOL_ENV`) first
        waits, at most :attr:`heat_first_wait` seconds, until the pools heated before it have made their pages
        (:meth:`heat_before`): on a fresh server the landing page's kernel has the machine to itself.

        At the cap, when the only kernels that may make room for a page are those whose page left less than
        :attr:`reconnect_grace` seconds ago (tabs just closed without a word), the page's kernel waits for the first
        grace to end and shuts that kernel down (a pre-heated refill does not wait) (session 20: on a busy server the
        pages asked for right after tabs closed got the busy page, though every kernel's page was gone); a page that
        connects again meanwhile keeps its kernel.

        Raises:
            KernelCapReached: ``max_kernels`` run or start and none can be shut down, now or within
                :attr:`reconnect_grace` seconds (see :meth:`cull_candidates`; for a page's kernel, a pre-heated kernel
                nobody opened is shut down too: :meth:`pool_victims`).
        """
        await self._wait_for_heated((kwargs.get("env") or {}).get(POOL_ENV))
        for_page = POOL_ENV not in (kwargs.get("env") or {})
        waited_until = time.monotonic() + self.reconnect_grace + 1.0
        while self.kernels_in_use() >= self.max_kernels:
            candidates = self.cull_candidates()
            pooled = self.pool_victims() if for_page and not candidates else []
            if (for_page and not candidates and not pooled and time.monotonic() < waited_until
                    and self.cull_candidates(within=self.reconnect_grace)):
                # a tab closed a moment ago: its kernel makes room once its grace ends
                await asyncio.sleep(GRACE_POLL_S)
                continue
            if not candidates and not pooled:
                raise KernelCapReached(self.max_kernels, self.kernels_in_use())
            if pooled:  # a page comes before a pre-heated kernel nobody opened (the pool is topped up when there is
                # room again: refill_pools_if_room)
                pool, task, victim = pooled[0]
                pool.remove(task)
                _quiet_renderer(task.result().get("renderer"))
                _quiet_render_task(task.result().get("task"))
            else:
                victim = candidates[0]
            self._culling.add(victim)
            self.log.info("Kernel cap (%d) reached: shutting down kernel %s, idle with no page connected since %s%s",
                          self.max_kernels, victim, getattr(self._kernels.get(victim), "last_activity", "?"),
                          " (pre-heated, never opened)" if pooled else "")
            try:
                if pooled:  # nobody's page: killed at once (a refill may still be starting, and the interrupt a
                    # shutdown sends first printed a KeyboardInterrupt traceback mid-import into the server's log)
                    await _kill_process(self._kernels.get(victim))
                await self.shutdown_kernel(victim, now=bool(pooled))
            finally:
                self._culling.discard(victim)
        kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", ()), *KERNEL_ARGUMENTS]
        self._starting += 1  # counted from here on, before the first await: parallel starts see it
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
        if POOL_ENV not in (kwargs.get("env") or {}):  # a pre-heated kernel is a page's only once handed out
            self._given_to_page(kernel_id)
        return kernel_id

    def busy_page(self) -> str:
        """:func:`busy_page` for this manager's cap and the kernels in use now."""
        return busy_page(self.max_kernels, self.kernels_in_use())


def _quiet_render_task(render) -> None:
    """Retrieve, when it ends, the failure of the page render (an asyncio Task, or ``None``) of a pre-heated kernel
    about to be killed: otherwise asyncio logs "Task exception was never retrieved" with Voila's traceback ("Kernel
    died before replying to kernel_info") into the server's log."""
    if isinstance(render, asyncio.Future):
        render.add_done_callback(lambda t: t.cancelled() or t.exception())


async def _kill_process(kernel) -> None:
    """Kill ``kernel``'s process (a Jupyter ``KernelManager``, or ``None``) at once with SIGKILL, through its
    provisioner; nothing is raised when it is gone already."""
    provisioner = getattr(kernel, "provisioner", None)
    if provisioner is not None and getattr(provisioner, "has_process", False):
        try:
            await provisioner.kill()
        except (OSError, ProcessLookupError):
            pass


def note_kernel_questions(handler_class) -> None:
    """Make Jupyter Server's ``KernelHandler`` (``handler_class``, patched in place: `rules-tutor serve` and the hub's
    servers alike) tell a :class:`CappedKernelManager` each time a page asks about its kernel (``GET
    api/kernels/<id>``, :meth:`CappedKernelManager.note_page_alive`). Idempotent."""
    if getattr(handler_class, "_tutor_notes_questions", False):
        return
    original = handler_class.get

    async def get(self, kernel_id, *args, **kwargs):
        alive = getattr(self.kernel_manager, "note_page_alive", None)
        if alive is not None:
            alive(kernel_id)
        return await _finished(original(self, kernel_id, *args, **kwargs))

    handler_class.get = get
    handler_class._tutor_notes_questions = True


async def _finished(result):
    """What a wrapped ``get`` gave, awaited when it is awaitable: a ``get`` under tornado's ``@web.authenticated``
    returns ``None`` when it redirects to the login (attack 26: every learner's first GET of a page, before the OAuth
    redirect, logged "TypeError: object NoneType can't be used in 'await' expression")."""
    return await result if inspect.isawaitable(result) else result


def track_page_requests(handler_class) -> None:
    """Make every ``get`` of ``handler_class`` (Voila's page handler on the hub) run inside its kernel manager's
    :meth:`CappedKernelManager.page_request`, so that the kernel it gives its page is kept for that page until it
    connects. Idempotent; a manager without ``page_request`` is left alone."""
    if getattr(handler_class, "_tutor_tracks_pages", False):
        return
    original = handler_class.get

    async def get(self, *args, **kwargs):
        page_request = getattr(self.kernel_manager, "page_request", None)
        if page_request is None:
            return await _finished(original(self, *args, **kwargs))
        with page_request():
            return await _finished(original(self, *args, **kwargs))

    handler_class.get = get
    handler_class._tutor_tracks_pages = True
