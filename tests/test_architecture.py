"""The codebase keeps its shape: small modules, no import loops, Flask only in the web, views
that never write to the database themselves.

Everything here reads the source (ast); nothing is imported, so a loop that would only
bite at import time in some order, or inside a function, is still seen. Each failure
says which file and line to change.
"""

from __future__ import annotations

import ast
import collections
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

PACKAGE = "scorekeeper"
MAX_LINES = 500
#: The layers below the web: rules, storage, house rules and the service modules.
BELOW_THE_WEB = (
    "scorekeeper.rules",
    "scorekeeper.storage",
    "scorekeeper.house_rules",
    "scorekeeper.games",
    "scorekeeper.rulebook",
    "scorekeeper.scoresheet",
    "scorekeeper.results",
    "scorekeeper.summary",
    "scorekeeper.table_state",
)
#: Modules and packages the layers below the web must not import.
WEB_ONLY = ("flask", "flask_wtf", "flask_limiter", "werkzeug", "scorekeeper.web")
#: Calls that open or end a write to the database; a view asks the service layer instead.
WRITE_CALLS = {"write", "begin", "commit", "transaction"}
EXECUTE_CALLS = {"execute", "executemany", "executescript"}
WRITING_SQL = re.compile(r"\s*(insert|update|delete|replace)\b", re.IGNORECASE)
#: sqlite-utils table writes: `db["games"].insert(...)`, `db.table("games").update(...)`.
TABLE_WRITES = {"insert", "insert_all", "upsert", "upsert_all", "update", "delete", "delete_where"}
#: Packages other people are changing now: a rule they break is named, not fixed here.
NOT_OURS = ("scorekeeper.rules", "scorekeeper.house_rules")
#: Loops shown in full when there are more; the imports most of them share are named too.
SHOW_LOOPS = 12


@dataclass(frozen=True)
class Import:
    """One `import` statement's target: the dotted name as written (resolved), and where."""

    target: str
    path: Path
    line: int


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Return every module of the package under `root`, by dotted name (a package by its own)."""
    modules = {}
    for path in sorted((root / package.replace(".", "/")).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_in(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """Return every import in the file, at any depth (inside functions too), resolved.

    `from X import y` names the submodule X.y when there is one, else X itself (y is
    then something X defines or re-exports, so importing it runs X's __init__).
    """
    is_package = path.name == "__init__.py"
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [Import(alias.name, path, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if is_package else name.split(".")[:-1]
                here = here[: len(here) - node.level + 1]
                base = ".".join([*here, base] if base else here)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append(Import(sub if sub in modules else base, path, node.lineno))
    return found


def own_module(target: str, modules: dict[str, Path]) -> str | None:
    """Return the package's module an import target runs, or None for a module from outside."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or None


def import_graph(root: Path, package: str) -> dict[str, dict[str, Import]]:
    """Return, for each module, the package's modules it imports and the first line doing so.

    Importing a.b.c also runs the packages a and a.b, so those count too, except the
    importer's own packages (they are already being imported when it runs).
    """
    modules = module_files(root, package)
    graph: dict[str, dict[str, Import]] = {}
    for name, path in modules.items():
        edges: dict[str, Import] = {}
        for found in sorted(imports_in(name, path, modules), key=lambda i: i.line):
            target = own_module(found.target, modules)
            if target is None:
                continue
            parts = target.split(".")
            for end in range(1, len(parts) + 1):
                runs = ".".join(parts[:end])
                mine = runs == name or (end < len(parts) and name.startswith(runs + "."))
                if runs in modules and not mine and runs not in edges:
                    edges[runs] = found
        graph[name] = edges
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Return the graph's strongly connected components (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def shortest_path(
    graph: dict[str, set[str]], start: str, goal: Callable[[str], bool], among: set[str]
) -> list[str] | None:
    """Return the shortest chain of imports from `start` to a module `goal` accepts, or None.

    The chain goes only through modules `among` (its end need not be one of them).
    """
    came_from = {start: start}
    queue = collections.deque([start])
    while queue:
        node = queue.popleft()
        if goal(node):
            path = [node]
            while path[-1] != start:
                path.append(came_from[path[-1]])
            return path[::-1]
        if node not in among and node != start:
            continue
        for step in sorted(graph.get(node, ())):
            if step not in came_from:
                came_from[step] = node
                queue.append(step)
    return None


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return import loops enough to show every import that takes part in one.

    For each import inside a loop, the shortest loop through it is a candidate; the
    shortest candidates are kept first, and a longer one only if it shows an import none
    kept so far shows. Each loop starts at its alphabetically first module.
    """
    candidates = set()
    for component in strongly_connected(graph):
        for start in component:
            for nxt in graph.get(start, ()):
                if nxt not in component or nxt == start:
                    continue
                back = shortest_path(graph, nxt, lambda node, s=start: node == s, component)
                assert back is not None, "a strongly connected component has a way back"
                loop = [start, *back[:-1]]
                first = loop.index(min(loop))
                candidates.add(tuple(loop[first:] + loop[:first]))
    shown: set[tuple[str, str]] = set()
    cycles = []
    for loop in sorted(candidates, key=lambda c: (len(c), c)):
        edges = set(itertools.pairwise((*loop, loop[0])))
        if not edges <= shown:
            shown |= edges
            cycles.append(list(loop))
    return cycles


def describe_cycle(cycle: list[str], graph: dict[str, dict[str, Import]], root: Path) -> str:
    """Return a loop as a chain, with the file and line of each import in it."""
    chain = [*cycle, cycle[0]]
    lines = [" -> ".join(chain)]
    for here, there in itertools.pairwise(chain):
        found = graph[here][there]
        lines.append(f"    {found.path.relative_to(root)}:{found.line} imports {found.target}")
    return "\n".join(lines)


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    """Say whether a dotted name is one of the prefixes or inside one of them."""
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


def whose(name: str) -> str:
    """Return a note when a module belongs to someone else's work in progress."""
    if within(name, NOT_OURS):
        return "  [not changed here: someone else is working on this package]"
    return ""


def web_imports_below(
    root: Path, package: str, below_the_web: tuple[str, ...], web_only: tuple[str, ...]
) -> list[tuple[str, str]]:
    """Return (module, what is wrong) for each import by which a layer below reaches the web.

    Directly (`import flask`), or by importing a module of the package that reaches it
    (named at the import leaving the layers, with the shortest chain on from there).
    """
    lines = import_graph(root, package)
    modules = module_files(root, package)
    below = sorted(name for name in modules if within(name, below_the_web))
    web_imports = {
        name: [found for found in imports_in(name, path, modules) if within(found.target, web_only)]
        for name, path in modules.items()
    }
    wrong = []
    for name in below:
        for found in web_imports[name]:
            wrong.append(
                (name, f"{found.path.relative_to(root)}:{found.line} imports {found.target}")
            )
    graph = {name: set(edges) for name, edges in lines.items()}
    for name in below:
        for there in sorted(graph[name] - set(below)):
            chain = shortest_path(graph, there, lambda node: bool(web_imports[node]), set(modules))
            if chain is None:
                continue
            first, last = lines[name][there], web_imports[chain[-1]][0]
            where = f"{first.path.relative_to(root)}:{first.line}"
            wrong.append(
                (
                    name,
                    f"{where} imports {there}, which reaches {last.target}: "
                    f"{' -> '.join(chain)} ({last.path.relative_to(root)}:{last.line} "
                    f"imports {last.target})",
                )
            )
    return wrong


# The checks.


def test_no_module_is_over_500_lines() -> None:
    files = sorted([*(REPO / "scorekeeper").rglob("*.py"), *(REPO / "scripts").rglob("*.py")])
    assert len(files) > 50, "the walk found too few files to be looking in the right place"
    too_long = []
    for path in files:
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > MAX_LINES:
            name = ".".join(path.relative_to(REPO).with_suffix("").parts)
            too_long.append(f"{path.relative_to(REPO)}: {count} lines{whose(name)}")
    assert not too_long, f"Modules over {MAX_LINES} lines; split them:\n" + "\n".join(too_long)


def test_no_import_loops_in_the_package() -> None:
    graph = import_graph(REPO, PACKAGE)
    assert len(graph) > 50 and graph["scorekeeper.web"], "the import graph looks empty"
    cycles = find_cycles({name: set(edges) for name, edges in graph.items()})
    shared = collections.Counter(
        edge for cycle in cycles for edge in itertools.pairwise([*cycle, cycle[0]])
    )
    report = []
    if len(cycles) > 2:
        report.append("The imports in the most loops (one of them may be the mistake):")
        for (here, there), count in shared.most_common(3):
            found = graph[here][there]
            where = f"{found.path.relative_to(REPO)}:{found.line}"
            report.append(f"    {where} imports {there} (in {count} of {len(cycles)} loops)")
    report += [describe_cycle(cycle, graph, REPO) for cycle in cycles[:SHOW_LOOPS]]
    if len(cycles) > SHOW_LOOPS:
        report.append(f"... and {len(cycles) - SHOW_LOOPS} more loops")
    assert not cycles, (
        f"{len(cycles)} import loop(s); make one import in each go to the module that "
        "defines the name (not a package __init__ that imports its submodules):\n"
        + "\n".join(report)
    )


def test_the_layers_below_the_web_do_not_import_flask() -> None:
    modules = module_files(REPO, PACKAGE)
    assert all(low in modules for low in BELOW_THE_WEB), "a layer below the web has moved"
    found = web_imports_below(REPO, PACKAGE, BELOW_THE_WEB, WEB_ONLY)
    wrong = [f"{what}{whose(name)}" for name, what in found]
    assert not wrong, "Flask belongs to scorekeeper.web only:\n" + "\n".join(wrong)


def database_writes(path: Path) -> list[str]:
    """Return each call in the file that writes to the database, as `line: what`."""
    found = []
    calls = ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    for node in sorted(calls, key=lambda node: getattr(node, "lineno", 0)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        method, receiver = node.func.attr, node.func.value
        if method in WRITE_CALLS:
            found.append(f"{node.lineno}: .{method}(...)")
        elif method in EXECUTE_CALLS and node.args:
            sql = node.args[0]
            if isinstance(sql, ast.JoinedStr) and sql.values:
                sql = sql.values[0]
            if isinstance(sql, ast.Constant) and WRITING_SQL.match(str(sql.value)):
                found.append(f"{node.lineno}: .{method}({sql.value.lstrip()[:40]!r}...)")
        elif method in TABLE_WRITES:
            table_call = isinstance(receiver, ast.Call) and getattr(receiver.func, "attr", "")
            if isinstance(receiver, ast.Subscript) or table_call == "table":
                found.append(f"{node.lineno}: a table's .{method}(...)")
    return found


def test_views_leave_writing_to_the_service_layer() -> None:
    files = sorted((REPO / "scorekeeper" / "web").glob("*.py"))
    assert len(files) > 10, "scorekeeper/web has moved"
    wrong = [
        f"{path.relative_to(REPO)}:{write}" for path in files for write in database_writes(path)
    ]
    assert not wrong, (
        "Views write to the database themselves; move each write into the service layer "
        "(scorekeeper/games.py, rulebook.py, results.py ...):\n" + "\n".join(wrong)
    )


# The checks can fail: each finder on made-up input.


def test_the_cycle_finder_finds_a_loop_and_only_a_loop() -> None:
    loop = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"a"}}
    assert find_cycles(loop) == [["a", "b", "c"]]
    assert find_cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    two = {"web": {"web.security", "web.archive"}, "web.security": {"web"}, "web.archive": {"web"}}
    assert find_cycles(two) == [["web", "web.archive"], ["web", "web.security"]]


def test_a_package_init_and_a_submodule_importing_back_are_a_loop(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("THING = 1\n\ndef build():\n    from . import sub\n")
    (package / "sub.py").write_text("from . import THING\nfrom .inner import deep\n")
    (package / "fine.py").write_text("import os\nfrom .sub import THING\n")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "deep.py").write_text("from ..fine import THING\nfrom .. import sub\n")
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.fine"] == {"pkg.sub": Import("pkg.sub", package / "fine.py", 2)}
    assert set(graph["pkg.inner.deep"]) == {"pkg.fine", "pkg.sub"}
    cycles = find_cycles({name: set(edges) for name, edges in graph.items()})
    assert cycles == [
        ["pkg", "pkg.sub"],
        ["pkg.inner.deep", "pkg.sub"],
        ["pkg.fine", "pkg.sub", "pkg.inner.deep"],
    ]
    assert describe_cycle(["pkg", "pkg.sub"], graph, tmp_path) == (
        "pkg -> pkg.sub -> pkg\n    pkg/__init__.py:4 imports pkg.sub\n    pkg/sub.py:1 imports pkg"
    )


def test_the_write_finder_sees_each_kind_of_write(tmp_path: Path) -> None:
    view = tmp_path / "view.py"
    view.write_text(
        "def save(db):\n"
        "    with db.write():\n"
        "        db.execute('  INSERT INTO games VALUES (1)')\n"
        "    db.execute(f'update games set name = {1}')\n"
        "    db.execute('select * from games')\n"
        "    db['games'].insert({'id': 1})\n"
        "    db.table('games').delete_where('id = 1')\n"
        "    headers = {}\n"
        "    headers.update({'a': 'b'})\n"
        "    [].insert(0, 1)\n"
    )
    assert database_writes(view) == [
        "2: .write(...)",
        "3: .execute('INSERT INTO games VALUES (1)'...)",
        "4: .execute('update games set name = '...)",
        "6: a table's .insert(...)",
        "7: a table's .delete_where(...)",
    ]


def test_the_flask_finder_sees_a_direct_and_a_roundabout_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "web" / "__init__.py").write_text("import flask\n")
    (package / "low.py").write_text("import json\nimport werkzeug.utils\n")
    (package / "core.py").write_text("from .low import x\nfrom .helper import y\n")
    (package / "helper.py").write_text("def y():\n    from . import server\n")
    (package / "server.py").write_text("from .web import app\n")
    assert web_imports_below(tmp_path, "pkg", ("pkg.core", "pkg.low"), WEB_ONLY[:-1]) == [
        ("pkg.low", "pkg/low.py:2 imports werkzeug.utils"),
        (
            "pkg.core",
            "pkg/core.py:2 imports pkg.helper, which reaches flask: pkg.helper -> pkg.server"
            " -> pkg.web (pkg/web/__init__.py:1 imports flask)",
        ),
    ]
