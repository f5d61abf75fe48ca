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


#: Packages whose modules still import each other in a circle (issue #17 removes them one by one; the list may only
#: shrink).
STAGED_CYCLES = {"tutor.games.restless_spirits"}


def test_no_module_import_cycles():
    """No module of tutor/ or widgets/ imports itself back through others, the package ``tutor`` itself included
    (import-linter's acyclic contract compares the siblings of a package, not a package with its own modules)."""
    import grimp
    import networkx as nx
    g = grimp.build_graph("tutor", "widgets", cache_dir=None)
    G = nx.DiGraph()
    G.add_nodes_from(g.modules)
    G.add_edges_from((m, i) for m in g.modules for i in g.find_modules_directly_imported_by(m))
    cycles = [sorted(c) for c in nx.strongly_connected_components(G) if len(c) > 1]
    staged = [c for c in cycles if any(c[0].startswith(p + ".") for p in STAGED_CYCLES)
              and all(m.startswith(c[0].rsplit(".", 1)[0] + ".") for m in c)]
    assert [c for c in cycles if c not in staged] == []
    still = {c[0].rsplit(".", 1)[0] for c in staged}
    assert still == STAGED_CYCLES, f"no cycle left in {sorted(STAGED_CYCLES - still)}: take it off STAGED_CYCLES"
