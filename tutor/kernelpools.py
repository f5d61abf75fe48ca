"""The pre-heated kernels of a tutor's web server (Voila's kernel pools) under the kernel cap: which pool heats first,
which pre-heated kernel nobody opened gives way to a page, and keeping Voila's pools working at the cap.
:class:`PreHeating` is the part of :class:`tutor.kernelcap.CappedKernelManager` that does this (split from
``tutor/kernelcap.py`` by topic). Like that module it imports nothing of the engine: the class hub's servers load both
by file path.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timezone

#: The environment variable a pre-heated kernel is started with, naming its notebook (``kernel_env_variables`` of
#: each pool, see :func:`tutor.serve.voila_config`): :meth:`CappedKernelManager.start_kernel` orders the pools' heating
#: by it.
POOL_ENV = "RULES_TUTOR_POOL"
#: Most seconds a pre-heated kernel waits for the pools heated before it (:attr:`CappedKernelManager.heat_first`).
HEAT_FIRST_WAIT_S = 40.0
#: Where the run of a pre-heated notebook shut down at the cap logs (nowhere): its cell waits for a page, so the
#: kernel's end is a "Kernel died" traceback of Voila's and nbclient's; the one line said is the cap's own.
_culled_log = logging.getLogger("rules_tutor.kernelcap.culled")
_culled_log.propagate = False
_culled_log.addHandler(logging.NullHandler())


def _quiet_renderer(renderer) -> None:
    """Make Voila's renderer of a pre-heated kernel about to be shut down (and its cell executor) log nowhere."""
    for obj in (renderer, getattr(renderer, "executor", None)):
        if obj is not None:
            try:
                obj.log = _culled_log
            except Exception:  # noqa: BLE001 - a renderer of another Voila: its lines stay
                pass


class PreHeating:
    """The pre-heating part of :class:`tutor.kernelcap.CappedKernelManager` (a mixin: the manager sets ``_kernels``,
    ``_kernel_connections``, ``_culling``, ``_heated``, ``_heat_phase_over``, ``_handed_renders``, the ``heat_first``
    and ``heat_first_wait`` traits and ``max_kernels``, and gives ``kernels_in_use`` and ``_given_to_page``; Voila's
    pre-heating manager, built on it, gives ``_pools``, ``kernel_pools_config`` and ``fill_if_needed``)."""

    def guard_pool_shutdowns(self) -> None:
        """Wrap the shutdown of a kernel (Voila's pre-heating manager, built on this class, looks through its pools
        first) so that pre-heated kernels whose start failed are dropped before: Voila reads every finished pool
        task's result, and a refill refused at the cap (:class:`tutor.kernelcap.KernelCapReached`) raised again there. Every
        ``POST voila/api/shutdown/<id>`` of a closing tab then failed with HTTP 503 and left its kernel running
        (trial 16). Idempotent."""
        original = self.shutdown_kernel
        if getattr(original, "_drops_failed_pool_tasks", False):
            return

        async def shutdown_kernel(*args, **kwargs):
            self.drop_failed_pool_tasks()
            return await original(*args, **kwargs)

        shutdown_kernel._drops_failed_pool_tasks = True
        self.shutdown_kernel = shutdown_kernel

    def _pool_kernel_ids(self) -> set[str]:
        ids = set()
        for pool in getattr(self, "_pools", {}).values():  # Voila's pre-heated kernels, waiting for a page
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result().get("kernel_id"))
        return ids

    def pool_victims(self) -> list[tuple[list, object, str]]:
        """Pre-heated kernels nobody has opened that a page may take the place of at the cap, as ``(pool, task,
        kernel id)``: ready, no page connected; another page's pools first, the learn page's and the landing
        page's (:attr:`heat_first`) last. Without this, the pools (one kernel per pre-heated page) held half of the
        default cap: with 12, only 6 tabs worked."""
        found = []
        order = {name: i for i, name in enumerate(reversed(self.heat_first))}
        for name, pool in getattr(self, "_pools", {}).items():
            for task in pool:
                if not task.done() or task.cancelled() or task.exception() is not None:
                    continue
                kid = task.result().get("kernel_id")
                kernel = self._kernels.get(kid)
                # (not only idle ones: a pre-heated learn page's cell waits, busy, until a page asks for it)
                if kernel is None or kid in self._culling or self._kernel_connections.get(kid, 0) > 0:
                    continue
                found.append((order.get(name, -1), pool, task, kid))
        return [(pool, task, kid) for _, pool, task, kid in sorted(found, key=lambda x: x[0])]

    def note_page_kernel(self, kernel_id: str) -> None:
        """A page has just been given ``kernel_id`` (a pre-heated kernel, idle since it was heated): count that as
        the kernel's latest activity, so that it is not taken for an abandoned one before the page connects."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = datetime.now(timezone.utc)

    def watch_pool_handouts(self) -> None:
        """Wrap Voila's ``get_rendered_notebook`` (the pre-heating manager built on this class hands a pooled
        kernel to a page there) so that every kernel handed out passes through :meth:`note_page_kernel`."""
        original = getattr(self, "get_rendered_notebook", None)
        if original is None or getattr(original, "_notes_page_kernels", False):
            return

        async def get_rendered_notebook(*args, **kwargs):
            self._heat_phase_over = True  # a page is being served: the start-up order has done its work
            result = await original(*args, **kwargs)
            self.note_page_kernel(result[2])  # (render task, rendered cells, kernel id)
            self._given_to_page(result[2])
            notebook = kwargs.get("notebook_name", args[0] if args else None)
            if notebook is not None and result[0] is not None:
                self._handed_renders.setdefault(notebook, result[0])  # its page is made when that render is done
            return result

        get_rendered_notebook._notes_page_kernels = True
        self.get_rendered_notebook = get_rendered_notebook

    def drop_failed_pool_tasks(self) -> None:
        """Forget pre-heated kernels whose start failed (e.g. refused at the cap), so that the next page of that
        notebook starts a kernel of its own instead of waiting for one that never comes."""
        for pool in getattr(self, "_pools", {}).values():
            for task in list(pool):
                if task.done() and (task.cancelled() or task.exception() is not None):
                    pool.remove(task)

    def refill_pools_if_room(self) -> None:
        """Top the pre-heated pools up again (after a refill was refused at the cap) when that still leaves room
        for one more page."""
        pools = getattr(self, "_pools", None)
        config = getattr(self, "kernel_pools_config", None)
        if pools is None or config is None:
            return
        default = config.get("default", {}).get("pool_size", 0)
        for name, pool in pools.items():
            missing = config.get(name, {}).get("pool_size", default) - len(pool)
            if missing > 0 and self.kernels_in_use() + missing < self.max_kernels:
                self.fill_if_needed(notebook_name=name)

    def pool_heated(self, notebook: str) -> bool:
        """Whether the pre-heated pool of ``notebook`` (e.g. ``index.ipynb``) has made its page: a kernel of it has
        started and run the notebook (in its pool, or for the page that took it first), or it has none to wait for
        (no pool, or its start failed)."""
        if notebook in self._heated:
            return True
        handed = self._handed_renders.get(notebook)  # a page took a kernel of it before it was done: that render
        pool = getattr(self, "_pools", {}).get(notebook)
        done = not pool or (handed is not None and handed.done())
        for task in pool or ():
            if not task.done():
                continue
            if task.cancelled() or task.exception() is not None:
                done = True
                continue
            render = task.result().get("task") if isinstance(task.result(), dict) else None
            done = done or render is None or render.done()
        if done:
            self._heated.add(notebook)
        return done

    def heat_before(self, notebook: str | None) -> list[str]:
        """The pools a pre-heated kernel of ``notebook`` waits for (:attr:`heat_first`): those before it in that
        list, or all of them for a notebook not in it; none for a page's own kernel (``notebook`` None)."""
        if not notebook:
            return []
        first = list(self.heat_first)
        return first[:first.index(notebook)] if notebook in first else first

    async def _wait_for_heated(self, notebook: str | None) -> None:
        """Hold a pre-heated kernel of ``notebook`` until the pools heated before it have made their pages, at most
        :attr:`heat_first_wait` seconds. Only while the server starts: once one wait has ended, or a page has been
        handed a pre-heated kernel, the start-up is over and no kernel that asks later waits (the waits begun before
        run their course, so the landing page still renders first). Without that a refill at the kernel cap waited
        the full 40 s for a learn pool whose every kernel a page took before it finished its first page, and the
        page asking for that refill with it: a notes window reloaded at the cap took 36 s."""
        if self._heat_phase_over:
            return
        waits = self.heat_before(notebook)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.heat_first_wait
        while waits and not all(self.pool_heated(n) for n in waits) and loop.time() < deadline:
            await asyncio.sleep(0.1)
        if waits:
            self._heat_phase_over = True
