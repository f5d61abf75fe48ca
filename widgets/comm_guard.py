"""What a page's widgets accept from the browser: the changes a learner can make with the page, nothing else.

A page's kernel takes the widgets' comm messages from the browser (``tutor/webguard.py`` lets only those through), and
a script in the page (or a hand-made websocket) can send any of them: a click on a Button that is disabled or hidden,
an ``index`` outside a Dropdown's options, 1 MB of text in a Text, a number outside a bounded box's range, a change
of a widget's ``description``, ``disabled`` or ``options``, which only the kernel sets. ipywidgets applies each
update as it comes (or raises a traceback from its trait checks). :func:`install` puts :func:`refusal` in front of
every widget's message handler (``ipywidgets.Widget._handle_msg``), once per kernel:

* an ``update`` may set only what the page's controls change (:data:`FRONT_END_KEYS`: ``value``, ``index``,
  ``selected_index``, and ``_view_count``, which the front end counts), within bounds (:func:`text_limit`
  characters of text; a bounded number within its ``min``..``max``; an index within the options), and not while the
  widget is disabled or hidden; widgets of other libraries (the ability graph's ipycytoscape) keep their own keys,
  with the same size bound;
* a click (``custom`` ``{"event": "click"}``) reaches a Button only while it is enabled and shown;
* anything a handler raises on a page's message is kept from the page: one bounded line in the kernel's log (which
  the server keeps, never the browser), and the widget's true state is sent back so the page shows it again.

* a ``comm_open`` from the page to the ``jupyter.widget`` target (the browser making a widget) is closed at once
  (:func:`refuse_widget_from_page`): a page's widgets are all made by its notebook, and each opened widget would
  keep whatever state the page sent;
* no string may hold a lone surrogate (echoed back, it would make the server drop the page's connection).

A refused message changes nothing: no trait, no session. Messages for a comm id the kernel does not know (another
page's widgets, closed widgets) never reach a widget: the kernel's comm manager drops them.
"""
from __future__ import annotations

import logging
import re
import sys
import time
import traceback

import ipywidgets as w
from tutor.wsframes import budget_warn

#: The logger of refusals: not under ``widgets`` or ``tutor``, whose warnings the page's error panel shows. In a
#: page's kernel its lines go to the kernel's stderr, which `rules-tutor serve` keeps in the server's log.
log = logging.getLogger("rules_tutor.comm_guard")

#: State keys the browser may update (what a learner's input changes); everything else is the kernel's to set.
FRONT_END_KEYS = frozenset({"value", "index", "selected_index", "_view_count"})
#: Keys a hidden or disabled widget may still update (the front end counts its views).
ALWAYS_KEYS = frozenset({"_view_count"})
#: Most characters of a Text (and Combobox, Password) value, unless the widget sets ``tutor_max_chars``.
TEXT_MAX_CHARS = 1000
#: Most characters of a Textarea value, unless the widget sets ``tutor_max_chars``.
TEXTAREA_MAX_CHARS = 20_000
#: Most characters of any string in an update of a widget of another library.
OTHER_MAX_CHARS = 20_000
#: Most characters of a value quoted in a refusal's log line.
QUOTED_CHARS = 60
#: Most refusal lines a kernel logs one by one in :data:`LOG_WINDOW_S` seconds: a script in the page flooding forged
#: messages must not grow the server's log without bound. The rest are counted and said in one line.
LOG_BUDGET = 30
#: Seconds of one logging window (see :data:`LOG_BUDGET`).
LOG_WINDOW_S = 10.0
#: Least seconds between two re-sends of one widget's state after a refused message (the page's view put back as
#: the kernel has it): a flood of forged messages to one widget costs one re-send a second, not one each.
RESYNC_EVERY_S = 1.0
#: ipywidgets that only show a value (the browser never changes it: its HTML, text or bar is the kernel's).
DISPLAY_ONLY = (w.HTML, w.HTMLMath, w.Label, w.Valid, w.IntProgress, w.FloatProgress, w.Image)
#: Module prefixes of ipywidgets' own models (``_model_module``), whose keys :data:`FRONT_END_KEYS` lists.
CORE_MODULES = ("@jupyter-widgets/controls", "@jupyter-widgets/base", "@jupyter-widgets/output")


def _quote(value) -> str:
    text = repr(value)
    return text if len(text) <= QUOTED_CHARS else text[:QUOTED_CHARS] + f"… ({len(text):,} characters)"


def text_limit(widget: w.Widget) -> int:
    """Most characters of a string ``widget`` accepts from the browser: its ``tutor_max_chars`` attribute if set, else
    :data:`TEXTAREA_MAX_CHARS` for a Textarea, :data:`TEXT_MAX_CHARS` for other ipywidgets, :data:`OTHER_MAX_CHARS`
    for other libraries' widgets."""
    own = getattr(widget, "tutor_max_chars", None)
    if isinstance(own, int) and own > 0:
        return own
    if isinstance(widget, w.Textarea):
        return TEXTAREA_MAX_CHARS
    return TEXT_MAX_CHARS if _core(widget) else OTHER_MAX_CHARS


def _core(widget: w.Widget) -> bool:
    return str(getattr(widget, "_model_module", "")).startswith(CORE_MODULES)


def _shown(widget: w.Widget) -> bool:
    layout = getattr(widget, "layout", None)
    return not (isinstance(layout, w.Layout) and (layout.display == "none" or layout.visibility == "hidden"))


def _enabled(widget: w.Widget) -> bool:
    return not (widget.has_trait("disabled") and widget.disabled)


def _strings(value, depth: int = 0):
    """Every string in ``value`` (nested lists and dicts, at most 20 deep)."""
    if isinstance(value, str):
        yield value
    elif depth < 20 and isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item, depth + 1)
    elif depth < 20 and isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key, depth + 1)
            yield from _strings(item, depth + 1)


def _utf8(text: str) -> bool:
    """Whether ``text`` can be sent as UTF-8 (no lone surrogate such as ``"\\udfff"``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def refuse_widget_from_page(comm, msg) -> None:
    """The ``jupyter.widget`` comm target of a page's kernel: every widget of a page is made by the notebook's code,
    never by the browser, so a ``comm_open`` from the page (a script making widgets that hold megabytes each, to
    grow the kernel without bound) is closed at once, one short log line, and nothing is kept."""
    data = msg.get("content", {}).get("data", {}) if isinstance(msg, dict) else {}
    state = data.get("state", {}) if isinstance(data, dict) else {}
    model = state.get("_model_name") if isinstance(state, dict) else None
    _log_refusal("Refused a widget the page tried to make (%s): a page's widgets are made by its notebook",
                 _quote(model))
    try:
        comm.close()
    except Exception:  # noqa: BLE001 - the comm is dropped either way
        pass


def _guard_comm_opens() -> bool:
    """Register :func:`refuse_widget_from_page` as this kernel's ``jupyter.widget`` comm target (over the one
    ipywidgets registers at import); False outside a kernel."""
    try:
        from ipywidgets import comm as widget_comm
        manager = widget_comm.get_comm_manager()
    except Exception:  # noqa: BLE001 - not in a kernel: no page can open comms
        return False
    if manager is None:
        return False
    manager.register_target("jupyter.widget", refuse_widget_from_page)
    return True


def _number_refusal(widget: w.Widget, value) -> str | None:
    if not (widget.has_trait("min") and widget.has_trait("max")):
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"value {_quote(value)} is not a number"
    if isinstance(value, float) and value != value:
        return "value is not a number (NaN)"
    low, high = widget.min, widget.max
    if (low is not None and value < low) or (high is not None and value > high):
        return f"value {_quote(value)} is outside {low}..{high}"
    return None


def _bool_refusal(widget: w.Widget, value) -> str | None:
    """A Checkbox's or ToggleButton's ``value`` is true or false, nothing else (ipywidgets would print a traceback
    into the server's log for each forged one)."""
    if isinstance(widget, (w.Checkbox, w.ToggleButton, w.Valid)) and not isinstance(value, bool):
        return f"value {_quote(value)} is not true or false"
    return None


def _index_refusal(widget: w.Widget, value) -> str | None:
    options = getattr(widget, "_options_labels", None)
    if options is None:
        return None
    multiple = isinstance(widget, w.SelectMultiple)
    if isinstance(value, (list, tuple)) != multiple:
        return f"index {_quote(value)} is not {'a list of indexes' if multiple else 'one index'}"
    if value is None and not options:
        return None
    for index in (value if multiple else [value]):
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(options):
            return f"index {_quote(value)} is not one of its {len(options)} options"
    return None


def update_refusal(widget: w.Widget, state) -> str | None:
    """Why an ``update`` of ``widget`` to ``state`` (a dict of state keys, as the browser sends it) must not be
    applied, in a few words naming the key, or None when it may be."""
    if not isinstance(state, dict):
        return f"its state is a {type(state).__name__}, not a mapping"
    core = _core(widget)
    limit = text_limit(widget)
    for key, value in state.items():
        if not isinstance(key, str):
            return f"key {_quote(key)} is not a name"
        if key in ALWAYS_KEYS:
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10**6):
                return f"{key} {_quote(value)} is not a count"
            continue
        if core and (key not in FRONT_END_KEYS or isinstance(widget, DISPLAY_ONLY)):
            return f"{key!r} is set by the page's kernel, not by the browser"
        if not _enabled(widget):
            return f"{key!r} of a disabled widget"
        if not _shown(widget):
            return f"{key!r} of a hidden widget"
        for text in _strings(value):
            if len(text) > limit:
                return TOO_LONG.format(key=key, n=len(text), limit=limit)
            if not _utf8(text):  # echoed back, a lone surrogate would make the server drop the page's connection
                return f"{key!r} holds a character that is not text (a lone surrogate)"
        if core and key == "value":
            why = _number_refusal(widget, value) or _bool_refusal(widget, value)
            if why:
                return why
        if core and key == "index":
            why = _index_refusal(widget, value)
            if why:
                return why
        if core and key == "selected_index":
            children = getattr(widget, "children", ())
            if value is None and isinstance(widget, w.Accordion):
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(children):
                return f"selected_index {_quote(value)} is not one of its {len(children)} tabs"
    return None


def message_refusal(widget: w.Widget, msg) -> str | None:
    """Why ``msg`` (a comm message from the browser to ``widget``) must not reach the widget's handler, or None."""
    if getattr(widget, "comm", None) is None:
        return "the widget is closed"
    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    if not isinstance(data, dict):
        return "the message has no data"
    method = data.get("method")
    if method == "update":
        if "buffer_paths" in data and data["buffer_paths"] and _core(widget):
            return "ipywidgets' controls take no binary buffers from the browser"
        return update_refusal(widget, data.get("state", {}))
    if method == "custom":
        event = data.get("content")
        if isinstance(widget, w.Button) and isinstance(event, dict) and event.get("event") == "click":
            if not _enabled(widget):
                return "a click on a disabled button"
            if not _shown(widget):
                return "a click on a hidden button"
        if sum(len(t) for t in _strings(event)) > OTHER_MAX_CHARS:
            return "a custom message over the size bound"
        return None
    if method == "request_state":
        return None
    return f"method {_quote(method)} is not one the browser sends"


def _describe(widget: w.Widget) -> str:
    description = getattr(widget, "description", "") or getattr(widget, "tooltip", "") or ""
    name = type(widget).__name__
    return f"{name} {_quote(description)}" if description else name


def refusal(widget: w.Widget, msg) -> str | None:
    """:func:`message_refusal`, never raising (a message it cannot read is refused)."""
    try:
        return message_refusal(widget, msg)
    except Exception as exc:  # noqa: BLE001 - a message this check cannot read is not applied
        return f"unreadable message ({type(exc).__name__})"


_window = {"start": float("-inf"), "logged": 0, "unlogged": 0}
_resent: dict[str, float] = {}


def _log_refusal(template: str, *args) -> bool:
    """Log one refusal line, within :data:`LOG_BUDGET` lines per :data:`LOG_WINDOW_S` seconds; the lines over the
    budget are counted, and said in one line when the next window opens. Returns whether this line was logged."""
    return budget_warn(log, _window, LOG_BUDGET, LOG_WINDOW_S,
                       "%d more messages from the page were refused in %.0f s (not logged one by one)", template, *args)


def _resync(widget: w.Widget) -> None:
    """Send ``widget``'s state to the page again (its view put back as the kernel has it), at most once in
    :data:`RESYNC_EVERY_S` seconds per widget."""
    try:
        if widget.comm is None:
            return
        now, key = time.monotonic(), widget.model_id
        if now - _resent.get(key, float("-inf")) < RESYNC_EVERY_S:
            return
        if len(_resent) > 10_000:  # widgets closed long ago
            _resent.clear()
        _resent[key] = now
        widget.send_state()
    except Exception:  # noqa: BLE001 - the page keeps its view; nothing changed in the kernel
        pass


#: Why a text sent by the browser is refused for its length (:func:`update_refusal`); :func:`refused_length` reads
#: the length back for a box's owner that says it (the recorder).
TOO_LONG = "{key!r} is {n:,} characters long, more than its {limit:,}"
_TOO_LONG_RE = re.compile(r" is ([\d,]+) characters long, more than its [\d,]+$")


def refused_length(why: str) -> str | None:
    """The length (as written, ``"25,000"``) of a text refused for being too long (``why`` made from
    :data:`TOO_LONG`), or None for any other refusal."""
    m = _TOO_LONG_RE.search(why)
    return m[1] if m else None


def _tell_owner(widget: w.Widget, why: str) -> None:
    """Call ``widget.tutor_refused(why)`` when the widget's owner set it (e.g. :class:`widgets.app.SeedBox`): a value
    the page typed that was refused (too long) is then said on the page next to the box, not only in the server's log
    (trial 30: 5,000 nines in the seed box left an older note about another value). Never raises."""
    told = getattr(widget, "tutor_refused", None)
    if callable(told):
        try:
            told(why)
        except Exception:  # noqa: BLE001 - the refusal stands; only its word to the page is lost
            pass


class _ServerLog(logging.StreamHandler):
    """Warnings of every logger without a handler of its own, written to the process's own stderr: in a page's
    kernel that is the server's log (the kernel runs with ``tutor.kernelcap.KERNEL_ARGUMENTS``, which keep its
    process's stderr from the page)."""


def log_to_server() -> bool:
    """Send log records that reach the root logger to ``sys.__stderr__``, never to ``sys.stderr``. Without a handler
    of their own, Python writes them to ``sys.stderr``, which in a kernel is the page's output stream: a forged
    message's "No such comm: <what the page sent>" (the comm layer's), this module's refusal lines and
    ``rules_tutor.page_faults`` tracebacks went back over the page's websocket (attack 19, L2). Idempotent: returns
    True the first time."""
    root = logging.getLogger()
    if any(isinstance(handler, _ServerLog) for handler in root.handlers):
        return False
    handler = _ServerLog(sys.__stderr__)
    handler.setLevel(logging.WARNING)
    root.addHandler(handler)
    return True


def install() -> bool:
    """Guard every ipywidgets widget's browser messages in this process (see the module doc), and keep log lines
    from the page (:func:`log_to_server`). Idempotent: returns True the first time."""
    log_to_server()
    if getattr(w.Widget, "_tutor_comm_guard", False):
        return False
    _guard_comm_opens()
    original = w.Widget._handle_msg

    def _handle_msg(self, msg):
        why = refusal(self, msg)
        if why is not None:
            _log_refusal("Refused a message from the page to %s: %s", _describe(self), why)
            _resync(self)
            _tell_owner(self, why)
            return None
        try:
            return original(self, msg)
        except Exception as exc:  # noqa: BLE001 - never a traceback back to the page; the state is sent again
            frames = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-2:])
            _log_refusal("A message from the page to %s failed and was not applied: %s", _describe(self),
                         frames[:2000])
            _resync(self)
            return None

    _handle_msg.__doc__ = original.__doc__
    w.Widget._handle_msg = _handle_msg
    w.Widget._tutor_comm_guard = True
    return True
