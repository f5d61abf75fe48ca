"""`rules-tutor serve`: serve the tutor's notebooks as web pages with Voila.

    rules-tutor serve [--port N] [--no-browser] [--network [--host-name NAME ...]] [--pool N] [--page-pool N]
                      [--max-kernels N]

Starts Voila on 127.0.0.1 over the tutor's notebooks (the repository's ``notebooks/``, shipped in the package as
``tutor._notebooks``: see :func:`shipped_folder`) and prints the URL. Only ``--network`` (an explicit flag) serves
to other machines: it binds 0.0.0.0 and turns on Jupyter token authentication with a fresh random token
(``secrets.token_urlsafe``), so every page needs ``?token=...`` (or the login cookie that URL sets); the printed URL
carries it. ``http://127.0.0.1:N/`` redirects to the landing notebook (``/voila/render/index.ipynb``); every notebook
renders at ``/voila/render/<name>.ipynb`` and the plain listing stays at ``/voila/tree``.

What this adds to a plain ``voila notebooks/``:

* the ``/`` redirect (a tornado handler put in front of Voila's own routes);
* pre-heated kernels for the landing and first learn notebooks (Voila's ``preheat_kernel``
  with a pool of one kernel each for ``index.ipynb`` and ``learn-restless-spirits.ipynb``), so the first pages a
  person sees render without waiting for a kernel to start; ``--pool N`` keeps N kernels ready for the learn page
  instead (for a class: each takes memory, and each one used is replaced at once); the same for the other pages
  slowest to make (the Spirited and Spirit Duels learn pages, FAQ explorer, ability graph, practice, the teacher's
  presenter: ``--page-pool N`` each, default 1);
* only its own address: a request whose ``Host`` header is not ``127.0.0.1``, ``localhost`` or ``[::1]`` (with the
  server's port) gets a plain 403, so a web site cannot reach the token-less server through a host name of its own
  that resolves to 127.0.0.1 (DNS rebinding). With ``--network`` the machine's IP addresses, its host name and the
  names given with ``--host-name`` are accepted too. A kernel websocket opened from another site (its ``Origin`` is
  not the page's address) is refused by Jupyter Server's own origin check, and so is a page requested by the page of
  another site or another port without a navigation (an iframe or ``fetch()``: ``Sec-Fetch-Site``), before it starts
  a kernel; pages are framed only by the tutor's own (``frame-ancestors 'self'``, ``X-Frame-Options``), and the page
  template and theme are never taken from the URL (see ``tutor/webguard.py``);
* bounded requests: an address longer than 8,192 characters gets a small plain ``414 URI Too Long`` naming the
  problem (headers over 64 K characters: ``431``), before any page runs; tornado reads up to 1 MiB of headers for that
  (its own 64 KiB limit dropped the connection of a 100 KB address with no answer) and 1 MiB of body
  (``tutor/webguard.py``: ``oversize_request``, ``server_limits``);
* at most ``--max-kernels`` kernels at once (default 14, the 8 pre-heated ones included; ``tutor/kernelcap.py``): a page
  that needs one more shuts down the kernel idle longest whose page was closed (or never connected, a minute after it
  was sent), and when every kernel is busy or has its page open or loading, the page is a short "Rules Tutor is busy"
  notice (HTTP 503) saying to close a tab; malformed websocket frames are dropped with one log line (``tutor/wsframes.py``);
* no CDN: the ``tutor`` page template (``tutor/share/jupyter/voila/templates``)
  is Voila's ``lab`` template without its links to cdn.jsdelivr.net (Font
  Awesome, which Voila's local bundle already carries) and without mermaid.js.
  Widget JavaScript comes from the local ``/voila/`` routes.

``--no-browser`` is accepted and ignored: the server never opens a browser.
"""

from __future__ import annotations

import argparse
import importlib.resources
import importlib.util
import os
import secrets
import socket
import sys
from pathlib import Path

HOST = "127.0.0.1"
#: Address bound with ``--network`` (every interface); always with a token.
NETWORK_HOST = "0.0.0.0"
DEFAULT_PORT = 8866
LANDING_NOTEBOOK = "index.ipynb"
LEARN_NOTEBOOK = "learn-restless-spirits.ipynb"
#: Pre-heated kernels for LEARN_NOTEBOOK by default (``--pool``).
LEARN_POOL = 1
#: The pages whose notebooks take longest to make (importing and building what they show), each with a pre-heated
#: kernel of its own by default (``--page-pool``): what they show is the same for everyone, or (practice) is read
#: once the page is asked for (``widgets.kernel_timing.wait_until_page_asked``); the other two learn pages resume
#: the learner's place at the visit as the first does (without a kernel ready: 1.1-1.6x a bare page's load); the FAQ
#: explorer reads the saved questions again at the visit (trial 22); the teacher's presenter is made again at the
#: visit when the saved walkthroughs changed since, or is the notes window when its address asks for it.
HEAVY_NOTEBOOKS = ("learn-spirited.ipynb", "learn-spirit-duels.ipynb", "faq-explorer.ipynb", "ability-graph.ipynb",
                   "practice.ipynb", "teacher-walkthrough.ipynb")
#: Pre-heated kernels for each of HEAVY_NOTEBOOKS by default (``--page-pool``).
PAGE_POOL = 1
TEMPLATE = "tutor"
#: Seconds Voila waits for a cell's output after the cell finished (nbclient's default is 4; see voila_config).
IOPUB_TIMEOUT = 120
#: Seconds a kernel with no page connected may sit idle before it is shut down (closed tabs).
CULL_IDLE_SECONDS = 600
#: Largest ``--max-kernels`` (and ``--pool``, ``--page-pool``) accepted: about 135 MiB each, so 500 is 66 GiB already.
KERNELS_LIMIT = 500
#: Most kernels at once by default (``--max-kernels``), pre-heated ones included (8 by default: landing, first learn
#: page and HEAVY_NOTEBOOKS), so 6 open pages: about 135 MiB RSS each (docs/click-timing.md).
MAX_KERNELS = 14

#: The package that holds the notebooks shipped with the tutor (the repository's ``notebooks/`` folder; see
#: ``[tool.setuptools.package-dir]`` in pyproject.toml).
NOTEBOOKS_PACKAGE = "tutor._notebooks"


def shipped_folder(package: str) -> Path:
    """The folder of a package shipped with the tutor, e.g. ``"tutor._notebooks"``: ``site-packages/tutor/_notebooks``
    of an installed wheel, or the checkout's ``notebooks/`` in an editable install (mapped by its import finder).

    The same folder as ``importlib.resources.files(package)``, found without running ``tutor/__init__.py`` when the
    engine is not imported yet (deploy/singleuser_config.py loads this file on its own in every learner's server).
    Raises RuntimeError naming the package when it is not installed as a folder of files (Voila serves a folder).
    """
    parent = importlib.util.find_spec(package.rpartition(".")[0])  # a top-level package: found, not run
    spec = None
    if parent is not None and parent.submodule_search_locations is not None:
        # What the import system does for a submodule, minus importing the parent first.
        for finder in sys.meta_path:
            find_spec = getattr(finder, "find_spec", None)
            spec = find_spec(package, parent.submodule_search_locations) if find_spec else None
            if spec is not None:
                break
    if spec is None or spec.submodule_search_locations is None:
        raise RuntimeError(f"{package}: not installed (reinstall rules-tutor)")
    folder = importlib.resources.files(importlib.util.module_from_spec(spec))
    if not isinstance(folder, Path) or not folder.is_dir():
        raise RuntimeError(f"{package}: must be installed as a folder of files, found {folder!r}")
    return folder


NOTEBOOKS_DIR = shipped_folder(NOTEBOOKS_PACKAGE)
# A Jupyter data directory of our own (package data of `tutor`); it holds the "tutor" Voila template.
SHARE_DIR = Path(__file__).resolve().parent / "share" / "jupyter"


def landing_url(port: int, host: str = HOST, token: str | None = None) -> str:
    """The URL to open: ``http://host:port/`` (with ``?token=...`` when the server needs a token)."""
    return f"http://{host}:{port}/" + (f"?token={token}" if token else "")


def new_token() -> str:
    """A fresh random token for ``--network`` (about 256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    from tutor.core.errors import bounded_parser_class  # (the engine is imported by then: rules-tutor or -m)
    from tutor.core.seeds import whole_arg
    parser = bounded_parser_class()(
        prog="rules-tutor serve",
        description="Serve the Rules Tutor notebooks with Voila on "
        f"{HOST} (landing page: notebooks/{LANDING_NOTEBOOK}).",
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=int(os.environ.get("PORT") or DEFAULT_PORT),
        help=f"port to listen on (default: $PORT or {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--no-browser",
        action="store_true",
        help="accepted for compatibility; no browser is ever opened",
    )
    parser.add_argument(
        "--pool",
        type=whole_arg,
        default=LEARN_POOL,
        metavar="N",
        help=f"pre-heated kernels kept ready for notebooks/{LEARN_NOTEBOOK} (default {LEARN_POOL}; "
        "for a class, about the number of learners arriving together)",
    )
    parser.add_argument(
        "--page-pool",
        type=whole_arg,
        default=PAGE_POOL,
        metavar="N",
        help=f"pre-heated kernels kept ready for each of {', '.join(HEAVY_NOTEBOOKS)} (default {PAGE_POOL}; "
        "0 to start their kernels only when asked, as for the other pages)",
    )
    parser.add_argument(
        "--network",
        action="store_true",
        help=f"serve to other machines: bind {NETWORK_HOST} and require a random "
        "token (printed in the URL); without it only this machine can connect",
    )
    parser.add_argument(
        "--host-name",
        action="append",
        default=[],
        metavar="NAME",
        help="with --network: a host name learners use to reach this machine (e.g. tutor.school.example), accepted "
        "besides its IP addresses and its own host name; repeat for more. Requests naming any other host are refused",
    )
    parser.add_argument(
        "--max-kernels",
        type=whole_arg,
        default=MAX_KERNELS,
        metavar="N",
        help=f"most kernels (open pages, pre-heated ones included) at once (default {MAX_KERNELS}, about 135 MiB each; "
        "for a class, the number of learners plus the pre-heated kernels)",
    )
    args = parser.parse_args(argv)
    if args.pool < 0:
        parser.error("--pool must be 0 or more")
    if args.page_pool < 0:
        parser.error("--page-pool must be 0 or more")
    for flag, value in (("--pool", args.pool), ("--page-pool", args.page_pool), ("--max-kernels", args.max_kernels)):
        if value > KERNELS_LIMIT:
            parser.error(f"{flag} must be at most {KERNELS_LIMIT} (each kernel takes about 135 MiB), got {value}")
    preheated = preheated_kernels(args.pool, args.page_pool)
    if args.max_kernels <= preheated:
        parser.error(f"--max-kernels must be more than the {preheated} pre-heated kernels (1 for the landing page + "
                     f"--pool {args.pool} + {len(HEAVY_NOTEBOOKS)} x --page-pool {args.page_pool}), got {args.max_kernels}")
    if args.host_name and not args.network:
        parser.error("--host-name only applies with --network (without it only this machine can connect)")
    from tutor.core.errors import said  # (here: this module loads on its own, without the tutor package)
    from tutor.webguard import valid_host_name
    names = []
    for name in args.host_name:
        if not valid_host_name(name):
            parser.error(f"--host-name {said(name, 80)}: expected a host name such as tutor.school.example")
        names.append(name.lower().rstrip("."))
    args.host_name = names
    return args


def _port(text: str) -> int:
    """A TCP port number from 1 to 65535, in the digits 0 to 9 (argparse reports anything else, naming ``--port``)."""
    from tutor.core.seeds import whole_arg  # (the engine is imported by then, as in parse_args)
    n = whole_arg(text)
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, got {n}")
    return n


def port_free(host: str, port: int) -> bool:
    """True when ``host:port`` can be bound now (nothing else listens there)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def voila_argv(port: int, *, network: bool = False, token: str | None = None) -> list[str]:
    """Command-line arguments handed to Voila (the same as for `voila ...`).

    Default: bind 127.0.0.1 with no token. ``network=True`` binds 0.0.0.0 and
    needs ``token`` (ValueError without one, or with one shorter than 16
    characters): Voila's token authentication then guards every page.
    """
    if network:
        if not token or len(token) < 16:
            raise ValueError("serving to the network needs a token of at least 16 characters")
        auth = [f"--Voila.ip={NETWORK_HOST}", f"--Voila.token={token}"]
    else:
        if token is not None:
            raise ValueError("a token is only used with --network")
        auth = [f"--Voila.ip={HOST}"]
    return [
        "--no-browser",
        f"--port={port}",
        *auth,
        # Fail instead of silently moving to another port: the URL we print
        # (and the tests' fixture) must be right.
        "--Voila.port_retries=0",
        f"--template={TEMPLATE}",
        "--VoilaConfiguration.preheat_kernel=True",
        str(NOTEBOOKS_DIR),
    ]


def preheated_kernels(learn_pool: int = LEARN_POOL, page_pool: int = PAGE_POOL) -> int:
    """How many kernels `rules-tutor serve` keeps pre-heated (count): 1 for the landing page, ``learn_pool`` for the
    first learn page and ``page_pool`` for each of :data:`HEAVY_NOTEBOOKS`."""
    return 1 + learn_pool + len(HEAVY_NOTEBOOKS) * page_pool


def voila_config(learn_pool: int = LEARN_POOL, page_pool: int = PAGE_POOL):
    """Configuration that has no tidy command-line form (``learn_pool``: pre-heated learn kernels; ``page_pool``:
    pre-heated kernels for each of :data:`HEAVY_NOTEBOOKS`)."""
    from traitlets.config import Config

    config = Config()
    # Pre-heat (see `preheat_kernel` above) the landing notebook, the first learn notebook and HEAVY_NOTEBOOKS: their
    # kernels have built the page before anyone asks. The class-progress page starts a kernel on request.
    from tutor.kernelcap import POOL_ENV

    def pool(name: str, size: int) -> dict:  # each pool's kernels name their notebook (for the heating order)
        return {"pool_size": size, "kernel_env_variables": {POOL_ENV: name}}
    config.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": 0},
        LANDING_NOTEBOOK: pool(LANDING_NOTEBOOK, 1),
        # The first page a newcomer opens from the landing page.
        LEARN_NOTEBOOK: pool(LEARN_NOTEBOOK, learn_pool),
        **{name: pool(name, page_pool) for name in HEAVY_NOTEBOOKS},
    }
    # On a fresh server the six pools heated at once on two cores, and the landing page (the first any visitor
    # asks for) waited for its kernel about 11 s. The landing's kernel heats first, then the first learn page's,
    # then the others (tutor.kernelcap.CappedKernelManager.start_kernel).
    config.CappedKernelManager.heat_first = [LANDING_NOTEBOOK, LEARN_NOTEBOOK]
    # A page's widgets reach it through its cell's output, which the kernel sends on IOPub. nbclient waits only
    # 4 s (its default) for that output once the cell has finished, then drops it: when many kernels start at
    # once (a class opening the page together on a small machine) the server reads their messages late and
    # pages came out empty, with no widgets and no error. Waiting longer costs nothing when the output is prompt.
    config.VoilaExecutor.iopub_timeout = IOPUB_TIMEOUT
    # /voila/tree lists the notebooks. Voila's JupyterLab-based listing fills itself in from the browser after its
    # widget plugins have failed to start (there is no kernel on that page) and on one CI run stayed empty; the
    # classic listing is plain HTML from the server, so it is always complete.
    config.VoilaConfiguration.classic_tree = True
    # The page template and its theme are the tutor's, never the URL's: Voila would otherwise take ?template=lab
    # (pages that load from cdn.jsdelivr.net), ?template=../x (a server error) and ?theme=..., which it writes into
    # the page's HTML unescaped (a link with ?theme=x"><script>... ran its script in the tutor's page).
    config.VoilaConfiguration.allow_template_override = "NO"
    config.VoilaConfiguration.allow_theme_override = "NO"
    # A page's kernel is shut down when the learner navigates away (see _xsrf above), but not when the tab or the
    # browser is closed. Kernels with no page connected are culled once idle this long (pre-heated kernels never:
    # Voila keeps them out of culling); a page still open is never culled (cull_connected off).
    config.MappingKernelManager.cull_idle_timeout = CULL_IDLE_SECONDS
    config.MappingKernelManager.cull_interval = 60
    config.MappingKernelManager.cull_connected = False
    return config


def guard_config(max_kernels: int = MAX_KERNELS, host_names: list[str] | tuple[str, ...] = ()):
    """Configuration of what the server lets a visitor do (``tutor/webguard.py``, ``tutor/kernelcap.py``): the kernel cap (``max_kernels``,
    pre-heated kernels included) and, for ``--network``, the extra host names accepted."""
    from traitlets.config import Config

    config = Config()
    # Voila builds its pre-heating kernel manager on top of this class: every kernel start passes the cap.
    config.VoilaConfiguration.multi_kernel_manager_class = "tutor.kernelcap.CappedKernelManager"
    config.CappedKernelManager.max_kernels = max_kernels
    config.TutorVoila.host_names = list(host_names)
    return config


def _make_app_class():
    """Voila's application with the tutor's extra routes (imported lazily: `--help` and argument errors are fast)."""
    import tornado.web
    from jupyter_server.utils import url_path_join
    from voila.app import Voila

    class LandingRedirect(tornado.web.RedirectHandler):
        def head(self, *args, **kwargs):
            self.get(*args, **kwargs)
    from traitlets import List, Unicode
    from voila.tornado.contentshandler import VoilaContentsHandler
    from voila.tornado.handler import TornadoVoilaHandler as VoilaHandler

    from tutor import kernelcap, webguard

    class XsrfVoilaHandler(VoilaHandler):
        """Voila's page handler that also sets the ``_xsrf`` cookie, so the page can shut its kernel down when the
        learner leaves (without it the request is refused and kernels pile up: voila-dashboards/voila#1458), and
        answers with the "busy" page when the kernel cap leaves no kernel for it."""

        async def prepare(self, *args, **kwargs):
            await super().prepare(*args, **kwargs)
            self.xsrf_token  # noqa: B018 - reading it sets the cookie

        @tornado.web.authenticated
        async def get(self, path=None):
            if webguard.refuse_foreign_page(self) or webguard.refuse_odd_page_path(self, path):  # before any kernel
                return
            km = self.kernel_manager
            km.drop_failed_pool_tasks()  # a pre-heated kernel refused at the cap: start one of the page's own
            if km.no_room((path or "").strip("/")):  # at once: before Voila reads the notebook and builds the page
                self._busy(km.max_kernels, km.kernels_in_use())
                return
            try:
                with km.page_request():  # the kernel this page is given is kept for it until its browser connects
                    await super().get(path=path)
            except kernelcap.KernelCapReached as busy:
                if self._headers_written:  # never: the kernel is started before the page's first byte
                    raise
                self._busy(busy.max_kernels, busy.in_use)
                return
            km.refill_pools_if_room()

        def _busy(self, max_kernels: int, in_use: int) -> None:
            self.clear()
            self.set_status(503, "Rules Tutor is busy")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.set_header("Retry-After", "10")
            self.finish(kernelcap.busy_page(max_kernels, in_use))

    from voila.static_file_handler import TemplateStaticFileHandler
    webguard.guard_template_static_files(TemplateStaticFileHandler)  # /voila/templates/x: 404, not HTTP 500
    # A traceback from a page's malformed widget message goes to the server's log, not to the browser.
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    webguard.withhold_comm_tracebacks(ZMQChannelsWebsocketConnection)
    from jupyter_server.services.kernels.handlers import KernelHandler
    from tutor import pagegone, wsframes
    wsframes.refuse_malformed_frames(ZMQChannelsWebsocketConnection)  # a malformed frame: one log line, dropped
    wsframes.limit_connections(ZMQChannelsWebsocketConnection)  # 300 websockets to a kernel: out of files
    pagegone.install(ZMQChannelsWebsocketConnection)  # a page gone: its kernel is told; late writes dropped quietly
    kernelcap.note_kernel_questions(KernelHandler)  # a page asking about its kernel is still loading: kept for it

    def _with_xsrf_cookie(route):
        if isinstance(route, tuple) and len(route) >= 2 and route[1] is VoilaHandler:
            return (route[0], XsrfVoilaHandler, *route[2:])
        return route

    class TutorVoila(Voila):
        host_names = List(Unicode(), config=True,
                          help="Host names accepted besides loopback ones (with --network, see tutor/webguard.py).")

        def init_settings(self) -> dict:
            settings = super().init_settings()  # creates the kernel manager
            self.kernel_manager.watch_pool_handouts()
            self.kernel_manager.guard_pool_shutdowns()  # a closing tab's shutdown works with a refill refused at the cap
            # Every Jupyter handler sends these besides its "frame-ancestors 'self'" policy: only the tutor's own
            # pages may frame a page.
            settings.setdefault("headers", {}).update(webguard.FRAME_HEADERS)
            return settings

        def listen(self) -> None:
            # Voila has built its tornado application: put the Host check in front of all its routes.
            network = self.ip == NETWORK_HOST
            names = set(webguard.LOOPBACK_NAMES)
            if network:
                names |= {n.lower().rstrip(".") for n in (socket.gethostname(), socket.getfqdn()) if n}
                names |= {n.lower().rstrip(".") for n in self.host_names}
            webguard.insert_host_guard(self.app, port=self.port, names=frozenset(names), any_address=network)
            # Before the Host check: a 100 KB address gets a small 414 (tornado's 64 KiB limit dropped the connection).
            webguard.insert_size_guard(self.app)
            listen = self.app.listen
            self.app.listen = lambda port, address="", **kwargs: listen(
                port, address, **{**webguard.server_limits(), **kwargs})
            super().listen()

        def init_handlers(self) -> list:
            # "/" -> landing notebook. It goes first: tornado takes the first matching route, and Voila maps "/" to
            # its tree page (which stays at /voila/tree).
            landing = url_path_join(self.base_url, "voila/render", LANDING_NOTEBOOK)
            redirect = (
                url_path_join(self.server_url, "/"),
                LandingRedirect,
                {"url": landing, "permanent": False},
            )
            # Voila's contents API is its JupyterLab tree page's (ours is classic); it gave every notebook's source: 404
            kept = [h for h in super().init_handlers() if not (len(h) > 1 and h[1] is VoilaContentsHandler)]
            return [redirect] + [_with_xsrf_cookie(h) for h in kept]

        def start(self) -> None:
            import tornado.ioloop

            # Runs once the server listens (Voila starts the loop last).
            tornado.ioloop.IOLoop.current().add_callback(self._announce)
            super().start()

        def _announce(self) -> None:
            token = self.token or None
            if self.ip == NETWORK_HOST:
                print(f"Rules Tutor is serving to the network (token required) at "
                      f"{landing_url(self.port, socket.gethostname(), token)}", flush=True)
                print(f"On this machine: {landing_url(self.port, HOST, token)}", flush=True)
            else:
                print(f"Rules Tutor is running at {landing_url(self.port, self.ip, token)}", flush=True)
            print("Press Ctrl+C to stop.", flush=True)

    return TutorVoila


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not (NOTEBOOKS_DIR / LANDING_NOTEBOOK).is_file():
        print(f"rules-tutor serve: {NOTEBOOKS_DIR / LANDING_NOTEBOOK} not found", file=sys.stderr)
        return 2

    host = NETWORK_HOST if args.network else HOST
    if not port_free(host, args.port):
        print(f"rules-tutor serve: error: port {args.port} on {host} is in use (another server?); choose another "
              "with --port N", file=sys.stderr)
        return 2

    # The progress database is made (or brought up to date) here, once, before any kernel opens it.
    # imported here, not at the top: deploy/singleuser_config.py loads this file on its own to find the notebooks,
    # without the engine (tests/test_package.py)
    from tutor.progress.database import default_url, describe_url, prepare as prepare_database
    why = prepare_database()
    if why is not None:
        print(f"rules-tutor serve: note: the progress database ({describe_url(default_url())}) cannot be used "
              f"({why}); the pages will say so and keep progress only while they are open", file=sys.stderr)

    # Voila looks its templates up in the Jupyter data path: add ours first.
    jupyter_path = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        [str(SHARE_DIR)] + ([jupyter_path] if jupyter_path else [])
    )

    app_class = _make_app_class()
    try:
        config = voila_config(args.pool, args.page_pool)
        config.merge(guard_config(args.max_kernels, args.host_name))
        app = app_class.instance(config=config)
        token = new_token() if args.network else None
        app.initialize(voila_argv(args.port, network=args.network, token=token))
        app.start()
    except SystemExit as exc:  # Voila exits this way, e.g. port in use
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
