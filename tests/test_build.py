"""The bundle rules: self-contained, reproducible, ASCII, no `import os`, small enough."""
import subprocess
import sys
from pathlib import Path

import pytest

from botproc import ROOT

BUNDLER = ROOT / "build" / "bundle.py"
BOTS = sorted(p.stem for p in (ROOT / "bots").glob("[!_]*.py") if p.name != "runtime.py")


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
