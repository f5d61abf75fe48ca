"""`rules-tutor serve` is local by default; serving to a network needs the explicit --network flag and then a token.

Only argument handling is tested here (in-process): no server is started.
"""
from __future__ import annotations

import pytest

from tutor import serve


def _ip(argv):
    return [a for a in argv if a.startswith("--Voila.ip=")]


def test_default_binds_localhost_without_token():
    args = serve.parse_args([])
    assert args.network is False
    argv = serve.voila_argv(args.port)
    assert _ip(argv) == ["--Voila.ip=127.0.0.1"]
    assert not any("token" in a for a in argv)
    assert not any("0.0.0.0" in a for a in argv)


def test_network_flag_binds_all_interfaces_and_requires_a_token():
    args = serve.parse_args(["--network", "--port", "9000"])
    assert args.network is True and args.port == 9000
    token = serve.new_token()
    argv = serve.voila_argv(args.port, network=True, token=token)
    assert _ip(argv) == ["--Voila.ip=0.0.0.0"]
    assert f"--Voila.token={token}" in argv
    assert "--port=9000" in argv


@pytest.mark.parametrize("token", [None, "", "short"])
def test_network_without_a_real_token_is_refused(token):
    with pytest.raises(ValueError, match="token"):
        serve.voila_argv(8866, network=True, token=token)


def test_token_without_network_is_refused():
    with pytest.raises(ValueError, match="--network"):
        serve.voila_argv(8866, token=serve.new_token())


def test_tokens_are_random_and_url_safe():
    tokens = {serve.new_token() for _ in range(50)}
    assert len(tokens) == 50
    for t in tokens:
        assert len(t) >= 32 and all(c.isalnum() or c in "-_" for c in t)


def test_printed_url_carries_the_token():
    assert serve.landing_url(8866) == "http://127.0.0.1:8866/"
    assert serve.landing_url(8866, "host", "abc") == "http://host:8866/?token=abc"


def test_network_token_reaches_voila_configuration():
    """Voila parses the arguments into its own traits: ip 0.0.0.0 and the token for its identity provider."""
    from voila.app import Voila
    token = serve.new_token()
    app = Voila()
    app.parse_command_line(serve.voila_argv(8123, network=True, token=token))
    assert app.ip == "0.0.0.0" and app.token == token and app.port == 8123
    local = Voila()
    local.parse_command_line(serve.voila_argv(8123))
    assert local.ip == "127.0.0.1" and local.token is None and not local.auto_token


def test_serve_help_mentions_network(capsys):
    with pytest.raises(SystemExit) as ei:
        serve.parse_args(["--help"])
    assert ei.value.code == 0
    assert "--network" in capsys.readouterr().out


def test_kernels_of_closed_pages_are_culled():
    """Closing a tab sends no shutdown: kernels with no page connected are culled once idle (never pre-heated ones,
    never one whose page is still open), and the voila kernel manager picks the setting up from its base class."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    cfg = serve.voila_config()
    assert cfg.MappingKernelManager.cull_idle_timeout == serve.CULL_IDLE_SECONDS == 600
    assert cfg.MappingKernelManager.cull_connected is False
    cls = voila_kernel_manager_factory(AsyncMappingKernelManager, lambda *a, **k: None, False)
    km = cls.__new__(cls)  # its own __init__ needs the Voila app as parent; the traits come from the base class
    AsyncMappingKernelManager.__init__(km, config=cfg)
    assert km.cull_idle_timeout == 600 and km.cull_interval == 60 and km.cull_connected is False
