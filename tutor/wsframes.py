"""What a page's kernel websocket accepts: well-formed Jupyter messages only, each checked before Jupyter Server reads it.

A page talks to its kernel over ``/api/kernels/<id>/channels``; a script in the page (or any program on the machine
that can reach the server) can send that websocket any frame. Jupyter Server parses each frame with no checks: text
that is not JSON, JSON that is not a message, a binary frame whose part count or offsets are wrong, a message without
a header or with a channel that is a list each raised an exception in the server (a traceback in the server's log
for every frame, and the websocket dropped); a binary frame declaring 2**40 parts would have the server build a list
that large before failing; a ``comm_msg`` with no ``comm_id`` or content that is not an object reached the kernel and
left a traceback in the log there.

:func:`frame_refusal` says why a frame is not a message a page may send, in a few words; :func:`refuse_malformed_frames`
puts it in front of Jupyter Server's ``handle_incoming_message``: a refused frame is dropped with one short line in the
server's log (:data:`LOG_BUDGET` a window at most: a flood is counted, not logged line by line), the websocket stays
open, and the kernel and every other page never see it. Both wire formats are checked: the ``v1.kernel.websocket.
jupyter.org`` binary protocol the pages use, and the older JSON text (or binary with 32-bit offsets) one.

Like ``tutor/webguard.py``, this module imports nothing of the engine: the class hub's servers load it by file path.
"""
from __future__ import annotations

import json
import logging
import struct
import time

#: The binary protocol Jupyter Server and the pages' JavaScript speak (its name as a websocket subprotocol).
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: Most parts of one message after its four JSON parts (binary buffers): a page's widgets send none or a few.
MAX_BUFFERS = 16
#: Messages whose content names a comm: what each must hold (key -> type) for the kernel's comm manager to read it.
COMM_CONTENT = {
    "comm_open": {"comm_id": str, "target_name": str},
    "comm_msg": {"comm_id": str},
    "comm_close": {"comm_id": str},
}
#: Most refusal lines logged in :data:`LOG_WINDOW_S` seconds (by one server); the others are counted in one line.
LOG_BUDGET = 20
#: Seconds of one logging window (see :data:`LOG_BUDGET`).
LOG_WINDOW_S = 10.0
#: Most characters of a refusal's reason in the log.
REASON_CHARS = 120


def _json_object(raw, what: str) -> tuple[dict | None, str | None]:
    """``raw`` (bytes or str) parsed as a JSON object, or (None, why not)."""
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError, TypeError):
        return None, f"its {what} is not JSON"
    if not isinstance(value, dict):
        return None, f"its {what} is a JSON {type(value).__name__}, not an object"
    return value, None


def message_refusal(header, parent, metadata, content) -> str | None:
    """Why a message with these parts (decoded JSON values) is not one a page may send, or None: each part an object,
    the header with a text ``msg_type`` and ``msg_id``, and a comm message's content naming its comm (and, for
    ``comm_open``, its target) with ``data``, when present, an object."""
    for what, part in (("header", header), ("parent header", parent), ("metadata", metadata), ("content", content)):
        if not isinstance(part, dict):
            return f"its {what} is a {type(part).__name__}, not an object"
    msg_type = header.get("msg_type")
    if not isinstance(msg_type, str) or not msg_type:
        return "its header has no message type"
    if not isinstance(header.get("msg_id"), str):
        return "its header has no message id"
    for key, kind in COMM_CONTENT.get(msg_type, {}).items():
        if not isinstance(content.get(key), kind):
            return f"a {msg_type} without a {key}"
    if msg_type in COMM_CONTENT and "data" in content and not isinstance(content["data"], (dict, type(None))):
        return f"a {msg_type} whose data is not an object"
    return None


def _v1_refusal(frame) -> str | None:
    if not isinstance(frame, bytes):
        return "a text frame on the binary protocol"
    if len(frame) < 8:
        return "a binary frame too short to be a message"
    count = int.from_bytes(frame[:8], "little")
    if not 6 <= count <= 6 + MAX_BUFFERS:  # channel start, 4 JSON parts, buffers, end
        return f"a binary frame declaring {min(count, 10**9):,} offsets"
    if len(frame) < 8 * (count + 1):
        return "a binary frame shorter than its offsets"
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] != 8 * (count + 1) or offsets[-1] != len(frame) or offsets != sorted(offsets):
        return "a binary frame whose offsets do not match its length"
    try:
        channel = frame[offsets[0]:offsets[1]].decode("utf-8")
    except UnicodeDecodeError:
        return "its channel is not text"
    if len(channel) > 20:
        return "its channel is not a channel name"
    parts = []
    for i, what in enumerate(("header", "parent header", "metadata", "content")):
        part, why = _json_object(frame[offsets[i + 1]:offsets[i + 2]], what)
        if why:
            return why
        parts.append(part)
    return message_refusal(*parts)


def _legacy_refusal(frame) -> str | None:
    if isinstance(frame, bytes):
        if len(frame) < 8:
            return "a binary frame too short to be a message"
        count = struct.unpack("!i", frame[:4])[0]
        if not 1 <= count <= 1 + MAX_BUFFERS:
            return f"a binary frame declaring {count:,} parts"
        if len(frame) < 4 * (count + 1):
            return "a binary frame shorter than its offsets"
        offsets = list(struct.unpack("!" + "I" * count, frame[4:4 * (count + 1)]))
        if offsets[0] < 4 * (count + 1) or offsets != sorted(offsets) or offsets[-1] > len(frame):
            return "a binary frame whose offsets do not match its length"
        msg, why = _json_object(frame[offsets[0]:offsets[1] if count > 1 else None], "message")
        if why:
            return why
        buffers_ok = True
    else:
        msg, why = _json_object(frame, "message")
        if why:
            return why
        buffers_ok = msg.get("buffers") in (None, [])  # JSON text carries no binary buffers
    if not buffers_ok:
        return "a text message with buffers"
    channel = msg.get("channel")
    if channel is not None and not isinstance(channel, str):
        return f"its channel is a {type(channel).__name__}, not a name"
    missing = [k for k in ("header", "parent_header", "metadata", "content") if k not in msg]
    if missing:
        return f"it has no {missing[0].replace('_', ' ')}"
    return message_refusal(msg["header"], msg["parent_header"], msg["metadata"], msg["content"])


def frame_refusal(frame, subprotocol: str | None) -> str | None:
    """Why ``frame`` (what a page sent its kernel websocket: ``bytes`` for a binary frame, ``str`` for text) is not a
    message a page may send under ``subprotocol`` (:data:`V1_PROTOCOL` or None for the older JSON format), in a few
    words, or None when Jupyter Server can read it. Never raises; reads at most the frame once (bounded: at most
    ``6 + MAX_BUFFERS`` offsets, whatever the frame declares)."""
    try:
        return _v1_refusal(frame) if subprotocol == V1_PROTOCOL else _legacy_refusal(frame)
    except Exception as exc:  # noqa: BLE001 - a frame this check cannot read is not passed on
        return f"an unreadable frame ({type(exc).__name__})"


_window = {"start": float("-inf"), "logged": 0, "unlogged": 0}


def budget_warn(log: logging.Logger, window: dict, budget: int, window_s: float, over: str, template: str,
                *args: object) -> bool:
    """A log line budget for refusals a page can cause at will (malformed frames here, forged widget messages in
    :mod:`widgets.comm_guard`): log ``template % args`` as a warning unless ``budget`` lines were logged in the
    current window of ``window_s`` seconds. ``window``: the caller's counters ``{"start", "logged", "unlogged"}`` (changed here);
    ``over``: the line that says how many were not logged, with ``%d`` (the count) and ``%.0f`` (the seconds).
    Returns whether this line was logged."""
    now = time.monotonic()
    if now - window["start"] >= window_s:
        if window["unlogged"]:
            log.warning(over, window["unlogged"], window_s)
        window.update(start=now, logged=0, unlogged=0)
    if window["logged"] >= budget:
        window["unlogged"] += 1
        return False
    window["logged"] += 1
    log.warning(template, *args)
    return True



def _log_refusal(log, kernel_id: str, why: str) -> None:
    budget_warn(log, _window, LOG_BUDGET, LOG_WINDOW_S,
                "%d more malformed messages from pages were refused in %.0f s (not logged one by one)",
                "Refused a malformed message from a page to kernel %s: %s", kernel_id, why[:REASON_CHARS])


#: Message ids remembered per kernel to tell a replayed message (:func:`replayed`), and most kernels remembered.
SEEN_IDS, SEEN_KERNELS = 4096, 256
_seen: dict[str, dict[str, None]] = {}


def frame_msg_id(frame, subprotocol: str | None) -> str | None:
    """The ``msg_id`` of a frame :func:`frame_refusal` accepted (its header's), or None when it cannot be read."""
    try:
        if subprotocol == V1_PROTOCOL:
            start, end = (int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in (1, 2))
            header = json.loads(frame[start:end])
        else:
            msg = json.loads(frame) if isinstance(frame, str) else None
            header = msg.get("header") if isinstance(msg, dict) else None
        msg_id = header.get("msg_id") if isinstance(header, dict) else None
        return msg_id if isinstance(msg_id, str) else None
    except (ValueError, RecursionError, TypeError, IndexError):
        return None


def replayed(kernel_id: str, msg_id: str | None) -> bool:
    """Whether a message with ``msg_id`` was already sent to ``kernel_id`` (among its last :data:`SEEN_IDS`); notes
    it otherwise. The kernel refuses a message sent twice (its signature is the same: "Duplicate Signature", with a
    traceback in the server's log); a page never sends one twice, a replaying script does."""
    if msg_id is None:
        return False
    ids = _seen.get(kernel_id)
    if ids is None:
        if len(_seen) >= SEEN_KERNELS:
            _seen.pop(next(iter(_seen)))
        ids = _seen[kernel_id] = {}
    if msg_id in ids:
        return True
    ids[msg_id] = None
    if len(ids) > SEEN_IDS:
        ids.pop(next(iter(ids)))
    return False


def refuse_malformed_frames(connection_class) -> None:
    """Make Jupyter Server's kernel websocket connection (``connection_class``, ``ZMQChannelsWebsocketConnection``,
    patched in place: `rules-tutor serve` and the hub's servers alike) drop every frame :func:`frame_refusal`
    refuses, and every replayed message (:func:`replayed`), with one short log line, before its
    ``handle_incoming_message`` reads it. Idempotent."""
    if getattr(connection_class, "_tutor_refuses_malformed_frames", False):
        return
    original = connection_class.handle_incoming_message

    def handle_incoming_message(self, incoming_msg) -> None:
        protocol = getattr(self, "subprotocol", None)
        why = frame_refusal(incoming_msg, protocol)
        if why is None and replayed(getattr(self, "kernel_id", "?"), frame_msg_id(incoming_msg, protocol)):
            why = "a message it had already sent (the same message id): a replay"
        if why is not None:
            _log_refusal(self.log, getattr(self, "kernel_id", "?"), why)
            return None
        return original(self, incoming_msg)

    handle_incoming_message.__doc__ = original.__doc__
    connection_class.handle_incoming_message = handle_incoming_message
    connection_class._tutor_refuses_malformed_frames = True


#: Most websockets open at once to one page's kernel: a page uses one (its widgets; a reconnect closes the old one
#: first). 300 to one kernel ran the server out of file descriptors ("Too many open files": every other page's
#: connection and kernel start failed, with a traceback each).
MAX_PER_KERNEL = 4
#: Most kernel websockets open at once on one server, per kernel it may run (``max_kernels`` of its manager).
MAX_PER_SERVER_KERNEL = 2


def connection_refusal(manager, kernel_id: str) -> str | None:
    """Why one more websocket to ``kernel_id`` must not open on the server whose kernel manager is ``manager``, or
    None: :data:`MAX_PER_KERNEL` to that kernel, or :data:`MAX_PER_SERVER_KERNEL` per ``max_kernels`` (when the
    manager has one) in all."""
    counts = getattr(manager, "_kernel_connections", {}) or {}
    if counts.get(kernel_id, 0) >= MAX_PER_KERNEL:
        return f"{MAX_PER_KERNEL} connections to this kernel are open already"
    cap = getattr(manager, "max_kernels", None)
    if isinstance(cap, int) and sum(counts.values()) >= MAX_PER_SERVER_KERNEL * cap:
        return f"{MAX_PER_SERVER_KERNEL * cap} kernel connections are open on this server already"
    return None


def limit_connections(connection_class) -> None:
    """Make Jupyter Server's kernel websocket connection (``connection_class``, patched in place) refuse a websocket
    :func:`connection_refusal` refuses: closed at once (code 1008, "too many connections") with one log line, before
    it opens any socket to the kernel, and never counted as a page of that kernel. Idempotent."""
    if getattr(connection_class, "_tutor_limits_connections", False):
        return
    connect, disconnect = connection_class.connect, connection_class.disconnect

    def limited_connect(self):
        why = connection_refusal(self.multi_kernel_manager, self.kernel_id)
        if why is None:
            return connect(self)
        self._tutor_refused = True
        _log_refusal(self.log, getattr(self, "kernel_id", "?"), f"a websocket refused: {why}")
        import asyncio
        done = asyncio.get_event_loop().create_future()
        done.set_result(None)
        try:
            self.websocket_handler.close(1008, "too many connections")
        except Exception:  # noqa: BLE001 - already closing
            pass
        return done

    def limited_disconnect(self):
        if getattr(self, "_tutor_refused", False):  # never counted, nothing opened
            return None
        return disconnect(self)

    limited_connect.__doc__, limited_disconnect.__doc__ = connect.__doc__, disconnect.__doc__
    connection_class.connect, connection_class.disconnect = limited_connect, limited_disconnect
    connection_class._tutor_limits_connections = True
