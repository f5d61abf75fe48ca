"""The layering of the engine and the views holds: ``lint-imports`` (import-linter) keeps every contract of
``.importlinter`` (widgets over the public engine, games over the core, no game importing another, no cycles)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept():
    exe = Path(sys.executable).with_name("lint-imports")
    r = subprocess.run([str(exe), "--no-cache", "--config", str(ROOT / ".importlinter")], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    contracts = (ROOT / ".importlinter").read_text().count("[importlinter:contract:")
    assert contracts >= 6 and r.stdout.count(" KEPT") == contracts and "0 broken" in r.stdout, r.stdout
