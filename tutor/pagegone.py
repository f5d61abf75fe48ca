"""What the server does when a page's kernel websocket closes: the page is gone, whatever its browser said.

* **The kernel is told** (:func:`tell_kernels_when_pages_leave`): when the last websocket of a kernel closes, the
  server opens a comm of target :data:`PAGE_LEFT_TARGET` in that kernel (its own client, never the page's socket),
  and the page's code gives up what it held for the page (``widgets.page_life``: the learn page's tab mark, see
  ``widgets/learn_tabs.py``). A tab closed with its browser, or a browser that was killed, says nothing itself (no
  ``pagehide``, no shutdown beacon, so the kernel lives on): a learn page reopened a few seconds later said "This
  page is open in another tab" with no other tab open (trial 18). A page whose websocket only dropped for a moment
  takes its mark again at its next beat, unless another tab plays by then.
* **Messages still on their way are dropped quietly** (:func:`quiet_closed_writes`): Jupyter Server writes a
  kernel's messages to the page's websocket without waiting for the write; when the page has closed meanwhile (the
  computer moving, a widget updating), the write's error was never retrieved and asyncio printed a
  ``WebSocketClosedError`` traceback into the server's log (trial 18). Now one line at info level per connection.

Like ``tutor/webguard.py``, this module imports nothing of the engine: the class hub's servers load it by file path.
"""
from __future__ import annotations

import asyncio
import logging
import uuid

#: The comm target a page's kernel listens on (``widgets.page_life``) to hear that its page left.
PAGE_LEFT_TARGET = "rules_tutor.page_left"
#: Most seconds the server waits for a kernel to say it took the message that its page left (the message stays with
#: a busy kernel, which takes it later; a kernel that ends first gives its page up as it ends).
TELL_TIMEOUT_S = 10.0

log = logging.getLogger("rules_tutor.pagegone")
_telling: set = set()  # the tasks telling a kernel now (kept here: asyncio keeps only weak references to tasks)


async def tell_page_left(kernel_manager, kernel_id: str = "?") -> bool:
    """Tell the kernel of ``kernel_manager`` (a Jupyter ``KernelManager``) that its page left: a ``comm_open`` of
    target :data:`PAGE_LEFT_TARGET` on a shell channel of the server's own, never a request the kernel answers on
    that channel (a page closing also shuts its kernel down: a reply then met the kernel's closed socket and printed
    a traceback). Returns whether the kernel said it had handled it (its "idle" status for that message, on IOPub)
    within :data:`TELL_TIMEOUT_S` seconds; never raises (a kernel ending meanwhile is no error: one debug line)."""
    client = None
    try:
        from jupyter_client.session import Session

        # a Session of its own (the kernel's key): one shared with the server's kernel manager would record this
        # client's messages in its history of seen signatures, and that manager's other clients then dropped the
        # kernel's next messages as seen already
        own = Session(key=kernel_manager.session.key, signature_scheme=kernel_manager.session.signature_scheme)
        client = kernel_manager.client(session=own)
        client.start_channels(shell=True, iopub=True, stdin=False, hb=False, control=False)
        await asyncio.sleep(0.2)  # IOPub subscribed before the kernel answers (ZeroMQ drops what a late subscriber
        #                           has not subscribed to yet)
        opening = own.msg("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": PAGE_LEFT_TARGET, "data": {}})
        client.shell_channel.send(opening)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TELL_TIMEOUT_S
        while True:
            said = await client.get_iopub_msg(timeout=max(0.01, deadline - loop.time()))
            if (said.get("msg_type") == "status" and said.get("content", {}).get("execution_state") == "idle"
                    and said.get("parent_header", {}).get("msg_id") == opening["header"]["msg_id"]):
                return True
    except Exception as exc:  # noqa: BLE001 - the kernel ended or is busy: its page's mark goes stale on its own
        log.debug("kernel %s was not told that its page left: %s", kernel_id, type(exc).__name__)
        return False
    finally:
        if client is not None:
            try:
                client.stop_channels()
            except Exception:  # noqa: BLE001 - closing sockets of an ended kernel
                pass


def tell_kernels_when_pages_leave(connection_class) -> None:
    """Make Jupyter Server's kernel websocket connection (``connection_class``, ``ZMQChannelsWebsocketConnection``,
    patched in place: `rules-tutor serve` and the hub's servers alike) tell its kernel when the kernel's last
    websocket closes (:func:`tell_page_left`, in the background). A websocket the server refused
    (``tutor/wsframes.py``) was never the kernel's page and tells nothing. Idempotent."""
    if getattr(connection_class, "_tutor_tells_page_left", False):
        return
    disconnect = connection_class.disconnect

    def disconnect_and_tell(self):
        result = disconnect(self)
        if getattr(self, "_tutor_refused", False):
            return result
        manager, kernel_id = self.multi_kernel_manager, self.kernel_id
        try:
            left = kernel_id in manager and manager._kernel_connections.get(kernel_id, 0) <= 0
            kernel = manager.get_kernel(kernel_id) if left else None
        except Exception:  # noqa: BLE001 - the kernel is gone already: nobody to tell
            kernel = None
        if kernel is not None:
            task = asyncio.ensure_future(tell_page_left(kernel, kernel_id))
            _telling.add(task)
            task.add_done_callback(_telling.discard)
        return result

    disconnect_and_tell.__doc__ = disconnect.__doc__
    connection_class.disconnect = disconnect_and_tell
    connection_class._tutor_tells_page_left = True


def _closed_error(exc: BaseException) -> bool:
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError
    return isinstance(exc, (WebSocketClosedError, StreamClosedError))


def quiet_closed_writes(connection_class) -> None:
    """Make Jupyter Server's kernel websocket connection (``connection_class``, patched in place) write to its page's
    websocket so that a write the closed page never takes is dropped with one info line per connection ("its page
    closed ..."), later ones at debug level: never a ``WebSocketClosedError`` traceback, whether the websocket is
    closed when the write starts (tornado raises) or while it is on its way (the future's error, which Jupyter
    Server never reads, is read here). Any other error is left as it is. Idempotent."""
    if getattr(connection_class, "_tutor_quiet_closed_writes", False):
        return

    def _dropped(self) -> None:
        level = logging.DEBUG if getattr(self, "_tutor_told_closed", False) else logging.INFO
        self._tutor_told_closed = True
        (getattr(self, "log", None) or log).log(  # the server's own log (Jupyter Server's lines beside it)
            level, "kernel %s: its page closed while messages were on their way to it; they are dropped",
            getattr(self, "kernel_id", "?"))

    def _read_error(self, future) -> None:
        if future.cancelled():
            return
        exc = future.exception()
        if exc is not None and _closed_error(exc):
            _dropped(self)
        elif exc is not None:
            (getattr(self, "log", None) or log).warning("kernel %s: a message to its page was not sent: %s",
                                                        getattr(self, "kernel_id", "?"), str(exc)[:200])

    def write_message(self):
        handler_write = self.websocket_handler.write_message

        def write(message, binary: bool = False):
            try:
                future = handler_write(message, binary=binary)
            except Exception as exc:
                if not _closed_error(exc):
                    raise
                _dropped(self)
                return None
            if isinstance(future, asyncio.Future):
                future.add_done_callback(lambda f: _read_error(self, f))
            return future

        return write

    write_message.__doc__ = "The websocket handler's write_message, quiet when the page has closed (tutor.pagegone)."
    connection_class.write_message = property(write_message)
    connection_class._tutor_quiet_closed_writes = True


def install(connection_class) -> None:
    """Both of this module's patches on ``connection_class`` (Jupyter Server's ``ZMQChannelsWebsocketConnection``):
    :func:`tell_kernels_when_pages_leave` and :func:`quiet_closed_writes`. Idempotent."""
    tell_kernels_when_pages_leave(connection_class)
    quiet_closed_writes(connection_class)
