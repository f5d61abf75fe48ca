"""Fixtures for the progress tests: a throw-away SQLite URL, and a real PostgreSQL server (Debian's ``postgresql``
package, which ``make test`` installs) started in a temporary folder for the test session and stopped after it.

Without PostgreSQL installed the PostgreSQL tests are skipped with the reason, except under ``CI=true``, where they
fail. As root (PostgreSQL refuses to run as root) the server runs as the ``postgres`` system user the package made.
"""
from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parts[4]))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'progress.sqlite'}"


@contextlib.contextmanager
def pg_server():
    """A PostgreSQL server of its own, started in a temporary folder on a free port of 127.0.0.1 and stopped (and its
    folder removed) afterwards. Yields ``(url, postmaster pid)``: ``url`` is
    ``postgresql+psycopg://tutor@127.0.0.1:PORT/postgres``. Skips the test without PostgreSQL (fails under
    ``CI=true``)."""
    bindir = _pg_bin()
    if bindir is None:
        message = ("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl): apt-get install postgresql "
                   "(make test does it when run as root)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    base = Path(tempfile.mkdtemp(prefix="rules-tutor-pg-"))
    user = None
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(base, user.pw_uid, user.pw_gid)

    def as_pg():
        if user is not None:
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)

    def run(*args):
        return subprocess.run([str(bindir / args[0]), *args[1:]], preexec_fn=as_pg, cwd=base, capture_output=True,
                              text=True, timeout=120, env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"})

    port = _free_port()
    data = base / "data"
    done = run("initdb", "-D", str(data), "-A", "trust", "-U", "tutor", "--no-sync", "-E", "UTF8")
    assert done.returncode == 0, done.stdout + done.stderr
    opts = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
    done = run("pg_ctl", "-D", str(data), "-o", opts, "-l", str(base / "log"), "-w", "-t", "60", "start")
    assert done.returncode == 0, done.stdout + done.stderr + (base / "log").read_text(errors="replace")
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql+psycopg://tutor@127.0.0.1:{port}/postgres", pid
    finally:
        run("pg_ctl", "-D", str(data), "-m", "fast", "-w", "-t", "60", "stop")
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url():
    """``postgresql+psycopg://tutor@127.0.0.1:PORT/postgres`` of a server started for the test session."""
    with pg_server() as (url, _pid):
        yield url


@pytest.fixture
def start_postgres():
    """:func:`pg_server`, for a test that needs a server of its own (one it may pause or stop)."""
    return pg_server
