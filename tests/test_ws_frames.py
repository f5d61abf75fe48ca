"""Issue 14 (A3): malformed frames on a page's kernel websocket are refused before Jupyter Server reads them
(``tutor/wsframes.py``): one short log line, no traceback, the websocket and the kernel unaffected. The running-server
attack is ``tests/test_serve_security.py::test_malformed_frames_get_one_line_and_no_traceback``."""
from __future__ import annotations

import json
import logging
import struct
import time
import uuid

import pytest
from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)

from tutor import wsframes

V1 = wsframes.V1_PROTOCOL


def message(msg_type="kernel_info_request", content=None):
    """A message as a page sends it (dict form)."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": uuid.uuid4().hex,
              "version": "5.3", "date": ""}
    return {"header": header, "parent_header": {}, "metadata": {}, "content": content if content is not None else {}}


def v1(parts: list[bytes], channel: bytes = b"shell", count: int | None = None, offsets: list[int] | None = None):
    """A v1 binary frame with these parts (header, parent header, metadata, content, buffers...)."""
    offs = [8 * (len(parts) + 3), 8 * (len(parts) + 3) + len(channel)]
    for part in parts:
        offs.append(offs[-1] + len(part))
    offs = offsets or offs
    n = len(offs) if count is None else count
    return n.to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offs) + channel + b"".join(parts)


def packed(msg) -> list[bytes]:
    return [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]


def test_the_pages_own_messages_pass_in_both_formats():
    for msg in (message(), message("comm_msg", {"comm_id": "abc", "data": {"method": "update", "state": {}}}),
                message("comm_open", {"comm_id": "abc", "target_name": "jupyter.widget", "data": {}}),
                message("comm_close", {"comm_id": "abc"}), message("comm_info_request", {})):
        frame = serialize_msg_to_ws_v1(msg, "shell", pack=lambda x: json.dumps(x).encode())
        assert wsframes.frame_refusal(frame, V1) is None
        channel, parts = deserialize_msg_from_ws_v1(frame)  # what Jupyter Server then reads
        assert channel == "shell" and json.loads(parts[0])["msg_type"] == msg["header"]["msg_type"]
        assert wsframes.frame_refusal(json.dumps({**msg, "channel": "shell"}), None) is None
        binary = serialize_binary_message({**msg, "channel": "shell", "buffers": [b"\x00\x01"]})
        assert wsframes.frame_refusal(binary, None) is None
        assert deserialize_binary_message(binary)["buffers"] == [b"\x00\x01"]


HEADER = json.dumps(message()["header"]).encode()
V1_ATTACKS = {
    "hello": "a text frame on the binary protocol",
    b"": "too short",
    (2**40).to_bytes(8, "little"): "declaring 1,000,000,000 offsets",  # Jupyter Server built a list this long
    (10**6).to_bytes(8, "little") + b"\0" * 64: "declaring 1,000,000 offsets",
    v1([HEADER, b"{}", b"{}", b"{}"], offsets=[56, 61, 9999, 10000, 10001, 10002]): "offsets do not match",
    v1([b"xx", b"{}", b"{}", b"{}"]): "its header is not JSON",
    v1([b"[1]", b"{}", b"{}", b"{}"]): "its header is a JSON list, not an object",
    v1([b"{}", b"{}", b"{}", b"{}"]): "its header has no message type",
    v1([HEADER, b"{}", b"{}", b"{}"], channel=b"\xff\xfe"): "its channel is not text",
    v1([HEADER, b"{}", b"{}", b"nope"]): "its content is not JSON",
    v1([HEADER, b"{}", b"{}", b"[" * 100_000]): "its content is not JSON",
    v1([json.dumps(message("comm_msg")["header"]).encode(), b"{}", b"{}", b"{}"]): "a comm_msg without a comm_id",
    v1([HEADER, b"{}"]): "declaring 4 offsets",
}
GOOD = message()
LEGACY_ATTACKS = {
    "hello": "its message is not JSON",
    "[1,2,3]": "its message is a JSON list, not an object",
    '"x"': "its message is a JSON str, not an object",
    "[" * 100_000 + "]" * 100_000: "its message is not JSON",
    json.dumps({"content": {}, "channel": "shell"}): "it has no header",
    json.dumps({**GOOD, "header": "x"}): "its header is a str, not an object",
    json.dumps({**GOOD, "header": {"msg_id": "1"}}): "its header has no message type",
    json.dumps({**GOOD, "channel": [1]}): "its channel is a list, not a name",
    json.dumps({**GOOD, "content": "x"}): "its content is a str, not an object",
    json.dumps({**message("comm_msg", {"data": {}})}): "a comm_msg without a comm_id",
    json.dumps({**message("comm_open", {"comm_id": "a"})}): "a comm_open without a target_name",
    json.dumps({**GOOD, "parent_header": [1]}): "its parent header is a list, not an object",
    json.dumps({**GOOD, "buffers": "abc"}): "a text message with buffers",
    b"": "too short",
    struct.pack("!I", 1000) + b"x" * 8: "declaring 1,000 parts",
    struct.pack("!I", 0xFFFFFFFF) + b"\0" * 16: "declaring -1 parts",
    struct.pack("!II", 1, 9999) + b"{}": "offsets do not match",
    struct.pack("!II", 1, 8) + b"[1,2]": "its message is a JSON list, not an object",
    struct.pack("!II", 1, 8) + b"\xff\xfe\xfd": "its message is not JSON",
}


@pytest.mark.parametrize("frame", list(V1_ATTACKS), ids=range(len(V1_ATTACKS)))
def test_malformed_v1_frames_are_named(frame):
    started = time.perf_counter()
    why = wsframes.frame_refusal(frame, V1)
    assert why is not None and V1_ATTACKS[frame] in why, why
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("frame", list(LEGACY_ATTACKS), ids=range(len(LEGACY_ATTACKS)))
def test_malformed_legacy_frames_are_named(frame):
    why = wsframes.frame_refusal(frame, None)
    assert why is not None and LEGACY_ATTACKS[frame] in why, why


def guarded_connection(kernel_id: str, logger: str, passed: list) -> type:
    """A stand-in for jupyter_server's kernel websocket connection (v1 protocol, kernel ``kernel_id``, logging to
    ``logger``), whose messages reaching the kernel are appended to ``passed``, with the frame guard installed."""

    class Connection:
        subprotocol, kernel_id, log = V1, None, logging.getLogger(logger)

        def handle_incoming_message(self, msg):
            passed.append(msg)

    Connection.kernel_id = kernel_id
    wsframes.refuse_malformed_frames(Connection)
    return Connection


def test_a_refused_frame_never_reaches_jupyter_server_and_a_flood_is_counted(caplog):
    passed = []
    Connection = guarded_connection("k1", "test.wsframes", passed)
    wsframes.refuse_malformed_frames(Connection)  # idempotent
    good = serialize_msg_to_ws_v1(message(), "shell", pack=lambda x: json.dumps(x).encode())
    wsframes._window.update(start=float("-inf"), logged=0, unlogged=0)
    with caplog.at_level(logging.WARNING, logger="test.wsframes"):
        for _ in range(wsframes.LOG_BUDGET + 5):
            assert Connection().handle_incoming_message(b"\x07" * 8) is None
        Connection().handle_incoming_message(good)
    assert passed == [good]
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == wsframes.LOG_BUDGET
    assert lines[0].startswith("Refused a malformed message from a page to kernel k1: a binary frame declaring")
    assert all(len(line) < 200 and "Traceback" not in line for line in lines)


def test_a_kernel_takes_a_few_websockets_and_a_server_a_few_per_kernel():
    """Fresh attack (session 14): 300 websockets to one page's kernel ran the server out of file descriptors (47
    tracebacks "Too many open files"; other pages' connections would fail). One more than MAX_PER_KERNEL to a kernel,
    or than MAX_PER_SERVER_KERNEL x max_kernels on the server, is refused, naming why."""
    from types import SimpleNamespace
    km = SimpleNamespace(_kernel_connections={"a": wsframes.MAX_PER_KERNEL - 1, "b": 0}, max_kernels=3)
    assert wsframes.connection_refusal(km, "a") is None
    km._kernel_connections["a"] += 1
    assert wsframes.connection_refusal(km, "a") == "4 connections to this kernel are open already"
    assert wsframes.connection_refusal(km, "b") is None
    km._kernel_connections.update(b=3, c=3)
    assert wsframes.connection_refusal(km, "d") == "6 kernel connections are open on this server already"
    assert wsframes.connection_refusal(SimpleNamespace(_kernel_connections={"x": 50}), "y") is None  # no cap known


def test_a_replayed_message_is_refused_with_one_short_line(caplog):
    """Session 14's notes (L6): a page's message sent again as it was (a replaying script) reached the kernel, whose
    session refuses a signature it has seen: "Invalid message ... ValueError: Duplicate Signature" with a traceback
    in the server's log. It is now dropped before the kernel with one short line; a new message still passes, in
    both wire formats, and the same message to another kernel is no replay."""
    passed = []
    Connection = guarded_connection("k-replay", "test.wsframes.replay", passed)
    msg = message("comm_msg", {"comm_id": "abc", "data": {"method": "update", "state": {}}})
    frame = serialize_msg_to_ws_v1(msg, "shell", pack=lambda x: json.dumps(x).encode())
    assert wsframes.frame_msg_id(frame, V1) == msg["header"]["msg_id"]
    assert wsframes.frame_msg_id(json.dumps({**msg, "channel": "shell"}), None) == msg["header"]["msg_id"]
    wsframes._window.update(start=float("-inf"), logged=0, unlogged=0)
    with caplog.at_level(logging.WARNING, logger="test.wsframes.replay"):
        Connection().handle_incoming_message(frame)
        Connection().handle_incoming_message(frame)  # the replay, on another connection too
        other = serialize_msg_to_ws_v1(message(), "shell", pack=lambda x: json.dumps(x).encode())
        Connection().handle_incoming_message(other)
    assert passed == [frame, other]
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["Refused a malformed message from a page to kernel k-replay: a message it had already sent "
                     "(the same message id): a replay"]
    assert not wsframes.replayed("k-other", msg["header"]["msg_id"])
