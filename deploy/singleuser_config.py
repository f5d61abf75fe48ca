"""Jupyter Server config for one learner's server under JupyterHub.

Each learner gets a `jupyterhub-singleuser` server (Jupyter Server + the JupyterHub extension + Voila's server
extension) that opens on the tutor's landing page. The hub passes this file with

    jupyterhub-singleuser --config=/path/to/deploy/singleuser_config.py

(`deploy/jupyterhub_config.py` on one machine; `singleuser.cmd` in `deploy/z2jh-values.yaml` on Kubernetes), so
both deployments serve the same pages as `rules-tutor serve`: the same notebooks folder, landing notebook and
"tutor" page template (no CDN), all taken from `tutor/serve.py`.

Differences from `rules-tutor serve` (standalone Voila): kernels are not pre-heated (Voila's kernel pools exist only
in the standalone app, so a learner's first page waits for one kernel start), and "/" is redirected to the landing
page by Jupyter Server's `default_url` instead of the tutor's own handler.
"""

import importlib.util
import os
import signal
import sys


def _tutor_serve():
    """`tutor/serve.py` of the installed tutor, loaded on its own: importing `tutor.serve` would import the whole
    engine (`tutor/__init__.py`) into every learner's server, which never uses it (about 8 MB and a second each)."""
    package = importlib.util.find_spec("tutor")  # finds the package without running its __init__
    if package is None or not package.submodule_search_locations:
        raise RuntimeError("the rules-tutor package is not installed in this Python (pip install rules-tutor[hub])")
    path = os.path.join(list(package.submodule_search_locations)[0], "serve.py")
    spec = importlib.util.spec_from_file_location("_rules_tutor_serve", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_serve = _tutor_serve()
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

# Learners only need Voila: no JupyterLab, no terminals, no language server. Set
# "jupyterlab" to True to offer JupyterLab too, at /user/NAME/lab.
c.ServerApp.jpserver_extensions.update(
    {"jupyterlab": False, "jupyter_lsp": False, "jupyter_server_terminals": False, "voila.server_extension": True})
c.ServerApp.terminals_enabled = False

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
