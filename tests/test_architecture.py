"""The codebase keeps its shape: small modules, no import loops, Flask only in the web, views
that never write to the database nor open a transaction themselves, one name for one job.

Everything here reads the source (ast); nothing is imported, so a loop that would only
bite at import time in some order, or inside a function, is still seen. Each failure
says which file and line to change.
"""

from __future__ import annotations

import ast
import collections
import io
import itertools
import keyword
import re
import sys
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

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
#: Calls and statements that open or end a transaction (a read's snapshot too): the layers
#: below the web own them, a view only hands on what they give it.
TRANSACTION_CALLS = {"begin", "commit", "rollback", "transaction", "atomic", "savepoint"}
TRANSACTION_SQL = re.compile(r"\s*(begin|commit|rollback|end|savepoint|release)\b", re.IGNORECASE)
#: Module names used in more than one package, and the one job each means in all of them
#: ("a name used in two packages means the same job in both").
SHARED_NAMES = {
    "all_games": "every game in one file (transfer: the file; web: its download and import; "
    "cli: export-all and import-all)",
    "chart": "the running totals' chart (screen: drawn; presentation: a stored game's, kept)",
    "compare": "a game under other rules (house_rules: what changed; presentation: the page)",
    "docs": "the documents shown under /docs (presentation: the page; web: the route)",
    "errors": "this package's errors",
    "games": "games and their changes (storage: rows; service: every change; web: a game's life)",
    "new_game": "New game (presentation: the page; web: reading its form)",
    "nights": "club nights (storage: rows; service: every change; presentation: the pages; "
    "web: their routes; sheets: their cards and results on paper; cli: `scorekeeper night`)",
    "paper": "a game typed in from its paper sheet (rules: a row checked; screen: the grid "
    "both the server and the phone answer with; presentation: the page; web: its routes)",
    "photos": "a photographed sheet taken in (service: read, its game found or started; web: "
    "the page that sends it)",
    "players": "the family's players and their stats (storage, presentation, web)",
    "results": "each game's results kept beside it (storage: rows; standings: kept current)",
    "rules_pages": "the rules pages (presentation: the pages; web: the routes)",
    "sheet_links": "a printed sheet's QR code and code (presentation: what they carry, signed; "
    "web: where they lead)",
    "trust": "trusting the server's authority (presentation, web: /trust; cli: the command)",
}
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
    # A night's model and rules are pure: the rules of the game below them, nothing else.
    assert rules["night"] == ({"rules"}, set()), "the night is pure: rules only"
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


def transactions_begun(path: Path) -> list[str]:
    """Return each call or statement in the file that opens or ends a transaction."""
    found = []
    calls = ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    for node in sorted(calls, key=lambda node: getattr(node, "lineno", 0)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        method = node.func.attr
        if method in TRANSACTION_CALLS:
            found.append(f"{node.lineno}: .{method}(...)")
        elif method in EXECUTE_CALLS and node.args:
            sql = node.args[0]
            if isinstance(sql, ast.Constant) and TRANSACTION_SQL.match(str(sql.value)):
                found.append(f"{node.lineno}: .{method}({sql.value.strip()!r})")
    return found


def long_modules(root: Path, package: str, most: int = MAX_LINES) -> list[str]:
    """Return each module of the package longer than `most` lines, as `path: N lines`."""
    found = []
    for path in sorted((root / package).rglob("*.py")):
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > most:
            found.append(f"{path.relative_to(root)}: {count} lines")
    return found


def names_shared(root: Path, package: str) -> dict[str, list[str]]:
    """Return each module name (not `__init__`, `__main__`) found in more than one package."""
    where: dict[str, list[str]] = collections.defaultdict(list)
    for path in sorted((root / package).rglob("*.py")):
        if not path.stem.startswith("__"):
            where[path.stem].append(str(path.parent.relative_to(root)))
    return {name: places for name, places in where.items() if len(places) > 1}


def test_no_module_is_over_the_most_lines() -> None:
    long = long_modules(REPO, PACKAGE)
    assert not long, f"Split these modules (at most {MAX_LINES} lines each):\n" + "\n".join(long)


def test_views_open_no_transactions() -> None:
    files = sorted((REPO / "scorekeeper" / "web").glob("*.py"))
    wrong = [
        f"{path.relative_to(REPO)}:{found}" for path in files for found in transactions_begun(path)
    ]
    assert not wrong, (
        "Views open or end transactions themselves; let the service layer or transfer/ own "
        "the transaction and hand the view what it needs:\n" + "\n".join(wrong)
    )


def test_a_name_used_in_two_packages_means_one_job() -> None:
    shared = names_shared(REPO, PACKAGE)
    unexplained = {name: places for name, places in shared.items() if name not in SHARED_NAMES}
    assert not unexplained, (
        "These module names are used in several packages: give each job its own name, or "
        f"say in SHARED_NAMES the one job the name means everywhere: {unexplained}"
    )
    stale = sorted(set(SHARED_NAMES) - set(shared))
    assert not stale, f"SHARED_NAMES explains names no longer shared: {stale}"


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


def test_the_line_counter_finds_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "inner").mkdir(parents=True)
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * 5)
    (tmp_path / "pkg" / "inner" / "long.py").write_text("x = 1\n" * 7)
    assert long_modules(tmp_path, "pkg", most=6) == ["pkg/inner/long.py: 7 lines"]


def test_the_transaction_finder_sees_a_snapshot_begun(tmp_path: Path) -> None:
    view = tmp_path / "view.py"
    view.write_text(
        "def stream(db):\n"
        "    db.execute('BEGIN')\n"
        "    db.execute('select 1')\n"
        "    db.conn.rollback()\n"
        "    with db.atomic():\n"
        "        pass\n"
        "    db.execute(' commit')\n"
    )
    assert transactions_begun(view) == [
        "2: .execute('BEGIN')",
        "4: .rollback(...)",
        "5: .atomic(...)",
        "7: .execute('commit')",
    ]


def test_the_name_finder_sees_a_name_in_two_packages(tmp_path: Path) -> None:
    for path in ("pkg/a/__init__.py", "pkg/a/schema.py", "pkg/b/__init__.py", "pkg/b/schema.py"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("")
    (tmp_path / "pkg" / "b" / "own.py").write_text("")
    assert names_shared(tmp_path, "pkg") == {"schema": ["pkg/a", "pkg/b"]}


#: The README's map of the code: the block under "## Where things are".
MAP_HEADING = "## Where things are"
#: A line of the map that names a folder: "scorekeeper/rules/   …", "templates/ static/   …".
MAP_ENTRY = re.compile(r"^((?:[\w.]+/[\w./]*\s)+)\s*", re.MULTILINE)
#: A file the map names: "game.py", "web/table.py", "templates/screen/".
MAP_FILE = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w-]+\.(?:py|js|md|html))\b")


def code_map(readme: str) -> dict[tuple[str, ...], str]:
    """Return the README map's entries: the folders each names, and the words beside them."""
    block = readme.split(MAP_HEADING, 1)[1].split("```", 2)[1]
    entries: dict[tuple[str, ...], str] = {}
    folders: tuple[str, ...] = ()
    for line in block.splitlines():
        found = MAP_ENTRY.match(line)
        if found and not line.startswith(" "):
            folders = tuple(found.group(1).split())
            entries[folders] = line[found.end() :]
        elif folders:
            entries[folders] += " " + line.strip()
    return entries


def map_mismatches(root: Path, package: str, readme: str) -> list[str]:
    """Return what the README's map says that the tree does not bear out, and each package it
    leaves out. A file it names must be in (or below) one of the folders beside it."""
    entries = code_map(readme)
    wrong = []
    named_folders = {folder for folders in entries for folder in folders}
    packages = {f"{package}/{path.parent.name}/" for path in (root / package).glob("*/__init__.py")}
    wrong += [f"the map leaves out {name}" for name in sorted(packages - named_folders)]
    for folders, words in entries.items():
        missing = [folder for folder in folders if not (root / folder).exists()]
        wrong += [f"the map names {folder}, which is not there" for folder in missing]
        if missing:
            continue
        for named in MAP_FILE.findall(words):
            if not _named_file_is_there(root, folders, named):
                wrong.append(f"the map's {' '.join(folders)} names {named}, which is not there")
    return wrong


def _named_file_is_there(root: Path, folders: tuple[str, ...], named: str) -> bool:
    """Say whether a file the map names is below one of its folders, or under `scorekeeper/`
    or the top when written as a path ("web/table.py", "templates/screen/")."""
    if any((root / top / named).exists() for top in ("scorekeeper", ".")):
        return True
    return any(
        (root / folder / named).exists() or any((root / folder).rglob(named))
        for folder in folders
        if (root / folder).is_dir()
    )


def test_the_readmes_map_of_the_code_matches_the_tree() -> None:
    wrong = map_mismatches(REPO, PACKAGE, (REPO / "README.md").read_text(encoding="utf-8"))
    assert not wrong, "README.md's map of the code is out of date:\n" + "\n".join(wrong)


def test_the_map_checker_sees_a_missing_package_and_a_stale_file(tmp_path: Path) -> None:
    for path in ("pkg/a/__init__.py", "pkg/a/kept.py", "pkg/b/__init__.py"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("")
    readme = (
        "# X\n\n## Where things are\n\n```\n"
        "pkg/a/    the a things: kept.py and gone.py,\n"
        "          and more of them (kept.py again)\n"
        "pkg/c/    nothing\n"
        "```\n"
    )
    assert map_mismatches(tmp_path, "pkg", readme) == [
        "the map leaves out pkg/b/",
        "the map's pkg/a/ names gone.py, which is not there",
        "the map names pkg/c/, which is not there",
    ]


# No code written twice: runs of lines that repeat, to the letter or in shape.

#: How many lines that count, one after another, make a repeat.
REPEAT_LINES = 6
#: A line of nothing but these says nothing on its own (a call's or a literal's close).
BRACKETS = {"(", ")", "[", "]", "{", "}", ",", ":"}
#: Keywords that are values: shaped as names are.
VALUE_KEYWORDS = {"True", "False", "None"}
#: The tokens that open and close an f-string, where it is several (Python 3.12 on).
FSTRING_START = getattr(tokenize, "FSTRING_START", None)
FSTRING_END = getattr(tokenize, "FSTRING_END", None)
#: Tokens that are not code: comments, line breaks inside a statement, indents.
NOT_CODE = {tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}


def _statements(source: str) -> Iterator[list[tokenize.TokenInfo]]:
    """Yield each statement's tokens (a logical line), comments and line breaks left out."""
    tokens: list[tokenize.TokenInfo] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            if tokens:
                yield tokens
            tokens = []
        elif token.type not in NOT_CODE:
            tokens.append(token)


def _shapes(statement: list[tokenize.TokenInfo]) -> list[tuple[int, str]]:
    """Return the shape of each token of a statement, with the line it starts on."""
    shapes = []
    brackets = fstring = 0
    for place, token in enumerate(statement):
        kind, text = token.type, token.string
        if fstring:
            fstring += (kind == FSTRING_START) - (kind == FSTRING_END)
            continue
        if kind == FSTRING_START:
            fstring, shape = 1, "STR"
        elif kind == tokenize.STRING:
            shape = "STR"
        elif kind == tokenize.NUMBER:
            shape = "NUM"
        elif kind == tokenize.NAME:
            follows = statement[place + 1].string if place + 1 < len(statement) else ""
            argument = brackets and follows == "=" and statement[place - 1].string in ("(", ",")
            keeps = keyword.iskeyword(text) and text not in VALUE_KEYWORDS
            shape = text if keeps or argument else "NAME"
        else:
            brackets += (text in ("(", "[", "{")) - (text in (")", "]", "}"))
            shape = text
        shapes.append((token.start[0], shape))
    return shapes


class Line(NamedTuple):
    """A line of code that counts toward a repeat: where it is, and its shape."""

    number: int
    shape: str
    statement: int  #: which statement of the file it belongs to, counting from 0


def line_shapes(source: str) -> list[Line]:
    """Return each line of code that counts toward a repeat, with its shape.

    A line's shape is its tokens (`tokenize`): each name written NAME (True, False and
    None too), each string (an f-string too) STR, each number NUM, and the rest as it is:
    keywords (`if`, `return`), operators, brackets, and the name of a keyword argument
    (`deal=` in a call, a parameter's with a default), which is the callee's word, so calls
    that pass other arguments differ. Dropped: comments and blank lines; whole statements
    that are strings alone (docstrings), imports, decorators, and declarations of a name
    with its type on one line (`name: type`, `name: type = value`: a dataclass's fields);
    lines of nothing but brackets, commas and colons, and lines of nothing but strings (a
    sentence's words spread over lines say nothing of the code); and a line of the same shape as the
    line kept before it (a list's items count once). A token is on the line it starts on.
    """
    lines: dict[int, list[str]] = collections.defaultdict(list)
    statement_of: dict[int, int] = {}
    for index, statement in enumerate(_statements(source)):
        first, second = statement[0], statement[1].string if len(statement) > 1 else ""
        named = first.type == tokenize.NAME and not keyword.iskeyword(first.string)
        declares = named and second == ":" and statement[-1].end[0] == first.start[0]
        if first.string in ("import", "from", "@") or declares:
            continue
        shapes = _shapes(statement)
        if {shape for _, shape in shapes} == {"STR"}:
            continue
        for line, shape in shapes:
            lines[line].append(shape)
            statement_of.setdefault(line, index)
    kept: list[Line] = []
    for number, tokens in sorted(lines.items()):
        shape = " ".join(tokens)
        if not set(tokens) <= BRACKETS | {"STR"} and not (kept and kept[-1].shape == shape):
            kept.append(Line(number, shape, statement_of[number]))
    return kept


def repeated_runs(folder: Path, root: Path, *, length: int = REPEAT_LINES) -> list[str]:
    """Return each pair of places in the folder's Python files where `length` or more lines
    that count stand in the same shape (`line_shapes`), as `file:line ↔ file:line` (the
    first line of each run, the files named from `root`).

    Two runs inside one statement are rows of one table (a dict of rulesets, a tuple of
    variants), not code written twice: they are not compared.
    """
    shapes = {
        path.relative_to(root).as_posix(): line_shapes(path.read_text(encoding="utf-8"))
        for path in sorted(folder.rglob("*.py"))
    }
    starts: dict[tuple[str, ...], list[tuple[str, int]]] = collections.defaultdict(list)
    for name, lines in shapes.items():
        for start in range(len(lines) - length + 1):
            window = tuple(line.shape for line in lines[start : start + length])
            starts[window].append((name, start))
    pairs = []
    for places in starts.values():
        for (one, i), (other, j) in itertools.combinations(places, 2):
            first, second = shapes[one], shapes[other]
            if one == other and j - i < length:
                continue  # a run that overlaps itself
            if one == other and first[i].statement == second[j + length - 1].statement:
                continue  # rows of one table
            if i and j and first[i - 1].shape == second[j - 1].shape:
                continue  # inside a longer run, named where it starts
            pairs.append(f"{one}:{first[i].number} ↔ {other}:{second[j].number}")
    return sorted(pairs)


def test_the_rules_package_writes_nothing_twice() -> None:
    folder = REPO / PACKAGE / "rules"
    assert len(list(folder.glob("*.py"))) > 10, "scorekeeper/rules has moved"
    twice = repeated_runs(folder, REPO)
    assert not twice, (
        f"These runs of {REPEAT_LINES} or more lines repeat, to the letter or alike but for "
        "names, strings and numbers; write the logic once:\n" + "\n".join(twice)
    )


def test_the_shape_of_a_line_keeps_keywords_and_argument_names_and_drops_what_says_nothing() -> (
    None
):
    source = (
        '"""A docstring."""\n'
        "import json\n"
        "total = add(1, 'a', key=name, value=None)  # a comment\n"
        "\n"
        "@cache\n"
        "def said(points: int = 0) -> str:\n"
        "    if points is None:\n"
        "        return f'{points} points'\n"
        "    return (\n"
        "        points,\n"
        "    )\n"
        "size: int = 3\n"
        "ends = [\n"
        "    'a',\n"
        "    'b',\n"
        "    'c',\n"
        "]\n"
    )
    assert [(line.number, line.shape) for line in line_shapes(source)] == [
        (3, "NAME = NAME ( NUM , STR , key = NAME , value = NAME )"),
        (6, "def NAME ( NAME : NAME = NUM ) -> NAME :"),
        (7, "if NAME is NAME :"),
        (8, "return STR"),
        (9, "return ("),
        (10, "NAME ,"),
        (13, "NAME = ["),
    ]


def test_the_repeat_finder_sees_code_alike_in_shape_and_nothing_else(tmp_path: Path) -> None:
    folder = tmp_path / "pkg"
    folder.mkdir()
    fields = ("name: str", "place: int = 0", "dealer: bool = False", "tricks: list[int]")
    fields = "".join(f"    {field}\n" for field in (*fields, "made: bool | None = None"))
    scored = (
        "def total(scores, bonus):\n"
        '    """Add the scores up."""\n'
        "    points = 0\n"
        "    for score in scores:\n"
        "        if score > 10:\n"
        "            points += score * 2\n"
        "        else:\n"
        "            points -= 1\n"
        "    return points + bonus\n"
    )
    (folder / "a.py").write_text(scored)
    (folder / "b.py").write_text(
        f"from dataclasses import dataclass\n\n\n@dataclass\nclass Seat:\n{fields}\n\n"
        "def tricks(deals, extra):\n"
        "    # The same logic with other names, numbers and no docstring.\n"
        "    taken = 5\n\n"
        "    for deal in deals:\n"
        "        if deal > 3:\n"
        "            taken += deal * 4\n"
        "        else:\n"
        "            taken -= 7\n"
        "    return taken + extra\n"
    )
    # One line in the middle differs in shape: what is left are two runs shorter than six.
    (folder / "c.py").write_text(scored.replace("if score > 10:", "if score > 10 and bonus:"))
    # A dataclass's fields again, two calls that pass other arguments, a table's rows.
    row = ("'{}': dict(", "    cards={},", "    deck='54',", "    board=None,", "    lead=[1],")
    row = "".join(f"    {line}\n" for line in (*row, "    redeal=-1,", "),"))
    rows = "".join(row.format(name, cards) for cards, name in enumerate("abc", 1))
    (folder / "d.py").write_text(
        f"@dataclass\nclass Place:\n{fields}\n\n"
        "def refuse(total, seat):\n"
        "    if total > 10:\n"
        "        raise ValueError(say('too many', most=10, total=total), seat=seat + 1)\n"
        "    if total < 0:\n"
        "        raise ValueError(\n"
        "            say(\n"
        "                'too few',\n"
        "                least=0,\n"
        "                total=total,\n"
        "            ),\n"
        "            seat=seat + 1,\n"
        "        )\n"
        "    raise ValueError(\n"
        "        say(\n"
        "            'too far',\n"
        "            most=10,\n"
        "            total=total,\n"
        "        ),\n"
        "        seat=seat + 1,\n"
        "    )\n\n\n"
        f"TABLE = {{\n{rows}}}\n"
    )
    assert repeated_runs(folder, tmp_path) == ["pkg/a.py:1 ↔ pkg/b.py:13"]
    assert repeated_runs(folder, tmp_path, length=3) == [
        "pkg/a.py:1 ↔ pkg/b.py:13",
        "pkg/a.py:1 ↔ pkg/c.py:1",
        "pkg/a.py:6 ↔ pkg/c.py:6",
        "pkg/b.py:13 ↔ pkg/c.py:1",
        "pkg/b.py:19 ↔ pkg/c.py:6",
    ]
