"""Bundles each bot into one self-contained file: ``dist/<bot>.py``, and each bot that
runs on bots/runtime.py also into ``dist/full/<bot>.py``.

stickytape finds the bot's import closure (every project module it imports, directly or
not); this script then writes the modules into the bundle as strings (without comments
and docstrings), served by an in-memory importer. stickytape's own prelude is not used: it writes the modules to a
temporary folder and imports ``os``, and an arena may forbid both.

The engines (engines/registry.py) and the evaluations (a bot's ``evaluations``) are
imported only where chosen, so stickytape does not see them: this script adds their
modules. ``dist/<bot>.py`` carries those that the bot's default options choose (the
engine ``best`` means, the engine it wraps, its evaluation; with ``--args``, those the
baked options choose), leaving the arena's characters to the bot's code and weights;
asked for another, it stops with one line naming ``dist/full/<bot>.py``, which carries
every engine and evaluation, for local use: switching engines, the arena's engines'
table and tuner.

A bundle must: run with ``python3 -I`` from any folder; write nothing to disk; contain
no ``import os`` (the SUSTech judge rejects it); be ASCII; be at most 100,000
characters; be byte-for-byte reproducible. Every rule broken fails the build, naming the
bundle and the figure. A full bundle keeps every rule but the size: over 100,000
characters it is written with a warning, as no arena runs it.

Usage::

    python build/bundle.py                    # every bots/*.py into dist/ and dist/full/
    python build/bundle.py bots/othello.py --name othello_ab --args "--engine alphabeta"

``--args`` bakes default command-line options into the bundle (used when it is started
without any), so that a variant can be pasted into an arena that passes no arguments.
"""

import argparse
import ast
import contextlib
import importlib.util
import io
import re
import shlex
import sys
from pathlib import Path

import stickytape

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the bots are imported to read what their options choose

from bots import runtime  # noqa: E402
from engines import registry  # noqa: E402

MAX_CHARS = 100_000
FULL = "full"  # the folder, under the output folder, of the bundles that carry every engine
INDENT = re.compile(r"^(?:    )+", re.M)
RUNTIME = "runtime.py"  # bots/runtime.py is what the bots share, not a bot
RUNTIME_MODULE = "bots.runtime"
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
        if name.rpartition(".")[0] in _BUNDLED_MODULES:  # not from an installed copy
            raise ModuleNotFoundError(f"this bundle does not carry {{name}}", name=name)
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

    The prose stays in the repository, leaving the bundle's characters to code and
    weights. ``ast.unparse`` is deterministic, so bundles stay reproducible."""
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


def import_closure(entry, extra=()):
    """{module name: (is_package, relative path, source)} of the entry's project imports
    and of the ``extra`` modules'."""
    generator = stickytape.ModuleWriterGenerator(sys_path=[str(ROOT)])
    generator.generate_for_file(str(entry), add_python_modules=list(extra))
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


def runtime_bot(entry):
    """The ``BOT`` of an entry that runs on the bot runtime (None if it defines none)."""
    spec = importlib.util.spec_from_file_location(f"_bundled_{entry.stem}", entry)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, "BOT", None)


def chosen_modules(entry, bot, baked_args):
    """The modules of the engines and the evaluation that the bot's options choose,
    the baked ones included; BuildError if those options are wrong."""
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            options = runtime.parse_options(bot, list(baked_args))
    except SystemExit:
        raise BuildError(f"{entry}: --args {shlex.join(baked_args)!r}: {errors.getvalue().strip()}") from None
    return [registry.module_of(target) for target in runtime.chosen_targets(bot, options)]


def every_module(bot):
    """The modules of every engine and of every evaluation of the bot."""
    return [registry.module_of(target) for target in [*registry.ENGINES.values(), *bot.evaluations.values()]]


def bundle_texts(entry, name, baked_args):
    """{folder under the output folder: the bundle's text}: "" for the bundle; for a
    bot on the bot runtime, also FULL for the one that carries every engine."""
    entry_text = entry.read_text(encoding="utf-8")
    check_entry(entry, entry_text)
    closure = import_closure(entry)
    bot = runtime_bot(entry) if RUNTIME_MODULE in closure else None
    if bot is None:  # no engine to choose: the closure is the whole bot
        return {"": bundle_text(entry_text, name, closure, baked_args)}
    return {folder: bundle_text(entry_text, name, import_closure(entry, extra), baked_args)
            for folder, extra in (("", chosen_modules(entry, bot, baked_args)), (FULL, every_module(bot)))}


def bundle_text(entry_text, name, modules, baked_args):
    module_lines = "".join(
        f"    {module!r}: ({is_package!r}, {path!r}, {source!r}),\n"
        for module, (is_package, path, source) in modules.items()
    )
    prelude = PRELUDE.format(name=name, modules=module_lines, baked_args=baked_args)
    return prelude + entry_text


def check_bundle(label, text, full=False):
    """The bundle rules, the size but for a full bundle; raises BuildError naming the
    bundle (``label``: its path under dist/) and the figure."""
    problems = []
    if len(text) > MAX_CHARS and not full:
        problems.append(f"{len(text):,} characters, more than the arena's {MAX_CHARS:,}")
    bad = sorted({ch for ch in text if ord(ch) > 127})
    if bad:
        problems.append(f"non-ASCII characters {''.join(bad)!r}")
    match = FORBIDDEN_IMPORT.search(text)
    if match:
        problems.append(f"contains {match.group(0).strip()!r} (the SUSTech judge rejects 'import os')")
    try:
        compile(text, label, "exec")
    except SyntaxError as error:
        problems.append(f"does not compile: {error}")
    if problems:
        raise BuildError(f"dist/{label} breaks the bundle rules: " + "; ".join(problems))


def build(entry, out_dir, name=None, baked_args=()):
    """Writes the bundle, and the full one where there is one: [(path, size)]."""
    entry = Path(entry)
    if not entry.is_file():
        raise BuildError(f"no bot script at {entry}")
    name = name or entry.stem
    texts = bundle_texts(entry, name, list(baked_args))
    written = []
    for folder, text in texts.items():  # every bundle checked before any is written
        check_bundle(str(Path(folder, f"{name}.py")), text, full=folder == FULL)
    for folder, text in texts.items():
        target = out_dir / folder / f"{name}.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="ascii")
        written.append((target, len(text)))
    return written


def size_line(target, size):
    """The build's line for a bundle written: its size against the arena's limit."""
    shown = target.relative_to(Path.cwd()) if target.is_relative_to(Path.cwd()) else target
    line = f"{shown}: {size:,} characters ({size / MAX_CHARS:.0%} of the limit)"
    if size > MAX_CHARS:  # only a full bundle gets here: for local use, no arena runs it
        line += f"; warning: over the arena's {MAX_CHARS:,}, for local use only"
    return line


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
            written = build(bot, Path(options.out), options.name, shlex.split(options.args))
        except (BuildError, SyntaxError, UnicodeError) as error:
            print(f"FAILED {bot}: {error}", file=sys.stderr)
            failed = True
            continue
        for target, size in written:
            print(size_line(target, size))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
