"""``make new-game`` (build/new_game.py): the game it writes, for two players or (PLAYERS=3
or 4) for 2 to that many, builds, plays in the arena with every number of bots it seats and passes its
own tests and the conformance suite before its author changes a line, and it writes only
new files. Run on a copy of the repository, one copy a template."""
import os
import shutil
import subprocess
import sys

import pytest

from botproc import ROOT

# the game's name -> the most players it seats (--players): one game a template
GAMES = {"zzz": 2, "zzt": 3, "zzn": 4}
FILES = ["bots/{}.py", "games/{}/__init__.py", "games/{}/evaluation.py", "games/{}/protocol.py",
         "games/{}/rules.py", "tests/test_{}.py"]


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


@pytest.fixture(scope="module", params=sorted(GAMES), ids=lambda name: f"{GAMES[name]}-players")  # ids: not -k <name>
def copy(request, tmp_path_factory):
    """A copy of the repository with a new game written into it; (copy, files before,
    the game's name)."""
    name = request.param
    root = tmp_path_factory.mktemp("repository")
    for path in repository_files():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, root / path)
    before = snapshot(root)
    written = run(root, "build/new_game.py", name, "--players", str(GAMES[name]))
    assert written.returncode == 0 and written.stderr == "", written.stderr
    return root, before, name


def test_it_writes_only_new_files_and_names_them(copy):
    root, before, name = copy
    after = snapshot(root)
    assert {path: text for path, text in after.items() if path in before} == before  # nothing changed
    view = [f"games/{name}/view.py"] if GAMES[name] > 2 else []  # the N-player template draws its board
    assert sorted(set(after) - set(before)) == sorted([path.format(name) for path in FILES] + view)


def test_the_new_game_builds_and_plays_in_the_arena_with_every_number_of_bots(copy):
    root, _, name = copy
    built = run(root, "build/bundle.py", f"bots/{name}.py")
    assert built.returncode == 0, built.stderr
    assert (root / "dist" / f"{name}.py").is_file() and (root / "dist" / "full" / f"{name}.py").is_file()
    for players in range(2, GAMES[name] + 1):
        played = run(root, "-m", "arena", "match", name, *[f"dist/{name}.py"] * players, "--seed", str(players),
                     "--results", f"r{players}.jsonl")
        assert played.returncode == 0, played.stderr
        assert "the game ended" in played.stdout, played.stdout
        assert players == 2 or f"{players}. {name}" in played.stdout  # every seat ranked
    if GAMES[name] > 2:  # the N-player template draws its board in the replays
        replayed = run(root, "-m", "arena", "replay", f"r{GAMES[name]}.jsonl", "-o", "r.html")
        assert replayed.returncode == 0 and '"ranks":["seats","pile"]' in (root / "r.html").read_text(), replayed.stderr


def test_the_new_game_passes_its_tests_and_the_conformance_suite(copy):
    root, _, name = copy
    tested = run(root, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow", "-k", name,
                 f"tests/test_{name}.py", "tests/test_conformance.py", "tests/test_engines_games.py",
                 "tests/test_runtime.py")
    assert tested.returncode == 0, tested.stdout[-3000:]
    progress = [line.rpartition("[")[0] for line in tested.stdout.splitlines() if line.endswith("%]")]
    assert sum(line.count(".") for line in progress) >= 25  # the game's tests ran (passed), not none
    # it passes them all: no opt-out of the template's stays behind for its author's rules
    assert "\nOPT_OUT = {}\n" in (root / "games" / name / "__init__.py").read_text()


@pytest.mark.parametrize("name, why", [
    ("", "give the game's name"), ("Connect4", "lower case letters"), ("random", "is taken"),
    ("othello", "already exists"), ("class", "is taken")])
def test_a_wrong_name_is_one_line(name, why):
    done = subprocess.run([sys.executable, str(ROOT / "build" / "new_game.py"), name, "--root", str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and why in done.stderr, done.stderr


@pytest.mark.parametrize("players, why", [("5", "PLAYERS must be 2, 3 or 4, got '5'"), ("x", "got 'x'"),
                                          ("", "got ''"), ("-1", "got '-1'")])
def test_a_wrong_number_of_players_is_one_line(players, why):
    done = subprocess.run([sys.executable, str(ROOT / "build" / "new_game.py"), "fresh", f"--players={players}",
                           "--root", str(ROOT)], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and why in done.stderr, done.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_passes_the_number_of_players_on():
    done = subprocess.run(["make", "-s", "--no-print-directory", "new-game", "NAME=fresh", "PLAYERS=5",
                           f"PYTHON={sys.executable}"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0 and "make new-game: PLAYERS must be 2, 3 or 4, got '5'" in done.stderr
    assert not (ROOT / "games" / "fresh").exists()


@pytest.mark.slow
def test_in_the_copy_every_test_of_the_new_game_passes(copy):
    """What a fresh clone's `make new-game NAME=zzz` (or `NAME=zzn PLAYERS=4`), `make
    build`, `pytest -k <name>` do."""
    root, _, name = copy
    assert run(root, "build/bundle.py").returncode == 0
    tested = run(root, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", name, timeout=1800)
    assert tested.returncode == 0, tested.stdout[-3000:]
