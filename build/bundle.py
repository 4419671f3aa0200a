"""Bundles each bot into one self-contained file: ``dist/<bot>.py``, and each bot that
runs on bots/runtime.py also into ``dist/full/<bot>.py``.

The standard library's ``modulefinder`` finds the bot's import closure (every project
module it imports, directly or not); this script writes the modules into the bundle as
strings, served by an in-memory importer, so the bundle writes no file and needs no
``os``.

The engines (engines/registry.py) and the evaluations (a bot's ``evaluations``) are
imported only where chosen, so no closure finder sees them: this script adds their
modules. ``dist/<bot>.py`` carries those that the bot's default options choose (the
engine ``best`` means, the engine it wraps, its evaluation; with ``--args``, those the
baked options choose), leaving the arena's characters to the bot's code and weights;
asked for another, it stops with one line naming ``dist/full/<bot>.py``, which carries
every engine and evaluation, for local use: switching engines, the arena's engines'
table and tuner.

Two arenas, two forms (``Form``). A bot on the bot runtime is a CodinGame bot, bundled
DENSE: its modules are minified (python-minifier, with the transformations that keep
behaviour: no renamed globals or arguments, annotations kept as the registry reads
them); every long base85 constant (a weights module's ``DATA``, a book's, a table's) is
packed 14 bits a character (games/dense.py), decoded back to the same text at import;
the other modules are compressed (zlib) and packed alike, the code in one block and
each data module in its own; its size is counted as CodinGame counts it, in UTF-16 code
units. Any other bot is a SUSTech judge's ``class AI`` file, bundled PLAIN: its modules
lose comments and docstrings only, and it stays ASCII, counted in characters (bytes).
``--plain`` writes the CodinGame bundles PLAIN too: readable, and the reference that the
dense bundles are tested against (the same moves).

A bundle must: run with ``python3 -I`` from any folder; write nothing to disk; contain
no ``import os`` (the SUSTech judge rejects it); parse as Python 3.9; hold only printable
ASCII, line feeds and the packed characters (SUSTech: any ASCII); fit the arena's
100,000 less a margin of ``MARGIN``; be byte-for-byte reproducible. Every rule broken fails the build, naming the bundle and the
figure. A full bundle keeps every rule but the size: over the limit it is written with a
warning, as no arena runs it. The build prints each bundle's size split into code,
weights, book and table (docs/tuning/bundle-density.md).

Usage::

    python build/bundle.py                    # every bots/*.py into dist/ and dist/full/
    python build/bundle.py bots/othello.py --name othello_ab --args "--engine alphabeta"
    python build/bundle.py --plain --out /tmp/plain   # readable: not minified, packed or compressed

``--args`` bakes default command-line options into the bundle (used when it is started
without any), so that a variant can be pasted into an arena that passes no arguments.

Each bundle says where it came from in one line (``build_line``): its name and variant,
its bot script, the commit and the options baked in; in its header and, for a bot on
the runtime, as ``__build__``, which ``--version`` prints and ``--help`` shows.
"""

import argparse
import ast
import base64
import contextlib
import functools
import hashlib
import importlib.util
import io
import modulefinder
import os
import re
import shlex
import subprocess
import sys
import zlib
from collections import namedtuple
from pathlib import Path

try:
    import python_minifier
except ImportError:  # the plain bundles need no minifier: a dense one says what is missing
    python_minifier = None

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the bots are imported to read what their options choose

from bots import runtime  # noqa: E402
from engines import registry  # noqa: E402
from games import dense  # noqa: E402

LIMIT = 100_000
# Kept free below the arena's limit: CodinGame's counting rule is inferred from players'
# reports, not documented (docs/tuning/bundle-density.md).
MARGIN = 2_000
MAX_SIZE = LIMIT - MARGIN
ENTRY_MARK = "# ---- the bot's entry script ----"  # the line after the prelude
FULL = "full"  # the folder, under the output folder, of the bundles that carry every engine
INDENT = re.compile(r"^(?:    )+", re.M)
RUNTIME = "runtime.py"  # bots/runtime.py is what the bots share, not a bot
RUNTIME_MODULE = "bots.runtime"
DENSE_MODULE = "games.dense"
DENSE_PATHS = {"games": "games/__init__.py", DENSE_MODULE: "games/dense.py"}  # what it needs
DENSE_ALIAS = "_bundle_dense"  # the name a module with packed data imports games.dense as
MIN_PACKED = 512  # base85 constants at least this long are packed
FORBIDDEN_IMPORT = re.compile(r"^\s*(import\s+os\b|from\s+os\b)|\bimport\s+[\w.,\s]*\bos\b\s*$", re.M)
# python-minifier's transformations that cannot change what the code does: globals and
# arguments keep their names (modules import each other's; the runtime passes options
# by keyword), annotations stay (the registry types --set values by them), asserts stay.
MINIFY = dict(remove_annotations=False, remove_literal_statements=True, rename_globals=False,
              rename_locals=True, hoist_literals=True, remove_asserts=False, remove_debug=False)
OLDEST_PYTHON = (3, 9)  # the oldest syntax a bundle's modules may use
# A data module's kind, from its name (a module that holds data); every other module's characters are code.
DATA_KINDS = {"book": ("book", "opening"), "table": ("table", "endgame"), "weights": ("weights",)}
SPLIT = ("code", "weights", "book", "table")

CODINGAME = "CodinGame"
SUSTECH = "SUSTech"
UNITS = {CODINGAME: "UTF-16 code units", SUSTECH: "characters"}

PLAIN_HEADER = """\
# {name}: a self-contained bot bundled from the project's modules.
# Each module's source is below as a string; an in-memory importer serves them, so the
# bundle writes no file. Run: python3 {name}.py [options] (--help lists them).
# Build: {build}
"""

DENSE_HEADER = """\
# {name}: a self-contained bot bundled from the project's modules, for CodinGame.
# The modules' code is minified and compressed below, 14 bits a character, their data
# packed alike; an in-memory importer serves them, so the bundle writes no file.
# Run: python3 {name}.py [options] (--help lists them). The project's build/bundle.py
# --plain writes this bundle readable.
# Build: {build}
"""

IMPORTS = """\
import sys as _bundle_sys
import importlib.abc as _bundle_abc
import importlib.util as _bundle_util
"""

# Compressed modules, added to the data modules'. Each block of modules is the zlib of
# their name, is_package ("1" or ""), path and source, each ended by a NUL, packed.
UNPACK_START = """\
import zlib as _bundle_zlib
_bundle_dense = {{}}
exec({dense_source!r}, _bundle_dense)
for _bundle_block in (
"""
UNPACK_END = """\
):
    _bundle_fields = _bundle_zlib.decompress(_bundle_block).decode("utf-8").split("\\0")
    for _bundle_at in range(0, len(_bundle_fields) - 1, 4):
        _BUNDLED_MODULES[_bundle_fields[_bundle_at]] = (
            _bundle_fields[_bundle_at + 1] == "1", _bundle_fields[_bundle_at + 2], _bundle_fields[_bundle_at + 3])
"""

IMPORTER = """


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
{build_assignment}if len(_bundle_sys.argv) == 1:
    _bundle_sys.argv.extend({baked_args!r})
{entry_mark}
"""

Module = namedtuple("Module", "name is_package path source")
Form = namedtuple("Form", "minify pack_data compress")
Form.__doc__ = """How a bundle carries its modules: ``minify``, minified (else comments
and docstrings out); ``pack_data``, long base85 constants packed 14 bits a character;
``compress``, the modules but those with packed data compressed and packed."""
PLAIN = Form(minify=False, pack_data=False, compress=False)  # ASCII: SUSTech's, and --plain
DENSE = Form(minify=True, pack_data=True, compress=True)  # CodinGame's
Bundle = namedtuple("Bundle", "text arena split modules")
Bundle.__doc__ = """A bundle's text, its arena, its size as the arena counts it split by
kind ({"code": n, "weights": n, "book": n, "table": n}) and the Modules it carries."""


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


def minified(source, filename):
    """The module as python-minifier writes it with ``MINIFY``'s transformations."""
    if python_minifier is None:
        raise BuildError("python-minifier is not installed (pip install -e '.[dev]'); --plain needs none")
    return python_minifier.minify(source, filename=filename, **MINIFY).strip("\n") + "\n"


def canonical_base85(value):
    """The bytes of ``value`` if it is a long string that is exactly the base85 text of
    them (so that re-encoding gives it back), else None."""
    if not isinstance(value, str) or len(value) < MIN_PACKED:
        return None
    try:
        data = base64.b85decode(value)
    except ValueError:
        return None
    return data if base64.b85encode(data).decode("ascii") == value else None


def packable_constants(tree):
    """The string constants of ``tree`` that hold long base85 text, but those inside
    f-strings (whose parts have no positions of their own)."""
    found = []

    def visit(node):
        if isinstance(node, ast.JoinedStr):
            return
        if isinstance(node, ast.Constant) and canonical_base85(node.value) is not None:
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def byte_offset(line_starts, line, column):
    return line_starts[line - 1] + column  # ast's columns count UTF-8 bytes


def packed_data(text, filename):
    """``text`` (a module's source) with every long base85 constant replaced by a call
    that gives the same text back from the dense form; the module imports games.dense
    first. ``text`` itself where it has none."""
    tree = ast.parse(text, filename)
    constants = packable_constants(tree)
    if not constants:
        return text
    raw = text.encode("utf-8")
    line_starts = [0]
    for line in raw.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    for node in sorted(constants, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        data = canonical_base85(node.value)
        call = f"{DENSE_ALIAS}.base85({dense.pack(data)!r},{len(data)})"
        start = byte_offset(line_starts, node.lineno, node.col_offset)
        end = byte_offset(line_starts, node.end_lineno, node.end_col_offset)
        raw = raw[:start] + call.encode("utf-8") + raw[end:]
    futures = [node for node in tree.body if isinstance(node, ast.ImportFrom) and node.module == "__future__"]
    head = line_starts[futures[-1].end_lineno] if futures else 0  # after `from __future__`
    return (raw[:head] + f"import {DENSE_MODULE} as {DENSE_ALIAS}\n".encode("ascii") + raw[head:]).decode("utf-8")


@functools.cache  # a module shared by several bundles is minified once a build
def module_text(source, filename, form):
    """A module's text in a bundle of ``form``."""
    text = minified(source, filename) if form.minify else compact(source, filename)
    return packed_data(text, filename) if form.pack_data else text


def import_closure(entry, extra=(), leave_out=()):
    """{module name: Module} of the entry's project imports and of the ``extra``
    modules' (with their packages), sorted by name, but the modules ``leave_out``
    names; each Module's source as in the repository."""
    finder = modulefinder.ModuleFinder(path=[str(ROOT)], excludes=list(leave_out))
    finder.run_script(str(entry))
    for name in extra:
        finder.import_hook(name)
    modules = {}
    for name, found in finder.modules.items():
        path = Path(found.__file__) if found.__file__ and name != "__main__" else None
        if path is None or not path.is_relative_to(ROOT):  # the entry, the built-in modules
            continue
        modules[name] = Module(name, path.name == "__init__.py", path.relative_to(ROOT).as_posix(),
                               path.read_text(encoding="utf-8"))
    return dict(sorted(modules.items()))


def bundled_modules(closure, form):
    """{name: Module} with each source as a bundle of ``form`` carries it, with
    games.dense added where some data was packed."""
    modules = {name: m._replace(source=module_text(m.source, m.path, form)) for name, m in closure.items()}
    if any(f"import {DENSE_MODULE} as" in m.source for m in modules.values()):
        for name, path in DENSE_PATHS.items():
            if name not in modules:
                source = (ROOT / path).read_text(encoding="utf-8")
                modules[name] = Module(name, path.endswith("__init__.py"), path, module_text(source, path, form))
    return dict(sorted(modules.items()))


def left_out(entry, text):
    """The modules the entry's ``BUNDLE_LEAVES_OUT`` names (a tuple of strings): modules
    that some bundled module imports where the bot never goes (say, a default weights
    module the bot replaces with its own), left out of its bundle to save its size."""
    for node in ast.parse(text, str(entry)).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "BUNDLE_LEAVES_OUT" for t in node.targets):
            try:
                names = ast.literal_eval(node.value)
            except ValueError:
                names = None
            if not isinstance(names, tuple) or not all(isinstance(name, str) for name in names):
                raise BuildError(f"{entry}: BUNDLE_LEAVES_OUT must be a tuple of module names (line {node.lineno})")
            return names
    return ()


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


def every_module(entry, bot):
    """The modules of every engine that plays the bot's game and of every evaluation of
    the bot; BuildError naming an evaluation whose module does not exist (a typo in its
    target)."""
    for name, target in bot.evaluations.items():
        if not registry.carries(target):
            raise BuildError(f"{entry}: {runtime.not_carried(bot, f'evaluation {name}', target)}")
    engines = [registry.target_of(name) for name in registry.engines_for(bot.player.rules)]
    return [registry.module_of(target) for target in [*engines, *bot.evaluations.values()]]


def bundles(entry, name, baked_args, form=DENSE):
    """{folder under the output folder: Bundle}: "" for the bundle; for a bot on the
    bot runtime (a CodinGame bot), also FULL for the one that carries every engine.
    The CodinGame bundles take ``form``; a SUSTech bundle is PLAIN."""
    entry_text = entry.read_text(encoding="utf-8")
    check_entry(entry, entry_text)
    closure = import_closure(entry, leave_out=left_out(entry, entry_text))
    bot = runtime_bot(entry) if RUNTIME_MODULE in closure else None
    if bot is None:  # no engine to choose: the closure is the whole bot, a judge's class
        build = build_line(entry, entry_text, name, closure, baked_args, "for the SUSTech judge")
        return {"": bundle(entry_text, name, closure, baked_args, SUSTECH, PLAIN, build)}
    made = {}
    for folder, extra, variant in (("", chosen_modules(entry, bot, baked_args), "slim: its default engines only"),
                                   (FULL, every_module(entry, bot), "full: every engine")):
        modules = import_closure(entry, extra)
        build = build_line(entry, entry_text, name, modules, baked_args, variant)
        made[folder] = bundle(entry_text, name, modules, baked_args, CODINGAME, form, build)
    return made


def git(*args):
    """git's output in the repository, or None where git or the repository is missing."""
    try:
        done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def build_line(entry, entry_text, name, closure, baked_args, variant):
    """Where a bundle came from, in one line: its name and variant, its bot script, the
    commit, the options baked in. Made of the sources, never of the clock, so the bundle
    stays reproducible: where the sources differ from the commit (a changed or new file,
    or no repository), a digest of what the bundle carries tells one build from another."""
    script = entry.resolve()
    inside = script.is_relative_to(ROOT)
    paths = [m.path for m in closure.values()] + ["build/bundle.py", DENSE_PATHS[DENSE_MODULE]]
    if inside:
        paths.append(script.relative_to(ROOT).as_posix())
    commit = git("rev-parse", "--verify", "HEAD")
    changed = git("status", "--porcelain", "--", *paths) if commit else None
    where = f"commit {commit.strip()[:12]}" if commit else "no git commit"
    if not commit or changed or not inside:
        digest = hashlib.sha256()
        for part in [entry_text, *baked_args] + [f"{m.path}\0{m.source}" for m in closure.values()]:
            digest.update(part.encode("utf-8") + b"\0")
        where += f"{' with local changes' if commit else ''} (sources {digest.hexdigest()[:12]})"
    shown = script.relative_to(ROOT).as_posix() if inside else entry.name
    baked = f", started without options as with {shlex.join(baked_args)}" if baked_args else ""
    return f"{name} ({variant}), built from {shown} at {where}{baked}"


def size(text, arena):
    """``text``'s size as ``arena`` counts it: CodinGame, UTF-16 code units (a character
    beyond the Basic Multilingual Plane counts twice); SUSTech, characters."""
    return len(text.encode("utf-16-le")) // 2 if arena == CODINGAME else len(text)


def data_kind(module):
    """The kind of data (DATA_KINDS, from its name) of a data module, one that defines no
    function or class; else None: code, such as the lookup beside the data
    (games/othello/book.py) or a module that only shares the name (engines/table.py)."""
    last = module.name.rpartition(".")[2]
    kind = next((kind for kind, words in DATA_KINDS.items() if any(word in last for word in words)), None)
    if kind is None:
        return None
    definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return None if any(isinstance(node, definitions) for node in ast.walk(ast.parse(module.source))) else kind


def module_line(module):
    return f"    {module.name!r}: ({module.is_package!r}, {module.path!r}, {module.source!r}),\n"


def compressed_block(modules):
    """The line of the unpacking loop that carries ``modules`` compressed and packed."""
    if any("\0" in field for module in modules for field in (module.name, module.path, module.source)):
        raise BuildError("a module holds a NUL character, which separates the packed modules")
    joined = "".join(f"{m.name}\0{'1' if m.is_package else ''}\0{m.path}\0{m.source}\0" for m in modules)
    data = zlib.compress(joined.encode("utf-8"), 9)
    return f'    _bundle_dense["unpack"]({dense.pack(data)!r}, {len(data)}),\n'


def compressed_modules(blocks):
    """The lines that add the modules of ``blocks`` (lists of Modules, each compressed
    on its own) to ``_BUNDLED_MODULES``."""
    dense_source = minified((ROOT / "games" / "dense.py").read_text(encoding="utf-8"), "games/dense.py")
    return UNPACK_START.format(dense_source=dense_source) + "".join(blocks) + UNPACK_END


def bundle(entry_text, name, closure, baked_args, arena, form, build=""):
    """The Bundle of ``entry_text`` with the ``closure``'s modules in ``form``; ``build``:
    its build line (``build_line``)."""
    modules = bundled_modules(closure, form)
    kinds = {name: data_kind(module) for name, module in modules.items()}
    if form.compress:  # modules with packed data as they are (packed bits do not compress)...
        lines = {m.name: module_line(m) for m in modules.values() if not m.source.isascii()}
        # ...the others compressed: the code together, each data module apart
        code = [m for m in modules.values() if m.name not in lines and not kinds[m.name]]
        blocks = {m.name: compressed_block([m]) for m in modules.values()
                  if m.name not in lines and kinds[m.name]}
        head = (DENSE_HEADER.format(name=name, build=build) + IMPORTS + "_BUNDLED_MODULES = {\n" + "".join(lines.values())
                + "}\n" + compressed_modules([compressed_block(code), *blocks.values()]))
        lines.update(blocks)
    else:
        lines = {m.name: module_line(m) for m in modules.values()}
        header = PLAIN_HEADER if form == PLAIN else DENSE_HEADER
        head = header.format(name=name, build=build) + IMPORTS + "\n_BUNDLED_MODULES = {\n" + "".join(lines.values()) + "}"
    # the runtime reads __build__ (--version); a SUSTech bundle, near its size limit, has
    # the header's line only
    assignment = f"__build__ = {({'name': name, 'line': build})!r}\n" if arena == CODINGAME else ""
    text = head + IMPORTER.format(baked_args=baked_args, build_assignment=assignment,
                                  entry_mark=ENTRY_MARK) + entry_text
    split = dict.fromkeys(SPLIT, 0)
    for module_name, line in lines.items():
        kind = kinds[module_name]
        if kind:
            split[kind] += size(line, arena)
    split["code"] = size(text, arena) - sum(split.values())
    return Bundle(text, arena, split, modules)


def unpack_call(node):
    """The (packed text, size) of a ``_bundle_dense["unpack"](...)`` call of a bundle at
    ``node``, else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Subscript) \
            and getattr(node.func.value, "id", None) == "_bundle_dense" \
            and getattr(node.func.slice, "value", None) == "unpack":
        return tuple(ast.literal_eval(arg) for arg in node.args)
    return None


def carried_modules(text):
    """{name: (is_package, path, source)} of the modules that a bundle's ``text``
    carries, in either form, read without running it."""
    modules = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "_BUNDLED_MODULES":
            modules.update(ast.literal_eval(node.value))
        packed = unpack_call(node)
        if packed:
            fields = zlib.decompress(dense.unpack(*packed)).decode("utf-8").split("\0")
            for at in range(0, len(fields) - 1, 4):
                modules[fields[at]] = (fields[at + 1] == "1", fields[at + 2], fields[at + 3])
    return modules


def allowed_character(char, arena):
    """SUSTech: any ASCII. CodinGame: what its editor keeps as it is: printable ASCII,
    line feeds and the packed characters (no tab, carriage return or other control)."""
    if arena == SUSTECH:
        return char.isascii()
    return char == "\n" or " " <= char <= "~" or dense.FIRST <= ord(char) < dense.FIRST + dense.SPAN


def check_bundle(label, text, full=False, arena=SUSTECH):
    """The bundle rules, the size but for a bundle for local use (``full``: a full bundle or
    a plain CodinGame one); raises BuildError naming the
    bundle (``label``: its path under dist/) and the figure."""
    problems = []
    counted = size(text, arena)
    if counted > MAX_SIZE and not full:
        problems.append(f"{counted:,} {UNITS[arena]}, more than the {MAX_SIZE:,} allowed"
                        f" ({arena}'s {LIMIT:,} less a margin of {MARGIN:,})")
    bad = sorted({char for char in text if not allowed_character(char, arena)})
    if bad:
        what = "non-ASCII" if arena == SUSTECH else "neither printable ASCII nor packed data"
        problems.append(f"{what} characters {''.join(bad)[:20]!r}")
    match = FORBIDDEN_IMPORT.search(text)
    if match:
        problems.append(f"contains {match.group(0).strip()!r} (the SUSTech judge rejects 'import os')")
    try:
        compile(text, label, "exec")
        ast.parse(text, label, feature_version=OLDEST_PYTHON)
    except SyntaxError as error:
        problems.append(f"does not compile as Python {'.'.join(map(str, OLDEST_PYTHON))}: {error}")
    if problems:
        raise BuildError(f"dist/{label} breaks the bundle rules: " + "; ".join(problems))


def imports_os(tree):
    """Whether a module's syntax tree imports ``os`` (or a module of it) anywhere."""
    for node in ast.walk(tree):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
        if any(name == "os" or name.startswith("os.") for name in names):
            return True
    return False


def check_modules(label, modules):
    """Every bundled module (``modules``: {name: Module}) parses with the oldest syntax
    a bundle may use and imports no ``os``; BuildError naming the bundle and the module
    otherwise."""
    for module in modules.values():
        try:
            tree = ast.parse(module.source, module.path, feature_version=OLDEST_PYTHON)
        except SyntaxError as error:
            raise BuildError(f"dist/{label}: module {module.name} is not Python "
                             f"{'.'.join(map(str, OLDEST_PYTHON))} syntax: {error}") from None
        if imports_os(tree):
            raise BuildError(f"dist/{label}: module {module.name} imports os"
                             " (the SUSTech judge rejects 'import os')")


def build(entry, out_dir, name=None, baked_args=(), form=DENSE):
    """Writes the bundle, and the full one where there is one: [(path, Bundle)]."""
    entry = Path(entry)
    if not entry.is_file():
        raise BuildError(f"no bot script at {entry}")
    name = name or entry.stem
    made = bundles(entry, name, list(baked_args), form)
    written = []
    for folder, made_bundle in made.items():  # every bundle checked before any is written
        label = str(Path(folder, f"{name}.py"))
        # a full bundle, and the plain form of a CodinGame one (for reading and tests: the
        # dense one is pasted), are for local use: no size limit
        local = folder == FULL or (form is PLAIN and made_bundle.arena != SUSTECH)
        check_bundle(label, made_bundle.text, full=local, arena=made_bundle.arena)
        check_modules(label, made_bundle.modules)
    for folder, made_bundle in made.items():
        target = out_dir / folder / f"{name}.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        write_whole(target, made_bundle.text.encode("utf-8"))
        written.append((target, made_bundle))
    return written


def write_whole(target, data):
    """Writes ``target`` so that a bot started meanwhile (a test, a tournament running
    beside a rebuild) reads the old bundle or the new one, never part of one."""
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    partial.write_bytes(data)
    partial.replace(target)


def size_line(target, made_bundle):
    """The build's line for a bundle written: its size as its arena counts it, against
    the limit, split into code, weights, book and table."""
    shown = target.relative_to(Path.cwd()) if target.is_relative_to(Path.cwd()) else target
    counted = sum(made_bundle.split.values())
    parts = ", ".join(f"{kind} {made_bundle.split[kind]:,}" for kind in SPLIT)
    line = (f"{shown}: {counted:,} {UNITS[made_bundle.arena]} ({made_bundle.arena}: {counted / LIMIT:.0%} of"
            f" {LIMIT:,}): {parts}")
    if counted > MAX_SIZE:  # only a bundle for local use gets here (full, or plain): no arena runs it
        line += f"; warning: over the {MAX_SIZE:,} allowed, for local use only"
    return line


def main(argv=None):
    parser = argparse.ArgumentParser(description="Bundle bots into single files.")
    parser.add_argument("bots", nargs="*", help="bot scripts (default: every bots/*.py but the runtime)")
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    parser.add_argument("--name", help="bundle name (one bot only; default: the script's name)")
    parser.add_argument("--args", default="", help="options baked in, used when the bundle gets none")
    parser.add_argument("--plain", action="store_true",
                        help="neither minify nor pack the CodinGame bundles (the SUSTech form: ASCII)")
    options = parser.parse_args(argv)
    bots = [Path(b) for b in options.bots] or sorted(
        path for path in (ROOT / "bots").glob("[!_]*.py") if path.name != RUNTIME)
    if options.name and len(bots) != 1:
        parser.error("--name needs exactly one bot")
    failed = False
    for bot in bots:
        try:
            form = PLAIN if options.plain else DENSE
            written = build(bot, Path(options.out), options.name, shlex.split(options.args), form)
        except (BuildError, SyntaxError, UnicodeError, ImportError) as error:
            print(f"FAILED {bot}: {error}", file=sys.stderr)
            failed = True
            continue
        for target, made_bundle in written:
            print(size_line(target, made_bundle))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
