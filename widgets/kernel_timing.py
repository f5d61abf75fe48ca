"""When a page's work runs in its kernel: after the running cell (off the page's first render), once Voila is asked
for a pre-heated page (as of the visit, not of the pre-heating), or a little after the learner's first step (a warm-up
in the background). Used by the learn page (:mod:`widgets.lessons`)."""
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
    seconds; a failure is left to the later real use (which never raises on a learn page). Returns the timer."""
    def run() -> None:
        try:
            from tutor.progress import default_store
            default_store()
        except Exception:  # noqa: BLE001 - record_lesson reports it when it is used
            pass
    timer = threading.Timer(delay, run)
    timer.daemon = True
    timer.start()
    return timer


def when_page_asked(fn) -> bool:
    """In a kernel Voila pre-heats (``VOILA_PREHEAT``: the notebook runs before anyone asks for the page), call ``fn``
    on the kernel's own loop once the page is asked for (Voila's ``wait_for_request``, waited for in a thread), so
    that what it reads (the learner's place) is as of the visit, not as of the pre-heating; returns True then.
    Elsewhere (JupyterLab, the hub, a page's own kernel) returns False at once: call ``fn`` yourself."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return False
    try:
        from IPython import get_ipython
        from voila.utils import wait_for_request
        loop = get_ipython().kernel.io_loop
    except Exception:  # noqa: BLE001 - not in a kernel after all: resume now
        return False

    def wait() -> None:
        try:
            with warnings.catch_warnings():  # Voila warns when it cannot connect: never onto the learner's page
                warnings.simplefilter("ignore")
                wait_for_request()
        except Exception as exc:  # noqa: BLE001 - no request info: resume with what is kept anyway
            log.info("learn page: no word of the page's request (%s); resuming now", exc)
        loop.add_callback(fn)

    threading.Thread(target=wait, name="tutor-learn-resume", daemon=True).start()
    return True


def after_cell(fn) -> bool:
    """In a kernel Voila started for a page (not pre-heated) or a notebook's kernel, call ``fn()`` in a daemon thread
    once the running cell has finished (the kernel's loop runs again), so that its work is off the page's first
    render; returns True then. Outside a kernel, or in a kernel Voila pre-heats (whose work is done before anyone
    asks for the page), returns False at once: call ``fn`` yourself."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        return False
    try:
        from IPython import get_ipython
        loop = get_ipython().kernel.io_loop
    except Exception:  # noqa: BLE001 - not in a kernel
        return False
    loop.add_callback(lambda: threading.Thread(target=fn, name="tutor-after-cell", daemon=True).start())
    return True
