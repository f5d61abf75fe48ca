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


#: The only imports of the engine or the views made inside a function (issue #17: imports at the top of modules), each
#: for a reason other than a cycle (there is none: test_no_module_import_cycles counts these imports too), as
#: ``{module file: {imported module: why}}``.
LATE_IMPORTS = {
    "tutor/__init__.py": {"interactions": "networkx and the FAQ index only when a graph is asked for"},
    "tutor/bench.py": {m: "the command line starts quick" for m in ("tutor", "transcript", "registry")},
    "tutor/cli.py": {m: "the command line starts quick (`--version`, `serve` import no engine part they do not use)"
                     for m in ("tutor", "conformance", "transcript", "bots", "scenario", "serve", "bench")},
    "tutor/interactions_cards.py": {m: "a game's package only when its cards are read (tutor.registry: a page "
                                       "imports only the games it uses)"
                                    for m in ("games.restless_spirits.cards", "games.restless_spirits.game",
                                              "games.restless_spirits.ongoing", "games.spirited.game",
                                              "games.spirit_duels.cards", "games.spirit_duels.loading")},
    "tutor/serve.py": {m: "deploy/singleuser_config.py loads tutor/serve.py on its own, importing no engine "
                          "(tests/test_package.py); the server's own parts and the database when the server starts"
                       for m in ("tutor.core.errors", "tutor.core.seeds", "tutor.webguard", "tutor.kernelcap", "tutor",
                                 "tutor.progress.database")},
    **{f: {"tutor.progress": "SQLAlchemy when a learner's progress is first needed: a page's first picture does not "
                             "wait for it"}
       for f in ("widgets/kernel_timing.py", "widgets/lesson_runner.py", "widgets/lessons.py")},
}


def _late_imports(path: Path) -> set[str]:
    """The engine/view modules ``path`` imports inside a function (relative ones without their dots)."""
    import ast
    late = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and (inner.level or (inner.module or "").startswith(
                        ("tutor", "widgets"))):
                    late.add(inner.module or inner.names[0].name)
                elif isinstance(inner, ast.Import):
                    late.update(a.name for a in inner.names if a.name.split(".")[0] in ("tutor", "widgets"))
    return late


def test_imports_at_the_top():
    """Every module of tutor/ and widgets/ imports the engine and the views at its top, except the few listed in
    :data:`LATE_IMPORTS` with their reason; no module of the core or of a game at all (the way a cycle is dodged)."""
    late, stale = {}, {}
    for path in sorted([*(ROOT / "tutor").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]):
        name = str(path.relative_to(ROOT))
        found, allowed = _late_imports(path), set(LATE_IMPORTS.get(name, {}))
        if found - allowed:
            late[name] = sorted(found - allowed)
        if allowed - found:
            stale[name] = sorted(allowed - found)
    assert late == {} and stale == {}
    assert not any(f.startswith(("tutor/core/", "tutor/games/")) for f in LATE_IMPORTS)


def test_every_module_is_under_500_lines():
    """Issue #17: the largest file of ``tutor/`` and ``widgets/`` is under 500 lines (a module says one thing)."""
    modules = sorted([*(ROOT / "tutor").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")])
    long = {str(p.relative_to(ROOT)): n for p in modules
            if (n := len(p.read_text(encoding="utf-8").splitlines())) >= 500}
    assert long == {}
