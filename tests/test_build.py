"""The bundle rules: self-contained, reproducible, ASCII, no `import os`, small enough;
what a bundle carries: the engines and evaluation of its bot's default options, and in
its full variant every one."""
import ast
import importlib
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from botproc import ROOT
from bots import runtime
from engines import registry

BUNDLER = ROOT / "build" / "bundle.py"
BOTS = sorted(p.stem for p in (ROOT / "bots").glob("[!_]*.py") if p.name != "runtime.py")
RUNTIME_BOTS = [bot for bot in BOTS if not bot.startswith("reversi_sustech")]  # the judge's AI classes choose none
ENGINE_MODULES = {registry.module_of(target) for target in registry.ENGINES.values()}
PROJECT = ("bots", "engines", "games")  # the packages a bundle carries modules of


def module_file(name):
    """The source file of project module ``name``, or None if there is none."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported_names(path):
    """The project modules that the source at ``path`` imports anywhere in it (function
    bodies included), and their parent packages."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] in PROJECT and module_file(name):
                parts = name.split(".")
                found.update(".".join(parts[:k]) for k in range(1, len(parts) + 1))
    return found


def expected_modules(entry, chosen):
    """What a bundle of the bot script ``entry`` must carry when its options choose the
    modules ``chosen``: their import closure, found from the sources' syntax trees, apart
    from the bundler (which finds it another way)."""
    todo = imported_names(entry) | set(chosen)
    for name in list(todo):
        parts = name.split(".")
        todo.update(".".join(parts[:k]) for k in range(1, len(parts)))
    seen = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo |= imported_names(module_file(name)) - seen
    return seen


def default_choice(bot):
    """The modules of the engines and the evaluation that ``bots/<bot>.py`` chooses by
    default (with no options), as declared by its ``BOT``."""
    config = importlib.import_module(f"bots.{bot}").BOT
    options = runtime.parse_options(config, [])
    return [registry.module_of(target) for target in runtime.chosen_targets(config, options)]


def run_bundler(*args):
    return subprocess.run([sys.executable, str(BUNDLER), *map(str, args)], capture_output=True, text=True)


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    first, second = tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")
    for out in (first, second):
        result = run_bundler("--out", out)
        assert result.returncode == 0, result.stderr
    return first, second


@pytest.mark.parametrize("bot", BOTS)
def test_bundle_rules(two_builds, bot):
    first, second = two_builds
    text = (first / f"{bot}.py").read_bytes()
    assert text == (second / f"{bot}.py").read_bytes()  # byte-for-byte reproducible
    assert len(text) <= 100_000
    text.decode("ascii")
    assert b"import os" not in text and b"tempfile" not in text
    assert b"\nfrom games" not in text.split(b"# ---- the bot's entry script ----")[0]


@pytest.mark.parametrize("bot", BOTS)
def test_bundle_starts_with_no_repository_and_no_temporary_folder(two_builds, bot, tmp_path):
    env = {"PATH": "/usr/bin:/bin", "TMPDIR": str(tmp_path / "missing")}
    result = subprocess.run([sys.executable, "-I", str(two_builds[0] / f"{bot}.py"), "--help"],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    if bot.startswith("reversi_sustech"):  # a class for the judge to import, not a program
        assert result.returncode == 0 and result.stderr == ""
    else:
        assert result.returncode == 0, result.stderr
        assert "--engine" in result.stdout
    assert list(tmp_path.iterdir()) == []


def bundled_modules(path):
    """The names of the modules a bundle carries: its ``_BUNDLED_MODULES`` keys."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "_BUNDLED_MODULES":
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"{path} has no _BUNDLED_MODULES")


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_a_bundle_carries_only_its_default_engines_and_the_full_one_every_one(two_builds, bot):
    slim, full = two_builds[0] / f"{bot}.py", two_builds[0] / "full" / f"{bot}.py"
    assert bundled_modules(slim) == expected_modules(ROOT / "bots" / f"{bot}.py", default_choice(bot))
    assert bundled_modules(full) >= ENGINE_MODULES | {f"games.{bot}.evaluation"}
    assert len(slim.read_text()) < len(full.read_text())
    assert full.read_bytes() == (two_builds[1] / "full" / f"{bot}.py").read_bytes()  # reproducible too
    full.read_bytes().decode("ascii")
    assert b"import os" not in full.read_bytes()


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_a_bundle_asked_for_an_engine_it_lacks_says_so_in_one_line(two_builds, bot, tmp_path):
    for bundle, code in ((two_builds[0] / "full" / f"{bot}.py", 0), (two_builds[0] / f"{bot}.py", 2)):
        result = subprocess.run([sys.executable, "-I", str(bundle), "--engine", "mcts"], input="",
                                cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert result.returncode == code, result.stderr
        assert "Traceback" not in result.stderr
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"{bot}: engine mcts is not in this bundle, which carries engines ")
    assert f"dist/full/{bot}.py carries every one (make build)" in result.stderr


def test_baked_options_choose_what_the_bundle_carries(tmp_path):
    result = run_bundler(ROOT / "bots" / "onitama.py", "--out", tmp_path, "--name", "onitama_mcts",
                         "--args", "--engine mcts")
    assert result.returncode == 0, result.stderr
    modules = bundled_modules(tmp_path / "onitama_mcts.py")
    assert modules & ENGINE_MODULES == {"engines.mcts", "engines.alphabeta"}  # MCTS proves with alpha-beta
    assert "games.onitama.evaluation" in modules  # the handcrafted one, that MCTS's tuned values keep
    result = run_bundler(ROOT / "bots" / "onitama.py", "--out", tmp_path, "--args", "--set quiescence=lots")
    assert result.returncode == 1 and "--set quiescence=lots: expected an integer" in result.stderr


def test_only_a_full_bundle_may_pass_the_arenas_size_with_a_warning():
    spec = importlib.util.spec_from_file_location("bundler", BUNDLER)
    bundler = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bundler)
    big = "X = 1\n" + "#" * 100_000 + "\n"
    bundler.check_bundle("full/big.py", big, full=True)
    with pytest.raises(bundler.BuildError, match="more than the arena's 100,000"):
        bundler.check_bundle("big.py", big)
    assert "warning: over the arena's 100,000" in bundler.size_line(Path("/x/full/big.py"), len(big))
    assert "warning" not in bundler.size_line(Path("/x/full/small.py"), 99_000)


def test_baked_options_are_used_when_none_are_given(tmp_path):
    result = run_bundler(ROOT / "bots" / "othello.py", "--out", tmp_path, "--name", "othello_fast",
                         "--args", "--time 0.01 --first-time 0.01 --verbose")
    assert result.returncode == 0, result.stderr
    game = "0\n8\n........\n........\n........\n...10...\n...01...\n........\n........\n........\n4\nc4\nd3\ne6\nf5\n"
    run = subprocess.run([sys.executable, "-I", str(tmp_path / "othello_fast.py")], input=game,
                         capture_output=True, text=True, timeout=30)
    assert run.stdout.strip() in {"c4", "d3", "e6", "f5"}
    assert "nodes" in run.stderr  # --verbose came from the baked options


def test_build_fails_loudly_naming_the_bundle(tmp_path):
    bot = tmp_path / "broken.py"
    bot.write_text("from . import nothing\n")
    result = run_bundler(bot, "--out", tmp_path / "out")
    assert result.returncode == 1
    assert "broken.py" in result.stderr and "relative imports" in result.stderr
    big = tmp_path / "big.py"
    big.write_text("X = 1\n" + "# padding\n" * 12000)
    result = run_bundler(big, "--out", tmp_path / "out")
    assert result.returncode == 1
    assert "dist/big.py" in result.stderr and "more than the arena's 100,000" in result.stderr
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("import os\n")
    result = run_bundler(sneaky, "--out", tmp_path / "out")
    assert result.returncode == 1 and "import os" in result.stderr


def test_missing_bot_is_a_clear_error(tmp_path):
    result = run_bundler(tmp_path / "nope.py", "--out", tmp_path)
    assert result.returncode == 1 and "no bot script" in result.stderr and "Traceback" not in result.stderr
