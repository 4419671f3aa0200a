"""``make new-game`` (build/new_game.py): the game it writes builds, plays in the arena
and passes its own tests and the conformance suite before its author changes a line,
and it writes only new files. Run on a copy of the repository."""
import os
import shutil
import subprocess
import sys

import pytest

from botproc import ROOT

NAME = "zzz"


def repository_files():
    """The repository's files as git sees them (tracked, and new ones not ignored)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [path for path in listed.split("\0") if path and not path.startswith(".venv")
            and (ROOT / path).is_file()]


def snapshot(root):
    """{path: bytes} of every file under ``root``."""
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()}


def run(copy, *argv, timeout=600):
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run([sys.executable, *argv], cwd=copy, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """A copy of the repository with the new game written into it; (copy, files before)."""
    root = tmp_path_factory.mktemp("repository")
    for path in repository_files():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, root / path)
    before = snapshot(root)
    written = run(root, "build/new_game.py", NAME)
    assert written.returncode == 0 and written.stderr == "", written.stderr
    return root, before


def test_it_writes_only_new_files_and_names_them(copy):
    root, before = copy
    after = snapshot(root)
    assert {path: text for path, text in after.items() if path in before} == before  # nothing changed
    assert sorted(set(after) - set(before)) == sorted([
        f"bots/{NAME}.py", f"games/{NAME}/__init__.py", f"games/{NAME}/evaluation.py",
        f"games/{NAME}/protocol.py", f"games/{NAME}/rules.py", f"tests/test_{NAME}.py"])


def test_the_new_game_builds_and_plays_in_the_arena(copy):
    root, _ = copy
    built = run(root, "build/bundle.py", f"bots/{NAME}.py")
    assert built.returncode == 0, built.stderr
    assert (root / "dist" / f"{NAME}.py").is_file() and (root / "dist" / "full" / f"{NAME}.py").is_file()
    for seed in ("1", "2"):
        played = run(root, "-m", "arena", "match", NAME, f"dist/{NAME}.py", f"dist/{NAME}.py", "--seed", seed)
        assert played.returncode == 0, played.stderr
        assert "the game ended" in played.stdout, played.stdout


def test_the_new_game_passes_its_tests_and_the_conformance_suite(copy):
    root, _ = copy
    tested = run(root, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow", "-k", NAME,
                 f"tests/test_{NAME}.py", "tests/test_conformance.py", "tests/test_engines_games.py",
                 "tests/test_runtime.py")
    assert tested.returncode == 0, tested.stdout[-3000:]
    assert tested.stdout.splitlines()[0].count(".") >= 30  # the game's tests ran, not none
    # it passes them all: no opt-out of the template's stays behind for its author's rules
    assert "\nOPT_OUT = {}\n" in (root / "games" / NAME / "__init__.py").read_text()


@pytest.mark.parametrize("name, why", [
    ("", "give the game's name"), ("Connect4", "lower case letters"), ("random", "is taken"),
    ("othello", "already exists"), ("class", "is taken")])
def test_a_wrong_name_is_one_line(name, why):
    done = subprocess.run([sys.executable, str(ROOT / "build" / "new_game.py"), name, "--root", str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and why in done.stderr, done.stderr


@pytest.mark.slow
def test_in_the_copy_every_test_of_the_new_game_passes(copy):
    """What a fresh clone's `make new-game NAME=zzz`, `make build`, `pytest -k zzz` do."""
    root, _ = copy
    assert run(root, "build/bundle.py").returncode == 0
    tested = run(root, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", NAME, timeout=1800)
    assert tested.returncode == 0, tested.stdout[-3000:]
