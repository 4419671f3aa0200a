"""The project's import graph, read from the sources: no module imports itself through
others (a circle), so each can be read, tested and changed from the bottom up."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("arena", "bench", "bots", "build", "engines", "games", "learn")


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree, name, modules):
    """The project modules that the module ``name`` imports (at any level: a function's
    import closes a circle when it runs, as one at the top does)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # "from package import module" imports the module; "from module import name" the module
            targets = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph():
    paths = [p for package in PACKAGES for p in (ROOT / package).rglob("*.py")]
    modules = {module_name(p): p for p in paths}
    return {name: imported(ast.parse(path.read_text()), name, modules) for name, path in modules.items()}


def circles(graph):
    """Each strongly connected group of two or more modules (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_circles_found_where_there_are_some():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_through_others():
    assert circles(import_graph()) == []



def test_the_arenas_own_games_are_one_table_not_names_in_code():
    """Reversed Reversi (arena/sustech.py) reaches the arena through arena.games.HOSTED
    only: no module outside those two names it."""
    from arena.games import HOSTED, bundle_path, load_referee
    assert {"reversi", "reversi-6", "reversi-12"} <= set(HOSTED)
    assert load_referee("reversi-6").game.size == 6 and bundle_path("reversi-10").name == "reversi_sustech.py"
    naming = [path.relative_to(ROOT).as_posix() for path in (ROOT / "arena").glob("*.py")
              if path.name not in ("games.py", "sustech.py", "sustech_host.py")
              and re.search(r"\bSUSTECH\b|== \"reversi\"", path.read_text())]
    assert naming == []
