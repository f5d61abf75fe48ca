"""A page's kernel hears that its page left: the server opens a comm of target
:data:`tutor.pagegone.PAGE_LEFT_TARGET` when the last websocket of the kernel closes (``tutor/pagegone.py``), and each
function given to :func:`when_page_leaves` is called (the learn page gives up its tab mark:
:meth:`widgets.learn_tabs.TabHold.page_left`). A page whose websocket comes back (a dropped connection) goes on as
before: what it gave up it takes again at its next beat.

Every page registers the target (:func:`install`, from ``widgets/__init__.py``), so a page without anything to give
up takes the server's word quietly (a kernel without the target would log "No such comm target"). A script in the
page may open the same comm: all it can do is make its own page give its mark up, as its ``bye`` can.
"""
from __future__ import annotations

import logging
import weakref
from typing import Callable

from tutor.pagegone import PAGE_LEFT_TARGET

log = logging.getLogger("tutor.page_life")

#: what to call when the page leaves (bound methods held weakly: a page's objects end with it)
_listeners: list = []


def when_page_leaves(fn: Callable[[], None]) -> None:
    """Call ``fn()`` (no arguments; a bound method is held weakly) each time this kernel hears its page left."""
    _listeners.append(weakref.WeakMethod(fn) if hasattr(fn, "__self__") else (lambda: fn))


def page_left(comm=None, msg=None) -> int:
    """The comm target :data:`PAGE_LEFT_TARGET`: call every listener (:func:`when_page_leaves`; one that fails is
    logged in a line, the others still called), and drop ``comm`` without a word back (nothing listens on the
    server's side). Returns how many listeners were called."""
    if comm is not None:
        comm._closed = True  # dropped quietly: no comm_close sent when it is collected
        try:
            from ipywidgets import comm as widget_comm
            widget_comm.get_comm_manager().comms.pop(comm.comm_id, None)
        except Exception:  # noqa: BLE001 - a comm left registered is a few bytes
            pass
    called = 0
    for ref in list(_listeners):
        fn = ref()
        if fn is None:
            _listeners.remove(ref)
            continue
        try:
            fn()
            called += 1
        except Exception as exc:  # noqa: BLE001 - the page has left: nobody to show it to
            log.info("a page's goodbye was not handled in full: %s", str(exc)[:200])
    return called


def install() -> bool:
    """Register :func:`page_left` as this kernel's :data:`PAGE_LEFT_TARGET` comm target; False outside a kernel."""
    try:
        from ipywidgets import comm as widget_comm
        manager = widget_comm.get_comm_manager()
    except Exception:  # noqa: BLE001 - not in a kernel: no page to leave
        return False
    if manager is None:
        return False
    manager.register_target(PAGE_LEFT_TARGET, page_left)
    return True
