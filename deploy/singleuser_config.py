"""Jupyter Server config for one learner's server under JupyterHub.

Each learner gets a `jupyterhub-singleuser` server (Jupyter Server + the JupyterHub extension + Voila's server
extension) that opens on the tutor's landing page. The hub passes this file with

    jupyterhub-singleuser --config=/path/to/deploy/singleuser_config.py

(`deploy/jupyterhub_config.py` on one machine; `singleuser.cmd` in `deploy/z2jh-values.yaml` on Kubernetes), so
both deployments serve the same pages as `rules-tutor serve`: the same notebooks folder, landing notebook and
"tutor" page template (no CDN), all taken from `tutor/serve.py`.

What a learner can do there is what the pages need and nothing else (see "What a learner may do" below): their
browser gets the rendered pages and talks to each page's kernel with widget (comm) messages only; the Jupyter REST
API refuses writing contents, starting kernels, sessions, terminals and the rest with 403.

Differences from `rules-tutor serve` (standalone Voila): kernels are not pre-heated (Voila's kernel pools exist only
in the standalone app, so a learner's first page waits for one kernel start), and "/" is redirected to the landing
page by Jupyter Server's `default_url` instead of the tutor's own handler.
"""

import importlib.util
import os
import signal
import sys

from jupyterhub.singleuser.extension import JupyterHubAuthorizer as _JupyterHubAuthorizer


def _tutor_module(name: str):
    """`tutor/<name>.py` of the installed tutor, loaded on its own: importing `tutor.<name>` would import the whole
    engine (`tutor/__init__.py`) into every learner's server, which never uses it (about 8 MB and a second each)."""
    package = importlib.util.find_spec("tutor")  # finds the package without running its __init__
    if package is None or not package.submodule_search_locations:
        raise RuntimeError("the rules-tutor package is not installed in this Python (pip install rules-tutor[hub])")
    path = os.path.join(list(package.submodule_search_locations)[0], f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"_rules_tutor_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # classes defined there (the authorizer) are found by their module's name
    spec.loader.exec_module(module)
    return module


_serve = _tutor_module("serve")
_guard = _tutor_module("webguard")
_cap = _tutor_module("kernelcap")
LANDING_NOTEBOOK, NOTEBOOKS_DIR, SHARE_DIR, TEMPLATE = (
    _serve.LANDING_NOTEBOOK, _serve.NOTEBOOKS_DIR, _serve.SHARE_DIR, _serve.TEMPLATE)

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

# The tutor's pages: the installed tutor's notebooks (tutor._notebooks), opened at the landing notebook. They only
# import the installed `tutor` and `widgets` packages, so nothing is written there (Voila never saves a notebook).
c.ServerApp.root_dir = str(NOTEBOOKS_DIR)
c.ServerApp.default_url = f"/voila/render/{LANDING_NOTEBOOK}"

# The tutor's Voila template (Voila's "lab" template without CDN links), looked up in the Jupyter data path. The
# spawner should put SHARE_DIR first in $JUPYTER_PATH before the server starts (jupyterhub_config.py does; the
# Kubernetes image sets it in its Dockerfile): with JupyterHub's disable_user_config the data path is fixed as the
# server starts, before this file is read. Otherwise setting it here is early enough (Voila reads the path later).
_jupyter_path = os.environ.get("JUPYTER_PATH")
if str(SHARE_DIR) not in (_jupyter_path or "").split(os.pathsep):
    os.environ["JUPYTER_PATH"] = os.pathsep.join([str(SHARE_DIR)] + ([_jupyter_path] if _jupyter_path else []))
c.VoilaConfiguration.template = TEMPLATE
# The rest of `rules-tutor serve`'s Voila configuration (tutor.serve.voila_config), e.g. how long a page waits for
# its widgets' output when many kernels start at once. Its kernel pools only apply to standalone Voila: ignored here.
c.merge(_serve.voila_config())
# No MathJax: under Jupyter Server, Voila's page fetches it from cdnjs.cloudflare.com unless both settings are None,
# as in standalone Voila (and so `rules-tutor serve`); the tutor's pages use no LaTeX. (A plain dict: JupyterHub's
# extension reads this setting as one, and adds its own keys.)
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}

# Learners only need Voila: no JupyterLab, no terminals, no language server. (JupyterLab would not work for them
# anyway: it needs the REST API that LearnerAuthorizer below refuses.)
c.ServerApp.jpserver_extensions.update(
    {"jupyterlab": False, "jupyter_lsp": False, "jupyter_server_terminals": False, "voila.server_extension": True})
c.ServerApp.terminals_enabled = False

# --- What a learner may do: the tutor's pages, nothing else ----------------------------------------------------
# A learner's server is a Jupyter Server, whose REST API would let the learner rewrite the shared notebooks
# (PUT /api/contents/...), start a kernel (POST /api/kernels) and run any code in it. Only what a rendered page needs
# is allowed (tutor/webguard.py: learner_may): its kernel's websocket and a few reads. Contents writes, kernel
# starts/restarts/deletes through the API, sessions, terminals, nbconvert, /files and the rest get 403. Voila starts
# and shuts down the pages' kernels inside the server, which no authorizer stands between.
class LearnerAuthorizer(_JupyterHubAuthorizer):
    """JupyterHub's check (the user may access this server) and then the tutor's list of allowed actions."""

    def is_authorized(self, handler, user, action, resource):
        if not _guard.learner_may(action, resource):
            self.log.warning("Refused for %s: %s on %s (%s %s)", getattr(user, "username", "?"), action, resource,
                             handler.request.method, handler.request.path[:200])
            return False
        return super().is_authorized(handler, user, action, resource)


c.ServerApp.authorizer_class = LearnerAuthorizer

# A page requested by another origin's page without a navigation (an iframe or fetch() from another site, or from
# another port of the class server's host, which browsers count as the same site and send the learner's hub cookie
# to) is refused with 403 before Voila gives it a kernel, as `rules-tutor serve` does (tutor/webguard.py). JupyterHub
# already forbids framing the learner's pages (Content-Security-Policy frame-ancestors 'none').
from voila.tornado.handler import TornadoVoilaHandler as _VoilaPage  # noqa: E402 - Voila's page handler

_guard.refuse_foreign_embeds(_VoilaPage)
# /voila/templates/x (no TEMPLATE/static/FILE shape, an unknown template): 404, not a ValueError (HTTP 500).
from voila.static_file_handler import TemplateStaticFileHandler as _TemplateFiles  # noqa: E402

_guard.guard_template_static_files(_TemplateFiles)
# /voila/api/contents/...: Voila's JupyterLab tree page's API, which no tutor page uses (it lists the folder and gives
# each notebook's source): 404, as from `rules-tutor serve`. (/voila/api/themes and /voila/api/shutdown are the pages'.)
from voila.tornado.contentshandler import VoilaContentsHandler as _VoilaContents  # noqa: E402

_guard.refuse_voila_contents(_VoilaContents)
# A traceback from a page's malformed widget message goes to the server's log, not to the browser.
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection  # noqa: E402

_guard.withhold_comm_tracebacks(ZMQChannelsWebsocketConnection)
# A malformed frame on a page's kernel websocket: dropped with one log line (tutor/wsframes.py), never a traceback.
_frames = _tutor_module("wsframes")
_frames.refuse_malformed_frames(ZMQChannelsWebsocketConnection)
_frames.limit_connections(ZMQChannelsWebsocketConnection)  # a few websockets per kernel: never out of files
# A page's websocket closed: its kernel is told (a learn page gives up its tab mark at once, not 20 s later), and the
# kernel's messages still on their way to it are dropped with one log line, not a WebSocketClosedError traceback.
_tutor_module("pagegone").install(ZMQChannelsWebsocketConnection)
# A page's kernel runs the notebook's own cells, sent by the server; from the browser only the widgets' comm messages
# pass (the list standalone Voila uses): an execute_request on a page's websocket is dropped, never run.
c.MappingKernelManager.allowed_message_types = list(_cap.KERNEL_MESSAGE_TYPES)

# Each GET of a page starts a kernel (about 135 MiB RSS, docs/click-timing.md): at most KERNELS_PER_LEARNER at once per learner. When a page
# needs one more, the kernel idle longest with no page connected (a tab closed without leaving the page) is shut
# down first; when every kernel has a page open, the new page answers 503 "Rules Tutor is busy", saying to close a tab.
KERNELS_PER_LEARNER = 6
c.ServerApp.kernel_manager_class = _cap.CappedKernelManager
c.CappedKernelManager.max_kernels = KERNELS_PER_LEARNER
# A page's kernel is kept for it from the request until its browser connects (tutor/kernelcap.py), never shut down
# to make room for the next page while the page is still loading.
_cap.track_page_requests(_VoilaPage)
from jupyter_server.services.kernels.handlers import KernelHandler as _KernelHandler  # noqa: E402

_cap.note_kernel_questions(_KernelHandler)

# A page left open in a closed laptop keeps a kernel: shut kernels down after 20 idle minutes, so one learner's
# server does not pile up kernels (the hub's idle culler stops whole servers later, see jupyterhub_config.py).
c.MappingKernelManager.cull_idle_timeout = 20 * 60
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = True

# Jupyter Server refuses to run as root unless told to. That only happens with SimpleLocalProcessSpawner on a hub
# started as root (CI, a container); LocalProcessSpawner and Kubernetes run learners' servers as other users.
if hasattr(os, "geteuid") and os.geteuid() == 0:
    c.ServerApp.allow_root = True

# JupyterHub stops a learner's server (hub shutdown, idle culler, "Stop My Server") with SIGINT first. With no
# terminal, Jupyter Server leaves SIGINT to Python, so the server quits at once and its kernels only exit when they
# notice their parent is gone. Treat SIGINT as SIGTERM, which shuts the kernels down before the server stops.
# (Only in a server started by JupyterHub, never in a process that merely reads this file, like the tests.)
if "JUPYTERHUB_API_TOKEN" in os.environ and not (sys.stdin and sys.stdin.isatty()):
    signal.signal(signal.SIGINT, lambda signum, frame: os.kill(os.getpid(), signal.SIGTERM))
