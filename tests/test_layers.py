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


def test_no_module_import_cycles():
    """No module of tutor/ or widgets/ imports itself back through others, the package ``tutor`` itself included
    (import-linter's acyclic contract compares the siblings of a package, not a package with its own modules)."""
    import grimp
    import networkx as nx
    g = grimp.build_graph("tutor", "widgets", cache_dir=None)
    G = nx.DiGraph()
    G.add_nodes_from(g.modules)
    G.add_edges_from((m, i) for m in g.modules for i in g.find_modules_directly_imported_by(m))
    assert [sorted(c) for c in nx.strongly_connected_components(G) if len(c) > 1] == []


def test_core_and_games_import_at_the_top():
    """No module of the core or of a game imports another of the engine inside a function (the way a cycle is
    dodged). (Elsewhere, e.g. the command line, a late import only keeps start-up quick: there are no cycles.)"""
    import ast
    late = []
    for path in sorted([*(ROOT / "tutor" / "core").rglob("*.py"), *(ROOT / "tutor" / "games").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and (inner.level or (inner.module or "").startswith("tutor")):
                        late.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert late == []


def test_every_module_is_under_500_lines():
    """Issue #17: the largest file of ``tutor/`` and ``widgets/`` is under 500 lines (a module says one thing)."""
    modules = sorted([*(ROOT / "tutor").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")])
    long = {str(p.relative_to(ROOT)): n for p in modules
            if (n := len(p.read_text(encoding="utf-8").splitlines())) >= 500}
    assert long == {}
