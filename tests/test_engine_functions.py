"""The engines stay readable: no function in engines/ reaches MAX_LINES lines (docstring
included), the hot loops too (engines/bestfirst_plus.py's search walks numbered steps)."""
import ast
from pathlib import Path

ENGINES = Path(__file__).resolve().parent.parent / "engines"
MAX_LINES = 80


def function_lengths(path):
    """{"file:function": lines} of every function and method in the module at ``path``."""
    tree = ast.parse(path.read_text(), str(path))
    return {f"{path.name}:{node.name}": node.end_lineno - node.lineno + 1 for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def test_every_function_in_engines_is_under_the_limit():
    lengths = {}
    for path in sorted(ENGINES.glob("*.py")):
        lengths.update(function_lengths(path))
    assert len(lengths) > 50  # the engines were found
    too_long = {name: lines for name, lines in lengths.items() if lines >= MAX_LINES}
    assert not too_long, f"functions of {MAX_LINES} lines or more: {too_long}"


def test_the_count_sees_a_long_function(tmp_path):
    long = tmp_path / "long.py"
    long.write_text("def long():\n" + "    x = 1\n" * MAX_LINES)
    assert function_lengths(long) == {"long.py:long": MAX_LINES + 1}
