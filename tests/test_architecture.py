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
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

PACKAGE = "scorekeeper"
MAX_LINES = 500
#: The files the top of the package may hold beside its packages.
TOP_FILES = {"__init__.py", "__main__.py"}
#: How a package's docstring says what it may use: "May import: rules, storage." and
#: "Libraries: sqlite_utils." (import names; "nothing"/"none" for none).
MAY_IMPORT = re.compile(r"^May import: ([^.]*)\.", re.MULTILINE)
LIBRARIES = re.compile(r"^Libraries: ([^.]*)\.", re.MULTILINE)
#: Calls that open or end a write to the database; a view asks the service layer instead.
WRITE_CALLS = {"write", "begin", "commit", "transaction"}
EXECUTE_CALLS = {"execute", "executemany", "executescript"}
WRITING_SQL = re.compile(r"\s*(insert|update|delete|replace)\b", re.IGNORECASE)
#: sqlite-utils table writes: `db["games"].insert(...)`, `db.table("games").update(...)`.
TABLE_WRITES = {"insert", "insert_all", "upsert", "upsert_all", "update", "delete", "delete_where"}
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


def package_rules(root: Path, package: str) -> dict[str, tuple[set[str], set[str]]]:
    """Return, for each package at the top, what its docstring says it may import.

    Each is (the package's own packages it may import, the outside libraries it may
    import), as its `__init__.py` docstring's "May import:" and "Libraries:" lines say.
    A package that says nothing gets None in place of the set.
    """
    rules = {}
    for folder in sorted((root / package).iterdir()):
        init = folder / "__init__.py"
        if not init.is_file():
            continue
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        own = MAY_IMPORT.search(doc)
        libraries = LIBRARIES.search(doc)
        rules[folder.name] = (_names(own), _names(libraries))
    return rules


def _names(found: re.Match[str] | None) -> set[str] | None:
    if found is None:
        return None
    said = re.sub(r"\(.*?\)", "", found.group(1), flags=re.DOTALL)
    words = {word.strip() for word in re.split(r",|\band\b", said)}
    return {word for word in words if word and not word.startswith(("nothing", "none"))}


def layer_breaches(root: Path, package: str) -> list[str]:
    """Return each import that crosses from one top package into another, or into an outside
    library, without the importer's docstring allowing it; and each package that says nothing."""
    rules = package_rules(root, package)
    modules = module_files(root, package)
    wrong = []
    for name, (own, libraries) in rules.items():
        if own is None or libraries is None:
            wrong.append(f"{package}/{name}/__init__.py: say 'May import: …' and 'Libraries: …'")
    for name, path in modules.items():
        parts = name.split(".")
        if len(parts) < 2 or parts[1] not in rules:
            continue
        own, libraries = rules[parts[1]]
        for found in imports_in(name, path, modules):
            target = found.target.split(".")
            where = f"{found.path.relative_to(root)}:{found.line} imports {found.target}"
            if target[0] == package:
                there = target[1] if len(target) > 1 else ""
                if there and there != parts[1] and there not in (own or set()):
                    wrong.append(f"{where}: {parts[1]} may not import {there}")
            elif target[0] not in (*sys.stdlib_module_names, "__future__", *(libraries or ())):
                wrong.append(f"{where}: {parts[1]} does not list {target[0]} as a library")
    return wrong


def test_the_top_of_the_package_holds_packages_only() -> None:
    top = sorted(path.name for path in (REPO / PACKAGE).iterdir() if path.name != "__pycache__")
    loose = [name for name in top if name not in TOP_FILES and not (REPO / PACKAGE / name).is_dir()]
    assert not loose, f"Put these modules in a package that says what it owns: {loose}"
    assert len(package_rules(REPO, PACKAGE)) >= 10, "the packages have moved"


def test_every_package_says_what_it_owns_and_what_it_may_import() -> None:
    for name in package_rules(REPO, PACKAGE):
        doc = ast.get_docstring(ast.parse((REPO / PACKAGE / name / "__init__.py").read_text()))
        assert doc and len(doc.split("\n\n")[0]) > 40, f"{name}: say in a paragraph what it owns"


def test_each_package_imports_only_what_its_docstring_allows() -> None:
    wrong = layer_breaches(REPO, PACKAGE)
    assert not wrong, "Imports a package's docstring does not allow:\n" + "\n".join(wrong)


def test_the_packages_allowed_imports_form_layers() -> None:
    # What the packages say they may import has no loop: each layer sits on those below.
    rules = package_rules(REPO, PACKAGE)
    graph = {name: set(own or ()) for name, (own, _) in rules.items()}
    assert not find_cycles(graph), f"the packages' allowed imports loop: {find_cycles(graph)}"
    assert "flask" in (rules["web"][1] or ()), "the web is where Flask is"
    below = [name for name, (_, libraries) in rules.items() if name != "web"]
    assert not [name for name in below if "flask" in (rules[name][1] or ())]


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
        "(scorekeeper/service/):\n" + "\n".join(wrong)
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


def test_the_layer_finder_sees_what_a_docstring_does_not_allow(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    for name, doc in {
        "low": "Low things, pure.\n\nMay import: nothing.\nLibraries: none.",
        "mid": "Middle things.\n\nMay import: low.\nLibraries: sqlite_utils.",
        "loose": "Says nothing of what it may import.",
    }.items():
        (package / name).mkdir(parents=True)
        (package / name / "__init__.py").write_text(f'"""{doc}"""\n')
    (package / "__init__.py").write_text("")
    (package / "low" / "a.py").write_text("import json\nfrom ..mid import thing\n")
    (package / "mid" / "b.py").write_text(
        "import sqlite_utils\nimport flask\nfrom ..low import a\n"
    )
    assert package_rules(tmp_path, "pkg")["mid"] == ({"low"}, {"sqlite_utils"})
    assert layer_breaches(tmp_path, "pkg") == [
        "pkg/loose/__init__.py: say 'May import: …' and 'Libraries: …'",
        "pkg/low/a.py:2 imports pkg.mid: low may not import mid",
        "pkg/mid/b.py:2 imports flask: mid does not list flask as a library",
    ]
