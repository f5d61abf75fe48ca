"""Trial 18: what the server does when a page's kernel websocket closes (``tutor/pagegone.py``).

* The kernel is told its page left (a comm of target ``rules_tutor.page_left``, opened by the server's own client),
  and the page's listeners (``widgets.page_life``: the learn page gives up its tab mark) are called, with nothing sent
  back to a page. Here with a real kernel. Only the last websocket of a kernel tells it; a refused one never does.
* A write to a page that closed meanwhile is dropped with one info line: never the ``Task exception was never
  retrieved ... WebSocketClosedError`` traceback the trial's server log showed.
The browser side is ``tests/browser/test_learn_tabs.py``."""
from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
from pathlib import Path

import pytest
from tornado.websocket import WebSocketClosedError

from tutor import pagegone

REPO = Path(__file__).resolve().parents[1]

KERNEL_SETUP = """
import widgets.page_life as page_life
page_life.install()
left = []
class Page:
    def gone(self):
        left.append("gone")
page = Page()
page_life.when_page_leaves(page.gone)
"""


async def _run(client, code: str) -> tuple[str, list[str]]:
    """Run ``code`` in the kernel of ``client``; its printed text and the iopub message types seen meanwhile."""
    msg_id = client.execute(code)
    out, types = [], []
    while True:
        msg = await client.get_iopub_msg(timeout=60)
        types.append(msg["msg_type"])
        if msg["msg_type"] == "stream":
            out.append(msg["content"]["text"])
        if msg["msg_type"] == "error":
            raise AssertionError("\n".join(msg["content"]["traceback"]))
        if (msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle"
                and msg["parent_header"].get("msg_id") == msg_id):
            return "".join(out), types


@pytest.mark.slow
def test_a_kernel_told_its_page_left_calls_the_pages_listeners_and_sends_nothing_back():
    from jupyter_client.manager import AsyncKernelManager

    async def scenario():
        km = AsyncKernelManager(kernel_name="python3")
        env = dict(os.environ, PYTHONPATH=str(REPO))
        await km.start_kernel(env=env, extra_arguments=["--IPKernelApp.capture_fd_output=False"])
        client = km.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=60)
            await _run(client, KERNEL_SETUP)
            told = await pagegone.tell_page_left(km, "test")  # (the kernel's other clients hear it on: trial-18 fix)
            out, types = await _run(client, "from ipywidgets import comm as c\n"
                                            "print(left, len([k for k, v in c.get_comm_manager().comms.items() "
                                            "if v.target_name == 'rules_tutor.page_left']))")
            again = await pagegone.tell_page_left(km, "test")  # a page that came back and left again
            out2, types2 = await _run(client, "print(left)")
            return told, out, types, again, out2, types2
        finally:
            client.stop_channels()
            await km.shutdown_kernel(now=True)

    told, out, types, again, out2, types2 = asyncio.run(scenario())
    assert told is True and again is True
    assert out.strip() == "['gone'] 0"  # called once; the comm is not kept in the kernel
    assert out2.strip() == "['gone', 'gone']"
    assert "comm_close" not in types + types2 and "comm_open" not in types + types2  # nothing for a page


def test_telling_a_kernel_that_is_gone_is_quiet_and_false(caplog):
    from jupyter_client.session import Session

    class Ended:
        session = Session(key=b"k")

        def client(self, **kwargs):
            raise RuntimeError("the kernel has ended")

    with caplog.at_level(logging.DEBUG, logger="rules_tutor.pagegone"):
        assert asyncio.run(pagegone.tell_page_left(Ended(), "k1")) is False
    assert [r.levelno for r in caplog.records] == [logging.DEBUG]
    assert "kernel k1 was not told that its page left: RuntimeError" in caplog.text


class _Manager:
    """What the patched ``disconnect`` reads of Jupyter Server's kernel manager."""

    def __init__(self):
        self._kernel_connections = {"k1": 2}
        self.kernels = {"k1": object()}

    def __contains__(self, kernel_id):
        return kernel_id in self.kernels

    def get_kernel(self, kernel_id):
        return self.kernels[kernel_id]


def _connection_class():
    class Connection:
        def __init__(self, manager, refused=False):
            self.multi_kernel_manager, self.kernel_id = manager, "k1"
            if refused:
                self._tutor_refused = True

        def disconnect(self):
            if not getattr(self, "_tutor_refused", False):
                self.multi_kernel_manager._kernel_connections["k1"] -= 1
            return "disconnected"

    return Connection


def test_only_the_last_websocket_of_a_kernel_tells_it_and_a_refused_one_never(monkeypatch):
    told = []

    async def tell(kernel, kernel_id):
        told.append((kernel, kernel_id))
        return True

    monkeypatch.setattr(pagegone, "tell_page_left", tell)
    Connection = _connection_class()
    pagegone.tell_kernels_when_pages_leave(Connection)
    pagegone.tell_kernels_when_pages_leave(Connection)  # idempotent: one wrapper

    async def scenario():
        manager = _Manager()
        assert Connection(manager).disconnect() == "disconnected"  # another websocket is still open
        await asyncio.sleep(0)
        assert told == []
        manager._kernel_connections["k1"] = 0  # a refused websocket of a kernel with no page: tells nothing
        Connection(manager, refused=True).disconnect()
        await asyncio.sleep(0)
        assert told == []
        manager._kernel_connections["k1"] = 1
        Connection(manager).disconnect()  # the last one
        for _ in range(3):
            await asyncio.sleep(0)
        assert told == [(manager.kernels["k1"], "k1")]
        manager.kernels.clear()  # a kernel shut down before its websocket closed: nobody to tell
        manager._kernel_connections["k1"] = 1
        Connection(manager).disconnect()
        await asyncio.sleep(0)
        assert len(told) == 1

    asyncio.run(scenario())


class _Handler:
    """A websocket handler whose writes fail as tornado's do when the page has closed."""

    def __init__(self, how: str):
        self.how = how

    def write_message(self, message, binary=False):
        if self.how == "closed-before":
            raise WebSocketClosedError()
        if self.how == "other":
            raise ValueError("not a closed page")

        async def wrapper():  # tornado's: the frame's write fails once the stream is closed
            await asyncio.sleep(0)
            raise WebSocketClosedError()
        return asyncio.ensure_future(wrapper())


def _writes(connection_class, hows: list[str]) -> list:
    """Write once through a connection of ``connection_class`` per handler in ``hows`` (dropping each future
    unread, as Jupyter Server does); the contexts asyncio's exception handler was called with."""
    seen = []

    async def scenario():
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: seen.append(context))
        conn = connection_class()
        conn.kernel_id, conn.log = "k9", logging.getLogger("test.server")  # (the server app's log)
        for how in hows:
            conn.websocket_handler = _Handler(how)
            conn.write_message("a message", binary=False)
        for _ in range(5):
            await asyncio.sleep(0)
        gc.collect()
        await asyncio.sleep(0)

    asyncio.run(scenario())
    gc.collect()
    return seen


def test_writes_to_a_closed_page_are_dropped_with_one_line_not_a_traceback(caplog):
    class Before:  # Jupyter Server's connection as it is: its write_message is the handler's
        @property
        def write_message(self):
            return self.websocket_handler.write_message

    seen = _writes(Before, ["closed-after"])  # what the trial's server log showed
    assert any(isinstance(c.get("exception"), WebSocketClosedError) for c in seen), seen

    class After(Before):
        pass

    pagegone.quiet_closed_writes(After)
    with caplog.at_level(logging.DEBUG, logger="test.server"):
        seen = _writes(After, ["closed-after", "closed-before", "closed-after"])
    assert seen == []
    lines = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "test.server"]
    said = "kernel k9: its page closed while messages were on their way to it; they are dropped"
    assert lines == [(logging.INFO, said), (logging.DEBUG, said), (logging.DEBUG, said)]
    assert "Traceback" not in caplog.text
    with pytest.raises(ValueError, match="not a closed page"):  # any other error is left as it is
        conn = After()
        conn.websocket_handler = _Handler("other")
        conn.write_message("x")


def test_the_server_and_the_hub_install_both(monkeypatch):
    """`rules-tutor serve` patches Jupyter Server's kernel websocket connection; the hub's config does too."""
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    from tutor import serve
    serve._make_app_class()
    assert ZMQChannelsWebsocketConnection._tutor_tells_page_left is True
    assert ZMQChannelsWebsocketConnection._tutor_quiet_closed_writes is True
    hub = (REPO / "deploy" / "singleuser_config.py").read_text()
    assert '_tutor_module("pagegone").install(ZMQChannelsWebsocketConnection)' in hub
    assert sys.modules["tutor.pagegone"] is pagegone
