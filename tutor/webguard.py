"""What a tutor's web server lets a visitor do: the pages and their widgets, nothing else.

Used by `rules-tutor serve` (``tutor/serve.py``, standalone Voila) and by each learner's server on the class hub
(``deploy/singleuser_config.py``, Jupyter Server with Voila's extension). This module imports nothing of the
engine, so the hub's servers can load it on its own (by file path) without importing the whole tutor.

* **Host names** (:func:`host_allowed`, :class:`HostRefused`, :class:`RefuseHostHandler`): `rules-tutor serve` has
  no token on 127.0.0.1, so a web site whose name resolves to 127.0.0.1 (DNS rebinding) could otherwise load the
  pages and drive their widgets. Every request whose ``Host`` is not a loopback name (or, with ``--network``, an IP
  address or a configured name of the machine) gets a short plain 403 before any route runs. The class hub does the
  same for its own pages, on any of its ports (:func:`host_name_allowed`, :func:`insert_hub_host_guard`).
* **Origin**: Jupyter Server's own check (``JupyterHandler.check_origin``) refuses a websocket whose ``Origin`` is
  not the ``Host`` it was sent to; with the Host names checked first, that is the page's own address.
* **Frames and embeds** (:func:`cross_site_embed`, :data:`FRAME_HEADERS`): pages are framed only by the tutor's own
  origin (``frame-ancestors 'self'``, ``X-Frame-Options: SAMEORIGIN``), and a page requested by another origin's page
  without a navigation (an iframe or ``fetch()`` from another site or another port of this one) gets a 403 before
  it starts a kernel.
* **Kernel messages** (:data:`KERNEL_MESSAGE_TYPES`): a page's widgets only need comm messages; Jupyter Server's
  ``MappingKernelManager.allowed_message_types`` drops every other message from a browser (``execute_request``
  among them), as standalone Voila does with the same list.
* **Kernels per server** (:class:`CappedKernelManager`): at most ``max_kernels`` kernels at once, pre-heated ones
  included. When a page needs one more, the kernel idle longest with no page connected is shut down first; when
  every kernel is busy or has a page open, the page request gets :func:`busy_page` (HTTP 503) instead.
* **The hub's learners** (:func:`learner_may`): the Jupyter REST API allows only what a rendered page needs.
"""

from __future__ import annotations

import html
import ipaddress
import re
from datetime import datetime, timedelta, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import routing, web
from traitlets import Float, Int, List, Unicode

#: Kernel messages a page may send to its kernel: comms for the widgets and kernel info. Standalone Voila's own list
#: also has ``shutdown_request``, but Voila's page never sends it (leaving a page shuts its kernel down through
#: ``POST voila/api/shutdown/<id>``), and a script in the page could use it to end its kernel with the page still
#: open. Never ``execute_request``, ``complete_request``, ``inspect_request`` or ``history_request``: a page's code
#: is the notebook's, run by the server.
KERNEL_MESSAGE_TYPES = (
    "comm_open",
    "comm_close",
    "comm_msg",
    "comm_info_request",
    "kernel_info_request",
)

#: Host names that always reach the machine itself (IP literals are checked as addresses).
LOOPBACK_NAMES = frozenset({"localhost"})

#: Default most kernels at once for `rules-tutor serve` (pre-heated ones included), about 70 MB each.
MAX_KERNELS = 8
#: Seconds after its last activity before a kernel with no page connected may be shut down to make room: a page
#: just rendered has not connected its widgets yet.
CULL_GRACE_SECONDS = 10.0
#: The environment variable a pre-heated kernel is started with, naming its notebook (``kernel_env_variables`` of
#: each pool, see :func:`tutor.serve.voila_config`): :meth:`CappedKernelManager.start_kernel` orders the pools' heating
#: by it.
POOL_ENV = "RULES_TUTOR_POOL"
#: Most seconds a pre-heated kernel waits for the pools heated before it (:attr:`CappedKernelManager.heat_first`).
HEAT_FIRST_WAIT_S = 40.0

_HOST_RE = re.compile(r"^(?P<host>\[[0-9A-Fa-f:.]+\]|[^:\[\]\s]+)(?::(?P<port>[0-9]{1,5}))?\Z")


def host_allowed(host_header: str | None, *, port: int, names: frozenset[str] | set[str] = LOOPBACK_NAMES,
                 any_address: bool = False) -> bool:
    """Whether a request's ``Host`` header names this server, exactly: ``HOST:PORT`` with the server's ``port``.

    ``host_header``: the header's value (``127.0.0.1:8866``, ``[::1]:8866``, ``localhost:8866``; HTTP itself drops
    the optional spaces around a header's value before this sees it); ``port``: the port the server listens on. A
    header naming another port, or none, is refused (a browser always sends the port, except the default port 80,
    so a header without one is accepted only when ``port`` is 80); nothing else may surround it (spaces, a trailing
    dot). ``HOST``: ``127.0.0.1``, ``[::1]`` or one of ``names`` (lower case: the loopback name ``localhost``, plus
    with ``--network`` the machine's names); ``any_address``: accept every IP address too (``--network``: an address
    is not a name a foreign site can point at this machine, so it cannot be used for DNS rebinding).
    Never raises: a malformed header is simply not allowed.
    """
    if not host_header or len(host_header) > 300:
        return False
    m = _HOST_RE.match(host_header)
    if not m:
        return False
    if m.group("port") is None:
        if port != 80:
            return False
    elif m.group("port") != str(port):  # exactly the port's digits: no leading zeros
        return False
    host = m.group("host").lower()
    if host.startswith("["):
        host = host[1:-1]
    elif ":" in host:
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host in names
    if any_address:
        return True
    return address in (ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1")) and (
        str(address) == host)  # 127.0.0.1 and ::1 as written, not another spelling of them


class HostRefused(routing.Matcher):
    """Tornado rule matcher that matches the requests whose Host is *not* allowed (see :func:`host_allowed`), so
    that a rule put first in an application's router sends them to :class:`RefuseHostHandler` whatever their
    path."""

    def __init__(self, *, port: int, names: frozenset[str], any_address: bool) -> None:
        self.port, self.names, self.any_address = port, frozenset(names), any_address

    def match(self, request):  # noqa: D102 - tornado's Matcher API
        if host_allowed(request.headers.get("Host"), port=self.port, names=self.names, any_address=self.any_address):
            return None
        return {}


class RefuseHostHandler(web.RequestHandler):
    """Answers every method, websockets included, with 403 and a one-line plain text reason (:attr:`message`)."""

    message = ("403 Forbidden: this Rules Tutor server only answers to its own address "
               "(http://127.0.0.1, localhost or [::1] with its port), not to the host name this request used.\n")

    def prepare(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Security-Policy", "frame-ancestors 'self'")
        for name, value in FRAME_HEADERS.items():
            self.set_header(name, value)
        self.finish(self.message)

    def check_xsrf_cookie(self) -> None:  # prepare() has already answered
        return None


def insert_host_guard(app: web.Application, *, port: int, names: frozenset[str], any_address: bool) -> None:
    """Put the Host check in front of every route of ``app`` (a tornado Application)."""
    rule = routing.Rule(HostRefused(port=port, names=names, any_address=any_address), RefuseHostHandler)
    app.default_router.rules.insert(0, rule)


#: Longest request target (path and query string) served: the tutor's own addresses are far shorter (a page with
#: ``?scenario=`` or ``?node=`` is under 300 characters). A longer one gets :class:`RefuseOversizeHandler`'s 414.
MAX_URI_CHARS = 8192
#: Most characters of all request headers together (names and values) before :class:`RefuseOversizeHandler`'s 431.
MAX_HEADER_CHARS = 65536
#: Most bytes of a request's start line and headers the server reads (tornado's ``max_header_size``). Tornado's own
#: default, 64 KiB, is smaller than an address of 100 KB, and tornado *drops the connection* of a request over it,
#: with no answer; up to this size the request is read and refused with a small page naming the problem. Beyond it
#: tornado still closes the connection (it cannot answer a request it has not read).
MAX_HEADER_BYTES = 1 << 20
#: Most bytes of a request's body (tornado's ``max_body_size``, 100 MB by default): a page sends none larger than a
#: few kilobytes (a kernel's shutdown, a policy report); widgets speak over the websocket.
MAX_BODY_BYTES = 1 << 20


def oversize_request(request) -> str | None:
    """Why ``request`` (a tornado ``HTTPServerRequest``) is too large to serve, as a short plain-text answer naming
    what and its size (its status first: ``414`` for the address, ``431`` for the headers), or None when it is not.
    Never raises."""
    uri = request.uri or ""
    if len(uri) > MAX_URI_CHARS:
        path = uri.split("?", 1)[0]
        where = "its query string (after ?)" if len(path) <= MAX_URI_CHARS else "its path"
        return (f"414 URI Too Long: this address is {len(uri):,} characters long, mostly {where}; a Rules Tutor "
                f"server accepts addresses of at most {MAX_URI_CHARS:,} characters. Open the page from its link "
                "instead.\n")
    try:
        size = sum(len(k) + len(v) for k, v in request.headers.get_all())
    except Exception:  # noqa: BLE001 - not a request this check can read: tornado handles it
        return None
    if size > MAX_HEADER_CHARS:
        return (f"431 Request Header Fields Too Large: this request's headers are {size:,} characters long; a Rules "
                f"Tutor server accepts at most {MAX_HEADER_CHARS:,}. Clear this site's cookies and try again.\n")
    return None


class OversizeRequest(routing.Matcher):
    """Tornado rule matcher that matches the requests :func:`oversize_request` refuses."""

    def match(self, request):  # noqa: D102 - tornado's Matcher API
        return {} if oversize_request(request) else None


class RefuseOversizeHandler(RefuseHostHandler):
    """Answers every method, websockets included, with :func:`oversize_request`'s status and its one-line reason,
    never echoing the address."""

    def prepare(self) -> None:
        message = oversize_request(self.request) or "400 Bad Request\n"
        self.set_status(int(message[:3]))
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Security-Policy", "frame-ancestors 'self'")
        self.set_header("Connection", "close")
        for name, value in FRAME_HEADERS.items():
            self.set_header(name, value)
        self.finish(message)


def insert_size_guard(app: web.Application) -> None:
    """Put the size check (:func:`oversize_request`) in front of every route of ``app`` (a tornado Application),
    before the Host check."""
    app.default_router.rules.insert(0, routing.Rule(OversizeRequest(), RefuseOversizeHandler))


def server_limits() -> dict:
    """Keyword arguments for tornado's ``HTTPServer`` (``Application.listen``): the most header and body bytes read
    (:data:`MAX_HEADER_BYTES`, :data:`MAX_BODY_BYTES`)."""
    return {"max_header_size": MAX_HEADER_BYTES, "max_body_size": MAX_BODY_BYTES}


def host_name_allowed(host_header: str | None, *, names: frozenset[str] | set[str] = LOOPBACK_NAMES,
                      any_address: bool = False) -> bool:
    """Like :func:`host_allowed`, with any port: for the class hub (``deploy/jupyterhub_config.py``), which one
    name reaches on several ports (its public port through the proxy, its own API port from learners' servers and
    the idle culler, 80 or 443 behind a reverse proxy). DNS rebinding needs a foreign *name*; the port adds nothing.
    ``names``: the host names accepted (lower case) besides ``127.0.0.1`` and ``[::1]``; ``any_address``: accept
    every IP address (a hub serving the network). Never raises."""
    if not host_header or len(host_header) > 300:
        return False
    m = _HOST_RE.match(host_header)
    if not m:
        return False
    port = m.group("port")
    return host_allowed(host_header, port=int(port) if port is not None else 80, names=names, any_address=any_address)


class HubHostRefused(routing.Matcher):
    """Tornado rule matcher for the class hub: matches the requests whose Host :func:`host_name_allowed` refuses."""

    def __init__(self, *, names: frozenset[str], any_address: bool) -> None:
        self.names, self.any_address = frozenset(names), any_address

    def match(self, request):  # noqa: D102 - tornado's Matcher API
        if host_name_allowed(request.headers.get("Host"), names=self.names, any_address=self.any_address):
            return None
        return {}


class RefuseHubHostHandler(RefuseHostHandler):
    """The class hub's 403 for a foreign Host (see :class:`RefuseHostHandler`)."""

    message = ("403 Forbidden: this Rules Tutor class hub only answers to its own addresses (127.0.0.1, localhost, "
               "[::1], and with TUTOR_HUB_IP the machine's names and addresses and TUTOR_HUB_HOST_NAMES), not to the "
               "host name this request used.\n")


_HOST_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST_NAME_RE = re.compile(rf"{_HOST_LABEL}(?:\.{_HOST_LABEL})*\.?")


def valid_host_name(name: str) -> bool:
    """Whether ``name`` (a host name someone configured: ``rules-tutor serve --host-name``, the class hub's
    ``TUTOR_HUB_HOST_NAMES``) is a DNS host name: labels of letters, digits and ``-`` (at most 63 characters, not
    starting or ending with ``-``) separated by dots, an optional final dot, 253 characters at most."""
    return isinstance(name, str) and len(name) <= 253 and _HOST_NAME_RE.fullmatch(name) is not None


#: Key of the class hub's tornado settings (``c.JupyterHub.tornado_settings``) holding what
#: :func:`insert_hub_host_guard` accepts: ``{"names": [...], "any_address": bool}``.
HUB_HOSTS_SETTING = "rules_tutor_hosts"


def insert_hub_host_guard(app: web.Application) -> bool:
    """Put the class hub's Host check in front of every route of ``app`` (the hub's tornado Application), with the
    names of its ``settings[HUB_HOSTS_SETTING]``; does nothing (returns False) when that setting is absent."""
    hosts = app.settings.get(HUB_HOSTS_SETTING)
    if not hosts:
        return False
    matcher = HubHostRefused(names=frozenset(hosts["names"]), any_address=bool(hosts["any_address"]))
    app.default_router.rules.insert(0, routing.Rule(matcher, RefuseHubHostHandler))
    return True


#: A ``/voila/templates/...`` path Voila's template file handler can serve: ``TEMPLATE/static/FILE`` (letters,
#: digits, ``_ . -`` in each part; no empty, ``.`` or ``..`` part).
_TEMPLATE_STATIC_RE = re.compile(r"[A-Za-z0-9_.-]{1,64}/static(?:/[A-Za-z0-9_.-]{1,200}){1,12}")


def template_static_path_ok(path: str) -> bool:
    """Whether ``path`` (what follows ``/voila/templates/``) has the shape ``TEMPLATE/static/FILE`` that Voila's
    ``TemplateStaticFileHandler`` expects; for anything else (``x``, an empty path, ``lab/other/x``, ``..`` parts)
    that handler fails with a ValueError or an AssertionError (HTTP 500 and a traceback in the log)."""
    return (len(path) <= 1000 and _TEMPLATE_STATIC_RE.fullmatch(path) is not None
            and not any(part in (".", "..") for part in path.split("/")))


def guard_template_static_files(handler_class: type[web.StaticFileHandler]) -> None:
    """Make Voila's ``TemplateStaticFileHandler`` (``handler_class``, patched in place: `rules-tutor serve` and the
    hub's servers alike) answer 404 to a path :func:`template_static_path_ok` refuses, or to a template Voila does
    not know, instead of an HTTP 500 with a ValueError in the server's log. Idempotent."""
    if getattr(handler_class, "_tutor_guarded_paths", False):
        return
    original = handler_class.get

    async def get(self, path: str, include_body: bool = True) -> None:
        if not template_static_path_ok(path):
            raise web.HTTPError(404)
        try:
            await original(self, path, include_body)
        except (ValueError, AssertionError) as exc:  # an unknown template: Voila finds no folder for it
            if self._headers_written:
                raise
            raise web.HTTPError(404) from exc

    handler_class.get = get
    handler_class._tutor_guarded_paths = True


#: ``Sec-Fetch-Site`` values of a request made by a page of another origin: another web site (``cross-site``) or
#: another port or sub-domain of the same one (``same-site``: to a browser a page on ``http://localhost:9999`` is the
#: same site as the tutor on ``http://localhost:8866``, since the port does not count when it tells sites apart).
FOREIGN_SITES = frozenset({"cross-site", "same-site"})

#: Response headers that keep the tutor's pages out of other origins' frames (``frame-ancestors 'self'`` is also the
#: Content-Security-Policy Jupyter Server sends; ``X-Frame-Options`` says the same to browsers without CSP 2).
FRAME_HEADERS = {"X-Frame-Options": "SAMEORIGIN"}


def cross_site_embed(headers) -> bool:
    """Whether a page request comes from a page of another origin without being a navigation to it: an
    ``<iframe>``, ``<img>``, ``fetch()`` or the like from another site or from another port of this one (the
    browser's ``Sec-Fetch-Site`` is ``cross-site`` or ``same-site``, see :data:`FOREIGN_SITES`, with a
    ``Sec-Fetch-Dest`` other than ``document``). Such a request would start a kernel for a page nobody sees (and the
    page's ``frame-ancestors 'self'`` policy and ``X-Frame-Options: SAMEORIGIN`` keep it from showing anyway); a
    link from another site to the tutor is a top-level navigation (``document``) and is allowed, as is everything
    the tutor's own pages ask for (``same-origin``) and what the learner types or bookmarks (``none``). Browsers
    without these headers (curl, old browsers) are not judged by them."""
    return (headers.get("Sec-Fetch-Site") in FOREIGN_SITES
            and headers.get("Sec-Fetch-Dest", "document") != "document")


#: The answer (403, plain text) to a page request that :func:`cross_site_embed` refuses.
FOREIGN_PAGE_REFUSAL = ("403 Forbidden: a Rules Tutor page opens as a page of its own, not inside or from a page of "
                        "another site or another port.\n")


def refuse_foreign_page(handler: web.RequestHandler) -> bool:
    """Answer ``handler``'s request with :data:`FOREIGN_PAGE_REFUSAL` (HTTP 403) when :func:`cross_site_embed` says
    it comes from another origin's page without a navigation; return whether it did (the page must then do
    nothing more: no kernel is started)."""
    if not cross_site_embed(handler.request.headers):
        return False
    handler.set_status(403)
    handler.set_header("Content-Type", "text/plain; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    handler.finish(FOREIGN_PAGE_REFUSAL)
    return True


def refuse_when_full(handler: web.RequestHandler) -> bool:
    """Answer ``handler``'s page request with :func:`busy_page` (HTTP 503) at once when its server's kernel manager
    (a :class:`CappedKernelManager`) has no room for the page (:meth:`CappedKernelManager.no_room`), before Voila
    reads the notebook and builds the page; return whether it did."""
    km = getattr(handler, "kernel_manager", None)
    no_room = getattr(km, "no_room", None)
    if no_room is None:
        return False
    path = handler.path_args[0] if getattr(handler, "path_args", None) else ""
    if not no_room(str(path or "").strip("/")):
        return False
    handler.set_status(503, "Rules Tutor is busy")
    handler.set_header("Content-Type", "text/html; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    handler.set_header("Retry-After", "10")
    handler.finish(busy_page(km.max_kernels, km.kernels_in_use()))
    return True


def refuse_foreign_embeds(handler_class: type[web.RequestHandler]) -> None:
    """Make every request to ``handler_class`` (Voila's page handler on the hub, which gives a page a kernel) pass
    :func:`refuse_foreign_page`, then :func:`refuse_when_full`, before anything else: tornado runs no ``get`` once
    ``prepare`` has answered. Idempotent."""
    if getattr(handler_class, "_tutor_refuses_foreign_pages", False):
        return
    original = handler_class.prepare

    async def prepare(self, *args, **kwargs):
        if refuse_foreign_page(self) or refuse_when_full(self):
            return None
        result = original(self, *args, **kwargs)
        if result is not None and hasattr(result, "__await__"):
            result = await result
        return result

    handler_class.prepare = prepare
    handler_class._tutor_refuses_foreign_pages = True


#: Messages a page sends its kernel that run the widgets' own Python code (ipywidgets' comm handlers).
COMM_MESSAGE_TYPES = frozenset({"comm_open", "comm_msg", "comm_close"})
#: Most characters of a withheld kernel message the server's log keeps.
LOGGED_CHARS = 4000
#: Start of each line of a withheld message in the server's log (tells it from the server's own errors).
WITHHELD_PREFIX = "    page| "


def withheld_from_page(header: dict, parent: dict, content: dict) -> bool:
    """Whether a message from a kernel (its ``header``, ``parent_header`` and ``content``, on IOPub) must not reach
    the page: a traceback or anything written to ``stderr`` while the kernel handled a comm message from the
    browser (``comm_open`` of a malformed widget, a ``comm_msg`` with a bad value). Those carry the server's file
    paths and code; the page learns nothing from them, and the server's log keeps them instead."""
    if not isinstance(header, dict) or not isinstance(parent, dict) or parent.get("msg_type") not in COMM_MESSAGE_TYPES:
        return False
    kind = header.get("msg_type")
    return kind == "error" or (kind == "stream" and isinstance(content, dict) and content.get("name") == "stderr")


def withhold_comm_tracebacks(connection_class) -> None:
    """Make Jupyter Server's kernel websocket connection (``connection_class``, ``ZMQChannelsWebsocketConnection``,
    patched in place: `rules-tutor serve` and the hub's servers alike) keep :func:`withheld_from_page` messages from
    the browser and write them to the server's log (at most :data:`LOGGED_CHARS` characters). Idempotent."""
    if getattr(connection_class, "_tutor_withholds_tracebacks", False):
        return
    original = connection_class.handle_outgoing_message

    def handle_outgoing_message(self, stream, outgoing_msg):
        channel = stream if isinstance(stream, str) else getattr(stream, "channel", None)
        if channel == "iopub":
            try:
                _, parts = self.session.feed_identities(outgoing_msg)
                header, parent = self.session.unpack(parts[1]), self.session.unpack(parts[2])
                withhold = (isinstance(header, dict) and header.get("msg_type") in ("stream", "error")
                            and withheld_from_page(header, parent, self.session.unpack(parts[4])))
            except Exception:  # noqa: BLE001 - not a message this check can read: Jupyter Server handles it
                withhold = False
            if withhold:
                content = self.session.unpack(parts[4])
                text = content.get("text") if header["msg_type"] == "stream" else "\n".join(
                    str(x) for x in content.get("traceback") or [content.get("evalue", "")])
                self.log.warning("Kernel %s: %s while handling a page's %s, kept from the browser:\n%s",
                                 getattr(self, "kernel_id", "?"), header["msg_type"], parent.get("msg_type"),
                                 "\n".join(WITHHELD_PREFIX + line for line in str(text)[:LOGGED_CHARS].splitlines()))
                return None
        return original(self, stream, outgoing_msg)

    connection_class.handle_outgoing_message = handle_outgoing_message
    connection_class._tutor_withholds_tracebacks = True


class KernelCapReached(web.HTTPError):
    """Raised by :meth:`CappedKernelManager.start_kernel` when the server runs ``max_kernels`` kernels and none of
    them can be shut down (each is busy, has a page connected, was active in the last few seconds, or is
    pre-heated). An HTTP 503 error: a page handler that does not catch it (Voila's, on the hub) answers with an error
    page carrying this message; `rules-tutor serve` shows :func:`busy_page` instead."""

    def __init__(self, max_kernels: int, in_use: int) -> None:
        self.max_kernels, self.in_use = max_kernels, in_use
        super().__init__(503, f"All {max_kernels} kernels this server can run at once are in use by open "
                              f"or starting pages ({in_use}). Close a Rules Tutor tab you no longer need, wait a few seconds, "
                              "then reload this page.", reason="Rules Tutor is busy")


def busy_page(max_kernels: int, in_use: int) -> str:
    """The HTML page shown (HTTP 503) when a page cannot get a kernel: what happened and what to do."""
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Rules Tutor is busy</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;line-height:1.5}</style>"
        "</head><body><main><h1>Rules Tutor is busy</h1>"
        f"<p>This server runs at most {html.escape(str(max_kernels))} tutor pages at once (each has its own game "
        f"session, {html.escape(str(in_use))} in use now), and every one is open or starting, so this page cannot "
        "start now.</p>"
        "<p>Close a Rules Tutor tab you no longer need, wait a few seconds, then reload this page. "
        "Whoever runs the server can allow more with <code>rules-tutor serve --max-kernels N</code>.</p>"
        "</main></body></html>"
    )


class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with a most number of kernels at once (``max_kernels``).

    Voila's pre-heating manager is built on top of this class (``VoilaConfiguration.multi_kernel_manager_class``),
    so every kernel start passes through :meth:`start_kernel`: a page's, and a pre-heated pool's refill. A page's
    websocket carries only :data:`KERNEL_MESSAGE_TYPES`, whatever list Voila passes.
    """

    max_kernels = Int(MAX_KERNELS, config=True, help="Most kernels running or starting at once (pre-heated included).")
    cull_grace = Float(CULL_GRACE_SECONDS, config=True,
                       help="Seconds since a kernel's last activity before it may be shut down to make room.")

    heat_first = List(Unicode(), config=True,
                      help="Notebooks whose pre-heated kernels are heated first, in this order: another pool's kernel "
                           "starts once these have made their pages (on a fresh server the first page is then ready "
                           "in seconds, not queued behind every pool heating at once).")
    heat_first_wait = Float(HEAT_FIRST_WAIT_S, config=True,
                            help="Most seconds a pre-heated kernel waits for the pools heated before it.")

    def __init__(self, **kwargs):
        # Standalone Voila passes its own list of the messages a page may send (with ``shutdown_request``): ours wins.
        kwargs["allowed_message_types"] = list(KERNEL_MESSAGE_TYPES)
        super().__init__(**kwargs)
        self._heated: set[str] = set()  # the heat_first pools known to have made their first page
        self._heat_phase_over = False  # True once the start-up order is done with (see _wait_for_heated)
        self._handed_renders: dict = {}  # notebook -> render task of the first pre-heated kernel a page took
        self._starting = 0
        self._culling: set[str] = set()
        self._connected_once: set[str] = set()

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected to ``kernel_id`` (Jupyter Server calls this for every kernel websocket)."""
        self._connected_once.add(kernel_id)
        super().notify_connect(kernel_id)

    def kernels_in_use(self) -> int:
        """Kernels running or starting now."""
        return len(self._kernels) + self._starting

    def _pool_kernel_ids(self) -> set[str]:
        ids = set()
        for pool in getattr(self, "_pools", {}).values():  # Voila's pre-heated kernels, waiting for a page
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result().get("kernel_id"))
        return ids

    def cull_candidates(self) -> list[str]:
        """Kernel ids that may be shut down to make room, oldest activity first: idle, not pre-heated, no page
        connected now, and either a page was connected once (its tab is closed) or none ever was and the kernel has
        done nothing for ``cull_grace`` seconds (a page that never connected; the grace protects a page just
        rendered whose browser has not connected yet)."""
        pooled = self._pool_kernel_ids()
        self._connected_once &= set(self._kernels)
        now = datetime.now(timezone.utc)
        grace = timedelta(seconds=self.cull_grace)
        found = []
        for kid, kernel in list(self._kernels.items()):
            if kid in pooled or kid in self._culling or self._kernel_connections.get(kid, 0) > 0:
                continue
            if getattr(kernel, "execution_state", None) != "idle":
                continue
            last = getattr(kernel, "last_activity", None)
            if last is None or (kid not in self._connected_once and now - last < grace):
                continue
            found.append((last, kid))
        return [kid for _, kid in sorted(found)]

    def no_room(self, notebook: str | None = None) -> bool:
        """Whether a page of ``notebook`` (its path as Voila's pools name it, e.g. ``index.ipynb``) would get
        :class:`KernelCapReached` now: ``max_kernels`` run or start, none may be shut down (:meth:`cull_candidates`)
        and no pre-heated kernel of that notebook is ready or starting for it. The page handler asks this before
        Voila reads the notebook and builds its page, so that the busy page is answered at once (it came only after
        that work, queued behind every other page being made)."""
        if self.kernels_in_use() < self.max_kernels:
            return False
        pool = getattr(self, "_pools", {}).get(notebook or "", ())
        if any(not task.done() or (not task.cancelled() and task.exception() is None) for task in pool):
            return False
        return not self.cull_candidates()

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
        import asyncio
        if self._heat_phase_over:
            return
        waits = self.heat_before(notebook)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.heat_first_wait
        while waits and not all(self.pool_heated(n) for n in waits) and loop.time() < deadline:
            await asyncio.sleep(0.1)
        if waits:
            self._heat_phase_over = True

    async def start_kernel(self, *args, **kwargs) -> str:
        """Start a kernel once there is room (Jupyter Server's ``start_kernel`` otherwise unchanged). A pre-heated
        kernel (its environment names its notebook in :data:`POOL_ENV`) first waits, at most
        :attr:`heat_first_wait` seconds, until the pools heated before it have made their pages (:meth:`heat_before`):
        on a fresh server the landing page's kernel has the machine to itself.

        Raises:
            KernelCapReached: ``max_kernels`` run or start and none can be shut down (see :meth:`cull_candidates`).
        """
        await self._wait_for_heated((kwargs.get("env") or {}).get(POOL_ENV))
        while self.kernels_in_use() >= self.max_kernels:
            candidates = self.cull_candidates()
            if not candidates:
                raise KernelCapReached(self.max_kernels, self.kernels_in_use())
            victim = candidates[0]
            self._culling.add(victim)
            self.log.info("Kernel cap (%d) reached: shutting down kernel %s, idle with no page connected since %s",
                          self.max_kernels, victim, getattr(self._kernels.get(victim), "last_activity", "?"))
            try:
                await self.shutdown_kernel(victim)
            finally:
                self._culling.discard(victim)
        self._starting += 1  # counted from here on, before the first await: parallel starts see it
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1


# --- The hub's learners: what the Jupyter REST API allows ----------------------------------------------------------

#: (action, resource) pairs a learner's browser may use on their own server (Jupyter Server's Authorizer vocabulary:
#: actions "read", "write", "execute"; resources are the handlers' ``auth_resource``). A rendered page needs its
#: kernel's websocket ("execute" on "kernels"; only comm messages pass, see KERNEL_MESSAGE_TYPES) and reads
#: nothing else; the status and identity of the server ("api") are read by the hub's own pages. Everything else is
#: refused: writing, renaming or deleting contents (the shared notebooks), starting, restarting, interrupting or
#: deleting kernels through the REST API (Voila starts and shuts down page kernels itself, in the server), sessions,
#: terminals, nbconvert, /files, config and events writes, server shutdown.
LEARNER_ALLOWED = frozenset({
    ("execute", "kernels"),
    ("read", "kernels"),
    ("read", "kernelspecs"),
    ("read", "api"),
    ("read", "csp"),
    ("write", "csp"),  # content-security-policy violation reports from the browser
})


def learner_may(action: str, resource: str) -> bool:
    """Whether a learner's browser may take ``action`` ("read", "write", "execute") on ``resource`` (an
    ``auth_resource`` of Jupyter Server's handlers, e.g. "contents", "kernels", "terminals") on the hub."""
    return (action, resource) in LEARNER_ALLOWED
