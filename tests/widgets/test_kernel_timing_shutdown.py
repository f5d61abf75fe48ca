"""A pre-heated kernel told to shut down while its cell waits for the page's request ends its process at once
(widgets.kernel_timing.exit_if_stopped_while_waiting): before, ipykernel closed its sockets under the waiting cell,
whose reply then failed with a ZMQ "Socket operation on non-socket" traceback in `rules-tutor serve`'s log."""
from __future__ import annotations

import asyncio

from widgets import kernel_timing as kt


class FakeKernel:
    def __init__(self):
        self.calls = []

        async def shutdown_request(stream, ident, parent):
            self.calls.append("ipykernel's shutdown")
        self.control_handlers = {"shutdown_request": shutdown_request}


def test_a_kernel_stopped_while_waiting_for_its_page_ends_at_once(monkeypatch):
    kernel, exits = FakeKernel(), []
    assert kt.exit_if_stopped_while_waiting(kernel, exit=exits.append) is True
    assert kt.exit_if_stopped_while_waiting(kernel, exit=exits.append) is True  # once: not wrapped twice
    handler = kernel.control_handlers["shutdown_request"]
    monkeypatch.setattr(kt, "_waiting", True)
    asyncio.run(handler(None, [], {"content": {"restart": False}}))
    assert exits == [0] and kernel.calls == []  # no reply to a closed socket later: the process ends here
    monkeypatch.setattr(kt, "_waiting", False)  # a page's kernel (its cell done waiting): shut down as before
    asyncio.run(handler(None, [], {"content": {"restart": False}}))
    assert exits == [0] and kernel.calls == ["ipykernel's shutdown"]


def test_outside_a_kernel_nothing_is_put_in_place():
    assert kt.exit_if_stopped_while_waiting(object()) is False


def test_the_wait_is_over_only_when_the_page_was_asked_for(monkeypatch):
    """wait_until_page_asked marks the wait (the shutdown hook reads it); the mark stays when the wait ended without
    the page's request (the server going away closed Voila's websocket: the cell then goes on, and a shutdown
    arriving meanwhile must still end the kernel at once), and goes once Voila has put the request in the
    environment."""
    import voila.utils

    seen = []

    def server_gone():
        seen.append(kt._waiting)
        raise OSError("connection closed")

    def asked():
        seen.append(kt._waiting)
        monkeypatch.setenv("QUERY_STRING", "scenario=x")
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(kt, "exit_if_stopped_while_waiting", lambda: seen.append("hook") or True)
    for wait, still_waiting in ((server_gone, True), (asked, False)):
        monkeypatch.setattr(kt, "_asked", False)
        monkeypatch.setattr(kt, "_waiting", False)
        monkeypatch.setattr(voila.utils, "wait_for_request", wait)
        assert kt.wait_until_page_asked() is True
        assert seen[-2:] == ["hook", True] and kt._waiting is still_waiting


def test_a_status_sent_while_iopub_closes_is_dropped_without_a_traceback():
    """CI (test_kernel_cap): a culled page kernel published "idle" after its shutdown while the IOPub thread's pipe was
    already closed; ipykernel's loop printed the ZMQ ENOTSOCK traceback into the server's log. Only the closed-socket
    errors are dropped; others still raise."""
    import zmq

    class Thread:
        def __init__(self):
            self.errors = [zmq.ZMQError(zmq.ENOTSOCK), zmq.ZMQError(zmq.ETERM), zmq.ZMQError(zmq.EAGAIN)]
            self.sent = []

        def schedule(self, f):
            if self.errors:
                raise self.errors.pop(0)
            self.sent.append(f)

    class Kernel:
        iopub_thread = Thread()

    kernel = Kernel()
    assert kt.quiet_iopub_at_shutdown(kernel) is True
    assert kt.quiet_iopub_at_shutdown(kernel) is True  # once: not wrapped twice
    schedule = kernel.iopub_thread.schedule
    assert schedule("idle") is None and schedule("idle") is None  # ENOTSOCK, ETERM: dropped
    try:
        schedule("idle")
    except zmq.ZMQError as exc:
        assert exc.errno == zmq.EAGAIN
    else:
        raise AssertionError("an error other than a closed socket must still raise")
    schedule("status")
    assert kernel.iopub_thread.sent == ["status"]
    assert kt.quiet_iopub_at_shutdown(object()) is False
