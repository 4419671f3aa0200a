"""The bundle rules: self-contained, reproducible, ASCII but for packed data in the
CodinGame bundles, no `import os`, small enough as each arena counts; what a bundle
carries: the engines and evaluation of its bot's default options, and in its full
variant every one; the minified, packed bundles play the moves of the plain ones."""
import ast
import importlib
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arena.games import load_referee
from arena.match import FAULTS, Match, play_match
from botproc import ROOT
from bots import runtime
from engines import registry
from games import dense

BUNDLER = ROOT / "build" / "bundle.py"
BOTS = sorted(p.stem for p in (ROOT / "bots").glob("[!_]*.py") if p.name != "runtime.py")
RUNTIME_BOTS = [bot for bot in BOTS if not bot.startswith("reversi_sustech")]  # the judge's AI classes choose none
ENGINE_MODULES = {registry.module_of(target) for target in registry.ENGINES.values()}


def game_engines(bot):
    """The engines that play ``bot``'s game (Tron's: the N-player ones)."""
    return registry.engines_for(load_referee(bot).game)


def engine_modules(bot):
    return {registry.module_of(registry.target_of(name)) for name in game_engines(bot)}
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


def expected_modules(entry, chosen, leave_out=()):
    """What a bundle of the bot script ``entry`` must carry when its options choose the
    modules ``chosen``: their import closure, found from the sources' syntax trees, apart
    from the bundler (which finds it another way); without the modules ``leave_out`` and
    what only they import."""
    todo = imported_names(entry) | set(chosen)
    for name in list(todo):
        parts = name.split(".")
        todo.update(".".join(parts[:k]) for k in range(1, len(parts)))
    seen = set()
    while todo:
        name = todo.pop()
        if name not in seen and name not in leave_out:
            seen.add(name)
            todo |= imported_names(module_file(name)) - seen
    return seen


def default_choice(bot):
    """The modules of the engines and the evaluation that ``bots/<bot>.py`` chooses by
    default (with no options), as declared by its ``BOT``."""
    config = importlib.import_module(f"bots.{bot}").BOT
    options = runtime.parse_options(config, [])
    return [registry.module_of(target) for target in runtime.chosen_targets(config, options)]


spec = importlib.util.spec_from_file_location("bundler", BUNDLER)
bundler = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bundler)


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
    if bot in RUNTIME_BOTS:  # CodinGame: UTF-16 code units, data packed in one span
        characters = text.decode("utf-8")
        assert len(characters.encode("utf-16-le")) // 2 <= 98_000
        packed = {char for char in characters if not char.isascii()}
        assert packed and all(dense.FIRST <= ord(char) < dense.FIRST + dense.SPAN for char in packed)
    else:  # SUSTech: ASCII
        assert len(text.decode("ascii")) <= 98_000
    assert b"import os" not in text and b"tempfile" not in text
    for _, _, source in bundler.carried_modules(text.decode("utf-8")).values():  # compressed ones too
        assert "import os" not in source and "tempfile" not in source
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
    """The names of the modules a bundle carries."""
    modules = set(bundler.carried_modules(path.read_text(encoding="utf-8")))
    assert modules, f"{path} carries no module"
    return modules


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_a_bundle_carries_only_its_default_engines_and_the_full_one_every_one(two_builds, bot):
    slim, full = two_builds[0] / f"{bot}.py", two_builds[0] / "full" / f"{bot}.py"
    expected = expected_modules(ROOT / "bots" / f"{bot}.py", default_choice(bot))
    assert bundled_modules(slim) - {bundler.DENSE_MODULE} == expected  # the build adds the packed data's decoder
    assert bundled_modules(full) >= engine_modules(bot) | {f"games.{bot}.evaluation"}
    assert bundled_modules(slim) <= bundled_modules(full)
    if bundled_modules(slim) < bundled_modules(full):  # Tron's slim bundle holds every N-player engine already
        assert len(slim.read_text()) < len(full.read_text())
    assert full.read_bytes() == (two_builds[1] / "full" / f"{bot}.py").read_bytes()  # reproducible too
    assert b"import os" not in full.read_bytes()


@pytest.mark.parametrize("bot", [bot for bot in BOTS if bot not in RUNTIME_BOTS])
def test_a_sustech_bundle_carries_its_closure_but_the_modules_it_leaves_out(two_builds, bot):
    entry = ROOT / "bots" / f"{bot}.py"
    leaves_out = set(bundler.left_out(entry, entry.read_text()))
    assert "games.othello.ntuple_weights" in leaves_out  # Othello's weights: the bot plays without them
    carried = bundled_modules(two_builds[0] / f"{bot}.py")
    assert carried == expected_modules(entry, [], leaves_out)
    # the pure-Python bot plays with Reversed Reversi's own weights; the numba one without
    assert ("games.othello.misere_ntuple_weights" in carried) == (bot == "reversi_sustech")


def test_a_malformed_list_of_modules_left_out_fails_the_build_in_one_line(tmp_path):
    entry = tmp_path / "bot.py"
    entry.write_text("BUNDLE_LEAVES_OUT = ['games.othello.ntuple_weights']\nclass AI:\n    pass\n")
    result = run_bundler(entry, "--out", tmp_path / "out")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "BUNDLE_LEAVES_OUT must be a tuple of module names (line 1)" in result.stderr


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_a_bundle_asked_for_an_engine_it_lacks_says_so_in_one_line(two_builds, bot, tmp_path):
    full_code = 0 if "mcts" in game_engines(bot) else 2  # a game of N players' bundles lack it alike
    for bundle, code in ((two_builds[0] / "full" / f"{bot}.py", full_code), (two_builds[0] / f"{bot}.py", 2)):
        result = subprocess.run([sys.executable, "-I", str(bundle), "--engine", "mcts"], input="",
                                cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert result.returncode == code, result.stderr
        assert "Traceback" not in result.stderr
    assert result.stdout == "" and result.stderr.count("\n") == 1
    if full_code == 0:
        assert result.stderr.startswith(f"{bot}: engine mcts is not in this bundle, which carries engines ")
        assert f"dist/full/{bot}.py carries every one (make build)" in result.stderr
    else:   # no bundle of this game would carry it
        assert result.stderr.startswith(f"{bot}: engine mcts does not play {bot}, whose engines are ")


def test_baked_options_choose_what_the_bundle_carries(tmp_path):
    result = run_bundler(ROOT / "bots" / "onitama.py", "--out", tmp_path, "--name", "onitama_mcts",
                         "--args", "--engine mcts")
    assert result.returncode == 0, result.stderr
    modules = bundled_modules(tmp_path / "onitama_mcts.py")
    assert modules & ENGINE_MODULES == {"engines.mcts", "engines.alphabeta"}  # MCTS proves with alpha-beta
    assert "games.onitama.evaluation" in modules  # the handcrafted one, that MCTS's tuned values keep
    result = run_bundler(ROOT / "bots" / "onitama.py", "--out", tmp_path, "--args", "--set quiescence=lots")
    assert result.returncode == 1 and "--set quiescence=lots: expected an integer" in result.stderr


def sized(units, arena=bundler.CODINGAME):
    return bundler.Bundle("", arena, {"code": units - 10, "weights": 10, "book": 0, "table": 0}, {})


def test_only_a_full_bundle_may_pass_the_size_allowed_with_a_warning():
    big = "X = 1\n" + "#" * 98_000 + "\n"
    bundler.check_bundle("full/big.py", big, full=True)
    with pytest.raises(bundler.BuildError, match="dist/big.py .*98,007 characters, more than the 98,000 allowed"
                                                 r" \(SUSTech's 100,000 less a margin of 2,000\)"):
        bundler.check_bundle("big.py", big)
    line = bundler.size_line(Path("/x/full/big.py"), sized(98_001))
    assert "98,001 UTF-16 code units" in line and "warning: over the 98,000 allowed" in line
    assert "warning" not in bundler.size_line(Path("/x/full/small.py"), sized(98_000))
    assert "code 97,991, weights 10, book 0, table 0" in line


def test_codingame_counts_utf16_code_units_and_allows_only_the_packed_characters():
    packed = "X = " + repr(chr(dense.FIRST) * 97_990) + "\n"  # one unit each: fits
    bundler.check_bundle("ok.py", packed, arena=bundler.CODINGAME)
    with pytest.raises(bundler.BuildError, match="non-ASCII"):
        bundler.check_bundle("ok.py", packed, arena=bundler.SUSTECH)
    astral = "X = " + repr("\U0001F600" * 49_000) + "\n"  # 49,000 characters, two units each
    with pytest.raises(bundler.BuildError, match="98,007 UTF-16 code units, more than the 98,000 allowed"):
        bundler.check_bundle("astral.py", astral, arena=bundler.CODINGAME)
    with pytest.raises(bundler.BuildError, match="neither printable ASCII nor packed data characters 'é'"):
        bundler.check_bundle("accent.py", "X = 'é'\n", arena=bundler.CODINGAME)
    with pytest.raises(bundler.BuildError, match=r"neither printable ASCII nor packed data characters '\\t'"):
        bundler.check_bundle("tab.py", "if 1:\n\tX = 1\n", arena=bundler.CODINGAME)
    bundler.check_bundle("tab.py", "if 1:\n\tX = 1\n", arena=bundler.SUSTECH)


def test_a_bundled_module_that_imports_os_or_needs_a_newer_python_fails_the_build():
    for source in ("import os\n", "def f():\n import sys, os.path\n", "from os import sep\n"):
        with pytest.raises(bundler.BuildError, match="dist/b.py: module m imports os"):
            bundler.check_modules("b.py", {"m": bundler.Module("m", False, "m.py", source)})
    bundler.check_modules("b.py", {"m": bundler.Module("m", False, "m.py", "import osmosis\n")})
    with pytest.raises(bundler.BuildError, match="dist/b.py: module m is not Python 3.9 syntax"):
        bundler.check_modules("b.py", {"m": bundler.Module("m", False, "m.py", "match x:\n case 1: pass\n")})
    with pytest.raises(bundler.BuildError, match="dist/b.py breaks the bundle rules: does not compile as Python 3.9"):
        bundler.check_bundle("b.py", "match x:\n case 1: pass\n")


@pytest.fixture(scope="module")
def plain_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("plain")
    result = run_bundler("--plain", "--out", out)
    assert result.returncode == 0, result.stderr
    return out


# Options that make each default engine's search end at a fixed size, not at the clock
# (given 50 times the clock's budget): best-first at a node budget, alpha-beta at a depth.
# Any other game's bot: its default engine at the size `fixed_search` gives every engine.
FIXED_SEARCH = {"othello": "--set max_nodes=400", "oware": "--set max_depth=4",
                "breakthrough": "--set max_depth=3", "onitama": "--set max_depth=3",
                "tron": "--set max_depth=2 --set fill_nodes=2000"}


def default_fixed_search(bot):
    """Options that end ``bot``'s default engine's searches at a fixed size."""
    if bot in FIXED_SEARCH:
        return FIXED_SEARCH[bot]
    return fixed_search(importlib.import_module(f"bots.{bot}").BOT.best)


def played(referee, bundle, options, seed):
    """(how the game ended, its moves) of ``bundle`` against itself with ``options``."""
    command = f"{bundle} {options} --clock 50"
    # Tron's arena sends the heads only: a bot could not see plies played before its first
    # turn (its random start cells vary the games instead)
    plies = 0 if referee.game.name == "tron" else 4
    record = play_match(referee, Match.between([command, command], seed=seed, random_plies=plies, scale=50,
                                               isolated=True))
    return record["reason"], record["moves"]


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_the_dense_bundles_carry_the_plain_ones_modules_in_under_half_their_size(two_builds, plain_build, bot):
    for folder in ("", "full"):
        dense_bundle, plain_bundle = (out / folder / f"{bot}.py" for out in (two_builds[0], plain_build))
        decoder = {bundler.DENSE_MODULE}  # the build adds it where it packed some data
        assert bundled_modules(dense_bundle) - decoder == bundled_modules(plain_bundle) - decoder
        # under half: data that does not compress (Oware's endgame table) packs at 14 bits
        # a character against base85's 6.4, code to a fifth or less
        assert len(dense_bundle.read_text(encoding="utf-8")) < len(plain_bundle.read_text()) / 2


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_a_minified_bundle_plays_the_moves_of_the_plain_one(two_builds, plain_build, bot):
    referee = load_referee(bot)
    dense_bundle, plain_bundle = two_builds[0] / f"{bot}.py", plain_build / f"{bot}.py"
    for seed in (1, 2):
        reason, moves = played(referee, dense_bundle, default_fixed_search(bot), seed)
        assert reason not in FAULTS and len(moves) >= 2  # a game played out by both, ended by the rules
        assert (reason, moves) == played(referee, plain_bundle, default_fixed_search(bot), seed)


def fixed_search(engine):
    """Options that end ``engine``'s searches at a fixed size, with a fixed seed."""
    accepted = registry.parameters(engine)
    size = "max_depth=2" if "max_depth" in accepted else "max_nodes=300"
    return (f"--engine {engine} --set {size}" + (" --set seed=1" if "seed" in accepted else "")
            + (" --set fill_nodes=2000" if "fill_nodes" in accepted else "")
            + (" --set proof_nodes=300" if "proof_nodes" in accepted else ""))


def full_bundles(two_builds, plain_build, bot):
    return [folder / "full" / f"{bot}.py" for folder in (two_builds[0], plain_build)]


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_a_minified_full_bundle_plays_the_moves_of_the_plain_one_with_every_evaluation(two_builds, plain_build, bot):
    referee = load_referee(bot)
    dense_bundle, plain_bundle = full_bundles(two_builds, plain_build, bot)
    evaluations = runtime_bot_evaluations(bot)
    assert evaluations
    for evaluation in evaluations:
        options = f"{fixed_search('alphabeta' if 'alphabeta' in game_engines(bot) else 'maxn')} --eval {evaluation}"
        reason, moves = played(referee, dense_bundle, options, 3)
        assert reason not in FAULTS and len(moves) >= 2
        assert (reason, moves) == played(referee, plain_bundle, options, 3), options


# The solver's exact attempt is bounded by time, not by size; the Othello bundle's
# default engine is the solver, whose endgame is solved within any clock.
def sized_engines(bot):
    """The engines of ``bot``'s game that a fixed size ends (``fixed_search``)."""
    return [name for name in game_engines(bot) if name != "solver"]


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_a_minified_full_bundle_plays_the_moves_of_the_plain_one_with_every_engine(two_builds, plain_build, bot):
    referee = load_referee(bot)
    dense_bundle, plain_bundle = full_bundles(two_builds, plain_build, bot)
    for engine in sized_engines(bot):  # one that takes no size (MCTS-N) fails alike in both
        options = fixed_search(engine)
        assert played(referee, dense_bundle, options, 3) == played(referee, plain_bundle, options, 3), options


def runtime_bot(bot):
    spec = importlib.util.spec_from_file_location(f"bot_{bot}", ROOT / "bots" / f"{bot}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.BOT


def runtime_bot_evaluations(bot):
    return list(runtime_bot(bot).evaluations)



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
    assert "dist/big.py" in result.stderr and " characters, more than the 98,000 allowed" in result.stderr
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("import os\n")
    result = run_bundler(sneaky, "--out", tmp_path / "out")
    assert result.returncode == 1 and "import os" in result.stderr


def test_missing_bot_is_a_clear_error(tmp_path):
    result = run_bundler(tmp_path / "nope.py", "--out", tmp_path)
    assert result.returncode == 1 and "no bot script" in result.stderr and "Traceback" not in result.stderr


def test_a_bundle_is_written_whole(tmp_path):
    """A bot started while the bundle is rebuilt (a test or a tournament beside make build)
    reads the old bundle or the new one: the new one is written aside, then renamed."""
    target = tmp_path / "oware.py"
    target.write_text("old")
    renamed = []
    original = Path.replace

    def replace(self, to):
        renamed.append((self.read_text(), target.read_text()))   # the whole new file, the old one still in place
        return original(self, to)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Path, "replace", replace)
        bundler.write_whole(target, b"new")
    assert renamed == [("new", "old")]
    assert target.read_text() == "new" and [p.name for p in tmp_path.iterdir()] == ["oware.py"]


def build_comment(path):
    """The build line of a bundle's header (its ``# Build:`` comment)."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()[:10] if line.startswith("# Build: ")]
    assert len(lines) == 1, f"{path} has no build line in its header"
    return lines[0].removeprefix("# Build: ")


def commit_prefix():
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip()[:12] if done.returncode == 0 else None


@pytest.mark.parametrize("bot", BOTS)
def test_a_bundle_says_where_it_came_from_and_version_prints_it(two_builds, bot, tmp_path):
    for folder in ("", "full") if bot in RUNTIME_BOTS else ("",):
        line = build_comment(two_builds[0] / folder / f"{bot}.py")
        assert line.startswith(f"{bot} (") and f"built from bots/{bot}.py at " in line
        commit = commit_prefix()
        assert (f"at commit {commit}" in line) if commit else "no git commit" in line
        assert ("full: every engine" in line) == (folder == "full")
        if bot not in RUNTIME_BOTS:  # the judge's class has no command line: the header says it
            assert "for the SUSTech judge" in line
            continue
        done = subprocess.run([sys.executable, "-I", str(two_builds[0] / folder / f"{bot}.py"), "--version"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stderr == ""
        assert done.stdout == line + "\n"  # one line, the header's


def help_choices(text, option):
    return re.search(re.escape(option) + r" \{([^}]*)\}", text).group(1).split(",")


@pytest.mark.parametrize("bot", RUNTIME_BOTS)
def test_a_slim_bundles_help_lists_only_the_engines_it_carries(two_builds, bot, tmp_path):
    slim, full = two_builds[0] / f"{bot}.py", two_builds[0] / "full" / f"{bot}.py"
    carried = {name for name in game_engines(bot)
               if registry.module_of(registry.target_of(name)) in bundled_modules(slim)}
    shown = {}
    for bundle in (slim, full):
        done = subprocess.run([sys.executable, "-I", str(bundle), "--help"], cwd=tmp_path, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        shown[bundle] = " ".join(done.stdout.split())  # the lines as argparse wraps them, joined
    configs = importlib.import_module(f"bots.{bot}").BOT.configs  # named configurations are choices too
    offered = {name for name, config in configs.items() if config.engine in carried}
    assert set(help_choices(shown[slim], "--engine")) == carried | offered | {runtime.BEST}
    # fewer engines, but where the slim bundle holds every module of the game's engines (Tron's)
    assert carried < set(game_engines(bot)) or engine_modules(bot) <= bundled_modules(slim)
    assert f"dist/full/{bot}.py carries every one" in shown[slim]
    assert set(help_choices(shown[full], "--engine")) == set(game_engines(bot)) | set(configs) | {runtime.BEST}
    assert help_choices(shown[full], "--eval") == runtime_bot_evaluations(bot)
    assert "This bundle: " + build_comment(slim) in shown[slim]


def test_a_baked_variant_helps_under_its_own_name_and_says_what_is_baked(tmp_path):
    result = run_bundler(ROOT / "bots" / "onitama.py", "--out", tmp_path, "--name", "onitama_mcts",
                         "--args", "--engine mcts")
    assert result.returncode == 0, result.stderr
    bundle = tmp_path / "onitama_mcts.py"
    shown = subprocess.run([sys.executable, "-I", str(bundle), "--help"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=60).stdout
    assert shown.startswith("usage: onitama_mcts ")
    version = subprocess.run([sys.executable, "-I", str(bundle), "--version"], cwd=tmp_path, capture_output=True,
                             text=True, timeout=60).stdout
    assert version.startswith("onitama_mcts (slim: its default engines only), built from bots/onitama.py at ")
    assert version.endswith(", started without options as with --engine mcts\n")


def test_the_build_line_comes_from_the_sources_not_the_clock(tmp_path):
    """A script outside the repository (as a changed file in it) is named with a digest of
    what the bundle carries: the same sources, the same line; other sources, another."""
    entry = tmp_path / "bot.py"
    modules = {"m": bundler.Module("m", False, "m.py", "X = 1\n")}
    entry.write_text("class AI:\n    pass\n")
    line = bundler.build_line(entry, entry.read_text(), "bot", modules, [], "for the SUSTech judge")
    assert re.fullmatch(r"bot \(for the SUSTech judge\), built from bot\.py at (commit [0-9a-f]{12} with local "
                        r"changes|no git commit) \(sources [0-9a-f]{12}\)", line), line
    assert line == bundler.build_line(entry, entry.read_text(), "bot", modules, [], "for the SUSTech judge")
    other = {"m": bundler.Module("m", False, "m.py", "X = 2\n")}
    assert line != bundler.build_line(entry, entry.read_text(), "bot", other, [], "for the SUSTech judge")
    assert line != bundler.build_line(entry, entry.read_text(), "bot", modules, ["--engine", "mcts"],
                                      "for the SUSTech judge").partition(", started")[0]
