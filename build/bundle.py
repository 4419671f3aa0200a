"""Bundles each bot into one self-contained file: ``dist/<bot>.py``.

stickytape finds the bot's import closure (every project module it imports, directly or
not); this script then writes the modules into the bundle as strings (without comments
and docstrings), served by an in-memory importer. stickytape's own prelude is not used: it writes the modules to a
temporary folder and imports ``os``, and an arena may forbid both.

A bundle must: run with ``python3 -I`` from any folder; write nothing to disk; contain
no ``import os`` (the SUSTech judge rejects it); be ASCII; be at most 100,000
characters; be byte-for-byte reproducible. Every rule broken fails the build, naming the
bundle and the figure.

Usage::

    python build/bundle.py                    # every bots/*.py into dist/
    python build/bundle.py bots/othello.py --name othello_ab --args "--engine alphabeta"

``--args`` bakes default command-line options into the bundle (used when it is started
without any), so that a variant can be pasted into an arena that passes no arguments.
"""

import argparse
import ast
import re
import shlex
import sys
from pathlib import Path

import stickytape

ROOT = Path(__file__).resolve().parent.parent
MAX_CHARS = 100_000
INDENT = re.compile(r"^(?:    )+", re.M)
RUNTIME = "runtime.py"  # bots/runtime.py is what the bots share, not a bot
FORBIDDEN_IMPORT = re.compile(r"^\s*(import\s+os\b|from\s+os\b)|\bimport\s+[\w.,\s]*\bos\b\s*$", re.M)

PRELUDE = '''\
# {name}: a self-contained bot bundled from the project's modules.
# Each module's source is below as a string; an in-memory importer serves them, so the
# bundle writes no file. Run: python3 {name}.py [options] (--help lists them).
import sys as _bundle_sys
import importlib.abc as _bundle_abc
import importlib.util as _bundle_util

_BUNDLED_MODULES = {{
{modules}}}


class _BundleImporter(_bundle_abc.MetaPathFinder, _bundle_abc.Loader):
    def find_spec(self, name, path=None, target=None):
        if name in _BUNDLED_MODULES:
            is_package = _BUNDLED_MODULES[name][0]
            return _bundle_util.spec_from_loader(name, self, is_package=is_package)
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        is_package, filename, source = _BUNDLED_MODULES[module.__name__]
        exec(compile(source, "<bundle>/" + filename, "exec"), module.__dict__)


_bundle_sys.meta_path.insert(0, _BundleImporter())
if len(_bundle_sys.argv) == 1:
    _bundle_sys.argv.extend({baked_args!r})
# ---- the bot's entry script ----
'''


class BuildError(Exception):
    pass


def compact(source, filename):
    """The module without comments and docstrings, re-printed from its syntax tree with
    one space of indentation a level (``ast.unparse`` writes four).

    Bundles carry every engine a bot can choose; the prose stays in the repository.
    ``ast.unparse`` is deterministic, so bundles stay reproducible."""
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    text = ast.unparse(tree)
    narrow = INDENT.sub(lambda match: " " * (len(match.group(0)) // 4), text)
    if ast.dump(ast.parse(narrow)) != ast.dump(ast.parse(text)):  # a string spanning lines
        return text + "\n"
    return narrow + "\n"


def import_closure(entry):
    """{module name: (is_package, relative path, source)} of the entry's project imports."""
    generator = stickytape.ModuleWriterGenerator(sys_path=[str(ROOT)])
    generator.generate_for_file(str(entry), add_python_modules=[])
    modules = {}
    # stickytape keeps what it found in a private dict: {name: (relative path, bytes)}.
    for name, (relative_path, source) in generator._modules.items():
        text = compact(source.decode("utf-8"), relative_path)
        modules[name] = (relative_path.endswith("__init__.py"), relative_path, text)
    return dict(sorted(modules.items()))


def check_entry(entry, text):
    tree = ast.parse(text, str(entry))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise BuildError(f"{entry}: relative imports cannot be bundled (line {node.lineno})")
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            raise BuildError(f"{entry}: 'from __future__' cannot be bundled (line {node.lineno})")


def bundle_text(entry, name, baked_args):
    entry_text = entry.read_text(encoding="utf-8")
    check_entry(entry, entry_text)
    modules = import_closure(entry)
    module_lines = "".join(
        f"    {module!r}: ({is_package!r}, {path!r}, {source!r}),\n"
        for module, (is_package, path, source) in modules.items()
    )
    prelude = PRELUDE.format(name=name, modules=module_lines, baked_args=baked_args)
    return prelude + entry_text


def check_bundle(name, text):
    """The bundle rules; raises BuildError naming the bundle and the figure."""
    problems = []
    if len(text) > MAX_CHARS:
        problems.append(f"{len(text):,} characters, more than the arena's {MAX_CHARS:,}")
    bad = sorted({ch for ch in text if ord(ch) > 127})
    if bad:
        problems.append(f"non-ASCII characters {''.join(bad)!r}")
    match = FORBIDDEN_IMPORT.search(text)
    if match:
        problems.append(f"contains {match.group(0).strip()!r} (the SUSTech judge rejects 'import os')")
    try:
        compile(text, name, "exec")
    except SyntaxError as error:
        problems.append(f"does not compile: {error}")
    if problems:
        raise BuildError(f"dist/{name}.py breaks the bundle rules: " + "; ".join(problems))


def build(entry, out_dir, name=None, baked_args=()):
    entry = Path(entry)
    if not entry.is_file():
        raise BuildError(f"no bot script at {entry}")
    name = name or entry.stem
    text = bundle_text(entry, name, list(baked_args))
    check_bundle(name, text)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}.py"
    target.write_text(text, encoding="ascii")
    return target, len(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Bundle bots into single files.")
    parser.add_argument("bots", nargs="*", help="bot scripts (default: every bots/*.py but the runtime)")
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    parser.add_argument("--name", help="bundle name (one bot only; default: the script's name)")
    parser.add_argument("--args", default="", help="options baked in, used when the bundle gets none")
    options = parser.parse_args(argv)
    bots = [Path(b) for b in options.bots] or sorted(
        path for path in (ROOT / "bots").glob("[!_]*.py") if path.name != RUNTIME)
    if options.name and len(bots) != 1:
        parser.error("--name needs exactly one bot")
    failed = False
    for bot in bots:
        try:
            target, size = build(bot, Path(options.out), options.name, shlex.split(options.args))
        except (BuildError, SyntaxError, UnicodeError) as error:
            print(f"FAILED {bot}: {error}", file=sys.stderr)
            failed = True
            continue
        print(f"{target.relative_to(Path.cwd()) if target.is_relative_to(Path.cwd()) else target}: "
              f"{size:,} characters ({size / MAX_CHARS:.0%} of the limit)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
