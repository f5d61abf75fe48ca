"""When a page's work runs in its kernel: after the running cell (off the page's first render), once Voila is asked
for a pre-heated page (as of the visit, not of the pre-heating, and before the page is sent), or a little after the
learner's first step (a warm-up in the background). Used by the learn page (:mod:`widgets.lessons`)."""
from __future__ import annotations

import logging
import os
import threading
import warnings

log = logging.getLogger("tutor.learn")


#: Seconds after the learner's first step before the page's kernel opens the progress database in the background
#: (importing SQLAlchemy and migrating take about a second): off the page's load and off that step's answer, and
#: done before the first lesson's goal, so the click that reaches it does not wait for it.
PROGRESS_WARM_S = 1.0


def warm_progress(delay: float = PROGRESS_WARM_S) -> threading.Timer:
    """Open the learner's progress store (:func:`tutor.progress.default_store`) in a daemon thread after ``delay``
    seconds; a failure is left to the later real use (which never raises on a learn page). Returns the timer. In a
    page's kernel the kernel's loop starts the thread when the delay is over: the click that asks for the warm-up
    does not wait for a new thread to start (a few milliseconds of its answer on a loaded machine)."""
    def run() -> None:
        try:
            from tutor.progress import default_store
            default_store()
        except Exception:  # noqa: BLE001 - record_lesson reports it when it is used
            pass
    loop = _page_kernel_loop() if delay else None
    timer = threading.Timer(0 if loop is not None else delay, run)
    timer.daemon = True
    if loop is not None:
        loop.call_later(delay, timer.start)
    else:
        timer.start()
    return timer


#: Whether this kernel, pre-heated by Voila, has been given to a page (:func:`wait_until_page_asked` returned): from
#: then on it is a page's kernel like any other (:func:`after_cell` and :func:`after_view` defer work).
_asked = False


def preheating() -> bool:
    """True in a kernel Voila pre-heats (``VOILA_PREHEAT``) that no page has been given yet: work done now is done
    before anyone asks for the page (see :func:`wait_until_page_asked`)."""
    return os.environ.get("VOILA_PREHEAT", "False") != "False" and not _asked


def wait_until_page_asked() -> bool:
    """In a kernel Voila pre-heats (``VOILA_PREHEAT``: the notebook runs before anyone asks for the page), hold the
    running cell until the page is asked for (Voila's ``wait_for_request``), so that what the cell does next (resume
    the learner's place) is as of the visit, not as of the pre-heating, and is done before the page, and so its
    widgets, reaches the browser; returns True then. Voila sends the page once the cell has finished: the browser
    never loads widgets the kernel is still replacing. Elsewhere (JupyterLab, the hub, a page's own kernel) returns
    False at once. From then on, :func:`after_cell` and :func:`after_view` defer work as in any page's kernel."""
    global _asked
    if not preheating():
        return False
    try:
        from voila.utils import wait_for_request
    except ImportError:  # not served by Voila after all
        return False
    global _waiting
    _waiting = True
    exit_if_stopped_while_waiting()
    before = dict(os.environ)
    try:
        with warnings.catch_warnings():  # Voila warns when it cannot connect: never onto the learner's page
            warnings.simplefilter("ignore")
            wait_for_request()
    except Exception as exc:  # noqa: BLE001 - no request info: resume with what is kept anyway
        log.info("page: no word of the page's request (%s); going on now", exc)
    # Voila puts the page's request into the environment. Without it the wait ended because the server is going away
    # (its websocket closed): the kernel still has no page, and a shutdown now ends it at once too.
    _waiting = dict(os.environ) == before
    _asked = True
    return True


#: Whether the running cell waits for its page's request (:func:`wait_until_page_asked`).
_waiting = False


def _this_kernel():
    """This process's IPython kernel, or ``None`` outside a kernel."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return getattr(get_ipython(), "kernel", None)


def exit_if_stopped_while_waiting(kernel=None, exit=os._exit) -> bool:
    """Make ``kernel`` (this process's IPython kernel by default) end its process at once, with status 0, when told to
    shut down (or restart) while its cell still waits for the page's request (:func:`wait_until_page_asked`: a
    pre-heated kernel no page was given, e.g. when `rules-tutor serve` stops). Otherwise ipykernel closes its sockets
    while the cell waits, and the cell's reply, sent once the wait ends, fails with a ZMQ "Socket operation on
    non-socket" traceback in the server's log. Nothing is lost: such a kernel has done nothing for anyone yet. The
    server waits for the process to end, not for a reply. Any other shutdown goes on as before. Returns whether it
    was put in place (not outside a kernel)."""
    kernel = _this_kernel() if kernel is None else kernel
    if kernel is None:
        return False
    handlers = getattr(kernel, "control_handlers", None)
    original = handlers.get("shutdown_request") if isinstance(handlers, dict) else None
    if original is None or getattr(original, "_tutor_exits_while_waiting", False):
        return original is not None

    async def shutdown_request(stream, ident, parent):
        if _waiting:
            log.info("page: shut down while waiting for its page; ending the kernel now")
            exit(0)
            return None
        return await original(stream, ident, parent)

    shutdown_request._tutor_exits_while_waiting = True
    handlers["shutdown_request"] = shutdown_request
    return True


def quiet_iopub_at_shutdown(kernel=None) -> bool:
    """Keep ipykernel's own shutdown race out of the server's log: once ``kernel`` (this process's IPython kernel by
    default) has been told to shut down, its control handler still publishes an "idle" status while the IOPub thread
    is closing, and the thread's wake-up pipe, already closed, raises ZMQ ``ENOTSOCK`` (or ``ETERM``), which the
    kernel's loop printed as a traceback into the server's log (seen in CI, ``test_kernel_cap``; ipykernel 7.4 quiets
    the same race one call later, in ``_really_send``, not here). Only those two errors of the IOPub thread's
    ``schedule`` are dropped (logged at debug level): the status was for a page that is gone. Any other error is
    raised as before. Returns whether the guard is in place (not outside a kernel); once per kernel."""
    kernel = _this_kernel() if kernel is None else kernel
    if kernel is None:
        return False
    thread = getattr(kernel, "iopub_thread", None)
    schedule = getattr(thread, "schedule", None)
    if schedule is None or getattr(schedule, "_tutor_quiet_at_shutdown", False):
        return schedule is not None
    import zmq
    closed = {zmq.ENOTSOCK, zmq.ETERM}

    def quiet_schedule(f):
        try:
            return schedule(f)
        except zmq.ZMQError as exc:
            if exc.errno not in closed:
                raise
            log.debug("IOPub closed during shutdown; a message was dropped (%s)", exc)
            return None

    quiet_schedule._tutor_quiet_at_shutdown = True
    thread.schedule = quiet_schedule
    return True


def _page_kernel_loop():
    """The kernel's IO loop in a kernel Voila started for a page (or pre-heated and since given to one) or a
    notebook's kernel; ``None`` outside a kernel or in a kernel Voila pre-heats until it is given to a page (its work
    is done before anyone asks for the page)."""
    if preheating():
        return None
    try:
        from IPython import get_ipython
        return get_ipython().kernel.io_loop
    except Exception:  # noqa: BLE001 - not in a kernel
        return None


def after_cell(fn) -> bool:
    """In a kernel Voila started for a page (not pre-heated) or a notebook's kernel, call ``fn()`` in a daemon thread
    once the running cell has finished (the kernel's loop runs again), so that its work is off the page's first
    render; returns True then. Outside a kernel, or in a kernel Voila pre-heats (whose work is done before anyone
    asks for the page), returns False at once: call ``fn`` yourself."""
    loop = _page_kernel_loop()
    if loop is None:
        return False
    loop.add_callback(lambda: threading.Thread(target=fn, name="tutor-after-cell", daemon=True).start())
    return True


#: Seconds after the page's cell ran when work waiting for the page's first view (:func:`after_view`) runs anyway: a
#: browser that never says it has drawn the page (or no browser at all, as when nbconvert runs the notebook) does not
#: keep it waiting for ever.
VIEW_FALLBACK_S = 6.0
#: The same in a page Voila serves, whose browser may take long to load on a busy server: work that makes widgets
#: before the browser has built the page's own ones breaks the page (see :func:`after_view`).
VOILA_VIEW_FALLBACK_S = 90.0


def soon(fn, *args) -> None:
    """Call ``fn(*args)`` on the page kernel's loop as soon as the message being handled is answered (work the page
    does not show, e.g. a database write: off a click's answer); at once outside a page's kernel."""
    loop = _page_kernel_loop()
    if loop is None:
        fn(*args)
    else:
        loop.add_callback(fn, *args)  # (safe from any thread)


def after_view(widget, fn, delay: float = 0.2, fallback: float = VIEW_FALLBACK_S) -> bool:
    """In a kernel Voila started for a page (not pre-heated) or a notebook's kernel, call ``fn()`` on the kernel's loop
    ``delay`` seconds after the browser has drawn ``widget`` (its first view: ipywidgets counts the views of a widget
    whose ``_view_count`` is a number, and the front end says so when one is displayed), or ``fallback`` seconds after
    the cell ran if it never says so; once. So the rest of a page is made after its first view is on the screen,
    not while the browser is still fetching it (in a page Voila serves, the fallback is
    :data:`VOILA_VIEW_FALLBACK_S`: a widget made before the browser has built the page's widgets breaks the page).
    Returns True then; outside a kernel, or in a pre-heated one, returns
    False at once: call ``fn`` yourself."""
    loop = _page_kernel_loop()
    if loop is None:
        return False
    fired: list[bool] = []

    def fire() -> None:
        if not fired:
            fired.append(True)
            fn()

    def seen(change) -> None:
        if change["new"]:
            widget.unobserve(seen, names="_view_count")
            loop.call_later(delay, fire)

    widget._view_count = 0
    widget.observe(seen, names="_view_count")
    # a page Voila serves gets its browser: its view is waited for (a browser that connected late still loads the
    # page's widgets then, and a widget made meanwhile reached it before the shared layout and style it refers to:
    # "widget model not found", attack 18, M1); the fallback is for a kernel no browser may ever draw (nbconvert)
    loop.call_later(VOILA_VIEW_FALLBACK_S if served_by_voila() else fallback, fire)
    return True


def served_by_voila() -> bool:
    """True in a kernel Voila started for a page, pre-heated or not (Voila sets ``VOILA_KERNEL_ID`` in it)."""
    return bool(os.environ.get("VOILA_KERNEL_ID"))


def in_page_kernel() -> bool:
    """True in a kernel Voila started for a page (not a pre-heated one) or a notebook's kernel: where
    :func:`after_cell` and :func:`after_view` defer work."""
    if preheating():
        return False
    try:
        from IPython import get_ipython
        return getattr(get_ipython(), "kernel", None) is not None
    except ImportError:
        return False
