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
* **Kernel messages and kernels per server**: ``tutor/kernelcap.py`` (``KERNEL_MESSAGE_TYPES``,
  ``CappedKernelManager``); :func:`refuse_when_full` answers a page request with its busy page before Voila works.
* **The hub's learners** (:func:`learner_may`): the Jupyter REST API allows only what a rendered page needs.
"""

from __future__ import annotations

import ipaddress
import re

from tornado import routing, web

#: Host names that always reach the machine itself (IP literals are checked as addresses).
LOOPBACK_NAMES = frozenset({"localhost"})


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


def refuse_voila_contents(handler_class) -> None:
    """Make Voila's contents API (``VoilaContentsHandler`` at ``/voila/api/contents/...``, ``handler_class``, patched
    in place) answer 404 to every request, as `rules-tutor serve` does by leaving it out: it serves Voila's
    JupyterLab tree page (the tutor's is classic), no page of the tutor needs it, and it lists the server's folder
    and gives each notebook's source. On a hub a learner's server answered 200 (attack 20, L3). Idempotent."""
    if getattr(handler_class, "_tutor_refused", False):
        return

    def prepare(self, *args, **kwargs):
        raise web.HTTPError(404)

    handler_class.prepare = prepare
    handler_class._tutor_refused = True


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


def refuse_odd_page_path(handler: web.RequestHandler, path: str | None) -> bool:
    """Answer a page request whose notebook path (``path``, what follows ``/voila/render/``) holds a control character
    (``index.ipynb%00.txt``: Voila redirected it to a ``Location`` tornado refuses, an HTTP 500 with a traceback in
    the log) with a plain 404; return whether it did (the page must then do nothing more)."""
    if not any(ord(c) < 32 or ord(c) == 127 for c in path or ""):
        return False
    handler.set_status(404)
    handler.set_header("Content-Type", "text/plain; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    handler.finish("404 Not Found: there is no Rules Tutor page at this address.\n")
    return True


def refuse_when_full(handler: web.RequestHandler) -> bool:
    """Answer ``handler``'s page request with its kernel manager's busy page (HTTP 503) at once when that manager
    (a ``tutor.kernelcap.CappedKernelManager``) has no room for the page (``no_room``), before Voila
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
    handler.finish(km.busy_page())
    return True


def refuse_foreign_embeds(handler_class: type[web.RequestHandler]) -> None:
    """Make every request to ``handler_class`` (Voila's page handler on the hub, which gives a page a kernel) pass
    :func:`refuse_foreign_page`, then :func:`refuse_when_full`, before anything else: tornado runs no ``get`` once
    ``prepare`` has answered. Idempotent."""
    if getattr(handler_class, "_tutor_refuses_foreign_pages", False):
        return
    original = handler_class.prepare

    async def prepare(self, *args, **kwargs):
        path = self.path_args[0] if getattr(self, "path_args", None) else ""
        if refuse_foreign_page(self) or refuse_odd_page_path(self, path) or refuse_when_full(self):
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
    browser (``comm_open`` of a malformed widget, a ``comm_msg`` with a bad value), or written to ``stderr`` in
    answer to no message at all (a log line of the kernel's, such as "No such comm: <the id a page sent>"). Those
    carry the server's file paths and code, or echo what a page sent; the page learns nothing from them, and the
    server's log keeps them instead."""
    if not isinstance(header, dict) or not isinstance(parent, dict):
        return False
    kind = header.get("msg_type")
    stderr = kind == "stream" and isinstance(content, dict) and content.get("name") == "stderr"
    if not parent.get("msg_type"):
        return stderr
    if parent.get("msg_type") not in COMM_MESSAGE_TYPES:
        return False
    return kind == "error" or stderr


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


# --- The hub's learners: what the Jupyter REST API allows ----------------------------------------------------------

#: (action, resource) pairs a learner's browser may use on their own server (Jupyter Server's Authorizer vocabulary:
#: actions "read", "write", "execute"; resources are the handlers' ``auth_resource``). A rendered page needs its
#: kernel's websocket ("execute" on "kernels"; only comm messages pass, see kernelcap.KERNEL_MESSAGE_TYPES) and reads
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
